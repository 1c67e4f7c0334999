package season

import (
	"fmt"
	"regexp"
	"strings"
	"time"
)

// The register of decisions on a published result (§9.2 of the
// specification; README, « Publishing and contesting »): contestations/<id>.toml, a participant's request
// about one assertion and its displayed cause, and rectifications/<id>.toml,
// a maintainers' correction nobody asked for (a scorer defect, a Trust
// Layer incident). Every difference between a fresh score and the
// publication snapshot must be covered by one of them.
//
//	# contestations/C-2026-001.toml
//	id = "C-2026-001"
//	track = "conformite"
//	participant = "albatros"
//	task = "conf-01"
//	assertion = "a5"                     # as in report.json
//	cause_contested = "value_mismatch"   # the snapshot's cause of that assertion
//	received_at = 2026-11-05T10:00:00Z
//	summary = "…"                        # published
//	decision = "upheld"                  # upheld | rejected | pending
//	decided_at = 2026-11-20T10:00:00Z    # absent while pending
//	reason = "…"                         # the motivated human decision, published
//
//	# rectifications/R-2026-001.toml
//	id = "R-2026-001"
//	decided_at = 2026-11-10T10:00:00Z
//	reason = "…"
//	[[changes]]
//	track = "conformite"
//	participant = "albatros"
//	task = "conf-01"
//	assertion = "a2"                     # "" for a task-level change

// The directories of the register.
const (
	ContestationsDir  = "contestations"
	RectificationsDir = "rectifications"
)

// The delays of §9.2: a contestation received more than ContestWindow
// after the publication is out of time (« hors délai ») and can only be
// rejected; one decided more than DecisionWindow after it was received is
// late, and a pending one shows that deadline.
const (
	ContestWindow  = 14 * 24 * time.Hour
	DecisionWindow = 30 * 24 * time.Hour
)

// The decisions of a contestation.
const (
	Upheld   = "upheld"
	Rejected = "rejected"
	Pending  = "pending"
)

var (
	contestationIDRE  = regexp.MustCompile(`^C-[0-9]{4}-[0-9]{3}$`)
	rectificationIDRE = regexp.MustCompile(`^R-[0-9]{4}-[0-9]{3}$`)
)

// Contestation is one contestations/<id>.toml.
type Contestation struct {
	ID, File                            string
	Track, Participant, Task, Assertion string
	CauseContested                      string
	ReceivedAt                          time.Time
	Summary, Decision, Reason           string
	DecidedAt                           time.Time // zero while pending
	OutOfTime                           bool      // received after published_at + ContestWindow
}

// Deadline is the date by which the contestation should be decided.
func (c *Contestation) Deadline() time.Time { return c.ReceivedAt.Add(DecisionWindow) }

// Late reports a decision taken after the deadline.
func (c *Contestation) Late() bool {
	return c.Decision != Pending && c.DecidedAt.After(c.Deadline())
}

// Rectification is one rectifications/<id>.toml.
type Rectification struct {
	ID, File  string
	DecidedAt time.Time
	Reason    string
	Changes   []Change
}

// Change is one place a rectification changes; Assertion is "" for a
// task-level change.
type Change struct {
	Track, Participant, Task, Assertion string
}

// Covering returns the ids of the decisions that cover a difference at
// the place given (task and assertion "" for a participant's rates, an
// assertion "" for a task's status): an upheld contestation covers its
// assertion and the task and participant it belongs to; a rectification
// covers each place it lists, a task-level change every assertion of the
// task, and the participant of each.
func (s *Season) Covering(track, participant, task, assertion string) []string {
	var ids []string
	for _, c := range s.Contestations {
		if c.Decision == Upheld && c.Track == track && c.Participant == participant &&
			(task == "" || c.Task == task && (assertion == "" || c.Assertion == assertion)) {
			ids = append(ids, c.ID)
		}
	}
	for _, r := range s.Rectifications {
		for _, ch := range r.Changes {
			if ch.Track == track && ch.Participant == participant &&
				(task == "" || ch.Task == task && (assertion == "" || ch.Assertion == "" || ch.Assertion == assertion)) {
				ids = append(ids, r.ID)
				break
			}
		}
	}
	return ids
}

type contestationFile struct {
	ID             *string  `toml:"id"`
	Track          *string  `toml:"track"`
	Participant    *string  `toml:"participant"`
	Task           *string  `toml:"task"`
	Assertion      *string  `toml:"assertion"`
	CauseContested *string  `toml:"cause_contested"`
	ReceivedAt     dateTime `toml:"received_at"`
	Summary        *string  `toml:"summary"`
	Decision       *string  `toml:"decision"`
	DecidedAt      dateTime `toml:"decided_at"`
	Reason         *string  `toml:"reason"`
}

