// Package pool spreads work over goroutines with results that never depend
// on scheduling: Ordered consumes the results in the order of their
// indexes, Each reports the error of the lowest index that failed.
package pool

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Ordered runs produce(0) … produce(n-1) on workers goroutines (all cores
// when workers <= 0) and calls consume(i, result) in the order of i, on the
// calling goroutine, as each result is ready. At most a few results per
// worker wait for their turn, so that memory stays bounded by the window,
// not by n. The first error, produce's or consume's, in the order of i,
// stops the run: no result after it is consumed, the work under way is
// drained, and that error is returned.
func Ordered[T any](n, workers int, produce func(i int) (T, error), consume func(i int, v T) error) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if workers > n {
		workers = n
	}
	if workers <= 1 {
		for i := range n {
			v, err := produce(i)
			if err != nil {
				return err
			}
			if err := consume(i, v); err != nil {
				return err
			}
		}
		return nil
	}
	type result struct {
		v   T
		err error
	}
	window := 4 * workers
	slots := make([]chan result, n)
	for i := range slots {
		slots[i] = make(chan result, 1)
	}
	tokens := make(chan struct{}, window) // results produced and not yet consumed
	jobs := make(chan int)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				v, err := produce(i)
				slots[i] <- result{v, err}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := range n {
			select {
			case tokens <- struct{}{}:
			case <-stop:
				return
			}
			select {
			case jobs <- i:
			case <-stop:
				return
			}
		}
	}()
	var err error
	for i := range n {
		r := <-slots[i]
		<-tokens
		if r.err == nil {
			r.err = consume(i, r.v)
		}
		if r.err != nil {
			err = r.err
			break
		}
	}
	close(stop)
	wg.Wait()
	return err
}

// Each runs f(0) … f(n-1), each once, on workers goroutines (all cores
// when workers <= 0), and returns the error of the lowest index that
// failed, whatever the order the calls ran in, or nil.
func Each(n, workers int, f func(i int) error) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	errs := make([]error, n)
	var wg sync.WaitGroup
	var next atomic.Int64
	for range min(workers, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				errs[i] = f(i)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
