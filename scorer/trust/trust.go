// Package trust loads the pinned trust material of a season
// (seasons/TRUST.md says how maintainers assemble it): trust/trusted_root.json, a sigstore TrustedRoot that pins the Rekor
// log keys and the RFC 3161 TSA certificate chains, and
// trust/trust_layer.toml, which pins the ArkForge Trust Layer's Ed25519
// proof-signing keys, its Rekor submission key, the checkpoint origin of
// its Rekor log and the DID of the challenge's own key. A proof is verified against this material only,
// never against a key that the proof view embeds.
package trust

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
	"github.com/sigstore/sigstore-go/pkg/root"

	"github.com/ark-forge/proveit/scorer/inputfile"
)

// File names inside a season's trust/ directory.
const (
	TrustedRootFile = "trusted_root.json"
	TrustLayerFile  = "trust_layer.toml"
)

// Bounds on what Load reads.
const (
	MaxTrustedRootBytes = 4 << 20
	MaxTrustLayerBytes  = 1 << 20
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

// ProofKey is one pinned Ed25519 key with which the Trust Layer signs
// proof chains.
type ProofKey struct {
	ID     string
	Key    ed25519.PublicKey
	Window Window
}

// RekorKey is one pinned ECDSA P-256 key with which the Trust Layer signs
// the hashedrekord entries of its batches.
type RekorKey struct {
	ID     string
	Key    *ecdsa.PublicKey
	Window Window
}

// Material is a season's pinned trust.
type Material struct {
	Root     *root.TrustedRoot
	RootJSON []byte // trusted_root.json as read
	// ChallengeDID is the DID of the challenge's own key, which signs the
	// pre-registration freezes (§8).
	ChallengeDID string
	ProofKeys    []ProofKey // sorted by ID
	RekorKeys    []RekorKey // sorted by ID
	// RekorOrigin is the checkpoint origin of the Rekor log, without its
	// tree id: the name the log signs its checkpoints as, whose origin
	// lines read "<RekorOrigin> - <tree id>" (Rekor v1's
	// rekor_server.hostname; "rekor.sigstore.dev" for the public-good log).
	// "" when trust_layer.toml pins none: the host of the log's baseUrl
	// then (package rekor).
	RekorOrigin string
}

// ProofKeysAt returns the proof keys whose window contains t.
func (m *Material) ProofKeysAt(t time.Time) []ProofKey {
	var out []ProofKey
	for _, k := range m.ProofKeys {
		if k.Window.Contains(t) {
			out = append(out, k)
		}
	}
	return out
}

// RekorKeysAt returns the Rekor submission keys whose window contains t.
func (m *Material) RekorKeysAt(t time.Time) []RekorKey {
	var out []RekorKey
	for _, k := range m.RekorKeys {
		if k.Window.Contains(t) {
			out = append(out, k)
		}
	}
	return out
}

// Error names the file and the key of a trust file that cannot be loaded.
type Error struct {
	File string // path as given to Load, joined with the file name
	Key  string // TOML key, "" for the whole file
	Err  error
}

func (e *Error) Error() string {
	if e.Key == "" {
		return fmt.Sprintf("%s: %v", e.File, e.Err)
	}
	return fmt.Sprintf("%s: %s: %v", e.File, e.Key, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// Load reads dir/trusted_root.json and dir/trust_layer.toml.
func Load(dir string) (*Material, error) {
	rootPath := filepath.Join(dir, TrustedRootFile)
	rootJSON, err := readBounded(rootPath, MaxTrustedRootBytes)
	if err != nil {
		return nil, &Error{File: rootPath, Err: err}
	}
	m, err := parseTrustedRoot(rootJSON)
	if err != nil {
		return nil, &Error{File: rootPath, Err: err}
	}
	tlPath := filepath.Join(dir, TrustLayerFile)
	tl, err := readBounded(tlPath, MaxTrustLayerBytes)
	if err != nil {
		return nil, &Error{File: tlPath, Err: err}
	}
	if err := m.parseTrustLayer(tlPath, tl); err != nil {
		return nil, err
	}
	return m, nil
}

func parseTrustedRoot(data []byte) (*Material, error) {
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

func readBounded(name string, limit int64) ([]byte, error) { return inputfile.Read(name, limit) }

type trustLayerFile struct {
	ChallengeDID string         `toml:"challenge_did"`
	RekorOrigin  string         `toml:"rekor_origin"`
	ProofKeys    []proofKeyFile `toml:"proof_keys"`
	RekorKeys    []rekorKeyFile `toml:"rekor_keys"`
}

type proofKeyFile struct {
	ID         string    `toml:"id"`
	PublicKey  string    `toml:"ed25519_public_key"`
	ValidFrom  time.Time `toml:"valid_from"`
	ValidUntil time.Time `toml:"valid_until"`
}

type rekorKeyFile struct {
	ID         string    `toml:"id"`
	PEM        string    `toml:"public_key_pem"`
	ValidFrom  time.Time `toml:"valid_from"`
	ValidUntil time.Time `toml:"valid_until"`
}

var (
	keyIDRE = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)
	didRE   = regexp.MustCompile(`^did:(key|web):[A-Za-z0-9._:%-]{1,500}$`)
)

var trustLayerKeys = map[string]bool{
	"challenge_did": true, "rekor_origin": true, "proof_keys": true, "rekor_keys": true,
	"proof_keys.id": true, "proof_keys.ed25519_public_key": true, "proof_keys.valid_from": true, "proof_keys.valid_until": true,
	"rekor_keys.id": true, "rekor_keys.public_key_pem": true, "rekor_keys.valid_from": true, "rekor_keys.valid_until": true,
}

func (m *Material) parseTrustLayer(file string, data []byte) error {
	fail := func(key, format string, args ...any) error {
		return &Error{File: file, Key: key, Err: fmt.Errorf(format, args...)}
	}
	var f trustLayerFile
	md, err := toml.Decode(string(data), &f)
	if err != nil {
		return &Error{File: file, Err: fmt.Errorf("decoding TOML: %w", err)}
	}
	if und := md.Undecoded(); len(und) > 0 {
		return fail(und[0].String(), "unknown key")
	}
	for _, k := range md.Keys() {
		if !trustLayerKeys[k.String()] {
			return fail(k.String(), "unknown key (keys are case-sensitive)")
		}
	}
	for _, k := range []string{"challenge_did", "proof_keys", "rekor_keys"} {
		if !md.IsDefined(k) {
			return fail(k, "missing")
		}
	}
	if !didRE.MatchString(f.ChallengeDID) {
		return fail("challenge_did", "%q is not a did:key or did:web DID", f.ChallengeDID)
	}
	m.ChallengeDID = f.ChallengeDID
	if md.IsDefined("rekor_origin") {
		if err := checkRekorOrigin(f.RekorOrigin); err != nil {
			return fail("rekor_origin", "%v", err)
		}
		m.RekorOrigin = f.RekorOrigin
	}
	seen := map[string]bool{}
	window := func(key string, i int, id string, from, until time.Time) (Window, error) {
		for _, part := range []string{"id", "valid_from", "valid_until"} {
			if !isDefinedIndexed(md, key, i, part) {
				return Window{}, fail(fmt.Sprintf("%s[%d].%s", key, i, part), "missing")
			}
		}
		if !keyIDRE.MatchString(id) {
			return Window{}, fail(fmt.Sprintf("%s[%d].id", key, i), "%q is not a key id (1 to 64 of A-Z a-z 0-9 . _ -)", id)
		}
		if seen[id] {
			return Window{}, fail(fmt.Sprintf("%s[%d].id", key, i), "key id %q is used twice", id)
		}
		seen[id] = true
		if !from.Before(until) {
			return Window{}, fail(fmt.Sprintf("%s[%d]", key, i), "valid_from %s is not before valid_until %s", from.Format(time.RFC3339), until.Format(time.RFC3339))
		}
		return Window{From: from, Until: until}, nil
	}
	if len(f.ProofKeys) == 0 {
		return fail("proof_keys", "no key: want at least one [[proof_keys]]")
	}
	for i, k := range f.ProofKeys {
		w, err := window("proof_keys", i, k.ID, k.ValidFrom, k.ValidUntil)
		if err != nil {
			return err
		}
		raw, err := hex.DecodeString(k.PublicKey)
		if err != nil || len(raw) != ed25519.PublicKeySize || strings.ToLower(k.PublicKey) != k.PublicKey {
			return fail(fmt.Sprintf("proof_keys[%d].ed25519_public_key", i), "want %d bytes as %d lowercase hex digits, got %q", ed25519.PublicKeySize, 2*ed25519.PublicKeySize, k.PublicKey)
		}
		m.ProofKeys = append(m.ProofKeys, ProofKey{ID: k.ID, Key: ed25519.PublicKey(raw), Window: w})
	}
	if len(f.RekorKeys) == 0 {
		return fail("rekor_keys", "no key: want at least one [[rekor_keys]]")
	}
	for i, k := range f.RekorKeys {
		w, err := window("rekor_keys", i, k.ID, k.ValidFrom, k.ValidUntil)
		if err != nil {
			return err
		}
		pub, err := parseP256PEM(k.PEM)
		if err != nil {
			return fail(fmt.Sprintf("rekor_keys[%d].public_key_pem", i), "%v", err)
		}
		m.RekorKeys = append(m.RekorKeys, RekorKey{ID: k.ID, Key: pub, Window: w})
	}
	sort.Slice(m.ProofKeys, func(i, j int) bool { return m.ProofKeys[i].ID < m.ProofKeys[j].ID })
	sort.Slice(m.RekorKeys, func(i, j int) bool { return m.RekorKeys[i].ID < m.RekorKeys[j].ID })
	return nil
}

// maxRekorOrigin bounds rekor_origin: a hostname is at most 253 bytes.
const maxRekorOrigin = 253

// checkRekorOrigin: the origin without its tree id is a signed note's key
// name (C2SP signed-note: non-empty, UTF-8, no Unicode space, no plus), so
// a pasted full origin "<host> - <tree id>" is refused with what to pin.
func checkRekorOrigin(s string) error {
	if host, id, ok := strings.Cut(s, " - "); ok && host != "" && id != "" && strings.Trim(id, "0123456789") == "" {
		return fmt.Errorf("%q is a checkpoint origin with its tree id; pin the part before \" - \", %q: every shard of the log has its own tree id", s, host)
	}
	switch {
	case s == "":
		return errors.New("empty: want the name the Rekor log signs its checkpoints as, e.g. \"rekor.sigstore.dev\"")
	case len(s) > maxRekorOrigin:
		return fmt.Errorf("%d bytes, over %d", len(s), maxRekorOrigin)
	case !utf8.ValidString(s):
		return fmt.Errorf("%q is not UTF-8", s)
	case strings.ContainsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == '+' || unicode.IsControl(r) }):
		return fmt.Errorf("%q holds a space, a plus or a control character, which a checkpoint signer's name cannot", s)
	}
	return nil
}

// isDefinedIndexed reports whether the key part of element i of the array
// of tables key was set. BurntSushi/toml's MetaData.IsDefined does not
// index arrays of tables, so look at the keys it recorded.
func isDefinedIndexed(md toml.MetaData, key string, i int, part string) bool {
	n := -1
	for _, k := range md.Keys() {
		if len(k) == 1 && k[0] == key {
			n++ // each [[key]] header is recorded once, in order
		}
		if n == i && len(k) == 2 && k[0] == key && k[1] == part {
			return true
		}
	}
	return false
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
