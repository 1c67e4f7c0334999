package proof

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/scorer/internal/realworld"
	"github.com/ark-forge/proveit/scorer/pyjson"
)

const real31ID = "prf_20260923_072144_2ad720"

// edit decodes the real view name, applies f to it and encodes it again
// (numbers kept as written).
func edit(t testing.TB, name string, f func(m map[string]any)) []byte {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(realworld.Read(name)))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		t.Fatal(err)
	}
	f(m)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func obj(m map[string]any, key string) map[string]any { return m[key].(map[string]any) }

// TestRealView31: the real spec 3.1 view parses, with every field where the
// spec puts it: 11 commitments in field order, the four openings, the
// anchored batch, both anchors with their batch_root marker, the volatile
// fields noted, nothing ignored.
func TestRealView31(t *testing.T) {
	v, nf, err := ParseCached(real31ID, realworld.Read(realworld.View31))
	if err != nil || nf != nil {
		t.Fatalf("%v %v", err, nf)
	}
	if v.ProofID != real31ID || v.SpecVersion != Spec31 || AlgorithmOf(v.SpecVersion) != MerkleCommitments {
		t.Errorf("id %s spec %q", v.ProofID, v.SpecVersion)
	}
	if v.Hashes.Chain != "sha256:39384292e666534cd3111304449f40b7ebdf298e86f3c0ce2e9698eb6e6dd8d9" {
		t.Errorf("chain %s", v.Hashes.Chain)
	}
	var fields []string
	for _, c := range v.Commitments {
		fields = append(fields, c.Field)
	}
	want := append(RequiredCommitments(Spec31), FieldUpstreamTimestamp)
	slices.Sort(want)
	if !slices.Equal(fields, want) {
		t.Errorf("commitments %v, want %v", fields, want)
	}
	var opened []string
	for _, o := range v.Disclosed {
		opened = append(opened, o.Field)
	}
	if !slices.Equal(opened, IdentityFields) {
		t.Errorf("disclosed %v", opened)
	}
	b := v.BatchAnchor
	if b == nil || b.Status != BatchAnchored || b.BatchID != "batch_20260923_072145_099" || b.LeafIndex != 0 || b.TreeSize != 11 || len(b.AuditPath) != 4 ||
		b.Root != "sha256:01a5b72c92007b3ff0be9696c325dd1828738173d8a76780c81b3e56e35823b6" {
		t.Errorf("batch_anchor %+v", b)
	}
	ta, tl := v.TimestampAuthority, v.TransparencyLog
	if !ta.Present || ta.Provider != "freetsa.org" || ta.Anchored != AnchoredBatchRoot || len(ta.TSRBase64) < 1000 {
		t.Errorf("timestamp_authority %+v", ta)
	}
	if !tl.Present || tl.UUID != "108e9186e8c5677ad7fdd0e1b86b5fc6d178f40d929314428c77f5b35847ef4c10045def8277e795" || tl.Anchored != AnchoredBatchRoot ||
		tl.LogIndex == nil || *tl.LogIndex != 2916869350 || tl.IntegratedTime == nil || *tl.IntegratedTime != 1790148708 {
		t.Errorf("transparency_log %+v", tl)
	}
	if v.Signature == "" || v.PublicKey != "ed25519:ZLlGE0eN0eTNUE9vaK1tStf6AuoFUWqJBvqx7QgxfEY" || v.KID != "" {
		t.Errorf("signature %q key %q kid %q", v.Signature, v.PublicKey, v.KID)
	}
	if !slices.Equal(v.Volatile, []string{"integrity_verified", "views_count"}) || len(v.Ignored) != 0 {
		t.Errorf("volatile %v ignored %v", v.Volatile, v.Ignored)
	}
	if id := v.Flat[FieldAgentIdentity]; id.Str() != "did:key:z6MktKdvc6Pb3e7iabTpEinZuX8CE8MnGMGGQsdEgm9BVqWq" {
		t.Errorf("flat agent_identity %s", pyjson.Canonical(id))
	}
	if _, ok := v.Informational["transaction_success"]; !ok {
		t.Error("transaction_success not kept as informational")
	}
}

