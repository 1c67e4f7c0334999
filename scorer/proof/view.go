package proof

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/ark-forge/proveit/scorer/pyjson"
)

// Limits on what a view may hold. A served view is a few kilobytes: the
// real 3.1 view of ../shared/realworld has 11 commitments, an audit path of
// 4 hashes and a token of 3.7 kB.
const (
	MaxViewBytes   = 1 << 20  // the whole document
	MaxCommitments = 64       // commitments, and disclosed openings
	MaxAuditPath   = 64       // batch_anchor.audit_path: a tree of 2^64 leaves
	MaxTreeSize    = 1 << 40  // batch_anchor.tree_size and leaf_index
	MaxTokenBytes  = 64 << 10 // timestamp_authority.tsr_base64, decoded
)

// Batch anchor statuses (SPEC §2.2).
const (
	BatchPending  = "pending"
	BatchAnchored = "anchored"
)

// AnchoredBatchRoot is the anchored marker of a batch's anchors
// (timestamp_authority.anchored, transparency_log.anchored).
const AnchoredBatchRoot = "batch_root"

// View is one parsed public view. Every string is as served: its form is
// the verifier's to check (package doc).
type View struct {
	ProofID     string
	SpecVersion string // Unversioned when absent or null
	Hashes      Hashes
	// Commitments are the view's commitments in field-name order; nil when
	// it serves none (absent or null).
	Commitments []ServedCommitment
	// Disclosed are the view's openings, in field-name order; nil when it
	// serves none (absent or null).
	Disclosed   []Opening
	BatchAnchor *BatchAnchor // nil when absent or null
	Signature   string       // arkforge_signature; "" when absent or null
	PublicKey   string       // arkforge_pubkey; "" when absent or null
	KID         string       // arkforge_kid; "" when absent or null
	// The anchors: the RFC 3161 token travels in the view, the Rekor entry
	// is named by its uuid.
	TimestampAuthority TimestampAuthority
	TransparencyLog    TransparencyLog
	// Flat holds the flat fields (flatKeys) the view serves, as served:
	// informational (§4.1 of the challenge specification).
	Flat map[string]pyjson.Value
	// Informational holds, as served, the fields no check reads
	// (informationalKeys), and those read only to recompute a chain before
	// 3.0 (parties, certification_fee, provider_payment).
	Informational map[string]pyjson.Value
	// Volatile lists the VolatileFields the view carries: never read.
	Volatile []string
	// Ignored lists the JSON Pointers of the keys this package does not
	// know, at the top level and in the objects it reads, in document order
	// of each object: never read.
	Ignored []string
}

// Hashes is the view's hashes object, as served.
type Hashes struct {
	Request, Response, Chain string
}

// ServedCommitment is one member of commitments, as served.
type ServedCommitment struct {
	Field string
	Text  string // "sha256:<hex>" when well formed
}

// Commitment is one commitment read as a digest.
type Commitment struct {
	Field  string
	Digest Digest
}

// Opening is a (nonce, value) pair that opens the commitment of Field: one
// member of disclosed, as served.
type Opening struct {
	Field string
	Nonce string // 64 lowercase hex digits when well formed
	Value pyjson.Value
}

// Open returns the commitment the opening makes, Commit(Field, nonce,
// Value), or why it cannot: a nonce that is not 64 lowercase hex digits, a
// field name that is not UTF-8 (a lone surrogate, which Python's
// str.encode("utf-8") refuses).
func (o Opening) Open() (Digest, error) {
	n, err := ParseHex32(o.Nonce)
	if err != nil {
		return Digest{}, fmt.Errorf("nonce %w", err)
	}
	if !utf8.ValidString(o.Field) {
		return Digest{}, fmt.Errorf("field name %s is not UTF-8", quote(o.Field))
	}
	return Commit(o.Field, n, o.Value), nil
}

// BatchAnchor is the view's batch_anchor (SPEC §2.2). The position, path
// and root are read for an anchored batch only.
type BatchAnchor struct {
	Status    string // BatchPending, BatchAnchored, or as served
	BatchID   string // "" when absent
	LeafIndex uint64
	TreeSize  uint64
	AuditPath []string // hex, leaf to root
	Root      string   // "sha256:<hex>" when well formed
}

