package score

import (
	"bytes"
	"testing"
	"unique"

	"github.com/ark-forge/proveit/scorer/season"
)

// scored is a track scored with every participant's report, for the tests
// that read what only a report shows.
type scored struct {
	*TrackResult
	Reports []*ParticipantReport // in the order of Participants
}

// scoreReports scores tr with sc as Track does (Begin, Score for every
// participant, End), keeping every participant's report.
func scoreReports(t testing.TB, sc *Scorer, tr *season.Track) *scored {
	t.Helper()
	sg, err := sc.Begin(tr)
	if err != nil {
		t.Fatal(err)
	}
	reports := make([]*ParticipantReport, sg.Len())
	for i := range reports {
		if reports[i], err = sg.Score(i); err != nil {
			t.Fatal(err)
		}
	}
	res, err := sg.End()
	if err != nil {
		t.Fatal(err)
	}
	return &scored{TrackResult: res, Reports: reports}
}

// TestTrackKeepsWhatReportsLeave: what a track keeps of each participant
// is what its report was made with: each kept task is its report's own,
// and each kept assertion the id and cause of the report's assertion, in
// order. Track keeps the same, with the same results.json and
// results.csv. The kept ids are the ids' unique handles.
func TestTrackKeepsWhatReportsLeave(t *testing.T) {
	s, m := loadDemo(t)
	for _, tr := range s.Tracks {
		t.Run(tr.Name, func(t *testing.T) {
			got := scoreReports(t, New(s, m), tr)
			want, err := New(s, m).Track(tr)
			if err != nil {
				t.Fatal(err)
			}
			for _, out := range []func(*TrackResult) ([]byte, error){
				func(r *TrackResult) ([]byte, error) { return MarshalJSON(r.Results()) },
				(*TrackResult).CSV,
			} {
				a, errA := out(got.TrackResult)
				b, errB := out(want)
				if errA != nil || errB != nil || !bytes.Equal(a, b) {
					t.Errorf("Track's results differ from those kept while the reports are made (%v, %v)", errA, errB)
				}
			}
			n := 0
			for i, p := range got.Reports {
				if got.Participants[i] != p.ParticipantResult || len(p.Tasks) != len(p.TaskReports) {
					t.Fatalf("%s: the track keeps another participant than its report's", p.Participant.Slug)
				}
				for j, task := range p.TaskReports {
					if p.Tasks[j] != task.TaskResult || len(task.Causes) != len(task.Assertions) {
						t.Fatalf("%s %s: the track keeps another task than its report's", p.Participant.Slug, task.TaskID)
					}
					for k, a := range task.Assertions {
						n++
						c := task.Causes[k]
						// The kept id is the id's unique handle: one copy
						// per id, shared by every participant (package
						// unique's contract), not the submission's string.
						if c.ID != unique.Make(a.ID) || c.ID.Value() != a.ID || c.Cause != a.Cause {
							t.Errorf("%s %s: kept %s %s, the report has %s %s", p.Participant.Slug, task.TaskID, c.ID.Value(), c.Cause, a.ID, a.Cause)
						}
					}
				}
			}
			if n == 0 {
				t.Fatal("the demo scored no assertion")
			}
		})
	}
}

// TestScoringParticipantByParticipant: Begin, Score for each participant in
// any order, then End give what Track gives (the same results.json) and
// the reports of scoreReports; Score refuses a participant out of range
// and one scored twice, End a track with a participant not scored.
func TestScoringParticipantByParticipant(t *testing.T) {
	s, m := loadDemo(t)
	for _, tr := range s.Tracks {
		t.Run(tr.Name, func(t *testing.T) {
			want := scoreReports(t, New(s, m), tr)
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
			reports := make([]*ParticipantReport, sg.Len())
			for i := sg.Len() - 1; i >= 1; i-- {
				if reports[i], err = sg.Score(i); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := sg.Score(1); err == nil {
				t.Error("a participant scored twice gave no error")
			}
			if _, err := sg.End(); err == nil {
				t.Error("End with participant 0 not scored gave no error")
			}
			if reports[0], err = sg.Score(0); err != nil {
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
			for i, p := range reports {
				a, _ := MarshalJSON(got.Report(p))
				b, _ := MarshalJSON(want.Report(want.Reports[i]))
				if !bytes.Equal(a, b) {
					t.Errorf("%s: report.json differs from Track's", p.Participant.Slug)
				}
			}
		})
	}
}
