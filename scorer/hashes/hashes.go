package hashes

import (
	"crypto/sha256"
	"encoding/hex"
	"sync"
	"unicode/utf8"

	"github.com/ark-forge/proveit/scorer/pyjson"
)

// SHA256Hex returns the lowercase hexadecimal SHA-256 of b.
func SHA256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Of returns SHA256Hex(canonical_json(v)). The canonical text is written
// into a buffer kept between calls: it is hashed and dropped, and a build
// hashes every request and response of every proof it verifies.
func Of(v pyjson.Value) string {
	buf := canonBufs.Get().(*[]byte)
	b := pyjson.AppendCanonical((*buf)[:0], v)
	s := SHA256Hex(b)
	if cap(b) <= maxCanonBuf {
		*buf = b
		canonBufs.Put(buf)
	}
	return s
}

// canonBufs holds Of's buffers, none kept past maxCanonBuf bytes.
var canonBufs = sync.Pool{New: func() any { return new([]byte) }}

const maxCanonBuf = 1 << 20

// Currency is the only currency a challenge request may carry (§2.4).
const Currency = "eur"

// RequestData returns the object the proxy hashes for a request (§2.4):
// {"target", "method", "payload", "amount": 0.0, "currency": "eur"}, with
// amount the float 0.0 (written "0.0", never "0").
func RequestData(target, method string, payload pyjson.Value) pyjson.Value {
	return pyjson.ObjectValue(
		pyjson.Member{Key: "amount", Value: pyjson.FloatValue(0)},
		pyjson.Member{Key: "currency", Value: pyjson.StringValue(Currency)},
		pyjson.Member{Key: "method", Value: pyjson.StringValue(method)},
		pyjson.Member{Key: "payload", Value: payload},
		pyjson.Member{Key: "target", Value: pyjson.StringValue(target)},
	)
}

// RequestHash returns hashes.request for a call of method on target with
// payload: SHA-256 of canonical_json(RequestData(...)).
func RequestHash(target, method string, payload pyjson.Value) string {
	return Of(RequestData(target, method, payload))
}

// ResponseData returns the value the proxy hashes for a response body
// (package doc): json.loads(body); a body that loads to a falsy value ({}, [],
// "", 0, 0.0, false, null) is replaced by {"error": null}; a body that does
// not load becomes {"_raw_text": text}, where text is the body decoded as
// UTF-8 with Python's "replace" error handler (httpx's Response.text when
// the server names no charset).
func ResponseData(body []byte) pyjson.Value {
	v, err := pyjson.Decode(body)
	if err != nil {
		return pyjson.ObjectValue(pyjson.Member{Key: "_raw_text", Value: pyjson.StringValue(DecodeReplace(body))})
	}
	if !v.Truthy() {
		return pyjson.ObjectValue(pyjson.Member{Key: "error", Value: pyjson.NullValue()})
	}
	return v
}

// ResponseHash returns hashes.response for a response body: SHA-256 of
// canonical_json(ResponseData(body)). A body that loads is canonicalised in
// one pass (pyjson.Canonicalize), without building its value: the values
// Python finds falsy are exactly those whose canonical form is one of
// falsyCanonical.
func ResponseHash(body []byte) string {
	c, err := pyjson.Canonicalize(body)
	if err != nil || falsyCanonical[string(c)] {
		return Of(ResponseData(body))
	}
	return SHA256Hex(c)
}

// falsyCanonical are the canonical forms of the values bool() finds false:
// None, False, 0, 0.0, -0.0, "", [] and {} (an integer -0 is written 0,
// every float zero 0.0 or -0.0).
var falsyCanonical = map[string]bool{"null": true, "false": true, "0": true, "0.0": true, "-0.0": true, `""`: true, "[]": true, "{}": true}

// DecodeReplace is Python's bytes.decode("utf-8", "replace"): each maximal
// subpart of an ill-formed sequence becomes one U+FFFD (Unicode §3.9,
// "U+FFFD Substitution of Maximal Subparts"), where Go's range loop would
// write one per byte.
func DecodeReplace(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	out := make([]byte, 0, len(b)+8)
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			out = append(out, c)
			i++
			continue
		}
		n, lo, hi := 0, byte(0x80), byte(0xBF)
		switch {
		case c >= 0xC2 && c <= 0xDF:
			n = 2
		case c == 0xE0:
			n, lo = 3, 0xA0
		case c == 0xED:
			n, hi = 3, 0x9F
		case c >= 0xE1 && c <= 0xEF:
			n = 3
		case c == 0xF0:
			n, lo = 4, 0x90
		case c == 0xF4:
			n, hi = 4, 0x8F
		case c >= 0xF1 && c <= 0xF3:
			n = 4
		}
		if n == 0 { // 0x80..0xC1, 0xF5..0xFF never start a sequence
			out = append(out, "\uFFFD"...)
			i++
			continue
		}
		j := i + 1
		for k := 1; k < n && j < len(b); k++ {
			if b[j] < lo || b[j] > hi {
				break
			}
			lo, hi = 0x80, 0xBF
			j++
		}
		if j-i == n {
			out = append(out, b[i:j]...)
		} else {
			out = append(out, "\uFFFD"...)
		}
		i = j
	}
	return string(out)
}
