package proof

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"

	"github.com/transparency-dev/merkle/compact"
	"github.com/transparency-dev/merkle/rfc6962"

	"github.com/ark-forge/proveit/scorer/hashes"
	"github.com/ark-forge/proveit/scorer/pyjson"
)

// Spec versions the Trust Layer has served (SPEC §1 and §2, « Backward
// compatibility »). An unversioned proof has no spec_version (Unversioned).
const (
	Spec31      = "3.1"
	Spec30      = "3.0"
	Spec21      = "2.1"
	Spec12      = "1.2"
	Spec20      = "2.0"
	Spec11      = "1.1"
	Spec10      = "1.0"
	Unversioned = ""
)

// Algorithm is how a spec version computes hashes.chain (SPEC §2).
type Algorithm int

// The chain algorithms.
const (
	UnknownAlgorithm Algorithm = iota
	// MerkleCommitments (3.0, 3.1): the RFC 6962 Merkle root of the
	// per-field commitments (CommitmentsRoot).
	MerkleCommitments
	// CanonicalValues (1.2, 2.1): SHA-256 of canonical_json(chain_data)
	// over the values themselves (hashes.CanonicalChainHash).
	CanonicalValues
	// Concatenation (1.0, 1.1, 2.0, unversioned): SHA-256 of the values
	// concatenated (hashes.LegacyChainHash).
	Concatenation
)

// AlgorithmOf returns the chain algorithm of a spec version,
// UnknownAlgorithm for a version the spec does not define.
func AlgorithmOf(spec string) Algorithm {
	switch spec {
	case Spec31, Spec30:
		return MerkleCommitments
	case Spec21, Spec12:
		return CanonicalValues
	case Spec20, Spec11, Spec10, Unversioned:
		return Concatenation
	}
	return UnknownAlgorithm
}

func (a Algorithm) String() string {
	switch a {
	case MerkleCommitments:
		return "Merkle root of the field commitments"
	case CanonicalValues:
		return "SHA-256 of the canonical JSON of the values"
	case Concatenation:
		return "SHA-256 of the values concatenated"
	}
	return "unknown"
}

// SpecName writes a spec version for a reader: the version, or
// "unversioned".
func SpecName(spec string) string {
	if spec == Unversioned {
		return "unversioned"
	}
	return spec
}

// BeyondKnown reports whether spec is a version above the newest this
// package knows ("3.2", "3.10", "4.0"): « 3.1 ou au-delà » (§4.1 of the
// challenge specification) admits it, but nothing here can verify it, so
// it must stop a build rather than be scored as an invalid proof. A known
// version, a lower unknown one, or a string that is not MAJOR.MINOR in
// digits is not beyond.
func BeyondKnown(spec string) bool {
	if AlgorithmOf(spec) != UnknownAlgorithm {
		return false
	}
	major, minor, ok := strings.Cut(spec, ".")
	if !ok || !digits(major) || !digits(minor) || len(major) > 9 || len(minor) > 9 {
		return false
	}
	ma, mi := atoi(major), atoi(minor)
	return ma > 3 || ma == 3 && mi > 1
}

func digits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		n = 10*n + int(r-'0')
	}
	return n
}

// Chain fields (SPEC §2, « Fields committed » and « Definitions »).
const (
	FieldRequestHash           = "request_hash"
	FieldResponseHash          = "response_hash"
	FieldTransactionID         = "transaction_id"
	FieldTimestamp             = "timestamp"
	FieldBuyerFingerprint      = "buyer_fingerprint"
	FieldSeller                = "seller"
	FieldAgentIdentity         = "agent_identity"
	FieldAgentIdentityVerified = "agent_identity_verified"
	FieldDIDResolutionStatus   = "did_resolution_status"
	FieldIdentityConsistent    = "identity_consistent"
	FieldUpstreamTimestamp     = "upstream_timestamp"
	FieldReceiptContentHash    = "receipt_content_hash"
)

// BaseFields are the chain fields every spec version covers, sorted.
var BaseFields = []string{FieldBuyerFingerprint, FieldRequestHash, FieldResponseHash, FieldSeller, FieldTimestamp, FieldTransactionID}

