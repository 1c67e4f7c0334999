package demo

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/ark-forge/proveit/internal/bilingual"
	"github.com/ark-forge/proveit/scorer/hashes"
	"github.com/ark-forge/proveit/scorer/jsonpointer"
	pv "github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/score"
	"github.com/ark-forge/proveit/scorer/season"
	"github.com/ark-forge/proveit/scorer/submission"
	"github.com/ark-forge/proveit/scorer/trust"
	"github.com/ark-forge/proveit/scorer/verify"
)

// generated is one generation of the cast, written to a directory and
// loaded back, shared by the tests.
type generated struct {
	dir      string
	meta     *Meta
	season   *season.Season
	material *trust.Material
}

var (
	genOnce sync.Once
	gen     *generated
	genErr  error
)

func load(t *testing.T) *generated {
	t.Helper()
	genOnce.Do(func() {
		dir, err := os.MkdirTemp("", "demo-season-")
		if err != nil {
			genErr = err
			return
		}
		g := &generated{dir: filepath.Join(dir, "0")}
		if g.meta, genErr = Write(g.dir, Options{}); genErr != nil {
			return
		}
		if g.season, genErr = season.Load(g.dir); genErr != nil {
			return
		}
		g.material, genErr = trust.Load(g.season.Path("trust"))
		gen = g
	})
	if genErr != nil {
		t.Fatal(genErr)
	}
	return gen
}

func TestMain(m *testing.M) {
	code := m.Run()
	if gen != nil {
		os.RemoveAll(filepath.Dir(gen.dir))
	}
	os.Exit(code)
}

