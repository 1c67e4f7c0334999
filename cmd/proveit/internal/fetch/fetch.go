// Package fetch fills a season's proof cache (DESIGN §3: proofs/<proof_id>.json)
// from the Trust Layer, within its read limits (§10 of the specification:
// an IP address is blocked beyond 100 public-view reads per hour; GET
// /v1/proof/{id} counts one; POST /v1/proofs answers up to 50 views and
// counts one). It is the only part of the project that talks HTTP; the build
// reads the cache and nothing else.
//
// A Client plans (Plan: what the cache holds, what must be read, how many
// calls, when the limit lets them be made) and runs (Run). It reads:
//
//   - by groups of at most GroupSize ids, POST /v1/proofs with
//     {"proof_ids": [...]}, answered {"proofs": {id: view}, "not_found": [ids]};
//   - alone, GET /v1/proof/{id}: for a group of one id, and for an id a
//     grouped answer neither serves nor lists as not found (the grouped read
//     serves PROVE IT proofs only).
//
// What is read again: a view whose batch is closed is anchored and never
// changes, so it is never read again; a pending view (batch open) is read
// again until its batch closes; a proof the Trust Layer answered 404 for is
// recorded explicitly with the 404 record {"not_found": true, "proof_id": ID},
// so that the build tells « does not exist » from « not fetched », and not
// read again. Options.Recheck reads closed views and 404 records too, to
// audit the Trust Layer.
//
// What is written: every view is written atomically (a temporary file in the
// proofs directory, synced, renamed) and only once it parses with
// proof.ParseCached for its id; a view that does not parse, or that is the
// view of another proof, is refused and reported with the proof id. A closed
// view that comes back different from the cached one, a pending view whose
// signed content changed, a cached view answered 404: each is refused, the
// cached file is kept, and it is reported as a Trust Layer incident. Every
// response body is bounded (MaxGroupBody, MaxSingleBody) and a truncated or
// oversized body is refused whole.
//
// The limit: the times of the calls of the last ReadPeriod are kept by a
// Store (FileStore: a JSON file written atomically), a sliding window shared
// by every run and every season fetched from the machine, and recorded
// before each call is made, so that an interrupted run never forgets a call
// it spent. A call is made only when fewer than ReadLimit calls fall in the
// window. A 429 sets a time before which no call is made (its Retry-After,
// seconds or an HTTP date, or a whole period without one), kept in the store
// too; a transient failure (5xx, a transport error, a truncated body) is
// retried with exponential backoff and jitter, each attempt spending budget
// like any call; a 401 or 403 stops the run (the address may be blocked).
// When the next allowed call is further than MaxWait, the run stops and says
// when it can resume; what was written stays, and the next
// run reads only what is still missing or pending.
package fetch

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/ark-forge/proveit/scorer/proof"
)

// DefaultBase is the Trust Layer's base URL.
const DefaultBase = "https://trustlayer.arkforge.tech"

// The read endpoints, relative to the base URL.
const (
	PathProof  = "/v1/proof/" // GET PathProof + id: one public view, counts one read
	PathProofs = "/v1/proofs" // POST: up to GroupSize views, counts one read
)

// GroupSize is the most ids one POST /v1/proofs reads.
const GroupSize = 50

// Bounds on a response body: a view is at most proof.MaxViewBytes; a grouped
// answer at most GroupSize views and its envelope.
const (
	MaxSingleBody = proof.MaxViewBytes
	MaxGroupBody  = GroupSize*proof.MaxViewBytes + 1<<20
)

// Defaults of the Client's retry policy.
const (
	DefaultMaxAttempts = 4
	DefaultBackoff     = 2 * time.Second
	DefaultMaxBackoff  = time.Minute
)

// UserAgent is sent with every request.
const UserAgent = "proveit-fetch/1 (+https://github.com/ark-forge/proveit)"

