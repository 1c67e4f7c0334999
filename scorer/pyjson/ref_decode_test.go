package pyjson

// The reader of Decode and DecodeStrict as it was before it gathered
// members on one stack and sliced strings from the document (commit
// 9d9a027), kept as the oracle of FuzzDecodeStrictAgainstReference.

import (
	"bytes"
	"fmt"
	"math"
	"sort"
	"strconv"
)

// refSortMembers is sortMembers as it was: always a stable sort.
func refSortMembers(ms []Member) (out []Member, dup string, hasDup bool) {
	sort.SliceStable(ms, func(i, j int) bool { return ms[i].Key < ms[j].Key })
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

// Decode parses data exactly as CPython's json.loads(data) does.
func refDecode(data []byte) (Value, error) {
	text, err := decodeText(data)
	if err != nil {
		return Value{}, err
	}
	return refParse(text, false)
}

// DecodeStrict parses data as Decode does, and also refuses what a file of
// this project must not hold though Python would load it: a BOM or an
// encoding other than UTF-8, a repeated key in an object, and the non-JSON
// literals NaN, Infinity and -Infinity. Errors name the RFC 6901 pointer of
// the offending value.
func refDecodeStrict(data []byte) (Value, error) {
	if enc := detectEncoding(data); enc != encUTF8 {
		return Value{}, &EncodingNotUTF8Error{Encoding: enc}
	}
	if err := validGeneralisedUTF8(data, encUTF8, 0); err != nil {
		return Value{}, err
	}
	return refParse(data, true)
}

func refParse(text []byte, strict bool) (Value, error) {
	p := &refParser{text: text, strict: strict}
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

type refParser struct {
	text   []byte
	pos    int
	strict bool
	path   []string // pointer tokens of the value being parsed, in strict mode
}

func (p *refParser) errorAt(msg string, off int) error {
	prefix := p.text[:off]
	char := countCodePoints(prefix)
	line := bytes.Count(prefix, []byte{'\n'}) + 1
	col := char + 1
	if nl := bytes.LastIndexByte(prefix, '\n'); nl >= 0 {
		col = char - countCodePoints(prefix[:nl])
	}
	return &SyntaxError{Msg: msg, Offset: off, Line: line, Column: col, Char: char}
}

func (p *refParser) pointer() string {
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

func (p *refParser) skipSpace() {
	for p.pos < len(p.text) && isSpace(p.text[p.pos]) {
		p.pos++
	}
}

func (p *refParser) literal(word string) bool {
	if bytes.HasPrefix(p.text[p.pos:], []byte(word)) {
		p.pos += len(word)
		return true
	}
	return false
}

// value is scan_once_unicode of Modules/_json.c.
func (p *refParser) value(depth int) (Value, error) {
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

func (p *refParser) nonFinite(f float64, lit string) (Value, error) {
	if p.strict {
		return Value{}, &NonFiniteError{Pointer: p.pointer(), Literal: lit}
	}
	return Value{kind: Float, f: f}, nil
}

// number is _match_number_unicode: -?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?
// with ASCII digits; a fraction or an exponent makes a float.
func (p *refParser) number() (Value, error) {
	t, start := p.text, p.pos
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
		return Value{}, p.errorAt("Expecting value", start)
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
	p.pos = i
	lit := string(t[start:i])
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

// str is scanstring_unicode with strict=True. p.pos is at the opening quote.
func (p *refParser) str() (string, error) {
	t := p.text
	begin := p.pos
	i := begin + 1
	// Fast path: no escape.
	for j := i; j < len(t); j++ {
		c := t[j]
		if c == '"' {
			p.pos = j + 1
			return string(t[i:j]), nil
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
func (p *refParser) escapedStr(begin int) (string, error) {
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
func (p *refParser) escape(out []byte, begin, j int) ([]byte, int, error) {
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

// object is _parse_object_unicode. p.pos is at '{'.
func (p *refParser) object(depth int) (Value, error) {
	p.pos++
	p.skipSpace()
	var mems []Member
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
		mems = append(mems, Member{Key: key, Value: v})
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
	mems, dup, hasDup := refSortMembers(mems)
	if p.strict && hasDup {
		return Value{}, &DuplicateKeyError{Pointer: p.pointer(), Key: dup}
	}
	return Value{kind: Object, mems: mems}, nil
}

// array is _parse_array_unicode. p.pos is at '['.
func (p *refParser) array(depth int) (Value, error) {
	p.pos++
	p.skipSpace()
	var elems []Value
	if p.pos < len(p.text) && p.text[p.pos] == ']' {
		p.pos++
		return Value{kind: Array}, nil
	}
	for {
		if p.strict {
			p.path = append(p.path, strconv.Itoa(len(elems)))
		}
		v, err := p.value(depth)
		if err != nil {
			return Value{}, err
		}
		if p.strict {
			p.path = p.path[:len(p.path)-1]
		}
		elems = append(elems, v)
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
	return Value{kind: Array, elems: elems}, nil
}
