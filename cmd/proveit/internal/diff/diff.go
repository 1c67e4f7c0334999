// Package diff compares two built sites, for contesters: what changed per
// season, track, participant, task and assertion in results.json and the
// reports it names, every other JSON path of those files that differs, how
// many other files differ by SHA256SUMS, and each file of either site that
// does not match that site's own SHA256SUMS.
package diff

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/ark-forge/proveit/internal/sitepath"
	"github.com/ark-forge/proveit/scorer/inputfile"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/score"
)

// MaxJSONBytes bounds the read of one results.json or report.json.
const MaxJSONBytes = 64 << 20

// Change is one difference between two sites: the field that changed at a
// location, with its old and new values. A location's parts that do not
// apply are "". File and Pointer are set for a FieldPath change, Site and
// File for a FieldSums change.
type Change struct {
	Season      string `json:"season"`
	Track       string `json:"track"`
	Participant string `json:"participant"`
	Task        string `json:"task"`
	Assertion   string `json:"assertion"`
	Field       string `json:"field"`
	Old         string `json:"old"`
	New         string `json:"new"`
	Site        string `json:"site,omitempty"`
	File        string `json:"file,omitempty"`
	Pointer     string `json:"pointer,omitempty"`
}

// The fields that describe the build, not its results: a change of one of
// them alone is no difference in results or reports.
const (
	FieldVersion      = "proveit_version"
	FieldInputsDigest = "inputs_digest"
	FieldAIAct        = "ai_act_art50"
	FieldOtherFiles   = "other_files" // New is the count of files that differ
)

// FieldPresence is the field of an added or removed season, track,
// participant, task or assertion: Old and New are Absent or Present.
const FieldPresence = "presence"

// The values of FieldPresence, and of a null field.
const (
	Absent  = "absent"
	Present = "present"
	None    = "none"
)

// Build reports whether c describes the build only.
func (c Change) Build() bool {
	switch c.Field {
	case FieldVersion, FieldInputsDigest, FieldAIAct, FieldOtherFiles:
		return true
	}
	return false
}

// Differs reports whether changes holds a difference in results or
// reports, or a file that does not match its site's SHA256SUMS.
func Differs(changes []Change) bool {
	for _, c := range changes {
		if !c.Build() {
			return true
		}
	}
	return false
}

// builtSite is what Compare reads of one site.
type builtSite struct {
	dir string
	// seasons maps a season number to its tracks by name.
	seasons map[int]map[string]*track
	// versions, digests (per season) and labels seen in its JSON files.
	versions []string
	digests  map[int][]string
	labels   []string
	// compared are the paths, relative to dir, of the files read.
	compared map[string]bool
	// files are the results.json and report.json read, in the order read.
	files []*jsonFile
	// sums is its SHA256SUMS, nil when it has none.
	sums map[string]string
}

type track struct {
	results score.ResultsJSON
	reports map[string]*score.ReportJSON // by slug
}

// Compare reads the sites oldDir and newDir and returns their differences:
// the build's own first, then those of results and reports in the order
// season, track, participant slug, task id, assertion id, then every other
// JSON path at which a results.json or report.json both sites hold differs
// (FieldPath), then the count of other files that differ when both sites
// have a SHA256SUMS, then every file of the old site, then of the new, that
// does not match its own site's SHA256SUMS (FieldSums). An error names the
// file that could not be read or decoded, or the SHA256SUMS that is not
// well formed.
func Compare(oldDir, newDir string) ([]Change, error) {
	a, err := load(oldDir)
	if err != nil {
		return nil, err
	}
	b, err := load(newDir)
	if err != nil {
		return nil, err
	}
	var head, body []Change
	if o, n := strings.Join(a.versions, ", "), strings.Join(b.versions, ", "); o != n {
		head = append(head, Change{Field: FieldVersion, Old: o, New: n})
	}
	for _, s := range unionInts(a.digests, b.digests) {
		if a.seasons[s] == nil || b.seasons[s] == nil {
			continue // the season is added or removed
		}
		if o, n := strings.Join(a.digests[s], ", "), strings.Join(b.digests[s], ", "); o != n {
			head = append(head, Change{Season: strconv.Itoa(s), Field: FieldInputsDigest, Old: o, New: n})
		}
	}
	if o, n := strings.Join(a.labels, "\n"), strings.Join(b.labels, "\n"); o != n {
		head = append(head, Change{Field: FieldAIAct, Old: o, New: n})
	}
	for _, s := range unionInts(a.seasons, b.seasons) {
		body = append(body, compareSeason(s, a.seasons[s], b.seasons[s])...)
	}
	named := map[Change]bool{}
	for _, c := range append(head[:len(head):len(head)], body...) {
		c.Old, c.New = "", ""
		named[c] = true
	}
	for _, pair := range pairFiles(a, b) {
		body = append(body, compareTrees(pair[0], pair[1], named)...)
	}
	if other := otherFiles(a, b); other > 0 {
		body = append(body, Change{Field: FieldOtherFiles, New: strconv.Itoa(other)})
	}
	for _, s := range []*builtSite{a, b} {
		bad, err := checkSums(s.dir, s.sums)
		if err != nil {
			return nil, err
		}
		body = append(body, bad...)
	}
	return append(head, body...), nil
}

