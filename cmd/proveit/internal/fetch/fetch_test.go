package fetch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ark-forge/proveit/cmd/proveit/internal/fetch/fetchtest"
	"github.com/ark-forge/proveit/scorer/anchor/rfc3161/rfc3161test"
	"github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/proof/prooftest"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/season"
	"github.com/ark-forge/proveit/scorer/submission"
)

var keyWindow = rfc3161test.Validity{NotBefore: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), NotAfter: time.Date(2026, 12, 31, 23, 59, 59, 0, time.UTC)}

// fakeClock is the clock and the sleeper of a test: sleeping advances it.
type fakeClock struct {
	mu     sync.Mutex
	t      time.Time
	sleeps []time.Duration
}

func (f *fakeClock) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.t
}

func (f *fakeClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.t = f.t.Add(d)
	f.sleeps = append(f.sleeps, d)
	return nil
}

func (f *fakeClock) Advance(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.t = f.t.Add(d)
}

func (f *fakeClock) Sleeps() []time.Duration {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]time.Duration(nil), f.sleeps...)
}

// world is a test issuer, a test Trust Layer serving its views, a fake
// clock, a budget store and a proofs directory.
type world struct {
	t      *testing.T
	seed   string
	is     *prooftest.Issuer
	srv    *fetchtest.Server
	clock  *fakeClock
	store  Store
	dir    string
	at     time.Time
	log    bytes.Buffer
	limit  int
	proofs map[string]*prooftest.Proof
}

func newWorld(t *testing.T, seed string) *world {
	t.Helper()
	is, err := prooftest.New(prooftest.Config{Seed: []byte(seed), KeyWindow: keyWindow})
	if err != nil {
		t.Fatal(err)
	}
	srv := fetchtest.New()
	t.Cleanup(srv.Close)
	return &world{
		t: t, seed: seed, is: is, srv: srv,
		clock: &fakeClock{t: time.Date(2026, 10, 6, 9, 0, 0, 0, time.UTC)},
		store: FileStore{Path: filepath.Join(t.TempDir(), "fetch-state.json")},
		dir:   filepath.Join(t.TempDir(), "proofs"),
		at:    time.Date(2026, 9, 25, 12, 0, 0, 0, time.UTC), proofs: map[string]*prooftest.Proof{},
	}
}

// issue mints n proofs into the issuer's open batch and serves their
// (pending) views; it returns their ids.
func (w *world) issue(n int, body string) []string {
	w.t.Helper()
	var ids []string
	for range n {
		p, err := w.is.Issue(prooftest.Call{Target: "https://corpus.arkforge.tech/agrements/AGR-4417", Method: "GET", Payload: pyjson.ObjectValue(), Body: []byte(body), DID: "did:key:z6MkFetch", APIKey: "k", At: w.at})
		if err != nil {
			w.t.Fatal(err)
		}
		w.at = w.at.Add(time.Second)
		w.proofs[p.ID] = p
		if err := w.srv.PutProof(p); err != nil {
			w.t.Fatal(err)
		}
		ids = append(ids, p.ID)
	}
	return ids
}

// close closes the issuer's open batch and serves the closed views.
func (w *world) close(batch string) {
	w.t.Helper()
	ps, err := w.is.CloseBatch(batch, w.at.Add(time.Minute))
	if err != nil {
		w.t.Fatal(err)
	}
	for _, p := range ps {
		if err := w.srv.PutProof(p); err != nil {
			w.t.Fatal(err)
		}
	}
}

// closed mints n proofs in a closed batch.
func (w *world) closed(n int) []string {
	ids := w.issue(n, `{"statut": "actif"}`)
	w.close(fmt.Sprintf("lot-%d", len(w.proofs)))
	return ids
}

func (w *world) client() *Client {
	return &Client{
		Base: w.srv.URL, HTTP: w.srv.Client(), Store: w.store,
		Now: w.clock.Now, Sleep: w.clock.Sleep, Rand: func() float64 { return 0.5 },
		Limit: w.limit, MaxWait: time.Minute, Progress: &w.log,
	}
}

func (w *world) plan(ids []string, opts Options) *Plan {
	w.t.Helper()
	p, err := w.client().Plan(w.dir, ids, opts)
	if err != nil {
		w.t.Fatal(err)
	}
	return p
}

func (w *world) run(ids []string, opts Options) (*Plan, *Report) {
	w.t.Helper()
	return w.runCtx(context.Background(), ids, opts)
}

func (w *world) runCtx(ctx context.Context, ids []string, opts Options) (*Plan, *Report) {
	w.t.Helper()
	p := w.plan(ids, opts)
	rep, err := w.client().Run(ctx, p)
	if err != nil {
		w.t.Fatal(err)
	}
	return p, rep
}

// cached returns what the cache holds for id.
func (w *world) cached(id string) (Cached, []byte) {
	w.t.Helper()
	held, data, err := inspect(w.dir, id)
	if err != nil {
		w.t.Fatalf("proof %s: %v", id, err)
	}
	return held, data
}

func (w *world) stateCalls() int {
	w.t.Helper()
	st, err := w.store.Load()
	if err != nil {
		w.t.Fatal(err)
	}
	return len(st.Window(w.srv.URL).Calls)
}

