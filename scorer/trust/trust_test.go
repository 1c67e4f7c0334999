package trust

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ark-forge/proveit/scorer/internal/realworld"
	"github.com/ark-forge/proveit/scorer/proof"
)

// realKeys is the real published_keys.json.
func realKeys() []byte { return realworld.Read("trust/published_keys.json") }

// dirWith writes a trust directory holding the real trusted root and keys.
func dirWith(t *testing.T, keys []byte) string {
	t.Helper()
	dir := t.TempDir()
	for name, data := range map[string][]byte{TrustedRootFile: realworld.Read("trust/trusted_root.json"), PublishedKeysFile: keys} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestLoadReal: the real trust directory loads, with ArkForge's three
// Ed25519 keys and three Rekor keys in the history's order; key-1 is the
// key the real 3.1 view carries, rekor-1 the key that signed the real
// Rekor entry's body.
func TestLoadReal(t *testing.T) {
	m, err := Load(realworld.TrustDir())
	if err != nil {
		t.Fatal(err)
	}
	var kids, rekorKids []string
	for _, k := range m.Keys {
		kids = append(kids, k.KID)
	}
	for _, k := range m.RekorKeys {
		rekorKids = append(rekorKids, k.KID)
	}
	if fmt.Sprint(kids, rekorKids) != "[key-1 key-2 key-3] [rekor-1 rekor-2 rekor-3]" {
		t.Errorf("kids %v %v", kids, rekorKids)
	}
	view, err := proof.ParseView(realworld.Read(realworld.View31))
	if err != nil {
		t.Fatal(err)
	}
	pub, _ := proof.DecodeEd25519(view.PublicKey, 32)
	k, ok := m.KeyByPublic(pub)
	if !ok || k.KID != "key-1" || k.Encoded != view.PublicKey || !k.RetiredAt.IsZero() || !k.ValidFrom.Equal(time.Date(2026, 2, 26, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("the view's key: %+v %v", k, ok)
	}
	if k2, ok := m.KeyByID("key-2"); !ok || k2.Node != "vps1" || k2.Public.Equal(k.Public) {
		t.Errorf("key-2: %+v", k2)
	}
	if _, ok := m.KeyByID("key-4"); ok {
		t.Error("key-4 found")
	}
	// rekor-1 is the submitter of the real entry.
	var entry map[string]struct {
		Body string `json:"body"`
	}
	if err := json.Unmarshal(realworld.Read(realworld.RekorEntry20), &entry); err != nil {
		t.Fatal(err)
	}
	var body struct {
		Spec struct {
			Signature struct {
				PublicKey struct {
					Content string `json:"content"`
				} `json:"publicKey"`
			} `json:"signature"`
		} `json:"spec"`
	}
	for _, e := range entry {
		raw, _ := base64.StdEncoding.DecodeString(e.Body)
		if err := json.Unmarshal(raw, &body); err != nil {
			t.Fatal(err)
		}
	}
	pemBytes, _ := base64.StdEncoding.DecodeString(body.Spec.Signature.PublicKey.Content)
	submitter, err := parseP256PEM(string(pemBytes))
	if err != nil {
		t.Fatal(err)
	}
	if !m.RekorKeys[0].Key.Equal(submitter) || m.RekorKeys[1].Key.Equal(submitter) {
		t.Error("rekor-1 is not the real entry's submitter")
	}
	if len(m.RekorKeysAt(time.Now())) != 3 {
		t.Error("three Rekor keys are valid today")
	}
}

// TestValidAt: a key is valid for what is dated strictly before its
// retirement, and always while not retired. Seen failing with the
// comparison made inclusive.
func TestValidAt(t *testing.T) {
	retired := time.Date(2026, 10, 3, 10, 0, 0, 0, time.UTC)
	k := Key{RetiredAt: retired}
	if !k.ValidAt(retired.Add(-time.Second)) || k.ValidAt(retired) || k.ValidAt(retired.Add(time.Second)) {
		t.Error("retirement boundary")
	}
	if !(Key{}).ValidAt(time.Date(2999, 1, 1, 0, 0, 0, 0, time.UTC)) {
		t.Error("a key not retired is invalid")
	}
	r := RekorKey{RetiredAt: retired}
	if !r.ValidAt(retired.Add(-time.Nanosecond)) || r.ValidAt(retired) {
		t.Error("Rekor key retirement boundary")
	}
	m := &Material{RekorKeys: []RekorKey{{KID: "a", RetiredAt: retired}, {KID: "b"}}}
	if got := m.RekorKeysAt(retired); len(got) != 1 || got[0].KID != "b" {
		t.Errorf("RekorKeysAt %v", got)
	}
}

// editKeys decodes the real history, applies f and encodes it.
func editKeys(t *testing.T, f func(m map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(realKeys(), &m); err != nil {
		t.Fatal(err)
	}
	f(m)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func key(m map[string]any, list string, i int) map[string]any {
	return m[list].([]any)[i].(map[string]any)
}

func pemOf(t *testing.T, pub any) string {
	der, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}))
}

// TestPublishedKeysRefused: a history that is not what ArkForge publishes
// is refused, naming the file and the field.
func TestPublishedKeysRefused(t *testing.T) {
	p384, _ := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	rsaKey, _ := rsa.GenerateKey(rand.Reader, 1024)
	many := func(m map[string]any) {
		var ks []any
		for i := range MaxKeys + 1 {
			k := map[string]any{}
			for kk, v := range key(m, "keys", 0) {
				k[kk] = v
			}
			k["kid"] = fmt.Sprint("k", i)
			ks = append(ks, k)
		}
		m["keys"] = ks
	}
	for _, c := range []struct {
		name  string
		data  []byte
		field string
		why   string
	}{
		{"not JSON", []byte("{"), "", "not strict JSON"},
		{"a duplicate JSON key", []byte(`{"keys": [], "keys": []}`), "", "not strict JSON"},
		{"a list", []byte(`[]`), "", "want an object"},
		{"an unknown top-level key", editKeys(t, func(m map[string]any) { m["signers"] = 1 }), "/signers", "unknown key"},
		{"_doc a number", editKeys(t, func(m map[string]any) { m["_doc"] = 1 }), "/_doc", "want a string"},
		{"no keys", editKeys(t, func(m map[string]any) { delete(m, "keys") }), "/keys", "missing"},
		{"keys empty", editKeys(t, func(m map[string]any) { m["keys"] = []any{} }), "/keys", "want at least one"},
		{"rekor_keys an object", editKeys(t, func(m map[string]any) { m["rekor_keys"] = map[string]any{} }), "/rekor_keys", "want an array"},
		{"too many keys", editKeys(t, many), "/keys", "exceeds the limit of 256"},
		{"a key a string", editKeys(t, func(m map[string]any) { m["keys"].([]any)[1] = "key-2" }), "/keys/1", "want an object"},
		{"an unknown key field", editKeys(t, func(m map[string]any) { key(m, "keys", 2)["not_before"] = "x" }), "/keys/2/not_before", "unknown key"},
		{"no kid", editKeys(t, func(m map[string]any) { delete(key(m, "keys", 0), "kid") }), "/keys/0/kid", "missing"},
		{"a bad kid", editKeys(t, func(m map[string]any) { key(m, "keys", 0)["kid"] = "../k" }), "/keys/0/kid", "want 1 to 64"},
		{"a kid twice", editKeys(t, func(m map[string]any) { key(m, "keys", 1)["kid"] = "key-1" }), "/keys/1/kid", "listed twice"},
		{"a key twice", editKeys(t, func(m map[string]any) { key(m, "keys", 2)["public"] = key(m, "keys", 0)["public"] }), "/keys/2/public", "listed again"},
		{"another type", editKeys(t, func(m map[string]any) { key(m, "keys", 0)["type"] = "Ed448" }), "/keys/0/type", `want "Ed25519"`},
		{"a key in hex", editKeys(t, func(m map[string]any) { key(m, "keys", 0)["public"] = strings.Repeat("ab", 32) }), "/keys/0/public", `want "ed25519:"`},
		{"a short key", editKeys(t, func(m map[string]any) { key(m, "keys", 0)["public"] = "ed25519:AAAA" }), "/keys/0/public", "3 bytes, want 32"},
		{"a padded key", editKeys(t, func(m map[string]any) { key(m, "keys", 0)["public"] = key(m, "keys", 0)["public"].(string) + "=" }), "/keys/0/public", "not base64url"},
		{"node a number", editKeys(t, func(m map[string]any) { key(m, "keys", 0)["node"] = 1 }), "/keys/0/node", "want a string"},
		{"no valid_from", editKeys(t, func(m map[string]any) { delete(key(m, "keys", 0), "valid_from") }), "/keys/0/valid_from", "missing"},
		{"a date without zone", editKeys(t, func(m map[string]any) { key(m, "keys", 0)["valid_from"] = "2026-02-26T00:00:00" }), "/keys/0/valid_from", "RFC 3339"},
		{"retired_at a number", editKeys(t, func(m map[string]any) { key(m, "keys", 0)["retired_at"] = 0 }), "/keys/0/retired_at", "want a string"},
		{"retired_at not a date", editKeys(t, func(m map[string]any) { key(m, "keys", 0)["retired_at"] = "soon" }), "/keys/0/retired_at", "RFC 3339"},
		{"retired before valid", editKeys(t, func(m map[string]any) { key(m, "keys", 0)["retired_at"] = "2026-02-26T00:00:00Z" }), "/keys/0/retired_at", "not after valid_from"},
		{"a Rekor key of the wrong type", editKeys(t, func(m map[string]any) { key(m, "rekor_keys", 0)["type"] = "Ed25519" }), "/rekor_keys/0/type", `want "ECDSA-P256-SHA256"`},
		{"a Rekor key on P-384", editKeys(t, func(m map[string]any) { key(m, "rekor_keys", 1)["public_pem"] = pemOf(t, &p384.PublicKey) }), "/rekor_keys/1/public_pem", "P-256"},
		{"an RSA Rekor key", editKeys(t, func(m map[string]any) { key(m, "rekor_keys", 1)["public_pem"] = pemOf(t, &rsaKey.PublicKey) }), "/rekor_keys/1/public_pem", "P-256"},
		{"text after the PEM", editKeys(t, func(m map[string]any) {
			key(m, "rekor_keys", 0)["public_pem"] = key(m, "rekor_keys", 0)["public_pem"].(string) + "x"
		}), "/rekor_keys/0/public_pem", "text after"},
		{"no PEM", editKeys(t, func(m map[string]any) { key(m, "rekor_keys", 0)["public_pem"] = "MFkw" }), "/rekor_keys/0/public_pem", "no PEM block"},
		{"a Rekor key twice", editKeys(t, func(m map[string]any) { key(m, "rekor_keys", 2)["public_pem"] = key(m, "rekor_keys", 0)["public_pem"] }), "/rekor_keys/2/public_pem", "listed again"},
		{"a Rekor kid twice", editKeys(t, func(m map[string]any) { key(m, "rekor_keys", 2)["kid"] = "rekor-2" }), "/rekor_keys/2/kid", "listed twice"},
		{"public_pem under keys", editKeys(t, func(m map[string]any) { key(m, "keys", 0)["public_pem"] = "x" }), "/keys/0/public_pem", "unknown key"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := dirWith(t, c.data)
			_, err := Load(dir)
			var e *Error
			if !errors.As(err, &e) || e.File != filepath.Join(dir, PublishedKeysFile) || e.Field != c.field || !strings.Contains(e.Err.Error(), c.why) {
				t.Errorf("err = %v, want %s: %s: …%s", err, PublishedKeysFile, c.field, c.why)
			}
		})
	}
}

