package proof

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/scorer/pyjson"
)

// sample is a well-formed closed 3.1 view (its hashes and anchors are not
// meant to verify: package verify tests that, with minted proofs).
const sample = `{
  "proof_id": "prf_20260925_115959_a1b2c3",
  "spec_version": "3.1",
  "issuer": "test",
  "hashes": {"request": "` + h1 + `", "response": "` + h2 + `", "chain": "` + h3 + `"},
  "commitments": {"agent_identity": "` + h1 + `", "agent_identity_verified": "` + h1 + `", "buyer_fingerprint": "` + h1 + `",
    "did_resolution_status": "` + h1 + `", "request_hash": "` + h1 + `", "response_hash": "` + h1 + `", "seller": "` + h1 + `",
    "timestamp": "` + h1 + `", "transaction_id": "` + h1 + `"},
  "disclosed": {"agent_identity": {"nonce": "` + h2 + `", "value": "did:key:z6MkX"},
    "agent_identity_verified": {"nonce": "` + h2 + `", "value": true},
    "did_resolution_status": {"nonce": "` + h2 + `", "value": "bound"}},
  "agent_identity": "did:key:z6MkX", "agent_identity_verified": true, "did_resolution_status": "bound",
  "buyer_fingerprint": "` + h1 + `", "seller": "corpus.arkforge.tech", "timestamp": "2026-09-25T11:59:59Z", "transaction_id": "free_tier",
  "signature": {"algorithm": "ed25519", "value": "` + sig64 + `"},
  "batch": {"id": "lot-1", "status": "closed", "tree_size": 4, "leaf_index": 1,
    "inclusion_path": ["` + h1 + `", "` + h2 + `"], "root": "` + h3 + `",
    "rfc3161_token": "MAMCAQA=", "transparency_log": {"logIndex": "1"}}
}`

const (
	h1    = "1111111111111111111111111111111111111111111111111111111111111111"
	h2    = "2222222222222222222222222222222222222222222222222222222222222222"
	h3    = "3333333333333333333333333333333333333333333333333333333333333333"
	sig64 = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=="
)

func TestParseCachedSample(t *testing.T) {
	v, nf, err := ParseCached("prf_20260925_115959_a1b2c3", []byte(sample))
	if err != nil || nf != nil {
		t.Fatal(err, nf)
	}
	if v.SpecVersion != Spec31 || len(v.Commitments) != 9 || len(v.Disclosed) != 3 || v.Batch.TreeSize != 4 || len(v.Batch.InclusionPath) != 2 || len(v.Signature) != 64 {
		t.Errorf("parsed %+v", v)
	}
	if len(v.Ignored) != 1 || v.Ignored[0] != "issuer" {
		t.Errorf("ignored %v", v.Ignored)
	}
	if !pyjson.Equal(v.Disclosed[FieldAgentIdentityVerified].Value, pyjson.BoolValue(true)) {
		t.Error("disclosed agent_identity_verified is not the boolean true")
	}
	if string(v.Batch.TransparencyLog) != `{"logIndex":"1"}` {
		t.Errorf("transparency_log %s", v.Batch.TransparencyLog)
	}
}

func TestParseNotFound(t *testing.T) {
	id := "prf_20260925_115959_a1b2c3"
	if _, nf, err := ParseCached(id, []byte(`{"not_found": true, "proof_id": "`+id+`"}`)); err != nil || nf == nil || nf.ProofID != id {
		t.Errorf("404 record: %v %v", nf, err)
	}
	for _, bad := range []string{
		`{"not_found": true, "proof_id": "prf_20260925_115959_ffffff"}`,
		`{"not_found": "yes", "proof_id": "` + id + `"}`,
		`{"not_found": true, "proof_id": "` + id + `", "status": 404}`,
	} {
		if _, nf, err := ParseCached(id, []byte(bad)); err == nil || nf != nil {
			t.Errorf("ParseCached(%s) = %v, %v; want an error", bad, nf, err)
		}
	}
}

