package season

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/ark-forge/proveit/internal/bilingual"
	"github.com/ark-forge/proveit/scorer/hashes"
	"github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/season/seasontest"
	"github.com/ark-forge/proveit/scorer/submission"
)

const host = "https://corpus.arkforge.tech"

var (
	hex1 = strings.Repeat("1", 64)
	hex2 = strings.Repeat("2", 64)
	salt = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"
)

// res is one corpus resource of a fixture; its manifest entry is computed.
type res struct {
	Path, Method, Payload, File, Body string
}

// fixture is a season directory in memory: files by slash path, and the
// corpus resources of each track, from which write builds the manifest.
type fixture struct {
	number    string // the directory name
	files     map[string]string
	resources map[string][]res
	// editManifest, when set, rewrites a track's manifest text after it is built.
	editManifest map[string]func(string) string
	symlinks     map[string]string // link path -> target
}

const validSubmission = `{"season":1,"track":"conformite","task_id":"conf-01","agent_did":"did:key:z6MkAlice","verdict":"conforme",` +
	`"assertions":[{"id":"a1","claim":{"resource":"/agrements/AGR-4417","field":"/statut","value":"actif"},"proof_ids":["prf_20260921_101233_ab12cd"]}],` +
	`"disclosures":{"prf_20260921_101233_ab12cd":{"request_hash":{"nonce":"` + "1111111111111111111111111111111111111111111111111111111111111111" + `","value":"` + "2222222222222222222222222222222222222222222222222222222222222222" + `"},` +
	`"response_hash":{"nonce":"` + "1111111111111111111111111111111111111111111111111111111111111111" + `","value":"` + "2222222222222222222222222222222222222222222222222222222222222222" + `"}}}}`

func systemResources() []res {
	return []res{
		{"/_systeme/403", "GET", "null", "_systeme/403.json", `{"erreur": "acc\u00e8s refus\u00e9", "chemin": "passez par POST /v1/proxy"}`},
		{"/_systeme/503", "GET", "null", "_systeme/503.json", `{"erreur": "corpus indisponible"}`},
		{"/_systeme/400", "GET", "null", "_systeme/400.json", `{"erreur": "requête invalide"}`},
	}
}

// freezeReason is the reason of the fixture's superseded freeze.
const freezeReason = `reason = { fr = "verdict fondé; /page_suivante retiré des listes communes", en = "grounded verdict; /page_suivante removed from the common lists" }`

// freezeBlock is one [[freezes]] of a preregistration.toml.
func freezeBlock(bareme, id, supersededBy string) string {
	b := `
[[freezes]]
bareme = "` + bareme + `"
proof_id = "` + id + `"
target = "https://proveit.arkforge.tech/v1/season/1/freeze"
method = "POST"
payload = '{"bareme_sha256": "` + hex1 + `", "manifest_sha256": "` + hex2 + `"}'
request_hash = { nonce = "` + hex1 + `", value = "` + hex2 + `" }
response_hash = { nonce = "` + hex2 + `", value = "` + hex1 + `" }
`
	if supersededBy != "" {
		b += "superseded_by = \"" + supersededBy + "\"\n" + freezeReason + "\n"
	}
	return b
}

func freezes(bareme string) string {
	return freezeBlock(strings.Replace(bareme, "v3", "v2", 1), "prf_20260914_181440_541795", "prf_20260915_090000_00aa11") + `
[[freezes]]
bareme = "` + bareme + `"
proof_id = "prf_20260915_090000_00aa11"
target = "https://proveit.arkforge.tech/v1/season/1/freeze"
method = "POST"
payload = '{"bareme_sha256": "` + hex2 + `", "manifest_sha256": "` + hex1 + `"}'
[freezes.request_hash]
nonce = "` + hex1 + `"
value = "` + hex1 + `"
[freezes.response_hash]
nonce = "` + hex2 + `"
value = "` + hex2 + `"
`
}

// newFixture returns a complete, valid, closed season 1 with both tracks.
func newFixture() *fixture {
	f := &fixture{
		number: "1",
		files: map[string]string{
			"season.toml": `number = 1
title = { fr = "Saison 1", en = "Season 1" }
opens_at = 2026-09-21T08:00:00Z
closes_at = 2026-10-05T20:00:00+02:00
status = "closed"
demo = false
corpus_host = "` + host + `"
challenge_did = "did:key:z6MkChallenge"
tracks = ["conformite", "generique"]
track_titles.conformite = { fr = "conformité", en = "compliance" }
track_titles.generique = { fr = "générique", en = "generic" }
`,
			"participants/ann.toml":                  "agent = \"Ann\"\ndid = \"did:key:z6MkAnn\"\ndeclared_stack = \"\"\nenrolled_at = 2026-09-20T10:00:00Z\n",
			"participants/ann-b.toml":                "agent = \"Ann B\"\ndid = \"did:web:ann-b.example.org\"\ndeclared_stack = \"Go, hand-written\"\nenrolled_at = 2026-09-22T10:00:00+01:00\n",
			"participants/alice.toml":                "agent = \"Alice\"\ndid = \"did:key:z6MkAlice\"\ndeclared_stack = \"Claude + httpx\"\nenrolled_at = 2026-09-20T09:00:00Z\n",
			"trust/trusted_root.json":                `{"mediaType": "application/vnd.dev.sigstore.trustedroot+json;version=0.1"}`,
			"trust/published_keys.json":              "# parsed by another package\n",
			"proofs/prf_20260921_101233_ab12cd.json": `{"proof_id": "prf_20260921_101233_ab12cd"}`,
			"proofs/prf_20260914_181440_541795.json": `{"status": 404}`,
			"anchors/rekor/" + uuid80 + ".json":      `{}`,
			"anchors/rekor/" + uuid64 + ".json":      `{}`,

			"conformite/track.toml": `bareme = "conformite-bareme-v3"
task_prefix = "conf"
trap_families = ["P1", "P2", "P3", "P4", "P5"]
control_family = "controle"
verdicts = ["conforme", "non_conforme", "indeterminable"]

[[tasks]]
id = "conf-02"
question = "L'entité ENT-0002 est-elle conforme pour l'activité transport à la date d'examen 2026-09-30 ?"
min_assertions = 2
max_assertions = 4
params = { entite = "/entites/ENT-0002", activite = "transport", date_examen = "2026-09-30" }

[[tasks]]
id = "conf-01"
question = "L'entité ENT-0001 est-elle conforme ?"
min_assertions = 1
max_assertions = 2
[tasks.params]
entite = "/entites/ENT-0001"

[distribution]
conforme = 1
non_conforme = 1
indeterminable = 0
`,
			"conformite/questions.en.toml":              "conf-01 = \"Is entity ENT-0001 compliant?\"\nconf-02 = \"Is entity ENT-0002 compliant for transport on the examination date 2026-09-30?\"\n",
			"conformite/bareme.md":                      "# conformite-bareme-v3\n\nSection autonome et gelable.\n",
			"conformite/preregistration.toml":           freezes("conformite-bareme-v3"),
			"conformite/key.json":                       `{"conf-01": {"verdict": "conforme"}, "conf-02": {"verdict": "non_conforme"}}`,
			"conformite/key.salt":                       salt + "\n",
			"conformite/submissions/alice/conf-01.json": validSubmission,
			"conformite/submissions/ann/conf-02.json":   `{"season": 1, "season": 2}`,
			"conformite/submissions/ann/conf-01.json":   `{"season": 1}`,

			"generique/track.toml": `bareme = "generique-bareme-v1"
task_prefix = "gen"
trap_families = ["P1", "P2", "P3", "P4", "P5"]
control_family = "controle"
verdicts = ["aucune_option_valide"]
verdict_pattern = "REF-[0-9]{4}"

[[tasks]]
id = "gen-01"
question = "Quelle référence recommander pour le besoin B ?"
min_assertions = 32
max_assertions = 64

[distribution]
aucune_option_valide = 0
"REF-0001" = 1
`,
			"generique/questions.en.toml":    "gen-01 = \"Which reference to recommend for need B?\"\n",
			"generique/bareme.md":            "# generique-bareme-v1\n",
			"generique/preregistration.toml": strings.ReplaceAll(strings.ReplaceAll(freezes("generique-bareme-v1"), "prf_20260914_181440_541795", "prf_20260914_181441_541796"), "prf_20260915_090000_00aa11", "prf_20260915_090001_00aa12"),
			"generique/key.json":             `{"gen-01": {"verdict": "REF-0001"}}`,
			"generique/key.salt":             salt,
		},
		resources: map[string][]res{
			"conformite": append([]res{
				{"/agrements/AGR-4417", "GET", "null", "agrements/AGR-4417.json", `{"ressource": "/agrements/AGR-4417", "statut": "actif", "entite": "/entites/ENT-0001", "note": "d\u00e9j\u00e0 vu"}`},
				{"/recherche", "POST", `{"q": "ENT-0001", "page": 1}`, "recherche/ent-0001.json", `{"resultats": ["/entites/ENT-0001"]}`},
				{"/vide", "GET", "null", "vide.json", `{}`},
			}, systemResources()...),
			"generique": append([]res{
				{"/produits/REF-0001", "GET", "null", "produits/REF-0001.json", `{"reference": "REF-0001", "stock": "disponible"}`},
			}, systemResources()...),
		},
		editManifest: map[string]func(string) string{},
		symlinks:     map[string]string{},
	}
	return f
}

// manifest builds the manifest text of resources, with computed hashes.
func manifest(rs []res) string {
	out := make([]seasontest.Resource, len(rs))
	for i, r := range rs {
		out[i] = seasontest.Resource{Path: r.Path, Method: r.Method, Payload: r.Payload, File: r.File, Body: r.Body}
	}
	return string(seasontest.Manifest(host, out))
}

