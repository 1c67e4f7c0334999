package verify

import (
	"errors"
	"io/fs"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ark-forge/proveit/scorer/anchor/rekor/rekortest"
	pv "github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/proof/prooftest"
	"github.com/ark-forge/proveit/scorer/submission"
	"github.com/ark-forge/proveit/scorer/trust"
)

// TestValid: a proof of an anchored 3.1 batch, opened by its disclosure,
// bound to the enrolled DID, is valid, every check ok, in the order
// CheckNames gives; the outcome carries the genTime, the key, the opened
// hashes and identity.
func TestValid(t *testing.T) {
	w := newWorld(t)
	ps := w.closed(t, 5, pv.Spec31, prooftest.Anchoring{})
	for _, p := range ps {
		out := w.verify(t, p)
		if out.Status != Valid || out.Failure != nil || len(out.Incidents) != 0 {
			t.Fatalf("%s: %s %v", p.ID, summary(out), out.Incidents)
		}
		var names []string
		for _, c := range out.Checks {
			names = append(names, c.Name)
			if c.Result != OK {
				t.Errorf("%s: %s %s", p.ID, c.Name, c.Result)
			}
		}
		if !slices.Equal(names, CheckNames()) {
			t.Errorf("checks %v, want %v", names, CheckNames())
		}
		if !out.GenTime.Equal(w.at.Add(time.Minute)) || out.KeyID != p.KeyID() || out.RequestHash != p.Values[pv.FieldRequestHash].Str() ||
			out.ResponseHash != p.Values[pv.FieldResponseHash].Str() || out.AgentDID != did || !out.IdentityVerified || out.DIDResolutionStatus != "bound" {
			t.Errorf("%s: %+v", p.ID, out)
		}
		if !strings.Contains(detailOf(out, CheckInclusion), "included in batch "+p.Batch.ID) || strings.Contains(detailOf(out, CheckInclusion), "leaf 1") {
			t.Errorf("inclusion detail %q", detailOf(out, CheckInclusion))
		}
	}
	// The two nodes' keys both sign: proofs alternate between them.
	if ps[0].KeyID() == ps[1].KeyID() {
		t.Error("one key signs every proof")
	}
}

// TestPending: a proof of a pending batch that passes every check needing
// no anchor is pending, its four anchor checks waiting; one that fails a
// check needing no anchor is invalid, or unbound for the identity.
func TestPending(t *testing.T) {
	w := newWorld(t)
	p := w.issue(t, 1, pv.Spec31)[0]
	out := w.verify(t, p)
	if out.Status != Pending || out.Failure != nil {
		t.Fatalf("%s", summary(out))
	}
	for _, name := range []string{CheckInclusion, CheckRFC3161, CheckRekor, CheckSeasonWindow} {
		if resultOf(out, name) != Waiting {
			t.Errorf("%s: %s", name, resultOf(out, name))
		}
	}
	if !strings.Contains(detailOf(out, CheckSignature), "the view's timestamp: no anchored time") {
		t.Errorf("signature dated by %q", detailOf(out, CheckSignature))
	}
	flip := func(m map[string]any) { m["arkforge_signature"] = tamper(m["arkforge_signature"].(string)) }
	if out := w.verify(t, p, flip); out.Status != Invalid || out.Failure.Check != CheckSignature {
		t.Errorf("a bad signature: %s", summary(out))
	}
	d := p.Disclosure()
	out = New(w.material, w.is).Verify(parse(t, viewOf(t, p)), Options{Window: season, Disclosure: &d, DID: "did:key:z6MkSomeoneElse"})
	if out.Status != Unbound || out.Failure.Check != CheckIdentity {
		t.Errorf("another DID: %s", summary(out))
	}
}

// tamper changes the last character but one of s (a hex digit or a
// base64url character) to another of the same alphabet.
func tamper(s string) string {
	i := len(s) - 2
	c := s[i]
	r := byte('a')
	if c == 'a' {
		r = 'b'
	}
	return s[:i] + string(r) + s[i+1:]
}

