package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ark-forge/proveit/scorer/anchor/rfc3161/rfc3161test"
	"github.com/ark-forge/proveit/scorer/proof/prooftest"
	"github.com/ark-forge/proveit/scorer/pyjson"
)

// TestVerifySelfHostedRekor: a batch logged by a Rekor server that signs
// its checkpoints as its own hostname, not as the host of its baseUrl,
// verifies when trust_layer.toml pins that name as rekor_origin, and only
// then: the pin goes from the file through package trust and package
// verify to package rekor.
func TestVerifySelfHostedRekor(t *testing.T) {
	const hostname = "rekor-00001-deployment-test"
	window := rfc3161test.Validity{NotBefore: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), NotAfter: time.Date(2026, 12, 31, 23, 59, 59, 0, time.UTC)}
	is, err := prooftest.New(prooftest.Config{Seed: []byte("cli self-hosted rekor"), KeyWindow: window, RekorHostname: hostname})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 9, 25, 12, 0, 0, 0, time.UTC)
	p, err := is.Issue(prooftest.Call{Target: "https://corpus.arkforge.tech/agrements/AGR-4417", Method: "GET", Payload: pyjson.ObjectValue(), Body: []byte(`{"statut": "actif"}`), DID: "did:key:z6MkCli", APIKey: "k", At: at})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := is.CloseBatch(at.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	root, tl, err := is.TrustMaterial()
	if err != nil {
		t.Fatal(err)
	}
	pin := `rekor_origin = "` + hostname + `"` + "\n"
	if !strings.Contains(string(tl), pin) {
		t.Fatalf("trust_layer.toml does not pin %s:\n%s", hostname, tl)
	}
	cached, err := p.CacheFiles()
	if err != nil {
		t.Fatal(err)
	}
	season := func(tl string) string {
		dir := filepath.Join(t.TempDir(), "7")
		files := map[string]string{
			"season.toml": `number = 7
title = "Saison 7"
opens_at = 2026-09-21T08:00:00Z
closes_at = 2026-10-05T20:00:00Z
status = "open"
demo = true
corpus_host = "https://corpus.arkforge.tech"
challenge_did = "did:key:z6MkChallenge"
tracks = []
`,
			"trust/trusted_root.json": string(root),
			"trust/published_keys.json":  tl,
		}
		for name, b := range cached {
			files[name] = string(b)
		}
		for name, data := range files {
			f := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(f, []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	code, stdout, stderr := runCLI(t, "", "verify", "--season", season(string(tl)), p.ID)
	if code != 0 || !strings.Contains(stdout, "ok       rekor") {
		t.Fatalf("rekor_origin pinned: exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, _ = runCLI(t, "", "verify", "--season", season(strings.Replace(string(tl), pin, "", 1)), p.ID)
	if code != 1 || !strings.Contains(stdout, "rekor.checkpoint.signature") || !strings.Contains(stdout, "signed by: "+hostname) {
		t.Errorf("no rekor_origin: exit %d, want invalid on rekor.checkpoint.signature naming %s\n%s", code, hostname, stdout)
	}
}
