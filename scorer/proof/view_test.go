package proof

import (
	"bytes"
	"errors"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/scorer/pyjson"
)

// sample is a well-formed closed 3.1 view in the real shape: v1.7's names
// and encodings, and the 3.1 additions (its hashes and anchors are not
// meant to verify: package verify tests that, with minted proofs).
const sample = `{
  "proof_id": "prf_20260925_115959_a1b2c3",
  "is_demo": false,
  "spec_version": "3.1",
  "hashes": {"request": "sha256:` + h1 + `", "response": "sha256:` + h2 + `", "chain": "sha256:` + h3 + `"},
  "commitments": {"agent_identity": "` + h1 + `", "agent_identity_verified": "` + h1 + `", "buyer_fingerprint": "` + h1 + `",
    "did_resolution_status": "` + h1 + `", "request_hash": "` + h1 + `", "response_hash": "` + h1 + `", "seller": "` + h1 + `",
    "timestamp": "` + h1 + `", "transaction_id": "` + h1 + `"},
  "disclosed": {"agent_identity": {"nonce": "` + h2 + `", "value": "did:key:z6MkX"},
    "agent_identity_verified": {"nonce": "` + h2 + `", "value": true},
    "did_resolution_status": {"nonce": "` + h2 + `", "value": "bound"}},
  "timestamp_authority": {"status": "verified", "provider": "freetsa.org", "tsr_url": "https://trust.arkforge.tech/v1/proof/prf_20260925_115959_a1b2c3/tsr", "tsr_base64": "MAMCAQA="},
  "timestamp": "2026-09-25T11:59:59Z",
  "upstream_timestamp": null,
  "verification_algorithm": "https://github.com/ark-forge/proof-spec/blob/main/SPEC.md#2-chain-hash-algorithm",
  "arkforge_signature": "` + sig64 + `",
  "arkforge_pubkey": "` + pub32 + `",
  "identity_consistent": true,
  "views_count": 7,
  "transaction_success": true,
  "upstream_status_code": 200,
  "disputed": null,
  "dispute_id": null,
  "transparency_log": {"provider": "sigstore-rekor", "status": "verified", "uuid": "` + uuid80 + `", "log_index": 2818513499,
    "integrated_time": 1790000000, "log_url": "https://rekor.sigstore.dev/api/v1/log/entries/` + uuid80 + `", "verify_url": "https://search.sigstore.dev/?logIndex=2818513499"},
  "agent_identity": "did:key:z6MkX", "agent_identity_verified": true, "did_resolution_status": "bound",
  "seller": "corpus.arkforge.tech",
  "provider_payment": null,
  "integrity_verified": false,
  "batch": {"id": "lot-1", "status": "closed", "tree_size": 4, "leaf_index": 1,
    "inclusion_path": ["` + h1 + `", "` + h2 + `"], "root": "` + h3 + `"}
}`

const (
	h1     = "1111111111111111111111111111111111111111111111111111111111111111"
	h2     = "2222222222222222222222222222222222222222222222222222222222222222"
	h3     = "3333333333333333333333333333333333333333333333333333333333333333"
	uuid80 = "24296fb24b8ad77a" + "4444444444444444444444444444444444444444444444444444444444444444"
	// sig64 is 64 zero bytes, pub32 32 zero bytes, in v1.7's encoding.
	sig64 = "ed25519:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
	pub32 = "ed25519:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
)