// noTemp fails if a temporary file was left in the proofs directory.
func (w *world) noTemp() {
	w.t.Helper()
	entries, _ := os.ReadDir(w.dir)
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".json") || strings.HasPrefix(e.Name(), ".") {
			w.t.Errorf("leftover in the proofs directory: %s", e.Name())
		}
	}
}

func sortedCopy(ids []string) []string {
	out := append([]string(nil), ids...)
	sort.Strings(out)
	return out
}

func equal(a, b []string) bool {
	return strings.Join(sortedCopy(a), ",") == strings.Join(sortedCopy(b), ",")
}

// TestGrouping: 120 ids are read in 3 grouped calls of 50, 50 and 20; every
// view is written and parses for its id; a second run reads nothing.
func TestGrouping(t *testing.T) {
	w := newWorld(t, "grouping")
	ids := w.closed(120)
	p, rep := w.run(ids, Options{})
	if p.Calls != 3 || len(p.Fetch) != 120 || p.Held[Missing] != 120 {
		t.Fatalf("plan: %d calls, %d to fetch, held %v", p.Calls, len(p.Fetch), p.Held)
	}
	if !rep.OK() || rep.Calls != 3 || len(rep.Written) != 120 {
		t.Fatalf("report: %+v\n%s", rep, w.log.String())
	}
	reqs := w.srv.Requests()
	if len(reqs) != 3 {
		t.Fatalf("%d requests", len(reqs))
	}
	var got []string
	for i, want := range []int{50, 50, 20} {
		if reqs[i].Method != http.MethodPost || reqs[i].Path != PathProofs || len(reqs[i].IDs) != want {
			t.Errorf("request %d: %s %s with %d ids, want POST %s with %d", i, reqs[i].Method, reqs[i].Path, len(reqs[i].IDs), PathProofs, want)
		}
		got = append(got, reqs[i].IDs...)
	}
	if !equal(got, ids) {
		t.Error("the grouped calls did not ask for every id exactly once")
	}
	for _, id := range ids {
		if held, _ := w.cached(id); held != Closed {
			t.Errorf("proof %s cached as %v", id, held)
		}
	}
	w.noTemp()
	for _, want := range []string{
		"[1] POST /v1/proofs, 50 ids: HTTP 200, 50 views, 0 not found · 99 of 100 reads left",
		"[3] POST /v1/proofs, 20 ids: HTTP 200, 20 views, 0 not found · 97 of 100 reads left",
	} {
		if !strings.Contains(w.log.String(), want) {
			t.Errorf("progress lacks %q:\n%s", want, w.log.String())
		}
	}
	if w.stateCalls() != 3 {
		t.Errorf("state records %d calls, want 3", w.stateCalls())
	}
	p, rep = w.run(ids, Options{})
	if p.Calls != 0 || rep.Calls != 0 || p.Held[Closed] != 120 || w.srv.Calls() != 3 {
		t.Errorf("second run: plan %d calls, %d made, held %v", p.Calls, rep.Calls, p.Held)
	}
}

// TestSingleRead: a group of one id is a GET; an id the grouped answer
// neither serves nor lists (not a PROVE IT proof) is read alone.
func TestSingleRead(t *testing.T) {
	w := newWorld(t, "single")
	ids := w.closed(51)
	w.srv.Hide(ids[3])
	w.srv.Hide(ids[7])
	_, rep := w.run(ids, Options{})
	if !rep.OK() || len(rep.Written) != 51 || rep.Calls != 4 {
		t.Fatalf("%+v\n%s", rep, w.log.String())
	}
	reqs := w.srv.Requests()
	want := []string{"POST /v1/proofs", "GET /v1/proof/" + sortedCopy(ids)[50], "GET /v1/proof/" + ids[3], "GET /v1/proof/" + ids[7]}
	for i, r := range reqs {
		if got := r.Method + " " + r.Path; got != want[i] {
			t.Errorf("request %d: %s, want %s", i, got, want[i])
		}
	}
	if !strings.Contains(w.log.String(), "2 not served (read alone next)") {
		t.Errorf("progress:\n%s", w.log.String())
	}
}

// TestNotFound: a 404, grouped or alone, is recorded with the 404 record,
// which the build reads as « does not exist »; it is not read again.
func TestNotFound(t *testing.T) {
	w := newWorld(t, "not found")
	ids := w.closed(4)
	ghost1, ghost2 := "prf_20260925_130000_abcdef", "prf_20260925_130001_abcdef"
	_, rep := w.run(append(ids, ghost1, ghost2), Options{})
	if !rep.OK() || !equal(rep.NotFound, []string{ghost1, ghost2}) || len(rep.Written) != 4 {
		t.Fatalf("%+v\n%s", rep, w.log.String())
	}
	_, rep = w.run([]string{"prf_20260925_130002_abcdef"}, Options{})
	if !rep.OK() || len(rep.NotFound) != 1 || w.srv.Requests()[1].Method != http.MethodGet {
		t.Fatalf("%+v", rep)
	}
	for _, id := range []string{ghost1, ghost2, "prf_20260925_130002_abcdef"} {
		held, data := w.cached(id)
		if held != NotFound || !bytes.Equal(data, NotFoundRecord(id)) {
			t.Errorf("proof %s: %v %q", id, held, data)
		}
		if _, nf, err := proof.ParseCached(id, data); err != nil || nf == nil {
			t.Errorf("proof %s: ParseCached: %v %v", id, nf, err)
		}
	}
	p, rep := w.run(append(ids, ghost1, ghost2), Options{})
	if p.Calls != 0 || rep.Calls != 0 || p.Held[NotFound] != 2 {
		t.Errorf("a 404 is read again: %+v", p)
	}
}

