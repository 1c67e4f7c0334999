package demo

import (
	"fmt"
	"strings"
	"time"

	"github.com/ark-forge/proveit/scorer/proof/prooftest"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/submission"
)

// mode says how one call through the proxy went, or what the participant
// cites in its place.
type mode int

const (
	modeOK         mode = iota // an honest 3.1 proof of the resource
	modeSpec30                 // a spec 3.0 proof: identity not anchored (§4.1 condition 2)
	modeUnverified             // the key is not DID-bound: agent_identity_verified false
	mode403                    // the corpus answered its 403 body (the proxy did not pass the secret)
	mode503                    // the front end answered 503
	mode400                    // the front end answered 400
	modeForged                 // the cited view's signature is broken
	modeNotFound               // a proof id the Trust Layer answers 404 for
)

func (m mode) system() string {
	switch m {
	case mode403:
		return "/_systeme/403"
	case mode503:
		return "/_systeme/503"
	case mode400:
		return "/_systeme/400"
	}
	return ""
}

// batching says when a session's proofs are anchored.
type batching int

const (
	batchNormal  batching = iota // a batch closed within ten minutes, inside the season
	batchLate                    // a batch anchored after the season's close
	batchPending                 // left in the open batch
)

// call is one call through the proxy (one proof), or a cited id that has
// no proof.
type call struct {
	resource string
	mode     mode
	at       time.Time
	session  *session
	cited    bool

	proof      *prooftest.Proof
	id         string
	disclosure submission.Disclosure
}

// assertion is one planned assertion.
type assertion struct {
	claim claim
	cites []*call
}

// Entry faults: what makes a submission rejected at entry (§4, the first
// step of scoring).
const (
	faultUnknownKey        = "unknown_key"
	faultAgentDID          = "agent_did"
	faultCeiling           = "ceiling"
	faultDuplicateTriplet  = "duplicate_triplet"
	faultUncitedDisclosure = "uncited_disclosure"
	faultMissingDisclosure = "missing_disclosure"
	faultVerdict           = "verdict_not_in_set"
	faultSeason            = "season"
	faultTaskID            = "task_id"
)

// session is one participant working one task: its calls, then its
// submission.
type session struct {
	p        *participant
	tr       *track
	task     *task
	at       time.Time
	batching batching
	defMode  mode // the mode of every call of the session unless told otherwise

	calls      []*call
	byResource map[string]*call
	assertions []*assertion
	verdict    string
	narrative  string
	entryFault string
	expect     string // the status the script means; checked against the computed one
	submit     bool
}

func (s *session) callAt(i int) time.Time { return s.at.Add(time.Duration(i) * 9 * time.Second) }

// newCall makes a new call of res.
func (s *session) newCall(res string, m mode) *call {
	if s.tr.corpus.byPath[res] == nil && m != modeNotFound {
		panic(fmt.Sprintf("demo: %s %s calls %s, which the corpus does not hold", s.p.slug, s.task.id, res))
	}
	c := &call{resource: res, mode: m, at: s.callAt(len(s.calls)), session: s}
	s.calls = append(s.calls, c)
	return c
}

// call returns the session's call of res, making it with the session's
// default mode the first time.
func (s *session) call(res string) *call {
	if c := s.byResource[res]; c != nil {
		return c
	}
	c := s.newCall(res, s.defMode)
	s.byResource[res] = c
	return c
}

// callMode makes the session's call of res with mode m.
func (s *session) callMode(res string, m mode) *call {
	if s.byResource[res] != nil {
		panic("demo: " + res + " already called")
	}
	c := s.newCall(res, m)
	s.byResource[res] = c
	return c
}

// consult calls res without citing it (a lookup the agent made).
func (s *session) consult(res string) { s.call(res) }

// assert adds an assertion citing cites, by default the call of its resource.
func (s *session) assert(c claim, cites ...*call) {
	if len(cites) == 0 {
		cites = []*call{s.call(c.resource)}
	}
	for _, x := range cites {
		x.cited = true
	}
	s.assertions = append(s.assertions, &assertion{claim: c, cites: cites})
}