// Client reads proof views from one Trust Layer. Base and Store are
// required; a zero field takes its default.
type Client struct {
	Base  string       // the Trust Layer's base URL, e.g. DefaultBase
	HTTP  *http.Client // default: a client with a two-minute timeout
	Store Store        // the read budget, kept between runs

	Now   func() time.Time                           // default time.Now
	Sleep func(context.Context, time.Duration) error // default: a timer that ctx interrupts
	Rand  func() float64                             // in [0, 1), for the backoff's jitter; default math/rand/v2

	Limit  int           // reads per Period; default ReadLimit
	Period time.Duration // default ReadPeriod

	MaxAttempts int           // attempts of one call before giving up; default DefaultMaxAttempts
	Backoff     time.Duration // the first retry's backoff, doubled at each attempt; default DefaultBackoff
	MaxBackoff  time.Duration // default DefaultMaxBackoff

	// MaxWait is the longest the run waits, at once, for the limit (the
	// sliding window, or a Retry-After): a longer wait stops the run with a
	// *LimitError saying when to resume. Zero never waits for the limit.
	MaxWait time.Duration

	// Progress, when set, gets one line per call (what was asked, what came
	// back, the reads left) and one per proof refused or incident.
	Progress io.Writer
}

// NormalizeBase checks a base URL (http or https, a host, no query, no
// fragment, no user) and returns it without a trailing slash.
func NormalizeBase(base string) (string, error) {
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" {
		return "", fmt.Errorf("base URL %q: want http(s)://HOST[:PORT][/PATH], no query, no fragment", base)
	}
	return strings.TrimRight(u.Scheme+"://"+u.Host+u.EscapedPath(), "/"), nil
}

func (c *Client) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

func (c *Client) sleep(ctx context.Context, d time.Duration) error {
	if c.Sleep != nil {
		return c.Sleep(ctx, d)
	}
	return SleepContext(ctx, d)
}

