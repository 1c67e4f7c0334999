// Package prooftest is test support: a test Trust Layer, never linked into
// proveit. Tests use it as they would net/http/httptest, and so do the
// demo-season generator (cmd/seasongen) and fetchtest, the test Trust Layer
// server of proveit fetch's tests.
//
// It mints proofs in the shape ArkForge's Trust Layer serves them, by the
// algorithms ArkForge's Proof Specification v3.1.0 publishes (package
// proof): it hashes a call exactly as the real proxy does (§2.4 of the
// challenge specification), commits every chain field with its own 32-byte
// nonce (proof.Commit), takes the RFC 6962 root of the commitments as the
// chain of a 3.x proof (proof.CommitmentsRoot), or the values or the
// concatenation of an older version (package hashes), signs the chain's hex
// string with Ed25519, gathers 3.x proofs in batches anchored once by their
// root, and anchors an older proof on its own, as the Trust Layer did
// before batches. Each anchoring has an RFC 3161 token of a test TSA of a
// pool of three (the Trust Layer's pool is FreeTSA, DigiCert, Sectigo),
// certless and without nonce as the real requests ask, over the SHA-256 of
// the anchored hash's 32 raw bytes, and a hashedrekord entry of a test
// Rekor log over its hex string. Its views are get_public_proof's (Trust
// Layer 1.12.0: arkforge_kid included), and its key history is written in
// the format of ArkForge's published_keys.json: two Ed25519 keys, one per
// node, and two Rekor keys, proofs and batches alternating between them.
//
// Everything is derived from a seed, so the same calls give the same bytes;
// everything it issues says it is a test issuer, under keys that are not
// ArkForge's.
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
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"google.golang.org/protobuf/encoding/protojson"

	"github.com/ark-forge/proveit/scorer/anchor/rekor/rekortest"
	"github.com/ark-forge/proveit/scorer/anchor/rfc3161/rfc3161test"
	"github.com/ark-forge/proveit/scorer/hashes"
	pv "github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/submission"
)

// issuerName is written into the trust material the issuer publishes and
// into every view it mints: each is a demo proof (is_demo true) whose
// demo_notice says whose.
const issuerName = "PROVE IT test issuer — not ArkForge, not a real Trust Layer"

// demoNotice is the demo_notice of every view the issuer mints.
const demoNotice = issuerName + ": a test proof, minted without a real Trust Layer."

// BaseURL of the test Trust Layer, under the reserved .invalid TLD: what
// the views' tsr_url point at.
const BaseURL = "https://trust-layer.test.invalid"

// VerificationAlgorithm is the verification_algorithm the Trust Layer
// writes in every view.
const VerificationAlgorithm = "https://github.com/ark-forge/proof-spec/blob/main/SPEC.md#2-chain-hash-algorithm"

// Config fixes the issuer's world.
type Config struct {
	Seed []byte
	// KeyWindow is the validity of the TSA certificates and of the Rekor
	// log in the trusted root, and valid_from of the published keys.
	KeyWindow rfc3161test.Validity
	// Seller is the seller of every proof (the corpus host name).
	Seller string
}

// signingKey is one key of the history.
type signingKey struct {
	kid  string
	node string
	ed   ed25519.PrivateKey
	ec   *ecdsa.PrivateKey
}

// Issuer is a test Trust Layer.
type Issuer struct {
	cfg       Config
	keys      []signingKey // Ed25519, one per node
	rekorKeys []signingKey // ECDSA P-256, one per node
	// TSAs is the pool of test TSAs, in the order the Trust Layer tries its
	// real ones (FreeTSA, DigiCert, Sectigo): anchors are stamped by the
	// first unless an Anchoring names another; the trusted root pins all
	// three.
	TSAs    []*rfc3161test.TSA
	Log     *rekortest.Log
	seq     int // proofs issued
	batches int // batches opened
	open    []*Proof
	openID  string
	// entries holds every Rekor entry the issuer logged, as the Rekor API
	// serves it, by uuid.
	entries map[string][]byte
}

