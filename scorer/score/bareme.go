package score

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/ark-forge/proveit/scorer/season"
)

// The frozen barème states the bounds of every task (§5.5, « Bornes
// d'assertions figées »), and track.toml holds the same bounds as data for
// the scorer. Both are anchored at the freeze, but nothing would tell that
// they say the same thing: checkBaremeBounds reads the barème's table,
//
//	| tâche | minimum | plafond |
//	| --- | --- | --- |
//	| conf-01 | 4 | 8 |
//
// (the header's words in any case, spaces free) and requires a row for
// every task of track.toml with its minimum and ceiling, and no other row.

var (
	boundsHeaderRE = regexp.MustCompile(`(?i)^\|\s*tâche\s*\|\s*minimum\s*\|\s*plafond\s*\|$`)
	boundsSepRE    = regexp.MustCompile(`^\|(\s*:?-+:?\s*\|){3}$`)
	boundsRowRE    = regexp.MustCompile(`^\|\s*([^|\s]+)\s*\|\s*([0-9]+)\s*\|\s*([0-9]+)\s*\|$`)
)

// baremeBounds reads the bounds table of a barème: task id → {min, max}.
func baremeBounds(md []byte) (map[string][2]int, error) {
	lines := strings.Split(strings.ReplaceAll(string(md), "\r\n", "\n"), "\n")
	for i, l := range lines {
		if !boundsHeaderRE.MatchString(strings.TrimSpace(l)) {
			continue
		}
		if i+1 >= len(lines) || !boundsSepRE.MatchString(strings.TrimSpace(lines[i+1])) {
			return nil, fmt.Errorf("line %d: the bounds table's header is not followed by its separator row", i+1)
		}
		out := map[string][2]int{}
		for j := i + 2; j < len(lines); j++ {
			row := strings.TrimSpace(lines[j])
			if !strings.HasPrefix(row, "|") {
				break
			}
			m := boundsRowRE.FindStringSubmatch(row)
			if m == nil {
				return nil, fmt.Errorf("line %d: %q is not a row « | tâche | minimum | plafond | »", j+1, row)
			}
			if _, dup := out[m[1]]; dup {
				return nil, fmt.Errorf("line %d: task %s is listed twice", j+1, m[1])
			}
			lo, _ := strconv.Atoi(m[2])
			hi, _ := strconv.Atoi(m[3])
			out[m[1]] = [2]int{lo, hi}
		}
		return out, nil
	}
	return nil, fmt.Errorf("no bounds table « | tâche | minimum | plafond | » (§5.5: « Bornes d'assertions figées »)")
}

// checkBaremeBounds compares the barème's bounds with track.toml's.
func checkBaremeBounds(t *season.Track) error {
	fail := func(format string, a ...any) error {
		return fmt.Errorf("%s: bareme.md and track.toml disagree: %s", t.Name, fmt.Sprintf(format, a...))
	}
	bounds, err := baremeBounds(t.BaremeMD)
	if err != nil {
		return fmt.Errorf("%s/bareme.md: %w", t.Name, err)
	}
	for _, task := range t.Tasks {
		b, ok := bounds[task.ID]
		switch {
		case !ok:
			return fail("the barème states no bounds for %s", task.ID)
		case b[0] != task.MinAssertions || b[1] != task.MaxAssertions:
			return fail("%s: the barème says minimum %d and ceiling %d, track.toml %d and %d", task.ID, b[0], b[1], task.MinAssertions, task.MaxAssertions)
		}
		delete(bounds, task.ID)
	}
	if len(bounds) > 0 {
		extra := make([]string, 0, len(bounds))
		for id := range bounds {
			extra = append(extra, id)
		}
		sort.Strings(extra)
		return fail("the barème states bounds for %s, which is not a task of track.toml", extra[0])
	}
	return nil
}
