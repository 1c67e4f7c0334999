package proof

import (
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/ark-forge/proveit/scorer/pyjson"
)

// Spec versions the model recognises.
const (
	Spec31 = "3.1" // identity committed and disclosed: the only one that passes condition 2
	Spec30 = "3.0" // commitments, identity not committed
	Spec21 = "2.1" // proof-spec 2.1: canonical-JSON chain over plain hashes
	Spec12 = "1.2"
	Spec20 = "2.0" // proof-spec 2.0: legacy string-concatenation chain
	Spec11 = "1.1"
)

// Algorithm is how a spec version binds the chain hash.
type Algorithm int

// The chain algorithms.
const (
	Unknown     Algorithm = iota
	Committed             // 3.0, 3.1: chain over nonce commitments (CommittedChain)
	CanonicalV2           // 1.2, 2.1: proof-spec canonical_json chain
	LegacyV1              // 1.1, 2.0: proof-spec string concatenation
)

// AlgorithmOf returns the chain algorithm of a spec version, Unknown for a
// version the model does not know (such a proof is invalid).
func AlgorithmOf(spec string) Algorithm {
	switch spec {
	case Spec31, Spec30:
		return Committed
	case Spec21, Spec12:
		return CanonicalV2
	case Spec20, Spec11:
		return LegacyV1
	}
	return Unknown
}

