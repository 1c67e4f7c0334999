// Command files measures what creating files costs on a machine, the part
// of a build that neither the cryptographic floor nor the build's own code
// sets: it creates N files of SIZE bytes in each of D new directories
// under DIR, as proveit's Stage does (O_CREAT|O_EXCL, one write, close),
// from one goroutine, or from one goroutine per directory with -par, then
// removes them. It prints the wall time and the process's user and system
// time, and the system time per file (README, « Benchmarks »).
//
// Usage:
//
//	go run ./scripts/files [-dir DIR] [-n 30000] [-d 1] [-size 0] [-par]
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"time"
)

func main() {
	dir := flag.String("dir", os.TempDir(), "the directory to create the files under (in a new directory of it, removed at the end)")
	n := flag.Int("n", 30000, "files per directory")
	d := flag.Int("d", 1, "directories")
	size := flag.Int("size", 0, "bytes per file")
	par := flag.Bool("par", false, "one goroutine per directory, all at once")
	flag.Parse()
	if *n < 1 || *d < 1 || *size < 0 || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	root, err := os.MkdirTemp(*dir, "files-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "files:", err)
		os.Exit(1)
	}
	defer os.RemoveAll(root)
	fail := func(err error) {
		os.RemoveAll(root)
		fmt.Fprintln(os.Stderr, "files:", err)
		os.Exit(1)
	}
	for k := range *d {
		if err := os.Mkdir(filepath.Join(root, fmt.Sprint(k)), 0o755); err != nil {
			fail(err)
		}
	}
	data := make([]byte, *size)
	create := func(k int) error {
		for i := range *n {
			f, err := os.OpenFile(filepath.Join(root, fmt.Sprint(k), fmt.Sprintf("prf_%08d.json", i)), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
			if err != nil {
				return err
			}
			_, err = f.Write(data)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return err
			}
		}
		return nil
	}
	var before syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &before)
	start := time.Now()
	errs := make([]error, *d)
	var wg sync.WaitGroup
	for k := range *d {
		if *par {
			wg.Add(1)
			go func() { defer wg.Done(); errs[k] = create(k) }()
		} else {
			errs[k] = create(k)
		}
	}
	wg.Wait()
	wall := time.Since(start)
	for _, err := range errs {
		if err != nil {
			fail(err)
		}
	}
	var after syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &after)
	user := time.Duration(after.Utime.Nano() - before.Utime.Nano())
	sys := time.Duration(after.Stime.Nano() - before.Stime.Nano())
	total := *n * *d
	fmt.Printf("%d files of %d bytes in %d directories (par=%v): wall %.2f s, user %.2f s, system %.2f s, %.0f µs of system time per file\n",
		total, *size, *d, *par, wall.Seconds(), user.Seconds(), sys.Seconds(), float64(sys.Microseconds())/float64(total))
}
