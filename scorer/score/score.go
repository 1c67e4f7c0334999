// Package score scores a closed season's tracks deterministically, by the
// rules of §5.7 (conformité, barème conformite-bareme-v3) and §6.6
// (générique, generique-bareme-v1, the same rules), in this order: entry rules, close rules, each assertion and each cited proof
// (pending → condition 1 → condition 2 → condition 3 → instrument defect →
// condition 4), pending submissions, the minimum without instrument
// defects, overclaim, success with the founded-verdict rule, and the best
// constant answer. Before any of it, the track's pre-registration (§8.5)
// is checked, and a mismatch refuses the track.
package score

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unique"

	"github.com/ark-forge/proveit/internal/pool"
	"github.com/ark-forge/proveit/scorer/anchor"
	"github.com/ark-forge/proveit/scorer/anchor/rekor"
	"github.com/ark-forge/proveit/scorer/jsonpointer"
	pv "github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/season"
	"github.com/ark-forge/proveit/scorer/submission"
	"github.com/ark-forge/proveit/scorer/trust"
	"github.com/ark-forge/proveit/scorer/vcache"
	"github.com/ark-forge/proveit/scorer/verify"
)

// Incident is one incident reported with a task.
type Incident struct {
	Kind   string `json:"kind"`
	Detail string `json:"detail"`
}

// ProofResult is what one cited proof gives one assertion.
type ProofResult struct {
	ProofID string
	Cause   Cause
	Detail  string
	// Deviation, on a resource mismatch, names the departure from the
	// claimed resource's documented request that the proof's call made
	// (§2.4: currency, extra_headers, method, payload, URL form); the
	// submission is then rejected at entry, not scored.
	Deviation string
	Checks    []verify.Check // the proof's verification, for explain
}

// AssertionResult is one assertion, scored, as its task's report shows it:
// the submission's assertion (ID, Resource, Field, Value, ProofIDs), not
// copied, with what the scorer found.
type AssertionResult struct {
	*submission.Assertion
	Cause Cause // "" when the submission was not evaluated this far
	// Detail says why the cause, for every cause but Supported, whose
	// sentence Explanation builds from the assertion when it is read.
	Detail string
	Proofs []ProofResult
	Own    bool // on an own resource of the task (§5.2)
}

// Explanation says why the assertion has its cause, as results.json, the
// pages and proveit explain write it: Detail, or for a supported assertion
// which proofs open which resource and the field that carries the value.
func (a *AssertionResult) Explanation() string {
	if a.Cause != Supported {
		return a.Detail
	}
	if len(a.ProofIDs) == 1 {
		return "proof " + a.ProofIDs[0] + " is valid, opens request_hash and response_hash of " + a.Resource + ", and the frozen resource carries the value at " + quote(a.Field)
	}
	return fmt.Sprintf("the %d cited proofs are valid, open request_hash and response_hash of %s, and the frozen resource carries the value at %s", len(a.ProofIDs), a.Resource, quote(a.Field))
}

// TaskResult is what a track keeps of one task of one participant once
// its report is written: its status, verdict and counts, its incidents, and
// each assertion's id and cause. It is all that the track's pages other
// than the reports, results.json, results.csv, Counts and Overclaim read;
// what only the report shows is in the TaskReport scoring gives with it.
type TaskResult struct {
	TaskID          string
	Status          TaskStatus
	Reason          string // why rejected, not rendered, pending or missing
	Verdict         string
	ExpectedVerdict string
	Exact           bool
	Founded         bool
	Causes          []AssertionCause // each assertion's id and cause, in order
	Incidents       []Incident
	// Counts, for rendered tasks.
	Rendered    int // assertions that count: all but instrument defects
	Unsupported int
}

// AssertionCause is what a track keeps of one assertion: its id and the
// cause it took ("" when the submission was not evaluated this far).
type AssertionCause struct {
	// ID is the assertion's id as a unique.Handle: one copy of each id,
	// shared by every participant's assertion of that id (the same ids
	// recur from one participant to the next), never the submission's own
	// string.
	ID    unique.Handle[string]
	Cause Cause
}

// TaskReport is one task as scoring a participant gives it: the TaskResult
// the track keeps, and what only the participant's report (report.json,
// the report pages) and proveit explain show. A build writes the report
// and drops it.
type TaskReport struct {
	*TaskResult
	Assertions   []AssertionResult
	MissingFacts []string // fact ids of the key no supported assertion carries
	Missing      []Fact   // the same facts with their forms, revealed at the close (§5.5)
	Narrative    string
	Own          int // rendered assertions on own resources
	// Below is, for a task NotRendered, the minimum it missed (§5.7); the
	// zero Below otherwise.
	Below Below
	File  string
	Trail []string // entry and close checks, in order, for explain
}

// Below is the minimum of §5.7 a task missed: Have assertions counted
// against Need, the task's minimum Min, or, when Own, Have assertions on
// the entity's own resources against Need, half of Min rounded up.
type Below struct {
	Have, Need, Min int
	Own             bool
}

// Success reports whether the task counts in the success rate: rendered,
// verdict exact and founded (§5.7).
func (t *TaskResult) Success() bool { return t.Status == Scored && t.Exact && t.Founded }

// ParticipantResult is what a track keeps of one participant.
type ParticipantResult struct {
	Participant *season.Participant
	Status      string // "scored", or "pending" when a task is pending
	Unsupported int
	Rendered    int
	Successes   int
	TasksRender int // tasks rendered (scored)
	Tasks       []*TaskResult
}

// ParticipantReport is one participant as scoring gives it (Scoring.Score):
// the ParticipantResult the track keeps, and each task's report, in the
// order of its Tasks. A build renders the participant's report from it and
// drops it.
type ParticipantReport struct {
	*ParticipantResult
	TaskReports []*TaskReport
}

// TrackResult is one scored track: what every participant's report leaves
// for the track's other pages.
type TrackResult struct {
	Season       int
	Track        string
	Bareme       string
	RuleSet      string // the rule set that scored it (RuleSets)
	Tasks        int
	BestConstant BestConstant
	Participants []*ParticipantResult
	Freezes      []FreezeResult
	// Corrections are, by participant's slug, the rates decisions of the
	// register changed since the publication, which results.json and
	// results.csv carry (RateCorrectionJSON); set by the build, nil when
	// none.
	Corrections map[string][]RateCorrectionJSON
}

// BestConstant is the best constant answer (§7.2): the most frequent
// verdict of the published distribution and its successes.
type BestConstant struct {
	Verdict   string
	Successes int
}