// SleepContext waits d, or until ctx is done (its error).
func SleepContext(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (c *Client) limit() int {
	if c.Limit > 0 {
		return c.Limit
	}
	return ReadLimit
}

func (c *Client) period() time.Duration {
	if c.Period > 0 {
		return c.Period
	}
	return ReadPeriod
}

func (c *Client) attempts() int {
	if c.MaxAttempts > 0 {
		return c.MaxAttempts
	}
	return DefaultMaxAttempts
}

func (c *Client) httpClient() *http.Client {
	if c.HTTP != nil {
		return c.HTTP
	}
	return &http.Client{Timeout: 2 * time.Minute}
}

// backoff is the wait before attempt+1: Backoff·2^(attempt-1), capped at
// MaxBackoff, of which the second half is random (jitter).
func (c *Client) backoff(attempt int) time.Duration {
	base, ceil := c.Backoff, c.MaxBackoff
	if base <= 0 {
		base = DefaultBackoff
	}
	if ceil <= 0 {
		ceil = DefaultMaxBackoff
	}
	d := base
	for i := 1; i < attempt && d < ceil; i++ {
		d *= 2
	}
	d = min(d, ceil)
	r := rand.Float64
	if c.Rand != nil {
		r = c.Rand
	}
	return d/2 + time.Duration(r()*float64(d/2))
}

func (c *Client) check() (string, error) {
	if c.Store == nil {
		return "", errors.New("fetch: the client has no budget Store")
	}
	return NormalizeBase(c.Base)
}

// Options says what to read again.
type Options struct {
	// Recheck reads closed views and 404 records again too, to audit that
	// the Trust Layer still serves what was cached; a difference is refused
	// and reported as an incident, the cached file kept.
	Recheck bool
}

// Entry is one proof to read and what the cache holds for it.
type Entry struct {
	ID     string
	Cached Cached
	Err    error // why an Unreadable file is unreadable
}

// Plan is what a run will do: what the cache holds for every cited proof,
// what must be read, and when the limit lets the calls be made.
type Plan struct {
	Dir       string         // the proofs directory
	Base      string         // the Trust Layer, normalized
	IDs       []string       // every cited proof, sorted, distinct
	Held      map[Cached]int // what the cache holds, over IDs
	Fetch     []Entry        // what will be read, in id order
	Calls     int            // grouped calls (a group of one is a GET): ⌈len(Fetch)/GroupSize⌉
	Planned   time.Time      // when the plan was made
	Used      int            // reads spent in the window at Planned
	Left      int            // reads left at Planned
	Limit     int
	Period    time.Duration
	NotBefore time.Time   // set by a 429, zero when none
	Times     []time.Time // when each of the Calls can be made, by the limit
}

// Last is when the last call can be made (Planned when there is none).
func (p *Plan) Last() time.Time {
	if len(p.Times) == 0 {
		return p.Planned
	}
	return p.Times[len(p.Times)-1]
}

// Plan reads the cache in the proofs directory dir for every id (a missing
// directory is an empty cache) and the budget, and says what Run will read.
// It makes no call and writes nothing.
func (c *Client) Plan(dir string, ids []string, opts Options) (*Plan, error) {
	base, err := c.check()
	if err != nil {
		return nil, err
	}
	p := &Plan{Dir: dir, Base: base, Held: map[Cached]int{}, Limit: c.limit(), Period: c.period()}
	seen := map[string]bool{}
	for _, id := range ids {
		if !proof.ValidProofID(id) {
			return nil, fmt.Errorf("fetch: %q is not a proof id (prf_YYYYMMDD_HHMMSS_xxxxxx)", id)
		}
		if !seen[id] {
			seen[id] = true
			p.IDs = append(p.IDs, id)
		}
	}
	sort.Strings(p.IDs)
	for _, id := range p.IDs {
		held, _, err := inspect(dir, id)
		p.Held[held]++
		if held == Missing || held == Unreadable || held == Pending || opts.Recheck {
			p.Fetch = append(p.Fetch, Entry{ID: id, Cached: held, Err: err})
		}
	}
	p.Calls = (len(p.Fetch) + GroupSize - 1) / GroupSize
	st, err := c.Store.Load()
	if err != nil {
		return nil, err
	}
	w := st.Window(base)
	p.Planned = c.now()
	p.Used = w.Used(p.Planned, p.Period)
	p.Left = w.Left(p.Planned, p.Limit, p.Period)
	if w.NotBefore.After(p.Planned) {
		p.NotBefore = w.NotBefore
	}
	p.Times = Schedule(*w, p.Planned, p.Calls, p.Limit, p.Period)
	return p, nil
}

// ProofError is a view refused, or a Trust Layer incident, for one proof.
type ProofError struct {
	ProofID string
	Reason  string
}

func (e *ProofError) Error() string { return "proof " + e.ProofID + ": " + e.Reason }

// CallError is a call that failed: its request, the proofs it asked for,
// the HTTP status (0 when no status came back) and the cause.
type CallError struct {
	Method, Path string
	ProofIDs     []string
	Status       int
	Attempts     int
	Transient    bool // a failure that retrying did not cure: the run stops
	// Stops is set for a failure after which the run stops: Transient, or a
	// 401 or 403 (the Trust Layer refuses this client, the IP address may
	// be blocked: reading on would only spend the budget).
	Stops bool
	Err   error
}

func (e *CallError) Error() string {
	var b strings.Builder
	switch len(e.ProofIDs) {
	case 0:
	case 1:
		fmt.Fprintf(&b, "proof %s: ", e.ProofIDs[0])
	default:
		fmt.Fprintf(&b, "proofs %s … %s (%d): ", e.ProofIDs[0], e.ProofIDs[len(e.ProofIDs)-1], len(e.ProofIDs))
	}
	fmt.Fprintf(&b, "%s %s: ", e.Method, e.Path)
	if e.Status != 0 {
		fmt.Fprintf(&b, "HTTP %d %s", e.Status, http.StatusText(e.Status))
		if e.Err != nil {
			b.WriteString(": ")
		}
	}
	if e.Err != nil {
		b.WriteString(e.Err.Error())
	}
	if e.Attempts > 1 {
		fmt.Fprintf(&b, " (gave up after %d attempts)", e.Attempts)
	}
	return b.String()
}

func (e *CallError) Unwrap() error { return e.Err }

// LimitError stops a run: the next call the limit allows is further than
// MaxWait.
type LimitError struct {
	ResumeAt   time.Time // the earliest time the next call is allowed
	Used       int       // reads spent in the window
	Limit      int
	Period     time.Duration
	RetryAfter bool // the time was set by the Trust Layer (429 Retry-After)
}

func (e *LimitError) Error() string {
	at := e.ResumeAt.UTC().Format(time.RFC3339)
	if e.RetryAfter {
		return fmt.Sprintf("the Trust Layer asked not to be read before %s (429 Retry-After): run again then", at)
	}
	return fmt.Sprintf("the read limit is spent (%d of %d reads in the last %s): run again at %s", e.Used, e.Limit, e.Period, at)
}

// BodyError is a response body refused: larger than its bound, or cut short.
type BodyError struct {
	TooLarge bool
	Limit    int64 // the bound, for TooLarge
	Declared int64 // Content-Length, -1 when not declared
	Got      int64 // bytes read
	Err      error // the read error, for a truncated body
}

func (e *BodyError) Error() string {
	if e.TooLarge {
		if e.Declared > e.Limit {
			return fmt.Sprintf("body of %d bytes (Content-Length) exceeds the limit of %d: refused", e.Declared, e.Limit)
		}
		return fmt.Sprintf("body exceeds the limit of %d bytes: refused", e.Limit)
	}
	if e.Declared >= 0 {
		return fmt.Sprintf("body truncated: %d of %d bytes (%v): refused", e.Got, e.Declared, e.Err)
	}
	return fmt.Sprintf("body truncated after %d bytes (%v): refused", e.Got, e.Err)
}

// Report is what a run did.
type Report struct {
	Calls     int           // calls made (each attempt counts)
	Written   []string      // views written: new, re-read pending, now closed
	NotFound  []string      // 404 records written
	Unchanged []string      // answers equal to the cache
	Refused   []*ProofError // views refused, never written
	Incidents []*ProofError // Trust Layer incidents; the cached file was kept
	Failed    []*CallError  // calls that brought no usable answer
	Remaining []string      // planned proofs that got no answer in this run
	// Stopped says why the run stopped before the end: a *LimitError, a
	// *CallError whose failure persisted, or the context's error. Nil when
	// the run went through.
	Stopped error
	Left    int       // reads left in the window at the end
	Next    time.Time // when the next read is allowed, at the end
}

// OK reports whether every planned proof was answered with nothing refused,
// no incident and no failed call.
func (r *Report) OK() bool {
	return r.Stopped == nil && len(r.Remaining) == 0 && len(r.Refused) == 0 && len(r.Incidents) == 0 && len(r.Failed) == 0
}

// localError is a failure on this machine (the store, the cache): Run
// returns it.
type localError struct{ err error }

func (e *localError) Error() string { return e.err.Error() }
func (e *localError) Unwrap() error { return e.err }

type runner struct {
	c        *Client
	base     string
	dir      string
	rep      *Report
	answered map[string]bool
}

// Run carries out the plan: reads, checks and writes, within the limit. It
// returns an error only for a failure on this machine (the budget store, the
// cache directory); everything about the Trust Layer is in the Report.
func (c *Client) Run(ctx context.Context, p *Plan) (*Report, error) {
	base, err := c.check()
	if err != nil {
		return nil, err
	}
	if base != p.Base {
		return nil, fmt.Errorf("fetch: the plan is for %s, the client reads %s", p.Base, base)
	}
	r := &runner{c: c, base: base, dir: p.Dir, rep: &Report{}, answered: map[string]bool{}}
	finish := func(err error) (*Report, error) {
		for _, e := range p.Fetch {
			if !r.answered[e.ID] {
				r.rep.Remaining = append(r.rep.Remaining, e.ID)
			}
		}
		if st, lerr := c.Store.Load(); lerr == nil {
			w := st.Window(base)
			now := c.now()
			r.rep.Left = w.Left(now, c.limit(), c.period())
			r.rep.Next = w.Next(now, c.limit(), c.period())
		} else if err == nil {
			err = lerr
		}
		var le *localError
		if errors.As(err, &le) {
			return r.rep, le.err
		}
		if err != nil {
			r.rep.Stopped = err
		}
		return r.rep, nil
	}
	if len(p.Fetch) == 0 {
		return finish(nil)
	}
	if err := os.MkdirAll(p.Dir, 0o755); err != nil {
		return finish(&localError{err})
	}
	if _, err := RemoveTemp(p.Dir); err != nil {
		return finish(&localError{err})
	}
	ids := make([]string, len(p.Fetch))
	for i, e := range p.Fetch {
		ids[i] = e.ID
	}
	var alone []string
	for i := 0; i < len(ids); i += GroupSize {
		g := ids[i:min(i+GroupSize, len(ids))]
		var omitted []string
		var err error
		if len(g) == 1 {
			err = r.single(ctx, g[0])
		} else {
			omitted, err = r.group(ctx, g)
		}
		if err != nil {
			return finish(err)
		}
		alone = append(alone, omitted...)
	}
	for _, id := range alone {
		if err := r.single(ctx, id); err != nil {
			return finish(err)
		}
	}
	return finish(nil)
}

func (r *runner) logf(format string, args ...any) {
	if r.c.Progress != nil {
		fmt.Fprintf(r.c.Progress, format+"\n", args...)
	}
}

// exchange is one request.
type exchange struct {
	method, path string
	body         []byte
	ids          []string
	limit        int64
}

func (ex exchange) label() string {
	if ex.method == http.MethodPost {
		return fmt.Sprintf("%s %s, %d ids", ex.method, ex.path, len(ex.ids))
	}
	return ex.method + " " + ex.path
}

// answer is a response the caller handles: any status but 429 and 5xx.
type answer struct {
	status int
	body   []byte
	n      int // the call's number in the run
	left   int // reads left after it
}

// reserve waits until the limit allows a call (at most MaxWait at once),
// records the call in the store and returns the reads left.
func (r *runner) reserve(ctx context.Context) (int, error) {
	limit, period := r.c.limit(), r.c.period()
	for {
		st, err := r.c.Store.Load()
		if err != nil {
			return 0, &localError{err}
		}
		w := st.Window(r.base)
		now := r.c.now()
		next := w.Next(now, limit, period)
		if !next.After(now) {
			w.Prune(now, period)
			w.Record(now)
			if err := r.c.Store.Save(st); err != nil {
				return 0, &localError{err}
			}
			return w.Left(now, limit, period), nil
		}
		wait := next.Sub(now)
		if wait > r.c.MaxWait {
			return 0, &LimitError{ResumeAt: next, Used: w.Used(now, period), Limit: limit, Period: period, RetryAfter: next.Equal(w.NotBefore)}
		}
		r.logf("waiting %s for the read limit (next read allowed at %s)", wait.Round(time.Second), next.UTC().Format(time.RFC3339))
		if err := r.c.sleep(ctx, wait); err != nil {
			return 0, err
		}
	}
}

// notBefore records a time before which the Trust Layer asked not to be
// called.
func (r *runner) notBefore(t time.Time) error {
	st, err := r.c.Store.Load()
	if err != nil {
		return &localError{err}
	}
	w := st.Window(r.base)
	if t.After(w.NotBefore) {
		w.NotBefore = t
	}
	if err := r.c.Store.Save(st); err != nil {
		return &localError{err}
	}
	return nil
}

// call makes one exchange within the limit, retrying 429 and transient
// failures. It returns the answer, or a *CallError, a *LimitError, the
// context's error or a *localError.
func (r *runner) call(ctx context.Context, ex exchange) (*answer, error) {
	max := r.c.attempts()
	for attempt := 1; ; attempt++ {
		left, err := r.reserve(ctx)
		if err != nil {
			return nil, err
		}
		r.rep.Calls++
		n := r.rep.Calls
		status, hdr, body, err := r.roundTrip(ctx, ex)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		now := r.c.now()
		var retryIn time.Duration
		var why string
		var be *BodyError
		switch {
		case errors.As(err, &be) && be.TooLarge:
			r.logf("[%d] %s: HTTP %d, %v · %d of %d reads left", n, ex.label(), status, err, left, r.c.limit())
			return nil, &CallError{Method: ex.method, Path: ex.path, ProofIDs: ex.ids, Status: status, Attempts: attempt, Err: err}
		case err != nil:
			why = err.Error()
			if status != 0 {
				why = fmt.Sprintf("HTTP %d, %v", status, err)
			}
			retryIn = r.c.backoff(attempt)
		case status == http.StatusTooManyRequests:
			ra, ok := retryAfter(hdr, now)
			if !ok {
				ra = r.c.period() // no usable Retry-After: assume the whole window is spent
			}
			if err := r.notBefore(now.Add(ra)); err != nil {
				return nil, err
			}
			why = fmt.Sprintf("HTTP 429 Too Many Requests, not before %s", now.Add(ra).UTC().Format(time.RFC3339))
		case status >= 500:
			why = fmt.Sprintf("HTTP %d %s", status, http.StatusText(status))
			retryIn = r.c.backoff(attempt)
			if ra, ok := retryAfter(hdr, now); ok {
				if err := r.notBefore(now.Add(ra)); err != nil {
					return nil, err
				}
			}
		default:
			return &answer{status: status, body: body, n: n, left: left}, nil
		}
		if attempt >= max {
			r.logf("[%d] %s: %s · %d of %d reads left; giving up after %d attempts", n, ex.label(), why, left, r.c.limit(), attempt)
			ce := &CallError{Method: ex.method, Path: ex.path, ProofIDs: ex.ids, Status: status, Attempts: attempt, Transient: true, Err: err}
			if err == nil && status != 0 {
				ce.Err = nil
			}
			return nil, ce
		}
		if retryIn > 0 {
			r.logf("[%d] %s: %s · %d of %d reads left; retry %d of %d in %s", n, ex.label(), why, left, r.c.limit(), attempt, max-1, retryIn.Round(time.Millisecond))
			if err := r.c.sleep(ctx, retryIn); err != nil {
				return nil, err
			}
		} else {
			r.logf("[%d] %s: %s · %d of %d reads left; retry %d of %d", n, ex.label(), why, left, r.c.limit(), attempt, max-1)
		}
	}
}

// retryAfter reads a Retry-After header: delay-seconds or an HTTP date.
func retryAfter(h http.Header, now time.Time) (time.Duration, bool) {
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0, false
	}
	if n, err := parseSeconds(v); err == nil {
		return time.Duration(n) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

func parseSeconds(v string) (int64, error) {
	var n int64
	if v == "" || len(v) > 9 {
		return 0, errors.New("not delay-seconds")
	}
	for _, ch := range v {
		if ch < '0' || ch > '9' {
			return 0, errors.New("not delay-seconds")
		}
		n = n*10 + int64(ch-'0')
	}
	return n, nil
}

// roundTrip sends the request and reads the body of a 200 within its bound
// (of another status, at most 64 KiB, discarded).
func (r *runner) roundTrip(ctx context.Context, ex exchange) (int, http.Header, []byte, error) {
	var body io.Reader
	if ex.body != nil {
		body = bytes.NewReader(ex.body)
	}
	req, err := http.NewRequestWithContext(ctx, ex.method, r.base+ex.path, body)
	if err != nil {
		return 0, nil, nil, err
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", UserAgent)
	if ex.body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := r.c.httpClient().Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		return resp.StatusCode, resp.Header, nil, nil
	}
	data, err := readBounded(resp, ex.limit)
	return resp.StatusCode, resp.Header, data, err
}

// readBounded reads a body of at most limit bytes, refusing a longer one
// (declared or read) and one cut short.
func readBounded(resp *http.Response, limit int64) ([]byte, error) {
	if resp.ContentLength > limit {
		return nil, &BodyError{TooLarge: true, Limit: limit, Declared: resp.ContentLength}
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return nil, &BodyError{Declared: resp.ContentLength, Got: int64(len(data)), Err: err}
	}
	if int64(len(data)) > limit {
		return nil, &BodyError{TooLarge: true, Limit: limit, Declared: resp.ContentLength}
	}
	if resp.ContentLength >= 0 && int64(len(data)) != resp.ContentLength {
		return nil, &BodyError{Declared: resp.ContentLength, Got: int64(len(data)), Err: io.ErrUnexpectedEOF}
	}
	return data, nil
}

// failed records a failed call; the run goes on unless the failure
// persisted (or is not the Trust Layer's).
func (r *runner) failed(err error) error {
	var ce *CallError
	if errors.As(err, &ce) {
		if ce.Transient || ce.Status == http.StatusUnauthorized || ce.Status == http.StatusForbidden {
			ce.Stops = true
		}
		r.rep.Failed = append(r.rep.Failed, ce)
		if ce.Stops {
			return ce
		}
		return nil
	}
	return err
}

// single reads one view with GET /v1/proof/{id}.
func (r *runner) single(ctx context.Context, id string) error {
	ex := exchange{method: http.MethodGet, path: PathProof + url.PathEscape(id), ids: []string{id}, limit: MaxSingleBody}
	ans, err := r.call(ctx, ex)
	if err != nil {
		return r.failed(err)
	}
	switch ans.status {
	case http.StatusOK:
		r.logf("[%d] %s: HTTP 200, a view · %d of %d reads left", ans.n, ex.label(), ans.left, r.c.limit())
		return r.view(id, ans.body)
	case http.StatusNotFound:
		r.logf("[%d] %s: HTTP 404, not found · %d of %d reads left", ans.n, ex.label(), ans.left, r.c.limit())
		return r.notFound(id)
	}
	ce := &CallError{Method: ex.method, Path: ex.path, ProofIDs: ex.ids, Status: ans.status, Attempts: 1}
	r.logf("[%d] %s: HTTP %d %s: no view · %d of %d reads left", ans.n, ex.label(), ans.status, http.StatusText(ans.status), ans.left, r.c.limit())
	return r.failed(ce)
}

// groupAnswer is the answer of POST /v1/proofs.
type groupAnswer struct {
	Proofs   map[string]json.RawMessage `json:"proofs"`
	NotFound []string                   `json:"not_found"`
}

// group reads up to GroupSize views with POST /v1/proofs, and returns the
// ids the answer neither serves nor lists as not found.
func (r *runner) group(ctx context.Context, ids []string) ([]string, error) {
	body, err := json.Marshal(map[string][]string{"proof_ids": ids})
	if err != nil {
		return nil, &localError{err}
	}
	ex := exchange{method: http.MethodPost, path: PathProofs, body: body, ids: ids, limit: MaxGroupBody}
	ans, err := r.call(ctx, ex)
	if err != nil {
		return nil, r.failed(err)
	}
	bad := func(format string, args ...any) error {
		ce := &CallError{Method: ex.method, Path: ex.path, ProofIDs: ids, Status: ans.status, Attempts: 1, Err: fmt.Errorf(format, args...)}
		if ans.status != http.StatusOK {
			ce.Err = nil
		}
		r.logf("[%d] %s: %v · %d of %d reads left", ans.n, ex.label(), ce, ans.left, r.c.limit())
		return r.failed(ce)
	}
	if ans.status != http.StatusOK {
		return nil, bad("")
	}
	var ga groupAnswer
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(ans.body, &raw); err != nil {
		return nil, bad("the answer is not a JSON object: %v", err)
	}
	if p, ok := raw["proofs"]; !ok || bytes.Equal(bytes.TrimSpace(p), []byte("null")) {
		return nil, bad(`the answer has no "proofs" object`)
	}
	if err := json.Unmarshal(ans.body, &ga); err != nil {
		return nil, bad(`the answer is not {"proofs": {id: view}, "not_found": [ids]}: %v`, err)
	}
	asked := map[string]bool{}
	for _, id := range ids {
		asked[id] = true
	}
	missing := map[string]bool{}
	for _, id := range ga.NotFound {
		missing[id] = true
	}
	var omitted []string
	views, nf := 0, 0
	for _, id := range ids {
		_, v := ga.Proofs[id]
		switch {
		case v:
			views++
		case missing[id]:
			nf++
		default:
			omitted = append(omitted, id)
		}
	}
	line := fmt.Sprintf("[%d] %s: HTTP 200, %d views, %d not found", ans.n, ex.label(), views, nf)
	if len(omitted) > 0 {
		line += fmt.Sprintf(", %d not served (read alone next)", len(omitted))
	}
	r.logf("%s · %d of %d reads left", line, ans.left, r.c.limit())
	var extra []string
	for id := range ga.Proofs {
		if !asked[id] {
			extra = append(extra, id)
		}
	}
	for _, id := range ga.NotFound {
		if !asked[id] {
			extra = append(extra, id)
		}
	}
	sort.Strings(extra)
	for _, id := range extra {
		r.incident(id, "the grouped answer carries it, though it was not asked for: ignored")
	}
	for _, id := range ids {
		v, hasView := ga.Proofs[id]
		switch {
		case hasView && missing[id]:
			r.refuse(id, "the grouped answer both serves its view and lists it as not found: neither is written")
		case hasView:
			if err := r.view(id, v); err != nil {
				return nil, err
			}
		case missing[id]:
			if err := r.notFound(id); err != nil {
				return nil, err
			}
		}
	}
	return omitted, nil
}

func (r *runner) refuse(id, reason string) {
	r.answered[id] = true
	e := &ProofError{ProofID: id, Reason: reason}
	r.rep.Refused = append(r.rep.Refused, e)
	r.logf("  refused: %v", e)
}

func (r *runner) incident(id, reason string) {
	r.answered[id] = true
	e := &ProofError{ProofID: id, Reason: reason}
	r.rep.Incidents = append(r.rep.Incidents, e)
	r.logf("  Trust Layer incident: %v", e)
}

// view checks a view served for id against its id and the cache, and writes
// it.
func (r *runner) view(id string, data []byte) error {
	v, nf, err := proof.ParseCached(id, data)
	if err != nil {
		var fe *proof.FieldError
		if errors.As(err, &fe) {
			where := fe.Pointer
			if where == "" {
				where = "the view"
			}
			r.refuse(id, fmt.Sprintf("served view refused, not written: %s: %s", where, fe.Reason))
		} else {
			r.refuse(id, "served view refused, not written: "+err.Error())
		}
		return nil
	}
	if nf != nil {
		r.refuse(id, "a 404 record was served as its view: not written")
		return nil
	}
	held, old, _ := inspect(r.dir, id)
	switch held {
	case Closed:
		if same(old, data) {
			r.unchanged(id)
			return nil
		}
		r.incident(id, fmt.Sprintf("its anchored view (batch %s closed) came back different (%s): refused, the cached view is kept", batchOf(old), strings.Join(diffKeys(old, data, nil), ", ")))
		return nil
	case Pending:
		if d := diffKeys(old, data, boundKeys); len(d) > 0 {
			r.incident(id, fmt.Sprintf("the view of a pending proof came back with a different %s, which its signature binds: refused, the cached view is kept", strings.Join(d, ", ")))
			return nil
		}
		if same(old, data) {
			r.unchanged(id)
			return nil
		}
	case NotFound:
		r.incident(id, "it was answered 404 before and is served now: the view is written in place of the 404 record")
	}
	if err := r.write(id, data); err != nil {
		return err
	}
	r.rep.Written = append(r.rep.Written, id)
	if held == Pending && v.Batch.Status == proof.BatchClosed {
		r.logf("  proof %s: its batch %s is now closed", id, v.Batch.ID)
	}
	return nil
}

// notFound records that the Trust Layer does not know id.
func (r *runner) notFound(id string) error {
	held, _, _ := inspect(r.dir, id)
	switch held {
	case Closed, Pending:
		r.incident(id, "answered not found, but it was served before: refused, the cached view is kept")
		return nil
	case NotFound:
		r.unchanged(id)
		return nil
	}
	if err := r.write(id, NotFoundRecord(id)); err != nil {
		return err
	}
	r.rep.NotFound = append(r.rep.NotFound, id)
	return nil
}

func (r *runner) unchanged(id string) {
	r.answered[id] = true
	r.rep.Unchanged = append(r.rep.Unchanged, id)
}

func (r *runner) write(id string, data []byte) error {
	r.answered[id] = true
	if err := writeAtomic(r.dir, id+".json", data); err != nil {
		return &localError{fmt.Errorf("proof %s: writing %s: %w", id, cacheFile(r.dir, id), err)}
	}
	return nil
}

// same reports whether two view documents are equal as JSON values.
func same(a, b []byte) bool {
	ca, err1 := canonical(a)
	cb, err2 := canonical(b)
	return err1 == nil && err2 == nil && bytes.Equal(ca, cb)
}

// batchOf names the batch of a cached view, for a message.
func batchOf(data []byte) string {
	if v, err := proof.ParseView(data); err == nil {
		return v.Batch.ID
	}
	return "?"
}
