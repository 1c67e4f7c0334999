package score

import (
	"bytes"
	"flag"
	"os"
	"path"
	"path/filepath"
	"testing"

	"github.com/ark-forge/proveit/internal/sitepath"
)

var update = flag.Bool("update", false, "rewrite testdata/demo from the scored demo season")

// scoreDemo scores both tracks of the committed demo season, seasons/0,
// with every participant's report.
func scoreDemo(t *testing.T) []*scored {
	t.Helper()
	s, m := loadDemo(t)
	sc := New(s, m)
	var out []*scored
	for _, tr := range s.Tracks {
		out = append(out, scoreReports(t, sc, tr))
	}
	return out
}

// TestDemoGolden compares the demo season's results.json, results.csv and
// every report.json with testdata/demo; run with -update after a
// deliberate change and review the diff.
func TestDemoGolden(t *testing.T) {
	files := map[string][]byte{}
	for _, r := range scoreDemo(t) {
		j, err := MarshalJSON(r.Results())
		if err != nil {
			t.Fatal(err)
		}
		files[r.Track+"/results.json"] = j
		c, err := r.CSV()
		if err != nil {
			t.Fatal(err)
		}
		files[r.Track+"/results.csv"] = c
		for _, p := range r.Reports {
			rep, err := MarshalJSON(r.Report(p))
			if err != nil {
				t.Fatal(err)
			}
			files[path.Join(r.Track, sitepath.FileLink(sitepath.Results(r.Season, r.Track), sitepath.ReportJSON(r.Season, r.Track, p.Participant.Slug)).String())] = rep
		}
	}
	dir := filepath.Join("testdata", "demo")
	if *update {
		os.RemoveAll(dir)
		for name, b := range files {
			p := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	n := 0
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		n++
		rel, _ := filepath.Rel(dir, p)
		want, _ := os.ReadFile(p)
		if got, ok := files[filepath.ToSlash(rel)]; !ok {
			t.Errorf("%s: golden file no longer produced", rel)
		} else if !bytes.Equal(got, want) {
			t.Errorf("%s differs from the golden file (go test ./scorer/score -run TestDemoGolden -update, then review the diff)", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n != len(files) {
		t.Errorf("%d golden files for %d outputs", n, len(files))
	}
}

// TestDemoCoverage: scored by this scorer, the demo season's participants
// produce every cause code and every task status (the demo season is built to cover them all).
func TestDemoCoverage(t *testing.T) {
	causes, statuses := map[Cause]int{}, map[TaskStatus]int{}
	pending := 0
	for _, r := range scoreDemo(t) {
		if r.Tasks != 10 || len(r.Freezes) == 0 {
			t.Errorf("%s: %d tasks, %d freezes", r.Track, r.Tasks, len(r.Freezes))
		}
		for _, p := range r.Participants {
			if p.Status == "pending" {
				pending++
			}
			for _, tk := range p.Tasks {
				statuses[tk.Status]++
				for _, a := range tk.Causes {
					if a.Cause != "" {
						causes[a.Cause]++
					}
				}
			}
		}
	}
	for _, c := range []Cause{Supported, InvalidProof, UnboundIdentity, ResourceMismatch, ValueMismatch, InstrumentDefect, Pending} {
		if causes[c] == 0 {
			t.Errorf("no assertion of the demo season has cause %s", c)
		}
	}
	for _, s := range []TaskStatus{Scored, NotRendered, RejectedAtClose, RejectedAtEntry, PendingTask, Missing} {
		if statuses[s] == 0 {
			t.Errorf("no task of the demo season has status %s", s)
		}
	}
	if pending == 0 {
		t.Error("no participant of the demo season is pending")
	}
	t.Logf("causes %v, statuses %v", causes, statuses)
}
