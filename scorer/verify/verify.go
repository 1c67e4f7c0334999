package verify

import (
	"fmt"
	"strings"
	"time"

	"github.com/ark-forge/proveit/scorer/anchor"
	"github.com/ark-forge/proveit/scorer/hashes"
	pv "github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/submission"
	"github.com/ark-forge/proveit/scorer/trust"
)

// Version names the rules of this package and of the view it reads
// (package proof): an Outcome cached under one Version (package vcache) is
// never reused under another. Bump it with any change that can change an
// Outcome for the same inputs: a check, its order, a failure code, a
// detail text.
const Version = "verify-2026-12-06.spec-3.1"

// Status is the outcome of verifying one proof.
type Status int

// Outcomes (package doc).
const (
	// Pending: the batch is pending and every check that needs no anchor
	// passes: neither valid nor invalid (§4.1, « preuve en attente
	// d'ancrage »).
	Pending Status = iota
	// Invalid: a check of condition 1 fails.
	Invalid
	// Unbound: condition 1 holds as far as it can be checked, condition 2
	// does not: the identity is not anchored (spec before 3.1) or not
	// opened as bound to the DID.
	Unbound
	// Valid: conditions 1 and 2 hold.
	Valid
	// Incomplete: no check of condition 1 fails, but one could not run:
	// the Rekor entry is not available (Outcome.NotFetched).
	Incomplete
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
	case Incomplete:
		return "incomplete"
	}
	return "unknown"
}

// The checks, in the order Verify runs and reports them (package doc).
const (
	CheckSpecVersion  = "spec_version"
	CheckChain        = "chain"
	CheckSignature    = "signature"
	CheckOpenings     = "openings"
	CheckInclusion    = "inclusion"
	CheckRFC3161      = "rfc3161"
	CheckRekor        = "rekor"
	CheckSeasonWindow = "season_window"
	CheckIdentity     = "identity"
)

var checkNames = []string{CheckSpecVersion, CheckChain, CheckSignature, CheckOpenings, CheckInclusion, CheckRFC3161, CheckRekor, CheckSeasonWindow, CheckIdentity}

// CheckNames returns the names of the checks, in the order Verify runs and
// reports them. Every check but spec_version is reported once; a
// spec_version it does not know ends the report.
func CheckNames() []string { return append([]string(nil), checkNames...) }

// Results of a check.
const (
	OK      = "ok"
	Failed  = "failed"
	Waiting = "pending"
	Skipped = "skipped"
)

// Check is one line of a verification report.
type Check struct {
	Name   string // one of CheckNames
	Result string // OK, Failed, Waiting or Skipped
	Detail string // what was compared
}

// Incident is a Trust Layer incident: a field of the view that no anchor
// covers and that contradicts what is anchored or published. It changes
// no outcome.
type Incident struct {
	ProofID string
	Field   string // the view's field: hashes.request, agent_identity, arkforge_pubkey, transparency_log.log_index …
	Detail  string // what differs, with both values
}

func (i Incident) String() string { return "proof " + i.ProofID + ": " + i.Detail }

// Outcome is the result of verifying one proof.
type Outcome struct {
	ProofID string
	Status  Status
	// Failure is the first failing check, for Invalid and Unbound.
	Failure *anchor.Failure
	// GenTime is the anchors' token genTime, the time that counts (§4.1),
	// when the token verified.
	GenTime time.Time
	// KeyID is the kid of the published key that verified the signature.
	KeyID string
	// Opened values, when a disclosure was given and opened them.
	RequestHash, ResponseHash string
	// The identity block as opened from disclosed (3.1).
	AgentDID            string
	IdentityVerified    bool
	DIDResolutionStatus string
	Checks              []Check
	Incidents           []Incident
	// NotFetched is set when the Rekor entry the view names is not in
	// Entries (a *NotFetchedError): the Status is then Incomplete, or
	// Invalid when another check of condition 1 failed.
	NotFetched error
}

