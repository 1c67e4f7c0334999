package main

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/cmd/proveit/internal/fetch/fetchtest"
)

// copyTree copies the directory src to dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// readTree returns every file under dir, by slash-separated relative path.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestRefillRebuildsDemo: the demo seasons' caches emptied (proofs/ and
// anchors/rekor/) and refilled by proveit fetch from a loopback Trust Layer
// that answers in the real shape ({"proofs": {id: view | null}}, a 404
// alone for a proof it does not hold, views_count and integrity_verified
// at every read) and a loopback Rekor log give back every cached file byte
// for byte, and the site they build is the committed public/, byte for
// byte (proveit check).
func TestRefillRebuildsDemo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the demo site: not in -short")
	}
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	seasons := filepath.Join(t.TempDir(), "seasons")
	state := filepath.Join(t.TempDir(), "state.json")
	for _, n := range []string{"0", "1"} {
		orig := filepath.Join(repo, "seasons", n)
		dir := filepath.Join(seasons, n)
		copyTree(t, orig, dir)
		want := readTree(t, orig)
		srv, rk := fetchtest.New(), fetchtest.NewRekor()
		t.Cleanup(srv.Close)
		t.Cleanup(rk.Close)
		views, entries := 0, 0
		for name, data := range want {
			switch {
			case strings.HasPrefix(name, "proofs/"):
				var nf struct {
					NotFound bool `json:"not_found"`
				}
				if json.Unmarshal(data, &nf) == nil && nf.NotFound {
					continue // the server does not hold it: null, then 404
				}
				srv.Put(strings.TrimSuffix(strings.TrimPrefix(name, "proofs/"), ".json"), data)
				views++
			case strings.HasPrefix(name, "anchors/rekor/"):
				rk.Put(strings.TrimSuffix(strings.TrimPrefix(name, "anchors/rekor/"), ".json"), data)
				entries++
			}
		}
		if views < 200 || entries < 50 {
			t.Fatalf("season %s: %d views, %d entries", n, views, entries)
		}
		for _, sub := range []string{"proofs", "anchors"} {
			if err := os.RemoveAll(filepath.Join(dir, sub)); err != nil {
				t.Fatal(err)
			}
		}
		fetchHTTP = srv.Client()
		t.Cleanup(func() { fetchHTTP = nil })
		args := []string{"fetch", "--season", dir, "--base", srv.URL, "--rekor", rk.URL, "--state", state}
		// A run reads at most 100 Rekor entries: run again for the rest.
		for run := 1; ; run++ {
			code, stdout, stderr := runCLI(t, "", args...)
			if code == 0 && !strings.Contains(stdout, "run again") {
				break
			}
			if run == 5 {
				t.Fatalf("season %s: fetch run %d: exit %d\n%s%s", n, run, code, stdout, stderr)
			}
		}
		got := readTree(t, dir)
		for name, data := range want {
			if !bytes.Equal(got[name], data) {
				t.Errorf("season %s: %s is not refilled byte for byte", n, name)
			}
		}
		for name := range got {
			if _, ok := want[name]; !ok {
				t.Errorf("season %s: fetch wrote %s, which the committed season does not hold", n, name)
			}
		}
	}
	if t.Failed() {
		return
	}
	if code, stdout, stderr := runCLI(t, "", "check", "--seasons", seasons, "--out", filepath.Join(repo, "public")); code != 0 {
		t.Errorf("the refilled seasons do not build the committed site: exit %d\n%s%s", code, stdout, stderr)
	}
}
