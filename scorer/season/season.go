// Package season loads one frozen season directory, strictly, as
// seasons/README.md lays it out for maintainers:
//
//	season.toml                          the season (number, window, status, corpus host, tracks)
//	participants/<slug>.toml             one enrolled participant (§3 of the specification)
//	<track>/track.toml                   barème version, verdict set, tasks, published distribution
//	<track>/questions.en.toml            the English version of each task's question
//	<track>/bareme.md                    the frozen barème section, byte for byte
//	<track>/corpus/manifest.json + files the frozen corpus (§2.5), every response hash recomputed
//	<track>/preregistration.toml         the freezes of the track (§8)
//	<track>/key.json, key.salt           the sealed answer key, only once the season is closed (§5.5, §8)
//	<track>/submissions/<slug>/<task>.json  the last accepted submission of each task (§4)
//	proofs/<proof_id>.json               the cached public views, listed only
//	anchors/rekor/<uuid>.json            the cached Rekor entries, as the log's API serves them, listed only
//	trust/trusted_root.json, published_keys.json  the pinned trust material, located only
//
// The tracks are those season.toml declares, each with its directory: a
// track is data, and a new one needs no code. Every config file is decoded strictly: an unknown key, a missing
// key or a value out of its domain is an *Error naming the file, the key or
// JSON pointer, and what was expected. Every read is bounded (Max*
// constants), symbolic links are refused anywhere below the season
// directory, directories are read in name order and the result is sorted, so
// Load is deterministic. Load only reads.
//
// A submission whose content is invalid does not fail the load: Load keeps
// its bytes and the outcome of submission.Parse, and the scorer rejects it at
// entry, as the season service should have (§4). What Load does not check
// is left to the packages that own it: proof verification (package verify),
// the trust files (package trust), the pre-registration, the entry and close
// rules of a submission (package score; §4, §5.7, §8).
package season

import (
	"fmt"
	"maps"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/ark-forge/proveit/internal/bilingual"
	"github.com/ark-forge/proveit/scorer/anchor/rekor"
	"github.com/ark-forge/proveit/scorer/publication"
	"github.com/ark-forge/proveit/scorer/submission"
)

// Status is a season's status: open or closed.
type Status string

// The statuses of a season. An open season renders no scores and does not
// publish its answer key (§7.4 and §8 of the specification). An
// invalidated season is one a mid-season change invalidated (§8: « il
// invalide la saison ; il ne se corrige pas, il s'assume et se publie »):
// it publishes its notice, the reason and the date, and no score.
const (
	Open        Status = "open"
	Closed      Status = "closed"
	Invalidated Status = "invalidated"
)

// fixedDirs are the directories of a season that are not tracks.
var fixedDirs = []string{"participants", "trust", "proofs", "anchors", publication.Dir, publication.ContestationsDir, publication.RectificationsDir}

// trackNameRE is what a track name may be: it names a directory of the
// season and appears in the submissions' "track" field and in URLs.
var trackNameRE = regexp.MustCompile(`^[a-z][a-z0-9-]{0,31}$`)

// TrackNamePattern is the pattern of a track name (season.toml's tracks).
const TrackNamePattern = `^[a-z][a-z0-9-]{0,31}$`

