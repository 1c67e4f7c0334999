package score

import (
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/ark-forge/proveit/scorer/publication"
	"github.com/ark-forge/proveit/scorer/vcache"
)

// BenchmarkScoreTrack scores a track of 40 honest participants (two
// supported assertions each, one batch): the per-participant cost of
// entry, close, verification (anchors once per batch) and founding,
// reported as ns/participant.
func BenchmarkScoreTrack(b *testing.B) { benchScoreTrack(b, false) }

// BenchmarkScoreTrackCached is BenchmarkScoreTrack with every verification
// read from a warm verification cache (package vcache): a rebuild where
// nothing changed.
func BenchmarkScoreTrackCached(b *testing.B) { benchScoreTrack(b, true) }

func benchScoreTrack(b *testing.B, cached bool) {
	const n = 40
	f := newFixture(b)
	for i := 0; i < n; i++ {
		slug := fmt.Sprintf("p%02d", i)
		f.participant(slug)
		honest(f, slug)
	}
	s, m := f.write()
	tr := s.Track("conformite")
	var opts []Option
	if cached {
		c, err := vcache.Open(b.TempDir())
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { c.Close() })
		opts = append(opts, WithCache(c))
		if _, err := New(s, m, opts...).Track(tr); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := New(s, m, opts...).Track(tr); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/participant")
}

// BenchmarkScoreDemo scores both tracks of the demo season (seasons/0),
// marshalling what the site publishes of them (published),
// without a verification cache: a cold build's scoring.
func BenchmarkScoreDemo(b *testing.B) { benchScoreDemo(b, false) }

// BenchmarkScoreDemoWarmCache is BenchmarkScoreDemo from a warm
// verification cache: a rebuild where no proof input changed.
func BenchmarkScoreDemoWarmCache(b *testing.B) { benchScoreDemo(b, true) }

func benchScoreDemo(b *testing.B, cached bool) {
	s, m := loadDemo(b)
	var opts []Option
	if cached {
		c, err := vcache.Open(b.TempDir())
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { c.Close() })
		opts = append(opts, WithCache(c))
		published(b, s, New(s, m, opts...))
	}
	b.ReportAllocs()
	proofs := 0
	for b.Loop() {
		sc := New(s, m, opts...)
		var n atomic.Int64
		sc.kept = func(outcomeKey, proofOutcome) { n.Add(1) }
		published(b, s, sc)
		proofs = int(n.Load())
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*proofs), "ns/proof")
}

// BenchmarkCompare compares two snapshots of N participants (twenty tasks
// of two assertions each, one rate changed in every tenth row), as a
// rebuild of a published season does for each track, reported per
// participant: constant from 1,000 to 10,000 when the lookups are one
// map access each (publication.Snapshot.Index), growing with N when each is a
// scan of the snapshot.
func BenchmarkCompare(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			before, after := benchSnapshot(n, false), benchSnapshot(n, true)
			var diffs int
			for b.Loop() {
				diffs = len(Compare(before, after))
			}
			if diffs != n/10 {
				b.Fatalf("%d differences, want %d", diffs, n/10)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/participant")
		})
	}
}

func benchSnapshot(n int, changed bool) *publication.Snapshot {
	snap := &publication.Snapshot{Track: "conformite"}
	for i := range n {
		rendered, unsupported := 40, i%3
		if changed && i%10 == 0 {
			unsupported++
		}
		p := publication.SnapshotParticipant{Slug: fmt.Sprintf("agent-%05d", i), Status: "scored", Rendered: &rendered, Unsupported: &unsupported}
		for t := range 20 {
			p.Tasks = append(p.Tasks, publication.SnapshotTask{TaskID: fmt.Sprintf("conf-%02d", t), Status: "rendue",
				Assertions: []publication.SnapshotAssertion{{ID: "a1", Status: "supported"}, {ID: "a2", Status: "supported"}}})
		}
		snap.Participants = append(snap.Participants, p)
	}
	return snap
}
