package score

import (
	"math"
	"testing"
)

// TestWilson: the interval of known values (7/10 is about 0.40 to 0.89),
// its bounds inside [0, 1] at 0/n and n/n, and symmetric in k and n-k.
func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n      int
		low, high string
	}{
		{7, 10, "0.397", "0.892"},
		{0, 10, "0.000", "0.278"},
		{10, 10, "0.722", "1.000"},
		{1, 2, "0.095", "0.905"},
		{9, 10, "0.596", "0.982"},
	} {
		got := interval(c.k, c.n)
		if got.Low != c.low || got.High != c.high {
			t.Errorf("Wilson(%d, %d) = %s–%s, want %s–%s", c.k, c.n, got.Low, got.High, c.low, c.high)
		}
	}
	for n := 1; n <= 40; n++ {
		for k := 0; k <= n; k++ {
			lo, hi := Wilson(k, n)
			l2, h2 := Wilson(n-k, n)
			if lo < 0 || hi > 1 || lo > float64(k)/float64(n) || hi < float64(k)/float64(n) || math.Abs(lo-(1-h2)) > 1e-12 || math.Abs(hi-(1-l2)) > 1e-12 {
				t.Fatalf("Wilson(%d, %d) = %v–%v", k, n, lo, hi)
			}
		}
	}
}