// TestPublishedKeysOptional: node and retired_at may be absent; a retired
// key keeps its date; _doc may be absent.
func TestPublishedKeysOptional(t *testing.T) {
	m, err := Load(dirWith(t, editKeys(t, func(m map[string]any) {
		delete(m, "_doc")
		delete(key(m, "keys", 1), "node")
		delete(key(m, "keys", 1), "retired_at")
		key(m, "keys", 0)["retired_at"] = "2026-10-03T10:00:00Z"
	})))
	if err != nil {
		t.Fatal(err)
	}
	if !m.Keys[0].RetiredAt.Equal(time.Date(2026, 10, 3, 10, 0, 0, 0, time.UTC)) || !m.Keys[1].RetiredAt.IsZero() || m.Keys[1].Node != "" {
		t.Errorf("%+v", m.Keys)
	}
	if Retirement(m.Keys[0].RetiredAt) != "retired at 2026-10-03T10:00:00Z" || Retirement(time.Time{}) != "not retired" {
		t.Error("Retirement")
	}
}

// TestTrustedRootRefused: a trusted root that is not one, or pins no Rekor
// log or no TSA, is refused, naming the file.
func TestTrustedRootRefused(t *testing.T) {
	var tr map[string]any
	if err := json.Unmarshal(realworld.Read("trust/trusted_root.json"), &tr); err != nil {
		t.Fatal(err)
	}
	for name, f := range map[string]func(map[string]any) []byte{
		"not JSON":    func(map[string]any) []byte { return []byte("{") },
		"no tlogs":    func(m map[string]any) []byte { delete(m, "tlogs"); b, _ := json.Marshal(m); return b },
		"no TSA":      func(m map[string]any) []byte { delete(m, "timestampAuthorities"); b, _ := json.Marshal(m); return b },
		"a bad media": func(m map[string]any) []byte { m["mediaType"] = "x"; b, _ := json.Marshal(m); return b },
	} {
		var copied map[string]any
		b, _ := json.Marshal(tr)
		json.Unmarshal(b, &copied)
		dir := dirWith(t, realKeys())
		path := filepath.Join(dir, TrustedRootFile)
		if err := os.WriteFile(path, f(copied), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Load(dir)
		var e *Error
		if !errors.As(err, &e) || e.File != path {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestLoadFiles: a missing file, or one over its bound, is refused naming
// its path.
func TestLoadFiles(t *testing.T) {
	dir := dirWith(t, realKeys())
	os.Remove(filepath.Join(dir, PublishedKeysFile))
	if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), PublishedKeysFile) {
		t.Errorf("missing keys: %v", err)
	}
	dir = dirWith(t, append(realKeys(), bytes.Repeat([]byte(" "), MaxPublishedKeysBytes)...))
	if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), PublishedKeysFile) {
		t.Errorf("oversized keys: %v", err)
	}
	dir = dirWith(t, realKeys())
	os.Remove(filepath.Join(dir, TrustedRootFile))
	if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), TrustedRootFile) {
		t.Errorf("missing root: %v", err)
	}
}

