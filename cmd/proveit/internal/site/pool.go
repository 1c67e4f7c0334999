package site

// The files of the build made over every core and added in a fixed order
// (pool.Ordered), so that nothing a build writes depends on scheduling.

import (
	"sync"

	"github.com/ark-forge/proveit/internal/pool"
)

// addOrdered makes the files 0 … n-1 over workers goroutines (produce)
// and adds each to out under name(i) in the order of i, so that the files
// never depend on scheduling. step, if not nil, is called once file i is
// added. The files are added by one goroutine: creating files in one
// directory from several goroutines contends for its lock, and, measured,
// took more system time and no less wall time (docs/benchmarks.md).
//
// produce(i, dst) returns file i's bytes, appended to dst (empty, with
// the memory of a file written before: out keeps nothing of a file once
// it is added (Sink.Add), and a build copying every proof view reads them
// into a few buffers, not a new one for each); it may return other
// memory, which then serves a later file.
func addOrdered(out Sink, n, workers int, name func(i int) string, produce func(i int, dst []byte) ([]byte, error), step func()) error {
	type file struct {
		data []byte
		buf  *[]byte // where data's memory goes back to
	}
	return pool.Ordered(n, workers, func(i int) (file, error) {
		buf := fileBufs.Get().(*[]byte)
		data, err := produce(i, (*buf)[:0])
		return file{data: data, buf: buf}, err
	}, func(i int, f file) error {
		if err := out.Add(name(i), f.data); err != nil {
			return err
		}
		*f.buf = f.data[:0]
		fileBufs.Put(f.buf)
		if step != nil {
			step()
		}
		return nil
	})
}

// fileBufs holds the memory addOrdered's files are made in.
var fileBufs = sync.Pool{New: func() any { return new([]byte) }}
