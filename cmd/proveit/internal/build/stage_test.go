package build

import (
	"os"
	"path/filepath"
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
