package demo

import (
	"strings"
	"testing"
)

// TestIDSet: an id is refused the second time, whatever its form, and
// ids that differ in one character, in the time or the hash, are distinct.
func TestIDSet(t *testing.T) {
	s := newIDSet()
	for _, tc := range []struct {
		id   string
		want bool
	}{
		{"prf_20261002_080000_abcdef", true},
		{"prf_20261002_080000_abcdef", false},
		{"prf_20261002_080000_abcdee", true},
		{"prf_20261002_080001_abcdef", true},
		{"prf_20271002_080000_abcdef", true},
		{"prf_20261002_080000_ABCDEF", true}, // upper-case hex: not packed, distinct
		{"prf_20261002_080000_ABCDEF", false},
		{"prf_20261302_080000_abcdef", true}, // no 13th month: not packed
		{"prf_20261302_080000_abcdef", false},
		{"autre", true},
		{"autre", false},
	} {
		if got := s.add(tc.id); got != tc.want {
			t.Errorf("add(%q) = %t, want %t", tc.id, got, tc.want)
		}
	}
	if len(s.packed) != 4 {
		t.Errorf("%d packed ids, want 4", len(s.packed))
	}
}

// TestPackID: the packing is lossless on the issuer's form and refuses
// the others.
func TestPackID(t *testing.T) {
	for _, tc := range []struct {
		id   string
		want uint64
		ok   bool
	}{
		{"prf_19700101_000000_000001", 1, true},
		{"prf_19700101_000001_000000", 1 << 24, true},
		{"prf_19700101_000001_ffffff", 1<<24 | 0xffffff, true},
		{"prf_19700101_000000_00000g", 0, false},
		{"prf_19700101_000000_0000001", 0, false},
		{"prv_19700101_000000_000001", 0, false},
		{"prf_19700101-000000_000001", 0, false},
		{"prf_19691231_235959_000001", 0, false},
	} {
		got, ok := packID(tc.id)
		if got != tc.want || ok != tc.ok {
			t.Errorf("packID(%q) = %d, %t; want %d, %t", tc.id, got, ok, tc.want, tc.ok)
		}
	}
}

// TestCiteRefusesDuplicate: a proof id written twice is an error of the
// generation, for the cast and for a generated participant alike.
func TestCiteRefusesDuplicate(t *testing.T) {
	for _, generated := range []bool{false, true} {
		g := &generator{meta: &Meta{}, ids: newIDSet()}
		g.cite(ProofMeta{ID: "prf_20261002_080000_abcdef"}, generated)
		g.cite(ProofMeta{ID: "prf_20261002_080000_abcdee"}, generated)
		if len(g.errs) != 0 {
			t.Fatalf("generated %t: distinct ids refused: %v", generated, g.errs)
		}
		g.cite(ProofMeta{ID: "prf_20261002_080000_abcdef"}, generated)
		if len(g.errs) != 1 || !strings.Contains(g.errs[0].Error(), "minted twice") {
			t.Errorf("generated %t: a duplicate id gives %v", generated, g.errs)
		}
	}
}
