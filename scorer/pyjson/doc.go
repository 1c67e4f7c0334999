// Package pyjson reads and writes JSON exactly as CPython's json module does,
// which is how the ArkForge Trust Layer hashes requests and responses: its
// canonical_json is json.dumps(data, sort_keys=True, separators=(",",":"))
// over what json.loads reads from the bytes served (§2.4 of the challenge
// specification, which names the two details that change a hash most often:
// ensure_ascii and the float 0.0).
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
// Canonicalize is Canonical(Decode(data)) without the Value: a UTF-8
// document is read in one pass that writes the canonical bytes directly
// (strings copied in runs that need no escape, an object's members
// reordered only when their keys are out of order). BenchmarkCanonicalCorpus
// and BenchmarkCanonicalView time it against CPython on the same files in
// the same run, with testdata/bench_canon.py (docs/benchmarks.md records
// the runs). FuzzCanonicalize holds that pass to Canonical(Decode(data)):
// same acceptance, same bytes.
//
// Strings are held as "generalised UTF-8": every code point, surrogates
// included, encoded on its own with the UTF-8 algorithm. Byte order of that
// encoding is code-point order, so Go's string comparison sorts keys exactly
// as Python does, and byte equality is code-point equality.
//
// Equal is the strict equality with which a claim's value is compared to
// the value json.loads reads from the frozen resource, « type compris »
// (§4 of the challenge specification): the same kind and the same value,
// strings code point by code point without Unicode normalisation.
//
// The one deliberate difference from CPython: documents nested deeper than
// MaxDepth are refused. CPython refuses them too, a little deeper, at a depth
// that depends on its call stack (about 995 at the top level of a script);
// refusing earlier means a body is refused, never hashed differently.
package pyjson
