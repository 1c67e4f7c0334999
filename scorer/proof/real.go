package proof

import (
	"crypto/ed25519"
	"encoding/base64"
	"strconv"
	"strings"

	"github.com/ark-forge/proveit/scorer/pyjson"
)

// The top-level keys of a view, by what the model does with them (package
// doc). A key in none of these lists is Ignored.
var (
	// modelKeys are read by the checks.
	modelKeys = []string{"arkforge_pubkey", "arkforge_signature", "batch", "commitments", "disclosed", "hashes", "proof_id", "spec_version", "timestamp_authority", "transparency_log"}
	// flatKeys are the flat identity and chain fields kept in View.Flat as
	// the view serves them: informational (§4.1), never what a check of a
	// 3.x proof relies on. buyer_fingerprint and transaction_id are not in
	// v1.7's public view (its parties and certification_fee are the
	// owner's): a proof before 3.0 chains them in clear, so its view must
	// carry them for a third party to recompute the chain (modelled).
	// upstream_timestamp enters that chain when it is a non-empty string.
	flatKeys = []string{FieldAgentIdentity, FieldAgentIdentityVerified, FieldBuyerFingerprint, FieldDIDResolutionStatus, FieldSeller, FieldTimestamp, FieldTransactionID, FieldUpstreamTimestamp}
	// informationalKeys are v1.7 fields the specification gives no role,
	// kept as served in View.Informational and never read by a check:
	// nothing that is not committed changes a status. upstream_status_code
	// and transaction_success describe the upstream HTTP status, which the
	// Trust Layer records but does not commit (« Le code HTTP n'est pas
	// ancré », §2.5); disputed and dispute_id are set by a dispute after the
	// proof is signed; is_demo and demo_notice mark a proof the Trust Layer
	// minted without an upstream call, and are not committed either;
	// identity_consistent and verification_algorithm are the Trust Layer's
	// own statements; provider_payment (type, receipt_content_hash,
	// verification_status) is a chain input before 3.0 only, through its
	// receipt_content_hash (FlatChainInput).
	informationalKeys = []string{"demo_notice", "dispute_id", "disputed", "identity_consistent", "is_demo", "provider_payment", "transaction_success", "upstream_status_code", "verification_algorithm"}
)

// FieldUpstreamTimestamp is the flat upstream_timestamp, a chain input of
// the proof-spec 1.x/2.x chain when it is a non-empty string.
const FieldUpstreamTimestamp = "upstream_timestamp"

// flat keeps the flat fields of flatKeys and the informational ones that
// the view carries, as they are (never checked here), notes the volatile
// fields and lists the top-level keys the model does not know in
// v.Ignored. It never fails.
func (p *viewParser) flat(doc pyjson.Value, v *View) error {
	for _, m := range doc.Members() {
		switch {
		case contains(flatKeys, m.Key):
			v.Flat[m.Key] = m.Value
		case contains(informationalKeys, m.Key):
			v.Informational[m.Key] = m.Value
		case contains(VolatileFields, m.Key):
			v.Volatile = append(v.Volatile, m.Key)
		case !contains(modelKeys, m.Key):
			v.Ignored = append(v.Ignored, m.Key)
		}
	}
	return nil
}

// keyPrefix prefixes an Ed25519 key or signature in v1.7's encoding
// (crypto.py: "ed25519:" + base64url without padding).
const keyPrefix = "ed25519:"

// DecodeEd25519 reads a value in v1.7's encoding, "ed25519:" followed by
// the unpadded base64url of n bytes, as crypto.py's sign_proof and
// get_public_key_b64url write it. It is stricter than crypto.py's
// _b64url_decode, which re-adds the padding it finds missing and, through
// Python's lenient base64 decoder, also takes padded and standard-alphabet
// text: the Trust Layer writes only the unpadded base64url form, and one
// value has one spelling here (no padding, no "+" or "/", no non-zero
// trailing bits), so that two spellings of one signature never read as
// two proofs.
func DecodeEd25519(s string, n int) ([]byte, string) {
	text, ok := strings.CutPrefix(s, keyPrefix)
	if !ok {
		return nil, "want \"ed25519:\" followed by base64url without padding"
	}
	b, err := base64.RawURLEncoding.Strict().DecodeString(text)
	if err != nil {
		return nil, "not base64url without padding, as crypto.py writes it: " + err.Error()
	}
	if len(b) != n {
		return nil, strconv.Itoa(len(b)) + " bytes, want " + strconv.Itoa(n)
	}
	return b, ""
}

