// Package vcache is a content-addressed cache of proof verifications, kept
// outside public/ so that a rebuild after one changed submission verifies
// again only what changed.
//
// An entry is one verify.Outcome, stored under the SHA-256 of what that
// outcome is computed from (Input.Key): verify.Version, the view's bytes as
// cached, the disclosure's openings, the enrolled DID, the season window
// and the digest of the season's trust material (trust.Material.Digest).
// The one other input, the Rekor entry the view names, is shared by every
// proof of a batch and is not in the key, so that a hit needs no parse of
// the view: the entry records the uuid and the SHA-256 of the Rekor entry
// it was verified with (Rekor), and the caller uses a hit only if the
// season's Rekor entry of that uuid still hashes to it (see Get).
// Any change in any input is another key or a mismatch, so an entry is
// never used stale.
//
// Each entry authenticates itself: its file holds a header naming the
// format, verify.Version, its key and the SHA-256 of its payload, then the
// payload (the outcome in a length-prefixed binary form, read without
// reflection). Get checks all four and reads the payload strictly, to its
// last byte; an entry that is truncated, altered, stored under another key's
// name or written by another version is counted in Stats.Rejected and
// reported as a miss, so that the caller verifies again and Put replaces
// it. A hit is never trusted beyond that: the hash detects corruption, not
// a writer who can recompute it, and the cache directory is as trusted as
// the season's own files. Outcomes that say nothing about the proof (an
// Outcome with NotFetched) are never stored.
//
// A Cache is safe for concurrent use, also by several processes: entries
// are written to a temporary file and renamed into place.
package vcache

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync/atomic"
	"time"

	"github.com/ark-forge/proveit/scorer/anchor"
	"github.com/ark-forge/proveit/scorer/submission"
	"github.com/ark-forge/proveit/scorer/trust"
	"github.com/ark-forge/proveit/scorer/verify"
)

// format is the first line of every entry.
const format = "proveit-vcache 1"

// MaxEntryBytes bounds what Get reads: an outcome is a few kilobytes.
const MaxEntryBytes = 1 << 20

// keyVersion is verify.Version, a variable so that a test can show that
// another version is another key.
var keyVersion = verify.Version

// Key is the SHA-256 an entry is stored under.
type Key [sha256.Size]byte

// String returns the key in lowercase hex.
func (k Key) String() string { return hex.EncodeToString(k[:]) }

// Input is everything one verification reads.
type Input struct {
	View       []byte                 // the view file as cached (proofs/ID.json)
	Disclosure *submission.Disclosure // the openings of request_hash and response_hash; nil for none
	DID        string                 // the DID the identity must open to
	Window     trust.Window           // the season window; zero for none
	Trust      [sha256.Size]byte      // trust.Material.Digest of the season's trust
}

// Rekor is the Rekor entry an outcome was verified with: the uuid the
// view names and the SHA-256 of the entry's bytes as cached. The zero
// Rekor is none (an open batch, a view that names no valid uuid).
type Rekor struct {
	UUID   string
	SHA256 [sha256.Size]byte
}

// RekorOf returns the Rekor of the entry of uuid whose bytes are entry.
func RekorOf(uuid string, entry []byte) Rekor { return Rekor{UUID: uuid, SHA256: sha256.Sum256(entry)} }

// Key returns the SHA-256 of verify.Version and every field of in, each
// length-prefixed so that no two inputs share a key.
func (in Input) Key() Key {
	h := sha256.New()
	field := func(b []byte) {
		var n [8]byte
		binary.BigEndian.PutUint64(n[:], uint64(len(b)))
		h.Write(n[:])
		h.Write(b)
	}
	field([]byte(format))
	field([]byte(keyVersion))
	field(in.View)
	if d := in.Disclosure; d != nil {
		field([]byte("disclosure"))
		for _, s := range []string{d.RequestHash.Nonce, d.RequestHash.Value, d.ResponseHash.Nonce, d.ResponseHash.Value} {
			field([]byte(s))
		}
	} else {
		field([]byte("no disclosure"))
	}
	field([]byte(in.DID))
	for _, t := range []time.Time{in.Window.From, in.Window.Until} {
		b, _ := t.UTC().MarshalBinary()
		field(b)
	}
	field(in.Trust[:])
	var k Key
	h.Sum(k[:0])
	return k
}

// Cache is a directory of entries.
type Cache struct {
	dir                                    string
	hits, misses, rejected, stale, written atomic.Int64
	writeErrs                              atomic.Int64
}

// Stats counts what a Cache did since Open.
type Stats struct {
	Hits     int // Get found a sound entry
	Misses   int // Get found none, or one it rejected
	Rejected int // of the misses: an entry that did not authenticate
	Stale    int // of the misses: a sound entry of another Rekor entry (Stale)
	Written  int // Put stored an entry
	Failed   int // Put could not store one (the error was returned)
}

