package vcache

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ark-forge/proveit/scorer/anchor"
	"github.com/ark-forge/proveit/scorer/submission"
	"github.com/ark-forge/proveit/scorer/trust"
	"github.com/ark-forge/proveit/scorer/verify"
)

// outcome is an Outcome with every field set but NotFetched (an outcome
// with it is never stored), as an Unbound proof with an incident reports
// it; TestEveryFieldKept holds it to that.
func outcome() verify.Outcome {
	return verify.Outcome{
		ProofID:             "prf_20261015_120000_abcdef",
		Status:              verify.Unbound,
		Failure:             anchor.Failf("identity", "agent_identity opens to %q, want a DID <&>", "é\u2028"),
		GenTime:             time.Date(2026, 10, 15, 12, 0, 1, 123456789, time.UTC),
		KeyID:               "arkforge-2026-01",
		RequestHash:         "aa",
		ResponseHash:        "bb",
		AgentDID:            "did:web:example.org",
		IdentityVerified:    true,
		DIDResolutionStatus: "bound",
		Checks:              []verify.Check{{Name: "chain", Result: "ok", Detail: "recomputed ab"}, {Name: "identity", Result: "failed", Detail: "x\n\n\"y\""}},
		Incidents:           []verify.Incident{{ProofID: "prf_20261015_120000_abcdef", Field: "seller", Detail: "flat field seller is \"a\""}},
	}
}

func input() Input {
	d := submission.Disclosure{RequestHash: submission.Opening{Nonce: "01", Value: "02"}, ResponseHash: submission.Opening{Nonce: "03", Value: "04"}}
	return Input{View: []byte(`{"proof_id":"x"}`), Disclosure: &d, DID: "did:web:a", Window: trust.Window{From: time.Unix(100, 0), Until: time.Unix(200, 0)}, Trust: [32]byte{1}}
}