// TestTamperedFailsItsCheck: changing one part of an anchored 3.1 view
// fails the check that reads it, first, and only what follows from it;
// changing what no anchor covers is an incident, never a failure.
func TestTamperedFailsItsCheck(t *testing.T) {
	w := newWorld(t)
	ps := w.closed(t, 6, pv.Spec31, prooftest.Anchoring{})
	p := ps[2]
	other := ps[3]
	otherView := parse(t, viewOf(t, other))
	for _, c := range []struct {
		name     string
		edit     func(m map[string]any)
		status   Status
		check    string // the first failing check; "" for none
		incident string // the fields of the incidents, comma-separated; "" for none
	}{
		{"hashes.chain", func(m map[string]any) { obj(m, "hashes")["chain"] = tamper(obj(m, "hashes")["chain"].(string)) }, Invalid, CheckChain, ""},
		{"a commitment", func(m map[string]any) {
			c := obj(m, "commitments")
			c["seller"] = tamper(c["seller"].(string))
		}, Invalid, CheckChain, ""},
		{"a commitment dropped", func(m map[string]any) { delete(obj(m, "commitments"), "upstream_timestamp") }, Invalid, CheckChain, ""},
		{"a commitment added", func(m map[string]any) { obj(m, "commitments")["extra"] = obj(m, "commitments")["seller"] }, Invalid, CheckChain, ""},
		{"a required commitment dropped", func(m map[string]any) { delete(obj(m, "commitments"), "identity_consistent") }, Invalid, CheckChain, ""},
		{"commitments null", func(m map[string]any) { m["commitments"] = nil }, Invalid, CheckChain, ""},
		{"the signature", func(m map[string]any) { m["arkforge_signature"] = tamper(m["arkforge_signature"].(string)) }, Invalid, CheckSignature, ""},
		{"another proof's signature", func(m map[string]any) { m["arkforge_signature"] = otherView.Signature }, Invalid, CheckSignature, ""},
		{"no signature", func(m map[string]any) { m["arkforge_signature"] = nil }, Invalid, CheckSignature, ""},
		{"a padded signature", func(m map[string]any) { m["arkforge_signature"] = m["arkforge_signature"].(string) + "==" }, Invalid, CheckSignature, ""},
		{"an unknown kid", func(m map[string]any) { m["arkforge_kid"] = "key-9" }, Invalid, CheckSignature, ""},
		{"the other node's kid", func(m map[string]any) { m["arkforge_kid"] = other.KeyID() }, Invalid, CheckSignature, "arkforge_pubkey"},
		{"no kid, the key it carries", func(m map[string]any) { delete(m, "arkforge_kid") }, Valid, "", ""},
		{"no kid, another key", func(m map[string]any) { delete(m, "arkforge_kid"); m["arkforge_pubkey"] = otherView.PublicKey }, Invalid, CheckSignature, ""},
		{"no kid, no key", func(m map[string]any) { delete(m, "arkforge_kid"); delete(m, "arkforge_pubkey") }, Invalid, CheckSignature, ""},
		{"a kid, another pubkey", func(m map[string]any) { m["arkforge_pubkey"] = otherView.PublicKey }, Valid, "", "arkforge_pubkey"},
		{"an audit path hash", func(m map[string]any) {
			b := obj(m, "batch_anchor")
			path := b["audit_path"].([]any)
			path[0] = tamper(path[0].(string))
		}, Invalid, CheckInclusion, ""},
		{"leaf_index", func(m map[string]any) { obj(m, "batch_anchor")["leaf_index"] = 3 }, Invalid, CheckInclusion, ""},
		{"leaf_index at tree_size", func(m map[string]any) { obj(m, "batch_anchor")["leaf_index"] = 6 }, Invalid, CheckInclusion, ""},
		{"leaf_index far beyond tree_size", func(m map[string]any) { obj(m, "batch_anchor")["leaf_index"] = 1 << 30 }, Invalid, CheckInclusion, ""},
		{"tree_size overstated", func(m map[string]any) { obj(m, "batch_anchor")["tree_size"] = 12 }, Invalid, CheckInclusion, ""},
		{"a sibling dropped", func(m map[string]any) {
			b := obj(m, "batch_anchor")
			b["audit_path"] = b["audit_path"].([]any)[1:]
		}, Invalid, CheckInclusion, ""},
		{"the root", func(m map[string]any) {
			obj(m, "batch_anchor")["root"] = tamper(obj(m, "batch_anchor")["root"].(string))
		}, Invalid, CheckInclusion, ""},
		{"the root without prefix", func(m map[string]any) {
			obj(m, "batch_anchor")["root"] = strings.TrimPrefix(obj(m, "batch_anchor")["root"].(string), "sha256:")
		}, Invalid, CheckInclusion, ""},
		{"an unknown batch status", func(m map[string]any) { obj(m, "batch_anchor")["status"] = "closed" }, Invalid, CheckInclusion, "timestamp_authority.anchored,transparency_log.anchored"},
		{"the token", func(m map[string]any) {
			ta := obj(m, "timestamp_authority")
			tok := ta["tsr_base64"].(string)
			ta["tsr_base64"] = tok[:200] + tamper(tok[200:202]) + tok[202:]
		}, Invalid, CheckRFC3161, ""},
		{"no token", func(m map[string]any) { delete(obj(m, "timestamp_authority"), "tsr_base64") }, Invalid, CheckRFC3161, ""},
		{"a failed TSA", func(m map[string]any) {
			m["timestamp_authority"] = map[string]any{"status": "failed", "error": "all TSA servers failed", "anchored": "batch_root"}
		}, Invalid, CheckRFC3161, ""},
		{"no Rekor uuid", func(m map[string]any) { delete(obj(m, "transparency_log"), "uuid") }, Invalid, CheckRekor, ""},
		{"a failed Rekor", func(m map[string]any) {
			m["transparency_log"] = map[string]any{"provider": "sigstore-rekor", "status": "failed", "error": "transparency log temporarily unavailable", "anchored": "batch_root"}
		}, Invalid, CheckRekor, ""},
		{"Rekor disabled", func(m map[string]any) {
			m["transparency_log"] = map[string]any{"provider": "sigstore-rekor", "status": "disabled", "reason": "non-production environment"}
		}, Invalid, CheckRekor, "transparency_log.anchored"},
		{"an opening's nonce", func(m map[string]any) {
			o := obj(obj(m, "disclosed"), "agent_identity")
			o["nonce"] = tamper(o["nonce"].(string))
		}, Unbound, CheckIdentity, ""},
		{"an opening's value", func(m map[string]any) {
			obj(obj(m, "disclosed"), "agent_identity")["value"] = "did:key:z6MkSomeoneElse"
		}, Unbound, CheckIdentity, ""},
		{"an opening dropped", func(m map[string]any) { delete(obj(m, "disclosed"), "identity_consistent") }, Unbound, CheckIdentity, ""},
		{"disclosed null", func(m map[string]any) { m["disclosed"] = nil }, Unbound, CheckIdentity, ""},
		{"an opening of no commitment", func(m map[string]any) {
			obj(m, "disclosed")["nothing"] = map[string]any{"nonce": strings.Repeat("0", 64), "value": 1}
		}, Unbound, CheckIdentity, ""},
		{"the flat agent_identity", func(m map[string]any) { m["agent_identity"] = "did:key:z6MkSomeoneElse" }, Valid, "", "agent_identity"},
		{"the flat verified flag", func(m map[string]any) { m["agent_identity_verified"] = nil }, Valid, "", "agent_identity_verified"},
		{"hashes.request", func(m map[string]any) { obj(m, "hashes")["request"] = tamper(obj(m, "hashes")["request"].(string)) }, Valid, "", "hashes.request"},
		{"the log index", func(m map[string]any) { obj(m, "transparency_log")["log_index"] = 7 }, Valid, "", "transparency_log.log_index"},
		{"the integrated time", func(m map[string]any) { obj(m, "transparency_log")["integrated_time"] = 7 }, Valid, "", "transparency_log.integrated_time"},
		{"the anchored marker", func(m map[string]any) { delete(obj(m, "timestamp_authority"), "anchored") }, Valid, "", "timestamp_authority.anchored"},
		{"the flat timestamp", func(m map[string]any) { m["timestamp"] = "2020-01-01T00:00:00Z" }, Valid, "", ""},
		{"informational fields", func(m map[string]any) {
			m["upstream_status_code"], m["disputed"], m["is_demo"], m["transaction_success"] = 500, true, false, false
		}, Valid, "", ""},
		{"a new top-level key", func(m map[string]any) { m["attestation_level"] = "gold" }, Valid, "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := w.verify(t, p, c.edit)
			gotCheck := ""
			if out.Failure != nil {
				gotCheck = strings.SplitN(out.Failure.Check, ".", 2)[0]
			}
			if out.Status != c.status || gotCheck != c.check {
				t.Errorf("%s, want %s failing %q", summary(out), c.status, c.check)
			}
			if c.check != "" && resultOf(out, c.check) != Failed {
				t.Errorf("%s is %s", c.check, resultOf(out, c.check))
			}
			if strings.HasPrefix(c.name, "leaf_index ") && !strings.Contains(out.Failure.Detail, "is not below tree_size 6") {
				t.Errorf("leaf_index out of range: %s", out.Failure.Detail)
			}
			var fields []string
			for _, i := range out.Incidents {
				fields = append(fields, i.Field)
			}
			if got := strings.Join(fields, ","); got != c.incident {
				t.Errorf("incidents %s, want %s", got, c.incident)
			}
		})
	}
}

