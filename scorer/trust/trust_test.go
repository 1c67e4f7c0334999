package trust

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/hex"
	"encoding/pem"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// trustedRootJSON returns a minimal TrustedRoot with one Rekor log key and
// one self-signed TSA certificate, both fresh.
func trustedRootJSON(t *testing.T) []byte {
	t.Helper()
	logKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	der, _ := x509.MarshalPKIXPublicKey(&logKey.PublicKey)
	id := sha256.Sum256(der)
	tsaKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "test TSA"}, NotBefore: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), NotAfter: time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC), IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign}
	cert, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &tsaKey.PublicKey, tsaKey)
	if err != nil {
		t.Fatal(err)
	}
	b64 := base64.StdEncoding.EncodeToString
	return []byte(fmt.Sprintf(`{"mediaType":"application/vnd.dev.sigstore.trustedroot+json;version=0.1",
"tlogs":[{"baseUrl":"https://rekor.test.invalid","hashAlgorithm":"SHA2_256","publicKey":{"rawBytes":%q,"keyDetails":"PKIX_ECDSA_P256_SHA_256","validFor":{"start":"2026-01-01T00:00:00Z"}},"logId":{"keyId":%q}}],
"timestampAuthorities":[{"subject":{"organization":"test","commonName":"test TSA"},"certChain":{"certificates":[{"rawBytes":%q}]},"validFor":{"start":"2026-01-01T00:00:00Z"}}]}`, b64(der), b64(id[:]), b64(cert)))
}

func p256PEM(t *testing.T) string {
	k, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	der, _ := x509.MarshalPKIXPublicKey(&k.PublicKey)
	return string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}))
}

func edHex() string {
	pub, _, _ := ed25519.GenerateKey(rand.Reader)
	return hex.EncodeToString(pub)
}

func validTrustLayer(t *testing.T) string {
	return fmt.Sprintf(`challenge_did = "did:key:z6MkChallenge"
rekor_origin = "rekor.sigstore.dev"

[[proof_keys]]
id = "tl-2026-a"
ed25519_public_key = %q
valid_from = 2026-01-01T00:00:00Z
valid_until = 2026-06-30T23:59:59Z

[[proof_keys]]
id = "tl-2026-b"
ed25519_public_key = %q
valid_from = 2026-07-01T00:00:00Z
valid_until = 2026-12-31T23:59:59Z

[[rekor_keys]]
id = "tl-rekor"
public_key_pem = '''
%s'''
valid_from = 2026-01-01T00:00:00Z
valid_until = 2026-12-31T23:59:59Z
`, edHex(), edHex(), p256PEM(t))
}