// New derives the issuer's keys, TSAs and Rekor log from cfg.Seed.
func New(cfg Config) (*Issuer, error) {
	if len(cfg.Seed) == 0 {
		return nil, errors.New("prooftest: empty seed")
	}
	if cfg.Seller == "" {
		cfg.Seller = "corpus.arkforge.tech"
	}
	is := &Issuer{cfg: cfg, entries: map[string][]byte{}}
	for i := 1; i <= 2; i++ {
		node := fmt.Sprintf("test-node-%d", i)
		is.keys = append(is.keys, signingKey{kid: fmt.Sprintf("test-key-%d", i), node: node, ed: ed25519.NewKeyFromSeed(is.derive("proof key", []byte(node)))})
		ec, err := rekortest.DeriveKey(cfg.Seed, "trust layer rekor submission key "+node)
		if err != nil {
			return nil, err
		}
		is.rekorKeys = append(is.rekorKeys, signingKey{kid: fmt.Sprintf("test-rekor-%d", i), node: node, ec: ec})
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
	var err error
	if is.Log, err = rekortest.New(cfg.Seed, rekortest.DefaultBaseURL, 1); err != nil {
		return nil, err
	}
	return is, nil
}

// TSAPool names the issuer's test TSAs, in pool order: the OU of their
// certificates and the host of their URI (under the reserved .invalid
// TLD). Each says it is a test TSA, and whose place in the real pool it
// takes.
var TSAPool = []string{"test-tsa-1-in-place-of-freetsa", "test-tsa-2-in-place-of-digicert", "test-tsa-3-in-place-of-sectigo"}

// derive returns 32 bytes bound to the seed, a label and data.
func (is *Issuer) derive(label string, data []byte) []byte {
	m := hmac.New(sha256.New, is.cfg.Seed)
	m.Write([]byte("proveit testissuer v2\x00" + label + "\x00"))
	m.Write(data)
	return m.Sum(nil)
}

// Call is one call through the proxy, with the identity its key is bound
// to.
type Call struct {
	Target  string
	Method  string
	Payload pyjson.Value
	Body    []byte // the bytes the corpus served
	// Identity of the caller's key (§3 step 2).
	DID        string
	Unverified bool   // a self-declared identity: agent_identity_verified null, did_resolution_status "unverified"
	DIDStatus  string // did_resolution_status when set
	APIKey     string // the buyer fingerprint is its SHA-256
	At         time.Time
	// Spec is the spec_version of the proof, default "3.1".
	Spec string
	// RequestData, when set, is hashed as request_data instead of the
	// documented request of a challenge key ({target, method, payload,
	// "amount": 0.0, "currency": "eur"}): a billed call, another currency.
	RequestData *pyjson.Value
}

// Batch is where a proof is anchored.
type Batch struct {
	ID        string    // batch_YYYYMMDD_HHMMSS_NNN; "" for a proof anchored on its own
	Status    string    // pv.BatchPending, pv.BatchAnchored; "" for a proof anchored on its own
	TreeSize  uint64    // anchored batches
	LeafIndex uint64    // anchored batches
	AuditPath [][]byte  // anchored batches: RFC 6962 PATH(leaf_index, D[tree_size])
	Root      pv.Digest // anchored batches: the RFC 6962 root of the batch's chains
}

// Proof is one minted proof, with what only its owner sees (the nonces).
type Proof struct {
	ID   string
	Spec string
	// Values holds every chain field, by name.
	Values      map[string]pyjson.Value
	nonces      map[string][pv.NonceSize]byte
	commitments map[string]pv.Digest
	Chain       pv.Digest
	signature   []byte
	key         signingKey // the key that signed it
	Batch       Batch
	// Anchored is set once the proof's anchors exist: its batch closed, or
	// it was anchored on its own.
	Anchored bool
	// The anchors, set when Anchored.
	Token       []byte // the RFC 3161 TimeStampResp, DER
	TSAProvider string // the host of the TSA's URI, as the Trust Layer names a provider
	Rekor       Rekor
}

// Rekor is where an anchor's Rekor entry is: what the view's
// transparency_log says of it.
type Rekor struct {
	UUID           string
	LogIndex       int64
	IntegratedTime int64
	BaseURL        string // the log's
	Entry          []byte // the entry as the Rekor v1 API serves it
}

// committed reports whether spec chains commitments (3.0, 3.1, and any
// version the issuer does not know, chained like 3.1 as a newer Trust Layer
// might).
func committed(spec string) bool {
	a := pv.AlgorithmOf(spec)
	return a == pv.MerkleCommitments || a == pv.UnknownAlgorithm
}

// Issue hashes the call as the proxy does and mints a proof: a 3.x proof
// joins the pending batch, anchored by CloseBatch; an older one is
// anchored on its own by CloseBatch too.
func (is *Issuer) Issue(c Call) (*Proof, error) {
	if c.Spec == "" {
		c.Spec = pv.Spec31
	}
	if c.At.IsZero() {
		return nil, errors.New("prooftest: call without a time")
	}
	is.seq++
	idHash := is.derive("proof id", []byte(fmt.Sprint(is.seq)))
	verified, status := pyjson.BoolValue(true), pyjson.StringValue("bound")
	if c.Unverified {
		// « true or null, never false » (SPEC §2).
		verified, status = pyjson.NullValue(), pyjson.StringValue("unverified")
	}
	if c.DIDStatus != "" {
		status = pyjson.StringValue(c.DIDStatus)
	}
	p := &Proof{
		ID:   fmt.Sprintf("prf_%s_%s", c.At.UTC().Format("20060102_150405"), hex.EncodeToString(idHash)[:6]),
		Spec: c.Spec,
		Values: map[string]pyjson.Value{
			pv.FieldRequestHash:           pyjson.StringValue(requestHash(c)),
			pv.FieldResponseHash:          pyjson.StringValue(hashes.ResponseHash(c.Body)),
			pv.FieldTransactionID:         pyjson.StringValue("free_tier"),
			pv.FieldTimestamp:             pyjson.StringValue(c.At.UTC().Format(time.RFC3339)),
			pv.FieldBuyerFingerprint:      pyjson.StringValue(hashes.BuyerFingerprint(c.APIKey)),
			pv.FieldSeller:                pyjson.StringValue(is.cfg.Seller),
			pv.FieldUpstreamTimestamp:     pyjson.StringValue(c.At.Add(time.Second).UTC().Format(http.TimeFormat)),
			pv.FieldAgentIdentity:         pyjson.StringValue(c.DID),
			pv.FieldAgentIdentityVerified: verified,
			pv.FieldDIDResolutionStatus:   status,
			pv.FieldIdentityConsistent:    pyjson.BoolValue(true),
		},
		nonces:      map[string][pv.NonceSize]byte{},
		commitments: map[string]pv.Digest{},
		key:         is.keys[(is.seq-1)%len(is.keys)],
	}
	if committed(c.Spec) {
		fields := append(append([]string(nil), pv.BaseFields...), pv.FieldUpstreamTimestamp)
		if c.Spec != pv.Spec30 {
			fields = append(fields, pv.IdentityFields...)
		}
		var cs []pv.Commitment
		for _, f := range fields {
			var n [pv.NonceSize]byte
			copy(n[:], is.derive("nonce", []byte(p.ID+"/"+f)))
			p.nonces[f] = n
			p.commitments[f] = pv.Commit(f, n, p.Values[f])
			cs = append(cs, pv.Commitment{Field: f, Digest: p.commitments[f]})
		}
		slices.SortFunc(cs, func(a, b pv.Commitment) int { return strings.Compare(a.Field, b.Field) })
		p.Chain = pv.CommitmentsRoot(cs)
		if is.openID == "" {
			is.batches++
			is.openID = fmt.Sprintf("batch_%s_%03d", c.At.UTC().Format("20060102_150405"), is.batches%1000)
		}
		p.Batch = Batch{ID: is.openID, Status: pv.BatchPending}
	} else {
		upstream := p.Values[pv.FieldUpstreamTimestamp].Str()
		in := hashes.ChainInput{
			RequestHash: p.Values[pv.FieldRequestHash].Str(), ResponseHash: p.Values[pv.FieldResponseHash].Str(),
			TransactionID: "free_tier", Timestamp: p.Values[pv.FieldTimestamp].Str(),
			BuyerFingerprint: p.Values[pv.FieldBuyerFingerprint].Str(), Seller: is.cfg.Seller,
			UpstreamTimestamp: &upstream,
		}
		chain := hashes.LegacyChainHash(in)
		if pv.AlgorithmOf(c.Spec) == pv.CanonicalValues {
			chain = hashes.CanonicalChainHash(in)
		}
		hex.Decode(p.Chain[:], []byte(chain))
	}
	p.signature = ed25519.Sign(p.key.ed, []byte(p.Chain.Hex()))
	is.open = append(is.open, p)
	return p, nil
}

// Anchoring says how anchors are made; the zero value is the honest
// issuer's first TSA, its log and the Rekor key of the batch's node.
type Anchoring struct {
	TSA       *rfc3161test.TSA
	Log       *rekortest.Log
	Submitter *ecdsa.PrivateKey
}

// CloseBatch closes the pending batch at genTime: the 3.x proofs are
// gathered in an RFC 6962 tree over their raw chain hashes, whose root is
// stamped and logged once; each older proof is stamped and logged on its
// own, over its chain.
func (is *Issuer) CloseBatch(genTime time.Time) ([]*Proof, error) {
	return is.CloseBatchWith(genTime, Anchoring{})
}

// CloseBatchWith is CloseBatch with the given anchoring.
func (is *Issuer) CloseBatchWith(genTime time.Time, a Anchoring) ([]*Proof, error) {
	if len(is.open) == 0 {
		return nil, errors.New("prooftest: no pending proof to anchor")
	}
	if a.TSA == nil {
		a.TSA = is.TSAs[0]
	}
	if a.Log == nil {
		a.Log = is.Log
	}
	if a.Submitter == nil {
		a.Submitter = is.rekorKeys[(is.batches+len(is.rekorKeys)-1)%len(is.rekorKeys)].ec
	}
	pending := is.open
	is.open, is.openID = nil, ""
	var batch [][]byte
	var members []*Proof
	for _, p := range pending {
		if !committed(p.Spec) {
			if err := is.anchor(p, p.Chain, genTime, a); err != nil {
				return nil, err
			}
			continue
		}
		batch = append(batch, bytes.Clone(p.Chain[:]))
		members = append(members, p)
	}
	if len(members) == 0 {
		return pending, nil
	}
	root := pv.TreeHash(batch)
	for i, p := range members {
		p.Batch = Batch{ID: p.Batch.ID, Status: pv.BatchAnchored, TreeSize: uint64(len(batch)), LeafIndex: uint64(i), AuditPath: auditPath(batch, i), Root: root}
	}
	if err := is.anchor(members[0], root, genTime, a); err != nil {
		return nil, err
	}
	for _, p := range members[1:] {
		p.Anchored, p.Token, p.TSAProvider, p.Rekor = true, members[0].Token, members[0].TSAProvider, members[0].Rekor
	}
	return pending, nil
}

// anchor stamps and logs hash for p.
func (is *Issuer) anchor(p *Proof, hash pv.Digest, genTime time.Time, a Anchoring) error {
	digest := sha256.Sum256(hash[:])
	token, err := a.TSA.Stamp(digest[:], crypto.SHA256, genTime)
	if err != nil {
		return fmt.Errorf("prooftest: stamping %s: %w", hash.Hex(), err)
	}
	index, err := a.Log.AddHashedRekord([]byte(hash.Hex()), a.Submitter, genTime)
	if err != nil {
		return fmt.Errorf("prooftest: logging %s: %w", hash.Hex(), err)
	}
	uuid, entry, err := a.Log.APIEntry(index)
	if err != nil {
		return err
	}
	is.entries[uuid] = entry
	p.Anchored, p.Token, p.TSAProvider = true, token, tsaProvider(a.TSA)
	p.Rekor = Rekor{UUID: uuid, LogIndex: index, IntegratedTime: genTime.Unix(), BaseURL: a.Log.BaseURL(), Entry: entry}
	return nil
}

// tsaProvider names a TSA as the Trust Layer names its providers
// ("freetsa.org"): the host of its URI.
func tsaProvider(t *rfc3161test.TSA) string {
	if u, err := url.Parse(t.URI()); err == nil && u.Host != "" {
		return u.Host
	}
	return t.URI()
}

// RekorEntry returns the Rekor entry of uuid as the Rekor v1 API serves it
// (GET /api/v1/log/entries/{uuid}); an error that is fs.ErrNotExist for a
// uuid the issuer never logged. The Issuer is thus an Entries of package
// verify.
func (is *Issuer) RekorEntry(uuid string) ([]byte, error) {
	e, ok := is.entries[uuid]
	if !ok {
		return nil, fmt.Errorf("prooftest: no Rekor entry %s: %w", uuid, fs.ErrNotExist)
	}
	return bytes.Clone(e), nil
}

// RekorEntries returns every Rekor entry the issuer logged, by uuid, as
// the Rekor v1 API serves them: what anchors/rekor/<uuid>.json holds.
func (is *Issuer) RekorEntries() map[string][]byte {
	out := make(map[string][]byte, len(is.entries))
	for k, v := range is.entries {
		out[k] = bytes.Clone(v)
	}
	return out
}

// auditPath is PATH(m, D[n]) of RFC 6962 §2.1.1.
func auditPath(leaves [][]byte, m int) [][]byte {
	if len(leaves) <= 1 {
		return nil
	}
	k := 1
	for k*2 < len(leaves) {
		k *= 2
	}
	if m < k {
		r := pv.TreeHash(leaves[k:])
		return append(auditPath(leaves[:k], m), r[:])
	}
	l := pv.TreeHash(leaves[:k])
	return append(auditPath(leaves[k:], m-k), l[:])
}

// Disclosure is what GET /v1/proof/{id}/full gives the key's owner for a
// submission: the openings of request_hash and response_hash. A version
// that commits nothing has no nonce: the disclosure's is zero.
func (p *Proof) Disclosure() submission.Disclosure {
	open := func(f string) submission.Opening {
		n := p.nonces[f]
		return submission.Opening{Nonce: hex.EncodeToString(n[:]), Value: p.Values[f].Str()}
	}
	return submission.Disclosure{RequestHash: open(pv.FieldRequestHash), ResponseHash: open(pv.FieldResponseHash)}
}

// View returns the public view as GET /v1/proof/{id} serves it, as
// indented JSON, without the volatile fields a read adds (ServedView adds
// them).
func (p *Proof) View() ([]byte, error) { return marshalIndent(p.view()) }

// ServedView is View with what the Trust Layer adds at each read
// (proof.VolatileFields): views_count, the number of this read, and
// integrity_verified, its own check over the full proof.
func (p *Proof) ServedView(viewsCount int) ([]byte, error) {
	v := p.view()
	v["views_count"] = viewsCount
	v["integrity_verified"] = true
	return marshalIndent(v)
}

// CacheFiles returns the files a season's cache holds for p, as proveit
// fetch writes them, by path relative to the season directory:
// proofs/<id>.json, the served view in its cached form (proof.CachedForm),
// and, once anchored, anchors/rekor/<uuid>.json, its Rekor entry as the
// Rekor v1 API serves it.
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
	if p.Anchored && p.Rekor.UUID != "" {
		files["anchors/rekor/"+p.Rekor.UUID+".json"] = bytes.Clone(p.Rekor.Entry)
	}
	return files, nil
}

