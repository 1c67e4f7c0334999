package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheckTarget(t *testing.T) {
	root := t.TempDir()
	mk := func(rel, data string) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A repository: .git, go.mod, seasons/0 with its season.toml, a
	// previous output in public/.
	mk("repo/.git/HEAD", "ref: refs/heads/main\n")
	mk("repo/go.mod", "module x\n")
	mk("repo/seasons/0/season.toml", "number = 0\n")
	site := Tree{"index.html": []byte("<p>x</p>"), "saison-0/index.html": []byte("<p>y</p>")}
	site["SHA256SUMS"] = site.Sums()
	for n, b := range site {
		mk("repo/public/"+n, string(b))
	}
	mk("elsewhere/9/season.toml", "number = 9\n")
	// A previous build whose dossier publishes a season.toml, listed.
	built := Tree{"index.html": []byte("x"), "saison-0/dossier/season.toml": []byte("number = 0\n")}
	built["SHA256SUMS"] = built.Sums()
	for n, b := range built {
		mk("built/"+n, string(b))
	}
	mk("unlisted/SHA256SUMS", "")
	mk("unlisted/saison-0/dossier/season.toml", "number = 0\n")
	mk("notes/readme.txt", "mine\n")
	mk("file.txt", "x")
	for _, rel := range []string{"empty", "mixed"} {
		if err := os.MkdirAll(filepath.Join(root, rel), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for n, b := range site {
		mk("mixed/"+n, string(b))
	}
	mk("mixed/unlisted.html", "x")
	for n, b := range site {
		if n != "index.html" {
			mk("short/"+n, string(b))
		}
	}
	if err := os.Symlink(filepath.Join(root, "repo", "seasons"), filepath.Join(root, "link-to-seasons")); err != nil {
		t.Fatalf("symlinks are needed for this test: %v", err)
	}
	mk("linked/x", "x")
	if err := os.Symlink(filepath.Join(root, "file.txt"), filepath.Join(root, "linked", "l")); err != nil {
		t.Fatal(err)
	}
	seasons := filepath.Join(root, "repo", "seasons")
	for _, c := range []struct {
		out  string
		want string // "" when accepted
	}{
		{"repo/public", ""},
		{"built", ""},
		{"unlisted", "it holds saison-0/dossier/season.toml: a repository, a module or a season is never replaced"},
		{"repo/absent", ""},
		{"empty", ""},
		{"repo/seasons", "it is the seasons directory"},
		{"link-to-seasons", "it is the seasons directory"},
		{"repo/seasons/0/public", "it lies inside the seasons directory"},
		{"repo", "it contains the seasons directory"},
		{"elsewhere/9/public", "it lies inside the season directory"},
		{"elsewhere", "it holds 9/season.toml"},
		{"repo/.git", "it is not empty and has no SHA256SUMS"},
		{"notes", "it is not empty and has no SHA256SUMS: it is not a previous proveit output (it holds readme.txt)"},
		{"mixed", "it holds unlisted.html, which its SHA256SUMS does not list"},
		{"short", "its SHA256SUMS lists index.html, which it does not hold"},
		{"file.txt", "it is a regular file, not a directory"},
		{"linked", "it holds l, a symbolic link, which a build never writes"},
	} {
		err := CheckTarget(filepath.Join(root, c.out), seasons)
		if c.want == "" {
			if err != nil {
				t.Errorf("%s: %v, want accepted", c.out, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error with %q", c.out, err, c.want)
		}
	}
	// A repository root that holds no seasons directory of its own is
	// refused for its .git and go.mod.
	mk("other/.git/HEAD", "x")
	mk("other/SHA256SUMS", "")
	if err := CheckTarget(filepath.Join(root, "other"), seasons); err == nil || !strings.Contains(err.Error(), "it holds .git") {
		t.Errorf("a repository root: %v", err)
	}
	mk("mod/go.mod", "module y\n")
	mk("mod/SHA256SUMS", "")
	if err := CheckTarget(filepath.Join(root, "mod"), seasons); err == nil || !strings.Contains(err.Error(), "it holds go.mod") {
		t.Errorf("a module root: %v", err)
	}
}