// TimestampAuthority is the view's timestamp_authority.
type TimestampAuthority struct {
	Present   bool   // false when absent or null
	Status    string // "verified", "failed", … as served: decides nothing
	Provider  string // e.g. "freetsa.org"
	TSRURL    string
	TSRBase64 string // the token, standard base64 of the DER TimeStampResp; "" when absent
	Anchored  string // AnchoredBatchRoot for a batch's token
	Error     string
}

// TransparencyLog is the view's transparency_log (SPEC §7.1).
type TransparencyLog struct {
	Present        bool // false when absent or null
	Provider       string
	Status         string // "verified", "failed", "disabled", … as served: decides nothing
	UUID           string // "" when absent
	LogIndex       *int64 // nil when absent or null
	IntegratedTime *int64 // Unix seconds; nil when absent or null
	LogURL         string
	VerifyURL      string
	Anchored       string
	Error, Reason  string
}

// The keys of a view, by what is done with them.
var (
	// flatKeys are the flat fields, informational: a verifier takes the
	// identity from disclosed and the hashes from their openings.
	flatKeys = []string{FieldAgentIdentity, FieldAgentIdentityVerified, FieldDIDResolutionStatus, FieldIdentityConsistent, FieldSeller, FieldTimestamp, FieldUpstreamTimestamp}
	// informationalKeys are kept as served and read by no check, except
	// parties, certification_fee and provider_payment, which hold inputs of
	// a chain before 3.0 (ChainValues).
	informationalKeys = []string{"certification_fee", "demo_notice", "dispute_id", "disputed", "is_demo", "parties", "provider_payment", "transaction_success", "upstream_status_code", "verification_algorithm"}
	// structuredKeys are read by the parser's steps.
	structuredKeys = []string{"arkforge_kid", "arkforge_pubkey", "arkforge_signature", "batch_anchor", "commitments", "disclosed", "hashes", "proof_id", "spec_version", "timestamp_authority", "transparency_log"}
)

// VolatileFields are the fields of a served view that change from one read
// to the next: views_count, counted at every read, and integrity_verified,
// computed at read time. They are never read and not cached (CachedForm).
var VolatileFields = []string{"integrity_verified", "views_count"}

var (
	proofIDRE = regexp.MustCompile(`^prf_[0-9]{8}_[0-9]{6}_[0-9a-f]{6}$`)
	batchIDRE = regexp.MustCompile(`^[A-Za-z0-9._-]{1,128}$`)
)

// ValidProofID reports whether id is a Trust Layer proof id
// (prf_YYYYMMDD_HHMMSS_xxxxxx), which also makes it safe as a file name.
func ValidProofID(id string) bool { return proofIDRE.MatchString(id) }

// FieldError names the field of a view that is malformed.
type FieldError struct {
	ProofID string // as cached, or as read from the view; "(unknown)" before
	Pointer string // RFC 6901 pointer of the field; "" is the whole document
	Reason  string
}

func (e *FieldError) Error() string {
	return fmt.Sprintf("proof %s: %s: %s", e.ProofID, e.Where(), e.Reason)
}

// Where names the malformed field: its pointer, or "the document".
func (e *FieldError) Where() string {
	if e.Pointer == "" {
		return "the document"
	}
	return e.Pointer
}

// NotFound is the cached record of a proof the Trust Layer answered 404
// for: it does not exist.
type NotFound struct {
	ProofID string
}

// ParseCached reads a cached proof file: a view, or the record
// {"not_found": true, "proof_id": ID} of a 404. want is the proof id the
// file is cached under; the document must be for that proof.
func ParseCached(want string, data []byte) (*View, *NotFound, error) {
	if !ValidProofID(want) {
		return nil, nil, fmt.Errorf("%s is not a proof id (prf_YYYYMMDD_HHMMSS_xxxxxx): no view is cached under it", quote(want))
	}
	doc, err := decode(want, data)
	if err != nil {
		return nil, nil, err
	}
	if nf, ok := doc.Lookup("not_found"); ok {
		id, _ := doc.Lookup("proof_id")
		if doc.Len() != 2 || nf.Kind() != pyjson.Bool || !nf.Bool() || id.Kind() != pyjson.String {
			return nil, nil, &FieldError{ProofID: want, Reason: `a 404 record is exactly {"not_found": true, "proof_id": ID}`}
		}
		if id.Str() != want {
			return nil, nil, &FieldError{ProofID: want, Pointer: "/proof_id", Reason: fmt.Sprintf("404 record for %s, cached as %s", quote(id.Str()), want)}
		}
		return nil, &NotFound{ProofID: want}, nil
	}
	v, err := parseView(want, doc)
	return v, nil, err
}