// DefaultDir returns where a build keeps its cache when it is given none:
// proveit/verify under os.UserCacheDir ($XDG_CACHE_HOME, else ~/.cache, on
// Linux).
func DefaultDir() (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("vcache: no user cache directory: %w", err)
	}
	return filepath.Join(base, "proveit", "verify"), nil
}

// Open returns the cache kept in dir, creating the directory if needed.
func Open(dir string) (*Cache, error) {
	if dir == "" {
		return nil, errors.New("vcache: no directory given")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("vcache: %w", err)
	}
	return &Cache{dir: dir}, nil
}

// Dir returns the cache's directory.
func (c *Cache) Dir() string { return c.dir }

// Stats returns the counts so far.
func (c *Cache) Stats() Stats {
	return Stats{Hits: int(c.hits.Load()), Misses: int(c.misses.Load()), Rejected: int(c.rejected.Load()), Stale: int(c.stale.Load()), Written: int(c.written.Load()), Failed: int(c.writeErrs.Load())}
}

// path is where the entry of k lives: a directory per first byte, so that
// no directory holds more than a few hundred entries per hundred thousand.
func (c *Cache) path(k Key) string {
	s := k.String()
	return filepath.Join(c.dir, s[:2], s)
}

// Get returns the outcome stored under k, if a sound one is, with the
// Rekor entry it was verified with. The caller must check, before using
// the outcome, that the season's Rekor entry of that uuid hashes to its
// SHA256 (when its UUID is not ""), and call Stale when it does not. An entry that does not authenticate (see the package
// doc) is a miss.
func (c *Cache) Get(k Key) (verify.Outcome, Rekor, bool) {
	data, err := readBounded(c.path(k))
	if err != nil {
		c.misses.Add(1)
		return verify.Outcome{}, Rekor{}, false
	}
	out, r, err := decodeEntry(k, data)
	if err != nil {
		c.misses.Add(1)
		c.rejected.Add(1)
		return verify.Outcome{}, Rekor{}, false
	}
	c.hits.Add(1)
	return out, r, true
}

// Stale records that the caller did not use a hit, its Rekor entry having
// changed: it counts as a miss.
func (c *Cache) Stale() {
	c.hits.Add(-1)
	c.misses.Add(1)
	c.stale.Add(1)
}

func readBounded(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxEntryBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxEntryBytes {
		return nil, fmt.Errorf("%s: over %d bytes", path, MaxEntryBytes)
	}
	return data, nil
}

// Put stores out under k, verified with the Rekor entry r. An outcome that cannot be stored exactly (one
// with NotFetched, or a genTime outside UTC, which every token's is) is not
// stored, and Put returns nil: the caller verifies it again next time.
func (c *Cache) Put(k Key, out verify.Outcome, r Rekor) error {
	data, ok := encodeEntry(k, out, r)
	if !ok {
		return nil
	}
	if err := c.write(k, data); err != nil {
		c.writeErrs.Add(1)
		return fmt.Errorf("vcache: storing %s: %w", k, err)
	}
	c.written.Add(1)
	return nil
}

func (c *Cache) write(k Key, data []byte) error {
	path := c.path(k)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}

// header returns the lines an entry of k with payload starts with.
func header(k Key, payload []byte) []byte {
	sum := sha256.Sum256(payload)
	return fmt.Appendf(nil, "%s\nversion %s\nkey %s\nsha256 %x\n\n", format, verify.Version, k, sum)
}

// The payload is the outcome's fields in a fixed order, each string and
// byte string as a uvarint length then its bytes, each flag as one byte 0
// or 1: no reflection, and a strict reader (writePayload, readPayload).
func encodeEntry(k Key, out verify.Outcome, rk Rekor) ([]byte, bool) {
	if out.NotFetched != nil || (!out.GenTime.IsZero() && out.GenTime.Location() != time.UTC) {
		return nil, false
	}
	payload := writePayload(nil, out, rk)
	return append(header(k, payload), payload...), true
}

