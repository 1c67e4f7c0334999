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
// # Store
//
// The entries are kept in one file, entries.db in the directory, a bbolt
// database (go.etcd.io/bbolt): a B+tree in one file, written by
// transactions that are atomic, so that a reader finds a whole entry or
// none. Put gathers entries and commits them a batch at a time (Put), so
// that a build killed midway loses the entries of the batch it was
// gathering, verified again next time. Its bucket "entries" maps a key's 32 bytes to the entry,
// its bucket "used" maps it to when the entry was last written or hit
// (Unix seconds, 8 bytes big-endian). One process at a time opens the
// file: bbolt locks it (flock), and Open waits LockWait for another
// build to finish, then fails with ErrBusy. A file bbolt cannot open (not
// a database, its meta pages damaged) is removed and started anew, and
// Discarded says why. The file is mapped into memory as bbolt reads it,
// and bbolt trusts what it maps: damage inside a data page that its meta
// checksums do not cover can make it fail or panic, as any reader of a
// corrupted database may; removing the file is the remedy, and is always
// safe.
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
// Each entry is bounded (MaxEntryBytes); the file is not: it grows by one
// entry, a few kilobytes, per verification of new inputs, and nothing caps
// its total, which is accepted for now. The one limit is age: Close
// removes every entry not written or hit for TrimAge (30 days); a hit
// refreshes an entry's time when it is over a day old. A cache used every
// day thus holds the entries of the last 30 days' verifications, however
// many. bbolt reuses the pages an entry freed and never shrinks the file.
// Close also removes what the earlier formats of the cache left in the
// directory, never read: one file per entry in subdirectories named by
// two hex digits (and their temporary files), and packs. Removing the
// directory, or any file in it, is always safe: what is missing is
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
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

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

// The store (see the package doc).
const (
	// TrimAge is how long an entry may go unused before Close removes it.
	TrimAge = 30 * 24 * time.Hour
	// touchEvery is how old an entry's time must be for a hit to refresh
	// it: a warm build does not rewrite the time of every entry.
	touchEvery = 24 * time.Hour
)

// StoreFile is the file of the store in the cache's directory.
const StoreFile = "entries.db"

// The buckets of the store.
var (
	entriesBucket = []byte("entries")
	usedBucket    = []byte("used")
)

// LockWait is how long Open waits for another process to close the store.
var LockWait = 5 * time.Second

// ErrBusy is Open's error when another process holds the store after
// LockWait.
var ErrBusy = errors.New("vcache: the cache is in use by another process")

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

// Cache is a directory holding the store of entries (see the package doc).
type Cache struct {
	dir       string
	db        *bolt.DB
	discarded error            // why Open started the store anew, or nil
	now       func() time.Time // the clock of the entries' times; time.Now but in tests
	closed    atomic.Bool

	mu       sync.Mutex
	pending  map[Key][]byte // entries Put and not yet handed to a commit
	inflight []*batch       // entries being committed
	touched  []Key          // hits whose time Close refreshes

	hits, misses, rejected, stale, written atomic.Int64
	writeErrs                              atomic.Int64
}