// open opens the cache of dir, closed at the end of the test.
func open(t *testing.T, dir string) *Cache {
	t.Helper()
	c, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func closeCache(t *testing.T, c *Cache) {
	t.Helper()
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
}

// stored returns the entries in the cache of dir, by key: the files named
// by a key in the subdirectory of its first two hex digits.
func stored(t *testing.T, dir string) map[Key][]byte {
	t.Helper()
	out := map[Key][]byte{}
	subs, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, sub := range subs {
		if !sub.IsDir() {
			continue
		}
		des, err := os.ReadDir(filepath.Join(dir, sub.Name()))
		if err != nil {
			t.Fatal(err)
		}
		for _, de := range des {
			b, err := hex.DecodeString(de.Name())
			if err != nil || len(b) != len(Key{}) || sub.Name() != de.Name()[:2] {
				continue
			}
			data, err := os.ReadFile(filepath.Join(dir, sub.Name(), de.Name()))
			if err != nil {
				t.Fatal(err)
			}
			out[Key(b)] = data
		}
	}
	return out
}

// write puts data as the entry of k in the cache of dir, whatever it is.
func write(t *testing.T, dir string, k Key, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(Path(dir, k)), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(Path(dir, k), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// notCached are the fields of verify.Outcome the cache does not keep, and
// why: an outcome with NotFetched is never stored (TestNotStored).
var notCached = map[string]bool{"verify.Outcome.NotFetched": true}

// allSet fails t for every exported field of v, a value of a struct of
// package verify or anchor, that is zero (but those of notCached), and
// walks into pointers, slices (each must have an element) and the
// structs of those packages; it records the struct types it walked.
func allSet(t *testing.T, v reflect.Value, path string, walked map[reflect.Type]bool) {
	t.Helper()
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			t.Errorf("%s is nil", path)
			return
		}
		allSet(t, v.Elem(), path, walked)
	case reflect.Slice:
		if v.Len() == 0 {
			t.Errorf("%s has no element", path)
		}
		for i := range v.Len() {
			allSet(t, v.Index(i), fmt.Sprintf("%s[%d]", path, i), walked)
		}
	case reflect.Struct:
		typ := v.Type()
		if pkg := typ.PkgPath(); !strings.HasSuffix(pkg, "/scorer/verify") && !strings.HasSuffix(pkg, "/scorer/anchor") {
			return // time.Time: its field is checked as a whole
		}
		walked[typ] = true
		for i := range typ.NumField() {
			f := typ.Field(i)
			name := typ.String() + "." + f.Name
			if !f.IsExported() || notCached[name] {
				continue
			}
			if v.Field(i).IsZero() {
				t.Errorf("%s (%s) is zero in the sample", path+"."+f.Name, name)
				continue
			}
			allSet(t, v.Field(i), path+"."+f.Name, walked)
		}
	}
}

// TestEveryFieldKept: the sample sets every exported field of
// verify.Outcome, verify.Check, verify.Incident and anchor.Failure (but
// NotFetched, never stored), and reads back from the directory, through
// another Cache, equal to it (reflect.DeepEqual), as does each status a
// verification gives. A field added to one of those types fails here
// until the sample sets it and the cache keeps it.
func TestEveryFieldKept(t *testing.T) {
	sample := outcome()
	walked := map[reflect.Type]bool{}
	allSet(t, reflect.ValueOf(sample), "sample", walked)
	for _, typ := range []reflect.Type{reflect.TypeFor[verify.Outcome](), reflect.TypeFor[verify.Check](), reflect.TypeFor[verify.Incident](), reflect.TypeFor[anchor.Failure]()} {
		if !walked[typ] {
			t.Errorf("the sample holds no %s", typ)
		}
	}
	dir := t.TempDir()
	outs := []verify.Outcome{sample}
	for _, st := range []verify.Status{verify.Pending, verify.Invalid, verify.Valid} {
		o := outcome()
		o.Status = st
		outs = append(outs, o)
	}
	rk := RekorOf("24296fb24b8ad77a", []byte(`{"entry":1}`))
	w := open(t, dir)
	for i, o := range outs {
		if err := w.Put(Input{View: []byte{byte(i)}}.Key(), o, rk); err != nil {
			t.Fatal(err)
		}
	}
	closeCache(t, w)
	r := open(t, dir)
	for i, o := range outs {
		got, gotRk, ok := r.Get(Input{View: []byte{byte(i)}}.Key())
		if !ok {
			t.Fatalf("outcome %d (%s): a miss", i, o.Status)
		}
		if !reflect.DeepEqual(got, o) || gotRk != rk {
			t.Errorf("outcome %d: read back\n%#v with %+v\nwant\n%#v with %+v", i, got, gotRk, o, rk)
		}
	}
}

// TestRoundTrip: a hit returns exactly the outcome stored, field for field,
// for a full outcome, a valid one and one with no time, no failure and no
// incident (nil and empty slices kept apart), with a Rekor entry or none.
func TestRoundTrip(t *testing.T) {
	full := outcome()
	valid := outcome()
	valid.Status, valid.Failure, valid.Incidents = verify.Valid, nil, nil
	bare := verify.Outcome{ProofID: "p", Status: verify.Invalid, Failure: &anchor.Failure{Check: "spec_version"}, Checks: []verify.Check{}}
	for i, out := range []verify.Outcome{full, valid, bare, {}} {
		c := open(t, t.TempDir())
		rekor := RekorOf("24296fb24b8ad77a", []byte(`{"entry":1}`))
		if i >= 2 {
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
		closeCache(t, c)
		if s := c.Stats(); s != (Stats{Hits: 1, Misses: 1, Written: 1}) {
			t.Errorf("outcome %d: stats %+v", i, s)
		}
	}
}

// TestNotStored: an outcome that says nothing about the proof (NotFetched,
// Incomplete), one whose time is not in UTC, one with a string that is
// not UTF-8 (encoding/json would replace its bytes) and one whose entry
// would be over MaxEntryBytes are not stored, and Put says nothing.
func TestNotStored(t *testing.T) {
	dir := t.TempDir()
	c := open(t, dir)
	nf := outcome()
	nf.NotFetched = errors.New("not in the cache")
	incomplete := outcome()
	incomplete.Status = verify.Incomplete
	paris := outcome()
	paris.GenTime = paris.GenTime.In(time.FixedZone("CET", 3600))
	huge := outcome()
	huge.Failure = anchor.Failf("identity", "%s", strings.Repeat("x", MaxEntryBytes))
	cases := map[string]verify.Outcome{"NotFetched": nf, "Incomplete": incomplete, "genTime in CET": paris, "over the bound": huge}
	for i, edit := range []func(*verify.Outcome, string){
		func(o *verify.Outcome, s string) { o.ProofID = s },
		func(o *verify.Outcome, s string) { o.KeyID = s },
		func(o *verify.Outcome, s string) { o.Failure.Detail = s },
		func(o *verify.Outcome, s string) { o.Checks[1].Detail = s },
		func(o *verify.Outcome, s string) { o.Incidents[0].Field = s },
		func(o *verify.Outcome, s string) { o.DIDResolutionStatus = s },
	} {
		o := outcome()
		edit(&o, "a\xffb")
		cases["not UTF-8 "+itoa(i)] = o
	}
	for name, out := range cases {
		k := Input{View: []byte(name)}.Key()
		if err := c.Put(k, out, Rekor{}); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if _, _, ok := c.Get(k); ok {
			t.Errorf("%s was stored", name)
		}
	}
	if err := c.Put(Input{View: []byte("bad rekor")}.Key(), outcome(), Rekor{UUID: "\xff"}); err != nil {
		t.Error(err)
	}
	closeCache(t, c)
	if got := stored(t, dir); len(got) != 0 || c.Stats().Written != 0 || c.Stats().Rejected != 0 {
		t.Errorf("%d entries, stats %+v: want nothing stored", len(got), c.Stats())
	}
}

// TestLayout: an entry is one file, <dir>/<first two hex digits>/<key in
// hex>, holding exactly the header and payload of encodeEntry; another
// Cache of the directory reads it; a second Put replaces it; nothing else
// is left in the directory but trim.txt.
func TestLayout(t *testing.T) {
	dir := t.TempDir()
	c := open(t, dir)
	k := input().Key()
	if err := c.Put(k, outcome(), Rekor{}); err != nil {
		t.Fatal(err)
	}
	h := k.String()
	if p := Path(dir, k); p != filepath.Join(dir, h[:2], h) {
		t.Errorf("Path = %s, want <dir>/%s/%s", p, h[:2], h)
	}
	want, _ := encodeEntry(k, outcome(), Rekor{})
	if got := stored(t, dir); len(got) != 1 || !bytes.Equal(got[k], want) {
		t.Errorf("stored %q, want only\n%q", got, want)
	}
	if out, _, ok := open(t, dir).Get(k); !ok || !reflect.DeepEqual(out, outcome()) {
		t.Errorf("another Cache of the directory: %v %+v", ok, out)
	}
	valid := outcome()
	valid.Status = verify.Valid
	if err := c.Put(k, valid, Rekor{}); err != nil {
		t.Fatal(err)
	}
	closeCache(t, c)
	if out, _, ok := open(t, dir).Get(k); !ok || out.Status != verify.Valid {
		t.Errorf("after a second Put: %v %s, want the second outcome", ok, out.Status)
	}
	var names []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			names = append(names, rel)
		}
		return nil
	})
	if want := []string{filepath.Join(h[:2], h), trimStamp}; !slices.Equal(names, want) {
		t.Errorf("the directory holds %v, want %v", names, want)
	}
}

