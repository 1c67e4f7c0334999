package publication

import (
	"strings"
	"testing"
	"time"

	"github.com/ark-forge/proveit/internal/bilingual"
)

// published is a published track "conformite" of one participant, honnete,
// whose task conf-01 has a supported assertion a1 and an unsupported a2
// (cause value_mismatch), published at publishedAt.
var publishedAt = time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)

func published() Published {
	cause := "value_mismatch"
	snap := &Snapshot{Season: 3, Track: "conformite", PublishedAt: publishedAt.Format(time.RFC3339), ProveitVersion: "test",
		Participants: []SnapshotParticipant{{Slug: "honnete", Status: "scored", Tasks: []SnapshotTask{{TaskID: "conf-01", Status: "rendue",
			Assertions: []SnapshotAssertion{{ID: "a1", Status: "supported"}, {ID: "a2", Status: "unsupported", Cause: &cause}}}}}}}
	return Published{Tracks: []string{"conformite", "rendu"}, Snapshots: map[string]*Snapshot{"conformite": snap}}
}

// contestation is a valid contestation of honnete's a2, received at
// received and decided as decision at decided (zero: not decided).
func contestation(decision string, received, decided time.Time) *Contestation {
	return &Contestation{ID: "C-2026-001", File: "contestations/C-2026-001.toml", Track: "conformite", Participant: "honnete", Task: "conf-01", Assertion: "a2",
		CauseContested: "value_mismatch", ReceivedAt: received, Summary: bilingual.Text{FR: "La valeur est dans la page.", EN: "The value is on the page."}, Decision: decision, Reason: bilingual.Text{FR: "Décision motivée.", EN: "Reasoned decision."}, DecidedAt: decided}
}

