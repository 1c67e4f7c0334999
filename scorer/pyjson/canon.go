package pyjson

import (
	"bytes"
	"slices"
	"strconv"
	"unicode/utf8"
)

// Canonicalize is Canonical(Decode(data)): json.dumps(json.loads(data),
// sort_keys=True, separators=(",", ":")) as CPython computes it.
//
// A UTF-8 document (without a BOM) is read in one pass that writes the
// canonical bytes as it goes, without building a Value: strings are copied
// in runs of bytes that need no escape, each object's members are written
// in the order they come and reordered in place only when their keys are
// not already in code-point order, and a repeated key keeps its last value.
// Anything that pass does not accept (an error, another encoding) goes
// through Decode, which gives the error json.loads raises; both paths write
// the same bytes, which the differential tests and FuzzCanonicalize check.
func Canonicalize(data []byte) ([]byte, error) {
	if detectEncoding(data) == encUTF8 {
		c := canonicalizer{src: data, out: make([]byte, 0, len(data))}
		if c.document() {
			return c.out, nil
		}
	}
	return canonicalizeValue(data)
}

// canonicalizeValue is Canonicalize through a Value: the reference the
// one-pass reader is fuzzed against.
func canonicalizeValue(data []byte) ([]byte, error) {
	v, err := Decode(data)
	if err != nil {
		return nil, err
	}
	return Canonical(v), nil
}

// canonicalizer is the one-pass reader of Canonicalize. Its methods report
// false for anything it does not accept; the caller then falls back to
// Decode for the error.
type canonicalizer struct {
	src  []byte
	pos  int
	out  []byte
	mems []canonMember // members of the objects being read, innermost last
	keys []byte        // decoded keys that held an escape
	tmp  []byte        // an object's members while they are reordered
}

// canonMember is one member of an object as written: its key decoded (in
// generalised UTF-8, so that byte order is code-point order) and where its
// `"key":value` lies in out.
type canonMember struct {
	key        []byte
	start, end int
}

