package vcache

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/ark-forge/proveit/scorer/anchor"
	"github.com/ark-forge/proveit/scorer/submission"
	"github.com/ark-forge/proveit/scorer/trust"
	"github.com/ark-forge/proveit/scorer/verify"
)

// outcome is an Outcome with every field set, as an Unbound proof with an
// incident reports it.
func outcome() verify.Outcome {
	return verify.Outcome{
		ProofID:             "prf_20261015_120000_abcdef",
		Status:              verify.Unbound,
		Failure:             anchor.Failf("identity", "agent_identity opens to %q, want a DID", "é\u2028"),
		GenTime:             time.Date(2026, 10, 15, 12, 0, 1, 123456789, time.UTC),
		RequestHash:         "aa",
		ResponseHash:        "bb",
		AgentDID:            "did:web:example.org",
		IdentityVerified:    true,
		DIDResolutionStatus: "bound",
		Checks:              []verify.Check{{Name: "chain", Result: "ok", Detail: "recomputed ab"}, {Name: "identity", Result: "failed", Detail: "x\n\"y\""}},
		Incidents:           []verify.Incident{{ProofID: "prf_20261015_120000_abcdef", Field: "seller", Detail: "flat field seller is \"a\""}},
	}
}

func input() Input {
	d := submission.Disclosure{RequestHash: submission.Opening{Nonce: "01", Value: "02"}, ResponseHash: submission.Opening{Nonce: "03", Value: "04"}}
	return Input{View: []byte(`{"proof_id":"x"}`), Disclosure: &d, DID: "did:web:a", Window: trust.Window{From: time.Unix(100, 0), Until: time.Unix(200, 0)}, Trust: [32]byte{1}}
}

