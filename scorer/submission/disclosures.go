package submission

import (
	"encoding/hex"
	"fmt"
	"iter"
	"slices"
	"strings"
)

// Disclosures are a submission's commitment openings by proof id: what its
// /disclosures object holds (§4), the ids in byte order. A season holds
// every submission while it is scored, tens of thousands of them: the ids
// of one submission are therefore one string and their openings another,
// and a Disclosure's strings are made when it is read. The ids its
// assertions cite are slices of the first (Parse), which the scores keep
// after the season is dropped; the openings are not kept. An opening is
// 64 lowercase hexadecimal digits (the schema's hex64), held as the 32
// bytes they write: half the text, and no offsets of its own. The zero
// value holds none.
type Disclosures struct {
	ids  string // the ids, in order, one after the other
	open string // per id, in order, openingSize bytes: request nonce and value, response nonce and value, decoded
	// at holds, per id, where it starts in ids; then len(ids).
	at []uint32
}

// disclosed is one id and its openings, before they are packed.
type disclosed struct {
	id string
	d  Disclosure
}

// hexLen is the length of an opening's text, hex64; openingSize the bytes
// one id's four openings take in Disclosures.open.
const (
	hexLen      = 64
	openingSize = 4 * hexLen / 2
)

// NewDisclosures holds the openings of m, for a Submission made in code.
// Every opening must be what Parse accepts, 64 lowercase hexadecimal
// digits, and the ids must fit the size of a submission (MaxBytes).
func NewDisclosures(m map[string]Disclosure) (Disclosures, error) {
	ds := make([]disclosed, 0, len(m))
	for id, d := range m {
		ds = append(ds, disclosed{id, d})
	}
	return packDisclosures(ds)
}

// packDisclosures copies the ids of ds, which are distinct, into one
// string and their openings, decoded, into another, sorting ds by id. An
// opening that is not 64 lowercase hexadecimal digits is an error naming
// it by its pointer under /disclosures.
func packDisclosures(ds []disclosed) (Disclosures, error) {
	if len(ds) == 0 {
		return Disclosures{}, nil
	}
	slices.SortFunc(ds, func(a, b disclosed) int { return strings.Compare(a.id, b.id) })
	ni := 0
	for _, e := range ds {
		ni += len(e.id)
	}
	// The offsets are uint32: ids past a submission's size, which Parse
	// cannot meet, are refused rather than wrapped.
	if ni > MaxBytes {
		return Disclosures{}, fmt.Errorf("disclosures: the ids take %d bytes, more than a submission's %d", ni, MaxBytes)
	}
	var ids strings.Builder
	ids.Grow(ni)
	open := make([]byte, 0, openingSize*len(ds))
	at := make([]uint32, 0, len(ds)+1)
	for _, e := range ds {
		at = append(at, uint32(ids.Len()))
		ids.WriteString(e.id)
		for _, o := range [...]struct{ hash, part, s string }{
			{"request_hash", "nonce", e.d.RequestHash.Nonce}, {"request_hash", "value", e.d.RequestHash.Value},
			{"response_hash", "nonce", e.d.ResponseHash.Nonce}, {"response_hash", "value", e.d.ResponseHash.Value},
		} {
			if !ValidHex64(o.s) {
				return Disclosures{}, fmt.Errorf("%s: %q is not 64 lowercase hexadecimal digits", pointer([]string{"disclosures", e.id, o.hash, o.part}), o.s)
			}
			var err error
			if open, err = hex.AppendDecode(open, []byte(o.s)); err != nil {
				return Disclosures{}, fmt.Errorf("%s: %w", pointer([]string{"disclosures", e.id, o.hash, o.part}), err)
			}
		}
	}
	at = append(at, uint32(ids.Len()))
	return Disclosures{ids: ids.String(), open: string(open), at: at}, nil
}

// Len is how many proofs are disclosed.
func (d Disclosures) Len() int { return max(len(d.at)-1, 0) } // n+1 offsets, or none

// id is the i-th id.
func (d Disclosures) id(i int) string {
	return d.ids[d.at[i]:d.at[i+1]]
}

// disclosure is the i-th id's Disclosure: its openings written again in
// lowercase hexadecimal, in one string of four.
func (d Disclosures) disclosure(i int) Disclosure {
	const digits = "0123456789abcdef"
	var text [2 * openingSize]byte
	for k, c := range []byte(d.open[openingSize*i : openingSize*(i+1)]) {
		text[2*k], text[2*k+1] = digits[c>>4], digits[c&0xf]
	}
	s := string(text[:])
	return Disclosure{
		RequestHash:  Opening{Nonce: s[0*hexLen : 1*hexLen], Value: s[1*hexLen : 2*hexLen]},
		ResponseHash: Opening{Nonce: s[2*hexLen : 3*hexLen], Value: s[3*hexLen : 4*hexLen]},
	}
}

// find is the index of id and true, by binary search, or false.
func (d Disclosures) find(id string) (int, bool) {
	lo, hi := 0, d.Len()
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		switch c := strings.Compare(d.id(m), id); {
		case c == 0:
			return m, true
		case c < 0:
			lo = m + 1
		default:
			hi = m
		}
	}
	return lo, false
}

// Get returns the openings of proof id, and whether it is disclosed.
func (d Disclosures) Get(id string) (Disclosure, bool) {
	i, ok := d.find(id)
	if !ok {
		return Disclosure{}, false
	}
	return d.disclosure(i), true
}

// All yields every disclosed proof id with its openings, in id order.
func (d Disclosures) All() iter.Seq2[string, Disclosure] {
	return func(yield func(string, Disclosure) bool) {
		for i := range d.Len() {
			if !yield(d.id(i), d.disclosure(i)) {
				return
			}
		}
	}
}