// ParseView reads a view that no cache file names (a file given on the
// command line).
func ParseView(data []byte) (*View, error) {
	doc, err := decode("", data)
	if err != nil {
		return nil, err
	}
	return parseView("", doc)
}

func decode(want string, data []byte) (pyjson.Value, error) {
	id := want
	if id == "" {
		id = "(unknown)"
	}
	if len(data) > MaxViewBytes {
		return pyjson.Value{}, &FieldError{ProofID: id, Reason: fmt.Sprintf("%d bytes, exceeds the limit of %d", len(data), MaxViewBytes)}
	}
	doc, err := pyjson.DecodeStrict(data)
	if err != nil {
		return pyjson.Value{}, &FieldError{ProofID: id, Reason: "not strict JSON: " + err.Error()}
	}
	return doc, nil
}

// parser walks a view; its errors name the proof.
type parser struct {
	id   string // the proof id errors name: as cached, then as read
	want string // the proof id the view is cached as, "" for none
	view *View
}

func (p *parser) fail(ptr, format string, args ...any) error {
	return &FieldError{ProofID: p.id, Pointer: ptr, Reason: fmt.Sprintf(format, args...)}
}

// parseView reads doc, one step per structured key, in this order; the
// first fault is the error.
func parseView(want string, doc pyjson.Value) (*View, error) {
	p := &parser{id: want, want: want, view: &View{Flat: map[string]pyjson.Value{}, Informational: map[string]pyjson.Value{}}}
	if p.id == "" {
		p.id = "(unknown)"
	}
	if doc.Kind() != pyjson.Object {
		return nil, p.fail("", "got %s, want an object", kindName(doc))
	}
	for _, step := range []func(pyjson.Value) error{
		p.proofID, p.specVersion, p.sortKeys, p.hashes, p.commitments, p.disclosed,
		p.batchAnchor, p.signature, p.timestampAuthority, p.transparencyLog,
	} {
		if err := step(doc); err != nil {
			return nil, err
		}
	}
	return p.view, nil
}

func kindName(v pyjson.Value) string { return v.Kind().String() }

// member returns the member key of obj, and whether it is served: absent
// and null are not.
func member(obj pyjson.Value, key string) (pyjson.Value, bool) {
	v, ok := obj.Lookup(key)
	return v, ok && v.Kind() != pyjson.Null
}

// str reads a required string member.
func (p *parser) str(obj pyjson.Value, ptr, key string) (string, error) {
	v, ok := obj.Lookup(key)
	if !ok {
		return "", p.fail(ptr+"/"+key, "missing")
	}
	if v.Kind() != pyjson.String {
		return "", p.fail(ptr+"/"+key, "got %s, want a string", kindName(v))
	}
	return v.Str(), nil
}

// optStr reads an optional string member: "" when absent or null.
func (p *parser) optStr(obj pyjson.Value, ptr, key string) (string, error) {
	v, ok := member(obj, key)
	if !ok {
		return "", nil
	}
	if v.Kind() != pyjson.String {
		return "", p.fail(ptr+"/"+key, "got %s, want a string or null", kindName(v))
	}
	return v.Str(), nil
}

// optInt reads an optional integer member from 0 to max: nil when absent
// or null.
func (p *parser) optInt(obj pyjson.Value, ptr, key string, max uint64) (*int64, error) {
	v, ok := member(obj, key)
	if !ok {
		return nil, nil
	}
	n, err := p.uint(v, ptr+"/"+key, max)
	if err != nil {
		return nil, err
	}
	i := int64(n)
	return &i, nil
}

// uint reads an integer from 0 to max.
func (p *parser) uint(v pyjson.Value, ptr string, max uint64) (uint64, error) {
	if v.Kind() != pyjson.Int {
		return 0, p.fail(ptr, "got %s, want an integer", kindName(v))
	}
	n, err := strconv.ParseUint(v.IntText(), 10, 64)
	if err != nil || n > max {
		return 0, p.fail(ptr, "got %s, want an integer from 0 to %d", v.IntText(), max)
	}
	return n, nil
}