func open(t *testing.T) *Cache {
	t.Helper()
	c, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestRoundTrip: a hit returns exactly the outcome stored, field for field,
// for a full outcome, a valid one and one with no time, no failure and no
// incident (nil and empty slices kept apart).
func TestRoundTrip(t *testing.T) {
	full := outcome()
	valid := outcome()
	valid.Status, valid.Failure, valid.Incidents = verify.Valid, nil, nil
	bare := verify.Outcome{ProofID: "p", Status: verify.Invalid, Failure: &anchor.Failure{Check: "spec_version"}, Checks: []verify.Check{}}
	for i, out := range []verify.Outcome{full, valid, bare} {
		c := open(t)
		rekor := RekorOf("24296fb24b8ad77a", []byte(`{"entry":1}`))
		if i == 2 {
			rekor = Rekor{}
		}
		k := Input{View: []byte{byte(i)}}.Key()
		if _, _, ok := c.Get(k); ok {
			t.Fatal("hit in an empty cache")
		}
		if err := c.Put(k, out, rekor); err != nil {
			t.Fatal(err)
		}
		got, r, ok := c.Get(k)
		if !ok {
			t.Fatalf("outcome %d: miss after Put", i)
		}
		if !reflect.DeepEqual(got, out) || r != rekor {
			t.Errorf("outcome %d: got %#v with %+v, want %#v with %+v", i, got, r, out, rekor)
		}
		if s := c.Stats(); s != (Stats{Hits: 1, Misses: 1, Written: 1}) {
			t.Errorf("outcome %d: stats %+v", i, s)
		}
	}
}

// TestNotStored: an outcome that says nothing about the proof (NotFetched)
// and one whose time is not in UTC are not stored.
func TestNotStored(t *testing.T) {
	c := open(t)
	nf := outcome()
	nf.NotFetched = errors.New("not in the cache")
	paris := outcome()
	paris.GenTime = paris.GenTime.In(time.FixedZone("CET", 3600))
	for i, out := range []verify.Outcome{nf, paris} {
		k := Input{View: []byte{byte(i)}}.Key()
		if err := c.Put(k, out, Rekor{}); err != nil {
			t.Fatal(err)
		}
		if _, _, ok := c.Get(k); ok {
			t.Errorf("outcome %d was stored", i)
		}
	}
}

// stored returns the one entry of the one pack in dir.
func stored(t *testing.T, dir string) (string, [][]byte) {
	t.Helper()
	packs, err := Packs(dir)
	if err != nil || len(packs) != 1 {
		t.Fatalf("packs %v, %v; want one", packs, err)
	}
	entries, err := ReadPack(packs[0])
	if err != nil {
		t.Fatal(err)
	}
	return packs[0], entries
}

// TestCorruptEntriesRejected: an entry of a pack with any byte flipped,
// truncated anywhere, written by another verifier version (with a
// consistent hash) or padded is never a hit; when it still names the key
// asked for it is counted as rejected; and a Put then stores the sound
// entry again.
func TestCorruptEntriesRejected(t *testing.T) {
	dir := t.TempDir()
	c, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	k1 := Input{View: []byte("1")}.Key()
	if err := c.Put(k1, outcome(), Rekor{}); err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	path, entries := stored(t, dir)
	good := entries[0]
	_, payload, _ := bytes.Cut(good, []byte("\n\n"))
	otherVersion := append(bytes.Replace(header(k1, payload), []byte("version "+verify.Version), []byte("version verify-0"), 1), payload...)
	cases := map[string][]byte{
		"other version": otherVersion,
		"padded":        append(append([]byte(nil), good...), ' '),
		"empty":         {},
	}
	for i := range good {
		flipped := append([]byte(nil), good...)
		flipped[i] ^= 0x01
		cases["flip byte "+itoa(i)] = flipped
		cases["truncated at "+itoa(i)] = good[:i]
	}
	rejected := 0
	for name, data := range cases {
		if err := WritePack(path, [][]byte{data}); err != nil {
			t.Fatal(err)
		}
		c, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		_, named := entryKey(data)
		if named {
			rejected++
		}
		if out, _, ok := c.Get(k1); ok {
			t.Errorf("%s: hit %+v", name, out)
		} else if k, _ := entryKey(data); k == k1 && c.Stats().Rejected != 1 {
			t.Errorf("%s: an entry naming the key, not counted as rejected: %+v", name, c.Stats())
		}
		if err := c.Put(k1, outcome(), Rekor{}); err != nil {
			t.Fatal(err)
		}
		if got, _, ok := c.Get(k1); !ok || !reflect.DeepEqual(got, outcome()) {
			t.Errorf("%s: after Put over the damaged entry: %v %+v", name, ok, got)
		}
		c.closeFiles() // not Close: the next case starts from the damaged pack alone
	}
	if rejected < len(good) {
		t.Errorf("only %d of the damaged entries still name a key: the rejection is not exercised", rejected)
	}
}

// TestPacks: what a Cache Puts is read by the next Open once it is closed,
// from one pack named by its content's SHA-256; a Cache that is not closed
// leaves no pack; a Get of an entry still buffered reads it.
func TestPacks(t *testing.T) {
	dir := t.TempDir()
	c, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	keys := make([]Key, 50)
	for i := range keys {
		keys[i] = Input{View: []byte(itoa(i))}.Key()
		out := outcome()
		out.ProofID = itoa(i)
		if err := c.Put(keys[i], out, Rekor{}); err != nil {
			t.Fatal(err)
		}
		if got, _, ok := c.Get(keys[i]); !ok || got.ProofID != itoa(i) {
			t.Fatalf("entry %d: buffered, then %v %q", i, ok, got.ProofID)
		}
	}
	unclosed, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, ok := unclosed.Get(keys[0]); ok {
		t.Error("an entry of a Cache not closed yet is read by another")
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	if err := c.Put(keys[0], outcome(), Rekor{}); err == nil {
		t.Error("Put after Close succeeded")
	}
	path, entries := stored(t, dir)
	data, _ := os.ReadFile(path)
	if want := filepath.Join(dir, fmt.Sprintf("pack-%x.vc", sha256.Sum256(data))); path != want {
		t.Errorf("pack %s, want %s", path, want)
	}
	if len(entries) != len(keys) {
		t.Errorf("%d entries in the pack, want %d", len(entries), len(keys))
	}
	again, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	for i, k := range keys {
		if got, _, ok := again.Get(k); !ok || got.ProofID != itoa(i) {
			t.Errorf("entry %d after Close and Open: %v %q", i, ok, got.ProofID)
		}
	}
	lost, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := lost.Put(Input{View: []byte("lost")}.Key(), outcome(), Rekor{}); err != nil {
		t.Fatal(err)
	}
	if packs, _ := Packs(dir); len(packs) != 1 {
		t.Errorf("a Cache not closed named its pack: %v", packs)
	}
}

// TestMerge: past maxPacks packs, Close merges every sound entry of the
// packs into one, damaged entries left out, and the entries are all read
// back.
func TestMerge(t *testing.T) {
	dir := t.TempDir()
	var keys []Key
	for i := range maxPacks + 1 {
		c, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		k := Input{View: []byte(itoa(i))}.Key()
		keys = append(keys, k)
		if err := c.Put(k, outcome(), Rekor{}); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			// A damaged entry in the first pack, under a key of its own.
			bad, _ := encodeEntry(Input{View: []byte("bad")}.Key(), outcome(), Rekor{})
			bad[len(bad)-1] ^= 1
			if err := c.append(Input{View: []byte("bad")}.Key(), bad); err != nil {
				t.Fatal(err)
			}
		}
		if err := c.Close(); err != nil {
			t.Fatal(err)
		}
		packs, _ := Packs(dir)
		if want := min(i+1, maxPacks); i < maxPacks && len(packs) != want {
			t.Fatalf("after %d closes: %d packs, want %d", i+1, len(packs), want)
		}
	}
	_, entries := stored(t, dir)
	if len(entries) != len(keys) {
		t.Errorf("the merged pack holds %d entries, want the %d sound ones", len(entries), len(keys))
	}
	c, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	for i, k := range keys {
		if _, _, ok := c.Get(k); !ok {
			t.Errorf("entry %d lost in the merge", i)
		}
	}
}

// TestBrokenFraming: a pack is read up to a break in its framing (a length
// over MaxEntryBytes, a record cut short), and not at all when it does not
// start with packFormat.
func TestBrokenFraming(t *testing.T) {
	k1, k2 := Input{View: []byte("1")}.Key(), Input{View: []byte("2")}.Key()
	e1, _ := encodeEntry(k1, outcome(), Rekor{})
	e2, _ := encodeEntry(k2, outcome(), Rekor{})
	pack := func(records ...[]byte) []byte {
		b := []byte(packFormat)
		for _, r := range records {
			b = append(b, r...)
		}
		return b
	}
	rec := func(e []byte) []byte { return append(binary.BigEndian.AppendUint32(nil, uint32(len(e))), e...) }
	huge := binary.BigEndian.AppendUint32(nil, MaxEntryBytes+1)
	for _, c := range []struct {
		name   string
		data   []byte
		k1, k2 bool
	}{
		{"whole", pack(rec(e1), rec(e2)), true, true},
		// The record over the bound is whole: only the bound stops the read.
		{"length over the bound", pack(rec(e1), huge, make([]byte, MaxEntryBytes+1), rec(e2)), true, false},
		{"second record cut short", pack(rec(e1), rec(e2)[:len(e2)]), true, false},
		{"length cut short", pack(rec(e1), []byte{0, 0}), true, false},
		{"another format", append([]byte("proveit-vcache-pack 2\n"), pack(rec(e1), rec(e2))[len(packFormat):]...), false, false},
		{"no header", pack(rec(e1), rec(e2))[len(packFormat):], false, false},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "pack-x.vc"), c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		cache, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		_, _, h1 := cache.Get(k1)
		_, _, h2 := cache.Get(k2)
		if h1 != c.k1 || h2 != c.k2 {
			t.Errorf("%s: hits %v %v, want %v %v", c.name, h1, h2, c.k1, c.k2)
		}
		if st := cache.Stats(); st.Rejected != 0 {
			t.Errorf("%s: %d rejected", c.name, st.Rejected)
		}
	}
}

