package verify

import (
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"os"
	"path/filepath"
	"testing"

	"github.com/ark-forge/proveit/scorer/proof/prooftest"
	"github.com/ark-forge/proveit/scorer/trust"
)

// freeTSAEntry is FreeTSA's chain as a trusted root's timestampAuthorities
// entry, leaf first (testdata/freetsa).
func freeTSAEntry(t *testing.T) map[string]any {
	t.Helper()
	var chain []any
	for _, name := range []string{"tsa.crt", "cacert.pem"} {
		data, err := os.ReadFile(filepath.Join("testdata", "freetsa", name))
		if err != nil {
			t.Fatal(err)
		}
		block, rest := pem.Decode(data)
		if block == nil || block.Type != "CERTIFICATE" || len(rest) != 0 {
			t.Fatalf("%s is not one PEM certificate", name)
		}
		chain = append(chain, map[string]any{"rawBytes": base64.StdEncoding.EncodeToString(block.Bytes)})
	}
	return map[string]any{
		"subject":   map[string]any{"organization": "Free TSA", "commonName": "www.freetsa.org"},
		"uri":       "https://freetsa.org/tsr",
		"certChain": map[string]any{"certificates": chain},
		"validFor":  map[string]any{"start": "2026-02-15T19:44:22Z"},
	}
}

// TestFreeTSAPinned: FreeTSA's real certificates, pinned as seasons/TRUST.md
// says, load into a season's trusted root beside the test issuer's Rekor
// log and keys; a view in the real shape (v1.7's timestamp_authority, the
// provider named) is verified against that pin, and the test TSA's token
// it carries is refused there, for its signer: the pin is what decides.
func TestFreeTSAPinned(t *testing.T) {
	w := newWorld(t)
	p := w.batch(t, 2, inSeason, prooftest.Anchoring{}, nil)[0]
	rootJSON, tl, err := w.is.TrustMaterial("did:key:z6MkChallenge")
	if err != nil {
		t.Fatal(err)
	}
	var tr map[string]any
	if err := json.Unmarshal(rootJSON, &tr); err != nil {
		t.Fatal(err)
	}
	load := func(tsas []any) *trust.Material {
		t.Helper()
		tr["timestampAuthorities"] = tsas
		out, err := json.MarshalIndent(tr, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, trust.TrustedRootFile), out, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, trust.TrustLayerFile), tl, 0o644); err != nil {
			t.Fatal(err)
		}
		m, err := trust.Load(dir)
		if err != nil {
			t.Fatalf("the trusted root pinning FreeTSA does not load: %v", err)
		}
		return m
	}
	all := load(append(tr["timestampAuthorities"].([]any), freeTSAEntry(t)))
	if n := len(all.Root.TimestampingAuthorities()); n != 4 {
		t.Fatalf("%d TSAs pinned, want the test pool and FreeTSA", n)
	}
	view := parse(t, viewJSON(t, p))
	if ta := view.TimestampAuthority; ta.Status != "verified" || ta.Provider != prooftest.TSAPool[0]+".invalid" || len(ta.Token) == 0 {
		t.Fatalf("timestamp_authority %+v", ta)
	}
	d := p.Disclosure()
	if out := New(all, w.entries()).Verify(view, Options{Window: season, Disclosure: &d, DID: did}); out.Status != Valid {
		t.Errorf("with the test pool and FreeTSA pinned: %v %v", out.Status, out.Failure)
	}
	only := load([]any{freeTSAEntry(t)})
	out := New(only, w.entries()).Verify(view, Options{Window: season, Disclosure: &d, DID: did})
	if out.Status != Invalid || out.Failure == nil || out.Failure.Check != "rfc3161.signer" {
		t.Errorf("with FreeTSA alone pinned: %v %v, want the test token refused for its signer", out.Status, out.Failure)
	}
}
