// Package trust loads the trust material a proof is verified against: a
// season's trust/ directory (seasons/TRUST.md says how maintainers assemble
// it), or any directory given to proveit verify --trust. It holds two
// files, in the formats their publishers use, and nothing else:
//
//   - trusted_root.json, a sigstore TrustedRoot (protobuf-specs
//     dev.sigstore.trustroot.v1.TrustedRoot, read by sigstore-go): the
//     Rekor log keys and the RFC 3161 TSA certificate chains;
//   - published_keys.json, ArkForge's published key history byte for byte
//     (ark-forge/trust-layer, trust_layer/published_keys.json; served in
//     GET /v1/pubkey's keys and rekor_keys since Trust Layer 1.12.0): the
//     Ed25519 keys that sign proofs and the ECDSA P-256 keys that sign the
//     Trust Layer's Rekor entries, each with its kid, valid_from and
//     retired_at. Several may be valid at once (one per node).
//
// A key is valid for what is dated before its retired_at, never after (the
// history's own rule: « A key is valid for proofs dated before
// retired_at »); valid_from is the date the key entered the history, read
// and reported, and decides nothing, as in the Trust Layer's own verifier.
// A proof is verified against this material only, never against a key the
// view embeds alone.
package trust

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/sha256"
	"crypto/x509"
	"encoding/binary"
	"encoding/pem"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/sigstore/sigstore-go/pkg/root"

	"github.com/ark-forge/proveit/scorer/inputfile"
	"github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/pyjson"
)

// File names inside a trust directory.
const (
	TrustedRootFile   = "trusted_root.json"
	PublishedKeysFile = "published_keys.json"
)

// Bounds on what Load reads.
const (
	MaxTrustedRootBytes   = 4 << 20
	MaxPublishedKeysBytes = 1 << 20
	MaxKeys               = 256 // keys, and rekor_keys
)

// Key types as the history names them.
const (
	TypeEd25519 = "Ed25519"
	TypeRekor   = "ECDSA-P256-SHA256"
)

// Window is a validity window, both bounds included.
type Window struct {
	From, Until time.Time
}

// Contains reports whether t lies in the window, bounds included.
func (w Window) Contains(t time.Time) bool { return !t.Before(w.From) && !t.After(w.Until) }

func (w Window) String() string {
	return w.From.UTC().Format(time.RFC3339) + " .. " + w.Until.UTC().Format(time.RFC3339)
}

// Key is one entry of the history's keys: an Ed25519 key with which the
// Trust Layer signs proof chains.
type Key struct {
	KID       string
	Public    ed25519.PublicKey
	Encoded   string // public, as the history writes it: "ed25519:" + base64url
	Node      string // informational
	ValidFrom time.Time
	RetiredAt time.Time // zero while the key is not retired
}

// RekorKey is one entry of the history's rekor_keys: an ECDSA P-256 key
// with which the Trust Layer signs its hashedrekord entries.
type RekorKey struct {
	KID       string
	Key       *ecdsa.PublicKey
	Node      string
	ValidFrom time.Time
	RetiredAt time.Time // zero while the key is not retired
}

// ValidAt reports whether the key is valid for what is dated t: it was not
// retired at or before t.
func (k Key) ValidAt(t time.Time) bool { return validAt(k.RetiredAt, t) }

// ValidAt reports whether the key is valid for what is dated t.
func (k RekorKey) ValidAt(t time.Time) bool { return validAt(k.RetiredAt, t) }

func validAt(retired, t time.Time) bool { return retired.IsZero() || t.Before(retired) }

// Retirement says when a key was retired, for a reader.
func Retirement(retired time.Time) string {
	if retired.IsZero() {
		return "not retired"
	}
	return "retired at " + retired.UTC().Format(time.RFC3339)
}

// Material is a trust directory, loaded.
type Material struct {
	Root      *root.TrustedRoot
	RootJSON  []byte     // trusted_root.json as read
	KeysJSON  []byte     // published_keys.json as read
	Keys      []Key      // in the history's order
	RekorKeys []RekorKey // in the history's order
}

// KeyByID returns the proof key the history lists under kid.
func (m *Material) KeyByID(kid string) (Key, bool) {
	for _, k := range m.Keys {
		if k.KID == kid {
			return k, true
		}
	}
	return Key{}, false
}

// KeyByPublic returns the proof key the history lists with public key pub.
func (m *Material) KeyByPublic(pub ed25519.PublicKey) (Key, bool) {
	for _, k := range m.Keys {
		if k.Public.Equal(pub) {
			return k, true
		}
	}
	return Key{}, false
}

// RekorKeysAt returns the Rekor keys valid for what is dated t.
func (m *Material) RekorKeysAt(t time.Time) []RekorKey {
	var out []RekorKey
	for _, k := range m.RekorKeys {
		if k.ValidAt(t) {
			out = append(out, k)
		}
	}
	return out
}

