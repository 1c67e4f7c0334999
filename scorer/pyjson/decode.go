package pyjson

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strconv"
	"sync"
)

// MaxIntDigits is CPython's default sys.get_int_max_str_digits(): json.loads
// refuses an integer with more digits (ValueError), and so does Decode.
const MaxIntDigits = 4300

// MaxDepth is the deepest nesting of arrays and objects Decode accepts.
// CPython raises RecursionError somewhat deeper (see the package comment).
const MaxDepth = 500

// SyntaxError is a document json.loads refuses with JSONDecodeError, or with
// the ValueError or RecursionError that its scanner raises. The message is
// CPython's; the position is reported both as Python does (line, column and
// character index, in code points of the decoded text) and as a byte offset
// into the decoded text.
type SyntaxError struct {
	Msg    string
	Offset int // byte offset in the decoded text
	Line   int
	Column int
	Char   int
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%s: line %d column %d (char %d)", e.Msg, e.Line, e.Column, e.Char)
}

// DuplicateKeyError is a key that appears twice in one object, reported
// only by DecodeStrict.
type DuplicateKeyError struct {
	Pointer string // RFC 6901 pointer of the object holding the key
	Key     string
}

func (e *DuplicateKeyError) Error() string {
	return fmt.Sprintf("duplicate key %s in the object at %q", quoteKey(e.Key), e.Pointer)
}

// NonFiniteError is NaN, Infinity or -Infinity, reported only by DecodeStrict.
type NonFiniteError struct {
	Pointer string
	Literal string
}

func (e *NonFiniteError) Error() string {
	return fmt.Sprintf("%s at %q is not a JSON number", e.Literal, e.Pointer)
}

// EncodingNotUTF8Error is a document DecodeStrict refuses because it is not
// plain UTF-8 (a BOM, UTF-16 or UTF-32).
type EncodingNotUTF8Error struct{ Encoding string }

func (e *EncodingNotUTF8Error) Error() string {
	return fmt.Sprintf("document is %s, want UTF-8 without a byte order mark", e.Encoding)
}

// Decode parses data exactly as CPython's json.loads(data) does. The
// strings of the Value share one copy of the document's text: a caller
// that keeps a part of it beyond the whole keeps a Clone of that part.
func Decode(data []byte) (Value, error) {
	text, err := decodeText(data)
	if err != nil {
		return Value{}, err
	}
	return parse(text, false)
}

// DecodeStrict parses data as Decode does, and also refuses what a file of
// this project must not hold though Python would load it: a BOM or an
// encoding other than UTF-8, a repeated key in an object, and the non-JSON
// literals NaN, Infinity and -Infinity. Errors name the RFC 6901 pointer of
// the offending value.
func DecodeStrict(data []byte) (Value, error) {
	if enc := detectEncoding(data); enc != encUTF8 {
		return Value{}, &EncodingNotUTF8Error{Encoding: enc}
	}
	if err := validGeneralisedUTF8(data, encUTF8, 0); err != nil {
		return Value{}, err
	}
	return parse(data, true)
}

func parse(text []byte, strict bool) (Value, error) {
	p := &parser{text: text, src: string(text), strict: strict}
	sc := scratches.Get().(*scratch)
	p.mems, p.elems, p.path = sc.mems, sc.elems, sc.path
	defer func() { sc.keep(p) }()
	p.skipSpace()
	v, err := p.value(0)
	if err != nil {
		return Value{}, err
	}
	p.skipSpace()
	if p.pos != len(p.text) {
		return Value{}, p.errorAt("Extra data", p.pos)
	}
	return v, nil
}

type parser struct {
	text   []byte
	src    string // text, converted once: a string without escapes is a slice of it
	pos    int
	strict bool
	path   []string // pointer tokens of the value being parsed, in strict mode
	// Members and elements of the objects and arrays being read, innermost
	// last: each is copied to a slice of its exact size when it closes.
	mems  []Member
	elems []Value
}

// scratch is a parser's stacks (members, elements, pointer tokens), kept
// between documents: grown anew for each of a season's proof views and
// submissions, they were a tenth of what a cold build allocated.
type scratch struct {
	mems  []Member
	elems []Value
	path  []string
}

var scratches = sync.Pool{New: func() any { return new(scratch) }}

