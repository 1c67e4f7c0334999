package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/ark-forge/proveit/scorer/publication"
	"github.com/ark-forge/proveit/scorer/score"
)

// TestPyVerifierTaskRectification: a rectification's change that names a
// task without an assertion covers the task's status and every assertion
// of the task, one that names an assertion that assertion alone (§9.2),
// and the verifier derives them so. The demo season, unpublished, is
// published; its snapshot then records, as a scorer defect later fixed
// would have, heron's conformite task conf-02 as not rendered with all its
// assertions value_mismatch, and conf-03's a1 and a2 value_mismatch (and
// heron's overclaim accordingly). R-2026-001 rectifies the whole of
// conf-02, R-2026-002 conf-03 a1 and R-2026-003 conf-03 a2. proveit builds
// the site with a correction of conf-02's status and of each changed
// assertion, each by the decisions that cover it, and the verifier must
// agree, counting every changed assertion's correction.
func TestPyVerifierTaskRectification(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: building the demo season is long")
	}
	python := needPython(t)
	const slug, whole, parts = "heron", "conf-02", "conf-03"
	dir := copyDemo(t)
	if code, _, stderr := runCLI(t, "", "publish", "--season", dir, "--published-at", "2026-11-01T12:00:00Z"); code != 0 {
		t.Fatalf("proveit publish: exit %d\n%s", code, stderr)
	}
	snapPath := filepath.Join(dir, filepath.FromSlash(publication.SnapshotFile("conformite")))
	data, err := os.ReadFile(snapPath)
	if err != nil {
		t.Fatal(err)
	}
	var snap publication.Snapshot
	if err := json.Unmarshal(data, &snap); err != nil {
		t.Fatal(err)
	}
	p := snap.Participant(slug)
	if p == nil || p.Unsupported == nil || p.Rendered == nil {
		t.Fatalf("the demo's snapshot has no scored %s: %+v", slug, p)
	}
	// want maps each assertion changed, "task/id", to the decision that
	// covers it.
	want := map[string]string{}
	for _, task := range []string{whole, parts} {
		st := p.Task(task)
		if st == nil || st.Status != "scored" || len(st.Assertions) < 2 {
			t.Fatalf("%s %s: %+v, want a scored task of two assertions or more", slug, task, st)
		}
		for i := range st.Assertions {
			a := &st.Assertions[i]
			if a.Status != "supported" {
				t.Fatalf("%s %s %s: published %s, want every assertion supported", slug, task, a.ID, a.Status)
			}
			switch {
			case task == whole:
				want[task+"/"+a.ID] = "R-2026-001"
			case i < 2:
				want[task+"/"+a.ID] = "R-2026-00" + strconv.Itoa(i+2)
			default:
				continue
			}
			c := "value_mismatch"
			a.Status, a.Cause = "unsupported", &c
		}
	}
	p.Task(whole).Status = "not_rendered"
	u := *p.Unsupported + len(want)
	o := strconv.Itoa(u) + "/" + strconv.Itoa(*p.Rendered)
	p.Unsupported, p.Overclaim = &u, &o
	if data, err = snap.Marshal(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(snapPath, data, 0o644); err != nil {
		t.Fatal(err)
	}
	// SHA256SUMS lists the snapshot: it is written again, as publish
	// would have written it for this snapshot.
	sums, err := publication.ListSums(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(publication.SumsFile)), publication.FormatSums(sums), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "rectifications"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, r := range []struct{ id, task, assertion string }{
		{"R-2026-001", whole, ""},
		{"R-2026-002", parts, "a1"},
		{"R-2026-003", parts, "a2"},
	} {
		body := "id = \"" + r.id + "\"\ndecided_at = 2026-11-10T10:00:00Z\nreason = { fr = \"Défaut du programme corrigé.\", en = \"Program defect fixed.\" }\n" +
			"[[changes]]\ntrack = \"conformite\"\nparticipant = \"" + slug + "\"\ntask = \"" + r.task + "\"\nassertion = \"" + r.assertion + "\"\n"
		if err := os.WriteFile(filepath.Join(dir, "rectifications", r.id+".toml"), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	site := filepath.Join(t.TempDir(), "site")
	if code, _, stderr := runCLI(t, "", "build", "--seasons", filepath.Dir(dir), "--out", site, "--no-cache", "--quiet"); code != 0 {
		t.Fatalf("proveit build: exit %d\n%s", code, stderr)
	}
	// What proveit published: a correction of conf-02's status and of each
	// changed assertion, by the decisions covering it and no other.
	data, err = os.ReadFile(filepath.Join(site, "saison-0", "conformite", "participants", slug, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rep score.ReportJSON
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	corrected := 0
	for _, rt := range rep.Tasks {
		if c := rt.Correction; (c != nil) != (rt.TaskID == whole) {
			t.Errorf("%s: correction %+v, want one for %s alone", rt.TaskID, c, whole)
		} else if c != nil && (c.Published == nil || c.Published.Status != "not_rendered" || len(c.Decisions) != 1 || c.Decisions[0].ID != "R-2026-001") {
			t.Errorf("%s: correction %+v, want not_rendered → %s by R-2026-001", whole, c, rt.Status)
		}
		for _, a := range rt.Assertions {
			c, id := a.Correction, want[rt.TaskID+"/"+a.ID]
			if id == "" {
				if c != nil {
					t.Errorf("%s %s: correction %+v, want none", rt.TaskID, a.ID, c)
				}
				continue
			}
			if c == nil || c.Published == nil || c.Published.Status != "unsupported" || len(c.Decisions) != 1 || c.Decisions[0].ID != id {
				t.Errorf("%s %s: correction %+v, want unsupported → %s by %s", rt.TaskID, a.ID, c, a.Status, id)
				continue
			}
			corrected++
		}
	}
	if corrected != len(want) {
		t.Fatalf("proveit corrected %d assertions, want %d", corrected, len(want))
	}
	if len(rep.Corrections) != 1 || rep.Corrections[0].Field != "overclaim" ||
		!slices.EqualFunc(rep.Corrections[0].Decisions, []string{"R-2026-001", "R-2026-002", "R-2026-003"}, func(d score.DecisionJSON, id string) bool { return d.ID == id }) {
		t.Errorf("%s's rate corrections %+v, want the overclaim's by the three rectifications", slug, rep.Corrections)
	}

	out, code := runPyVerifier(t, python, site)
	wantAgreement(t, out, code)
	// The verifier counts a correction per report.json (its rates, compared
	// even when there are none) and one per changed assertion.
	reports, err := filepath.Glob(filepath.Join(site, "saison-0", "*", "participants", "*", "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`corrections compared (\d+)`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("the summary does not count corrections:\n%s", out)
	}
	if n, _ := strconv.Atoi(m[1]); n != len(reports)+len(want) {
		t.Errorf("corrections compared %d, want %d: a rates' correction per report.json (%d) and one per changed assertion (%d):\n%s",
			n, len(reports)+len(want), len(reports), len(want), out)
	}
}