// TestLimitAcrossRuns: the budget is kept on disk; a second run in the
// same hour stops when it is spent and says when it can resume; a third,
// then, reads the rest.
func TestLimitAcrossRuns(t *testing.T) {
	w := newWorld(t, "limit")
	w.limit = 4
	first, second := w.closed(120), w.closed(120)
	start := w.clock.Now()
	_, rep := w.run(first, Options{})
	if !rep.OK() || rep.Calls != 3 || rep.Left != 1 {
		t.Fatalf("first run: %+v", rep)
	}
	w.clock.Advance(10 * time.Minute)
	w.store = FileStore{Path: w.store.(FileStore).Path} // a new process: only the file carries over
	p := w.plan(second, Options{})
	if p.Used != 3 || p.Left != 1 || p.Calls != 3 {
		t.Fatalf("plan: used %d, left %d, calls %d", p.Used, p.Left, p.Calls)
	}
	if want := start.Add(time.Hour); !p.Times[0].Equal(start.Add(10*time.Minute)) || !p.Times[1].Equal(want) || !p.Last().Equal(want) {
		t.Fatalf("plan times %v", p.Times)
	}
	rep, err := w.client().Run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	var le *LimitError
	if !errors.As(rep.Stopped, &le) || !le.ResumeAt.Equal(start.Add(time.Hour)) || le.Used != 4 || le.Limit != 4 {
		t.Fatalf("second run: stopped %v\n%s", rep.Stopped, w.log.String())
	}
	if rep.Calls != 1 || len(rep.Written) != 50 || len(rep.Remaining) != 70 || w.srv.Calls() != 4 {
		t.Fatalf("second run: %d calls, %d written, %d remaining, server %d", rep.Calls, len(rep.Written), len(rep.Remaining), w.srv.Calls())
	}
	if msg := rep.Stopped.Error(); !strings.Contains(msg, "the read limit is spent (4 of 4 reads in the last 1h0m0s): run again at 2026-10-06T10:00:00Z") {
		t.Errorf("message: %s", msg)
	}
	if !rep.Next.Equal(start.Add(time.Hour)) {
		t.Errorf("report next %v", rep.Next)
	}
	// Before the window frees (further than MaxWait), nothing is called.
	w.clock.Advance(45 * time.Minute)
	_, rep = w.run(second, Options{})
	if rep.Calls != 0 || w.srv.Calls() != 4 || !errors.As(rep.Stopped, &le) {
		t.Fatalf("early third run: %+v", rep)
	}
	// A minute before it frees, within MaxWait: the run waits, then reads.
	w.clock.Advance(4 * time.Minute)
	p, rep = w.run(second, Options{})
	if !rep.OK() || rep.Calls != 2 || len(p.Fetch) != 70 || w.srv.Calls() != 6 {
		t.Fatalf("third run: %+v", rep)
	}
	if s := w.clock.Sleeps(); len(s) != 1 || s[0] != time.Minute {
		t.Errorf("slept %v, want [1m]", s)
	}
	if !strings.Contains(w.log.String(), "waiting 1m0s for the read limit (next read allowed at 2026-10-06T10:00:00Z)") {
		t.Errorf("progress:\n%s", w.log.String())
	}
}

// TestDefaultLimit: at 100 reads per hour, 99 spent leave one call.
func TestDefaultLimit(t *testing.T) {
	w := newWorld(t, "default limit")
	ids := w.closed(120)
	st := &State{}
	win := st.Window(w.srv.URL)
	for i := range 99 {
		win.Record(w.clock.Now().Add(-50*time.Minute + time.Duration(i)*time.Second))
	}
	if err := w.store.Save(st); err != nil {
		t.Fatal(err)
	}
	_, rep := w.run(ids, Options{})
	var le *LimitError
	if !errors.As(rep.Stopped, &le) || rep.Calls != 1 || w.srv.Calls() != 1 || le.Limit != ReadLimit {
		t.Fatalf("%+v", rep)
	}
	if want := w.clock.Now().Add(10 * time.Minute); !le.ResumeAt.Equal(want) {
		t.Errorf("resume at %v, want %v", le.ResumeAt, want)
	}
	if !strings.Contains(w.log.String(), "0 of 100 reads left") {
		t.Errorf("progress:\n%s", w.log.String())
	}
}

func answer429(retryAfter string) func(fetchtest.Request, http.ResponseWriter) bool {
	return func(req fetchtest.Request, w http.ResponseWriter) bool {
		if req.N != 1 {
			return false
		}
		if retryAfter != "" {
			w.Header().Set("Retry-After", retryAfter)
		}
		w.WriteHeader(http.StatusTooManyRequests)
		return true
	}
}

