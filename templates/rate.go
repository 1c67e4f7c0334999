package templates

import (
	"math"
	"math/big"
	"strconv"

	"github.com/ark-forge/proveit/scorer/score"
)

// Rates are written from the integers alone: "3/17 (18 %)" in French.
// The percentage is whole below decimalFrom and has one decimal from it,
// rounded half up on the exact rational, so that 1/16 reads 6 % and
// 1/1600 reads 0,1 % (where a float printed with %.1f would give 0,0 %),
// and the same counts always give the same text. The
// catalogue gives the shapes (number.fraction, number.rate,
// number.percent) and the decimal separator; a zero denominator has no
// rate and reads number.not_applicable (« sans objet »).

// rate renders the fraction n/d and its percentage: "3/17 (17,6 %)".
func (l *locale) rate(n, d int) string {
	if d <= 0 || n < 0 {
		return l.text("number.not_applicable")
	}
	return l.text("number.rate", "fraction", l.count(n, d), "percent", l.percent(n, d))
}

// decimalFrom is the smallest denominator whose percentage is written with
// a decimal: below it one unit of the count moves the rate by more than a
// tenth of a point, and a decimal would claim a precision the count does
// not have (« 90,0 % » on 9/10).
const decimalFrom = 1000

// percent renders n/d as a percentage, rounded half up with integer
// arithmetic: whole below decimalFrom ("90 %" for 9/10, "18 %" for 3/17),
// with one decimal from it ("17,6 %" for 176/1000).
func (l *locale) percent(n, d int) string {
	if d <= 0 || n < 0 {
		return l.text("number.not_applicable")
	}
	if d < decimalFrom {
		// round(100·n / d), half up: floor((200·n + d) / 2d).
		num := new(big.Int).Mul(big.NewInt(int64(n)), big.NewInt(200))
		num.Add(num, big.NewInt(int64(d)))
		return l.text("number.percent", "value", num.Quo(num, big.NewInt(2*int64(d))).String())
	}
	// tenths = round(1000·n / d), half up: floor((2000·n + d) / 2d).
	num := new(big.Int).Mul(big.NewInt(int64(n)), big.NewInt(2000))
	num.Add(num, big.NewInt(int64(d)))
	den := big.NewInt(2 * int64(d))
	tenths := num.Quo(num, den)
	q, r := new(big.Int).QuoRem(tenths, big.NewInt(10), new(big.Int))
	return l.decimal(q.String(), r.String())
}

// permille renders a rounded per-mille as a whole percentage, rounded half
// up: the plot's points are counts out of a few tasks.
func (l *locale) permille(pm int) string {
	return l.text("number.percent", "value", strconv.Itoa((pm+5)/10))
}

// interval renders the 95 % Wilson interval of k out of n as whole
// percentages, « IC 95 % : 40–89 % » (score.Wilson; bounds rounded half
// up, deterministic since Wilson is).
func (l *locale) interval(k, n int) string {
	if n <= 0 || k < 0 || k > n {
		return ""
	}
	lo, hi := score.Wilson(k, n)
	return l.text("number.interval", "low", int(math.Floor(lo*100+0.5)), "high", int(math.Floor(hi*100+0.5)))
}

// decimal renders units and tenths of a percent: "17,6 %".
func (l *locale) decimal(units, tenth string) string {
	return l.text("number.percent", "value", units+l.text("number.decimal_separator")+tenth)
}

// count renders "n/d" without a percentage, for counts such as the tasks
// rendered.
func (l *locale) count(n, d int) string { return l.text("number.fraction", "n", n, "d", d) }