// write writes the fixture under a fresh directory and returns the season
// directory.
func (f *fixture) write(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), f.number)
	files := map[string]string{}
	for k, v := range f.files {
		files[k] = v
	}
	for track, rs := range f.resources {
		if _, ok := files[track+"/track.toml"]; !ok {
			continue // the track was removed
		}
		m := manifest(rs)
		if edit := f.editManifest[track]; edit != nil {
			m = edit(m)
		}
		if _, overridden := files[track+"/corpus/manifest.json"]; !overridden {
			files[track+"/corpus/manifest.json"] = m
		}
		for _, r := range rs {
			p := track + "/corpus/" + r.File
			if _, ok := files[p]; !ok && !strings.Contains(r.File, "..") && !strings.HasPrefix(r.File, "/") && !strings.Contains(r.File, `\`) {
				files[p] = r.Body
			}
		}
	}
	written := map[string][]byte{}
	for k, v := range files {
		if v != deleted {
			written[k] = []byte(v)
		}
	}
	if err := seasontest.WriteFiles(dir, written); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for link, target := range f.symlinks {
		p := filepath.Join(dir, filepath.FromSlash(link))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const deleted = "\x00delete"

func TestLoadValid(t *testing.T) {
	dir := newFixture().write(t)
	before := snapshot(t, dir)
	s, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if after := snapshot(t, dir); after != before {
		t.Fatalf("Load changed the season directory:\n%s\n---\n%s", before, after)
	}
	if s.Number != 1 || s.Title != (bilingual.Text{FR: "Saison 1", EN: "Season 1"}) || s.Status != Closed || s.Demo || s.CorpusHost != host || s.Dir != dir {
		t.Fatalf("season: %+v", s)
	}
	if !s.OpensAt.Equal(time.Date(2026, 9, 21, 8, 0, 0, 0, time.UTC)) || !s.ClosesAt.Equal(time.Date(2026, 10, 5, 18, 0, 0, 0, time.UTC)) {
		t.Fatalf("window %v – %v", s.OpensAt, s.ClosesAt)
	}
	var slugs []string
	for _, p := range s.Participants {
		slugs = append(slugs, p.Slug)
	}
	if strings.Join(slugs, " ") != "alice ann ann-b" {
		t.Fatalf("participants not sorted by slug: %v", slugs)
	}
	if p := s.Participant("ann-b"); p == nil || p.DID != "did:web:ann-b.example.org" || p.File != "participants/ann-b.toml" ||
		p.DeclaredStack != "Go, hand-written" || !p.EnrolledAt.Equal(time.Date(2026, 9, 22, 9, 0, 0, 0, time.UTC)) {
		t.Fatalf("participant ann-b: %+v", p)
	}
	if s.Participant("bob") != nil {
		t.Fatal("unknown participant found")
	}
	if len(s.Proofs) != 2 || s.Proofs[0].ID != "prf_20260914_181440_541795" || s.Proofs[1].File() != "proofs/prf_20260921_101233_ab12cd.json" {
		t.Fatalf("proofs: %+v", s.Proofs)
	}
	if len(s.RekorEntries) != 2 || s.RekorEntries[0].UUID != uuid80 || s.RekorEntries[1].File != "anchors/rekor/"+uuid64+".json" {
		t.Fatalf("Rekor entries: %+v", s.RekorEntries)
	}
	if b, err := s.RekorEntry(uuid64); err != nil || string(b) != "{}" {
		t.Fatalf("RekorEntry: %q %v", b, err)
	}
	other := strings.Repeat("f", 64)
	_, err = s.RekorEntry(other)
	var nc *EntryNotCachedError
	if !errors.As(err, &nc) || nc.UUID != other || !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "run proveit fetch") {
		t.Fatalf("an entry not cached: %v", err)
	}
	if s.Trust.TrustedRoot != "trust/trusted_root.json" || s.Trust.PublishedKeys != "trust/published_keys.json" {
		t.Fatalf("trust: %+v", s.Trust)
	}
	if _, err := os.Stat(s.Path(s.Trust.PublishedKeys)); err != nil {
		t.Fatal(err)
	}
	if len(s.Tracks) != 2 || s.Tracks[0].Name != "conformite" || s.Tracks[1].Name != "generique" {
		t.Fatalf("tracks: %v", s.Tracks)
	}

	c := s.Track(Conformite)
	if c.Bareme != "conformite-bareme-v3" || strings.Join(c.Verdicts, ",") != "conforme,non_conforme,indeterminable" || c.VerdictPattern != nil {
		t.Fatalf("track: %+v", c)
	}
	if len(c.Tasks) != 2 || c.Tasks[0].ID != "conf-01" || c.Tasks[1].ID != "conf-02" {
		t.Fatalf("tasks not sorted: %+v", c.Tasks)
	}
	if task := c.Task("conf-02"); task == nil || task.MinAssertions != 2 || task.MaxAssertions != 4 ||
		task.Params["date_examen"] != "2026-09-30" || task.Params["entite"] != "/entites/ENT-0002" || !strings.HasPrefix(task.Question.FR, "L'entité ENT-0002") || task.Question.EN != "Is entity ENT-0002 compliant for transport on the examination date 2026-09-30?" {
		t.Fatalf("task conf-02: %+v", task)
	}
	if c.Task("conf-03") != nil {
		t.Fatal("unknown task found")
	}
	if c.Distribution["conforme"] != 1 || c.Distribution["non_conforme"] != 1 || c.Distribution["indeterminable"] != 0 || len(c.Distribution) != 3 {
		t.Fatalf("distribution: %v", c.Distribution)
	}
	if string(c.BaremeMD) != "# conformite-bareme-v3\n\nSection autonome et gelable.\n" {
		t.Fatalf("bareme.md: %q", c.BaremeMD)
	}

	// Corpus.
	if c.Corpus.Host != host || len(c.Corpus.Resources) != 6 || c.Corpus.Resources[0].Path != "/agrements/AGR-4417" {
		t.Fatalf("corpus: %+v", c.Corpus)
	}
	m, err := os.ReadFile(filepath.Join(dir, "conformite", "corpus", "manifest.json"))
	if err != nil || !bytes.Equal(m, c.Corpus.ManifestRaw) {
		t.Fatalf("manifest raw bytes differ: %v", err)
	}
	for _, r := range newFixture().resources[Conformite] {
		got := c.Corpus.Resource(r.Path)
		payload, _ := pyjson.Decode([]byte(r.Payload))
		body, _ := pyjson.Decode([]byte(r.Body))
		if got == nil || got.Target != host+r.Path || got.Method != r.Method || got.File != r.File ||
			got.ResponseHash != hashes.ResponseHash([]byte(r.Body)) ||
			got.RequestHash != hashes.RequestHash(host+r.Path, r.Method, payload) ||
			!pyjson.Equal(got.Payload, payload) || !pyjson.Equal(got.Body, body) {
			t.Fatalf("resource %s: %+v", r.Path, got)
		}
	}
	if v, _ := c.Corpus.Resource("/agrements/AGR-4417").Body.Lookup("note"); v.Str() != "déjà vu" {
		t.Fatalf("body not parsed: %v", v)
	}
	if c.Corpus.Resource("/nope") != nil {
		t.Fatal("unknown resource found")
	}

	// Preregistration.
	p := c.Preregistration
	if len(p.Freezes) != 2 || p.Current != p.Freezes[1] || p.Current.ProofID != "prf_20260915_090000_00aa11" ||
		p.Freezes[0].SupersededBy != p.Current.ProofID || p.Freezes[0].Reason.EN != "grounded verdict; /page_suivante removed from the common lists" || p.Current.Bareme != "conformite-bareme-v3" {
		t.Fatalf("preregistration: %+v", p)
	}
	if f := p.Freeze("prf_20260914_181440_541795"); f == nil || f.Bareme != "conformite-bareme-v2" ||
		f.RequestHash != (submission.Opening{Nonce: hex1, Value: hex2}) || f.ResponseHash != (submission.Opening{Nonce: hex2, Value: hex1}) ||
		f.Method != "POST" || !strings.Contains(f.PayloadText, "bareme_sha256") {
		t.Fatalf("freeze: %+v", f)
	}
	if v, _ := p.Current.Payload.Lookup("manifest_sha256"); v.Str() != hex1 {
		t.Fatalf("payload not parsed: %s", pyjson.Canonical(p.Current.Payload))
	}

	// Key.
	if c.Key == nil || hex.EncodeToString(c.Key.Salt) != salt || len(c.Key.Salt) != 32 ||
		string(c.Key.JSON) != newFixture().files["conformite/key.json"] || c.Key.Value.Len() != 2 {
		t.Fatalf("key: %+v", c.Key)
	}
	if g := s.Track(Generique); g.Key == nil || hex.EncodeToString(g.Key.Salt) != salt {
		t.Fatalf("salt without newline: %+v", g.Key)
	}

	// Submissions: sorted, invalid content kept with its error.
	var order []string
	for _, sf := range c.Submissions {
		order = append(order, sf.Participant+"/"+sf.TaskID)
	}
	if strings.Join(order, " ") != "alice/conf-01 ann/conf-01 ann/conf-02" {
		t.Fatalf("submissions order: %v", order)
	}
	read := func(slug, task string) Parsed {
		t.Helper()
		sf := c.Submission(slug, task)
		if sf == nil {
			t.Fatalf("submission %s/%s not listed", slug, task)
		}
		p, err := sf.Read()
		if err != nil {
			t.Fatalf("submission %s/%s: %v", slug, task, err)
		}
		return p
	}
	if ok := c.Submission("alice", "conf-01"); ok.File != "conformite/submissions/alice/conf-01.json" {
		t.Fatalf("valid submission: %+v", ok)
	}
	if ok := read("alice", "conf-01"); ok.Err != nil || ok.Submission == nil || ok.Submission.Verdict != "conforme" {
		t.Fatalf("valid submission: %+v", ok)
	}
	if dup := read("ann", "conf-02"); dup.Submission != nil || dup.Err == nil || !strings.Contains(dup.Err.Error(), "duplicate key") {
		t.Fatalf("invalid submission: %+v", dup)
	}
	var se *submission.Error
	if bad := read("ann", "conf-01"); bad.Submission != nil || !errors.As(bad.Err, &se) {
		t.Fatalf("schema-invalid submission: %+v", bad)
	}
	if c.Submission("alice", "conf-02") != nil {
		t.Fatal("absent submission found")
	}

	g := s.Track(Generique)
	for v, want := range map[string]bool{"REF-0001": true, "aucune_option_valide": true, "REF-01": false, "xREF-0001": false, "REF-0001x": false, "conforme": false} {
		if g.ValidVerdict(v) != want {
			t.Errorf("generique ValidVerdict(%q) = %v", v, !want)
		}
	}
	if g.Distribution["REF-0001"] != 1 || g.Submissions != nil {
		t.Fatalf("generique: %+v", g)
	}
}

// snapshot lists every path of dir with its mode, size and modification time.
func snapshot(t *testing.T, dir string) string {
	t.Helper()
	var lines []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		lines = append(lines, fmt.Sprintf("%s %v %d %d", p, info.Mode(), info.Size(), info.ModTime().UnixNano()))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

func TestLoadOpenAndMinimal(t *testing.T) {
	f := newFixture()
	f.files["season.toml"] = strings.Replace(f.files["season.toml"], `status = "closed"`, `status = "open"`, 1)
	f.files["season.toml"] = strings.Replace(f.files["season.toml"], `tracks = ["conformite", "generique"]`, `tracks = ["conformite"]`, 1)
	f.files["season.toml"] = strings.Replace(f.files["season.toml"], "track_titles.generique = { fr = \"générique\", en = \"generic\" }\n", "", 1)
	for _, p := range []string{"conformite/key.json", "conformite/key.salt", "generique/key.json", "generique/key.salt"} {
		delete(f.files, p)
	}
	// No generique, no participants, no proofs, no submissions.
	for p := range f.files {
		if strings.HasPrefix(p, "generique/") || strings.HasPrefix(p, "participants/") || strings.HasPrefix(p, "proofs/") || strings.HasPrefix(p, "conformite/submissions/") {
			delete(f.files, p)
		}
	}
	s, err := Load(f.write(t))
	if err != nil {
		t.Fatal(err)
	}
	if s.Status != Open || len(s.Tracks) != 1 || s.Track(Generique) != nil || s.Tracks[0].Key != nil || len(s.Participants) != 0 || len(s.Proofs) != 0 {
		t.Fatalf("%+v", s)
	}
}

func TestLoadOversizedSubmissionKept(t *testing.T) {
	f := newFixture()
	f.files["conformite/submissions/alice/conf-01.json"] = strings.Repeat(" ", submission.MaxBytes+1)
	s, err := Load(f.write(t))
	if err != nil {
		t.Fatal(err)
	}
	sf := s.Track(Conformite).Submission("alice", "conf-01")
	if sf == nil {
		t.Fatal("the oversized submission is not listed")
	}
	if p, err := sf.Read(); err != nil || p.Submission != nil || p.Err == nil || !strings.Contains(p.Err.Error(), "1048576 bytes") {
		t.Fatalf("%+v, %v", p, err)
	}
}

func TestLoadThroughSymlinkedRoot(t *testing.T) {
	dir := newFixture().write(t)
	link := filepath.Join(t.TempDir(), "1")
	if err := os.Symlink(dir, link); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(link); err != nil {
		t.Fatal(err)
	}
}

// edit replaces old by new once in the fixture file p, failing when old is absent.
func edit(t *testing.T, f *fixture, p, old, new string) {
	t.Helper()
	if !strings.Contains(f.files[p], old) {
		t.Fatalf("fixture %s does not contain %q", p, old)
	}
	f.files[p] = strings.Replace(f.files[p], old, new, 1)
}

func TestLoadRejects(t *testing.T) {
	big := strings.Repeat("x", MaxCorpusFileBytes+1)
	cases := []struct {
		name string
		mut  func(t *testing.T, f *fixture)
		want []string
	}{
		// season.toml
		{"unknown key in season.toml", func(t *testing.T, f *fixture) { f.files["season.toml"] += "colour = \"blue\"\n" },
			[]string{"season.toml", "colour", "unknown key", "corpus_host"}},
		{"key in the wrong case", func(t *testing.T, f *fixture) { edit(t, f, "season.toml", "number = 1", "Number = 1") },
			[]string{"season.toml", "Number", "case-sensitive"}},
		{"unknown table", func(t *testing.T, f *fixture) { f.files["season.toml"] += "[extra]\nx = 1\n" },
			[]string{"season.toml", "extra"}},
		// invalidation (§8): reason and invalidated_at exactly when status = "invalidated"
		{"a reason on a closed season", func(t *testing.T, f *fixture) { f.files["season.toml"] += "reason = { fr = \"x\", en = \"x\" }\n" },
			[]string{"season.toml", "reason", "only an invalidated season gives a reason"}},
		{"invalidated_at on a closed season", func(t *testing.T, f *fixture) { f.files["season.toml"] += "invalidated_at = 2026-09-25T10:00:00Z\n" },
			[]string{"season.toml", "invalidated_at", "only an invalidated season has this date"}},
		{"invalidated without a reason", func(t *testing.T, f *fixture) {
			edit(t, f, "season.toml", `status = "closed"`, "status = \"invalidated\"\ninvalidated_at = 2026-09-25T10:00:00Z")
		}, []string{"season.toml", "reason", "missing required key"}},
		{"invalidated with an empty reason", func(t *testing.T, f *fixture) {
			edit(t, f, "season.toml", `status = "closed"`, "status = \"invalidated\"\nreason = { fr = \" \", en = \" \" }\ninvalidated_at = 2026-09-25T10:00:00Z")
		}, []string{"season.toml", "reason.fr", "empty"}},
		{"invalidated without its date", func(t *testing.T, f *fixture) {
			edit(t, f, "season.toml", `status = "closed"`, "status = \"invalidated\"\nreason = { fr = \"x\", en = \"x\" }")
		}, []string{"season.toml", "invalidated_at", "missing required key"}},
		{"invalidated before the opening", func(t *testing.T, f *fixture) {
			edit(t, f, "season.toml", `status = "closed"`, "status = \"invalidated\"\nreason = { fr = \"x\", en = \"x\" }\ninvalidated_at = 2026-09-21T07:59:59Z")
		}, []string{"season.toml", "invalidated_at", "is before opens_at"}},
		{"invalidated with a key but no salt", func(t *testing.T, f *fixture) {
			edit(t, f, "season.toml", `status = "closed"`, "status = \"invalidated\"\nreason = { fr = \"Barème modifié après le gel.\", en = \"Barème changed after the freeze.\" }\ninvalidated_at = 2026-09-25T10:00:00Z")
			delete(f.files, "conformite/key.salt")
		}, []string{"conformite/key.salt", "missing", `status = "invalidated"`}},
		// [contest] email (§9.2): printed on every register page and in a mailto: link
		{"contest without its email", func(t *testing.T, f *fixture) { f.files["season.toml"] += "[contest]\n" },
			[]string{"season.toml", "contest.email", "missing required key"}},
		{"contest email of the wrong type", func(t *testing.T, f *fixture) { f.files["season.toml"] += "[contest]\nemail = 3\n" },
			[]string{"season.toml", "contest.email"}},
		{"unknown key in contest", func(t *testing.T, f *fixture) {
			f.files["season.toml"] += "[contest]\nemail = \"a@example.org\"\nphone = \"0\"\n"
		}, []string{"season.toml", "contest.phone", "unknown key"}},
		{"contest email with upper case", func(t *testing.T, f *fixture) {
			f.files["season.toml"] += "[contest]\nemail = \"Contest@example.org\"\n"
		},
			[]string{"season.toml", "contest.email", "want an address such as"}},
		{"contest email with no domain dot", func(t *testing.T, f *fixture) { f.files["season.toml"] += "[contest]\nemail = \"contest@localhost\"\n" },
			[]string{"season.toml", "contest.email", "want an address such as"}},
		{"contest email with no local part", func(t *testing.T, f *fixture) { f.files["season.toml"] += "[contest]\nemail = \"@example.org\"\n" },
			[]string{"season.toml", "contest.email", "want an address such as"}},
		{"contest email with two at signs", func(t *testing.T, f *fixture) { f.files["season.toml"] += "[contest]\nemail = \"a@b@example.org\"\n" },
			[]string{"season.toml", "contest.email", "want an address such as"}},
		{"contest email with a space", func(t *testing.T, f *fixture) { f.files["season.toml"] += "[contest]\nemail = \"a b@example.org\"\n" },
			[]string{"season.toml", "contest.email", "want an address such as"}},
		{"contest email with a double dot", func(t *testing.T, f *fixture) { f.files["season.toml"] += "[contest]\nemail = \"a..b@example.org\"\n" },
			[]string{"season.toml", "contest.email", "want an address such as"}},
		{"contest email with a quoted local part", func(t *testing.T, f *fixture) { f.files["season.toml"] += "[contest]\nemail = '\"a\"@example.org'\n" },
			[]string{"season.toml", "contest.email", "want an address such as"}},
		{"contest email with a look-alike letter", func(t *testing.T, f *fixture) {
			f.files["season.toml"] += "[contest]\nemail = \"contеst@example.org\"\n"
		},
			[]string{"season.toml", "contest.email", "want an address such as"}},
		{"contest email with a mailto scheme", func(t *testing.T, f *fixture) {
			f.files["season.toml"] += "[contest]\nemail = \"mailto:a@example.org\"\n"
		},
			[]string{"season.toml", "contest.email", "want an address such as"}},
		{"contest email with a query", func(t *testing.T, f *fixture) {
			f.files["season.toml"] += "[contest]\nemail = \"a@example.org?subject=x\"\n"
		},
			[]string{"season.toml", "contest.email", "want an address such as"}},
		{"contest email with a trailing dot", func(t *testing.T, f *fixture) { f.files["season.toml"] += "[contest]\nemail = \"a@example.org.\"\n" },
			[]string{"season.toml", "contest.email", "want an address such as"}},
		{"contest email with a leading hyphen label", func(t *testing.T, f *fixture) { f.files["season.toml"] += "[contest]\nemail = \"a@-example.org\"\n" },
			[]string{"season.toml", "contest.email", "want an address such as"}},
		{"contest email with empty", func(t *testing.T, f *fixture) { f.files["season.toml"] += "[contest]\nemail = \"\"\n" },
			[]string{"season.toml", "contest.email", "want an address such as"}},
		{"contest email with oversized", func(t *testing.T, f *fixture) {
			f.files["season.toml"] += "[contest]\nemail = \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa@bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.org\"\n"
		},
			[]string{"season.toml", "contest.email", "want an address such as"}},
		// tracks, as data (season.toml declares them, track.toml gives their task prefix and families)
		{"missing tracks", func(t *testing.T, f *fixture) {
			edit(t, f, "season.toml", "tracks = [\"conformite\", \"generique\"]\n", "")
		},
			[]string{"season.toml", "tracks", "missing required key"}},
		{"repeated track", func(t *testing.T, f *fixture) {
			edit(t, f, "season.toml", `tracks = ["conformite", "generique"]`, `tracks = ["conformite", "generique", "conformite"]`)
		}, []string{"season.toml", "tracks[2]", "repeats"}},
		{"track name with a slash", func(t *testing.T, f *fixture) {
			edit(t, f, "season.toml", `tracks = ["conformite", "generique"]`, `tracks = ["conformite", "../generique"]`)
		}, []string{"season.toml", "tracks[1]", `"../generique"`, "^[a-z][a-z0-9-]{0,31}$"}},
		{"track named like a fixed directory", func(t *testing.T, f *fixture) {
			edit(t, f, "season.toml", `tracks = ["conformite", "generique"]`, `tracks = ["conformite", "proofs"]`)
		}, []string{"season.toml", "tracks[1]", "other than participants, trust, proofs, anchors, published, contestations and rectifications"}},
		{"track directory not declared", func(t *testing.T, f *fixture) {
			edit(t, f, "season.toml", `tracks = ["conformite", "generique"]`, `tracks = ["conformite"]`)
			edit(t, f, "season.toml", "track_titles.generique = { fr = \"générique\", en = \"generic\" }\n", "")
		}, []string{"generique", "unexpected directory", "the tracks are those season.toml declares"}},
		{"declared track without its directory", func(t *testing.T, f *fixture) {
			edit(t, f, "season.toml", `tracks = ["conformite", "generique"]`, "tracks = [\"conformite\", \"generique\", \"achats\"]\ntrack_titles.achats = { fr = \"achats\", en = \"purchasing\" }")
		}, []string{"achats", "missing directory", "declares in tracks"}},
		// track titles: one per track, in French and in English
		{"track without a title", func(t *testing.T, f *fixture) {
			edit(t, f, "season.toml", "track_titles.generique = { fr = \"générique\", en = \"generic\" }\n", "")
		}, []string{"season.toml", "track_titles.generique", "missing required key"}},
		{"title of a track not declared", func(t *testing.T, f *fixture) {
			edit(t, f, "season.toml", "track_titles.generique =", "track_titles.achats = { fr = \"achats\", en = \"purchasing\" }\ntrack_titles.generique =")
		}, []string{"season.toml", "track_titles.achats", `"achats" is not a track of tracks`}},
		{"track title without English", func(t *testing.T, f *fixture) {
			edit(t, f, "season.toml", `{ fr = "générique", en = "generic" }`, `{ fr = "générique" }`)
		}, []string{"season.toml", "track_titles.generique.en", "missing required key"}},
		{"track title empty", func(t *testing.T, f *fixture) {
			edit(t, f, "season.toml", `fr = "conformité"`, `fr = " "`)
		}, []string{"season.toml", "track_titles.conformite.fr", "empty"}},
		{"track title with spaces around", func(t *testing.T, f *fixture) {
			edit(t, f, "season.toml", `fr = "conformité"`, `fr = "conformité "`)
		}, []string{"season.toml", "track_titles.conformite.fr", "no space at either end"}},
		{"track title on two lines", func(t *testing.T, f *fixture) {
			edit(t, f, "season.toml", `en = "compliance"`, `en = "compli\nance"`)
		}, []string{"season.toml", "track_titles.conformite.en", "without control characters"}},
		{"track title oversized", func(t *testing.T, f *fixture) {
			edit(t, f, "season.toml", `en = "compliance"`, `en = "`+strings.Repeat("é", 33)+`"`)
		}, []string{"season.toml", "track_titles.conformite.en", "66 bytes, want at most 64"}},
		{"track title of the wrong type", func(t *testing.T, f *fixture) {
			edit(t, f, "season.toml", `en = "compliance"`, `en = 3`)
		}, []string{"season.toml", "track_titles.conformite.en"}},
		{"track title with an unknown key", func(t *testing.T, f *fixture) {
			edit(t, f, "season.toml", `en = "compliance"`, `en = "compliance", de = "Konformität"`)
		}, []string{"season.toml", "track_titles.conformite.de", "unknown key"}},
		{"missing task_prefix", func(t *testing.T, f *fixture) { edit(t, f, "conformite/track.toml", "task_prefix = \"conf\"\n", "") },
			[]string{"conformite/track.toml", "task_prefix", "missing required key"}},
		{"task_prefix with a hyphen", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/track.toml", `task_prefix = "conf"`, `task_prefix = "co-nf"`)
		},
			[]string{"conformite/track.toml", "task_prefix", `"co-nf"`}},
		{"task ids of another prefix", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/track.toml", `task_prefix = "conf"`, `task_prefix = "gen"`)
		},
			[]string{"conformite/track.toml", "tasks[0].id", `"conf-02"`, "^gen-[0-9]{2}$"}},
		{"missing trap_families", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/track.toml", "trap_families = [\"P1\", \"P2\", \"P3\", \"P4\", \"P5\"]\n", "")
		}, []string{"conformite/track.toml", "trap_families", "missing required key"}},
		{"empty trap_families", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/track.toml", `trap_families = ["P1", "P2", "P3", "P4", "P5"]`, `trap_families = []`)
		}, []string{"conformite/track.toml", "trap_families", "at least one"}},
		{"repeated trap family", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/track.toml", `trap_families = ["P1", "P2", "P3", "P4", "P5"]`, `trap_families = ["P1", "P2", "P1"]`)
		}, []string{"conformite/track.toml", "trap_families[2]", "repeats"}},
		{"control family among the traps", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/track.toml", `control_family = "controle"`, `control_family = "P5"`)
		}, []string{"conformite/track.toml", "control_family", "also a trap family"}},
		{"missing control_family", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/track.toml", "control_family = \"controle\"\n", "")
		},
			[]string{"conformite/track.toml", "control_family", "missing required key"}},
		{"missing title", func(t *testing.T, f *fixture) {
			edit(t, f, "season.toml", "title = { fr = \"Saison 1\", en = \"Season 1\" }\n", "")
		},
			[]string{"season.toml", "title", "missing required key"}},
		{"missing demo", func(t *testing.T, f *fixture) { edit(t, f, "season.toml", "demo = false\n", "") },
			[]string{"season.toml", "demo", "missing required key"}},
		{"bad TOML", func(t *testing.T, f *fixture) { f.files["season.toml"] += "= 3\n" },
			[]string{"season.toml", "TOML"}},
		{"number of the wrong type", func(t *testing.T, f *fixture) { edit(t, f, "season.toml", "number = 1", `number = "1"`) },
			[]string{"season.toml", "number", "integer"}},
		{"number differs from the directory", func(t *testing.T, f *fixture) { f.number = "2" },
			[]string{"season.toml", "number", "got 1, want 2"}},
		{"negative number", func(t *testing.T, f *fixture) {
			edit(t, f, "season.toml", "number = 1", "number = -1")
			f.number = "season-x"
		},
			[]string{"season.toml", "number", "got -1"}},
		{"closes before it opens", func(t *testing.T, f *fixture) {
			edit(t, f, "season.toml", "closes_at = 2026-10-05T20:00:00+02:00", "closes_at = 2026-09-21T10:00:00+02:00")
		}, []string{"season.toml", "closes_at", "want opens_at < closes_at"}},
		{"local datetime", func(t *testing.T, f *fixture) {
			edit(t, f, "season.toml", "opens_at = 2026-09-21T08:00:00Z", "opens_at = 2026-09-21T08:00:00")
		},
			[]string{"season.toml", "opens_at", "without a time zone offset"}},
		{"datetime as a string", func(t *testing.T, f *fixture) {
			edit(t, f, "season.toml", "opens_at = 2026-09-21T08:00:00Z", `opens_at = "2026-09-21T08:00:00Z"`)
		}, []string{"season.toml", "opens_at", "got a TOML string, want an offset date-time"}},
		{"bad status", func(t *testing.T, f *fixture) { edit(t, f, "season.toml", `status = "closed"`, `status = "frozen"`) },
			[]string{"season.toml", "status", `"frozen"`, `"open"`}},
		{"corpus_host with a trailing slash", func(t *testing.T, f *fixture) { edit(t, f, "season.toml", host+`"`, host+`/"`) },
			[]string{"season.toml", "corpus_host", "no trailing slash"}},
		{"corpus_host over http", func(t *testing.T, f *fixture) { edit(t, f, "season.toml", `"https://corpus`, `"http://corpus`) },
			[]string{"season.toml", "corpus_host", "want https://HOST"}},
		{"oversized season.toml", func(t *testing.T, f *fixture) {
			f.files["season.toml"] += "#" + strings.Repeat("x", MaxTOMLBytes) + "\n"
		},
			[]string{"season.toml", "file exceeds 1048576 bytes"}},
		{"missing season.toml", func(t *testing.T, f *fixture) { delete(f.files, "season.toml") },
			[]string{"season.toml", "missing"}},

		// top level, trust, proofs
		{"unexpected top-level directory", func(t *testing.T, f *fixture) { f.files["extras/readme.md"] = "x" },
			[]string{"extras", "unexpected directory"}},
		{"unexpected top-level file", func(t *testing.T, f *fixture) { f.files["README.md"] = "x" },
			[]string{"README.md", "unexpected file"}},
		{"missing trust directory", func(t *testing.T, f *fixture) {
			delete(f.files, "trust/trusted_root.json")
			delete(f.files, "trust/published_keys.json")
		}, []string{"trust", "missing directory"}},
		{"missing published_keys.json", func(t *testing.T, f *fixture) { delete(f.files, "trust/published_keys.json") },
			[]string{"trust/published_keys.json", "missing"}},
		{"unexpected trust file", func(t *testing.T, f *fixture) { f.files["trust/other.pem"] = "x" },
			[]string{"trust/other.pem", "unexpected"}},
		{"bad proof file name", func(t *testing.T, f *fixture) { f.files["proofs/prf_2026_x.json"] = "{}" },
			[]string{"proofs/prf_2026_x.json", "<proof_id>.json"}},
		{"proof without .json", func(t *testing.T, f *fixture) { f.files["proofs/prf_20260921_101233_ab12ce"] = "{}" },
			[]string{"proofs/prf_20260921_101233_ab12ce", "<proof_id>.json"}},

		// anchors
		{"a file in anchors", func(t *testing.T, f *fixture) { f.files["anchors/"+uuid64+".json"] = "{}" },
			[]string{"anchors/" + uuid64 + ".json", "want only the directory anchors/rekor"}},
		{"another directory in anchors", func(t *testing.T, f *fixture) { f.files["anchors/tsa/x.tsr"] = "x" },
			[]string{"anchors/tsa", "want only the directory anchors/rekor"}},
		{"an entry named by an upper-case uuid", func(t *testing.T, f *fixture) { f.files["anchors/rekor/"+strings.ToUpper(uuid64)+".json"] = "{}" },
			[]string{"anchors/rekor/" + strings.ToUpper(uuid64) + ".json", "<uuid>.json"}},
		{"an entry named by a short uuid", func(t *testing.T, f *fixture) { f.files["anchors/rekor/"+uuid64[1:]+".json"] = "{}" },
			[]string{"anchors/rekor/" + uuid64[1:] + ".json", "<uuid>.json", "^([0-9a-f]{16})?[0-9a-f]{64}$"}},
		{"an entry without .json", func(t *testing.T, f *fixture) { f.files["anchors/rekor/"+uuid64] = "{}" },
			[]string{"anchors/rekor/" + uuid64, "<uuid>.json"}},
		{"a temporary file in anchors/rekor", func(t *testing.T, f *fixture) { f.files["anchors/rekor/.fetch-"+uuid64+".json-1.tmp"] = "{}" },
			[]string{"anchors/rekor/.fetch-", "<uuid>.json"}},
		{"a directory in anchors/rekor", func(t *testing.T, f *fixture) { f.files["anchors/rekor/"+strings.Repeat("d", 64)+".json/x"] = "{}" },
			[]string{"anchors/rekor/" + strings.Repeat("d", 64) + ".json", "is a directory"}},
		{"a symlinked entry", func(t *testing.T, f *fixture) {
			f.symlinks["anchors/rekor/"+strings.Repeat("e", 64)+".json"] = uuid64 + ".json"
		}, []string{"anchors/rekor/" + strings.Repeat("e", 64) + ".json", "symbolic link"}},

		// participants
		{"participant slug with ..", func(t *testing.T, f *fixture) { f.files["participants/a..b.toml"] = f.files["participants/ann.toml"] },
			[]string{"participants/a..b.toml", `slug "a..b"`}},
		{"participant slug in capitals", func(t *testing.T, f *fixture) { f.files["participants/Zed.toml"] = "x" },
			[]string{"participants/Zed.toml", "slug"}},
		{"participant file not .toml", func(t *testing.T, f *fixture) { f.files["participants/notes.txt"] = "x" },
			[]string{"participants/notes.txt", "<slug>.toml"}},
		{"participant directory", func(t *testing.T, f *fixture) { f.files["participants/sub/x.toml"] = "x" },
			[]string{"participants/sub", "<slug>.toml"}},
		{"duplicate DID", func(t *testing.T, f *fixture) {
			edit(t, f, "participants/ann.toml", "did:key:z6MkAnn", "did:key:z6MkAlice")
		},
			[]string{"participants/ann.toml", "did", "also the DID of participants/alice.toml"}},
		{"bad DID", func(t *testing.T, f *fixture) {
			edit(t, f, "participants/ann.toml", "did:key:z6MkAnn", "did:ethr:0xabc")
		},
			[]string{"participants/ann.toml", "did", "did:ethr:0xabc", "^did:(key|web):"}},
		{"unknown participant key", func(t *testing.T, f *fixture) { f.files["participants/ann.toml"] += "email = \"a@b\"\n" },
			[]string{"participants/ann.toml", "email"}},
		{"missing enrolled_at", func(t *testing.T, f *fixture) {
			edit(t, f, "participants/ann.toml", "enrolled_at = 2026-09-20T10:00:00Z\n", "")
		},
			[]string{"participants/ann.toml", "enrolled_at", "missing"}},

		// track.toml
		{"unexpected track entry", func(t *testing.T, f *fixture) { f.files["conformite/notes.md"] = "x" },
			[]string{"conformite/notes.md", "unexpected entry"}},
		{"missing bareme.md", func(t *testing.T, f *fixture) { delete(f.files, "conformite/bareme.md") },
			[]string{"conformite/bareme.md", "missing"}},
		{"missing preregistration", func(t *testing.T, f *fixture) { delete(f.files, "generique/preregistration.toml") },
			[]string{"generique/preregistration.toml", "missing"}},
		{"distribution does not sum", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/track.toml", "indeterminable = 0", "indeterminable = 1")
		},
			[]string{"conformite/track.toml", "distribution", "sum to 3", "number of tasks, 2"}},
		{"distribution with an unknown verdict", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/track.toml", "indeterminable = 0", "non-conforme = 0")
		},
			[]string{"conformite/track.toml", "distribution.non-conforme", "not a verdict", `"non_conforme"`}},
		{"distribution count negative", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/track.toml", "indeterminable = 0", "indeterminable = -1")
		},
			[]string{"conformite/track.toml", "distribution.indeterminable", "count -1"}},
		{"distribution missing", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/track.toml", "[distribution]\nconforme = 1\nnon_conforme = 1\nindeterminable = 0\n", "")
		}, []string{"conformite/track.toml", "distribution", "missing"}},
		{"quoted distribution key not matching the pattern", func(t *testing.T, f *fixture) { edit(t, f, "generique/track.toml", `"REF-0001" = 1`, `"REF 0001" = 1`) },
			[]string{"generique/track.toml", `distribution."REF 0001"`, "REF-[0-9]{4}"}},
		{"empty verdicts", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/track.toml", `verdicts = ["conforme", "non_conforme", "indeterminable"]`, `verdicts = []`)
		}, []string{"conformite/track.toml", "verdicts", "at least one"}},
		{"repeated verdict", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/track.toml", `verdicts = ["conforme", "non_conforme", "indeterminable"]`, `verdicts = ["conforme", "non_conforme", "indeterminable", "conforme"]`)
		}, []string{"conformite/track.toml", "verdicts[3]", "repeats"}},
		{"bad verdict_pattern", func(t *testing.T, f *fixture) { edit(t, f, "generique/track.toml", `"REF-[0-9]{4}"`, `"REF-[0-9"`) },
			[]string{"generique/track.toml", "verdict_pattern", "regular expression"}},
		{"task id of the other track", func(t *testing.T, f *fixture) { edit(t, f, "conformite/track.toml", `id = "conf-02"`, `id = "gen-02"`) },
			[]string{"conformite/track.toml", "tasks[0].id", `"gen-02"`, "^conf-[0-9]{2}$"}},
		{"repeated task id", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/track.toml", `id = "conf-02"`, `id = "conf-01"`)
		},
			[]string{"conformite/track.toml", "tasks[1].id", "repeats"}},
		{"min above max", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/track.toml", "min_assertions = 2", "min_assertions = 5")
		},
			[]string{"conformite/track.toml", "tasks[0]", "min_assertions 5 and max_assertions 4"}},
		{"max above 64", func(t *testing.T, f *fixture) {
			edit(t, f, "generique/track.toml", "max_assertions = 64", "max_assertions = 65")
		},
			[]string{"generique/track.toml", "tasks[0]", "≤ 64"}},
		{"a count above the number of tasks", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/track.toml", "conforme = 1\nnon_conforme = 1\nindeterminable = 0", "conforme = 3\nnon_conforme = 0\nindeterminable = 0")
		}, []string{"conformite/track.toml", "distribution.conforme", "count 3, want from 0 to the number of tasks, 2"}},
		{"ceiling above twice the minimum", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/track.toml", "min_assertions = 2\nmax_assertions = 4", "min_assertions = 2\nmax_assertions = 5")
		}, []string{"conformite/track.toml", "tasks[0]", "max_assertions 5 is more than twice min_assertions 2", "factor 2"}},
		{"min zero", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/track.toml", "min_assertions = 1", "min_assertions = 0")
		},
			[]string{"conformite/track.toml", "tasks[1]", "min_assertions 0"}},
		{"missing question", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/track.toml", "question = \"L'entité ENT-0001 est-elle conforme ?\"\n", "")
		}, []string{"conformite/track.toml", "tasks[1].question", "missing"}},
		{"unknown task key", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/track.toml", "min_assertions = 1\n", "min_assertions = 1\nfamily = \"P5\"\n")
		},
			[]string{"conformite/track.toml", "tasks.family", "unknown key", "min_assertions"}},
		{"param not a string", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/track.toml", `entite = "/entites/ENT-0001"`, `entite = 1`)
		},
			[]string{"conformite/track.toml", "tasks.params.entite", "string"}},
		{"no tasks", func(t *testing.T, f *fixture) {
			f.files["generique/track.toml"] = "bareme = \"generique-bareme-v1\"\nverdicts = [\"aucune_option_valide\"]\n[distribution]\n"
		},
			[]string{"generique/track.toml", "tasks", "missing"}},

		// corpus
		{"wrong response hash", func(t *testing.T, f *fixture) {
			f.files["conformite/corpus/agrements/AGR-4417.json"] = `{"ressource": "/agrements/AGR-4417", "statut": "suspendu"}`
		}, []string{"conformite/corpus/manifest.json", "/resources/0/response_hash", "/agrements/AGR-4417", "agrements/AGR-4417.json",
			hashes.ResponseHash([]byte(newFixture().resources[Conformite][0].Body)),
			hashes.ResponseHash([]byte(`{"ressource": "/agrements/AGR-4417", "statut": "suspendu"}`))}},
		{"path traversal file", func(t *testing.T, f *fixture) { f.resources[Conformite][0].File = "../x" },
			[]string{"conformite/corpus/manifest.json", "/resources/0/file", `"../x"`, "leaves the corpus directory"}},
		{"absolute file", func(t *testing.T, f *fixture) { f.resources[Conformite][0].File = "/etc/passwd" },
			[]string{"conformite/corpus/manifest.json", "/resources/0/file", "absolute"}},
		{"backslash file", func(t *testing.T, f *fixture) { f.resources[Conformite][0].File = `agrements\AGR-4417.json` },
			[]string{"conformite/corpus/manifest.json", "/resources/0/file", "backslash"}},
		{"unclean file", func(t *testing.T, f *fixture) {
			f.editManifest[Conformite] = func(m string) string {
				return strings.Replace(m, `"file": "agrements/AGR-4417.json"`, `"file": "agrements/./AGR-4417.json"`, 1)
			}
		}, []string{"conformite/corpus/manifest.json", "/resources/0/file", "not clean"}},
		{"file that does not exist", func(t *testing.T, f *fixture) {
			f.editManifest[Conformite] = func(m string) string {
				return strings.Replace(m, `"file": "agrements/AGR-4417.json"`, `"file": "agrements/AGR-9999.json"`, 1)
			}
		}, []string{"conformite/corpus/manifest.json", "/resources/0/file", "not a regular file"}},
		{"file that is the manifest", func(t *testing.T, f *fixture) {
			f.editManifest[Conformite] = func(m string) string {
				return strings.Replace(m, `"file": "vide.json"`, `"file": "manifest.json"`, 1)
			}
			f.files["conformite/corpus/vide.json"] = deleted
		}, []string{"conformite/corpus/manifest.json", "/resources/2/file", "the manifest itself"}},
		{"unlisted corpus file", func(t *testing.T, f *fixture) { f.files["conformite/corpus/extra/left-over.json"] = "{}" },
			[]string{"conformite/corpus/extra/left-over.json", "no resource"}},
		{"host differs from corpus_host", func(t *testing.T, f *fixture) {
			f.editManifest[Conformite] = func(m string) string {
				return strings.Replace(m, `{"host": "`+host+`"`, `{"host": "https://corpus.example.org"`, 1)
			}
		}, []string{"conformite/corpus/manifest.json", "/host", "corpus_host"}},
		{"target with a trailing slash", func(t *testing.T, f *fixture) {
			f.editManifest[Conformite] = func(m string) string {
				return strings.Replace(m, `"target": "`+host+`/vide"`, `"target": "`+host+`/vide/"`, 1)
			}
		}, []string{"conformite/corpus/manifest.json", "/resources/2/target", host + "/vide"}},
		{"path with a query", func(t *testing.T, f *fixture) { f.resources[Conformite][2].Path = "/vide?x=1" },
			[]string{"conformite/corpus/manifest.json", "/resources/2/path", "query"}},
		{"path with ..", func(t *testing.T, f *fixture) { f.resources[Conformite][2].Path = "/a/../vide" },
			[]string{"conformite/corpus/manifest.json", "/resources/2/path", `".."`}},
		{"path with //", func(t *testing.T, f *fixture) { f.resources[Conformite][2].Path = "//vide" },
			[]string{"conformite/corpus/manifest.json", "/resources/2/path", `"//"`}},
		{"path without /", func(t *testing.T, f *fixture) { f.resources[Conformite][2].Path = "vide" },
			[]string{"conformite/corpus/manifest.json", "/resources/2/path", `start with "/"`}},
		{"repeated path", func(t *testing.T, f *fixture) { f.resources[Conformite][2].Path = "/recherche" },
			[]string{"conformite/corpus/manifest.json", "/resources/2/path", "listed twice"}},
		{"method PUT", func(t *testing.T, f *fixture) { f.resources[Conformite][2].Method = "PUT" },
			[]string{"conformite/corpus/manifest.json", "/resources/2/method", `"PUT"`}},
		{"missing system resource", func(t *testing.T, f *fixture) {
			f.resources[Generique] = f.resources[Generique][:len(f.resources[Generique])-1]
		}, []string{"generique/corpus/manifest.json", "/resources", "/_systeme/400"}},
		{"unknown resource key", func(t *testing.T, f *fixture) {
			f.editManifest[Conformite] = func(m string) string {
				return strings.Replace(m, `"method": "POST"`, `"method": "POST", "headers": {}`, 1)
			}
		}, []string{"conformite/corpus/manifest.json", "/resources/1/headers", "unknown key"}},
		{"missing payload", func(t *testing.T, f *fixture) {
			f.editManifest[Conformite] = func(m string) string { return strings.Replace(m, `"payload": {"q": "ENT-0001", "page": 1}, `, ``, 1) }
		}, []string{"conformite/corpus/manifest.json", "/resources/1", `missing key "payload"`}},
		{"response hash not hex", func(t *testing.T, f *fixture) {
			f.editManifest[Conformite] = func(m string) string {
				return strings.Replace(m, `"response_hash": "`+hashes.ResponseHash([]byte(`{}`)), `"response_hash": "`+strings.ToUpper(hashes.ResponseHash([]byte(`{}`))), 1)
			}
		}, []string{"conformite/corpus/manifest.json", "/resources/2/response_hash", "lowercase hex"}},
		{"duplicate key in the manifest", func(t *testing.T, f *fixture) {
			f.editManifest[Conformite] = func(m string) string {
				return strings.Replace(m, `"method": "POST"`, `"method": "POST", "method": "GET"`, 1)
			}
		}, []string{"conformite/corpus/manifest.json", "/resources/1", `duplicate key "method"`}},
		{"manifest with a BOM", func(t *testing.T, f *fixture) {
			f.editManifest[Conformite] = func(m string) string { return "\xef\xbb\xbf" + m }
		}, []string{"conformite/corpus/manifest.json", "byte order mark"}},
		{"body that is not JSON", func(t *testing.T, f *fixture) { f.resources[Conformite][2].Body = "<html>503</html>" },
			[]string{"conformite/corpus/vide.json", "not JSON"}},
		{"oversized corpus file", func(t *testing.T, f *fixture) { f.resources[Conformite][2].Body = `"` + big + `"` },
			[]string{"conformite/corpus/vide.json", "file exceeds 8388608 bytes"}},
		{"symlink in the corpus", func(t *testing.T, f *fixture) {
			f.symlinks["conformite/corpus/agrements/link.json"] = "../../../season.toml"
		},
			[]string{"conformite/corpus/agrements/link.json", "symbolic link"}},
		{"symlinked corpus directory", func(t *testing.T, f *fixture) { f.symlinks["conformite/corpus/outside"] = "/tmp" },
			[]string{"conformite/corpus/outside", "symbolic link"}},
		{"symlinked participant", func(t *testing.T, f *fixture) { f.symlinks["participants/zed.toml"] = "ann.toml" },
			[]string{"participants/zed.toml", "symbolic link"}},
		{"symlinked season.toml", func(t *testing.T, f *fixture) {
			f.files["season.toml.real"] = f.files["season.toml"]
			delete(f.files, "season.toml")
			f.symlinks["season.toml"] = "season.toml.real"
		}, []string{"season.toml", "symbolic link"}},
		{"corpus file replaced by a symlink", func(t *testing.T, f *fixture) {
			f.files["conformite/corpus/vide.json"] = deleted
			f.files["conformite/corpus/real/vide.json"] = "{}"
			f.resources[Conformite] = append(f.resources[Conformite], res{"/reel", "GET", "null", "real/vide.json", "{}"})
			f.symlinks["conformite/corpus/vide.json"] = "real/vide.json"
		}, []string{"conformite/corpus/vide.json", "symbolic link"}},

		// preregistration
		{"two current freezes", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/preregistration.toml", "superseded_by = \"prf_20260915_090000_00aa11\"\n"+freezeReason+"\n", "")
		}, []string{"conformite/preregistration.toml", "freezes[1]", "exactly one current freeze"}},
		{"superseded by an unknown freeze", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/preregistration.toml", "superseded_by = \"prf_20260915_090000_00aa11\"", "superseded_by = \"prf_20260915_090000_ffffff\"")
		}, []string{"conformite/preregistration.toml", "freezes[0].superseded_by", "prf_20260915_090000_ffffff"}},
		{"superseded without a reason", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/preregistration.toml", freezeReason+"\n", "")
		}, []string{"conformite/preregistration.toml", "freezes[0].reason", "missing"}},
		{"reason without superseded_by", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/preregistration.toml", "[freezes.request_hash]", "reason = { fr = \"x\", en = \"x\" }\n[freezes.request_hash]")
		}, []string{"conformite/preregistration.toml", "freezes[1].reason", "only with superseded_by"}},
		{"payload not JSON", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/preregistration.toml", `payload = '{"bareme_sha256": "`+hex2, `payload = '{"bareme_sha256": NaN, "x": "`+hex2)
		}, []string{"conformite/preregistration.toml", "freezes[1].payload", "NaN"}},
		{"payload with a duplicate key", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/preregistration.toml", `payload = '{"bareme_sha256": "`+hex2, `payload = '{"manifest_sha256": "", "bareme_sha256": "`+hex2)
		}, []string{"conformite/preregistration.toml", "freezes[1].payload", "duplicate key"}},
		{"bad nonce", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/preregistration.toml", "[freezes.response_hash]\nnonce = \""+hex2, "[freezes.response_hash]\nnonce = \""+hex2[:63])
		}, []string{"conformite/preregistration.toml", "freezes[1].response_hash.nonce", "64 lowercase hex"}},
		{"missing opening value", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/preregistration.toml", `request_hash = { nonce = "`+hex1+`", value = "`+hex2+`" }`, `request_hash = { nonce = "`+hex1+`" }`)
		}, []string{"conformite/preregistration.toml", "freezes[0].request_hash.value", "missing"}},
		{"bad proof id", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/preregistration.toml", `proof_id = "prf_20260914_181440_541795"`, `proof_id = "prf_20260914_181440"`)
		}, []string{"conformite/preregistration.toml", "freezes[0].proof_id", "prf_20260914_181440"}},
		{"repeated proof id", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/preregistration.toml", `proof_id = "prf_20260914_181440_541795"`, `proof_id = "prf_20260915_090000_00aa11"`)
		}, []string{"conformite/preregistration.toml", "freezes[1].proof_id", "also the proof of freezes[0]"}},
		{"superseded cycle", func(t *testing.T, f *fixture) {
			f.files["conformite/preregistration.toml"] += freezeBlock("conformite-bareme-v1", "prf_20260914_000000_aaaaaa", "prf_20260914_000001_bbbbbb") +
				freezeBlock("conformite-bareme-v1", "prf_20260914_000001_bbbbbb", "prf_20260914_000000_aaaaaa")
		}, []string{"conformite/preregistration.toml", "freezes[2].superseded_by", "loops"}},
		{"current freeze of another barème", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/track.toml", `"conformite-bareme-v3"`, `"conformite-bareme-v4"`)
		},
			[]string{"conformite/preregistration.toml", "freezes[1].bareme", "conformite-bareme-v4"}},
		{"unknown freeze key", func(t *testing.T, f *fixture) {
			edit(t, f, "conformite/preregistration.toml", "method = \"POST\"\n", "method = \"POST\"\nspec = \"3.1\"\n")
		},
			[]string{"conformite/preregistration.toml", "freezes.spec", "unknown key"}},

		// key
		{"key.json present while open", func(t *testing.T, f *fixture) {
			edit(t, f, "season.toml", `status = "closed"`, `status = "open"`)
			delete(f.files, "conformite/key.salt")
		}, []string{"conformite/key.json", "must not be published before the close"}},
		{"key.salt present while open", func(t *testing.T, f *fixture) {
			edit(t, f, "season.toml", `status = "closed"`, `status = "open"`)
			delete(f.files, "conformite/key.json")
			delete(f.files, "generique/key.json")
			delete(f.files, "generique/key.salt")
		}, []string{"conformite/key.salt", "must not be published before the close"}},
		{"key.salt missing while closed", func(t *testing.T, f *fixture) { delete(f.files, "generique/key.salt") },
			[]string{"generique/key.salt", "missing"}},
		{"key.json missing while closed", func(t *testing.T, f *fixture) { delete(f.files, "conformite/key.json") },
			[]string{"conformite/key.json", "missing"}},
		{"salt in capitals", func(t *testing.T, f *fixture) { f.files["conformite/key.salt"] = strings.ToUpper(salt) },
			[]string{"conformite/key.salt", "64 lowercase hex"}},
		{"salt with two newlines", func(t *testing.T, f *fixture) { f.files["conformite/key.salt"] = salt + "\n\n" },
			[]string{"conformite/key.salt", "longer than 64 hex digits"}},
		{"short salt", func(t *testing.T, f *fixture) { f.files["conformite/key.salt"] = salt[:62] + "\n" },
			[]string{"conformite/key.salt", "64 lowercase hex"}},
		{"key.json with a duplicate key", func(t *testing.T, f *fixture) { f.files["conformite/key.json"] = `{"conf-01": {"a": 1, "a": 2}}` },
			[]string{"conformite/key.json", "/conf-01", "duplicate key"}},
		{"key.json truncated", func(t *testing.T, f *fixture) { f.files["conformite/key.json"] = `{"conf-01": ` },
			[]string{"conformite/key.json", "not strict JSON"}},

		// submissions
		{"submission for an unknown task", func(t *testing.T, f *fixture) { f.files["conformite/submissions/alice/conf-03.json"] = validSubmission },
			[]string{"conformite/submissions/alice/conf-03.json", `"conf-03" is not a task`}},
		{"submission of another track's task", func(t *testing.T, f *fixture) { f.files["generique/submissions/alice/conf-01.json"] = validSubmission },
			[]string{"generique/submissions/alice/conf-01.json", "not a task"}},
		{"submission of an unknown participant", func(t *testing.T, f *fixture) { f.files["conformite/submissions/bob/conf-01.json"] = validSubmission },
			[]string{"conformite/submissions/bob", `"bob" is not an enrolled participant`}},
		{"submission file not .json", func(t *testing.T, f *fixture) { f.files["conformite/submissions/alice/conf-02.txt"] = "x" },
			[]string{"conformite/submissions/alice/conf-02.txt", "<task_id>.json"}},
		{"file in submissions", func(t *testing.T, f *fixture) { f.files["conformite/submissions/index.json"] = "x" },
			[]string{"conformite/submissions/index.json", "unexpected file"}},
		{"symlinked submission", func(t *testing.T, f *fixture) {
			f.symlinks["conformite/submissions/alice/conf-02.json"] = "conf-01.json"
		},
			[]string{"conformite/submissions/alice/conf-02.json", "symbolic link"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture()
			c.mut(t, f)
			dir := f.write(t)
			s, err := Load(dir)
			if err == nil {
				t.Fatalf("accepted: %+v", s)
			}
			t.Log(err)
			var le *Error
			if !errors.As(err, &le) {
				t.Errorf("error %T is not a *season.Error", err)
			}
			if !strings.HasPrefix(err.Error(), dir) {
				t.Errorf("error %q does not start with the season directory", err)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\n  does not contain %q", err, w)
				}
			}
		})
	}
}