// TestRelabelled: spec_version is covered by no anchor. A 3.0 proof
// relabelled 3.1 keeps a chain that is the root of its commitments and a
// signature that verifies, but it does not commit the identity block that
// 3.1 commits always: its chain check fails, naming the missing
// commitments (« a 3.1 proof that drops an identity commitment is not a
// 3.1 proof »). A 3.1 proof relabelled 3.0 verifies as 3.0: unbound.
func TestRelabelled(t *testing.T) {
	w := newWorld(t)
	p := w.closed(t, 2, pv.Spec30, prooftest.Anchoring{})[0]
	out := w.verify(t, p, func(m map[string]any) { m["spec_version"] = "3.1" })
	if out.Status != Invalid || out.Failure.Check != CheckChain || !strings.Contains(out.Failure.Detail, "no commitment for agent_identity, agent_identity_verified, did_resolution_status, identity_consistent") {
		t.Errorf("3.0 as 3.1: %s", summary(out))
	}
	if resultOf(out, CheckSignature) != OK {
		t.Errorf("the relabelled view's signature: %s", detailOf(out, CheckSignature))
	}
	q := w.closed(t, 2, pv.Spec31, prooftest.Anchoring{})[0]
	if out := w.verify(t, q, func(m map[string]any) { m["spec_version"] = "3.0" }); out.Status != Unbound || resultOf(out, CheckChain) != OK {
		t.Errorf("3.1 as 3.0: %s", summary(out))
	}
}