func TestParseCachedSample(t *testing.T) {
	v, nf, err := ParseCached("prf_20260925_115959_a1b2c3", []byte(sample))
	if err != nil || nf != nil {
		t.Fatal(err, nf)
	}
	if v.SpecVersion != Spec31 || len(v.Commitments) != 9 || len(v.Disclosed) != 3 || v.Batch.TreeSize != 4 || len(v.Batch.InclusionPath) != 2 || len(v.Signature) != 64 {
		t.Errorf("parsed %+v", v)
	}
	if v.Chain != h3 || v.Flat[FieldRequestHash].Str() != h1 || v.Flat[FieldResponseHash].Str() != h2 {
		t.Errorf("hashes: chain %s, flat %v", v.Chain, v.Flat)
	}
	if len(v.Ignored) != 0 {
		t.Errorf("ignored %v", v.Ignored)
	}
	if strings.Join(v.Volatile, ",") != "integrity_verified,views_count" {
		t.Errorf("volatile %v", v.Volatile)
	}
	var info []string
	for k := range v.Informational {
		info = append(info, k)
	}
	sort.Strings(info)
	if got := strings.Join(info, ","); got != "dispute_id,disputed,identity_consistent,is_demo,provider_payment,transaction_success,upstream_status_code,verification_algorithm" {
		t.Errorf("informational %s", got)
	}
	if !pyjson.Equal(v.Disclosed[FieldAgentIdentityVerified].Value, pyjson.BoolValue(true)) {
		t.Error("disclosed agent_identity_verified is not the boolean true")
	}
	ta, tl := v.TimestampAuthority, v.TransparencyLog
	if !ta.Present || ta.Status != TSAVerified || ta.Provider != "freetsa.org" || string(ta.Token) != "\x30\x03\x02\x01\x00" || !strings.HasSuffix(ta.TSRURL, "/tsr") {
		t.Errorf("timestamp_authority %+v", ta)
	}
	if !tl.Present || tl.Status != LogVerified || tl.UUID != uuid80 || tl.LogIndex == nil || *tl.LogIndex != 2818513499 || tl.IntegratedTime == nil || *tl.IntegratedTime != 1790000000 || tl.Provider != "sigstore-rekor" {
		t.Errorf("transparency_log %+v", tl)
	}
	if len(v.PublicKey.Key) != 32 || v.PublicKey.Problem != "" {
		t.Errorf("arkforge_pubkey %+v", v.PublicKey)
	}
}

// TestOpenBatchShape: the view of an open batch is v1.7's before its
// background tasks: timestamp_authority submitted without a token,
// transparency_log null; a token or an entry uuid in it is refused.
func TestOpenBatchShape(t *testing.T) {
	const id = "prf_20260925_115959_a1b2c3"
	open := openSample(t)
	v, _, err := ParseCached(id, []byte(open))
	if err != nil {
		t.Fatal(err)
	}
	if v.Batch.Status != BatchOpen || v.TimestampAuthority.Token != nil || v.TimestampAuthority.Status != TSASubmitted || v.TransparencyLog.Present {
		t.Errorf("open view %+v", v)
	}
	for _, c := range []struct{ name, old, new, want string }{
		{"with a token", `"status": "submitted"`, `"status": "submitted", "tsr_base64": "MAMCAQA="`, "/timestamp_authority/tsr_base64: an open batch has no token"},
		{"with an entry", `"transparency_log": null`, `"transparency_log": {"status": "verified", "uuid": "` + uuid80 + `"}`, "/transparency_log/uuid: an open batch has no Rekor entry"},
		{"with a root", `"status": "open"`, `"status": "open", "root": "` + h3 + `"`, "/batch/root: an open batch has no root"},
	} {
		doc := strings.Replace(open, c.old, c.new, 1)
		if _, _, err := ParseCached(id, []byte(doc)); err == nil || !strings.HasSuffix(err.Error(), c.want) {
			t.Errorf("%s: %v, want %s", c.name, err, c.want)
		}
	}
	// Without the timestamp_authority or transparency_log keys at all: no anchor.
	doc := strings.Replace(strings.Replace(open, `"transparency_log": null,`, "", 1), `"timestamp_authority": {"status": "submitted", "provider": "freetsa.org", "tsr_url": "https://trust.arkforge.tech/v1/proof/prf_20260925_115959_a1b2c3/tsr"},`, "", 1)
	if v, _, err := ParseCached(id, []byte(doc)); err != nil || v.TimestampAuthority.Present || v.TransparencyLog.Present {
		t.Errorf("an open view without the anchor keys: %v", err)
	}
}