func TestParseRefuses(t *testing.T) {
	id := "prf_20260925_115959_a1b2c3"
	rep := func(old, new string) string {
		if !strings.Contains(sample, old) {
			t.Fatalf("sample lacks %q", old)
		}
		return strings.Replace(sample, old, new, 1)
	}
	for _, c := range []struct {
		name, doc, want string
	}{
		{"truncated", sample[:len(sample)/2], "not strict JSON"},
		{"empty", "", "not strict JSON"},
		{"an array", "[]", "got array, want an object"},
		{"duplicate key", rep(`"spec_version": "3.1",`, `"spec_version": "3.1", "spec_version": "3.0",`), `duplicate key "spec_version"`},
		{"another proof", rep(`"proof_id": "prf_20260925_115959_a1b2c3"`, `"proof_id": "prf_20260925_115959_a1b2c4"`), "/proof_id: view of prf_20260925_115959_a1b2c4, cached as " + id},
		{"traversal in the id", rep(`"proof_id": "prf_20260925_115959_a1b2c3"`, `"proof_id": "../../etc/passwd"`), `/proof_id: got "../../etc/passwd"`},
		{"spec as a number", rep(`"spec_version": "3.1"`, `"spec_version": 3.1`), "/spec_version: got float, want a string"},
		{"chain not hex", rep(`"chain": "`+h3+`"`, `"chain": "`+strings.ToUpper(strings.Repeat("a", 64))+`"`), "/hashes/chain: got"},
		{"hashes with an extra key", rep(`"hashes": {`, `"hashes": {"extra": 1, `), "/hashes/extra: unknown key"},
		{"a commitment missing", rep(`"transaction_id": "`+h1+`"},`, `"transaction_id": "`+h1+`", "x": "`+h1+`"},`), "/commitments/x: unknown key"},
		{"disclosed without nonce", rep(`{"nonce": "`+h2+`", "value": "bound"}`, `{"value": "bound", "v": 1}`), "/disclosed/did_resolution_status/nonce: missing"},
		{"disclosed unknown field", rep(`"disclosed": {`, `"disclosed": {"seller": {"nonce": "`+h2+`", "value": "x"}, `), "/disclosed/seller: unknown key"},
		{"signature garbage base64", rep(`"value": "`+sig64+`"`, `"value": "!!!not base64!!!"`), "/signature/value: not standard padded base64"},
		{"signature too short", rep(`"value": "`+sig64+`"`, `"value": "AAAA"`), "/signature/value: 3 bytes, want an Ed25519 signature of 64 bytes"},
		{"signature algorithm", rep(`"algorithm": "ed25519"`, `"algorithm": "rsa"`), `/signature/algorithm: got "rsa"`},
		{"tree size negative", rep(`"tree_size": 4`, `"tree_size": -4`), "/batch/tree_size: got -4"},
		{"tree size float", rep(`"tree_size": 4`, `"tree_size": 4.0`), "/batch/tree_size: got float, want an integer"},
		{"tree size huge", rep(`"tree_size": 4`, `"tree_size": 123456789012345678901234567890`), "/batch/tree_size: got 123456789012345678901234567890"},
		{"path element not hex", rep(`"inclusion_path": ["`+h1+`"`, `"inclusion_path": ["zz"`), "/batch/inclusion_path/0"},
		{"path too long", rep(`"inclusion_path": ["`+h1+`", "`+h2+`"]`, `"inclusion_path": [`+strings.TrimSuffix(strings.Repeat(`"`+h1+`",`, 65), ",")+`]`), "65 hashes, exceeds the limit of 64"},
		{"token garbage", rep(`"rfc3161_token": "MAMCAQA="`, `"rfc3161_token": "MAMCAQA"`), "/batch/rfc3161_token: not standard padded base64"},
		{"tlog a string", rep(`"transparency_log": {"logIndex": "1"}`, `"transparency_log": "{}"`), "/batch/transparency_log: got string, want an object"},
		{"status unknown", rep(`"status": "closed"`, `"status": "sealed"`), `/batch/status: got "sealed"`},
		{"open with anchors", rep(`"status": "closed"`, `"status": "open"`), "/batch/root: an open batch has no root"},
		{"batch id traversal", rep(`"id": "lot-1"`, `"id": "../lot"`), `/batch/id: got "../lot"`},
		{"NaN", rep(`"tree_size": 4`, `"tree_size": NaN`), "NaN at \"/batch/tree_size\""},
		{"invalid UTF-8", rep(`"seller": "corpus.arkforge.tech"`, "\"seller\": \"corpus\xff\""), "'utf-8' codec can't decode"},
		{"BOM", "\xef\xbb\xbf" + sample, "byte order mark"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := ParseCached(id, []byte(c.doc))
			var fe *FieldError
			if !errors.As(err, &fe) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want a FieldError containing %q", err, c.want)
			}
			if err != nil && !strings.HasPrefix(err.Error(), "proof ") {
				t.Errorf("the error does not name the proof: %v", err)
			}
		})
	}
}

