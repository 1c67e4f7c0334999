package site

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

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
	tr := Tree{"b.txt": []byte("b"), "a/x": []byte(""), SumsFile: []byte("ignored")}
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

func TestReplaceTwoSteps(t *testing.T) {
	parent := t.TempDir()
	dir, tmp := filepath.Join(parent, "public"), filepath.Join(parent, "new")
	for _, d := range []string{dir, tmp} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "f"), []byte(d), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := replaceDirTwoSteps(tmp, dir); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "f")); string(b) != tmp {
		t.Errorf("dir holds %q", b)
	}
	assertNoLeftovers(t, parent)
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