// TestDuplicateKeys: a key whose entry is damaged in one pack and sound in
// another is a hit, whichever pack is read first, and a merge keeps the
// sound entry.
func TestDuplicateKeys(t *testing.T) {
	k := Input{View: []byte("1")}.Key()
	good, _ := encodeEntry(k, outcome(), Rekor{})
	bad := bytes.Clone(good)
	bad[len(bad)-1] ^= 1
	for _, names := range [][2]string{{"pack-a.vc", "pack-b.vc"}, {"pack-b.vc", "pack-a.vc"}} {
		dir := t.TempDir()
		if err := WritePack(filepath.Join(dir, names[0]), [][]byte{good}); err != nil {
			t.Fatal(err)
		}
		if err := WritePack(filepath.Join(dir, names[1]), [][]byte{bad}); err != nil {
			t.Fatal(err)
		}
		c, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, ok := c.Get(k); !ok {
			t.Errorf("sound entry in %s, damaged in %s: a miss", names[0], names[1])
		}
		c.closed = true
		if err := c.merge(); err != nil {
			t.Fatal(err)
		}
		c.closeFiles()
		_, entries := stored(t, dir)
		if len(entries) != 1 || !bytes.Equal(entries[0], good) {
			t.Errorf("merged: %d entries, the sound one kept: %v", len(entries), len(entries) == 1 && bytes.Equal(entries[0], good))
		}
	}
}

