package submission

import (
	"math"
	"slices"
	"unicode/utf8"

	"github.com/ark-forge/proveit/scorer/pyjson"
)

// conforms reports whether v, a document pyjson.DecodeStrict accepted,
// certainly matches submission.schema.json: Parse then skips the schema
// validator and the conversion it needs (toAny), most of the cost of
// reading a submission. It is sound, never complete: true only when the
// validator would accept v, false for everything else and for whatever it
// does not decide exactly (a string holding an encoded surrogate, a
// season written with a fraction), which the validator then reads as
// before, with its messages. TestConformsImpliesSchema and
// FuzzConformsImpliesSchema hold it to that against the validator.
//
// It is the schema, keyword by keyword: every object refuses keys it does
// not list (additionalProperties: false) and has its required keys; the
// patterns are matched byte by byte over ASCII (Go's regexp, which the
// validator uses, anchors $ at the very end of the text, so a trailing
// newline does not match); maxLength and minLength count code points.
func conforms(v pyjson.Value) bool {
	return object(v, rootKeys, 0b0111_1111, func(i int, v pyjson.Value) bool {
		switch i {
		case 0: // season: "type": "integer", "minimum": 0. An integer written
			// with a fraction or an exponent (1.0, 1e0) is left to the
			// validator, and build refuses it.
			return v.Kind() == pyjson.Int && v.IntText() != "" && v.IntText()[0] != '-'
		case 1:
			return isString(v) && isName(v.Str(), 32)
		case 2:
			return isString(v) && isTaskID(v.Str())
		case 3:
			return isString(v) && ValidDID(v.Str())
		case 4:
			return isString(v) && codePointsWithin(v.Str(), 1, 128)
		case 5:
			return v.Kind() == pyjson.Array && v.Len() <= 64 && allAssertions(v.Elems())
		case 6:
			return v.Kind() == pyjson.Object && allDisclosures(v.Members())
		default: // narrative, optional
			return isString(v) && codePointsWithin(v.Str(), 0, 20000)
		}
	})
}

// The keys of each object of the schema, in the order of the bits of its
// required set.
var (
	rootKeys       = []string{"season", "track", "task_id", "agent_did", "verdict", "assertions", "disclosures", "narrative"}
	assertionKeys  = []string{"id", "claim", "proof_ids"}
	claimKeys      = []string{"resource", "field", "value"}
	disclosureKeys = []string{"request_hash", "response_hash"}
	openingKeys    = []string{"nonce", "value"}
)

// object reports whether v is an object whose every key is one of keys
// ("additionalProperties": false), holding each key whose bit is set in
// required ("required"), and whose every member passes ok, given the
// index of its key in keys.
func object(v pyjson.Value, keys []string, required int, ok func(i int, v pyjson.Value) bool) bool {
	if v.Kind() != pyjson.Object {
		return false
	}
	seen := 0
	for _, m := range v.Members() {
		i := slices.Index(keys, m.Key)
		if i < 0 || !ok(i, m.Value) {
			return false
		}
		seen |= 1 << i
	}
	return seen&required == required
}

func isString(v pyjson.Value) bool { return v.Kind() == pyjson.String }

// allAssertions: every item is an assertion ($defs/assertion).
func allAssertions(items []pyjson.Value) bool {
	for _, a := range items {
		if !object(a, assertionKeys, 0b111, func(i int, v pyjson.Value) bool {
			switch i {
			case 0:
				return isString(v) && isAssertionID(v.Str())
			case 1:
				return isClaim(v)
			default:
				return isProofIDs(v)
			}
		}) {
			return false
		}
	}
	return true
}

// isClaim: an object of exactly resource (at most 512 code points,
// starting with "/"), field (at most 512 code points) and value (any
// finite JSON value).
func isClaim(c pyjson.Value) bool {
	return object(c, claimKeys, 0b111, func(i int, v pyjson.Value) bool {
		switch i {
		case 0:
			s := v.Str()
			return isString(v) && len(s) > 0 && s[0] == '/' && codePointsWithin(s, 0, 512)
		case 1:
			return isString(v) && codePointsWithin(v.Str(), 0, 512)
		default:
			return finite(v)
		}
	})
}

// finite reports whether v holds no number that toAny refuses (one that
// overflows a binary64 float) and only kinds toAny knows.
func finite(v pyjson.Value) bool {
	switch v.Kind() {
	case pyjson.Null, pyjson.Bool, pyjson.Int, pyjson.String:
		return true
	case pyjson.Float:
		f := v.Float()
		return !math.IsInf(f, 0) && !math.IsNaN(f)
	case pyjson.Array:
		for _, e := range v.Elems() {
			if !finite(e) {
				return false
			}
		}
		return true
	case pyjson.Object:
		for _, m := range v.Members() {
			if !finite(m.Value) {
				return false
			}
		}
		return true
	}
	return false
}

// isProofIDs: 1 to 16 distinct proof ids.
func isProofIDs(v pyjson.Value) bool {
	if v.Kind() != pyjson.Array || v.Len() < 1 || v.Len() > 16 {
		return false
	}
	ids := v.Elems()
	for i, id := range ids {
		if !isString(id) || !ValidProofID(id.Str()) {
			return false
		}
		for _, before := range ids[:i] {
			if before.Str() == id.Str() {
				return false
			}
		}
	}
	return true
}

// allDisclosures: every key a proof id, every value an object of exactly
// request_hash and response_hash, each an opening.
func allDisclosures(ms []pyjson.Member) bool {
	for _, m := range ms {
		if !ValidProofID(m.Key) || !object(m.Value, disclosureKeys, 0b11, func(_ int, v pyjson.Value) bool { return isOpening(v) }) {
			return false
		}
	}
	return true
}

// isOpening: an object of exactly nonce and value, each 64 lowercase
// hexadecimal digits.
func isOpening(v pyjson.Value) bool {
	return object(v, openingKeys, 0b11, func(_ int, v pyjson.Value) bool { return isString(v) && ValidHex64(v.Str()) })
}

// codePointsWithin reports whether s is valid UTF-8 of min to max code
// points. A string holding an encoded surrogate is not decided here.
func codePointsWithin(s string, min, max int) bool {
	if !utf8.ValidString(s) {
		return false
	}
	n := utf8.RuneCountInString(s)
	return n >= min && n <= max
}

// isName matches ^[a-z][a-z0-9-]{0,max-1}$ (the track).
func isName(s string, max int) bool {
	if len(s) < 1 || len(s) > max || !isLower(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if c := s[i]; !isLower(c) && !isDigit(c) && c != '-' {
			return false
		}
	}
	return true
}

// isTaskID matches ^[a-z][a-z0-9]{0,15}-[0-9]{2}$.
func isTaskID(s string) bool {
	n := len(s)
	if n < 4 || n > 19 || !isLower(s[0]) || s[n-3] != '-' || !isDigit(s[n-2]) || !isDigit(s[n-1]) {
		return false
	}
	for i := 1; i < n-3; i++ {
		if c := s[i]; !isLower(c) && !isDigit(c) {
			return false
		}
	}
	return true
}

// isAssertionID matches ^[A-Za-z0-9_-]{1,32}$.
func isAssertionID(s string) bool {
	if len(s) < 1 || len(s) > 32 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isAlnum(c) && c != '_' && c != '-' {
			return false
		}
	}
	return true
}
