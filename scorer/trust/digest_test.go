package trust

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"testing"
	"time"
)

// TestDigest: the same trust loaded twice has the same digest, and changing
// any one thing a verification reads from it changes the digest; each case
// was seen failing with its field left out of Digest.
func TestDigest(t *testing.T) {
	dir := writeTrust(t, trustedRootJSON(t), validTrustLayer(t))
	load := func() *Material {
		m, err := Load(dir)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	base := load().Digest()
	if load().Digest() != base {
		t.Fatal("the same trust loads with two digests")
	}
	other, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		edit func(*Material)
	}{
		{"trusted root", func(m *Material) { m.RootJSON = append(m.RootJSON, ' ') }},
		{"challenge DID", func(m *Material) { m.ChallengeDID += "x" }},
		{"Rekor origin", func(m *Material) { m.RekorOrigin += "x" }},
		{"proof key id", func(m *Material) { m.ProofKeys[0].ID += "x" }},
		{"proof key", func(m *Material) { k := append([]byte(nil), m.ProofKeys[0].Key...); k[0] ^= 1; m.ProofKeys[0].Key = k }},
		{"proof key window", func(m *Material) { m.ProofKeys[0].Window.Until = m.ProofKeys[0].Window.Until.Add(time.Second) }},
		{"proof key dropped", func(m *Material) { m.ProofKeys = m.ProofKeys[1:] }},
		{"Rekor key id", func(m *Material) { m.RekorKeys[0].ID += "x" }},
		{"Rekor key", func(m *Material) { m.RekorKeys[0].Key = &other.PublicKey }},
		{"Rekor key window", func(m *Material) { m.RekorKeys[0].Window.From = m.RekorKeys[0].Window.From.Add(-time.Second) }},
	} {
		m := load()
		c.edit(m)
		if m.Digest() == base {
			t.Errorf("%s: same digest", c.name)
		}
	}
}
