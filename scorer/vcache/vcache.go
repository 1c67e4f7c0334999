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
// Entries are kept in packs, so that a build of ten thousand participants
// writes a few files rather than a million: a pack, pack-<SHA-256 of its
// bytes>.vc, is the line packFormat then records, each an entry's length
// (four bytes, big-endian) and the entry. Open reads the key each entry
// names; a Cache appends what it Puts to a pack of its own under a
// temporary name, which Close gives its name; when a directory holds more
// than maxPacks packs, Close merges them into one. Packs are never
// rewritten in place, so several processes may share a directory: each
// reads the packs there at its Open and writes its own. A build that is
// killed leaves its pack under its temporary name (.pack-*.tmp), never
// read; the one file per entry that earlier builds wrote (<dir>/<2
// hex>/<key>) is not read either; both may be deleted.
//
// Each entry authenticates itself: it holds a header naming the
// format, verify.Version, its key and the SHA-256 of its payload, then the
// payload (the outcome in a length-prefixed binary form, read without
// reflection). Get checks all four and reads the payload strictly, to its
// last byte; an entry that is truncated, altered, indexed under another
// key or written by another version is counted in Stats.Rejected and
// reported as a miss, so that the caller verifies again and Put stores it
// anew. A pack whose framing breaks is read up to the break: what follows
// is a miss. A hit is never trusted beyond that: the hash detects
// corruption, not a writer who can recompute it, and the cache directory
// is as trusted as the season's own files. Outcomes that say nothing about
// the proof (an Outcome with NotFetched) are never stored.
//
// A Cache is safe for concurrent use.
package vcache

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ark-forge/proveit/scorer/anchor"
	"github.com/ark-forge/proveit/scorer/submission"
	"github.com/ark-forge/proveit/scorer/trust"
	"github.com/ark-forge/proveit/scorer/verify"
)

// format is the first line of every entry.
const format = "proveit-vcache 2"

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

// Cache is a directory of packs (see the package doc).
type Cache struct {
	dir string

	mu      sync.Mutex
	index   map[Key]location   // every entry of the packs read at Open, and those Put since
	others  map[Key][]location // the other entries of a key indexed in several packs
	packs   []*os.File         // the packs read at Open, in name order, then the one being written
	paths   []string           // their paths
	pending *pendingPack       // the pack Put writes, nil before the first Put
	closed  bool

	hits, misses, rejected, stale, written atomic.Int64
	writeErrs                              atomic.Int64
}

// location is where an entry lies: a pack (an index into Cache.packs), the
// offset of the entry's first byte and its length.
type location struct {
	pack   int
	offset int64
	length int
}

// pendingPack is the pack this Cache writes: a temporary file of the
// directory, renamed to its content's name by Close.
type pendingPack struct {
	f      *os.File
	w      *bufio.Writer
	sum    hash.Hash // of every byte written, for the pack's name
	offset int64     // bytes written, buffered or not
	dirty  bool      // bytes are buffered
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

// packFormat is the first line of every pack.
const packFormat = "proveit-vcache-pack 1\n"

// maxPacks is how many packs Close lets a directory hold before it merges
// them into one.
const maxPacks = 8

// Open returns the cache kept in dir, creating the directory if needed,
// and reads the index of every pack in it: the key each entry names. A
// pack that does not start with packFormat is not read; one whose framing
// breaks (a length over MaxEntryBytes, a record cut short) is read up to
// the break. Nothing is trusted here: Get authenticates each entry it
// returns.
func Open(dir string) (*Cache, error) {
	if dir == "" {
		return nil, errors.New("vcache: no directory given")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("vcache: %w", err)
	}
	paths, err := Packs(dir)
	if err != nil {
		return nil, err
	}
	c := &Cache{dir: dir, index: map[Key]location{}, others: map[Key][]location{}}
	for _, p := range paths {
		f, err := os.Open(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue // merged by another process since the glob
		}
		if err != nil {
			c.closeFiles()
			return nil, fmt.Errorf("vcache: %w", err)
		}
		n := len(c.packs)
		c.packs, c.paths = append(c.packs, f), append(c.paths, p)
		if err := scanPack(f, func(k Key, offset int64, length int) {
			loc := location{pack: n, offset: offset, length: length}
			if first, dup := c.index[k]; dup {
				c.others[k] = append(c.others[k], first)
			}
			c.index[k] = loc
		}); err != nil {
			c.closeFiles()
			return nil, fmt.Errorf("vcache: %s: %w", p, err)
		}
	}
	return c, nil
}

// Packs returns the paths of the packs in dir, sorted.
func Packs(dir string) ([]string, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "pack-*.vc"))
	if err != nil {
		return nil, fmt.Errorf("vcache: %w", err)
	}
	sort.Strings(paths)
	return paths, nil
}