// TestConcurrentPutGet: Puts and Gets from many goroutines, Gets of
// entries still buffered among them, all read back.
func TestConcurrentPutGet(t *testing.T) {
	c := open(t)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				k := Input{View: []byte(itoa(g*1000 + i))}.Key()
				if err := c.Put(k, outcome(), Rekor{}); err != nil {
					t.Error(err)
					return
				}
				if _, _, ok := c.Get(k); !ok {
					t.Errorf("goroutine %d, entry %d: miss after Put", g, i)
					return
				}
			}
		}()
	}
	wg.Wait()
	if st := c.Stats(); st.Hits != 1600 || st.Written != 1600 {
		t.Errorf("stats %+v", st)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// TestKeyCoversEveryInput: changing any one thing a verification reads
// changes the key; each case was seen failing with its field left out of
// Key.
func TestKeyCoversEveryInput(t *testing.T) {
	base := input().Key()
	for _, c := range []struct {
		name string
		edit func(*Input)
	}{
		{"view", func(in *Input) { in.View = []byte(`{"proof_id":"y"}`) }},
		{"no disclosure", func(in *Input) { in.Disclosure = nil }},
		{"request nonce", func(in *Input) { d := *in.Disclosure; d.RequestHash.Nonce = "ff"; in.Disclosure = &d }},
		{"request value", func(in *Input) { d := *in.Disclosure; d.RequestHash.Value = "ff"; in.Disclosure = &d }},
		{"response nonce", func(in *Input) { d := *in.Disclosure; d.ResponseHash.Nonce = "ff"; in.Disclosure = &d }},
		{"response value", func(in *Input) { d := *in.Disclosure; d.ResponseHash.Value = "ff"; in.Disclosure = &d }},
		{"nonce and value shifted", func(in *Input) {
			d := *in.Disclosure
			d.RequestHash.Nonce, d.RequestHash.Value = "010", "2"
			in.Disclosure = &d
		}},
		{"DID", func(in *Input) { in.DID = "did:web:b" }},
		{"window from", func(in *Input) { in.Window.From = in.Window.From.Add(time.Nanosecond) }},
		{"window until", func(in *Input) { in.Window.Until = in.Window.Until.Add(time.Second) }},
		{"no window", func(in *Input) { in.Window = trust.Window{} }},
		{"trust", func(in *Input) { in.Trust[31] = 1 }},
	} {
		in := input()
		c.edit(&in)
		if in.Key() == base {
			t.Errorf("%s: same key", c.name)
		}
	}
	keyVersion = "verify-0"
	if input().Key() == base {
		t.Error("another verify.Version: same key")
	}
	keyVersion = verify.Version
	// The same inputs in another time zone are the same inputs.
	in := input()
	in.Window.From = in.Window.From.In(time.FixedZone("X", 7200))
	if in.Key() != base {
		t.Error("the window's time zone changes the key")
	}
}

// TestOpenRefusesEmptyDir: a cache needs a directory.
func TestOpenRefusesEmptyDir(t *testing.T) {
	if _, err := Open(""); err == nil {
		t.Error("Open(\"\") succeeded")
	}
	if d, err := DefaultDir(); err == nil && d == "" {
		t.Error("DefaultDir is empty")
	}
}

// FuzzReadPayload: the payload reader never panics, and what it accepts
// is exactly what writePayload writes for the outcome it reads: one
// payload per outcome, nothing ignored.
func FuzzReadPayload(f *testing.F) {
	full := outcome()
	f.Add(writePayload(nil, full, RekorOf("u", []byte("e"))))
	f.Add(writePayload(nil, verify.Outcome{Checks: []verify.Check{}}, Rekor{}))
	f.Add(writePayload(nil, verify.Outcome{}, Rekor{}))
	f.Fuzz(func(t *testing.T, b []byte) {
		out, rk, err := readPayload(b)
		if err != nil {
			return
		}
		if again := writePayload(nil, out, rk); !bytes.Equal(again, b) {
			t.Fatalf("payload %x reads as %+v, which writes %x", b, out, again)
		}
	})
}

// TestEntryFormat: an entry's bytes are those of the published format
// (the package doc: a header, then the payload): the header written out literally, so
// that a cache an earlier build wrote stays readable; Put stores exactly
// encodeEntry's bytes from its pooled buffers, entry after entry (a buffer
// reused with what a longer entry left in it would show here).
func TestEntryFormat(t *testing.T) {
	k := Input{View: []byte("v")}.Key()
	payload := []byte("payload")
	sum := sha256.Sum256(payload)
	want := fmt.Sprintf("proveit-vcache 2\nversion %s\nkey %x\nsha256 %x\n\n", verify.Version, k[:], sum[:])
	if got := string(header(k, payload)); got != want {
		t.Fatalf("header\n%q\nwant\n%q", got, want)
	}
	c := open(t)
	long := outcome()
	long.Failure = anchor.Failf("identity", "%s", bytes.Repeat([]byte("x"), 5000))
	short := verify.Outcome{ProofID: "p", Status: verify.Valid}
	var keys []Key
	var outs []verify.Outcome
	for i, out := range []verify.Outcome{long, short, outcome(), short} {
		k := Input{View: []byte{byte(i)}}.Key()
		if err := c.Put(k, out, Rekor{}); err != nil {
			t.Fatal(err)
		}
		keys, outs = append(keys, k), append(outs, out)
	}
	for i, k := range keys {
		want, _ := encodeEntry(k, outs[i], Rekor{})
		c.mu.Lock()
		loc := c.index[k]
		c.mu.Unlock()
		if err := c.pending.w.Flush(); err != nil {
			t.Fatal(err)
		}
		got := make([]byte, loc.length)
		if _, err := c.packs[loc.pack].ReadAt(got, loc.offset); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("entry %d: stored\n%q\nwant\n%q", i, got, want)
		}
	}
}