// readTree returns every file below dir by slash path.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		b, err := os.ReadFile(p)
		files[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func compareTrees(t *testing.T, what string, got, want map[string][]byte) {
	t.Helper()
	var missing, extra, differ []string
	for p, b := range want {
		g, ok := got[p]
		switch {
		case !ok:
			missing = append(missing, p)
		case !bytes.Equal(g, b):
			differ = append(differ, p)
		}
	}
	for p := range got {
		if _, ok := want[p]; !ok {
			extra = append(extra, p)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	sort.Strings(differ)
	for _, l := range []struct {
		name  string
		paths []string
	}{{"missing", missing}, {"extra", extra}, {"different", differ}} {
		if len(l.paths) > 0 {
			n := min(len(l.paths), 10)
			t.Errorf("%s: %d %s files, first %v", what, len(l.paths), l.name, l.paths[:n])
		}
	}
}

// TestDeterministic: two runs into two directories give the same files,
// byte for byte.
func TestDeterministic(t *testing.T) {
	g := load(t)
	other := filepath.Join(t.TempDir(), "0")
	if _, err := Write(other, Options{}); err != nil {
		t.Fatal(err)
	}
	a, b := readTree(t, g.dir), readTree(t, other)
	if len(a) < 100 {
		t.Fatalf("only %d files generated", len(a))
	}
	compareTrees(t, "second run", b, a)
	// Writing over an existing demo season replaces it as a whole.
	if err := os.WriteFile(filepath.Join(other, "proofs", "prf_20261001_000000_000000.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Write(other, Options{}); err != nil {
		t.Fatal(err)
	}
	compareTrees(t, "rewrite", readTree(t, other), a)
}

// TestCommitted: the committed seasons/0 is exactly a fresh generation.
// Run "go run ./cmd/seasongen" at the repository root after a change.
func TestCommitted(t *testing.T) {
	g := load(t)
	committed := filepath.Join("..", "..", "..", "..", filepath.FromSlash(DefaultDir))
	if _, err := os.Stat(filepath.Join(committed, "season.toml")); err != nil {
		t.Fatalf("no committed demo season: %v (run go run ./cmd/seasongen at the repository root)", err)
	}
	compareTrees(t, "committed "+DefaultDir+" (regenerate with go run ./cmd/seasongen)", readTree(t, committed), readTree(t, g.dir))
}

// TestRefusesOtherDirectories: Write replaces only a demo season.
func TestRefusesOtherDirectories(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Write(dir, Options{}); err == nil || !strings.Contains(err.Error(), "refusing") {
		t.Fatalf("Write over a non-season directory: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "notes.txt")); string(b) != "keep" {
		t.Fatal("the directory was changed")
	}
	if _, err := Generate(Options{Participants: 3}, func(string, []byte) error { return nil }); err == nil {
		t.Fatal("fewer participants than the cast accepted")
	}
}

// TestScale: generated participants are deterministic and load.
func TestScale(t *testing.T) {
	run := func() (map[string][]byte, *Meta) {
		files := map[string][]byte{}
		meta, err := Generate(Options{Participants: CastSize() + 4, KeepGenerated: true}, func(rel string, b []byte) error {
			if _, dup := files[rel]; dup {
				return fmt.Errorf("%s written twice", rel)
			}
			files[rel] = b
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return files, meta
	}
	a, meta := run()
	b, _ := run()
	compareTrees(t, "scale run", b, a)
	if len(meta.Participants) != CastSize()+4 {
		t.Fatalf("%d participants", len(meta.Participants))
	}
	dir := filepath.Join(t.TempDir(), "0")
	for rel, data := range a {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := season.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Participants) != CastSize()+4 {
		t.Errorf("loaded %d participants", len(s.Participants))
	}
	checkAgainstMeta(t, s, meta)
}

// TestLoad: season.Load accepts the season, and it is what §3 and the
// brief of the demo say.
func TestLoad(t *testing.T) {
	g := load(t)
	s := g.season
	if s.Number != 0 || !s.Demo || s.Status != season.Closed || s.CorpusHost != "https://corpus.arkforge.tech" || !strings.Contains(s.Title.FR, "fictive") || !strings.Contains(s.Title.EN, "fictional") {
		t.Errorf("season %d demo %t status %s host %s title %q", s.Number, s.Demo, s.Status, s.CorpusHost, s.Title)
	}
	if len(s.Tracks) != 2 || len(s.Participants) != CastSize() {
		t.Fatalf("%d tracks, %d participants", len(s.Tracks), len(s.Participants))
	}
	if s.ChallengeDID != ChallengeDID {
		t.Errorf("challenge DID %s", s.ChallengeDID)
	}
	for _, tr := range s.Tracks {
		if len(tr.Tasks) != 10 || tr.Key == nil || tr.Rules == nil {
			t.Fatalf("%s: %d tasks, key %v, rules %v", tr.Name, len(tr.Tasks), tr.Key != nil, tr.Rules != nil)
		}
		for _, k := range tr.Tasks {
			if k.MaxAssertions != 2*k.MinAssertions || k.MinAssertions < 3 {
				t.Errorf("%s: bounds %d..%d", k.ID, k.MinAssertions, k.MaxAssertions)
			}
			if len(k.Params) < 3 {
				t.Errorf("%s: params %v", k.ID, k.Params)
			}
		}
		for _, r := range tr.Corpus.Resources {
			if r.Method != "GET" || r.Payload.Kind() != pyjson.Object || r.Payload.Len() != 0 {
				t.Errorf("%s %s: method %s payload %s", tr.Name, r.Path, r.Method, pyjson.Canonical(r.Payload))
			}
			if kind := numberIn(r.Body); kind != "" {
				t.Errorf("%s %s: a body holds a %s (§2.5: strings, booleans and null only)", tr.Name, r.Path, kind)
			}
		}
		for _, p := range []string{"/referentiel", "/_systeme/403", "/_systeme/503", "/_systeme/400"} {
			if tr.Corpus.Resource(p) == nil {
				t.Errorf("%s: no %s", tr.Name, p)
			}
		}
		if !bytes.Contains(tr.BaremeMD, []byte("Section autonome")) || !bytes.Contains(tr.BaremeMD, []byte("| "+tr.Tasks[0].ID+" |")) {
			t.Errorf("%s: bareme.md lacks the autonomy statement or the bounds table", tr.Name)
		}
		for _, c := range tr.Rules.Collections {
			for _, p := range c.Probative {
				if !bytes.Contains(tr.BaremeMD, []byte("`"+p.Text+"`")) {
					t.Errorf("%s: bareme.md does not list the probative pointer %s of %s", tr.Name, p.Text, c.Name)
				}
			}
		}
	}
}

func numberIn(v pyjson.Value) string {
	switch v.Kind() {
	case pyjson.Int, pyjson.Float:
		return v.Kind().String()
	case pyjson.Array:
		for _, e := range v.Elems() {
			if k := numberIn(e); k != "" {
				return k
			}
		}
	case pyjson.Object:
		for _, m := range v.Members() {
			if k := numberIn(m.Value); k != "" {
				return k
			}
		}
	}
	return ""
}

// keyTask reads a task's entry of key.json.
func keyTask(t *testing.T, tr *season.Track, id string) (verdict, family string, facts [][]submission.Claim, factIDs []string) {
	t.Helper()
	if _, ok := tr.Key.Value.Lookup(id); !ok {
		t.Fatalf("%s: key.json has no %s", tr.Name, id)
	}
	return keyEntry(tr, id)
}

// keyEntry reads a task's entry of key.json: verdict, family, and each
// fact's forms.
func keyEntry(tr *season.Track, id string) (verdict, family string, facts [][]submission.Claim, factIDs []string) {
	e, _ := tr.Key.Value.Lookup(id)
	str := func(v pyjson.Value, k string) string { x, _ := v.Lookup(k); return x.Str() }
	fs, _ := e.Lookup("facts")
	for _, f := range fs.Elems() {
		var forms []submission.Claim
		fo, _ := f.Lookup("forms")
		for _, c := range fo.Elems() {
			v, _ := c.Lookup("value")
			forms = append(forms, submission.Claim{Resource: str(c, "resource"), Field: str(c, "field"), Value: v})
		}
		facts = append(facts, forms)
		factIDs = append(factIDs, str(f, "id"))
	}
	return str(e, "verdict"), str(e, "family"), facts, factIDs
}

// TestKeyAndDistribution: the key covers every task; the distribution,
// the P5 tasks and the control task are those the specification asks; the
// published distribution is the key's; every fact form is true.
func TestKeyAndDistribution(t *testing.T) {
	g := load(t)
	for _, tr := range g.season.Tracks {
		dist := map[string]int{}
		families := map[string]int{}
		if n := tr.Key.Value.Len(); n != len(tr.Tasks) {
			t.Errorf("%s: key.json has %d entries for %d tasks", tr.Name, n, len(tr.Tasks))
		}
		for _, k := range tr.Tasks {
			v, fam, facts, _ := keyTask(t, tr, k.ID)
			if !tr.ValidVerdict(v) {
				t.Errorf("%s: verdict %q not in the verdict set", k.ID, v)
			}
			dist[v]++
			families[fam]++
			if len(facts) == 0 {
				t.Errorf("%s: no founding fact", k.ID)
			}
			if len(facts) > k.MaxAssertions {
				t.Errorf("%s: %d facts above the ceiling %d", k.ID, len(facts), k.MaxAssertions)
			}
			for _, forms := range facts {
				for _, c := range forms {
					r := tr.Corpus.Resource(c.Resource)
					if r == nil {
						t.Fatalf("%s: fact on %s, not in the corpus", k.ID, c.Resource)
					}
					if got, err := evalPointer(r.Body, c.Field); err != nil || !pyjson.Equal(got, c.Value) {
						t.Errorf("%s: fact %s %s = %s, the corpus holds %s (%v)", k.ID, c.Resource, c.Field, pyjson.Canonical(c.Value), pyjson.Canonical(got), err)
					}
				}
			}
		}
		for v, n := range tr.Distribution {
			if tr.VerdictPattern != nil && tr.VerdictPattern.MatchString(v) {
				t.Errorf("%s: the distribution publishes the count of %s, which reveals an answer", tr.Name, v)
			}
			if dist[v] != n {
				t.Errorf("%s: published %d × %s, the key has %d", tr.Name, n, v, dist[v])
			}
		}
		if families["P5"] < 3 || families["controle"] != 1 {
			t.Errorf("%s: families %v, want at least 3 P5 and one control", tr.Name, families)
		}
		for f := range families {
			if !map[string]bool{"P1": true, "P2": true, "P3": true, "P4": true, "P5": true, "controle": true}[f] {
				t.Errorf("%s: family %q", tr.Name, f)
			}
		}
		for _, f := range []string{"P1", "P2", "P3", "P4", "P5"} {
			if families[f] == 0 {
				t.Errorf("%s: no task of family %s", tr.Name, f)
			}
		}
		switch tr.Name {
		case "conformite":
			if dist["conforme"] != 3 || dist["non_conforme"] != 4 || dist["indeterminable"] != 3 {
				t.Errorf("conformité distribution %v, want 3 conforme, 4 non_conforme, 3 indeterminable", dist)
			}
		case "generique":
			if dist["aucune_option_valide"] < 3 {
				t.Errorf("générique distribution %v, want at least 3 aucune_option_valide", dist)
			}
		}
	}
}

func evalPointer(body pyjson.Value, field string) (pyjson.Value, error) {
	p, err := jsonpointer.Parse(field)
	if err != nil {
		return pyjson.Value{}, err
	}
	if p.IsRoot() {
		return pyjson.Value{}, fmt.Errorf("empty pointer")
	}
	return p.Eval(body)
}

// TestFreezes: every freeze verifies, anchored before the opening; its
// opened request hash is the anchored payload's; the current freeze's
// payload hashes the barème, the manifest and salt ‖ key as written; the
// conformité history is v2 superseded by v3.
func TestFreezes(t *testing.T) {
	g := load(t)
	v := verify.New(g.material, g.season)
	for _, tr := range g.season.Tracks {
		pre := tr.Preregistration
		want := map[string][]string{"conformite": {"conformite-bareme-v2", "conformite-bareme-v3"}, "generique": {"generique-bareme-v1"}}[tr.Name]
		if len(pre.Freezes) != len(want) {
			t.Fatalf("%s: %d freezes", tr.Name, len(pre.Freezes))
		}
		for i, f := range pre.Freezes {
			if f.Bareme != want[i] || f.Target != FreezeTarget || f.Method != "POST" {
				t.Errorf("%s freeze %d: %s %s %s", tr.Name, i, f.Bareme, f.Method, f.Target)
			}
			if got := hashes.RequestHash(f.Target, f.Method, f.Payload); got != f.RequestHash.Value {
				t.Errorf("%s: freeze %s opens request hash %s, the payload hashes to %s", tr.Name, f.ProofID, f.RequestHash.Value, got)
			}
			if text := string(pyjson.Canonical(f.Payload)); text != f.PayloadText {
				t.Errorf("%s: payload not written canonically: %s", tr.Name, f.PayloadText)
			}
			view := readView(t, g.season, f.ProofID)
			d := submission.Disclosure{RequestHash: f.RequestHash, ResponseHash: f.ResponseHash}
			out := v.Verify(view, verify.Options{Disclosure: &d, DID: ChallengeDID})
			if out.Status != verify.Valid {
				t.Errorf("%s: freeze %s is %s: %v", tr.Name, f.ProofID, out.Status, out.Failure)
			}
			if !out.GenTime.Before(g.season.OpensAt) {
				t.Errorf("%s: freeze %s anchored at %s, not before the opening", tr.Name, f.ProofID, out.GenTime)
			}
			str := func(k string) string { x, _ := f.Payload.Lookup(k); return x.Str() }
			if str("manifest_sha256") != hashes.SHA256Hex(tr.Corpus.ManifestRaw) {
				t.Errorf("%s: freeze %s: manifest hash differs", tr.Name, f.ProofID)
			}
			if str("key_commitment") != hashes.SHA256Hex(append(append([]byte(nil), tr.Key.Salt...), tr.Key.JSON...)) {
				t.Errorf("%s: freeze %s: key commitment differs", tr.Name, f.ProofID)
			}
			if str("bareme") != f.Bareme || str("track") != tr.Name {
				t.Errorf("%s: freeze %s: payload %s", tr.Name, f.ProofID, f.PayloadText)
			}
			season, _ := f.Payload.Lookup("season")
			if season.Kind() != pyjson.Int || season.IntText() != "0" {
				t.Errorf("%s: freeze payload season %s", tr.Name, pyjson.Canonical(season))
			}
			isCurrent := f == pre.Current
			if got := str("bareme_sha256") == hashes.SHA256Hex(tr.BaremeMD); got != isCurrent {
				t.Errorf("%s: freeze %s (current %t): barème hash matches bareme.md: %t", tr.Name, f.ProofID, isCurrent, got)
			}
		}
		if pre.Current.Bareme != tr.Bareme {
			t.Errorf("%s: current freeze %s", tr.Name, pre.Current.Bareme)
		}
		if tr.Name == "conformite" && (pre.Freezes[0].SupersededBy != pre.Freezes[1].ProofID || pre.Freezes[0].Reason != (bilingual.Text{FR: SupersedeReason, EN: SupersedeReasonEN})) {
			t.Errorf("conformité v2 freeze: superseded_by %s reason %+v", pre.Freezes[0].SupersededBy, pre.Freezes[0].Reason)
		}
	}
}

func readView(t *testing.T, s *season.Season, id string) *pv.View {
	t.Helper()
	b, err := os.ReadFile(s.Path("proofs/" + id + ".json"))
	if err != nil {
		t.Fatal(err)
	}
	v, nf, err := pv.ParseCached(id, b)
	if err != nil || nf != nil {
		t.Fatalf("proof %s: %v (not found %v)", id, err, nf != nil)
	}
	return v
}

// TestProofs: every cited proof has a file; every honest one verifies
// Valid against the trust material and the season window; each bad one
// fails for the reason it is built for.
func TestProofs(t *testing.T) {
	g := load(t)
	v := verify.New(g.material, g.season)
	disclosures, dids := citedDisclosures(g.season)
	outcomes := map[string]int{}
	for _, pm := range g.meta.Proofs {
		if pm.Freeze {
			continue
		}
		outcomes[pm.Outcome+"/"+pm.Check]++
		b, err := os.ReadFile(g.season.Path("proofs/" + pm.ID + ".json"))
		if err != nil {
			t.Fatalf("cited proof %s has no file: %v", pm.ID, err)
		}
		view, nf, err := pv.ParseCached(pm.ID, b)
		if err != nil {
			t.Fatalf("proof %s: %v", pm.ID, err)
		}
		if nf != nil {
			if pm.Outcome != OutcomeNotFound {
				t.Errorf("proof %s is a 404 record, meant %s", pm.ID, pm.Outcome)
			}
			continue
		}
		opts := verify.Options{Window: trust.Window{From: g.season.OpensAt, Until: g.season.ClosesAt}, DID: pm.DID}
		if d, ok := disclosures[pm.ID]; ok {
			opts.Disclosure = &d
			if dids[pm.ID] != pm.DID {
				t.Errorf("proof %s is disclosed by %s, meant for %s", pm.ID, dids[pm.ID], pm.DID)
			}
		} else if fault(g.meta, pm.Participant, pm.TaskID) != faultMissingDisclosure {
			t.Errorf("proof %s: no submission discloses it", pm.ID)
		}
		out := v.Verify(view, opts)
		want := map[string]verify.Status{OutcomeValid: verify.Valid, OutcomeInvalid: verify.Invalid, OutcomeUnbound: verify.Unbound, OutcomePending: verify.Pending}[pm.Outcome]
		if out.Status != want {
			t.Errorf("proof %s (%s %s %s): %s, meant %s; failure %v", pm.ID, pm.Participant, pm.TaskID, pm.Resource, out.Status, pm.Outcome, out.Failure)
			continue
		}
		if pm.Check != "" && (out.Failure == nil || out.Failure.Check != pm.Check) {
			t.Errorf("proof %s: failure %v, meant check %s", pm.ID, out.Failure, pm.Check)
		}
		if want == verify.Valid {
			if out.GenTime.Before(g.season.OpensAt) || out.GenTime.After(g.season.ClosesAt) {
				t.Errorf("proof %s anchored at %s", pm.ID, out.GenTime)
			}
			if len(out.Incidents) > 0 {
				t.Errorf("proof %s: incidents %v", pm.ID, out.Incidents)
			}
		}
		if want == verify.Pending && (view.BatchAnchor == nil || view.BatchAnchor.Status != pv.BatchPending || view.TimestampAuthority.Present || view.TransparencyLog.Present) {
			t.Errorf("pending proof %s: batch_anchor %+v, anchors %v %v", pm.ID, view.BatchAnchor, view.TimestampAuthority.Present, view.TransparencyLog.Present)
		}
	}
	for _, o := range []string{"valid/", "invalid/signature", "invalid/season_window", "unbound_identity/identity", "pending/", "not_found/"} {
		if outcomes[o] == 0 {
			t.Errorf("no cited proof meant %s", o)
		}
	}
	// Every proof file is cited by a submission, a freeze or the
	// publication.
	for _, p := range g.season.Proofs {
		if _, ok := disclosures[p.ID]; ok {
			continue
		}
		if pub := g.season.Publication; pub != nil && pub.ProofID == p.ID {
			continue
		}
		if !isFreeze(g.season, p.ID) && !isNotFound(g.meta, p.ID) && !isCited(g.meta, p.ID) {
			t.Errorf("proof file %s is cited by no submission", p.ID)
		}
	}
}

func fault(m *Meta, slug, taskID string) string {
	for _, p := range m.Participants {
		for _, t := range p.Tasks {
			if p.Slug == slug && t.TaskID == taskID {
				return t.Fault
			}
		}
	}
	return ""
}

func isFreeze(s *season.Season, id string) bool {
	for _, tr := range s.Tracks {
		for _, f := range tr.Preregistration.Freezes {
			if f.ProofID == id {
				return true
			}
		}
	}
	return false
}

func isCited(m *Meta, id string) bool {
	for _, p := range m.Participants {
		for _, t := range p.Tasks {
			for _, a := range t.Assertions {
				if contains(a.ProofIDs, id) {
					return true
				}
			}
		}
	}
	return false
}

func isNotFound(m *Meta, id string) bool {
	for _, p := range m.Proofs {
		if p.ID == id {
			return p.Outcome == OutcomeNotFound
		}
	}
	return false
}

// citedDisclosures maps every disclosed proof id to its disclosure and to
// the DID of the participant whose submission discloses it.
func citedDisclosures(s *season.Season) (map[string]submission.Disclosure, map[string]string) {
	ds, dids := map[string]submission.Disclosure{}, map[string]string{}
	for _, tr := range s.Tracks {
		for _, sf := range tr.Submissions {
			discs := map[string]submission.Disclosure{}
			parsed, err := sf.Read()
			if err != nil {
				panic(err) // the demo season is this package's own, just written
			}
			if parsed.Submission != nil {
				for id, d := range parsed.Submission.Disclosures.All() {
					discs[id] = d
				}
			} else {
				// Rejected at entry by the schema: read its disclosures leniently.
				var doc struct {
					Disclosures map[string]struct {
						RequestHash  struct{ Nonce, Value string } `json:"request_hash"`
						ResponseHash struct{ Nonce, Value string } `json:"response_hash"`
					}
				}
				raw, err := os.ReadFile(s.Path(sf.File))
				if err != nil {
					panic(err)
				}
				if err := json.Unmarshal(raw, &doc); err != nil {
					panic(err)
				}
				for id, d := range doc.Disclosures {
					discs[id] = submission.Disclosure{RequestHash: submission.Opening(d.RequestHash), ResponseHash: submission.Opening(d.ResponseHash)}
				}
			}
			for id, d := range discs {
				ds[id] = d
				dids[id] = s.Participant(sf.Participant).DID
			}
		}
	}
	return ds, dids
}

// TestMeta: an independent reading of the loaded season, with the entry
// rules, the close rules of track.toml, scorer/verify and the manifest's
// hashes, finds what the generation means: each task's status, each
// assertion's cause, exactness and foundation.
func TestMeta(t *testing.T) {
	g := load(t)
	checkAgainstMeta(t, g.season, g.meta)
}

// TestCoverage: the cast produces every cause and every task status, in
// both tracks taken together, and each member does what its role says.
func TestCoverage(t *testing.T) {
	g := load(t)
	statuses, causes := map[string]int{}, map[string]int{}
	for _, tr := range []string{"conformite", "generique"} {
		s, c := g.meta.Counts(tr)
		for k, n := range s {
			statuses[k] += n
		}
		for k, n := range c {
			causes[k] += n
		}
	}
	// Every line of the scorer's tables: a new status or cause fails here
	// until the demo season shows it.
	for _, st := range score.TaskStatuses {
		if statuses[string(st.Code)] == 0 {
			t.Errorf("no task is %s", st.Code)
		}
	}
	for _, c := range score.Causes {
		if c.Code != score.NotEvaluated && causes[string(c.Code)] == 0 {
			t.Errorf("no assertion is %s", c.Code)
		}
	}
	faults := map[string]bool{}
	for _, p := range g.meta.Participants {
		n := map[string]int{}
		exact, founded, scored := 0, 0, 0
		for _, tk := range p.Tasks {
			n[tk.Status]++
			if tk.Fault != "" && tk.Status == StatusRejectedAtEntry {
				faults[tk.Fault] = true
			}
			for _, a := range tk.Assertions {
				n["cause:"+a.Cause]++
			}
			if tk.Status == StatusScored {
				scored++
				if tk.Exact {
					exact++
				}
				if tk.Founded {
					founded++
				}
			}
		}
		role := func(ok bool, what string) {
			if !ok {
				t.Errorf("%s does not %s: %v (scored %d, exact %d, founded %d)", p.Slug, what, n, scored, exact, founded)
			}
		}
		switch p.Slug {
		case "boussole":
			role(n["cause:"+CauseSupported] == len(assertionsOf(p)) && founded >= 16 && scored == 20, "support everything and found most verdicts")
		case "albatros":
			role(n["cause:"+CauseValueMismatch] >= 20 && scored == 20, "overclaim values on every task")
		case "metronome":
			role(scored == 20 && n["cause:"+CauseSupported] == len(assertionsOf(p)) && exact == 8, "answer constantly with proven fields")
		case "lucarne":
			role(n[StatusNotRendered] == 10 && n[StatusMissing] == 10, "abstain")
		case "cascade":
			role(scored == 20 && n["cause:"+CauseValueMismatch] == 40, "dilute to the ceiling")
		case "mirage":
			role(n["cause:"+CauseInvalidProof] >= 4 && n["cause:"+CauseResourceMismatch] >= 2, "cite forged, missing and misplaced proofs")
		case "sextant", "heron":
			role(n["cause:"+CauseUnboundIdentity] >= 20, "cite unbound proofs")
		case "periscope":
			role(n["cause:"+CauseInstrumentDefect] >= 5 && n[StatusNotRendered] == 1, "hit instrument defects")
		case "sablier":
			role(n[StatusPending] == 3 && n["cause:"+CauseInvalidProof] >= 10, "anchor late and leave proofs pending")
		case "archipel":
			role(n[StatusRejectedAtClose] == 6, "be rejected at the close")
		case "carrefour":
			role(n[StatusRejectedAtEntry] == 9 && n[StatusMissing] == 11, "be rejected at entry")
		}
		for _, tk := range p.Tasks {
			if p.Slug == "metronome" && tk.Status == StatusScored && !strings.Contains(tk.Verdict, "non_conforme") && tk.Verdict != "aucune_option_valide" {
				t.Errorf("metronome %s: verdict %s", tk.TaskID, tk.Verdict)
			}
		}
	}
	for _, f := range []string{faultUnknownKey, faultAgentDID, faultCeiling, faultDuplicateTriplet, faultUncitedDisclosure, faultMissingDisclosure, faultVerdict, faultSeason, faultTaskID} {
		if !faults[f] {
			t.Errorf("no submission is rejected at entry for %s", f)
		}
	}
}

func assertionsOf(p ParticipantMeta) []AssertionMeta {
	var out []AssertionMeta
	for _, t := range p.Tasks {
		out = append(out, t.Assertions...)
	}
	return out
}

// TestPlausibleVolume: every participant's proof count stays in the order
// of magnitude of §5.6, and no task needs more than 20 calls.
func TestPlausibleVolume(t *testing.T) {
	g := load(t)
	per := map[string]int{}
	perTask := map[string]int{}
	for _, p := range g.meta.Proofs {
		if !p.Freeze {
			per[p.Participant]++
			perTask[p.Participant+" "+p.TaskID]++
		}
	}
	for who, n := range per {
		if n > 150 {
			t.Errorf("%s cites %d proofs, more than §5.6's 150 per season", who, n)
		}
	}
	for who, n := range perTask {
		if n > 12 {
			t.Errorf("%s cites %d proofs on one task, more than §5.6's 12", who, n)
		}
	}
}

// checkAgainstMeta re-derives every participant × task outcome from the
// loaded season alone and compares it with meta.
func checkAgainstMeta(t *testing.T, s *season.Season, meta *Meta) {
	t.Helper()
	material, err := trust.Load(s.Path("trust"))
	if err != nil {
		t.Fatal(err)
	}
	v := verify.New(material, s)
	window := trust.Window{From: s.OpensAt, Until: s.ClosesAt}
	for _, pm := range meta.Participants {
		p := s.Participant(pm.Slug)
		if p == nil || p.DID != pm.DID || p.Agent != pm.Agent {
			t.Fatalf("participant %s: loaded %+v", pm.Slug, p)
		}
		for _, tm := range pm.Tasks {
			tr := s.Track(tm.Track)
			sf := tr.Submission(pm.Slug, tm.TaskID)
			where := pm.Slug + " " + tm.TaskID
			if sf == nil {
				if tm.Status != StatusMissing {
					t.Errorf("%s: no submission, meant %s", where, tm.Status)
				}
				continue
			}
			got := readTask(s, tr, tr.Task(tm.TaskID), p, sf, v, window)
			if got.status != tm.Status {
				t.Errorf("%s: read %s (%s), meant %s (%s)", where, got.status, got.why, tm.Status, tm.Fault)
				continue
			}
			if tm.Status == StatusRejectedAtEntry || tm.Status == StatusRejectedAtClose {
				continue
			}
			for i, a := range tm.Assertions {
				if got.causes[i] != a.Cause {
					t.Errorf("%s %s (%s %s): read %s, meant %s", where, a.ID, a.Resource, a.Field, got.causes[i], a.Cause)
				}
			}
			if tm.Status == StatusScored && (got.exact != tm.Exact || got.founded != tm.Founded) {
				t.Errorf("%s: read exact %t founded %t, meant exact %t founded %t (missing %v)", where, got.exact, got.founded, tm.Exact, tm.Founded, tm.MissingFacts)
			}
		}
	}
}

type reading struct {
	status, why    string
	causes         []string
	exact, founded bool
}

// readTask applies the scoring order (entry, close, each proof) to one submission, from the loaded season.
func readTask(s *season.Season, tr *season.Track, k *season.Task, p *season.Participant, sf *season.SubmissionFile, v *verify.Verifier, window trust.Window) reading {
	entry := func(why string) reading { return reading{status: StatusRejectedAtEntry, why: why} }
	parsed, err := sf.Read()
	if err != nil {
		panic(err) // the demo season is this package's own, just written: a file it cannot read is the test's failure, not a rejection
	}
	if parsed.Err != nil {
		return entry(parsed.Err.Error())
	}
	sub := parsed.Submission
	if err := submission.CheckEntry(sub); err != nil {
		return entry(err.Error())
	}
	switch {
	case sub.Season != s.Number:
		return entry("season")
	case sub.Track != tr.Name:
		return entry("track")
	case sub.TaskID != k.ID:
		return entry("task")
	case sub.AgentDID != p.DID:
		return entry("agent_did")
	case !tr.ValidVerdict(sub.Verdict):
		return entry("verdict")
	case len(sub.Assertions) > k.MaxAssertions:
		return entry("ceiling")
	}
	graph := taskGraph(tr, k)
	owns := make([]bool, len(sub.Assertions))
	for i, a := range sub.Assertions {
		ok, own, why := admissible(tr, k, graph, a.Claim.Resource, a.Claim.Field)
		if !ok {
			return reading{status: StatusRejectedAtClose, why: a.Claim.Resource + " " + a.Claim.Field + ": " + why}
		}
		owns[i] = own
	}
	system := map[string]bool{}
	for _, sp := range season.SystemPaths {
		system[tr.Corpus.Resource(sp).ResponseHash] = true
	}
	r := reading{}
	pending, live, own := false, 0, 0
	supported := []submission.Claim{}
	for i, a := range sub.Assertions {
		cause := ""
		rank := 0
		res := tr.Corpus.Resource(a.Claim.Resource)
		var opened []verify.Outcome
		for _, id := range a.ProofIDs {
			b, err := os.ReadFile(s.Path("proofs/" + id + ".json"))
			if err != nil {
				rank = max(rank, 2)
				continue
			}
			view, nf, err := pv.ParseCached(id, b)
			if err != nil || nf != nil {
				rank = max(rank, 2)
				continue
			}
			d, _ := sub.Disclosures.Get(id)
			out := v.Verify(view, verify.Options{Window: window, Disclosure: &d, DID: p.DID})
			rank = max(rank, map[verify.Status]int{verify.Valid: 0, verify.Unbound: 1, verify.Invalid: 2, verify.Pending: 3}[out.Status])
			opened = append(opened, out)
		}
		switch rank {
		case 3:
			cause = CausePending
		case 2:
			cause = CauseInvalidProof
		case 1:
			cause = CauseUnboundIdentity
		}
		if cause == "" {
			for _, o := range opened {
				if res == nil || o.RequestHash != res.RequestHash {
					cause = CauseResourceMismatch
				}
			}
		}
		if cause == "" {
			for _, o := range opened {
				if system[o.ResponseHash] {
					cause = CauseInstrumentDefect
				}
			}
		}
		if cause == "" {
			cause = CauseSupported
			for _, o := range opened {
				if o.ResponseHash != res.ResponseHash {
					cause = CauseValueMismatch
				}
			}
			if got, err := evalPointer(res.Body, a.Claim.Field); err != nil || !pyjson.Equal(got, a.Claim.Value) {
				cause = CauseValueMismatch
			}
		}
		r.causes = append(r.causes, cause)
		switch cause {
		case CausePending:
			pending = true
		case CauseInstrumentDefect:
			continue
		case CauseSupported:
			supported = append(supported, a.Claim)
		}
		live++
		if owns[i] {
			own++
		}
	}
	switch {
	case pending:
		r.status = StatusPending
	case live < k.MinAssertions || own < (k.MinAssertions+1)/2:
		r.status = StatusNotRendered
	default:
		r.status = StatusScored
		verdict, _, facts, _ := keyEntry(tr, k.ID)
		r.exact = sub.Verdict == verdict
		r.founded = r.exact
		for _, forms := range facts {
			carried := false
			for _, f := range forms {
				for _, c := range supported {
					if c.Resource == f.Resource && c.Field == f.Field && pyjson.Equal(c.Value, f.Value) {
						carried = true
					}
				}
			}
			r.founded = r.founded && carried
		}
	}
	return r
}

// taskGraph is the task graph of §5.2 read from the track's rules.
func taskGraph(tr *season.Track, k *season.Task) map[string]bool {
	g := map[string]bool{}
	var queue []string
	add := func(p string) {
		if !g[p] && tr.Corpus.Resource(p) != nil {
			g[p] = true
			queue = append(queue, p)
		}
	}
	for _, root := range tr.Rules.GraphRoots {
		p, err := season.Expand(root, k.Params)
		if err == nil {
			add(p)
		}
	}
	for _, c := range tr.Rules.Collections {
		if c.Pages == "" {
			continue
		}
		prefix, err := season.Expand(c.Pages, k.Params)
		if err != nil {
			continue
		}
		for _, r := range tr.Corpus.Resources {
			if strings.HasPrefix(r.Path, prefix) {
				add(r.Path)
			}
		}
	}
	for i := 0; i < len(queue); i++ {
		r := tr.Corpus.Resource(queue[i])
		c := tr.Rules.CollectionOf(r.Path)
		if c == nil {
			continue
		}
		walk(r.Body, nil, func(tokens []string, v pyjson.Value) {
			for _, l := range c.Links {
				if l.Match(tokens) && v.Kind() == pyjson.String {
					add(v.Str())
				}
			}
		})
	}
	return g
}

func walk(v pyjson.Value, tokens []string, f func([]string, pyjson.Value)) {
	switch v.Kind() {
	case pyjson.Object:
		for _, m := range v.Members() {
			walk(m.Value, append(append([]string(nil), tokens...), m.Key), f)
		}
	case pyjson.Array:
		for i, e := range v.Elems() {
			walk(e, append(append([]string(nil), tokens...), fmt.Sprint(i)), f)
		}
	default:
		f(tokens, v)
	}
}

// admissible applies the close rules of §5.7 to one claim.
func admissible(tr *season.Track, k *season.Task, graph map[string]bool, resPath, field string) (ok, own bool, why string) {
	if !graph[resPath] {
		return false, false, "outside the graph"
	}
	c := tr.Rules.CollectionOf(resPath)
	ptr, err := jsonpointer.Parse(field)
	if err != nil || ptr.IsRoot() || c == nil {
		return false, false, "no collection or no pointer"
	}
	tokens := ptr.Tokens()
	probative := false
	for _, p := range c.Probative {
		probative = probative || p.Match(tokens)
	}
	if !probative {
		return false, false, "not probative"
	}
	if c.Own {
		return true, true, ""
	}
	entriesPtr, _ := jsonpointer.Parse(c.Entries)
	et := entriesPtr.Tokens()
	entry, err := jsonpointer.Parse(ptrOf(tokens[:len(et)+1]))
	if err != nil {
		return false, false, "entry"
	}
	e, err := entry.Eval(tr.Corpus.Resource(resPath).Body)
	if err != nil {
		return false, false, "no such entry"
	}
	get := func(v pyjson.Value, f string) pyjson.Value { x, _ := v.Lookup(f); return x }
	switch k2 := c.Concerns; k2.Kind {
	case "param":
		if get(e, k2.Field).Str() == k.Params[k2.Param] {
			return true, false, ""
		}
	case "linked":
		if x := get(e, k2.Field); x.Kind() == pyjson.String && graph[x.Str()] {
			return true, false, ""
		}
	case "match":
		other := tr.Rules.Collection(k2.Collection)
		for p := range graph {
			if tr.Rules.CollectionOf(p) != other {
				continue
			}
			op, _ := jsonpointer.Parse(other.Entries)
			es, err := op.Eval(tr.Corpus.Resource(p).Body)
			if err != nil {
				continue
			}
			for _, oe := range es.Elems() {
				same := true
				for _, f := range k2.Fields {
					same = same && pyjson.Equal(get(oe, f), get(e, f))
				}
				if same {
					return true, false, ""
				}
			}
		}
	}
	return false, false, "an entry that does not concern the task"
}

func ptrOf(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteString("/" + strings.NewReplacer("~", "~0", "/", "~1").Replace(t))
	}
	return b.String()
}

// TestDemoModeration: the demo season shows a moderated field: a narrative
// the publication guard refuses, withheld by its moderation.toml, so that
// the season loads with the notice in its place.
func TestDemoModeration(t *testing.T) {
	g := load(t)
	s := g.season
	if len(s.Moderation) != 1 {
		t.Fatalf("%d moderation decisions, want 1", len(s.Moderation))
	}
	m := s.Moderation[0]
	sf := s.Track(m.Track).Submission(m.Participant, m.Task)
	if m.Participant != moderatedNarrative.participant || sf == nil {
		t.Fatalf("the moderated narrative is not the demo's: %+v", m)
	}
	parsed, err := sf.Read()
	if err != nil || parsed.Submission == nil || parsed.Submission.Narrative != m.Notice() || strings.Contains(parsed.Submission.Narrative, "fraude") {
		t.Errorf("the moderated narrative is not withheld: %+v, %+v, %v", m, parsed, err)
	}
	raw, err := os.ReadFile(s.Path(sf.File))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(raw), "fraude") {
		t.Error("the submission as filed does not hold the text the register withholds")
	}
}

// Generate writes the demo season, file by file, through put (rel is a
// slash-separated path inside the season directory). The same options give
// the same files, byte for byte.
func Generate(opts Options, put func(rel string, data []byte) error) (meta *Meta, err error) {
	g, err := generate(opts, put)
	if err != nil {
		return nil, err
	}
	return g.meta, nil
}

// Counts returns how many tasks have each status and how many assertions
// each cause, per track.
func (m *Meta) Counts(track string) (statuses, causes map[string]int) {
	statuses, causes = map[string]int{}, map[string]int{}
	for _, p := range m.Participants {
		for _, t := range p.Tasks {
			if t.Track != track {
				continue
			}
			statuses[t.Status]++
			for _, a := range t.Assertions {
				if a.Cause != "" {
					causes[a.Cause]++
				}
			}
		}
	}
	return statuses, causes
}
