package score

import (
	"encoding/json"
	"math"
	"strconv"
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
		lo, hi := Wilson(c.k, c.n)
		if l, h := strconv.FormatFloat(lo, 'f', 3, 64), strconv.FormatFloat(hi, 'f', 3, 64); l != c.low || h != c.high {
			t.Errorf("Wilson(%d, %d) = %s–%s, want %s–%s", c.k, c.n, l, h, c.low, c.high)
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

// TestRateJSON: a rate is written with its integer numerator and
// denominator, the rate the double nearest their quotient and the bounds
// Wilson's doubles, in the shortest text that reads back as them, laid out
// as CPython's repr (these are the bytes CPython prints for the same
// steps); at a denominator of 0 the rate and the interval are null, the
// counts kept.
func TestRateJSON(t *testing.T) {
	for _, c := range []struct {
		k, n int
		want string
	}{
		{9, 10, `{"rate":0.9,"numerator":9,"denominator":10,"interval":{"low":0.5958499732047615,"high":0.9821237869049271}}`},
		{11, 48, `{"rate":0.22916666666666666,"numerator":11,"denominator":48,"interval":{"low":0.13307826266911238,"high":0.36539264090003454}}`},
		{0, 10, `{"rate":0.0,"numerator":0,"denominator":10,"interval":{"low":0.0,"high":0.2775327998628892}}`},
		{10, 10, `{"rate":1.0,"numerator":10,"denominator":10,"interval":{"low":0.7224672001371109,"high":1.0}}`},
		{1, 1000000, `{"rate":1e-06,"numerator":1,"denominator":1000000,"interval":{"low":1.7652457674537134e-07,"high":5.664911804311442e-06}}`},
		{0, 0, `{"rate":null,"numerator":0,"denominator":0,"interval":null}`},
	} {
		b, err := json.Marshal(rate(c.k, c.n))
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != c.want {
			t.Errorf("rate(%d, %d) = %s\nwant %s", c.k, c.n, b, c.want)
		}
	}
}