// NotFetchedError is a cited proof with no file in the season's cache: the
// build cannot tell « does not exist » from « not fetched », so it refuses.
type NotFetchedError struct {
	ProofID, Participant, Track, Task string
}

func (e *NotFetchedError) Error() string {
	return fmt.Sprintf("proof %s, cited by %s in %s/%s, is not in the cache (proofs/%s.json): run proveit fetch", e.ProofID, e.Participant, e.Track, e.Task, e.ProofID)
}

// Scorer scores the tracks of one season.
type Scorer struct {
	season   *season.Season
	trust    *trust.Material
	verifier *verify.Verifier
	cache    *vcache.Cache // nil: every proof is verified
	noChecks bool          // WithoutChecks: no outcome keeps its Checks
	digest   [32]byte      // trust.Digest, for the cache's keys
	rekor    sync.Map      // uuid → vcache.Rekor of the season's entry
	parses   atomic.Int64  // views parsed, for the tests
	verifies atomic.Int64  // verify.Verify calls, for the tests

	mu       sync.Mutex
	outcomes map[outcomeKey]*outcomeEntry // the challenge's proofs: freezes, publication
	views    map[string]*viewEntry        // views more than one verification reads
	// The proofs cited by the participants verified so far whose
	// spec_version is above those the proof specification defines (proof
	// id → spec_version), and
	// whose batch's Rekor entry is not fetched (proof id → the
	// *verify.NotFetchedError): the checks at the end of a track
	// (beyondKnown, notFetched) read them once every outcome is gone.
	beyond       map[string]string
	notFetchedBy map[string]error
	// kept, when not nil, is given every outcome of a cited proof once it
	// is computed, before its participant's scoring uses it (for the tests).
	kept func(outcomeKey, proofOutcome)
}

// cited holds the outcomes of the proofs one participant cites, for the
// participant's scoring only: an outcome's key holds the participant's DID,
// so no other participant's scoring reads it, and it is dropped with the
// participant's results, what is published of it being in them (causes
// and details). Keeping every outcome for the Scorer's lifetime would grow
// with the season.
type cited map[outcomeKey]proofOutcome

// viewEntry is one cached view, parsed once, kept while uses remain.
type viewEntry struct {
	once sync.Once
	data []byte
	view *pv.View
	nf   *pv.NotFound
	err  error
	uses int // verifications still to read it, guarded by Scorer.mu
}

// outcomeKey is everything a proof's verification depends on besides the
// season's files: the proof, the disclosure that opens it, the DID its
// identity must open to, and the window its time must fall in (the freezes
// are verified without one, the assertions with the season's).
type outcomeKey struct {
	proofID, reqNonce, reqValue, respNonce, respValue, did string
	window                                                 trust.Window
}

type outcomeEntry struct {
	once sync.Once
	res  proofOutcome
}

type proofOutcome struct {
	notFound bool
	parseErr error
	beyond   string // a spec_version above those proveit knows (proof.BeyondKnown)
	out      verify.Outcome
}

// AnchorNotFetchedError is a cited proof whose batch's Rekor entry is not
// in the season's cache: as for a view, « not fetched » is not « does not
// exist », and the build refuses.
type AnchorNotFetchedError struct {
	Track, ProofID string
	Err            error // the *verify.NotFetchedError
}

func (e *AnchorNotFetchedError) Error() string {
	return fmt.Sprintf("%s: proof %s: %v", e.Track, e.ProofID, e.Err)
}

func (e *AnchorNotFetchedError) Unwrap() error { return e.Err }

// BeyondKnownError is a track citing proofs in a spec_version above the
// newest proveit knows (package proof): « 3.1 ou au-delà » (§4.1) admits
// them, proveit cannot verify them, and scoring them as invalid would
// publish an overclaim that is proveit's, not the participants'. The build
// stops.
type BeyondKnownError struct {
	Track  string
	Proofs map[string][]string // spec_version → proof ids, sorted
}

func (e *BeyondKnownError) Error() string {
	versions := make([]string, 0, len(e.Proofs))
	for v := range e.Proofs {
		versions = append(versions, v)
	}
	sort.Strings(versions)
	var b strings.Builder
	fmt.Fprintf(&b, "%s: proofs in a spec_version proveit does not know, above %s: the build stops rather than score them as invalid (teach scorer/proof and scorer/verify the new version first)", e.Track, pv.Spec31)
	for _, v := range versions {
		fmt.Fprintf(&b, "; spec_version %s: %s", quote(v), strings.Join(e.Proofs[v], ", "))
	}
	return b.String()
}

// Option configures a Scorer.
type Option func(*Scorer)

// WithCache makes the Scorer read and store its verifications in c (package
// vcache): a proof verified under the same inputs by an earlier build is not
// verified again. Without it every proof is verified.
func WithCache(c *vcache.Cache) Option { return func(sc *Scorer) { sc.cache = c } }

// WithoutChecks makes the Scorer keep no proof's checks, the trail of its
// verification (verify.Outcome.Checks, ProofResult.Checks), and no task's
// trail of entry and close checks (TaskReport.Trail): only proveit explain
// prints them (WriteTrail); results.json, results.csv, report.json and the
// pages never show them, and they are most of what a participant's report
// holds while it is written. Everything else, and so every byte published,
// is the same. The cache (WithCache) still stores every check.
func WithoutChecks() Option { return func(sc *Scorer) { sc.noChecks = true } }

// New returns a Scorer for a loaded season and its trust material.
func New(s *season.Season, m *trust.Material, opts ...Option) *Scorer {
	sc := &Scorer{season: s, trust: m, verifier: verify.New(m, s), outcomes: map[outcomeKey]*outcomeEntry{}, views: map[string]*viewEntry{},
		beyond: map[string]string{}, notFetchedBy: map[string]error{}}
	for _, o := range opts {
		o(sc)
	}
	if sc.cache != nil {
		sc.digest = m.Digest()
	}
	return sc
}

// expectViews registers the verifications that scoring the track of pt
// will run on each proof that more than one of them reads (a proof cited
// under two disclosures or for two DIDs): its view is then parsed once and
// kept until the last of them, and a view that one verification reads is
// never kept. It reads what prepare's survey found, and drops it.
func (sc *Scorer) expectViews(pt *prepared) {
	// Most proofs are read under one key: only those read under a second
	// one get a set, so that what this holds while it runs is about one key
	// per cited proof.
	first := map[string]verification{}
	keys := map[string]map[verification]bool{}
	for _, c := range pt.survey {
		if !c.enrolled {
			continue
		}
		for i, id := range c.ids {
			k := c.keys[i]
			f, seen := first[id]
			switch {
			case !seen:
				first[id] = k
			case keys[id] != nil:
				keys[id][k] = true
			case f != k:
				keys[id] = map[verification]bool{f: true, k: true}
			}
		}
	}
	pt.survey = nil
	sc.mu.Lock()
	defer sc.mu.Unlock()
	for id, ks := range keys {
		n := len(ks)
		e := sc.views[id]
		if e == nil {
			e = &viewEntry{}
			sc.views[id] = e
		}
		e.uses += n
	}
}

