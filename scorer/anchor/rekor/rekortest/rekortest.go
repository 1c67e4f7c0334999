// Package rekortest is test support: a test Rekor v1 log that mints real
// entries, Rekor's hashedrekord v0.0.1 bodies, RFC 6962 inclusion proofs,
// signed-note checkpoints and signed entry timestamps (SETs), under a test
// key, and is never used by the build (the proveit command does not link
// it). The tests of scorer/anchor/rekor verify what it mints, and the
// demo-season generator (cmd/seasongen, through package prooftest) writes
// the Rekor entries of the fictional demo season with it.
//
// Everything is deterministic: the log key is derived from a seed, every
// signature is an RFC 6979 deterministic ECDSA signature, integrated times
// are the caller's, and JSON is written with sorted keys. The same calls
// with the same inputs give the same bytes.
//
// Everything it issues says it is a test log: its default base URL is
// https://rekor.test.invalid (RFC 2606 reserves .invalid), and its key is a
// test key derived from a public seed. It never holds ArkForge's or
// Sigstore's keys.
//
// What it writes follows the Rekor v1 server (github.com/sigstore/rekor
// v1.5.3, pkg/api/entries.go):
//   - the body is the canonical JSON (RFC 8785) of
//     {"apiVersion":"0.0.1","kind":"hashedrekord","spec":{"data":{"hash":
//     {"algorithm":"sha256","value":hex}},"signature":{"content":base64(sig),
//     "publicKey":{"content":base64(PEM)}}}}, the public key a PEM
//     "PUBLIC KEY" block (SubjectPublicKeyInfo);
//   - the leaf hash is RFC 6962 §2.1's SHA-256(0x00 ‖ body);
//   - the SET is ECDSA over SHA-256 of the canonical JSON of {"body":
//     base64(body), "integratedTime", "logID": hex, "logIndex"};
//   - the checkpoint is a signed note (C2SP signed-note, Rekor's
//     pkg/util/signed_note.go): "<host> - <tree id>\n<size>\n<base64 root>\n",
//     a blank line, and "— <host> base64(key hint ‖ signature)\n", the key
//     hint the first 4 bytes of SHA-256 of the log key's DER
//     SubjectPublicKeyInfo, the signature ECDSA over SHA-256 of the note text;
//   - the log ID is SHA-256 of the log key's DER SubjectPublicKeyInfo.
//
// Unlike the Rekor server, the log keeps a single shard: an entry's logIndex
// and its inclusion proof's logIndex are the same number.
package rekortest

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cyberphone/json-canonicalization/go/src/webpki.org/jsoncanonicalizer"
	protocommon "github.com/sigstore/protobuf-specs/gen/pb-go/common/v1"
	rekorv1 "github.com/sigstore/protobuf-specs/gen/pb-go/rekor/v1"
	prototrustroot "github.com/sigstore/protobuf-specs/gen/pb-go/trustroot/v1"
	"github.com/transparency-dev/merkle/compact"
	"github.com/transparency-dev/merkle/proof"
	"github.com/transparency-dev/merkle/rfc6962"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// DefaultBaseURL is the base URL New uses when given "": a host under the
// reserved .invalid TLD, so that nothing it issues can be taken for a real
// log's.
const DefaultBaseURL = "https://rekor.test.invalid"

// trustedRootMediaType is the media type of a sigstore TrustedRoot, as
// sigstore-go's root.NewTrustedRootFromJSON requires it.
const trustedRootMediaType = "application/vnd.dev.sigstore.trustedroot+json;version=0.1"

// Log is a test Rekor v1 log. Its methods are safe for concurrent use.
type Log struct {
	key     *ecdsa.PrivateKey
	spki    []byte // DER SubjectPublicKeyInfo of the log key
	logID   []byte // SHA-256 of spki
	baseURL string
	// hostname is the Rekor v1 server's rekor_server.hostname: the name its
	// checkpoints are signed with, and their origin's prefix.
	hostname string
	treeID   int64

	mu      sync.Mutex
	entries []entry
	tree    *compact.Range
	nodes   [][][]byte       // nodes[level][index]: hash of every perfect subtree
	notes   map[int64]string // checkpoint by tree size
	broken  error            // set by visit if the compact range misbehaves
}

