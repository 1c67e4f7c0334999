package score

import (
	"math/big"
	"sort"
)

// The order of a track's table (§5.7, « Départage »): the overclaim is
// read only among equal success, so the rows are grouped by success and
// ordered by overclaim inside a group. results.csv lists the rows in the
// same order as the page.

// TableOrder splits the participants into success groups, most
// successes first, and the pending ones. Inside a group the rows are
// ordered by overclaim, lowest first, compared as exact fractions; a
// participant without a rendered assertion (no overclaim) comes after
// those with one; ties are broken by slug. Pending participants are
// ordered by slug.
func TableOrder(ps []*ParticipantResult) (groups [][]*ParticipantResult, pending []*ParticipantResult) {
	var scored []*ParticipantResult
	for _, p := range ps {
		if p.Status == "pending" {
			pending = append(pending, p)
		} else {
			scored = append(scored, p)
		}
	}
	sort.SliceStable(pending, func(i, j int) bool { return pending[i].Participant.Slug < pending[j].Participant.Slug })
	sort.SliceStable(scored, func(i, j int) bool {
		a, b := scored[i], scored[j]
		if a.Successes != b.Successes {
			return a.Successes > b.Successes
		}
		an, ad, aok := a.Overclaim()
		bn, bd, bok := b.Overclaim()
		if aok != bok {
			return aok
		}
		if aok && (lessFraction(an, ad, bn, bd) || lessFraction(bn, bd, an, ad)) {
			return lessFraction(an, ad, bn, bd)
		}
		return a.Participant.Slug < b.Participant.Slug
	})
	for _, p := range scored {
		if n := len(groups); n == 0 || groups[n-1][0].Successes != p.Successes {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], p)
	}
	return groups, pending
}

// lessFraction reports whether a/b < c/d for non-negative a, c and positive
// b, d, by cross-multiplication: no float ever decides an order.
func lessFraction(a, b, c, d int) bool {
	l := new(big.Int).Mul(big.NewInt(int64(a)), big.NewInt(int64(d)))
	r := new(big.Int).Mul(big.NewInt(int64(c)), big.NewInt(int64(b)))
	return l.Cmp(r) < 0
}
