package site

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// Build is Run without the summary.
func Build(seasonsDir string) (Tree, error) {
	t, _, err := Run(seasonsDir)
	return t, err
}

// Run is RunTo into a Tree in memory, with the default options.
func Run(seasonsDir string) (Tree, *Summary, error) {
	t := Tree{}
	sum, err := RunTo(seasonsDir, t, Options{})
	if err != nil {
		return nil, nil, err
	}
	return t, sum, nil
}

// Tree is the tests' Sink in memory: a set of files keyed by
// slash-separated relative path.
type Tree map[string][]byte

// Add stores a copy of data at name, refusing a name that is not a clean
// relative path or that is already taken.
func (t Tree) Add(name string, data []byte) error {
	if err := checkName(name); err != nil {
		return err
	}
	if _, dup := t[name]; dup {
		return fmt.Errorf("build: %s written twice", name)
	}
	t[name] = bytes.Clone(data)
	return nil
}

// Names returns the paths of t in byte order.
func (t Tree) Names() []string {
	names := make([]string, 0, len(t))
	for n := range t {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Sums returns the content of SHA256SUMS for t: one line per file, in byte
// order of path, as sha256sum(1) writes them ("<hex>  <path>"), so that
// `sha256sum -c SHA256SUMS` checks a copy of the site.
func (t Tree) Sums() []byte {
	var b bytes.Buffer
	for _, n := range t.Names() {
		if n == sumsFile {
			continue
		}
		sum := sha256.Sum256(t[n])
		b.WriteString(hex.EncodeToString(sum[:]))
		b.WriteString("  ")
		b.WriteString(n)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// WriteAtomic replaces dir with exactly the files of t. It writes them into
// a new sibling directory (a Stage), makes them durable, and then swaps it
// with dir; if any step fails, dir is left as it was and the sibling is
// removed.
func WriteAtomic(dir string, t Tree) error {
	st, err := NewStage(dir)
	if err != nil {
		return err
	}
	for _, n := range t.Names() {
		if err := st.Add(n, t[n]); err != nil {
			st.Abort()
			return err
		}
	}
	return st.Commit()
}

// ReadDir reads every regular file under dir into a Tree. It refuses
// symbolic links and other special files, which a built site never holds.
func ReadDir(dir string) (Tree, error) {
	t := Tree{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		if !d.Type().IsRegular() {
			return fmt.Errorf("%s is not a regular file", rel)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		t[filepath.ToSlash(rel)] = data
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("build: reading %s: %w", dir, err)
	}
	return t, nil
}

// Diff lists how got differs from want, one line per file, in path order:
// "missing PATH", "extra PATH" or "differs PATH (sha256 WANT, got GOT)".
func Diff(want, got Tree) []string {
	var out []string
	seen := map[string]bool{}
	for _, n := range want.Names() {
		seen[n] = true
		g, ok := got[n]
		switch {
		case !ok:
			out = append(out, "missing "+n)
		case !bytes.Equal(g, want[n]):
			out = append(out, fmt.Sprintf("differs %s (sha256 %s, got %s)", n, short(want[n]), short(g)))
		}
	}
	for _, n := range got.Names() {
		if !seen[n] {
			out = append(out, "extra "+n)
		}
	}
	return out
}

func TestAddRefusesUncleanNames(t *testing.T) {
	tr := Tree{}
	for _, n := range []string{"", "/abs", "../x", "a/../b", "a//b", "./a", "a\\b", ".."} {
		if err := tr.Add(n, nil); err == nil {
			t.Errorf("Add(%q) accepted", n)
		}
	}
	if err := tr.Add("a/b.html", []byte("x")); err != nil {
		t.Fatal(err)
	}
	if err := tr.Add("a/b.html", []byte("y")); err == nil || !strings.Contains(err.Error(), "written twice") {
		t.Errorf("second Add: %v", err)
	}
}

func TestSums(t *testing.T) {
	tr := Tree{"b.txt": []byte("b"), "a/x": []byte(""), sumsFile: []byte("ignored")}
	want := "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  a/x\n" +
		"3e23e8160039594a33894f6564e1b1348bbd7a0088d42c4acb73eeaed59c009d  b.txt\n"
	if got := string(tr.Sums()); got != want {
		t.Errorf("Sums() =\n%s want\n%s", got, want)
	}
}

func TestWriteAtomicReplacesWholeTree(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "public")
	if err := WriteAtomic(dir, Tree{"old.html": []byte("old"), "keep/x": []byte("1")}); err != nil {
		t.Fatal(err)
	}
	next := Tree{"index.html": []byte("new"), "keep/x": []byte("2")}
	if err := WriteAtomic(dir, next); err != nil {
		t.Fatal(err)
	}
	got, err := ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, next) {
		t.Errorf("after the second write the tree is %v, want %v", got.Names(), next.Names())
	}
	assertNoLeftovers(t, filepath.Dir(dir))
}

// TestWriteAtomicFailureKeepsOldTree: a build that fails while writing
// leaves the previous output whole and no temporary directory behind.
func TestWriteAtomicFailureKeepsOldTree(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "public")
	old := Tree{"index.html": []byte("old")}
	if err := WriteAtomic(dir, old); err != nil {
		t.Fatal(err)
	}
	// "a" is a file and a directory at once: the write must fail midway.
	bad := Tree{"a": []byte("file"), "a/b": []byte("under a file"), "z": []byte("z")}
	if err := WriteAtomic(dir, bad); err == nil {
		t.Fatal("an impossible tree was written")
	}
	got, err := ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, old) {
		t.Errorf("after a failed write the tree is %v, want the old one", got.Names())
	}
	assertNoLeftovers(t, filepath.Dir(dir))
}

func assertNoLeftovers(t *testing.T, parent string) {
	t.Helper()
	entries, err := os.ReadDir(parent)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() != "public" {
			t.Errorf("left behind %s", e.Name())
		}
	}
}