// scanPack calls found with the key, offset and length of each record of
// the pack f whose entry names a key, up to the end or the first break in
// the framing. Only a read error is an error.
func scanPack(f *os.File, found func(k Key, offset int64, length int)) error {
	r := bufio.NewReaderSize(f, 1<<16)
	head := make([]byte, len(packFormat))
	if _, err := io.ReadFull(r, head); err != nil || string(head) != packFormat {
		return nil // not a pack of this format: nothing in it is read
	}
	offset := int64(len(packFormat))
	var n [4]byte
	for {
		if _, err := io.ReadFull(r, n[:]); err != nil {
			return nil // the end, or a record cut short
		}
		length := int(binary.BigEndian.Uint32(n[:]))
		if length > MaxEntryBytes {
			return nil
		}
		offset += 4
		// The key is on the third line of an entry's header.
		peek, _ := r.Peek(min(length, 256))
		k, named := entryKey(peek)
		if d, err := r.Discard(length); err != nil || d != length {
			return nil // cut short: not indexed
		}
		if named {
			found(k, offset, length)
		}
		offset += int64(length)
	}
}

// ReadPack returns the entries of the pack at path, in order, up to the
// end or a break in its framing: for tools and tests that inspect a
// cache. Nothing is authenticated.
func ReadPack(path string) ([][]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("vcache: %w", err)
	}
	rest, ok := bytes.CutPrefix(data, []byte(packFormat))
	if !ok {
		return nil, fmt.Errorf("vcache: %s is not a pack (%q)", path, strings.TrimSuffix(packFormat, "\n"))
	}
	var out [][]byte
	for len(rest) >= 4 {
		n := int(binary.BigEndian.Uint32(rest))
		if n > MaxEntryBytes || n > len(rest)-4 {
			break
		}
		out = append(out, rest[4:4+n])
		rest = rest[4+n:]
	}
	return out, nil
}

// WritePack writes entries as a pack at path, as they are: for tools and
// tests that repair or damage a cache.
func WritePack(path string, entries [][]byte) error {
	b := []byte(packFormat)
	for _, e := range entries {
		b = binary.BigEndian.AppendUint32(b, uint32(len(e)))
		b = append(b, e...)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return fmt.Errorf("vcache: %w", err)
	}
	return nil
}

// entryKey reads the key an entry names in its header.
func entryKey(b []byte) (Key, bool) {
	var k Key
	rest, ok := bytes.CutPrefix(b, []byte(format+"\n"))
	if !ok {
		return k, false
	}
	if _, rest, ok = bytes.Cut(rest, []byte("\n")); !ok { // the version line
		return k, false
	}
	line, _, ok := bytes.Cut(rest, []byte("\n"))
	h, isKey := bytes.CutPrefix(line, []byte("key "))
	if !ok || !isKey || len(h) != hex.EncodedLen(len(k)) {
		return k, false
	}
	if _, err := hex.Decode(k[:], h); err != nil {
		return k, false
	}
	return k, true
}

// Dir returns the cache's directory.
func (c *Cache) Dir() string { return c.dir }

// Stats returns the counts so far.
func (c *Cache) Stats() Stats {
	return Stats{Hits: int(c.hits.Load()), Misses: int(c.misses.Load()), Rejected: int(c.rejected.Load()), Stale: int(c.stale.Load()), Written: int(c.written.Load()), Failed: int(c.writeErrs.Load())}
}

// Get returns the outcome stored under k, if a sound one is, with the
// Rekor entry it was verified with. The caller must check, before using
// the outcome, that the season's Rekor entry of that uuid hashes to its
// SHA256 (when its UUID is not ""), and call Stale when it does not. An
// entry that does not authenticate (see the package doc) is a miss.
func (c *Cache) Get(k Key) (verify.Outcome, Rekor, bool) {
	locs := c.locations(k)
	for _, loc := range locs {
		data, ok := c.read(loc)
		if !ok {
			continue
		}
		if out, r, err := decodeEntry(k, data); err == nil {
			c.hits.Add(1)
			return out, r, true
		}
	}
	c.misses.Add(1)
	if len(locs) > 0 {
		c.rejected.Add(1)
	}
	return verify.Outcome{}, Rekor{}, false
}