// Test429RetryAfter: a 429 is honoured in both forms of Retry-After, and
// the retry spends budget like any call.
func Test429RetryAfter(t *testing.T) {
	for name, c := range map[string]struct {
		header func(now time.Time) string
		wait   time.Duration
	}{
		"seconds":   {func(time.Time) string { return "30" }, 30 * time.Second},
		"http-date": {func(now time.Time) string { return now.Add(45 * time.Second).Format(http.TimeFormat) }, 45 * time.Second},
	} {
		t.Run(name, func(t *testing.T) {
			w := newWorld(t, "429 "+name)
			ids := w.closed(10)
			w.srv.Fault(answer429(c.header(w.clock.Now())))
			_, rep := w.run(ids, Options{})
			if !rep.OK() || rep.Calls != 2 || len(rep.Written) != 10 || w.srv.Calls() != 2 {
				t.Fatalf("%+v\n%s", rep, w.log.String())
			}
			if s := w.clock.Sleeps(); len(s) != 1 || s[0] != c.wait {
				t.Errorf("slept %v, want [%v]", s, c.wait)
			}
			if w.stateCalls() != 2 {
				t.Errorf("state records %d calls, want 2", w.stateCalls())
			}
			if !strings.Contains(w.log.String(), "HTTP 429 Too Many Requests") {
				t.Errorf("progress:\n%s", w.log.String())
			}
		})
	}
}

// Test429Long: a Retry-After longer than MaxWait stops the run; the time is
// kept, so a run before it makes no call; one after it goes through. A 429
// without Retry-After holds the calls for a whole period.
func Test429Long(t *testing.T) {
	w := newWorld(t, "429 long")
	ids := w.closed(10)
	start := w.clock.Now()
	w.srv.Fault(answer429("7200"))
	_, rep := w.run(ids, Options{})
	var le *LimitError
	if !errors.As(rep.Stopped, &le) || !le.RetryAfter || !le.ResumeAt.Equal(start.Add(2*time.Hour)) || rep.Calls != 1 || len(rep.Remaining) != 10 {
		t.Fatalf("%+v", rep)
	}
	if !strings.Contains(le.Error(), "429 Retry-After") {
		t.Errorf("message: %v", le)
	}
	raw, _ := os.ReadFile(w.store.(FileStore).Path)
	if !strings.Contains(string(raw), `"not_before": "2026-10-06T11:00:00Z"`) {
		t.Errorf("state:\n%s", raw)
	}
	w.srv.Fault(nil)
	w.clock.Advance(time.Hour)
	_, rep = w.run(ids, Options{})
	if rep.Calls != 0 || w.srv.Calls() != 1 || !errors.As(rep.Stopped, &le) {
		t.Fatalf("run before Retry-After: %+v", rep)
	}
	w.clock.Advance(time.Hour)
	_, rep = w.run(ids, Options{})
	if !rep.OK() || rep.Calls != 1 {
		t.Fatalf("run after Retry-After: %+v", rep)
	}

	w2 := newWorld(t, "429 bare")
	ids = w2.closed(3)
	w2.srv.Fault(answer429(""))
	_, rep = w2.run(ids, Options{})
	if !errors.As(rep.Stopped, &le) || !le.ResumeAt.Equal(w2.clock.Now().Add(ReadPeriod)) {
		t.Fatalf("bare 429: %+v", rep)
	}
}

func failFirst(n int, status int) func(fetchtest.Request, http.ResponseWriter) bool {
	return func(req fetchtest.Request, w http.ResponseWriter) bool {
		if req.N > n {
			return false
		}
		w.WriteHeader(status)
		io.WriteString(w, `{"detail": "upstream trouble"}`)
		return true
	}
}

// Test5xxThenSuccess: a transient 5xx is retried after a jittered backoff.
func Test5xxThenSuccess(t *testing.T) {
	w := newWorld(t, "5xx once")
	ids := w.closed(60)
	w.srv.Fault(failFirst(1, http.StatusServiceUnavailable))
	_, rep := w.run(ids, Options{})
	if !rep.OK() || rep.Calls != 3 || len(rep.Written) != 60 {
		t.Fatalf("%+v\n%s", rep, w.log.String())
	}
	// Backoff 2s, the second half jittered: Rand 0.5 gives 1.5s.
	if s := w.clock.Sleeps(); len(s) != 1 || s[0] != 1500*time.Millisecond {
		t.Errorf("slept %v", s)
	}
	if !strings.Contains(w.log.String(), "[1] POST /v1/proofs, 50 ids: HTTP 503 Service Unavailable · 99 of 100 reads left; retry 1 of 3 in 1.5s") {
		t.Errorf("progress:\n%s", w.log.String())
	}
}

