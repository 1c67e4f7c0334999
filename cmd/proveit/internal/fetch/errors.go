package fetch

import (
	"fmt"
	"net/http"
	"strings"
	"time"
)

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

// bodyError is a response body refused: larger than its bound, or cut
// short. A CallError wraps it.
type bodyError struct {
	TooLarge bool
	Limit    int64 // the bound, for TooLarge
	Declared int64 // Content-Length, -1 when not declared
	Got      int64 // bytes read
	Err      error // the read error, for a truncated body
}

func (e *bodyError) Error() string {
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

// localError is a failure on this machine (the store, the cache): Run
// returns it.
type localError struct{ err error }

func (e *localError) Error() string { return e.err.Error() }
func (e *localError) Unwrap() error { return e.err }