// verification is the digest of what a proof's verification reads besides
// its view and the season's window, the same for a whole Scorer: the
// disclosure's four openings and the DID (keyOf). Two citations of a proof
// are verified once when their verifications are equal.
type verification [sha256.Size]byte

func verificationOf(d submission.Disclosure, did string) verification {
	h := sha256.New()
	for _, f := range []string{d.RequestHash.Nonce, d.RequestHash.Value, d.ResponseHash.Nonce, d.ResponseHash.Value, did} {
		var n [8]byte
		binary.BigEndian.PutUint64(n[:], uint64(len(f)))
		h.Write(n[:])
		h.Write([]byte(f))
	}
	var v verification
	h.Sum(v[:0])
	return v
}

// view reads and parses the cached view of id, once for all the
// verifications expectViews registered, and releases it after the last.
// data is the view file when the caller has read it, else nil.
func (sc *Scorer) view(id string, data []byte) ([]byte, *pv.View, *pv.NotFound, error) {
	sc.mu.Lock()
	e := sc.views[id]
	if e != nil {
		if e.uses--; e.uses <= 0 {
			delete(sc.views, id)
		}
	} else {
		e = &viewEntry{}
	}
	sc.mu.Unlock()
	e.once.Do(func() {
		sc.parses.Add(1)
		if e.data = data; e.data == nil {
			e.data, e.err = sc.season.ReadProof(id)
		}
		if e.err == nil {
			e.view, e.nf, e.err = pv.ParseCached(id, e.data)
		}
	})
	return e.data, e.view, e.nf, e.err
}

// forgetViews drops every view that expectViews registered and that is
// still held at the end of a track: a submission rejected at entry, or
// settled before its assertions are verified, never uses the views it
// cites, which were held until the season was built. A view read after is
// parsed again (the next track registers its own).
func (sc *Scorer) forgetViews() {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	clear(sc.views)
}

// release gives up, without parsing it, one use of the view of id that
// expectViews registered (its verification came from the cache).
func (sc *Scorer) release(id string) {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if e := sc.views[id]; e != nil {
		if e.uses--; e.uses <= 0 {
			delete(sc.views, id)
		}
	}
}

// rekorDigest returns the vcache.Rekor of the season's Rekor entry of
// uuid, read and hashed once per Scorer; false when it cannot be read.
func (sc *Scorer) rekorDigest(uuid string) (vcache.Rekor, bool) {
	if r, ok := sc.rekor.Load(uuid); ok {
		return r.(vcache.Rekor), true
	}
	entry, err := sc.season.RekorEntry(uuid)
	if err != nil {
		return vcache.Rekor{}, false
	}
	// Kept for the Scorer's life: a copy, not the view's own substring,
	// which would keep the view's whole text.
	uuid = strings.Clone(uuid)
	r := vcache.RekorOf(uuid, entry)
	sc.rekor.Store(uuid, r)
	return r, true
}

// cached returns the outcome the cache holds for a view of bytes data
// verified with opts, when it holds a sound one whose Rekor entry is still
// the season's: no parse, no verification.
func (sc *Scorer) cached(data []byte, opts verify.Options) (verify.Outcome, bool) {
	out, r, ok := sc.cache.Get(sc.cacheKey(data, opts))
	if !ok {
		return verify.Outcome{}, false
	}
	if r.UUID != "" {
		if cur, ok := sc.rekorDigest(r.UUID); !ok || cur != r {
			sc.cache.Stale()
			return verify.Outcome{}, false
		}
	}
	return out, true
}

func (sc *Scorer) cacheKey(data []byte, opts verify.Options) vcache.Key {
	return vcache.Input{View: data, Disclosure: opts.Disclosure, DID: opts.DID, Window: opts.Window, Trust: sc.digest}.Key()
}

func keyOf(id string, d submission.Disclosure, did string, window trust.Window) outcomeKey {
	return outcomeKey{id, d.RequestHash.Nonce, d.RequestHash.Value, d.ResponseHash.Nonce, d.ResponseHash.Value, did, window}
}

// verify verifies view, and stores the outcome in the cache when there is
// one, with the Rekor entry it was verified with. An outcome verified
// without the Rekor entry its view names (the cache does not hold it) is
// not stored.
func (sc *Scorer) verify(data []byte, view *pv.View, opts verify.Options) verify.Outcome {
	sc.verifies.Add(1)
	out := sc.verifier.Verify(view, opts)
	if sc.cache == nil {
		return out
	}
	var r vcache.Rekor
	if tl := view.TransparencyLog; (view.BatchAnchor == nil || view.BatchAnchor.Status != pv.BatchPending) && tl.Present && rekor.ValidUUID(tl.UUID) {
		var ok bool
		if r, ok = sc.rekorDigest(tl.UUID); !ok {
			return out
		}
	}
	_ = sc.cache.Put(sc.cacheKey(data, opts), out, r) // counted in the cache's Stats; the outcome stands either way
	return out
}

// verifyProof verifies one of the challenge's proofs (a freeze, the
// publication) for one disclosure and DID, once for the Scorer's lifetime:
// every track reads them.
func (sc *Scorer) verifyProof(id string, d submission.Disclosure, did string, window trust.Window) proofOutcome {
	k := keyOf(id, d, did, window)
	sc.mu.Lock()
	e, ok := sc.outcomes[k]
	if !ok {
		e = &outcomeEntry{}
		sc.outcomes[k] = e
	}
	sc.mu.Unlock()
	e.once.Do(func() { e.res = sc.compute(id, d, did, window) })
	return e.res
}

// verifyCited verifies one proof a participant cites, for one disclosure
// and the participant's DID, once per participant (m), and records what the
// checks at the end of a track read (Scorer.beyond, Scorer.notFetchedBy).
func (sc *Scorer) verifyCited(m cited, id string, d submission.Disclosure, did string, window trust.Window) proofOutcome {
	k := keyOf(id, d, did, window)
	if o, ok := m[k]; ok {
		return o
	}
	o := sc.compute(id, d, did, window)
	if o.beyond != "" || o.out.NotFetched != nil {
		sc.mu.Lock()
		if o.beyond != "" {
			sc.beyond[k.proofID] = o.beyond
		}
		if _, ok := sc.notFetchedBy[k.proofID]; !ok && o.out.NotFetched != nil {
			sc.notFetchedBy[k.proofID] = o.out.NotFetched
		}
		sc.mu.Unlock()
	}
	if sc.kept != nil {
		sc.kept(k, o)
	}
	m[k] = o
	return o
}

