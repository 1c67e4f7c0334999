package publication

import (
	"strings"
	"testing"
	"time"
)

// TestSnapshotIndex: Index finds every row as Participant does (the first
// of a repeated slug, nil for an absent one), pointing into the snapshot.
func TestSnapshotIndex(t *testing.T) {
	snap := &Snapshot{Participants: []SnapshotParticipant{
		{Slug: "b", Status: "first"},
		{Slug: "a", Status: "scored"},
		{Slug: "b", Status: "second"},
		{Slug: "", Status: "empty"},
	}}
	idx := snap.Index()
	if len(idx) != 3 {
		t.Fatalf("Index has %d slugs, want 3", len(idx))
	}
	for _, slug := range []string{"a", "b", "", "c", "B"} {
		got, want := idx[slug], snap.Participant(slug)
		if got != want {
			t.Errorf("Index()[%q] = %p, Participant(%q) = %p", slug, got, slug, want)
		}
	}
	if idx["b"] != &snap.Participants[0] || idx["b"].Status != "first" {
		t.Errorf("Index()[b] = %+v, want the first row, in the snapshot", idx["b"])
	}
	if idx["c"] != nil {
		t.Errorf("Index()[c] = %+v, want nil", idx["c"])
	}
	if got := (&Snapshot{}).Index(); len(got) != 0 {
		t.Errorf("empty snapshot: Index() = %v", got)
	}
}

// TestParseSnapshot breaks a valid snapshot one way at a time: the error
// names the file, the JSON pointer and what was expected.
func TestParseSnapshot(t *testing.T) {
	good, err := published().Snapshots["conformite"].Marshal()
	if err != nil {
		t.Fatal(err)
	}
	repl := func(old, new string) string {
		if !strings.Contains(string(good), old) {
			t.Fatalf("the snapshot has no %q", old)
		}
		return strings.Replace(string(good), old, new, 1)
	}
	second := `{"slug": "honnete", "status": "scored", "unsupported": null, "rendered_assertions": null, "overclaim": null, "successes": null, "success": null, "tasks_rendered": null, "tasks": []}`
	for _, c := range []struct {
		name, data string
		want       string // "" for valid
	}{
		{"valid", string(good), ""},
		{"unknown field", repl(`"track":`, `"extra": 1, "track":`), "published/conformite.json: decoding the snapshot: json: unknown field"},
		{"repeated key", repl(`"track":`, `"season": 3, "track":`), "published/conformite.json: not strict JSON"},
		{"trailing data", string(good) + "{}", "published/conformite.json: not strict JSON"},
		{"wrong season", repl(`"season": 3`, `"season": 4`), "published/conformite.json: /season: got 4, want 3"},
		{"wrong track", repl(`"track": "conformite"`, `"track": "rendu"`), `/track: got "rendu", want "conformite"`},
		{"bad published_at", repl(`"published_at": "`, `"published_at": "le `), "/published_at: got"},
		{"published_at with a fraction", repl(`T10:00:00Z`, `T10:00:00.5Z`), "/published_at: got"},
		{"no version", repl(`"proveit_version": "test"`, `"proveit_version": ""`), "/proveit_version: empty or missing"},
		{"participant repeats", repl(`"participants": [`, `"participants": [`+second+`, `), "/participants/1/slug: \"honnete\" repeats"},
		{"missing status", repl(`"status": "scored"`, `"status": ""`), "/participants/0: missing slug or status"},
		{"task without status", repl(`"status": "rendue"`, `"status": ""`), "/participants/0/tasks/0: missing task_id or status"},
		{"assertion repeats", repl(`"id": "a2"`, `"id": "a1"`), `/participants/0/tasks/0/assertions/1/id: "a1" repeats`},
		{"assertion without id", repl(`"id": "a2"`, `"id": ""`), "/participants/0/tasks/0/assertions/1: missing id or status"},
	} {
		t.Run(c.name, func(t *testing.T) {
			snap, err := ParseSnapshot([]byte(c.data), 3, "conformite")
			if c.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				if again, _ := snap.Marshal(); string(again) != c.data {
					t.Errorf("Marshal(ParseSnapshot(x)) = %s, want x", again)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want %q", err, c.want)
			}
		})
	}
	unsorted := &Snapshot{Season: 3, Track: "conformite", PublishedAt: "2026-11-01T10:00:00Z", ProveitVersion: "test",
		Participants: []SnapshotParticipant{{Slug: "b", Status: "scored"}, {Slug: "a", Status: "scored"}}}
	tasks := &Snapshot{Season: 3, Track: "conformite", PublishedAt: "2026-11-01T10:00:00Z", ProveitVersion: "test",
		Participants: []SnapshotParticipant{{Slug: "a", Status: "scored", Tasks: []SnapshotTask{{TaskID: "t2", Status: "rendue"}, {TaskID: "t1", Status: "rendue"}}}}}
	empty := &Snapshot{Season: 3, Track: "conformite", PublishedAt: "2026-11-01T10:00:00Z", ProveitVersion: "test"}
	for _, c := range []struct {
		name string
		snap *Snapshot
		want string
	}{
		{"participants unsorted", unsorted, "/participants: not sorted by slug"},
		{"tasks unsorted", tasks, `/participants/0/tasks/1/task_id: "t1" is out of order or repeats`},
		{"participants null", empty, "/participants: missing"},
	} {
		data, err := c.snap.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ParseSnapshot(data, 3, "conformite"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
	}
}

// TestCheckInvalidated: §8, a season invalidated after its publication
// keeps its snapshot (its results were published, then withdrawn); one
// invalidated before has none.
func TestCheckInvalidated(t *testing.T) {
	snap := published().Snapshots["conformite"]
	at := snap.PublishedAtTime()
	for _, ok := range []time.Time{at, at.Add(time.Second), at.Add(30 * 24 * time.Hour)} {
		if err := CheckInvalidated(ok, snap); err != nil {
			t.Errorf("invalidated at %s: %v", ok, err)
		}
	}
	err := CheckInvalidated(at.Add(-time.Second), snap)
	if err == nil || !strings.Contains(err.Error(), "published/conformite.json: /published_at: 2026-11-01T10:00:00Z is after the season's invalidated_at 2026-11-01T09:59:59Z") {
		t.Errorf("got %v, want the snapshot refused", err)
	}
}
