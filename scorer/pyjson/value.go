package pyjson

import (
	"math"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"
)

// Kind is the Python type a JSON value loads as.
type Kind uint8

// The kinds of value json.loads produces.
const (
	Null   Kind = iota // None
	Bool               // bool
	Int                // int, of any size
	Float              // float (binary64), NaN and ±Infinity included
	String             // str, lone surrogates included
	Array              // list
	Object             // dict
)

var kindNames = [...]string{"null", "boolean", "integer", "float", "string", "array", "object"}

// String returns the JSON name of the kind ("null", "boolean", "integer", ...).
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "invalid kind"
}

// Value is one parsed JSON value. The zero Value is null.
type Value struct {
	kind  Kind
	b     bool
	s     string // String: generalised UTF-8; Int: decimal digits, optional '-'
	f     float64
	elems []Value  // Array
	mems  []Member // Object: sorted by Key, keys unique
}

// Member is one key of an object with its value.
type Member struct {
	Key   string // generalised UTF-8
	Value Value
}

// NullValue returns null.
func NullValue() Value { return Value{} }

// BoolValue returns true or false.
func BoolValue(b bool) Value { return Value{kind: Bool, b: b} }

// FloatValue returns a float, as Python's float(f).
func FloatValue(f float64) Value { return Value{kind: Float, f: f} }

// IntValue returns the integer whose decimal digits are text (an optional
// '-' then digits without leading zeros, or "0"). ok is false for any other text.
func IntValue(text string) (v Value, ok bool) {
	digits := strings.TrimPrefix(text, "-")
	if digits == "" || len(digits) > MaxIntDigits {
		return Value{}, false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return Value{}, false
		}
	}
	if digits[0] == '0' && len(digits) > 1 {
		return Value{}, false
	}
	if digits == "0" {
		text = "0"
	}
	return Value{kind: Int, s: text}, true
}

// StringValue returns the string s. Bytes of s that are not valid UTF-8 are
// replaced by U+FFFD, as a Go conversion to []rune would.
func StringValue(s string) Value {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	return Value{kind: String, s: s}
}

// ArrayValue returns the list of elems.
func ArrayValue(elems ...Value) Value { return Value{kind: Array, elems: elems} }

// ObjectValue returns the dict of mems. As in Python, when a key repeats
// the last value wins.
func ObjectValue(mems ...Member) Value {
	sorted := make([]Member, len(mems))
	copy(sorted, mems)
	sorted, _, _ = sortMembers(sorted)
	return Value{kind: Object, mems: sorted}
}

// sortMembers sorts by key in code-point order and keeps, for a repeated
// key, the last member in input order, as a Python dict does. It reuses ms.
// dup is the smallest repeated key, when hasDup.
func sortMembers(ms []Member) (out []Member, dup string, hasDup bool) {
	if inOrder(ms) {
		return ms, "", false
	}
	slices.SortStableFunc(ms, func(a, b Member) int { return strings.Compare(a.Key, b.Key) })
	out = ms[:0]
	for i := range ms {
		if len(out) > 0 && out[len(out)-1].Key == ms[i].Key {
			if !hasDup {
				dup, hasDup = ms[i].Key, true
			}
			out[len(out)-1] = ms[i]
			continue
		}
		out = append(out, ms[i])
	}
	return out, dup, hasDup
}

// inOrder reports whether the keys of ms strictly increase: sorted, none
// repeated. Most documents are written so.
func inOrder(ms []Member) bool {
	for i := 1; i < len(ms); i++ {
		if ms[i-1].Key >= ms[i].Key {
			return false
		}
	}
	return true
}

// Kind returns the kind of v.
func (v Value) Kind() Kind { return v.kind }

// Bool returns the boolean of a Bool value.
func (v Value) Bool() bool { return v.b }

// Float returns the number of a Float value.
func (v Value) Float() float64 { return v.f }

// IntText returns the decimal digits of an Int value, with a leading '-'
// when negative.
func (v Value) IntText() string {
	if v.kind != Int {
		return ""
	}
	return v.s
}

// Str returns a String value's code points in generalised UTF-8: valid
// UTF-8 unless the string holds a surrogate code point.
func (v Value) Str() string {
	if v.kind != String {
		return ""
	}
	return v.s
}

