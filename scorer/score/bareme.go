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
	lines := strings.Split(baremeText(md), "\n")
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

// baremeText is a barème's text with CRLF line ends read as LF.
func baremeText(md []byte) string { return strings.ReplaceAll(string(md), "\r\n", "\n") }

// The barème also states the probative fields of every collection (§5.7:
// « Pointeurs recevables par collection »), one line each:
//
//   - agrements (/agrements/, ressources propres) : `/entite`, `/statut`, `/avenants/<n>`
//   - agrees (/listes/agrees/, liste commune) : `/entrees/<n>/entite`
//
// checkBaremeProbative requires a line for every collection of track.toml,
// with its prefix, whether it is own, and exactly its probative pointers,
// and no line for a collection track.toml lacks.
var probativeLineRE = regexp.MustCompile("^- ([a-z0-9_]+) \\(([^,()]+), (ressources propres|liste commune)\\) : (`[^`]+`(?:, `[^`]+`)*)$")

func baremeProbative(md []byte) map[string]probativeLine {
	out := map[string]probativeLine{}
	for _, l := range strings.Split(baremeText(md), "\n") {
		m := probativeLineRE.FindStringSubmatch(strings.TrimSpace(l))
		if m == nil {
			continue
		}
		ptrs := backquoted(m[4])
		sort.Strings(ptrs)
		out[m[1]] = probativeLine{prefix: m[2], own: m[3] == "ressources propres", pointers: ptrs}
	}
	return out
}

type probativeLine struct {
	prefix   string
	own      bool
	pointers []string
}

func checkBaremeProbative(t *season.Track) error {
	fail := func(format string, a ...any) error {
		return fmt.Errorf("%s: bareme.md and track.toml disagree on the probative fields (§5.7): %s", t.Name, fmt.Sprintf(format, a...))
	}
	lines := baremeProbative(t.BaremeMD)
	for _, c := range t.Rules.Collections {
		l, ok := lines[c.Name]
		if !ok {
			return fail("the barème has no line « - %s (%s, …) : `…` » for the collection %s", c.Name, c.Prefix, c.Name)
		}
		var ptrs []string
		for _, p := range c.Probative {
			ptrs = append(ptrs, p.Text)
		}
		sort.Strings(ptrs)
		switch {
		case l.prefix != c.Prefix:
			return fail("%s: the barème says prefix %s, track.toml %s", c.Name, l.prefix, c.Prefix)
		case l.own != c.Own:
			return fail("%s: the barème says own %v, track.toml %v", c.Name, l.own, c.Own)
		case strings.Join(l.pointers, " ") != strings.Join(ptrs, " "):
			return fail("%s: the barème lists %s, track.toml %s", c.Name, strings.Join(l.pointers, ", "), strings.Join(ptrs, ", "))
		}
		delete(lines, c.Name)
	}
	if len(lines) > 0 {
		extra := make([]string, 0, len(lines))
		for n := range lines {
			extra = append(extra, n)
		}
		sort.Strings(extra)
		return fail("the barème lists the collection %s, which track.toml lacks", extra[0])
	}
	return nil
}

// The barème states the published distribution of expected verdicts
// (§5.5: « Répartition publiée des verdicts attendus »), one sentence:
//
//	Répartition publiée des verdicts attendus : 3 conforme, 4 non_conforme, 3 indeterminable.
//
// its counts up to the first « ; » or the final full stop, « <n> <verdict> »
// separated by commas, possibly wrapped over the lines of its paragraph.
// checkBaremeDistribution requires those counts to be exactly track.toml's
// [distribution]: the best-constant row is computed from it, so a
// distribution the barème does not state would publish a baseline nobody
// pre-registered.
var (
	distributionRE     = regexp.MustCompile(`(?i)répartition publiée des verdicts attendus\s*:\s*`)
	distributionItemRE = regexp.MustCompile(`^([0-9]+)\s+(\S+)$`)
)

// paragraphAt is the paragraph of lines that begins at byte offset i of
// md, joined by spaces.
func paragraphAt(md string, i int) string {
	rest := md[i:]
	if end := strings.Index(rest, "\n\n"); end >= 0 {
		rest = rest[:end]
	}
	return strings.Join(strings.Fields(rest), " ")
}

func baremeDistribution(md []byte) (map[string]int, error) {
	text := baremeText(md)
	loc := distributionRE.FindAllStringIndex(text, -1)
	switch {
	case len(loc) == 0:
		return nil, fmt.Errorf("no sentence « Répartition publiée des verdicts attendus : … » (§5.5)")
	case len(loc) > 1:
		return nil, fmt.Errorf("the sentence « Répartition publiée des verdicts attendus » appears %d times", len(loc))
	}
	stated := paragraphAt(text, loc[0][1])
	if cut := strings.IndexByte(stated, ';'); cut >= 0 {
		stated = stated[:cut]
	} else if cut := strings.IndexByte(stated, '.'); cut >= 0 {
		stated = stated[:cut]
	}
	out := map[string]int{}
	for _, item := range strings.Split(stated, ",") {
		m := distributionItemRE.FindStringSubmatch(strings.TrimSpace(item))
		if m == nil {
			return nil, fmt.Errorf("the distribution item %q is not « <nombre> <verdict> »", strings.TrimSpace(item))
		}
		if _, dup := out[m[2]]; dup {
			return nil, fmt.Errorf("the distribution states %s twice", m[2])
		}
		n, err := strconv.Atoi(m[1])
		if err != nil {
			return nil, fmt.Errorf("the distribution item %q: %w", item, err)
		}
		out[m[2]] = n
	}
	return out, nil
}

