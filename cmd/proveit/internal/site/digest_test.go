package site

import (
	"github.com/ark-forge/proveit/internal/cpython"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// InputsDigest is the inputs digest of the season directory dir, as the
// build computes it.
func InputsDigest(dir string) (string, error) {
	lines, err := inputLines(dir, 0, nil)
	if err != nil {
		return "", err
	}
	return digestLines(lines), nil
}

// digestScript recomputes a season's inputs digest with python3 alone, as
// a reader would from the definition.
const digestScript = `
import hashlib, os, sys
root = sys.argv[1]
base = os.path.basename(os.path.normpath(root))
lines = []
for d, _, files in os.walk(root):
    for f in files:
        p = os.path.join(d, f)
        rel = os.path.relpath(p, root).replace(os.sep, "/")
        lines.append(base + "/" + rel + "\0" + hashlib.sha256(open(p, "rb").read()).hexdigest() + "\n")
lines.sort()
print(hashlib.sha256("".join(lines).encode()).hexdigest())
`

// TestInputsDigest: every page and every JSON of a season names the
// digest of the season's files, which python3 recomputes from the
// definition, and which changes with one byte of any input.
func TestInputsDigest(t *testing.T) {
	root := writeSeasons(t, false)
	dir := filepath.Join(root, "3")
	got, err := InputsDigest(dir)
	if err != nil {
		t.Fatal(err)
	}
	// Recomputed by python3 where it is, and always under
	// PROVEIT_REQUIRE_CPYTHON; the rest of the test runs without it.
	if py, err := cpython.Python(); err == nil {
		out, err := exec.Command(py, "-c", digestScript, dir).Output()
		if err != nil {
			t.Fatal(err)
		}
		if want := strings.TrimSpace(string(out)); got != want {
			t.Errorf("InputsDigest %s, python3 %s", got, want)
		}
	} else if os.Getenv(cpython.RequireEnv) != "" {
		t.Fatalf("%v, and %s is set", err, cpython.RequireEnv)
	}
	tree, err := Build(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"saison-3/index.html", "saison-3/conformite/index.html", "saison-3/conformite/participants/honnete/index.html", "saison-3/conformite/results.json", "saison-3/conformite/participants/honnete/report.json"} {
		if !strings.Contains(string(tree[name]), got) {
			t.Errorf("%s does not name the season's inputs digest %s", name, got)
		}
	}
	if !strings.Contains(string(tree["index.html"]), `<a href="SHA256SUMS">SHA256SUMS</a>`) || !strings.Contains(string(tree["saison-3/conformite/index.html"]), `<a href="../../SHA256SUMS">SHA256SUMS</a>`) {
		t.Error("a page does not link SHA256SUMS")
	}
	p := filepath.Join(dir, "participants", "honnete.toml")
	b, _ := os.ReadFile(p)
	if err := os.WriteFile(p, append(b, ' '), 0o644); err != nil {
		t.Fatal(err)
	}
	if again, err := InputsDigest(dir); err != nil || again == got {
		t.Errorf("one byte more in an input: digest %s, %v", again, err)
	}
}
