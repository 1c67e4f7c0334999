package verify

import (
	"testing"
	"time"

	pv "github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/proof/prooftest"
	"github.com/ark-forge/proveit/scorer/trust"
)

func resultOf(out Outcome, name string) string {
	for _, c := range out.Checks {
		if c.Name == name {
			return c.Result
		}
	}
	return "absent"
}

// TestBatchCacheKey: one Verifier verifies the anchors of a batch once, but
// two views of the same batch id and root that differ in what the anchors
// are verified from are verified separately, whichever comes first: a
// forged token, entry or root never reuses a good verification, and a bad
// one never spoils a good one. Each case was seen failing with its field
// dropped from batchKey.
func TestBatchCacheKey(t *testing.T) {
	w := newWorld(t)
	p := w.batch(t, 4, inSeason, prooftest.Anchoring{}, nil)[1]
	other := w.batch(t, 4, inSeason.Add(time.Hour), prooftest.Anchoring{}, nil)[1]
	for _, c := range []struct {
		name   string
		edit   func(*pv.View)
		check  string // the anchor check whose line must fail
		result string // its failure code
	}{
		{"another token", func(v *pv.View) { v.TimestampAuthority.Token = other.Token }, "rfc3161", "rfc3161.imprint"},
		{"another Rekor entry", func(v *pv.View) { v.TransparencyLog.UUID = other.Rekor.UUID }, "rekor", "rekor.body.digest"},
		// The root is also the inclusion's: the anchor's own line must fail.
		{"another raw root", func(v *pv.View) { v.Batch.Root = other.Batch.Root }, "rfc3161", "rfc3161.imprint"},
		{"another hex root", func(v *pv.View) { v.Batch.RootHex = other.Batch.RootHex }, "rekor", "rekor.body.digest"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := p.Disclosure()
			opts := Options{Window: season, Disclosure: &d, DID: did}
			good := parse(t, viewJSON(t, p))
			bad := parse(t, viewJSON(t, p))
			c.edit(bad)
			if bad.Batch.ID != good.Batch.ID {
				t.Fatal("the forged view is of another batch id")
			}
			for _, order := range []string{"good first", "bad first"} {
				v := New(w.material, w.entries())
				var g, b Outcome
				if order == "good first" {
					g, b = v.Verify(good, opts), v.Verify(bad, opts)
				} else {
					b, g = v.Verify(bad, opts), v.Verify(good, opts)
				}
				if g.Status != Valid {
					t.Errorf("%s: the honest view is %v (%v)", order, g.Status, g.Failure)
				}
				if resultOf(b, c.check) != "failed" || b.Status != Invalid {
					t.Errorf("%s: the forged view is %v with %s %s; checks %+v", order, b.Status, c.check, resultOf(b, c.check), b.Checks)
				}
				if n := v.BatchesVerified(); n != 2 {
					t.Errorf("%s: %d batch anchors verified, want 2", order, n)
				}
			}
		})
	}
}

// TestBatchCacheBatchID: the batch id is not verified by the anchors: two
// ids over the same anchors share one verification.
func TestBatchCacheBatchID(t *testing.T) {
	w := newWorld(t)
	p := w.batch(t, 2, inSeason, prooftest.Anchoring{}, nil)[0]
	d := p.Disclosure()
	v := New(w.material, w.entries())
	a, b := parse(t, viewJSON(t, p)), parse(t, viewJSON(t, p))
	b.Batch.ID = "lot-renamed"
	for _, view := range []*pv.View{a, b} {
		if out := v.Verify(view, Options{Window: season, Disclosure: &d, DID: did}); out.Status != Valid {
			t.Errorf("batch %s: %v %v", view.Batch.ID, out.Status, out.Failure)
		}
	}
	if n := v.BatchesVerified(); n != 1 {
		t.Errorf("%d batch anchors verified, want 1", n)
	}
}

// TestBatchCachePerVerifier: the anchors verified by one Verifier are never
// reused by a Verifier of other trust material (seen failing with the cache
// shared by every Verifier).
func TestBatchCachePerVerifier(t *testing.T) {
	w := newWorld(t)
	p := w.batch(t, 2, inSeason, prooftest.Anchoring{}, nil)[0]
	d := p.Disclosure()
	opts := Options{Window: season, Disclosure: &d, DID: did}
	view := parse(t, viewJSON(t, p))
	if out := New(w.material, w.entries()).Verify(view, opts); out.Status != Valid {
		t.Fatalf("%v %v", out.Status, out.Failure)
	}
	m := w.withRekorKeyWindow(trust.Window{From: longBefore, Until: longBefore})
	if out := New(m, w.entries()).Verify(view, opts); out.Status != Invalid || out.Failure == nil || out.Failure.Check != "rekor.key" {
		t.Errorf("%v %v, want rekor.key under the other material", out.Status, out.Failure)
	}
}