// TestRealChainAndOpenings: the chain of the real 3.1 view is the RFC 6962
// root of its 11 commitments in field order, and each of its four
// openings makes the commitment the view publishes. Any other order, or a
// commitment formula over JSON, gives another root.
func TestRealChainAndOpenings(t *testing.T) {
	v, err := ParseView(realworld.Read(realworld.View31))
	if err != nil {
		t.Fatal(err)
	}
	cs, err := v.CommitmentDigests()
	if err != nil {
		t.Fatal(err)
	}
	if got := CommitmentsRoot(cs).String(); got != v.Hashes.Chain {
		t.Errorf("root of the commitments %s, hashes.chain %s", got, v.Hashes.Chain)
	}
	reversed := slices.Clone(cs)
	slices.Reverse(reversed)
	if CommitmentsRoot(reversed).String() == v.Hashes.Chain {
		t.Error("the root does not depend on the order")
	}
	for _, o := range v.Disclosed {
		got, err := o.Open()
		if err != nil {
			t.Fatal(err)
		}
		if want, _ := v.Commitment(o.Field); got.String() != want {
			t.Errorf("%s opens to %s, the view commits %s", o.Field, got, want)
		}
	}
}

// TestCommit: the commitment is SHA-256 over field, one zero byte, the 32
// raw nonce bytes and the canonical JSON of the value, written out here
// byte by byte; the value's canonical form is CPython's (the float 1.0,
// non-ASCII escaped), and 100 and "100" commit differently.
func TestCommit(t *testing.T) {
	var nonce [NonceSize]byte
	for i := range nonce {
		nonce[i] = byte(i)
	}
	for _, c := range []struct {
		value pyjson.Value
		canon string
	}{
		{pyjson.StringValue("café"), `"caf\u00e9"`},
		{pyjson.FloatValue(1), `1.0`},
		{pyjson.BoolValue(true), `true`},
		{pyjson.NullValue(), `null`},
		{pyjson.StringValue("100"), `"100"`},
	} {
		pre := append(append(append([]byte("seller"), 0), nonce[:]...), c.canon...)
		if got, want := Commit("seller", nonce, c.value), Digest(sha256.Sum256(pre)); got != want {
			t.Errorf("Commit(%s) = %s, want %s", c.canon, got, want)
		}
	}
	n, _ := pyjson.IntValue("100")
	if Commit("f", nonce, n) == Commit("f", nonce, pyjson.StringValue("100")) {
		t.Error("100 and \"100\" open the same commitment")
	}
	if Commit("a", nonce, pyjson.NullValue()) == Commit("b", nonce, pyjson.NullValue()) {
		t.Error("the field name is not in the preimage")
	}
}

// treeHashRef is RFC 6962 §2.1's MTH written as the spec's reference
// implementation writes it.
func treeHashRef(items [][]byte) []byte {
	h := func(b ...[]byte) []byte {
		s := sha256.New()
		for _, x := range b {
			s.Write(x)
		}
		return s.Sum(nil)
	}
	if len(items) == 1 {
		return h([]byte{0}, items[0])
	}
	k := 1
	for k*2 < len(items) {
		k *= 2
	}
	return h([]byte{1}, treeHashRef(items[:k]), treeHashRef(items[k:]))
}

// TestTreeHash: TreeHash is the RFC 6962 tree of every size from 1 to 33
// (the odd node promoted), and the empty tree is SHA-256 of nothing.
func TestTreeHash(t *testing.T) {
	var items [][]byte
	for n := 1; n <= 33; n++ {
		items = append(items, []byte(fmt.Sprint("item ", n)))
		if got, want := TreeHash(items), treeHashRef(items); !bytes.Equal(got[:], want) {
			t.Errorf("%d items: %s, want %x", n, got.Hex(), want)
		}
	}
	if got := TreeHash(nil); got != sha256.Sum256(nil) {
		t.Errorf("empty tree %s", got.Hex())
	}
}

