package submission

import (
	"math"
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
	if v.Kind() != pyjson.Object {
		return false
	}
	seen := 0
	for _, m := range v.Members() {
		ok := false
		switch m.Key {
		case "season":
			// "type": "integer", "minimum": 0. An integer written with a
			// fraction or an exponent (1.0, 1e0) is left to the
			// validator, and build refuses it.
			ok = m.Value.Kind() == pyjson.Int && m.Value.IntText() != "" && m.Value.IntText()[0] != '-'
			seen |= 1
		case "track":
			ok = m.Value.Kind() == pyjson.String && isName(m.Value.Str(), 32)
			seen |= 2
		case "task_id":
			ok = m.Value.Kind() == pyjson.String && isTaskID(m.Value.Str())
			seen |= 4
		case "agent_did":
			ok = m.Value.Kind() == pyjson.String && isDID(m.Value.Str())
			seen |= 8
		case "verdict":
			ok = m.Value.Kind() == pyjson.String && codePointsWithin(m.Value.Str(), 1, 128)
			seen |= 16
		case "assertions":
			ok = m.Value.Kind() == pyjson.Array && m.Value.Len() <= 64 && allAssertions(m.Value.Elems())
			seen |= 32
		case "disclosures":
			ok = m.Value.Kind() == pyjson.Object && allDisclosures(m.Value.Members())
			seen |= 64
		case "narrative":
			ok = m.Value.Kind() == pyjson.String && codePointsWithin(m.Value.Str(), 0, 20000)
		}
		if !ok {
			return false
		}
	}
	return seen == 127
}

// allAssertions: every item is an assertion ($defs/assertion).
func allAssertions(items []pyjson.Value) bool {
	for _, a := range items {
		if a.Kind() != pyjson.Object {
			return false
		}
		seen := 0
		for _, m := range a.Members() {
			ok := false
			switch m.Key {
			case "id":
				ok = m.Value.Kind() == pyjson.String && isAssertionID(m.Value.Str())
				seen |= 1
			case "claim":
				ok = isClaim(m.Value)
				seen |= 2
			case "proof_ids":
				ok = isProofIDs(m.Value)
				seen |= 4
			}
			if !ok {
				return false
			}
		}
		if seen != 7 {
			return false
		}
	}
	return true
}

// isClaim: an object of exactly resource (at most 512 code points,
// starting with "/"), field (at most 512 code points) and value (any
// finite JSON value).
func isClaim(c pyjson.Value) bool {
	if c.Kind() != pyjson.Object {
		return false
	}
	seen := 0
	for _, m := range c.Members() {
		ok := false
		switch m.Key {
		case "resource":
			s := m.Value.Str()
			ok = m.Value.Kind() == pyjson.String && len(s) > 0 && s[0] == '/' && codePointsWithin(s, 0, 512)
			seen |= 1
		case "field":
			ok = m.Value.Kind() == pyjson.String && codePointsWithin(m.Value.Str(), 0, 512)
			seen |= 2
		case "value":
			ok = finite(m.Value)
			seen |= 4
		}
		if !ok {
			return false
		}
	}
	return seen == 7
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
		if id.Kind() != pyjson.String || !isProofID(id.Str()) {
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

// allDisclosures: every key a proof id, every value a disclosure.
func allDisclosures(ms []pyjson.Member) bool {
	for _, m := range ms {
		if !isProofID(m.Key) || m.Value.Kind() != pyjson.Object {
			return false
		}
		seen := 0
		for _, o := range m.Value.Members() {
			switch o.Key {
			case "request_hash":
				seen |= 1
			case "response_hash":
				seen |= 2
			default:
				return false
			}
			if !isOpening(o.Value) {
				return false
			}
		}
		if seen != 3 {
			return false
		}
	}
	return true
}

// isOpening: an object of exactly nonce and value, each 64 lowercase
// hexadecimal digits.
func isOpening(v pyjson.Value) bool {
	if v.Kind() != pyjson.Object {
		return false
	}
	seen := 0
	for _, m := range v.Members() {
		switch m.Key {
		case "nonce":
			seen |= 1
		case "value":
			seen |= 2
		default:
			return false
		}
		if m.Value.Kind() != pyjson.String || !isHex64(m.Value.Str()) {
			return false
		}
	}
	return seen == 3
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

func isLower(c byte) bool { return 'a' <= c && c <= 'z' }
func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isHex(c byte) bool   { return isDigit(c) || 'a' <= c && c <= 'f' }
func isAlnum(c byte) bool { return isLower(c) || 'A' <= c && c <= 'Z' || isDigit(c) }

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

// isDID matches DIDPattern, ^did:(key|web):[A-Za-z0-9._:%-]+$, within
// MaxDIDLength (bytes and code points are one here: the pattern is ASCII).
func isDID(s string) bool {
	if len(s) > MaxDIDLength || len(s) <= len("did:key:") || (s[:8] != "did:key:" && s[:8] != "did:web:") {
		return false
	}
	for i := 8; i < len(s); i++ {
		if c := s[i]; !isAlnum(c) && c != '.' && c != '_' && c != ':' && c != '%' && c != '-' {
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

// isProofID matches ProofIDPattern, ^prf_[0-9]{8}_[0-9]{6}_[0-9a-f]{6}$.
func isProofID(s string) bool {
	if len(s) != 26 || s[:4] != "prf_" || s[12] != '_' || s[19] != '_' {
		return false
	}
	for i := 4; i < 26; i++ {
		switch {
		case i == 12 || i == 19:
		case i < 19 && !isDigit(s[i]):
			return false
		case i > 19 && !isHex(s[i]):
			return false
		}
	}
	return true
}

// isHex64 matches HexPattern, ^[0-9a-f]{64}$.
func isHex64(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := 0; i < 64; i++ {
		if !isHex(s[i]) {
			return false
		}
	}
	return true
}