// locations returns where the entries indexed under k lie, the one Put
// last or read in the last pack first, then those of earlier packs.
func (c *Cache) locations(k Key) []location {
	c.mu.Lock()
	defer c.mu.Unlock()
	loc, ok := c.index[k]
	if !ok || c.closed {
		return nil
	}
	return append([]location{loc}, c.others[k]...)
}

// read returns the bytes of the entry at loc, false when they cannot be
// read whole.
func (c *Cache) read(loc location) ([]byte, bool) {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return nil, false
	}
	if p := c.pending; p != nil && loc.pack == len(c.packs)-1 && p.dirty {
		if err := p.w.Flush(); err != nil {
			c.mu.Unlock()
			return nil, false
		}
		p.dirty = false
	}
	f := c.packs[loc.pack]
	c.mu.Unlock()
	data := make([]byte, loc.length)
	if _, err := f.ReadAt(data, loc.offset); err != nil {
		return nil, false
	}
	return data, true
}

// Stale records that the caller did not use a hit, its Rekor entry having
// changed: it counts as a miss.
func (c *Cache) Stale() {
	c.hits.Add(-1)
	c.misses.Add(1)
	c.stale.Add(1)
}

// Put stores out under k, verified with the Rekor entry r, in the pack
// this Cache writes (Close names it). An outcome that cannot be stored
// exactly (one with NotFetched, or a genTime outside UTC, which every
// token's is) is not stored, and Put returns nil: the caller verifies it
// again next time.
func (c *Cache) Put(k Key, out verify.Outcome, r Rekor) error {
	// The entry is made in a pooled buffer: the pack's writer copies it.
	e := entryBufs.Get().(*entryBuf)
	defer e.release()
	data, ok := e.encode(k, out, r)
	if !ok {
		return nil
	}
	if err := c.append(k, data); err != nil {
		c.writeErrs.Add(1)
		return fmt.Errorf("vcache: storing %s: %w", k, err)
	}
	c.written.Add(1)
	return nil
}

func (c *Cache) append(k Key, data []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return errors.New("the cache is closed")
	}
	if c.pending == nil {
		p, err := newPending(c.dir)
		if err != nil {
			return err
		}
		c.pending = p
		c.packs, c.paths = append(c.packs, p.f), append(c.paths, p.f.Name())
	}
	p := c.pending
	offset, err := p.record(data)
	if err != nil {
		return err
	}
	if first, dup := c.index[k]; dup {
		c.others[k] = append(c.others[k], first)
	}
	c.index[k] = location{pack: len(c.packs) - 1, offset: offset, length: len(data)}
	return nil
}

func newPending(dir string) (*pendingPack, error) {
	f, err := os.CreateTemp(dir, ".pack-*.tmp")
	if err != nil {
		return nil, err
	}
	p := &pendingPack{f: f, sum: sha256.New()}
	p.w = bufio.NewWriterSize(io.MultiWriter(f, p.sum), 1<<16)
	if _, err := p.w.WriteString(packFormat); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	p.offset = int64(len(packFormat))
	return p, nil
}

// record appends one entry, and returns the offset of its first byte.
func (p *pendingPack) record(data []byte) (int64, error) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	if _, err := p.w.Write(n[:]); err != nil {
		return 0, err
	}
	if _, err := p.w.Write(data); err != nil {
		return 0, err
	}
	p.dirty = true
	offset := p.offset + 4
	p.offset = offset + int64(len(data))
	return offset, nil
}

// finish writes what is buffered and renames the pack to
// pack-<SHA-256 of its bytes>.vc in dir; it returns the new path.
func (p *pendingPack) finish(dir string) (string, error) {
	err := p.w.Flush()
	if cerr := p.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(p.f.Name())
		return "", err
	}
	path := filepath.Join(dir, fmt.Sprintf("pack-%x.vc", p.sum.Sum(nil)))
	if err := os.Rename(p.f.Name(), path); err != nil {
		os.Remove(p.f.Name())
		return "", err
	}
	return path, nil
}

