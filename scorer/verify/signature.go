package verify

import (
	"crypto/ed25519"
	"time"

	"github.com/ark-forge/proveit/scorer/anchor"
	pv "github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/trust"
)

// checkSignature verifies the Ed25519 signature over the hashes.chain hex
// string with the pinned proof keys signatureKeys chooses, never with a
// key the view carries.
func (v *Verifier) checkSignature(r *report, view *pv.View, ba *batchResult, window trust.Window) {
	keys, when := v.signatureKeys(ba, window)
	if len(keys) == 0 {
		r.fail(anchor.Failf("signature", "no Trust Layer proof key is %s", when), "signature")
		return
	}
	msg := []byte(view.Chain)
	for _, k := range keys {
		if ed25519.Verify(k.Key, msg, view.Signature) {
			r.ok("signature", "Ed25519 over hashes.chain verifies with key %s, %s", k.ID, when)
			return
		}
	}
	r.fail(anchor.Failf("signature", "Ed25519 signature over hashes.chain %s verifies with no key %s (%d tried)", view.Chain, when, len(keys)), "signature")
}

// signatureKeys returns the pinned proof keys a signature may verify with,
// and says which they are:
//
//   - with an anchored time (the batch's token verified), the keys pinned
//     at its genTime, bounds included;
//   - without one (an open batch, or a token that fails), the keys pinned
//     at some time inside the season window, bounds included: a proof is
//     valid only with a genTime inside the season and a key pinned at that
//     genTime, so no other key can ever make it valid. The view's own
//     timestamp is never the time (§4.1: « jamais le timestamp servi par
//     Trust Layer »);
//   - without an anchored time and without a window, every pinned key.
func (v *Verifier) signatureKeys(ba *batchResult, window trust.Window) ([]trust.ProofKey, string) {
	switch {
	case ba != nil && ba.tsaErr == nil:
		return v.trust.ProofKeysAt(ba.genTime), "pinned for " + ba.genTime.UTC().Format(time.RFC3339)
	case window == (trust.Window{}):
		return v.trust.ProofKeys, "pinned for any date (no anchored time, no season window)"
	}
	var keys []trust.ProofKey
	for _, k := range v.trust.ProofKeys {
		if meets(k.Window, window) {
			keys = append(keys, k)
		}
	}
	return keys, "pinned at some time inside the season " + window.String() + " (no anchored time)"
}

// meets reports whether windows a and b share at least one instant, both
// bounds of each included.
func meets(a, b trust.Window) bool { return !a.Until.Before(b.From) && !b.Until.Before(a.From) }
