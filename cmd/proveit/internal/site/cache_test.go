package site

import (
	"sync"
	"testing"

	"github.com/ark-forge/proveit/scorer/score"
	"github.com/ark-forge/proveit/scorer/vcache"
	"github.com/ark-forge/proveit/scorer/vcache/vcachetest"
)

// TestBuildWithCache: a build with a verification cache, cold, warm, or
// with an entry altered on disk, writes the same files as a build without
// one; the warm build takes every verification from the cache, and the
// altered entry is rejected, verified again and replaced.
func TestBuildWithCache(t *testing.T) {
	root := writeSeasons(t, false)
	want, err := Build(root)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	build := func(t *testing.T) vcache.Stats {
		t.Helper()
		c, err := vcache.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		got := Tree{}
		if _, err := RunTo(root, got, Options{Cache: c}); err != nil {
			t.Fatal(err)
		}
		if err := c.Close(); err != nil {
			t.Fatal(err)
		}
		for _, d := range Diff(want, got) {
			t.Error(d)
		}
		return c.Stats()
	}
	cold := build(t)
	if cold.Hits != 0 || cold.Written == 0 || cold.Misses != cold.Written {
		t.Fatalf("cold cache: %+v, want no hit and every miss written", cold)
	}
	warm := build(t)
	if warm.Hits != cold.Written || warm.Misses != 0 || warm.Written != 0 {
		t.Fatalf("warm cache: %+v, want %d hits and nothing verified", warm, cold.Written)
	}
	entries, err := vcachetest.Entries(dir)
	if err != nil || len(entries) != cold.Written {
		t.Fatalf("%d entries in the cache (%v), want %d", len(entries), err, cold.Written)
	}
	// One byte of one entry's payload flipped: the entry no longer
	// authenticates.
	for k, entry := range entries {
		entry[len(entry)-1] ^= 0x01
		if err := vcachetest.Replace(dir, map[vcache.Key][]byte{k: entry}); err != nil {
			t.Fatal(err)
		}
		break
	}
	corrupted := build(t)
	if corrupted.Rejected != 1 || corrupted.Written != 1 || corrupted.Hits != cold.Written-1 {
		t.Fatalf("one corrupted entry: %+v, want it rejected and written again, every other a hit", corrupted)
	}
	again := build(t)
	if again.Hits != cold.Written || again.Rejected != 0 {
		t.Fatalf("after the rewrite: %+v, want every entry a hit", again)
	}
}

// TestBuildKeepsNoChecks: the reports the pages are rendered from hold no
// proof's checks, which the site never shows.
func TestBuildKeepsNoChecks(t *testing.T) {
	var mu sync.Mutex
	proofs := 0
	reports := &streamReports{rendered: func(_, _ int, p *score.ParticipantReport) {
		mu.Lock()
		defer mu.Unlock()
		for _, task := range p.TaskReports {
			for _, a := range task.Assertions {
				for _, pr := range a.Proofs {
					proofs++
					if pr.Checks != nil {
						t.Errorf("%s: proof %s keeps its %d checks", p.Participant.Slug, pr.ProofID, len(pr.Checks))
					}
				}
			}
		}
	}}
	if _, _, err := siteOf(writeSeasons(t, false), Tree{}, Options{}, reports); err != nil {
		t.Fatal(err)
	}
	if proofs == 0 {
		t.Fatal("no proof scored")
	}
}