type rectificationFile struct {
	ID        *string      `toml:"id"`
	DecidedAt dateTime     `toml:"decided_at"`
	Reason    *string      `toml:"reason"`
	Changes   []changeFile `toml:"changes"`
}

type changeFile struct {
	Track       *string `toml:"track"`
	Participant *string `toml:"participant"`
	Task        *string `toml:"task"`
	Assertion   *string `toml:"assertion"`
}

// registerFiles lists dir/: only regular files <id>.toml, id matching re.
func (l *loader) registerFiles(dir string, re *regexp.Regexp, pattern string) ([]string, error) {
	entries, err := l.readDir(dir)
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, e := range entries {
		id, ok := strings.CutSuffix(e.name, ".toml")
		if e.isDir || !ok || !re.MatchString(id) {
			return nil, l.errf(join(dir, e.name), "", "unexpected entry, want only files named <id>.toml with an id matching %s", pattern)
		}
		ids = append(ids, id)
	}
	return ids, nil
}

func (l *loader) loadContestations(s *Season) error {
	ids, err := l.registerFiles(ContestationsDir, contestationIDRE, contestationIDRE.String())
	if err != nil {
		return err
	}
	for _, id := range ids {
		rel := join(ContestationsDir, id+".toml")
		data, err := l.readFile(rel, MaxTOMLBytes)
		if err != nil {
			return err
		}
		var f contestationFile
		if _, err := l.decodeTOML(rel, data, &f, "id", "track", "participant", "task", "assertion", "cause_contested", "received_at", "summary", "decision", "decided_at", "reason"); err != nil {
			return err
		}
		switch {
		case f.ID == nil:
			return l.missing(rel, "id", "the contestation's id, the file's name: "+quote(id))
		case f.Track == nil:
			return l.missing(rel, "track", "the track of the contested assertion")
		case f.Participant == nil:
			return l.missing(rel, "participant", "the slug of the participant who contests")
		case f.Task == nil:
			return l.missing(rel, "task", "the task id of the contested assertion")
		case f.Assertion == nil:
			return l.missing(rel, "assertion", "the assertion id, as in report.json")
		case f.CauseContested == nil:
			return l.missing(rel, "cause_contested", "the cause the snapshot published for that assertion")
		case !f.ReceivedAt.set:
			return l.missing(rel, "received_at", "an offset date-time")
		case f.Summary == nil:
			return l.missing(rel, "summary", "what is contested, in a sentence (published)")
		case f.Decision == nil:
			return l.missing(rel, "decision", `"upheld", "rejected" or "pending"`)
		case f.Reason == nil:
			return l.missing(rel, "reason", "the motivated decision (published)")
		}
		c := &Contestation{ID: *f.ID, File: rel, Track: *f.Track, Participant: *f.Participant, Task: *f.Task, Assertion: *f.Assertion, CauseContested: *f.CauseContested,
			ReceivedAt: f.ReceivedAt.t, Summary: *f.Summary, Decision: *f.Decision, Reason: *f.Reason, DecidedAt: f.DecidedAt.t}
		if c.ID != id {
			return l.errf(rel, "id", "got %s, want %s, the file's name", quote(c.ID), quote(id))
		}
		switch c.Decision {
		case Upheld, Rejected:
			if !f.DecidedAt.set {
				return l.missing(rel, "decided_at", "the date of the decision, an offset date-time")
			}
			if c.DecidedAt.Before(c.ReceivedAt) {
				return l.errf(rel, "decided_at", "%s is before received_at %s", c.DecidedAt.Format(time.RFC3339), c.ReceivedAt.Format(time.RFC3339))
			}
			if strings.TrimSpace(c.Reason) == "" {
				return l.errf(rel, "reason", "empty, want the motivated decision")
			}
		case Pending:
			if f.DecidedAt.set {
				return l.errf(rel, "decided_at", "set on a pending contestation, want it absent until the decision")
			}
		default:
			return l.errf(rel, "decision", "got %s, want %q, %q or %q", quote(c.Decision), Upheld, Rejected, Pending)
		}
		if strings.TrimSpace(c.Summary) == "" {
			return l.errf(rel, "summary", "empty, want what is contested, in a sentence")
		}
		if !contains(s.TrackNames, c.Track) {
			return l.errf(rel, "track", "got %s, want a track of the season (%s)", quote(c.Track), names(s.TrackNames...))
		}
		snap := s.Published(c.Track)
		if snap == nil {
			return l.errf(rel, "track", "%s has no publication snapshot (%s): only a published result is contested", c.Track, SnapshotFile(c.Track))
		}
		sp := snap.Participant(c.Participant)
		if sp == nil {
			return l.errf(rel, "participant", "%s is not a participant of %s", quote(c.Participant), SnapshotFile(c.Track))
		}
		st := sp.Task(c.Task)
		if st == nil {
			return l.errf(rel, "task", "%s has no task %s in %s", c.Participant, quote(c.Task), SnapshotFile(c.Track))
		}
		sa := st.Assertion(c.Assertion)
		if sa == nil {
			return l.errf(rel, "assertion", "%s of %s has no assertion %s in %s", c.Task, c.Participant, quote(c.Assertion), SnapshotFile(c.Track))
		}
		if got := snapCause(sa.Cause); got != c.CauseContested {
			return l.errf(rel, "cause_contested", "got %s, but %s published %s for %s %s %s: a contestation is about the displayed cause", quote(c.CauseContested), SnapshotFile(c.Track), quote(got), c.Participant, c.Task, c.Assertion)
		}
		c.OutOfTime = c.ReceivedAt.After(snap.PublishedAtTime().Add(ContestWindow))
		if c.OutOfTime && c.Decision == Upheld {
			return l.errf(rel, "decision", "upheld, but received_at %s is more than 14 days after published_at %s (« hors délai »): an out-of-time contestation can only be rejected", c.ReceivedAt.Format(time.RFC3339), snap.PublishedAt)
		}
		s.Contestations = append(s.Contestations, c)
	}
	return nil
}