// Entries are the Rekor entries a Verifier may read, by uuid, as the Rekor
// API serves them (GET /api/v1/log/entries/{uuid}): a season's cache
// (anchors/rekor), or the file given to proveit verify. For an entry it
// does not hold, RekorEntry returns an error that is fs.ErrNotExist
// (errors.Is).
type Entries interface {
	RekorEntry(uuid string) ([]byte, error)
}

// NotFetchedError is a Rekor entry that Entries does not hold.
type NotFetchedError struct {
	UUID string
	Err  error
}

func (e *NotFetchedError) Error() string {
	return fmt.Sprintf("the Rekor entry %s is not available: %v", e.UUID, e.Err)
}

func (e *NotFetchedError) Unwrap() error { return e.Err }

// Options says what to check a proof against.
type Options struct {
	// Window bounds the token's genTime, both bounds included (§4.1: the
	// season's opening and closing). A zero Window skips the check.
	Window trust.Window
	// Disclosure opens request_hash and response_hash; nil skips the
	// openings (a proof verified on its own, outside a submission).
	Disclosure *submission.Disclosure
	// DID is the enrolled DID the identity must open to; "" checks the
	// identity block without comparing the DID.
	DID string
}

// report accumulates the checks of one verification, each in its slot of
// checkNames' order, whatever order they are computed in: the first
// failure in that order is the Outcome's.
type report struct {
	out      *Outcome
	view     *pv.View
	checks   [9]*Check
	failures [9]*anchor.Failure
}

func slot(name string) int {
	for i, n := range checkNames {
		if n == name {
			return i
		}
	}
	panic("verify: no check " + name)
}

func (r *report) add(name, result, format string, args ...any) {
	r.checks[slot(name)] = &Check{Name: name, Result: result, Detail: fmt.Sprintf(format, args...)}
}

func (r *report) ok(name, format string, args ...any) { r.add(name, OK, format, args...) }

func (r *report) skip(name, format string, args ...any) { r.add(name, Skipped, format, args...) }

func (r *report) pending(name, format string, args ...any) { r.add(name, Waiting, format, args...) }

// fail reports check name as failed with f. The detail is f's, prefixed
// with its code when the code is not the check's name.
func (r *report) fail(name string, f *anchor.Failure) {
	detail := f.Detail
	if f.Check != name {
		detail = f.Error()
	}
	i := slot(name)
	r.checks[i], r.failures[i] = &Check{Name: name, Result: Failed, Detail: detail}, f
}

func (r *report) failf(name, format string, args ...any) {
	r.fail(name, anchor.Failf(name, format, args...))
}

func (r *report) incident(field, format string, args ...any) {
	r.out.Incidents = append(r.out.Incidents, Incident{ProofID: r.view.ProofID, Field: field, Detail: fmt.Sprintf(format, args...)})
}

// failed reports whether a check before the identity failed: condition 1.
func (r *report) failed() bool {
	for _, f := range r.failures[:slot(CheckIdentity)] {
		if f != nil {
			return true
		}
	}
	return false
}

// finish writes the checks, in order, and the first failure.
func (r *report) finish() {
	for i, c := range r.checks {
		if c == nil {
			continue
		}
		r.out.Checks = append(r.out.Checks, *c)
		if r.out.Failure == nil {
			r.out.Failure = r.failures[i]
		}
	}
}

// Verify checks view. It never panics and never returns an error: every
// fault is an outcome, with the check that failed and what it compared.
func (v *Verifier) Verify(view *pv.View, opts Options) Outcome {
	out := Outcome{ProofID: view.ProofID}
	r := &report{out: &out, view: view}
	if !checkSpecVersion(r, view) {
		out.Status = Invalid
		r.finish()
		return out
	}
	chain, chainOK := checkChain(r, view)
	a := v.anchorsOf(view, chain, chainOK)
	checkInclusion(r, view, chain, chainOK, &a)
	v.verifyAnchorsOf(view, &a)
	v.checkSignature(r, view, chain, chainOK, a)
	checkOpenings(r, view, opts.Disclosure)
	v.checkAnchors(r, view, a, opts.Window)
	condition1 := !r.failed()
	checkIdentity(r, view, opts.DID)
	switch {
	case !condition1:
		out.Status = Invalid
	case out.NotFetched != nil:
		out.Status = Incomplete
	case r.failures[slot(CheckIdentity)] != nil:
		out.Status = Unbound
	case a.pending:
		out.Status = Pending
	default:
		out.Status = Valid
	}
	r.finish()
	return out
}