// TestContestWindow: §9.2's 14 days. A contestation received 14 days after
// the publication is in time and may be upheld; one received a second
// later is out of time (« hors délai ») and may only be rejected.
func TestContestWindow(t *testing.T) {
	day14 := publishedAt.Add(14 * 24 * time.Hour)
	for _, c := range []struct {
		name      string
		received  time.Time
		decision  string
		outOfTime bool
		refused   bool
	}{
		{"upheld on day 14", day14, Upheld, false, false},
		{"upheld one second after day 14", day14.Add(time.Second), Upheld, true, true},
		{"upheld on day 15", publishedAt.Add(15 * 24 * time.Hour), Upheld, true, true},
		{"rejected on day 15", publishedAt.Add(15 * 24 * time.Hour), Rejected, true, false},
		{"pending on day 15", publishedAt.Add(15 * 24 * time.Hour), Pending, true, false},
		{"upheld on the day of the publication", publishedAt, Upheld, false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			decided := c.received.Add(24 * time.Hour)
			if c.decision == Pending {
				decided = time.Time{}
			}
			ct := contestation(c.decision, c.received, decided)
			err := published().CheckContestation(ct, c.decision != Pending)
			if c.refused {
				if err == nil || !strings.Contains(err.Error(), "hors délai") || !strings.Contains(err.Error(), "contestations/C-2026-001.toml: decision: ") {
					t.Fatalf("got %v, want the upheld out-of-time contestation refused at its decision", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if ct.OutOfTime != c.outOfTime {
				t.Errorf("OutOfTime = %v, want %v", ct.OutOfTime, c.outOfTime)
			}
		})
	}
}

// TestDecisionDeadline: §9.2's 30 days from the reception. A decision on
// day 30 is on time, one a second later is late; a pending contestation is
// never late, and shows the deadline.
func TestDecisionDeadline(t *testing.T) {
	received := publishedAt.Add(24 * time.Hour)
	deadline := received.Add(30 * 24 * time.Hour)
	for _, c := range []struct {
		name     string
		decision string
		decided  time.Time
		late     bool
	}{
		{"rejected on day 30", Rejected, deadline, false},
		{"rejected a second after day 30", Rejected, deadline.Add(time.Second), true},
		{"upheld on day 31", Upheld, received.Add(31 * 24 * time.Hour), true},
		{"upheld the day it was received", Upheld, received, false},
		{"pending", Pending, time.Time{}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			ct := contestation(c.decision, received, c.decided)
			if err := published().CheckContestation(ct, c.decision != Pending); err != nil {
				t.Fatal(err)
			}
			if got := ct.Deadline(); !got.Equal(deadline) {
				t.Errorf("Deadline() = %s, want %s, received_at + 30 days", got, deadline)
			}
			if ct.Late() != c.late {
				t.Errorf("Late() = %v, want %v", ct.Late(), c.late)
			}
		})
	}
	// Pending is never late, whatever date it carries.
	if c := contestation(Pending, received, deadline.Add(time.Hour)); c.Late() {
		t.Error("a pending contestation is late")
	}
}

// TestCheckContestation breaks a valid contestation one way at a time:
// the error names the file, the key and what was expected.
func TestCheckContestation(t *testing.T) {
	received := publishedAt.Add(24 * time.Hour)
	decided := received.Add(24 * time.Hour)
	for _, c := range []struct {
		name    string
		edit    func(*Contestation) bool // returns whether decided_at is given
		where   string
		message string
	}{
		{"decided without a date", func(c *Contestation) bool { c.DecidedAt = time.Time{}; return false }, "decided_at", "missing required key"},
		{"rejected without a date", func(c *Contestation) bool { c.Decision = Rejected; return false }, "decided_at", "missing required key"},
		{"pending with a date", func(c *Contestation) bool { c.Decision = Pending; return true }, "decided_at", "set on a pending contestation"},
		{"decided before received", func(c *Contestation) bool { c.DecidedAt = received.Add(-time.Second); return true }, "decided_at", "is before received_at"},
		{"decided without a reason", func(c *Contestation) bool { c.Reason = bilingual.Text{FR: " \n", EN: ""}; return true }, "reason.fr", "want the motivated decision"},
		{"decided without an English reason", func(c *Contestation) bool { c.Reason.EN = " "; return true }, "reason.en", "want the motivated decision"},
		{"unknown decision", func(c *Contestation) bool { c.Decision = "accepted"; return true }, "decision", `got "accepted", want "upheld", "rejected" or "pending"`},
		{"no summary", func(c *Contestation) bool { c.Summary = bilingual.Text{}; return true }, "summary.fr", "want what is contested"},
		{"no English summary", func(c *Contestation) bool { c.Summary.EN = ""; return true }, "summary.en", "want what is contested"},
		{"unknown track", func(c *Contestation) bool { c.Track = "autre"; return true }, "track", `got "autre", want a track of the season ("conformite", "rendu")`},
		{"unpublished track", func(c *Contestation) bool { c.Track = "rendu"; return true }, "track", "rendu has no publication snapshot (published/rendu.json)"},
		{"unknown participant", func(c *Contestation) bool { c.Participant = "personne"; return true }, "participant", `"personne" is not a participant of published/conformite.json`},
		{"unknown task", func(c *Contestation) bool { c.Task = "conf-09"; return true }, "task", `honnete has no task "conf-09"`},
		{"unknown assertion", func(c *Contestation) bool { c.Assertion = "a9"; return true }, "assertion", `conf-01 of honnete has no assertion "a9"`},
		{"cause not the snapshot's", func(c *Contestation) bool { c.CauseContested = "resource_mismatch"; return true }, "cause_contested", `published "value_mismatch"`},
		{"cause of a supported assertion", func(c *Contestation) bool { c.Assertion = "a1"; return true }, "cause_contested", `published ""`},
	} {
		t.Run(c.name, func(t *testing.T) {
			ct := contestation(Upheld, received, decided)
			given := c.edit(ct)
			err := published().CheckContestation(ct, given)
			want := "contestations/C-2026-001.toml: " + c.where + ": "
			if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), c.message) {
				t.Fatalf("got %v, want %q and %q", err, want, c.message)
			}
		})
	}
	// A supported assertion is contested with an empty cause.
	ct := contestation(Rejected, received, decided)
	ct.Assertion, ct.CauseContested = "a1", ""
	if err := published().CheckContestation(ct, true); err != nil {
		t.Errorf("a supported assertion contested with cause \"\": %v", err)
	}
}

