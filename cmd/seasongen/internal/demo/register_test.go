package demo

import (
	"path/filepath"
	"testing"

	"github.com/ark-forge/proveit/scorer/publication"
	"github.com/ark-forge/proveit/scorer/score"
	"github.com/ark-forge/proveit/scorer/season"
	"github.com/ark-forge/proveit/scorer/trust"
)

// TestRegisterCoversEveryState: the demo's register has an upheld
// contestation that changes a result, a rejected one, one out of time, a
// pending one, a late decision and a rectification; and every difference
// between the fresh score and the snapshot is covered, by the upheld
// contestation or the rectification only.
func TestRegisterCoversEveryState(t *testing.T) {
	g := load(t)
	s := g.season
	var upheld, rejected, outOfTime, pending, late int
	for _, c := range s.Contestations {
		switch {
		case c.Decision == publication.Upheld:
			upheld++
		case c.Decision == publication.Pending:
			pending++
		case c.OutOfTime:
			outOfTime++
		case c.Late():
			late++
		default:
			rejected++
		}
	}
	if upheld != 1 || rejected != 1 || outOfTime != 1 || pending != 1 || late != 1 || len(s.Rectifications) != 1 {
		t.Errorf("upheld %d, rejected %d, out of time %d, pending %d, late %d, rectifications %d: want one of each", upheld, rejected, outOfTime, pending, late, len(s.Rectifications))
	}
	snap := s.Published(conformite)
	if snap == nil || s.Published(generique) == nil {
		t.Fatal("the demo has no snapshot of every track")
	}
	res, err := score.New(s, g.material).Track(s.Track(conformite))
	if err != nil {
		t.Fatal(err)
	}
	diffs := score.Compare(snap, res.Snapshot(snap.PublishedAtTime()))
	changed := map[string]bool{}
	for _, d := range diffs {
		ids := s.Covering(d.Track, d.Participant, d.Task, d.Assertion)
		if len(ids) == 0 {
			t.Errorf("uncovered: %v", d)
		}
		if d.Assertion != "" {
			changed[d.Participant] = true
		}
		for _, id := range ids {
			if id != "C-2026-001" && id != "R-2026-001" {
				t.Errorf("%v is covered by %s", d, id)
			}
		}
	}
	if len(changed) != 2 {
		t.Errorf("assertions changed for %v, want two participants (the upheld contestation, the rectification)", changed)
	}
}

// TestPublicationAnchored: the demo's publication is anchored by the
// challenge's key after its published_at, its SHA256SUMS lists every file
// written before it, and score verifies it as a build does.
func TestPublicationAnchored(t *testing.T) {
	g := load(t)
	s := g.season
	if s.Publication == nil || s.Sums == nil {
		t.Fatal("the demo has no [publication] or no published/SHA256SUMS")
	}
	pub, err := score.New(s, g.material).CheckPublication()
	if err != nil {
		t.Fatal(err)
	}
	if !pub.GenTime.After(PublishedAt) || pub.ProofID != s.Publication.ProofID {
		t.Errorf("publication %+v, want it anchored after %s", pub, PublishedAt)
	}
	for _, l := range s.Sums {
		if l.Path == "proofs/"+pub.ProofID+".json" {
			t.Error("SHA256SUMS lists the publication's own proof, which is minted after it")
		}
	}
}

// TestSeason1: the second demo season is small, regenerates byte for
// byte as committed, and is invalidated after its anchored publication,
// which verifies.
func TestSeason1(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "1")
	meta, err := WriteSeason1(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(meta.Participants) != 4 {
		t.Errorf("%d participants, want 4", len(meta.Participants))
	}
	committed := filepath.Join("..", "..", "..", "..", filepath.FromSlash(Season1Dir))
	compareTrees(t, "committed "+Season1Dir+" (regenerate with go run ./cmd/seasongen)", readTree(t, committed), readTree(t, dir))
	s, err := season.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if s.Number != Season1 || s.Status != season.Invalidated || s.Publication == nil || len(s.Snapshots) != 2 {
		t.Fatalf("season %d, status %s, publication %v, %d snapshots: want 1, invalidated after an anchored publication of both tracks", s.Number, s.Status, s.Publication != nil, len(s.Snapshots))
	}
	material, err := trust.Load(s.Path("trust"))
	if err != nil {
		t.Fatal(err)
	}
	pub, err := score.New(s, material).CheckPublication()
	if err != nil {
		t.Fatal(err)
	}
	if !s.InvalidatedAt.After(pub.PublishedAt) || pub.GenTime.Before(pub.PublishedAt) {
		t.Errorf("published %s, anchored %s, invalidated %s: want published, anchored, then invalidated", pub.PublishedAt, pub.GenTime, s.InvalidatedAt)
	}
}
