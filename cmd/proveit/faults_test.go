package main

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestBuildKilled: a build of the demo seasons, in a process of its own,
// is stopped while it writes its staging directory: a build of the same
// output meanwhile refuses, naming the lock file; the first is then
// killed (SIGKILL). The output is the previous build, whole; the killed
// build's staging directory is there until the next build, which removes
// it, says so on stderr, and leaves nothing beside the output but the
// output.
func TestBuildKilled(t *testing.T) {
	seasons, err := filepath.Abs(filepath.Join("..", "..", "seasons"))
	if err != nil {
		t.Fatal(err)
	}
	parent := t.TempDir()
	out := filepath.Join(parent, "public")
	if code, _, stderr := runCLI(t, "", "build", "--seasons", seasons, "--out", out, "--no-cache", "--quiet"); code != 0 {
		t.Fatalf("the first build: exit %d: %s", code, stderr)
	}
	previous := readSite(t, out)

	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "PROVEIT_TEST_RUN="+strings.Join([]string{"build", "--seasons", seasons, "--out", out, "--no-cache", "--quiet"}, "\n"))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer cmd.Process.Kill()
	staging := waitStaging(t, parent, exited)
	if err := cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}

	code, _, stderr := runCLI(t, "", "build", "--seasons", seasons, "--out", out, "--no-cache", "--quiet")
	if lock := filepath.Join(parent, ".public.lock"); code != 1 || !strings.Contains(stderr, lock) || !strings.Contains(stderr, out+" is being written by another build") {
		t.Errorf("a build while another writes the same output: exit %d, %q; want 1 and a message naming %s", code, stderr, lock)
	}
	if _, err := os.Stat(staging); err != nil {
		t.Errorf("the refused build touched the running build's staging directory: %v", err)
	}

	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	<-exited
	if _, err := os.Stat(staging); err != nil {
		t.Fatalf("the killed build's staging directory: %v", err)
	}
	assertSite(t, out, previous)

	code, _, stderr = runCLI(t, "", "build", "--seasons", seasons, "--out", out, "--no-cache")
	if code != 0 {
		t.Fatalf("the build after the kill: exit %d: %s", code, stderr)
	}
	if want := "proveit build: removed " + staging + ", left by a build of " + out + " that was interrupted\n"; !strings.Contains(stderr, want) {
		t.Errorf("stderr does not say %q", want)
	}
	assertSite(t, out, previous) // the same seasons: the same files
	entries, err := os.ReadDir(parent)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() != "public" {
			t.Errorf("left beside the output: %s", e.Name())
		}
	}
}

// waitStaging waits until a staging directory beside the output holds 20
// files and returns it; it fails if the build ends first.
func waitStaging(t *testing.T, parent string, exited <-chan error) string {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		select {
		case err := <-exited:
			t.Fatalf("the build ended before it was stopped: %v", err)
		default:
		}
		matches, _ := filepath.Glob(filepath.Join(parent, ".public.new-*[0-9]"))
		for _, m := range matches {
			n := 0
			filepath.WalkDir(m, func(_ string, d fs.DirEntry, err error) error {
				if err == nil && d.Type().IsRegular() {
					n++
				}
				return nil
			})
			if n >= 20 {
				return m
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatal("no staging directory with 20 files after two minutes")
	return ""
}

// readSite reads every file under dir, by path.
func readSite(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		files[strings.TrimPrefix(p, dir+string(filepath.Separator))] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// assertSite fails unless dir holds exactly the files want and is whole:
// its SHA256SUMS lists exactly its other files, each with its SHA-256.
func assertSite(t *testing.T, dir string, want map[string]string) {
	t.Helper()
	got := readSite(t, dir)
	for name, data := range want {
		if got[name] != data {
			t.Errorf("%s: not the previous build's", name)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("%s: not the previous build's", name)
		}
	}
	listed := map[string]bool{"SHA256SUMS": true}
	for _, line := range strings.Split(strings.TrimSuffix(got["SHA256SUMS"], "\n"), "\n") {
		sum, name, _ := strings.Cut(line, "  ")
		h := sha256.Sum256([]byte(got[name]))
		if _, ok := got[name]; !ok || hex.EncodeToString(h[:]) != sum {
			t.Errorf("%s does not match its line of SHA256SUMS", name)
		}
		listed[name] = true
	}
	if len(listed) != len(got) {
		t.Errorf("SHA256SUMS lists %d files and SHA256SUMS, the site holds %d", len(listed)-1, len(got))
	}
}
