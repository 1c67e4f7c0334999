package verify

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sync"
	"time"

	"github.com/transparency-dev/merkle/proof"
	"github.com/transparency-dev/merkle/rfc6962"

	"github.com/ark-forge/proveit/scorer/anchor"
	"github.com/ark-forge/proveit/scorer/anchor/rekor"
	"github.com/ark-forge/proveit/scorer/anchor/rfc3161"
	pv "github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/submission"
	"github.com/ark-forge/proveit/scorer/trust"
)

// Status is the outcome of verifying one proof.
type Status int

// Outcomes, from the one that decides first: a pending proof is neither
// valid nor invalid (§4.1), and condition 1 is tested before condition 2.
const (
	// Pending: the batch is not closed; the proof is neither valid nor
	// invalid (§4.1, « preuve en attente d'ancrage »).
	Pending Status = iota
	// Invalid: condition 1 fails (signature, chain, anchors, openings, time).
	Invalid
	// Unbound: condition 1 holds but condition 2 does not: the identity is
	// not anchored (spec before 3.1) or not opened as bound to the DID.
	Unbound
	// Valid: conditions 1 and 2 hold.
	Valid
)

func (s Status) String() string {
	switch s {
	case Pending:
		return "pending"
	case Invalid:
		return "invalid"
	case Unbound:
		return "unbound_identity"
	case Valid:
		return "valid"
	}
	return "unknown"
}

// Check is one line of a verification report.
type Check struct {
	Name   string // stable: "spec_version", "chain", "signature", ...
	Result string // "ok", "failed", "skipped" or "pending"
	Detail string // what was compared
}

// Incident is a Trust Layer incident (§4.1): a flat field of the view that
// differs from the value its opened commitment holds. It changes no outcome.
type Incident struct {
	ProofID string
	Field   string
	Flat    string // canonical JSON of the flat value
	Opened  string // canonical JSON of the opened value
}

func (i Incident) String() string {
	return fmt.Sprintf("proof %s: flat field %s is %s, its opened commitment holds %s", i.ProofID, i.Field, i.Flat, i.Opened)
}

// Outcome is the result of verifying one proof.
type Outcome struct {
	ProofID string
	Status  Status
	// Failure is the first failing check, for Invalid and Unbound.
	Failure *anchor.Failure
	// GenTime is the batch token's genTime, the time that counts (§4.1),
	// when the anchors verified.
	GenTime time.Time
	// Opened values, when a disclosure was given and opened its commitments.
	RequestHash, ResponseHash string
	// Identity as opened from the disclosed block (3.1).
	AgentDID            string
	IdentityVerified    bool
	DIDResolutionStatus string
	Checks              []Check
	Incidents           []Incident
}

// Options says what to check a proof against.
type Options struct {
	// Window bounds the token's genTime, both bounds included (§4.1: the
	// season's opening and closing). A zero Window skips the check (the
	// caller checks the time itself, as for freezes).
	Window trust.Window
	// Disclosure opens request_hash and response_hash; nil skips the
	// openings (a proof verified on its own, outside a submission).
	Disclosure *submission.Disclosure
	// DID is the enrolled DID the identity must be bound to; "" checks the
	// triplet without comparing the DID.
	DID string
}

// Verifier verifies proofs against one season's trust material.
type Verifier struct {
	trust *trust.Material

	mu      sync.Mutex
	batches map[batchKey]*batchResult
}

// New returns a Verifier for m.
func New(m *trust.Material) *Verifier {
	return &Verifier{trust: m, batches: map[batchKey]*batchResult{}}
}

// batchKey identifies a batch's anchors: the same batch id with other
// anchors is verified on its own.
type batchKey struct {
	id, root     string
	token, entry [sha256.Size]byte
}

type batchResult struct {
	once    sync.Once
	genTime time.Time
	tsa     rfc3161.Result
	log     rekor.Result
	tsaErr  *anchor.Failure
	logErr  *anchor.Failure
	rekorID string // the pinned Rekor submission key that verified
}

// BatchesVerified returns how many distinct batch anchors were verified.
func (v *Verifier) BatchesVerified() int {
	v.mu.Lock()
	defer v.mu.Unlock()
	return len(v.batches)
}

