// Package jsongen generates adversarial JSON bodies for the differential
// tests against CPython: every representation a value can take — astral code
// points and lone surrogates, DEL and control characters, escapes of every
// kind, duplicate keys, keys whose order differs between UTF-16 and code
// points, floats at each repr boundary, long integers, NaN and the
// infinities, byte order marks, UTF-16 and UTF-32, invalid UTF-8, truncation
// and trailing garbage. It is used only by tests; the same seed gives the
// same bodies.
package jsongen

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Generator produces bodies from a fixed seed.
type Generator struct {
	r *rand.Rand
}

// New returns a generator seeded with seed.
func New(seed uint64) *Generator {
	return &Generator{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

func (g *Generator) pick(xs []string) string { return xs[g.r.IntN(len(xs))] }
func (g *Generator) chance(p float64) bool   { return g.r.Float64() < p }

// BoundaryNumbers are spellings at the edges of Python's int and float
// handling and repr: exponent switch at 1e16 and 1e-5, signed zero,
// subnormals, overflow to Infinity, underflow to zero, long integers.
var BoundaryNumbers = []string{
	"0", "-0", "1", "-1", "0.0", "-0.0", "1.0", "1e0", "1E0", "1e+0", "1e-0", "10e-1",
	"1e16", "1E16", "1e+16", "1e15", "9999999999999998.0", "9999999999999999.0", "1e17",
	"1234567890123456.7", "12345678901234567.0", "0.0001", "0.00001", "1e-4", "1e-5", "1e-05",
	"0.00012345", "1.5e-7", "5e-324", "4.9e-324", "2.5e-324", "2.4e-324", "1e-400", "-1e-400",
	"2.2250738585072014e-308", "2.225073858507201e-308", "1.7976931348623157e308",
	"1.7976931348623158e308", "1.7976931348623159e308", "1e308", "1e309", "1e400", "-1e400",
	"1e999999999999999999999", "0e999999999999", "0.1", "0.2", "0.3", "0.30000000000000004",
	"100", "1e2", "1e3", "1000.0", "2.0", "123456789012345678", "12345678901234567890",
	"9223372036854775807", "9223372036854775808", "-9223372036854775809",
	"18446744073709551615", "18446744073709551616", "123456789012345678901234567890",
	"-123456789012345678901234567890", "1.00000000000000000000000000001",
	"0.1000000000000000055511151231257827", "3.141592653589793238462643383279",
	"1" + strings.Repeat("0", 400) + "e-400",
	"NaN", "Infinity", "-Infinity",
	// Spellings Python refuses.
	"-NaN", "+Infinity", "infinity", "nan", "inf", "+1", "01", "-01", "00", ".5", "1.", "1.e5",
	"1e", "1e+", "-", "--1", "0x10", "1_000", "1e5.5", "١", "½",
}

// Number returns a number spelling: a boundary case or a random double or
// integer in one of several spellings.
func (g *Generator) Number() string {
	switch g.r.IntN(6) {
	case 0, 1:
		return g.pick(BoundaryNumbers)
	case 2: // a random double, any bit pattern but NaN
		f := math.Float64frombits(g.r.Uint64())
		if math.IsNaN(f) || math.IsInf(f, 0) {
			f = g.r.NormFloat64() * math.Pow(10, float64(g.r.IntN(40)-20))
		}
		return g.FloatSpelling(f)
	case 3: // a double near a repr boundary
		f := math.Pow(10, float64(g.r.IntN(12)-6)+[]float64{15, -5, 16, -4}[g.r.IntN(4)]-float64(g.r.IntN(3)))
		f = math.Nextafter(f, []float64{0, math.Inf(1)}[g.r.IntN(2)])
		if g.chance(0.5) {
			f = -f
		}
		return g.FloatSpelling(f)
	case 4: // an integer with up to 40 digits
		n := 1 + g.r.IntN(40)
		var b strings.Builder
		if g.chance(0.3) {
			b.WriteByte('-')
		}
		b.WriteByte(byte('1' + g.r.IntN(9)))
		for i := 1; i < n; i++ {
			b.WriteByte(byte('0' + g.r.IntN(10)))
		}
		return b.String()
	default: // a short decimal, written by hand
		return fmt.Sprintf("%d.%0*d", g.r.IntN(2000)-1000, 1+g.r.IntN(6), g.r.IntN(1000000))
	}
}

// FloatSpelling writes f in one of the ways a JSON producer might.
func (g *Generator) FloatSpelling(f float64) string {
	var s string
	switch g.r.IntN(5) {
	case 0:
		s = strconv.FormatFloat(f, 'g', -1, 64)
	case 1:
		s = strconv.FormatFloat(f, 'e', g.r.IntN(20), 64)
	case 2:
		s = strconv.FormatFloat(f, 'g', 17, 64)
	case 3:
		s = strconv.FormatFloat(f, 'f', -1, 64)
	default:
		s = strconv.FormatFloat(f, 'e', -1, 64)
	}
	if g.chance(0.2) {
		s = strings.Replace(s, "e", "E", 1)
	}
	if g.chance(0.1) {
		s = strings.Replace(s, "e+", "e", 1)
	}
	return s
}

// IntegerAtLimit returns an integer of n digits (CPython refuses more than 4300).
func IntegerAtLimit(n int) string { return "1" + strings.Repeat("7", n-1) }

// stringPieces are the fragments a JSON string is made of, raw and escaped.
var stringPieces = []string{
	"a", "Z", "0", " ", "~", "<", ">", "&", "/", "'", "\\/", "\\\"", "\\\\", "\\b", "\\f", "\\n",
	"\\r", "\\t", "\\u0000", "\\u001f", "\\u001F", "\\u0020", "\\u007f", "\\u007F", "\\u0080",
	"\\u00e9", "\\u00E9", "\\u20ac", "\\uffff", "\\uFFFE", "\\ufeff", "\\u2028", "\\ud83d\\ude00",
	"\\uD83D\\uDE00", "\\ud800", "\\udbff", "\\udc00", "\\udfff", "\\ud800\\u0041", "\\ud800\\ud800",
	"\\udc00\\ud800", "\\ud800\\udc00\\udc00", "\\ud800\\n", "\\u0041", "\x7f", "é", "e\u0301",
	"€", "日本語", "😀", "𝄞", "\U0010FFFF", "\ufeff", "\u2028", "\ue000", "\uffff",
	"\xed\xa0\x80", "\xed\xbf\xbf", "\xed\xa0\xbd\xed\xb8\x80", // raw surrogates (surrogatepass)
	// Pieces Python refuses inside a string.
	"\x00", "\x01", "\t", "\n", "\x1f", "\\x41", "\\a", "\\u12", "\\u12G4", "\\uD800\\u12G4", "\\U00000041",
	"\xff", "\xc0\x80", "\xe2\x82", "\xf4\x90\x80\x80", "\xf8\x88\x80\x80\x80",
}

func (g *Generator) stringLiteral() string {
	var b strings.Builder
	b.WriteByte('"')
	for n := g.r.IntN(6); n > 0; n-- {
		p := g.pick(stringPieces)
		// Pieces after index "\\x41" are refused by Python: keep them rare.
		if isRefusedPiece(p) && !g.chance(0.05) {
			p = "x"
		}
		b.WriteString(p)
	}
	b.WriteByte('"')
	return b.String()
}

func isRefusedPiece(p string) bool {
	switch p {
	case "\x00", "\x01", "\t", "\n", "\x1f", "\\x41", "\\a", "\\u12", "\\u12G4", "\\uD800\\u12G4",
		"\\U00000041", "\xff", "\xc0\x80", "\xe2\x82", "\xf4\x90\x80\x80", "\xf8\x88\x80\x80\x80":
		return true
	}
	return false
}

// Keys whose orders differ by UTF-16 code unit and by code point (U+E000
// and U+FFFF sort before an astral code point in UTF-16, after it here),
// that differ only by normalisation, case or escape spelling.
var keys = []string{
	`""`, `"a"`, `"A"`, `"b"`, `"aa"`, `"é"`, `"e\u0301"`, `"\u00e9"`, `"\ue000"`, `"\uffff"`,
	`"\ufb01"`, `"😀"`, `"\ud83d\ude00"`, `"\ud800"`, `"\udbff"`, `"\udc00"`, "\"\xed\xa0\xbd\xed\xb8\x80\"",
	`"\u007f"`, `"~"`, `"/"`, `"statut"`, `"Statut"`, `"date_fin"`, `"date_début"`,
}

func (g *Generator) space() string {
	if !g.chance(0.3) {
		return ""
	}
	ws := []string{" ", "\t", "\n", "\r", "  \n\t", "\r\n"}
	if g.chance(0.02) { // not JSON whitespace
		ws = []string{"\f", "\v", "\u00a0", "\u2028", "\ufeff", "\x00"}
	}
	return g.pick(ws)
}

// Value returns the text of one value nested at most depth levels.
func (g *Generator) Value(depth int) string {
	n := 9
	if depth <= 0 {
		n = 6
	}
	switch g.r.IntN(n) {
	case 0:
		return g.pick([]string{"null", "true", "false", "null", "true", "false", "nul", "True", "NULL", "tru"})
	case 1, 2:
		return g.Number()
	case 3, 4, 5:
		return g.stringLiteral()
	case 6, 7:
		return g.object(depth - 1)
	default:
		return g.array(depth - 1)
	}
}

func (g *Generator) array(depth int) string {
	var b strings.Builder
	b.WriteString("[" + g.space())
	n := g.r.IntN(5)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(g.space() + "," + g.space())
		}
		b.WriteString(g.Value(depth))
	}
	if n > 0 && g.chance(0.03) {
		b.WriteString(",") // trailing comma
	}
	b.WriteString(g.space() + "]")
	return b.String()
}

