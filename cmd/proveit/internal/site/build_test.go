package site

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ark-forge/proveit/internal/sitepath"
	"github.com/ark-forge/proveit/scorer/anchor/rfc3161/rfc3161test"
	"github.com/ark-forge/proveit/scorer/hashes"
	"github.com/ark-forge/proveit/scorer/proof/prooftest"
	"github.com/ark-forge/proveit/templates"
	"github.com/ark-forge/proveit/verifier"
)

var update = flag.Bool("update", false, "rewrite testdata/golden from the current build")

// trustFiles returns valid trust material minted by the test issuer from
// a fixed seed: the same bytes on every run, since every page names the
// digest of its season's files.
func trustFiles(t *testing.T) (trustedRoot, trustLayer string) {
	t.Helper()
	is, err := prooftest.New(prooftest.Config{Seed: []byte("build fixture, open seasons"), KeyWindow: rfc3161test.Validity{NotBefore: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), NotAfter: time.Date(2026, 12, 31, 23, 59, 59, 0, time.UTC)}})
	if err != nil {
		t.Fatal(err)
	}
	root, tl, err := is.TrustMaterial()
	if err != nil {
		t.Fatal(err)
	}
	return string(root), string(tl)
}

const corpusHost = "https://corpus.arkforge.tech"

// seasonFiles is a small valid season: one track, two tasks, two
// participants, one cached proof view, a 404 record.
func seasonFiles(t *testing.T, number int, status string) map[string]string {
	tr, tl := trustFiles(t)
	bodies := map[string]string{
		"/agrements/AGR-4417": `{"ressource": "/agrements/AGR-4417", "statut": "suspendu"}`,
		"/_systeme/403":       `{"erreur": "acc\u00e8s refus\u00e9"}`,
		"/_systeme/503":       `{"erreur": "corpus indisponible"}`,
		"/_systeme/400":       `{"erreur": "requ\u00eate invalide"}`,
	}
	files := map[string]string{
		"season.toml": fmt.Sprintf(`number = %d
title = { fr = "Saison %d — essai <fictif> & \"cité\"", en = "Season %d — <fictional> trial & \"quoted\"" }
opens_at = 2026-09-21T08:00:00Z
closes_at = 2026-10-05T20:00:00Z
status = %q
demo = true
corpus_host = %q
challenge_did = "did:key:z6MkChallenge"
tracks = ["conformite"]
track_titles.conformite = { fr = "conformité <essai> & \"cité\"", en = "compliance <trial> & \"quoted\"" }
`, number, number, number, status, corpusHost),
		"participants/alice.toml":      "agent = \"<script>alert(1)</script>\"\ndid = \"did:key:z6MkAlice\"\ndeclared_stack = \"Go\"\nenrolled_at = 2026-09-20T09:00:00Z\n",
		"participants/bob.toml":        "agent = \"Bob\"\ndid = \"did:key:z6MkBob\"\ndeclared_stack = \"\"\nenrolled_at = 2026-09-20T09:00:00Z\n",
		"trust/trusted_root.json":      tr,
		"trust/published_keys.json":    tl,
		"conformite/bareme.md":         "# conformite-bareme-v3\n",
		"conformite/questions.en.toml": "conf-01 = \"Is entity ENT-0001 compliant?\"\nconf-02 = \"Is entity ENT-0002 compliant?\"\n",
		"conformite/track.toml": `bareme = "conformite-bareme-v3"
task_prefix = "conf"
trap_families = ["P1", "P2", "P3", "P4", "P5"]
control_family = "controle"
verdicts = ["conforme", "non_conforme", "indeterminable"]
[[tasks]]
id = "conf-01"
question = "L'entité ENT-0001 est-elle conforme ?"
min_assertions = 1
max_assertions = 2
[[tasks]]
id = "conf-02"
question = "L'entité ENT-0002 est-elle conforme ?"
min_assertions = 1
max_assertions = 2
[distribution]
conforme = 1
non_conforme = 1
indeterminable = 0
`,
		"conformite/preregistration.toml": `[[freezes]]
bareme = "conformite-bareme-v3"
proof_id = "prf_20260915_090000_00aa11"
target = "https://proveit.arkforge.tech/v1/season/1/freeze"
method = "POST"
payload = '{"bareme_sha256": "` + strings.Repeat("1", 64) + `"}'
request_hash = { nonce = "` + strings.Repeat("1", 64) + `", value = "` + strings.Repeat("2", 64) + `" }
response_hash = { nonce = "` + strings.Repeat("2", 64) + `", value = "` + strings.Repeat("1", 64) + `" }
`,
		"conformite/submissions/alice/conf-01.json": `{"not": "a valid submission"}`,
		"conformite/submissions/bob/conf-02.json":   `{"season": 1}`,
		"proofs/prf_20260921_101233_ab12cd.json":    `{"proof_id": "prf_20260921_101233_ab12cd", "spec_version": "3.1"}`,
		"proofs/prf_20260921_101234_ab12ce.json":    `{"not_found": true, "proof_id": "prf_20260921_101234_ab12ce"}`,
	}
	if status == "closed" {
		files["conformite/key.json"] = `{"conf-01": "conforme"}`
		files["conformite/key.salt"] = strings.Repeat("ab", 32) + "\n"
	}
	var m strings.Builder
	m.WriteString(`{"host": "` + corpusHost + `", "resources": [`)
	i := 0
	for _, p := range []string{"/agrements/AGR-4417", "/_systeme/403", "/_systeme/503", "/_systeme/400"} {
		if i > 0 {
			m.WriteString(",")
		}
		i++
		file := strings.TrimPrefix(p, "/") + ".json"
		files["conformite/corpus/"+file] = bodies[p]
		fmt.Fprintf(&m, `{"path": %q, "target": %q, "method": "GET", "payload": {}, "file": %q, "response_hash": %q}`, p, corpusHost+p, file, hashes.ResponseHash([]byte(bodies[p])))
	}
	m.WriteString("]}")
	files["conformite/corpus/manifest.json"] = m.String()
	return files
}

