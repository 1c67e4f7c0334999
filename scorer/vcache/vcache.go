// Package vcache is a content-addressed cache of proof verifications, kept
// outside public/ so that a rebuild verifies again only what changed.
// proveit build keeps one by default in the user cache directory
// (DefaultDir: proveit/verify under os.UserCacheDir), as the go command
// keeps its build cache; proveit check never reads or writes one.
//
// # Keys
//
// An entry is one verify.Outcome, stored under the SHA-256 of what that
// outcome is computed from (Input.Key): the entry format, verify.Version,
// the view's bytes as cached, the disclosure's openings, the enrolled DID,
// the season window and the digest of the season's trust material
// (trust.Material.Digest). The one other input, the Rekor entry the view
// names, is shared by every proof of a batch and is not in the key, so
// that a hit needs no parse of the view: the entry records the uuid and
// the SHA-256 of the Rekor entry it was verified with (Rekor), and the
// caller uses a hit only if the season's Rekor entry of that uuid still
// hashes to it (see Get). Any change in any input is another key or a
// mismatch, so an entry is never used stale.
//
// # Layout
//
// The directory is laid out as the go command lays out its build cache
// (cmd/go/internal/cache): the entry of a key is one file, named by the
// key in lowercase hex, in the subdirectory named by the first two of
// those hex digits (<dir>/3f/3fa9…). Put writes it atomically
// (atomicfs.WriteFileNoSync: a temporary file in that subdirectory, then
// a rename over the entry's name), so that a reader finds a whole entry
// or none, and several processes may share a directory (the last to write
// a key wins; both wrote a verification of the same inputs). A build that
// is killed may leave a temporary file, never read, which the trimming
// removes with the other files unused for TrimAge. Files are read with
// read(2), never mapped into memory, so the cache's size adds nothing to
// a build's resident memory.
//
// # Entries
//
// Each entry authenticates itself. It is a header, four lines and a
// blank one:
//
//	proveit-vcache 3
//	version <verify.Version>
//	key <the key in hex>
//	sha256 <the SHA-256 of the payload in hex>
//
// then the payload: the encoding/json of a struct that mirrors every field
// of verify.Outcome but NotFetched, with the uuid and SHA-256 of the Rekor
// entry. Get reads at most MaxEntryBytes (1 MiB: an outcome is a few
// kilobytes), checks all four lines and decodes the payload strictly
// (no unknown field, nothing after it, a status and times that Put could
// have written). An entry that is over the bound, truncated, altered,
// filed under another key or written under another format or
// verify.Version is ignored: counted in Stats.Rejected and reported as a
// miss, so that the caller verifies again and Put replaces it. A hit is
// never trusted beyond that: the hash detects corruption, not a writer
// who can recompute it, and the cache directory is as trusted as the
// season's own files. Put stores only what reads back exactly: never an
// outcome that says nothing about the proof (NotFetched set, or the
// Incomplete status that goes with it), one whose genTime is not in UTC
// (every token's is), one with a string that is not UTF-8
// (encoding/json would replace its bytes), nor one whose entry would be
// over MaxEntryBytes; the caller verifies it again next time.
//
// # Size
//
// Each entry is bounded (MaxEntryBytes); the directory is not: it grows by
// one file, a few kilobytes, per verification of new inputs, and nothing
// caps its total, which is accepted for now. The one limit is age: Close
// trims, at most once a day (the file trim.txt records when), every file
// of the subdirectories not used for TrimAge (30 days). Put sets an
// entry's modification time, and a hit refreshes it when it is over a day
// old. A cache used every day thus holds the entries of the last 30 days'
// verifications, however many. Close also removes what the earlier
// formats of the cache left at the top of the directory, never read: a
// bbolt store (entries.db) and packs (pack-*.vc, .pack-*.tmp). Removing
// the directory, or any file in it, is always safe: what is missing is
// verified again.
//
// A Cache is safe for concurrent use.
package vcache

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/ark-forge/proveit/internal/atomicfs"
	"github.com/ark-forge/proveit/scorer/anchor"
	"github.com/ark-forge/proveit/scorer/submission"
	"github.com/ark-forge/proveit/scorer/trust"
	"github.com/ark-forge/proveit/scorer/verify"
)

