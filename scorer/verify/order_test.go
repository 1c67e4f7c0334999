package verify

import (
	"bytes"
	"crypto/ed25519"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	rekorv1 "github.com/sigstore/protobuf-specs/gen/pb-go/rekor/v1"

	pv "github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/proof/prooftest"
	"github.com/ark-forge/proveit/scorer/submission"
)

// open mints n proofs into the issuer's open batch, with the call edited by
// edit, and returns them with their views as served while the batch is
// open. It then closes the batch, so that the shared issuer holds no open
// proof for the next test; the views returned stay those of the open batch.
func (w *world) open(t testing.TB, n int, edit func(*prooftest.Call)) ([]*prooftest.Proof, []map[string]any) {
	t.Helper()
	var ps []*prooftest.Proof
	var views []map[string]any
	for i := 0; i < n; i++ {
		c := call(inSeason.Add(-time.Duration(n-i) * time.Second))
		if edit != nil {
			edit(&c)
		}
		p, err := w.is.Issue(c)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
		views = append(views, viewJSON(t, p))
	}
	if _, err := w.is.CloseBatch("lot-flush-"+ps[0].ID, inSeason); err != nil {
		t.Fatal(err)
	}
	return ps, views
}

// Tampering helpers: each edits a view (or a disclosure) so that one check
// fails.
func forgeSignature(t testing.TB, m map[string]any) { flipSignature(t, m) }

func signWithUnpinnedKey(chain string) func(testing.TB, map[string]any) {
	return func(t testing.TB, m map[string]any) {
		k := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{7}, 32))
		m["arkforge_signature"] = pv.EncodeEd25519(ed25519.Sign(k, []byte(chain)))
	}
}

func changeChain(t testing.TB, m map[string]any) {
	h := m["hashes"].(map[string]any)
	h["chain"] = "sha256:" + flipHex(strings.TrimPrefix(h["chain"].(string), "sha256:"))
}

func changeCommitment(t testing.TB, m map[string]any) {
	c := m["commitments"].(map[string]any)
	c["seller"] = flipHex(c["seller"].(string))
}

func badRequestNonce(d *submission.Disclosure)  { d.RequestHash.Nonce = flipHex(d.RequestHash.Nonce) }
func badResponseValue(d *submission.Disclosure) { d.ResponseHash.Value = flipHex(d.ResponseHash.Value) }

// garbage is a disclosure that opens nothing: well formed, wrong.
func garbage(d *submission.Disclosure) {
	zero := strings.Repeat("0", 64)
	*d = submission.Disclosure{
		RequestHash:  submission.Opening{Nonce: zero, Value: zero},
		ResponseHash: submission.Opening{Nonce: zero, Value: zero},
	}
}

func names(cs []Check) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Name)
	}
	return out
}

// TestOpenBatch: a proof of an open batch is judged on everything that
// needs no anchor; it is pending only when all of it passes. Each case was
// seen pending before the checks were moved ahead of the batch.
func TestOpenBatch(t *testing.T) {
	w := newWorld(t)
	ps, views := w.open(t, 3, nil)
	p := ps[1]
	unverified, unverifiedViews := w.open(t, 1, func(c *prooftest.Call) { c.Unverified = true })
	spec30, spec30Views := w.open(t, 1, func(c *prooftest.Call) { c.Spec = "3.0" })

	for _, c := range []struct {
		name   string
		p      *prooftest.Proof
		view   map[string]any
		edit   func(testing.TB, map[string]any)
		disc   func(*submission.Disclosure)
		did    string
		status Status
		check  string // the Failure's Check, "" for none
		detail string // the Failure's exact Detail, when given
	}{
		{name: "honest", status: Pending},
		{name: "forged signature", edit: forgeSignature, status: Invalid, check: "signature",
			detail: "Ed25519 signature over hashes.chain " + p.Chain + " verifies with no key pinned at some time inside the season 2026-09-21T08:00:00Z .. 2026-10-05T20:00:00Z (no anchored time) (1 tried)"},
		{name: "signature by an unpinned key", edit: signWithUnpinnedKey(p.Chain), status: Invalid, check: "signature"},
		{name: "changed chain", edit: changeChain, status: Invalid, check: "chain", detail: "recomputed " + p.Chain + ", the view says " + flipHex(p.Chain)},
		{name: "changed commitment", edit: changeCommitment, status: Invalid, check: "chain"},
		{name: "bad request opening", disc: badRequestNonce, status: Invalid, check: "opening.request_hash"},
		{name: "bad response opening", disc: badResponseValue, status: Invalid, check: "opening.response_hash"},
		{name: "garbage disclosure", disc: garbage, status: Invalid, check: "opening.request_hash"},
		{name: "identity not verified", p: unverified[0], view: unverifiedViews[0], status: Unbound, check: "identity", detail: "agent_identity_verified opens to false, want true"},
		{name: "another enrolled DID", did: "did:key:z6MkSomeoneElse", status: Unbound, check: "identity"},
		{name: "spec 3.0", p: spec30[0], view: spec30Views[0], status: Unbound, check: "identity"},
		{name: "bad opening and unbound identity", p: unverified[0], view: unverifiedViews[0], disc: garbage, status: Invalid, check: "opening.request_hash"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.p == nil {
				c.p, c.view = p, views[1]
			}
			m := clone(t, c.view)
			if c.edit != nil {
				c.edit(t, m)
			}
			d := c.p.Disclosure()
			if c.disc != nil {
				c.disc(&d)
			}
			want := did
			if c.did != "" {
				want = c.did
			}
			out := New(w.material, w.entries()).Verify(parse(t, m), Options{Window: season, Disclosure: &d, DID: want})
			if out.Status != c.status {
				t.Fatalf("status %v, want %v; failure %v; checks %+v", out.Status, c.status, out.Failure, out.Checks)
			}
			switch {
			case c.check == "" && out.Failure != nil:
				t.Errorf("failure %v, want none", out.Failure)
			case c.check != "" && (out.Failure == nil || out.Failure.Check != c.check):
				t.Errorf("failure %v, want check %s", out.Failure, c.check)
			case c.detail != "" && out.Failure.Detail != c.detail:
				t.Errorf("detail\n %s\nwant\n %s", out.Failure.Detail, c.detail)
			}
			got := names(out.Checks)
			wantNames := []string{"spec_version", "chain", "signature", "opening.request_hash", "opening.response_hash", "batch", "identity"}
			if !reflect.DeepEqual(got, wantNames) {
				t.Errorf("checks %v, want %v", got, wantNames)
			}
		})
	}
}

