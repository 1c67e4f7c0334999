package verify

import (
	"github.com/ark-forge/proveit/scorer/anchor"
	pv "github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/submission"
)

// checkOpenings opens request_hash and response_hash with the disclosure.
func checkOpenings(r *report, view *pv.View, d *submission.Disclosure) {
	if d == nil {
		r.skip("openings", "no disclosure given: request_hash and response_hash not opened")
		return
	}
	for _, o := range []struct {
		field string
		open  submission.Opening
		dst   *string
	}{
		{pv.FieldRequestHash, d.RequestHash, &r.out.RequestHash},
		{pv.FieldResponseHash, d.ResponseHash, &r.out.ResponseHash},
	} {
		name := "opening." + o.field
		if pv.AlgorithmOf(view.SpecVersion) != pv.Committed {
			// Before 3.0 the hashes are chained in clear: the disclosed
			// value must be the chained one; there is no nonce to check.
			flat := view.Flat[o.field].Str()
			if o.open.Value != flat {
				r.fail(anchor.Failf(name, "disclosed %s %s, the %s chain covers %s", o.field, o.open.Value, view.SpecVersion, flat), name)
				continue
			}
			*o.dst = o.open.Value
			r.ok(name, "%s %s is the chained value (spec %s has no commitment)", o.field, o.open.Value, view.SpecVersion)
			continue
		}
		got := pv.Commitment(o.field, o.open.Nonce, pyjson.StringValue(o.open.Value))
		if want := view.Commitments[o.field]; got != want {
			r.fail(anchor.Failf(name, "commitment of the disclosed (nonce %s, value %s) is %s, the view commits %s", o.open.Nonce, o.open.Value, got, want), name)
			continue
		}
		*o.dst = o.open.Value
		r.ok(name, "%s %s opens its commitment", o.field, o.open.Value)
		if flat := view.Flat[o.field]; flat.Str() != o.open.Value {
			r.flatIncident(view, flatName(o.field), flat, pyjson.StringValue(o.open.Value))
		}
	}
}

func flatName(field string) string {
	switch field {
	case pv.FieldRequestHash:
		return "hashes.request"
	case pv.FieldResponseHash:
		return "hashes.response"
	}
	return field
}

// checkIdentity is condition 2 of §4.1.
func checkIdentity(r *report, view *pv.View, did string) {
	if view.SpecVersion != pv.Spec31 {
		r.fail(anchor.Failf("identity", "spec_version %s commits no identity: an identity that no anchor covers is not admissible (§4.1 condition 2)", view.SpecVersion), "identity")
		return
	}
	opened := map[string]pyjson.Value{}
	for _, f := range pv.IdentityFields {
		o, ok := view.Disclosed[f]
		if !ok {
			r.fail(anchor.Failf("identity", "disclosed has no %s", f), "identity")
			return
		}
		got := pv.Commitment(f, o.Nonce, o.Value)
		if want := view.Commitments[f]; got != want {
			r.fail(anchor.Failf("identity", "disclosed %s %s does not open its commitment: %s, the view commits %s", f, pyjson.Canonical(o.Value), got, want), "identity")
			return
		}
		opened[f] = o.Value
		// A flat field served as null is not served: v1.7 writes null for
		// an absent party field (get_public_proof), and false as null.
		if flat, ok := view.Flat[f]; ok && flat.Kind() != pyjson.Null && !pyjson.Equal(flat, o.Value) {
			r.flatIncident(view, f, flat, o.Value)
		}
	}
	id, verified, status := opened[pv.FieldAgentIdentity], opened[pv.FieldAgentIdentityVerified], opened[pv.FieldDIDResolutionStatus]
	r.out.AgentDID, r.out.IdentityVerified, r.out.DIDResolutionStatus = id.Str(), verified.Kind() == pyjson.Bool && verified.Bool(), status.Str()
	switch {
	case verified.Kind() != pyjson.Bool || !verified.Bool():
		r.fail(anchor.Failf("identity", "agent_identity_verified opens to %s, want true", pyjson.Canonical(verified)), "identity")
	case status.Kind() != pyjson.String || status.Str() != "bound":
		r.fail(anchor.Failf("identity", "did_resolution_status opens to %s, want \"bound\"", pyjson.Canonical(status)), "identity")
	case id.Kind() != pyjson.String:
		r.fail(anchor.Failf("identity", "agent_identity opens to %s, want a DID", pyjson.Canonical(id)), "identity")
	case did != "" && id.Str() != did:
		r.fail(anchor.Failf("identity", "agent_identity opens to %s, the enrolled DID is %s", quote(id.Str()), quote(did)), "identity")
	case did == "":
		r.ok("identity", "bound to %s (no enrolled DID given to compare)", quote(id.Str()))
	default:
		r.ok("identity", "bound to the enrolled DID %s", quote(did))
	}
}
