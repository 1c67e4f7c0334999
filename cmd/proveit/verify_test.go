package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ark-forge/proveit/scorer/anchor/rfc3161/rfc3161test"
	"github.com/ark-forge/proveit/scorer/proof/prooftest"
	"github.com/ark-forge/proveit/scorer/pyjson"
)

// verifySeason writes a season with trust material from a test issuer and
// a cache holding a valid proof, a tampered copy of another, a pending one
// and a 404 record. It returns the season directory and the proof ids.
func verifySeason(t *testing.T) (dir, valid, tampered, pending, missing string) {
	t.Helper()
	window := rfc3161test.Validity{NotBefore: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), NotAfter: time.Date(2026, 12, 31, 23, 59, 59, 0, time.UTC)}
	is, err := prooftest.New(prooftest.Config{Seed: []byte("cli verify"), KeyWindow: window})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 9, 25, 12, 0, 0, 0, time.UTC)
	issue := func() *prooftest.Proof {
		p, err := is.Issue(prooftest.Call{Target: "https://corpus.arkforge.tech/agrements/AGR-4417", Method: "GET", Payload: pyjson.ObjectValue(), Body: []byte(`{"statut": "actif"}`), DID: "did:key:z6MkCli", APIKey: "k", At: at})
		if err != nil {
			t.Fatal(err)
		}
		at = at.Add(time.Second)
		return p
	}
	a, b := issue(), issue()
	if _, err := is.CloseBatch(at.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	c := issue()
	root, tl, err := is.TrustMaterial()
	if err != nil {
		t.Fatal(err)
	}
	dir = filepath.Join(t.TempDir(), "7")
	files := map[string][]byte{
		"season.toml": []byte(`number = 7
title = "Saison 7"
opens_at = 2026-09-21T08:00:00Z
closes_at = 2026-10-05T20:00:00Z
status = "open"
demo = true
corpus_host = "https://corpus.arkforge.tech"
challenge_did = "did:key:z6MkChallenge"
tracks = []
`),
		"trust/trusted_root.json": root,
		"trust/published_keys.json":  tl,
	}
	for _, p := range []*prooftest.Proof{a, b, c} {
		cached, err := p.CacheFiles()
		if err != nil {
			t.Fatal(err)
		}
		for name, v := range cached {
			if p == b && strings.HasPrefix(name, "proofs/") {
				v = []byte(strings.Replace(string(v), b.Chain+`"`, strings.Repeat("0", 64)+`"`, 1))
			}
			files[name] = v
		}
	}
	missing = "prf_20260925_130000_abcdef"
	files["proofs/"+missing+".json"] = []byte(`{"not_found": true, "proof_id": "` + missing + `"}`)
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, a.ID, b.ID, c.ID, missing
}

func TestVerifyCommand(t *testing.T) {
	dir, valid, tampered, pending, missing := verifySeason(t)
	code, stdout, stderr := runCLI(t, "", "verify", "--season", dir, valid)
	if code != 0 {
		t.Fatalf("valid proof: exit %d\n%s%s", code, stdout, stderr)
	}
	for _, want := range []string{"ok       chain", "ok       signature", "ok       inclusion", "ok       rfc3161", "ok       rekor", "ok       season_window", "skipped  openings", "ok       identity", "outcome: valid, anchored at 2026-09-25T12:01:02Z"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("valid proof: output lacks %q:\n%s", want, stdout)
		}
	}
	code, stdout, _ = runCLI(t, "", "verify", valid, "--season", dir)
	if code != 0 {
		t.Errorf("flags after the id: exit %d", code)
	}
	code, stdout, _ = runCLI(t, "", "verify", "--season", dir, tampered)
	if code != 1 || !strings.Contains(stdout, "failed   chain") || !strings.Contains(stdout, "outcome: invalid: chain: recomputed") {
		t.Errorf("tampered proof: exit %d\n%s", code, stdout)
	}
	code, stdout, _ = runCLI(t, "", "verify", "--season", dir, pending)
	if code != 1 || !strings.Contains(stdout, "pending  batch") || !strings.Contains(stdout, "outcome: pending") {
		t.Errorf("pending proof: exit %d\n%s", code, stdout)
	}
	code, _, stderr = runCLI(t, "", "verify", "--season", dir, missing)
	if code != 1 || !strings.Contains(stderr, "does not exist: the Trust Layer answered 404") {
		t.Errorf("404 proof: exit %d %s", code, stderr)
	}
	code, _, stderr = runCLI(t, "", "verify", "--season", dir, "prf_20260101_000000_000000")
	if code != 1 || !strings.Contains(stderr, "is not in the cache") {
		t.Errorf("uncached proof: exit %d %s", code, stderr)
	}
	view := filepath.Join(dir, "proofs", valid+".json")
	if code, _, _ := runCLI(t, "", "verify", "--season", dir, view); code != 0 {
		t.Errorf("a view file: exit %d", code)
	}
	bad := writeFile(t, "bad.json", `{"proof_id": "../../x"}`)
	if code, _, stderr := runCLI(t, "", "verify", "--season", dir, bad); code != 1 || !strings.Contains(stderr, "/proof_id") {
		t.Errorf("a bad view file: exit %d %s", code, stderr)
	}
	if code, _, _ := runCLI(t, "", "verify", valid); code != 2 {
		t.Errorf("no --season: exit %d", code)
	}
}