// object reads an optional object member: ok false when absent or null.
// Members whose keys are not in known are listed in View.Ignored.
func (p *parser) object(obj pyjson.Value, ptr, key string, known ...string) (pyjson.Value, bool, error) {
	v, ok := member(obj, key)
	if !ok {
		return v, false, nil
	}
	if v.Kind() != pyjson.Object {
		return v, false, p.fail(ptr+"/"+key, "got %s, want an object or null", kindName(v))
	}
	for _, m := range v.Members() {
		if !slices.Contains(known, m.Key) {
			p.view.Ignored = append(p.view.Ignored, ptr+"/"+key+"/"+escape(m.Key))
		}
	}
	return v, true, nil
}

// proofID reads /proof_id: a proof id, and the one the view is cached as
// when there is one. Later faults name it.
func (p *parser) proofID(doc pyjson.Value) error {
	id, err := p.str(doc, "", "proof_id")
	if err != nil {
		return err
	}
	if !ValidProofID(id) {
		return p.fail("/proof_id", "got %s, want a proof id (prf_YYYYMMDD_HHMMSS_xxxxxx)", quote(id))
	}
	if p.want != "" && id != p.want {
		return p.fail("/proof_id", "view of %s, cached as %s", id, p.want)
	}
	p.id, p.view.ProofID = id, id
	return nil
}

// specVersion reads /spec_version: a string, or absent or null for an
// unversioned proof. The empty string is not a version; any other is the
// verifier's to judge.
func (p *parser) specVersion(doc pyjson.Value) error {
	s, err := p.optStr(doc, "", "spec_version")
	if err != nil {
		return err
	}
	if v, ok := doc.Lookup("spec_version"); ok && v.Kind() == pyjson.String && s == "" {
		return p.fail("/spec_version", `got "", want a version such as "3.1" (an unversioned proof has no spec_version, or null)`)
	}
	p.view.SpecVersion = s
	return nil
}

// hashes reads /hashes {request, response, chain}, three strings.
func (p *parser) hashes(doc pyjson.Value) error {
	h, ok, err := p.object(doc, "", "hashes", "chain", "request", "response")
	if err != nil {
		return err
	}
	if !ok {
		return p.fail("/hashes", "missing")
	}
	for _, f := range []struct {
		key string
		dst *string
	}{{"chain", &p.view.Hashes.Chain}, {"request", &p.view.Hashes.Request}, {"response", &p.view.Hashes.Response}} {
		if *f.dst, err = p.str(h, "/hashes", f.key); err != nil {
			return err
		}
	}
	return nil
}

// sortKeys sorts the top-level keys by what is done with them; it never
// fails.
func (p *parser) sortKeys(doc pyjson.Value) error {
	v := p.view
	for _, m := range doc.Members() {
		switch {
		case slices.Contains(flatKeys, m.Key):
			v.Flat[m.Key] = m.Value
		case slices.Contains(informationalKeys, m.Key):
			v.Informational[m.Key] = m.Value
		case slices.Contains(VolatileFields, m.Key):
			v.Volatile = append(v.Volatile, m.Key)
		case !slices.Contains(structuredKeys, m.Key):
			v.Ignored = append(v.Ignored, "/"+escape(m.Key))
		}
	}
	return nil
}

// commitments reads /commitments: absent, null, or an object of at most
// MaxCommitments strings. Every member is kept, known field or not: each
// is a leaf of the chain.
func (p *parser) commitments(doc pyjson.Value) error {
	c, ok := member(doc, "commitments")
	if !ok {
		return nil
	}
	if c.Kind() != pyjson.Object {
		return p.fail("/commitments", "got %s, want an object or null", kindName(c))
	}
	if c.Len() > MaxCommitments {
		return p.fail("/commitments", "%d commitments, exceeds the limit of %d", c.Len(), MaxCommitments)
	}
	p.view.Commitments = make([]ServedCommitment, 0, c.Len())
	for _, m := range c.Members() {
		if m.Value.Kind() != pyjson.String {
			return p.fail("/commitments/"+escape(m.Key), "got %s, want a string", kindName(m.Value))
		}
		p.view.Commitments = append(p.view.Commitments, ServedCommitment{Field: m.Key, Text: m.Value.Str()})
	}
	return nil
}

