package proof

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/ark-forge/proveit/internal/cpython"
)

// cryptoVector is testdata/crypto-py/vector.json (README.md there says how
// it is made).
type cryptoVector struct {
	SeedHex        string `json:"seed_hex"`
	ArkforgePubkey string `json:"arkforge_pubkey"`
	Cases          []struct {
		Chain             string   `json:"chain"`
		ArkforgeSignature string   `json:"arkforge_signature"`
		PythonAlsoReads   []string `json:"python_also_reads"`
	} `json:"cases"`
}

func readCryptoVector(t *testing.T, data []byte) cryptoVector {
	t.Helper()
	var v cryptoVector
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Cases) == 0 {
		t.Fatal("no case in the vector")
	}
	return v
}

// TestCryptoPyVector: the signatures and the key python3's cryptography
// made exactly as the Trust Layer's crypto.py makes them (sign_proof,
// get_public_key_b64url) are read by DecodeEd25519 and verify; Go's
// Ed25519 (deterministic) and EncodeEd25519 give the same strings back;
// the other spellings crypto.py's lenient _b64url_decode also reads
// (padded, standard alphabet) are refused.
func TestCryptoPyVector(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "crypto-py", "vector.json"))
	if err != nil {
		t.Fatal(err)
	}
	v := readCryptoVector(t, data)
	seed, err := hex.DecodeString(v.SeedHex)
	if err != nil || len(seed) != ed25519.SeedSize {
		t.Fatalf("seed %q", v.SeedHex)
	}
	priv := ed25519.NewKeyFromSeed(seed)
	pub := priv.Public().(ed25519.PublicKey)
	if got := EncodeEd25519(pub); got != v.ArkforgePubkey {
		t.Errorf("EncodeEd25519(pub) = %s, crypto.py wrote %s", got, v.ArkforgePubkey)
	}
	if got, why := DecodeEd25519(v.ArkforgePubkey, ed25519.PublicKeySize); why != "" || !bytes.Equal(got, pub) {
		t.Errorf("arkforge_pubkey: %x %s", got, why)
	}
	for _, c := range v.Cases {
		sig, why := DecodeEd25519(c.ArkforgeSignature, ed25519.SignatureSize)
		if why != "" {
			t.Fatalf("%s: %s", c.ArkforgeSignature, why)
		}
		if !ed25519.Verify(pub, []byte(c.Chain), sig) {
			t.Errorf("the signature over %s does not verify", c.Chain)
		}
		if got := EncodeEd25519(ed25519.Sign(priv, []byte(c.Chain))); got != c.ArkforgeSignature {
			t.Errorf("Go signs %s as %s, crypto.py as %s", c.Chain, got, c.ArkforgeSignature)
		}
		if len(c.PythonAlsoReads) == 0 {
			t.Error("the vector lists no other spelling")
		}
		for _, other := range c.PythonAlsoReads {
			if _, why := DecodeEd25519(other, ed25519.SignatureSize); why == "" {
				t.Errorf("%s is read: one spelling per signature", other)
			}
		}
	}
}

// TestCryptoPyVectorIsReproducible runs make_vector.py again with python3's
// cryptography and requires the committed vector's key and signatures.
// Without python3 or its cryptography package the test skips, or fails
// under PROVEIT_REQUIRE_CPYTHON.
func TestCryptoPyVectorIsReproducible(t *testing.T) {
	python := cpython.Need(t)
	if err := exec.Command(python, "-c", "import cryptography").Run(); err != nil {
		if os.Getenv(cpython.RequireEnv) != "" {
			t.Fatalf("python3 has no cryptography package (%v), and %s is set", err, cpython.RequireEnv)
		}
		t.Skip("python3 has no cryptography package: make_vector.py cannot run")
	}
	out, err := exec.Command(python, filepath.Join("testdata", "crypto-py", "make_vector.py")).Output()
	if err != nil {
		t.Fatal(err)
	}
	committed, err := os.ReadFile(filepath.Join("testdata", "crypto-py", "vector.json"))
	if err != nil {
		t.Fatal(err)
	}
	got, want := readCryptoVector(t, out), readCryptoVector(t, committed)
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(want)
	if !bytes.Equal(g, w) {
		t.Errorf("make_vector.py now writes\n%s\nthe committed vector is\n%s", out, committed)
	}
}