// Season is one loaded season directory.
type Season struct {
	Dir    string // as given to Load
	Number int
	// Title is the season's title, in each edition's language.
	Title      bilingual.Text
	OpensAt    time.Time // inclusive
	ClosesAt   time.Time // inclusive
	Status     Status
	Demo       bool
	CorpusHost string // "https://host", no path, no trailing slash
	// ChallengeDID is the DID of the challenge's own key, the identity of
	// the freezes (§8) and of the publication.
	ChallengeDID string

	Participants []*Participant // sorted by slug
	// TrackNames are the tracks season.toml declares, in its order; each
	// has its directory. A track is data: a new one needs no code.
	TrackNames []string
	Tracks     []*Track // in TrackNames order
	// TrackTitles are season.toml's [track_titles]: the name each track is
	// written with on the pages, in each edition, by track name.
	TrackTitles map[string]TrackTitle
	Proofs      []Proof // sorted by proof id
	// RekorEntries are the cached Rekor entries, anchors/rekor/<uuid>.json,
	// sorted by uuid.
	RekorEntries []RekorEntry
	// Moderation is the register of moderation.toml: each text it names
	// is already replaced by its notice in Participants and Tracks.
	Moderation []*Moderated
	// Snapshots are the publication snapshots, published/<track>.json, by
	// track; empty before proveit publish.
	Snapshots map[string]*publication.Snapshot
	// Register is the register of decisions on the published results,
	// contestations/ and rectifications/, each sorted by id.
	publication.Register
	// ContestEmail is season.toml's [contest] email, the address a
	// participant sends a contestation to (§9.2); required once the season
	// has a publication snapshot.
	ContestEmail string
	// InvalidationReason and InvalidatedAt are set when Status is
	// Invalidated.
	InvalidationReason bilingual.Text
	InvalidatedAt      time.Time
	// Sums is published/SHA256SUMS, line by line, and SumsRaw its bytes;
	// nil before proveit publish (and for a season published before the
	// file existed).
	Sums    []publication.Sum
	SumsRaw []byte
	// Publication is season.toml's [publication], the anchored call of the
	// publication; nil until the maintainers record it.
	Publication *Publication
	Trust       Trust
}

// Participant is one participants/<slug>.toml.
type Participant struct {
	Slug          string
	File          string // relative to the season directory
	Agent         string
	DID           string
	DeclaredStack string // declarative, published as such (§7.3)
	EnrolledAt    time.Time
}

// Proof is one cached public proof view, proofs/<id>.json; its content is
// not read here. A season lists tens of thousands: its file is derived
// from its id when asked for, not held.
type Proof struct {
	ID string
}

// File is the proof view's path relative to the season directory.
func (p Proof) File() string { return "proofs/" + p.ID + ".json" }

// RekorEntry is one cached Rekor entry, anchors/rekor/<uuid>.json: the
// answer of the log's GET /api/v1/log/entries/{uuid}, as proveit fetch
// cached it (or the record of its 404). Its content is not read here.
type RekorEntry struct {
	UUID string
	File string // relative to the season directory
}

// Trust locates the trust material of the season; another package parses it.
type Trust struct {
	TrustedRoot   string // "trust/trusted_root.json", relative to the season directory
	PublishedKeys string // "trust/published_keys.json"
}

// Path returns the path of rel (slash-separated, relative to the season
// directory) on this machine.
func (s *Season) Path(rel string) string {
	return filepath.Join(s.Dir, filepath.FromSlash(rel))
}