// IdentityFields is the identity block that spec 3.1 commits always and
// opens in disclosed (SPEC §2), sorted.
var IdentityFields = []string{FieldAgentIdentity, FieldAgentIdentityVerified, FieldDIDResolutionStatus, FieldIdentityConsistent}

// RequiredCommitments returns the fields a view of spec must commit,
// sorted: BaseFields for 3.0, BaseFields and IdentityFields for 3.1 (SPEC
// §2: « committed unconditionally »), none for the other versions.
// upstream_timestamp and receipt_content_hash are committed only when
// present, which a public view does not say.
func RequiredCommitments(spec string) []string {
	switch spec {
	case Spec30:
		return append([]string(nil), BaseFields...)
	case Spec31:
		out := append(append([]string(nil), BaseFields...), IdentityFields...)
		slices.Sort(out)
		return out
	}
	return nil
}

// Digest is a SHA-256 digest.
type Digest [sha256.Size]byte

// DigestPrefix prefixes a digest as the spec writes it.
const DigestPrefix = "sha256:"

// Hex returns d as 64 lowercase hex digits.
func (d Digest) Hex() string { return hex.EncodeToString(d[:]) }

// String returns d as the spec writes it: "sha256:" + Hex.
func (d Digest) String() string { return DigestPrefix + d.Hex() }

// ParseDigest reads a digest as the spec writes it, "sha256:" followed by
// 64 lowercase hex digits, and nothing else (the Trust Layer writes
// hashlib's hexdigest, lowercase). The reason says what is wrong.
func ParseDigest(s string) (Digest, error) {
	h, ok := strings.CutPrefix(s, DigestPrefix)
	if !ok {
		return Digest{}, fmt.Errorf("%s does not start with %q", quote(s), DigestPrefix)
	}
	return ParseHex32(h)
}

// ParseHex32 reads 32 bytes written as 64 lowercase hex digits, the form of
// an audit path's hashes and of a nonce.
func ParseHex32(s string) (Digest, error) {
	var d Digest
	if !isHex64(s) {
		return d, fmt.Errorf("%s is not 64 lowercase hex digits", quote(s))
	}
	hex.Decode(d[:], []byte(s))
	return d, nil
}

