package site

import (
	"testing"

	"github.com/ark-forge/proveit/scorer/season"
)

// TestScoredAtThePeak: Options.Scored is called once per closed season
// (the demo's season 0; season 1 is invalidated, not scored), when its
// last track is scored and before that track's results are written: the
// earlier tracks' results are written by then (each participant's report
// rendered as it was scored, then dropped), the last track's kept results
// are live, which is what proveit build --memprofile profiles.
func TestScoredAtThePeak(t *testing.T) {
	const dir = "../../../../seasons"
	s, err := season.Load(dir + "/0")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Tracks) < 2 {
		t.Fatalf("season 0 has %d tracks, want at least two", len(s.Tracks))
	}
	results := func(track string) string { return "saison-0/" + track + "/results.json" }
	tree := Tree{}
	var calls [][]bool // per call, whether each track's results were written
	opts := Options{Scored: func() {
		var written []bool
		for _, tr := range s.Tracks {
			_, ok := tree[results(tr.Name)]
			written = append(written, ok)
		}
		calls = append(calls, written)
	}}
	if _, err := RunTo(dir, tree, opts); err != nil {
		t.Fatal(err)
	}
	if len(calls) != 1 {
		t.Fatalf("Scored called %d times, want once (one closed season)", len(calls))
	}
	for i, tr := range s.Tracks {
		last := i == len(s.Tracks)-1
		if calls[0][i] == last {
			t.Errorf("when Scored was called, %s's results written: %v, want %v", tr.Name, calls[0][i], !last)
		}
		if _, ok := tree[results(tr.Name)]; !ok {
			t.Errorf("the build wrote no %s", results(tr.Name))
		}
	}
}