// TestPutAllocations: Put makes an entry in reused buffers, not in new
// ones grown by append: a handful of allocations an entry, where making
// it afresh took 9 (seen with Put calling encodeEntry).
func TestPutAllocations(t *testing.T) {
	c := open(t)
	out := outcome()
	i := 0
	allocs := testing.AllocsPerRun(200, func() {
		i++
		k := Input{View: []byte(strconv.Itoa(i))}.Key()
		if err := c.Put(k, out, Rekor{}); err != nil {
			t.Fatal(err)
		}
	})
	fresh := testing.AllocsPerRun(200, func() { encodeEntry(Key{}, out, Rekor{}) })
	t.Logf("Put: %.1f allocations; encodeEntry alone: %.1f", allocs, fresh)
	if allocs >= fresh {
		t.Fatalf("Put makes %.1f allocations an entry, encodeEntry alone %.1f", allocs, fresh)
	}
}

// TestEntryBufBounded: a buffer that an outcome with long details grew is
// not kept in the pool; one of ordinary size is.
func TestEntryBufBounded(t *testing.T) {
	long := outcome()
	long.Failure = anchor.Failf("identity", "%s", bytes.Repeat([]byte("x"), maxKeptEntryBuf))
	for _, c := range []struct {
		out  verify.Outcome
		kept bool
	}{{outcome(), true}, {long, false}} {
		e := new(entryBuf)
		if _, ok := e.encode(Key{}, c.out, Rekor{}); !ok {
			t.Fatal("not encoded")
		}
		if got := e.release(); got != c.kept {
			t.Errorf("entry of %d bytes: kept %v, want %v", len(e.entry), got, c.kept)
		}
	}
}
