package proof

import (
	"bytes"
	"encoding/base64"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/scorer/pyjson"
)

// TestEd25519Encoding: v1.7's encoding round-trips, and exactly one
// spelling of a value is read: no padding, no standard alphabet, no
// non-zero trailing bits, the prefix required (crypto.py writes only that
// one; its lenient _b64url_decode reads more, see testdata/crypto-py).
func TestEd25519Encoding(t *testing.T) {
	b := bytes.Repeat([]byte{0xfb, 0xff, 0x3e}, 22)[:64] // bytes whose base64 has "+", "/", "-" and "_"
	s := EncodeEd25519(b)
	if !strings.HasPrefix(s, "ed25519:") || strings.ContainsAny(s, "=+/") || len(s) != len("ed25519:")+86 {
		t.Fatalf("EncodeEd25519 = %s", s)
	}
	if got, why := DecodeEd25519(s, 64); why != "" || !bytes.Equal(got, b) {
		t.Fatalf("round trip: %x %s", got, why)
	}
	raw := s[len("ed25519:"):]
	std := base64.StdEncoding.EncodeToString(b)
	last := raw[len(raw)-1]
	for _, c := range []struct{ name, s, want string }{
		{"padded", s + "==", "not base64url without padding"},
		{"standard alphabet", "ed25519:" + strings.TrimRight(std, "="), "not base64url without padding"},
		{"standard padded", "ed25519:" + std, "not base64url without padding"},
		{"no prefix", raw, `want "ed25519:"`},
		{"another prefix", "ed448:" + raw, `want "ed25519:"`},
		{"upper-case prefix", "ED25519:" + raw, `want "ed25519:"`},
		{"non-zero trailing bits", "ed25519:" + raw[:len(raw)-1] + string(last+1), "not base64url without padding"},
		{"one byte short", EncodeEd25519(b[:63]), "63 bytes, want 64"},
		{"a space", "ed25519: " + raw, "not base64url"},
	} {
		if _, why := DecodeEd25519(c.s, 64); !strings.Contains(why, c.want) {
			t.Errorf("%s (%s): %q, want %q", c.name, c.s, why, c.want)
		}
	}
}

// TestPublicKeyNeverFailsTheView: arkforge_pubkey is reported, not relied
// on: a malformed one parses, with its problem said.
func TestPublicKeyNeverFailsTheView(t *testing.T) {
	const id = "prf_20260925_115959_a1b2c3"
	for _, c := range []struct{ name, value, problem string }{
		{"padded", `"` + pub32 + `="`, "not base64url without padding"},
		{"a number", `7`, "a JSON integer, not a string"},
		{"a signature's length", `"` + sig64 + `"`, "64 bytes, want 32"},
		{"null", `null`, ""},
	} {
		doc := strings.Replace(sample, `"arkforge_pubkey": "`+pub32+`"`, `"arkforge_pubkey": `+c.value, 1)
		v, _, err := ParseCached(id, []byte(doc))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if v.PublicKey.Key != nil || !strings.Contains(v.PublicKey.Problem, c.problem) {
			t.Errorf("%s: %+v, want problem %q", c.name, v.PublicKey, c.problem)
		}
	}
	// Absent: no key, no problem.
	doc := strings.Replace(sample, `"arkforge_pubkey": "`+pub32+`",`, "", 1)
	if v, _, err := ParseCached(id, []byte(doc)); err != nil || v.PublicKey.Served.Kind() != pyjson.Null || v.PublicKey.Key != nil {
		t.Errorf("absent: %v %+v", err, v)
	}
	// A null signature parses: the verifier reports that nothing is signed.
	doc = strings.Replace(sample, `"arkforge_signature": "`+sig64+`"`, `"arkforge_signature": null`, 1)
	if v, _, err := ParseCached(id, []byte(doc)); err != nil || v.Signature != nil {
		t.Errorf("a null signature: %v", err)
	}
}

