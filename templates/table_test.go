package templates

import (
	"strings"
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

// TestLeadingTables: the home page's and a season page's head of each
// track's table is the best constant answer's row and the first
// leadingRows rows in the table's own order (success first, overclaim
// within a success, the pending after), one table per track, each row
// linked to its report from the page that shows it; none while the season
// is open or once it is invalidated.
func TestLeadingTables(t *testing.T) {
	l := &locale{cat: french.cat}
	track := func(name string, ps ...*score.ParticipantResult) Track {
		return Track{Name: name, Title: TrackTitle{name, name}, Scored: true,
			Result: &score.TrackResult{Track: name, Tasks: 10, BestConstant: score.BestConstant{Verdict: "conforme", Successes: 4}, Participants: ps}}
	}
	s := Season{Number: 3, Closed: true, Tracks: []Track{
		// In the table's order: c (8/10), then b and a (7/10, b's overclaim
		// lower), then d (2/10), then e, pending.
		track("conformite", result("a", 7, 5, 10, false), result("b", 7, 1, 10, false), result("c", 8, 9, 10, false), result("d", 2, 0, 10, false), result("e", 10, 0, 10, true)),
		track("generique", result("p", 1, 0, 10, false), result("q", 0, 0, 0, true)),
		{Name: "ouverte", Title: TrackTitle{"ouverte", "open"}},
	}}
	sv := newSeasonView(l, s)
	at := sitepath.Season(3).In(sitepath.French)
	ts := leadingTables(l, &sv, at)
	if len(ts) != 2 {
		t.Fatalf("%d tables, want 2 (the scored tracks, one each)", len(ts))
	}
	for i, want := range []string{"c b a", "p q"} {
		var got []string
		for _, r := range ts[i].Rows {
			got = append(got, r.Slug)
			if wantHref := sitepath.Link(at, sitepath.Report(3, ts[i].Name, r.Slug)); r.Report != wantHref {
				t.Errorf("%s: row %s links %s, want %s", ts[i].Name, r.Slug, r.Report, wantHref)
			}
		}
		if g := strings.Join(got, " "); g != want {
			t.Errorf("%s: leading rows %q, want %q", ts[i].Name, g, want)
		}
		if ts[i].BestConstant.Success != "4/10 (40\u00a0%)" {
			t.Errorf("%s: best constant %q", ts[i].Name, ts[i].BestConstant.Success)
		}
		if ts[i].Href != sitepath.Link(at, sitepath.Track(3, ts[i].Name)) {
			t.Errorf("%s: the whole table is linked as %s", ts[i].Name, ts[i].Href)
		}
	}
	if r := ts[0].Rows[0]; r.Overclaim != "9/10 (90\u00a0%)" || r.Success != "8/10 (80\u00a0%)" || r.OverclaimCI == "" || r.SuccessCI == "" {
		t.Errorf("first row's rates %q %q, intervals %q %q", r.Overclaim, r.Success, r.OverclaimCI, r.SuccessCI)
	}
	for _, c := range []struct {
		name string
		edit func(*Season)
	}{
		{"open", func(s *Season) { s.Closed = false }},
		{"invalidated", func(s *Season) { s.Invalidated = true }},
	} {
		s2 := s
		c.edit(&s2)
		sv := newSeasonView(l, s2)
		if ts := leadingTables(l, &sv, at); len(ts) != 0 {
			t.Errorf("%s season: %d leading tables, want none", c.name, len(ts))
		}
	}
}