// Rekor entry uuids of the fixture: the 80-digit entry ID of a sharded log
// and the 64-digit leaf hash alone.
var (
	uuid80 = "24296fb24b8ad77a" + strings.Repeat("a", 64)
	uuid64 = strings.Repeat("b", 64)
)

func TestLoadNotADirectory(t *testing.T) {
	if _, err := Load(filepath.Join(t.TempDir(), "missing")); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Fatalf("got %v", err)
	}
}

func TestCheckCorpusFile(t *testing.T) {
	for f, ok := range map[string]bool{
		"a.json": true, "a/b.json": true, "_systeme/403.json": true, "a..b.json": true,
		"": false, ".": false, "..": false, "../a": false, "a/../b": false, "a/..": false, "/a": false, "a//b": false,
		"a/": false, "./a": false, `a\b`: false, "a\x00b": false, "a\xffb": false,
	} {
		if err := checkCorpusFile(f); (err == nil) != ok {
			t.Errorf("checkCorpusFile(%q) = %v", f, err)
		}
	}
}

func TestCheckHost(t *testing.T) {
	for h, ok := range map[string]bool{
		"https://corpus.arkforge.tech": true, "https://corpus.arkforge.tech:8443": true, "https://127.0.0.1": true,
		"https://corpus.arkforge.tech/": false, "https://corpus.arkforge.tech/x": false, "http://corpus.arkforge.tech": false,
		"https://": false, "https://a?b": false, "https://u@a": false, "corpus.arkforge.tech": false, "https://a b": false, "https://:443": false,
	} {
		if err := checkHost(h); (err == nil) != ok {
			t.Errorf("checkHost(%q) = %v", h, err)
		}
	}
}

