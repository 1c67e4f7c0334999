package score

import (
	"fmt"
	"slices"
	"strings"
)

// RuleSet is the scoring rules that a barème version is scored by. A
// barème is frozen for its season (§8): the rules that score it are pinned
// here, by its identifier, so that a season archived under one barème is
// scored by the rules it was frozen with, and a barème this proveit does not
// know refuses the track instead of being scored by whatever rules the code
// has today. A change to a rule is a new rule set, for the barèmes frozen
// after it.
type RuleSet struct {
	ID      string   // stable, named in results.json and report.json
	Baremes []string // the barème versions it scores
	Rules   string   // where the rules are written
}

// RuleSets lists every rule set this proveit implements.
var RuleSets = []RuleSet{
	{
		ID:      "prove-it-s1",
		Baremes: []string{"conformite-bareme-v3", "generique-bareme-v1"},
		Rules:   "challenge specification §4.1, §5.7 (conformite-bareme-v3) and §6.6 (generique-bareme-v1): entry, close, the four conditions, instrument defects, pending, minimum and own half, founded verdict",
	},
}

// RuleSetOf returns the rule set that scores a barème version.
func RuleSetOf(bareme string) (RuleSet, error) {
	var known []string
	for _, rs := range RuleSets {
		if slices.Contains(rs.Baremes, bareme) {
			return rs, nil
		}
		known = append(known, rs.Baremes...)
	}
	return RuleSet{}, fmt.Errorf("barème %s has no rule set in this proveit (it scores %s): a barème is scored only by the rules it was frozen with", quote(bareme), strings.Join(known, ", "))
}
