package verify

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ark-forge/proveit/scorer/anchor"
	"github.com/ark-forge/proveit/scorer/anchor/rekor"
	"github.com/ark-forge/proveit/scorer/anchor/rfc3161"
	pv "github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/submission"
	"github.com/ark-forge/proveit/scorer/trust"
)

// Version names the rules of this package and of the view model it reads
// (package proof): an Outcome cached under one Version (package vcache) is
// never reused under another. Bump it with any change that can change an
// Outcome for the same inputs: a check, its order, a failure code, a detail
// text.
const Version = "verify-2026-12-01.1"

// Status is the outcome of verifying one proof.
type Status int

// Outcomes. Condition 1 is decided before condition 2, and a proof is
// Pending only when every check its open batch allows passes.
const (
	// Pending: the batch is not closed, and every check that needs no
	// anchor passes; the proof is neither valid nor invalid (§4.1,
	// « preuve en attente d'ancrage »).
	Pending Status = iota
	// Invalid: condition 1 fails (spec version, chain, signature,
	// openings, inclusion, anchors, time), open batch or not.
	Invalid
	// Unbound: condition 1 holds as far as it can be checked but condition
	// 2 does not: the identity is not anchored (spec before 3.1) or not
	// opened as bound to the DID. A proof of an open batch whose identity
	// fails is Unbound too: no anchor can make it valid.
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
	Name   string // stable: one of CheckNames, "batch" (open) or "openings" (skipped)
	Result string // "ok", "failed", "skipped" or "pending"
	Detail string // what was compared
}

// Incident is a Trust Layer incident: a field of the view, which no anchor
// covers, that contradicts what is anchored or pinned. A flat field that
// differs from the value its opened commitment holds (§4.1); an
// arkforge_pubkey that is not the pinned key; a transparency_log that
// names the entry with another log index or time than the entry's own. It
// changes no outcome: nothing that is not committed changes a status.
type Incident struct {
	ProofID string
	Field   string // the view's field: hashes.request, agent_identity, arkforge_pubkey, transparency_log.log_index …
	Detail  string // what differs, with both values
}

func (i Incident) String() string { return "proof " + i.ProofID + ": " + i.Detail }

// flatIncident records a flat field that differs from its opened value.
func (r *report) flatIncident(view *pv.View, field string, flat, opened pyjson.Value) {
	r.incident(view, field, "flat field %s is %s, its opened commitment holds %s", field, pyjson.Canonical(flat), pyjson.Canonical(opened))
}

func (r *report) incident(view *pv.View, field, format string, args ...any) {
	r.out.Incidents = append(r.out.Incidents, Incident{ProofID: view.ProofID, Field: field, Detail: fmt.Sprintf(format, args...)})
}

// Outcome is the result of verifying one proof.
type Outcome struct {
	ProofID string
	Status  Status
	// Failure is the first failing check, for Invalid and Unbound; nil
	// for Valid and Pending.
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
	// NotFetched is set when an input the verification needs is not in
	// the cache: the batch's Rekor entry (a *NotFetchedError). Status and
	// Failure then say nothing about the proof, and every caller stops:
	// « not fetched » is not « does not exist ».
	NotFetched error
}

// Entries are the cached Rekor entries of a season, by uuid: the answers
// of the Rekor API that proveit fetch keeps (package season). For an entry
// the cache does not hold, RekorEntry returns an error that is
// fs.ErrNotExist (errors.Is).
type Entries interface {
	RekorEntry(uuid string) ([]byte, error)
}

// NotFetchedError is a batch whose Rekor entry the cache does not hold.
type NotFetchedError struct {
	UUID string
	Err  error // the cache's error
}

func (e *NotFetchedError) Error() string {
	return fmt.Sprintf("the batch's Rekor entry %s is not in the cache: %v", e.UUID, e.Err)
}

func (e *NotFetchedError) Unwrap() error { return e.Err }