// TestParseDigest: "sha256:" and 64 lowercase hex, nothing else.
func TestParseDigest(t *testing.T) {
	h := strings.Repeat("ab", 32)
	if d, err := ParseDigest("sha256:" + h); err != nil || d.Hex() != h {
		t.Errorf("%v %s", err, d.Hex())
	}
	for _, s := range []string{h, "sha256:" + strings.ToUpper(h), "sha256:" + h[:62], "sha256:" + h + "00", "SHA256:" + h, "sha256: " + h[1:], "sha256:" + h[:63] + "g", ""} {
		if _, err := ParseDigest(s); err == nil {
			t.Errorf("%q read as a digest", s)
		}
	}
}

// TestRealOlderViews: the real 1.2 and 2.0 views parse, without
// commitments or batch anchor, and their chain inputs say that the public
// view withholds buyer_fingerprint and transaction_id.
func TestRealOlderViews(t *testing.T) {
	for _, c := range []struct {
		name, spec string
		alg        Algorithm
		receipt    bool
	}{
		{realworld.View12, Spec12, CanonicalValues, false},
		{realworld.View20, Spec20, Concatenation, true},
	} {
		v, err := ParseView(realworld.Read(c.name))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if v.SpecVersion != c.spec || AlgorithmOf(v.SpecVersion) != c.alg || v.Commitments != nil || v.BatchAnchor != nil || v.Disclosed != nil {
			t.Errorf("%s: spec %q commitments %v batch %v", c.name, v.SpecVersion, v.Commitments, v.BatchAnchor)
		}
		in, withheld, err := v.ChainInput()
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(withheld, []string{"parties.buyer_fingerprint", "certification_fee.transaction_id"}) {
			t.Errorf("%s: withheld %v", c.name, withheld)
		}
		if in.UpstreamTimestamp == nil || (in.ReceiptContentHash != nil) != c.receipt {
			t.Errorf("%s: optional inputs %+v", c.name, in)
		}
	}
}

// TestChainInputFromOwnerView: with the owner's parties and
// certification_fee, a 2.1 view gives the chain the published test vector
// 9 expects, with its upstream timestamp and receipt hash.
func TestChainInputFromOwnerView(t *testing.T) {
	doc := edit(t, realworld.View12, func(m map[string]any) {
		m["spec_version"] = "2.1"
		obj(m, "hashes")["request"] = "sha256:0987aa49eb45583406b66c77ea6f35498bd318b81040bec9c54ab439114abe42"
		obj(m, "hashes")["response"] = "sha256:bad7c7f7f632182e9d746c9a4a02aea5f526a6a76c5108c4a98a7c4823fdbef2"
		m["timestamp"] = "2026-01-15T12:00:00Z"
		m["upstream_timestamp"] = "Wed, 15 Jan 2026 12:00:01 GMT"
		m["seller"] = "not this one"
		m["parties"] = map[string]any{"buyer_fingerprint": "7c8f263e06d5ce4681f750ad64ede882a4ebd87de60f9ae0e6b06f0300645a11", "seller": "arkforge.fr"}
		m["certification_fee"] = map[string]any{"transaction_id": "pi_test_abc123"}
		m["provider_payment"] = map[string]any{"receipt_content_hash": "sha256:af65b75f3901dfd0ed9590a009bf7283e318801e15733bf68403219967d4edb7"}
	})
	v, err := ParseView(doc)
	if err != nil {
		t.Fatal(err)
	}
	in, withheld, err := v.ChainInput()
	if err != nil || withheld != nil {
		t.Fatalf("%v %v", err, withheld)
	}
	if in.Seller != "arkforge.fr" || in.TransactionID != "pi_test_abc123" || *in.ReceiptContentHash != "af65b75f3901dfd0ed9590a009bf7283e318801e15733bf68403219967d4edb7" {
		t.Errorf("%+v", in)
	}
	// The flat seller stands in when parties has none, as the Trust
	// Layer's verifier reads it.
	doc = edit(t, realworld.View12, func(m map[string]any) {
		m["parties"] = map[string]any{"buyer_fingerprint": "x"}
		m["certification_fee"] = map[string]any{"transaction_id": "y"}
	})
	if v, err = ParseView(doc); err != nil {
		t.Fatal(err)
	}
	if in, _, _ := v.ChainInput(); in.Seller != "trust.arkforge.tech" {
		t.Errorf("seller %q", in.Seller)
	}
	for _, bad := range []func(m map[string]any){
		func(m map[string]any) { m["parties"] = map[string]any{"buyer_fingerprint": 7} },
		func(m map[string]any) { m["timestamp"] = true },
		func(m map[string]any) { obj(m, "hashes")["request"] = "0bb687a6" },
		func(m map[string]any) { m["provider_payment"] = map[string]any{"receipt_content_hash": []any{}} },
	} {
		v, err := ParseView(edit(t, realworld.View12, bad))
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := v.ChainInput(); err == nil {
			t.Errorf("%v: no error", v.Ignored)
		}
	}
}