// clone returns a deep copy of a view.
func clone(t testing.TB, m map[string]any) map[string]any {
	t.Helper()
	raw, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var out map[string]any
	if err := d.Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCheckOrder: an honest proof of a closed batch runs the checks of
// CheckNames in that order, each ok.
func TestCheckOrder(t *testing.T) {
	w := newWorld(t)
	p := w.batch(t, 3, inSeason, prooftest.Anchoring{}, nil)[2]
	d := p.Disclosure()
	out := New(w.material, w.entries()).Verify(parse(t, viewJSON(t, p)), Options{Window: season, Disclosure: &d, DID: did})
	if got := names(out.Checks); !reflect.DeepEqual(got, CheckNames()) {
		t.Errorf("checks %v, want %v", got, CheckNames())
	}
}

// TestFirstFailureWins: for each pair of adjacent checks of CheckNames, a
// proof that fails both reports the earlier one. Each case was seen
// failing with its two checks swapped in Verify.
func TestFirstFailureWins(t *testing.T) {
	w := newWorld(t)
	ps := w.batch(t, 6, inSeason, prooftest.Anchoring{}, nil)
	p := ps[3]
	other := w.batch(t, 6, inSeason.Add(time.Hour), prooftest.Anchoring{}, nil)[3]
	late := w.batch(t, 2, season.Until.Add(time.Second), prooftest.Anchoring{}, nil)[0]
	lateUnverified := w.batch(t, 2, season.Until.Add(time.Second), prooftest.Anchoring{}, func(c *prooftest.Call) { c.Unverified = true })[0]
	unknown := w.batch(t, 2, inSeason, prooftest.Anchoring{}, func(c *prooftest.Call) { c.Spec = "9.9" })[0]

	wrongLeaf := func(t testing.TB, m map[string]any) { batchOf(m)["leaf_index"] = 2 }
	otherToken := func(t testing.TB, m map[string]any) {
		tsaOf(m)["tsr_base64"] = tsaOf(viewJSON(t, other))["tsr_base64"]
	}
	otherEntry := func(t testing.TB, m map[string]any) {
		m["transparency_log"] = viewJSON(t, other)["transparency_log"]
	}
	brokenSET := func(t testing.TB, m map[string]any) {
		editEntry(t, m, func(e *rekorv1.TransparencyLogEntry) { e.InclusionPromise.SignedEntryTimestamp[10] ^= 1 })
	}
	both := func(fs ...func(testing.TB, map[string]any)) func(testing.TB, map[string]any) {
		return func(t testing.TB, m map[string]any) {
			for _, f := range fs {
				f(t, m)
			}
		}
	}

	for _, c := range []struct {
		pair   string // the two checks that fail, the earlier first
		p      *prooftest.Proof
		edit   func(testing.TB, map[string]any)
		disc   func(*submission.Disclosure)
		status Status
		check  string
	}{
		{"spec_version, chain", unknown, changeChain, nil, Invalid, "spec_version"},
		{"chain, signature", p, both(changeCommitment, forgeSignature), nil, Invalid, "chain"},
		{"signature, opening.request_hash", p, forgeSignature, badRequestNonce, Invalid, "signature"},
		{"opening.request_hash, opening.response_hash", p, nil, func(d *submission.Disclosure) { badRequestNonce(d); badResponseValue(d) }, Invalid, "opening.request_hash"},
		{"opening.response_hash, inclusion", p, wrongLeaf, badResponseValue, Invalid, "opening.response_hash"},
		{"inclusion, rfc3161", p, both(wrongLeaf, otherToken), nil, Invalid, "inclusion"},
		{"rfc3161, rekor", p, both(otherToken, otherEntry), nil, Invalid, "rfc3161.imprint"},
		{"rekor, season_window", late, brokenSET, nil, Invalid, "rekor.set.signature"},
		{"season_window, identity", lateUnverified, nil, nil, Invalid, "season_window"},
	} {
		t.Run(c.pair, func(t *testing.T) {
			m := viewJSON(t, c.p)
			if c.edit != nil {
				c.edit(t, m)
			}
			d := c.p.Disclosure()
			if c.disc != nil {
				c.disc(&d)
			}
			out := New(w.material, w.entries()).Verify(parse(t, m), Options{Window: season, Disclosure: &d, DID: did})
			if out.Status != c.status || out.Failure == nil || out.Failure.Check != c.check {
				t.Fatalf("%v %v, want %v with %s; checks %+v", out.Status, out.Failure, c.status, c.check, out.Checks)
			}
			// Both checks of the pair did fail.
			failed := 0
			for _, ch := range out.Checks {
				if ch.Result == "failed" {
					failed++
				}
			}
			if c.check != "spec_version" && failed < 2 {
				t.Errorf("only %d check failed, want both of the pair: %+v", failed, out.Checks)
			}
		})
	}
}

// TestIdentityOrder: within condition 2, the first unmet requirement is the
// one reported, and the DID must be the enrolled one exactly (neither a
// prefix of it nor one it is a prefix of).
func TestIdentityOrder(t *testing.T) {
	w := newWorld(t)
	for _, c := range []struct {
		name   string
		edit   func(*prooftest.Call)
		did    string
		detail string
	}{
		{"unverified and self-declared", func(c *prooftest.Call) { c.Unverified, c.DIDStatus = true, "self_declared" }, did, "agent_identity_verified opens to false, want true"},
		{"self-declared and another DID", func(c *prooftest.Call) { c.DIDStatus = "self_declared" }, "did:key:z6MkSomeoneElse", `did_resolution_status opens to "self_declared", want "bound"`},
		{"the enrolled DID extends the opened one", nil, did + "X", `agent_identity opens to "did:key:z6MkParticipant", the enrolled DID is "did:key:z6MkParticipantX"`},
		{"the opened DID extends the enrolled one", nil, did[:len(did)-1], `agent_identity opens to "did:key:z6MkParticipant", the enrolled DID is "did:key:z6MkParticipan"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := w.batch(t, 1, inSeason, prooftest.Anchoring{}, c.edit)[0]
			d := p.Disclosure()
			out := New(w.material, w.entries()).Verify(parse(t, viewJSON(t, p)), Options{Window: season, Disclosure: &d, DID: c.did})
			if out.Status != Unbound || out.Failure == nil || out.Failure.Detail != c.detail {
				t.Errorf("%v %v, want unbound with %q", out.Status, out.Failure, c.detail)
			}
		})
	}
}

// TestOpeningsBeforeCommitments: before 3.0 the disclosed value must be the
// one the chain covers in clear (there is no nonce to check).
func TestOpeningsBeforeCommitments(t *testing.T) {
	w := newWorld(t)
	p := w.batch(t, 1, inSeason, prooftest.Anchoring{}, func(c *prooftest.Call) { c.Spec = "2.1" })[0]
	d := p.Disclosure()
	d.ResponseHash.Value = flipHex(d.ResponseHash.Value)
	out := New(w.material, w.entries()).Verify(parse(t, viewJSON(t, p)), Options{Window: season, Disclosure: &d, DID: did})
	want := "disclosed response_hash " + d.ResponseHash.Value + ", the 2.1 chain covers " + p.Values["response_hash"].Str()
	if out.Status != Invalid || out.Failure == nil || out.Failure.Check != "opening.response_hash" || out.Failure.Detail != want {
		t.Errorf("%v %v, want opening.response_hash: %s", out.Status, out.Failure, want)
	}
}