func (g *Generator) object(depth int) string {
	var b strings.Builder
	b.WriteString("{" + g.space())
	n := g.r.IntN(5)
	var used []string
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(g.space() + "," + g.space())
		}
		k := g.pick(keys)
		if len(used) > 0 && g.chance(0.25) { // a duplicate key
			k = used[g.r.IntN(len(used))]
		} else if g.chance(0.3) {
			k = g.stringLiteral()
		}
		used = append(used, k)
		if g.chance(0.01) {
			k = "a" // unquoted key
		}
		b.WriteString(k + g.space() + ":" + g.space() + g.Value(depth))
	}
	if n > 0 && g.chance(0.03) {
		b.WriteString(",")
	}
	b.WriteString(g.space() + "}")
	return b.String()
}

// Body returns one adversarial body: a document, often mutated.
func (g *Generator) Body() []byte {
	doc := g.space() + g.Value(4) + g.space()
	b := []byte(doc)
	switch g.r.IntN(20) {
	case 0: // truncated
		if len(b) > 0 {
			b = b[:g.r.IntN(len(b))]
		}
	case 1: // one random byte inserted
		i := g.r.IntN(len(b) + 1)
		b = append(b[:i], append([]byte{byte(g.r.IntN(256))}, b[i:]...)...)
	case 2: // trailing garbage
		b = append(b, g.pick([]string{"x", "]", "}", " {}", "\x00", ",", "//", " 1", "\n\n0"})...)
	case 3: // UTF-8 BOM, once or twice
		b = append([]byte("\xef\xbb\xbf"), b...)
		if g.chance(0.3) {
			b = append([]byte("\xef\xbb\xbf"), b...)
		}
	case 4: // UTF-16 or UTF-32, with or without a BOM
		if enc, ok := Encode(b, g.pick([]string{"utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"}), g.chance(0.5)); ok {
			b = enc
		}
	case 5: // an invalid UTF-8 byte somewhere
		i := g.r.IntN(len(b) + 1)
		bad := g.pick([]string{"\xff", "\xfe", "\xc3", "\xe2\x82", "\x80", "\xc0\xaf", "\xf5\x80\x80\x80"})
		b = append(b[:i], append([]byte(bad), b[i:]...)...)
	}
	return b
}

