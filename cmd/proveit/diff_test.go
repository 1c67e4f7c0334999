package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeSite writes a site of one track and one participant whose overclaim
// is overclaim ("n/d"), built by version, with its SHA256SUMS.
func writeSite(t *testing.T, version, overclaim string, report bool) string {
	t.Helper()
	dir := t.TempDir()
	track := filepath.Join(dir, "saison-0", "conformite")
	num, den, _ := strings.Cut(overclaim, "/")
	files := map[string]string{
		filepath.Join(track, "results.json"): `{"proveit_version": "` + version + `", "season": 0, "track": "conformite", "tasks": 1,
			"participants": [{"slug": "albatros", "status": "scored", "overclaim": {"numerator": ` + num + `, "denominator": ` + den + `}, "report": "participants/albatros/report.json"}]}`,
	}
	if report {
		files[filepath.Join(track, "participants", "albatros", "report.json")] = `{"proveit_version": "` + version + `", "tasks": [{"task_id": "conf-01", "status": "scored"}]}`
	}
	var sums []byte
	for _, rel := range []string{"saison-0/conformite/participants/albatros/report.json", "saison-0/conformite/results.json"} {
		name := filepath.Join(dir, filepath.FromSlash(rel))
		data, ok := files[name]
		if !ok {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		h := sha256.Sum256([]byte(data))
		sums = fmt.Appendf(sums, "%s  %s\n", hex.EncodeToString(h[:]), rel)
	}
	if err := os.WriteFile(filepath.Join(dir, "SHA256SUMS"), sums, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestDiff(t *testing.T) {
	base := writeSite(t, "0.3.0", "1/5", true)
	for _, c := range []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"identical", []string{base, writeSite(t, "0.3.0", "1/5", true)}, 0, "no difference in results or reports\n", ""},
		{"version only", []string{base, writeSite(t, "0.4.0", "1/5", true)}, 0, "built by proveit 0.3.0 → 0.4.0\nno difference in results or reports\n", ""},
		{"rate", []string{base, writeSite(t, "0.3.0", "0/5", true)}, 1, "season 0, track conformite: participant albatros: overclaim 1/5 → 0/5\n", ""},
		{"json", []string{"--json", base, writeSite(t, "0.3.0", "0/5", true)}, 1, "", ""},
		{"missing report", []string{base, writeSite(t, "0.3.0", "1/5", false)}, 2, "", "report.json: no such file or directory"},
		{"no such site", []string{base, filepath.Join(base, "nope")}, 2, "", "nope"},
		{"one argument", []string{base}, 2, "", "usage: proveit diff"},
		{"the demo site with itself", []string{filepath.Join("..", "..", "public"), filepath.Join("..", "..", "public")}, 0, "no difference in results or reports\n", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, "", append([]string{"diff"}, c.args...)...)
			if code != c.code || (c.stdout != "" && stdout != c.stdout) || (c.stderr == "" && stderr != "") || !strings.Contains(stderr, c.stderr) {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d, stdout %q, stderr with %q", code, stdout, stderr, c.code, c.stdout, c.stderr)
			}
			if c.name == "json" {
				var got []map[string]string
				if err := json.Unmarshal([]byte(stdout), &got); err != nil || len(got) != 1 || got[0]["field"] != "overclaim" || got[0]["old"] != "1/5" || got[0]["new"] != "0/5" || got[0]["task"] != "" {
					t.Errorf("--json: %v, %s", err, stdout)
				}
			}
		})
	}
}

// TestDiffDemo builds the demo, copies it, and changes the copy: a figure of
// results.json no named field covers, then an HTML page edited without its
// SHA256SUMS; each is a difference, exit 1, that names its path.
func TestDiffDemo(t *testing.T) {
	tmp := t.TempDir()
	old, copied := filepath.Join(tmp, "old"), filepath.Join(tmp, "new")
	if code, _, stderr := runCLI(t, "", "build", "--seasons", filepath.Join("..", "..", "seasons"), "--out", old, "--no-cache", "--quiet"); code != 0 {
		t.Fatalf("build: exit %d, %s", code, stderr)
	}
	copyTree(t, old, copied)
	if code, stdout, stderr := runCLI(t, "", "diff", old, copied); code != 0 || stdout != "no difference in results or reports\n" || stderr != "" {
		t.Fatalf("the copy: exit %d, %q, %q", code, stdout, stderr)
	}

	// A success rate that disagrees with its fraction, in results.json,
	// through its SHA256SUMS: no named field shows it, the path does.
	results := filepath.Join(copied, "saison-0", "conformite", "results.json")
	data, err := os.ReadFile(results)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var tree map[string]any
	if err := dec.Decode(&tree); err != nil {
		t.Fatal(err)
	}
	success := tree["participants"].([]any)[0].(map[string]any)["success"].(map[string]any)
	rate := success["rate"].(json.Number)
	success["rate"] = json.Number("0.123")
	if data, err = json.MarshalIndent(tree, "", "  "); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(results, data, 0o644); err != nil {
		t.Fatal(err)
	}
	sumsFile := filepath.Join(copied, "SHA256SUMS")
	sums, err := os.ReadFile(sumsFile)
	if err != nil {
		t.Fatal(err)
	}
	was, now := sha256.Sum256(mustRead(t, filepath.Join(old, "saison-0", "conformite", "results.json"))), sha256.Sum256(data)
	sums = bytes.Replace(sums, []byte(hex.EncodeToString(was[:])), []byte(hex.EncodeToString(now[:])), 1)
	if err := os.WriteFile(sumsFile, sums, 0o644); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("saison-0/conformite/results.json: /participants/0/success/rate: %s → 0.123\n", rate)
	if code, stdout, stderr := runCLI(t, "", "diff", old, copied); code != 1 || stdout != want || stderr != "" {
		t.Errorf("success rate: exit %d, %q, %q; want exit 1, %q", code, stdout, stderr, want)
	}

	// In another copy, only an HTML page edited, its SHA256SUMS left as
	// it was.
	edited := filepath.Join(tmp, "edited")
	copyTree(t, old, edited)
	page := filepath.Join(edited, "index.html")
	if err := os.WriteFile(page, append(mustRead(t, page), "<!-- edited -->"...), 0o644); err != nil {
		t.Fatal(err)
	}
	want = edited + ": index.html does not match its SHA-256 in SHA256SUMS\n"
	if code, stdout, stderr := runCLI(t, "", "diff", old, edited); code != 1 || stdout != want || stderr != "" {
		t.Errorf("page: exit %d, %q, %q; want exit 1, %q", code, stdout, stderr, want)
	}
}

func mustRead(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