// TestInformationalFieldsNeverFailTheView: the fields the specification
// gives no role are read as served, whatever their type: nothing that is
// not committed changes a status, not even by refusing the view.
func TestInformationalFieldsNeverFailTheView(t *testing.T) {
	const id = "prf_20260925_115959_a1b2c3"
	for _, r := range [][2]string{
		{`"upstream_status_code": 200`, `"upstream_status_code": "503"`},
		{`"disputed": null`, `"disputed": {"by": "buyer"}`},
		{`"dispute_id": null`, `"dispute_id": 12`},
		{`"transaction_success": true`, `"transaction_success": "no"`},
		{`"is_demo": false`, `"is_demo": "yes"`},
		{`"identity_consistent": true`, `"identity_consistent": [1]`},
		{`"views_count": 7`, `"views_count": "many"`},
		{`"integrity_verified": false`, `"integrity_verified": null`},
		{`"seller": "corpus.arkforge.tech"`, `"seller": 3`},
	} {
		doc := strings.Replace(sample, r[0], r[1], 1)
		if doc == sample {
			t.Fatalf("sample lacks %s", r[0])
		}
		if _, _, err := ParseCached(id, []byte(doc)); err != nil {
			t.Errorf("%s: %v", r[1], err)
		}
	}
	// And a view without any of them parses.
	doc := sample
	for _, k := range append(append([]string(nil), informationalKeys...), VolatileFields...) {
		i := strings.Index(doc, `"`+k+`": `)
		if i < 0 {
			continue
		}
		j := i + strings.IndexAny(doc[i:], ",\n")
		doc = doc[:i] + doc[j+1:]
	}
	v, _, err := ParseCached(id, []byte(doc))
	if err != nil || len(v.Informational) != 0 || len(v.Volatile) != 0 {
		t.Errorf("a view without informational and volatile fields: %v %v %v", err, v.Informational, v.Volatile)
	}
}

// TestCachedForm: the cached form drops the volatile fields and nothing
// else, and does not depend on the served layout or key order; it is
// CPython's json.dumps(sort_keys=True, separators=(",", ":")) of the rest.
func TestCachedForm(t *testing.T) {
	a, err := CachedForm([]byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	b, err := CachedForm([]byte(strings.Replace(strings.Replace(sample, `"views_count": 7`, `"views_count": 8`, 1), `"integrity_verified": false`, `"integrity_verified": true`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	doc, _ := pyjson.DecodeStrict([]byte(sample))
	c, err := CachedForm(pyjson.Canonical(doc)) // another layout, another key order
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) || !bytes.Equal(a, c) {
		t.Fatalf("two reads give\n%s\n%s\n%s", a, b, c)
	}
	if bytes.Contains(a, []byte("views_count")) || bytes.Contains(a, []byte("integrity_verified")) || !bytes.HasSuffix(a, []byte("}\n")) || bytes.Count(a, []byte("\n")) != 1 {
		t.Errorf("cached form %s", a)
	}
	v, _, err := ParseCached("prf_20260925_115959_a1b2c3", a)
	if err != nil || len(v.Volatile) != 0 || len(v.Informational) != 8 {
		t.Errorf("the cached form does not parse as the view: %v", err)
	}
	if _, err := CachedForm([]byte(`{"a": 1, "a": 2}`)); err == nil {
		t.Error("a duplicate key is accepted")
	}
	nf := []byte(`{"not_found": true, "proof_id": "prf_20260925_115959_a1b2c3"}`)
	if got, err := CachedForm(nf); err != nil || string(got) != `{"not_found":true,"proof_id":"prf_20260925_115959_a1b2c3"}`+"\n" {
		t.Errorf("the 404 record: %s %v", got, err)
	}
}

// TestOlderChainInputs: before 3.0, upstream_timestamp and the
// receipt_content_hash of provider_payment enter the chain when they are
// truthy, as v1.7's verify_proof_integrity adds them.
func TestOlderChainInputs(t *testing.T) {
	doc := strings.Replace(sample, `"spec_version": "3.1"`, `"spec_version": "2.1"`, 1)
	doc = strings.Replace(doc, `"seller": "corpus.arkforge.tech",`, `"seller": "corpus.arkforge.tech", "buyer_fingerprint": "`+h1+`", "transaction_id": "free_tier",`, 1)
	v, err := ParseView([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	in, missing, ok := v.FlatChainInput()
	if !ok || in.UpstreamTimestamp != nil || in.ReceiptContentHash != nil {
		t.Fatalf("%+v %s", in, missing)
	}
	doc = strings.Replace(doc, `"upstream_timestamp": null`, `"upstream_timestamp": "2026-09-25T11:59:58Z"`, 1)
	doc = strings.Replace(doc, `"provider_payment": null`, `"provider_payment": {"type": "stripe", "receipt_content_hash": "sha256:`+h2+`", "verification_status": "fetched"}`, 1)
	if v, err = ParseView([]byte(doc)); err != nil {
		t.Fatal(err)
	}
	in, _, ok = v.FlatChainInput()
	if !ok || in.UpstreamTimestamp == nil || *in.UpstreamTimestamp != "2026-09-25T11:59:58Z" || in.ReceiptContentHash == nil || *in.ReceiptContentHash != h2 {
		t.Errorf("%+v", in)
	}
	if _, missing, ok := mustParse(t, strings.Replace(doc, `"upstream_timestamp": "2026-09-25T11:59:58Z"`, `"upstream_timestamp": 5`, 1)).FlatChainInput(); ok || missing != "upstream_timestamp" {
		t.Errorf("a numeric upstream_timestamp: %v %s", ok, missing)
	}
}

func mustParse(t *testing.T, doc string) *View {
	t.Helper()
	v, err := ParseView([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	return v
}