// TestOpenVerdictSetDistribution: a track with an open verdict set may
// publish only its fixed verdicts (a product reference's count would reveal
// an answer); a closed set must publish every task.
func TestOpenVerdictSetDistribution(t *testing.T) {
	f := newFixture()
	edit(t, f, "generique/track.toml", "aucune_option_valide = 0\n\"REF-0001\" = 1\n", "aucune_option_valide = 0\n")
	if _, err := Load(f.write(t)); err != nil {
		t.Errorf("an open set publishing only aucune_option_valide: %v", err)
	}
	f = newFixture()
	edit(t, f, "conformite/track.toml", "non_conforme = 1\n", "non_conforme = 0\n")
	if _, err := Load(f.write(t)); err == nil || !strings.Contains(err.Error(), "counts sum to 1, want the number of tasks, 2") {
		t.Errorf("a closed set publishing fewer than its tasks: %v", err)
	}
}

// The fixture's two tracks.
const (
	Conformite = "conformite"
	Generique  = "generique"
)

// TestThirdTrack: a track is data. A season that declares a third track,
// with its own task prefix and families, loads with no change to the code,
// and a submission to it passes the published schema.
func TestThirdTrack(t *testing.T) {
	f := newFixture()
	edit(t, f, "season.toml", `tracks = ["conformite", "generique"]`, "tracks = [\"conformite\", \"generique\", \"achats\"]\ntrack_titles.achats = { fr = \"achats\", en = \"purchasing\" }")
	for p, v := range f.files {
		if rest, ok := strings.CutPrefix(p, "generique/"); ok && !strings.HasPrefix(rest, "submissions/") {
			v = strings.ReplaceAll(v, "gen-", "ach-")
			v = strings.ReplaceAll(v, `task_prefix = "gen"`, `task_prefix = "ach"`)
			v = strings.ReplaceAll(v, `"P1", "P2", "P3", "P4", "P5"`, `"A1", "A2"`)
			f.files["achats/"+rest] = v
		}
	}
	f.resources["achats"] = f.resources[Generique]
	s, err := Load(f.write(t))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(s.TrackNames, ","); got != "conformite,generique,achats" {
		t.Fatalf("tracks %s, want conformite,generique,achats in season.toml's order", got)
	}
	tr := s.Track("achats")
	if tr == nil || tr.TaskPrefix != "ach" || tr.Task("ach-01") == nil || !tr.Family("A2") || tr.Family("P5") || !tr.Family("controle") {
		t.Fatalf("achats: %+v", tr)
	}
	for name, want := range map[string]TrackTitle{"conformite": {"conformité", "compliance"}, "generique": {"générique", "generic"}, "achats": {"achats", "purchasing"}} {
		if got := s.Track(name).Title; got != want {
			t.Errorf("%s: title %+v, want %+v from season.toml's track_titles", name, got, want)
		}
	}
	doc := strings.NewReplacer(`"track":"conformite"`, `"track":"achats"`, `"task_id":"conf-01"`, `"task_id":"ach-01"`).Replace(validSubmission)
	if !strings.Contains(doc, `"ach-01"`) {
		t.Fatal("the submission was not moved to the third track")
	}
	if _, err := submission.Parse([]byte(doc)); err != nil {
		t.Fatalf("a submission to the third track: %v", err)
	}
}