// BeyondModel reports whether spec is a version above the newest the
// model knows ("3.2", "3.10", "4.0"): « 3.1 ou au-delà » (§4.1) admits it,
// but the model cannot verify it, so it must stop the build rather than be
// scored as an invalid proof. A version the model knows, a lower unknown
// one, or a string that is not MAJOR.MINOR in digits is not beyond it.
func BeyondModel(spec string) bool {
	if AlgorithmOf(spec) != Unknown {
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

// Chain fields: what a chain hash covers. Spec 3.1 commits all nine; 3.0
// all but the identity triplet (CommittedFields).
const (
	FieldRequestHash           = "request_hash"
	FieldResponseHash          = "response_hash"
	FieldAgentIdentity         = "agent_identity"
	FieldAgentIdentityVerified = "agent_identity_verified"
	FieldDIDResolutionStatus   = "did_resolution_status"
	FieldBuyerFingerprint      = "buyer_fingerprint"
	FieldSeller                = "seller"
	FieldTimestamp             = "timestamp"
	FieldTransactionID         = "transaction_id"
)

// IdentityFields is the identity triplet that a 3.1 view discloses.
var IdentityFields = []string{FieldAgentIdentity, FieldAgentIdentityVerified, FieldDIDResolutionStatus}

// CommittedFields returns the fields a spec version commits, sorted.
func CommittedFields(spec string) []string {
	base := []string{FieldBuyerFingerprint, FieldRequestHash, FieldResponseHash, FieldSeller, FieldTimestamp, FieldTransactionID}
	switch spec {
	case Spec31:
		out := append(append([]string(nil), base...), IdentityFields...)
		sort.Strings(out)
		return out
	case Spec30:
		return base
	}
	return nil
}

// Limits on what a view may hold.
const (
	MaxViewBytes     = 1 << 20  // a served view is a few kilobytes
	MaxInclusionPath = 64       // a tree of 2^64 leaves
	MaxTokenBytes    = 64 << 10 // timestamp_authority.tsr_base64, decoded
)

// Batch status values.
const (
	BatchClosed = "closed"
	BatchOpen   = "open"
)

// Opening is a (nonce, value) pair that opens one commitment.
type Opening struct {
	Nonce string       // 64 lowercase hex digits (32 bytes)
	Value pyjson.Value // the committed value
}

// Batch is the lot a proof joined: the view's batch object (a 3.1
// addition). An open batch carries only id and status. Its anchors are the
// view's timestamp_authority and transparency_log, where v1.7 keeps them.
type Batch struct {
	ID            string   // batch.id: 1 to 64 of A-Z a-z 0-9 . _ -
	Status        string   // batch.status: BatchClosed or BatchOpen
	TreeSize      uint64   // batch.tree_size
	LeafIndex     uint64   // batch.leaf_index
	InclusionPath [][]byte // batch.inclusion_path: RFC 6962 audit path, 32-byte hashes (64 hex each), leaf to root
	Root          []byte   // batch.root, decoded: 32 bytes
	RootHex       string   // batch.root: 64 lowercase hex
}

// View is one parsed public view.
type View struct {
	ProofID     string             // proof_id
	SpecVersion string             // spec_version
	Chain       string             // hashes.chain without its "sha256:" prefix: 64 hex
	Commitments map[string]string  // commitments: field → 64 hex; nil before 3.0
	Disclosed   map[string]Opening // disclosed: field → {nonce, value}; required in 3.1
	Signature   []byte             // arkforge_signature, decoded: 64 bytes; nil when the view serves none (null)
	PublicKey   PublicKey          // arkforge_pubkey, as served: reported, never trusted
	Batch       Batch              // batch
	// The batch's anchors, where v1.7 keeps a proof's: the RFC 3161 token
	// travels in the view, the Rekor entry is named by its uuid.
	TimestampAuthority TimestampAuthority // timestamp_authority
	TransparencyLog    TransparencyLog    // transparency_log
	// Flat fields (flatKeys, and hashes.request and hashes.response as
	// request_hash and response_hash, without their "sha256:" prefix):
	// informational (§4.1). Absent ones are missing from the map.
	Flat map[string]pyjson.Value
	// Informational holds, as served, the v1.7 fields the specification
	// gives no role (informationalKeys): never read by a check. Absent
	// ones are missing from the map.
	Informational map[string]pyjson.Value
	// Volatile lists the VolatileFields the view carries: never read.
	Volatile []string
	// Ignored lists the top-level keys the model does not know, sorted.
	Ignored []string
}

var (
	proofIDRE = regexp.MustCompile(`^prf_[0-9]{8}_[0-9]{6}_[0-9a-f]{6}$`)
	batchIDRE = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)
)

// ValidProofID reports whether id is a Trust Layer proof id
// (prf_YYYYMMDD_HHMMSS_xxxxxx), which also makes it safe as a file name.
func ValidProofID(id string) bool { return proofIDRE.MatchString(id) }

// FieldError names the field of a view that is malformed.
type FieldError struct {
	ProofID string // as requested, or as read from the view
	Pointer string // RFC 6901 pointer of the field; "" is the whole document
	Reason  string
}

func (e *FieldError) Error() string {
	return fmt.Sprintf("proof %s: %s: %s", e.ProofID, e.Where(), e.Reason)
}

// Where names the malformed field for a reader: its pointer, or "the
// document" for the empty pointer, which designates the whole document.
func (e *FieldError) Where() string {
	if e.Pointer == "" {
		return "the document"
	}
	return e.Pointer
}

// NotFound is the cached record of a proof the Trust Layer answered 404
// for: it does not exist, which makes every assertion citing it unsupported.
type NotFound struct {
	ProofID string
}

// ParseCached reads a cached proof file: either a view, or the record
// {"not_found": true, "proof_id": ID} of a 404. want is the proof id the
// file is cached under; the document must be for that proof.
func ParseCached(want string, data []byte) (*View, *NotFound, error) {
	if !ValidProofID(want) {
		return nil, nil, fmt.Errorf("%s is not a proof id (prf_YYYYMMDD_HHMMSS_xxxxxx): no view is cached under it", quote(want))
	}
	if len(data) > MaxViewBytes {
		return nil, nil, &FieldError{ProofID: want, Pointer: "", Reason: fmt.Sprintf("%d bytes, exceeds the limit of %d", len(data), MaxViewBytes)}
	}
	doc, err := pyjson.DecodeStrict(data)
	if err != nil {
		return nil, nil, &FieldError{ProofID: want, Pointer: "", Reason: "not strict JSON: " + err.Error()}
	}
	if nf, ok := doc.Lookup("not_found"); ok {
		id, _ := doc.Lookup("proof_id")
		if doc.Len() != 2 || nf.Kind() != pyjson.Bool || !nf.Bool() || id.Kind() != pyjson.String {
			return nil, nil, &FieldError{ProofID: want, Pointer: "", Reason: `a 404 record is exactly {"not_found": true, "proof_id": ID}`}
		}
		if id.Str() != want {
			return nil, nil, &FieldError{ProofID: want, Pointer: "/proof_id", Reason: fmt.Sprintf("404 record for %q, cached as %q", id.Str(), want)}
		}
		return nil, &NotFound{ProofID: want}, nil
	}
	v, err := parseView(want, doc)
	if err != nil {
		return nil, nil, err
	}
	return v, nil, nil
}

// ParseView reads a view that is not tied to a cache file name (a view
// given on the command line).
func ParseView(data []byte) (*View, error) {
	if len(data) > MaxViewBytes {
		return nil, &FieldError{ProofID: "(unknown)", Pointer: "", Reason: fmt.Sprintf("%d bytes, exceeds the limit of %d", len(data), MaxViewBytes)}
	}
	doc, err := pyjson.DecodeStrict(data)
	if err != nil {
		return nil, &FieldError{ProofID: "(unknown)", Pointer: "", Reason: "not strict JSON: " + err.Error()}
	}
	return parseView("", doc)
}

// viewParser walks a view; its errors name the proof.
type viewParser struct {
	id   string // the proof id errors name: as cached, then as read
	want string // the proof id the view is cached as, "" for none
}

func (p *viewParser) fail(ptr, format string, args ...any) error {
	return &FieldError{ProofID: p.id, Pointer: ptr, Reason: fmt.Sprintf(format, args...)}
}

func kindName(v pyjson.Value) string { return v.Kind().String() }

func (p *viewParser) str(obj pyjson.Value, ptr, key string) (string, error) {
	v, ok := obj.Lookup(key)
	if !ok {
		return "", p.fail(ptr+"/"+key, "missing")
	}
	if v.Kind() != pyjson.String {
		return "", p.fail(ptr+"/"+key, "got %s, want a string", kindName(v))
	}
	return v.Str(), nil
}

func (p *viewParser) hex64(obj pyjson.Value, ptr, key string) (string, error) {
	s, err := p.str(obj, ptr, key)
	if err != nil {
		return "", err
	}
	if !isHex64(s) {
		return "", p.fail(ptr+"/"+key, "got %s, want 64 lowercase hex digits", quote(s))
	}
	return s, nil
}

func (p *viewParser) object(obj pyjson.Value, ptr, key string, allowed ...string) (pyjson.Value, error) {
	v, ok := obj.Lookup(key)
	if !ok {
		return v, p.fail(ptr+"/"+key, "missing")
	}
	if v.Kind() != pyjson.Object {
		return v, p.fail(ptr+"/"+key, "got %s, want an object", kindName(v))
	}
	if allowed != nil {
		for _, m := range v.Members() {
			if !contains(allowed, m.Key) {
				return v, p.fail(ptr+"/"+key+"/"+escape(m.Key), "unknown key, want one of %s", strings.Join(allowed, ", "))
			}
		}
	}
	return v, nil
}

func (p *viewParser) uint(obj pyjson.Value, ptr, key string, max uint64) (uint64, error) {
	v, ok := obj.Lookup(key)
	if !ok {
		return 0, p.fail(ptr+"/"+key, "missing")
	}
	if v.Kind() != pyjson.Int {
		return 0, p.fail(ptr+"/"+key, "got %s, want an integer", kindName(v))
	}
	n, err := strconv.ParseUint(v.IntText(), 10, 64)
	if err != nil || n > max {
		return 0, p.fail(ptr+"/"+key, "got %s, want an integer from 0 to %d", v.IntText(), max)
	}
	return n, nil
}

func (p *viewParser) base64(obj pyjson.Value, ptr, key string, max int) ([]byte, error) {
	s, err := p.str(obj, ptr, key)
	if err != nil {
		return nil, err
	}
	if len(s) > base64.StdEncoding.EncodedLen(max) {
		return nil, p.fail(ptr+"/"+key, "%d characters of base64, exceeds the limit of %d bytes", len(s), max)
	}
	b, err := base64.StdEncoding.Strict().DecodeString(s)
	if err != nil {
		return nil, p.fail(ptr+"/"+key, "not standard padded base64: %v", err)
	}
	// The length of the text bounds the bytes to a multiple of 3 at most:
	// up to two bytes over max pass the first test.
	if len(b) > max {
		return nil, p.fail(ptr+"/"+key, "%d bytes, exceeds the limit of %d bytes", len(b), max)
	}
	return b, nil
}

// parseView reads doc as a view, one top-level field per step, in this
// order; the first fault is the error.
func parseView(want string, doc pyjson.Value) (*View, error) {
	p := &viewParser{id: want, want: want}
	if p.id == "" {
		p.id = "(unknown)"
	}
	if doc.Kind() != pyjson.Object {
		return nil, p.fail("", "got %s, want an object", kindName(doc))
	}
	v := &View{Flat: map[string]pyjson.Value{}, Informational: map[string]pyjson.Value{}}
	for _, step := range []func(doc pyjson.Value, v *View) error{
		p.proofID, p.specVersion, p.hashes, p.flat, p.commitments, p.disclosed, p.signature, p.publicKey, p.batch,
		p.timestampAuthority, p.transparencyLog,
	} {
		if err := step(doc, v); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// proofID reads /proof_id: a proof id, and the one the view is cached as
// when there is one. Later faults name it.
func (p *viewParser) proofID(doc pyjson.Value, v *View) error {
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
	p.id, v.ProofID = id, id
	return nil
}

// specVersion reads /spec_version, any string: a version the model does
// not know is the verifier's to refuse (AlgorithmOf).
func (p *viewParser) specVersion(doc pyjson.Value, v *View) error {
	var err error
	v.SpecVersion, err = p.str(doc, "", "spec_version")
	return err
}

// hashes reads /hashes: the chain, and the flat request and response hashes
// (informational, kept in v.Flat as request_hash and response_hash). Each
// is "sha256:" + 64 lowercase hex, as v1.7 writes them (proofs.py,
// generate_proof); the prefix is dropped, as v1.7 drops it to verify.
func (p *viewParser) hashes(doc pyjson.Value, v *View) error {
	hashes, err := p.object(doc, "", "hashes", "chain", "request", "response")
	if err != nil {
		return err
	}
	if v.Chain, err = p.sha256(hashes, "/hashes", "chain"); err != nil {
		return err
	}
	for _, k := range []string{"request", "response"} {
		h, err := p.sha256(hashes, "/hashes", k)
		if err != nil {
			return err
		}
		v.Flat[k+"_hash"] = pyjson.StringValue(h)
	}
	return nil
}

// sha256 reads a hash written "sha256:" + 64 lowercase hex, and returns the
// hex.
func (p *viewParser) sha256(obj pyjson.Value, ptr, key string) (string, error) {
	s, err := p.str(obj, ptr, key)
	if err != nil {
		return "", err
	}
	h, ok := strings.CutPrefix(s, hashPrefix)
	if !ok || !isHex64(h) {
		return "", p.fail(ptr+"/"+key, "got %s, want %q followed by 64 lowercase hex digits", quote(s), hashPrefix)
	}
	return h, nil
}

// hashPrefix prefixes every hash of hashes, as v1.7 writes them.
const hashPrefix = "sha256:"

// commitments reads /commitments of a spec that commits its chain fields:
// exactly the fields of CommittedFields, each a 64-hex commitment. A field
// that only a later spec commits (the identity triplet in a view that
// claims 3.0) says the view is not of the spec it claims. Older specs carry
// none and their key, if present, is not read.
func (p *viewParser) commitments(doc pyjson.Value, v *View) error {
	if AlgorithmOf(v.SpecVersion) != Committed {
		return nil
	}
	fields := CommittedFields(v.SpecVersion)
	if c, ok := doc.Lookup("commitments"); ok && c.Kind() == pyjson.Object {
		for _, m := range c.Members() {
			if !contains(fields, m.Key) && contains(CommittedFields(Spec31), m.Key) {
				return p.fail("/commitments/"+escape(m.Key), "spec_version %s does not commit %s; a view that claims %s and commits it is not a %s view", v.SpecVersion, m.Key, v.SpecVersion, v.SpecVersion)
			}
		}
	}
	c, err := p.object(doc, "", "commitments", fields...)
	if err != nil {
		return err
	}
	v.Commitments = map[string]string{}
	for _, f := range fields {
		if v.Commitments[f], err = p.hex64(c, "/commitments", f); err != nil {
			return err
		}
	}
	return nil
}

// disclosed reads /disclosed, required in 3.1 and read whenever present:
// openings {"nonce", "value"} of identity fields only.
func (p *viewParser) disclosed(doc pyjson.Value, v *View) error {
	d, ok := doc.Lookup("disclosed")
	if !ok && v.SpecVersion != Spec31 {
		return nil
	}
	if !ok {
		return p.fail("/disclosed", "missing")
	}
	if d.Kind() != pyjson.Object {
		return p.fail("/disclosed", "got %s, want an object", kindName(d))
	}
	v.Disclosed = map[string]Opening{}
	for _, m := range d.Members() {
		ptr := "/disclosed/" + escape(m.Key)
		if !contains(IdentityFields, m.Key) {
			return p.fail(ptr, "unknown key, want one of %s", strings.Join(IdentityFields, ", "))
		}
		if m.Value.Kind() != pyjson.Object || m.Value.Len() != 2 {
			return p.fail(ptr, `want exactly {"nonce", "value"}`)
		}
		nonce, err := p.hex64(m.Value, ptr, "nonce")
		if err != nil {
			return err
		}
		val, ok := m.Value.Lookup("value")
		if !ok {
			return p.fail(ptr+"/value", "missing")
		}
		v.Disclosed[m.Key] = Opening{Nonce: nonce, Value: val}
	}
	return nil
}

// batch reads /batch: its id and status; an open batch carries nothing
// more, a closed one its position, inclusion path, root and anchors.
func (p *viewParser) batch(doc pyjson.Value, v *View) error {
	b := &v.Batch
	o, err := p.object(doc, "", "batch", "id", "inclusion_path", "leaf_index", "root", "status", "tree_size")
	if err != nil {
		return err
	}
	if b.ID, err = p.str(o, "/batch", "id"); err != nil {
		return err
	}
	if !batchIDRE.MatchString(b.ID) {
		return p.fail("/batch/id", "got %s, want 1 to 64 of A-Z a-z 0-9 . _ -", quote(b.ID))
	}
	if b.Status, err = p.str(o, "/batch", "status"); err != nil {
		return err
	}
	switch b.Status {
	case BatchOpen:
		if _, ok := o.Lookup("root"); ok {
			return p.fail("/batch/root", "an open batch has no root")
		}
		return nil
	case BatchClosed:
		return p.closedBatch(o, b)
	}
	return p.fail("/batch/status", "got %s, want \"closed\" or \"open\"", quote(b.Status))
}

// closedBatch reads what a closed batch adds: tree_size, leaf_index, the
// inclusion path and the root.
func (p *viewParser) closedBatch(o pyjson.Value, b *Batch) error {
	var err error
	if b.TreeSize, err = p.uint(o, "/batch", "tree_size", 1<<40); err != nil {
		return err
	}
	if b.LeafIndex, err = p.uint(o, "/batch", "leaf_index", 1<<40); err != nil {
		return err
	}
	if b.InclusionPath, err = p.inclusionPath(o); err != nil {
		return err
	}
	if b.RootHex, err = p.hex64(o, "/batch", "root"); err != nil {
		return err
	}
	b.Root, _ = hex.DecodeString(b.RootHex)
	return nil
}

// inclusionPath reads /batch/inclusion_path: at most MaxInclusionPath
// hashes of 64 lowercase hex digits, decoded.
func (p *viewParser) inclusionPath(o pyjson.Value) ([][]byte, error) {
	path, ok := o.Lookup("inclusion_path")
	if !ok {
		return nil, p.fail("/batch/inclusion_path", "missing")
	}
	if path.Kind() != pyjson.Array {
		return nil, p.fail("/batch/inclusion_path", "got %s, want an array", kindName(path))
	}
	if path.Len() > MaxInclusionPath {
		return nil, p.fail("/batch/inclusion_path", "%d hashes, exceeds the limit of %d", path.Len(), MaxInclusionPath)
	}
	var hashes [][]byte
	for i, e := range path.Elems() {
		if e.Kind() != pyjson.String || !isHex64(e.Str()) {
			return nil, p.fail(fmt.Sprintf("/batch/inclusion_path/%d", i), "want 64 lowercase hex digits")
		}
		h, _ := hex.DecodeString(e.Str())
		hashes = append(hashes, h)
	}
	return hashes, nil
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// isHex64 reports whether s is 64 lowercase hex digits (^[0-9a-f]{64}$,
// without a regexp: it runs for every hash of every view).
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

// pointerEscaper writes ~ and / as RFC 6901 does.
var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

// escape writes a key as an RFC 6901 reference token.
func escape(k string) string {
	if !strings.ContainsAny(k, "~/") {
		return k
	}
	return pointerEscaper.Replace(k)
}

// quote writes a value for a message, clipped to 80 bytes, as canonical JSON.
func quote(s string) string {
	q := string(pyjson.Canonical(pyjson.StringValue(s)))
	if len(q) > 80 {
		return q[:80] + "…"
	}
	return q
}