// t is the true claim at (res, field).
func (s *session) t(res, field string) claim {
	v, ok := s.tr.corpus.valueAt(res, field)
	if !ok {
		panic(fmt.Sprintf("demo: %s %s: %s has no value at %s", s.p.slug, s.task.id, res, field))
	}
	return claim{res, field, v}
}

// f is a claim of a value the corpus does not carry at (res, field).
func (s *session) f(res, field string, v any) claim {
	c := claim{res, field, toValue(v)}
	if got, ok := s.tr.corpus.valueAt(res, field); ok && pyjson.Equal(got, c.value) {
		panic(fmt.Sprintf("demo: %s %s: %s %s is true", s.p.slug, s.task.id, res, field))
	}
	return c
}

// T asserts the true claim at (res, field).
func (s *session) T(res, field string) { s.assert(s.t(res, field)) }

// F asserts a claim the corpus does not carry.
func (s *session) F(res, field string, v any) { s.assert(s.f(res, field, v)) }

func (s *session) has(c claim) bool {
	for _, a := range s.assertions {
		if a.claim.key() == c.key() {
			return true
		}
	}
	return false
}

// facts asserts the first form of each founding fact, except those named.
func (s *session) facts(skip ...string) {
	for _, f := range s.task.facts {
		if !contains(skip, f.id) && !s.has(f.forms[0]) {
			s.assert(f.forms[0])
		}
	}
}

// live counts the assertions that cite no defective call.
func (s *session) live() int {
	n := 0
	for _, a := range s.assertions {
		ok := true
		for _, c := range a.cites {
			if c.mode.system() != "" {
				ok = false
			}
		}
		if ok {
			n++
		}
	}
	return n
}

// fill adds true admissible claims until n assertions count toward the
// minimum, preferring own resources already called.
func (s *session) fill(n int) {
	usable := func(pc poolClaim) bool {
		c := s.byResource[pc.resource]
		return !s.has(pc.claim) && (c == nil || c.mode.system() == "")
	}
	for _, pass := range []func(poolClaim) bool{
		func(pc poolClaim) bool { return pc.own && s.byResource[pc.resource] != nil },
		func(pc poolClaim) bool { return pc.own },
		func(pc poolClaim) bool { return s.byResource[pc.resource] != nil },
		func(pc poolClaim) bool { return true },
	} {
		for _, pc := range s.task.pool {
			if s.live() >= n {
				return
			}
			if pass(pc) && usable(pc) {
				s.assert(pc.claim)
			}
		}
	}
	if s.live() < n {
		panic(fmt.Sprintf("demo: %s %s: the pool holds fewer than %d claims", s.p.slug, s.task.id, n))
	}
}

// honest asserts the founding facts and fills to the minimum.
func (s *session) honest() {
	s.facts()
	s.fill(s.task.min)
	s.verdict = s.task.verdict
}

// distort returns a plausible value that differs from v: a date a year
// later, a path to another resource, a negated boolean, a doubled
// quantity, a filled-in null.
func distort(v pyjson.Value) any {
	switch v.Kind() {
	case pyjson.Bool:
		return !v.Bool()
	case pyjson.Null:
		return true
	}
	s := v.Str()
	if len(s) == 10 && s[4] == '-' && s[7] == '-' {
		var y int
		fmt.Sscanf(s[:4], "%d", &y)
		return fmt.Sprintf("%04d%s", y+1, s[4:])
	}
	if i := strings.LastIndexAny(s, "0123456789"); i >= 0 {
		d := s[i] - '0'
		return s[:i] + string(rune('0'+(d+1)%10)) + s[i+1:]
	}
	return s + " (vérifié)"
}

// participant is one enrolled agent.
type participant struct {
	slug, agent, stack string
	role               string // what the participant exercises, for the report
	did                string
	apiKey             string
	enrolled           time.Time
	synthetic          bool
	sessions           []*session
}

// session opens a session of the participant on a task at a time.
func (p *participant) session(tr *track, taskID string, at time.Time) *session {
	s := &session{p: p, tr: tr, task: tr.task(taskID), at: at, byResource: map[string]*call{}, submit: true, expect: statusScored}
	p.sessions = append(p.sessions, s)
	return s
}
