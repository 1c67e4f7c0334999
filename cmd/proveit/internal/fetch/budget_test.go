package fetch

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var t0 = time.Date(2026, 10, 5, 20, 0, 0, 0, time.UTC)

func calls(offsets ...time.Duration) []time.Time {
	out := make([]time.Time, len(offsets))
	for i, o := range offsets {
		out[i] = t0.Add(o)
	}
	return out
}

// TestWindowSlides: a call counts for exactly one period after it is made;
// the next call is allowed when the oldest counted call leaves the window.
func TestWindowSlides(t *testing.T) {
	w := Window{Calls: calls(-59*time.Minute, -30*time.Minute, -time.Minute)}
	const limit, period = 3, time.Hour
	if got := w.Used(t0, period); got != 3 {
		t.Fatalf("Used = %d, want 3", got)
	}
	if got := w.Left(t0, limit, period); got != 0 {
		t.Fatalf("Left = %d, want 0", got)
	}
	if got, want := w.Next(t0, limit, period), t0.Add(time.Minute); !got.Equal(want) {
		t.Fatalf("Next = %v, want %v (the oldest call leaves the window)", got, want)
	}
	// At exactly call+period the call no longer counts.
	if got := w.Used(t0.Add(time.Minute), period); got != 2 {
		t.Fatalf("Used at the boundary = %d, want 2", got)
	}
	if got := w.Used(t0.Add(time.Minute-time.Nanosecond), period); got != 3 {
		t.Fatalf("Used just before the boundary = %d, want 3", got)
	}
	// With room, the next call is now.
	if got := w.Next(t0, 4, period); !got.Equal(t0) {
		t.Fatalf("Next with room = %v, want now", got)
	}
	// NotBefore holds the next call even with room.
	w.NotBefore = t0.Add(10 * time.Minute)
	if got := w.Next(t0, 4, period); !got.Equal(w.NotBefore) {
		t.Fatalf("Next with NotBefore = %v, want %v", got, w.NotBefore)
	}
	// Calls older than the window are pruned; a passed NotBefore too.
	w.Calls = append(w.Calls, t0.Add(-2*time.Hour))
	w.Prune(t0.Add(11*time.Minute), period)
	if len(w.Calls) != 2 || !w.NotBefore.IsZero() {
		t.Fatalf("after Prune: %v, NotBefore %v", w.Calls, w.NotBefore)
	}
	// A call dated in the future (a clock set back) counts.
	f := Window{Calls: calls(2 * time.Hour)}
	if f.Used(t0, period) != 1 {
		t.Fatal("a future call does not count")
	}
}

func TestRecordKeepsOrder(t *testing.T) {
	var w Window
	for _, o := range []time.Duration{3, 1, 2, 1, 0} {
		w.Record(t0.Add(o * time.Second))
	}
	for i := 1; i < len(w.Calls); i++ {
		if w.Calls[i].Before(w.Calls[i-1]) {
			t.Fatalf("not sorted: %v", w.Calls)
		}
	}
}

// TestSchedule: 250 calls from a window holding 97 calls of the last half
// hour, at 100 per hour: 3 now, then each slot as an old call leaves it.
func TestSchedule(t *testing.T) {
	var w Window
	for i := range 97 {
		w.Record(t0.Add(-30*time.Minute + time.Duration(i)*time.Second))
	}
	times := Schedule(w, t0, 250, ReadLimit, ReadPeriod)
	if len(times) != 250 {
		t.Fatalf("%d times", len(times))
	}
	for i := range 3 {
		if !times[i].Equal(t0) {
			t.Fatalf("call %d at %v, want now", i, times[i])
		}
	}
	// Call 3 waits for the first old call to leave: t0-30m+0s+1h.
	if want := t0.Add(30 * time.Minute); !times[3].Equal(want) {
		t.Fatalf("call 3 at %v, want %v", times[3], want)
	}
	if want := t0.Add(30*time.Minute + 96*time.Second); !times[99].Equal(want) {
		t.Fatalf("call 99 at %v, want %v", times[99], want)
	}
	// Calls 100..102 reuse the slots of the three made at t0.
	if want := t0.Add(time.Hour); !times[100].Equal(want) || !times[102].Equal(want) {
		t.Fatalf("calls 100-102 at %v, %v, want %v", times[100], times[102], want)
	}
	// Never more than 100 calls in any hour.
	all := append(append([]time.Time(nil), w.Calls...), times...)
	for i := range all {
		n := 0
		for _, c := range all {
			if !c.Before(all[i]) && c.Before(all[i].Add(ReadPeriod)) {
				n++
			}
		}
		if n > ReadLimit {
			t.Fatalf("%d calls in the hour from %v", n, all[i])
		}
	}
	if got := Schedule(Window{}, t0, 0, ReadLimit, ReadPeriod); len(got) != 0 {
		t.Fatalf("no call: %v", got)
	}
}