// pairFiles returns the results.json and report.json both sites hold, in
// the order b read them: a results.json by its path, a report.json by its
// season, track and participant (its path is a field of results.json).
func pairFiles(a, b *builtSite) [][2]*jsonFile {
	type key struct {
		season      int
		track, slug string
	}
	byKey := map[key]*jsonFile{}
	for _, f := range a.files {
		byKey[key{f.season, f.track, f.slug}] = f
	}
	var out [][2]*jsonFile
	for _, f := range b.files {
		if g := byKey[key{f.season, f.track, f.slug}]; g != nil {
			out = append(out, [2]*jsonFile{g, f})
		}
	}
	return out
}

func compareSeason(s int, a, b map[string]*track) []Change {
	loc := Change{Season: strconv.Itoa(s)}
	if a == nil || b == nil {
		return []Change{presence(loc, a != nil)}
	}
	var out []Change
	for _, name := range unionStrings(a, b) {
		out = append(out, compareTrack(loc, name, a[name], b[name])...)
	}
	return out
}

func compareTrack(loc Change, name string, a, b *track) []Change {
	loc.Track = name
	if a == nil || b == nil {
		return []Change{presence(loc, a != nil)}
	}
	ra, rb := a.results, b.results
	var out []Change
	add := func(at Change, field, o, n string) {
		if o != n {
			at.Field, at.Old, at.New = field, o, n
			out = append(out, at)
		}
	}
	add(loc, "rule_set", ra.RuleSet, rb.RuleSet)
	add(loc, "bareme", ra.Bareme, rb.Bareme)
	add(loc, "tasks", strconv.Itoa(ra.Tasks), strconv.Itoa(rb.Tasks))
	add(loc, "best_constant.verdict", ra.BestConstant.Verdict, rb.BestConstant.Verdict)
	add(loc, "best_constant.success", fraction(ra.BestConstant.Success), fraction(rb.BestConstant.Success))
	rows := func(r score.ResultsJSON) map[string]*score.ParticipantJSON {
		m := map[string]*score.ParticipantJSON{}
		for i := range r.Participants {
			m[r.Participants[i].Slug] = &r.Participants[i]
		}
		return m
	}
	pa, pb := rows(ra), rows(rb)
	for _, slug := range unionStrings(pa, pb) {
		at := loc
		at.Participant = slug
		p, q := pa[slug], pb[slug]
		if p == nil || q == nil {
			out = append(out, presence(at, p != nil))
			continue
		}
		add(at, "status", p.Status, q.Status)
		add(at, "overclaim", fraction(p.Overclaim), fraction(q.Overclaim))
		add(at, "success", fraction(p.Success), fraction(q.Success))
		add(at, "tasks_scored", num(p.TasksScored), num(q.TasksScored))
		out = append(out, compareReport(at, a.reports[slug], b.reports[slug])...)
	}
	return out
}