// TestUnversionedAndVersions: spec_version null or absent is an
// unversioned proof, chained by concatenation; "" is refused; a version
// the spec does not define parses, and AlgorithmOf says it is unknown.
func TestUnversionedAndVersions(t *testing.T) {
	for _, f := range []func(m map[string]any){
		func(m map[string]any) { m["spec_version"] = nil },
		func(m map[string]any) { delete(m, "spec_version") },
	} {
		v, err := ParseView(edit(t, realworld.View20, f))
		if err != nil || v.SpecVersion != Unversioned || AlgorithmOf(v.SpecVersion) != Concatenation {
			t.Errorf("%v %q", err, v.SpecVersion)
		}
	}
	if _, err := ParseView(edit(t, realworld.View20, func(m map[string]any) { m["spec_version"] = "" })); err == nil || !strings.Contains(err.Error(), "/spec_version") {
		t.Errorf("empty spec_version: %v", err)
	}
	for spec, alg := range map[string]Algorithm{"3.1": MerkleCommitments, "3.0": MerkleCommitments, "2.1": CanonicalValues, "1.2": CanonicalValues,
		"2.0": Concatenation, "1.1": Concatenation, "1.0": Concatenation, "": Concatenation, "3.2": UnknownAlgorithm, "1.3": UnknownAlgorithm, "3.1 ": UnknownAlgorithm} {
		if got := AlgorithmOf(spec); got != alg {
			t.Errorf("AlgorithmOf(%q) = %v, want %v", spec, got, alg)
		}
	}
}

// TestBeyondKnown: a version above 3.1 stops a build; a lower unknown one
// or a malformed one does not.
func TestBeyondKnown(t *testing.T) {
	for spec, want := range map[string]bool{"3.2": true, "3.10": true, "4.0": true, "10.0": true, "3.1": false, "3.0": false, "1.3": false,
		"2.9": false, "": false, "3": false, "3.x": false, "v3.2": false, "3.2.1": false, "9999999999.0": false} {
		if got := BeyondKnown(spec); got != want {
			t.Errorf("BeyondKnown(%q) = %v", spec, got)
		}
	}
}

// TestRequiredCommitments: 3.1 requires the six chain fields and the four
// of the identity block, 3.0 the six, the others none.
func TestRequiredCommitments(t *testing.T) {
	if got := RequiredCommitments(Spec31); len(got) != 10 || !slices.IsSorted(got) || !slices.Contains(got, FieldIdentityConsistent) {
		t.Errorf("3.1: %v", got)
	}
	if got := RequiredCommitments(Spec30); !slices.Equal(got, BaseFields) {
		t.Errorf("3.0: %v", got)
	}
	if got := RequiredCommitments(Spec21); got != nil {
		t.Errorf("2.1: %v", got)
	}
}