// format is the first line of every entry, and part of every key.
const format = "proveit-vcache 3"

// MaxEntryBytes bounds an entry: Get ignores a file larger than this, and
// Put does not write one (an outcome is a few kilobytes).
const MaxEntryBytes = 1 << 20

// The trimming of the directory (see the package doc).
const (
	// TrimAge is how long an entry may go unused before Close removes it.
	TrimAge = 30 * 24 * time.Hour
	// touchEvery is how old an entry's modification time must be for a
	// hit to refresh it: a warm build does not touch every file.
	touchEvery = 24 * time.Hour
	// trimEvery is how often Close trims the directory at most.
	trimEvery = 24 * time.Hour
	// trimStamp is the file that records, in Unix seconds, when Close
	// last trimmed the directory.
	trimStamp = "trim.txt"
)

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

// Key returns the SHA-256 of the format, verify.Version and every field of
// in, each length-prefixed so that no two inputs share a key.
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

// Cache is a directory of entries (see the package doc).
type Cache struct {
	dir    string
	now    func() time.Time // the clock of the entries' times; time.Now but in tests
	closed atomic.Bool

	hits, misses, rejected, stale, written atomic.Int64
	writeErrs                              atomic.Int64
}

// Stats counts what a Cache did since Open.
type Stats struct {
	Hits     int // Get found a sound entry
	Misses   int // Get found none, or one it rejected
	Rejected int // of the misses: an entry that did not authenticate, or over MaxEntryBytes
	Stale    int // of the misses: a sound entry of another Rekor entry (Stale)
	Written  int // Put stored an entry
	Failed   int // Put could not store an entry (and returned the error)
}

// DefaultDir returns where a build keeps its cache when it is given none:
// proveit/verify under os.UserCacheDir ($XDG_CACHE_HOME, else ~/.cache, on
// Linux). It fails when the user cache directory cannot be determined.
func DefaultDir() (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("vcache: no user cache directory: %w", err)
	}
	return filepath.Join(base, "proveit", "verify"), nil
}

// Open returns the cache kept in dir, creating the directory if needed.
// It reads no entry: Get reads, and authenticates, each entry it is asked
// for.
func Open(dir string) (*Cache, error) {
	if dir == "" {
		return nil, errors.New("vcache: no directory given")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("vcache: %w", err)
	}
	return &Cache{dir: dir, now: time.Now}, nil
}

// Dir returns the cache's directory.
func (c *Cache) Dir() string { return c.dir }

// Stats returns the counts so far.
func (c *Cache) Stats() Stats {
	return Stats{Hits: int(c.hits.Load()), Misses: int(c.misses.Load()), Rejected: int(c.rejected.Load()), Stale: int(c.stale.Load()), Written: int(c.written.Load()), Failed: int(c.writeErrs.Load())}
}

// Path returns the file of the entry of k in the cache of dir.
func Path(dir string, k Key) string {
	h := k.String()
	return filepath.Join(dir, h[:2], h)
}

// Get returns the outcome stored under k, if a sound one is, with the
// Rekor entry it was verified with. The caller must check, before using
// the outcome, that the season's Rekor entry of that uuid hashes to its
// SHA256 (when its UUID is not ""), and call Stale when it does not. An
// entry that does not authenticate (see the package doc) is a miss,
// counted as rejected. After Close, Get misses.
func (c *Cache) Get(k Key) (verify.Outcome, Rekor, bool) {
	if c.closed.Load() {
		c.misses.Add(1)
		return verify.Outcome{}, Rekor{}, false
	}
	path := Path(c.dir, k)
	data, mtime, err := readEntry(path)
	if err == nil {
		var out verify.Outcome
		var r Rekor
		if out, r, err = decodeEntry(k, data); err == nil {
			c.touch(path, mtime)
			c.hits.Add(1)
			return out, r, true
		}
	}
	c.misses.Add(1)
	if !errors.Is(err, fs.ErrNotExist) {
		c.rejected.Add(1)
	}
	return verify.Outcome{}, Rekor{}, false
}

// errTooLarge is an entry over MaxEntryBytes.
var errTooLarge = fmt.Errorf("an entry over %d bytes", MaxEntryBytes)