func compareReport(loc Change, a, b *score.ReportJSON) []Change {
	var out []Change
	add := func(at Change, field, o, n string) {
		if o != n {
			at.Field, at.Old, at.New = field, o, n
			out = append(out, at)
		}
	}
	tasks := func(r *score.ReportJSON) map[string]*score.TaskJSON {
		m := map[string]*score.TaskJSON{}
		for i := range r.Tasks {
			m[r.Tasks[i].TaskID] = &r.Tasks[i]
		}
		return m
	}
	ta, tb := tasks(a), tasks(b)
	for _, id := range unionStrings(ta, tb) {
		at := loc
		at.Task = id
		t, u := ta[id], tb[id]
		if t == nil || u == nil {
			out = append(out, presence(at, t != nil))
			continue
		}
		add(at, "status", string(t.Status), string(u.Status))
		add(at, "verdict", str(t.Verdict), str(u.Verdict))
		add(at, "founded", strconv.FormatBool(t.Founded), strconv.FormatBool(u.Founded))
		add(at, "missing_facts", list(t.MissingFacts), list(u.MissingFacts))
		assertions := func(t *score.TaskJSON) map[string]*score.AssertionJSON {
			m := map[string]*score.AssertionJSON{}
			for i := range t.Assertions {
				m[t.Assertions[i].ID] = &t.Assertions[i]
			}
			return m
		}
		aa, ab := assertions(t), assertions(u)
		for _, aid := range unionStrings(aa, ab) {
			at := at
			at.Assertion = aid
			x, y := aa[aid], ab[aid]
			if x == nil || y == nil {
				out = append(out, presence(at, x != nil))
				continue
			}
			add(at, "status", x.Status, y.Status)
			add(at, "cause", cause(x.Cause), cause(y.Cause))
		}
	}
	return out
}

func presence(at Change, wasPresent bool) Change {
	at.Field, at.Old, at.New = FieldPresence, Absent, Present
	if wasPresent {
		at.Old, at.New = Present, Absent
	}
	return at
}

// fraction is a rate as its published figure, "numerator/denominator";
// the rate and interval beside them derive from it.
func fraction(r *score.RateJSON) string {
	if r == nil {
		return None
	}
	return strconv.Itoa(r.Numerator) + "/" + strconv.Itoa(r.Denominator)
}

func str(p *string) string {
	if p == nil {
		return None
	}
	return *p
}

func num(p *int) string {
	if p == nil {
		return None
	}
	return strconv.Itoa(*p)
}

func cause(p *score.Cause) string {
	if p == nil {
		return None
	}
	return string(*p)
}

func list(s []string) string {
	if len(s) == 0 {
		return None
	}
	return strings.Join(s, ", ")
}

// load reads every saison-<n>/<track>/results.json of dir and the reports
// they name.
func load(dir string) (*builtSite, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("read site %s: %w", dir, err)
	}
	s := &builtSite{dir: dir, seasons: map[int]map[string]*track{}, digests: map[int][]string{}, compared: map[string]bool{}}
	if s.sums, err = readSums(dir); err != nil {
		return nil, err
	}
	for _, e := range entries {
		n, ok := sitepath.ParseSeason(e.Name())
		if !ok || !e.IsDir() {
			continue
		}
		tracks := map[string]*track{}
		s.seasons[n] = tracks
		sub, err := os.ReadDir(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", filepath.Join(dir, e.Name()), err)
		}
		for _, te := range sub {
			if !te.IsDir() || !sitepath.IsSegment(te.Name()) {
				continue
			}
			results := sitepath.Results(n, te.Name()).String()
			if _, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(results))); errors.Is(err, fs.ErrNotExist) {
				continue // not a track: the dossier, the proof views
			}
			t, err := s.loadTrack(n, te.Name(), results)
			if err != nil {
				return nil, err
			}
			tracks[te.Name()] = t
		}
	}
	sort.Strings(s.versions)
	sort.Strings(s.labels)
	for n := range s.digests {
		sort.Strings(s.digests[n])
	}
	return s, nil
}