// view is the public view, as get_public_proof builds it.
func (p *Proof) view() map[string]any {
	v := map[string]any{
		"proof_id":     p.ID,
		"is_demo":      true,
		"demo_notice":  demoNotice,
		"spec_version": p.Spec,
		"hashes": map[string]any{
			"request":  pv.DigestPrefix + p.Values[pv.FieldRequestHash].Str(),
			"response": pv.DigestPrefix + p.Values[pv.FieldResponseHash].Str(),
			"chain":    p.Chain.String(),
		},
		"commitments":             nil,
		"batch_anchor":            nil,
		"timestamp_authority":     nil,
		"transparency_log":        nil,
		"timestamp":               p.Values[pv.FieldTimestamp].Str(),
		"upstream_timestamp":      p.Values[pv.FieldUpstreamTimestamp].Str(),
		"verification_algorithm":  VerificationAlgorithm,
		"arkforge_signature":      pv.EncodeEd25519(p.signature),
		"arkforge_pubkey":         pv.EncodeEd25519(p.key.ed.Public().(ed25519.PublicKey)),
		"arkforge_kid":            p.key.kid,
		"identity_consistent":     jsonValue(p.Values[pv.FieldIdentityConsistent]),
		"transaction_success":     true,
		"upstream_status_code":    200,
		"disputed":                nil,
		"dispute_id":              nil,
		"agent_identity":          jsonValue(p.Values[pv.FieldAgentIdentity]),
		"agent_identity_verified": jsonValue(p.Values[pv.FieldAgentIdentityVerified]),
		"did_resolution_status":   jsonValue(p.Values[pv.FieldDIDResolutionStatus]),
		"seller":                  p.Values[pv.FieldSeller].Str(),
		"provider_payment":        nil,
	}
	if len(p.commitments) > 0 {
		c := map[string]any{}
		for f, d := range p.commitments {
			c[f] = d.String()
		}
		v["commitments"] = c
	}
	if p.Spec == pv.Spec31 || pv.AlgorithmOf(p.Spec) == pv.UnknownAlgorithm {
		d := map[string]any{}
		for _, f := range pv.IdentityFields {
			n := p.nonces[f]
			d[f] = map[string]any{"nonce": hex.EncodeToString(n[:]), "value": jsonValue(p.Values[f])}
		}
		v["disclosed"] = d
	}
	switch p.Batch.Status {
	case pv.BatchPending:
		v["batch_anchor"] = map[string]any{"status": pv.BatchPending, "batch_id": p.Batch.ID}
	case pv.BatchAnchored:
		path := make([]string, len(p.Batch.AuditPath))
		for i, h := range p.Batch.AuditPath {
			path[i] = hex.EncodeToString(h)
		}
		v["batch_anchor"] = map[string]any{
			"status": pv.BatchAnchored, "batch_id": p.Batch.ID, "leaf_index": p.Batch.LeafIndex,
			"tree_size": p.Batch.TreeSize, "audit_path": path, "root": p.Batch.Root.String(),
		}
	}
	if p.Anchored {
		ta := map[string]any{"status": "verified", "provider": p.TSAProvider, "tsr_base64": base64.StdEncoding.EncodeToString(p.Token)}
		tl := map[string]any{
			"provider": "sigstore-rekor", "status": "verified", "uuid": p.Rekor.UUID,
			"log_index": p.Rekor.LogIndex, "integrated_time": p.Rekor.IntegratedTime,
			"log_url":    p.Rekor.BaseURL + "/api/v1/log/entries/" + p.Rekor.UUID,
			"verify_url": fmt.Sprintf("https://search.test.invalid/?logIndex=%d", p.Rekor.LogIndex),
		}
		if p.Batch.Status == pv.BatchAnchored {
			ta["anchored"], tl["anchored"] = pv.AnchoredBatchRoot, pv.AnchoredBatchRoot
		} else {
			ta["tsr_url"] = BaseURL + "/v1/proof/" + p.ID + "/tsr"
		}
		v["timestamp_authority"], v["transparency_log"] = ta, tl
	}
	return v
}