// readEntry returns the bytes of the regular file at path and its
// modification time: an error that is fs.ErrNotExist when there is none,
// errTooLarge when it is over MaxEntryBytes (it is not read whole).
func readEntry(path string) ([]byte, time.Time, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, time.Time{}, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, time.Time{}, err
	}
	if !fi.Mode().IsRegular() {
		return nil, time.Time{}, errors.New("not a regular file")
	}
	// Bounded as read, whatever the size the Stat saw.
	data, err := io.ReadAll(io.LimitReader(f, MaxEntryBytes+1))
	if err != nil {
		return nil, time.Time{}, err
	}
	if len(data) > MaxEntryBytes {
		return nil, time.Time{}, errTooLarge
	}
	return data, fi.ModTime(), nil
}

// touch marks the entry at path used now when its modification time is
// over touchEvery old; an error only lets it be trimmed sooner.
func (c *Cache) touch(path string, mtime time.Time) {
	if now := c.now(); now.Sub(mtime) > touchEvery {
		_ = os.Chtimes(path, now, now)
	}
}

// Stale records that the caller did not use a hit, its Rekor entry having
// changed: it counts as a miss.
func (c *Cache) Stale() {
	c.hits.Add(-1)
	c.misses.Add(1)
	c.stale.Add(1)
}

// Put stores out under k, verified with the Rekor entry r, replacing any
// entry of k: Get finds it from Put's return on, in this process or
// another. An outcome that cannot be stored exactly (see the package doc)
// is not stored, and Put returns nil: the caller verifies it again next
// time. After Close, Put fails.
func (c *Cache) Put(k Key, out verify.Outcome, r Rekor) error {
	data, ok := encodeEntry(k, out, r)
	if !ok {
		return nil
	}
	err := errors.New("the cache is closed")
	if !c.closed.Load() {
		err = writeEntry(Path(c.dir, k), data)
	}
	if err != nil {
		c.writeErrs.Add(1)
		return fmt.Errorf("vcache: storing %s: %w", k, err)
	}
	c.written.Add(1)
	return nil
}

// writeEntry writes data as the file at path, atomically, without an
// fsync (atomicfs.WriteFileNoSync: an entry authenticates itself, and one
// lost is verified again), creating its subdirectory if needed.
func writeEntry(path string, data []byte) error {
	err := atomicfs.WriteFileNoSync(path, data, 0o644)
	if errors.Is(err, fs.ErrNotExist) {
		if err = os.MkdirAll(filepath.Dir(path), 0o755); err == nil {
			err = atomicfs.WriteFileNoSync(path, data, 0o644)
		}
	}
	return err
}

// Close trims the directory (see the package doc) when it was last
// trimmed trimEvery ago or more, or never, and removes what the earlier
// formats left. After Close, Get misses and Put fails; what was Put is
// already in the directory. An error of trimming leaves every entry
// sound.
func (c *Cache) Close() error {
	if c.closed.Swap(true) {
		return nil
	}
	return errors.Join(c.trim(), removeEarlierFormats(c.dir))
}

// trim removes the files of the subdirectories not used for TrimAge, at
// most once per trimEvery.
func (c *Cache) trim() error {
	now := c.now()
	stamp := filepath.Join(c.dir, trimStamp)
	if b, err := os.ReadFile(stamp); err == nil {
		if sec, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64); err == nil {
			if since := now.Sub(time.Unix(sec, 0)); since >= 0 && since < trimEvery {
				return nil
			}
		}
	}
	cutoff := now.Add(-TrimAge)
	var errs []error
	for i := range 256 {
		sub := filepath.Join(c.dir, fmt.Sprintf("%02x", i))
		des, err := os.ReadDir(sub)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, de := range des {
			fi, err := de.Info()
			if err != nil || !fi.Mode().IsRegular() || !fi.ModTime().Before(cutoff) {
				continue
			}
			if err := os.Remove(filepath.Join(sub, de.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
				errs = append(errs, err)
			}
		}
	}
	if err := writeEntry(stamp, []byte(strconv.FormatInt(now.Unix(), 10)+"\n")); err != nil {
		errs = append(errs, err)
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("vcache: trimming: %w", err)
	}
	return nil
}

