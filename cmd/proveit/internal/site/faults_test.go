package site

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// buildInto builds root into out through a Stage, as proveit build does:
// Commit on success, Abort on failure.
func buildInto(root, out string) error {
	st, err := NewStage(out)
	if err != nil {
		return err
	}
	if _, err := RunTo(root, st, Options{}); err != nil {
		st.Abort()
		return err
	}
	return st.Commit()
}

// assertWhole fails unless out is a whole build: its SHA256SUMS lists
// exactly its other files, each with its SHA-256, and it is want.
func assertWhole(t *testing.T, out string, want Tree) {
	t.Helper()
	got, err := ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSuffix(string(got[sumsFile]), "\n"), "\n") {
		sum, name, ok := strings.Cut(line, "  ")
		if !ok {
			t.Fatalf("%s: line %q", sumsFile, line)
		}
		h := sha256.Sum256(got[name])
		if _, present := got[name]; !present || hex.EncodeToString(h[:]) != sum {
			t.Errorf("%s does not match its sum in %s", name, sumsFile)
		}
		listed[name] = true
	}
	for name := range got {
		if name != sumsFile && !listed[name] {
			t.Errorf("%s is not listed in %s", name, sumsFile)
		}
	}
	for _, d := range Diff(want, got) {
		t.Error(d)
	}
}

