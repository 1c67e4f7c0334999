package demo

import (
	"slices"
	"strings"
	"testing"
)

// TestIDSet: the ids added twice or more are found, once each, whatever
// their form; ids that differ in one character, in the time or the hash,
// are distinct.
func TestIDSet(t *testing.T) {
	for _, tc := range []struct {
		name string
		ids  []string
		want []string
	}{
		{"none", nil, nil},
		{"distinct", []string{"prf_20261002_080000_abcdef", "prf_20261002_080000_abcdee", "prf_20261002_080001_abcdef", "prf_20271002_080000_abcdef", "prf_20261002_080000_ABCDEF", "autre"}, nil},
		{"twice", []string{"prf_20261002_080000_abcdef", "prf_20261002_080001_abcdef", "prf_20261002_080000_abcdef"}, []string{"prf_20261002_080000_abcdef"}},
		{"thrice, reported once", []string{"prf_20261002_080000_abcdef", "prf_20261002_080000_abcdef", "prf_20261002_080000_abcdef"}, []string{"prf_20261002_080000_abcdef"}},
		{"not packed", []string{"prf_20261302_080000_abcdef", "autre", "prf_20261302_080000_abcdef", "autre", "prf_20261002_080000_ABCDEF"}, []string{"autre", "prf_20261302_080000_abcdef"}},
		{"both", []string{"b", "prf_20261002_080000_000000", "b", "prf_20261002_080000_000000"}, []string{"b", "prf_20261002_080000_000000"}},
	} {
		var s idSet
		for _, id := range tc.ids {
			s.add(id)
		}
		if got := s.duplicates(); !slices.Equal(got, tc.want) {
			t.Errorf("%s: duplicates %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestPackID: the packing is lossless on the issuer's form (unpackID gives
// the id back) and refuses the others.
func TestPackID(t *testing.T) {
	for _, tc := range []struct {
		id   string
		want uint64
		ok   bool
	}{
		{"prf_19700101_000000_000001", 1, true},
		{"prf_19700101_000001_000000", 1 << 24, true},
		{"prf_19700101_000001_ffffff", 1<<24 | 0xffffff, true},
		{"prf_20261031_235959_a0b1c2", 1793491199<<24 | 0xa0b1c2, true},
		{"prf_19700101_000000_00000g", 0, false},
		{"prf_19700101_000000_0000001", 0, false},
		{"prv_19700101_000000_000001", 0, false},
		{"prf_19700101-000000_000001", 0, false},
		{"prf_19691231_235959_000001", 0, false},
		{"prf_20261002_080000_ABCDEF", 0, false},
		{"prf_20261302_080000_abcdef", 0, false},
	} {
		got, ok := packID(tc.id)
		if got != tc.want || ok != tc.ok {
			t.Errorf("packID(%q) = %d, %t; want %d, %t", tc.id, got, ok, tc.want, tc.ok)
		}
		if ok && unpackID(got) != tc.id {
			t.Errorf("unpackID(packID(%q)) = %q", tc.id, unpackID(got))
		}
	}
}

// TestDuplicateProofRefused: a proof id written twice is an error of the
// generation, for the cast and for a generated participant alike.
func TestDuplicateProofRefused(t *testing.T) {
	for _, counted := range []bool{false, true} {
		g := &generator{meta: &Meta{}}
		g.cite(ProofMeta{ID: "prf_20261002_080000_abcdef"}, counted)
		g.cite(ProofMeta{ID: "prf_20261002_080000_abcdee"}, counted)
		g.checkIDs()
		if len(g.errs) != 0 {
			t.Fatalf("counted %t: distinct ids refused: %v", counted, g.errs)
		}
		g.cite(ProofMeta{ID: "prf_20261002_080000_abcdef"}, counted)
		g.checkIDs()
		if len(g.errs) != 1 || !strings.Contains(g.errs[0].Error(), "prf_20261002_080000_abcdef minted twice") {
			t.Errorf("counted %t: a duplicate id gives %v", counted, g.errs)
		}
	}
}
