package demo

import (
	"encoding/hex"
	"fmt"
	"slices"
	"time"
)

// idSet collects the ids of the proofs written, to find one minted twice
// once the generation is done. The ids the test issuer mints
// (prf_YYYYMMDD_HHMMSS_xxxxxx: a UTC second and 24 bits of hash) are
// packed into one uint64 each, without loss, any other form (none today)
// kept as it is: a scale run writes hundreds of thousands of ids, and the
// set must cost a few bytes each, not a map entry.
type idSet struct {
	packed []uint64
	other  []string
}

// idLayout is the time in an issuer id.
const idLayout = "20060102_150405"

// add adds id.
func (s *idSet) add(id string) {
	if k, ok := packID(id); ok {
		s.packed = append(s.packed, k)
		return
	}
	s.other = append(s.other, id)
}

// duplicates returns the ids added more than once, each once, sorted.
func (s *idSet) duplicates() []string {
	var out []string
	slices.Sort(s.packed)
	for i := 1; i < len(s.packed); i++ {
		if s.packed[i] == s.packed[i-1] && (i == 1 || s.packed[i-1] != s.packed[i-2]) {
			out = append(out, unpackID(s.packed[i]))
		}
	}
	slices.Sort(s.other)
	for i := 1; i < len(s.other); i++ {
		if s.other[i] == s.other[i-1] && (i == 1 || s.other[i-1] != s.other[i-2]) {
			out = append(out, s.other[i])
		}
	}
	slices.Sort(out)
	return out
}

// packID packs an id of the form prf_YYYYMMDD_HHMMSS_xxxxxx (x lower-case
// hex) into the seconds since 1970 shifted left by 24 bits, or'ed with the
// hash: two ids pack alike only if they are equal, and unpackID gives the
// id back. It reports false for any other form.
func packID(id string) (uint64, bool) {
	if len(id) != len("prf_")+len(idLayout)+1+6 || id[:4] != "prf_" || id[4+len(idLayout)] != '_' {
		return 0, false
	}
	t, err := time.Parse(idLayout, id[4:4+len(idLayout)])
	if err != nil || t.Unix() < 0 || t.Unix() >= 1<<39 || t.Format(idLayout) != id[4:4+len(idLayout)] {
		return 0, false
	}
	h := id[len(id)-6:]
	var b [3]byte
	if _, err := hex.Decode(b[:], []byte(h)); err != nil || hex.EncodeToString(b[:]) != h {
		return 0, false
	}
	return uint64(t.Unix())<<24 | uint64(b[0])<<16 | uint64(b[1])<<8 | uint64(b[2]), true
}

// unpackID is the id packID packed into k.
func unpackID(k uint64) string {
	return fmt.Sprintf("prf_%s_%06x", time.Unix(int64(k>>24), 0).UTC().Format(idLayout), k&0xffffff)
}
