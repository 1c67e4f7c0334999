package pyjson

import (
	"math"
	"strconv"
	"strings"
)

// Canonical returns json.dumps(v, sort_keys=True, separators=(",", ":"))
// as CPython writes it with ensure_ascii=True: pure ASCII, no whitespace.
func Canonical(v Value) []byte { return AppendCanonical(nil, v) }

// AppendCanonical appends Canonical(v) to dst.
func AppendCanonical(dst []byte, v Value) []byte { return appendValue(dst, v, AppendFloat) }

// appendValue writes v with floatFn for floats; the differential test swaps
// in a wrong float writer to show that it catches one.
func appendValue(dst []byte, v Value, floatFn func([]byte, float64) []byte) []byte {
	switch v.kind {
	case Null:
		return append(dst, "null"...)
	case Bool:
		if v.b {
			return append(dst, "true"...)
		}
		return append(dst, "false"...)
	case Int:
		return append(dst, v.s...)
	case Float:
		return floatFn(dst, v.f)
	case String:
		return appendString(dst, v.s)
	case Array:
		dst = append(dst, '[')
		for i, e := range v.elems {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendValue(dst, e, floatFn)
		}
		return append(dst, ']')
	case Object:
		dst = append(dst, '{')
		for i, m := range v.mems {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendString(dst, m.Key)
			dst = append(dst, ':')
			dst = appendValue(dst, m.Value, floatFn)
		}
		return append(dst, '}')
	}
	return dst
}

// AppendFloat appends f as json.dumps writes a float: NaN, Infinity and
// -Infinity by name, anything else as Python's float.__repr__ — the
// shortest digits that read back as f, in fixed notation with at least one
// fractional digit ("1000.0", "0.0001", "-0.0") when the decimal exponent
// is from -4 to 15, else in exponent notation with a sign and at least two
// exponent digits ("1e+16", "1e-05", "5e-324").
func AppendFloat(dst []byte, f float64) []byte {
	switch {
	case math.IsNaN(f):
		return append(dst, "NaN"...)
	case math.IsInf(f, 1):
		return append(dst, "Infinity"...)
	case math.IsInf(f, -1):
		return append(dst, "-Infinity"...)
	}
	// Python's decpt is the position of the decimal point relative to the
	// first significant digit: f = 0.d1d2... × 10^decpt. Go's 'e' format
	// gives d1.d2... × 10^exp, so decpt = exp + 1.
	e := strconv.FormatFloat(f, 'e', -1, 64)
	exp, _ := strconv.Atoi(e[strings.IndexByte(e, 'e')+1:])
	if decpt := exp + 1; decpt <= -4 || decpt > 16 {
		return append(dst, e...) // Go writes "1e+16", "1.5e-07": Python's layout
	}
	start := len(dst)
	dst = strconv.AppendFloat(dst, f, 'f', -1, 64)
	if strings.IndexByte(string(dst[start:]), '.') < 0 {
		dst = append(dst, '.', '0')
	}
	return dst
}

const hexDigits = "0123456789abcdef"

// appendString is encode_basestring_ascii of Modules/_json.c.
func appendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c >= ' ' && c <= '~' && c != '"' && c != '\\' {
			dst = append(dst, c)
			i++
			continue
		}
		cp, size := nextCodePoint(s[i:])
		i += size
		switch cp {
		case '"':
			dst = append(dst, '\\', '"')
		case '\\':
			dst = append(dst, '\\', '\\')
		case '\b':
			dst = append(dst, '\\', 'b')
		case '\f':
			dst = append(dst, '\\', 'f')
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		default:
			if cp >= 0x10000 {
				v := cp - 0x10000
				dst = appendUEscape(dst, 0xD800|(v>>10)&0x3FF)
				dst = appendUEscape(dst, 0xDC00|v&0x3FF)
			} else {
				dst = appendUEscape(dst, cp)
			}
		}
	}
	return append(dst, '"')
}

func appendUEscape(dst []byte, u rune) []byte {
	return append(dst, '\\', 'u', hexDigits[u>>12&0xF], hexDigits[u>>8&0xF], hexDigits[u>>4&0xF], hexDigits[u&0xF])
}

// quoteKey writes a key for an error message, as canonical JSON.
func quoteKey(k string) string { return string(appendString(nil, k)) }