// checkBaremeDistribution compares the barème's distribution with
// track.toml's.
func checkBaremeDistribution(t *season.Track) error {
	stated, err := baremeDistribution(t.BaremeMD)
	if err != nil {
		return fmt.Errorf("%s/bareme.md: %w", t.Name, err)
	}
	for _, v := range sortedKeys(mergeKeys(stated, t.Distribution)) {
		_, inBareme := stated[v]
		_, inTrack := t.Distribution[v]
		if inBareme != inTrack {
			return fmt.Errorf("%s: bareme.md and track.toml disagree on the distribution (§5.5): %s is stated by only one of them (barème %v, track.toml %v)", t.Name, quote(v), inBareme, inTrack)
		}
		if stated[v] != t.Distribution[v] {
			return fmt.Errorf("%s: bareme.md and track.toml disagree on the distribution (§5.5): the barème says %d tasks expecting %s, track.toml %d", t.Name, stated[v], quote(v), t.Distribution[v])
		}
	}
	return nil
}

func mergeKeys(a, b map[string]int) map[string]int {
	out := map[string]int{}
	for k := range a {
		out[k] = 0
	}
	for k := range b {
		out[k] = 0
	}
	return out
}

// checkBaremeVerdicts requires every fixed verdict of track.toml to be
// named, as a whole word, in the barème's section « Ensemble des verdicts »
// (§5.3, §6.3): a verdict the pre-registered text does not admit cannot be
// added in the data. The prose is not parsed further: a verdict the barème
// names but track.toml lacks is not detected here (the key's verdicts are
// checked against track.toml by the loader).
func checkBaremeVerdicts(t *season.Track) error {
	section, err := baremeSection(t.BaremeMD, "ensemble des verdicts")
	if err != nil {
		return fmt.Errorf("%s/bareme.md: %w", t.Name, err)
	}
	for _, v := range t.Verdicts {
		re := regexp.MustCompile(`(^|[^\pL\pN_])` + regexp.QuoteMeta(v) + `($|[^\pL\pN_])`)
		if !re.MatchString(section) {
			return fmt.Errorf("%s: bareme.md and track.toml disagree on the verdicts (§5.3): the barème's « Ensemble des verdicts » does not name %s", t.Name, quote(v))
		}
	}
	return nil
}

// baremeSection is the text under the one heading containing title (case
// folded), up to the next heading of any level.
func baremeSection(md []byte, title string) (string, error) {
	lines := strings.Split(baremeText(md), "\n")
	start, found := -1, 0
	for i, l := range lines {
		if strings.HasPrefix(l, "#") && strings.Contains(strings.ToLower(l), title) {
			start, found = i, found+1
		}
	}
	switch {
	case found == 0:
		return "", fmt.Errorf("no section « %s »", title)
	case found > 1:
		return "", fmt.Errorf("%d sections « %s »", found, title)
	}
	end := len(lines)
	for j := start + 1; j < len(lines); j++ {
		if strings.HasPrefix(lines[j], "#") {
			end = j
			break
		}
	}
	return strings.Join(lines[start+1:end], "\n"), nil
}

// The barème states the task graph (§5.2) as data too: its roots, one
// sentence, and the link fields of every collection that has any, one line
// each:
//
//	Racines du graphe : `{entite}`.
//	- liens de agrements : `/avenants/<n>`
//
// checkBaremeGraph requires exactly track.toml's graph_roots, and for every
// collection exactly its links (no line: none); a line for a collection
// track.toml lacks is refused.
var (
	rootsRE    = regexp.MustCompile("(?m)^Racines du graphe : (`[^`]+`(?:, `[^`]+`)*)\\.$")
	linkLineRE = regexp.MustCompile("^- liens de ([a-z0-9_]+) : (`[^`]+`(?:, `[^`]+`)*)$")
)

// backquoted splits « `a`, `b` » into a and b.
func backquoted(list string) []string {
	var out []string
	for _, p := range strings.Split(list, ", ") {
		out = append(out, strings.Trim(p, "`"))
	}
	return out
}

func checkBaremeGraph(t *season.Track) error {
	fail := func(format string, a ...any) error {
		return fmt.Errorf("%s: bareme.md and track.toml disagree on the graph (§5.2): %s", t.Name, fmt.Sprintf(format, a...))
	}
	md := baremeText(t.BaremeMD)
	roots := rootsRE.FindAllStringSubmatch(md, -1)
	if len(roots) != 1 {
		return fmt.Errorf("%s/bareme.md: %d sentences « Racines du graphe : `…`. », want one (§5.2)", t.Name, len(roots))
	}
	if got, want := strings.Join(backquoted(roots[0][1]), " "), strings.Join(t.Rules.GraphRoots, " "); got != want {
		return fail("the barème's roots are %s, track.toml's %s", got, want)
	}
	links := map[string]string{}
	for _, l := range strings.Split(md, "\n") {
		m := linkLineRE.FindStringSubmatch(strings.TrimSpace(l))
		if m == nil {
			continue
		}
		if _, dup := links[m[1]]; dup {
			return fail("the barème lists the links of %s twice", m[1])
		}
		ls := backquoted(m[2])
		sort.Strings(ls)
		links[m[1]] = strings.Join(ls, ", ")
	}
	for _, c := range t.Rules.Collections {
		var ls []string
		for _, p := range c.Links {
			ls = append(ls, p.Text)
		}
		sort.Strings(ls)
		if got, want := links[c.Name], strings.Join(ls, ", "); got != want {
			return fail("%s: the barème lists the links %q, track.toml %q", c.Name, got, want)
		}
		delete(links, c.Name)
	}
	if len(links) > 0 {
		extra := make([]string, 0, len(links))
		for n := range links {
			extra = append(extra, n)
		}
		sort.Strings(extra)
		return fail("the barème lists links of %s, which track.toml lacks", extra[0])
	}
	return nil
}