// jsonValue is v as encoding/json writes it.
func jsonValue(v pyjson.Value) any {
	var out any
	if err := json.Unmarshal(pyjson.Canonical(v), &out); err != nil {
		panic(err)
	}
	return out
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

// TrustMaterial returns a trust directory's two files for this issuer:
// trusted_root.json, pinning its three TSAs (and the extra TSAs given) and
// its Rekor log, and published_keys.json, its key history in ArkForge's
// format (two Ed25519 keys and two Rekor keys, valid from KeyWindow's
// start, not retired).
func (is *Issuer) TrustMaterial(extraTSAs ...*rfc3161test.TSA) (trustedRoot, publishedKeys []byte, err error) {
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
	if publishedKeys, err = is.PublishedKeys(nil); err != nil {
		return nil, nil, err
	}
	return trustedRoot, publishedKeys, nil
}

// PublishedKeys returns the issuer's key history in the format of
// ArkForge's published_keys.json, with the retirement dates retired gives
// by kid (test-key-1, test-key-2, test-rekor-1, test-rekor-2).
func (is *Issuer) PublishedKeys(retired map[string]time.Time) ([]byte, error) {
	from := rfc3339(is.cfg.KeyWindow.NotBefore)
	retiredAt := func(kid string) any {
		if t, ok := retired[kid]; ok {
			return rfc3339(t)
		}
		return nil
	}
	var keys, rekorKeys []map[string]any
	for _, k := range is.keys {
		keys = append(keys, map[string]any{"kid": k.kid, "type": "Ed25519", "public": pv.EncodeEd25519(k.ed.Public().(ed25519.PublicKey)), "node": k.node, "valid_from": from, "retired_at": retiredAt(k.kid)})
	}
	for _, k := range is.rekorKeys {
		der, err := x509.MarshalPKIXPublicKey(&k.ec.PublicKey)
		if err != nil {
			return nil, err
		}
		rekorKeys = append(rekorKeys, map[string]any{"kid": k.kid, "type": "ECDSA-P256-SHA256", "public_pem": string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der})), "node": k.node, "valid_from": from, "retired_at": retiredAt(k.kid)})
	}
	return marshalIndent(map[string]any{
		"_doc":       "TEST MATERIAL: " + issuerName + ". Key history in the format of ArkForge's published_keys.json: public keys only, a key is valid for proofs dated before retired_at.",
		"keys":       keys,
		"rekor_keys": rekorKeys,
	})
}

// KeyIDs returns the kids of the issuer's Ed25519 keys and of its Rekor
// keys, in the history's order.
func (is *Issuer) KeyIDs() (keys, rekorKeys []string) {
	for _, k := range is.keys {
		keys = append(keys, k.kid)
	}
	for _, k := range is.rekorKeys {
		rekorKeys = append(rekorKeys, k.kid)
	}
	return keys, rekorKeys
}

// KeyID returns the kid of the key that signed p.
func (p *Proof) KeyID() string { return p.key.kid }

func rfc3339(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// requestHash is hashes.request of a call: its RequestData when set, the
// documented request otherwise.
func requestHash(c Call) string {
	if c.RequestData != nil {
		return hashes.Of(*c.RequestData)
	}
	return hashes.RequestHash(c.Target, c.Method, c.Payload)
}
