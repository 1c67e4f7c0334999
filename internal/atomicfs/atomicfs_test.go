package atomicfs

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// writers are the two ways to write a file, each with the steps it takes.
var writers = []struct {
	name  string
	write func(string, []byte, fs.FileMode) error
	steps []string
}{
	{"WriteFile", WriteFile, []string{"create", "write", "chmod", "sync", "close", "rename"}},
	{"WriteFileNoSync", WriteFileNoSync, []string{"create", "write", "chmod", "close", "rename"}},
}

// hook sets testHookStep for the rest of the test.
func hook(t *testing.T, f func(step string) error) {
	t.Cleanup(func() { testHookStep = nil })
	testHookStep = f
}

// assertOnly fails unless dir holds exactly the file name with data and
// mode perm: no other file, no temporary one.
func assertOnly(t *testing.T, dir, name string, data []byte, perm fs.FileMode) {
	t.Helper()
	assertNames(t, dir, name)
	p := filepath.Join(dir, name)
	if got, err := os.ReadFile(p); err != nil || string(got) != string(data) {
		t.Errorf("%s holds %q (%v), want %q", name, got, err, data)
	}
	if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != perm {
		t.Errorf("%s: mode %v (%v), want %v", name, fi.Mode().Perm(), err, perm)
	}
}

// assertNames fails unless dir holds exactly the files names.
func assertNames(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if !slices.Equal(got, names) {
		t.Errorf("directory holds %q, want only %q", got, names)
	}
}

// TestWrite: a file is written, then replaced, with the mode asked for and
// nothing else left in its directory.
func TestWrite(t *testing.T) {
	for _, w := range writers {
		t.Run(w.name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "f.json")
			var steps []string
			hook(t, func(s string) error { steps = append(steps, s); return nil })
			if err := w.write(p, []byte("first"), 0o600); err != nil {
				t.Fatal(err)
			}
			assertOnly(t, dir, "f.json", []byte("first"), 0o600)
			if !slices.Equal(steps, w.steps) {
				t.Errorf("steps %q, want %q", steps, w.steps)
			}
			// Replacing, with a mode the usual umask (022) would narrow:
			// the mode is set as given.
			if err := w.write(p, []byte("second"), 0o666); err != nil {
				t.Fatal(err)
			}
			assertOnly(t, dir, "f.json", []byte("second"), 0o666)
		})
	}
}

// TestWriteRelative: a name without a directory is written in the working
// directory.
func TestWriteRelative(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := WriteFile("f", []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	assertOnly(t, dir, "f", []byte("x"), 0o644)
}

// TestFailureAtEachStep: whichever step fails, its error is returned, the
// previous file is intact and no temporary file is left.
func TestFailureAtEachStep(t *testing.T) {
	for _, w := range writers {
		for _, failing := range w.steps {
			t.Run(w.name+"/"+failing, func(t *testing.T) {
				dir := t.TempDir()
				p := filepath.Join(dir, "f")
				if err := os.WriteFile(p, []byte("previous"), 0o644); err != nil {
					t.Fatal(err)
				}
				boom := errors.New("boom")
				hook(t, func(s string) error {
					if s == failing {
						return boom
					}
					return nil
				})
				if err := w.write(p, []byte("next"), 0o600); !errors.Is(err, boom) {
					t.Fatalf("error %v, want the %s step's", err, failing)
				}
				assertOnly(t, dir, "f", []byte("previous"), 0o644)
			})
		}
	}
}

// TestTargetIsDirectory: a directory is not replaced by a file.
func TestTargetIsDirectory(t *testing.T) {
	for _, w := range writers {
		t.Run(w.name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "d")
			if err := os.Mkdir(p, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(p, "inner"), []byte("kept"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := w.write(p, []byte("x"), 0o644); err == nil {
				t.Fatal("a directory was replaced by a file")
			}
			if fi, err := os.Stat(p); err != nil || !fi.IsDir() {
				t.Fatalf("the directory is gone: %v", err)
			}
			assertNames(t, dir, "d")
			if b, err := os.ReadFile(filepath.Join(p, "inner")); err != nil || string(b) != "kept" {
				t.Errorf("the directory's file: %q %v", b, err)
			}
		})
	}
}

// TestMissingDirectory: the directory is not created, and the error is
// fs.ErrNotExist, which a caller that makes its directories lazily tests.
func TestMissingDirectory(t *testing.T) {
	parent := t.TempDir()
	err := WriteFile(filepath.Join(parent, "absent", "f"), []byte("x"), 0o644)
	if !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("error %v, want fs.ErrNotExist", err)
	}
	if entries, _ := os.ReadDir(parent); len(entries) != 0 {
		t.Errorf("left %v", entries)
	}
}

