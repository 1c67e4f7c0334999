package demo

import (
	"encoding/hex"
	"time"
)

// idSet is a set of proof ids, compact for the ids the test issuer mints
// (prf_YYYYMMDD_HHMMSS_xxxxxx: a UTC second and 24 bits of hash, packed
// into one uint64 without loss), and a plain set of strings for any other
// form (none today): a scale run writes hundreds of thousands of ids, and
// the set must not cost more than a few bytes each.
type idSet struct {
	packed map[uint64]struct{}
	other  map[string]struct{}
}

func newIDSet() idSet {
	return idSet{packed: map[uint64]struct{}{}, other: map[string]struct{}{}}
}

// add adds id and reports whether it was absent.
func (s idSet) add(id string) bool {
	if k, ok := packID(id); ok {
		if _, dup := s.packed[k]; dup {
			return false
		}
		s.packed[k] = struct{}{}
		return true
	}
	if _, dup := s.other[id]; dup {
		return false
	}
	s.other[id] = struct{}{}
	return true
}

// packID packs an id of the form prf_YYYYMMDD_HHMMSS_xxxxxx (x lower-case
// hex) into the seconds since 1970 shifted left by 24 bits, or'ed with the
// hash: two ids pack alike only if they are equal. It reports false for any
// other form.
func packID(id string) (uint64, bool) {
	const layout = "20060102_150405"
	if len(id) != len("prf_")+len(layout)+1+6 || id[:4] != "prf_" || id[4+len(layout)] != '_' {
		return 0, false
	}
	t, err := time.Parse(layout, id[4:4+len(layout)])
	if err != nil || t.Unix() < 0 || t.Unix() >= 1<<39 || t.Format(layout) != id[4:4+len(layout)] {
		return 0, false
	}
	h := id[len(id)-6:]
	var b [3]byte
	if _, err := hex.Decode(b[:], []byte(h)); err != nil || hex.EncodeToString(b[:]) != h {
		return 0, false
	}
	return uint64(t.Unix())<<24 | uint64(b[0])<<16 | uint64(b[1])<<8 | uint64(b[2]), true
}
