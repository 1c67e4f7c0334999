package build

import (
	"strings"
	"testing"
)

// TestScoredAtThePeak: Options.Scored is called once per closed season
// (the demo's season 0; season 1 is invalidated, not scored), when its
// tracks are scored and before anything of that season is written: its
// parsed submissions and every result are live then together, which is
// what proveit build --memprofile profiles.
func TestScoredAtThePeak(t *testing.T) {
	tree := Tree{}
	var calls []int
	opts := Options{Scored: func() {
		written := 0
		for name := range tree {
			if strings.HasPrefix(name, "saison-0/") {
				written++
			}
		}
		calls = append(calls, written)
	}}
	if _, err := RunTo("../../../../seasons", tree, opts); err != nil {
		t.Fatal(err)
	}
	if len(calls) != 1 {
		t.Fatalf("Scored called %d times, want once (one closed season)", len(calls))
	}
	if calls[0] != 0 {
		t.Errorf("Scored called after %d files of season 0 were written, want before its results", calls[0])
	}
	if _, ok := tree["saison-0/conformite/results.json"]; !ok {
		t.Fatal("the build wrote no results for season 0")
	}
}