// Track returns the track named name, or nil when the season has none.
func (s *Season) Track(name string) *Track {
	for _, t := range s.Tracks {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// Participant returns the participant enrolled under slug, or nil.
func (s *Season) Participant(slug string) *Participant {
	i := searchParticipant(s.Participants, slug)
	if i < len(s.Participants) && s.Participants[i].Slug == slug {
		return s.Participants[i]
	}
	return nil
}

func searchParticipant(ps []*Participant, slug string) int {
	lo, hi := 0, len(ps)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if ps[m].Slug < slug {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

var (
	slugRE   = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,62}$`)
	digitsRE = regexp.MustCompile(`^[0-9]+$`)
)

// Load reads the season directory dir. The directory itself may be reached
// through a symbolic link; nothing below it may be one.
func Load(dir string) (*Season, error) {
	l := &loader{dir: dir}
	top, err := l.readDir("")
	if err != nil {
		return nil, err
	}
	present := map[string]bool{}
	for _, e := range top {
		present[e.name] = true
	}
	if !present["season.toml"] {
		return nil, l.errf("season.toml", "", "missing, want the season's season.toml (number, title, window, status, tracks)")
	}
	s, err := l.loadSeasonTOML()
	if err != nil {
		return nil, err
	}
	s.Dir = dir
	// The top of the season: season.toml, the fixed directories, and one
	// directory per declared track, nothing else.
	dirs := append(slices.Clone(fixedDirs), s.TrackNames...)
	for _, e := range top {
		if (e.name == "season.toml" || e.name == ModerationFile) && !e.isDir || e.isDir && slices.Contains(dirs, e.name) {
			continue
		}
		kind := "file"
		if e.isDir {
			kind = "directory"
		}
		return nil, l.errf(e.name, "", "unexpected %s at the top of the season, want only season.toml, moderation.toml and the directories %s (the tracks are those season.toml declares)",
			kind, names(dirs...))
	}
	for _, name := range s.TrackNames {
		if !present[name] {
			return nil, l.errf(name, "", "missing directory, want one directory per track that season.toml declares in tracks")
		}
	}
	if !present["trust"] {
		return nil, l.errf("trust", "", "missing directory, want trust/trusted_root.json and trust/published_keys.json")
	}
	if s.Trust, err = l.loadTrust(); err != nil {
		return nil, err
	}
	if present["participants"] {
		if s.Participants, err = l.loadParticipants(); err != nil {
			return nil, err
		}
	}
	if present["proofs"] {
		if s.Proofs, err = l.loadProofs(); err != nil {
			return nil, err
		}
	}
	if present["anchors"] {
		if s.RekorEntries, err = l.loadAnchors(); err != nil {
			return nil, err
		}
	}
	for _, name := range s.TrackNames {
		t, err := l.loadTrack(s, name)
		if err != nil {
			return nil, err
		}
		t.Title = s.TrackTitles[name]
		s.Tracks = append(s.Tracks, t)
	}
	if present[ModerationFile] {
		if err := l.loadModeration(s); err != nil {
			return nil, err
		}
	}
	if present[publication.Dir] {
		if err := l.loadPublished(s); err != nil {
			return nil, err
		}
		if len(s.Snapshots) > 0 && s.ContestEmail == "" {
			return nil, l.missing("season.toml", "contest.email", "the address contestations are sent to: a published season must say where its results are contested (§9.2)")
		}
	}
	if err := l.checkPublication(s); err != nil {
		return nil, err
	}
	if present[publication.ContestationsDir] {
		if err := l.loadContestations(s); err != nil {
			return nil, err
		}
	}
	if present[publication.RectificationsDir] {
		if err := l.loadRectifications(s); err != nil {
			return nil, err
		}
	}
	return s, nil
}

type seasonFile struct {
	Number       *int64   `toml:"number"`
	Title        text     `toml:"title"`
	OpensAt      dateTime `toml:"opens_at"`
	ClosesAt     dateTime `toml:"closes_at"`
	Status       *string  `toml:"status"`
	Demo         *bool    `toml:"demo"`
	CorpusHost   *string  `toml:"corpus_host"`
	ChallengeDID *string  `toml:"challenge_did"`
	Tracks       []string `toml:"tracks"`
	// Reason and InvalidatedAt: exactly when status = "invalidated".
	Reason        text     `toml:"reason"`
	InvalidatedAt dateTime `toml:"invalidated_at"`
	Contest       *struct {
		Email *string `toml:"email"`
	} `toml:"contest"`
	Publication *publicationFile `toml:"publication"`
	TrackTitles map[string]*struct {
		FR *string `toml:"fr"`
		EN *string `toml:"en"`
	} `toml:"track_titles"`
}

// TrackTitle is the name a track is written with on the pages: French
// (« conformité ») and English ("compliance"). The track's name
// (« conformite ») stays its directory and its id in URLs and data.
type TrackTitle struct{ FR, EN string }

// MaxTrackTitleBytes bounds a track's title in either language.
const MaxTrackTitleBytes = 64

func (l *loader) loadSeasonTOML() (*Season, error) {
	const rel = "season.toml"
	data, err := l.readFile(rel, MaxTOMLBytes)
	if err != nil {
		return nil, err
	}
	var f seasonFile
	keys := append([]string{"number", "opens_at", "closes_at", "status", "demo", "corpus_host", "challenge_did", "tracks", "invalidated_at", "contest", "contest.email", "track_titles", "track_titles.*", "track_titles.*.fr", "track_titles.*.en"}, publicationKeys...)
	keys = append(append(keys, textKeys("title")...), textKeys("reason")...)
	if _, err := l.decodeTOML(rel, data, &f, keys...); err != nil {
		return nil, err
	}
	switch {
	case f.Number == nil:
		return nil, l.missing(rel, "number", "the season number, an integer ≥ 0")
	case !f.Title.set:
		return nil, l.missing(rel, "title", `the season's title in French and in English, { fr = "…", en = "…" }`)
	case !f.OpensAt.set:
		return nil, l.missing(rel, "opens_at", "an offset date-time")
	case !f.ClosesAt.set:
		return nil, l.missing(rel, "closes_at", "an offset date-time")
	case f.Status == nil:
		return nil, l.missing(rel, "status", `"open" or "closed"`)
	case f.Demo == nil:
		return nil, l.missing(rel, "demo", "true or false")
	case f.CorpusHost == nil:
		return nil, l.missing(rel, "corpus_host", "an https URL without a path, such as https://corpus.arkforge.tech")
	case f.ChallengeDID == nil:
		return nil, l.missing(rel, "challenge_did", "the DID of the challenge's own key, which anchors the freezes and the publication (§8), a did:key or did:web DID")
	case f.Tracks == nil:
		return nil, l.missing(rel, "tracks", "the list of the season's tracks, such as [\"conformite\", \"generique\"]")
	}
	for i, name := range f.Tracks {
		at := fmt.Sprintf("tracks[%d]", i)
		if !trackNameRE.MatchString(name) || slices.Contains(fixedDirs, name) {
			return nil, l.errf(rel, at, "got %s, want a track name matching %s other than %s and %s", quote(name), TrackNamePattern, strings.Join(fixedDirs[:len(fixedDirs)-1], ", "), fixedDirs[len(fixedDirs)-1])
		}
		if slices.Contains(f.Tracks[:i], name) {
			return nil, l.errf(rel, at, "track %s repeats, want distinct tracks", quote(name))
		}
	}
	s := &Season{Title: f.Title.Text, TrackNames: f.Tracks, OpensAt: f.OpensAt.t, ClosesAt: f.ClosesAt.t, Demo: *f.Demo}
	if s.TrackTitles, err = l.trackTitles(rel, f); err != nil {
		return nil, err
	}
	if *f.Number < 0 || *f.Number > 1<<31-1 {
		return nil, l.errf(rel, "number", "got %d, want an integer from 0 to %d", *f.Number, 1<<31-1)
	}
	s.Number = int(*f.Number)
	if base := l.baseName(); digitsRE.MatchString(base) {
		if n, err := strconv.ParseInt(base, 10, 64); err != nil || n != *f.Number {
			return nil, l.errf(rel, "number", "got %d, want %s, the name of the season directory", *f.Number, base)
		}
	}
	if lang := s.Title.Blank(); lang != "" {
		return nil, l.errf(rel, "title."+lang, "empty, want the season's title")
	}
	if !s.OpensAt.Before(s.ClosesAt) {
		return nil, l.errf(rel, "closes_at", "%s is not after opens_at %s, want opens_at < closes_at",
			s.ClosesAt.Format(time.RFC3339Nano), s.OpensAt.Format(time.RFC3339Nano))
	}
	switch st := Status(*f.Status); st {
	case Open, Closed, Invalidated:
		s.Status = st
	default:
		return nil, l.errf(rel, "status", "got %s, want %q, %q or %q", quote(*f.Status), Open, Closed, Invalidated)
	}
	if err := l.checkInvalidation(rel, s, f); err != nil {
		return nil, err
	}
	if err := checkHost(*f.CorpusHost); err != nil {
		return nil, l.wrap(rel, "corpus_host", err)
	}
	s.CorpusHost = *f.CorpusHost
	if !submission.ValidDID(*f.ChallengeDID) {
		return nil, l.errf(rel, "challenge_did", "got %s, want a DID matching %s of at most %d characters", quote(*f.ChallengeDID), submission.DIDPattern, submission.MaxDIDLength)
	}
	s.ChallengeDID = *f.ChallengeDID
	if f.Contest != nil {
		if f.Contest.Email == nil {
			return nil, l.missing(rel, "contest.email", "the address contestations are sent to (§9.2), such as contestations@proveit.arkforge.tech")
		}
		if err := checkEmail(*f.Contest.Email); err != nil {
			return nil, l.wrap(rel, "contest.email", err)
		}
		s.ContestEmail = *f.Contest.Email
	}
	if f.Publication != nil {
		if s.Publication, err = l.anchoredCall(rel, "publication", *f.Publication); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// trackTitles reads [track_titles]: one table per track of tracks, no
// other, each with a French and an English title, non-empty, on one line,
// at most MaxTrackTitleBytes bytes.
func (l *loader) trackTitles(rel string, f seasonFile) (map[string]TrackTitle, error) {
	for _, name := range slices.Sorted(maps.Keys(f.TrackTitles)) {
		if !slices.Contains(f.Tracks, name) {
			return nil, l.errf(rel, "track_titles."+name, "%s is not a track of tracks, want a title for each track of tracks and no other", quote(name))
		}
	}
	out := map[string]TrackTitle{}
	for _, name := range f.Tracks {
		tt := f.TrackTitles[name]
		if tt == nil {
			return nil, l.missing(rel, "track_titles."+name, `the title of the track on the pages, such as { fr = "conformité", en = "compliance" }`)
		}
		var title TrackTitle
		for _, lang := range []struct {
			key string
			src *string
			dst *string
		}{{"fr", tt.FR, &title.FR}, {"en", tt.EN, &title.EN}} {
			key := "track_titles." + name + "." + lang.key
			switch {
			case lang.src == nil:
				return nil, l.missing(rel, key, "the track's title in that language, a string")
			case strings.TrimSpace(*lang.src) == "":
				return nil, l.errf(rel, key, "empty, want the track's title")
			case *lang.src != strings.TrimSpace(*lang.src):
				return nil, l.errf(rel, key, "got %s, want no space at either end", quote(*lang.src))
			case len(*lang.src) > MaxTrackTitleBytes:
				return nil, l.errf(rel, key, "%d bytes, want at most %d", len(*lang.src), MaxTrackTitleBytes)
			case strings.ContainsFunc(*lang.src, unicode.IsControl):
				return nil, l.errf(rel, key, "got %s, want one line without control characters", quote(*lang.src))
			}
			*lang.dst = *lang.src
		}
		out[name] = title
	}
	return out, nil
}

// checkInvalidation requires reason and invalidated_at exactly when the
// season is invalidated: a non-empty reason, and a date not before the
// opening (the change that invalidates a season happens during it).
func (l *loader) checkInvalidation(rel string, s *Season, f seasonFile) error {
	if s.Status != Invalidated {
		switch {
		case f.Reason.set:
			return l.errf(rel, "reason", "present while status = %q: only an invalidated season gives a reason", s.Status)
		case f.InvalidatedAt.set:
			return l.errf(rel, "invalidated_at", "present while status = %q: only an invalidated season has this date", s.Status)
		}
		return nil
	}
	switch {
	case !f.Reason.set:
		return l.missing(rel, "reason", `what changed during the season and invalidated it (§8), in French and in English, { fr = "…", en = "…" }`)
	case f.Reason.Blank() != "":
		return l.errf(rel, "reason."+f.Reason.Blank(), "empty, want what changed during the season and invalidated it (§8)")
	case !f.InvalidatedAt.set:
		return l.missing(rel, "invalidated_at", "the offset date-time the season was invalidated")
	case f.InvalidatedAt.t.Before(s.OpensAt):
		return l.errf(rel, "invalidated_at", "%s is before opens_at %s, want the date of a change made during the season", f.InvalidatedAt.t.Format(time.RFC3339Nano), s.OpensAt.Format(time.RFC3339Nano))
	}
	s.InvalidationReason, s.InvalidatedAt = f.Reason.Text, f.InvalidatedAt.t
	return nil
}

// emailRE is the address form season.toml accepts for contestations: a
// lower-case ASCII local part and a domain of at least two labels. It is
// narrower than RFC 5322 on purpose: the address is printed on every
// register page and in a mailto: link, so nothing that needs quoting or
// could be read two ways is admitted.
var emailRE = regexp.MustCompile(`^[a-z0-9](?:[a-z0-9._+-]{0,62}[a-z0-9])?@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$`)

func checkEmail(addr string) error {
	if len(addr) > 254 || !emailRE.MatchString(addr) || strings.Contains(addr, "..") {
		return fmt.Errorf("got %s, want an address such as contestations@proveit.arkforge.tech (lower-case ASCII, no quoting, at most 254 bytes)", quote(addr))
	}
	return nil
}

// baseName is the name of the season directory itself.
func (l *loader) baseName() string {
	p := l.dir
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	return filepath.Base(p)
}

// checkHost accepts "https://" followed by a host (and an optional port),
// with nothing after it: no path, no trailing slash, no query, no user.
func checkHost(h string) error {
	want := fmt.Errorf("got %s, want https://HOST with no path, no trailing slash, no query", quote(h))
	rest, ok := strings.CutPrefix(h, "https://")
	if !ok || rest == "" || strings.ContainsAny(rest, "/?#@\\ \t\r\n") {
		return want
	}
	u, err := url.Parse(h)
	if err != nil || u.Scheme != "https" || u.Host != rest || u.Hostname() == "" || u.Opaque != "" {
		return want
	}
	return nil
}

type participantFile struct {
	Agent         *string  `toml:"agent"`
	DID           *string  `toml:"did"`
	DeclaredStack *string  `toml:"declared_stack"`
	EnrolledAt    dateTime `toml:"enrolled_at"`
}

func (l *loader) loadParticipants() ([]*Participant, error) {
	entries, err := l.readDir("participants")
	if err != nil {
		return nil, err
	}
	var out []*Participant
	byDID := map[string]string{}
	for _, e := range entries {
		rel := join("participants", e.name)
		slug, ok := strings.CutSuffix(e.name, ".toml")
		if e.isDir {
			return nil, l.errf(rel, "", "is a directory, want only files named <slug>.toml")
		}
		if !ok {
			return nil, l.errf(rel, "", "unexpected entry, want only files named <slug>.toml")
		}
		if !slugRE.MatchString(slug) {
			return nil, l.errf(rel, "", "participant slug %s does not match ^[a-z0-9][a-z0-9-]{0,62}$", quote(slug))
		}
		data, err := l.readFile(rel, MaxTOMLBytes)
		if err != nil {
			return nil, err
		}
		var f participantFile
		if _, err := l.decodeTOML(rel, data, &f, "agent", "did", "declared_stack", "enrolled_at"); err != nil {
			return nil, err
		}
		switch {
		case f.Agent == nil:
			return nil, l.missing(rel, "agent", "the agent's name")
		case f.DID == nil:
			return nil, l.missing(rel, "did", "the DID bound to the participant's key")
		case f.DeclaredStack == nil:
			return nil, l.missing(rel, "declared_stack", "a string")
		case !f.EnrolledAt.set:
			return nil, l.missing(rel, "enrolled_at", "an offset date-time")
		}
		if strings.TrimSpace(*f.Agent) == "" {
			return nil, l.errf(rel, "agent", "empty, want the agent's name")
		}
		if !submission.ValidDID(*f.DID) {
			return nil, l.errf(rel, "did", "got %s, want a DID matching %s of at most %d characters", quote(*f.DID), submission.DIDPattern, submission.MaxDIDLength)
		}
		if other, dup := byDID[*f.DID]; dup {
			return nil, l.errf(rel, "did", "%s is also the DID of %s, want one participant per DID", quote(*f.DID), other)
		}
		byDID[*f.DID] = rel
		out = append(out, &Participant{Slug: slug, File: rel, Agent: *f.Agent, DID: *f.DID, DeclaredStack: *f.DeclaredStack, EnrolledAt: f.EnrolledAt.t})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Slug < out[j].Slug })
	return out, nil
}

func (l *loader) loadProofs() ([]Proof, error) {
	entries, err := l.readDir("proofs")
	if err != nil {
		return nil, err
	}
	out := make([]Proof, 0, len(entries))
	for _, e := range entries {
		rel := join("proofs", e.name)
		id, ok := strings.CutSuffix(e.name, ".json")
		if e.isDir {
			return nil, l.errf(rel, "", "is a directory, want only files named <proof_id>.json")
		}
		if !ok || !submission.ValidProofID(id) {
			return nil, l.errf(rel, "", "unexpected entry, want only files named <proof_id>.json with a proof id matching %s", submission.ProofIDPattern)
		}
		out = append(out, Proof{ID: id})
	}
	return out, nil
}

// loadAnchors lists anchors/: only the directory rekor, holding only
// regular files named <uuid>.json, uuid a Rekor entry uuid
// (rekor.UUIDPattern).
func (l *loader) loadAnchors() ([]RekorEntry, error) {
	entries, err := l.readDir("anchors")
	if err != nil {
		return nil, err
	}
	var out []RekorEntry
	for _, e := range entries {
		if !e.isDir || e.name != "rekor" {
			return nil, l.errf(join("anchors", e.name), "", "unexpected entry, want only the directory anchors/rekor")
		}
		files, err := l.readDir("anchors/rekor")
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			rel := join("anchors/rekor", f.name)
			uuid, ok := strings.CutSuffix(f.name, ".json")
			if f.isDir {
				return nil, l.errf(rel, "", "is a directory, want only files named <uuid>.json")
			}
			if !ok || !rekor.ValidUUID(uuid) {
				return nil, l.errf(rel, "", "unexpected entry, want only files named <uuid>.json with a Rekor entry uuid matching %s", rekor.UUIDPattern)
			}
			out = append(out, RekorEntry{UUID: uuid, File: rel})
		}
	}
	return out, nil
}

func (l *loader) loadTrust() (Trust, error) {
	t := Trust{TrustedRoot: "trust/trusted_root.json", PublishedKeys: "trust/published_keys.json"}
	entries, err := l.readDir("trust")
	if err != nil {
		return t, err
	}
	seen := map[string]bool{}
	for _, e := range entries {
		if e.isDir || (e.name != "trusted_root.json" && e.name != "published_keys.json") {
			return t, l.errf(join("trust", e.name), "", "unexpected entry, want only %s", names("trusted_root.json", "published_keys.json"))
		}
		seen[e.name] = true
	}
	for _, name := range []string{"trusted_root.json", "published_keys.json"} {
		if !seen[name] {
			return t, l.errf(join("trust", name), "", "missing, want the season's pinned trust material (seasons/TRUST.md)")
		}
	}
	return t, nil
}
