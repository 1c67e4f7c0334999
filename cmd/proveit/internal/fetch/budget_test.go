package fetch

import (
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
	if got := w.used(t0, period); got != 3 {
		t.Fatalf("Used = %d, want 3", got)
	}
	if got := w.left(t0, limit, period); got != 0 {
		t.Fatalf("Left = %d, want 0", got)
	}
	if got, want := w.next(t0, limit, period), t0.Add(time.Minute); !got.Equal(want) {
		t.Fatalf("Next = %v, want %v (the oldest call leaves the window)", got, want)
	}
	// At exactly call+period the call no longer counts.
	if got := w.used(t0.Add(time.Minute), period); got != 2 {
		t.Fatalf("Used at the boundary = %d, want 2", got)
	}
	if got := w.used(t0.Add(time.Minute-time.Nanosecond), period); got != 3 {
		t.Fatalf("Used just before the boundary = %d, want 3", got)
	}
	// With room, the next call is now.
	if got := w.next(t0, 4, period); !got.Equal(t0) {
		t.Fatalf("Next with room = %v, want now", got)
	}
	// NotBefore holds the next call even with room.
	w.NotBefore = t0.Add(10 * time.Minute)
	if got := w.next(t0, 4, period); !got.Equal(w.NotBefore) {
		t.Fatalf("Next with NotBefore = %v, want %v", got, w.NotBefore)
	}
	// Calls older than the window are pruned; a passed NotBefore too.
	w.Calls = append(w.Calls, t0.Add(-2*time.Hour))
	w.prune(t0.Add(11*time.Minute), period)
	if len(w.Calls) != 2 || !w.NotBefore.IsZero() {
		t.Fatalf("after Prune: %v, NotBefore %v", w.Calls, w.NotBefore)
	}
	// A call dated in the future (a clock set back) counts.
	f := Window{Calls: calls(2 * time.Hour)}
	if f.used(t0, period) != 1 {
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
	times := schedule(w, t0, 250, readLimit, readPeriod)
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
			if !c.Before(all[i]) && c.Before(all[i].Add(readPeriod)) {
				n++
			}
		}
		if n > readLimit {
			t.Fatalf("%d calls in the hour from %v", n, all[i])
		}
	}
	if got := schedule(Window{}, t0, 0, readLimit, readPeriod); len(got) != 0 {
		t.Fatalf("no call: %v", got)
	}
}

func TestWindowLimitBelowOne(t *testing.T) {
	w := Window{Calls: calls(-time.Minute)}
	if got, want := w.next(t0, 0, time.Hour), t0.Add(59*time.Minute); !got.Equal(want) {
		t.Errorf("Next with limit 0 = %v, want %v (taken as 1)", got, want)
	}
	if got := schedule(Window{}, t0, 2, 0, time.Hour); len(got) != 2 || !got[1].Equal(t0.Add(time.Hour)) {
		t.Errorf("schedule with limit 0 = %v", got)
	}
}