// compute verifies one proof for one disclosure and DID, without its
// checks WithoutChecks, every string copied out of the view.
func (sc *Scorer) compute(id string, d submission.Disclosure, did string, window trust.Window) proofOutcome {
	var o proofOutcome
	sc.outcome(&o, id, d, did, window)
	if sc.noChecks {
		o.out.Checks = nil
	}
	o.detach()
	return o
}

// detach copies every string of the outcome out of the view it was read
// from: pyjson slices a string without escapes out of the whole document's
// text, so that one kept substring (a DID, a hash, a check that a
// ProofResult keeps for explain) would keep the whole view, a few
// kilobytes per proof, alive for as long as the results.
func (o *proofOutcome) detach() {
	c := strings.Clone
	o.beyond = c(o.beyond)
	out := &o.out
	out.ProofID, out.RequestHash, out.ResponseHash = c(out.ProofID), c(out.RequestHash), c(out.ResponseHash)
	out.AgentDID, out.DIDResolutionStatus = c(out.AgentDID), c(out.DIDResolutionStatus)
	if f := out.Failure; f != nil {
		out.Failure = &anchor.Failure{Check: c(f.Check), Detail: c(f.Detail)}
	}
	if out.Checks != nil {
		checks := make([]verify.Check, len(out.Checks))
		for i, ch := range out.Checks {
			checks[i] = verify.Check{Name: c(ch.Name), Result: c(ch.Result), Detail: c(ch.Detail)}
		}
		out.Checks = checks
	}
	if out.Incidents != nil {
		incs := make([]verify.Incident, len(out.Incidents))
		for i, in := range out.Incidents {
			incs[i] = verify.Incident{ProofID: c(in.ProofID), Field: c(in.Field), Detail: c(in.Detail)}
		}
		out.Incidents = incs
	}
}

// outcome verifies one proof for one disclosure and DID into res, from
// the cache when it holds a sound outcome.
func (sc *Scorer) outcome(res *proofOutcome, id string, d submission.Disclosure, did string, window trust.Window) {
	opts := verify.Options{Window: window, Disclosure: &d, DID: did}
	var data []byte
	if sc.cache != nil {
		var err error
		if data, err = sc.season.ReadProof(id); err == nil {
			if out, ok := sc.cached(data, opts); ok {
				sc.release(id)
				res.out = out
				return
			}
		}
	}
	data, view, nf, err := sc.view(id, data)
	switch {
	case err != nil:
		res.parseErr = err
	case nf != nil:
		res.notFound = true
	case pv.BeyondKnown(view.SpecVersion):
		res.beyond = view.SpecVersion
	default:
		res.out = sc.verify(data, view, opts)
	}
}

// prepared is what scoring a track needs beyond the submissions: its
// verified freezes, its key and every task's graph.
type prepared struct {
	track   *season.Track
	ruleSet RuleSet
	freezes []FreezeResult
	key     map[string]*Expected
	graphs  map[string]*Graph
	// survey is what each submission of the track cites, in the track's
	// order, until expectViews has read it.
	survey []citing
}

// citing is what one submission cites: the proof ids of its assertions, in
// document order, each with the verification it is cited under when its
// participant is enrolled (keys; none otherwise). A submission that does
// not parse cites nothing. The ids are copies: a citing keeps nothing of
// the parsed submission, which is dropped once surveyed.
type citing struct {
	ids      []string
	keys     []verification
	enrolled bool
}

// surveyTrack reads every submission of t over the cores and returns what
// each cites, in t's order; an error reading one (the first in t's order)
// is its error.
func (sc *Scorer) surveyTrack(t *season.Track) ([]citing, error) {
	out := make([]citing, len(t.Submissions))
	err := pool.Each(len(t.Submissions), maxProcs(), func(i int) error {
		sf := t.Submissions[i]
		parsed, err := sf.Read()
		if err != nil || parsed.Submission == nil {
			return err
		}
		sub := parsed.Submission
		p := sc.season.Participant(sf.Participant)
		c := citing{enrolled: p != nil}
		for _, a := range sub.Assertions {
			for _, id := range a.ProofIDs {
				c.ids = append(c.ids, strings.Clone(id))
				if p != nil {
					d, _ := sub.Disclosures.Get(id)
					c.keys = append(c.keys, verificationOf(d, p.DID))
				}
			}
		}
		out[i] = c
		return nil
	})
	return out, err
}

// prepare checks what a track must have before any submission is scored:
// the season is closed, the close rules and the key exist, the
// pre-registration verifies (§8.5), the key parses, every task's graph
// builds, and every proof a submission cites is in the cache.
func (sc *Scorer) prepare(t *season.Track) (*prepared, error) {
	if sc.season.Status != season.Closed {
		return nil, fmt.Errorf("%s: the season is open: no score before the close (§7.4)", t.Name)
	}
	if t.Rules == nil {
		return nil, fmt.Errorf("%s/track.toml has no close rules (graph_roots, [[collections]]): the track cannot be scored", t.Name)
	}
	if t.Key == nil {
		return nil, fmt.Errorf("%s: no key.json: the track cannot be scored", t.Name)
	}
	rs, err := RuleSetOf(t.Bareme)
	if err != nil {
		return nil, fmt.Errorf("%s/track.toml: bareme: %w", t.Name, err)
	}
	pt := &prepared{track: t, ruleSet: rs, graphs: map[string]*Graph{}}
	if pt.freezes, err = sc.CheckPreregistration(t); err != nil {
		return nil, err
	}
	if pt.key, err = ParseKey(t); err != nil {
		return nil, err
	}
	if rs.DemoOnly && !sc.season.Demo {
		return nil, fmt.Errorf("%s/track.toml: bareme: %s is scored by rule set %s, for demonstration seasons only, and season.toml has demo = false", t.Name, quote(t.Bareme), rs.ID)
	}
	if err := checkComposition(t, rs, pt.key); err != nil {
		return nil, err
	}
	for _, task := range t.Tasks {
		if pt.graphs[task.ID], err = BuildGraph(t, task); err != nil {
			return nil, err
		}
	}
	if pt.survey, err = sc.surveyTrack(t); err != nil {
		return nil, err
	}
	for i, c := range pt.survey {
		for _, id := range c.ids {
			if !sc.season.Cached(id) {
				sub := t.Submissions[i]
				return nil, &NotFetchedError{ProofID: id, Participant: sub.Participant, Track: t.Name, Task: sub.TaskID}
			}
		}
	}
	return pt, nil
}