func TestReadDirRefusesSymlinks(t *testing.T) {
	dir := t.TempDir()
	if err := os.Symlink("/etc/passwd", filepath.Join(dir, "link")); err != nil {
		t.Skip("symlinks unavailable: " + err.Error())
	}
	if _, err := ReadDir(dir); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("ReadDir with a symlink: %v", err)
	}
}

func TestDiff(t *testing.T) {
	want := Tree{"a": []byte("1"), "b": []byte("2"), "c": []byte("3")}
	got := Tree{"a": []byte("1"), "b": []byte("x"), "d": []byte("4")}
	d := Diff(want, got)
	if len(d) != 3 || d[0] != "differs b (sha256 d4735e3a265e, got 2d711642b726)" || d[1] != "missing c" || d[2] != "extra d" {
		t.Errorf("Diff = %q", d)
	}
	if d := Diff(want, want); len(d) != 0 {
		t.Errorf("Diff of a tree with itself = %q", d)
	}
}

// TestDiffDirs: the trees of two directories compared one file at a time
// give the lines Diff gives for the same trees in memory.
func TestDiffDirs(t *testing.T) {
	want := Tree{"a.html": []byte("a"), "d/b.json": []byte("{}"), "d/c.txt": []byte("c"), "gone.txt": []byte("x")}
	for _, c := range []struct {
		name string
		got  Tree
		n    int
	}{
		{"same", Tree{"a.html": []byte("a"), "d/b.json": []byte("{}"), "d/c.txt": []byte("c"), "gone.txt": []byte("x")}, 0},
		{"changed, missing, extra", Tree{"a.html": []byte("A"), "d/b.json": []byte("{}"), "d/c.txt": []byte("c"), "new.txt": nil}, 3},
		{"empty", Tree{}, 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			wd, gd := filepath.Join(root, "want"), filepath.Join(root, "got")
			if err := WriteAtomic(wd, want); err != nil {
				t.Fatal(err)
			}
			if err := WriteAtomic(gd, c.got); err != nil {
				t.Fatal(err)
			}
			got, err := DiffDirs(wd, gd)
			if err != nil {
				t.Fatal(err)
			}
			if w := Diff(want, c.got); !reflect.DeepEqual(got, w) || len(got) != c.n {
				t.Errorf("DiffDirs = %q, Diff = %q, want %d lines", got, w, c.n)
			}
		})
	}
	if _, err := DiffDirs(filepath.Join(t.TempDir(), "absent"), t.TempDir()); err == nil {
		t.Error("an absent directory compared")
	}
}

// TestTreeKeepsNoData: a Tree, like a Stage (TestStageKeepsNoData), keeps
// nothing of the bytes Add is given: the build makes the next page or
// file in the same memory (renderedPage.written, addOrdered).
func TestTreeKeepsNoData(t *testing.T) {
	tree := Tree{}
	buf := []byte("<p>a</p>")
	if err := tree.Add("a.html", buf); err != nil {
		t.Fatal(err)
	}
	copy(buf, "XXXXXXXX")
	if got := string(tree["a.html"]); got != "<p>a</p>" {
		t.Errorf("a.html holds %q after its buffer was reused, want %q", got, "<p>a</p>")
	}
}
