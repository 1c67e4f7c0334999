package score

import (
	"math"

	"github.com/ark-forge/proveit/scorer/pyjson"
)

// With ten tasks, 7/10 is compatible with a true rate of about 40 % to
// 89 %: a rate published without its uncertainty says more than it
// knows. Every rate is published with its 95 % Wilson score interval, the
// interval that stays inside [0, 1] and behaves at 0/n and n/n (Wilson,
// 1927), computed in IEEE 754 double precision in the order Wilson
// writes, from the double nearest wilsonZ: every operation is correctly
// rounded (math.Sqrt included) and no product is added before it is
// rounded (the only sums add a quotient or an exact halving, so no fused
// multiply-add can apply), so the bounds are the same doubles on any
// machine and in any language that follows the same steps.

// wilsonZ is the 97.5 % quantile of the standard normal distribution.
const wilsonZ = 1.959963984540054

// RateJSON is how results.json and report.json write every rate: its
// integer numerator and denominator, which are the published figure, and,
// derived from them alone, the rate as a number (the double nearest
// numerator ÷ denominator) and its 95 % Wilson interval. Rate and
// Interval are null when the denominator is 0 (no rate).
type RateJSON struct {
	Rate        *Number       `json:"rate"`
	Numerator   int           `json:"numerator"`
	Denominator int           `json:"denominator"`
	Interval    *IntervalJSON `json:"interval"`
}

// IntervalJSON is a 95 % interval of a rate, in [0, 1], low ≤ high.
type IntervalJSON struct {
	Low  Number `json:"low"`
	High Number `json:"high"`
}

// Number is a rate or a bound as the outputs write it, never rounded for
// display: the shortest digits that read back as the same double, laid
// out as CPython's float repr lays them out ("1.0", "0.25", "1e-06"), so
// that json.loads gives a float for every rate and json.dumps writes the
// same bytes again (pyjson.AppendFloat). A rate or bound is finite.
type Number float64

// MarshalJSON writes n as CPython's json.dumps writes the float.
func (n Number) MarshalJSON() ([]byte, error) { return pyjson.AppendFloat(nil, float64(n)), nil }

// Wilson returns the 95 % Wilson score interval of k successes out of n
// trials; n must be positive and 0 ≤ k ≤ n.
func Wilson(k, n int) (low, high float64) {
	fk, fn, z := float64(k), float64(n), float64(wilsonZ)
	z2 := z * z
	center := (fk + z2/2) / (fn + z2)
	half := z * math.Sqrt(fk*(fn-fk)/fn+z2/4) / (fn + z2)
	low, high = math.Max(0, center-half), math.Min(1, center+half)
	// At 0/n and n/n the bound is exactly 0 or 1; floating point may miss
	// it by an ulp.
	if k == 0 {
		low = 0
	}
	if k == n {
		high = 1
	}
	return low, high
}

// rate is k out of n as published; n must be at least 0 and 0 ≤ k ≤ n.
func rate(k, n int) *RateJSON {
	r := &RateJSON{Numerator: k, Denominator: n}
	if n > 0 {
		v := Number(float64(k) / float64(n))
		lo, hi := Wilson(k, n)
		r.Rate, r.Interval = &v, &IntervalJSON{Low: Number(lo), High: Number(hi)}
	}
	return r
}