func snapCause(c *string) string {
	if c == nil {
		return ""
	}
	return *c
}

func (l *loader) loadRectifications(s *Season) error {
	ids, err := l.registerFiles(RectificationsDir, rectificationIDRE, rectificationIDRE.String())
	if err != nil {
		return err
	}
	for _, id := range ids {
		rel := join(RectificationsDir, id+".toml")
		data, err := l.readFile(rel, MaxTOMLBytes)
		if err != nil {
			return err
		}
		var f rectificationFile
		if _, err := l.decodeTOML(rel, data, &f, "id", "decided_at", "reason", "changes", "changes.track", "changes.participant", "changes.task", "changes.assertion"); err != nil {
			return err
		}
		switch {
		case f.ID == nil:
			return l.missing(rel, "id", "the rectification's id, the file's name: "+quote(id))
		case !f.DecidedAt.set:
			return l.missing(rel, "decided_at", "an offset date-time")
		case f.Reason == nil:
			return l.missing(rel, "reason", "why the published result changes (published)")
		case len(f.Changes) == 0:
			return l.missing(rel, "changes", "one [[changes]] per place the rectification changes (track, participant, task, assertion)")
		}
		r := &Rectification{ID: *f.ID, File: rel, DecidedAt: f.DecidedAt.t, Reason: *f.Reason}
		if r.ID != id {
			return l.errf(rel, "id", "got %s, want %s, the file's name", quote(r.ID), quote(id))
		}
		if strings.TrimSpace(r.Reason) == "" {
			return l.errf(rel, "reason", "empty, want why the published result changes")
		}
		for i, cf := range f.Changes {
			at := fmt.Sprintf("changes[%d]", i)
			switch {
			case cf.Track == nil:
				return l.missing(rel, at+".track", "a track of the season")
			case cf.Participant == nil:
				return l.missing(rel, at+".participant", "a participant's slug")
			case cf.Task == nil:
				return l.missing(rel, at+".task", "a task id")
			case cf.Assertion == nil:
				return l.missing(rel, at+".assertion", `an assertion id as in report.json, or "" for the task`)
			}
			ch := Change{Track: *cf.Track, Participant: *cf.Participant, Task: *cf.Task, Assertion: *cf.Assertion}
			if !contains(s.TrackNames, ch.Track) {
				return l.errf(rel, at+".track", "got %s, want a track of the season (%s)", quote(ch.Track), names(s.TrackNames...))
			}
			snap := s.Published(ch.Track)
			if snap == nil {
				return l.errf(rel, at+".track", "%s has no publication snapshot (%s): only a published result is rectified", ch.Track, SnapshotFile(ch.Track))
			}
			sp := snap.Participant(ch.Participant)
			if sp == nil {
				return l.errf(rel, at+".participant", "%s is not a participant of %s", quote(ch.Participant), SnapshotFile(ch.Track))
			}
			st := sp.Task(ch.Task)
			if st == nil {
				return l.errf(rel, at+".task", "%s has no task %s in %s", ch.Participant, quote(ch.Task), SnapshotFile(ch.Track))
			}
			if ch.Assertion != "" && st.Assertion(ch.Assertion) == nil {
				return l.errf(rel, at+".assertion", "%s of %s has no assertion %s in %s", ch.Task, ch.Participant, quote(ch.Assertion), SnapshotFile(ch.Track))
			}
			r.Changes = append(r.Changes, ch)
		}
		s.Rectifications = append(s.Rectifications, r)
	}
	return nil
}
