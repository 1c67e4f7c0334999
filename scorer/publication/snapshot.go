package publication

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"time"

	"github.com/ark-forge/proveit/scorer/pyjson"
)

// The publication snapshot, published/<track>.json: written once at close
// by proveit publish, it records what was published for every participant
// of a track (the rates, every task's status, every assertion's status and
// cause). Every later build scores afresh and compares with it: a
// published result never changes silently.

// Dir is the directory of the snapshots and of SHA256SUMS in a season
// directory.
const Dir = "published"

// MaxSnapshotBytes bounds one published/<track>.json.
const MaxSnapshotBytes = 16 << 20

// Snapshot is one published/<track>.json.
type Snapshot struct {
	Season         int                   `json:"season"`
	Track          string                `json:"track"`
	PublishedAt    string                `json:"published_at"` // RFC 3339, UTC
	ProveitVersion string                `json:"proveit_version"`
	Participants   []SnapshotParticipant `json:"participants"` // sorted by slug
	// SHA256 is the SHA-256 of the file, in hex, as loaded; not written.
	SHA256 string `json:"-"`
}

// SnapshotParticipant is a participant's published row (the rates, as
// results.json writes them) and every task.
type SnapshotParticipant struct {
	Slug          string         `json:"slug"`
	Status        string         `json:"status"`
	Unsupported   *int           `json:"unsupported"`
	Rendered      *int           `json:"rendered_assertions"`
	Overclaim     *string        `json:"overclaim"`
	Successes     *int           `json:"successes"`
	Success       *string        `json:"success"`
	TasksRendered *int           `json:"tasks_rendered"`
	Tasks         []SnapshotTask `json:"tasks"` // sorted by task id
}

// SnapshotTask is one task's published status and assertions.
type SnapshotTask struct {
	TaskID     string              `json:"task_id"`
	Status     string              `json:"status"`
	Assertions []SnapshotAssertion `json:"assertions"` // in report order
}

// SnapshotAssertion is one assertion's published status and cause (null
// for a supported assertion), its id as in report.json.
type SnapshotAssertion struct {
	ID     string  `json:"id"`
	Status string  `json:"status"`
	Cause  *string `json:"cause"`
}

// PublishedAtTime is PublishedAt parsed (ParseSnapshot has checked it).
func (s *Snapshot) PublishedAtTime() time.Time {
	t, _ := time.Parse(time.RFC3339, s.PublishedAt)
	return t
}

// Participant returns the snapshot's row of slug, or nil.
func (s *Snapshot) Participant(slug string) *SnapshotParticipant {
	for i := range s.Participants {
		if s.Participants[i].Slug == slug {
			return &s.Participants[i]
		}
	}
	return nil
}

// Index maps each slug of the snapshot to its row, the first one if a
// slug repeats (as Participant finds it): a lookup for every participant
// of a track is then one map access each, not a scan of the snapshot,
// which is quadratic in the track's participants.
func (s *Snapshot) Index() map[string]*SnapshotParticipant {
	idx := make(map[string]*SnapshotParticipant, len(s.Participants))
	for i := range s.Participants {
		if _, seen := idx[s.Participants[i].Slug]; !seen {
			idx[s.Participants[i].Slug] = &s.Participants[i]
		}
	}
	return idx
}

// Task returns the participant's task id, or nil.
func (p *SnapshotParticipant) Task(id string) *SnapshotTask {
	for i := range p.Tasks {
		if p.Tasks[i].TaskID == id {
			return &p.Tasks[i]
		}
	}
	return nil
}

// Assertion returns the task's assertion id, or nil.
func (t *SnapshotTask) Assertion(id string) *SnapshotAssertion {
	for i := range t.Assertions {
		if t.Assertions[i].ID == id {
			return &t.Assertions[i]
		}
	}
	return nil
}

// Marshal writes the snapshot as indented JSON with a final newline:
// deterministic bytes for a deterministic value.
func (s *Snapshot) Marshal() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(s); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// SnapshotFile is where the snapshot of track lives, relative to the
// season directory.
func SnapshotFile(track string) string { return Dir + "/" + track + ".json" }