// openSample is sample with its batch open, as the Trust Layer serves it
// before the batch closes.
func openSample(t *testing.T) string {
	t.Helper()
	doc := sample
	for _, r := range [][2]string{
		{`"status": "verified", "provider": "freetsa.org", "tsr_url": "https://trust.arkforge.tech/v1/proof/prf_20260925_115959_a1b2c3/tsr", "tsr_base64": "MAMCAQA="`,
			`"status": "submitted", "provider": "freetsa.org", "tsr_url": "https://trust.arkforge.tech/v1/proof/prf_20260925_115959_a1b2c3/tsr"`},
		{`{"provider": "sigstore-rekor", "status": "verified", "uuid": "` + uuid80 + `", "log_index": 2818513499,
    "integrated_time": 1790000000, "log_url": "https://rekor.sigstore.dev/api/v1/log/entries/` + uuid80 + `", "verify_url": "https://search.sigstore.dev/?logIndex=2818513499"}`, `null`},
		{`"status": "closed", "tree_size": 4, "leaf_index": 1,
    "inclusion_path": ["` + h1 + `", "` + h2 + `"], "root": "` + h3 + `"`, `"status": "open"`},
	} {
		if !strings.Contains(doc, r[0]) {
			t.Fatalf("sample lacks %q", r[0])
		}
		doc = strings.Replace(doc, r[0], r[1], 1)
	}
	return doc
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
		{"chain not hex", rep(`"chain": "sha256:`+h3+`"`, `"chain": "sha256:`+strings.ToUpper(strings.Repeat("a", 64))+`"`), "/hashes/chain: got"},
		{"chain without its prefix", rep(`"chain": "sha256:`+h3+`"`, `"chain": "`+h3+`"`), `/hashes/chain: got "` + h3 + `", want "sha256:" followed by 64 lowercase hex digits`},
		{"request hash with another prefix", rep(`"request": "sha256:`+h1+`"`, `"request": "sha512:`+h1+`"`), "/hashes/request: got"},
		{"hashes with an extra key", rep(`"hashes": {`, `"hashes": {"extra": 1, `), "/hashes/extra: unknown key"},
		{"a commitment missing", rep(`"transaction_id": "`+h1+`"},`, `"transaction_id": "`+h1+`", "x": "`+h1+`"},`), "/commitments/x: unknown key"},
		{"disclosed without nonce", rep(`{"nonce": "`+h2+`", "value": "bound"}`, `{"value": "bound", "v": 1}`), "/disclosed/did_resolution_status/nonce: missing"},
		{"disclosed unknown field", rep(`"disclosed": {`, `"disclosed": {"seller": {"nonce": "`+h2+`", "value": "x"}, `), "/disclosed/seller: unknown key"},
		{"signature garbage base64", rep(`"arkforge_signature": "`+sig64+`"`, `"arkforge_signature": "ed25519:!!!not base64!!!"`), "/arkforge_signature: \"ed25519:!!!not base64!!!\": not base64url without padding"},
		{"signature too short", rep(`"arkforge_signature": "`+sig64+`"`, `"arkforge_signature": "ed25519:AAAA"`), "/arkforge_signature: \"ed25519:AAAA\": 3 bytes, want 64"},
		{"signature without its prefix", rep(`"arkforge_signature": "`+sig64+`"`, `"arkforge_signature": "`+sig64[len("ed25519:"):]+`"`), `want "ed25519:" followed by base64url without padding`},
		{"signature padded", rep(`"arkforge_signature": "`+sig64+`"`, `"arkforge_signature": "`+sig64+`=="`), "/arkforge_signature: "},
		{"signature missing", rep(`"arkforge_signature": "`+sig64+`",`, ``), "/arkforge_signature: missing"},
		{"signature a number", rep(`"arkforge_signature": "`+sig64+`"`, `"arkforge_signature": 1`), "/arkforge_signature: got integer, want a string"},
		{"the old signature object", rep(`"arkforge_signature": "`+sig64+`"`, `"arkforge_signature": {"algorithm": "ed25519", "value": "AAAA"}`), "/arkforge_signature: got object, want a string"},
		{"tree size negative", rep(`"tree_size": 4`, `"tree_size": -4`), "/batch/tree_size: got -4"},
		{"tree size float", rep(`"tree_size": 4`, `"tree_size": 4.0`), "/batch/tree_size: got float, want an integer"},
		{"tree size huge", rep(`"tree_size": 4`, `"tree_size": 123456789012345678901234567890`), "/batch/tree_size: got 123456789012345678901234567890"},
		{"path element not hex", rep(`"inclusion_path": ["`+h1+`"`, `"inclusion_path": ["zz"`), "/batch/inclusion_path/0"},
		{"path too long", rep(`"inclusion_path": ["`+h1+`", "`+h2+`"]`, `"inclusion_path": [`+strings.TrimSuffix(strings.Repeat(`"`+h1+`",`, 65), ",")+`]`), "65 hashes, exceeds the limit of 64"},
		{"token garbage", rep(`"tsr_base64": "MAMCAQA="`, `"tsr_base64": "MAMCAQA"`), "/timestamp_authority/tsr_base64: not standard padded base64"},
		{"token base64url", rep(`"tsr_base64": "MAMCAQA="`, `"tsr_base64": "MAMCAQA_"`), "/timestamp_authority/tsr_base64: not standard padded base64"},
		{"timestamp authority a string", rep(`"timestamp_authority": {`, `"timestamp_authority": "x", "x": {`), "/timestamp_authority: got string, want an object"},
		{"timestamp authority with an unknown key", rep(`"tsr_base64": "MAMCAQA="`, `"tsr_base64": "MAMCAQA=", "genTime": 1`), "/timestamp_authority/genTime: unknown key"},
		{"timestamp authority without status", rep(`"status": "verified", "provider": "freetsa.org"`, `"provider": "freetsa.org"`), "/timestamp_authority/status: missing"},
		{"tsr_url a number", rep(`"tsr_url": "https://trust.arkforge.tech/v1/proof/prf_20260925_115959_a1b2c3/tsr"`, `"tsr_url": 1`), "/timestamp_authority/tsr_url: got integer, want a string"},
		{"tlog a string", rep(`"transparency_log": {`, `"transparency_log": "{}", "x": {`), "/transparency_log: got string, want an object"},
		{"tlog with the entry inside", rep(`"provider": "sigstore-rekor",`, `"provider": "sigstore-rekor", "canonicalizedBody": "e30=",`), "/transparency_log/canonicalizedBody: unknown key"},
		{"tlog log_index a string", rep(`"log_index": 2818513499`, `"log_index": "2818513499"`), "/transparency_log/log_index: got string, want an integer or null"},
		{"tlog log_index negative", rep(`"log_index": 2818513499`, `"log_index": -1`), "/transparency_log/log_index: got -1"},
		{"tlog uuid a number", rep(`"uuid": "`+uuid80+`"`, `"uuid": 1`), "/transparency_log/uuid: got integer, want a string"},
		{"the old batch anchors", rep(`"root": "`+h3+`"`, `"root": "`+h3+`", "rfc3161_token": "MAMCAQA="`), "/batch/rfc3161_token: unknown key"},
		{"status unknown", rep(`"status": "closed"`, `"status": "sealed"`), `/batch/status: got "sealed"`},
		{"open with a root", rep(`"status": "closed"`, `"status": "open"`), "/batch/root: an open batch has no root"},
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
	f.Add([]byte(strings.Replace(strings.Replace(sample, `"status": "closed"`, `"status": "open"`, 1), `"root": "`+h3+`"`, `"x": 1`, 1)))
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

// TestIsHex64: the hand-written test of a 64-hex hash is ^[0-9a-f]{64}$.
func TestIsHex64(t *testing.T) {
	re := regexp.MustCompile(`^[0-9a-f]{64}$`)
	h := strings.Repeat("0123456789abcdef", 4)
	for _, s := range []string{h, h[:63], h + "0", "", strings.ToUpper(h), h[:63] + "g", h[:63] + "/", h[:63] + ":", h[:63] + "`", "\x00" + h[1:], h[:32] + "é" + h[34:]} {
		if got, want := isHex64(s), re.MatchString(s); got != want {
			t.Errorf("isHex64(%q) = %v, want %v", s, got, want)
		}
	}
	for _, c := range []struct{ in, want string }{{"a", "a"}, {"a/b", "a~1b"}, {"~", "~0"}, {"~/", "~0~1"}} {
		if got := escape(c.in); got != c.want {
			t.Errorf("escape(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