// TestNonRegularInputs: a device, a named pipe or a directory given to
// verify, canon or response-hash ends at once in one clear line naming the
// path and its kind; nothing is opened for reading, nothing waits.
func TestNonRegularInputs(t *testing.T) {
	dir, _, _, _, _ := verifySeason(t)
	fifo := filepath.Join(t.TempDir(), "pipe.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatalf("named pipes are needed for this test: %v", err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"verify", "--season", dir, "/dev/zero"}, "/dev/zero: is a character device, want a regular file"},
		{[]string{"verify", "--season", dir, fifo}, fifo + ": is a named pipe (FIFO), want a regular file"},
		{[]string{"verify", "--season", dir, dir}, dir + ": is a directory, want a regular file"},
		{[]string{"canon", fifo}, fifo + ": is a named pipe (FIFO), want a regular file"},
		{[]string{"canon", "/dev/zero"}, "/dev/zero: is a character device, want a regular file"},
		{[]string{"response-hash", fifo}, fifo + ": is a named pipe (FIFO), want a regular file"},
	} {
		code, _, stderr := runCLI(t, "", c.args...)
		if code != 1 || !strings.Contains(stderr, c.want) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q; want exit 1 and one line with %q", c.args, code, stderr, c.want)
		}
	}
}

// TestVerifyOpensWithTheOwnersDisclosure: another participant who cites
// someone's valid proof with wrong openings cannot make verify report it
// invalid; the foreign disclosure is named and only used on request.
func TestVerifyOpensWithTheOwnersDisclosure(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "0")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "seasons", "0"))); err != nil {
		t.Fatal(err)
	}
	const id = "prf_20261005_090009_02a94a" // boussole's, conf-01
	other := filepath.Join(dir, "conformite", "submissions", "albatros", "conf-01.json")
	raw, err := os.ReadFile(other)
	if err != nil {
		t.Fatal(err)
	}
	var sub map[string]any
	if err := json.Unmarshal(raw, &sub); err != nil {
		t.Fatal(err)
	}
	a := sub["assertions"].([]any)[0].(map[string]any)
	a["proof_ids"] = append(a["proof_ids"].([]any), id)
	bogus := map[string]any{"nonce": strings.Repeat("ab", 32), "value": strings.Repeat("cd", 32)}
	sub["disclosures"].(map[string]any)[id] = map[string]any{"request_hash": bogus, "response_hash": bogus}
	raw, _ = json.Marshal(sub)
	if err := os.WriteFile(other, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(t, "", "verify", "--season", dir, id)
	if code != 0 || !strings.Contains(stdout, "participant boussole, the proof's own") ||
		!strings.Contains(stdout, "also disclosed by conformite/submissions/albatros/conf-01.json (participant albatros), not the proof's own participant: not used") ||
		!strings.Contains(stdout, "outcome: valid") {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, _ = runCLI(t, "", "verify", "--season", dir, "--submission", other, id)
	if code != 1 || !strings.Contains(stdout, "not the proof's own participant") || !strings.Contains(stdout, "outcome: invalid") {
		t.Errorf("--submission with the foreign disclosure: exit %d\n%s", code, stdout)
	}
	if code, _, stderr := runCLI(t, "", "verify", "--season", dir, "--submission", filepath.Join(dir, "conformite", "submissions", "albatros", "conf-02.json"), id); code != 1 || !strings.Contains(stderr, "does not disclose proof "+id) {
		t.Errorf("--submission that does not disclose the proof: exit %d %s", code, stderr)
	}
}