// Players are the participants who take part in a track: those who
// submitted to it at least once, in slug order.
func Players(s *season.Season, t *season.Track) []*season.Participant {
	// Both lists are sorted by slug (Load): one pass over each, not one
	// pass over the submissions per participant, which is quadratic.
	var players []*season.Participant
	i := 0
	for _, p := range s.Participants {
		for i < len(t.Submissions) && t.Submissions[i].Participant < p.Slug {
			i++
		}
		if i < len(t.Submissions) && t.Submissions[i].Participant == p.Slug {
			players = append(players, p)
		}
	}
	return players
}

// Track scores one track of a closed season and returns what the track
// keeps, every participant's report dropped. It refuses a track whose
// pre-registration does not verify, whose key or rules are missing, or
// that cites a proof that is not in the cache. It is Begin, Score for
// every participant, and End.
func (sc *Scorer) Track(t *season.Track) (*TrackResult, error) {
	sg, err := sc.Begin(t)
	if err != nil {
		return nil, err
	}
	// A participant's submissions are read when it is scored, and only its
	// result is kept. Twice as many participants as cores are scored at
	// once, so that reading their files overlaps the verifications.
	err = pool.Each(sg.Len(), 2*maxProcs(), func(i int) error {
		_, err := sg.Score(i)
		return err
	})
	if err != nil {
		return nil, err
	}
	return sg.End()
}

// Scoring is one track being scored participant by participant, for a
// caller that uses each participant's report as soon as it is made (the
// build renders it then, and drops it): Begin checks the track as Track
// does, Score scores one participant, End runs the checks at the end of
// the track. Track is the three in turn.
type Scoring struct {
	sc      *Scorer
	pt      *prepared
	res     *TrackResult
	players []*season.Participant
	scored  []atomic.Bool
}

// Begin checks the track (its pre-registration, key, rules, and that every
// proof it cites is cached) and returns its scoring, with the track's
// result holding no participant's yet.
func (sc *Scorer) Begin(t *season.Track) (*Scoring, error) {
	pt, err := sc.prepare(t)
	if err != nil {
		return nil, err
	}
	sc.expectViews(pt)
	res := &TrackResult{Season: sc.season.Number, Track: t.Name, Bareme: t.Bareme, RuleSet: pt.ruleSet.ID, Tasks: len(t.Tasks), BestConstant: bestConstant(t), Freezes: pt.freezes}
	players := Players(sc.season, t)
	res.Participants = make([]*ParticipantResult, len(players))
	return &Scoring{sc: sc, pt: pt, res: res, players: players, scored: make([]atomic.Bool, len(players))}, nil
}

// Len is how many participants the track has (Players).
func (sg *Scoring) Len() int { return len(sg.players) }

// Result is the track's result; Result().Participants[i] is nil until
// participant i is scored.
func (sg *Scoring) Result() *TrackResult { return sg.res }

// Score scores participant i (in Players' order), stores what the track
// keeps of it in Result().Participants[i], and returns its report.
// Distinct participants may be scored concurrently, in any order; each
// once.
func (sg *Scoring) Score(i int) (*ParticipantReport, error) {
	if i < 0 || i >= len(sg.players) {
		return nil, fmt.Errorf("score: %s: no participant %d of %d", sg.res.Track, i, len(sg.players))
	}
	if sg.scored[i].Swap(true) {
		return nil, fmt.Errorf("score: %s: participant %s scored twice", sg.res.Track, sg.players[i].Slug)
	}
	p, err := sg.sc.participant(sg.pt, sg.players[i])
	if err != nil {
		return nil, err
	}
	sg.res.Participants[i] = p.ParticipantResult
	return p, nil
}

// End runs the checks at the end of the track (proofs beyond the versions known,
// anchors not fetched) once every participant is scored, and returns the
// track's result.
func (sg *Scoring) End() (*TrackResult, error) {
	for i, p := range sg.res.Participants {
		if p == nil {
			return nil, fmt.Errorf("score: %s: participant %s not scored", sg.res.Track, sg.players[i].Slug)
		}
	}
	sg.sc.forgetViews()
	if err := sg.sc.beyondKnown(sg.pt.track); err != nil {
		return nil, err
	}
	if err := sg.sc.notFetched(sg.pt.track); err != nil {
		return nil, err
	}
	return sg.res, nil
}

// notFetched returns an *AnchorNotFetchedError for the first proof (by id)
// of the track's submissions verified so far whose Rekor entry is not in
// the cache, or nil.
func (sc *Scorer) notFetched(t *season.Track) error {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if len(sc.notFetchedBy) == 0 {
		return nil
	}
	cited, err := citedBy(t)
	if err != nil {
		return err
	}
	var first *AnchorNotFetchedError
	for id, nf := range sc.notFetchedBy {
		if cited[id] && (first == nil || id < first.ProofID) {
			first = &AnchorNotFetchedError{Track: t.Name, ProofID: id, Err: nf}
		}
	}
	if first == nil {
		return nil
	}
	return first
}

// beyondKnown returns a *BeyondKnownError listing every proof of the
// track's submissions verified so far whose spec_version is above those
// proveit knows, or nil.
func (sc *Scorer) beyondKnown(t *season.Track) error {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if len(sc.beyond) == 0 {
		return nil
	}
	cited, err := citedBy(t)
	if err != nil {
		return err
	}
	found := map[string]map[string]bool{}
	for id, v := range sc.beyond {
		if cited[id] {
			if found[v] == nil {
				found[v] = map[string]bool{}
			}
			found[v][id] = true
		}
	}
	if len(found) == 0 {
		return nil
	}
	be := &BeyondKnownError{Track: t.Name, Proofs: map[string][]string{}}
	for v, ids := range found {
		for id := range ids {
			be.Proofs[v] = append(be.Proofs[v], id)
		}
		sort.Strings(be.Proofs[v])
	}
	return be
}

// citedBy returns every proof id the assertions of t's submissions cite,
// reading them again: only when a check at the end of a track has found
// something to report.
func citedBy(t *season.Track) (map[string]bool, error) {
	out := map[string]bool{}
	for _, sf := range t.Submissions {
		parsed, err := sf.Read()
		if err != nil {
			return nil, err
		}
		if parsed.Submission == nil {
			continue
		}
		for _, a := range parsed.Submission.Assertions {
			for _, id := range a.ProofIDs {
				out[id] = true
			}
		}
	}
	return out, nil
}

