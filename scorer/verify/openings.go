package verify

import (
	"fmt"

	pv "github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/submission"
)

// checkOpenings opens request_hash and response_hash with the submission's
// disclosure (§4, §4.1 condition 1): against their commitments (3.0, 3.1),
// or, for a version that commits nothing, against the values hashes
// serves, which its chain covers in clear.
func checkOpenings(r *report, view *pv.View, d *submission.Disclosure) {
	if d == nil {
		r.skip(CheckOpenings, "no disclosure given: request_hash and response_hash not opened")
		return
	}
	committed := pv.AlgorithmOf(view.SpecVersion) == pv.MerkleCommitments
	var opened [2]string
	for i, o := range []struct {
		field, flatName, flat string
		open                  submission.Opening
	}{
		{pv.FieldRequestHash, "hashes.request", view.Hashes.Request, d.RequestHash},
		{pv.FieldResponseHash, "hashes.response", view.Hashes.Response, d.ResponseHash},
	} {
		if !committed {
			if o.flat != pv.DigestPrefix+o.open.Value {
				r.failf(CheckOpenings, "disclosed %s %s, the spec %s view serves %s %s (it commits nothing to open)", o.field, quote(o.open.Value), pv.SpecName(view.SpecVersion), o.flatName, quote(o.flat))
				return
			}
			opened[i] = o.open.Value
			continue
		}
		want, ok := view.Commitment(o.field)
		if !ok {
			r.failf(CheckOpenings, "the view publishes no commitment for %s", o.field)
			return
		}
		got, err := (pv.Opening{Field: o.field, Nonce: o.open.Nonce, Value: pyjson.StringValue(o.open.Value)}).Open()
		if err != nil {
			r.failf(CheckOpenings, "disclosed %s: %v", o.field, err)
			return
		}
		if got.String() != want {
			r.failf(CheckOpenings, "disclosed %s (nonce %s, value %s) commits to %s, the view publishes %s", o.field, o.open.Nonce, quote(o.open.Value), got, quote(want))
			return
		}
		opened[i] = o.open.Value
		if o.flat != pv.DigestPrefix+o.open.Value {
			r.incident(o.flatName, "flat field %s is %s, the opened commitment of %s holds %s", o.flatName, quote(o.flat), o.field, quote(o.open.Value))
		}
	}
	r.out.RequestHash, r.out.ResponseHash = opened[0], opened[1]
	if committed {
		r.ok(CheckOpenings, "request_hash %s and response_hash %s open their commitments", opened[0], opened[1])
		return
	}
	r.ok(CheckOpenings, "request_hash %s and response_hash %s are the values hashes serves (spec %s commits nothing to open)", opened[0], opened[1], pv.SpecName(view.SpecVersion))
}

// checkIdentity is condition 2 of §4.1: spec 3.1, every opening of
// disclosed opens its commitment, the identity block is opened, bound to
// the enrolled DID.
func checkIdentity(r *report, view *pv.View, did string) {
	if view.SpecVersion != pv.Spec31 {
		r.failf(CheckIdentity, "spec %s commits no identity: what it serves of the agent is covered by no anchor and is not evidence (§4.1 condition 2)", pv.SpecName(view.SpecVersion))
		return
	}
	for _, o := range view.Disclosed {
		want, ok := view.Commitment(o.Field)
		if !ok {
			r.failf(CheckIdentity, "disclosed opens %s, for which the view publishes no commitment", o.Field)
			return
		}
		got, err := o.Open()
		if err != nil {
			r.failf(CheckIdentity, "disclosed %s: %v", o.Field, err)
			return
		}
		if got.String() != want {
			r.failf(CheckIdentity, "disclosed %s %s does not open its commitment: it commits to %s, the view publishes %s", o.Field, pyjson.Canonical(o.Value), got, quote(want))
			return
		}
	}
	values := map[string]pyjson.Value{}
	var unopened []string
	for _, f := range pv.IdentityFields {
		o, ok := view.Opening(f)
		if !ok {
			unopened = append(unopened, f)
			continue
		}
		values[f] = o.Value
		if flat, served := view.Flat[f]; served && !pyjson.Equal(flat, o.Value) {
			r.incident(f, "flat field %s is %s, its opened commitment holds %s", f, pyjson.Canonical(flat), pyjson.Canonical(o.Value))
		}
	}
	if unopened != nil {
		r.failf(CheckIdentity, "the identity block is committed but not opened: disclosed has no %s", join(unopened))
		return
	}
	id, verified, status, consistent := values[pv.FieldAgentIdentity], values[pv.FieldAgentIdentityVerified], values[pv.FieldDIDResolutionStatus], values[pv.FieldIdentityConsistent]
	r.out.AgentDID, r.out.IdentityVerified, r.out.DIDResolutionStatus = id.Str(), verified.Kind() == pyjson.Bool && verified.Bool(), status.Str()
	shown := fmt.Sprintf("identity_consistent opens to %s", pyjson.Canonical(consistent))
	switch {
	case verified.Kind() != pyjson.Bool || !verified.Bool():
		r.failf(CheckIdentity, "agent_identity_verified opens to %s, want true (%s)", pyjson.Canonical(verified), shown)
	case status.Kind() != pyjson.String || status.Str() != "bound":
		r.failf(CheckIdentity, "did_resolution_status opens to %s, want \"bound\" (%s)", pyjson.Canonical(status), shown)
	case id.Kind() != pyjson.String:
		r.failf(CheckIdentity, "agent_identity opens to %s, want a DID (%s)", pyjson.Canonical(id), shown)
	case did != "" && id.Str() != did:
		r.failf(CheckIdentity, "agent_identity opens to %s, the enrolled DID is %s (%s)", quote(id.Str()), quote(did), shown)
	case did == "":
		r.ok(CheckIdentity, "the identity block opens: agent_identity %s, verified and bound (no enrolled DID given to compare); %s", quote(id.Str()), shown)
	default:
		r.ok(CheckIdentity, "the identity block opens: bound to the enrolled DID %s; %s", quote(did), shown)
	}
}