// anchors verifies the batch's RFC 3161 token and Rekor entry once.
func (v *Verifier) anchors(b *pv.Batch) *batchResult {
	k := batchKey{id: b.ID, root: b.RootHex, token: sha256.Sum256(b.RFC3161Token), entry: sha256.Sum256(b.TransparencyLog)}
	v.mu.Lock()
	r, ok := v.batches[k]
	if !ok {
		r = &batchResult{}
		v.batches[k] = r
	}
	v.mu.Unlock()
	r.once.Do(func() {
		res, err := rfc3161.Verify(b.RFC3161Token, b.Root, v.trust.Root.TimestampingAuthorities())
		if err != nil {
			r.tsaErr = asFailure(err, "rfc3161")
		} else {
			r.tsa, r.genTime = res, res.GenTime
		}
		r.logErr = anchor.Failf("rekor.key", "no Rekor submission key is pinned for the batch's time")
		keys := v.trust.RekorKeys
		if r.tsaErr == nil {
			keys = v.trust.RekorKeysAt(r.genTime)
		}
		for _, key := range keys {
			res, err := rekor.Verify(b.TransparencyLog, []byte(b.RootHex), key.Key, v.trust.Root.RekorLogs(), v.trust.RekorOrigin)
			if err == nil {
				r.log, r.logErr, r.rekorID = res, nil, key.ID
				break
			}
			r.logErr = asFailure(err, "rekor")
		}
	})
	return r
}

func asFailure(err error, prefix string) *anchor.Failure {
	if f, ok := err.(*anchor.Failure); ok {
		return f
	}
	return anchor.Failf(prefix, "%v", err)
}

// report accumulates checks; the first failure decides the outcome.
type report struct {
	out *Outcome
}

func (r *report) ok(name, format string, args ...any) {
	r.out.Checks = append(r.out.Checks, Check{Name: name, Result: "ok", Detail: fmt.Sprintf(format, args...)})
}

func (r *report) skip(name, format string, args ...any) {
	r.out.Checks = append(r.out.Checks, Check{Name: name, Result: "skipped", Detail: fmt.Sprintf(format, args...)})
}

func (r *report) fail(f *anchor.Failure, name string) {
	r.out.Checks = append(r.out.Checks, Check{Name: name, Result: "failed", Detail: f.Error()})
	if r.out.Failure == nil {
		r.out.Failure = f
	}
}

// Verify checks view. It never panics and never returns an error: every
// fault is an outcome, with the check that failed and what it compared.
func (v *Verifier) Verify(view *pv.View, opts Options) Outcome {
	out := Outcome{ProofID: view.ProofID}
	r := &report{out: &out}
	alg := pv.AlgorithmOf(view.SpecVersion)
	if alg == pv.Unknown {
		r.fail(anchor.Failf("spec_version", "spec_version %s is not one this verifier knows (3.1, 3.0, 2.1, 2.0, 1.2, 1.1)", quote(view.SpecVersion)), "spec_version")
		out.Status = Invalid
		return out
	}
	r.ok("spec_version", "%s", view.SpecVersion)

	// The chain, recomputed from what the view commits to.
	chain, missing, ok := view.RecomputeChain()
	switch {
	case !ok:
		r.fail(anchor.Failf("chain", "field %s, which the %s chain covers, is missing", missing, view.SpecVersion), "chain")
	case chain != view.Chain:
		r.fail(anchor.Failf("chain", "recomputed %s, the view says %s", chain, view.Chain), "chain")
	default:
		r.ok("chain", "recomputed %s", chain)
	}

	pending := view.Batch.Status == pv.BatchOpen
	var ba *batchResult
	if !pending {
		ba = v.anchors(&view.Batch)
	}

	// The signature, with a key pinned for the anchored date.
	v.checkSignature(r, view, ba)

	if pending {
		out.Checks = append(out.Checks, Check{Name: "batch", Result: "pending", Detail: fmt.Sprintf("batch %s is open: no anchor yet", view.Batch.ID)})
	} else {
		v.checkInclusion(r, view)
		checkAnchors(r, ba, opts.Window)
	}

	v.checkOpenings(r, view, opts.Disclosure)
	condition1 := out.Failure == nil
	v.checkIdentity(r, view, opts.DID)

	switch {
	case pending:
		out.Status, out.Failure = Pending, nil
	case !condition1:
		out.Status = Invalid
	case out.Failure != nil:
		out.Status = Unbound
	default:
		out.Status = Valid
	}
	return out
}