// checkSpecVersion reports whether SPEC defines the view's spec_version.
func checkSpecVersion(r *report, view *pv.View) bool {
	alg := pv.AlgorithmOf(view.SpecVersion)
	if alg == pv.UnknownAlgorithm {
		r.failf(CheckSpecVersion, "spec_version %s is not one the proof specification defines (3.1, 3.0, 2.1, 1.2, 2.0, 1.1, 1.0, or none)", quote(view.SpecVersion))
		return false
	}
	r.ok(CheckSpecVersion, "%s: chain by %s", pv.SpecName(view.SpecVersion), alg)
	return true
}

// checkChain recomputes hashes.chain by the version's algorithm. It
// returns the chain as the view serves it, and whether it is a digest.
func checkChain(r *report, view *pv.View) (pv.Digest, bool) {
	chain, err := pv.ParseDigest(view.Hashes.Chain)
	if err != nil {
		r.failf(CheckChain, "hashes.chain: %v", err)
		return chain, false
	}
	switch pv.AlgorithmOf(view.SpecVersion) {
	case pv.MerkleCommitments:
		if len(view.Commitments) == 0 {
			r.failf(CheckChain, "spec %s proof with no commitments: nothing to recompute the chain from", view.SpecVersion)
			return chain, true
		}
		var missing []string
		for _, f := range pv.RequiredCommitments(view.SpecVersion) {
			if _, ok := view.Commitment(f); !ok {
				missing = append(missing, f)
			}
		}
		if missing != nil {
			r.failf(CheckChain, "spec %s proof with no commitment for %s", view.SpecVersion, join(missing))
			return chain, true
		}
		cs, err := view.CommitmentDigests()
		if err != nil {
			r.failf(CheckChain, "%v", err)
			return chain, true
		}
		if got := pv.CommitmentsRoot(cs); got != chain {
			r.failf(CheckChain, "the Merkle root of the %d commitments is %s, hashes.chain is %s", len(cs), got.Hex(), chain.Hex())
			return chain, true
		}
		r.ok(CheckChain, "hashes.chain %s is the Merkle root of the %d commitments the view publishes", chain.Hex(), len(cs))
	default:
		in, withheld, err := view.ChainInput()
		switch {
		case err != nil:
			r.failf(CheckChain, "%v", err)
		case withheld != nil:
			r.skip(CheckChain, "not recomputable by a third party: the spec %s chain covers %s, which a public view withholds; no sign of forgery, and no binding of hashes.request and hashes.response to the anchored chain either", pv.SpecName(view.SpecVersion), join(withheld))
		default:
			got := hashes.LegacyChainHash(in)
			if pv.AlgorithmOf(view.SpecVersion) == pv.CanonicalValues {
				got = hashes.CanonicalChainHash(in)
			}
			if got != chain.Hex() {
				r.failf(CheckChain, "the %s of the values is %s, hashes.chain is %s", pv.AlgorithmOf(view.SpecVersion), got, chain.Hex())
			} else {
				r.ok(CheckChain, "hashes.chain %s is the %s (the owner's parties and certification_fee)", chain.Hex(), pv.AlgorithmOf(view.SpecVersion))
			}
		}
	}
	return chain, true
}

func join(xs []string) string { return strings.Join(xs, ", ") }

func quote(s string) string {
	q := string(pyjson.Canonical(pyjson.StringValue(s)))
	if len(q) > 80 {
		return q[:80] + "…"
	}
	return q
}
