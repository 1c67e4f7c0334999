package build

// The worker pool of the build: work spread over every core, results
// consumed in a fixed order, so that nothing a build writes depends on
// scheduling.

import (
	"runtime"
	"sync"
)

// ordered runs produce(0) … produce(n-1) on workers goroutines (all cores
// when workers <= 0) and calls consume(i, result) in the order of i, on the
// calling goroutine, as each result is ready. At most a few results per
// worker wait for their turn, so that memory stays bounded by the window,
// not by n. The first error, produce's or consume's, in the order of i,
// stops the run: no result after it is consumed, the work under way is
// drained, and that error is returned.
func ordered[T any](n, workers int, produce func(i int) (T, error), consume func(i int, v T) error) error {
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

// addOrdered makes the files 0 … n-1 over workers goroutines (produce)
// and adds each to out under name(i) in the order of i, so that the files
// never depend on scheduling. step, if not nil, is called once file i is
// added. The files are added by one goroutine: creating files in one
// directory from several goroutines contends for its lock, and, measured,
// took more system time and no less wall time (docs/benchmarks.md).
//
// produce(i, dst) returns file i's bytes, appended to dst (empty, with
// the memory of a file written before when out is a Stage, which is done
// with a file's bytes once they are on disk: a build copying every proof
// view reads them into a few buffers, not a new one for each); it may
// return other memory, which then serves a later file.
func addOrdered(out Sink, n, workers int, name func(i int) string, produce func(i int, dst []byte) ([]byte, error), step func()) error {
	reuse := !keepsData(out)
	type file struct {
		data []byte
		buf  *[]byte // where data's memory goes back to, when reused
	}
	return ordered(n, workers, func(i int) (file, error) {
		if !reuse {
			data, err := produce(i, nil)
			return file{data: data}, err
		}
		buf := fileBufs.Get().(*[]byte)
		data, err := produce(i, (*buf)[:0])
		return file{data: data, buf: buf}, err
	}, func(i int, f file) error {
		if err := out.Add(name(i), f.data); err != nil {
			return err
		}
		if f.buf != nil {
			*f.buf = f.data[:0]
			fileBufs.Put(f.buf)
		}
		if step != nil {
			step()
		}
		return nil
	})
}

// keepsData reports whether out may still hold the bytes given to Add once
// it returns: a Tree keeps them; a Stage has written them to disk and is
// done with them (TestStageKeepsNoData), so that their memory serves the
// next file or page.
func keepsData(out Sink) bool {
	_, stage := out.(*Stage)
	return !stage
}

// fileBufs holds the memory addOrdered's files are made in, for a Stage.
var fileBufs = sync.Pool{New: func() any { return new([]byte) }}