func TestFileStore(t *testing.T) {
	p := filepath.Join(t.TempDir(), "state", "fetch-state.json")
	fs := FileStore{Path: p}
	st, err := fs.Load()
	if err != nil || len(st.TrustLayers) != 0 {
		t.Fatalf("absent file: %v, %v", st, err)
	}
	w := st.Window(DefaultBase)
	w.Record(t0)
	w.Record(t0.Add(-time.Minute))
	w.NotBefore = t0.Add(time.Hour)
	if err := fs.Save(st); err != nil {
		t.Fatal(err)
	}
	back, err := fs.Load()
	if err != nil {
		t.Fatal(err)
	}
	bw := back.Window(DefaultBase)
	if len(bw.Calls) != 2 || !bw.Calls[0].Equal(t0.Add(-time.Minute)) || !bw.NotBefore.Equal(t0.Add(time.Hour)) {
		t.Fatalf("round trip: %+v", bw)
	}
	raw, _ := os.ReadFile(p)
	for _, want := range []string{`"format": "proveit-fetch-state/1"`, `"https://trustlayer.arkforge.tech"`, `"2026-10-05T20:00:00Z"`, `"not_before": "2026-10-05T21:00:00Z"`} {
		if !strings.Contains(string(raw), want) {
			t.Errorf("state file lacks %s:\n%s", want, raw)
		}
	}
	entries, _ := os.ReadDir(filepath.Dir(p))
	if len(entries) != 1 {
		t.Errorf("leftovers beside the state file: %v", entries)
	}
	for _, bad := range []string{"", "{", `{"format": "other/1", "trust_layers": {}}`, `{"format": "proveit-fetch-state/1", "trust_layers": {}, "extra": 1}`, `{"format": "proveit-fetch-state/1", "trust_layers": {"x": {"calls": ["yesterday"]}}}`} {
		os.WriteFile(p, []byte(bad), 0o644)
		if _, err := fs.Load(); err == nil || !strings.Contains(err.Error(), p) {
			t.Errorf("state %q: err %v, want an error naming the file", bad, err)
		}
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
	c := &Client{Rand: func() float64 { return 0 }}
	for attempt, want := range map[int]time.Duration{1: time.Second, 2: 2 * time.Second, 3: 4 * time.Second, 10: 30 * time.Second} {
		if got := c.backoff(attempt); got != want {
			t.Errorf("backoff(%d) = %v, want %v", attempt, got, want)
		}
	}
	c.Rand = func() float64 { return 0.999 }
	if got := c.backoff(1); got < time.Second || got >= 2*time.Second {
		t.Errorf("jittered backoff(1) = %v, want in [1s, 2s)", got)
	}
}

func TestNormalizeBase(t *testing.T) {
	for in, want := range map[string]string{
		"https://trustlayer.arkforge.tech":  "https://trustlayer.arkforge.tech",
		"https://trustlayer.arkforge.tech/": "https://trustlayer.arkforge.tech",
		"http://127.0.0.1:8080/api/":        "http://127.0.0.1:8080/api",
	} {
		if got, err := NormalizeBase(in); err != nil || got != want {
			t.Errorf("%q: %q %v, want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "trustlayer.arkforge.tech", "ftp://x", "https://", "https://x?y=1", "https://u@x", "https://x#f"} {
		if _, err := NormalizeBase(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
