package proof

import (
	"sort"
	"strings"

	"github.com/ark-forge/proveit/scorer/hashes"
	"github.com/ark-forge/proveit/scorer/pyjson"
)

// Commitment is the commitment to one chain field, as the package doc
// models spec 3.1:
// c_f = sha256hex(canonical_json({"field": f, "nonce": n, "value": v})),
// with n the 32-byte nonce as 64 hex digits.
func Commitment(field, nonce string, value pyjson.Value) string {
	return hashes.Of(pyjson.ObjectValue(
		pyjson.Member{Key: "field", Value: pyjson.StringValue(field)},
		pyjson.Member{Key: "nonce", Value: pyjson.StringValue(nonce)},
		pyjson.Member{Key: "value", Value: value},
	))
}

// CommittedChain is hashes.chain of a 3.0 or 3.1 proof, as the package doc
// models it:
// sha256hex(canonical_json({"commitments": {f: c_f, ...}, "proof_id": id,
// "spec_version": spec})).
func CommittedChain(proofID, spec string, commitments map[string]string) string {
	keys := make([]string, 0, len(commitments))
	for k := range commitments {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	ms := make([]pyjson.Member, 0, len(keys))
	for _, k := range keys {
		ms = append(ms, pyjson.Member{Key: k, Value: pyjson.StringValue(commitments[k])})
	}
	return hashes.Of(pyjson.ObjectValue(
		pyjson.Member{Key: "commitments", Value: pyjson.ObjectValue(ms...)},
		pyjson.Member{Key: "proof_id", Value: pyjson.StringValue(proofID)},
		pyjson.Member{Key: "spec_version", Value: pyjson.StringValue(spec)},
	))
}

// FlatChainInput gathers, for a proof-spec 1.x/2.x view, the flat fields
// its chain hash covers. ok is false when one is missing or not a string.
func (v *View) FlatChainInput() (in hashes.ChainInput, missing string, ok bool) {
	get := func(k string) (string, bool) {
		f, ok := v.Flat[k]
		return f.Str(), ok && f.Kind() == pyjson.String
	}
	for _, f := range []struct {
		key string
		dst *string
	}{
		{FieldRequestHash, &in.RequestHash}, {FieldResponseHash, &in.ResponseHash},
		{FieldTransactionID, &in.TransactionID}, {FieldTimestamp, &in.Timestamp},
		{FieldBuyerFingerprint, &in.BuyerFingerprint}, {FieldSeller, &in.Seller},
	} {
		s, ok := get(f.key)
		if !ok {
			return in, f.key, false
		}
		*f.dst = s
	}
	// The optional inputs, as v1.7 adds them (proofs.py, generate_proof and
	// verify_proof_integrity): upstream_timestamp when it is truthy, the
	// receipt_content_hash of provider_payment without its "sha256:".
	if u, ok := v.Flat[FieldUpstreamTimestamp]; ok && u.Truthy() {
		if u.Kind() != pyjson.String {
			return in, FieldUpstreamTimestamp, false
		}
		s := u.Str()
		in.UpstreamTimestamp = &s
	}
	if pp, ok := v.Informational["provider_payment"]; ok && pp.Kind() == pyjson.Object {
		if r, ok := pp.Lookup("receipt_content_hash"); ok && r.Truthy() {
			if r.Kind() != pyjson.String {
				return in, "provider_payment.receipt_content_hash", false
			}
			s := strings.ReplaceAll(r.Str(), hashPrefix, "")
			in.ReceiptContentHash = &s
		}
	}
	return in, "", true
}

// RecomputeChain recomputes hashes.chain from what the view commits to,
// by the algorithm of its spec version.
func (v *View) RecomputeChain() (chain string, missing string, ok bool) {
	switch AlgorithmOf(v.SpecVersion) {
	case Committed:
		return CommittedChain(v.ProofID, v.SpecVersion, v.Commitments), "", true
	case CanonicalV2:
		in, m, ok := v.FlatChainInput()
		if !ok {
			return "", m, false
		}
		return hashes.CanonicalChainHash(in), "", true
	case LegacyV1:
		in, m, ok := v.FlatChainInput()
		if !ok {
			return "", m, false
		}
		return hashes.LegacyChainHash(in), "", true
	}
	return "", "spec_version", false
}
