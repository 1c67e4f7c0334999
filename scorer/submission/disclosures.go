package submission

import (
	"iter"
	"slices"
	"strings"
)

// Disclosures are a submission's commitment openings by proof id: what its
// /disclosures object holds (§4), the ids in byte order. A season holds
// every submission while it is scored, tens of thousands of them: the ids
// of one submission are therefore one string and their openings another,
// and a Disclosure's strings are slices of them, made when it is read. The
// ids its assertions cite are slices of the first (Parse), which the
// scores keep after the season is dropped; the openings are not kept. The
// zero value holds none.
type Disclosures struct {
	ids  string // the ids, in order, one after the other
	open string // per id, in order: request nonce and value, response nonce and value
	// at holds, per id, where it starts in ids, then where its four
	// openings start in open; then len(ids) and len(open).
	at []int
}

// disclosed is one id and its openings, before they are packed.
type disclosed struct {
	id string
	d  Disclosure
}

// fields is how many offsets one id has in Disclosures.at: its own and
// its four openings'.
const fields = 5

// NewDisclosures holds the openings of m, for a Submission made in code.
func NewDisclosures(m map[string]Disclosure) Disclosures {
	ds := make([]disclosed, 0, len(m))
	for id, d := range m {
		ds = append(ds, disclosed{id, d})
	}
	return packDisclosures(ds)
}

// packDisclosures copies the ids of ds, which are distinct, into one
// string and their openings into another, sorting ds by id.
func packDisclosures(ds []disclosed) Disclosures {
	if len(ds) == 0 {
		return Disclosures{}
	}
	slices.SortFunc(ds, func(a, b disclosed) int { return strings.Compare(a.id, b.id) })
	ni, no := 0, 0
	for _, e := range ds {
		ni += len(e.id)
		no += len(e.d.RequestHash.Nonce) + len(e.d.RequestHash.Value) + len(e.d.ResponseHash.Nonce) + len(e.d.ResponseHash.Value)
	}
	var ids, open strings.Builder
	ids.Grow(ni)
	open.Grow(no)
	at := make([]int, 0, fields*len(ds)+2)
	for _, e := range ds {
		at = append(at, ids.Len())
		ids.WriteString(e.id)
		for _, s := range [fields - 1]string{e.d.RequestHash.Nonce, e.d.RequestHash.Value, e.d.ResponseHash.Nonce, e.d.ResponseHash.Value} {
			at = append(at, open.Len())
			open.WriteString(s)
		}
	}
	at = append(at, ids.Len(), open.Len())
	return Disclosures{ids: ids.String(), open: open.String(), at: at}
}

// Len is how many proofs are disclosed.
func (d Disclosures) Len() int { return len(d.at) / fields } // 5n+2 offsets, or none

// id is the i-th id.
func (d Disclosures) id(i int) string {
	return d.ids[d.at[fields*i]:d.at[fields*(i+1)]]
}

// opening is the i-th id's f-th opening, 1 to 4: the end of its fourth is
// where the next id's first starts, or len(open), one place further on.
func (d Disclosures) opening(i, f int) string {
	k := fields*i + f
	end := d.at[k+1]
	if f == fields-1 {
		end = d.at[k+2]
	}
	return d.open[d.at[k]:end]
}

// disclosure is the i-th id's Disclosure.
func (d Disclosures) disclosure(i int) Disclosure {
	return Disclosure{
		RequestHash:  Opening{Nonce: d.opening(i, 1), Value: d.opening(i, 2)},
		ResponseHash: Opening{Nonce: d.opening(i, 3), Value: d.opening(i, 4)},
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
