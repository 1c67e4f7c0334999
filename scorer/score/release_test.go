package score

import (
	"bytes"
	"reflect"
	"testing"
)

// taskSummary is what the track's pages other than the reports read of a
// task (templates: the table, the grid, the task pages, the participant
// pages, the incidents): ReleaseDetail must keep every bit of it.
type taskSummary struct {
	TaskID, Reason, Verdict, ExpectedVerdict string
	Status                                   TaskStatus
	Exact, Founded, Success                  bool
	Rendered, Unsupported, Own               int
	Incidents                                []Incident
	IDs                                      []string
	Causes                                   []Cause
	OwnAssertions                            []bool
}

func summaryOf(r *TrackResult) [][]taskSummary {
	var out [][]taskSummary
	for _, p := range r.Participants {
		var tasks []taskSummary
		for _, t := range p.Tasks {
			ts := taskSummary{TaskID: t.TaskID, Reason: t.Reason, Verdict: t.Verdict, ExpectedVerdict: t.ExpectedVerdict, Status: t.Status, Exact: t.Exact, Founded: t.Founded, Success: t.Success(),
				Rendered: t.Rendered, Unsupported: t.Unsupported, Own: t.Own, Incidents: t.Incidents}
			for _, a := range t.Assertions {
				ts.IDs = append(ts.IDs, a.ID)
				ts.Causes = append(ts.Causes, a.Cause)
				ts.OwnAssertions = append(ts.OwnAssertions, a.Own)
			}
			tasks = append(tasks, ts)
		}
		out = append(out, tasks)
	}
	return out
}

// countsOf is every participant's Counts and Overclaim.
func countsOf(r *TrackResult) []any {
	var out []any
	for _, p := range r.Participants {
		c, s := p.Counts()
		n, d, ok := p.Overclaim()
		out = append(out, c, s, n, d, ok, p.Status, p.Successes, p.Rendered, p.Unsupported, p.TasksRender)
	}
	return out
}

// TestReleaseDetail: a released result keeps what every page but the
// reports reads (each assertion's id, cause and own flag, in order; every
// count, status, verdict and incident), gives the same results.json and
// results.csv, and holds nothing a report alone shows: no claim, no cited
// proof id, no proof's result, no detail, no narrative, missing fact, file
// or trail. An assertion kept is shared by every assertion with its id.
// Report panics on it.
func TestReleaseDetail(t *testing.T) {
	for _, r := range scoreDemo(t) {
		t.Run(r.Track, func(t *testing.T) {
			if r.Released() {
				t.Fatal("a fresh result says it is released")
			}
			summary, counts := summaryOf(r), countsOf(r)
			results, err := MarshalJSON(r.Results())
			if err != nil {
				t.Fatal(err)
			}
			csv, err := r.CSV()
			if err != nil {
				t.Fatal(err)
			}
			detail := 0
			for _, p := range r.Participants {
				for _, task := range p.Tasks {
					for _, a := range task.Assertions {
						if a.Resource != "" || len(a.Proofs) > 0 {
							detail++
						}
					}
					if task.Narrative != "" {
						detail++
					}
				}
			}
			if detail == 0 {
				t.Fatal("the demo's results hold no detail to release: the test would prove nothing")
			}

			r.ReleaseDetail()
			if !r.Released() {
				t.Fatal("Released is false after ReleaseDetail")
			}
			if got := summaryOf(r); !reflect.DeepEqual(got, summary) {
				t.Error("the pages' summary of the tasks changed")
			}
			if got := countsOf(r); !reflect.DeepEqual(got, counts) {
				t.Error("Counts or Overclaim changed")
			}
			if got, err := MarshalJSON(r.Results()); err != nil || !bytes.Equal(got, results) {
				t.Errorf("results.json changed (%v)", err)
			}
			if got, err := r.CSV(); err != nil || !bytes.Equal(got, csv) {
				t.Errorf("results.csv changed (%v)", err)
			}
			byID := map[string]any{}
			for _, p := range r.Participants {
				for _, task := range p.Tasks {
					if task.Narrative != "" || task.MissingFacts != nil || task.Missing != nil || task.File != "" || task.Trail != nil {
						t.Errorf("%s %s: the task keeps its narrative, missing facts, file or trail", p.Participant.Slug, task.TaskID)
					}
					for _, a := range task.Assertions {
						if a.Resource != "" || a.Field != "" || !reflect.ValueOf(a.Value).IsZero() || a.ProofIDs != nil || a.Detail != "" || a.Proofs != nil {
							t.Errorf("%s %s %s: the assertion keeps %+v", p.Participant.Slug, task.TaskID, a.ID, a)
						}
						if prev, ok := byID[a.ID]; ok && prev != any(a.Assertion) {
							t.Errorf("%s %s %s: the id is held twice", p.Participant.Slug, task.TaskID, a.ID)
						}
						byID[a.ID] = a.Assertion
					}
				}
			}
			defer func() {
				if recover() == nil {
					t.Error("Report of a released result did not panic")
				}
			}()
			r.Report(r.Participants[0])
		})
	}
}

// TestScoringParticipantByParticipant: Begin, Score for each participant in
// any order, then End give what Track gives (the same results.json and
// every report.json); Score refuses a participant out of range and one
// scored twice, End a track with a participant not scored. A participant
// released (ReleaseParticipant) is Released and Report panics on it, while
// the others' reports are still written.
func TestScoringParticipantByParticipant(t *testing.T) {
	s, m := loadDemo(t)
	for _, tr := range s.Tracks {
		t.Run(tr.Name, func(t *testing.T) {
			want, err := New(s, m).Track(tr)
			if err != nil {
				t.Fatal(err)
			}
			sg, err := New(s, m).Begin(tr)
			if err != nil {
				t.Fatal(err)
			}
			if sg.Len() != len(want.Participants) || sg.Len() < 2 {
				t.Fatalf("%d participants, Track scored %d; want at least two", sg.Len(), len(want.Participants))
			}
			for _, i := range []int{-1, sg.Len()} {
				if _, err := sg.Score(i); err == nil {
					t.Errorf("Score(%d) of %d gave no error", i, sg.Len())
				}
			}
			for i := sg.Len() - 1; i >= 1; i-- {
				if _, err := sg.Score(i); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := sg.Score(1); err == nil {
				t.Error("a participant scored twice gave no error")
			}
			if _, err := sg.End(); err == nil {
				t.Error("End with participant 0 not scored gave no error")
			}
			if _, err := sg.Score(0); err != nil {
				t.Fatal(err)
			}
			got, err := sg.End()
			if err != nil {
				t.Fatal(err)
			}
			a, _ := MarshalJSON(got.Results())
			b, _ := MarshalJSON(want.Results())
			if !bytes.Equal(a, b) {
				t.Error("results.json differs from Track's")
			}
			for i, p := range got.Participants {
				a, _ := MarshalJSON(got.Report(p))
				b, _ := MarshalJSON(want.Report(want.Participants[i]))
				if !bytes.Equal(a, b) {
					t.Errorf("%s: report.json differs from Track's", p.Participant.Slug)
				}
			}
			first := got.Participants[0]
			got.ReleaseParticipant(first)
			if !first.Released() || got.Participants[1].Released() || got.Released() {
				t.Fatalf("after releasing one participant: it %v, the next %v, the track %v", first.Released(), got.Participants[1].Released(), got.Released())
			}
			got.Report(got.Participants[1]) // not released: no panic
			func() {
				defer func() {
					if recover() == nil {
						t.Error("Report of a released participant did not panic")
					}
				}()
				got.Report(first)
			}()
		})
	}
}