type entry struct {
	body           []byte
	integratedTime int64
	set            []byte
}

var hasher = rfc6962.DefaultHasher

// New returns an empty log whose key is derived from seed (DeriveKey with
// label "rekor log"), served at baseURL (DefaultBaseURL if "") under the
// Trillian tree ID treeID, which must be positive. It signs its
// checkpoints as the host of baseURL, as the public-good log does.
func New(seed []byte, baseURL string, treeID int64) (*Log, error) {
	return NewWithHostname(seed, baseURL, "", treeID)
}

// NewWithHostname is New for a log whose server signs its checkpoints as
// hostname (its rekor_server.hostname; "" for the host of baseURL), as a
// self-hosted Rekor v1 server does, whose hostname defaults to its
// machine's, not to the host it is served at.
func NewWithHostname(seed []byte, baseURL, hostname string, treeID int64) (*Log, error) {
	if baseURL == "" {
		baseURL = DefaultBaseURL
	}
	u, err := url.Parse(baseURL)
	if err != nil {
		return nil, fmt.Errorf("rekortest: base URL %q: %w", baseURL, err)
	}
	if u.Hostname() == "" {
		return nil, fmt.Errorf("rekortest: base URL %q has no host", baseURL)
	}
	if hostname == "" {
		hostname = u.Hostname()
	}
	if strings.ContainsAny(hostname, " +\n") {
		return nil, fmt.Errorf("rekortest: hostname %q: a signed note's signer name has no space, plus or newline", hostname)
	}
	if treeID <= 0 {
		return nil, fmt.Errorf("rekortest: tree ID %d, want > 0", treeID)
	}
	key, err := DeriveKey(seed, "rekor log")
	if err != nil {
		return nil, err
	}
	spki, err := x509.MarshalPKIXPublicKey(&key.PublicKey)
	if err != nil {
		return nil, fmt.Errorf("rekortest: %w", err)
	}
	id := sha256.Sum256(spki)
	l := &Log{
		key:      key,
		spki:     spki,
		logID:    id[:],
		baseURL:  baseURL,
		hostname: hostname,
		treeID:   treeID,
		notes:    map[int64]string{},
	}
	l.tree = (&compact.RangeFactory{Hash: hasher.HashChildren}).NewEmptyRange(0)
	return l, nil
}

// DeriveKey returns the ECDSA P-256 key derived from seed and label: the
// first of SHA-256("proveit testrekor key v1" ‖ len(label) ‖ label ‖ seed ‖
// counter), counter = 0, 1, …, that is a valid scalar. Tests and
// cmd/seasongen use it for the log key and for the submitters' keys.
func DeriveKey(seed []byte, label string) (*ecdsa.PrivateKey, error) {
	for counter := uint32(0); counter < 64; counter++ {
		h := sha256.New()
		h.Write([]byte("proveit testrekor key v1"))
		h.Write(binary.BigEndian.AppendUint32(nil, uint32(len(label))))
		h.Write([]byte(label))
		h.Write(seed)
		h.Write(binary.BigEndian.AppendUint32(nil, counter))
		if k, err := ecdsa.ParseRawPrivateKey(elliptic.P256(), h.Sum(nil)); err == nil {
			return k, nil
		}
	}
	return nil, errors.New("rekortest: no valid P-256 scalar derived from the seed")
}

// PublicKey returns the log's public key.
func (l *Log) PublicKey() *ecdsa.PublicKey { return &l.key.PublicKey }

// LogID returns the log ID: SHA-256 of the log key's DER
// SubjectPublicKeyInfo, as Rekor computes it.
func (l *Log) LogID() []byte { return bytes.Clone(l.logID) }

// BaseURL returns the URL the log says it is served at.
func (l *Log) BaseURL() string { return l.baseURL }

// Hostname returns the name the log signs its checkpoints as, the prefix
// of their origin: the host of its base URL unless NewWithHostname names
// another.
func (l *Log) Hostname() string { return l.hostname }

// Origin returns the checkpoint origin, "<hostname> - <tree ID>", as the
// Rekor v1 server writes it.
func (l *Log) Origin() string { return l.hostname + " - " + strconv.FormatInt(l.treeID, 10) }

