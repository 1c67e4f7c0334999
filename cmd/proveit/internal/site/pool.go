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
	return pool.Ordered(n, workers, func(i int) (file, error) {
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
