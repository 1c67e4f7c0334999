package submission

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unsafe"
)

// opening4 is a Disclosure whose four openings all differ from each other
// and from every other tag's, so that an opening read from a neighbour's
// bytes is seen; each mixes every hexadecimal digit in both places of a
// byte, so that swapped or upper-case digits are seen too.
func opening4(tag string) Disclosure {
	h := func(k string) string {
		sum := sha256.Sum256([]byte(tag + k))
		return hex.EncodeToString(sum[:])
	}
	return Disclosure{
		RequestHash:  Opening{Nonce: h("a"), Value: h("b")},
		ResponseHash: Opening{Nonce: h("c"), Value: h("d")},
	}
}

// mustDisclosures is NewDisclosures of openings it accepts.
func mustDisclosures(t *testing.T, m map[string]Disclosure) Disclosures {
	t.Helper()
	d, err := NewDisclosures(m)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

var (
	zeros = strings.Repeat("0", 64)
	effs  = strings.Repeat("f", 64)
	ramp  = "0123456789abcdeffedcba9876543210" + "00112233445566778899aabbccddeeff"
)

func TestDisclosures(t *testing.T) {
	m := map[string]Disclosure{
		"prf_b": opening4("B"),
		"prf_a": opening4("A"),
		"prf_c": {RequestHash: Opening{zeros, effs}, ResponseHash: Opening{ramp, zeros}},
		"prf_":  opening4("D"),                                                          // a prefix of every other id
		"q":     {RequestHash: Opening{effs, ramp}, ResponseHash: Opening{zeros, effs}}, // last in order: its openings end the string
	}
	d := mustDisclosures(t, m)
	if d.Len() != len(m) {
		t.Fatalf("Len = %d, want %d", d.Len(), len(m))
	}
	// The openings are held as the bytes they write, without offsets.
	if len(d.open) != openingSize*len(m) || len(d.at) != len(m)+1 {
		t.Errorf("%d bytes of openings and %d offsets for %d ids, want %d and %d", len(d.open), len(d.at), len(m), openingSize*len(m), len(m)+1)
	}
	for id, want := range m {
		got, ok := d.Get(id)
		if !ok || got != want {
			t.Errorf("Get(%q) = %+v, %v; want %+v, true", id, got, ok, want)
		}
	}
	for _, id := range []string{"", "a", "prf", "prf_0", "prf_aa", "prf_b ", "prf_d", "p", "q0", "r", "\xff"} {
		if got, ok := d.Get(id); ok || got != (Disclosure{}) {
			t.Errorf("Get(%q) = %+v, %v; want the zero Disclosure, false", id, got, ok)
		}
	}
	var ids []string
	for id, got := range d.All() {
		ids = append(ids, id)
		if got != m[id] {
			t.Errorf("All: %q: %+v, want %+v", id, got, m[id])
		}
	}
	if want := []string{"prf_", "prf_a", "prf_b", "prf_c", "q"}; !slices.Equal(ids, want) {
		t.Errorf("All yields %q, want %q (id order)", ids, want)
	}
	n := 0
	for range d.All() {
		n++
		break
	}
	if n != 1 {
		t.Errorf("All went on after its yield returned false: %d", n)
	}
}

func TestDisclosuresEmpty(t *testing.T) {
	for name, d := range map[string]Disclosures{"zero": {}, "of an empty map": mustDisclosures(t, nil)} {
		if d.Len() != 0 {
			t.Errorf("%s: Len = %d", name, d.Len())
		}
		if _, ok := d.Get(""); ok {
			t.Errorf("%s: Get found an id", name)
		}
		for id := range d.All() {
			t.Errorf("%s: All yields %q", name, id)
		}
	}
	want := opening4("")
	one := mustDisclosures(t, map[string]Disclosure{"": want})
	if got, ok := one.Get(""); one.Len() != 1 || !ok || got != want {
		t.Errorf("an empty id: Len %d, Get %+v, %v", one.Len(), got, ok)
	}
}

// The ids of one submission fit in MaxBytes, which bounds their offsets.
func TestNewDisclosuresIDBound(t *testing.T) {
	for _, tc := range []struct {
		sizes []int
		ok    bool
	}{{[]int{MaxBytes}, true}, {[]int{MaxBytes - 1, 1}, true}, {[]int{MaxBytes + 1}, false}, {[]int{MaxBytes, 1}, false}} {
		m := map[string]Disclosure{}
		for i, n := range tc.sizes {
			m[strings.Repeat(string(rune('a'+i)), n)] = opening4("")
		}
		d, err := NewDisclosures(m)
		if (err == nil) != tc.ok {
			t.Errorf("ids of %v bytes: error %v, want accepted %v", tc.sizes, err, tc.ok)
		}
		if err == nil && d.Len() != len(tc.sizes) {
			t.Errorf("ids of %v bytes: Len %d", tc.sizes, d.Len())
		}
	}
}

// NewDisclosures holds only what Parse accepts, 64 lowercase hexadecimal
// digits per opening, and names the opening it refuses by its pointer.
func TestNewDisclosuresRefuses(t *testing.T) {
	for _, bad := range []string{
		"", zeros[:63], zeros + "0", strings.ToUpper(ramp), ramp[:63] + "g", ramp[:62] + "é", ramp[:63] + "\x00", " " + ramp[1:], ramp[:63] + "\n",
	} {
		for field := range 4 {
			d := opening4("X")
			ptr := [...]string{"request_hash/nonce", "request_hash/value", "response_hash/nonce", "response_hash/value"}[field]
			*[...]*string{&d.RequestHash.Nonce, &d.RequestHash.Value, &d.ResponseHash.Nonce, &d.ResponseHash.Value}[field] = bad
			_, err := NewDisclosures(map[string]Disclosure{"prf_a": opening4("A"), "a/b~c": d})
			if err == nil {
				t.Errorf("%s = %q: accepted", ptr, bad)
				continue
			}
			if want := "/disclosures/a~1b~0c/" + ptr + ": "; !strings.HasPrefix(err.Error(), want) {
				t.Errorf("%s = %q: error %q, want it to begin with %q", ptr, bad, err, want)
			}
		}
	}
}

// within reports whether s's bytes lie inside whole's.
func within(s, whole string) bool {
	if len(s) == 0 {
		return true
	}
	p, w := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(unsafe.StringData(whole)))
	return p >= w && p+uintptr(len(s)) <= w+uintptr(len(whole))
}