// Encode re-encodes generalised UTF-8 text (surrogates included) as
// UTF-16 or UTF-32 in the given byte order, with a BOM when bom is set.
// ok is false when text is not generalised UTF-8.
func Encode(text []byte, enc string, bom bool) ([]byte, bool) {
	var cps []rune
	for i := 0; i < len(text); {
		if i+2 < len(text) && text[i] == 0xED && text[i+1] >= 0xA0 && text[i+1] <= 0xBF && text[i+2] >= 0x80 && text[i+2] <= 0xBF {
			cps = append(cps, rune(text[i]&0x0F)<<12|rune(text[i+1]&0x3F)<<6|rune(text[i+2]&0x3F))
			i += 3
			continue
		}
		r, size := utf8.DecodeRune(text[i:])
		if r == utf8.RuneError && size <= 1 {
			return nil, false
		}
		cps = append(cps, r)
		i += size
	}
	var out bytes.Buffer
	be := strings.HasSuffix(enc, "be")
	put16 := func(u uint16) {
		if be {
			out.Write([]byte{byte(u >> 8), byte(u)})
		} else {
			out.Write([]byte{byte(u), byte(u >> 8)})
		}
	}
	put32 := func(u uint32) {
		if be {
			out.Write([]byte{byte(u >> 24), byte(u >> 16), byte(u >> 8), byte(u)})
		} else {
			out.Write([]byte{byte(u), byte(u >> 8), byte(u >> 16), byte(u >> 24)})
		}
	}
	wide := strings.HasPrefix(enc, "utf-32")
	if bom {
		cps = append([]rune{0xFEFF}, cps...)
	}
	for _, cp := range cps {
		switch {
		case wide:
			put32(uint32(cp))
		case cp >= 0x10000:
			v := cp - 0x10000
			put16(uint16(0xD800 | v>>10))
			put16(uint16(0xDC00 | v&0x3FF))
		default:
			put16(uint16(cp))
		}
	}
	return out.Bytes(), true
}

