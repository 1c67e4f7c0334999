// Package prooftest is test support: a test Trust Layer, never used by the
// build (the proveit command does not link it). Tests use it as they would
// net/http/httptest, and so do the demo-season generator (cmd/seasongen)
// and fetchtest, the test Trust Layer server of proveit fetch's tests.
//
// It proxies a request to a corpus exactly as the real proxy hashes it
// (challenge specification §2.4), commits every chain field with a nonce,
// signs the chain with Ed25519, batches proofs in RFC 6962 trees and
// anchors each batch with a test TSA (package rfc3161test) of a pool of
// three, as the Trust Layer's pool of three real ones (FreeTSA, then
// DigiCert, then Sectigo), and a test Rekor log (package rekortest), as
// package proof models spec 3.1. Its tokens have the real shape: no
// certificate, no nonce. Its artefacts
// are real: they are verified by exactly the production code path (package
// verify). Everything is derived from a seed, so the same calls give the
// same bytes; everything it issues says it is a test issuer, under keys
// that are not ArkForge's.
package prooftest

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/transparency-dev/merkle/rfc6962"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/ark-forge/proveit/scorer/anchor/rekor/rekortest"
	"github.com/ark-forge/proveit/scorer/anchor/rfc3161/rfc3161test"
	"github.com/ark-forge/proveit/scorer/hashes"
	pv "github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/submission"
)

// issuerName is written into the trust material the issuer pins, and into
// every view it mints: each is a demo proof (is_demo true, as v1.7 marks
// a proof minted without an upstream call) whose demo_notice says whose.
const issuerName = "PROVE IT test issuer — not ArkForge, not a real Trust Layer"

// demoNotice is the demo_notice of every view the issuer mints.
const demoNotice = issuerName + ": a test proof, minted without a real Trust Layer."

// Base URL of the test Trust Layer, under the reserved .invalid TLD: what
// the views' tsr_url point at.
const BaseURL = "https://trust-layer.test.invalid"

// Config fixes the issuer's world.
type Config struct {
	Seed []byte
	// KeyWindow is the validity of the proof key, the Rekor submission key,
	// the TSA certificates and the Rekor log in the trust material.
	KeyWindow rfc3161test.Validity
	// Seller is the flat seller of every proof (the corpus host name).
	Seller string
	// RekorHostname is the name the test Rekor log signs its checkpoints
	// as ("" for the host of its base URL, as the public-good log does): a
	// self-hosted Rekor v1 server signs as its machine's hostname.
	RekorHostname string
}

// Issuer is a test Trust Layer.
type Issuer struct {
	cfg        Config
	proofKey   ed25519.PrivateKey
	proofKeyID string // its id in trust_layer.toml
	rekorKey   *ecdsa.PrivateKey
	rekorKeyID string // its id in trust_layer.toml
	// TSAs is the pool of test TSAs, in the order the Trust Layer tries its
	// real ones (FreeTSA, DigiCert, Sectigo): batches are stamped by the
	// first unless an Anchoring names another; the trust material pins all
	// three.
	TSAs []*rfc3161test.TSA
	Log  *rekortest.Log
	seq  int
	open []*Proof
	// entries holds every Rekor entry the issuer logged, as the Rekor API
	// serves it, by uuid: read at the batch's close.
	entries map[string][]byte
}

// New derives the issuer's keys, TSA and Rekor log from cfg.Seed.
func New(cfg Config) (*Issuer, error) {
	if len(cfg.Seed) == 0 {
		return nil, errors.New("prooftest: empty seed")
	}
	if cfg.Seller == "" {
		cfg.Seller = "corpus.arkforge.tech"
	}
	is := &Issuer{cfg: cfg, proofKeyID: "test-proof-key-1", rekorKeyID: "test-rekor-key-1", entries: map[string][]byte{}}
	is.proofKey = ed25519.NewKeyFromSeed(is.derive("proof key", nil))
	var err error
	if is.rekorKey, err = rekortest.DeriveKey(cfg.Seed, "trust layer rekor submission key"); err != nil {
		return nil, err
	}
	for _, name := range TSAPool {
		tsa, err := rfc3161test.New(cfg.Seed, rfc3161test.Options{
			Name: name, URI: "https://" + name + ".invalid",
			CAValidity: cfg.KeyWindow, LeafValidity: cfg.KeyWindow, Window: cfg.KeyWindow,
		})
		if err != nil {
			return nil, err
		}
		is.TSAs = append(is.TSAs, tsa)
	}
	if is.Log, err = rekortest.NewWithHostname(cfg.Seed, rekortest.DefaultBaseURL, cfg.RekorHostname, 1); err != nil {
		return nil, err
	}
	return is, nil
}

