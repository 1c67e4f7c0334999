package templates

import (
	"math/big"
	"strconv"
)

// Rates are written from the integers alone: "3/17 (17,6 %)" in French.
// The percentage has one decimal and is rounded half up on the exact
// rational, so that 1/16 reads 6,3 % (where a float printed with %.1f
// would give 6,2) and the same counts always give the same text. The
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

// percent renders n/d as a percentage with one decimal, rounded half up
// with integer arithmetic: "17,6 %".
func (l *locale) percent(n, d int) string {
	if d <= 0 || n < 0 {
		return l.text("number.not_applicable")
	}
	// tenths = round(1000·n / d), half up: floor((2000·n + d) / 2d).
	num := new(big.Int).Mul(big.NewInt(int64(n)), big.NewInt(2000))
	num.Add(num, big.NewInt(int64(d)))
	den := big.NewInt(2 * int64(d))
	tenths := num.Quo(num, den)
	q, r := new(big.Int).QuoRem(tenths, big.NewInt(10), new(big.Int))
	return l.decimal(q.String(), r.String())
}

// permille renders a rounded per-mille as a percentage with one decimal.
func (l *locale) permille(pm int) string {
	return l.decimal(strconv.Itoa(pm/10), strconv.Itoa(pm%10))
}

// decimal renders units and tenths of a percent: "17,6 %".
func (l *locale) decimal(units, tenth string) string {
	return l.text("number.percent", "value", units+l.text("number.decimal_separator")+tenth)
}

// count renders "n/d" without a percentage, for counts such as the tasks
// rendered.
func (l *locale) count(n, d int) string { return l.text("number.fraction", "n", n, "d", d) }
