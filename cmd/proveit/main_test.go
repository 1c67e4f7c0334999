package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/ark-forge/proveit/cmd/proveit/internal/site"
	"github.com/ark-forge/proveit/scorer/hashes"
)

// runCLI runs the CLI with args and stdin, returning exit code and streams.
func runCLI(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(&env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb}, args)
	return code, out.String(), errb.String()
}

func writeFile(t *testing.T, name, data string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestEveryVerbAnswersHelp(t *testing.T) {
	for _, c := range commands {
		for _, h := range []string{"-h", "--help"} {
			code, _, stderr := runCLI(t, "", c.name, h)
			if code != 0 || !strings.Contains(stderr, "usage: proveit "+c.name) {
				t.Errorf("%s %s: exit %d, stderr %q", c.name, h, code, stderr)
			}
		}
	}
	if code, stdout, _ := runCLI(t, "", "help"); code != 0 || !strings.Contains(stdout, "request-hash") {
		t.Errorf("help: exit %d, %q", code, stdout)
	}
	if code, _, stderr := runCLI(t, "", "frobnicate"); code != 2 || !strings.Contains(stderr, `unknown command "frobnicate"`) {
		t.Errorf("unknown command: exit %d, %q", code, stderr)
	}
	if code, _, _ := runCLI(t, ""); code != 2 {
		t.Errorf("no command: exit %d", code)
	}
}

func TestCanon(t *testing.T) {
	f := writeFile(t, "body.json", `{"b": 1e3, "a": "\u00e9", "c": [1.0, -0.0]}`)
	want := `{"a":"\u00e9","b":1000.0,"c":[1.0,-0.0]}` + "\n"
	for _, args := range [][]string{{"canon", f}, {"canon", "-"}} {
		code, stdout, stderr := runCLI(t, `{"b": 1e3, "a": "\u00e9", "c": [1.0, -0.0]}`, args...)
		if code != 0 || stdout != want || stderr != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, stdout, stderr)
		}
	}
	sum := hashes.SHA256Hex([]byte(strings.TrimSuffix(want, "\n"))) + "\n"
	for _, args := range [][]string{{"canon", f, "--sha256"}, {"canon", "--sha256", f}, {"canon", "-sha256", "-"}} {
		code, stdout, _ := runCLI(t, `{"b": 1e3, "a": "\u00e9", "c": [1.0, -0.0]}`, args...)
		if code != 0 || stdout != sum {
			t.Errorf("%v: exit %d, stdout %q, want %q", args, code, stdout, sum)
		}
	}
}

func TestCanonRefuses(t *testing.T) {
	for _, c := range []struct{ body, want string }{
		{`{"a":1,}`, "Expecting property name enclosed in double quotes: line 1 column 8 (char 7)"},
		{"\xff", "'utf-8' codec can't decode"},
		{"", "Expecting value"},
		{"[1] x", "Extra data"},
	} {
		f := writeFile(t, "bad.json", c.body)
		code, stdout, stderr := runCLI(t, "", "canon", f)
		if code != 1 || stdout != "" || !strings.Contains(stderr, f) || !strings.Contains(stderr, c.want) {
			t.Errorf("canon of %q: exit %d, stdout %q, stderr %q, want %q", c.body, code, stdout, stderr, c.want)
		}
	}
	if code, _, stderr := runCLI(t, "", "canon", filepath.Join(t.TempDir(), "absent.json")); code != 1 || !strings.Contains(stderr, "absent.json") {
		t.Errorf("missing file: exit %d, %q", code, stderr)
	}
	if code, _, _ := runCLI(t, "", "canon"); code != 2 {
		t.Errorf("no file: exit %d", code)
	}
	if code, _, _ := runCLI(t, "", "canon", "a", "b"); code != 2 {
		t.Errorf("two files: exit %d", code)
	}
	if code, _, _ := runCLI(t, "", "canon", "--nope", "a"); code != 2 {
		t.Errorf("unknown flag: exit %d", code)
	}
}