// TSAPool names the issuer's test TSAs, in pool order: the OU of their
// certificates and the host of their URI (under the reserved .invalid
// TLD). Each says it is a test TSA, and whose place in the Trust Layer's
// real pool it takes.
var TSAPool = []string{"test-tsa-1-in-place-of-freetsa", "test-tsa-2-in-place-of-digicert", "test-tsa-3-in-place-of-sectigo"}

// derive returns 32 bytes bound to the seed, a label and data.
func (is *Issuer) derive(label string, data []byte) []byte {
	m := hmac.New(sha256.New, is.cfg.Seed)
	m.Write([]byte("proveit testissuer v1\x00" + label + "\x00"))
	m.Write(data)
	return m.Sum(nil)
}

// Call is one call through the proxy, with the identity the key is bound to.
type Call struct {
	Target  string
	Method  string
	Payload pyjson.Value
	Body    []byte // the bytes the corpus served
	// Identity of the caller's key (§3 step 2).
	DID        string
	Unverified bool   // agent_identity_verified false
	DIDStatus  string // did_resolution_status, default "bound"
	APIKey     string // the buyer fingerprint is its SHA-256
	At         time.Time
	// Spec is the spec_version of the proof, default "3.1".
	Spec string
	// RequestData, when set, is hashed as request_data instead of the
	// documented request of a challenge key ({target, method, payload,
	// "amount": 0.0, "currency": "eur"}): a billed call, another currency.
	RequestData *pyjson.Value
}

// Proof is one minted proof, with what only its owner sees (the nonces).
type Proof struct {
	ID          string
	Spec        string
	Values      map[string]pyjson.Value // every chain field
	nonces      map[string]string
	commitments map[string]string
	Chain       string
	signature   []byte
	publicKey   ed25519.PublicKey // arkforge_pubkey: the key it was signed with
	tsa         *rfc3161test.TSA  // the TSA an open batch's view names (the pool's first, as v1.7 names FreeTSA)
	Batch       pv.Batch
	// The batch's anchors, set at its close.
	Token       []byte // the RFC 3161 TimeStampResp, DER
	TSAProvider string // the host of the TSA's URI, as v1.7 names a provider
	Rekor       Rekor  // where the batch's entry is
}

// Rekor is where a batch's Rekor entry is: what the view's
// transparency_log says of it.
type Rekor struct {
	UUID           string
	LogIndex       int64
	IntegratedTime int64
	BaseURL        string // the log's
	Entry          []byte // the entry as the Rekor v1 API serves it, read at the batch's close
}

