package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeSite writes a site of one track and one participant whose overclaim
// is overclaim, built by version.
func writeSite(t *testing.T, version, overclaim string, report bool) string {
	t.Helper()
	dir := t.TempDir()
	track := filepath.Join(dir, "saison-0", "conformite")
	files := map[string]string{
		filepath.Join(track, "results.json"): `{"proveit_version": "` + version + `", "season": 0, "track": "conformite", "tasks": 1,
			"participants": [{"slug": "albatros", "status": "scored", "overclaim": "` + overclaim + `", "report": "participants/albatros/report.json"}]}`,
	}
	if report {
		files[filepath.Join(track, "participants", "albatros", "report.json")] = `{"proveit_version": "` + version + `", "tasks": [{"task_id": "conf-01", "status": "scored"}]}`
	}
	for name, data := range files {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
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
