package verify

import (
	"crypto/ed25519"
	"time"

	pv "github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/trust"
)

// checkSignature verifies the Ed25519 signature over the chain's hex
// string (SPEC §6) with the published key the view names, valid at the
// proof's date (package doc).
func (v *Verifier) checkSignature(r *report, view *pv.View, chain pv.Digest, chainOK bool, a anchors) {
	if view.Signature == "" {
		r.failf(CheckSignature, "the view carries no arkforge_signature")
		return
	}
	sig, why := pv.DecodeEd25519(view.Signature, ed25519.SignatureSize)
	if why != "" {
		r.failf(CheckSignature, "arkforge_signature %s: %s", quote(view.Signature), why)
		return
	}
	key, ok := v.keyOf(r, view)
	if !ok {
		return
	}
	date, dated, when := proofDate(view, a)
	switch {
	case !dated && !key.RetiredAt.IsZero():
		r.failf(CheckSignature, "key %s is %s and the proof has no date to compare (no anchored time, no timestamp)", key.KID, trust.Retirement(key.RetiredAt))
		return
	case dated && !key.ValidAt(date):
		r.failf(CheckSignature, "key %s was %s, the proof is dated %s", key.KID, trust.Retirement(key.RetiredAt), when)
		return
	case !chainOK:
		r.failf(CheckSignature, "hashes.chain is not a digest: no chain to verify the signature over")
		return
	}
	if !ed25519.Verify(key.Public, []byte(chain.Hex()), sig) {
		r.failf(CheckSignature, "the Ed25519 signature over hashes.chain %s does not verify with published key %s (%s)", chain.Hex(), key.KID, key.Encoded)
		return
	}
	r.out.KeyID = key.KID
	r.ok(CheckSignature, "Ed25519 over hashes.chain verifies with published key %s, %s, the proof dated %s", key.KID, trust.Retirement(key.RetiredAt), when)
}

// keyOf returns the published key the view names: by arkforge_kid, else by
// its arkforge_pubkey. An arkforge_pubkey that is not the key arkforge_kid
// names is an incident.
func (v *Verifier) keyOf(r *report, view *pv.View) (trust.Key, bool) {
	if view.KID != "" {
		key, ok := v.trust.KeyByID(view.KID)
		if !ok {
			r.failf(CheckSignature, "arkforge_kid %s names no key of the published history", quote(view.KID))
			return key, false
		}
		if view.PublicKey != "" && view.PublicKey != key.Encoded {
			r.incident("arkforge_pubkey", "arkforge_pubkey %s is not %s, the published key %s that arkforge_kid names: not used", quote(view.PublicKey), key.Encoded, key.KID)
		}
		return key, true
	}
	if view.PublicKey == "" {
		r.failf(CheckSignature, "the view names no key: no arkforge_kid, no arkforge_pubkey")
		return trust.Key{}, false
	}
	pub, why := pv.DecodeEd25519(view.PublicKey, ed25519.PublicKeySize)
	if why != "" {
		r.failf(CheckSignature, "arkforge_pubkey %s: %s", quote(view.PublicKey), why)
		return trust.Key{}, false
	}
	key, ok := v.trust.KeyByPublic(pub)
	if !ok {
		r.failf(CheckSignature, "arkforge_pubkey %s is no key of the published history", view.PublicKey)
	}
	return key, ok
}

// proofDate is the date a key must be valid at, and how it was found: the
// genTime of the anchors' token when it verifies, else the view's
// timestamp (RFC 3339).
func proofDate(view *pv.View, a anchors) (date time.Time, dated bool, when string) {
	if a.res != nil && a.res.tsaErr == nil {
		return a.res.genTime, true, a.res.genTime.UTC().Format(time.RFC3339) + " (the token's genTime)"
	}
	if ts := view.Flat[pv.FieldTimestamp]; ts.Str() != "" {
		if t, err := time.Parse(time.RFC3339, ts.Str()); err == nil {
			return t, true, t.UTC().Format(time.RFC3339) + " (the view's timestamp: no anchored time)"
		}
	}
	return time.Time{}, false, "nowhere"
}