// TestCorruptEntriesRejected: an entry with any byte flipped, truncated
// anywhere, written under another format or verifier version (with a
// consistent hash), another key's entry, padded, empty, or with a payload
// that hashes right but is not one Put writes, is never a hit: it is
// counted as rejected, and a Put then stores the sound entry again.
func TestCorruptEntriesRejected(t *testing.T) {
	k1, k2 := Input{View: []byte("1")}.Key(), Input{View: []byte("2")}.Key()
	good, _ := encodeEntry(k1, outcome(), RekorOf("u", []byte("e")))
	_, payload, _ := bytes.Cut(good, []byte("\n\n"))
	other, _ := encodeEntry(k2, outcome(), RekorOf("u", []byte("e")))
	sealed := func(p string) []byte { return append(header(k1, []byte(p)), p...) }
	cases := map[string][]byte{
		"other version": append(bytes.Replace(header(k1, payload), []byte("version "+verify.Version), []byte("version verify-0"), 1), payload...),
		"other format":  append(bytes.Replace(header(k1, payload), []byte(format), []byte("proveit-vcache 2"), 1), payload...),
		"other key":     other,
		"padded":        append(bytes.Clone(good), ' '),
		"empty":         {},
		// Payloads that hash right but that Put never writes.
		"unknown field":  sealed(strings.Replace(string(payload), `"key_id"`, `"kid"`, 1)),
		"two objects":    sealed(string(payload) + "{}"),
		"status 4":       sealed(strings.Replace(string(payload), `"status":2`, `"status":4`, 1)),
		"status -1":      sealed(strings.Replace(string(payload), `"status":2`, `"status":-1`, 1)),
		"time in CET":    sealed(strings.Replace(string(payload), `12:00:01.123456789Z`, `13:00:01.123456789+01:00`, 1)),
		"short rekor":    sealed(strings.Replace(string(payload), `"sha256":"3f`, `"sha256":"`, 1)),
		"rekor no uuid":  sealed(strings.Replace(string(payload), `"uuid":"u"`, `"uuid":""`, 1)),
		"rekor in caps":  sealed(strings.Replace(string(payload), `"sha256":"3f`, `"sha256":"3F`, 1)),
		"not an object":  sealed(`[]`),
		"a bare payload": payload,
	}
	if !strings.Contains(string(payload), `"sha256":"3f`) || !strings.Contains(string(payload), `"status":2`) || !strings.Contains(string(payload), `12:00:01.123456789Z`) {
		t.Fatalf("the payload is not as the cases expect: %s", payload)
	}
	// Every byte flipped, every truncation: the entry does not
	// authenticate.
	for i := range good {
		flipped := bytes.Clone(good)
		flipped[i] ^= 0x01
		for what, data := range map[string][]byte{"flip byte": flipped, "truncated at": good[:i]} {
			if out, _, err := decodeEntry(k1, data); err == nil {
				t.Errorf("%s %d: read as %+v", what, i, out)
			}
		}
	}
	last := bytes.Clone(good)
	last[len(last)-1] ^= 0x01
	cases["flip the last byte"], cases["truncated by one"] = last, good[:len(good)-1]
	// Each case in the directory: a miss counted as rejected, then
	// replaced.
	dir := t.TempDir()
	for name, data := range cases {
		write(t, dir, k1, data)
		c := open(t, dir)
		if out, _, ok := c.Get(k1); ok {
			t.Errorf("%s: hit %+v", name, out)
		} else if st := c.Stats(); st.Rejected != 1 || st.Misses != 1 {
			t.Errorf("%s: not counted as rejected: %+v", name, st)
		}
		if err := c.Put(k1, outcome(), Rekor{}); err != nil {
			t.Fatal(err)
		}
		if got, _, ok := c.Get(k1); !ok || !reflect.DeepEqual(got, outcome()) {
			t.Errorf("%s: after Put over the damaged entry: %v %+v", name, ok, got)
		}
		closeCache(t, c)
	}
}