// removeEarlierFormats removes from the top of dir what the earlier
// formats of the cache kept there and this one never reads: a bbolt
// store (entries.db) and packs
// (pack-*.vc, .pack-*.tmp). Nothing else is touched.
func removeEarlierFormats(dir string) error {
	top, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("vcache: removing the earlier formats' files: %w", err)
	}
	var errs []error
	for _, de := range top {
		n := de.Name()
		pack := strings.HasPrefix(n, "pack-") && strings.HasSuffix(n, ".vc") || strings.HasPrefix(n, ".pack-") && strings.HasSuffix(n, ".tmp")
		if de.Type().IsRegular() && (pack || n == "entries.db") {
			if err := os.Remove(filepath.Join(dir, n)); err != nil && !errors.Is(err, fs.ErrNotExist) {
				errs = append(errs, err)
			}
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("vcache: removing the earlier formats' files: %w", err)
	}
	return nil
}

// header returns the lines an entry of k with payload starts with.
func header(k Key, payload []byte) []byte {
	sum := sha256.Sum256(payload)
	b := []byte(format + "\nversion " + verify.Version + "\nkey ")
	b = hex.AppendEncode(b, k[:])
	b = append(b, "\nsha256 "...)
	b = hex.AppendEncode(b, sum[:])
	return append(b, "\n\n"...)
}

// entry is the payload: every field of verify.Outcome but NotFetched
// (never stored), each of its structs mirrored, and the Rekor entry.
// TestEveryFieldKept fails when a field of verify.Outcome, verify.Check,
// verify.Incident or anchor.Failure is not kept.
type entry struct {
	ProofID             string     `json:"proof_id"`
	Status              int        `json:"status"`
	Failure             *failure   `json:"failure"`
	GenTime             time.Time  `json:"gen_time,omitzero"`
	KeyID               string     `json:"key_id"`
	RequestHash         string     `json:"request_hash"`
	ResponseHash        string     `json:"response_hash"`
	AgentDID            string     `json:"agent_did"`
	IdentityVerified    bool       `json:"identity_verified"`
	DIDResolutionStatus string     `json:"did_resolution_status"`
	Checks              []check    `json:"checks"`    // null and [] kept apart
	Incidents           []incident `json:"incidents"` // likewise
	Rekor               *rekor     `json:"rekor"`     // null: the zero Rekor
}

type failure struct {
	Check  string `json:"check"`
	Detail string `json:"detail"`
}

type check struct {
	Name   string `json:"name"`
	Result string `json:"result"`
	Detail string `json:"detail"`
}

type incident struct {
	ProofID string `json:"proof_id"`
	Field   string `json:"field"`
	Detail  string `json:"detail"`
}

type rekor struct {
	UUID   string `json:"uuid"`
	SHA256 string `json:"sha256"` // hex
}

// encodeEntry returns the entry of out, verified with rk, under k: the
// header, then the payload; false when out cannot be stored exactly.
func encodeEntry(k Key, out verify.Outcome, rk Rekor) ([]byte, bool) {
	if !storable(out, rk) {
		return nil, false
	}
	e := entry{
		ProofID: out.ProofID, Status: int(out.Status), GenTime: out.GenTime, KeyID: out.KeyID,
		RequestHash: out.RequestHash, ResponseHash: out.ResponseHash,
		AgentDID: out.AgentDID, IdentityVerified: out.IdentityVerified, DIDResolutionStatus: out.DIDResolutionStatus,
	}
	if f := out.Failure; f != nil {
		e.Failure = &failure{Check: f.Check, Detail: f.Detail}
	}
	if out.Checks != nil {
		e.Checks = make([]check, len(out.Checks))
		for i, c := range out.Checks {
			e.Checks[i] = check{Name: c.Name, Result: c.Result, Detail: c.Detail}
		}
	}
	if out.Incidents != nil {
		e.Incidents = make([]incident, len(out.Incidents))
		for i, in := range out.Incidents {
			e.Incidents[i] = incident{ProofID: in.ProofID, Field: in.Field, Detail: in.Detail}
		}
	}
	if rk.UUID != "" {
		e.Rekor = &rekor{UUID: rk.UUID, SHA256: hex.EncodeToString(rk.SHA256[:])}
	}
	payload, err := json.Marshal(e)
	if err != nil {
		return nil, false
	}
	data := append(header(k, payload), payload...)
	if len(data) > MaxEntryBytes {
		return nil, false
	}
	return data, true
}

