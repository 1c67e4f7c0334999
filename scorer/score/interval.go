package score

import (
	"math"
	"strconv"
)

// With ten tasks, 7/10 is compatible with a true rate of about 40 % to
// 89 %: a rate published without its uncertainty says more than it
// knows. Every rate is published with its 95 % Wilson score interval, the
// interval that stays inside [0, 1] and behaves at 0/n and n/n (Wilson,
// 1927), as decimal strings with three digits, computed in IEEE 754
// arithmetic (math.Sqrt is correctly rounded), so the same on any machine.

// wilsonZ is the 97.5 % quantile of the standard normal distribution.
const wilsonZ = 1.959963984540054

// IntervalJSON is a 95 % interval of a rate, in [0, 1].
type IntervalJSON struct {
	Low  string `json:"low"`
	High string `json:"high"`
}

// Wilson returns the 95 % Wilson score interval of k successes out of n
// trials; n must be positive and 0 ≤ k ≤ n.
func Wilson(k, n int) (low, high float64) {
	fk, fn := float64(k), float64(n)
	z2 := wilsonZ * wilsonZ
	center := (fk + z2/2) / (fn + z2)
	half := wilsonZ * math.Sqrt(fk*(fn-fk)/fn+z2/4) / (fn + z2)
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

// interval is Wilson(k, n) as published.
func interval(k, n int) *IntervalJSON {
	lo, hi := Wilson(k, n)
	return &IntervalJSON{Low: strconv.FormatFloat(lo, 'f', 3, 64), High: strconv.FormatFloat(hi, 'f', 3, 64)}
}
