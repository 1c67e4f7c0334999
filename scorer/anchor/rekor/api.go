package rekor

import (
	"bytes"
	"crypto/ecdsa"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	protocommon "github.com/sigstore/protobuf-specs/gen/pb-go/common/v1"
	rekorv1 "github.com/sigstore/protobuf-specs/gen/pb-go/rekor/v1"
	"github.com/sigstore/sigstore-go/pkg/root"
	"github.com/transparency-dev/merkle/rfc6962"

	"github.com/ark-forge/proveit/scorer/anchor"
	"github.com/ark-forge/proveit/scorer/pyjson"
)

// UUIDPattern is what a Rekor v1 entry uuid is: the 64 lowercase hex digits
// of the entry's RFC 6962 leaf hash, SHA-256(0x00 ‖ body), optionally
// preceded by the 16 hex digits of its tree id (the "entry ID" of a sharded
// log, which is what rekor.sigstore.dev answers a submission with and what
// the Trust Layer records as transparency_log.uuid).
const UUIDPattern = `^([0-9a-f]{16})?[0-9a-f]{64}$`

var uuidRE = regexp.MustCompile(UUIDPattern)

// ValidUUID reports whether s is a Rekor v1 entry uuid (UUIDPattern), which
// also makes it safe as a file name.
func ValidUUID(s string) bool { return uuidRE.MatchString(s) }

// LeafHashHex is the RFC 6962 §2.1 leaf hash of a canonicalized body,
// SHA-256(0x00 ‖ body), in lowercase hex: the last 64 digits of the uuid
// Rekor gives the entry.
func LeafHashHex(body []byte) string { return hexString(rfc6962.DefaultHasher.HashLeaf(body)) }

// APIEntry is one Rekor v1 log entry as GET /api/v1/log/entries/{uuid}
// serves it (rekor pkg/generated/models, LogEntry: an object keyed by the
// uuid, whose value is a LogEntryAnon), converted into the
// TransparencyLogEntry that Verify checks.
type APIEntry struct {
	UUID string
	TLE  *rekorv1.TransparencyLogEntry
}

// notFoundKey marks the record proveit fetch caches for a uuid the log
// answered 404 for: {"not_found": true, "uuid": UUID}.
const notFoundKey = "not_found"

// NotFoundRecord is the file proveit fetch caches for a uuid the log
// answered 404 for, so that the build can tell « the log has no such
// entry » (the anchor is missing: rekor.entry.not_found) from « not
// fetched » (the build stops).
func NotFoundRecord(uuid string) []byte {
	return []byte(`{"not_found": true, "uuid": "` + uuid + `"}` + "\n")
}

// ParseAPIEntry reads data, a cached Rekor answer for uuid: the entry
// exactly as the Rekor v1 API serves it, or the NotFoundRecord of a 404.
// It runs the rekor.api.* checks and the conversion (see the package doc),
// the way sigstore's own conversion does (rekor pkg/tle,
// GenerateTransparencyLogEntry): body base64-decoded into
// canonicalizedBody, logID, rootHash and hashes hex-decoded, the kind and
// version read from the body. The entry must be the entry of uuid: keyed
// by it, and its body's leaf hash the uuid's last 64 digits.
func ParseAPIEntry(data []byte, uuid string) (*APIEntry, *anchor.Failure) {
	if len(data) > MaxEntrySize {
		return nil, anchor.Failf("rekor.api.size", "entry is %d bytes, limit %d", len(data), MaxEntrySize)
	}
	doc, err := pyjson.DecodeStrict(data)
	if err != nil {
		return nil, anchor.Failf("rekor.api.json", "the entry is not strict JSON: %v", err)
	}
	if doc.Kind() != pyjson.Object || doc.Len() == 0 {
		return nil, anchor.Failf("rekor.api.json", "the entry is a JSON %s, want an object {uuid: entry}", kindOf(doc))
	}
	nf, isRecord := doc.Lookup(notFoundKey)
	recordID, _ := doc.Lookup("uuid")
	if isRecord && (doc.Len() != 2 || nf.Kind() != pyjson.Bool || !nf.Bool() || recordID.Kind() != pyjson.String) {
		return nil, anchor.Failf("rekor.api.json", `a not-found record is exactly {"not_found": true, "uuid": UUID}`)
	}
	if !isRecord && doc.Len() != 1 {
		return nil, anchor.Failf("rekor.api.json", "the entry has %d members, want one, keyed by the uuid", doc.Len())
	}
	switch m := doc.Members()[0]; {
	case !ValidUUID(uuid):
		return nil, anchor.Failf("rekor.api.uuid", "%q is not a Rekor entry uuid (%s)", truncate(uuid), UUIDPattern)
	case isRecord && recordID.Str() != uuid:
		return nil, anchor.Failf("rekor.api.uuid", "a not-found record for %q, cached as %s", truncate(recordID.Str()), uuid)
	case isRecord:
		return nil, anchor.Failf("rekor.api.not_found", "the log answered 404 for entry %s: it has no such entry", uuid)
	case m.Key != uuid:
		return nil, anchor.Failf("rekor.api.uuid", "the entry is keyed %q, it was asked for as %s", truncate(m.Key), uuid)
	}
	p := apiParser{}
	tle := p.entry(doc.Members()[0].Value)
	if p.f != nil {
		return nil, p.f
	}
	if want, got := uuid[len(uuid)-64:], LeafHashHex(tle.CanonicalizedBody); want != got {
		return nil, anchor.Failf("rekor.api.leaf", "the body's leaf hash is %s, the uuid %s ends in %s: it is another entry's body", got, uuid, want)
	}
	kind, version := p.kindVersion(tle.CanonicalizedBody)
	if p.f != nil {
		return nil, p.f
	}
	tle.KindVersion = &rekorv1.KindVersion{Kind: kind, Version: version}
	return &APIEntry{UUID: uuid, TLE: tle}, nil
}