// Test5xxPersists: a 5xx that persists is given up after MaxAttempts and
// stops the run; with a smaller budget, the retries stop at the budget.
func Test5xxPersists(t *testing.T) {
	w := newWorld(t, "5xx always")
	ids := w.closed(60)
	w.srv.Fault(failFirst(1000, http.StatusInternalServerError))
	_, rep := w.run(ids, Options{})
	var ce *CallError
	if !errors.As(rep.Stopped, &ce) || !ce.Transient || ce.Status != 500 || ce.Attempts != 4 {
		t.Fatalf("stopped %v", rep.Stopped)
	}
	if rep.Calls != 4 || w.srv.Calls() != 4 || w.stateCalls() != 4 || len(rep.Remaining) != 60 || len(rep.Written) != 0 {
		t.Fatalf("%+v", rep)
	}
	if s := w.clock.Sleeps(); len(s) != 3 || s[0] != 1500*time.Millisecond || s[1] != 3*time.Second || s[2] != 6*time.Second {
		t.Errorf("slept %v", s)
	}
	msg := ce.Error()
	if !strings.Contains(msg, "POST /v1/proofs: HTTP 500 Internal Server Error (gave up after 4 attempts)") || !strings.Contains(msg, sortedCopy(ids)[0]) {
		t.Errorf("message: %s", msg)
	}

	w2 := newWorld(t, "5xx budget")
	w2.limit = 2
	ids = w2.closed(3)
	w2.srv.Fault(failFirst(1000, http.StatusBadGateway))
	_, rep = w2.run(ids, Options{})
	var le *LimitError
	if !errors.As(rep.Stopped, &le) || rep.Calls != 2 || w2.srv.Calls() != 2 {
		t.Fatalf("retries over budget: %+v, server %d", rep, w2.srv.Calls())
	}
}

// truncate answers with a Content-Length longer than what it sends.
func truncate(req fetchtest.Request, w http.ResponseWriter) bool {
	w.Header().Set("Content-Length", "5000")
	w.WriteHeader(http.StatusOK)
	io.WriteString(w, `{"proofs": {"prf_`)
	return true
}

// TestTruncated: a body cut short is refused whole, retried as a transient
// failure, and nothing of it is written.
func TestTruncated(t *testing.T) {
	for _, n := range []int{5, 1} {
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			w := newWorld(t, "truncated")
			ids := w.closed(n)
			w.srv.Fault(truncate)
			_, rep := w.run(ids, Options{})
			var ce *CallError
			var be *BodyError
			if !errors.As(rep.Stopped, &ce) || !errors.As(ce, &be) || be.TooLarge || rep.Calls != 4 {
				t.Fatalf("stopped %v", rep.Stopped)
			}
			if !strings.Contains(ce.Error(), "body truncated: 17 of 5000 bytes") || len(rep.Written) != 0 {
				t.Errorf("%v", ce)
			}
			entries, _ := os.ReadDir(w.dir)
			if len(entries) != 0 {
				t.Errorf("written: %v", entries)
			}
			// Cut once, then whole: written.
			w.srv.Fault(func(req fetchtest.Request, rw http.ResponseWriter) bool {
				return req.N == 5 && truncate(req, rw)
			})
			_, rep = w.run(ids, Options{})
			if !rep.OK() || len(rep.Written) != n {
				t.Fatalf("%+v", rep)
			}
			w.noTemp()
		})
	}
}

// TestOversized: a body over its bound is refused, declared or streamed,
// and not retried; the run goes on with the next group.
func TestOversized(t *testing.T) {
	w := newWorld(t, "oversized")
	ids := sortedCopy(w.closed(52))
	w.srv.Fault(func(req fetchtest.Request, rw http.ResponseWriter) bool {
		switch req.Method {
		case http.MethodPost:
			rw.Header().Set("Content-Length", strconv.Itoa(MaxGroupBody+1))
			rw.WriteHeader(http.StatusOK)
			io.WriteString(rw, "{")
		default: // no Content-Length: streamed past the bound
			rw.WriteHeader(http.StatusOK)
			chunk := bytes.Repeat([]byte(" "), 64<<10)
			for range MaxSingleBody/len(chunk) + 2 {
				if _, err := rw.Write(chunk); err != nil {
					break
				}
				rw.(http.Flusher).Flush()
			}
		}
		return true
	})
	_, rep := w.run(ids[:51], Options{})
	if rep.Stopped != nil || len(rep.Failed) != 2 || rep.Calls != 2 || len(rep.Remaining) != 51 || len(rep.Written) != 0 {
		t.Fatalf("%+v\n%s", rep, w.log.String())
	}
	if msg := rep.Failed[0].Error(); !strings.Contains(msg, fmt.Sprintf("body of %d bytes (Content-Length) exceeds the limit of %d: refused", MaxGroupBody+1, MaxGroupBody)) {
		t.Errorf("grouped: %s", msg)
	}
	if msg := rep.Failed[1].Error(); !strings.Contains(msg, "proof "+ids[50]+": GET /v1/proof/"+ids[50]+": HTTP 200 OK: body exceeds the limit of 1048576 bytes: refused") {
		t.Errorf("single: %s", msg)
	}
	entries, _ := os.ReadDir(w.dir)
	if len(entries) != 0 {
		t.Errorf("written: %v", entries)
	}
}

