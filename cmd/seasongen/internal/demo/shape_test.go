package demo

import (
	"encoding/base64"
	"testing"

	"github.com/digitorus/timestamp"
)

// TestTokensHaveTheRealShape: every batch token of the demo season embeds
// no certificate and carries no nonce, as the Trust Layer's do, and the
// trusted root pins the three TSAs of the test issuer's pool. (openssl
// verifies the pool's tokens in package prooftest.)
func TestTokensHaveTheRealShape(t *testing.T) {
	g := load(t)
	if n := len(g.material.Root.TimestampingAuthorities()); n != 3 {
		t.Errorf("the trusted root pins %d TSAs, want the pool of 3", n)
	}
	batches := 0
	for _, p := range g.season.Proofs {
		if isNotFound(g.meta, p.ID) {
			continue
		}
		v := readView(t, g.season, p.ID)
		if v.TimestampAuthority.TSRBase64 == "" {
			continue
		}
		batches++
		token, err := base64.StdEncoding.DecodeString(v.TimestampAuthority.TSRBase64)
		if err != nil {
			t.Fatalf("proof %s: %v", p.ID, err)
		}
		ts, err := timestamp.ParseResponse(token)
		if err != nil {
			t.Fatalf("proof %s: %v", p.ID, err)
		}
		if len(ts.Certificates) != 0 || ts.Nonce != nil {
			t.Errorf("proof %s: the token embeds %d certificates, nonce %v", p.ID, len(ts.Certificates), ts.Nonce)
		}
	}
	if batches == 0 {
		t.Fatal("no anchored proof")
	}
}