// Explain scores one task of one participant exactly as Track does, with
// its trail, for proveit explain. A participant who submitted nothing to
// the track, or a task the track does not have, is an error.
func (sc *Scorer) Explain(t *season.Track, slug, taskID string) (*TaskReport, error) {
	p := sc.season.Participant(slug)
	switch {
	case p == nil:
		return nil, fmt.Errorf("season %d has no participant %s", sc.season.Number, quote(slug))
	case t.Task(taskID) == nil:
		return nil, fmt.Errorf("track %s has no task %s", t.Name, quote(taskID))
	case !slices.Contains(Players(sc.season, t), p):
		return nil, fmt.Errorf("participant %s has no submission in track %s: nothing to explain", slug, t.Name)
	}
	pt, err := sc.prepare(t)
	if err != nil {
		return nil, err
	}
	task := t.Task(taskID)
	tr, err := sc.task(pt, task, p, t.Submission(p.Slug, task.ID), cited{})
	if err != nil {
		return nil, err
	}
	if err := sc.beyondKnown(t); err != nil {
		return nil, err
	}
	if err := sc.notFetched(t); err != nil {
		return nil, err
	}
	return tr, nil
}

func (sc *Scorer) participant(pt *prepared, p *season.Participant) (*ParticipantReport, error) {
	pr := &ParticipantReport{ParticipantResult: &ParticipantResult{Participant: p, Status: "scored"}}
	m := cited{}
	for _, task := range pt.track.Tasks {
		tr, err := sc.task(pt, task, p, pt.track.Submission(p.Slug, task.ID), m)
		if err != nil {
			return nil, err
		}
		pr.Tasks = append(pr.Tasks, tr.TaskResult)
		pr.TaskReports = append(pr.TaskReports, tr)
		info := tr.Status.Info()
		if info.Withholds {
			pr.Status = "pending"
		}
		if info.Rendered {
			pr.TasksRender++
			pr.Rendered += tr.Rendered
			pr.Unsupported += tr.Unsupported
			if tr.Success() {
				pr.Successes++
			}
		}
	}
	return pr, nil
}

// task scores one submission, in the order of its steps: 1. the entry
// rules (§4), 2. the close rules (§5.7), 3. every assertion and every
// proof it cites (§4.1), 4. pending, the minimum and the own-resource half
// (§5.7), 5. the founded verdict (§5.7). Each step returns false when the
// task's status is settled.
// The outcomes of the proofs it cites are read from and added to m.
func (sc *Scorer) task(pt *prepared, task *season.Task, p *season.Participant, sf *season.SubmissionFile, m cited) (*TaskReport, error) {
	exp := pt.key[task.ID]
	tr := &TaskReport{TaskResult: &TaskResult{TaskID: task.ID, ExpectedVerdict: exp.Verdict}}
	if sf == nil {
		tr.Status, tr.Reason = Missing, "no submission for this task"
		return tr, nil
	}
	tr.File = sf.File
	// The submission is read here, and what the report keeps of it (its
	// assertions, its verdict and narrative) is all that outlives this call.
	parsed, err := sf.Read()
	if err != nil {
		return nil, err
	}
	_ = sc.entryStep(tr, pt.track, task, p, parsed) &&
		sc.closeStep(tr, pt.graphs[task.ID], parsed.Submission) &&
		sc.assertionStep(tr, pt.track, parsed.Submission, p, m) &&
		countStep(tr, task) &&
		foundedStep(tr, parsed.Submission, exp)
	tr.Causes = make([]AssertionCause, len(tr.Assertions))
	for i, a := range tr.Assertions {
		tr.Causes[i] = AssertionCause{ID: unique.Make(a.ID), Cause: a.Cause}
	}
	return tr, nil
}

// trace appends line() to the task's trail, the entry and close checks that
// proveit explain prints; a Scorer WithoutChecks keeps no trail and never
// builds its lines.
func (sc *Scorer) trace(tr *TaskReport, line func() string) {
	if !sc.noChecks {
		tr.Trail = append(tr.Trail, line())
	}
}

// entryStep: what the season service should have refused (§4).
func (sc *Scorer) entryStep(tr *TaskReport, t *season.Track, task *season.Task, p *season.Participant, parsed season.Parsed) bool {
	if reason := sc.entry(t, task, p, parsed); reason != "" {
		tr.Status, tr.Reason = RejectedAtEntry, reason
		tr.Incidents = append(tr.Incidents, Incident{Kind: SeasonServiceIncident, Detail: "the season service accepted a submission it should have refused at entry: " + reason})
		sc.trace(tr, func() string { return "entry: rejected: " + reason })
		return false
	}
	sub := parsed.Submission
	tr.Verdict, tr.Narrative = sub.Verdict, sub.Narrative
	tr.Exact = sub.Verdict == tr.ExpectedVerdict
	sc.trace(tr, func() string {
		return fmt.Sprintf("entry: ok (schema, season %d, track %s, task %s, DID %s, verdict %s, %d assertions ≤ %d, triplets unique, disclosures exactly for the cited proofs)", sub.Season, sub.Track, sub.TaskID, sub.AgentDID, quote(sub.Verdict), len(sub.Assertions), task.MaxAssertions)
	})
	tr.Assertions = make([]AssertionResult, 0, len(sub.Assertions))
	for i := range sub.Assertions {
		tr.Assertions = append(tr.Assertions, AssertionResult{Assertion: &sub.Assertions[i]})
	}
	return true
}

// closeStep: the graph, probative fields and common-list entries (§5.7).
func (sc *Scorer) closeStep(tr *TaskReport, g *Graph, sub *submission.Submission) bool {
	for i, a := range sub.Assertions {
		reason, own := sc.close(g, a)
		if reason != "" {
			tr.Status, tr.Reason = RejectedAtClose, fmt.Sprintf("assertion %s: %s", a.ID, reason)
			sc.trace(tr, func() string { return "close: rejected: " + tr.Reason })
			return false
		}
		tr.Assertions[i].Own = own
	}
	sc.trace(tr, func() string {
		return "close: ok (every resource in the task graph, every field probative, common-list entries concern the entity)"
	})
	return true
}