// Issue hashes the call as the proxy does and mints a proof into the open
// batch. The proof is pending until CloseBatch.
func (is *Issuer) Issue(c Call) (*Proof, error) {
	if c.Spec == "" {
		c.Spec = pv.Spec31
	}
	if c.DIDStatus == "" {
		c.DIDStatus = "bound"
	}
	if c.At.IsZero() {
		return nil, errors.New("prooftest: call without a time")
	}
	is.seq++
	idHash := is.derive("proof id", []byte(fmt.Sprint(is.seq)))
	p := &Proof{
		ID:   fmt.Sprintf("prf_%s_%s", c.At.UTC().Format("20060102_150405"), hex.EncodeToString(idHash)[:6]),
		Spec: c.Spec,
		Values: map[string]pyjson.Value{
			pv.FieldRequestHash:           pyjson.StringValue(requestHash(c)),
			pv.FieldResponseHash:          pyjson.StringValue(hashes.ResponseHash(c.Body)),
			pv.FieldAgentIdentity:         pyjson.StringValue(c.DID),
			pv.FieldAgentIdentityVerified: pyjson.BoolValue(!c.Unverified),
			pv.FieldDIDResolutionStatus:   pyjson.StringValue(c.DIDStatus),
			pv.FieldBuyerFingerprint:      pyjson.StringValue(hashes.BuyerFingerprint(c.APIKey)),
			pv.FieldSeller:                pyjson.StringValue(is.cfg.Seller),
			pv.FieldTimestamp:             pyjson.StringValue(c.At.UTC().Format(time.RFC3339)),
			pv.FieldTransactionID:         pyjson.StringValue("free_tier"),
		},
		nonces:      map[string]string{},
		commitments: map[string]string{},
		Batch:       pv.Batch{ID: OpenBatch, Status: pv.BatchOpen},
	}
	switch pv.AlgorithmOf(c.Spec) {
	case pv.Committed:
		for _, f := range pv.CommittedFields(c.Spec) {
			p.nonces[f] = hex.EncodeToString(is.derive("nonce", []byte(p.ID+"/"+f)))
			p.commitments[f] = pv.Commitment(f, p.nonces[f], p.Values[f])
		}
		p.Chain = pv.CommittedChain(p.ID, c.Spec, p.commitments)
	case pv.CanonicalV2, pv.LegacyV1:
		in := hashes.ChainInput{
			RequestHash: p.Values[pv.FieldRequestHash].Str(), ResponseHash: p.Values[pv.FieldResponseHash].Str(),
			TransactionID: "free_tier", Timestamp: p.Values[pv.FieldTimestamp].Str(),
			BuyerFingerprint: p.Values[pv.FieldBuyerFingerprint].Str(), Seller: is.cfg.Seller,
		}
		if pv.AlgorithmOf(c.Spec) == pv.CanonicalV2 {
			p.Chain = hashes.CanonicalChainHash(in)
		} else {
			p.Chain = hashes.LegacyChainHash(in)
		}
	default:
		// An unknown spec version: chain it like 3.1, as a newer issuer might.
		for _, f := range pv.CommittedFields(pv.Spec31) {
			p.nonces[f] = hex.EncodeToString(is.derive("nonce", []byte(p.ID+"/"+f)))
			p.commitments[f] = pv.Commitment(f, p.nonces[f], p.Values[f])
		}
		p.Chain = pv.CommittedChain(p.ID, c.Spec, p.commitments)
	}
	p.signature = ed25519.Sign(is.proofKey, []byte(p.Chain))
	p.publicKey = is.proofKey.Public().(ed25519.PublicKey)
	p.tsa = is.TSAs[0]
	is.open = append(is.open, p)
	return p, nil
}

// Anchoring says how a batch is anchored; the zero value is the honest
// issuer's first TSA, its log and its submission key.
type Anchoring struct {
	TSA       *rfc3161test.TSA
	Log       *rekortest.Log
	Submitter *ecdsa.PrivateKey
}

// CloseBatch closes the open batch as batch id: an RFC 6962 tree over the
// raw chain hashes, its root stamped at genTime and logged in Rekor (the
// root's hex string, signed with the submission key), integrated at genTime.
func (is *Issuer) CloseBatch(id string, genTime time.Time) ([]*Proof, error) {
	return is.CloseBatchWith(id, genTime, Anchoring{})
}

// CloseBatchWith closes the open batch with the given anchoring.
func (is *Issuer) CloseBatchWith(id string, genTime time.Time, a Anchoring) ([]*Proof, error) {
	if len(is.open) == 0 {
		return nil, errors.New("prooftest: no open proof to batch")
	}
	if a.TSA == nil {
		a.TSA = is.TSAs[0]
	}
	if a.Log == nil {
		a.Log = is.Log
	}
	if a.Submitter == nil {
		a.Submitter = is.rekorKey
	}
	leaves := make([][]byte, len(is.open))
	for i, p := range is.open {
		leaves[i], _ = hex.DecodeString(p.Chain)
	}
	root := treeHash(leaves)
	rootHex := hex.EncodeToString(root)
	digest := sha256.Sum256(root)
	token, err := a.TSA.Stamp(digest[:], crypto.SHA256, genTime)
	if err != nil {
		return nil, fmt.Errorf("prooftest: stamping batch %s: %w", id, err)
	}
	index, err := a.Log.AddHashedRekord([]byte(rootHex), a.Submitter, genTime)
	if err != nil {
		return nil, fmt.Errorf("prooftest: logging batch %s: %w", id, err)
	}
	uuid, entry, err := a.Log.APIEntry(index)
	if err != nil {
		return nil, err
	}
	is.entries[uuid] = entry
	batch := is.open
	is.open = nil
	for i, p := range batch {
		p.Batch = pv.Batch{
			ID: id, Status: pv.BatchClosed, TreeSize: uint64(len(leaves)), LeafIndex: uint64(i),
			InclusionPath: inclusionPath(leaves, i), Root: root, RootHex: rootHex,
		}
		p.Token, p.TSAProvider = token, tsaProvider(a.TSA)
		p.Rekor = Rekor{UUID: uuid, LogIndex: index, IntegratedTime: genTime.Unix(), BaseURL: a.Log.BaseURL(), Entry: entry}
	}
	return batch, nil
}

