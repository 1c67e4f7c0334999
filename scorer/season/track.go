package season

import (
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/ark-forge/proveit/internal/bilingual"
	"github.com/ark-forge/proveit/scorer/publication"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/submission"
)

// Track is one <track>/ directory of a season (seasons/README.md; §5 and §6 of the
// specification).
type Track struct {
	Name string // as season.toml declares it; also the directory name
	// Title is the track's name on the pages, season.toml's
	// [track_titles.<name>].
	Title TrackTitle

	// From track.toml.
	Bareme string // the barème version, e.g. "conformite-bareme-v3"
	// TaskPrefix begins every task id of the track: "<prefix>-NN".
	TaskPrefix string
	// TrapFamilies are the trap families the sealed key may give a task
	// (§5.4, §6.4), and ControlFamily the family of the control task
	// without a trap (§5.5).
	TrapFamilies  []string
	ControlFamily string
	Verdicts      []string // the fixed verdicts, in file order (§5.3, §6.3)
	// VerdictPattern, when not nil, also admits every verdict it matches
	// entirely (an open set, such as the product references of §6.3).
	VerdictPattern *regexp.Regexp
	Tasks          []*Task        // sorted by id
	Distribution   map[string]int // the published distribution of expected verdicts (§5.5)
	// Rules are the close rules of §5.7 as data; nil when track.toml has
	// none, and then the track cannot be scored.
	Rules *Rules

	TrackTOML       []byte // track.toml, byte for byte (its SHA-256 is anchored with the barème's)
	BaremeMD        []byte // bareme.md, byte for byte (its SHA-256 is anchored, §8)
	Corpus          *Corpus
	Preregistration *Preregistration
	Key             *Key              // nil while the season is open
	Submissions     []*SubmissionFile // sorted by participant slug, then task id
}

// Task is one [[tasks]] of track.toml.
type Task struct {
	ID string // <TaskPrefix>-NN
	// Question is the task's question: French from track.toml, English
	// from questions.en.toml (QuestionsFile).
	Question      bilingual.Text
	MinAssertions int // 1 ≤ MinAssertions ≤ MaxAssertions ≤ 64 (§5.5, §5.7)
	MaxAssertions int
	Params        map[string]string // e.g. entite, activite, date_examen; never nil
}

// Key is the sealed answer key of a closed season (§5.5, §8): key.json byte
// for byte, its parsed value, and the 32-byte salt of key.salt. Its content
// is read by the scorer.
type Key struct {
	JSON  []byte
	Value pyjson.Value
	Salt  []byte // 32 bytes
}

// SubmissionFile is one <track>/submissions/<slug>/<task_id>.json, as Load
// lists it. Load does not read it: a season holds tens of thousands of
// submissions, and one parsed is a few kilobytes; Read reads and parses it
// when it is needed (the scorer, one participant at a time), so that a
// loaded season holds no parsed submission and what a build keeps does not
// grow with the submissions' content.
type SubmissionFile struct {
	Participant string // slug
	TaskID      string
	File        string // relative to the season directory

	season *Season // where File is read from
	// withheld is the moderation decision withholding the narrative, or
	// nil: Read gives its notice in the narrative's place (moderation.toml).
	withheld *Moderated
}

// Parsed is a submission file read and parsed: the outcome of
// submission.Parse. Exactly one of Submission and Err is set; an Err makes
// the submission rejected at entry (§4). The Submission shares no memory
// with the file's bytes, which are not kept.
type Parsed struct {
	Submission *submission.Submission
	Err        error
}

// Read reads sf.File within submission.MaxBytes and parses it. An
// oversized file or invalid content is the Parsed's Err; only a file that
// cannot be read (a *Error naming it) is an error. A narrative that
// moderation.toml withholds is replaced by its decision's notice, as Load
// checked it. Each call reads the file again: the caller keeps the
// Submission as long as it needs it, and no longer.
func (sf *SubmissionFile) Read() (Parsed, error) {
	if sf.season == nil {
		return Parsed{}, fmt.Errorf("%s: a submission file that season.Load did not list cannot be read", sf.File)
	}
	raw, err := sf.season.readCached(sf.File, submission.MaxBytes)
	var tl *TooLargeError
	switch {
	case errors.As(err, &tl):
		return Parsed{Err: fmt.Errorf("submission: file exceeds the limit of %d bytes", submission.MaxBytes)}, nil
	case err != nil:
		return Parsed{}, err
	}
	sub, err := submission.Parse(raw)
	if err != nil {
		return Parsed{Err: err}, nil
	}
	if sf.withheld != nil {
		sub.Narrative = sf.withheld.Notice()
	}
	return Parsed{Submission: sub}, nil
}

