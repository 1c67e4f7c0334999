package publication

import (
	"fmt"
	"slices"
	"time"

	"github.com/ark-forge/proveit/internal/bilingual"
)

// The register of decisions on a published result (§9.2 of the
// specification; docs/publishing.md): contestations/<id>.toml, a
// participant's request about one assertion and its displayed cause, and
// rectifications/<id>.toml, a maintainers' correction nobody asked for (a
// scorer defect, a Trust Layer incident). Every difference between a fresh
// score and the publication snapshot must be covered by one of them.
//
//	# contestations/C-2026-001.toml
//	id = "C-2026-001"
//	track = "conformite"
//	participant = "albatros"
//	task = "conf-01"
//	assertion = "a5"                     # as in report.json
//	cause_contested = "value_mismatch"   # the snapshot's cause of that assertion
//	received_at = 2026-11-05T10:00:00Z
//	summary = { fr = "…", en = "…" }     # published, in both languages
//	decision = "upheld"                  # upheld | rejected | pending
//	decided_at = 2026-11-20T10:00:00Z    # absent while pending
//	reason = { fr = "…", en = "…" }      # the motivated human decision, published
//
//	# rectifications/R-2026-001.toml
//	id = "R-2026-001"
//	decided_at = 2026-11-10T10:00:00Z
//	reason = { fr = "…", en = "…" }
//	[[changes]]
//	track = "conformite"
//	participant = "albatros"
//	task = "conf-01"
//	assertion = "a2"                     # "" for a task-level change