// TestCheckRectification: a rectification changes only a place a snapshot
// publishes; a task-level change names no assertion.
func TestCheckRectification(t *testing.T) {
	rect := func(changes ...Change) *Rectification {
		return &Rectification{ID: "R-2026-001", File: "rectifications/R-2026-001.toml", DecidedAt: publishedAt, Reason: bilingual.Text{FR: "Défaut corrigé.", EN: "Defect fixed."}, Changes: changes}
	}
	ok := Change{Track: "conformite", Participant: "honnete", Task: "conf-01", Assertion: "a2"}
	for _, c := range []struct {
		name    string
		r       *Rectification
		where   string
		message string
	}{
		{"assertion the snapshot lacks", rect(ok, Change{Track: "conformite", Participant: "honnete", Task: "conf-01", Assertion: "a9"}), "changes[1].assertion", `conf-01 of honnete has no assertion "a9" in published/conformite.json`},
		{"task the snapshot lacks", rect(Change{Track: "conformite", Participant: "honnete", Task: "conf-09"}), "changes[0].task", `honnete has no task "conf-09"`},
		{"participant the snapshot lacks", rect(Change{Track: "conformite", Participant: "personne", Task: "conf-01"}), "changes[0].participant", `"personne" is not a participant`},
		{"unpublished track", rect(Change{Track: "rendu", Participant: "honnete", Task: "conf-01"}), "changes[0].track", "only a published result is rectified"},
		{"unknown track", rect(Change{Track: "autre", Participant: "honnete", Task: "conf-01"}), "changes[0].track", "want a track of the season"},
		{"empty reason", &Rectification{File: "rectifications/R-2026-001.toml", Reason: bilingual.Text{FR: "  ", EN: "  "}, Changes: []Change{ok}}, "reason.fr", "want why the published result changes"},
		{"empty English reason", &Rectification{File: "rectifications/R-2026-001.toml", Reason: bilingual.Text{FR: "Défaut corrigé.", EN: "\t"}, Changes: []Change{ok}}, "reason.en", "want why the published result changes"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := published().CheckRectification(c.r)
			want := "rectifications/R-2026-001.toml: " + c.where + ": "
			if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), c.message) {
				t.Fatalf("got %v, want %q and %q", err, want, c.message)
			}
		})
	}
	if err := published().CheckRectification(rect(ok, Change{Track: "conformite", Participant: "honnete", Task: "conf-01"})); err != nil {
		t.Errorf("an assertion and a task-level change: %v", err)
	}
}

// TestCovering: an upheld contestation covers its assertion, its task and
// its participant; a rejected or pending one covers nothing; a
// rectification covers each place it lists, a task-level change every
// assertion of the task.
func TestCovering(t *testing.T) {
	upheld := contestation(Upheld, publishedAt, publishedAt)
	rejected := contestation(Rejected, publishedAt, publishedAt)
	rejected.ID = "C-2026-002"
	pending := contestation(Pending, publishedAt, time.Time{})
	pending.ID, pending.Assertion = "C-2026-003", "a1"
	task := &Rectification{ID: "R-2026-001", Changes: []Change{{Track: "conformite", Participant: "surdeclare", Task: "conf-02"}}}
	one := &Rectification{ID: "R-2026-002", Changes: []Change{{Track: "rendu", Participant: "honnete", Task: "rendu-01", Assertion: "a3"}}}
	r := &Register{Contestations: []*Contestation{upheld, rejected, pending}, Rectifications: []*Rectification{task, one}}
	for _, c := range []struct {
		track, participant, task, assertion string
		want                                string
	}{
		{"conformite", "honnete", "conf-01", "a2", "C-2026-001"},
		{"conformite", "honnete", "conf-01", "", "C-2026-001"},
		{"conformite", "honnete", "", "", "C-2026-001"},
		{"conformite", "honnete", "conf-01", "a1", ""},
		{"conformite", "honnete", "conf-02", "", ""},
		{"rendu", "honnete", "conf-01", "a2", ""},
		{"conformite", "surdeclare", "conf-02", "a7", "R-2026-001"},
		{"conformite", "surdeclare", "conf-02", "", "R-2026-001"},
		{"conformite", "surdeclare", "", "", "R-2026-001"},
		{"conformite", "surdeclare", "conf-03", "", ""},
		{"rendu", "honnete", "rendu-01", "a3", "R-2026-002"},
		{"rendu", "honnete", "rendu-01", "a4", ""},
		{"rendu", "honnete", "rendu-01", "", "R-2026-002"},
	} {
		got := strings.Join(r.Covering(c.track, c.participant, c.task, c.assertion), ",")
		if got != c.want {
			t.Errorf("Covering(%s, %s, %s, %s) = %q, want %q", c.track, c.participant, c.task, c.assertion, got, c.want)
		}
	}
}