// Len returns the number of elements of an Array or members of an Object.
func (v Value) Len() int {
	switch v.kind {
	case Array:
		return len(v.elems)
	case Object:
		return len(v.mems)
	}
	return 0
}

// Index returns element i of an Array.
func (v Value) Index(i int) (Value, bool) {
	if v.kind != Array || i < 0 || i >= len(v.elems) {
		return Value{}, false
	}
	return v.elems[i], true
}

// Elems returns the elements of an Array. The slice must not be modified.
func (v Value) Elems() []Value { return v.elems }

// Members returns the members of an Object sorted by key in code-point
// order. The slice must not be modified.
func (v Value) Members() []Member { return v.mems }

// Lookup returns the value of key in an Object; key is compared code point
// by code point, without normalisation.
func (v Value) Lookup(key string) (Value, bool) {
	if v.kind != Object {
		return Value{}, false
	}
	i := sort.Search(len(v.mems), func(i int) bool { return v.mems[i].Key >= key })
	if i < len(v.mems) && v.mems[i].Key == key {
		return v.mems[i].Value, true
	}
	return Value{}, false
}

// Clone returns a deep copy of v that shares no memory with v: its own
// strings (keys included) and its own slices. A decoded Value slices each
// string without escapes out of the whole document's text (Decode), so
// that keeping any part of it keeps the whole text alive; a clone of the
// part keeps only its own bytes.
func Clone(v Value) Value {
	v.s = strings.Clone(v.s)
	if v.elems != nil {
		elems := make([]Value, len(v.elems))
		for i, e := range v.elems {
			elems[i] = Clone(e)
		}
		v.elems = elems
	}
	if v.mems != nil {
		mems := make([]Member, len(v.mems))
		for i, m := range v.mems {
			mems[i] = Member{Key: strings.Clone(m.Key), Value: Clone(m.Value)}
		}
		v.mems = mems
	}
	return v
}

// Truthy reports whether Python's bool() of the value is True: false for
// None, False, 0, 0.0, -0.0, "", [] and {}.
func (v Value) Truthy() bool {
	switch v.kind {
	case Null:
		return false
	case Bool:
		return v.b
	case Int:
		return v.s != "0"
	case Float:
		return v.f != 0 // NaN != 0 is true, as in Python
	case String:
		return v.s != ""
	case Array:
		return len(v.elems) > 0
	case Object:
		return len(v.mems) > 0
	}
	return false
}

// Equal reports strict JSON equality (package doc, §4 of the challenge
// specification): the same kind, and the same value. "1", 1, 1.0 and true
// are four different values; 1.0 and 1e0 are the same float. Strings are compared code point by code point without
// Unicode normalisation. Floats are equal when Python writes them the same:
// NaN equals NaN, -0.0 differs from 0.0. When Equal(a, b) holds,
// Canonical(a) and Canonical(b) are the same bytes. The converse holds but
// for one case, where Python agrees with Equal: a string that holds a
// surrogate pair as two lone surrogates (raw CESU-8 bytes read with
// "surrogatepass") differs from the astral code point the pair spells,
// though json.dumps writes both as the same two \u escapes.
func Equal(a, b Value) bool {
	if a.kind != b.kind {
		return false
	}
	switch a.kind {
	case Null:
		return true
	case Bool:
		return a.b == b.b
	case Int, String:
		return a.s == b.s
	case Float:
		if math.IsNaN(a.f) || math.IsNaN(b.f) {
			return math.IsNaN(a.f) && math.IsNaN(b.f)
		}
		return math.Float64bits(a.f) == math.Float64bits(b.f)
	case Array:
		ea, eb := a.elems, b.elems
		if len(ea) != len(eb) {
			return false
		}
		for i := range ea {
			if !Equal(ea[i], eb[i]) {
				return false
			}
		}
		return true
	case Object:
		ma, mb := a.mems, b.mems
		if len(ma) != len(mb) {
			return false
		}
		for i := range ma {
			if ma[i].Key != mb[i].Key || !Equal(ma[i].Value, mb[i].Value) {
				return false
			}
		}
		return true
	}
	return false
}