// Digest returns SHA-256 over both files as read, each length-prefixed:
// two Materials with the same Digest verify every proof alike, which makes
// it a key of the verification cache (package vcache).
func (m *Material) Digest() [32]byte {
	h := sha256.New()
	for _, b := range [][]byte{[]byte("proveit trust material v2"), m.RootJSON, m.KeysJSON} {
		var n [8]byte
		binary.BigEndian.PutUint64(n[:], uint64(len(b)))
		h.Write(n[:])
		h.Write(b)
	}
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// Error names the file and the field of a trust file that cannot be
// loaded.
type Error struct {
	File  string // path as given to Load, joined with the file name
	Field string // JSON Pointer of the field, "" for the whole file
	Err   error
}

func (e *Error) Error() string {
	if e.Field == "" {
		return fmt.Sprintf("%s: %v", e.File, e.Err)
	}
	return fmt.Sprintf("%s: %s: %v", e.File, e.Field, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// Load reads dir/trusted_root.json and dir/published_keys.json.
func Load(dir string) (*Material, error) {
	rootPath := filepath.Join(dir, TrustedRootFile)
	rootJSON, err := inputfile.Read(rootPath, MaxTrustedRootBytes)
	if err != nil {
		return nil, &Error{File: rootPath, Err: err}
	}
	m, err := ParseTrustedRoot(rootJSON)
	if err != nil {
		return nil, &Error{File: rootPath, Err: err}
	}
	keysPath := filepath.Join(dir, PublishedKeysFile)
	keysJSON, err := inputfile.Read(keysPath, MaxPublishedKeysBytes)
	if err != nil {
		return nil, &Error{File: keysPath, Err: err}
	}
	if err := m.parsePublishedKeys(keysJSON); err != nil {
		if e := (*Error)(nil); errors.As(err, &e) {
			e.File = keysPath
		}
		return nil, err
	}
	return m, nil
}

// ParseTrustedRoot reads a sigstore TrustedRoot that pins at least one
// Rekor log and one timestamping authority.
func ParseTrustedRoot(data []byte) (*Material, error) {
	tr, err := root.NewTrustedRootFromJSON(data)
	if err != nil {
		return nil, fmt.Errorf("not a sigstore TrustedRoot: %w", err)
	}
	if len(tr.RekorLogs()) == 0 {
		return nil, errors.New("pins no Rekor log (tlogs is empty)")
	}
	if len(tr.TimestampingAuthorities()) == 0 {
		return nil, errors.New("pins no timestamping authority (timestampAuthorities is empty)")
	}
	return &Material{Root: tr, RootJSON: data}, nil
}

var kidRE = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

// parsePublishedKeys reads the key history into m: strict JSON (no
// duplicate key), {_doc?, keys: [...], rekor_keys: [...]}, each entry
// {kid, type, public | public_pem, node, valid_from, retired_at} with node
// and retired_at optional (absent or null: no node named, not retired),
// kids unique in each list, at least one key in each. A key the history
// names twice, a retirement not after valid_from, a key of another type or
// curve, is an error naming the field.
func (m *Material) parsePublishedKeys(data []byte) error {
	fail := func(ptr, format string, args ...any) error {
		return &Error{File: PublishedKeysFile, Field: ptr, Err: fmt.Errorf(format, args...)}
	}
	doc, err := pyjson.DecodeStrict(data)
	if err != nil {
		return fail("", "not strict JSON: %v", err)
	}
	if doc.Kind() != pyjson.Object {
		return fail("", "got a JSON %s, want an object", doc.Kind())
	}
	for _, mem := range doc.Members() {
		switch mem.Key {
		case "keys", "rekor_keys":
		case "_doc":
			if mem.Value.Kind() != pyjson.String {
				return fail("/_doc", "got a JSON %s, want a string", mem.Value.Kind())
			}
		default:
			return fail("/"+mem.Key, "unknown key, want _doc, keys and rekor_keys")
		}
	}
	list := func(key string) ([]pyjson.Value, error) {
		v, ok := doc.Lookup(key)
		switch {
		case !ok:
			return nil, fail("/"+key, "missing")
		case v.Kind() != pyjson.Array:
			return nil, fail("/"+key, "got a JSON %s, want an array", v.Kind())
		case v.Len() == 0:
			return nil, fail("/"+key, "empty, want at least one key")
		case v.Len() > MaxKeys:
			return nil, fail("/"+key, "%d keys, exceeds the limit of %d", v.Len(), MaxKeys)
		}
		return v.Elems(), nil
	}
	keys, err := list("keys")
	if err != nil {
		return err
	}
	rekorKeys, err := list("rekor_keys")
	if err != nil {
		return err
	}
	for i, e := range keys {
		ptr := fmt.Sprintf("/keys/%d", i)
		c, err := common(e, ptr, "public", TypeEd25519, fail)
		if err != nil {
			return err
		}
		pub, why := proof.DecodeEd25519(c.material, ed25519.PublicKeySize)
		if why != "" {
			return fail(ptr+"/public", "%s: %s", quoted(c.material), why)
		}
		for _, k := range m.Keys {
			switch {
			case k.KID == c.kid:
				return fail(ptr+"/kid", "kid %s is listed twice", quoted(c.kid))
			case k.Public.Equal(ed25519.PublicKey(pub)):
				return fail(ptr+"/public", "the key of %s is listed again, as %s", k.KID, c.kid)
			}
		}
		m.Keys = append(m.Keys, Key{KID: c.kid, Public: pub, Encoded: c.material, Node: c.node, ValidFrom: c.from, RetiredAt: c.retired})
	}
	for i, e := range rekorKeys {
		ptr := fmt.Sprintf("/rekor_keys/%d", i)
		c, err := common(e, ptr, "public_pem", TypeRekor, fail)
		if err != nil {
			return err
		}
		pub, err := parseP256PEM(c.material)
		if err != nil {
			return fail(ptr+"/public_pem", "%v", err)
		}
		for _, k := range m.RekorKeys {
			switch {
			case k.KID == c.kid:
				return fail(ptr+"/kid", "kid %s is listed twice", quoted(c.kid))
			case k.Key.Equal(pub):
				return fail(ptr+"/public_pem", "the key of %s is listed again, as %s", k.KID, c.kid)
			}
		}
		m.RekorKeys = append(m.RekorKeys, RekorKey{KID: c.kid, Key: pub, Node: c.node, ValidFrom: c.from, RetiredAt: c.retired})
	}
	m.KeysJSON = data
	return nil
}

// entry is what both kinds of key share.
type entry struct {
	kid, material, node string
	from, retired       time.Time
}

// common reads one entry of a key list: kid, type, the key under
// materialKey, valid_from, and optionally node and retired_at; no other
// key.
func common(e pyjson.Value, ptr, materialKey, typ string, fail func(string, string, ...any) error) (entry, error) {
	var c entry
	if e.Kind() != pyjson.Object {
		return c, fail(ptr, "got a JSON %s, want an object", e.Kind())
	}
	known := []string{"kid", "type", materialKey, "node", "valid_from", "retired_at"}
	for _, mem := range e.Members() {
		if !slices.Contains(known, mem.Key) {
			return c, fail(ptr+"/"+mem.Key, "unknown key, want %s", strings.Join(known, ", "))
		}
	}
	str := func(key string, optional bool) (string, bool, error) {
		v, ok := e.Lookup(key)
		switch {
		case !ok && optional || ok && optional && v.Kind() == pyjson.Null:
			return "", false, nil
		case !ok:
			return "", false, fail(ptr+"/"+key, "missing")
		case v.Kind() != pyjson.String:
			return "", false, fail(ptr+"/"+key, "got a JSON %s, want a string", v.Kind())
		}
		return v.Str(), true, nil
	}
	var err error
	if c.kid, _, err = str("kid", false); err != nil {
		return c, err
	}
	if !kidRE.MatchString(c.kid) {
		return c, fail(ptr+"/kid", "got %s, want 1 to 64 of A-Z a-z 0-9 . _ -", quoted(c.kid))
	}
	t, _, err := str("type", false)
	if err != nil {
		return c, err
	}
	if t != typ {
		return c, fail(ptr+"/type", "got %s, want %q", quoted(t), typ)
	}
	if c.material, _, err = str(materialKey, false); err != nil {
		return c, err
	}
	if c.node, _, err = str("node", true); err != nil {
		return c, err
	}
	from, _, err := str("valid_from", false)
	if err != nil {
		return c, err
	}
	if c.from, err = time.Parse(time.RFC3339, from); err != nil {
		return c, fail(ptr+"/valid_from", "got %s, want an RFC 3339 date-time", quoted(from))
	}
	retired, ok, err := str("retired_at", true)
	if err != nil {
		return c, err
	}
	if ok {
		if c.retired, err = time.Parse(time.RFC3339, retired); err != nil {
			return c, fail(ptr+"/retired_at", "got %s, want null or an RFC 3339 date-time", quoted(retired))
		}
		if !c.from.Before(c.retired) {
			return c, fail(ptr+"/retired_at", "%s is not after valid_from %s", retired, from)
		}
	}
	return c, nil
}

// parseP256PEM reads one PEM "PUBLIC KEY" block holding an ECDSA P-256
// SubjectPublicKeyInfo, and nothing else.
func parseP256PEM(s string) (*ecdsa.PublicKey, error) {
	block, rest := pem.Decode([]byte(s))
	if block == nil {
		return nil, errors.New("no PEM block")
	}
	if strings.TrimSpace(string(rest)) != "" {
		return nil, errors.New("text after the PEM block")
	}
	if block.Type != "PUBLIC KEY" {
		return nil, fmt.Errorf("PEM block is %q, want \"PUBLIC KEY\"", block.Type)
	}
	k, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		return nil, err
	}
	pub, ok := k.(*ecdsa.PublicKey)
	if !ok || pub.Curve != elliptic.P256() {
		return nil, fmt.Errorf("key is %T, want an ECDSA P-256 key", k)
	}
	return pub, nil
}

func quoted(s string) string {
	q := string(pyjson.Canonical(pyjson.StringValue(s)))
	if len(q) > 80 {
		return q[:80] + "…"
	}
	return q
}
