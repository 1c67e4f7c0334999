package fetch

import (
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/ark-forge/proveit/cmd/proveit/internal/fetch/fetchtest"
)

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
	if !errors.As(rep.Stopped, &le) || rep.Calls != 1 || w.srv.Calls() != 1 || le.Limit != readLimit {
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
	if !errors.As(rep.Stopped, &le) || !le.ResumeAt.Equal(w2.clock.Now().Add(readPeriod)) {
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
	// Backoff 2s, the second half jittered: rand 0.5 gives 1.5s.
	if s := w.clock.Sleeps(); len(s) != 1 || s[0] != 1500*time.Millisecond {
		t.Errorf("slept %v", s)
	}
	if !strings.Contains(w.log.String(), "[1] POST /v1/proofs, 50 ids: HTTP 503 Service Unavailable · 99 of 100 reads left; retry 1 of 3 in 1.5s") {
		t.Errorf("progress:\n%s", w.log.String())
	}
}

// Test5xxPersists: a 5xx that persists is given up after maxAttempts and
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

func TestRetryAfter(t *testing.T) {
	for _, c := range []struct {
		v    string
		want time.Duration
		ok   bool
	}{
		{"30", 30 * time.Second, true},
		{"0", 0, true},
		{" 120 ", 120 * time.Second, true},
		{t0.Add(45 * time.Second).Format(http.TimeFormat), 45 * time.Second, true},
		{t0.Add(-time.Hour).Format(http.TimeFormat), 0, true},
		{"-5", 0, false},
		{"1.5", 0, false},
		{"soon", 0, false},
		{"", 0, false},
	} {
		h := http.Header{}
		if c.v != "" {
			h.Set("Retry-After", c.v)
		}
		got, ok := retryAfter(h, t0)
		if got != c.want || ok != c.ok {
			t.Errorf("Retry-After %q: %v %v, want %v %v", c.v, got, ok, c.want, c.ok)
		}
	}
}

func TestBackoff(t *testing.T) {
	c := &Client{policy: policy{rand: func() float64 { return 0 }}}
	for attempt, want := range map[int]time.Duration{1: time.Second, 2: 2 * time.Second, 3: 4 * time.Second, 10: 30 * time.Second} {
		if got := c.backoff(attempt); got != want {
			t.Errorf("backoff(%d) = %v, want %v", attempt, got, want)
		}
	}
	c.policy.rand = func() float64 { return 0.999 }
	if got := c.backoff(1); got < time.Second || got >= 2*time.Second {
		t.Errorf("jittered backoff(1) = %v, want in [1s, 2s)", got)
	}
}