// TestClearDebris: a build removes, beside its output, the staging
// directories interrupted builds left, only those marked as a build's, and
// lists them; a look-alike without its marker, or with another marker, or
// of another name, is left as it is, and so is the previous tree a
// two-step replacement moved aside while the output is missing.
func TestClearDebris(t *testing.T) {
	const (
		dir    = "dir"    // a directory holding a file
		file   = "file"   // a file
		marker = "marker" // a file holding stageMarker
		other  = "other"  // a file holding something else
		longer = "longer" // a file holding stageMarker and more
	)
	type entry struct{ name, kind string }
	for _, tc := range []struct {
		name      string
		outExists bool
		entries   []entry
		removed   []string // the entries Removed names, in its order
		gone      []string // every entry removed: those and their markers
	}{
		{"marked", true, []entry{{".public.new-123", dir}, {".public.new-123.stage", marker}}, []string{".public.new-123"}, []string{".public.new-123", ".public.new-123.stage"}},
		{"marked, the output missing", false, []entry{{".public.new-123", dir}, {".public.new-123.stage", marker}}, []string{".public.new-123"}, []string{".public.new-123", ".public.new-123.stage"}},
		{"only the marker", true, []entry{{".public.new-9.stage", marker}}, nil, []string{".public.new-9.stage"}},
		{"marked, with the previous tree moved aside", true, []entry{{".public.new-7", dir}, {".public.new-7.old", dir}, {".public.new-7.stage", marker}}, []string{".public.new-7.old", ".public.new-7"}, []string{".public.new-7.old", ".public.new-7", ".public.new-7.stage"}},
		{"the previous tree moved aside, the output missing", false, []entry{{".public.new-7.old", dir}, {".public.new-7.stage", marker}}, nil, nil},
		{"two", true, []entry{{".public.new-1", dir}, {".public.new-1.stage", marker}, {".public.new-2", dir}, {".public.new-2.stage", marker}}, []string{".public.new-1", ".public.new-2"}, []string{".public.new-1", ".public.new-1.stage", ".public.new-2", ".public.new-2.stage"}},
		{"no marker", true, []entry{{".public.new-123", dir}}, nil, nil},
		{"another marker", true, []entry{{".public.new-123", dir}, {".public.new-123.stage", other}}, nil, nil},
		{"the marker and more", true, []entry{{".public.new-123", dir}, {".public.new-123.stage", longer}}, nil, nil},
		{"a marker that is a directory", true, []entry{{".public.new-123", dir}, {".public.new-123.stage", dir}}, nil, nil},
		{"a file under the marked name", true, []entry{{".public.new-123", file}, {".public.new-123.stage", marker}}, nil, nil},
		{"not digits", true, []entry{{".public.new-12a", dir}, {".public.new-12a.stage", marker}}, nil, nil},
		{"no digits", true, []entry{{".public.new-", dir}, {".public.new-.stage", marker}}, nil, nil},
		{"another output", true, []entry{{".site.new-123", dir}, {".site.new-123.stage", marker}}, nil, nil},
		{"no dot", true, []entry{{"public.new-123", dir}, {"public.new-123.stage", marker}}, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			parent := t.TempDir()
			out := filepath.Join(parent, "public")
			if tc.outExists {
				if err := os.Mkdir(out, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			for _, e := range tc.entries {
				p := filepath.Join(parent, e.name)
				var err error
				switch e.kind {
				case dir:
					if err = os.Mkdir(p, 0o755); err == nil {
						err = os.WriteFile(filepath.Join(p, "index.html"), []byte("x"), 0o644)
					}
				case file:
					err = os.WriteFile(p, []byte("x"), 0o644)
				case marker:
					err = os.WriteFile(p, []byte(stageMarker), 0o644)
				case other:
					err = os.WriteFile(p, []byte("mine\n"), 0o644)
				case longer:
					err = os.WriteFile(p, []byte(stageMarker+"x"), 0o644)
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			st, err := NewStage(out)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Abort()
			var removed []string
			for _, p := range st.Removed() {
				if filepath.Dir(p) != parent {
					t.Errorf("Removed() names %s, not beside the output", p)
				}
				removed = append(removed, filepath.Base(p))
			}
			if !slices.Equal(removed, tc.removed) {
				t.Errorf("Removed() = %q, want %q", removed, tc.removed)
			}
			for _, e := range tc.entries {
				_, err := os.Lstat(filepath.Join(parent, e.name))
				if gone := slices.Contains(tc.gone, e.name); gone != os.IsNotExist(err) {
					t.Errorf("%s: removed = %v, want %v", e.name, os.IsNotExist(err), gone)
				}
			}
			// The running build's own staging directory is there, and marked.
			if _, err := os.Stat(st.tmp); err != nil {
				t.Error(err)
			}
			if !isMarker(st.tmp + markerSuffix) {
				t.Errorf("%s is not marked", st.tmp)
			}
		})
	}
}

// TestLock: while a build of an output runs, another build of it refuses,
// naming the output and the lock file, and touches nothing, the running
// build's staging directory least of all; once the first ends, the next
// one runs. A lock file a killed build left blocks nothing, and a build
// leaves no lock file.
func TestLock(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "public")
	first, err := NewStage(out)
	if err != nil {
		t.Fatal(err)
	}
	if err := first.Add("index.html", []byte("first")); err != nil {
		t.Fatal(err)
	}
	_, err = NewStage(out)
	if err == nil {
		t.Fatal("a second build of the same output while the first runs was not refused")
	}
	for _, s := range []string{out, lockName(out), "another build"} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("the refusal %q does not name %q", err, s)
		}
	}
	if _, err := os.Stat(filepath.Join(first.tmp, "index.html")); err != nil {
		t.Errorf("the running build's staging directory: %v", err)
	}
	if !isMarker(first.tmp + markerSuffix) {
		t.Errorf("the running build's marker is gone")
	}
	if err := first.Commit(); err != nil {
		t.Fatal(err)
	}
	assertNoLeftovers(t, parent)
	// A lock file left by a build that was killed: the kernel released its
	// lock, and the file itself blocks nothing.
	if err := os.WriteFile(lockName(out), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteAtomic(out, Tree{"index.html": []byte("second")}); err != nil {
		t.Fatalf("a stale lock file blocked the build: %v", err)
	}
	assertNoLeftovers(t, parent)
}

// TestLockReplaced: a build that opens the lock file just before the
// build holding it removes it and releases it locks a file no other build
// sees: it finds so, and takes the lock at the name, which a third build
// then finds held.
func TestLockReplaced(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	first, err := lockOutput(out)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { testHookOpened = nil })
	testHookOpened = func() {
		testHookOpened = nil
		first.release() // between the second's open and its flock
	}
	second, err := lockOutput(out)
	if err != nil {
		t.Fatal(err)
	}
	defer second.release()
	if third, err := lockOutput(out); err == nil {
		third.release()
		t.Fatal("a third build took the lock the second holds")
	}
}