// Corpus returns n bodies from seed, plus the fixed cases every run checks:
// each boundary number alone and in an array, integers around CPython's
// 4300-digit limit, nesting around MaxDepth, and the empty and blank bodies.
func Corpus(seed uint64, n int, maxDepth int) [][]byte {
	g := New(seed)
	var out [][]byte
	for _, s := range BoundaryNumbers {
		out = append(out, []byte(s), []byte("["+s+"]"), []byte(`{"v":`+s+`}`))
	}
	for _, d := range []int{4299, 4300, 4301} {
		out = append(out, []byte(IntegerAtLimit(d)), []byte("-"+IntegerAtLimit(d)), []byte("["+IntegerAtLimit(d)+".5]"))
	}
	for _, d := range []int{1, maxDepth - 1, maxDepth} {
		out = append(out, []byte(strings.Repeat("[", d)+strings.Repeat("]", d)))
		out = append(out, []byte(strings.Repeat(`{"a":`, d)+"1"+strings.Repeat("}", d)))
	}
	for _, d := range []int{1100, 100000} { // deeper than CPython's recursion limit too
		out = append(out, []byte(strings.Repeat("[", d)+strings.Repeat("]", d)))
	}
	for _, s := range []string{"", " ", "\n", "\xef\xbb\xbf", "\xef\xbb\xbf ", "\x00", "\x00\x00", "\xff\xfe", "\xfe\xff", "{}", "[]", `""`, "0", "0.0", "-0.0", "false", "null", "[0]", `{"":""}`} {
		out = append(out, []byte(s))
	}
	for i := 0; i < n; i++ {
		out = append(out, g.Body())
	}
	return out
}

// FloatArrays returns count arrays of per random doubles each, written
// with 17 significant digits: the shortest-repr check in bulk.
func FloatArrays(seed uint64, count, per int) [][]byte {
	g := New(seed)
	out := make([][]byte, 0, count)
	for i := 0; i < count; i++ {
		var b strings.Builder
		b.WriteByte('[')
		for j := 0; j < per; j++ {
			if j > 0 {
				b.WriteByte(',')
			}
			var f float64
			for {
				f = math.Float64frombits(g.r.Uint64())
				if !math.IsNaN(f) && !math.IsInf(f, 0) {
					break
				}
			}
			if j%2 == 1 { // half of them at ordinary magnitudes
				f = g.r.NormFloat64() * math.Pow(10, float64(g.r.IntN(44)-22))
			}
			b.WriteString(strconv.FormatFloat(f, 'g', 17, 64))
		}
		b.WriteByte(']')
		out = append(out, []byte(b.String()))
	}
	return out
}