// checkAnchors reports the batch's RFC 3161 token and Rekor entry, verified
// once per batch by anchors, and whether the token's genTime, the time that
// counts (§4.1 condition 1), is inside window.
func checkAnchors(r *report, ba *batchResult, window trust.Window) {
	if ba.tsaErr != nil {
		r.fail(ba.tsaErr, "rfc3161")
	} else {
		r.out.GenTime = ba.genTime
		r.ok("rfc3161", "token of %s, genTime %s, signer %s", ba.tsa.TSA, ba.genTime.UTC().Format(time.RFC3339), ba.tsa.SignerSHA256)
	}
	if ba.logErr != nil {
		r.fail(ba.logErr, "rekor")
	} else {
		r.ok("rekor", "entry %d of log %s, signed with pinned key %s", ba.log.LogIndex, ba.log.LogID, ba.rekorID)
	}
	switch {
	case ba.tsaErr != nil:
		r.skip("season_window", "no anchored time")
	case window == (trust.Window{}):
		r.skip("season_window", "no season window given")
	case !window.Contains(ba.genTime):
		r.fail(anchor.Failf("season_window", "genTime %s is outside the season %s", ba.genTime.UTC().Format(time.RFC3339), window), "season_window")
	default:
		r.ok("season_window", "genTime %s within %s", ba.genTime.UTC().Format(time.RFC3339), window)
	}
}

func (v *Verifier) checkSignature(r *report, view *pv.View, ba *batchResult) {
	msg := []byte(view.Chain)
	var keys []trust.ProofKey
	when := ""
	switch {
	case ba != nil && ba.tsaErr == nil:
		keys = v.trust.ProofKeysAt(ba.genTime)
		when = "pinned for " + ba.genTime.UTC().Format(time.RFC3339)
	default:
		// No anchored date (open batch, or a token that failed): any
		// pinned key may be the one; the outcome is decided elsewhere.
		keys = v.trust.ProofKeys
		when = "pinned for any date (no anchored time)"
	}
	if len(keys) == 0 {
		r.fail(anchor.Failf("signature", "no Trust Layer proof key is %s", when), "signature")
		return
	}
	for _, k := range keys {
		if ed25519.Verify(k.Key, msg, view.Signature) {
			r.ok("signature", "Ed25519 over hashes.chain verifies with key %s, %s", k.ID, when)
			return
		}
	}
	r.fail(anchor.Failf("signature", "Ed25519 signature over hashes.chain %s verifies with no key %s (%d tried)", view.Chain, when, len(keys)), "signature")
}

// checkInclusion verifies the RFC 6962 inclusion of the raw chain hash as
// leaf leaf_index of a tree of tree_size leaves with the batch root.
// proof.VerifyInclusion rejects a path whose length is not the one that
// index and size imply.
func (v *Verifier) checkInclusion(r *report, view *pv.View) {
	leaf, err := hex.DecodeString(view.Chain)
	if err != nil {
		r.fail(anchor.Failf("inclusion", "hashes.chain is not hex"), "inclusion")
		return
	}
	b := view.Batch
	if b.LeafIndex >= b.TreeSize {
		r.fail(anchor.Failf("inclusion", "leaf_index %d is not below tree_size %d", b.LeafIndex, b.TreeSize), "inclusion")
		return
	}
	leafHash := rfc6962.DefaultHasher.HashLeaf(leaf)
	if err := proof.VerifyInclusion(rfc6962.DefaultHasher, b.LeafIndex, b.TreeSize, leafHash, b.InclusionPath, b.Root); err != nil {
		r.fail(anchor.Failf("inclusion", "chain %s as leaf %d of %d with a path of %d hashes does not reach root %s: %v", view.Chain, b.LeafIndex, b.TreeSize, len(b.InclusionPath), b.RootHex, err), "inclusion")
		return
	}
	r.ok("inclusion", "leaf %d of %d, path of %d hashes, root %s", b.LeafIndex, b.TreeSize, len(b.InclusionPath), b.RootHex)
}

// checkOpenings opens request_hash and response_hash with the disclosure.
func (v *Verifier) checkOpenings(r *report, view *pv.View, d *submission.Disclosure) {
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
			r.out.Incidents = append(r.out.Incidents, Incident{ProofID: view.ProofID, Field: flatName(o.field), Flat: string(pyjson.Canonical(flat)), Opened: string(pyjson.Canonical(pyjson.StringValue(o.open.Value)))})
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
func (v *Verifier) checkIdentity(r *report, view *pv.View, did string) {
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
		if flat, ok := view.Flat[f]; ok && !pyjson.Equal(flat, o.Value) {
			r.out.Incidents = append(r.out.Incidents, Incident{ProofID: view.ProofID, Field: f, Flat: string(pyjson.Canonical(flat)), Opened: string(pyjson.Canonical(o.Value))})
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

func quote(s string) string { return string(pyjson.Canonical(pyjson.StringValue(s))) }