// Options says what to check a proof against.
type Options struct {
	// Window bounds the token's genTime, both bounds included (§4.1: the
	// season's opening and closing). A zero Window skips the check (the
	// caller checks the time itself, as for freezes). Without an anchored
	// time it also bounds the proof keys a signature may verify with (see
	// the package doc).
	Window trust.Window
	// Disclosure opens request_hash and response_hash; nil skips the
	// openings (a proof verified on its own, outside a submission).
	Disclosure *submission.Disclosure
	// DID is the enrolled DID the identity must be bound to; "" checks the
	// triplet without comparing the DID.
	DID string
}

// Verifier verifies proofs against one season's trust material and its
// cached Rekor entries.
type Verifier struct {
	trust   *trust.Material
	entries Entries

	mu      sync.Mutex
	batches map[batchKey]*batchResult
	runs    atomic.Int64 // anchor verifications run: one per batchKey
}

// New returns a Verifier for m, reading the Rekor entries the views name
// from entries. The Verifier keeps the results of the anchors it verifies
// against m and entries: neither may change afterwards.
func New(m *trust.Material, entries Entries) *Verifier {
	return &Verifier{trust: m, entries: entries, batches: map[batchKey]*batchResult{}}
}

// batchKey is everything the anchors of a batch are verified from, beside
// the Verifier's trust material and entries: the root (raw, which the
// token's imprint covers, and hex, which the Rekor entry's artefact is),
// the token's bytes and the uuid of the Rekor entry. Two views that differ
// in any of them are verified on their own; the batch id is not verified
// by the anchors and is not part of the key.
type batchKey struct {
	root, rootHex string
	token, uuid   string
	hasToken      bool
}

func keyOf(view *pv.View) batchKey {
	b := &view.Batch
	return batchKey{root: string(b.Root), rootHex: b.RootHex, token: string(view.TimestampAuthority.Token), hasToken: view.TimestampAuthority.Token != nil, uuid: view.TransparencyLog.UUID}
}

type batchResult struct {
	once       sync.Once
	genTime    time.Time
	tsa        rfc3161.Result
	log        rekor.Result
	tsaErr     *anchor.Failure
	logErr     *anchor.Failure
	rekorID    string // the pinned Rekor submission key that verified
	notFetched error  // the Rekor entry is not in the cache
}

// BatchesVerified returns how many distinct batch anchors were verified.
func (v *Verifier) BatchesVerified() int {
	v.mu.Lock()
	defer v.mu.Unlock()
	return len(v.batches)
}

// AnchorRuns returns how many times the anchors of a batch (token, Rekor
// entry) were actually verified: BatchesVerified when each batch's were
// verified once, however many proofs share them.
func (v *Verifier) AnchorRuns() int { return int(v.runs.Load()) }

