package pool

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestOrdered: every result is consumed once, in the order of its index,
// whatever the number of workers and however long each item takes; the
// first error in index order is the one returned and nothing after it is
// consumed; and no more than the window of results waits at once.
func TestOrdered(t *testing.T) {
	for _, c := range []struct {
		n, workers int
		failAt     int // produce fails at this index; -1 never
		consumeErr int // consume fails at this index; -1 never
		slow       bool
	}{
		{60, 2, -1, -1, true}, // the consumer slower than the workers
		{0, 2, -1, -1, false},
		{1, 2, -1, -1, false},
		{100, 1, -1, -1, false},
		{100, 2, -1, -1, false},
		{500, 7, -1, -1, false},
		{100, 0, -1, -1, false},
		{100, 3, 37, -1, false},
		{100, 3, -1, 50, false},
		{100, 3, 80, 20, false},
		{100, 1, 10, -1, false},
	} {
		t.Run(fmt.Sprintf("n=%d workers=%d fail=%d consumeErr=%d slow=%v", c.n, c.workers, c.failAt, c.consumeErr, c.slow), func(t *testing.T) {
			var inFlight, maxInFlight atomic.Int64
			var got []int
			err := Ordered(c.n, c.workers, func(i int) (int, error) {
				if v := inFlight.Add(1); v > maxInFlight.Load() {
					maxInFlight.Store(v)
				}
				// Later items finish first: the order of completion is
				// not the order of consumption.
				time.Sleep(time.Duration((c.n-i)%5) * 100 * time.Microsecond)
				if i == c.failAt {
					return 0, fmt.Errorf("produce %d", i)
				}
				return i * i, nil
			}, func(i, v int) error {
				if c.slow {
					time.Sleep(time.Millisecond)
				}
				inFlight.Add(-1)
				if v != i*i {
					t.Errorf("item %d consumed with the result %d", i, v)
				}
				got = append(got, i)
				if i == c.consumeErr {
					return fmt.Errorf("consume %d", i)
				}
				return nil
			})
			first := c.n
			want := ""
			if c.failAt >= 0 && c.failAt < first {
				first, want = c.failAt, fmt.Sprintf("produce %d", c.failAt)
			}
			if c.consumeErr >= 0 && c.consumeErr < first {
				first, want = c.consumeErr+1, fmt.Sprintf("consume %d", c.consumeErr)
			}
			if (err == nil) != (want == "") || (err != nil && err.Error() != want) {
				t.Errorf("error %v, want %q", err, want)
			}
			if len(got) != first {
				t.Fatalf("%d items consumed, want %d", len(got), first)
			}
			for i, v := range got {
				if v != i {
					t.Fatalf("consumed in the order %v", got)
				}
			}
			workers := c.workers
			if workers <= 0 {
				workers = runtime.GOMAXPROCS(0)
			}
			if limit := int64(4*workers + workers); maxInFlight.Load() > limit {
				t.Errorf("%d results waited at once, more than the window %d", maxInFlight.Load(), limit)
			}
		})
	}
}

// TestEachFirstError: Each calls f once for every index, on one to
// four goroutines, and returns the error of the lowest index that failed, whatever
// the order the calls ran in: the error a build reports does not depend on
// scheduling.
func TestEachFirstError(t *testing.T) {
	for _, n := range []int{0, 1, 2, 7, 100} {
		for round := range 20 {
			var calls sync.Map
			failing := map[int]bool{n - 1: true, n / 2: true, n / 3: true}
			err := Each(n, 1+round%4, func(i int) error {
				if _, again := calls.LoadOrStore(i, true); again {
					t.Errorf("n=%d: f(%d) called twice", n, i)
				}
				if failing[i] {
					return fmt.Errorf("index %d", i)
				}
				return nil
			})
			count := 0
			calls.Range(func(any, any) bool { count++; return true })
			if count != n {
				t.Fatalf("n=%d round %d: %d calls, want %d", n, round, count, n)
			}
			want := ""
			if n > 0 {
				want = fmt.Sprintf("index %d", n/3)
			}
			if got := fmt.Sprint(err); n > 0 && got != want || n == 0 && err != nil {
				t.Fatalf("n=%d round %d: got %v, want %q", n, round, err, want)
			}
		}
	}
}
