package score

import (
	"fmt"
	"testing"
)

// BenchmarkScoreTrack scores a track of 40 honest participants (two
// supported assertions each, one batch): the per-participant cost of
// entry, close, verification (anchors once per batch) and founding.
func BenchmarkScoreTrack(b *testing.B) {
	f := newFixture(b)
	for i := 0; i < 40; i++ {
		slug := fmt.Sprintf("p%02d", i)
		f.participant(slug)
		honest(f, slug)
	}
	s, m := f.write()
	tr := s.Track("conformite")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := New(s, m).Track(tr); err != nil {
			b.Fatal(err)
		}
	}
}