// MaxAssertionsCeiling is the schema's bound on assertions per submission.
const MaxAssertionsCeiling = 64

// Task returns the task id of the track, or nil.
func (t *Track) Task(id string) *Task {
	i := sort.Search(len(t.Tasks), func(i int) bool { return t.Tasks[i].ID >= id })
	if i < len(t.Tasks) && t.Tasks[i].ID == id {
		return t.Tasks[i]
	}
	return nil
}

// ValidVerdict reports whether v is in the track's verdict set: one of
// Verdicts, or a string VerdictPattern matches entirely.
func (t *Track) ValidVerdict(v string) bool {
	for _, x := range t.Verdicts {
		if x == v {
			return true
		}
	}
	return t.VerdictPattern != nil && t.VerdictPattern.MatchString(v)
}

// Submission returns the submission of participant slug for task id, or nil.
func (t *Track) Submission(slug, taskID string) *SubmissionFile {
	i := sort.Search(len(t.Submissions), func(i int) bool {
		s := t.Submissions[i]
		return s.Participant > slug || (s.Participant == slug && s.TaskID >= taskID)
	})
	if i < len(t.Submissions) && t.Submissions[i].Participant == slug && t.Submissions[i].TaskID == taskID {
		return t.Submissions[i]
	}
	return nil
}

func (l *loader) loadTrack(s *Season, name string) (*Track, error) {
	entries, err := l.readDir(name)
	if err != nil {
		return nil, err
	}
	files := map[string]bool{"track.toml": true, QuestionsFile: true, "bareme.md": true, "preregistration.toml": true, "key.json": true, "key.salt": true}
	dirs := map[string]bool{"corpus": true, "submissions": true}
	present := map[string]bool{}
	for _, e := range entries {
		if (e.isDir && !dirs[e.name]) || (!e.isDir && !files[e.name]) {
			return nil, l.errf(join(name, e.name), "", "unexpected entry in the track, want only %s and the directories %s",
				names("track.toml", QuestionsFile, "bareme.md", "preregistration.toml", "key.json", "key.salt"), names("corpus", "submissions"))
		}
		present[e.name] = true
	}
	for _, req := range []string{"track.toml", QuestionsFile, "bareme.md", "corpus", "preregistration.toml"} {
		if !present[req] {
			return nil, l.errf(join(name, req), "", "missing, want every track to have track.toml, %s, bareme.md, corpus/ and preregistration.toml (seasons/README.md)", QuestionsFile)
		}
	}
	t, err := l.loadTrackTOML(name)
	if err != nil {
		return nil, err
	}
	if err := l.loadQuestionsEN(t); err != nil {
		return nil, err
	}
	if t.BaremeMD, err = l.readFile(join(name, "bareme.md"), MaxBaremeBytes); err != nil {
		return nil, err
	}
	if t.Corpus, err = l.loadCorpus(s, name); err != nil {
		return nil, err
	}
	if t.Preregistration, err = l.loadPreregistration(t); err != nil {
		return nil, err
	}
	if t.Key, err = l.loadKey(s, name, present["key.json"], present["key.salt"]); err != nil {
		return nil, err
	}
	if present["submissions"] {
		if t.Submissions, err = l.loadSubmissions(s, t); err != nil {
			return nil, err
		}
	}
	return t, nil
}

type trackFile struct {
	Bareme         *string          `toml:"bareme"`
	TaskPrefix     *string          `toml:"task_prefix"`
	TrapFamilies   *[]string        `toml:"trap_families"`
	ControlFamily  *string          `toml:"control_family"`
	Verdicts       *[]string        `toml:"verdicts"`
	VerdictPattern *string          `toml:"verdict_pattern"`
	Tasks          []taskFile       `toml:"tasks"`
	Distribution   map[string]int64 `toml:"distribution"`
	GraphRoots     *[]string        `toml:"graph_roots"`
	Collections    []collectionFile `toml:"collections"`
}

