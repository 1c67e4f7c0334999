package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/scorer/vcache"
	"github.com/ark-forge/proveit/scorer/vcache/vcachetest"
)

// TestMain points the user cache directory at a temporary one for every
// test of the package: proveit build keeps its verification cache there by
// default, and no test reads or writes the user's.
//
// With PROVEIT_TEST_RUN set, the test binary is proveit itself, run with
// the arguments it holds (separated by newlines): TestBuildKilled kills
// such a process in the middle of a build.
func TestMain(m *testing.M) {
	if args, ok := os.LookupEnv("PROVEIT_TEST_RUN"); ok {
		os.Exit(run(&env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}, strings.Split(args, "\n")))
	}
	dir, err := os.MkdirTemp("", "proveit-test-home-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	os.Setenv("HOME", dir) // the user cache directory's base on macOS
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// cacheLine is the line build prints of its verification cache.
var cacheLine = regexp.MustCompile(`proveit build: verification cache (.*): ([0-9]+) hits, ([0-9]+) misses \(([0-9]+) rejected, ([0-9]+) stale\), ([0-9]+) written\n`)

// TestBuildDefaultCache: build keeps its verification cache in
// proveit/verify under the user cache directory by default: the first
// build fills it, the second takes from it every verification it stored,
// one entry altered on disk is verified again and replaced, and every
// build writes the files a build with --no-cache writes. check, and a
// build with --no-cache, neither read nor write it: they do not even
// create the directory.
func TestBuildDefaultCache(t *testing.T) {
	seasons := filepath.Join("..", "..", "seasons")
	tmp := t.TempDir()
	userCache := filepath.Join(tmp, "user-cache")
	t.Setenv("XDG_CACHE_HOME", userCache)
	dir := filepath.Join(userCache, "proveit", "verify")

	plain := filepath.Join(tmp, "plain")
	code, stdout, stderr := runCLI(t, "", "build", "--seasons", seasons, "--out", plain, "--no-cache")
	if code != 0 || strings.Contains(stdout, "verification cache") || strings.Contains(stderr, "cache") {
		t.Fatalf("--no-cache: exit %d, %q %q", code, stdout, stderr)
	}
	if code, _, stderr := runCLI(t, "", "check", "--seasons", seasons, "--out", plain); code != 0 {
		t.Fatalf("check: exit %d, %q", code, stderr)
	}
	if _, err := os.Stat(userCache); !os.IsNotExist(err) {
		t.Fatalf("a build with --no-cache, then check, made the user cache directory: %v", err)
	}
	// stats builds into a new directory with the default cache, requires
	// the files of the build without one, and returns the cache's counts.
	n := 0
	stats := func(what string) (hits, misses, rejected, written int) {
		t.Helper()
		n++
		out := filepath.Join(tmp, fmt.Sprintf("public-%d", n))
		code, stdout, stderr := runCLI(t, "", "build", "--seasons", seasons, "--out", out)
		m := cacheLine.FindStringSubmatch(stdout)
		if code != 0 || m == nil || m[1] != dir || strings.Contains(stderr, "cache") {
			t.Fatalf("%s: exit %d, want the cache line of %s:\n%s%s", what, code, dir, stdout, stderr)
		}
		for _, d := range diffDirs(t, plain, out) {
			t.Errorf("%s: %s", what, d)
		}
		atoi := func(s string) int { i, _ := strconv.Atoi(s); return i }
		return atoi(m[2]), atoi(m[3]), atoi(m[4]), atoi(m[6])
	}
	hits, misses, _, written := stats("cold")
	if hits != 0 || written == 0 || written > misses {
		t.Fatalf("cold: %d hits, %d misses, %d written", hits, misses, written)
	}
	entries, err := vcachetest.Entries(dir)
	if err != nil || len(entries) != written {
		t.Fatalf("%d entries in %s (%v), want the %d written", len(entries), dir, err, written)
	}
	if h, m, r, w := stats("warm"); h != written || m != misses-written || r != 0 || w != 0 {
		t.Errorf("warm: %d hits, %d misses, %d rejected, %d written; want %d hits and nothing written", h, m, r, w, written)
	}
	for k, b := range entries {
		b[len(b)-2] ^= 0x01
		if err := vcachetest.Replace(dir, map[vcache.Key][]byte{k: b}); err != nil {
			t.Fatal(err)
		}
		break
	}
	if h, _, r, w := stats("one entry altered"); h != written-1 || r != 1 || w != 1 {
		t.Errorf("one entry altered: %d hits, %d rejected, %d written; want it rejected and written again", h, r, w)
	}
	if h, _, r, _ := stats("after the rewrite"); h != written || r != 0 {
		t.Errorf("after the rewrite: %d hits, %d rejected", h, r)
	}
}

// TestBuildWithoutUserCacheDir: when the user cache directory cannot be
// determined (neither XDG_CACHE_HOME nor HOME) or made, build goes on
// without a cache, says so in one line on stderr, and nothing with
// --quiet; the files are those of a build with --no-cache.
func TestBuildWithoutUserCacheDir(t *testing.T) {
	seasons := filepath.Join("..", "..", "seasons")
	tmp := t.TempDir()
	plain := filepath.Join(tmp, "plain")
	if code, _, stderr := runCLI(t, "", "build", "--seasons", seasons, "--out", plain, "--no-cache", "--quiet"); code != 0 {
		t.Fatalf("--no-cache: exit %d, %q", code, stderr)
	}
	notDir := filepath.Join(tmp, "a-file")
	if err := os.WriteFile(notDir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for i, c := range []struct{ xdg, home, why string }{
		{"", "", "neither $XDG_CACHE_HOME nor $HOME are defined"},
		{"relative", "", "relative"},
		{notDir, "", "not a directory"},
	} {
		t.Setenv("XDG_CACHE_HOME", c.xdg)
		t.Setenv("HOME", c.home)
		out := filepath.Join(tmp, fmt.Sprintf("public-%d", i))
		code, stdout, stderr := runCLI(t, "", "build", "--seasons", seasons, "--out", out)
		lines := regexp.MustCompile(`(?m)^proveit build: no verification cache, every proof is verified \(--cache DIR chooses one\): .*\n`).FindAllString(stderr, -1)
		if code != 0 || len(lines) != 1 || !strings.Contains(lines[0], c.why) || len(regexp.MustCompile(`(?m)^.*cache.*$`).FindAllString(stderr, -1)) != 1 || strings.Contains(stdout, "verification cache") {
			t.Errorf("XDG_CACHE_HOME=%q HOME=%q: exit %d, want one line saying %q:\n%s%s", c.xdg, c.home, code, c.why, stdout, stderr)
		}
		for _, d := range diffDirs(t, plain, out) {
			t.Errorf("XDG_CACHE_HOME=%q: %s", c.xdg, d)
		}
		if code, stdout, stderr := runCLI(t, "", "build", "--seasons", seasons, "--out", out, "--quiet"); code != 0 || stdout != "" || stderr != "" {
			t.Errorf("XDG_CACHE_HOME=%q, --quiet: exit %d, %q %q", c.xdg, code, stdout, stderr)
		}
	}
}

// TestBuildCacheFlagErrors: --cache and --no-cache together, and --cache
// with no directory, are usage errors; a --cache DIR that cannot be made
// stops the build, which writes nothing.
func TestBuildCacheFlagErrors(t *testing.T) {
	tmp := t.TempDir()
	notDir := filepath.Join(tmp, "a-file")
	if err := os.WriteFile(notDir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(tmp, "public")
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--cache", filepath.Join(tmp, "c"), "--no-cache"}, 2, "--cache and --no-cache: choose one"},
		{[]string{"--no-cache", "--cache", filepath.Join(tmp, "c")}, 2, "--cache and --no-cache: choose one"},
		{[]string{"--cache", ""}, 2, "--cache needs a directory"},
		{[]string{"--cache", filepath.Join(notDir, "c")}, 1, "proveit build: --cache: vcache: "},
	} {
		code, _, stderr := runCLI(t, "", append([]string{"build", "--seasons", filepath.Join("..", "..", "seasons"), "--out", out}, c.args...)...)
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: exit %d, %q; want %d, %q", c.args, code, stderr, c.code, c.want)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("%q: the build wrote %s", c.args, out)
		}
	}
}
