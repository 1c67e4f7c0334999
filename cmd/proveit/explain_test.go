package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestExplain prints the trail of submissions of the demo season.
func TestExplain(t *testing.T) {
	seasons := filepath.Join("..", "..", "seasons")
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"--track", "conformite", "--participant", "boussole", "--task", "conf-01"}, []string{"entry: ok", "close: ok", "ok       signature", "=> supported (supported)", "status: scored", "counts in success: true"}},
		{[]string{"--track", "conformite", "--participant", "mirage", "--task", "conf-01"}, []string{"failed   signature", "=> unsupported (invalid_proof)"}},
		{[]string{"--track", "conformite", "--participant", "archipel", "--task", "conf-03"}, []string{"close: rejected", `"/referentiel" is not in the task graph`, "status: rejected_at_close", "not evaluated"}},
		{[]string{"--track", "conformite", "--participant", "carrefour", "--task", "conf-01"}, []string{"entry: rejected", "status: rejected_at_entry", "incident (season_service)"}},
		{[]string{"--track", "generique", "--participant", "sablier", "--task", "gen-06"}, []string{"pending  inclusion", "status: pending"}},
	} {
		args := append([]string{"explain", "--seasons", seasons, "--season", "0"}, c.args...)
		code, stdout, stderr := runCLI(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, stderr)
		}
		for _, w := range c.want {
			if !strings.Contains(stdout, w) {
				t.Errorf("%v: output lacks %q:\n%s", c.args, w, stdout)
			}
		}
	}
	for _, bad := range [][]string{
		{"explain", "--seasons", seasons, "--season", "0", "--track", "conformite", "--participant", "nobody", "--task", "conf-01"},
		{"explain", "--seasons", seasons, "--season", "0", "--track", "conformite", "--participant", "boussole", "--task", "conf-99"},
		{"explain", "--seasons", seasons, "--season", "0", "--track", "autre", "--participant", "boussole", "--task", "conf-01"},
	} {
		if code, _, stderr := runCLI(t, "", bad...); code != 1 || stderr == "" {
			t.Errorf("%v: exit %d %q", bad, code, stderr)
		}
	}
	// A participant enrolled in the season who submitted nothing to the
	// track: one line, exit 1, no stack trace.
	code, stdout, stderr := runCLI(t, "", "explain", "--seasons", seasons, "--season", "0", "--track", "generique", "--participant", "lucarne", "--task", "gen-01")
	if code != 1 || stdout != "" || stderr != "proveit explain: participant lucarne has no submission in track generique: nothing to explain\n" {
		t.Errorf("participant without submissions in the track: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if code, _, _ := runCLI(t, "", "explain", "--season", "0"); code != 2 {
		t.Errorf("missing flags: exit %d", code)
	}
}