// loadTrack reads the track's results.json, at resultsPath in the site,
// and the reports it names.
func (s *builtSite) loadTrack(season int, name, resultsPath string) (*track, error) {
	t := &track{reports: map[string]*score.ReportJSON{}}
	rel := path.Dir(resultsPath)
	if err := s.readJSON(&jsonFile{rel: resultsPath, season: season, track: name}, &t.results); err != nil {
		return nil, err
	}
	s.note(t.results.ProveitVersion, t.results.AIAct)
	s.digests[season] = addOnce(s.digests[season], t.results.InputsDigest)
	seen := map[string]bool{}
	for _, p := range t.results.Participants {
		if seen[p.Slug] {
			return nil, fmt.Errorf("%s: participant %q is listed twice", s.name(resultsPath), p.Slug)
		}
		seen[p.Slug] = true
		if !filepath.IsLocal(p.Report) || strings.Contains(p.Report, `\`) {
			return nil, fmt.Errorf("%s: participant %q has report %q, want a path inside the track", s.name(resultsPath), p.Slug, p.Report)
		}
		r := new(score.ReportJSON)
		if err := s.readJSON(&jsonFile{rel: path.Join(rel, p.Report), season: season, track: name, slug: p.Slug}, r); err != nil {
			return nil, err
		}
		s.note(r.ProveitVersion, r.AIAct)
		t.reports[p.Slug] = r
	}
	return t, nil
}

func (s *builtSite) note(version string, label score.AIActJSON) {
	s.versions = addOnce(s.versions, version)
	s.labels = addOnce(s.labels, label.Label+" ("+label.DigitalSourceType+")")
}

func addOnce(list []string, v string) []string {
	for _, x := range list {
		if x == v {
			return list
		}
	}
	return append(list, v)
}

// bare returns the reason of a *fs.PathError, whose path the caller names.
func bare(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func (s *builtSite) name(rel string) string { return filepath.Join(s.dir, filepath.FromSlash(rel)) }

// readJSON decodes the file f.rel of the site into v and into f.tree, and
// notes it compared.
func (s *builtSite) readJSON(f *jsonFile, v any) error {
	rel := f.rel
	data, err := inputfile.Read(s.name(rel), MaxJSONBytes)
	if err != nil {
		return fmt.Errorf("read %s: %w", s.name(rel), bare(err))
	}
	// Strict JSON first, as proveit writes it: no repeated key (which
	// encoding/json would settle by keeping the last), no BOM, no NaN.
	if _, err := pyjson.DecodeStrict(data); err != nil {
		return fmt.Errorf("read %s: %w", s.name(rel), err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("read %s: %w", s.name(rel), err)
	}
	if dec.More() {
		return fmt.Errorf("read %s: data after the JSON value", s.name(rel))
	}
	if f.tree, err = decodeTree(data); err != nil {
		return fmt.Errorf("read %s: %w", s.name(rel), err)
	}
	f.rel = path.Clean(rel)
	s.compared[f.rel] = true
	s.files = append(s.files, f)
	return nil
}

// otherFiles counts the files listed in either site's SHA256SUMS, other than
// those Compare read, whose hashes differ or that only one site lists; 0
// when a site has no SHA256SUMS.
func otherFiles(a, b *builtSite) int {
	sa, sb := a.sums, b.sums
	if sa == nil || sb == nil {
		return 0
	}
	n := 0
	for _, name := range unionStrings(sa, sb) {
		if a.compared[name] || b.compared[name] {
			continue
		}
		x, inA := sa[name]
		y, inB := sb[name]
		if !inA || !inB || x != y {
			n++
		}
	}
	return n
}

func unionInts[V any](a, b map[int]V) []int {
	var out []int
	for k := range a {
		out = append(out, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			out = append(out, k)
		}
	}
	sort.Ints(out)
	return out
}

// unionStrings returns the keys of a and b in natural order ("a2" before
// "a10").
func unionStrings[V any](a, b map[string]V) []string {
	var out []string
	for k := range a {
		out = append(out, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			out = append(out, k)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		x, y := out[i], out[j]
		if naturalLess(x, y) != naturalLess(y, x) {
			return naturalLess(x, y)
		}
		return x < y // "a02" and "a2"
	})
	return out
}

// naturalLess orders strings with their runs of digits compared as numbers.
func naturalLess(a, b string) bool {
	for a != "" && b != "" {
		da, db := digits(a), digits(b)
		if da > 0 && db > 0 {
			na, nb := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:db], "0")
			if len(na) != len(nb) {
				return len(na) < len(nb)
			}
			if na != nb {
				return na < nb
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		a, b = a[1:], b[1:]
	}
	if a == "" && b == "" {
		return false
	}
	return a == ""
}

func digits(s string) int {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}