func kindOf(v pyjson.Value) string { return v.Kind().String() }

// VerifyAPIEntry verifies data, a cached Rekor API answer for uuid
// (ParseAPIEntry), as Verify verifies a TransparencyLogEntry: the same
// checks, in the same order, after the rekor.api.* ones.
func VerifyAPIEntry(data []byte, uuid string, artifact []byte, submitter *ecdsa.PublicKey, logs map[string]*root.TransparencyLog, origin string) (Result, error) {
	api, f := ParseAPIEntry(data, uuid)
	if f != nil {
		return Result{}, f
	}
	e, f := checkEnvelope(api.TLE)
	if f != nil {
		return Result{}, f
	}
	res, err := verifyEntry(e, artifact, submitter, logs, origin)
	res.UUID = uuid
	return res, err
}

// apiParser reads a LogEntryAnon; its first fault is f, a rekor.api.*
// failure naming the field.
type apiParser struct {
	f *anchor.Failure
}

func (p *apiParser) fail(check, format string, args ...any) {
	if p.f == nil {
		p.f = anchor.Failf(check, format, args...)
	}
}

// LogEntryAnon's fields (rekor openapi.yaml): attestation is optional and
// not read; verification is required here, since Verify needs both its
// parts.
var (
	anonKeys         = []string{"attestation", "body", "integratedTime", "logID", "logIndex", "verification"}
	verificationKeys = []string{"inclusionProof", "signedEntryTimestamp"}
	proofKeys        = []string{"checkpoint", "hashes", "logIndex", "rootHash", "treeSize"}
)

func (p *apiParser) object(v pyjson.Value, at string, keys []string) bool {
	if v.Kind() != pyjson.Object {
		p.fail("rekor.api.json", "%s is a JSON %s, want an object", at, v.Kind())
		return false
	}
	for _, m := range v.Members() {
		if !contains(keys, m.Key) {
			p.fail("rekor.api.json", "%s has an unknown field %q, want only %s", at, truncate(m.Key), strings.Join(keys, ", "))
			return false
		}
	}
	return true
}

func (p *apiParser) member(v pyjson.Value, at, key string, kind pyjson.Kind) (pyjson.Value, bool) {
	m, ok := v.Lookup(key)
	if !ok {
		p.fail("rekor.api.missing", "%s has no %s", at, key)
		return m, false
	}
	if m.Kind() != kind {
		p.fail("rekor.api.json", "%s.%s is a JSON %s, want %s", at, key, m.Kind(), kindName(kind))
		return m, false
	}
	return m, true
}

func kindName(k pyjson.Kind) string {
	switch k {
	case pyjson.Int:
		return "an integer"
	case pyjson.String:
		return "a string"
	case pyjson.Array:
		return "an array"
	case pyjson.Object:
		return "an object"
	}
	return k.String()
}

func (p *apiParser) int64(v pyjson.Value, at, key string) int64 {
	m, ok := p.member(v, at, key, pyjson.Int)
	if !ok {
		return 0
	}
	n, err := strconv.ParseInt(m.IntText(), 10, 64)
	if err != nil || n < 0 {
		p.fail("rekor.api.json", "%s.%s is %s, want an integer from 0 to %d", at, key, truncate(m.IntText()), int64(1<<63-1))
		return 0
	}
	return n
}