// TestUnknownKeysIgnored: a key the spec does not define, at the top level
// or in hashes, batch_anchor, timestamp_authority or transparency_log,
// parses and is listed by its pointer; one inside an opening does not
// parse.
func TestUnknownKeysIgnored(t *testing.T) {
	v, err := ParseView(edit(t, realworld.View31, func(m map[string]any) {
		m["new_field"] = map[string]any{"x": 1}
		m["a/b"] = true
		obj(m, "hashes")["sha512"] = "x"
		obj(m, "batch_anchor")["closed_at"] = "2026"
		obj(m, "timestamp_authority")["policy"] = "1.2.3"
		obj(m, "transparency_log")["shard"] = 3
		m["arkforge_kid"] = "key-1"
	}))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"/a~1b", "/new_field", "/hashes/sha512", "/batch_anchor/closed_at", "/timestamp_authority/policy", "/transparency_log/shard"}
	if !slices.Equal(v.Ignored, want) {
		t.Errorf("ignored %v, want %v", v.Ignored, want)
	}
	if v.KID != "key-1" {
		t.Errorf("kid %q", v.KID)
	}
	_, err = ParseView(edit(t, realworld.View31, func(m map[string]any) {
		obj(obj(m, "disclosed"), "agent_identity")["salt"] = "x"
	}))
	var fe *FieldError
	if !errors.As(err, &fe) || fe.Pointer != "/disclosed/agent_identity/salt" {
		t.Errorf("an unknown key in an opening: %v", err)
	}
}

