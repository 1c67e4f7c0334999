// Package pyjson reads and writes JSON exactly as CPython's json module does,
// which is how the ArkForge Trust Layer hashes requests and responses.
//
// Decode implements json.loads(bytes) of CPython 3.11 with its C scanner:
// the encoding is detected as json.detect_encoding does (UTF-8, UTF-8 with a
// BOM, UTF-16 and UTF-32 in either byte order) and decoded with the
// "surrogatepass" error handler; NaN, Infinity and -Infinity are accepted;
// duplicate keys keep the last value; integers keep all their digits (up to
// CPython's default limit of 4300 digits); a number with a fraction or an
// exponent is a binary64 float, ±Infinity when it overflows.
//
// Canonical implements json.dumps(v, sort_keys=True, separators=(",", ":"))
// with the default ensure_ascii=True: keys sorted by code point, every code
// point outside U+0020..U+007E written as a lowercase \uXXXX escape (astral
// code points as a surrogate pair, lone surrogates as written), floats as
// Python's repr, NaN and the infinities as JavaScript-style names.
//
// Strings are held as "generalised UTF-8": every code point, surrogates
// included, encoded on its own with the UTF-8 algorithm. Byte order of that
// encoding is code-point order, so Go's string comparison sorts keys exactly
// as Python does, and byte equality is code-point equality.
//
// The one deliberate difference from CPython: documents nested deeper than
// MaxDepth are refused. CPython refuses them too, a little deeper, at a depth
// that depends on its call stack (about 995 at the top level of a script);
// refusing earlier means a body is refused, never hashed differently.
package pyjson