// tsaProvider names a TSA as v1.7 names its providers ("freetsa.org"):
// the host of its URI.
func tsaProvider(t *rfc3161test.TSA) string {
	if u, err := url.Parse(t.URI()); err == nil && u.Host != "" {
		return u.Host
	}
	return t.URI()
}

// RekorEntry returns the Rekor entry of uuid as the Rekor v1 API serves it
// (GET /api/v1/log/entries/{uuid}), read at its batch's close; an error
// that is fs.ErrNotExist for a uuid the issuer never logged. The Issuer is
// thus the cache of Rekor entries package verify reads.
func (is *Issuer) RekorEntry(uuid string) ([]byte, error) {
	e, ok := is.entries[uuid]
	if !ok {
		return nil, fmt.Errorf("prooftest: no Rekor entry %s: %w", uuid, fs.ErrNotExist)
	}
	return bytes.Clone(e), nil
}

// RekorEntries returns every Rekor entry the issuer logged, by uuid, as the
// Rekor v1 API serves them: what anchors/rekor/<uuid>.json holds.
func (is *Issuer) RekorEntries() map[string][]byte {
	out := make(map[string][]byte, len(is.entries))
	for k, v := range is.entries {
		out[k] = bytes.Clone(v)
	}
	return out
}

// OpenBatch is the id of the batch proofs join until it is closed: their
// views say it is open and carry no anchor.
const OpenBatch = "lot-en-cours"

// treeHash is MTH of RFC 6962 §2.1 over leaves.
func treeHash(leaves [][]byte) []byte {
	switch len(leaves) {
	case 0:
		return rfc6962.DefaultHasher.EmptyRoot()
	case 1:
		return rfc6962.DefaultHasher.HashLeaf(leaves[0])
	}
	k := split(len(leaves))
	return rfc6962.DefaultHasher.HashChildren(treeHash(leaves[:k]), treeHash(leaves[k:]))
}

// split is the largest power of two smaller than n (RFC 6962 §2.1).
func split(n int) int {
	k := 1
	for k*2 < n {
		k *= 2
	}
	return k
}

// inclusionPath is PATH(m, D[n]) of RFC 6962 §2.1.1.
func inclusionPath(leaves [][]byte, m int) [][]byte {
	if len(leaves) <= 1 {
		return nil
	}
	k := split(len(leaves))
	if m < k {
		return append(inclusionPath(leaves[:k], m), treeHash(leaves[k:]))
	}
	return append(inclusionPath(leaves[k:], m-k), treeHash(leaves[:k]))
}

// Disclosure is what GET /v1/proof/{id}/full gives the key's owner for a
// submission: the openings of request_hash and response_hash.
func (p *Proof) Disclosure() submission.Disclosure {
	open := func(f string) submission.Opening {
		return submission.Opening{Nonce: p.nonces[f], Value: p.Values[f].Str()}
	}
	if pv.AlgorithmOf(p.Spec) != pv.Committed && pv.AlgorithmOf(p.Spec) != pv.Unknown {
		zero := strings.Repeat("0", 64) // no commitment before 3.0: the nonce opens nothing
		return submission.Disclosure{
			RequestHash:  submission.Opening{Nonce: zero, Value: p.Values[pv.FieldRequestHash].Str()},
			ResponseHash: submission.Opening{Nonce: zero, Value: p.Values[pv.FieldResponseHash].Str()},
		}
	}
	return submission.Disclosure{RequestHash: open(pv.FieldRequestHash), ResponseHash: open(pv.FieldResponseHash)}
}

// View returns the public view as the API serves it (GET /v1/proof/{id}),
// in the real shape package proof documents (v1.7's names and encodings,
// the 3.1 additions beside them), as indented JSON, without the volatile
// fields a read adds (ServedView adds them).
func (p *Proof) View() ([]byte, error) { return marshalIndent(p.view()) }