// TestSchemaAcceptsWhatSeasonsDeclare: the submission schema's patterns for
// track and task_id are exactly the loader's, so that every track a season
// may declare is one a submission may name, and no other.
func TestSchemaAcceptsWhatSeasonsDeclare(t *testing.T) {
	var schema struct {
		Properties map[string]struct {
			Pattern string `json:"pattern"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(submission.Schema, &schema); err != nil {
		t.Fatal(err)
	}
	if got := schema.Properties["track"].Pattern; got != TrackNamePattern {
		t.Errorf("schema track pattern %s, the loader's %s", got, TrackNamePattern)
	}
	want := strings.TrimSuffix(taskPrefixRE.String(), "$") + "-[0-9]{2}$"
	if got := schema.Properties["task_id"].Pattern; got != want {
		t.Errorf("schema task_id pattern %s, want the loader's prefix and two digits %s", got, want)
	}
	if trackNameRE.String() != TrackNamePattern {
		t.Errorf("trackNameRE %s, TrackNamePattern %s", trackNameRE, TrackNamePattern)
	}
}

// TestMinEqualsMax: a task may require exactly as many assertions as its
// ceiling (1 ≤ min ≤ max, bounds included).
func TestMinEqualsMax(t *testing.T) {
	f := newFixture()
	edit(t, f, "conformite/track.toml", "min_assertions = 2\nmax_assertions = 4", "min_assertions = 4\nmax_assertions = 4")
	s, err := Load(f.write(t))
	if err != nil {
		t.Fatal(err)
	}
	if task := s.Track(Conformite).Task("conf-02"); task.MinAssertions != 4 || task.MaxAssertions != 4 {
		t.Fatalf("conf-02: %+v", task)
	}
}

// TestContestEmail: the address of [contest] is kept as written; without
// the table a season has none (required only once it is published, which
// the site package tests).
func TestContestEmail(t *testing.T) {
	for _, c := range []struct{ toml, want string }{
		{"", ""},
		{"[contest]\nemail = \"contestations@proveit.arkforge.tech\"\n", "contestations@proveit.arkforge.tech"},
		{"[contest]\nemail = \"a.b+c-d@sub.example.org\"\n", "a.b+c-d@sub.example.org"},
	} {
		f := newFixture()
		f.files["season.toml"] += c.toml
		s, err := Load(f.write(t))
		if err != nil {
			t.Fatalf("%q: %v", c.toml, err)
		}
		if s.ContestEmail != c.want {
			t.Errorf("%q: ContestEmail %q, want %q", c.toml, s.ContestEmail, c.want)
		}
	}
}

// TestInvalidatedLoads: an invalidated season loads with its reason and
// date, with or without its key and salt (both or neither).
func TestInvalidatedLoads(t *testing.T) {
	for _, withKey := range []bool{true, false} {
		f := newFixture()
		edit(t, f, "season.toml", `status = "closed"`, "status = \"invalidated\"\nreason = { fr = \"Barème modifié après le gel.\", en = \"Barème changed after the freeze.\" }\ninvalidated_at = 2026-09-25T10:00:00+02:00")
		if !withKey {
			for _, tr := range []string{"conformite", "generique"} {
				delete(f.files, tr+"/key.json")
				delete(f.files, tr+"/key.salt")
			}
		}
		s, err := Load(f.write(t))
		if err != nil {
			t.Fatalf("key %v: %v", withKey, err)
		}
		if s.Status != Invalidated || s.InvalidationReason != (bilingual.Text{FR: "Barème modifié après le gel.", EN: "Barème changed after the freeze."}) || !s.InvalidatedAt.Equal(time.Date(2026, 9, 25, 8, 0, 0, 0, time.UTC)) {
			t.Errorf("key %v: %s %q %v", withKey, s.Status, s.InvalidationReason, s.InvalidatedAt)
		}
	}
}

// TestProofHoldsOnlyItsID holds a listed proof to its id: a season lists
// one per cached view, tens of thousands, and its file is derived (File),
// which ReadProof reads.
func TestProofHoldsOnlyItsID(t *testing.T) {
	if n := unsafe.Sizeof(Proof{}); n != unsafe.Sizeof("") {
		t.Fatalf("a Proof is %d bytes, want one string's %d: its file is derived from its id, not held", n, unsafe.Sizeof(""))
	}
	if got, want := (Proof{ID: "prf_20260921_101233_ab12cd"}).File(), "proofs/prf_20260921_101233_ab12cd.json"; got != want {
		t.Fatalf("File() = %q, want %q", got, want)
	}
}

// TestSubmissionFileHoldsNoParse: a loaded season lists its submissions
// and holds none of their content, parsed or not (SubmissionFile.Read reads
// a file when it is needed): a SubmissionFile is its three names and two
// pointers (the season it is read from, a moderation decision), and no
// field of it is of package submission. Seen failing with a
// *submission.Submission field added back.
func TestSubmissionFileHoldsNoParse(t *testing.T) {
	word := unsafe.Sizeof(uintptr(0))
	if size, want := unsafe.Sizeof(SubmissionFile{}), 3*unsafe.Sizeof("")+2*word; size > want {
		t.Errorf("a SubmissionFile is %d bytes, want at most %d: does it hold a parsed submission again?", size, want)
	}
	sub := reflect.TypeFor[submission.Submission]().PkgPath()
	st := reflect.TypeFor[SubmissionFile]()
	for i := range st.NumField() {
		ft := st.Field(i).Type
		for ft.Kind() == reflect.Pointer || ft.Kind() == reflect.Slice {
			ft = ft.Elem()
		}
		if ft.PkgPath() == sub {
			t.Errorf("SubmissionFile.%s is a %s", st.Field(i).Name, st.Field(i).Type)
		}
	}
}

// TestSubmissionReadErrors: what Load listed is read when needed; a file
// that is gone or has become a symbolic link is an error naming it, never a
// submission rejected at entry (which would publish a participant's
// failure for the operator's).
func TestSubmissionReadErrors(t *testing.T) {
	if p, err := (&SubmissionFile{File: "conformite/submissions/x/conf-01.json"}).Read(); err == nil || !strings.Contains(err.Error(), "did not list") || p.Submission != nil {
		t.Errorf("a SubmissionFile made by hand: got %+v, %v; want an error, not a panic", p, err)
	}
	for _, c := range []struct {
		name    string
		breakIt func(t *testing.T, path string)
		want    string
	}{
		{"removed", removeFile, "no such file"},
		{"a symbolic link", replaceByLink, "symbolic link"},
		{"a directory", func(t *testing.T, path string) {
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
			if err := os.Mkdir(path, 0o755); err != nil {
				t.Fatal(err)
			}
		}, "directory"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := Load(newFixture().write(t))
			if err != nil {
				t.Fatal(err)
			}
			sf := s.Track(Conformite).Submission("alice", "conf-01")
			c.breakIt(t, s.Path(sf.File))
			p, err := sf.Read()
			var le *Error
			if !errors.As(err, &le) || le.File != sf.File || !strings.Contains(err.Error(), c.want) || p.Submission != nil || p.Err != nil {
				t.Errorf("got %+v, %v; want a *season.Error naming %s: %s", p, err, sf.File, c.want)
			}
		})
	}
}

// TestAppendProof: AppendProof appends a listed view's bytes, those
// ReadProof returns, to what dst holds; a view not listed, not readable as
// a regular file or over proof.MaxViewBytes is an error naming the file,
// and dst comes back as it was given.
func TestAppendProof(t *testing.T) {
	const id = "prf_20260921_101233_ab12cd"
	s, err := Load(newFixture().write(t))
	if err != nil {
		t.Fatal(err)
	}
	want, err := s.ReadProof(id)
	if err != nil || string(want) != `{"proof_id": "prf_20260921_101233_ab12cd"}` {
		t.Fatalf("ReadProof: %q, %v", want, err)
	}
	dst := append(make([]byte, 0, 256), "before:"...)
	got, err := s.AppendProof(dst, id)
	if err != nil || string(got) != "before:"+string(want) || &got[0] != &dst[0] {
		t.Fatalf("AppendProof: %q, %v; want the view after dst's bytes, in dst's memory", got, err)
	}
	var nc *NotCachedError
	if got, err := s.AppendProof(dst, "prf_20260921_101233_ffffff"); !errors.As(err, &nc) || string(got) != "before:" {
		t.Errorf("a proof not listed: got %q, %v; want dst and a *NotCachedError", got, err)
	}
	for _, c := range []struct {
		name    string
		breakIt func(t *testing.T, path string)
		want    string
	}{
		{"removed", removeFile, "no such file"},
		{"a symbolic link", replaceByLink, "is a symbolic link, want a regular file (a season holds no links)"},
		{"over the bound", func(t *testing.T, path string) {
			if err := os.WriteFile(path, make([]byte, proof.MaxViewBytes+1), 0o644); err != nil {
				t.Fatal(err)
			}
		}, "exceeds"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := Load(newFixture().write(t))
			if err != nil {
				t.Fatal(err)
			}
			rel := Proof{ID: id}.File()
			c.breakIt(t, s.Path(rel))
			got, err := s.AppendProof(dst, id)
			var le *Error
			if !errors.As(err, &le) || le.File != rel || !strings.Contains(err.Error(), c.want) || string(got) != "before:" {
				t.Errorf("got %q, %v; want dst and a *season.Error naming %s: %s", got, err, rel, c.want)
			}
			if b, err := s.ReadProof(id); !errors.As(err, &le) || b != nil {
				t.Errorf("ReadProof: got %q, %v; want nil and the same error", b, err)
			}
		})
	}
}

// removeFile and replaceByLink break a file a season listed, after Load:
// gone, or become a symbolic link to its moved bytes.
func removeFile(t *testing.T, path string) {
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
}

func replaceByLink(t *testing.T, path string) {
	if err := os.Rename(path, path+".moved"); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(path+".moved", path); err != nil {
		t.Fatal(err)
	}
}

// Freeze returns the freeze whose proof is id, or nil.
func (p *Preregistration) Freeze(id string) *Freeze {
	for _, f := range p.Freezes {
		if f.ProofID == id {
			return f
		}
	}
	return nil
}
