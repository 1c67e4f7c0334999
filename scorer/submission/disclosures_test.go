package submission

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unsafe"
)

// opening4 is a Disclosure whose four strings all differ, of the lengths
// given, so that a string read from a neighbour's offsets is seen.
func opening4(tag string, n1, n2, n3, n4 int) Disclosure {
	s := func(k string, n int) string { return strings.Repeat(tag+k, n) }
	return Disclosure{
		RequestHash:  Opening{Nonce: s("a", n1), Value: s("b", n2)},
		ResponseHash: Opening{Nonce: s("c", n3), Value: s("d", n4)},
	}
}

func TestDisclosures(t *testing.T) {
	m := map[string]Disclosure{
		"prf_b": opening4("B", 1, 2, 3, 4),
		"prf_a": opening4("A", 64, 64, 64, 64),
		"prf_c": opening4("C", 0, 5, 0, 7), // empty openings
		"prf_":  opening4("D", 2, 0, 1, 0), // a prefix of every other id; its last opening empty
		"q":     opening4("E", 3, 3, 3, 9), // last in order: its last opening ends the string
	}
	d := NewDisclosures(m)
	if d.Len() != len(m) {
		t.Fatalf("Len = %d, want %d", d.Len(), len(m))
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
	for name, d := range map[string]Disclosures{"zero": {}, "of an empty map": NewDisclosures(nil)} {
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
	one := NewDisclosures(map[string]Disclosure{"": {}})
	if got, ok := one.Get(""); one.Len() != 1 || !ok || got != (Disclosure{}) {
		t.Errorf("an empty id with empty openings: Len %d, Get %+v, %v", one.Len(), got, ok)
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
// submission while it is scored. It held 4,742 bytes when its openings were
// a map of strings, each id copied again for the assertions; 4,003 since
// Disclosures. The bound leaves room for a runtime's size classes, and
// fails once a change gives back most of what Disclosures saved.
const maxRetained = 4200

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