type taskFile struct {
	ID            *string           `toml:"id"`
	Question      *string           `toml:"question"`
	MinAssertions *int64            `toml:"min_assertions"`
	MaxAssertions *int64            `toml:"max_assertions"`
	Params        map[string]string `toml:"params"`
}

// trackKeys lists the keys of track.toml; a later rule of track.toml adds
// its keys here and its field to trackFile.
var trackKeys = []string{
	"bareme", "task_prefix", "trap_families", "control_family", "verdicts", "verdict_pattern",
	"tasks", "tasks.id", "tasks.question", "tasks.min_assertions", "tasks.max_assertions", "tasks.params", "tasks.params.*",
	"distribution", "distribution.*",
}

func init() { trackKeys = append(trackKeys, rulesKeys...) }

// loadTrackTOML reads <track>/track.toml in its steps: 1. decode it
// strictly, 2. the barème, task prefix and families, 3. the verdict set,
// 4. the tasks, 5. the published distribution, 6. the close rules.
func (l *loader) loadTrackTOML(name string) (*Track, error) {
	rel := join(name, "track.toml")
	data, err := l.readFile(rel, MaxTOMLBytes)
	if err != nil {
		return nil, err
	}
	var f trackFile
	md, err := l.decodeTOML(rel, data, &f, trackKeys...)
	if err != nil {
		return nil, err
	}
	t := &Track{Name: name, TrackTOML: data}
	for _, step := range []func(*Track, string, *trackFile, toml.MetaData) error{l.trackHeader, l.trackVerdicts, l.trackTasks, l.trackDistribution} {
		if err := step(t, rel, &f, md); err != nil {
			return nil, err
		}
	}
	if t.Rules, err = l.loadRules(rel, f.GraphRoots, f.Collections); err != nil {
		return nil, err
	}
	return t, nil
}

// trackHeader checks that every required key is there, then the barème,
// the task prefix and the families.
func (l *loader) trackHeader(t *Track, rel string, f *trackFile, md toml.MetaData) error {
	name := t.Name
	switch {
	case f.Bareme == nil:
		return l.missing(rel, "bareme", "the barème version, such as \""+name+"-bareme-v1\"")
	case f.TaskPrefix == nil:
		return l.missing(rel, "task_prefix", "the prefix of the track's task ids, such as \"conf\" for conf-01")
	case f.TrapFamilies == nil:
		return l.missing(rel, "trap_families", "the trap families the key may name, such as [\"P1\", \"P2\", \"P3\", \"P4\", \"P5\"]")
	case f.ControlFamily == nil:
		return l.missing(rel, "control_family", "the family the key gives the control task, such as \"controle\"")
	case f.Verdicts == nil:
		return l.missing(rel, "verdicts", "the list of the track's verdicts")
	case !md.IsDefined("tasks"):
		return l.missing(rel, "tasks", "at least one [[tasks]]")
	case !md.IsDefined("distribution"):
		return l.missing(rel, "distribution", "the [distribution] table, verdict = count")
	}
	if strings.TrimSpace(*f.Bareme) == "" {
		return l.errf(rel, "bareme", "empty, want the barème version")
	}
	t.Bareme = *f.Bareme
	if !taskPrefixRE.MatchString(*f.TaskPrefix) {
		return l.errf(rel, "task_prefix", "got %s, want lowercase letters and digits matching %s", quote(*f.TaskPrefix), taskPrefixRE)
	}
	t.TaskPrefix = *f.TaskPrefix
	if err := l.checkFamilies(rel, *f.TrapFamilies, *f.ControlFamily); err != nil {
		return err
	}
	t.TrapFamilies, t.ControlFamily = *f.TrapFamilies, *f.ControlFamily
	return nil
}

// trackVerdicts checks the verdict set: distinct, non-empty verdicts and
// an optional pattern for an open set (§6.3).
func (l *loader) trackVerdicts(t *Track, rel string, f *trackFile, _ toml.MetaData) error {
	if len(*f.Verdicts) == 0 {
		return l.errf(rel, "verdicts", "empty list, want at least one verdict")
	}
	seen := map[string]bool{}
	for i, v := range *f.Verdicts {
		if v == "" {
			return l.errf(rel, fmt.Sprintf("verdicts[%d]", i), "empty string, want a verdict")
		}
		if seen[v] {
			return l.errf(rel, fmt.Sprintf("verdicts[%d]", i), "verdict %s repeats, want distinct verdicts", quote(v))
		}
		seen[v] = true
	}
	t.Verdicts = *f.Verdicts
	if f.VerdictPattern != nil {
		re, err := regexp.Compile(`^(?:` + *f.VerdictPattern + `)$`)
		if err != nil {
			return l.wrap(rel, "verdict_pattern", fmt.Errorf("not a valid regular expression (RE2 syntax): %w", err))
		}
		t.VerdictPattern = re
	}
	return nil
}