// plain marks the bytes that a string holds and canonical JSON writes as
// they are: printable ASCII but the quote and the backslash.
var plain = func() (t [256]bool) {
	for c := ' '; c <= '~'; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

func (c *canonicalizer) document() bool {
	c.skipSpace()
	if !c.value(0) {
		return false
	}
	c.skipSpace()
	return c.pos == len(c.src)
}

func (c *canonicalizer) skipSpace() {
	for c.pos < len(c.src) && isSpace(c.src[c.pos]) {
		c.pos++
	}
}

func (c *canonicalizer) literal(word string) bool {
	if !bytes.HasPrefix(c.src[c.pos:], []byte(word)) {
		return false
	}
	c.pos += len(word)
	c.out = append(c.out, word...)
	return true
}

func (c *canonicalizer) value(depth int) bool {
	if c.pos >= len(c.src) {
		return false
	}
	switch c.src[c.pos] {
	case '"':
		_, ok := c.str(false)
		return ok
	case '{':
		return depth < MaxDepth && c.object(depth+1)
	case '[':
		return depth < MaxDepth && c.array(depth+1)
	case 'n':
		return c.literal("null")
	case 't':
		return c.literal("true")
	case 'f':
		return c.literal("false")
	case 'N':
		return c.literal("NaN")
	case 'I':
		return c.literal("Infinity")
	case '-':
		if c.pos+1 < len(c.src) && c.src[c.pos+1] == 'I' {
			return c.literal("-Infinity")
		}
	}
	return c.number()
}

// number is parser.number writing its canonical form.
func (c *canonicalizer) number() bool {
	t, start := c.src, c.pos
	i, intEnd, isFloat, ok := scanNumber(t, start)
	if !ok {
		return false
	}
	c.pos = i
	if isFloat {
		f, err := strconv.ParseFloat(string(t[start:i]), 64)
		if err != nil && !isRangeError(err) {
			return false
		}
		c.out = AppendFloat(c.out, f)
		return true
	}
	digits := intEnd - start
	if t[start] == '-' {
		digits--
	}
	if digits > MaxIntDigits {
		return false
	}
	if i-start == 2 && t[start] == '-' && t[start+1] == '0' {
		c.out = append(c.out, '0')
		return true
	}
	c.out = append(c.out, t[start:i]...)
	return true
}

// str reads the string at c.pos and writes it as encode_basestring_ascii
// does. For a key it also returns the decoded string, in generalised UTF-8:
// a slice of the document when the key holds only plain bytes, else a
// slice of c.keys.
func (c *canonicalizer) str(key bool) ([]byte, bool) {
	t := c.src
	i := c.pos + 1
	c.out = append(c.out, '"')
	run := i
	for i < len(t) && plain[t[i]] {
		i++
	}
	c.out = append(c.out, t[run:i]...)
	if i < len(t) && t[i] == '"' { // the common case: nothing to escape
		c.pos = i + 1
		c.out = append(c.out, '"')
		return t[run:i], true
	}
	var dec []byte
	if key {
		dec = append(c.keys[len(c.keys):], t[run:i]...)
	}
	for {
		run = i
		for i < len(t) && plain[t[i]] {
			i++
		}
		c.out = append(c.out, t[run:i]...)
		if key {
			dec = append(dec, t[run:i]...)
		}
		if i >= len(t) {
			return nil, false
		}
		b := t[i]
		var cp rune
		switch {
		case b == '"':
			c.pos = i + 1
			c.out = append(c.out, '"')
			if key {
				c.keys = dec
				return dec, true
			}
			return nil, true
		case b == '\\':
			var ok bool
			if cp, i, ok = c.escape(i); !ok {
				return nil, false
			}
		case b < 0x20:
			return nil, false
		case b < utf8.RuneSelf: // DEL
			cp = rune(b)
			i++
		default:
			r, size := utf8.DecodeRune(t[i:])
			switch {
			case r != utf8.RuneError || size > 1:
				cp = r
			case isEncodedSurrogate(t[i:]):
				cp, size = rune(t[i]&0x0F)<<12|rune(t[i+1]&0x3F)<<6|rune(t[i+2]&0x3F), 3
			default:
				return nil, false
			}
			i += size
		}
		c.out = appendEscaped(c.out, cp)
		if key {
			dec = appendCodePoint(dec, cp)
		}
	}
}

// escape decodes the escape sequence whose backslash is at c.src[j], as
// parser.escape does, and returns its code point and the index after it.
func (c *canonicalizer) escape(j int) (rune, int, bool) {
	t := c.src
	j++
	if j >= len(t) {
		return 0, 0, false
	}
	switch t[j] {
	case '"', '\\', '/':
		return rune(t[j]), j + 1, true
	case 'b':
		return '\b', j + 1, true
	case 'f':
		return '\f', j + 1, true
	case 'n':
		return '\n', j + 1, true
	case 'r':
		return '\r', j + 1, true
	case 't':
		return '\t', j + 1, true
	case 'u':
	default:
		return 0, 0, false
	}
	cp, ok := hex4(t, j+1)
	if !ok {
		return 0, 0, false
	}
	i := j + 5
	if cp >= 0xD800 && cp <= 0xDBFF && i+1 < len(t) && t[i] == '\\' && t[i+1] == 'u' {
		cp2, ok := hex4(t, i+2)
		if !ok {
			return 0, 0, false
		}
		if cp2 >= 0xDC00 && cp2 <= 0xDFFF {
			cp = 0x10000 + (cp-0xD800)<<10 + (cp2 - 0xDC00)
			i += 6
		}
	}
	return cp, i, true
}

// appendEscaped writes one code point of a string as appendString does.
func appendEscaped(dst []byte, cp rune) []byte {
	if cp < utf8.RuneSelf && plain[cp] {
		return append(dst, byte(cp))
	}
	switch cp {
	case '"':
		return append(dst, '\\', '"')
	case '\\':
		return append(dst, '\\', '\\')
	case '\b':
		return append(dst, '\\', 'b')
	case '\f':
		return append(dst, '\\', 'f')
	case '\n':
		return append(dst, '\\', 'n')
	case '\r':
		return append(dst, '\\', 'r')
	case '\t':
		return append(dst, '\\', 't')
	}
	if cp >= 0x10000 {
		v := cp - 0x10000
		dst = appendUEscape(dst, 0xD800|(v>>10)&0x3FF)
		return appendUEscape(dst, 0xDC00|v&0x3FF)
	}
	return appendUEscape(dst, cp)
}

func (c *canonicalizer) object(depth int) bool {
	c.pos++
	c.skipSpace()
	open := len(c.out)
	c.out = append(c.out, '{')
	if c.pos < len(c.src) && c.src[c.pos] == '}' {
		c.pos++
		c.out = append(c.out, '}')
		return true
	}
	base := len(c.mems)
	for {
		if c.pos >= len(c.src) || c.src[c.pos] != '"' {
			return false
		}
		start := len(c.out)
		key, ok := c.str(true)
		if !ok {
			return false
		}
		c.skipSpace()
		if c.pos >= len(c.src) || c.src[c.pos] != ':' {
			return false
		}
		c.pos++
		c.skipSpace()
		c.out = append(c.out, ':')
		if !c.value(depth) {
			return false
		}
		c.mems = append(c.mems, canonMember{key: key, start: start, end: len(c.out)})
		c.skipSpace()
		if c.pos < len(c.src) && c.src[c.pos] == '}' {
			c.pos++
			break
		}
		if c.pos >= len(c.src) || c.src[c.pos] != ',' {
			return false
		}
		c.pos++
		c.skipSpace()
		c.out = append(c.out, ',')
	}
	c.order(open, c.mems[base:])
	c.mems = c.mems[:base]
	c.out = append(c.out, '}')
	return true
}

// order rewrites the members of the object that opens at out[open] in
// code-point order of their keys, keeping the last of a repeated key, as
// json.dumps(sort_keys=True) writes a dict. Members already in strictly
// increasing order are left where they are.
func (c *canonicalizer) order(open int, ms []canonMember) {
	sorted := true
	for i := 1; i < len(ms); i++ {
		if bytes.Compare(ms[i-1].key, ms[i].key) >= 0 {
			sorted = false
			break
		}
	}
	if sorted {
		return
	}
	slices.SortStableFunc(ms, func(a, b canonMember) int { return bytes.Compare(a.key, b.key) })
	c.tmp = append(c.tmp[:0], c.out[open+1:]...)
	c.out = c.out[:open+1]
	shift := open + 1
	for i, m := range ms {
		if i+1 < len(ms) && bytes.Equal(m.key, ms[i+1].key) {
			continue // a later member has the same key: the last one wins
		}
		if len(c.out) > open+1 {
			c.out = append(c.out, ',')
		}
		c.out = append(c.out, c.tmp[m.start-shift:m.end-shift]...)
	}
}

func (c *canonicalizer) array(depth int) bool {
	c.pos++
	c.skipSpace()
	c.out = append(c.out, '[')
	if c.pos < len(c.src) && c.src[c.pos] == ']' {
		c.pos++
		c.out = append(c.out, ']')
		return true
	}
	for {
		if !c.value(depth) {
			return false
		}
		c.skipSpace()
		if c.pos < len(c.src) && c.src[c.pos] == ']' {
			c.pos++
			c.out = append(c.out, ']')
			return true
		}
		if c.pos >= len(c.src) || c.src[c.pos] != ',' {
			return false
		}
		c.pos++
		c.skipSpace()
		c.out = append(c.out, ',')
	}
}
