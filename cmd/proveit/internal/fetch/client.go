package fetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// DefaultBase is the Trust Layer's base URL.
const DefaultBase = "https://trustlayer.arkforge.tech"

// userAgent is sent with every request.
const userAgent = "proveit-fetch/1 (+https://github.com/ark-forge/proveit)"

// Client reads proof views from one Trust Layer, and the Rekor entries
// they name from one Rekor log. Base and Store are required; a zero field
// takes its default.
type Client struct {
	Base  string       // the Trust Layer's base URL, e.g. DefaultBase
	HTTP  *http.Client // default: a client with a two-minute timeout
	Store Store        // the read budget, kept between runs

	// Rekor is the Rekor log's base URL (the baseUrl its trusted root
	// pins, e.g. https://rekor.sigstore.dev); "" reads no entry.
	Rekor string
	// MaxEntries is the most Rekor entries one run reads; zero is
	// DefaultMaxEntries.
	MaxEntries int

	// MaxWait is the longest the run waits, at once, for the limit (the
	// sliding window, or a Retry-After): a longer wait stops the run with a
	// *LimitError saying when to resume. Zero never waits for the limit.
	MaxWait time.Duration

	// Progress, when set, gets one line per call (what was asked, what came
	// back, the reads left) and one per proof refused or incident.
	Progress io.Writer

	policy policy
}

// policy is a Client's clock, limit and retry policy. Its zero value is the
// real one; only the package's tests set it.
type policy struct {
	now   func() time.Time                           // default time.Now
	sleep func(context.Context, time.Duration) error // default: a timer that ctx interrupts
	rand  func() float64                             // in [0, 1), for the backoff's jitter; default math/rand/v2

	limit  int           // reads per period; default readLimit
	period time.Duration // default readPeriod

	maxAttempts int           // attempts of one call before giving up; default defaultMaxAttempts
	backoff     time.Duration // the first retry's backoff, doubled at each attempt; default defaultBackoff
	maxBackoff  time.Duration // default defaultMaxBackoff
}

// The defaults of the retry policy.
const (
	defaultMaxAttempts = 4
	defaultBackoff     = 2 * time.Second
	defaultMaxBackoff  = time.Minute
)

// NormalizeBase checks a base URL (http or https, a host, no query, no
// fragment, no user) and returns it without a trailing slash.
func NormalizeBase(base string) (string, error) {
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" {
		return "", fmt.Errorf("base URL %q: want http(s)://HOST[:PORT][/PATH], no query, no fragment", base)
	}
	return strings.TrimRight(u.Scheme+"://"+u.Host+u.EscapedPath(), "/"), nil
}

// check returns the client's base URL and Rekor URL, normalized, or why
// the client cannot read.
func (c *Client) check() (string, string, error) {
	if c.Store == nil {
		return "", "", errors.New("fetch: the client has no budget Store")
	}
	base, err := NormalizeBase(c.Base)
	if err != nil {
		return "", "", err
	}
	if c.Rekor == "" {
		return base, "", nil
	}
	rekor, err := NormalizeBase(c.Rekor)
	if err != nil {
		return "", "", fmt.Errorf("Rekor %w", err)
	}
	return base, rekor, nil
}

func (c *Client) now() time.Time {
	if c.policy.now != nil {
		return c.policy.now()
	}
	return time.Now()
}

func (c *Client) sleep(ctx context.Context, d time.Duration) error {
	if c.policy.sleep != nil {
		return c.policy.sleep(ctx, d)
	}
	return sleepContext(ctx, d)
}

// sleepContext waits d, or until ctx is done (its error).
func sleepContext(ctx context.Context, d time.Duration) error {
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
	if c.policy.limit > 0 {
		return c.policy.limit
	}
	return readLimit
}

func (c *Client) period() time.Duration {
	if c.policy.period > 0 {
		return c.policy.period
	}
	return readPeriod
}

func (c *Client) attempts() int {
	if c.policy.maxAttempts > 0 {
		return c.policy.maxAttempts
	}
	return defaultMaxAttempts
}

func (c *Client) httpClient() *http.Client {
	if c.HTTP != nil {
		return c.HTTP
	}
	return &http.Client{Timeout: 2 * time.Minute}
}
