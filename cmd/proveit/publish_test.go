package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// copyDemo copies seasons/0 into a temporary directory, without its
// snapshot, its register and season.toml's [publication].
func copyDemo(t *testing.T) string {
	t.Helper()
	src := filepath.Join("..", "..", "seasons", "0")
	dst := filepath.Join(t.TempDir(), "0")
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if top := strings.Split(filepath.ToSlash(rel), "/")[0]; top == "published" || top == "contestations" || top == "rectifications" {
			return nil
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if rel == "season.toml" {
			if i := bytes.Index(data, []byte("\n[publication]")); i >= 0 {
				data = data[:i+1]
			}
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

func TestPublishCommand(t *testing.T) {
	dir := copyDemo(t)
	code, stdout, stderr := runCLI(t, "", "publish", "--season", dir, "--published-at", "2026-11-01T12:00:00Z")
	if code != 0 || strings.Count(stdout, "proveit publish: wrote ") != 3 || stderr != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	// The call to anchor: target, method, payload and its SHA-256.
	var payload, digest string
	for _, line := range strings.Split(stdout, "\n") {
		if v, ok := strings.CutPrefix(line, "payload: "); ok {
			payload = v
		}
		if v, ok := strings.CutPrefix(line, "digest (sha256 of the payload): "); ok {
			digest = v
		}
	}
	sums, _ := os.ReadFile(filepath.Join(dir, "published", "SHA256SUMS"))
	if !strings.Contains(stdout, "target: https://proveit.arkforge.tech/v1/season/0/publication\nmethod: POST\n") ||
		!strings.Contains(payload, `"sha256sums":"`+sha256Hex(sums)+`"`) || !strings.Contains(payload, `"published_at":"2026-11-01T12:00:00Z"`) ||
		digest != sha256Hex([]byte(payload)) {
		t.Errorf("publish does not print the call to anchor with its digest:\n%s", stdout)
	}
	data, err := os.ReadFile(filepath.Join(dir, "published", "conformite.json"))
	if err != nil || !bytes.Contains(data, []byte(`"published_at": "2026-11-01T12:00:00Z"`)) {
		t.Fatalf("published/conformite.json: %v\n%.200s", err, data)
	}
	// A second publication is refused, and says why on one line.
	code, _, stderr = runCLI(t, "", "publish", "--season", dir)
	if code != 1 || strings.Count(strings.TrimSpace(stderr), "\n") != 0 || !strings.Contains(stderr, filepath.Join(dir, "published", "conformite.json")) {
		t.Errorf("overwrite: exit %d, stderr %q, want 1 and one line naming the file", code, stderr)
	}
	if code, _, stderr := runCLI(t, "", "publish", "--season", dir, "--published-at", "demain"); code != 2 || !strings.Contains(stderr, "RFC 3339") {
		t.Errorf("bad --published-at: exit %d, %q", code, stderr)
	}
	if code, _, stderr := runCLI(t, "", "publish", "--seasons", filepath.Dir(dir), "--season", "0"); code != 1 || !strings.Contains(stderr, "already exists") {
		t.Errorf("--season N: exit %d, %q, want the season found under --seasons", code, stderr)
	}
	if code, _, _ := runCLI(t, "", "publish"); code != 2 {
		t.Errorf("no --season: exit %d", code)
	}
	open := copyDemo(t)
	toml, _ := os.ReadFile(filepath.Join(open, "season.toml"))
	os.WriteFile(filepath.Join(open, "season.toml"), bytes.Replace(toml, []byte(`status = "closed"`), []byte(`status = "open"`), 1), 0o644)
	for _, tr := range []string{"conformite", "generique"} {
		os.Remove(filepath.Join(open, tr, "key.json"))
		os.Remove(filepath.Join(open, tr, "key.salt"))
	}
	if code, _, stderr := runCLI(t, "", "publish", "--season", open); code != 1 || !strings.Contains(stderr, "only a closed season is published") {
		t.Errorf("open season: exit %d, %q", code, stderr)
	}
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