// TestTamperedContentParses: a view whose contents are tampered with (a
// hash, a commitment, a nonce, a signature, a token, the root, the path)
// still parses: the check that reads it fails, not the parser.
func TestTamperedContentParses(t *testing.T) {
	for name, f := range map[string]func(m map[string]any){
		"chain":      func(m map[string]any) { obj(m, "hashes")["chain"] = "sha256:00" },
		"commitment": func(m map[string]any) { obj(m, "commitments")["seller"] = "f24af5" },
		"nonce":      func(m map[string]any) { obj(obj(m, "disclosed"), "agent_identity")["nonce"] = "C00E" },
		"signature":  func(m map[string]any) { m["arkforge_signature"] = "ed25519:!!" },
		"pubkey":     func(m map[string]any) { m["arkforge_pubkey"] = "rsa:x" },
		"token":      func(m map[string]any) { obj(m, "timestamp_authority")["tsr_base64"] = "not base64" },
		"root":       func(m map[string]any) { obj(m, "batch_anchor")["root"] = "01a5" },
		"path":       func(m map[string]any) { obj(m, "batch_anchor")["audit_path"] = []any{"zz"} },
		"uuid":       func(m map[string]any) { obj(m, "transparency_log")["uuid"] = "../x" },
		"status":     func(m map[string]any) { obj(m, "batch_anchor")["status"] = "reopened" },
		"status alone": func(m map[string]any) {
			m["batch_anchor"] = map[string]any{"status": "closed", "batch_id": "batch_x"}
		},
	} {
		if _, err := ParseView(edit(t, realworld.View31, f)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestParseRefuses: a view whose structure is wrong is refused, naming the
// field's pointer and what was expected.
func TestParseRefuses(t *testing.T) {
	for _, c := range []struct {
		name string
		f    func(m map[string]any)
		ptr  string
		why  string
	}{
		{"no proof_id", func(m map[string]any) { delete(m, "proof_id") }, "/proof_id", "missing"},
		{"a bad proof_id", func(m map[string]any) { m["proof_id"] = "../prf" }, "/proof_id", "want a proof id"},
		{"spec_version a number", func(m map[string]any) { m["spec_version"] = 3.1 }, "/spec_version", "want a string or null"},
		{"no hashes", func(m map[string]any) { delete(m, "hashes") }, "/hashes", "missing"},
		{"hashes null", func(m map[string]any) { m["hashes"] = nil }, "/hashes", "missing"},
		{"no chain", func(m map[string]any) { delete(obj(m, "hashes"), "chain") }, "/hashes/chain", "missing"},
		{"request a number", func(m map[string]any) { obj(m, "hashes")["request"] = 1 }, "/hashes/request", "want a string"},
		{"commitments a list", func(m map[string]any) { m["commitments"] = []any{} }, "/commitments", "want an object or null"},
		{"a commitment null", func(m map[string]any) { obj(m, "commitments")["seller"] = nil }, "/commitments/seller", "want a string"},
		{"disclosed a string", func(m map[string]any) { m["disclosed"] = "x" }, "/disclosed", "want an object or null"},
		{"an opening a string", func(m map[string]any) { obj(m, "disclosed")["agent_identity"] = "x" }, "/disclosed/agent_identity", `want {"nonce", "value"}`},
		{"a nonce a number", func(m map[string]any) { obj(obj(m, "disclosed"), "agent_identity")["nonce"] = 1 }, "/disclosed/agent_identity/nonce", "want a string"},
		{"no value", func(m map[string]any) { delete(obj(obj(m, "disclosed"), "agent_identity"), "value") }, "/disclosed/agent_identity/value", "missing"},
		{"batch_anchor a list", func(m map[string]any) { m["batch_anchor"] = []any{} }, "/batch_anchor", "want an object or null"},
		{"no status", func(m map[string]any) { delete(obj(m, "batch_anchor"), "status") }, "/batch_anchor/status", "missing"},
		{"a bad batch_id", func(m map[string]any) { obj(m, "batch_anchor")["batch_id"] = "a b" }, "/batch_anchor/batch_id", "want 1 to 128"},
		{"no leaf_index", func(m map[string]any) { delete(obj(m, "batch_anchor"), "leaf_index") }, "/batch_anchor/leaf_index", "missing"},
		{"leaf_index negative", func(m map[string]any) { obj(m, "batch_anchor")["leaf_index"] = -1 }, "/batch_anchor/leaf_index", "want an integer from 0"},
		{"tree_size a float", func(m map[string]any) { obj(m, "batch_anchor")["tree_size"] = json.Number("11.0") }, "/batch_anchor/tree_size", "want an integer"},
		{"tree_size a string", func(m map[string]any) { obj(m, "batch_anchor")["tree_size"] = "11" }, "/batch_anchor/tree_size", "want an integer"},
		{"no audit_path", func(m map[string]any) { delete(obj(m, "batch_anchor"), "audit_path") }, "/batch_anchor/audit_path", "missing"},
		{"audit_path a string", func(m map[string]any) { obj(m, "batch_anchor")["audit_path"] = "x" }, "/batch_anchor/audit_path", "want an array"},
		{"a path hash a number", func(m map[string]any) { obj(m, "batch_anchor")["audit_path"] = []any{1} }, "/batch_anchor/audit_path/0", "want a string"},
		{"no root", func(m map[string]any) { delete(obj(m, "batch_anchor"), "root") }, "/batch_anchor/root", "missing"},
		{"signature a number", func(m map[string]any) { m["arkforge_signature"] = 1 }, "/arkforge_signature", "want a string or null"},
		{"pubkey an object", func(m map[string]any) { m["arkforge_pubkey"] = map[string]any{} }, "/arkforge_pubkey", "want a string or null"},
		{"kid a number", func(m map[string]any) { m["arkforge_kid"] = 1 }, "/arkforge_kid", "want a string or null"},
		{"timestamp_authority a string", func(m map[string]any) { m["timestamp_authority"] = "x" }, "/timestamp_authority", "want an object or null"},
		{"tsr_base64 a number", func(m map[string]any) { obj(m, "timestamp_authority")["tsr_base64"] = 1 }, "/timestamp_authority/tsr_base64", "want a string or null"},
		{"transparency_log a list", func(m map[string]any) { m["transparency_log"] = []any{} }, "/transparency_log", "want an object or null"},
		{"uuid a number", func(m map[string]any) { obj(m, "transparency_log")["uuid"] = 1 }, "/transparency_log/uuid", "want a string or null"},
		{"log_index a string", func(m map[string]any) { obj(m, "transparency_log")["log_index"] = "1" }, "/transparency_log/log_index", "want an integer"},
		{"log_index negative", func(m map[string]any) { obj(m, "transparency_log")["log_index"] = -1 }, "/transparency_log/log_index", "want an integer from 0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseView(edit(t, realworld.View31, c.f))
			var fe *FieldError
			if !errors.As(err, &fe) || fe.Pointer != c.ptr || !strings.Contains(fe.Reason, c.why) || fe.ProofID == "" {
				t.Errorf("err = %v, want %s: …%s", err, c.ptr, c.why)
			}
		})
	}
}

// TestParseDocuments: what is not a view at all is refused as a whole:
// not JSON, not strict JSON (a duplicate key, NaN), invalid UTF-8, not an
// object, a view cached under another id.
func TestParseDocuments(t *testing.T) {
	real := realworld.Read(realworld.View31)
	for name, doc := range map[string][]byte{
		"truncated":     real[:len(real)/2],
		"empty":         nil,
		"a list":        []byte(`[]`),
		"a duplicate":   []byte(`{"proof_id": "` + real31ID + `", "proof_id": "` + real31ID + `"}`),
		"NaN":           []byte(`{"proof_id": NaN}`),
		"invalid UTF-8": append([]byte(`{"proof_id": "`), 0xff, '"', '}'),
	} {
		_, err := ParseView(doc)
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Pointer != "" {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, _, err := ParseCached("prf_20260923_072144_000000", real); err == nil || !strings.Contains(err.Error(), "cached as prf_20260923_072144_000000") {
		t.Errorf("another id: %v", err)
	}
	if _, _, err := ParseCached("../etc/passwd", real); err == nil {
		t.Error("a path as a proof id")
	}
}

// TestNotFound: the 404 record is exactly {"not_found": true, "proof_id": ID},
// for the id it is cached under.
func TestNotFound(t *testing.T) {
	id := "prf_20261001_120000_abcdef"
	_, nf, err := ParseCached(id, []byte(`{"not_found": true, "proof_id": "`+id+`"}`))
	if err != nil || nf == nil || nf.ProofID != id {
		t.Fatalf("%v %v", nf, err)
	}
	for _, doc := range []string{
		`{"not_found": false, "proof_id": "` + id + `"}`,
		`{"not_found": true, "proof_id": "prf_20261001_120000_000000"}`,
		`{"not_found": true}`,
		`{"not_found": true, "proof_id": "` + id + `", "x": 1}`,
		`{"not_found": 1, "proof_id": "` + id + `"}`,
	} {
		if _, nf, err := ParseCached(id, []byte(doc)); err == nil || nf != nil {
			t.Errorf("%s: %v %v", doc, nf, err)
		}
	}
}

// TestLimitsInclusive: every limit is a maximum a view may reach and not
// exceed.
func TestLimitsInclusive(t *testing.T) {
	path := func(n int) []any {
		p := make([]any, n)
		for i := range p {
			p[i] = strings.Repeat("a", 64)
		}
		return p
	}
	commitments := func(n int) map[string]any {
		c := map[string]any{}
		for i := range n {
			c[fmt.Sprintf("f%03d", i)] = "sha256:" + strings.Repeat("a", 64)
		}
		return c
	}
	token := func(n int) string { return strings.Repeat("A", (n+2)/3*4) }
	padded := func(n int) []byte {
		doc := realworld.Read(realworld.View31)
		return append(bytes.TrimRight(doc, "}"), append(bytes.Repeat([]byte(" "), n-len(doc)), '}')...)
	}
	for _, c := range []struct {
		name string
		doc  []byte
		ok   bool
	}{
		{"a view at the limit", padded(MaxViewBytes), true},
		{"a view one byte over", padded(MaxViewBytes + 1), false},
		{"a path at the limit", edit(t, realworld.View31, func(m map[string]any) { obj(m, "batch_anchor")["audit_path"] = path(MaxAuditPath) }), true},
		{"a path one over", edit(t, realworld.View31, func(m map[string]any) { obj(m, "batch_anchor")["audit_path"] = path(MaxAuditPath + 1) }), false},
		{"tree_size at the limit", edit(t, realworld.View31, func(m map[string]any) { obj(m, "batch_anchor")["tree_size"] = MaxTreeSize }), true},
		{"tree_size one over", edit(t, realworld.View31, func(m map[string]any) { obj(m, "batch_anchor")["tree_size"] = MaxTreeSize + 1 }), false},
		{"commitments at the limit", edit(t, realworld.View31, func(m map[string]any) { m["commitments"] = commitments(MaxCommitments) }), true},
		{"commitments one over", edit(t, realworld.View31, func(m map[string]any) { m["commitments"] = commitments(MaxCommitments + 1) }), false},
		{"a token at the limit", edit(t, realworld.View31, func(m map[string]any) { obj(m, "timestamp_authority")["tsr_base64"] = token(MaxTokenBytes) }), true},
		{"a token three bytes over", edit(t, realworld.View31, func(m map[string]any) { obj(m, "timestamp_authority")["tsr_base64"] = token(MaxTokenBytes + 3) }), false},
		{"a log index at the limit", edit(t, realworld.View31, func(m map[string]any) { obj(m, "transparency_log")["log_index"] = json.Number("9223372036854775807") }), true},
		{"a log index one over", edit(t, realworld.View31, func(m map[string]any) { obj(m, "transparency_log")["log_index"] = json.Number("9223372036854775808") }), false},
	} {
		_, err := ParseView(c.doc)
		if (err == nil) != c.ok {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

// TestOpenRefuses: an opening whose nonce is not 64 lowercase hex, or
// whose field name is not UTF-8, opens nothing.
func TestOpenRefuses(t *testing.T) {
	h := strings.Repeat("ab", 32)
	if _, err := (Opening{Field: "seller", Nonce: h, Value: pyjson.NullValue()}).Open(); err != nil {
		t.Fatal(err)
	}
	for _, o := range []Opening{
		{Field: "seller", Nonce: strings.ToUpper(h)},
		{Field: "seller", Nonce: h[:62]},
		{Field: "seller", Nonce: "sha256:" + h},
		{Field: "\xed\xa0\x80", Nonce: h},
	} {
		if _, err := o.Open(); err == nil {
			t.Errorf("%+v opened", o)
		}
	}
}

// TestCachedForm: the cached form drops the volatile fields and is
// canonical JSON with a newline, whatever the layout served.
func TestCachedForm(t *testing.T) {
	got, err := CachedForm(realworld.Read(realworld.View31))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(got, []byte("views_count")) || bytes.Contains(got, []byte("integrity_verified")) || !bytes.HasSuffix(got, []byte("}\n")) {
		t.Errorf("%s", got)
	}
	again, _ := CachedForm(edit(t, realworld.View31, func(m map[string]any) { m["views_count"] = 30 }))
	if !bytes.Equal(got, again) {
		t.Error("two reads cache differently")
	}
	if _, err := ParseView(got); err != nil {
		t.Error(err)
	}
	if _, err := CachedForm([]byte(`{"a":1,"a":2}`)); err == nil {
		t.Error("a duplicate key cached")
	}
}

// FuzzParseCached: no input makes the parser panic, and what it accepts
// it accepts again in its cached form, with the same fields.
func FuzzParseCached(f *testing.F) {
	for _, n := range []string{realworld.View31, realworld.View12, realworld.View20} {
		f.Add(realworld.Read(n))
	}
	f.Add([]byte(`{"not_found": true, "proof_id": "` + real31ID + `"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		v, _, err := ParseCached(real31ID, data)
		if err != nil || v == nil {
			return
		}
		cached, err := CachedForm(data)
		if err != nil {
			t.Fatalf("parsed but not cached: %v", err)
		}
		w, _, err := ParseCached(real31ID, cached)
		if err != nil {
			t.Fatalf("its cached form does not parse: %v", err)
		}
		if w.Hashes != v.Hashes || len(w.Commitments) != len(v.Commitments) || w.SpecVersion != v.SpecVersion {
			t.Fatalf("the cached form reads differently")
		}
	})
}