// trackTasks checks every [[tasks]]: id with the track's prefix, distinct,
// a question, 1 ≤ min ≤ max ≤ MaxAssertionsCeiling; sorted by id.
func (l *loader) trackTasks(t *Track, rel string, f *trackFile, _ toml.MetaData) error {
	if len(f.Tasks) == 0 {
		return l.errf(rel, "tasks", "no task, want at least one [[tasks]]")
	}
	prefix := t.TaskPrefix
	idRE := regexp.MustCompile(`^` + prefix + `-[0-9]{2}$`)
	ids := map[string]bool{}
	for i, tf := range f.Tasks {
		at := fmt.Sprintf("tasks[%d]", i)
		switch {
		case tf.ID == nil:
			return l.missing(rel, at+".id", "the task id, "+prefix+"-NN")
		case tf.Question == nil:
			return l.missing(rel, at+".question", "the task's question")
		case tf.MinAssertions == nil:
			return l.missing(rel, at+".min_assertions", "an integer from 1 to max_assertions")
		case tf.MaxAssertions == nil:
			return l.missing(rel, at+".max_assertions", fmt.Sprintf("an integer from min_assertions to %d", MaxAssertionsCeiling))
		}
		if !idRE.MatchString(*tf.ID) {
			return l.errf(rel, at+".id", "got %s, want a task id matching %s", quote(*tf.ID), idRE)
		}
		if ids[*tf.ID] {
			return l.errf(rel, at+".id", "task id %s repeats, want distinct task ids", quote(*tf.ID))
		}
		ids[*tf.ID] = true
		if strings.TrimSpace(*tf.Question) == "" {
			return l.errf(rel, at+".question", "empty, want the task's question")
		}
		lo, hi := *tf.MinAssertions, *tf.MaxAssertions
		if lo < 1 || lo > hi || hi > MaxAssertionsCeiling {
			return l.errf(rel, at, "min_assertions %d and max_assertions %d, want 1 ≤ min_assertions ≤ max_assertions ≤ %d", lo, hi, MaxAssertionsCeiling)
		}
		// §5.7: « Le plafond borne la dilution à un facteur 2 » — true only
		// while the ceiling is at most twice the minimum (§10 says so too).
		if hi > 2*lo {
			return l.errf(rel, at, "max_assertions %d is more than twice min_assertions %d: the ceiling must bound dilution to a factor 2 (§5.7, §10)", hi, lo)
		}
		params := tf.Params
		if params == nil {
			params = map[string]string{}
		}
		t.Tasks = append(t.Tasks, &Task{ID: *tf.ID, Question: bilingual.Text{FR: *tf.Question}, MinAssertions: int(lo), MaxAssertions: int(hi), Params: params})
	}
	sort.Slice(t.Tasks, func(i, j int) bool { return t.Tasks[i].ID < t.Tasks[j].ID })
	return nil
}