func TestParseBounds(t *testing.T) {
	big := bytes.Repeat([]byte(" "), 50<<20)
	copy(big, sample)
	if _, _, err := ParseCached("prf_20260925_115959_a1b2c3", big); err == nil || !strings.Contains(err.Error(), "exceeds the limit of 1048576") {
		t.Errorf("a 50 MB view: %v", err)
	}
	if _, _, err := ParseCached("../prf_20260925_115959_a1b2c3", []byte(sample)); err == nil || !strings.Contains(err.Error(), "not a proof id") {
		t.Errorf("a proof id with ../: %v", err)
	}
}

// TestCommittedFields keeps the model's field sets: 3.1 commits the nine
// chain fields, 3.0 all but the identity triplet, older specs none.
func TestCommittedFields(t *testing.T) {
	if got := strings.Join(CommittedFields(Spec31), ","); got != "agent_identity,agent_identity_verified,buyer_fingerprint,did_resolution_status,request_hash,response_hash,seller,timestamp,transaction_id" {
		t.Errorf("3.1 commits %s", got)
	}
	if got := strings.Join(CommittedFields(Spec30), ","); got != "buyer_fingerprint,request_hash,response_hash,seller,timestamp,transaction_id" {
		t.Errorf("3.0 commits %s", got)
	}
	if CommittedFields(Spec21) != nil || AlgorithmOf("9.9") != Unknown || AlgorithmOf(Spec20) != LegacyV1 || AlgorithmOf(Spec12) != CanonicalV2 {
		t.Error("older specs")
	}
}

// TestCommitmentFormulas pins the commitment and chain formulas of the
// model (package doc) to values computed with CPython:
//
//	hashlib.sha256(json.dumps({"field": "seller", "nonce": "1"*64, "value": "corpus.arkforge.tech"},
//	    sort_keys=True, separators=(",", ":")).encode()).hexdigest()
func TestCommitmentFormulas(t *testing.T) {
	if got := Commitment("seller", h1, pyjson.StringValue("corpus.arkforge.tech")); got != "f3a3e4492977f243fa5ef2cf00afe59af2bf65c10898463137c72e71730b70f0" {
		t.Errorf("Commitment = %s", got)
	}
	if got := CommittedChain("prf_20260925_115959_a1b2c3", Spec31, map[string]string{"b": h2, "a": h1}); got != "9c47e3df4b1999373f369fc031d315170e902b151b1127b116b4c0841b1cd360" {
		t.Errorf("CommittedChain = %s", got)
	}
	if Commitment("seller", h1, pyjson.StringValue("x")) == Commitment("seller", h2, pyjson.StringValue("x")) {
		t.Error("the nonce does not enter the commitment")
	}
	if Commitment("agent_identity_verified", h1, pyjson.BoolValue(true)) == Commitment("agent_identity_verified", h1, pyjson.StringValue("true")) {
		t.Error("the value's type does not enter the commitment")
	}
}

// FuzzParseCached: no input makes the view parser panic, and a view it
// accepts names the proof it was cached as.
func FuzzParseCached(f *testing.F) {
	f.Add([]byte(sample))
	f.Add([]byte(`{"not_found": true, "proof_id": "prf_20260925_115959_a1b2c3"}`))
	f.Add([]byte(strings.Replace(sample, `"status": "closed"`, `"status": "open"`, 1)))
	f.Add([]byte(`{"proof_id": "prf_20260925_115959_a1b2c3", "spec_version": "2.1"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		v, nf, err := ParseCached("prf_20260925_115959_a1b2c3", data)
		if err == nil && nf == nil && v.ProofID != "prf_20260925_115959_a1b2c3" {
			t.Fatalf("accepted a view of %s", v.ProofID)
		}
	})
}

func TestBeyondModel(t *testing.T) {
	for _, c := range []struct {
		spec string
		want bool
	}{
		{"3.2", true}, {"3.10", true}, {"4.0", true}, {"10.0", true},
		{"3.1", false}, {"3.0", false}, {"2.1", false}, {"2.5", false}, {"3.01", false},
		{"", false}, {"3", false}, {"3.2.1", false}, {"v3.2", false}, {"3.x", false}, {"-3.2", false}, {"3.2 ", false},
	} {
		if got := BeyondModel(c.spec); got != c.want {
			t.Errorf("BeyondModel(%q) = %v, want %v", c.spec, got, c.want)
		}
	}
}