// TestDigest: the digest changes with either file's bytes, and not
// otherwise.
func TestDigest(t *testing.T) {
	a, err := Load(realworld.TrustDir())
	if err != nil {
		t.Fatal(err)
	}
	b, err := Load(dirWith(t, realKeys()))
	if err != nil {
		t.Fatal(err)
	}
	if a.Digest() != b.Digest() {
		t.Error("same files, two digests")
	}
	c, err := Load(dirWith(t, append(realKeys(), '\n')))
	if err != nil {
		t.Fatal(err)
	}
	if c.Digest() == a.Digest() {
		t.Error("the keys changed, not the digest")
	}
	d := *a
	d.RootJSON = append(append([]byte(nil), a.RootJSON...), ' ')
	if d.Digest() == a.Digest() {
		t.Error("the root changed, not the digest")
	}
	// The two files are told apart: moving a byte from one to the other
	// changes the digest.
	e := *a
	e.RootJSON, e.KeysJSON = a.RootJSON[:len(a.RootJSON)-1], append([]byte{a.RootJSON[len(a.RootJSON)-1]}, a.KeysJSON...)
	if e.Digest() == a.Digest() {
		t.Error("a byte moved between the files, the same digest")
	}
}

// TestWindow: both bounds included.
func TestWindow(t *testing.T) {
	from := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	w := Window{From: from, Until: from.Add(time.Hour)}
	if !w.Contains(from) || !w.Contains(w.Until) || w.Contains(from.Add(-time.Nanosecond)) || w.Contains(w.Until.Add(time.Nanosecond)) {
		t.Error("bounds")
	}
}