// storable reports whether out, verified with rk, reads back exactly.
func storable(out verify.Outcome, rk Rekor) bool {
	if out.NotFetched != nil || out.Status < verify.Pending || out.Status > verify.Valid {
		return false
	}
	if !out.GenTime.IsZero() && out.GenTime.Location() != time.UTC {
		return false
	}
	strs := []string{out.ProofID, out.KeyID, out.RequestHash, out.ResponseHash, out.AgentDID, out.DIDResolutionStatus, rk.UUID}
	if f := out.Failure; f != nil {
		strs = append(strs, f.Check, f.Detail)
	}
	for _, c := range out.Checks {
		strs = append(strs, c.Name, c.Result, c.Detail)
	}
	for _, in := range out.Incidents {
		strs = append(strs, in.ProofID, in.Field, in.Detail)
	}
	for _, s := range strs {
		if !utf8.ValidString(s) {
			return false
		}
	}
	return true
}

// decodeEntry reads an entry found under k: its header must name this
// format, this verify.Version, k and the SHA-256 of the payload that
// follows, and the payload must decode strictly to an outcome Put could
// have stored.
func decodeEntry(k Key, data []byte) (verify.Outcome, Rekor, error) {
	head, payload, ok := bytes.Cut(data, []byte("\n\n"))
	if !ok {
		return verify.Outcome{}, Rekor{}, errors.New("no header")
	}
	if want := header(k, payload); len(head)+2 != len(want) || !bytes.Equal(head, want[:len(head)]) {
		return verify.Outcome{}, Rekor{}, errors.New("header does not match this format, this version, this key or the payload")
	}
	return decodePayload(payload)
}

// decodePayload reads a payload: one JSON object of entry's fields and no
// other, nothing after it, a status Put stores, times in UTC, a Rekor
// with a uuid and a SHA-256.
func decodePayload(payload []byte) (verify.Outcome, Rekor, error) {
	fail := func(what string) (verify.Outcome, Rekor, error) {
		return verify.Outcome{}, Rekor{}, fmt.Errorf("payload: %s", what)
	}
	dec := json.NewDecoder(bytes.NewReader(payload))
	dec.DisallowUnknownFields()
	var e entry
	if err := dec.Decode(&e); err != nil {
		return fail(err.Error())
	}
	if _, err := dec.Token(); err != io.EOF {
		return fail("data after the outcome")
	}
	if e.Status < int(verify.Pending) || e.Status > int(verify.Valid) {
		return fail("bad status")
	}
	if !e.GenTime.IsZero() && e.GenTime.Location() != time.UTC {
		return fail("a time outside UTC")
	}
	out := verify.Outcome{
		ProofID: e.ProofID, Status: verify.Status(e.Status), GenTime: e.GenTime, KeyID: e.KeyID,
		RequestHash: e.RequestHash, ResponseHash: e.ResponseHash,
		AgentDID: e.AgentDID, IdentityVerified: e.IdentityVerified, DIDResolutionStatus: e.DIDResolutionStatus,
	}
	if f := e.Failure; f != nil {
		out.Failure = &anchor.Failure{Check: f.Check, Detail: f.Detail}
	}
	if e.Checks != nil {
		out.Checks = make([]verify.Check, len(e.Checks))
		for i, c := range e.Checks {
			out.Checks[i] = verify.Check{Name: c.Name, Result: c.Result, Detail: c.Detail}
		}
	}
	if e.Incidents != nil {
		out.Incidents = make([]verify.Incident, len(e.Incidents))
		for i, in := range e.Incidents {
			out.Incidents[i] = verify.Incident{ProofID: in.ProofID, Field: in.Field, Detail: in.Detail}
		}
	}
	var rk Rekor
	if r := e.Rekor; r != nil {
		sum, err := hex.DecodeString(r.SHA256)
		if r.UUID == "" || err != nil || len(sum) != sha256.Size || r.SHA256 != hex.EncodeToString(sum) {
			return fail("bad rekor")
		}
		rk.UUID = r.UUID
		copy(rk.SHA256[:], sum)
	}
	return out, rk, nil
}