// assertionStep checks every cited proof of every assertion (§4.1); an
// assertion takes the most severe cause of its proofs. A pending proof
// settles the task as pending.
func (sc *Scorer) assertionStep(tr *TaskReport, t *season.Track, sub *submission.Submission, p *season.Participant, m cited) bool {
	window := trust.Window{From: sc.season.OpensAt, Until: sc.season.ClosesAt}
	pending := false
	var deviation string
	for i, a := range sub.Assertions {
		ar := &tr.Assertions[i]
		ar.Cause = Supported
		ar.Proofs = make([]ProofResult, 0, len(a.ProofIDs))
		for _, id := range a.ProofIDs {
			d, _ := sub.Disclosures.Get(id)
			pr := sc.proofCause(t, a, sc.verifyCited(m, id, d, p.DID, window), id, tr)
			ar.Proofs = append(ar.Proofs, pr)
			if pr.Cause.MoreSevere(ar.Cause) {
				ar.Cause, ar.Detail = pr.Cause, pr.Detail
			}
			if pr.Deviation != "" && deviation == "" {
				deviation = fmt.Sprintf("assertion %s: proof %s is a call to %s with %s: §2.4 asks for the documented request, and such a submission is rejected at entry, not scored", a.ID, id, a.Claim.Resource, pr.Deviation)
			}
		}
		switch ar.Cause {
		case Pending:
			pending = true
		case InstrumentDefect:
			tr.Incidents = append(tr.Incidents, Incident{Kind: InstrumentDefectIncident, Detail: fmt.Sprintf("assertion %s: %s", a.ID, ar.Detail)})
		}
	}
	if deviation != "" {
		// What the season service should have refused (§2.4): settled
		// before pending, since no anchor can change it.
		tr.Status, tr.Reason = RejectedAtEntry, deviation
		tr.Incidents = append(tr.Incidents, Incident{Kind: SeasonServiceIncident, Detail: "the season service accepted a submission it should have refused at entry: " + deviation})
		sc.trace(tr, func() string { return "entry (request form, §2.4): rejected: " + deviation })
		return false
	}
	if pending {
		tr.Status, tr.Reason = PendingTask, "a cited proof's batch is not closed: no score until the build is replayed (« en attente »)"
		return false
	}
	return true
}

// countStep counts the assertions that count (instrument defects do not,
// §4.1) and applies the minimum and the own-resource half (§5.7).
func countStep(tr *TaskReport, task *season.Task) bool {
	for _, ar := range tr.Assertions {
		info := ar.Cause.Info()
		if !info.Counts {
			continue
		}
		tr.Rendered++
		if ar.Own {
			tr.Own++
		}
		if info.Unsupported {
			tr.Unsupported++
		}
	}
	half := (task.MinAssertions + 1) / 2
	switch {
	case tr.Rendered < task.MinAssertions:
		tr.Below = Below{Have: tr.Rendered, Need: task.MinAssertions, Min: task.MinAssertions}
		tr.Status, tr.Reason = NotRendered, fmt.Sprintf("%d assertions count (instrument defects excluded), the task requires at least %d (§5.7)", tr.Rendered, task.MinAssertions)
	case tr.Own < half:
		tr.Below = Below{Have: tr.Own, Need: half, Min: task.MinAssertions, Own: true}
		tr.Status, tr.Reason = NotRendered, fmt.Sprintf("%d assertions on own resources of the entity, the task requires at least %d, half its minimum of %d rounded up (§5.7)", tr.Own, half, task.MinAssertions)
	default:
		tr.Status = Scored
		return true
	}
	tr.Rendered, tr.Unsupported, tr.Own = 0, 0, 0
	return false
}

// foundedStep: a verdict is founded when every founding fact of the key,
// in one of its forms, is carried by a supported assertion (§5.7).
func foundedStep(tr *TaskReport, sub *submission.Submission, exp *Expected) bool {
	tr.Founded = true
	for _, f := range exp.Facts {
		carried := false
		for i, a := range sub.Assertions {
			if tr.Assertions[i].Cause != Supported {
				continue
			}
			ptr, _ := jsonpointer.Parse(a.Claim.Field)
			for _, form := range f.Forms {
				carried = carried || form.carries(a.Claim.Resource, ptr.Tokens(), a.Claim.Value)
			}
		}
		if !carried {
			tr.Founded = false
			tr.MissingFacts = append(tr.MissingFacts, f.ID)
			tr.Missing = append(tr.Missing, f)
		}
	}
	return true
}

// entry applies the entry rules of §4 and returns why the submission
// breaks one, or "".
func (sc *Scorer) entry(t *season.Track, task *season.Task, p *season.Participant, parsed season.Parsed) string {
	if parsed.Err != nil {
		return parsed.Err.Error()
	}
	s := parsed.Submission
	switch {
	case s.Season != sc.season.Number:
		return fmt.Sprintf("season is %d, the submission is filed in season %d", s.Season, sc.season.Number)
	case s.Track != t.Name:
		return fmt.Sprintf("track is %s, the submission is filed in track %s", quote(s.Track), t.Name)
	case s.TaskID != task.ID:
		return fmt.Sprintf("task_id is %s, the submission is filed as %s", quote(s.TaskID), task.ID)
	case s.AgentDID != p.DID:
		return fmt.Sprintf("agent_did is %s, the participant enrolled with %s", quote(s.AgentDID), quote(p.DID))
	case !t.ValidVerdict(s.Verdict):
		return fmt.Sprintf("verdict %s is not in the track's verdict set", quote(s.Verdict))
	case len(s.Assertions) > task.MaxAssertions:
		return fmt.Sprintf("%d assertions, above the ceiling of %d (§5.7)", len(s.Assertions), task.MaxAssertions)
	}
	if err := submission.CheckEntry(s); err != nil {
		return err.Error()
	}
	return ""
}

// close applies the close rules of §5.7 to one assertion: its resource is
// in the task graph, its field is probative for the resource's collection,
// and, on a common list, it targets an entry that concerns the entity.
func (sc *Scorer) close(g *Graph, a submission.Assertion) (reason string, own bool) {
	if !g.Contains(a.Claim.Resource) {
		return fmt.Sprintf("resource %s is not in the task graph (§5.2)", quote(a.Claim.Resource)), false
	}
	c := g.Collection(a.Claim.Resource)
	if a.Claim.Field == "" {
		return "the field is empty: an assertion on the whole document is not probative (§5.7)", false
	}
	ptr, err := jsonpointer.Parse(a.Claim.Field)
	if err != nil {
		return fmt.Sprintf("field %s is not a JSON pointer: %v", quote(a.Claim.Field), err), false
	}
	tokens := ptr.Tokens()
	probative := false
	for _, pat := range c.Probative {
		probative = probative || pat.Match(tokens)
	}
	if !probative {
		var pats []string
		for _, pat := range c.Probative {
			pats = append(pats, pat.Text)
		}
		return fmt.Sprintf("field %s is not probative for the collection %s (probative: %s)", quote(a.Claim.Field), c.Name, strings.Join(pats, ", ")), false
	}
	if !c.Own {
		entry, idx, ok := g.entryOf(c, a.Claim.Resource, tokens)
		if !ok {
			return fmt.Sprintf("field %s targets no entry of the list %s", quote(a.Claim.Field), a.Claim.Resource), false
		}
		if ok, why := g.concerns(c, entry); !ok {
			return fmt.Sprintf("entry %d of the common list %s does not concern the task: %s (§5.2)", idx, a.Claim.Resource, why), false
		}
	}
	return "", c.Own
}