// ServedView is View with what the Trust Layer adds at each read
// (proof.VolatileFields): views_count, the number of this read, and
// integrity_verified, v1.7's legacy check, false for a proof it cannot
// recompute.
func (p *Proof) ServedView(viewsCount int) ([]byte, error) {
	v := p.view()
	v["views_count"] = viewsCount
	v["integrity_verified"] = pv.AlgorithmOf(p.Spec) == pv.CanonicalV2 || pv.AlgorithmOf(p.Spec) == pv.LegacyV1
	return marshalIndent(v)
}

// CacheFiles returns the files a season's cache holds for p, as proveit
// fetch writes them, by path relative to the season directory:
// proofs/<id>.json, the served view in its cached form (proof.CachedForm),
// and, once its batch is closed, anchors/rekor/<uuid>.json, its batch's
// Rekor entry as the Rekor v1 API serves it.
func (p *Proof) CacheFiles() (map[string][]byte, error) {
	served, err := p.ServedView(1)
	if err != nil {
		return nil, err
	}
	view, err := pv.CachedForm(served)
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{"proofs/" + p.ID + ".json": view}
	if p.Batch.Status == pv.BatchClosed && p.Rekor.UUID != "" {
		files["anchors/rekor/"+p.Rekor.UUID+".json"] = bytes.Clone(p.Rekor.Entry)
	}
	return files, nil
}

// view is the public view, as get_public_proof builds it.
func (p *Proof) view() map[string]any {
	verified := any(nil) // v1.7 writes a verified identity as true, any other as null
	if p.Values[pv.FieldAgentIdentityVerified].Bool() {
		verified = true
	}
	algorithm := "https://github.com/ark-forge/proof-spec/blob/main/SPEC.md#2-chain-hash-algorithm"
	if pv.AlgorithmOf(p.Spec) != pv.CanonicalV2 && pv.AlgorithmOf(p.Spec) != pv.LegacyV1 {
		algorithm = "modelled by proveit (content/modele-de-preuve.md): spec " + p.Spec + " is not public"
	}
	v := map[string]any{
		"proof_id":     p.ID,
		"is_demo":      true,
		"demo_notice":  demoNotice,
		"spec_version": p.Spec,
		"hashes": map[string]any{
			"request":  "sha256:" + p.Values[pv.FieldRequestHash].Str(),
			"response": "sha256:" + p.Values[pv.FieldResponseHash].Str(),
			"chain":    "sha256:" + p.Chain,
		},
		"timestamp":               p.Values[pv.FieldTimestamp].Str(),
		"upstream_timestamp":      nil,
		"verification_algorithm":  algorithm,
		"arkforge_signature":      pv.EncodeEd25519(p.signature),
		"arkforge_pubkey":         pv.EncodeEd25519(p.publicKey),
		"identity_consistent":     true,
		"transaction_success":     true,
		"upstream_status_code":    200,
		"disputed":                nil,
		"dispute_id":              nil,
		"agent_identity":          p.Values[pv.FieldAgentIdentity].Str(),
		"agent_identity_verified": verified,
		"did_resolution_status":   p.Values[pv.FieldDIDResolutionStatus].Str(),
		"seller":                  p.Values[pv.FieldSeller].Str(),
		"provider_payment":        nil,
	}
	if pv.AlgorithmOf(p.Spec) == pv.CanonicalV2 || pv.AlgorithmOf(p.Spec) == pv.LegacyV1 {
		// Chained in clear before 3.0: the view carries them so that a
		// third party can recompute the chain (modelled; v1.7 serves them
		// to the owner only).
		v[pv.FieldBuyerFingerprint] = p.Values[pv.FieldBuyerFingerprint].Str()
		v[pv.FieldTransactionID] = p.Values[pv.FieldTransactionID].Str()
	}
	if len(p.commitments) > 0 {
		v["commitments"] = p.commitments
	}
	if p.Spec == pv.Spec31 || pv.AlgorithmOf(p.Spec) == pv.Unknown {
		d := map[string]any{}
		for _, f := range pv.IdentityFields {
			o := map[string]any{"nonce": p.nonces[f]}
			if f == pv.FieldAgentIdentityVerified {
				o["value"] = p.Values[f].Bool()
			} else {
				o["value"] = p.Values[f].Str()
			}
			d[f] = o
		}
		v["disclosed"] = d
	}
	b := map[string]any{"id": p.Batch.ID, "status": p.Batch.Status}
	ta := map[string]any{"status": pv.TSASubmitted, "provider": tsaProvider(p.tsa), "tsr_url": BaseURL + "/v1/proof/" + p.ID + "/tsr"}
	v["transparency_log"] = nil
	if p.Batch.Status == pv.BatchClosed {
		path := make([]string, len(p.Batch.InclusionPath))
		for i, h := range p.Batch.InclusionPath {
			path[i] = hex.EncodeToString(h)
		}
		b["tree_size"] = p.Batch.TreeSize
		b["leaf_index"] = p.Batch.LeafIndex
		b["inclusion_path"] = path
		b["root"] = p.Batch.RootHex
		ta["status"], ta["provider"], ta["tsr_base64"] = pv.TSAVerified, p.TSAProvider, base64.StdEncoding.EncodeToString(p.Token)
		v["transparency_log"] = map[string]any{
			"provider": "sigstore-rekor", "status": pv.LogVerified, "uuid": p.Rekor.UUID,
			"log_index": p.Rekor.LogIndex, "integrated_time": p.Rekor.IntegratedTime,
			"log_url":    p.Rekor.BaseURL + "/api/v1/log/entries/" + p.Rekor.UUID,
			"verify_url": fmt.Sprintf("https://search.test.invalid/?logIndex=%d", p.Rekor.LogIndex),
		}
	}
	v["batch"] = b
	v["timestamp_authority"] = ta
	return v
}