// TestFirstFailureWins: with several parts tampered, the failure is the
// first in CheckNames' order, and every check is still reported.
func TestFirstFailureWins(t *testing.T) {
	w := newWorld(t)
	p := w.closed(t, 3, pv.Spec31, prooftest.Anchoring{})[1]
	out := w.verify(t, p,
		func(m map[string]any) { obj(obj(m, "disclosed"), "agent_identity")["value"] = "x" },
		func(m map[string]any) { obj(m, "batch_anchor")["leaf_index"] = 2 },
		func(m map[string]any) { m["arkforge_signature"] = tamper(m["arkforge_signature"].(string)) },
	)
	if out.Status != Invalid || out.Failure.Check != CheckSignature {
		t.Fatalf("%s", summary(out))
	}
	for name, want := range map[string]string{CheckSignature: Failed, CheckInclusion: Failed, CheckIdentity: Failed, CheckRFC3161: Skipped, CheckChain: OK} {
		if got := resultOf(out, name); got != want {
			t.Errorf("%s: %s, want %s", name, got, want)
		}
	}
	// Condition 1 before condition 2: an identity failure after an
	// inclusion failure leaves the proof invalid, not unbound.
	out = w.verify(t, p, func(m map[string]any) { obj(m, "batch_anchor")["leaf_index"] = 2 }, func(m map[string]any) { m["disclosed"] = nil })
	if out.Status != Invalid || out.Failure.Check != CheckInclusion {
		t.Errorf("%s", summary(out))
	}
}

// TestOpenings: the submission's openings must open request_hash and
// response_hash; a wrong nonce, a wrong value or two swapped fail; none
// given skips them.
func TestOpenings(t *testing.T) {
	w := newWorld(t)
	p := w.closed(t, 2, pv.Spec31, prooftest.Anchoring{})[0]
	good := p.Disclosure()
	for name, d := range map[string]submission.Disclosure{
		"a wrong nonce":        {RequestHash: submission.Opening{Nonce: tamper(good.RequestHash.Nonce), Value: good.RequestHash.Value}, ResponseHash: good.ResponseHash},
		"a wrong value":        {RequestHash: good.RequestHash, ResponseHash: submission.Opening{Nonce: good.ResponseHash.Nonce, Value: tamper(good.ResponseHash.Value)}},
		"swapped":              {RequestHash: good.ResponseHash, ResponseHash: good.RequestHash},
		"an uppercase nonce":   {RequestHash: submission.Opening{Nonce: strings.ToUpper(good.RequestHash.Nonce), Value: good.RequestHash.Value}, ResponseHash: good.ResponseHash},
		"the prefixed value":   {RequestHash: submission.Opening{Nonce: good.RequestHash.Nonce, Value: "sha256:" + good.RequestHash.Value}, ResponseHash: good.ResponseHash},
		"another proof's pair": {RequestHash: good.RequestHash, ResponseHash: w.closed(t, 1, pv.Spec31, prooftest.Anchoring{})[0].Disclosure().ResponseHash},
	} {
		d := d
		out := New(w.material, w.is).Verify(parse(t, viewOf(t, p)), Options{Window: season, Disclosure: &d, DID: did})
		if out.Status != Invalid || out.Failure.Check != CheckOpenings || out.RequestHash != "" && out.ResponseHash != "" {
			t.Errorf("%s: %s", name, summary(out))
		}
	}
	out := New(w.material, w.is).Verify(parse(t, viewOf(t, p)), Options{Window: season, DID: did})
	if out.Status != Valid || resultOf(out, CheckOpenings) != Skipped || out.RequestHash != "" {
		t.Errorf("no disclosure: %s", summary(out))
	}
}