// anchors verifies the batch's RFC 3161 token and Rekor entry once.
func (v *Verifier) anchors(view *pv.View) *batchResult {
	k := keyOf(view)
	v.mu.Lock()
	r, ok := v.batches[k]
	if !ok {
		// The key outlives the view it is read from: its strings are
		// copies, or a kept substring would hold the view's whole text
		// (at 10,000 participants per track, 90 MB of views held by the
		// batches until the season was built).
		k.rootHex, k.uuid = strings.Clone(k.rootHex), strings.Clone(k.uuid)
		r = &batchResult{}
		v.batches[k] = r
	}
	v.mu.Unlock()
	r.once.Do(func() {
		v.runs.Add(1)
		b := &view.Batch
		if ta := view.TimestampAuthority; ta.Token == nil {
			r.tsaErr = anchor.Failf("rfc3161.absent", "the batch is closed and the view carries no token: %s", describeTSA(ta))
		} else if res, err := rfc3161.Verify(ta.Token, b.Root, v.trust.Root.TimestampingAuthorities()); err != nil {
			r.tsaErr = asFailure(err, "rfc3161")
		} else {
			r.tsa, r.genTime = res, res.GenTime
		}
		// What the result keeps of the view is copied too: the Rekor
		// result's uuid and a not-fetched error's were the view's own
		// substrings, each batch's result holding one view's whole text
		// (97 MB at 10,000 participants per track, after the keys were
		// copied).
		tl := view.TransparencyLog
		tl.UUID = strings.Clone(tl.UUID)
		entry, f, err := v.entry(tl)
		switch {
		case err != nil:
			r.notFetched, r.logErr = err, anchor.Failf("rekor.not_fetched", "%v", err)
			return
		case f != nil:
			r.logErr = f
			return
		}
		r.logErr = anchor.Failf("rekor.key", "no Rekor submission key is pinned for the batch's time")
		keys := v.trust.RekorKeys
		if r.tsaErr == nil {
			keys = v.trust.RekorKeysAt(r.genTime)
		}
		for _, key := range keys {
			res, err := rekor.VerifyAPIEntry(entry, tl.UUID, []byte(b.RootHex), key.Key, v.trust.Root.RekorLogs(), v.trust.RekorOrigin)
			if err == nil {
				r.log, r.logErr, r.rekorID = res, nil, key.ID
				break
			}
			r.logErr = asFailure(err, "rekor")
		}
	})
	return r
}

// entry reads the cached Rekor entry the view's transparency_log names: a
// failure when it names none, an error when the cache does not hold it.
// The status the view gives decides nothing: an entry it names is read
// and verified whatever the status says.
func (v *Verifier) entry(tl pv.TransparencyLog) ([]byte, *anchor.Failure, error) {
	switch {
	case !tl.Present:
		return nil, anchor.Failf("rekor.reference", "the batch is closed and the view names no Rekor entry (transparency_log is null)"), nil
	case tl.UUID == "":
		return nil, anchor.Failf("rekor.reference", "the batch is closed and transparency_log names no entry (status %s%s)", quote(tl.Status), failureNote(tl)), nil
	case !rekor.ValidUUID(tl.UUID):
		return nil, anchor.Failf("rekor.reference", "transparency_log.uuid %s is not a Rekor entry uuid (%s)", quote(tl.UUID), rekor.UUIDPattern), nil
	case v.entries == nil:
		return nil, nil, &NotFetchedError{UUID: tl.UUID, Err: fmt.Errorf("no cache of Rekor entries was given: %w", fs.ErrNotExist)}
	}
	data, err := v.entries.RekorEntry(tl.UUID)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil, &NotFetchedError{UUID: tl.UUID, Err: err}
	case err != nil:
		return nil, anchor.Failf("rekor.api.json", "the cached entry %s cannot be read: %v", tl.UUID, err), nil
	}
	return data, nil, nil
}

// describeTSA says what a view's timestamp_authority serves instead of a
// token.
func describeTSA(ta pv.TimestampAuthority) string {
	if !ta.Present {
		return "timestamp_authority is null"
	}
	return "timestamp_authority has status " + quote(ta.Status) + " and no tsr_base64"
}

// failureNote quotes the error or reason of v1.7's failure shapes.
func failureNote(tl pv.TransparencyLog) string {
	switch {
	case tl.Error != "":
		return ", error " + quote(tl.Error)
	case tl.Reason != "":
		return ", reason " + quote(tl.Reason)
	}
	return ""
}

func asFailure(err error, prefix string) *anchor.Failure {
	if f, ok := err.(*anchor.Failure); ok {
		return f
	}
	return anchor.Failf(prefix, "%v", err)
}

// report accumulates checks; the first failure decides the outcome.
type report struct {
	out        *Outcome
	signedWith trust.ProofKey // the pinned key that verified the signature, if one did
}

func (r *report) ok(name, format string, args ...any) {
	r.out.Checks = append(r.out.Checks, Check{Name: name, Result: "ok", Detail: fmt.Sprintf(format, args...)})
}