// TestIsTemp: the temporary file a write makes is recognised, and
// nothing a caller keeps beside it.
func TestIsTemp(t *testing.T) {
	dir := t.TempDir()
	var seen []string
	hook(t, func(s string) error {
		if s == "rename" {
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				seen = append(seen, e.Name())
			}
		}
		return nil
	})
	if err := WriteFile(filepath.Join(dir, "prf_1.json"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if len(seen) != 1 || !IsTemp(seen[0]) {
		t.Errorf("before the rename the directory holds %q, want one temporary file", seen)
	}
	for name, want := range map[string]bool{
		".prf_1.json-123.tmp":       true,
		".fetch-prf_1.json-123.tmp": true, // written by earlier versions of proveit fetch
		"prf_1.json":                false,
		"notes.tmp":                 false,
		".tmp":                      false,
		".hidden":                   false,
	} {
		if IsTemp(name) != want {
			t.Errorf("IsTemp(%q) = %v, want %v", name, !want, want)
		}
	}
}

// tree makes dir with the one file f holding data.
func tree(t *testing.T, dir, data string) {
	t.Helper()
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "f"), []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// assertTree fails unless parent holds only "out", whose f holds data.
func assertTree(t *testing.T, parent, data string) {
	t.Helper()
	entries, err := os.ReadDir(parent)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != "out" {
		t.Errorf("%s holds %v, want out alone", parent, entries)
	}
	if b, err := os.ReadFile(filepath.Join(parent, "out", "f")); err != nil || string(b) != data {
		t.Errorf("out/f holds %q (%v), want %q", b, err, data)
	}
}

func TestReplaceDir(t *testing.T) {
	for _, c := range []struct {
		name    string
		replace func(tmp, dir string) error
	}{
		{"ReplaceDir", ReplaceDir},
		{"two steps", replaceDirTwoSteps},
	} {
		t.Run(c.name+"/existing", func(t *testing.T) {
			parent := t.TempDir()
			dir, tmp := filepath.Join(parent, "out"), filepath.Join(parent, ".out.new")
			tree(t, dir, "old")
			tree(t, tmp, "new")
			if err := c.replace(tmp, dir); err != nil {
				t.Fatal(err)
			}
			assertTree(t, parent, "new")
		})
		t.Run(c.name+"/absent", func(t *testing.T) {
			parent := t.TempDir()
			dir, tmp := filepath.Join(parent, "out"), filepath.Join(parent, ".out.new")
			tree(t, tmp, "new")
			if err := c.replace(tmp, dir); err != nil {
				t.Fatal(err)
			}
			assertTree(t, parent, "new")
		})
		// A replacement that cannot happen leaves dir as it was.
		t.Run(c.name+"/failure", func(t *testing.T) {
			parent := t.TempDir()
			dir := filepath.Join(parent, "out")
			tree(t, dir, "old")
			if err := c.replace(filepath.Join(parent, "missing"), dir); err == nil {
				t.Fatal("replaced by a directory that does not exist")
			}
			assertTree(t, parent, "old")
		})
	}
}

// TestTempDir: a new directory beside dir, readable by all, its parent
// made; two calls give two directories.
func TestTempDir(t *testing.T) {
	parent := filepath.Join(t.TempDir(), "made")
	dir := filepath.Join(parent, "out")
	a, err := TempDir(dir, "new")
	if err != nil {
		t.Fatal(err)
	}
	b, err := TempDir(dir+"/", "new")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{a, b} {
		if filepath.Dir(d) != parent || !strings.HasPrefix(filepath.Base(d), ".out.new-") {
			t.Errorf("TempDir(%q) = %q, want .out.new-* in %s", dir, d, parent)
		}
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() || fi.Mode().Perm() != 0o755 {
			t.Errorf("%s: %v %v, want a directory of mode 0755", d, fi, err)
		}
	}
	if a == b {
		t.Error("two calls gave the same directory")
	}
}

// TestSyncTree: every file of a tree is synced without error; a missing
// tree is an error.
func TestSyncTree(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "out")
	tree(t, dir, "x")
	if err := SyncTree(dir); err != nil {
		t.Fatal(err)
	}
	if err := SyncTree(filepath.Join(parent, "missing")); err == nil {
		t.Error("a missing tree was synced")
	}
}
