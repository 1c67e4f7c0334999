package verify

import (
	"testing"

	pv "github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/proof/prooftest"
)

// TestAnchorCacheKey: one Verifier verifies the anchors of a batch once,
// but two views that differ in what the anchors are verified from (the
// anchored root, the token, the Rekor uuid) are verified on their own,
// whichever comes first: a swapped token or entry never reuses a good
// verification, and a bad one never spoils a good one. Each case was seen
// failing with its field left out of the Verifier's map key.
func TestAnchorCacheKey(t *testing.T) {
	w := newWorld(t)
	p := w.closed(t, 4, pv.Spec31, prooftest.Anchoring{})[1]
	q := w.closed(t, 4, pv.Spec31, prooftest.Anchoring{})[1]
	pView, qView := parse(t, viewOf(t, p)), parse(t, viewOf(t, q))
	for _, c := range []struct {
		name      string
		good, bad *prooftest.Proof // the bad view is bad's, swapped
		swap      func(m map[string]any)
	}{
		{"the token of another batch", p, p, func(m map[string]any) {
			obj(m, "timestamp_authority")["tsr_base64"] = qView.TimestampAuthority.TSRBase64
		}},
		{"the entry of another batch", p, p, func(m map[string]any) { obj(m, "transparency_log")["uuid"] = qView.TransparencyLog.UUID }},
		// q's chain, path and root with p's anchors: the inclusion holds,
		// the anchors are p's, over another root.
		{"another batch's root", p, q, func(m map[string]any) {
			obj(m, "timestamp_authority")["tsr_base64"] = pView.TimestampAuthority.TSRBase64
			obj(m, "transparency_log")["uuid"] = pView.TransparencyLog.UUID
		}},
	} {
		for _, goodFirst := range []bool{true, false} {
			v := New(w.material, w.is)
			gd, bd := c.good.Disclosure(), c.bad.Disclosure()
			good := func() {
				if out := v.Verify(parse(t, viewOf(t, c.good)), Options{Window: season, Disclosure: &gd, DID: did}); out.Status != Valid {
					t.Errorf("%s, good first %t: the good view is %s", c.name, goodFirst, summary(out))
				}
			}
			bad := func() {
				if out := v.Verify(parse(t, viewOf(t, c.bad, c.swap)), Options{Window: season, Disclosure: &bd, DID: did}); out.Status != Invalid {
					t.Errorf("%s, good first %t: the swapped view is %s", c.name, goodFirst, summary(out))
				}
			}
			if goodFirst {
				good()
				bad()
			} else {
				bad()
				good()
			}
		}
	}
}