// Size returns the number of entries in the log.
func (l *Log) Size() int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return int64(len(l.entries))
}

// RootHash returns the RFC 6962 root hash of the log's current tree, nil
// while the log is empty.
func (l *Log) RootHash() []byte {
	l.mu.Lock()
	defer l.mu.Unlock()
	root, _ := l.tree.GetRootHash(nil)
	return root
}

// AddHashedRekord signs artifact with submitter, as a Rekor client does
// (ECDSA over SHA-256(artifact)), and logs the hashedrekord entry at
// integratedTime. submitter must hold an ECDSA key; its Sign is called with
// a nil io.Reader, so that an *ecdsa.PrivateKey signs deterministically
// (RFC 6979). It returns the entry's index.
func (l *Log) AddHashedRekord(artifact []byte, submitter crypto.Signer, integratedTime time.Time) (int64, error) {
	if submitter == nil {
		return 0, errors.New("rekortest: nil submitter")
	}
	if _, ok := submitter.Public().(*ecdsa.PublicKey); !ok {
		return 0, fmt.Errorf("rekortest: submitter key is %T, want *ecdsa.PublicKey", submitter.Public())
	}
	digest := sha256.Sum256(artifact)
	sig, err := submitter.Sign(nil, digest[:], crypto.SHA256)
	if err != nil {
		return 0, fmt.Errorf("rekortest: signing the artifact: %w", err)
	}
	body, err := HashedRekordBody(digest[:], sig, submitter.Public())
	if err != nil {
		return 0, err
	}
	return l.AddBody(body, integratedTime)
}