// The proof ids an assertion cites are its disclosures' ids, one string
// for both, held apart from the openings: the scores keep the ids until
// the pages are rendered, and must not keep the openings with them.
func TestParseSharesProofIDs(t *testing.T) {
	s, err := Parse([]byte(valid))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, a := range s.Assertions {
		for _, id := range a.ProofIDs {
			n++
			if !within(id, s.Disclosures.ids) {
				t.Errorf("proof id %s of assertion %s is not a slice of the disclosures' ids", id, a.ID)
			}
		}
	}
	if n != 3 {
		t.Fatalf("fixture: %d cited ids", n)
	}
	// A cited id without a disclosure (an entry violation) is a copy.
	doc := replace(t, `"proof_ids": ["`+proofA+`", "`+proofB+`"]`, `"proof_ids": ["`+proofA+`", "prf_20260101_000000_000000"]`)
	s, err = Parse(doc)
	if err != nil {
		t.Fatal(err)
	}
	// (That it is a copy, not a slice of the document, TestSubmissionKeepsNoText shows.)
	lone := s.Assertions[1].ProofIDs[1]
	if lone != "prf_20260101_000000_000000" || within(lone, s.Disclosures.ids) {
		t.Errorf("undisclosed id %q: want a string of its own", lone)
	}
	if CheckEntry(s) == nil {
		t.Error("CheckEntry accepts a cited proof without a disclosure")
	}
}

// maxRetained bounds the heap one parsed demo submission holds (the one
// with the most disclosures of seasons/0, six): a season holds every
// submission while it is scored. Its openings are held decoded, each id
// once (Disclosures); the bound leaves room for a runtime's size classes,
// and fails once a change gives back most of that saving. (The figures of
// each layout are in docs/benchmarks.md.)
const maxRetained = 3200

func TestSubmissionFootprint(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "seasons", "0", "*", "submissions", "*", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("demo submissions: %v (%d files)", err, len(files))
	}
	var raw []byte
	most := -1
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s, err := Parse(b)
		if err != nil || CheckEntry(s) != nil {
			continue
		}
		if s.Disclosures.Len() > most {
			most, raw = s.Disclosures.Len(), b
		}
	}
	const n = 2000
	subs := make([]*Submission, n)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := range subs {
		if subs[i], err = Parse(raw); err != nil {
			t.Fatal(err)
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	per := (int64(after.HeapAlloc) - int64(before.HeapAlloc)) / n
	runtime.KeepAlive(subs)
	t.Logf("%d disclosures, %d bytes of JSON: %d bytes held per parsed submission", most, len(raw), per)
	if per > maxRetained {
		t.Errorf("a parsed submission holds %d bytes, want at most %d", per, maxRetained)
	}
}