// maxScratch bounds the stacks a scratch keeps: one document with a huge
// object does not make every later parse clear and hold its stack.
const maxScratch = 1 << 12

// keep puts p's stacks back into the pool, emptied of every reference they
// held (the slots past their length included), unless one outgrew
// maxScratch. It reports whether it kept them.
func (sc *scratch) keep(p *parser) bool {
	if cap(p.mems) > maxScratch || cap(p.elems) > maxScratch || cap(p.path) > maxScratch {
		return false
	}
	sc.mems, sc.elems, sc.path = p.mems[:0], p.elems[:0], p.path[:0]
	clear(sc.mems[:cap(sc.mems)])
	clear(sc.elems[:cap(sc.elems)])
	clear(sc.path[:cap(sc.path)])
	scratches.Put(sc)
	return true
}

func (p *parser) errorAt(msg string, off int) error {
	prefix := p.text[:off]
	char := countCodePoints(prefix)
	line := bytes.Count(prefix, []byte{'\n'}) + 1
	col := char + 1
	if nl := bytes.LastIndexByte(prefix, '\n'); nl >= 0 {
		col = char - countCodePoints(prefix[:nl])
	}
	return &SyntaxError{Msg: msg, Offset: off, Line: line, Column: col, Char: char}
}

func countCodePoints(b []byte) int {
	n := 0
	for i := 0; i < len(b); {
		_, size := nextCodePoint(string(b[i:min(i+4, len(b))]))
		i += size
		n++
	}
	return n
}

