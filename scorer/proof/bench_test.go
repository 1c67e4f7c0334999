package proof

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkParseCachedDemo parses every cached view of the demo season
// (seasons/0/proofs), as the scorer does once per cited proof.
func BenchmarkParseCachedDemo(b *testing.B) {
	names, err := filepath.Glob("../../seasons/0/proofs/prf_*.json")
	if err != nil || len(names) == 0 {
		b.Fatalf("no view in seasons/0/proofs (%v)", err)
	}
	ids := make([]string, len(names))
	views := make([][]byte, len(names))
	var total int64
	for i, n := range names {
		if views[i], err = os.ReadFile(n); err != nil {
			b.Fatal(err)
		}
		ids[i] = strings.TrimSuffix(filepath.Base(n), ".json")
		total += int64(len(views[i]))
	}
	b.SetBytes(total)
	b.ReportAllocs()
	for b.Loop() {
		for i := range views {
			if _, _, err := ParseCached(ids[i], views[i]); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(views)), "ns/view")
}