// TestSizeBound: a sound entry of MaxEntryBytes is a hit; one byte more,
// sound as well, is ignored, counted as rejected; Put writes neither
// over the bound.
func TestSizeBound(t *testing.T) {
	k := input().Key()
	// sound returns a sound entry of k of n bytes, its failure's detail
	// padded.
	sound := func(n int) []byte {
		e := entry{Failure: &failure{Check: "identity"}}
		base, _ := json.Marshal(e)
		e.Failure.Detail = strings.Repeat("x", n-len(header(k, base))-len(base))
		p, _ := json.Marshal(e)
		b := append(header(k, p), p...)
		if len(b) != n {
			t.Fatalf("entry of %d bytes, want %d", len(b), n)
		}
		return b
	}
	dir := t.TempDir()
	for _, c := range []struct {
		n   int
		hit bool
	}{{MaxEntryBytes, true}, {MaxEntryBytes + 1, false}} {
		write(t, dir, k, sound(c.n))
		cache := open(t, dir)
		if _, _, ok := cache.Get(k); ok != c.hit || cache.Stats().Rejected != map[bool]int{true: 0, false: 1}[c.hit] {
			t.Errorf("a sound entry of %d bytes: hit %v, %+v; want hit %v", c.n, ok, cache.Stats(), c.hit)
		}
		closeCache(t, cache)
	}
	if err := os.Remove(Path(dir, k)); err != nil {
		t.Fatal(err)
	}
	long := outcome()
	long.Failure.Detail = strings.Repeat("x", MaxEntryBytes-500) // the entry goes past the bound
	c := open(t, dir)
	if err := c.Put(k, long, Rekor{}); err != nil {
		t.Fatal(err)
	}
	closeCache(t, c)
	if got := stored(t, dir); len(got) != 0 || c.Stats().Written != 0 {
		t.Errorf("an entry over the bound was written: %d entries, %+v", len(got), c.Stats())
	}
}