func writePayload(b []byte, out verify.Outcome, rk Rekor) []byte {
	str := func(s string) { b = binary.AppendUvarint(b, uint64(len(s))); b = append(b, s...) }
	flag := func(f bool) {
		if f {
			b = append(b, 1)
		} else {
			b = append(b, 0)
		}
	}
	str(out.ProofID)
	b = append(b, byte(out.Status))
	flag(out.Failure != nil)
	if out.Failure != nil {
		str(out.Failure.Check)
		str(out.Failure.Detail)
	}
	flag(!out.GenTime.IsZero())
	if !out.GenTime.IsZero() {
		b = binary.AppendVarint(b, out.GenTime.Unix())
		b = binary.AppendUvarint(b, uint64(out.GenTime.Nanosecond()))
	}
	str(out.RequestHash)
	str(out.ResponseHash)
	str(out.AgentDID)
	flag(out.IdentityVerified)
	str(out.DIDResolutionStatus)
	flag(out.Checks != nil)
	b = binary.AppendUvarint(b, uint64(len(out.Checks)))
	for _, c := range out.Checks {
		str(c.Name)
		str(c.Result)
		str(c.Detail)
	}
	flag(out.Incidents != nil)
	b = binary.AppendUvarint(b, uint64(len(out.Incidents)))
	for _, in := range out.Incidents {
		str(in.ProofID)
		str(in.Field)
		str(in.Detail)
	}
	str(rk.UUID)
	if rk.UUID != "" {
		b = append(b, rk.SHA256[:]...)
	}
	return b
}

// decodeEntry reads an entry found under k: its header must name this
// format, this verify.Version, k and the SHA-256 of the payload that
// follows, and the payload must read back to an outcome with nothing left.
func decodeEntry(k Key, data []byte) (verify.Outcome, Rekor, error) {
	head, payload, ok := bytes.Cut(data, []byte("\n\n"))
	if !ok {
		return verify.Outcome{}, Rekor{}, errors.New("no header")
	}
	if want := header(k, payload); !bytes.Equal(append(head, '\n', '\n'), want) {
		return verify.Outcome{}, Rekor{}, errors.New("header does not match this version, this key or the payload")
	}
	return readPayload(payload)
}

// payloadReader reads a payload; its first fault sticks.
type payloadReader struct {
	b   []byte
	err error
}

func (r *payloadReader) fail(what string) {
	if r.err == nil {
		r.err = fmt.Errorf("payload: %s", what)
	}
}

func (r *payloadReader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail("bad length")
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *payloadReader) bytes(n uint64) []byte {
	if r.err != nil || n > uint64(len(r.b)) {
		r.fail("truncated")
		return nil
	}
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

func (r *payloadReader) str() string { return string(r.bytes(r.uvarint())) }

func (r *payloadReader) byte() byte {
	if b := r.bytes(1); len(b) == 1 {
		return b[0]
	}
	return 0
}

func (r *payloadReader) flag() bool {
	switch r.byte() {
	case 0:
		return false
	case 1:
		return true
	}
	r.fail("bad flag")
	return false
}

// count reads a slice length, bounded by what is left (each element is at
// least three bytes).
func (r *payloadReader) count() int {
	n := r.uvarint()
	if n > uint64(len(r.b))/3 {
		r.fail("bad count")
		return 0
	}
	return int(n)
}

func readPayload(b []byte) (verify.Outcome, Rekor, error) {
	r := &payloadReader{b: b}
	var out verify.Outcome
	out.ProofID = r.str()
	if st := r.byte(); st <= byte(verify.Valid) {
		out.Status = verify.Status(st)
	} else {
		r.fail("bad status")
	}
	if r.flag() {
		out.Failure = &anchor.Failure{Check: r.str(), Detail: r.str()}
	}
	if r.flag() {
		sec, n := binary.Varint(r.b)
		if n <= 0 {
			r.fail("bad time")
		} else {
			r.b = r.b[n:]
		}
		ns := r.uvarint()
		if ns >= 1e9 {
			r.fail("bad time")
		}
		if out.GenTime = time.Unix(sec, int64(ns)).UTC(); out.GenTime.IsZero() {
			r.fail("a zero time written as present")
		}
	}
	out.RequestHash = r.str()
	out.ResponseHash = r.str()
	out.AgentDID = r.str()
	out.IdentityVerified = r.flag()
	out.DIDResolutionStatus = r.str()
	if r.flag() {
		out.Checks = make([]verify.Check, r.count())
		for i := range out.Checks {
			out.Checks[i] = verify.Check{Name: r.str(), Result: r.str(), Detail: r.str()}
		}
	} else if r.count() != 0 {
		r.fail("elements in a nil slice")
	}
	if r.flag() {
		out.Incidents = make([]verify.Incident, r.count())
		for i := range out.Incidents {
			out.Incidents[i] = verify.Incident{ProofID: r.str(), Field: r.str(), Detail: r.str()}
		}
	} else if r.count() != 0 {
		r.fail("elements in a nil slice")
	}
	var rk Rekor
	if rk.UUID = r.str(); rk.UUID != "" {
		copy(rk.SHA256[:], r.bytes(sha256.Size))
	}
	if r.err == nil && len(r.b) != 0 {
		r.fail("data after the outcome")
	}
	if r.err != nil {
		return verify.Outcome{}, Rekor{}, r.err
	}
	return out, rk, nil
}