// Stats counts what a Cache did since Open.
type Stats struct {
	Hits     int // Get found a sound entry
	Misses   int // Get found none, or one it rejected
	Rejected int // of the misses: an entry that did not authenticate, or over MaxEntryBytes
	Stale    int // of the misses: a sound entry of another Rekor entry (Stale)
	Written  int // Put stored an entry (committed by Close at the latest)
	Failed   int // an entry could not be stored (Put or Close returned the error)
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

// Open returns the cache kept in dir, creating the directory and its
// store if needed. It waits LockWait for another process that holds the
// store, then fails with ErrBusy. A store that bbolt cannot open is
// removed and started anew (Discarded says why). It reads no entry: Get
// reads, and authenticates, each entry it is asked for.
func Open(dir string) (*Cache, error) {
	if dir == "" {
		return nil, errors.New("vcache: no directory given")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("vcache: %w", err)
	}
	path := filepath.Join(dir, StoreFile)
	db, err := openDB(path)
	var discarded error
	if err != nil && !errors.Is(err, ErrBusy) {
		discarded = err
		if rerr := os.Remove(path); rerr != nil {
			return nil, fmt.Errorf("vcache: %s: %w (and cannot remove it: %v)", path, err, rerr)
		}
		db, err = openDB(path)
	}
	if err != nil {
		return nil, err
	}
	return &Cache{dir: dir, db: db, discarded: discarded, now: time.Now}, nil
}

// openDB opens the store at path and makes its buckets.
func openDB(path string) (*bolt.DB, error) {
	db, err := bolt.Open(path, 0o644, &bolt.Options{Timeout: LockWait})
	if errors.Is(err, berrors.ErrTimeout) {
		return nil, fmt.Errorf("%w (%s, after %s)", ErrBusy, path, LockWait)
	}
	if err != nil {
		return nil, fmt.Errorf("vcache: %s: %w", path, err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		for _, b := range [][]byte{entriesBucket, usedBucket} {
			if _, err := tx.CreateBucketIfNotExists(b); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("vcache: %s: %w", path, err)
	}
	return db, nil
}

// Dir returns the cache's directory.
func (c *Cache) Dir() string { return c.dir }

// Discarded returns why Open removed the store it found and started anew
// (bbolt could not open it), or nil.
func (c *Cache) Discarded() error { return c.discarded }

// Stats returns the counts so far.
func (c *Cache) Stats() Stats {
	return Stats{Hits: int(c.hits.Load()), Misses: int(c.misses.Load()), Rejected: int(c.rejected.Load()), Stale: int(c.stale.Load()), Written: int(c.written.Load()), Failed: int(c.writeErrs.Load())}
}

// Get returns the outcome stored under k, if a sound one is, with the
// Rekor entry it was verified with. The caller must check, before using
// the outcome, that the season's Rekor entry of that uuid hashes to its
// SHA256 (when its UUID is not ""), and call Stale when it does not. An
// entry that does not authenticate (see the package doc) is a miss,
// counted as rejected. After Close, Get misses.
func (c *Cache) Get(k Key) (verify.Outcome, Rekor, bool) {
	var (
		out   verify.Outcome
		r     Rekor
		found bool
		used  time.Time
		err   error
	)
	if data, ok := c.uncommitted(k); ok {
		// An entry Put in this process: sound, as encodeEntry wrote it.
		if out, r, err := decodeEntry(k, data); err == nil {
			c.hits.Add(1)
			return out, r, true
		}
	}
	if !c.closed.Load() {
		err = c.db.View(func(tx *bolt.Tx) error {
			data := tx.Bucket(entriesBucket).Get(k[:])
			if data == nil {
				return nil
			}
			found = true
			if len(data) > MaxEntryBytes {
				return errTooLarge
			}
			if t := tx.Bucket(usedBucket).Get(k[:]); len(t) == 8 {
				used = time.Unix(int64(binary.BigEndian.Uint64(t)), 0)
			}
			// decodeEntry copies what it keeps: data is valid only in
			// the transaction.
			var err error
			out, r, err = decodeEntry(k, data)
			return err
		})
	}
	if found && err == nil {
		if c.now().Sub(used) > touchEvery {
			c.mu.Lock()
			c.touched = append(c.touched, k)
			c.mu.Unlock()
		}
		c.hits.Add(1)
		return out, r, true
	}
	c.misses.Add(1)
	if found || err != nil {
		c.rejected.Add(1)
	}
	return verify.Outcome{}, Rekor{}, false
}

// errTooLarge is an entry over MaxEntryBytes.
var errTooLarge = fmt.Errorf("an entry over %d bytes", MaxEntryBytes)

// Stale records that the caller did not use a hit, its Rekor entry having
// changed: it counts as a miss.
func (c *Cache) Stale() {
	c.hits.Add(-1)
	c.misses.Add(1)
	c.stale.Add(1)
}

// commitEvery is how many entries Put gathers before it commits them in
// one transaction.
const commitEvery = 1024

// Put stores out under k, verified with the Rekor entry r, replacing any
// entry of k. Entries are gathered and committed commitEvery at a time,
// in one transaction (the last ones by Close): Get finds an entry from
// its Put on, another process once it is committed, and an error of the
// commit is returned by the Put that makes it or by Close, with every
// entry it held counted as failed. An outcome that cannot be stored
// exactly (see the package doc) is not stored, and Put returns nil: the
// caller verifies it again next time. After Close, Put fails.
func (c *Cache) Put(k Key, out verify.Outcome, r Rekor) error {
	data, ok := encodeEntry(k, out, r)
	if !ok {
		return nil
	}
	c.mu.Lock()
	if c.closed.Load() {
		c.mu.Unlock()
		c.writeErrs.Add(1)
		return fmt.Errorf("vcache: storing %s: the cache is closed", k)
	}
	if c.pending == nil {
		c.pending = map[Key][]byte{}
	}
	c.pending[k] = data
	c.written.Add(1)
	var b *batch
	if len(c.pending) >= commitEvery {
		b = c.takePending()
	}
	c.mu.Unlock()
	if b == nil {
		return nil
	}
	return c.commit(b)
}

// batch is entries handed to one commit.
type batch struct{ entries map[Key][]byte }

// takePending moves the entries gathered by Put to a batch being
// committed; c.mu is held.
func (c *Cache) takePending() *batch {
	b := &batch{entries: c.pending}
	c.pending = nil
	c.inflight = append(c.inflight, b)
	return b
}

// uncommitted returns the entry of k that Put gathered and that is not
// committed yet, if there is one.
func (c *Cache) uncommitted(k Key) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if data, ok := c.pending[k]; ok {
		return data, true
	}
	for _, b := range c.inflight {
		if data, ok := b.entries[k]; ok {
			return data, true
		}
	}
	return nil, false
}

// commit writes b in one transaction, each entry with the time now.
func (c *Cache) commit(b *batch) error {
	now := unixBytes(c.now())
	err := c.db.Update(func(tx *bolt.Tx) error {
		entries, used := tx.Bucket(entriesBucket), tx.Bucket(usedBucket)
		for k, data := range b.entries {
			if err := entries.Put(k[:], data); err != nil {
				return err
			}
			if err := used.Put(k[:], now); err != nil {
				return err
			}
		}
		return nil
	})
	c.mu.Lock()
	c.inflight = slices.DeleteFunc(c.inflight, func(x *batch) bool { return x == b })
	c.mu.Unlock()
	if err != nil {
		// Counted as written by Put: failed instead.
		c.written.Add(-int64(len(b.entries)))
		c.writeErrs.Add(int64(len(b.entries)))
		return fmt.Errorf("vcache: storing %d entries: %w", len(b.entries), err)
	}
	return nil
}

// unixBytes returns t in Unix seconds, 8 bytes big-endian.
func unixBytes(t time.Time) []byte {
	return binary.BigEndian.AppendUint64(nil, uint64(t.Unix()))
}

// Close commits the entries Put gathered, refreshes the time of the
// entries hit, removes the entries not used for TrimAge and what earlier
// formats left in the directory, and closes the store. After Close, Get
// misses and Put fails. An error of trimming leaves every entry sound.
func (c *Cache) Close() error {
	if c.closed.Swap(true) {
		return nil
	}
	c.mu.Lock()
	var last *batch
	if len(c.pending) > 0 {
		last = c.takePending()
	}
	c.mu.Unlock()
	var commitErr error
	if last != nil {
		commitErr = c.commit(last)
	}
	now := c.now()
	cutoff := now.Add(-TrimAge).Unix()
	err := c.db.Update(func(tx *bolt.Tx) error {
		used := tx.Bucket(usedBucket)
		stamp := unixBytes(now)
		for _, k := range c.touched {
			if err := used.Put(k[:], stamp); err != nil {
				return err
			}
		}
		// Every entry whose time is older than the cutoff, or missing.
		entries := tx.Bucket(entriesBucket)
		var old [][]byte
		cur := entries.Cursor()
		for k, _ := cur.First(); k != nil; k, _ = cur.Next() {
			if t := used.Get(k); len(t) != 8 || int64(binary.BigEndian.Uint64(t)) < cutoff {
				old = append(old, bytes.Clone(k))
			}
		}
		for _, k := range old {
			if err := entries.Delete(k); err != nil {
				return err
			}
			if err := used.Delete(k); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		err = fmt.Errorf("vcache: trimming: %w", err)
	}
	return errors.Join(commitErr, err, removeEarlierFormats(c.dir), c.db.Close())
}

// removeEarlierFormats removes from dir what the earlier formats of the
// cache kept there and this one never reads: the entry files named by a
// key in subdirectories named by its first two hex digits, with their
// temporary files (.tmp-*), the subdirectories once empty, the packs
// (pack-*.vc, .pack-*.tmp) and trim.txt. Nothing else is touched.
func removeEarlierFormats(dir string) error {
	var errs []error
	remove := func(p string) {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	for i := range 256 {
		sub := filepath.Join(dir, fmt.Sprintf("%02x", i))
		des, err := os.ReadDir(sub)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, de := range des {
			if n := de.Name(); de.Type().IsRegular() && (isKeyName(n) || strings.HasPrefix(n, ".tmp-")) {
				remove(filepath.Join(sub, n))
			}
		}
		if des, err := os.ReadDir(sub); err == nil && len(des) == 0 {
			remove(sub)
		}
	}
	top, err := os.ReadDir(dir)
	if err != nil {
		errs = append(errs, err)
	}
	for _, de := range top {
		n := de.Name()
		pack := strings.HasPrefix(n, "pack-") && strings.HasSuffix(n, ".vc") || strings.HasPrefix(n, ".pack-") && strings.HasSuffix(n, ".tmp")
		if de.Type().IsRegular() && (pack || n == "trim.txt" || strings.HasPrefix(n, ".tmp-")) {
			remove(filepath.Join(dir, n))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("vcache: removing the earlier formats' files: %w", err)
	}
	return nil
}

// isKeyName reports whether name is a key in lowercase hex.
func isKeyName(name string) bool {
	if len(name) != hex.EncodedLen(sha256.Size) {
		return false
	}
	for _, r := range name {
		if !('0' <= r && r <= '9' || 'a' <= r && r <= 'f') {
			return false
		}
	}
	return true
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
