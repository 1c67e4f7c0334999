package verify

import (
	"crypto/ed25519"
	"time"

	"github.com/ark-forge/proveit/scorer/anchor"
	pv "github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/trust"
)

// checkSignature verifies the Ed25519 signature over the hashes.chain hex
// string with the pinned proof keys signatureKeys chooses, never with a
// key the view carries.
func (v *Verifier) checkSignature(r *report, view *pv.View, ba *batchResult, window trust.Window) {
	keys, when := v.signatureKeys(ba, window)
	defer checkPublicKey(r, view, keys, when)
	if view.Signature == nil {
		r.fail(anchor.Failf("signature", "the view carries no arkforge_signature (null)"), "signature")
		return
	}
	if len(keys) == 0 {
		r.fail(anchor.Failf("signature", "no Trust Layer proof key is %s", when), "signature")
		return
	}
	msg := []byte(view.Chain)
	for _, k := range keys {
		if ed25519.Verify(k.Key, msg, view.Signature) {
			r.signedWith = k
			r.ok("signature", "Ed25519 over hashes.chain verifies with key %s, %s", k.ID, when)
			return
		}
	}
	r.fail(anchor.Failf("signature", "Ed25519 signature over hashes.chain %s verifies with no key %s (%d tried)", view.Chain, when, len(keys)), "signature")
}

// checkPublicKey reports the view's arkforge_pubkey, which no check relies
// on, as a Trust Layer incident when it is not the pinned key: the one
// that verified the signature, or, when none did, one of the keys pinned
// for the proof's time. A view that serves none is not an incident.
func checkPublicKey(r *report, view *pv.View, keys []trust.ProofKey, when string) {
	pk := view.PublicKey
	served := pyjson.Canonical(pk.Served)
	switch {
	case pk.Served.Kind() == pyjson.Null:
	case pk.Key == nil:
		r.incident(view, "arkforge_pubkey", "arkforge_pubkey %s is not an Ed25519 key in the Trust Layer's encoding (%s): not used, the signature is checked with the pinned keys only", served, pk.Problem)
	case r.signedWith.Key != nil:
		if !pk.Key.Equal(r.signedWith.Key) {
			r.incident(view, "arkforge_pubkey", "arkforge_pubkey %s is not the pinned key %s (%s) that verifies the signature: not used", served, r.signedWith.ID, pv.EncodeEd25519(r.signedWith.Key))
		}
	default:
		for _, k := range keys {
			if pk.Key.Equal(k.Key) {
				return
			}
		}
		r.incident(view, "arkforge_pubkey", "arkforge_pubkey %s is no Trust Layer proof key %s: not used, the signature is checked with the pinned keys only", served, when)
	}
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
