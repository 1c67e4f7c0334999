package fetch

import (
	"sort"
	"time"
)

// The Trust Layer's read limit (§10 of the specification): an IP address is
// blocked beyond readLimit public-view reads per readPeriod. A GET
// /v1/proof/{id} counts one; a POST /v1/proofs of up to GroupSize ids
// counts one.
const (
	readLimit  = 100
	readPeriod = time.Hour
)

// Window is the record of the calls made to one Trust Layer from this
// machine: the times of the calls of the last period (a sliding window),
// and the time before which the Trust Layer asked not to be called again
// (from a 429's Retry-After).
type Window struct {
	Calls     []time.Time // sorted
	NotBefore time.Time   // zero when the Trust Layer set no such time
}

// used is how many of the calls count against the limit at now: those made
// after now-period (a call dated in the future, after a clock change,
// counts too).
func (w *Window) used(now time.Time, period time.Duration) int {
	from := now.Add(-period)
	n := 0
	for _, c := range w.Calls {
		if c.After(from) {
			n++
		}
	}
	return n
}

// left is how many calls the limit still allows at now.
func (w *Window) left(now time.Time, limit int, period time.Duration) int {
	return max(limit-w.used(now, period), 0)
}

// next is the earliest time, at or after now, at which a call is allowed:
// after NotBefore, and when fewer than limit calls fall in the period
// before it. A call made at c stops counting at c+period. A limit below 1
// is taken as 1.
func (w *Window) next(now time.Time, limit int, period time.Duration) time.Time {
	limit = max(limit, 1)
	t := now
	if w.NotBefore.After(t) {
		t = w.NotBefore
	}
	if k := len(w.Calls); k >= limit {
		calls := sortedTimes(w.Calls)
		if free := calls[k-limit].Add(period); free.After(t) {
			t = free
		}
	}
	return t
}

// Record adds a call made at t, keeping Calls sorted.
func (w *Window) Record(t time.Time) {
	i := sort.Search(len(w.Calls), func(i int) bool { return w.Calls[i].After(t) })
	w.Calls = append(w.Calls, time.Time{})
	copy(w.Calls[i+1:], w.Calls[i:])
	w.Calls[i] = t
}

// prune forgets the calls that no longer count at now, and a NotBefore
// that has passed.
func (w *Window) prune(now time.Time, period time.Duration) {
	from := now.Add(-period)
	kept := w.Calls[:0]
	for _, c := range w.Calls {
		if c.After(from) {
			kept = append(kept, c)
		}
	}
	w.Calls = kept
	if !w.NotBefore.After(now) {
		w.NotBefore = time.Time{}
	}
}

// schedule returns the times at which n calls can be made, one after the
// other as early as the limit allows, starting at now from the window w
// (which it does not change). A limit below 1 is taken as 1.
func schedule(w Window, now time.Time, n, limit int, period time.Duration) []time.Time {
	limit = max(limit, 1)
	sim := Window{Calls: sortedTimes(w.Calls), NotBefore: w.NotBefore}
	sim.prune(now, period)
	out := make([]time.Time, 0, n)
	t := now
	for range n {
		t = sim.next(t, limit, period)
		sim.Record(t)
		if len(sim.Calls) > 4*limit {
			sim.Calls = append([]time.Time(nil), sim.Calls[len(sim.Calls)-limit:]...)
		}
		out = append(out, t)
	}
	return out
}

func sortedTimes(ts []time.Time) []time.Time {
	out := append([]time.Time(nil), ts...)
	sort.Slice(out, func(i, j int) bool { return out[i].Before(out[j]) })
	return out
}
