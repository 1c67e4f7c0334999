package site

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestStageReusesPreviousFiles: a file the previous output holds with the
// same bytes, as a regular file of mode 0644, is linked rather than
// written (the same inode after Commit); anything else (other bytes of the
// same size or not, another mode, a symbolic link, a directory, a missing
// file) is written anew, and the output holds exactly what the build made.
func TestStageReusesPreviousFiles(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	old := Tree{
		"same.json":        []byte(`{"same":true}`),
		"empty.txt":        {},
		"p/deep/page.html": []byte("<p>page</p>"),
		"changed.json":     []byte("old content"),
		"samesize.json":    []byte("aaaa"),
		"edited.json":      []byte("as built"),
		"mode.json":        []byte("mode"),
	}
	if err := WriteAtomic(out, old); err != nil {
		t.Fatal(err)
	}
	// The previous output as a reader may have left it.
	if err := os.Chmod(filepath.Join(out, "mode.json"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, "edited.json"), []byte("as edit!"), 0o644); err != nil {
		t.Fatal(err)
	}
	elsewhere := filepath.Join(t.TempDir(), "target.json")
	if err := os.WriteFile(elsewhere, []byte("linked"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, filepath.Join(out, "symlink.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(out, "dir.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	// A directory of the previous output replaced by a link to one
	// outside it that holds the right bytes.
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "page.html"), []byte("<p>outside</p>"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(out, "via")); err != nil {
		t.Fatal(err)
	}
	outsideFile, err := os.Stat(filepath.Join(outside, "page.html"))
	if err != nil {
		t.Fatal(err)
	}
	before := map[string]os.FileInfo{}
	for _, n := range []string{"same.json", "empty.txt", "p/deep/page.html", "changed.json", "samesize.json", "edited.json", "mode.json"} {
		fi, err := os.Stat(filepath.Join(out, filepath.FromSlash(n)))
		if err != nil {
			t.Fatal(err)
		}
		before[n] = fi
	}
	files := Tree{
		"same.json":        []byte(`{"same":true}`),
		"empty.txt":        {},
		"p/deep/page.html": []byte("<p>page</p>"),
		"changed.json":     []byte("new content, longer"),
		"samesize.json":    []byte("bbbb"),
		"edited.json":      []byte("as built"),
		"mode.json":        []byte("mode"),
		"symlink.json":     []byte("linked"),
		"dir.json":         []byte("{}"),
		"new.json":         []byte("new"),
		"via/page.html":    []byte("<p>outside</p>"),
	}
	st, err := NewStage(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range files.Names() {
		if err := st.Add(n, files[n]); err != nil {
			t.Fatal(err)
		}
	}
	if got := st.Reused(); got != 3 {
		t.Errorf("Reused = %d, want 3 (same.json, empty.txt, p/deep/page.html)", got)
	}
	if err := st.Commit(); err != nil {
		t.Fatal(err)
	}
	got, err := ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	if d := Diff(files, got); len(d) > 0 {
		t.Errorf("after Commit: %v", d)
	}
	for n, fi := range before {
		now, err := os.Lstat(filepath.Join(out, filepath.FromSlash(n)))
		if err != nil {
			t.Fatal(err)
		}
		if want := n == "same.json" || n == "empty.txt" || n == "p/deep/page.html"; os.SameFile(fi, now) != want {
			t.Errorf("%s: the previous file kept = %v, want %v", n, !want, want)
		}
		if now.Mode() != 0o644 {
			t.Errorf("%s: mode %v, want -rw-r--r--", n, now.Mode())
		}
	}
	if now, err := os.Stat(filepath.Join(out, "via", "page.html")); err != nil || os.SameFile(now, outsideFile) {
		t.Errorf("via/page.html, reached through a link in the previous output, was linked from outside it (%v)", err)
	}
	if data, err := os.ReadFile(elsewhere); err != nil || string(data) != "linked" {
		t.Errorf("the symbolic link's target: %q, %v", data, err)
	}
	assertNoLeftovers(t, filepath.Dir(out))
}

// TestStageWriteback: background syncs started between files (as the
// build starts one before the pages and every writebackPages pages), one
// still running or not, change nothing of what Commit publishes; Abort
// after one removes the sibling and leaves the output as it was.
func TestStageWriteback(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	if err := WriteAtomic(out, Tree{"kept.txt": []byte("before")}); err != nil {
		t.Fatal(err)
	}
	abort, err := NewStage(out)
	if err != nil {
		t.Fatal(err)
	}
	if err := abort.Add("x.txt", []byte("x")); err != nil {
		t.Fatal(err)
	}
	abort.Writeback()
	abort.Abort()
	if _, err := os.Stat(abort.tmp); !os.IsNotExist(err) {
		t.Fatalf("the sibling after Abort: %v", err)
	}
	st, err := NewStage(out)
	if err != nil {
		t.Fatal(err)
	}
	want := Tree{}
	for i := range 50 {
		name := filepath.ToSlash(filepath.Join("d", string(rune('a'+i%5)), strconv.Itoa(i)+".txt"))
		want[name] = []byte(strings.Repeat(strconv.Itoa(i), i))
		if err := st.Add(name, want[name]); err != nil {
			t.Fatal(err)
		}
		st.Writeback() // most find the previous one running
	}
	if err := st.Commit(); err != nil {
		t.Fatal(err)
	}
	got, err := ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%d files published, want %d", len(got), len(want))
	}
	for name, data := range want {
		if string(got[name]) != string(data) {
			t.Errorf("%s: %q, want %q", name, got[name], data)
		}
	}
}

// TestStageKeepsNoData: Stage.Add is done with the bytes it is given when
// it returns, written and hashed, whether it writes them or links the
// previous output's copy: the build reuses that memory for the next file
// (renderedPage.written, addOrdered). Overwriting every buffer after its
// Add must change nothing of what Commit publishes, nor of SHA256SUMS.
func TestStageKeepsNoData(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	files := Tree{"a.html": []byte("<p>a</p>"), "d/b.json": []byte(`{"b":1}`), "c.txt": []byte("c")}
	if err := WriteAtomic(out, Tree{"a.html": files["a.html"]}); err != nil { // a.html is reused, the others written
		t.Fatal(err)
	}
	st, err := NewStage(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range files.Names() {
		buf := bytes.Clone(files[n])
		if err := st.Add(n, buf); err != nil {
			t.Fatal(err)
		}
		for i := range buf {
			buf[i] = 'X'
		}
	}
	if st.Reused() != 1 {
		t.Fatalf("Reused = %d, want 1 (a.html)", st.Reused())
	}
	if err := st.Add(sumsFile, st.Sums()); err != nil {
		t.Fatal(err)
	}
	if err := st.Commit(); err != nil {
		t.Fatal(err)
	}
	got, err := ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	files[sumsFile] = files.Sums()
	for _, d := range Diff(files, got) {
		t.Error(d)
	}
}
