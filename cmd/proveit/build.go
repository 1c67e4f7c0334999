package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"

	"github.com/ark-forge/proveit/cmd/proveit/internal/site"
	"github.com/ark-forge/proveit/scorer/vcache"
)

func runBuild(e *env, args []string) int {
	fs := newFlags("build", "[--seasons DIR] [--out DIR] [--cache DIR | --no-cache] [--close] [--quiet] [--memory-limit SIZE] [--cpuprofile FILE] [--memprofile FILE]", `
Build loads every season under the seasons directory strictly, renders the
Index and replaces the output directory with it as a whole: a build that fails
leaves the previous output untouched. The output directory is replaced only if
it is absent, empty or a previous build (its SHA256SUMS lists exactly its
files); one that is, contains or lies inside the seasons directory or a season,
or that holds a .git, a go.mod or a season.toml, is refused. It reads no network, and no clock
but to trim its verification cache (below): the same inputs give the same bytes
on any machine.

The files are written into a sibling of the output, .<out>.new-<digits>,
marked as a build's by the file of its name with .stage added. While it
writes, a build holds a lock on the output, an flock of the file .<out>.lock
beside it (removed at the end): a second build of the same output refuses at
once, writing nothing, and names the lock file. The kernel releases the lock
of a build that is killed, so a lock file left behind blocks nothing. A build
removes the staging directories that builds of the same output left when they
were interrupted (killed, or the machine stopped), only those marked as a
build's, and names each on stderr (except with --quiet).

It prints, per scored track, the count of each task status and each cause, the
incidents (instrument defects and flat fields for the Trust Layer, submissions
the season service should have refused) and the participants still pending.
With --close (the build that publishes a close) it refuses, writing nothing,
while a closed season has a pending participant: every batch must be anchored
before the close is published.

It reports its progress on stderr (a bar on a terminal, a line per tenth of
each step otherwise), except with --quiet; the files are the same either way.

It keeps every proof's verification in a cache, by default in the user cache
directory (proveit/verify under $XDG_CACHE_HOME, else ~/.cache, on Linux: as
the go command keeps its build cache), keyed by the SHA-256 of everything the
verification reads, so that a rebuild verifies again only the proofs whose
inputs changed; it prints the cache's hits and misses. --cache DIR keeps it in
DIR instead (created if needed; keep it outside the output); --no-cache reads
and writes no cache: the build reads only the seasons directory. When the user
cache directory cannot be determined (neither $XDG_CACHE_HOME nor $HOME set) or
made, the build goes on without a cache and says so in one line on stderr. The
entries are laid out as the go command lays out its cache, one file per entry,
each written atomically; several builds may share a directory. An entry that does
not authenticate (altered, truncated, over 1 MiB, of another version) is
verified again and replaced, never trusted. Entries unused for 30 days are
removed at the end of a build; nothing else bounds the directory, which may be
deleted at any time. The files are the same with a cache, warm or cold, as
without one; proveit check never reads or writes one.

It sets a soft memory limit of 768 MiB (--memory-limit, or GOMEMLIMIT when the
flag is not given): past it the garbage collector runs more often rather than
let the heap grow. It is not a cap: a build whose live data needs more goes on,
more slowly. The files are the same under any limit.`, e.stderr)
	seasons := fs.String("seasons", "seasons", "the directory holding one directory per season")
	out := fs.String("out", "public", "the site directory to replace")
	closing := fs.Bool("close", false, "refuse to write while a closed season has a pending participant")
	quiet := fs.Bool("quiet", false, "print nothing but errors, and no progress")
	cacheDir := fs.String("cache", "", "keep proof verifications in `DIR`, outside the output (default: proveit/verify in the user cache directory)")
	noCache := fs.Bool("no-cache", false, "read and write no verification cache: verify every proof")
	memoryLimit := fs.String("memory-limit", "", memoryLimitUsage)
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the build to `FILE` (go tool pprof reads it)")
	memprofile := fs.String("memprofile", "", "write a profile of the live heap to `FILE` after a collection when the last track of a closed season is scored, what the tracks keep of every participant held, each one's report written and dropped (of several seasons, the one with the largest live heap; go tool pprof reads it)")
	if pos, err := parseArgs(fs, args); err != nil {
		return exitFor(err)
	} else if len(pos) != 0 {
		fs.Usage()
		return 2
	}
	cacheSet := false
	fs.Visit(func(f *flag.Flag) { cacheSet = cacheSet || f.Name == "cache" })
	switch {
	case cacheSet && *noCache:
		fmt.Fprintf(e.stderr, "proveit build: --cache and --no-cache: choose one\n")
		return 2
	case cacheSet && *cacheDir == "":
		fmt.Fprintf(e.stderr, "proveit build: --cache needs a directory\n")
		return 2
	}
	restore, err := applyMemoryLimit(*memoryLimit)
	if err != nil {
		fmt.Fprintf(e.stderr, "proveit build: %v\n", err)
		return 2
	}
	defer restore()
	// Before anything: an output that is the seasons, a repository or
	// anything but a previous build is never replaced.
	if err := site.CheckTarget(*out, *seasons); err != nil {
		fmt.Fprintf(e.stderr, "proveit build: %v\n", err)
		return 1
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fmt.Fprintf(e.stderr, "proveit build: %v\n", err)
			return 1
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintf(e.stderr, "proveit build: %v\n", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	opts := site.Options{}
	if !*quiet {
		opts.Progress = site.NewProgress(e.stderr)
	}
	if !*noCache {
		c, err := openCache(*cacheDir)
		if err != nil && *cacheDir != "" {
			fmt.Fprintf(e.stderr, "proveit build: --cache: %v\n", err)
			return 1
		}
		if err != nil {
			// The files do not depend on the cache: without one, every
			// proof is verified.
			if !*quiet {
				fmt.Fprintf(e.stderr, "proveit build: no verification cache, every proof is verified (--cache DIR chooses one): %v\n", err)
			}
		} else {
			opts.Cache = c
			// Each entry is written as it is verified; Close trims the
			// directory, whether the build succeeds or not. A cache that
			// cannot be trimmed does not fail the build, whose files do
			// not depend on it.
			defer func() {
				if err := c.Close(); err != nil {
					fmt.Fprintf(e.stderr, "proveit build: verification cache: %v (the build is not affected)\n", err)
				}
			}()
		}
	}
	// Each file is written as it is made into a sibling of the output,
	// which replaces the output as a whole at the end, or is removed.
	st, err := site.NewStage(*out)
	if err != nil {
		fmt.Fprintf(e.stderr, "proveit build: %v\n", err)
		return 1
	}
	if !*quiet {
		for _, p := range st.Removed() {
			fmt.Fprintf(e.stderr, "proveit build: removed %s, left by a build of %s that was interrupted\n", p, *out)
		}
	}
	heap := &peak{}
	if *memprofile != "" {
		heap = &peak{live: liveHeap, write: func() error { return writeHeapProfile(*memprofile) }}
		opts.Scored = heap.observe
	}
	sum, err := site.RunTo(*seasons, st, opts)
	if err == nil && heap.err != nil {
		err = fmt.Errorf("--memprofile: %w", heap.err)
	}
	if err != nil {
		st.Abort()
		fmt.Fprintf(e.stderr, "proveit build: %v\n", err)
		return 1
	}
	if !*quiet {
		sum.Write(e.stdout)
		if opts.Cache != nil {
			writeCacheStats(e.stdout, opts.Cache)
		}
	}
	if *closing && sum.Pending() {
		st.Abort()
		fmt.Fprintf(e.stderr, "proveit build: --close: a closed season still has pending participants (above): nothing is written; run proveit fetch once their batches are anchored\n")
		return 1
	}
	if err := st.Commit(); err != nil {
		fmt.Fprintf(e.stderr, "proveit build: %v\n", err)
		return 1
	}
	if !*quiet {
		fmt.Fprintf(e.stdout, "proveit build: wrote %d files into %s", st.Len(), *out)
		if n := st.Reused(); n > 0 {
			fmt.Fprintf(e.stdout, " (%d of them unchanged, linked from the previous output rather than written again)", n)
		}
		fmt.Fprintln(e.stdout)
	}
	return 0
}

// openCache opens the verification cache in dir, or in the default
// directory (vcache.DefaultDir) when dir is "".
func openCache(dir string) (*vcache.Cache, error) {
	if dir == "" {
		var err error
		if dir, err = vcache.DefaultDir(); err != nil {
			return nil, err
		}
	}
	return vcache.Open(dir)
}

// writeCacheStats prints what the verification cache did in this build.
func writeCacheStats(w io.Writer, c *vcache.Cache) {
	s := c.Stats()
	fmt.Fprintf(w, "proveit build: verification cache %s: %d hits, %d misses (%d rejected, %d stale), %d written", c.Dir(), s.Hits, s.Misses, s.Rejected, s.Stale, s.Written)
	if s.Failed > 0 {
		fmt.Fprintf(w, ", %d not written (an error)", s.Failed)
	}
	fmt.Fprintln(w)
}

// peak writes a profile each time the live heap is larger than at every
// earlier observation, so that the last one written is the largest's;
// after a write fails it writes no more and keeps the error.
type peak struct {
	live    func() uint64
	write   func() error
	largest uint64
	err     error
}

func (p *peak) observe() {
	if p.err != nil {
		return
	}
	if n := p.live(); n > p.largest {
		p.largest = n
		p.err = p.write()
	}
}

// liveHeap is the bytes of live heap objects, after a garbage collection.
func liveHeap() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// writeHeapProfile writes the heap profile of the live objects to path,
// replacing it: the profile is that of the last garbage collection, which
// liveHeap has just run (peak calls one, then the other).
func writeHeapProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := pprof.WriteHeapProfile(f); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	return f.Close()
}

func runCheck(e *env, args []string) int {
	fs := newFlags("check", "[--seasons DIR] [--out DIR] [--memory-limit SIZE]", `
Check rebuilds the Index into a temporary directory, exactly as build would,
and compares it with the site directory byte for byte. It exits 1 and lists
every file that is missing, extra or different when the committed site is not
what the inputs produce. It uses no verification cache: it verifies every
proof, so that what it compares with is what the inputs alone produce. Its
soft memory limit is build's (768 MiB, --memory-limit, GOMEMLIMIT).`, e.stderr)
	seasons := fs.String("seasons", "seasons", "the directory holding one directory per season")
	out := fs.String("out", "public", "the committed site directory to compare with")
	memoryLimit := fs.String("memory-limit", "", memoryLimitUsage)
	if pos, err := parseArgs(fs, args); err != nil {
		return exitFor(err)
	} else if len(pos) != 0 {
		fs.Usage()
		return 2
	}
	restore, err := applyMemoryLimit(*memoryLimit)
	if err != nil {
		fmt.Fprintf(e.stderr, "proveit check: %v\n", err)
		return 2
	}
	defer restore()
	tmp, err := os.MkdirTemp("", "proveit-check-")
	if err != nil {
		fmt.Fprintf(e.stderr, "proveit check: %v\n", err)
		return 1
	}
	defer os.RemoveAll(tmp)
	// The rebuild is streamed to disk as a build is, and the two trees are
	// compared one file at a time.
	rebuilt := filepath.Join(tmp, "public")
	st, err := site.NewStage(rebuilt)
	if err != nil {
		fmt.Fprintf(e.stderr, "proveit check: %v\n", err)
		return 1
	}
	if _, err := site.RunTo(*seasons, st, site.Options{}); err != nil {
		st.Abort()
		fmt.Fprintf(e.stderr, "proveit check: %v\n", err)
		return 1
	}
	if err := st.Commit(); err != nil {
		fmt.Fprintf(e.stderr, "proveit check: %v\n", err)
		return 1
	}
	diff, err := site.DiffDirs(rebuilt, *out)
	if err != nil {
		fmt.Fprintf(e.stderr, "proveit check: %v\n", err)
		return 1
	}
	if len(diff) > 0 {
		fmt.Fprintf(e.stderr, "proveit check: %s differs from what the seasons build (%d files):\n", *out, len(diff))
		for _, d := range diff {
			fmt.Fprintf(e.stderr, "  %s\n", d)
		}
		fmt.Fprintf(e.stderr, "run \"go run ./cmd/proveit build\" and commit %s\n", *out)
		return 1
	}
	fmt.Fprintf(e.stdout, "proveit check: %s is what the seasons build (%d files)\n", *out, st.Len())
	return 0
}
