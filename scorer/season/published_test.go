package season

import "testing"

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