func TestResponseHash(t *testing.T) {
	for _, c := range []struct{ body, data string }{
		{`{"statut": "actif"}`, `{"statut":"actif"}`},
		{`{}`, `{"error":null}`},
		{`<html>`, `{"_raw_text":"<html>"}`},
	} {
		f := writeFile(t, "r.json", c.body)
		code, stdout, _ := runCLI(t, "", "response-hash", f, "--data")
		want := c.data + "\n" + hashes.SHA256Hex([]byte(c.data)) + "\n"
		if code != 0 || stdout != want {
			t.Errorf("response-hash of %q: exit %d, %q, want %q", c.body, code, stdout, want)
		}
	}
}

func TestRequestHash(t *testing.T) {
	code, stdout, _ := runCLI(t, "", "request-hash", "--target", "https://corpus.arkforge.tech/agrements/AGR-4417", "--method", "GET", "--payload", "{}", "--data")
	data := `{"amount":0.0,"currency":"eur","method":"GET","payload":{},"target":"https://corpus.arkforge.tech/agrements/AGR-4417"}`
	if want := data + "\n" + hashes.SHA256Hex([]byte(data)) + "\n"; code != 0 || stdout != want {
		t.Errorf("request-hash: exit %d, %q, want %q", code, stdout, want)
	}
	if code, _, stderr := runCLI(t, "", "request-hash", "--target", "https://x"); code != 2 || !strings.Contains(stderr, "--method") || !strings.Contains(stderr, "--payload") {
		t.Errorf("missing flags: exit %d, %q", code, stderr)
	}
	if code, _, stderr := runCLI(t, "", "request-hash", "--target", "https://x", "--method", "GET", "--payload", "{"); code != 1 || !strings.Contains(stderr, "--payload") {
		t.Errorf("bad payload: exit %d, %q", code, stderr)
	}
}

// TestBuildAndCheck: build writes the site, check accepts it, and check
// names a file that differs after a one-byte change; a failed build leaves
// the previous site whole.
func TestBuildAndCheck(t *testing.T) {
	dir := t.TempDir()
	seasons := filepath.Join(dir, "seasons")
	if err := os.MkdirAll(seasons, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(seasons, "README.md"), []byte("notes"), 0o644)
	out := filepath.Join(dir, "public")
	if code, stdout, stderr := runCLI(t, "", "build", "--seasons", seasons, "--out", out); code != 0 || !strings.Contains(stdout, "wrote") {
		t.Fatalf("build: exit %d, %q %q", code, stdout, stderr)
	}
	if code, _, stderr := runCLI(t, "", "check", "--seasons", seasons, "--out", out); code != 0 {
		t.Fatalf("check after build: exit %d, %q", code, stderr)
	}
	index := filepath.Join(out, "index.html")
	b, _ := os.ReadFile(index)
	b[len(b)-2] ^= 1
	os.WriteFile(index, b, 0o644)
	os.WriteFile(filepath.Join(out, "stray.html"), nil, 0o644)
	code, _, stderr := runCLI(t, "", "check", "--seasons", seasons, "--out", out)
	if code != 1 || !strings.Contains(stderr, "differs index.html") || !strings.Contains(stderr, "extra stray.html") {
		t.Errorf("check after a change: exit %d, %q", code, stderr)
	}
	// A site with a file its SHA256SUMS does not list is not a previous
	// build: build refuses to replace it.
	if code, _, stderr := runCLI(t, "", "build", "--seasons", seasons, "--out", out); code != 1 || !strings.Contains(stderr, "it holds stray.html, which its SHA256SUMS does not list") {
		t.Errorf("build over a site with an unlisted file: exit %d, %q", code, stderr)
	}
	os.Remove(filepath.Join(out, "stray.html"))
	before := snapshot(t, out)
	if err := os.Mkdir(filepath.Join(seasons, "draft"), 0o755); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI(t, "", "build", "--seasons", seasons, "--out", out); code != 1 || !strings.Contains(stderr, "draft is not a season directory") {
		t.Errorf("build of a bad seasons directory: exit %d, %q", code, stderr)
	}
	if d := diffDirs(t, before, out); len(d) > 0 {
		t.Errorf("a failed build changed the previous site: %v", d)
	}
}

