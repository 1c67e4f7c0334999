package demo

import (
	"testing"

	"github.com/ark-forge/proveit/scorer/score"
	"github.com/ark-forge/proveit/scorer/season"
)

// TestRegisterCoversEveryState: the demo's register has an upheld
// contestation that changes a result, a rejected one, one out of time, a
// pending one, a late decision and a rectification; and every difference
// between the fresh score and the snapshot is covered, by the upheld
// contestation or the rectification only.
func TestRegisterCoversEveryState(t *testing.T) {
	g := load(t)
	s := g.season
	var upheld, rejected, outOfTime, pending, late int
	for _, c := range s.Contestations {
		switch {
		case c.Decision == season.Upheld:
			upheld++
		case c.Decision == season.Pending:
			pending++
		case c.OutOfTime:
			outOfTime++
		case c.Late():
			late++
		default:
			rejected++
		}
	}
	if upheld != 1 || rejected != 1 || outOfTime != 1 || pending != 1 || late != 1 || len(s.Rectifications) != 1 {
		t.Errorf("upheld %d, rejected %d, out of time %d, pending %d, late %d, rectifications %d: want one of each", upheld, rejected, outOfTime, pending, late, len(s.Rectifications))
	}
	snap := s.Published(conformite)
	if snap == nil || s.Published(generique) == nil {
		t.Fatal("the demo has no snapshot of every track")
	}
	res, err := score.New(s, g.material).Track(s.Track(conformite))
	if err != nil {
		t.Fatal(err)
	}
	diffs := score.Compare(snap, res.Snapshot(snap.PublishedAtTime()))
	changed := map[string]bool{}
	for _, d := range diffs {
		ids := s.Covering(d.Track, d.Participant, d.Task, d.Assertion)
		if len(ids) == 0 {
			t.Errorf("uncovered: %v", d)
		}
		if d.Assertion != "" {
			changed[d.Participant] = true
		}
		for _, id := range ids {
			if id != "C-2026-001" && id != "R-2026-001" {
				t.Errorf("%v is covered by %s", d, id)
			}
		}
	}
	if len(changed) != 2 {
		t.Errorf("assertions changed for %v, want two participants (the upheld contestation, the rectification)", changed)
	}
}