// The ids of the register, as the files' names (<id>.toml) give them.
const (
	ContestationIDPattern  = `^C-[0-9]{4}-[0-9]{3}$`
	RectificationIDPattern = `^R-[0-9]{4}-[0-9]{3}$`
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

// Contestation is one contestations/<id>.toml.
type Contestation struct {
	ID, File                            string
	Track, Participant, Task, Assertion string
	CauseContested                      string
	ReceivedAt                          time.Time
	Decision                            string
	// Summary (what is contested) and Reason (the motivated decision;
	// empty in both languages while pending) are published, in each
	// edition's language.
	Summary, Reason bilingual.Text
	DecidedAt       time.Time // zero while pending
	OutOfTime       bool      // received after published_at + ContestWindow
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
	Reason    bilingual.Text // published, in each edition's language
	Changes   []Change
}

// Change is one place a rectification changes; Assertion is "" for a
// task-level change.
type Change struct {
	Track, Participant, Task, Assertion string
}

// Register is a season's decisions on its published results, each kind
// sorted by id.
type Register struct {
	Contestations  []*Contestation
	Rectifications []*Rectification
}

// Covering returns the ids of the decisions that cover a difference at
// the place given (task and assertion "" for a participant's rates, an
// assertion "" for a task's status): an upheld contestation covers its
// assertion and the task and participant it belongs to; a rectification
// covers each place it lists, a task-level change every assertion of the
// task, and the participant of each.
func (r *Register) Covering(track, participant, task, assertion string) []string {
	var ids []string
	for _, c := range r.Contestations {
		if c.Decision == Upheld && c.Track == track && c.Participant == participant &&
			(task == "" || c.Task == task && (assertion == "" || c.Assertion == assertion)) {
			ids = append(ids, c.ID)
		}
	}
	for _, rc := range r.Rectifications {
		for _, ch := range rc.Changes {
			if ch.Track == track && ch.Participant == participant &&
				(task == "" || ch.Task == task && (assertion == "" || ch.Assertion == "" || ch.Assertion == assertion)) {
				ids = append(ids, rc.ID)
				break
			}
		}
	}
	return ids
}

// Published is what a decision is checked against: the season's tracks,
// in order, and the snapshot of each published one.
type Published struct {
	Tracks    []string
	Snapshots map[string]*Snapshot
}

// CheckContestation holds §9.2 on the contestation c, read from c.File;
// decided reports whether the file gives decided_at. An upheld or
// rejected contestation has a decision date not before its reception and
// a motivated reason; a pending one has no decision date; every one says
// what is contested, and names a track, participant, task and assertion
// of a publication snapshot, with the cause that snapshot published. A
// contestation received more than ContestWindow after the publication is
// out of time: CheckContestation sets c.OutOfTime, and refuses it upheld.
func (p Published) CheckContestation(c *Contestation, decided bool) error {
	rel := c.File
	switch c.Decision {
	case Upheld, Rejected:
		if !decided {
			return errf(rel, "decided_at", "missing required key, want the date of the decision, an offset date-time")
		}
		if c.DecidedAt.Before(c.ReceivedAt) {
			return errf(rel, "decided_at", "%s is before received_at %s", c.DecidedAt.Format(time.RFC3339), c.ReceivedAt.Format(time.RFC3339))
		}
		if lang := c.Reason.Blank(); lang != "" {
			return errf(rel, "reason."+lang, "empty, want the motivated decision")
		}
	case Pending:
		if decided {
			return errf(rel, "decided_at", "set on a pending contestation, want it absent until the decision")
		}
	default:
		return errf(rel, "decision", "got %s, want %q, %q or %q", quote(c.Decision), Upheld, Rejected, Pending)
	}
	if lang := c.Summary.Blank(); lang != "" {
		return errf(rel, "summary."+lang, "empty, want what is contested, in a sentence")
	}
	if !slices.Contains(p.Tracks, c.Track) {
		return errf(rel, "track", "got %s, want a track of the season (%s)", quote(c.Track), names(p.Tracks...))
	}
	snap := p.Snapshots[c.Track]
	if snap == nil {
		return errf(rel, "track", "%s has no publication snapshot (%s): only a published result is contested", c.Track, SnapshotFile(c.Track))
	}
	sp := snap.Participant(c.Participant)
	if sp == nil {
		return errf(rel, "participant", "%s is not a participant of %s", quote(c.Participant), SnapshotFile(c.Track))
	}
	st := sp.Task(c.Task)
	if st == nil {
		return errf(rel, "task", "%s has no task %s in %s", c.Participant, quote(c.Task), SnapshotFile(c.Track))
	}
	sa := st.Assertion(c.Assertion)
	if sa == nil {
		return errf(rel, "assertion", "%s of %s has no assertion %s in %s", c.Task, c.Participant, quote(c.Assertion), SnapshotFile(c.Track))
	}
	if got := snapCause(sa.Cause); got != c.CauseContested {
		return errf(rel, "cause_contested", "got %s, but %s published %s for %s %s %s: a contestation is about the displayed cause", quote(c.CauseContested), SnapshotFile(c.Track), quote(got), c.Participant, c.Task, c.Assertion)
	}
	c.OutOfTime = c.ReceivedAt.After(snap.PublishedAtTime().Add(ContestWindow))
	if c.OutOfTime && c.Decision == Upheld {
		return errf(rel, "decision", "upheld, but received_at %s is more than 14 days after published_at %s (« hors délai »): an out-of-time contestation can only be rejected", c.ReceivedAt.Format(time.RFC3339), snap.PublishedAt)
	}
	return nil
}

func snapCause(c *string) string {
	if c == nil {
		return ""
	}
	return *c
}

// CheckRectification holds §9.2 on the rectification r, read from r.File:
// a reason, and every change at a place of a publication snapshot (a
// track, a participant and a task it publishes, and an assertion of that
// task unless the change is to the whole task).
func (p Published) CheckRectification(r *Rectification) error {
	rel := r.File
	if lang := r.Reason.Blank(); lang != "" {
		return errf(rel, "reason."+lang, "empty, want why the published result changes")
	}
	for i, ch := range r.Changes {
		at := fmt.Sprintf("changes[%d]", i)
		if !slices.Contains(p.Tracks, ch.Track) {
			return errf(rel, at+".track", "got %s, want a track of the season (%s)", quote(ch.Track), names(p.Tracks...))
		}
		snap := p.Snapshots[ch.Track]
		if snap == nil {
			return errf(rel, at+".track", "%s has no publication snapshot (%s): only a published result is rectified", ch.Track, SnapshotFile(ch.Track))
		}
		sp := snap.Participant(ch.Participant)
		if sp == nil {
			return errf(rel, at+".participant", "%s is not a participant of %s", quote(ch.Participant), SnapshotFile(ch.Track))
		}
		st := sp.Task(ch.Task)
		if st == nil {
			return errf(rel, at+".task", "%s has no task %s in %s", ch.Participant, quote(ch.Task), SnapshotFile(ch.Track))
		}
		if ch.Assertion != "" && st.Assertion(ch.Assertion) == nil {
			return errf(rel, at+".assertion", "%s of %s has no assertion %s in %s", ch.Task, ch.Participant, quote(ch.Assertion), SnapshotFile(ch.Track))
		}
	}
	return nil
}