func (r *report) skip(name, format string, args ...any) {
	r.out.Checks = append(r.out.Checks, Check{Name: name, Result: "skipped", Detail: fmt.Sprintf(format, args...)})
}

func (r *report) pending(name, format string, args ...any) {
	r.out.Checks = append(r.out.Checks, Check{Name: name, Result: "pending", Detail: fmt.Sprintf(format, args...)})
}

func (r *report) fail(f *anchor.Failure, name string) {
	r.out.Checks = append(r.out.Checks, Check{Name: name, Result: "failed", Detail: f.Error()})
	if r.out.Failure == nil {
		r.out.Failure = f
	}
}

// checkNames is the order in which Verify runs its checks on a proof of a
// closed batch; the first that fails is the Outcome's Failure. Those that
// need no anchor come first, so that a proof of an open batch is judged on
// all of them: for an open batch, one "batch" line, pending, stands where
// the four that need the anchors would be. Without a disclosure, one
// "openings" line, skipped, stands for the two openings.
var checkNames = []string{
	// Condition 1, without the anchors.
	"spec_version", "chain", "signature", "opening.request_hash", "opening.response_hash",
	// Condition 1, the batch and its anchors.
	"inclusion", "rfc3161", "rekor", "season_window",
	// Condition 2.
	"identity",
}

// CheckNames returns the names of the checks Verify runs, in the order it
// runs them (Outcome.Checks follows it; the first failure wins).
func CheckNames() []string { return append([]string(nil), checkNames...) }

// Verify checks view. It never panics and never returns an error: every
// fault is an outcome, with the check that failed and what it compared.
func (v *Verifier) Verify(view *pv.View, opts Options) Outcome {
	out := Outcome{ProofID: view.ProofID}
	r := &report{out: &out}
	if !checkSpecVersion(r, view) {
		out.Status = Invalid
		return out
	}
	checkChain(r, view)

	open := view.Batch.Status == pv.BatchOpen
	var ba *batchResult
	if !open {
		// Verified once per batch; the signature needs its genTime.
		ba = v.anchors(view)
		out.NotFetched = ba.notFetched
	}
	v.checkSignature(r, view, ba, opts.Window)
	checkOpenings(r, view, opts.Disclosure)

	if open {
		r.pending("batch", "batch %s is open: no anchor yet, so inclusion, rfc3161, rekor and season_window wait for its close", view.Batch.ID)
	} else {
		checkInclusion(r, view)
		checkAnchors(r, view, ba, opts.Window)
	}
	condition1 := out.Failure == nil
	checkIdentity(r, view, opts.DID)

	switch {
	case !condition1:
		out.Status = Invalid
	case out.Failure != nil:
		out.Status = Unbound
	case open:
		out.Status = Pending
	default:
		out.Status = Valid
	}
	return out
}

// checkSpecVersion reports whether the model knows the view's spec_version
// (package proof); a version it does not know ends the verification.
func checkSpecVersion(r *report, view *pv.View) bool {
	if pv.AlgorithmOf(view.SpecVersion) == pv.Unknown {
		r.fail(anchor.Failf("spec_version", "spec_version %s is not one this verifier knows (3.1, 3.0, 2.1, 2.0, 1.2, 1.1)", quote(view.SpecVersion)), "spec_version")
		return false
	}
	r.ok("spec_version", "%s", view.SpecVersion)
	return true
}

// checkChain recomputes hashes.chain from what the view commits to.
func checkChain(r *report, view *pv.View) {
	chain, missing, ok := view.RecomputeChain()
	switch {
	case !ok:
		r.fail(anchor.Failf("chain", "field %s, which the %s chain covers, is missing", missing, view.SpecVersion), "chain")
	case chain != view.Chain:
		r.fail(anchor.Failf("chain", "recomputed %s, the view says %s", chain, view.Chain), "chain")
	default:
		r.ok("chain", "recomputed %s", chain)
	}
}

func quote(s string) string { return string(pyjson.Canonical(pyjson.StringValue(s))) }