// trackDistribution checks the published distribution of expected
// verdicts (§5.5): each a verdict of the track, counts that sum to the
// number of tasks for a closed verdict set.
func (l *loader) trackDistribution(t *Track, rel string, f *trackFile, _ toml.MetaData) error {
	keys := make([]string, 0, len(f.Distribution))
	for k := range f.Distribution {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	t.Distribution = make(map[string]int, len(keys))
	sum := 0
	for _, k := range keys {
		n := f.Distribution[k]
		at := "distribution." + tomlKey(k)
		if !t.ValidVerdict(k) {
			return l.errf(rel, at, "%s is not a verdict of the track, want one of %s%s", quote(k), names(t.Verdicts...), patternHint(t))
		}
		if n < 0 || n > int64(len(t.Tasks)) {
			return l.errf(rel, at, "count %d, want from 0 to the number of tasks, %d", n, len(t.Tasks))
		}
		t.Distribution[k] = int(n)
		sum += int(n)
	}
	// A closed verdict set publishes every verdict's count. An open one
	// (product references, §6.3) may publish only its fixed verdicts, such as
	// aucune_option_valide: naming how often a given reference is expected
	// would reveal an answer; the rest of the tasks expect some reference.
	switch {
	case t.VerdictPattern == nil && sum != len(t.Tasks):
		return l.errf(rel, "distribution", "counts sum to %d, want the number of tasks, %d", sum, len(t.Tasks))
	case sum > len(t.Tasks):
		return l.errf(rel, "distribution", "counts sum to %d, more than the number of tasks, %d", sum, len(t.Tasks))
	}
	return nil
}

var (
	taskPrefixRE = regexp.MustCompile(`^[a-z][a-z0-9]{0,15}$`)
	familyRE     = regexp.MustCompile(`^[A-Za-z0-9_-]{1,32}$`)
)

// checkFamilies checks track.toml's trap_families and control_family:
// names of at most 32 letters, digits, "_" or "-", distinct, the control
// family not among the trap families.
func (l *loader) checkFamilies(rel string, traps []string, control string) error {
	if len(traps) == 0 {
		return l.errf(rel, "trap_families", "empty list, want at least one trap family")
	}
	for i, f := range traps {
		at := fmt.Sprintf("trap_families[%d]", i)
		if !familyRE.MatchString(f) {
			return l.errf(rel, at, "got %s, want a name matching %s", quote(f), familyRE)
		}
		if slices.Contains(traps[:i], f) {
			return l.errf(rel, at, "family %s repeats, want distinct families", quote(f))
		}
	}
	if !familyRE.MatchString(control) {
		return l.errf(rel, "control_family", "got %s, want a name matching %s", quote(control), familyRE)
	}
	if slices.Contains(traps, control) {
		return l.errf(rel, "control_family", "%s is also a trap family, want the control task's own family", quote(control))
	}
	return nil
}

// Family reports whether f is a family the track's key may name: a trap
// family or the control family.
func (t *Track) Family(f string) bool {
	return f == t.ControlFamily || slices.Contains(t.TrapFamilies, f)
}

func patternHint(t *Track) string {
	if t.VerdictPattern == nil {
		return ""
	}
	return " or a string matching " + t.VerdictPattern.String()
}

// tomlKey writes one key as TOML would, quoted when it is not bare.
func tomlKey(k string) string {
	for _, r := range k {
		if !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return fmt.Sprintf("%q", k)
		}
	}
	if k == "" {
		return `""`
	}
	return k
}

// loadKey reads key.json and key.salt: both required once the season is
// closed, both absent while it is open (§8: the key and its salt are
// published at the close).
func (l *loader) loadKey(s *Season, track string, hasJSON, hasSalt bool) (*Key, error) {
	jsonRel, saltRel := join(track, "key.json"), join(track, "key.salt")
	if s.Status == Open {
		if hasJSON {
			return nil, l.errf(jsonRel, "", "present while season.toml has status = \"open\": the answer key must not be published before the close (§5.5, §8)")
		}
		if hasSalt {
			return nil, l.errf(saltRel, "", "present while season.toml has status = \"open\": the salt must not be published before the close (§8)")
		}
		return nil, nil
	}
	// An invalidated season may publish its key and salt, both or neither.
	if s.Status == Invalidated && !hasJSON && !hasSalt {
		return nil, nil
	}
	if !hasJSON {
		return nil, l.errf(jsonRel, "", "missing, want the sealed answer key: season.toml has status = %q", s.Status)
	}
	if !hasSalt {
		return nil, l.errf(saltRel, "", "missing, want the key's 32-byte salt as 64 hex digits: season.toml has status = %q", s.Status)
	}
	raw, err := l.readFile(jsonRel, MaxKeyBytes)
	if err != nil {
		return nil, err
	}
	v, err := pyjson.DecodeStrict(raw)
	if err != nil {
		return nil, l.wrap(jsonRel, pointerOf(err), fmt.Errorf("not strict JSON: %w", err))
	}
	saltText, err := l.readFile(saltRel, MaxSaltBytes)
	if err != nil {
		var tl *TooLargeError
		if errors.As(err, &tl) {
			return nil, l.errf(saltRel, "", "longer than 64 hex digits and one newline, want the 32-byte salt as 64 lowercase hex digits")
		}
		return nil, err
	}
	hexText := strings.TrimSuffix(string(saltText), "\n")
	if !submission.ValidHex64(hexText) {
		return nil, l.errf(saltRel, "", "got %s, want 64 lowercase hex digits, optionally followed by one newline", quote(string(saltText)))
	}
	salt, _ := hex.DecodeString(hexText)
	return &Key{JSON: raw, Value: v, Salt: salt}, nil
}