// TestFaults: whatever befalls a build (killed while it writes, a full
// disk, a read-only parent, another build at once, a file of the previous
// output edited in place), the output is the previous build or the new
// one, whole (each file matches its SHA256SUMS), and once the next build
// has run nothing else is left beside it.
func TestFaults(t *testing.T) {
	root := writeSeasons(t, false)
	want, err := Build(root)
	if err != nil {
		t.Fatal(err)
	}
	previous := Tree{"index.html": []byte("previous"), "a/b.json": []byte("{}")}
	previous[sumsFile] = previous.Sums()
	for _, tc := range []struct {
		name string
		// fault runs a build that meets the fault and returns the tree the
		// output must hold afterwards.
		fault func(t *testing.T, out string) Tree
	}{
		{"killed while writing", func(t *testing.T, out string) Tree {
			st, err := NewStage(out)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			hookAdd(t, func(string) error {
				if n++; n == 50 {
					return errKilled
				}
				return nil
			})
			if _, err := RunTo(root, st, Options{}); !errors.Is(err, errKilled) {
				t.Fatalf("RunTo: %v", err)
			}
			// The process dies here: no Abort, no Commit; the kernel
			// releases its lock (the lock file's descriptor is closed).
			st.lock.f.Close()
			if _, err := os.Stat(st.tmp); err != nil {
				t.Fatalf("the killed build's staging directory: %v", err)
			}
			return previous
		}},
		{"full disk", func(t *testing.T, out string) Tree {
			n := 0
			hookAdd(t, func(string) error {
				if n++; n == 50 {
					return syscall.ENOSPC
				}
				return nil
			})
			if err := buildInto(root, out); !errors.Is(err, syscall.ENOSPC) {
				t.Fatalf("build on a full disk: %v", err)
			}
			return previous
		}},
		{"read-only parent", func(t *testing.T, out string) Tree {
			if os.Geteuid() == 0 {
				// Root writes into a directory of mode 0555: the error a
				// read-only file system gives is injected instead.
				hookAdd(t, func(string) error { return syscall.EROFS })
				if err := buildInto(root, out); !errors.Is(err, syscall.EROFS) {
					t.Fatalf("build on a read-only file system: %v", err)
				}
				return previous
			}
			parent := filepath.Dir(out)
			if err := os.Chmod(parent, 0o555); err != nil {
				t.Fatal(err)
			}
			defer os.Chmod(parent, 0o755)
			if err := buildInto(root, out); err == nil {
				t.Fatal("a build into a read-only directory succeeded")
			}
			return previous
		}},
		{"two builds at once", func(t *testing.T, out string) Tree {
			// The second build starts while the first is writing its
			// 50th file: it is refused, and the first goes on.
			n := 0
			var second error
			hookAdd(t, func(string) error {
				if n++; n == 50 {
					second = buildInto(root, out)
				}
				return nil
			})
			if err := buildInto(root, out); err != nil {
				t.Fatalf("the first build: %v", err)
			}
			if second == nil || !strings.Contains(second.Error(), "another build") {
				t.Fatalf("the second build, while the first was writing: %v", second)
			}
			return want
		}},
		{"two builds at once, racing", func(t *testing.T, out string) Tree {
			var wg sync.WaitGroup
			errs := make([]error, 2)
			for i := range errs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					errs[i] = buildInto(root, out)
				}()
			}
			wg.Wait()
			for _, err := range errs {
				if err != nil && !strings.Contains(err.Error(), "another build") {
					t.Errorf("a build: %v", err)
				}
			}
			if errs[0] != nil && errs[1] != nil {
				t.Fatalf("neither build committed: %v; %v", errs[0], errs[1])
			}
			return want
		}},
		{"a file of the previous output edited in place", func(t *testing.T, out string) Tree {
			if err := buildInto(root, out); err != nil {
				t.Fatal(err)
			}
			p := filepath.Join(out, "index.html")
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			f, err := os.OpenFile(p, os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.WriteAt([]byte{data[0] ^ 1}, 0); err != nil { // same size, same inode
				t.Fatal(err)
			}
			f.Close()
			if err := buildInto(root, out); err != nil {
				t.Fatal(err)
			}
			return want
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			parent := t.TempDir()
			out := filepath.Join(parent, "public")
			if err := WriteAtomic(out, previous); err != nil {
				t.Fatal(err)
			}
			assertWhole(t, out, tc.fault(t, out))
			testHookAdd = nil
			// The next build: it clears what the fault left, and nothing
			// else is left beside the output.
			if err := buildInto(root, out); err != nil {
				t.Fatal(err)
			}
			assertWhole(t, out, want)
			assertNoLeftovers(t, parent)
		})
	}
}

// errKilled stands for the death of the process in the middle of a build.
var errKilled = errors.New("killed")

// hookAdd sets testHookAdd for the rest of the test.
func hookAdd(t *testing.T, f func(name string) error) {
	t.Cleanup(func() { testHookAdd = nil })
	testHookAdd = f
}