// SnapshotFiles are the snapshot files of tracks, in their order.
func SnapshotFiles(tracks []string) []string {
	out := make([]string, len(tracks))
	for i, t := range tracks {
		out[i] = SnapshotFile(t)
	}
	return out
}

// ParseSnapshot reads the snapshot of track in season number strictly:
// strict JSON, one object of known fields, the season's number and the
// track's name, an RFC 3339 published_at, a proveit version, the
// participants sorted by slug and distinct, each task with an id and a
// status, sorted and distinct, each assertion with an id and a status,
// distinct within its task. SHA256 is left to the caller.
func ParseSnapshot(data []byte, number int, track string) (*Snapshot, error) {
	rel := SnapshotFile(track)
	if _, err := pyjson.DecodeStrict(data); err != nil {
		return nil, &FieldError{File: rel, Err: fmt.Errorf("not strict JSON: %w", err)}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var snap Snapshot
	if err := dec.Decode(&snap); err != nil {
		return nil, &FieldError{File: rel, Err: fmt.Errorf("decoding the snapshot: %w", err)}
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errf(rel, "", "data after the snapshot's object, want one JSON object")
	}
	if snap.Season != number {
		return nil, errf(rel, "/season", "got %d, want %d, the season's number", snap.Season, number)
	}
	if snap.Track != track {
		return nil, errf(rel, "/track", "got %s, want %s, the file's name", quote(snap.Track), quote(track))
	}
	if t, err := time.Parse(time.RFC3339, snap.PublishedAt); err != nil || t.Format(time.RFC3339) != snap.PublishedAt {
		return nil, errf(rel, "/published_at", "got %s, want an RFC 3339 date-time such as 2026-10-31T23:59:59Z", quote(snap.PublishedAt))
	}
	if snap.ProveitVersion == "" {
		return nil, errf(rel, "/proveit_version", "empty or missing, want the version of proveit that published")
	}
	if snap.Participants == nil {
		return nil, errf(rel, "/participants", "missing, want the list of the published participants")
	}
	if !sort.SliceIsSorted(snap.Participants, func(i, j int) bool { return snap.Participants[i].Slug < snap.Participants[j].Slug }) {
		return nil, errf(rel, "/participants", "not sorted by slug, want the order proveit publish writes")
	}
	for i, p := range snap.Participants {
		at := fmt.Sprintf("/participants/%d", i)
		if p.Slug == "" || p.Status == "" {
			return nil, errf(rel, at, "missing slug or status, want both")
		}
		if i > 0 && snap.Participants[i-1].Slug == p.Slug {
			return nil, errf(rel, at+"/slug", "%s repeats, want one row per participant", quote(p.Slug))
		}
		for j, t := range p.Tasks {
			tat := fmt.Sprintf("%s/tasks/%d", at, j)
			if t.TaskID == "" || t.Status == "" {
				return nil, errf(rel, tat, "missing task_id or status, want both")
			}
			if j > 0 && p.Tasks[j-1].TaskID >= t.TaskID {
				return nil, errf(rel, tat+"/task_id", "%s is out of order or repeats, want tasks sorted by id", quote(t.TaskID))
			}
			seen := map[string]bool{}
			for k, a := range t.Assertions {
				aat := fmt.Sprintf("%s/assertions/%d", tat, k)
				if a.ID == "" || a.Status == "" {
					return nil, errf(rel, aat, "missing id or status, want both")
				}
				if seen[a.ID] {
					return nil, errf(rel, aat+"/id", "%s repeats, want distinct assertion ids", quote(a.ID))
				}
				seen[a.ID] = true
			}
		}
	}
	return &snap, nil
}

// CheckInvalidated holds §8 for a season invalidated at invalidatedAt that
// has the snapshot snap: its results were published, then withdrawn, so
// the invalidation is not before the publication. A season invalidated
// before its publication has no published score, only its notice.
func CheckInvalidated(invalidatedAt time.Time, snap *Snapshot) error {
	if invalidatedAt.Before(snap.PublishedAtTime()) {
		return errf(SnapshotFile(snap.Track), "/published_at", "%s is after the season's invalidated_at %s: a season invalidated before its publication has no published score, only its notice (§8)", snap.PublishedAt, invalidatedAt.UTC().Format(time.RFC3339))
	}
	return nil
}