// TestBuildRefusesItsInputs: an --out that is the seasons directory, lies
// inside it, or is the repository root is refused, and nothing is deleted.
func TestBuildRefusesItsInputs(t *testing.T) {
	repo := t.TempDir()
	seasons := filepath.Join(repo, "seasons")
	for _, f := range []string{"seasons/README.md", "go.mod", ".git/HEAD"} {
		p := filepath.Join(repo, filepath.FromSlash(f))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte("keep\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	before := snapshot(t, repo)
	for _, c := range []struct{ out, want string }{
		{seasons, "it is the seasons directory"},
		{filepath.Join(seasons, "public"), "it lies inside the seasons directory"},
		{repo, "it contains the seasons directory"},
	} {
		code, stdout, stderr := runCLI(t, "", "build", "--seasons", seasons, "--out", c.out)
		if code != 1 || stdout != "" || !strings.Contains(stderr, "refusing to replace "+c.out+": "+c.want) {
			t.Errorf("--out %s: exit %d, %q %q", c.out, code, stdout, stderr)
		}
	}
	if d := diffDirs(t, before, repo); len(d) > 0 {
		t.Errorf("a refused build changed its inputs: %v", d)
	}
}

// TestBrokenSeasonLeavesSiteWhole: a season broken in any of several ways
// stops the build with a message naming the file, exit 1, and the previous
// site stays byte for byte.
func TestBrokenSeasonLeavesSiteWhole(t *testing.T) {
	root := t.TempDir()
	seasons := filepath.Join(root, "seasons")
	if err := os.CopyFS(filepath.Join(seasons, "0"), os.DirFS(filepath.Join("..", "..", "seasons", "0"))); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(root, "public")
	if code, _, stderr := runCLI(t, "", "build", "--seasons", seasons, "--out", out); code != 0 {
		t.Fatalf("first build: exit %d %s", code, stderr)
	}
	before := snapshot(t, out)
	s0 := filepath.Join(seasons, "0")
	for _, c := range []struct {
		rel    string
		break_ func(p string) error
		want   string
	}{
		{"season.toml", func(p string) error { return appendTo(p, "zzz_unknown = 1\n") }, "unknown key"},
		{"conformite/track.toml", func(p string) error { return os.Truncate(p, 100) }, "track.toml"},
		{"conformite/corpus/manifest.json", func(p string) error { os.Remove(p); return syscall.Mkfifo(p, 0o644) }, "named pipe"},
		{"conformite/key.salt", func(p string) error { return appendTo(p, strings.Repeat("0", 100)) }, "longer than 64 hex digits"},
		{"trust/published_keys.json", func(p string) error { os.Remove(p); return os.Symlink("/etc/hostname", p) }, "symbolic link"},
		{"participants/boussole.toml", func(p string) error { return appendTo(p, "# \xff\xfe\n") }, "boussole.toml"},
	} {
		p := filepath.Join(s0, filepath.FromSlash(c.rel))
		saved, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.break_(p); err != nil {
			t.Fatalf("%s: %v", c.rel, err)
		}
		code, stdout, stderr := runCLI(t, "", "build", "--seasons", seasons, "--out", out)
		if code != 1 || stdout != "" || !strings.Contains(stderr, c.want) || !strings.Contains(stderr, filepath.Base(c.rel)) {
			t.Errorf("%s broken: exit %d, %q %q", c.rel, code, stdout, stderr)
		}
		if d := diffDirs(t, before, out); len(d) > 0 {
			t.Errorf("%s broken: the previous site changed: %v", c.rel, d)
		}
		os.Remove(p)
		if err := os.WriteFile(p, saved, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func appendTo(p, s string) error {
	f, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	if _, err := f.WriteString(s); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// TestBuildSummaryAndClose: build prints per track the statuses, causes,
// incidents and pending participants; --close refuses to write while a
// closed season has a pending participant; --quiet prints nothing.
func TestBuildSummaryAndClose(t *testing.T) {
	seasons := filepath.Join("..", "..", "seasons")
	out := filepath.Join(t.TempDir(), "public")
	code, stdout, stderr := runCLI(t, "", "build", "--seasons", seasons, "--out", out, "--close")
	if code != 1 || !strings.Contains(stderr, "--close: a closed season still has pending participants") || !strings.Contains(stdout, "pending: sablier") {
		t.Errorf("--close with a pending participant: exit %d, %q %q", code, stdout, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("--close wrote %s: %v", out, err)
	}
	code, stdout, stderr = runCLI(t, "", "build", "--seasons", seasons, "--out", out)
	// Progress on stderr, in plain lines (stderr is not a terminal here):
	// each step, and the pages counted to their total.
	// The inputs digest counts every file of the season, to its end.
	var files int
	if err := filepath.WalkDir(filepath.Join(seasons, "0"), func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files++
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{fmt.Sprintf("proveit build: season 0: inputs digest: 0/%d\n", files), fmt.Sprintf("proveit build: season 0: inputs digest: %d/%d\n", files, files),
		"proveit build: season 0: loading\nproveit build: season 0, conformite: scoring: 0/", "proveit build: season 0, generique: scoring: 0/", "proveit build: season 0: dossier: 0/", "proveit build: season 0: proofs: 0/", "proveit build: pages: 0/"} {
		if !strings.Contains(stderr, want) || strings.Contains(stderr, "\r") {
			t.Errorf("progress lacks %q:\n%s", want, stderr)
		}
	}
	if i, j := strings.Index(stderr, "season 0: inputs digest: 0/"), strings.Index(stderr, "season 0: loading"); i < 0 || j < i {
		t.Errorf("the inputs digest does not come before the loading:\n%s", stderr)
	}
	if lines := strings.Split(strings.TrimSpace(stderr), "\n"); len(lines) < 3 || !strings.HasPrefix(lines[len(lines)-1], "proveit build: pages: ") {
		t.Errorf("progress does not end with the pages counted: %q", stderr)
	} else if done, total, _ := strings.Cut(strings.TrimPrefix(lines[len(lines)-1], "proveit build: pages: "), "/"); done != total {
		t.Errorf("the last progress line counts %s of %s pages", done, total)
	}
	for _, want := range []string{
		"season 0, track conformite:\n  tasks: scored ",
		"  assertions: invalid_proof ",
		"instrument_defect ",
		"  incidents: instrument_defect ",
		"season_service ",
		"season 0, track generique:",
		"  pending: sablier",
		"proveit build: wrote ",
	} {
		if code != 0 || !strings.Contains(stdout, want) {
			t.Errorf("summary lacks %q (exit %d):\n%s", want, code, stdout)
		}
	}
	if code, stdout, stderr := runCLI(t, "", "build", "--seasons", seasons, "--out", out, "--quiet"); code != 0 || stdout != "" || stderr != "" {
		t.Errorf("--quiet: exit %d, %q %q", code, stdout, stderr)
	}
}

// TestBuildCacheFlag: build --cache fills the cache on the first build and
// takes from it on the second every verification it could store (none
// is written again: an outcome that cannot be stored, as that of a proof
// whose batch is pending, is a miss each time), says so, and writes the
// site check (which uses no cache) finds identical; --memprofile writes a
// heap profile.
func TestBuildCacheFlag(t *testing.T) {
	seasons := filepath.Join("..", "..", "seasons")
	dir := t.TempDir()
	out, cache, prof := filepath.Join(dir, "public"), filepath.Join(dir, "cache"), filepath.Join(dir, "heap.prof")
	code, stdout, stderr := runCLI(t, "", "build", "--seasons", seasons, "--out", out, "--cache", cache, "--quiet")
	if code != 0 || stdout != "" || stderr != "" {
		t.Fatalf("first build: exit %d, %q %q", code, stdout, stderr)
	}
	code, stdout, stderr = runCLI(t, "", "build", "--seasons", seasons, "--out", out, "--cache", cache, "--memprofile", prof)
	if code != 0 || !regexp.MustCompile(`verification cache .*cache: [1-9][0-9]* hits, [0-9]+ misses \(0 rejected, 0 stale\), 0 written\n`).MatchString(stdout) {
		t.Fatalf("second build: exit %d, want every verification a hit: %q %q", code, stdout, stderr)
	}
	if fi, err := os.Stat(prof); err != nil || fi.Size() == 0 {
		t.Errorf("--memprofile: %v", err)
	}
	if code, _, stderr := runCLI(t, "", "check", "--seasons", seasons, "--out", out); code != 0 {
		t.Errorf("check of a build from the cache: exit %d, %q", code, stderr)
	}
}

// TestRebuildLinksUnchangedFiles: a second build into the same output says
// how many files it took, unchanged, from the previous one; a file of the
// previous output edited since (same size, other bytes) is written again
// as the build makes it, and check finds the output exact.
func TestRebuildLinksUnchangedFiles(t *testing.T) {
	seasons := filepath.Join("..", "..", "seasons")
	out := filepath.Join(t.TempDir(), "public")
	code, stdout, stderr := runCLI(t, "", "build", "--seasons", seasons, "--out", out)
	if code != 0 || strings.Contains(stdout, "unchanged") {
		t.Fatalf("first build: exit %d, %q %q", code, stdout, stderr)
	}
	sums, err := os.ReadFile(filepath.Join(out, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	files := strings.Count(string(sums), "\n") + 1 // SHA256SUMS itself
	view := filepath.Join(out, "saison-0", "schemas", "results.schema.json")
	if matches, _ := filepath.Glob(filepath.Join(out, "saison-0", "preuves", "*.json")); len(matches) > 0 {
		view = matches[0]
	}
	b, err := os.ReadFile(view)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)/2] ^= 1
	if err := os.WriteFile(view, b, 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = runCLI(t, "", "build", "--seasons", seasons, "--out", out)
	// Every file but the edited one is the same as before, SHA256SUMS
	// included: it lists what the build made, not what it found.
	want := fmt.Sprintf("wrote %d files into %s (%d of them unchanged, linked from the previous output rather than written again)\n", files, out, files-1)
	if code != 0 || !strings.Contains(stdout, want) {
		t.Errorf("rebuild: exit %d, stdout %q, want %q; %q", code, stdout, want, stderr)
	}
	if code, _, stderr := runCLI(t, "", "check", "--seasons", seasons, "--out", out); code != 0 {
		t.Errorf("check after the rebuild: exit %d, %q", code, stderr)
	}
}

// TestPeakWritesTheLargest: --memprofile's profile is rewritten only when
// the live heap passes every earlier observation, and not after an error.
func TestPeakWritesTheLargest(t *testing.T) {
	for _, tc := range []struct {
		name   string
		lives  []uint64
		fail   int // the write that fails, 1-based; 0: none
		writes []int
	}{
		{"one season", []uint64{5}, 0, []int{1}},
		{"growing", []uint64{1, 2, 3}, 0, []int{1, 2, 3}},
		{"smaller and equal later", []uint64{5, 3, 5, 7, 7}, 0, []int{1, 4}},
		{"an error stops it", []uint64{1, 2, 3}, 2, []int{1, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var writes []int
			i := 0
			p := &peak{
				live: func() uint64 { i++; return tc.lives[i-1] },
				write: func() error {
					writes = append(writes, i)
					if len(writes) == tc.fail {
						return errors.New("disk full")
					}
					return nil
				},
			}
			for range tc.lives {
				p.observe()
			}
			if !slices.Equal(writes, tc.writes) {
				t.Errorf("written at observations %v, want %v", writes, tc.writes)
			}
			if (p.err != nil) != (tc.fail != 0) {
				t.Errorf("err = %v, want an error: %v", p.err, tc.fail != 0)
			}
		})
	}
}

// snapshot copies dir into a new temporary directory, for diffDirs to
// compare dir with once a command that must leave it as it was has run.
func snapshot(t *testing.T, dir string) string {
	t.Helper()
	copied := filepath.Join(t.TempDir(), "snapshot")
	if err := os.CopyFS(copied, os.DirFS(dir)); err != nil {
		t.Fatal(err)
	}
	return copied
}

// diffDirs lists how the files under got differ from those under want
// (site.DiffDirs, which proveit check prints).
func diffDirs(t *testing.T, want, got string) []string {
	t.Helper()
	d, err := site.DiffDirs(want, got)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
