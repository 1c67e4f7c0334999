package templates

import (
	"fmt"
	"math/big"
)

// Rate renders the fraction n/d for reading, computed from the integers
// alone: "3/17 (17,6 %)". The percentage has one decimal, a French decimal
// comma and a no-break space before the sign, and is rounded half up on the
// exact rational, so that 1/16 reads 6,3 % (where a float printed with %.1f
// would give 6,2) and the same counts always give the same text. A zero
// denominator has no rate: it reads "sans objet".
func Rate(n, d int) string {
	if d <= 0 || n < 0 {
		return "sans objet"
	}
	return fmt.Sprintf("%d/%d (%s)", n, d, Percent(n, d))
}

// Percent renders n/d as a percentage with one decimal, rounded half up
// with integer arithmetic: "17,6\u00a0%".
func Percent(n, d int) string {
	if d <= 0 || n < 0 {
		return "sans objet"
	}
	// tenths = round(1000·n / d), half up: floor((2000·n + d) / 2d).
	num := new(big.Int).Mul(big.NewInt(int64(n)), big.NewInt(2000))
	num.Add(num, big.NewInt(int64(d)))
	den := big.NewInt(2 * int64(d))
	tenths := num.Quo(num, den)
	q, r := new(big.Int).QuoRem(tenths, big.NewInt(10), new(big.Int))
	return q.String() + "," + r.String() + "\u00a0%"
}

// Count renders "n/d" without a percentage, for counts such as the tasks
// rendered.
func Count(n, d int) string { return fmt.Sprintf("%d/%d", n, d) }

// lessFraction reports whether a/b < c/d for non-negative a, c and positive
// b, d, by cross-multiplication: no float ever decides an order.
func lessFraction(a, b, c, d int) bool {
	l := new(big.Int).Mul(big.NewInt(int64(a)), big.NewInt(int64(d)))
	r := new(big.Int).Mul(big.NewInt(int64(c)), big.NewInt(int64(b)))
	return l.Cmp(r) < 0
}