// disclosed reads /disclosed: absent, null, or an object of at most
// MaxCommitments openings, each exactly {"nonce": string, "value": any}.
func (p *parser) disclosed(doc pyjson.Value) error {
	d, ok := member(doc, "disclosed")
	if !ok {
		return nil
	}
	if d.Kind() != pyjson.Object {
		return p.fail("/disclosed", "got %s, want an object or null", kindName(d))
	}
	if d.Len() > MaxCommitments {
		return p.fail("/disclosed", "%d openings, exceeds the limit of %d", d.Len(), MaxCommitments)
	}
	p.view.Disclosed = make([]Opening, 0, d.Len())
	for _, m := range d.Members() {
		ptr := "/disclosed/" + escape(m.Key)
		if m.Value.Kind() != pyjson.Object {
			return p.fail(ptr, `got %s, want {"nonce", "value"}`, kindName(m.Value))
		}
		for _, k := range m.Value.Members() {
			if k.Key != "nonce" && k.Key != "value" {
				return p.fail(ptr+"/"+escape(k.Key), `unknown key: an opening is exactly {"nonce", "value"}`)
			}
		}
		nonce, err := p.str(m.Value, ptr, "nonce")
		if err != nil {
			return err
		}
		value, ok := m.Value.Lookup("value")
		if !ok {
			return p.fail(ptr+"/value", "missing")
		}
		p.view.Disclosed = append(p.view.Disclosed, Opening{Field: m.Key, Nonce: nonce, Value: value})
	}
	return nil
}

// batchAnchor reads /batch_anchor: absent, null, or {status, batch_id}
// and, when the status is "anchored", leaf_index, tree_size, audit_path
// and root.
func (p *parser) batchAnchor(doc pyjson.Value) error {
	const ptr = "/batch_anchor"
	o, ok, err := p.object(doc, "", "batch_anchor", "audit_path", "batch_id", "leaf_index", "root", "status", "tree_size")
	if err != nil || !ok {
		return err
	}
	b := &BatchAnchor{}
	if b.Status, err = p.str(o, ptr, "status"); err != nil {
		return err
	}
	if b.BatchID, err = p.optStr(o, ptr, "batch_id"); err != nil {
		return err
	}
	if b.BatchID != "" && !batchIDRE.MatchString(b.BatchID) {
		return p.fail(ptr+"/batch_id", "got %s, want 1 to 128 of A-Z a-z 0-9 . _ -", quote(b.BatchID))
	}
	p.view.BatchAnchor = b
	if b.Status != BatchAnchored {
		return nil
	}
	for _, f := range []struct {
		key string
		dst *uint64
	}{{"leaf_index", &b.LeafIndex}, {"tree_size", &b.TreeSize}} {
		v, ok := o.Lookup(f.key)
		if !ok {
			return p.fail(ptr+"/"+f.key, "missing")
		}
		if *f.dst, err = p.uint(v, ptr+"/"+f.key, MaxTreeSize); err != nil {
			return err
		}
	}
	path, ok := o.Lookup("audit_path")
	switch {
	case !ok:
		return p.fail(ptr+"/audit_path", "missing")
	case path.Kind() != pyjson.Array:
		return p.fail(ptr+"/audit_path", "got %s, want an array", kindName(path))
	case path.Len() > MaxAuditPath:
		return p.fail(ptr+"/audit_path", "%d hashes, exceeds the limit of %d", path.Len(), MaxAuditPath)
	}
	b.AuditPath = make([]string, 0, path.Len())
	for i, e := range path.Elems() {
		if e.Kind() != pyjson.String {
			return p.fail(fmt.Sprintf("%s/audit_path/%d", ptr, i), "got %s, want a string", kindName(e))
		}
		b.AuditPath = append(b.AuditPath, e.Str())
	}
	b.Root, err = p.str(o, ptr, "root")
	return err
}