// marshalIndent writes v as indented JSON with sorted keys (encoding/json
// sorts map keys), HTML characters unescaped, and a final newline.
func marshalIndent(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// TrustMaterial returns trust/trusted_root.json and trust/trust_layer.toml
// pinning this issuer: its three TSAs (and the extra TSAs given), its Rekor
// log and the origin it signs its checkpoints as, its proof key and its
// Rekor submission key, with challengeDID.
func (is *Issuer) TrustMaterial(challengeDID string, extraTSAs ...*rfc3161test.TSA) (trustedRoot, trustLayer []byte, err error) {
	tr := rekortest.TrustedRoot(is.Log.TrustedRootEntry(is.cfg.KeyWindow.NotBefore, is.cfg.KeyWindow.NotAfter))
	for _, t := range append(slices.Clone(is.TSAs), extraTSAs...) {
		tr.TimestampAuthorities = append(tr.TimestampAuthorities, t.TrustedRootEntry())
	}
	raw, err := protojson.Marshal(tr)
	if err != nil {
		return nil, nil, err
	}
	// protojson varies its whitespace between builds: re-encode.
	var generic any
	if err := json.Unmarshal(raw, &generic); err != nil {
		return nil, nil, err
	}
	if trustedRoot, err = marshalIndent(generic); err != nil {
		return nil, nil, err
	}
	der, err := x509.MarshalPKIXPublicKey(&is.rekorKey.PublicKey)
	if err != nil {
		return nil, nil, err
	}
	w := is.cfg.KeyWindow
	trustLayer = []byte(fmt.Sprintf(`# Pinned Trust Layer keys of this season.
# TEST MATERIAL: minted by %s.
challenge_did = %q
# The name the test Rekor log signs its checkpoints as: origin "<this> - <tree id>".
rekor_origin = %q

[[proof_keys]]
id = %q
ed25519_public_key = %q
valid_from = %s
valid_until = %s

[[rekor_keys]]
id = %q
public_key_pem = '''
%s'''
valid_from = %s
valid_until = %s
`, issuerName, challengeDID, is.Log.Hostname(), is.proofKeyID, hex.EncodeToString(is.proofKey.Public().(ed25519.PublicKey)), rfc3339(w.NotBefore), rfc3339(w.NotAfter),
		is.rekorKeyID, pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}), rfc3339(w.NotBefore), rfc3339(w.NotAfter)))
	return trustedRoot, trustLayer, nil
}

func rfc3339(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// requestHash is hashes.request of a call: its RequestData when set, the
// documented request otherwise.
func requestHash(c Call) string {
	if c.RequestData != nil {
		return hashes.Of(*c.RequestData)
	}
	return hashes.RequestHash(c.Target, c.Method, c.Payload)
}