// TestConcurrentPutGet: Puts and Gets from many goroutines, several of
// them of the same keys at once: every Put is read back whole.
func TestConcurrentPutGet(t *testing.T) {
	dir := t.TempDir()
	c := open(t, dir)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 200 {
				// Goroutines g and g+4 write the same keys.
				k := Input{View: []byte(itoa(g%4*1000 + i))}.Key()
				out := outcome()
				out.ProofID = itoa(g%4*1000 + i)
				if err := c.Put(k, out, Rekor{}); err != nil {
					t.Error(err)
					return
				}
				if got, _, ok := c.Get(k); !ok || got.ProofID != out.ProofID {
					t.Errorf("goroutine %d, entry %d: %v %q after Put", g, i, ok, got.ProofID)
					return
				}
				// A key another goroutine may be writing now.
				c.Get(Input{View: []byte(itoa((g+1)%4*1000 + i))}.Key())
			}
		})
	}
	wg.Wait()
	closeCache(t, c)
	st := c.Stats()
	if st.Written != 1600 || st.Hits < 1600 || st.Rejected != 0 || st.Failed != 0 {
		t.Errorf("%+v: want 1600 written, 1600 hits or more, none rejected or failed", st)
	}
	if got := stored(t, dir); len(got) != 800 {
		t.Errorf("%d entries, want 800", len(got))
	}
}

// TestClose: after Close, Get misses and Put fails; Close twice is fine.
func TestClose(t *testing.T) {
	dir := t.TempDir()
	c := open(t, dir)
	k := input().Key()
	if err := c.Put(k, outcome(), Rekor{}); err != nil {
		t.Fatal(err)
	}
	closeCache(t, c)
	if _, _, ok := c.Get(k); ok {
		t.Error("Get after Close hit")
	}
	if err := c.Put(k, outcome(), Rekor{}); err == nil {
		t.Error("Put after Close succeeded")
	}
	if err := c.Close(); err != nil {
		t.Error(err)
	}
	if _, _, ok := open(t, dir).Get(k); !ok {
		t.Error("what was Put before Close is lost")
	}
}

// TestTrim: Close removes the files not written or hit for TrimAge and
// keeps the others, at most once per trimEvery; a hit refreshes an
// entry's time only when it is over a day old; the clock is injected.
func TestTrim(t *testing.T) {
	dir := t.TempDir()
	start := time.Unix(1_800_000_000, 0)
	clock := start
	opened := func() *Cache { c := open(t, dir); c.now = func() time.Time { return clock }; return c }
	kUsed, kUnused, kLate := Input{View: []byte("used")}.Key(), Input{View: []byte("unused")}.Key(), Input{View: []byte("late")}.Key()
	// setTime sets the file of k's time, as if written or hit at.
	setTime := func(k Key, at time.Time) {
		if err := os.Chtimes(Path(dir, k), at, at); err != nil {
			t.Fatal(err)
		}
	}
	mtime := func(k Key) time.Time {
		fi, err := os.Stat(Path(dir, k))
		if err != nil {
			return time.Time{}
		}
		return fi.ModTime()
	}
	c := opened()
	for _, k := range []Key{kUsed, kUnused} {
		if err := c.Put(k, outcome(), Rekor{}); err != nil {
			t.Fatal(err)
		}
		setTime(k, start)
	}
	closeCache(t, c)
	// Half a day on, a hit does not touch kUsed.
	clock = start.Add(12 * time.Hour)
	c = opened()
	if _, _, ok := c.Get(kUsed); !ok {
		t.Fatal("miss")
	}
	closeCache(t, c)
	if at := mtime(kUsed); !at.Equal(start) {
		t.Errorf("a hit half a day after the Put set the time to %s, want it left at %s", at, start)
	}
	// Twenty days on, kUsed is hit, which marks it used then.
	clock = start.Add(20 * 24 * time.Hour)
	c = opened()
	if _, _, ok := c.Get(kUsed); !ok {
		t.Fatal("miss")
	}
	if err := c.Put(kLate, outcome(), Rekor{}); err != nil {
		t.Fatal(err)
	}
	setTime(kLate, clock)
	closeCache(t, c)
	if at := mtime(kUsed); !at.Equal(clock) {
		t.Errorf("a hit twenty days after the Put set the time to %s, want %s", at, clock)
	}
	// Thirty days after its Put, kUnused is kept.
	clock = start.Add(TrimAge)
	closeCache(t, opened())
	if got := stored(t, dir); got[kUnused] == nil {
		t.Fatal("trimmed at exactly TrimAge")
	}
	// Within trimEvery of that trim, Close does not trim again.
	clock = start.Add(TrimAge + trimEvery - time.Second)
	closeCache(t, opened())
	if got := stored(t, dir); got[kUnused] == nil {
		t.Error("trimmed again within trimEvery of the last trim")
	}
	// trimEvery after it, Close trims: kUnused goes.
	clock = start.Add(TrimAge + trimEvery)
	closeCache(t, opened())
	got := stored(t, dir)
	for k, want := range map[Key]bool{kUsed: true, kLate: true, kUnused: false} {
		if (got[k] != nil) != want {
			t.Errorf("%s after the trim: kept %v, want %v", k, got[k] != nil, want)
		}
	}
}