// pointerOf returns the JSON pointer a strict-decoding error names, if any.
func pointerOf(err error) string {
	var dk *pyjson.DuplicateKeyError
	if errors.As(err, &dk) {
		return dk.Pointer
	}
	var nf *pyjson.NonFiniteError
	if errors.As(err, &nf) {
		return nf.Pointer
	}
	return ""
}

// loadSubmissions lists <track>/submissions/<slug>/<task_id>.json, sorted
// by slug then task id, without reading them (SubmissionFile.Read). A slug
// that is not enrolled, a task that is not the track's, a link or anything
// but a regular file is a season error; a file whose content is invalid is
// listed, and reads as its parse error.
func (l *loader) loadSubmissions(s *Season, t *Track) ([]*SubmissionFile, error) {
	dir := join(t.Name, "submissions")
	slugs, err := l.readDir(dir)
	if err != nil {
		return nil, err
	}
	var out []*SubmissionFile
	for _, se := range slugs {
		rel := join(dir, se.name)
		if !se.isDir {
			return nil, l.errf(rel, "", "unexpected file, want only directories named after enrolled participants")
		}
		if s.Participant(se.name) == nil {
			return nil, l.errf(rel, "", "%s is not an enrolled participant, want the slug of a participants/<slug>.toml", quote(se.name))
		}
		files, err := l.readDir(rel)
		if err != nil {
			return nil, err
		}
		for _, fe := range files {
			frel := join(rel, fe.name)
			id, ok := strings.CutSuffix(fe.name, ".json")
			if fe.isDir {
				return nil, l.errf(frel, "", "is a directory, want only files named <task_id>.json")
			}
			if !ok {
				return nil, l.errf(frel, "", "unexpected entry, want only files named <task_id>.json")
			}
			if t.Task(id) == nil {
				return nil, l.errf(frel, "", "%s is not a task of the track, want one of the [[tasks]] ids of %s", quote(id), join(t.Name, "track.toml"))
			}
			out = append(out, &SubmissionFile{Participant: se.name, TaskID: id, File: frel, season: s})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Participant != out[j].Participant {
			return out[i].Participant < out[j].Participant
		}
		return out[i].TaskID < out[j].TaskID
	})
	return out, nil
}

// QuestionsFile is the file of a track that gives the English version of
// each task's question, <track>/questions.en.toml: one key per task id of
// track.toml and no other, each a non-empty string,
//
//	conf-01 = "Is entity ENT-0001 compliant for brokerage on 2026-10-15?"
//
// It is not track.toml because track.toml is frozen: its SHA-256 is in
// every freeze's payload (§8), so its French questions cannot change, and
// a translation is how the English pages word a question, not a rule that
// scores it; correcting it must not re-anchor the barème. For the same
// reason it is left out of published/SHA256SUMS
// (publication.SumsExcluded), as season.toml's titles are.
const QuestionsFile = publication.QuestionsFile

// loadQuestionsEN reads <track>/questions.en.toml into the English
// version of t's questions.
func (l *loader) loadQuestionsEN(t *Track) error {
	rel := join(t.Name, QuestionsFile)
	data, err := l.readFile(rel, MaxTOMLBytes)
	if err != nil {
		return err
	}
	var f map[string]string
	if _, err := l.decodeTOML(rel, data, &f, "*"); err != nil {
		return err
	}
	ids := map[string]bool{}
	for _, task := range t.Tasks {
		ids[task.ID] = true
	}
	for _, id := range slices.Sorted(maps.Keys(f)) {
		if !ids[id] {
			return l.errf(rel, id, "%s is not a task of %s, want one question for each of its [[tasks]] and no other", quote(id), join(t.Name, "track.toml"))
		}
	}
	for _, task := range t.Tasks {
		q, ok := f[task.ID]
		switch {
		case !ok:
			return l.missing(rel, task.ID, "the English version of the task's question, a string")
		case strings.TrimSpace(q) == "":
			return l.errf(rel, task.ID, "empty, want the English version of the task's question")
		}
		task.Question.EN = q
	}
	return nil
}