// isHex64 reports whether s is 64 lowercase hex digits.
func isHex64(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// NonceSize is the size of a commitment nonce (SPEC §2: « 32 fresh random
// bytes »).
const NonceSize = 32

// Commit returns the commitment to one field (SPEC §2):
// SHA-256(field ‖ 0x00 ‖ nonce ‖ canonical_json(value)), field in UTF-8,
// canonical_json CPython's json.dumps(value, sort_keys=True,
// separators=(",", ":")) (package pyjson).
func Commit(field string, nonce [NonceSize]byte, value pyjson.Value) Digest {
	h := sha256.New()
	h.Write([]byte(field))
	h.Write([]byte{0})
	h.Write(nonce[:])
	h.Write(pyjson.Canonical(value))
	var d Digest
	h.Sum(d[:0])
	return d
}

// TreeHash returns the RFC 6962 §2.1 Merkle Tree Hash of items: leaves
// SHA-256(0x00 ‖ item), nodes SHA-256(0x01 ‖ left ‖ right), the odd node
// promoted, never duplicated. The empty list hashes to SHA-256 of nothing,
// as the RFC defines it.
func TreeHash(items [][]byte) Digest {
	var d Digest
	if len(items) == 0 {
		copy(d[:], rfc6962.DefaultHasher.EmptyRoot())
		return d
	}
	rf := compact.RangeFactory{Hash: rfc6962.DefaultHasher.HashChildren}
	r := rf.NewEmptyRange(0)
	for _, it := range items {
		// Append fails only for a leaf hash of the wrong size, which
		// HashLeaf never returns.
		if err := r.Append(rfc6962.DefaultHasher.HashLeaf(it), nil); err != nil {
			panic(err)
		}
	}
	root, err := r.GetRootHash(nil)
	if err != nil {
		panic(err)
	}
	copy(d[:], root)
	return d
}

// CommitmentsRoot returns the chain hash of a 3.0 or 3.1 proof (SPEC §2):
// TreeHash over the commitments, in the code-point order of their field
// names (the order of a pyjson object's members, and of Go's string
// comparison over UTF-8).
func CommitmentsRoot(commitments []Commitment) Digest {
	items := make([][]byte, len(commitments))
	for i, c := range commitments {
		items[i] = append([]byte(nil), c.Digest[:]...)
	}
	return TreeHash(items)
}

// ChainInput gathers the values a chain before 3.0 covers (SPEC §2,
// « Definitions »), from the view as the Trust Layer's own verifier does:
// request_hash and response_hash from hashes without their "sha256:",
// transaction_id from certification_fee, buyer_fingerprint from parties,
// seller from parties or the flat seller, timestamp, upstream_timestamp
// when it is a non-empty string, and provider_payment's
// receipt_content_hash, without its "sha256:", when non-empty.
//
// A public view withholds buyer_fingerprint and transaction_id (SPEC §9):
// only the owner's view (GET /v1/proof/{id}/full) serves parties and
// certification_fee. withheld names those missing, in which case no third
// party can recompute the chain from the view. err names a field of the
// wrong kind or a hash that is not a digest.
func (v *View) ChainInput() (in hashes.ChainInput, withheld []string, err error) {
	req, err := ParseDigest(v.Hashes.Request)
	if err != nil {
		return in, nil, fmt.Errorf("hashes.request: %w", err)
	}
	resp, err := ParseDigest(v.Hashes.Response)
	if err != nil {
		return in, nil, fmt.Errorf("hashes.response: %w", err)
	}
	in.RequestHash, in.ResponseHash = req.Hex(), resp.Hex()
	str := func(obj pyjson.Value, key, name string) (string, bool, error) {
		m, ok := obj.Lookup(key)
		if !ok || m.Kind() == pyjson.Null {
			return "", false, nil
		}
		if m.Kind() != pyjson.String {
			return "", false, fmt.Errorf("%s is a JSON %s, not a string", name, m.Kind())
		}
		return m.Str(), true, nil
	}
	parties, fee := v.Informational["parties"], v.Informational["certification_fee"]
	var ok bool
	if in.BuyerFingerprint, ok, err = str(parties, FieldBuyerFingerprint, "parties.buyer_fingerprint"); err != nil {
		return in, nil, err
	} else if !ok {
		withheld = append(withheld, "parties.buyer_fingerprint")
	}
	if in.TransactionID, ok, err = str(fee, FieldTransactionID, "certification_fee.transaction_id"); err != nil {
		return in, nil, err
	} else if !ok {
		withheld = append(withheld, "certification_fee.transaction_id")
	}
	if in.Seller, ok, err = str(parties, FieldSeller, "parties.seller"); err != nil {
		return in, nil, err
	} else if !ok || in.Seller == "" {
		if in.Seller, _, err = str(pyjson.ObjectValue(pyjson.Member{Key: FieldSeller, Value: v.Flat[FieldSeller]}), FieldSeller, FieldSeller); err != nil {
			return in, nil, err
		}
	}
	flat := pyjson.ObjectValue(
		pyjson.Member{Key: FieldTimestamp, Value: v.Flat[FieldTimestamp]},
		pyjson.Member{Key: FieldUpstreamTimestamp, Value: v.Flat[FieldUpstreamTimestamp]},
	)
	if in.Timestamp, _, err = str(flat, FieldTimestamp, FieldTimestamp); err != nil {
		return in, nil, err
	}
	if u, _, err := str(flat, FieldUpstreamTimestamp, FieldUpstreamTimestamp); err != nil {
		return in, nil, err
	} else if u != "" {
		in.UpstreamTimestamp = &u
	}
	if r, _, err := str(v.Informational["provider_payment"], FieldReceiptContentHash, "provider_payment.receipt_content_hash"); err != nil {
		return in, nil, err
	} else if r != "" {
		r = strings.ReplaceAll(r, DigestPrefix, "")
		in.ReceiptContentHash = &r
	}
	return in, withheld, nil
}