// TestEarlierFormatsRemoved: Close removes what the earlier formats left
// at the top of the directory (a bbolt store, packs) and nothing else.
func TestEarlierFormatsRemoved(t *testing.T) {
	dir := t.TempDir()
	key := input().Key().String()
	old := []string{
		filepath.Join(dir, "entries.db"),
		filepath.Join(dir, "pack-0123.vc"),
		filepath.Join(dir, ".pack-0123.tmp"),
	}
	kept := []string{
		filepath.Join(dir, "notes.txt"),
		filepath.Join(dir, "ab", "notes.txt"),
		filepath.Join(dir, "ab", "entries.db"),
		filepath.Join(dir, key[:2], strings.ToUpper(key)),
	}
	for _, p := range append(old, kept...) {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	closeCache(t, open(t, dir))
	exists := func(p string) bool { _, err := os.Stat(p); return err == nil }
	for _, p := range old {
		if exists(p) {
			t.Errorf("%s is left", p)
		}
	}
	for _, p := range kept {
		if !exists(p) {
			t.Errorf("%s, no earlier format's, was removed", p)
		}
	}
}

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

// TestOpenAndDefaultDir: a cache needs a directory; the default one is
// proveit/verify in the user cache directory, and there is none when that
// cannot be determined.
func TestOpenAndDefaultDir(t *testing.T) {
	if _, err := Open(""); err == nil {
		t.Error("Open(\"\") succeeded")
	}
	base := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", base)
	if d, err := DefaultDir(); err != nil || d != filepath.Join(base, "proveit", "verify") {
		t.Errorf("DefaultDir with XDG_CACHE_HOME: %q %v", d, err)
	}
	t.Setenv("XDG_CACHE_HOME", "")
	t.Setenv("HOME", "")
	if d, err := DefaultDir(); err == nil {
		t.Errorf("DefaultDir with neither XDG_CACHE_HOME nor HOME: %q", d)
	}
}

// FuzzDecodePayload: the payload reader never panics, and what it accepts
// is an outcome Put stores, whose payload reads back to it.
func FuzzDecodePayload(f *testing.F) {
	for _, out := range []verify.Outcome{outcome(), {Checks: []verify.Check{}}, {}} {
		e, _ := encodeEntry(Key{}, out, RekorOf("u", []byte("e")))
		_, p, _ := bytes.Cut(e, []byte("\n\n"))
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		out, rk, err := decodePayload(b)
		if err != nil {
			return
		}
		e, ok := encodeEntry(Key{}, out, rk)
		if !ok {
			if !storable(out, rk) {
				return // a string json read from invalid UTF-8 escapes
			}
			t.Fatalf("payload %q reads as %+v, which is not stored", b, out)
		}
		_, p, _ := bytes.Cut(e, []byte("\n\n"))
		again, rk2, err := decodePayload(p)
		if err != nil || !reflect.DeepEqual(again, out) || rk2 != rk {
			t.Fatalf("payload %q reads as %+v, which writes %q, which reads as %+v (%v)", b, out, p, again, err)
		}
	})
}