// AddBody logs body as it is, at integratedTime, and returns its index. It
// checks nothing of the body, as a real Rekor would: tests use it to log
// bodies a real Rekor refuses (a signature over another artefact, another
// kind). The entry still says kindVersion hashedrekord 0.0.1.
func (l *Log) AddBody(body []byte, integratedTime time.Time) (int64, error) {
	if len(body) == 0 {
		return 0, errors.New("rekortest: empty body")
	}
	t := integratedTime.Unix()
	if t <= 0 {
		return 0, fmt.Errorf("rekortest: integrated time %s, want after 1970", integratedTime.UTC().Format(time.RFC3339))
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	index := int64(len(l.entries))
	set, err := l.signSET(body, t, index)
	if err != nil {
		return 0, err
	}
	body = bytes.Clone(body)
	if l.broken != nil {
		return 0, l.broken
	}
	if err := l.tree.Append(hasher.HashLeaf(body), l.visit); err != nil {
		return 0, fmt.Errorf("rekortest: %w", err)
	}
	if l.broken != nil {
		return 0, l.broken
	}
	l.entries = append(l.entries, entry{body: body, integratedTime: t, set: set})
	return index, nil
}

// visit records the hash of every perfect subtree the compact range builds,
// from which inclusion proofs are read.
func (l *Log) visit(id compact.NodeID, hash []byte) {
	for uint(len(l.nodes)) <= id.Level {
		l.nodes = append(l.nodes, nil)
	}
	level := l.nodes[id.Level]
	if id.Index != uint64(len(level)) {
		// Append visits the nodes it creates in order, level by level; a
		// gap would be a bug of the compact range.
		l.broken = fmt.Errorf("rekortest: node (%d, %d) visited out of order", id.Level, id.Index)
		return
	}
	l.nodes[id.Level] = append(level, bytes.Clone(hash))
}

// Entry returns the TransparencyLogEntry JSON of the entry at index, with
// its SET, and an inclusion proof and a signed checkpoint for the log's
// current tree. The JSON is protojson's, re-encoded with sorted keys and
// no insignificant whitespace (see Marshal).
func (l *Log) Entry(index int64) ([]byte, error) {
	tle, err := l.TransparencyLogEntry(index)
	if err != nil {
		return nil, err
	}
	return Marshal(tle)
}

// TransparencyLogEntry is Entry before it is marshalled: tests edit it to
// mint tampered variants, then Marshal it.
func (l *Log) TransparencyLogEntry(index int64) (*rekorv1.TransparencyLogEntry, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	size := int64(len(l.entries))
	if index < 0 || index >= size {
		return nil, fmt.Errorf("rekortest: index %d outside a log of %d entries", index, size)
	}
	hashes, err := l.inclusionPath(uint64(index), uint64(size))
	if err != nil {
		return nil, err
	}
	root, err := l.tree.GetRootHash(nil)
	if err != nil {
		return nil, fmt.Errorf("rekortest: %w", err)
	}
	note, ok := l.notes[size]
	if !ok {
		if note, err = l.SignCheckpoint(l.Origin(), size, root); err != nil {
			return nil, err
		}
		l.notes[size] = note
	}
	e := l.entries[index]
	return &rekorv1.TransparencyLogEntry{
		LogIndex:          index,
		LogId:             &protocommon.LogId{KeyId: bytes.Clone(l.logID)},
		KindVersion:       &rekorv1.KindVersion{Kind: "hashedrekord", Version: "0.0.1"},
		IntegratedTime:    e.integratedTime,
		InclusionPromise:  &rekorv1.InclusionPromise{SignedEntryTimestamp: bytes.Clone(e.set)},
		CanonicalizedBody: bytes.Clone(e.body),
		InclusionProof: &rekorv1.InclusionProof{
			LogIndex:   index,
			RootHash:   root,
			TreeSize:   size,
			Hashes:     hashes,
			Checkpoint: &rekorv1.Checkpoint{Envelope: note},
		},
	}, nil
}

// inclusionPath is RFC 6962 §2.1.1's PATH(index, D[size]), read from the
// recorded perfect subtrees with merkle's proof.Inclusion.
func (l *Log) inclusionPath(index, size uint64) ([][]byte, error) {
	nodes, err := proof.Inclusion(index, size)
	if err != nil {
		return nil, fmt.Errorf("rekortest: %w", err)
	}
	hashes := make([][]byte, len(nodes.IDs))
	for i, id := range nodes.IDs {
		if id.Level >= uint(len(l.nodes)) || id.Index >= uint64(len(l.nodes[id.Level])) {
			return nil, fmt.Errorf("rekortest: node (%d, %d) is not in the tree", id.Level, id.Index)
		}
		hashes[i] = bytes.Clone(l.nodes[id.Level][id.Index])
	}
	path, err := nodes.Rehash(hashes, hasher.HashChildren)
	if err != nil {
		return nil, fmt.Errorf("rekortest: %w", err)
	}
	return path, nil
}

// SignCheckpoint returns a checkpoint signed with the log key, as the Rekor
// v1 server writes it, for any origin, size and root: tests use it to mint
// checkpoints of another origin or size.
func (l *Log) SignCheckpoint(origin string, size int64, rootHash []byte) (string, error) {
	text := fmt.Sprintf("%s\n%d\n%s\n", origin, size, base64.StdEncoding.EncodeToString(rootHash))
	digest := sha256.Sum256([]byte(text))
	sig, err := l.key.Sign(nil, digest[:], crypto.SHA256)
	if err != nil {
		return "", fmt.Errorf("rekortest: signing the checkpoint: %w", err)
	}
	hint := sha256.Sum256(l.spki)
	return text + "\n\u2014 " + l.hostname + " " + base64.StdEncoding.EncodeToString(append(hint[:4:4], sig...)) + "\n", nil
}

// SignSET returns the signed entry timestamp the log gives the entry
// (body, integratedTime, logIndex): ECDSA over SHA-256 of the canonical
// JSON of {"body": base64(body), "integratedTime", "logID": hex(log ID),
// "logIndex"}, as the Rekor v1 server signs it.
func (l *Log) SignSET(body []byte, integratedTime time.Time, logIndex int64) ([]byte, error) {
	return l.signSET(body, integratedTime.Unix(), logIndex)
}

func (l *Log) signSET(body []byte, integratedTime, logIndex int64) ([]byte, error) {
	payload, err := json.Marshal(struct {
		Body           []byte `json:"body"`
		IntegratedTime int64  `json:"integratedTime"`
		LogID          string `json:"logID"`
		LogIndex       int64  `json:"logIndex"`
	}{body, integratedTime, hex.EncodeToString(l.logID), logIndex})
	if err != nil {
		return nil, fmt.Errorf("rekortest: %w", err)
	}
	canonical, err := jsoncanonicalizer.Transform(payload)
	if err != nil {
		return nil, fmt.Errorf("rekortest: canonicalizing the SET payload: %w", err)
	}
	digest := sha256.Sum256(canonical)
	sig, err := l.key.Sign(nil, digest[:], crypto.SHA256)
	if err != nil {
		return nil, fmt.Errorf("rekortest: signing the SET: %w", err)
	}
	return sig, nil
}

// TrustedRootEntry returns the log as a TrustedRoot transparency-log
// instance, its key valid from validFrom to validUntil (no end if
// validUntil is zero).
func (l *Log) TrustedRootEntry(validFrom, validUntil time.Time) *prototrustroot.TransparencyLogInstance {
	valid := &protocommon.TimeRange{Start: timestamppb.New(validFrom)}
	if !validUntil.IsZero() {
		valid.End = timestamppb.New(validUntil)
	}
	return &prototrustroot.TransparencyLogInstance{
		BaseUrl:       l.baseURL,
		HashAlgorithm: protocommon.HashAlgorithm_SHA2_256,
		PublicKey: &protocommon.PublicKey{
			RawBytes:   bytes.Clone(l.spki),
			KeyDetails: protocommon.PublicKeyDetails_PKIX_ECDSA_P256_SHA_256,
			ValidFor:   valid,
		},
		LogId: &protocommon.LogId{KeyId: bytes.Clone(l.logID)},
	}
}

// TrustedRoot returns a TrustedRoot that pins tlogs and nothing else (no
// Fulcio CA, CT log or TSA: sigstore-go's root.NewTrustedRootFromJSON
// accepts empty lists).
func TrustedRoot(tlogs ...*prototrustroot.TransparencyLogInstance) *prototrustroot.TrustedRoot {
	return &prototrustroot.TrustedRoot{MediaType: trustedRootMediaType, Tlogs: tlogs}
}

// HashedRekordBody returns the canonical hashedrekord v0.0.1 body for a
// SHA-256 digest, a signature and the signer's public key, byte for byte as
// the Rekor v1 server canonicalizes it. It does not check the signature.
func HashedRekordBody(digest, signature []byte, publicKey crypto.PublicKey) ([]byte, error) {
	spki, err := x509.MarshalPKIXPublicKey(publicKey)
	if err != nil {
		return nil, fmt.Errorf("rekortest: public key: %w", err)
	}
	keyPEM := pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: spki})
	var b hashedRekord
	b.APIVersion, b.Kind = "0.0.1", "hashedrekord"
	b.Spec.Data.Hash.Algorithm, b.Spec.Data.Hash.Value = "sha256", hex.EncodeToString(digest)
	b.Spec.Signature.Content, b.Spec.Signature.PublicKey.Content = signature, keyPEM
	body, err := json.Marshal(b)
	if err != nil {
		return nil, fmt.Errorf("rekortest: %w", err)
	}
	return jsoncanonicalizer.Transform(body)
}