func (p *apiParser) str(v pyjson.Value, at, key string) string {
	m, _ := p.member(v, at, key, pyjson.String)
	return m.Str()
}

func (p *apiParser) base64(v pyjson.Value, at, key string) []byte {
	s := p.str(v, at, key)
	if p.f != nil {
		return nil
	}
	b, err := base64.StdEncoding.Strict().DecodeString(s)
	if err != nil || len(b) == 0 {
		p.fail("rekor.api.encoding", "%s.%s is not non-empty standard base64", at, key)
	}
	return b
}

// hex32 decodes a SHA-256 hash written as 64 lowercase hex digits, as
// Rekor writes logID, rootHash and the path's hashes.
func (p *apiParser) hex32(s, at string) []byte {
	if !isLowerHex(s, 64) {
		p.fail("rekor.api.encoding", "%s %q is not 64 lowercase hex digits", at, truncate(s))
		return nil
	}
	b, _ := hex.DecodeString(s)
	return b
}

// entry converts a LogEntryAnon into a TransparencyLogEntry, as rekor's
// pkg/tle GenerateTransparencyLogEntry does.
func (p *apiParser) entry(v pyjson.Value) *rekorv1.TransparencyLogEntry {
	const at = "entry"
	if !p.object(v, at, anonKeys) {
		return nil
	}
	body := p.base64(v, at, "body")
	integratedTime := p.int64(v, at, "integratedTime")
	logID := p.hex32(p.str(v, at, "logID"), at+".logID")
	logIndex := p.int64(v, at, "logIndex")
	ver, _ := p.member(v, at, "verification", pyjson.Object)
	if p.f != nil || !p.object(ver, at+".verification", verificationKeys) {
		return nil
	}
	set := p.base64(ver, at+".verification", "signedEntryTimestamp")
	const pat = at + ".verification.inclusionProof"
	ip, _ := p.member(ver, at+".verification", "inclusionProof", pyjson.Object)
	if p.f != nil || !p.object(ip, pat, proofKeys) {
		return nil
	}
	checkpoint := p.str(ip, pat, "checkpoint")
	rootHash := p.hex32(p.str(ip, pat, "rootHash"), pat+".rootHash")
	leafIndex := p.int64(ip, pat, "logIndex")
	treeSize := p.int64(ip, pat, "treeSize")
	hs, _ := p.member(ip, pat, "hashes", pyjson.Array)
	var hashes [][]byte
	for i, h := range hs.Elems() {
		if h.Kind() != pyjson.String {
			p.fail("rekor.api.json", "%s.hashes[%d] is a JSON %s, want a string", pat, i, h.Kind())
			break
		}
		hashes = append(hashes, p.hex32(h.Str(), fmt.Sprintf("%s.hashes[%d]", pat, i)))
	}
	if p.f != nil {
		return nil
	}
	return &rekorv1.TransparencyLogEntry{
		LogIndex:          logIndex,
		LogId:             &protocommon.LogId{KeyId: logID},
		IntegratedTime:    integratedTime,
		InclusionPromise:  &rekorv1.InclusionPromise{SignedEntryTimestamp: set},
		CanonicalizedBody: body,
		InclusionProof: &rekorv1.InclusionProof{
			LogIndex:   leafIndex,
			RootHash:   rootHash,
			TreeSize:   treeSize,
			Hashes:     hashes,
			Checkpoint: &rekorv1.Checkpoint{Envelope: checkpoint},
		},
	}
}

// kindVersion reads the kind and apiVersion the body declares, which is
// where sigstore's conversion takes the entry's kindVersion from (rekor
// pkg/tle: pe.Kind(), eimpl.APIVersion()). The body is decoded strictly
// later (rekor.body.*); here only those two strings are read.
func (p *apiParser) kindVersion(body []byte) (string, string) {
	var env struct {
		APIVersion *string `json:"apiVersion"`
		Kind       *string `json:"kind"`
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&env); err != nil {
		p.fail("rekor.body.decode", "canonicalizedBody: %v", err)
		return "", ""
	}
	if env.Kind == nil || env.APIVersion == nil {
		p.fail("rekor.body.decode", "canonicalizedBody has no kind or no apiVersion")
		return "", ""
	}
	return *env.Kind, *env.APIVersion
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}