// EncodeEd25519 writes b in v1.7's encoding: "ed25519:" + base64url without
// padding (crypto.py, _b64url_encode).
func EncodeEd25519(b []byte) string { return keyPrefix + base64.RawURLEncoding.EncodeToString(b) }

// signature reads /arkforge_signature: "ed25519:" + base64url of the 64
// bytes of an Ed25519 signature over the hashes.chain hex string
// (crypto.py, sign_proof). null, which v1.7 serves when it signed nothing,
// is read as no signature, which the verifier reports.
func (p *viewParser) signature(doc pyjson.Value, v *View) error {
	sig, ok := doc.Lookup("arkforge_signature")
	switch {
	case !ok:
		return p.fail("/arkforge_signature", "missing")
	case sig.Kind() == pyjson.Null:
		return nil
	case sig.Kind() != pyjson.String:
		return p.fail("/arkforge_signature", "got %s, want a string", kindName(sig))
	}
	b, why := DecodeEd25519(sig.Str(), ed25519.SignatureSize)
	if why != "" {
		return p.fail("/arkforge_signature", "%s: %s", quote(sig.Str()), why)
	}
	v.Signature = b
	return nil
}

// PublicKey is the view's arkforge_pubkey: the key the Trust Layer says it
// signed with. It is reported, never trusted: the signature is checked
// against the keys pinned in trust_layer.toml only, and a served key that
// is not the pinned one is a Trust Layer incident (package verify).
type PublicKey struct {
	Served pyjson.Value      // as served; the null value when absent
	Key    ed25519.PublicKey // decoded when Served is "ed25519:" + base64url of 32 bytes
	// Problem says why Key is nil when Served is not null.
	Problem string
}

// publicKey reads /arkforge_pubkey, which never fails the view: it is not
// what the signature is checked with.
func (p *viewParser) publicKey(doc pyjson.Value, v *View) error {
	k, ok := doc.Lookup("arkforge_pubkey")
	if !ok || k.Kind() == pyjson.Null {
		return nil
	}
	v.PublicKey.Served = k
	if k.Kind() != pyjson.String {
		v.PublicKey.Problem = "a JSON " + kindName(k) + ", not a string"
		return nil
	}
	b, why := DecodeEd25519(k.Str(), ed25519.PublicKeySize)
	if why != "" {
		v.PublicKey.Problem = why
		return nil
	}
	v.PublicKey.Key = ed25519.PublicKey(b)
	return nil
}

// Timestamp authority statuses as v1.7 writes them: "submitted" until a
// token is obtained (and, when every TSA of its pool failed, after),
// "verified" once tsr_base64 holds it.
const (
	TSASubmitted = "submitted"
	TSAVerified  = "verified"
)

// TimestampAuthority is the view's timestamp_authority {status, provider,
// tsr_url, tsr_base64} (proxy.py). In 3.1 it stamps the batch root: the
// token's message imprint is SHA-256 of the root's 32 raw bytes, as v1.7
// stamps bytes.fromhex(chain) (timestamps.py, submit_hash).
type TimestampAuthority struct {
	Present  bool   // false when the view serves none or null
	Status   string // status, as served (TSASubmitted, TSAVerified, …): never decides anything
	Provider string // provider, e.g. "freetsa.org"; "" when absent
	TSRURL   string // tsr_url; "" when absent
	Token    []byte // tsr_base64, decoded: the DER TimeStampResp; nil when absent
}

// timestampAuthority reads /timestamp_authority: null or {status, provider,
// tsr_url, tsr_base64}, tsr_base64 the standard padded base64 of the DER
// TimeStampResp, as v1.7 serves it (proxy.py: base64.b64encode). An open
// batch has no token yet.
func (p *viewParser) timestampAuthority(doc pyjson.Value, v *View) error {
	const ptr = "/timestamp_authority"
	ta := &v.TimestampAuthority
	o, ok := doc.Lookup("timestamp_authority")
	if !ok || o.Kind() == pyjson.Null {
		return nil
	}
	o, err := p.object(doc, "", "timestamp_authority", "provider", "status", "tsr_base64", "tsr_url")
	if err != nil {
		return err
	}
	ta.Present = true
	if ta.Status, err = p.str(o, ptr, "status"); err != nil {
		return err
	}
	if ta.Provider, err = p.optStr(o, ptr, "provider"); err != nil {
		return err
	}
	if ta.TSRURL, err = p.optStr(o, ptr, "tsr_url"); err != nil {
		return err
	}
	if _, has := o.Lookup("tsr_base64"); !has {
		return nil
	}
	if v.Batch.Status == BatchOpen {
		return p.fail(ptr+"/tsr_base64", "an open batch has no token")
	}
	ta.Token, err = p.base64(o, ptr, "tsr_base64", MaxTokenBytes)
	return err
}