// signature reads /arkforge_signature, /arkforge_pubkey and /arkforge_kid:
// each a string, absent or null.
func (p *parser) signature(doc pyjson.Value) error {
	var err error
	v := p.view
	if v.Signature, err = p.optStr(doc, "", "arkforge_signature"); err != nil {
		return err
	}
	if v.PublicKey, err = p.optStr(doc, "", "arkforge_pubkey"); err != nil {
		return err
	}
	v.KID, err = p.optStr(doc, "", "arkforge_kid")
	return err
}

// timestampAuthority reads /timestamp_authority: absent, null, or an object
// of optional strings; tsr_base64 within MaxTokenBytes.
func (p *parser) timestampAuthority(doc pyjson.Value) error {
	const ptr = "/timestamp_authority"
	o, ok, err := p.object(doc, "", "timestamp_authority", "anchored", "error", "provider", "status", "tsr_base64", "tsr_url")
	if err != nil || !ok {
		return err
	}
	ta := &p.view.TimestampAuthority
	ta.Present = true
	for _, f := range []struct {
		key string
		dst *string
	}{{"status", &ta.Status}, {"provider", &ta.Provider}, {"tsr_url", &ta.TSRURL}, {"tsr_base64", &ta.TSRBase64}, {"anchored", &ta.Anchored}, {"error", &ta.Error}} {
		if *f.dst, err = p.optStr(o, ptr, f.key); err != nil {
			return err
		}
	}
	if max := (MaxTokenBytes + 2) / 3 * 4; len(ta.TSRBase64) > max {
		return p.fail(ptr+"/tsr_base64", "%d characters of base64, exceeds the limit of %d bytes", len(ta.TSRBase64), MaxTokenBytes)
	}
	return nil
}

// transparencyLog reads /transparency_log: absent, null, or an object of
// optional strings and integers.
func (p *parser) transparencyLog(doc pyjson.Value) error {
	const ptr = "/transparency_log"
	o, ok, err := p.object(doc, "", "transparency_log", "anchored", "error", "integrated_time", "log_index", "log_url", "provider", "reason", "status", "uuid", "verify_url")
	if err != nil || !ok {
		return err
	}
	tl := &p.view.TransparencyLog
	tl.Present = true
	for _, f := range []struct {
		key string
		dst *string
	}{{"provider", &tl.Provider}, {"status", &tl.Status}, {"uuid", &tl.UUID}, {"log_url", &tl.LogURL}, {"verify_url", &tl.VerifyURL}, {"anchored", &tl.Anchored}, {"error", &tl.Error}, {"reason", &tl.Reason}} {
		if *f.dst, err = p.optStr(o, ptr, f.key); err != nil {
			return err
		}
	}
	if tl.LogIndex, err = p.optInt(o, ptr, "log_index", 1<<63-1); err != nil {
		return err
	}
	tl.IntegratedTime, err = p.optInt(o, ptr, "integrated_time", 1<<63-1)
	return err
}

// Commitment returns the served commitment of field, if any.
func (v *View) Commitment(field string) (string, bool) {
	for _, c := range v.Commitments {
		if c.Field == field {
			return c.Text, true
		}
	}
	return "", false
}

// CommitmentDigests reads every commitment as a digest, in field order;
// the first that is not "sha256:" + 64 lowercase hex is the error.
func (v *View) CommitmentDigests() ([]Commitment, error) {
	out := make([]Commitment, 0, len(v.Commitments))
	for _, c := range v.Commitments {
		d, err := ParseDigest(c.Text)
		if err != nil {
			return nil, fmt.Errorf("commitments.%s: %w", c.Field, err)
		}
		out = append(out, Commitment{Field: c.Field, Digest: d})
	}
	return out, nil
}

// Opening returns the disclosed opening of field, if any.
func (v *View) Opening(field string) (Opening, bool) {
	for _, o := range v.Disclosed {
		if o.Field == field {
			return o, true
		}
	}
	return Opening{}, false
}

// pointerEscaper writes ~ and / as RFC 6901 does.
var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

// escape writes a key as an RFC 6901 reference token.
func escape(k string) string { return pointerEscaper.Replace(k) }

// quote writes a value for a message, clipped to 80 bytes, as canonical
// JSON.
func quote(s string) string {
	q := string(pyjson.Canonical(pyjson.StringValue(s)))
	if len(q) > 80 {
		return q[:80] + "…"
	}
	return q
}