func writeTrust(t *testing.T, rootJSON []byte, tl string) string {
	t.Helper()
	dir := t.TempDir()
	if rootJSON != nil {
		if err := os.WriteFile(filepath.Join(dir, TrustedRootFile), rootJSON, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, TrustLayerFile), []byte(tl), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestLoad(t *testing.T) {
	m, err := Load(writeTrust(t, trustedRootJSON(t), validTrustLayer(t)))
	if err != nil {
		t.Fatal(err)
	}
	if m.ChallengeDID != "did:key:z6MkChallenge" || m.RekorOrigin != "rekor.sigstore.dev" || len(m.ProofKeys) != 2 || len(m.RekorKeys) != 1 {
		t.Fatalf("loaded %+v", m)
	}
	if len(m.Root.RekorLogs()) != 1 || len(m.Root.TimestampingAuthorities()) != 1 {
		t.Errorf("trusted root: %d logs, %d TSAs", len(m.Root.RekorLogs()), len(m.Root.TimestampingAuthorities()))
	}
	for _, c := range []struct {
		at   string
		want []string
	}{
		{"2026-01-01T00:00:00Z", []string{"tl-2026-a"}}, // bounds included
		{"2026-06-30T23:59:59Z", []string{"tl-2026-a"}},
		{"2026-07-01T00:00:00Z", []string{"tl-2026-b"}},
		{"2025-12-31T23:59:59Z", nil},
		{"2027-01-01T00:00:00Z", nil},
	} {
		at, _ := time.Parse(time.RFC3339, c.at)
		var got []string
		for _, k := range m.ProofKeysAt(at) {
			got = append(got, k.ID)
		}
		if strings.Join(got, ",") != strings.Join(c.want, ",") {
			t.Errorf("ProofKeysAt(%s) = %v, want %v", c.at, got, c.want)
		}
	}
}

// TestLoadWithoutRekorOrigin: rekor_origin may be left out; package rekor
// then takes the host of the log's baseUrl.
func TestLoadWithoutRekorOrigin(t *testing.T) {
	tl := strings.Replace(validTrustLayer(t), "rekor_origin = \"rekor.sigstore.dev\"\n", "", 1)
	m, err := Load(writeTrust(t, trustedRootJSON(t), tl))
	if err != nil {
		t.Fatal(err)
	}
	if m.RekorOrigin != "" {
		t.Errorf("RekorOrigin %q, want \"\"", m.RekorOrigin)
	}
}

func TestLoadRefuses(t *testing.T) {
	good := validTrustLayer(t)
	root := trustedRootJSON(t)
	for _, c := range []struct {
		name string
		root []byte
		tl   string
		want string
	}{
		{"no trusted root", nil, good, "trusted_root.json: "},
		{"trusted root not JSON", []byte("{"), good, "trusted_root.json: not a sigstore TrustedRoot"},
		{"trusted root unknown field", []byte(strings.Replace(string(root), `"tlogs"`, `"tlogz":[],"tlogs"`, 1)), good, "not a sigstore TrustedRoot"},
		{"trusted root without TSA", []byte(string(root[:strings.Index(string(root), `,
"timestampAuthorities"`)]) + "}"), good, "pins no timestamping authority"},
		{"unknown key", root, "extra = 1\n" + good, "trust_layer.toml: extra: unknown key"},
		{"unknown key in a table", root, strings.Replace(good, `id = "tl-rekor"`, "id = \"tl-rekor\"\nurl = \"x\"", 1), "rekor_keys.url: unknown key"},
		{"case-folded key", root, strings.Replace(good, "challenge_did", "Challenge_did", 1), "unknown key"},
		{"bad DID", root, strings.Replace(good, "did:key:z6MkChallenge", "did:example:x", 1), `challenge_did: "did:example:x" is not a did:key or did:web DID`},
		{"short ed25519 key", root, strings.Replace(good, "ed25519_public_key = \"", "ed25519_public_key = \"00", 1), "proof_keys[0].ed25519_public_key: want 32 bytes"},
		{"uppercase hex", root, strings.Replace(good, "ed25519_public_key = \"", "ed25519_public_key = \"A", 1), "ed25519_public_key"},
		{"window reversed", root, strings.Replace(good, "valid_until = 2026-06-30T23:59:59Z", "valid_until = 2025-06-30T23:59:59Z", 1), "proof_keys[0]: valid_from 2026-01-01T00:00:00Z is not before valid_until 2025-06-30T23:59:59Z"},
		{"duplicate id", root, strings.Replace(good, `id = "tl-2026-b"`, `id = "tl-2026-a"`, 1), `proof_keys[1].id: key id "tl-2026-a" is used twice`},
		{"missing valid_until", root, strings.Replace(good, "valid_until = 2026-06-30T23:59:59Z\n", "", 1), "proof_keys[0].valid_until: missing"},
		{"id with traversal", root, strings.Replace(good, `id = "tl-2026-a"`, `id = "../x"`, 1), `is not a key id`},
		{"rekor key not PEM", root, strings.Replace(good, "-----BEGIN PUBLIC KEY-----", "-----BEGIN PUBLIK KEY-----", 1), "rekor_keys[0].public_key_pem"},
		{"rekor key is Ed25519", root, strings.Replace(good, p256Block(good), edPEM(), 1), "want an ECDSA P-256 key"},
		{"no proof keys", root, good[:strings.Index(good, "[[proof_keys]]")] + good[strings.Index(good, "[[rekor_keys]]"):], "proof_keys: missing"},
		{"not TOML", root, "challenge_did = ", "decoding TOML"},
		{"rekor_origin not a string", root, strings.Replace(good, `rekor_origin = "rekor.sigstore.dev"`, `rekor_origin = 1193050959916656506`, 1), "decoding TOML"},
		{"empty rekor_origin", root, strings.Replace(good, `rekor_origin = "rekor.sigstore.dev"`, `rekor_origin = ""`, 1), "rekor_origin: empty"},
		{"rekor_origin with its tree id", root, strings.Replace(good, `rekor_origin = "rekor.sigstore.dev"`, `rekor_origin = "rekor.sigstore.dev - 1193050959916656506"`, 1),
			`rekor_origin: "rekor.sigstore.dev - 1193050959916656506" is a checkpoint origin with its tree id; pin the part before " - ", "rekor.sigstore.dev"`},
		{"rekor_origin with a space", root, strings.Replace(good, `rekor_origin = "rekor.sigstore.dev"`, `rekor_origin = "rekor sigstore"`, 1), "rekor_origin: \"rekor sigstore\" holds a space"},
		{"rekor_origin with a plus", root, strings.Replace(good, `rekor_origin = "rekor.sigstore.dev"`, `rekor_origin = "rekor+x"`, 1), "holds a space, a plus"},
		{"rekor_origin too long", root, strings.Replace(good, `rekor_origin = "rekor.sigstore.dev"`, `rekor_origin = "`+strings.Repeat("a", 254)+`"`, 1), "254 bytes, over 253"},
		{"rekor_origin case-folded", root, strings.Replace(good, "rekor_origin", "Rekor_origin", 1), "unknown key"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Load(writeTrust(t, c.root, c.tl))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Load = %v, want an error containing %q", err, c.want)
			}
		})
	}
}

func p256Block(s string) string {
	i := strings.Index(s, "-----BEGIN PUBLIC KEY-----")
	j := strings.Index(s, "-----END PUBLIC KEY-----") + len("-----END PUBLIC KEY-----\n")
	return s[i:j]
}

func edPEM() string {
	pub, _, _ := ed25519.GenerateKey(rand.Reader)
	der, _ := x509.MarshalPKIXPublicKey(pub)
	return string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}))
}

func TestLoadRefusesOversizeAndSymlink(t *testing.T) {
	dir := writeTrust(t, trustedRootJSON(t), validTrustLayer(t)+strings.Repeat("#", MaxTrustLayerBytes))
	if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), "exceeds") {
		t.Errorf("oversized trust_layer.toml: %v", err)
	}
	dir = writeTrust(t, trustedRootJSON(t), validTrustLayer(t))
	os.Remove(filepath.Join(dir, TrustLayerFile))
	if err := os.Symlink("/etc/hostname", filepath.Join(dir, TrustLayerFile)); err != nil {
		t.Skip("symlinks unavailable in this temporary directory: " + err.Error())
	}
	if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), "is a symbolic link, want a regular file") {
		t.Errorf("symlinked trust_layer.toml: %v", err)
	}
}