func (p *parser) pointer() string {
	var b []byte
	for _, t := range p.path {
		b = append(b, '/')
		for i := 0; i < len(t); i++ {
			switch t[i] {
			case '~':
				b = append(b, '~', '0')
			case '/':
				b = append(b, '~', '1')
			default:
				b = append(b, t[i])
			}
		}
	}
	return string(b)
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func (p *parser) skipSpace() {
	for p.pos < len(p.text) && isSpace(p.text[p.pos]) {
		p.pos++
	}
}

func (p *parser) literal(word string) bool {
	if bytes.HasPrefix(p.text[p.pos:], []byte(word)) {
		p.pos += len(word)
		return true
	}
	return false
}

// value is scan_once_unicode of Modules/_json.c.
func (p *parser) value(depth int) (Value, error) {
	if p.pos >= len(p.text) {
		return Value{}, p.errorAt("Expecting value", p.pos)
	}
	switch p.text[p.pos] {
	case '"':
		s, err := p.str()
		return Value{kind: String, s: s}, err
	case '{':
		if depth >= MaxDepth {
			return Value{}, p.errorAt(fmt.Sprintf("nesting deeper than %d (RecursionError in CPython near 995)", MaxDepth), p.pos)
		}
		return p.object(depth + 1)
	case '[':
		if depth >= MaxDepth {
			return Value{}, p.errorAt(fmt.Sprintf("nesting deeper than %d (RecursionError in CPython near 995)", MaxDepth), p.pos)
		}
		return p.array(depth + 1)
	case 'n':
		if p.literal("null") {
			return Value{}, nil
		}
	case 't':
		if p.literal("true") {
			return Value{kind: Bool, b: true}, nil
		}
	case 'f':
		if p.literal("false") {
			return Value{kind: Bool}, nil
		}
	case 'N':
		if p.literal("NaN") {
			return p.nonFinite(math.NaN(), "NaN")
		}
	case 'I':
		if p.literal("Infinity") {
			return p.nonFinite(math.Inf(1), "Infinity")
		}
	case '-':
		if p.literal("-Infinity") {
			return p.nonFinite(math.Inf(-1), "-Infinity")
		}
	}
	return p.number()
}

func (p *parser) nonFinite(f float64, lit string) (Value, error) {
	if p.strict {
		return Value{}, &NonFiniteError{Pointer: p.pointer(), Literal: lit}
	}
	return Value{kind: Float, f: f}, nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// scanNumber matches _match_number_unicode at start of t:
// -?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)? with ASCII digits. It returns
// where the number ends, where its integer part ends, and whether a
// fraction or an exponent makes it a float; the last result is false when no number
// starts there.
func scanNumber(t []byte, start int) (int, int, bool, bool) {
	i := start
	if i < len(t) && t[i] == '-' {
		i++
	}
	switch {
	case i < len(t) && t[i] >= '1' && t[i] <= '9':
		for i++; i < len(t) && isDigit(t[i]); i++ {
		}
	case i < len(t) && t[i] == '0':
		i++
	default:
		return start, start, false, false
	}
	intEnd := i
	isFloat := false
	if i+1 < len(t) && t[i] == '.' && isDigit(t[i+1]) {
		isFloat = true
		for i += 2; i < len(t) && isDigit(t[i]); i++ {
		}
	}
	if i < len(t) && (t[i] == 'e' || t[i] == 'E') {
		j := i + 1
		if j < len(t) && (t[j] == '-' || t[j] == '+') {
			j++
		}
		if j < len(t) && isDigit(t[j]) {
			isFloat = true
			for j++; j < len(t) && isDigit(t[j]); j++ {
			}
			i = j
		}
	}
	return i, intEnd, isFloat, true
}

// number is _match_number_unicode: -?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?
// with ASCII digits; a fraction or an exponent makes a float.
func (p *parser) number() (Value, error) {
	t, start := p.text, p.pos
	i, intEnd, isFloat, ok := scanNumber(t, start)
	if !ok {
		return Value{}, p.errorAt("Expecting value", start)
	}
	p.pos = i
	lit := p.src[start:i] // a slice of the document's one copy, as a string's
	if isFloat {
		f, err := strconv.ParseFloat(lit, 64)
		if err != nil && !isRangeError(err) {
			// Unreachable for text matching the grammar above; never hash a guess.
			return Value{}, p.errorAt("could not convert string to float: "+lit, start)
		}
		return Value{kind: Float, f: f}, nil // overflow is ±Inf and underflow 0, as float()
	}
	digits := intEnd - start
	if t[start] == '-' {
		digits--
	}
	if digits > MaxIntDigits {
		return Value{}, p.errorAt(fmt.Sprintf("Exceeds the limit (%d digits) for integer string conversion: value has %d digits", MaxIntDigits, digits), start)
	}
	if lit == "-0" {
		lit = "0"
	}
	return Value{kind: Int, s: lit}, nil
}

func isRangeError(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// str is scanstring_unicode with strict=True. p.pos is at the opening quote.
func (p *parser) str() (string, error) {
	t := p.text
	begin := p.pos
	i := begin + 1
	// Fast path: no escape.
	for j := i; j < len(t); j++ {
		c := t[j]
		if c == '"' {
			p.pos = j + 1
			return p.src[i:j], nil
		}
		if c == '\\' {
			break
		}
		if c < 0x20 {
			return "", p.errorAt("Invalid control character at", j)
		}
	}
	return p.escapedStr(begin)
}

// escapedStr is str for a string that holds an escape or is not closed:
// the string that starts at t[begin] is decoded one run of plain bytes and
// one escape at a time.
func (p *parser) escapedStr(begin int) (string, error) {
	t := p.text
	i := begin + 1
	var out []byte
	for {
		j := i
		for j < len(t) && t[j] != '"' && t[j] != '\\' {
			if t[j] < 0x20 {
				return "", p.errorAt("Invalid control character at", j)
			}
			j++
		}
		if j >= len(t) {
			return "", p.errorAt("Unterminated string starting at", begin)
		}
		out = append(out, t[i:j]...)
		if t[j] == '"' {
			p.pos = j + 1
			return string(out), nil
		}
		var err error
		if out, i, err = p.escape(out, begin, j); err != nil {
			return "", err
		}
	}
}

// escape appends the code point of the escape sequence whose backslash is
// at t[j] to out and returns the index after the sequence. A high surrogate
// escape followed by a low surrogate escape is one astral code point; a
// lone surrogate is kept as written. begin is where the string starts, for
// the error of a string cut short.
func (p *parser) escape(out []byte, begin, j int) ([]byte, int, error) {
	t := p.text
	j++
	if j >= len(t) {
		return nil, 0, p.errorAt("Unterminated string starting at", begin)
	}
	c := t[j]
	if c != 'u' {
		var r byte
		switch c {
		case '"', '\\', '/':
			r = c
		case 'b':
			r = '\b'
		case 'f':
			r = '\f'
		case 'n':
			r = '\n'
		case 'r':
			r = '\r'
		case 't':
			r = '\t'
		default:
			return nil, 0, p.errorAt("Invalid \\escape", j-1)
		}
		return append(out, r), j + 1, nil
	}
	cp, ok := hex4(t, j+1)
	if !ok {
		return nil, 0, p.errorAt("Invalid \\uXXXX escape", j)
	}
	i := j + 5
	if cp >= 0xD800 && cp <= 0xDBFF && i+1 < len(t) && t[i] == '\\' && t[i+1] == 'u' {
		cp2, ok := hex4(t, i+2)
		if !ok {
			return nil, 0, p.errorAt("Invalid \\uXXXX escape", i+1)
		}
		if cp2 >= 0xDC00 && cp2 <= 0xDFFF {
			cp = 0x10000 + (cp-0xD800)<<10 + (cp2 - 0xDC00)
			i += 6
		}
	}
	return appendCodePoint(out, cp), i, nil
}

// hex4 reads the four hexadecimal digits at t[i:]. CPython also wants one
// more character after them (the string must still be closed); a document
// that lacks it fails as an unterminated string instead, an error either way.
func hex4(t []byte, i int) (rune, bool) {
	if i+4 > len(t) {
		return 0, false
	}
	var cp rune
	for _, c := range t[i : i+4] {
		cp <<= 4
		switch {
		case c >= '0' && c <= '9':
			cp |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			cp |= rune(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			cp |= rune(c - 'A' + 10)
		default:
			return 0, false
		}
	}
	return cp, true
}

// object is _parse_object_unicode. p.pos is at '{'.
func (p *parser) object(depth int) (Value, error) {
	p.pos++
	p.skipSpace()
	base := len(p.mems)
	defer func() { p.mems = p.mems[:base] }()
	if p.pos < len(p.text) && p.text[p.pos] == '}' {
		p.pos++
		return Value{kind: Object}, nil
	}
	for {
		if p.pos >= len(p.text) || p.text[p.pos] != '"' {
			return Value{}, p.errorAt("Expecting property name enclosed in double quotes", p.pos)
		}
		key, err := p.str()
		if err != nil {
			return Value{}, err
		}
		p.skipSpace()
		if p.pos >= len(p.text) || p.text[p.pos] != ':' {
			return Value{}, p.errorAt("Expecting ':' delimiter", p.pos)
		}
		p.pos++
		p.skipSpace()
		if p.strict {
			p.path = append(p.path, key)
		}
		v, err := p.value(depth)
		if err != nil {
			return Value{}, err
		}
		if p.strict {
			p.path = p.path[:len(p.path)-1]
		}
		p.mems = append(p.mems, Member{Key: key, Value: v})
		p.skipSpace()
		if p.pos < len(p.text) && p.text[p.pos] == '}' {
			p.pos++
			break
		}
		if p.pos >= len(p.text) || p.text[p.pos] != ',' {
			return Value{}, p.errorAt("Expecting ',' delimiter", p.pos)
		}
		p.pos++
		p.skipSpace()
	}
	mems, dup, hasDup := sortMembers(slices.Clone(p.mems[base:]))
	if p.strict && hasDup {
		return Value{}, &DuplicateKeyError{Pointer: p.pointer(), Key: dup}
	}
	return Value{kind: Object, mems: mems}, nil
}

// array is _parse_array_unicode. p.pos is at '['.
func (p *parser) array(depth int) (Value, error) {
	p.pos++
	p.skipSpace()
	base := len(p.elems)
	defer func() { p.elems = p.elems[:base] }()
	if p.pos < len(p.text) && p.text[p.pos] == ']' {
		p.pos++
		return Value{kind: Array}, nil
	}
	for {
		if p.strict {
			p.path = append(p.path, strconv.Itoa(len(p.elems)-base))
		}
		v, err := p.value(depth)
		if err != nil {
			return Value{}, err
		}
		if p.strict {
			p.path = p.path[:len(p.path)-1]
		}
		p.elems = append(p.elems, v)
		p.skipSpace()
		if p.pos < len(p.text) && p.text[p.pos] == ']' {
			p.pos++
			break
		}
		if p.pos >= len(p.text) || p.text[p.pos] != ',' {
			return Value{}, p.errorAt("Expecting ',' delimiter", p.pos)
		}
		p.pos++
		p.skipSpace()
	}
	return Value{kind: Array, elems: slices.Clone(p.elems[base:])}, nil
}