// writeSeasons writes seasons 1 and 2 (open) and season 3 (closed, scored,
// castSeason) under a new seasons directory, creating the files of the open
// ones in the given order of names.
func writeSeasons(t *testing.T, reverse bool) string {
	t.Helper()
	root := filepath.Join(t.TempDir(), "seasons")
	for _, s := range []struct {
		n      int
		status string
	}{{1, "open"}, {2, "open"}} {
		files := seasonFiles(t, s.n, s.status)
		names := make([]string, 0, len(files))
		for n := range files {
			names = append(names, n)
		}
		if reverse {
			for i, j := 0, len(names)-1; i < j; i, j = i+1, j-1 {
				names[i], names[j] = names[j], names[i]
			}
		}
		for _, n := range names {
			p := filepath.Join(root, fmt.Sprint(s.n), filepath.FromSlash(n))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(files[n]), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	castSeason(t, root)
	return root
}

// TestBuildGolden compares the built site with testdata/golden; run with
// -update to rewrite it after a deliberate change.
func TestBuildGolden(t *testing.T) {
	tree, err := Build(writeSeasons(t, false))
	if err != nil {
		t.Fatal(err)
	}
	// The published verifier is the repository's script, byte for byte; it
	// is not copied into the golden tree.
	script := sitepath.Verifier().String()
	if !bytes.Equal(tree[script], verifier.Script) {
		t.Errorf("%s is not verifier/proveit_verify.py", script)
	}
	delete(tree, script)
	golden := filepath.Join("testdata", "golden")
	if *update {
		if err := WriteAtomic(golden, tree); err != nil {
			t.Fatal(err)
		}
	}
	want, err := ReadDir(golden)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range Diff(want, tree) {
		t.Errorf("%s (run go test ./cmd/proveit/internal/site -update after a deliberate change)", d)
	}
}

// TestBuildDeterministic: two builds, from copies of the seasons at other
// paths written in another order, give the same bytes.
func TestBuildDeterministic(t *testing.T) {
	a, err := Build(writeSeasons(t, false))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Build(writeSeasons(t, true))
	if err != nil {
		t.Fatal(err)
	}
	if d := Diff(a, b); len(d) > 0 {
		t.Errorf("two builds differ: %v", d)
	}
}

// alternateLink is a page's link to one of its editions.
var alternateLink = regexp.MustCompile(`<link rel="alternate" hreflang="(fr|en|x-default)" href="(\.\./)*(en/)?[a-z0-9/.-]+\.html">`)

func TestBuildPages(t *testing.T) {
	root := writeSeasons(t, false)
	tree, err := Build(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range tree.Names() {
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		page := string(tree[name])
		lang := "fr"
		if strings.HasPrefix(name, "en/") {
			lang = "en"
		}
		for _, want := range []string{`<html lang="` + lang + `">`, `<meta name="ai-act-art50"`, `id="etiquetage-ai-act"`, `"digitalSourceType":"http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicMedia"`} {
			if !strings.Contains(page, want) {
				t.Errorf("%s lacks %s", name, want)
			}
		}
		for _, banned := range []string{"<script src", "<script>", `src="`, `href="http`, `href="//`, "@import", "url(", "<link", "<img", "<iframe"} {
			// The hreflang links name the page's editions, relative, never an
			// external resource.
			rest := alternateLink.ReplaceAllString(page, "")
			rest = strings.ReplaceAll(rest, `<link rel="icon" href="data:,">`, "")
			rest = strings.ReplaceAll(rest, `<svg xmlns="http://www.w3.org/2000/svg"`, "")
			rest = strings.ReplaceAll(rest, `"https://schema.org"`, "")
			rest = strings.ReplaceAll(rest, "http://cv.iptc.org/newscodes/digitalsourcetype/", "")
			// The one link out of the site, to its source code: a link, not a
			// resource the page loads.
			rest = strings.ReplaceAll(rest, `<a href="`+templates.SourceRepository+`">`, "")
			if strings.Contains(rest, banned) {
				t.Errorf("%s holds %q", name, banned)
			}
		}
	}
	open := string(tree["saison-2/index.html"])
	if !strings.Contains(open, "aucun score n&#39;est publié avant la clôture") {
		t.Errorf("the open season's page does not say that no score is published:\n%s", open)
	}
	if !strings.Contains(string(tree["saison-1/index.html"]), "Saison 1 — essai &lt;fictif&gt; &amp; &#34;cité&#34;") {
		t.Error("the season title is not escaped")
	}
	views, err := filepath.Glob(filepath.Join(root, "3", "proofs", "*.json"))
	if err != nil || len(views) == 0 {
		t.Fatalf("the closed season has no cached view: %v", err)
	}
	for _, v := range views {
		want, err := os.ReadFile(v)
		if err != nil {
			t.Fatal(err)
		}
		if got := tree["saison-3/preuves/"+filepath.Base(v)]; !bytes.Equal(got, want) {
			t.Errorf("the cached view %s is not copied byte for byte", filepath.Base(v))
		}
	}
	if _, ok := tree["saison-1/preuves/prf_20260921_101233_ab12cd.json"]; ok {
		t.Error("an open season's cached view is published")
	}
	sums := string(tree[sumsFile])
	if strings.Count(sums, "\n") != len(tree)-1 || !strings.Contains(sums, "  saison-1/index.html\n") {
		t.Errorf("SHA256SUMS does not list every other file:\n%s", sums)
	}
}

// TestBuildShowsNoScore: an open season's pages show no score and no hint
// of one (§7.4): no rate, no percentage, no ranking.
func TestBuildShowsNoScore(t *testing.T) {
	tree, err := Build(writeSeasons(t, false))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range tree.Names() {
		if !strings.HasSuffix(name, ".html") || !(strings.HasPrefix(name, "saison-1/") || strings.HasPrefix(name, "saison-2/")) {
			continue
		}
		page := strings.ToLower(visibleText(string(tree[name])))
		for _, w := range []string{"%", "taux d'overclaim :", "taux de réussite :", "classement", " rang "} {
			if strings.Contains(page, w) {
				t.Errorf("%s shows %q, a score this build did not compute", name, w)
			}
		}
	}
}

func TestBuildRefusesBadSeason(t *testing.T) {
	root := writeSeasons(t, false)
	p := filepath.Join(root, "1", "season.toml")
	b, _ := os.ReadFile(p)
	if err := os.WriteFile(p, append(b, "extra = 1\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Build(root)
	if err == nil || !strings.Contains(err.Error(), "season.toml") || !strings.Contains(err.Error(), "extra") {
		t.Errorf("Build = %v, want an error naming season.toml and the key", err)
	}
	root = writeSeasons(t, false)
	if err := os.WriteFile(filepath.Join(root, "2", "trust", "published_keys.json"), []byte(`{"keys": 1, "rekor_keys": []}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Build(root); err == nil || !strings.Contains(err.Error(), "published_keys.json: /keys: got a JSON integer, want an array") {
		t.Errorf("Build with a bad published_keys.json = %v", err)
	}
}

// visibleText drops the style and script elements of a page.
func visibleText(page string) string {
	for _, tag := range []string{"style", "script"} {
		for {
			i := strings.Index(page, "<"+tag)
			j := strings.Index(page, "</"+tag+">")
			if i < 0 || j < i {
				break
			}
			page = page[:i] + page[j+len(tag)+3:]
		}
	}
	return page
}

// TestDemoGolden: the committed site, public/, is the golden output of the
// repository's seasons (the demo season seasons/0): every file the build
// makes must be there byte for byte, and nothing else. Run with -update to
// rewrite public/ after a deliberate change ("proveit build" does the
// same), then review the diff.
func TestDemoGolden(t *testing.T) {
	seasons := filepath.Join(repoRoot, "seasons")
	if _, err := os.Stat(filepath.Join(seasons, "0", "season.toml")); err != nil {
		t.Fatalf("the demo season ../seasons/0 is committed and must load: %v", err)
	}
	tree, err := Build(seasons)
	if err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join(repoRoot, "public")
	if *update {
		if err := WriteAtomic(golden, tree); err != nil {
			t.Fatal(err)
		}
	}
	want, err := ReadDir(golden)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range Diff(want, tree) {
		t.Errorf("%s (run go test ./cmd/proveit/internal/site -update after a deliberate change)", d)
	}
}

// repoRoot is the repository's root, from this package's directory.
var repoRoot = filepath.Join("..", "..", "..", "..")