// proofCause checks one cited proof, of outcome o, for one assertion, in the order of
// §4.1: pending, condition 1, condition 2, condition 3, instrument
// defect, condition 4.
func (sc *Scorer) proofCause(t *season.Track, a submission.Assertion, o proofOutcome, id string, tr *TaskReport) ProofResult {
	pr := ProofResult{ProofID: id}
	switch {
	case o.notFound:
		pr.Cause, pr.Detail = InvalidProof, fmt.Sprintf("proof %s does not exist: the Trust Layer answered 404", id)
		return pr
	case o.parseErr != nil:
		pr.Cause, pr.Detail = InvalidProof, fmt.Sprintf("proof %s: the cached view is malformed: %v", id, o.parseErr)
		return pr
	case o.beyond != "":
		// Never published: Track and Explain stop with a BeyondKnownError.
		pr.Cause, pr.Detail = InvalidProof, fmt.Sprintf("proof %s: spec_version %s is above those proveit knows", id, quote(o.beyond))
		return pr
	case o.out.NotFetched != nil:
		// Never published: Track and Explain stop with an
		// AnchorNotFetchedError.
		pr.Cause, pr.Detail = Pending, fmt.Sprintf("proof %s: %v", id, o.out.NotFetched)
		return pr
	}
	out := o.out
	pr.Checks = out.Checks
	for _, inc := range out.Incidents {
		tr.Incidents = append(tr.Incidents, Incident{Kind: TrustLayerIncident, Detail: inc.String()})
	}
	switch out.Status {
	case verify.Pending:
		pr.Cause, pr.Detail = Pending, fmt.Sprintf("proof %s: its batch is not closed yet (neither valid nor invalid)", id)
		return pr
	case verify.Invalid:
		pr.Cause, pr.Detail = InvalidProof, fmt.Sprintf("proof %s: %s", id, out.Failure)
		return pr
	case verify.Unbound:
		pr.Cause, pr.Detail = UnboundIdentity, fmt.Sprintf("proof %s: %s", id, out.Failure)
		return pr
	}
	res := t.Corpus.Resource(a.Claim.Resource)
	if res == nil {
		pr.Cause, pr.Detail = ResourceMismatch, fmt.Sprintf("resource %s is not in the corpus manifest", quote(a.Claim.Resource))
		return pr
	}
	// Condition 3: the opened request hash is the one of claim.resource.
	if out.RequestHash != res.RequestHash {
		pr.Cause = ResourceMismatch
		pr.Deviation = requestDeviation(res, out.RequestHash)
		pr.Detail = fmt.Sprintf("proof %s opens request_hash %s; the request for %s (%s %s, payload %s) hashes to %s", id, out.RequestHash, res.Path, res.Method, res.Target, pyjson.Canonical(res.Payload), res.RequestHash)
		if other := resourceByRequestHash(t.Corpus, out.RequestHash); other != "" {
			pr.Detail += "; the proof is a call to " + other
		}
		return pr
	}
	// Instrument defect: the response is the corpus's 403 or the front
	// end's 503 or 400 body (§4.1), tested after condition 3.
	for _, sys := range season.SystemPaths {
		if r := t.Corpus.Resource(sys); r != nil && out.ResponseHash == r.ResponseHash {
			pr.Cause, pr.Detail = InstrumentDefect, fmt.Sprintf("proof %s: the response to %s is the %s body (response_hash %s): the defect is the instrument's, not the participant's", id, res.Path, sys, out.ResponseHash)
			return pr
		}
	}
	// Condition 4: the response is the frozen resource, and it carries
	// claim.value at claim.field.
	if out.ResponseHash != res.ResponseHash {
		pr.Cause, pr.Detail = ValueMismatch, fmt.Sprintf("proof %s opens response_hash %s; the frozen %s hashes to %s", id, out.ResponseHash, res.Path, res.ResponseHash)
		return pr
	}
	ptr, _ := jsonpointer.Parse(a.Claim.Field)
	got, err := ptr.Eval(res.Body)
	if err != nil {
		pr.Cause, pr.Detail = ValueMismatch, fmt.Sprintf("the frozen %s has no value at %s (%v); the claim says %s", res.Path, quote(a.Claim.Field), err, pyjson.Canonical(a.Claim.Value))
		return pr
	}
	if !pyjson.Equal(got, a.Claim.Value) {
		pr.Cause, pr.Detail = ValueMismatch, fmt.Sprintf("the frozen %s carries %s at %s; the claim says %s", res.Path, pyjson.Canonical(got), quote(a.Claim.Field), pyjson.Canonical(a.Claim.Value))
		return pr
	}
	pr.Cause = Supported
	return pr
}

func resourceByRequestHash(c *season.Corpus, h string) string {
	for _, r := range c.Resources {
		if r.RequestHash == h {
			return r.Path
		}
	}
	return ""
}

// bestConstant is the most frequent verdict of the published distribution
// (ties: the first in the track's verdict order, then by name) and the
// successes that answering it everywhere gives.
func bestConstant(t *season.Track) BestConstant {
	verdicts := make([]string, 0, len(t.Distribution))
	for v := range t.Distribution {
		verdicts = append(verdicts, v)
	}
	rank := func(v string) int {
		for i, x := range t.Verdicts {
			if x == v {
				return i
			}
		}
		return math.MaxInt
	}
	sort.Slice(verdicts, func(i, j int) bool {
		a, b := verdicts[i], verdicts[j]
		if t.Distribution[a] != t.Distribution[b] {
			return t.Distribution[a] > t.Distribution[b]
		}
		if rank(a) != rank(b) {
			return rank(a) < rank(b)
		}
		return a < b
	})
	if len(verdicts) == 0 {
		return BestConstant{}
	}
	return BestConstant{Verdict: verdicts[0], Successes: t.Distribution[verdicts[0]]}
}

func maxProcs() int { return runtime.GOMAXPROCS(0) }

func quote(s string) string { return string(pyjson.Canonical(pyjson.StringValue(s))) }

func esc(k string) string { return strings.NewReplacer("~", "~0", "/", "~1").Replace(k) }
