package templates

import (
	"testing"

	"github.com/ark-forge/proveit/internal/sitepath"
	"github.com/ark-forge/proveit/scorer/score"
	"github.com/ark-forge/proveit/scorer/season"
)

// TestRowAtBestConstant: a row's success at or below the best constant
// answer's is marked so (§10), at the bound included; above it, and while
// pending, it is not.
func TestRowAtBestConstant(t *testing.T) {
	l := &locale{cat: french.cat}
	r := &score.TrackResult{Season: 0, Track: "conformite", Tasks: 10, BestConstant: score.BestConstant{Verdict: "conforme", Successes: 4}}
	at := sitepath.Track(0, "conformite").In(sitepath.French)
	for _, c := range []struct {
		successes int
		status    string
		marked    bool
	}{{0, "scored", true}, {3, "scored", true}, {4, "scored", true}, {5, "scored", false}, {10, "scored", false}, {0, "pending", false}} {
		p := &score.ParticipantResult{Participant: &season.Participant{Slug: "p", Agent: "P", DID: "did:key:z6Mkp"}, Status: c.status, Successes: c.successes}
		rw := participantRow(l, 0, r, p, at)
		if got := rw.SuccessNote != ""; got != c.marked {
			t.Errorf("%s, %d successes against the best constant's 4: marked %v, want %v", c.status, c.successes, got, c.marked)
		}
	}
}