// hashedRekord is a hashedrekord v0.0.1 body. Its fields are declared in key
// order and hold only base64, hex and fixed ASCII strings, so encoding/json
// writes it as RFC 8785 canonical JSON; HashedRekordBody runs
// jsoncanonicalizer over it all the same, as Rekor does.
type hashedRekord struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Spec       struct {
		Data struct {
			Hash struct {
				Algorithm string `json:"algorithm"`
				Value     string `json:"value"`
			} `json:"hash"`
		} `json:"data"`
		Signature struct {
			Content   []byte `json:"content"`
			PublicKey struct {
				Content []byte `json:"content"`
			} `json:"publicKey"`
		} `json:"signature"`
	} `json:"spec"`
}

// Marshal returns m as protojson writes it, re-encoded by encoding/json
// with object keys sorted and no insignificant whitespace. protojson's own
// output is not stable (it varies its whitespace from one build to
// another, and its field order is not promised); the re-encoding makes the
// bytes depend only on the message's content. protojson's conventions stay:
// lowerCamelCase names, int64 as strings, bytes as padded standard base64,
// zero values omitted.
func Marshal(m proto.Message) ([]byte, error) {
	raw, err := protojson.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("rekortest: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("rekortest: re-encoding protojson: %w", err)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, fmt.Errorf("rekortest: re-encoding protojson: %w", err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// UUID returns the uuid of the entry at index as a sharded Rekor v1 server
// names it, and as the Trust Layer records it (transparency_log.uuid): the
// tree ID in 16 hex digits, then the entry's RFC 6962 leaf hash,
// SHA-256(0x00 ‖ body), in 64.
func (l *Log) UUID(index int64) (string, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if index < 0 || index >= int64(len(l.entries)) {
		return "", fmt.Errorf("rekortest: index %d outside a log of %d entries", index, len(l.entries))
	}
	return fmt.Sprintf("%016x", l.treeID) + hex.EncodeToString(hasher.HashLeaf(l.entries[index].body)), nil
}

// APIEntry returns the entry at index as the Rekor v1 API serves it (GET
// /api/v1/log/entries/{uuid}), with an inclusion proof and a checkpoint
// for the log's current tree (MarshalAPI).
func (l *Log) APIEntry(index int64) (uuid string, data []byte, err error) {
	if uuid, err = l.UUID(index); err != nil {
		return "", nil, err
	}
	tle, err := l.TransparencyLogEntry(index)
	if err != nil {
		return "", nil, err
	}
	data, err = MarshalAPI(uuid, tle)
	return uuid, data, err
}

// MarshalAPI writes tle as the Rekor v1 API serves a log entry (rekor
// pkg/generated/models LogEntry, written by go-openapi's JSON producer: a
// compact encoding/json object, HTML characters unescaped, a final
// newline): {uuid: {"body": base64(canonicalizedBody), "integratedTime",
// "logID": hex, "logIndex", "verification": {"inclusionProof":
// {"checkpoint", "hashes": [hex], "logIndex", "rootHash": hex,
// "treeSize"}, "signedEntryTimestamp": base64}}}. It is the inverse of
// sigstore's conversion (rekor pkg/tle), so tests edit a
// TransparencyLogEntry and write it back with it.
func MarshalAPI(uuid string, tle *rekorv1.TransparencyLogEntry) ([]byte, error) {
	ip := tle.GetInclusionProof()
	hashes := make([]string, len(ip.GetHashes()))
	for i, h := range ip.GetHashes() {
		hashes[i] = hex.EncodeToString(h)
	}
	type inclusionProof struct {
		Checkpoint string   `json:"checkpoint"`
		Hashes     []string `json:"hashes"`
		LogIndex   int64    `json:"logIndex"`
		RootHash   string   `json:"rootHash"`
		TreeSize   int64    `json:"treeSize"`
	}
	type verification struct {
		InclusionProof       inclusionProof `json:"inclusionProof"`
		SignedEntryTimestamp []byte         `json:"signedEntryTimestamp"`
	}
	type anon struct {
		Body           string       `json:"body"`
		IntegratedTime int64        `json:"integratedTime"`
		LogID          string       `json:"logID"`
		LogIndex       int64        `json:"logIndex"`
		Verification   verification `json:"verification"`
	}
	v := map[string]anon{uuid: {
		Body:           base64.StdEncoding.EncodeToString(tle.GetCanonicalizedBody()),
		IntegratedTime: tle.GetIntegratedTime(),
		LogID:          hex.EncodeToString(tle.GetLogId().GetKeyId()),
		LogIndex:       tle.GetLogIndex(),
		Verification: verification{
			InclusionProof: inclusionProof{
				Checkpoint: ip.GetCheckpoint().GetEnvelope(), Hashes: hashes, LogIndex: ip.GetLogIndex(),
				RootHash: hex.EncodeToString(ip.GetRootHash()), TreeSize: ip.GetTreeSize(),
			},
			SignedEntryTimestamp: tle.GetInclusionPromise().GetSignedEntryTimestamp(),
		},
	}}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, fmt.Errorf("rekortest: %w", err)
	}
	return buf.Bytes(), nil
}