// TestViewForAnotherID: a view that is another proof's, or that does not
// parse, is refused with the proof id and never written; the others are.
func TestViewForAnotherID(t *testing.T) {
	w := newWorld(t, "another id")
	ids := sortedCopy(w.closed(5))
	swapped, malformed, other := ids[0], ids[1], ids[4]
	otherView, _ := w.proofs[other].View()
	w.srv.Put(swapped, otherView)
	w.srv.Put(malformed, []byte(`{"proof_id": "`+malformed+`", "spec_version": "3.1"}`))
	_, rep := w.run(ids[:4], Options{})
	if len(rep.Refused) != 2 || len(rep.Written) != 2 || rep.OK() {
		t.Fatalf("%+v\n%s", rep, w.log.String())
	}
	if msg := rep.Refused[0].Error(); !strings.Contains(msg, "proof "+swapped+": served view refused, not written: /proof_id: view of "+other) {
		t.Errorf("swapped: %s", msg)
	}
	if msg := rep.Refused[1].Error(); !strings.Contains(msg, "proof "+malformed+": served view refused, not written: /hashes: missing") {
		t.Errorf("malformed: %s", msg)
	}
	for _, id := range []string{swapped, malformed} {
		if held, _ := w.cached(id); held != Missing {
			t.Errorf("proof %s written", id)
		}
	}
	// Alone (GET) too.
	_, rep = w.run([]string{swapped}, Options{})
	if len(rep.Refused) != 1 || rep.Refused[0].ProofID != swapped || len(rep.Written) != 0 {
		t.Fatalf("GET: %+v", rep)
	}
}

// TestInterruptAndResume: the Trust Layer dies after the first call; the
// first group stays on disk, the budget records every attempt, and the next
// run reads only the rest.
func TestInterruptAndResume(t *testing.T) {
	w := newWorld(t, "resume")
	ids := w.closed(120)
	w.srv.Fault(func(req fetchtest.Request, rw http.ResponseWriter) bool {
		if req.N == 1 {
			return false
		}
		conn, _, err := rw.(http.Hijacker).Hijack()
		if err == nil {
			conn.Close()
		}
		return true
	})
	_, rep := w.run(ids, Options{})
	var ce *CallError
	if !errors.As(rep.Stopped, &ce) || ce.Status != 0 || len(rep.Written) != 50 || len(rep.Remaining) != 70 {
		t.Fatalf("%+v\n%s", rep, w.log.String())
	}
	if w.stateCalls() != 5 {
		t.Errorf("state records %d calls, want 5 (1 + 4 attempts)", w.stateCalls())
	}
	first := w.srv.Requests()[0].IDs
	w.srv.Fault(nil)
	p, rep := w.run(ids, Options{})
	if !rep.OK() || p.Calls != 2 || p.Held[Closed] != 50 || len(rep.Written) != 70 {
		t.Fatalf("resumed: %+v", rep)
	}
	var again []string
	for _, r := range w.srv.Requests()[5:] {
		again = append(again, r.IDs...)
	}
	for _, id := range first {
		if contains(again, id) {
			t.Errorf("proof %s read again", id)
		}
	}
	if len(again) != 70 {
		t.Errorf("resumed run asked for %d ids, want 70", len(again))
	}
	w.noTemp()
}

// cancelAfter cancels a context when the progress shows the first call.
type cancelAfter struct {
	buf    *bytes.Buffer
	cancel context.CancelFunc
}

func (c cancelAfter) Write(p []byte) (int, error) {
	if bytes.HasPrefix(p, []byte("[1] ")) {
		c.cancel()
	}
	return c.buf.Write(p)
}