// TestIdentity: condition 2 wants the identity opened as verified, bound,
// to the enrolled DID; identity_consistent is opened and shown, whatever
// it says.
func TestIdentity(t *testing.T) {
	w := newWorld(t)
	w.at = w.at.Add(time.Second)
	self, err := w.is.Issue(prooftest.Call{Target: target, Method: "GET", Body: []byte(body), DID: did, APIKey: "k", At: w.at, Unverified: true})
	if err != nil {
		t.Fatal(err)
	}
	w.at = w.at.Add(time.Second)
	unbound, err := w.is.Issue(prooftest.Call{Target: target, Method: "GET", Body: []byte(body), DID: did, APIKey: "k", At: w.at, DIDStatus: "unverified"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.is.CloseBatch(w.at.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if out := w.verify(t, self); out.Status != Unbound || !strings.Contains(out.Failure.Detail, "agent_identity_verified opens to null, want true") {
		t.Errorf("self-declared: %s", summary(out))
	}
	if out := w.verify(t, unbound); out.Status != Unbound || !strings.Contains(out.Failure.Detail, `did_resolution_status opens to "unverified"`) {
		t.Errorf("unverified: %s", summary(out))
	}
	p := w.closed(t, 1, pv.Spec31, prooftest.Anchoring{})[0]
	d := p.Disclosure()
	if out := New(w.material, w.is).Verify(parse(t, viewOf(t, p)), Options{Window: season, Disclosure: &d, DID: "did:key:z6MkOther"}); out.Status != Unbound || !strings.Contains(out.Failure.Detail, "the enrolled DID is") {
		t.Errorf("another DID: %s", summary(out))
	}
	if out := New(w.material, w.is).Verify(parse(t, viewOf(t, p)), Options{Window: season, Disclosure: &d}); out.Status != Valid || !strings.Contains(detailOf(out, CheckIdentity), "no enrolled DID given") {
		t.Errorf("no DID: %s", summary(out))
	}
	if out := w.verify(t, p); !strings.Contains(detailOf(out, CheckIdentity), "identity_consistent opens to true") {
		t.Errorf("identity_consistent not shown: %s", detailOf(out, CheckIdentity))
	}
}

// TestSpecVersions: each version is verified by its own algorithm. 3.0
// verifies as far as 3.1 does but commits no identity: unbound. 2.1, 1.2,
// 2.0 and 1.1 are anchored on their own; their chain covers what a public
// view withholds, so it is skipped, saying so, never failed; they are
// unbound. A version the spec does not define is invalid at the first
// check, alone.
func TestSpecVersions(t *testing.T) {
	w := newWorld(t)
	for _, spec := range []string{pv.Spec30, pv.Spec21, pv.Spec12, pv.Spec20, pv.Spec11, pv.Spec10} {
		p := w.closed(t, 2, spec, prooftest.Anchoring{})[1]
		out := w.verify(t, p)
		if out.Status != Unbound || out.Failure.Check != CheckIdentity || !strings.Contains(out.Failure.Detail, "commits no identity") {
			t.Errorf("%s: %s", spec, summary(out))
		}
		want := map[string]string{CheckSpecVersion: OK, CheckChain: OK, CheckSignature: OK, CheckOpenings: OK, CheckInclusion: OK, CheckRFC3161: OK, CheckRekor: OK, CheckSeasonWindow: OK}
		if spec != pv.Spec30 {
			want[CheckChain], want[CheckInclusion] = Skipped, Skipped
			if d := detailOf(out, CheckChain); !strings.Contains(d, "not recomputable by a third party") || strings.Contains(d, "forged") && !strings.Contains(d, "no sign of forgery") {
				t.Errorf("%s: chain %q", spec, d)
			}
		}
		for name, r := range want {
			if got := resultOf(out, name); got != r {
				t.Errorf("%s: %s is %s, want %s (%s)", spec, name, got, r, detailOf(out, name))
			}
		}
	}
	p := w.closed(t, 1, pv.Spec31, prooftest.Anchoring{})[0]
	for _, spec := range []string{"3.2", "1.3", "4.0", "3.1.0", "v3.1"} {
		out := w.verify(t, p, func(m map[string]any) { m["spec_version"] = spec })
		if out.Status != Invalid || out.Failure.Check != CheckSpecVersion || len(out.Checks) != 1 {
			t.Errorf("%s: %s", spec, summary(out))
		}
	}
	// An unversioned proof is chained by concatenation.
	old := w.closed(t, 1, pv.Spec20, prooftest.Anchoring{})[0]
	out := w.verify(t, old, func(m map[string]any) { delete(m, "spec_version") })
	if !strings.Contains(detailOf(out, CheckSpecVersion), "unversioned: chain by SHA-256 of the values concatenated") {
		t.Errorf("unversioned: %s", detailOf(out, CheckSpecVersion))
	}
}

// TestOlderChainRecomputed: with the owner's parties and certification_fee
// a view before 3.0 has its chain recomputed, and a wrong value fails it.
func TestOlderChainRecomputed(t *testing.T) {
	w := newWorld(t)
	for _, spec := range []string{pv.Spec21, pv.Spec20} {
		p := w.closed(t, 1, spec, prooftest.Anchoring{})[0]
		owner := func(m map[string]any) {
			m["parties"] = map[string]any{"buyer_fingerprint": p.Values[pv.FieldBuyerFingerprint].Str(), "seller": p.Values[pv.FieldSeller].Str()}
			m["certification_fee"] = map[string]any{"transaction_id": "free_tier"}
		}
		if out := w.verify(t, p, owner); resultOf(out, CheckChain) != OK {
			t.Errorf("%s: %s", spec, detailOf(out, CheckChain))
		}
		wrong := func(m map[string]any) { obj(m, "certification_fee")["transaction_id"] = "pi_other" }
		if out := w.verify(t, p, owner, wrong); out.Status != Invalid || out.Failure.Check != CheckChain {
			t.Errorf("%s, a wrong transaction: %s", spec, summary(out))
		}
		// The openings of a version that commits nothing are the values its
		// view serves.
		d := p.Disclosure()
		d.RequestHash.Value = tamper(d.RequestHash.Value)
		if out := New(w.material, w.is).Verify(parse(t, viewOf(t, p)), Options{Window: season, Disclosure: &d, DID: did}); out.Status != Invalid || out.Failure.Check != CheckOpenings {
			t.Errorf("%s, another request hash: %s", spec, summary(out))
		}
	}
}

// TestKeyRetirement: a key is valid for proofs dated strictly before its
// retirement, the date being the token's genTime; a pending proof is dated
// by its view's timestamp.
func TestKeyRetirement(t *testing.T) {
	w := newWorld(t)
	p := w.closed(t, 1, pv.Spec31, prooftest.Anchoring{})[0]
	genTime := w.at.Add(time.Minute)
	view := parse(t, viewOf(t, p))
	d := p.Disclosure()
	for _, c := range []struct {
		retired time.Time
		ok      bool
	}{
		{genTime, false},
		{genTime.Add(-time.Second), false},
		{genTime.Add(time.Second), true},
		{genTime.Add(24 * time.Hour), true},
	} {
		m := w.withRetired(t, map[string]time.Time{p.KeyID(): c.retired})
		out := New(m, w.is).Verify(view, Options{Window: season, Disclosure: &d, DID: did})
		if (out.Status == Valid) != c.ok || !c.ok && (out.Failure.Check != CheckSignature || !strings.Contains(out.Failure.Detail, "the token's genTime")) {
			t.Errorf("retired at %s: %s", c.retired, summary(out))
		}
	}
	// The other node's key, retired, does not matter.
	keys, _ := w.is.KeyIDs()
	otherKey := keys[0]
	if otherKey == p.KeyID() {
		otherKey = keys[1]
	}
	if out := New(w.withRetired(t, map[string]time.Time{otherKey: genTime.Add(-time.Hour)}), w.is).Verify(view, Options{Window: season, Disclosure: &d, DID: did}); out.Status != Valid {
		t.Errorf("the other key retired: %s", summary(out))
	}
	// A pending proof: its timestamp.
	q := w.issue(t, 1, pv.Spec31)[0]
	qd := q.Disclosure()
	stamped := q.Values[pv.FieldTimestamp].Str()
	at, _ := time.Parse(time.RFC3339, stamped)
	for retired, want := range map[time.Time]Status{at: Invalid, at.Add(time.Second): Pending} {
		out := New(w.withRetired(t, map[string]time.Time{q.KeyID(): retired}), w.is).Verify(parse(t, viewOf(t, q)), Options{Window: season, Disclosure: &qd, DID: did})
		if out.Status != want {
			t.Errorf("pending, retired at %s: %s", retired, summary(out))
		}
	}
	// Without any date, only a key that is not retired.
	out := New(w.withRetired(t, map[string]time.Time{q.KeyID(): at.Add(time.Hour)}), w.is).Verify(parse(t, viewOf(t, q, func(m map[string]any) { m["timestamp"] = nil })), Options{Disclosure: &qd})
	if out.Status != Invalid || !strings.Contains(out.Failure.Detail, "no date to compare") {
		t.Errorf("undated: %s", summary(out))
	}
}

// TestRekorKeys: the Rekor entry must be signed with a published Rekor key
// valid at the genTime; any of the history's keys does, an unpublished one
// does not, nor one retired before the genTime.
func TestRekorKeys(t *testing.T) {
	w := newWorld(t)
	stranger, err := rekortest.DeriveKey([]byte("stranger"), "rekor")
	if err != nil {
		t.Fatal(err)
	}
	if out := w.verify(t, w.closed(t, 1, pv.Spec31, prooftest.Anchoring{Submitter: stranger})[0]); out.Status != Invalid || out.Failure.Check != "rekor.binding.key" && !strings.HasPrefix(out.Failure.Check, "rekor") {
		t.Errorf("an unpublished submitter: %s", summary(out))
	}
	a := w.closed(t, 1, pv.Spec31, prooftest.Anchoring{})[0]
	b := w.closed(t, 1, pv.Spec31, prooftest.Anchoring{})[0]
	if out := w.verify(t, a); out.Status != Valid {
		t.Errorf("%s", summary(out))
	}
	if out := w.verify(t, b); out.Status != Valid {
		t.Errorf("%s", summary(out))
	}
	_, rekorKeys := w.is.KeyIDs()
	ka, kb := detailOf(w.verify(t, a), CheckRekor), detailOf(w.verify(t, b), CheckRekor)
	if !strings.HasSuffix(ka, rekorKeys[0]) && !strings.HasSuffix(ka, rekorKeys[1]) || ka[len(ka)-1] == kb[len(kb)-1] {
		t.Errorf("the batches are not signed with both Rekor keys: %q %q", ka, kb)
	}
	m := w.withRetired(t, map[string]time.Time{rekorKeys[0]: keyWindow.NotBefore.Add(time.Hour), rekorKeys[1]: keyWindow.NotBefore.Add(time.Hour)})
	d := a.Disclosure()
	if out := New(m, w.is).Verify(parse(t, viewOf(t, a)), Options{Window: season, Disclosure: &d, DID: did}); out.Status != Invalid || out.Failure.Check != "rekor.key" {
		t.Errorf("every Rekor key retired: %s", summary(out))
	}
}

// TestSeasonWindow: the genTime must lie in the window, both bounds
// included.
func TestSeasonWindow(t *testing.T) {
	w := newWorld(t)
	p := w.closed(t, 1, pv.Spec31, prooftest.Anchoring{})[0]
	gen := w.at.Add(time.Minute)
	d := p.Disclosure()
	view := parse(t, viewOf(t, p))
	for window, want := range map[[2]time.Time]Status{
		{gen, gen.Add(time.Hour)}:                       Valid,
		{gen.Add(-time.Hour), gen}:                      Valid,
		{gen.Add(time.Second), gen.Add(time.Hour)}:      Invalid,
		{gen.Add(-time.Hour), gen.Add(-time.Second)}:    Invalid,
		{gen.Add(-time.Nanosecond), gen.Add(time.Hour)}: Valid,
	} {
		out := New(w.material, w.is).Verify(view, Options{Window: trust.Window{From: window[0], Until: window[1]}, Disclosure: &d, DID: did})
		if out.Status != want || want == Invalid && out.Failure.Check != CheckSeasonWindow {
			t.Errorf("%v: %s", window, summary(out))
		}
	}
	if out := New(w.material, w.is).Verify(view, Options{Disclosure: &d, DID: did}); out.Status != Valid || resultOf(out, CheckSeasonWindow) != Skipped {
		t.Errorf("no window: %s", summary(out))
	}
}

// TestUnpinnedTSA: a token of a TSA the trusted root does not pin fails
// rfc3161, and the signature is then dated by the view's timestamp.
func TestUnpinnedTSA(t *testing.T) {
	w := newWorld(t)
	p := w.closed(t, 1, pv.Spec31, prooftest.Anchoring{TSA: w.unpinned})[0]
	out := w.verify(t, p)
	if out.Status != Invalid || !strings.HasPrefix(out.Failure.Check, "rfc3161") || resultOf(out, CheckSeasonWindow) != Skipped {
		t.Errorf("%s", summary(out))
	}
	if !strings.Contains(detailOf(out, CheckSignature), "the view's timestamp") {
		t.Errorf("signature: %s", detailOf(out, CheckSignature))
	}
}

// entriesWith serves the issuer's entries, with uuid's replaced by data
// (nil: not available).
type entriesWith struct {
	base Entries
	uuid string
	data []byte
}

func (e entriesWith) RekorEntry(uuid string) ([]byte, error) {
	if uuid == e.uuid {
		if e.data == nil {
			return nil, fs.ErrNotExist
		}
		return e.data, nil
	}
	return e.base.RekorEntry(uuid)
}

// TestNotFetched: without the Rekor entry, a proof that fails no other
// check of condition 1 is incomplete, the rekor check skipped saying why;
// with another failure it is invalid. The entry of another uuid is no
// anchor either.
func TestNotFetched(t *testing.T) {
	w := newWorld(t)
	ps := w.closed(t, 2, pv.Spec31, prooftest.Anchoring{})
	q := w.closed(t, 1, pv.Spec31, prooftest.Anchoring{})[0]
	p := ps[0]
	d := p.Disclosure()
	out := New(w.material, entriesWith{base: w.is, uuid: p.Rekor.UUID}).Verify(parse(t, viewOf(t, p)), Options{Window: season, Disclosure: &d, DID: did})
	var nf *NotFetchedError
	if out.Status != Incomplete || !errors.As(out.NotFetched, &nf) || nf.UUID != p.Rekor.UUID || resultOf(out, CheckRekor) != Skipped || out.Failure != nil {
		t.Errorf("%s %v", summary(out), out.NotFetched)
	}
	if out := New(w.material, nil).Verify(parse(t, viewOf(t, p)), Options{Window: season, Disclosure: &d, DID: did}); out.Status != Incomplete {
		t.Errorf("no entries: %s", summary(out))
	}
	bad := func(m map[string]any) { m["arkforge_signature"] = tamper(m["arkforge_signature"].(string)) }
	if out := New(w.material, nil).Verify(parse(t, viewOf(t, p, bad)), Options{Window: season, Disclosure: &d, DID: did}); out.Status != Invalid || out.NotFetched == nil {
		t.Errorf("incomplete and a bad signature: %s", summary(out))
	}
	other, _ := w.is.RekorEntry(q.Rekor.UUID)
	if out := New(w.material, entriesWith{base: w.is, uuid: p.Rekor.UUID, data: other}).Verify(parse(t, viewOf(t, p)), Options{Window: season, Disclosure: &d, DID: did}); out.Status != Invalid || !strings.HasPrefix(out.Failure.Check, "rekor") {
		t.Errorf("another uuid's entry: %s", summary(out))
	}
	if out := New(w.material, entriesWith{base: w.is, uuid: p.Rekor.UUID, data: []byte("{")}).Verify(parse(t, viewOf(t, p)), Options{Window: season, Disclosure: &d, DID: did}); out.Status != Invalid {
		t.Errorf("an unreadable entry: %s", summary(out))
	}
}

// TestAnchorsVerifiedOnce: the proofs of one batch share one verification
// of its anchors; a view that differs in its token, its uuid or its root is
// verified on its own; the batch id is not part of the key.
func TestAnchorsVerifiedOnce(t *testing.T) {
	w := newWorld(t)
	ps := w.closed(t, 4, pv.Spec31, prooftest.Anchoring{})
	v := New(w.material, w.is)
	for _, p := range ps {
		d := p.Disclosure()
		if out := v.Verify(parse(t, viewOf(t, p)), Options{Window: season, Disclosure: &d, DID: did}); out.Status != Valid {
			t.Fatal(summary(out))
		}
	}
	if v.AnchorRuns() != 1 || v.BatchesVerified() != 1 {
		t.Errorf("%d runs, %d batches", v.AnchorRuns(), v.BatchesVerified())
	}
	d := ps[0].Disclosure()
	renamed := func(m map[string]any) { obj(m, "batch_anchor")["batch_id"] = "batch_other" }
	if out := v.Verify(parse(t, viewOf(t, ps[0], renamed)), Options{Window: season, Disclosure: &d, DID: did}); out.Status != Valid || v.AnchorRuns() != 1 {
		t.Errorf("renamed: %s, %d runs", summary(out), v.AnchorRuns())
	}
	noToken := func(m map[string]any) { delete(obj(m, "timestamp_authority"), "tsr_base64") }
	if out := v.Verify(parse(t, viewOf(t, ps[0], noToken)), Options{Window: season, Disclosure: &d, DID: did}); out.Status != Invalid || v.AnchorRuns() != 2 {
		t.Errorf("no token: %s, %d runs", summary(out), v.AnchorRuns())
	}
	// The cached result keeps no view: its key's strings are copies.
	if out := v.Verify(parse(t, viewOf(t, ps[1])), Options{Window: season, Disclosure: &d, DID: did}); v.AnchorRuns() != 2 || out.Status == Valid {
		t.Errorf("another proof with a wrong disclosure: %s, %d runs", summary(out), v.AnchorRuns())
	}
}

// TestCheckNames: CheckNames is the order of the package doc and a copy.
func TestCheckNames(t *testing.T) {
	got := CheckNames()
	if strings.Join(got, ",") != "spec_version,chain,signature,openings,inclusion,rfc3161,rekor,season_window,identity" {
		t.Errorf("%v", got)
	}
	got[0] = "x"
	if CheckNames()[0] != CheckSpecVersion {
		t.Error("CheckNames returns its own slice")
	}
	for s, name := range map[Status]string{Pending: "pending", Invalid: "invalid", Unbound: "unbound_identity", Valid: "valid", Incomplete: "incomplete", Status(99): "unknown"} {
		if s.String() != name {
			t.Errorf("%d: %s", s, s)
		}
	}
}