// Close names the pack this Cache wrote, if it wrote one, so that the next
// Open reads it, and, when the directory then holds more than maxPacks
// packs, merges every sound entry of the packs this Cache read and wrote
// into one (in key order) and removes them. Entries Put by a Cache that is
// never closed are lost, never half-read: its pack keeps a temporary name.
// After Close, Get misses and Put fails.
func (c *Cache) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return nil
	}
	c.closed = true
	defer c.closeFiles()
	if p := c.pending; p != nil {
		path, err := p.finish(c.dir)
		c.pending = nil
		c.packs = c.packs[:len(c.packs)-1]
		c.paths = c.paths[:len(c.paths)-1]
		if err != nil {
			return fmt.Errorf("vcache: writing the pack: %w", err)
		}
		f, err := os.Open(path)
		if err != nil {
			return fmt.Errorf("vcache: %w", err)
		}
		c.packs, c.paths = append(c.packs, f), append(c.paths, path)
	}
	all, err := Packs(c.dir)
	if err != nil || len(all) <= maxPacks {
		return err
	}
	return c.merge()
}

// merge writes every sound entry of c's packs into one pack, then removes
// the packs it merged (but the new one, should it have the name of one).
func (c *Cache) merge() error {
	keys := make([]Key, 0, len(c.index))
	for k := range c.index {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return bytes.Compare(keys[i][:], keys[j][:]) < 0 })
	p, err := newPending(c.dir)
	if err != nil {
		return fmt.Errorf("vcache: merging: %w", err)
	}
	for _, k := range keys {
		for _, loc := range append([]location{c.index[k]}, c.others[k]...) {
			data := make([]byte, loc.length)
			if _, err := c.packs[loc.pack].ReadAt(data, loc.offset); err != nil {
				continue
			}
			if _, _, err := decodeEntry(k, data); err != nil {
				continue
			}
			if _, err := p.record(data); err != nil {
				p.f.Close()
				os.Remove(p.f.Name())
				return fmt.Errorf("vcache: merging: %w", err)
			}
			break
		}
	}
	merged, err := p.finish(c.dir)
	if err != nil {
		return fmt.Errorf("vcache: merging: %w", err)
	}
	for _, old := range c.paths {
		if old != merged {
			os.Remove(old)
		}
	}
	return nil
}

// closeFiles closes every pack c has open.
func (c *Cache) closeFiles() {
	for _, f := range c.packs {
		f.Close()
	}
	if c.pending != nil {
		c.pending.f.Close()
		os.Remove(c.pending.f.Name())
		c.pending = nil
	}
	c.packs, c.paths = nil, nil
}

// header returns the lines an entry of k with payload starts with.
func header(k Key, payload []byte) []byte {
	return appendHeader(nil, k, payload)
}

// appendHeader appends the header of an entry of payload under k to b.
func appendHeader(b []byte, k Key, payload []byte) []byte {
	sum := sha256.Sum256(payload)
	b = append(b, format+"\nversion "+verify.Version+"\nkey "...)
	b = hex.AppendEncode(b, k[:])
	b = append(b, "\nsha256 "...)
	b = hex.AppendEncode(b, sum[:])
	return append(b, "\n\n"...)
}

// The payload is the outcome's fields in a fixed order, each string and
// byte string as a uvarint length then its bytes, each flag as one byte 0
// or 1: no reflection, and a strict reader (writePayload, readPayload).
func encodeEntry(k Key, out verify.Outcome, rk Rekor) ([]byte, bool) {
	return new(entryBuf).encode(k, out, rk)
}

// entryBuf is where Put makes an entry: the payload, then the header and
// the payload, in buffers reused from one Put to the next.
type entryBuf struct{ payload, entry []byte }

var entryBufs = sync.Pool{New: func() any { return new(entryBuf) }}

// maxKeptEntryBuf bounds what a pooled entryBuf keeps between uses: an
// outcome with long details does not keep its buffers.
const maxKeptEntryBuf = 64 << 10

// encode is encodeEntry into e's buffers; the entry is valid until e is
// released.
func (e *entryBuf) encode(k Key, out verify.Outcome, rk Rekor) ([]byte, bool) {
	if out.NotFetched != nil || (!out.GenTime.IsZero() && out.GenTime.Location() != time.UTC) {
		return nil, false
	}
	e.payload = writePayload(e.payload[:0], out, rk)
	e.entry = append(appendHeader(e.entry[:0], k, e.payload), e.payload...)
	return e.entry, true
}

// release puts e back into the pool unless one of its buffers outgrew
// maxKeptEntryBuf; it reports whether it kept e.
func (e *entryBuf) release() bool {
	if cap(e.payload) > maxKeptEntryBuf || cap(e.entry) > maxKeptEntryBuf {
		return false
	}
	entryBufs.Put(e)
	return true
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
	str(out.KeyID)
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
	out.KeyID = r.str()
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
