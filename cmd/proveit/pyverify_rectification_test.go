package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/ark-forge/proveit/scorer/publication"
	"github.com/ark-forge/proveit/scorer/score"
)

// TestPyVerifierTaskRectification: a rectification whose change names a
// task without an assertion covers every assertion of the task (§9.2), and
// the verifier derives it so. The demo season, unpublished, is published;
// its snapshot then records heron's conformite task conf-02 as not rendered
// and all four of its assertions as value_mismatch (and heron's overclaim
// accordingly), as a scorer defect later fixed would have; R-2026-001
// rectifies the whole task. proveit builds the site with the task's
// correction, the four assertions' and the overclaim's, each by
// R-2026-001, and the verifier must agree, counting the four assertions'
// corrections.
func TestPyVerifierTaskRectification(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: building the demo season is long")
	}
	python := needPython(t)
	const slug, task = "heron", "conf-02"
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
	if p == nil || p.Task(task) == nil || p.Unsupported == nil || p.Rendered == nil {
		t.Fatalf("the demo's snapshot has no scored %s %s: %+v", slug, task, p)
	}
	st := p.Task(task)
	if st.Status != "scored" || len(st.Assertions) < 2 {
		t.Fatalf("%s %s: status %s, %d assertions, want a scored task of two assertions or more", slug, task, st.Status, len(st.Assertions))
	}
	st.Status = "not_rendered"
	var ids []string
	for i := range st.Assertions {
		a := &st.Assertions[i]
		if a.Status != "supported" {
			t.Fatalf("%s %s %s: published %s, want every assertion supported", slug, task, a.ID, a.Status)
		}
		c := "value_mismatch"
		a.Status, a.Cause = "unsupported", &c
		ids = append(ids, a.ID)
	}
	u := *p.Unsupported + len(ids)
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
	rect := "id = \"R-2026-001\"\ndecided_at = 2026-11-10T10:00:00Z\nreason = { fr = \"Défaut du programme corrigé.\", en = \"Program defect fixed.\" }\n" +
		"[[changes]]\ntrack = \"conformite\"\nparticipant = \"" + slug + "\"\ntask = \"" + task + "\"\nassertion = \"\"\n"
	if err := os.WriteFile(filepath.Join(dir, "rectifications", "R-2026-001.toml"), []byte(rect), 0o644); err != nil {
		t.Fatal(err)
	}

	site := filepath.Join(t.TempDir(), "site")
	if code, _, stderr := runCLI(t, "", "build", "--seasons", filepath.Dir(dir), "--out", site, "--no-cache", "--quiet"); code != 0 {
		t.Fatalf("proveit build: exit %d\n%s", code, stderr)
	}
	// What proveit published: a correction of the task and of each of its
	// assertions, by R-2026-001.
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
		if c := rt.Correction; (c != nil) != (rt.TaskID == task) {
			t.Errorf("%s: correction %+v, want one for %s alone", rt.TaskID, c, task)
		} else if c != nil && (c.Published == nil || c.Published.Status != "not_rendered" || len(c.Decisions) != 1 || c.Decisions[0].ID != "R-2026-001") {
			t.Errorf("%s: correction %+v, want not_rendered → %s by R-2026-001", task, c, rt.Status)
		}
		for _, a := range rt.Assertions {
			c := a.Correction
			if rt.TaskID != task {
				if c != nil {
					t.Errorf("%s %s: correction %+v, want none", rt.TaskID, a.ID, c)
				}
				continue
			}
			if c == nil || c.Published == nil || c.Published.Status != "unsupported" || len(c.Decisions) != 1 || c.Decisions[0].ID != "R-2026-001" {
				t.Errorf("%s %s: correction %+v, want unsupported → %s by R-2026-001", task, a.ID, c, a.Status)
				continue
			}
			corrected++
		}
	}
	if corrected != len(ids) {
		t.Fatalf("proveit corrected %d assertions of %s, want its %d", corrected, task, len(ids))
	}
	if len(rep.Corrections) != 1 || rep.Corrections[0].Field != "overclaim" {
		t.Errorf("%s's rate corrections %+v, want the overclaim's", slug, rep.Corrections)
	}

	out, code := runPyVerifier(t, python, site)
	wantAgreement(t, out, code)
	// The verifier counts a correction per report.json (its rates, compared
	// even when there are none) and per corrected assertion: the reports,
	// and heron's four assertions.
	reports, err := filepath.Glob(filepath.Join(site, "saison-0", "*", "participants", "*", "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`corrections compared (\d+)`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("the summary does not count corrections:\n%s", out)
	}
	if n, _ := strconv.Atoi(m[1]); n != len(reports)+len(ids) {
		t.Errorf("corrections compared %d, want %d: a rates' correction per report.json (%d) and one per assertion of %s (%d):\n%s",
			n, len(reports)+len(ids), len(reports), task, len(ids), out)
	}
}
