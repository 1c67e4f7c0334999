package score

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/ark-forge/proveit/scorer/season"
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
	// Compositions is what each barème requires of a track's tasks and
	// key (§5.5, §6.5); a barème without one requires none.
	Compositions map[string]Composition
	// DemoOnly rule sets score only seasons marked demo = true.
	DemoOnly bool
}

// Composition is what a barème requires of a season's track (§5.5, §6.5),
// checked against the sealed key at the close.
type Composition struct {
	Tasks        int            // exactly this many tasks (reussite is « / 10 », §5.7)
	MinFamily    map[string]int // at least this many tasks of a trap family (P5 on three, §5.4)
	ControlTasks int            // exactly this many tasks of the control family (§5.5)
	MinVerdict   map[string]int // at least this many tasks expecting a verdict (§6.5)
	// BoundsTable requires the barème's text to state exactly what
	// track.toml holds: its bounds table (checkBaremeBounds), its probative
	// fields (checkBaremeProbative), its graph (checkBaremeGraph), its distribution
	// (checkBaremeDistribution), and to name every fixed verdict
	// (checkBaremeVerdicts).
	BoundsTable bool
}

// RuleSets lists every rule set this proveit implements.
var RuleSets = []RuleSet{
	{
		ID:      "prove-it-s1",
		Baremes: []string{"conformite-bareme-v3", "generique-bareme-v1"},
		Rules:   "challenge specification §4.1, §5.7 (conformite-bareme-v3) and §6.6 (generique-bareme-v1): entry, close, the four conditions, instrument defects, pending, minimum and own half, founded verdict",
		Compositions: map[string]Composition{
			"conformite-bareme-v3": {Tasks: 10, MinFamily: map[string]int{"P5": 3}, ControlTasks: 1, BoundsTable: true},
			"generique-bareme-v1":  {Tasks: 10, MinFamily: map[string]int{"P5": 3}, ControlTasks: 1, MinVerdict: map[string]int{"aucune_option_valide": 3}, BoundsTable: true},
		},
	},
	{
		// The same rules, for the small fictional seasons of the tests and
		// demonstrations, without the composition of a real season.
		ID:       "prove-it-s1-essai",
		Baremes:  []string{"conformite-bareme-essai", "generique-bareme-essai"},
		Rules:    "the rules of prove-it-s1, without the composition of §5.5 and §6.5, for demonstration seasons only",
		DemoOnly: true,
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

// checkComposition checks a closed track against its barème's
// composition and its published distribution against the key: a wrong
// distribution would publish a false best-constant row (§7.2).
func checkComposition(t *season.Track, rs RuleSet, key map[string]*Expected) error {
	fail := func(format string, a ...any) error {
		return fmt.Errorf("%s: the season's composition is not what barème %s requires: %s", t.Name, t.Bareme, fmt.Sprintf(format, a...))
	}
	verdicts := map[string]int{}
	families := map[string]int{}
	for _, task := range t.Tasks {
		e := key[task.ID]
		verdicts[e.Verdict]++
		families[e.Family]++
	}
	for _, v := range sortedKeys(t.Distribution) {
		if got := verdicts[v]; got != t.Distribution[v] {
			return fail("track.toml publishes %d tasks expecting %s, key.json has %d (§5.5: the published distribution is the key's)", t.Distribution[v], quote(v), got)
		}
	}
	c, ok := rs.Compositions[t.Bareme]
	if !ok {
		return nil
	}
	if c.Tasks != 0 && len(t.Tasks) != c.Tasks {
		return fail("%d tasks, want %d", len(t.Tasks), c.Tasks)
	}
	for _, f := range sortedKeys(c.MinFamily) {
		if families[f] < c.MinFamily[f] {
			return fail("%d tasks of family %s in key.json, want at least %d", families[f], f, c.MinFamily[f])
		}
	}
	if families[t.ControlFamily] != c.ControlTasks {
		return fail("%d control tasks (family %s) in key.json, want %d", families[t.ControlFamily], t.ControlFamily, c.ControlTasks)
	}
	for _, v := range sortedKeys(c.MinVerdict) {
		if verdicts[v] < c.MinVerdict[v] {
			return fail("%d tasks expecting %s in key.json, want at least %d", verdicts[v], quote(v), c.MinVerdict[v])
		}
	}
	if c.BoundsTable {
		for _, check := range []func(*season.Track) error{checkBaremeBounds, checkBaremeProbative, checkBaremeGraph, checkBaremeDistribution, checkBaremeVerdicts} {
			if err := check(t); err != nil {
				return err
			}
		}
	}
	return nil
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