// Transparency log statuses as v1.7 writes them (rekor.py).
const (
	LogVerified = "verified"
	LogFailed   = "failed"
	LogDisabled = "disabled"
)

// TransparencyLog is the view's transparency_log {provider, status, uuid,
// log_index, integrated_time, log_url, verify_url} (rekor.py,
// submit_to_rekor; error or reason in its failure shapes): where the
// batch's Rekor entry is. The entry itself is not in the view: proveit
// fetch reads it from the log by its uuid. None of these fields is
// committed: the uuid only says which entry to read, and the entry is
// verified on its own (package verify).
type TransparencyLog struct {
	Present        bool   // false when the view serves none or null
	Provider       string // "sigstore-rekor"
	Status         string // LogVerified, LogFailed, LogDisabled, …, as served: never decides anything
	UUID           string // as served; "" when absent (its form is the verifier's to check)
	LogIndex       *int64 // log_index; nil when absent or null
	IntegratedTime *int64 // integrated_time, Unix seconds; nil when absent or null
	LogURL         string
	VerifyURL      string
	Error, Reason  string // v1.7's failure shapes
}

var transparencyLogKeys = []string{"error", "integrated_time", "log_index", "log_url", "provider", "reason", "status", "uuid", "verify_url"}

// transparencyLog reads /transparency_log: null (v1.7 serves null until the
// entry is submitted) or the object transparencyLogKeys lists. An open
// batch names no entry yet.
func (p *viewParser) transparencyLog(doc pyjson.Value, v *View) error {
	const ptr = "/transparency_log"
	tl := &v.TransparencyLog
	if o, ok := doc.Lookup("transparency_log"); !ok || o.Kind() == pyjson.Null {
		return nil
	}
	o, err := p.object(doc, "", "transparency_log", transparencyLogKeys...)
	if err != nil {
		return err
	}
	tl.Present = true
	if tl.Status, err = p.str(o, ptr, "status"); err != nil {
		return err
	}
	for _, f := range []struct {
		key string
		dst *string
	}{{"provider", &tl.Provider}, {"uuid", &tl.UUID}, {"log_url", &tl.LogURL}, {"verify_url", &tl.VerifyURL}, {"error", &tl.Error}, {"reason", &tl.Reason}} {
		if *f.dst, err = p.optStr(o, ptr, f.key); err != nil {
			return err
		}
	}
	if tl.LogIndex, err = p.optInt(o, ptr, "log_index"); err != nil {
		return err
	}
	if tl.IntegratedTime, err = p.optInt(o, ptr, "integrated_time"); err != nil {
		return err
	}
	if v.Batch.Status == BatchOpen && tl.UUID != "" {
		return p.fail(ptr+"/uuid", "an open batch has no Rekor entry")
	}
	return nil
}

// optStr reads an optional string member: "" when absent.
func (p *viewParser) optStr(obj pyjson.Value, ptr, key string) (string, error) {
	if _, ok := obj.Lookup(key); !ok {
		return "", nil
	}
	return p.str(obj, ptr, key)
}

// optInt reads an optional integer member, null or absent as nil.
func (p *viewParser) optInt(obj pyjson.Value, ptr, key string) (*int64, error) {
	m, ok := obj.Lookup(key)
	if !ok || m.Kind() == pyjson.Null {
		return nil, nil
	}
	if m.Kind() != pyjson.Int {
		return nil, p.fail(ptr+"/"+key, "got %s, want an integer or null", kindName(m))
	}
	n, err := strconv.ParseInt(m.IntText(), 10, 64)
	if err != nil || n < 0 {
		return nil, p.fail(ptr+"/"+key, "got %s, want an integer from 0 to %d", m.IntText(), int64(1<<63-1))
	}
	return &n, nil
}