// TestCancel: an interrupted run (the context cancelled) keeps what it
// wrote and leaves no temporary file.
func TestCancel(t *testing.T) {
	w := newWorld(t, "cancel")
	ids := w.closed(120)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	p := w.plan(ids, Options{})
	c := w.client()
	c.Progress = cancelAfter{&w.log, cancel}
	rep, err := c.Run(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	if !errors.Is(rep.Stopped, context.Canceled) || len(rep.Written) != 50 || len(rep.Remaining) != 70 || w.srv.Calls() != 1 {
		t.Fatalf("%+v", rep)
	}
	w.noTemp()
}

// TestChangedClosedView: a closed view that comes back different (the same
// proof, re-anchored in another batch) is refused, reported as a Trust
// Layer incident, and the cached view is kept. Closed views are read again
// only with Recheck.
func TestChangedClosedView(t *testing.T) {
	w := newWorld(t, "re-anchored")
	ids := sortedCopy(w.closed(3))
	if _, rep := w.run(ids, Options{}); !rep.OK() {
		t.Fatal(rep)
	}
	_, before := w.cached(ids[1])
	// The same seed and calls give the same proofs; closed in another batch.
	twin := newWorld(t, "re-anchored")
	twin.issue(3, `{"statut": "actif"}`)
	ps, err := twin.is.CloseBatch("lot-bis", twin.at.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		if p.ID == ids[1] {
			w.srv.PutProof(p)
		}
	}
	if p, rep := w.run(ids, Options{}); p.Calls != 0 || rep.Calls != 0 {
		t.Fatalf("closed views read again without Recheck")
	}
	_, rep := w.run(ids, Options{Recheck: true})
	if len(rep.Incidents) != 1 || rep.Incidents[0].ProofID != ids[1] || len(rep.Unchanged) != 2 || len(rep.Written) != 0 || rep.OK() {
		t.Fatalf("%+v\n%s", rep, w.log.String())
	}
	if msg := rep.Incidents[0].Error(); !strings.Contains(msg, "its anchored view (batch lot-3 closed) came back different (batch): refused, the cached view is kept") {
		t.Errorf("incident: %s", msg)
	}
	if _, after := w.cached(ids[1]); !bytes.Equal(before, after) {
		t.Error("the cached view was replaced")
	}
	if !strings.Contains(w.log.String(), "Trust Layer incident: proof "+ids[1]) {
		t.Errorf("progress:\n%s", w.log.String())
	}
}

// TestPendingReread: a pending view is read again at every run, kept while
// its batch is open, replaced when it closes, then never read again.
func TestPendingReread(t *testing.T) {
	w := newWorld(t, "pending")
	ids := w.issue(3, `{"statut": "actif"}`)
	_, rep := w.run(ids, Options{})
	if !rep.OK() || len(rep.Written) != 3 {
		t.Fatal(rep)
	}
	for _, id := range ids {
		if held, _ := w.cached(id); held != Pending {
			t.Fatalf("proof %s: %v", id, held)
		}
	}
	p, rep := w.run(ids, Options{})
	if p.Held[Pending] != 3 || p.Calls != 1 || !rep.OK() || len(rep.Unchanged) != 3 {
		t.Fatalf("still pending: %+v", rep)
	}
	w.close("lot-closed")
	_, rep = w.run(ids, Options{})
	if !rep.OK() || len(rep.Written) != 3 {
		t.Fatalf("closed: %+v", rep)
	}
	for _, id := range ids {
		held, data := w.cached(id)
		want, _ := w.proofs[id].View()
		if held != Closed || !same(data, want) {
			t.Errorf("proof %s: %v", id, held)
		}
	}
	if !strings.Contains(w.log.String(), "its batch lot-closed is now closed") {
		t.Errorf("progress:\n%s", w.log.String())
	}
	if p, _ := w.run(ids, Options{}); p.Calls != 0 {
		t.Error("closed views read again")
	}
}

// TestPendingChanged: a pending view whose signed content changed, or that
// is now answered 404, is refused as an incident; the cached view is kept.
func TestPendingChanged(t *testing.T) {
	w := newWorld(t, "pending changed")
	ids := sortedCopy(w.issue(2, `{"statut": "actif"}`))
	if _, rep := w.run(ids, Options{}); !rep.OK() {
		t.Fatal(rep)
	}
	_, before := w.cached(ids[0])
	twin := newWorld(t, "pending changed")
	other := twin.issue(2, `{"statut": "radié"}`) // same ids, another response hash
	for _, id := range other {
		if id == ids[0] {
			v, _ := twin.proofs[id].View()
			w.srv.Put(id, v)
		}
	}
	w.srv.Delete(ids[1])
	_, rep := w.run(ids, Options{})
	if len(rep.Incidents) != 2 || len(rep.Written) != 0 {
		t.Fatalf("%+v\n%s", rep, w.log.String())
	}
	if msg := rep.Incidents[0].Error(); !strings.Contains(msg, "proof "+ids[0]+": the view of a pending proof came back with a different commitments, hashes, signature") {
		t.Errorf("changed: %s", msg)
	}
	if msg := rep.Incidents[1].Error(); !strings.Contains(msg, "proof "+ids[1]+": answered not found, but it was served before") {
		t.Errorf("vanished: %s", msg)
	}
	if _, after := w.cached(ids[0]); !bytes.Equal(before, after) {
		t.Error("the cached view was replaced")
	}
	if held, _ := w.cached(ids[1]); held != Pending {
		t.Errorf("the vanished proof's view: %v", held)
	}
}

// TestDryPlan: planning makes no call and writes nothing, and says how
// long the limit makes the calls take.
func TestDryPlan(t *testing.T) {
	w := newWorld(t, "dry")
	ids := w.closed(5)
	var many []string
	for i := range 5100 {
		many = append(many, fmt.Sprintf("prf_20260925_%06d_abcdef", i))
	}
	p := w.plan(append(many, ids...), Options{})
	if w.srv.Calls() != 0 || p.Calls != 103 || p.Left != 100 {
		t.Fatalf("plan: %d calls, %d left, server %d", p.Calls, p.Left, w.srv.Calls())
	}
	if want := w.clock.Now().Add(time.Hour); !p.Last().Equal(want) {
		t.Errorf("last call at %v, want %v", p.Last(), want)
	}
	if _, err := os.Stat(w.dir); !errors.Is(err, os.ErrNotExist) {
		t.Error("planning created the proofs directory")
	}
	if _, err := w.client().Plan(w.dir, []string{"../x"}, Options{}); err == nil {
		t.Error("a bad id planned")
	}
}

// TestRemoveTemp: the temporary files an interrupted write leaves are
// removed, nothing else.
func TestRemoveTemp(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{".fetch-prf_20260925_120000_abcdef.json-123.tmp", "prf_20260925_120000_abcdef.json", "notes.md"} {
		os.WriteFile(filepath.Join(dir, n), nil, 0o644)
	}
	removed, err := RemoveTemp(dir)
	if err != nil || len(removed) != 1 {
		t.Fatalf("%v %v", removed, err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("%v", entries)
	}
	if r, err := RemoveTemp(filepath.Join(dir, "absent")); err != nil || r != nil {
		t.Errorf("absent directory: %v %v", r, err)
	}
}

// TestCited: every proof of the assertions, the disclosures and the freezes,
// distinct and sorted; a submission that does not parse is skipped.
func TestCited(t *testing.T) {
	a, b, c, d := "prf_20260921_101233_ab12cd", "prf_20260921_101234_ab12ce", "prf_20260914_181440_541795", "prf_20260915_090000_00aa11"
	s := &season.Season{Tracks: []*season.Track{{
		Preregistration: &season.Preregistration{Freezes: []*season.Freeze{{ProofID: d}, {ProofID: c}}},
		Submissions: []*season.SubmissionFile{
			{Submission: &submission.Submission{
				Assertions:  []submission.Assertion{{ProofIDs: []string{b, a}}, {ProofIDs: []string{a}}},
				Disclosures: map[string]submission.Disclosure{a: {}, b: {}},
			}},
			{ParseErr: errors.New("bad")},
		},
	}}}
	if got := Cited(s); strings.Join(got, " ") != strings.Join([]string{c, d, a, b}, " ") {
		t.Errorf("Cited = %v", got)
	}
}

// TestForbiddenStops: a 403 stops the run at once (the address may be
// blocked): no more budget is spent.
func TestForbiddenStops(t *testing.T) {
	w := newWorld(t, "forbidden")
	ids := w.closed(120)
	w.srv.Fault(failFirst(1000, http.StatusForbidden))
	_, rep := w.run(ids, Options{})
	var ce *CallError
	if !errors.As(rep.Stopped, &ce) || !ce.Stops || ce.Transient || ce.Status != 403 || rep.Calls != 1 || w.srv.Calls() != 1 || len(rep.Remaining) != 120 {
		t.Fatalf("%+v", rep)
	}
}

// TestBadGroupedAnswer: a grouped answer that is not the documented
// envelope is refused whole and the run goes on; ids not asked for are
// ignored as incidents; an id both served and listed as not found is
// refused.
func TestBadGroupedAnswer(t *testing.T) {
	w := newWorld(t, "bad envelope")
	ids := sortedCopy(w.closed(4))
	stranger := "prf_20260925_235959_abcdef"
	view0, _ := w.proofs[ids[0]].View()
	view1, _ := w.proofs[ids[1]].View()
	answers := []string{
		`[]`,
		`{"not_found": []}`,
		`{"proofs": null}`,
		`{"proofs": {}, "not_found": "none"}`,
		`{"proofs": {"` + ids[0] + `": ` + string(view0) + `, "` + stranger + `": ` + string(view1) + `}, "not_found": ["` + ids[0] + `", "` + ids[2] + `"]}`,
	}
	w.srv.Fault(func(req fetchtest.Request, rw http.ResponseWriter) bool {
		if req.Method != http.MethodPost {
			return false
		}
		io.WriteString(rw, answers[req.N-1])
		return true
	})
	for i := range 4 {
		_, rep := w.run(ids, Options{})
		if rep.Stopped != nil || len(rep.Failed) != 1 || rep.Calls != 1 || len(rep.Remaining) != 4 {
			t.Fatalf("answer %d: %+v", i, rep)
		}
		if msg := rep.Failed[0].Error(); !strings.Contains(msg, "POST /v1/proofs: HTTP 200 OK: the answer") {
			t.Errorf("answer %d: %s", i, msg)
		}
	}
	_, rep := w.run(ids, Options{})
	if len(rep.Incidents) != 1 || rep.Incidents[0].ProofID != stranger || len(rep.Refused) != 1 || rep.Refused[0].ProofID != ids[0] {
		t.Fatalf("%+v\n%s", rep, w.log.String())
	}
	// ids[1] and ids[3] were not served: read alone; ids[2] is not found.
	if !equal(rep.Written, []string{ids[1], ids[3]}) || !equal(rep.NotFound, []string{ids[2]}) || rep.Calls != 3 {
		t.Fatalf("%+v", rep)
	}
	if held, _ := w.cached(stranger); held != Missing {
		t.Error("a view not asked for was written")
	}
}

func TestWindowLimitBelowOne(t *testing.T) {
	w := Window{Calls: calls(-time.Minute)}
	if got, want := w.Next(t0, 0, time.Hour), t0.Add(59*time.Minute); !got.Equal(want) {
		t.Errorf("Next with limit 0 = %v, want %v (taken as 1)", got, want)
	}
	if got := Schedule(Window{}, t0, 2, 0, time.Hour); len(got) != 2 || !got[1].Equal(t0.Add(time.Hour)) {
		t.Errorf("Schedule with limit 0 = %v", got)
	}
}
