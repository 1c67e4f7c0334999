package fetch

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"time"
)

// exchange is one request.
type exchange struct {
	method, path string
	body         []byte
	ids          []string
	limit        int64 // the bound on the body of a 200
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

// retry is why an attempt is made again, and the backoff before it (zero
// when only the limit holds the next attempt back: a 429).
type retry struct {
	why  string
	wait time.Duration
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
		var be *bodyError
		if errors.As(err, &be) && be.TooLarge { // not retried: the same body would come back
			r.logCall(n, ex, left, fmt.Sprintf("HTTP %d, %v", status, err), "")
			return nil, &CallError{Method: ex.method, Path: ex.path, ProofIDs: ex.ids, Status: status, Attempts: attempt, Err: err}
		}
		if err == nil && status != http.StatusTooManyRequests && status < 500 {
			return &answer{status: status, body: body, n: n, left: left}, nil
		}
		again, lerr := r.retryFor(attempt, status, hdr, err)
		if lerr != nil {
			return nil, lerr
		}
		if attempt >= max {
			r.logCall(n, ex, left, again.why, fmt.Sprintf("; giving up after %d attempts", attempt))
			return nil, &CallError{Method: ex.method, Path: ex.path, ProofIDs: ex.ids, Status: status, Attempts: attempt, Transient: true, Err: err}
		}
		if again.wait <= 0 {
			r.logCall(n, ex, left, again.why, fmt.Sprintf("; retry %d of %d", attempt, max-1))
			continue
		}
		r.logCall(n, ex, left, again.why, fmt.Sprintf("; retry %d of %d in %s", attempt, max-1, again.wait.Round(time.Millisecond)))
		if err := r.c.sleep(ctx, again.wait); err != nil {
			return nil, err
		}
	}
}

// retryFor says why an attempt that failed with a transport error, a
// truncated body, a 429 or a 5xx is made again, and after what backoff. A
// Retry-After (always set by a 429: a whole period when the header gives
// none) is recorded in the store; a failure to record it is the error.
func (r *runner) retryFor(attempt, status int, hdr http.Header, err error) (retry, error) {
	now := r.c.now()
	switch {
	case err != nil:
		why := err.Error()
		if status != 0 {
			why = fmt.Sprintf("HTTP %d, %v", status, err)
		}
		return retry{why: why, wait: r.c.backoff(attempt)}, nil
	case status == http.StatusTooManyRequests:
		ra, ok := retryAfter(hdr, now)
		if !ok {
			ra = r.c.period() // no usable Retry-After: assume the whole window is spent
		}
		if err := r.notBefore(now.Add(ra)); err != nil {
			return retry{}, err
		}
		return retry{why: fmt.Sprintf("HTTP 429 Too Many Requests, not before %s", now.Add(ra).UTC().Format(time.RFC3339))}, nil
	}
	again := retry{why: fmt.Sprintf("HTTP %d %s", status, http.StatusText(status)), wait: r.c.backoff(attempt)}
	if ra, ok := retryAfter(hdr, now); ok {
		if err := r.notBefore(now.Add(ra)); err != nil {
			return retry{}, err
		}
	}
	return again, nil
}

// logCall writes the progress line of call n: what was asked, what came
// back (outcome), the reads left, and what happens next (then, e.g.
// "; retry 1 of 3").
func (r *runner) logCall(n int, ex exchange, left int, outcome, then string) {
	r.logf("[%d] %s: %s · %d of %d reads left%s", n, ex.label(), outcome, left, r.c.limit(), then)
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
		next := w.next(now, limit, period)
		if !next.After(now) {
			w.prune(now, period)
			w.Record(now)
			if err := r.c.Store.Save(st); err != nil {
				return 0, &localError{err}
			}
			return w.left(now, limit, period), nil
		}
		wait := next.Sub(now)
		if wait > r.c.MaxWait {
			return 0, &LimitError{ResumeAt: next, Used: w.used(now, period), Limit: limit, Period: period, RetryAfter: next.Equal(w.NotBefore)}
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

// backoff is the wait before attempt+1: the policy's backoff·2^(attempt-1),
// capped at its maxBackoff, of which the second half is random (jitter).
func (c *Client) backoff(attempt int) time.Duration {
	base, ceil := c.policy.backoff, c.policy.maxBackoff
	if base <= 0 {
		base = defaultBackoff
	}
	if ceil <= 0 {
		ceil = defaultMaxBackoff
	}
	d := base
	for i := 1; i < attempt && d < ceil; i++ {
		d *= 2
	}
	d = min(d, ceil)
	r := rand.Float64
	if c.policy.rand != nil {
		r = c.policy.rand
	}
	return d/2 + time.Duration(r()*float64(d/2))
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
