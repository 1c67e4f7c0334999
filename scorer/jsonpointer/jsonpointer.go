// Package jsonpointer implements JSON Pointer (RFC 6901) over values loaded
// by package pyjson, as a claim's field is read (challenge specification §4:
// "field est un JSON Pointer (RFC 6901)").
package jsonpointer

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/ark-forge/proveit/scorer/pyjson"
)

// Pointer is a parsed JSON Pointer: its reference tokens, unescaped.
// The empty Pointer refers to the whole document (RFC 6901 §5).
type Pointer struct {
	tokens []string
}

// SyntaxError is a string that is not a JSON Pointer (RFC 6901 §3).
type SyntaxError struct {
	Pointer string
	Offset  int // byte offset of the fault
	Reason  string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("invalid JSON pointer %q at byte %d: %s", e.Pointer, e.Offset, e.Reason)
}

// Parse parses s (RFC 6901 §3): either "" or a sequence of "/"-prefixed
// reference tokens in which "~" appears only as "~0" (for "~") or "~1"
// (for "/").
func Parse(s string) (Pointer, error) {
	if s == "" {
		return Pointer{}, nil
	}
	if s[0] != '/' {
		return Pointer{}, &SyntaxError{Pointer: s, Offset: 0, Reason: `a non-empty pointer starts with "/"`}
	}
	var tokens []string
	start := 1
	for i := 1; i <= len(s); i++ {
		if i < len(s) && s[i] != '/' {
			continue
		}
		raw := s[start:i]
		tok, err := unescape(raw)
		if err != nil {
			return Pointer{}, &SyntaxError{Pointer: s, Offset: start + err.(*escapeError).at, Reason: err.Error()}
		}
		tokens = append(tokens, tok)
		start = i + 1
	}
	return Pointer{tokens: tokens}, nil
}

type escapeError struct{ at int }

func (e *escapeError) Error() string { return `"~" must be followed by "0" or "1"` }

// unescape turns "~1" into "/" and then "~0" into "~" (RFC 6901 §4), in
// one pass so that "~01" becomes "~1" and not "/".
func unescape(raw string) (string, error) {
	if strings.IndexByte(raw, '~') < 0 {
		return raw, nil
	}
	var b strings.Builder
	for i := 0; i < len(raw); i++ {
		if raw[i] != '~' {
			b.WriteByte(raw[i])
			continue
		}
		if i+1 >= len(raw) || (raw[i+1] != '0' && raw[i+1] != '1') {
			return "", &escapeError{at: i}
		}
		if raw[i+1] == '0' {
			b.WriteByte('~')
		} else {
			b.WriteByte('/')
		}
		i++
	}
	return b.String(), nil
}

// Tokens returns the unescaped reference tokens.
func (p Pointer) Tokens() []string { return append([]string(nil), p.tokens...) }

// IsRoot reports whether p is the empty pointer, which refers to the whole
// document.
func (p Pointer) IsRoot() bool { return len(p.tokens) == 0 }

// String returns the pointer in its RFC 6901 string form.
func (p Pointer) String() string { return format(p.tokens) }

func format(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(strings.NewReplacer("~", "~0", "/", "~1").Replace(t))
	}
	return b.String()
}

// ErrNotFound is wrapped by every EvalError: the pointer names no value of
// the document.
var ErrNotFound = errors.New("no such value")

// EvalError says where evaluation stopped: At is the pointer to the value
// that could not be descended into, Token the reference token refused.
type EvalError struct {
	At     string
	Token  string
	Reason string
}

func (e *EvalError) Error() string {
	return fmt.Sprintf("token %q at %q: %s", e.Token, e.At, e.Reason)
}

func (e *EvalError) Unwrap() error { return ErrNotFound }

// Eval returns the value p refers to in doc (RFC 6901 §4). An object
// member is matched by exact code points. An array index is "0" or a
// decimal number without leading zeros, within the array; "-" (the element
// after the last, RFC 6901 §4) refers to no value and is an error, as is
// descending into a string, number, boolean or null.
func (p Pointer) Eval(doc pyjson.Value) (pyjson.Value, error) {
	cur := doc
	for i, tok := range p.tokens {
		fail := func(reason string) error {
			return &EvalError{At: format(p.tokens[:i]), Token: tok, Reason: reason}
		}
		switch cur.Kind() {
		case pyjson.Object:
			v, ok := cur.Lookup(tok)
			if !ok {
				return pyjson.Value{}, fail("the object has no such member")
			}
			cur = v
		case pyjson.Array:
			idx, reason := arrayIndex(tok, cur.Len())
			if reason != "" {
				return pyjson.Value{}, fail(reason)
			}
			cur, _ = cur.Index(idx)
		default:
			return pyjson.Value{}, fail("cannot descend into a " + cur.Kind().String())
		}
	}
	return cur, nil
}

// arrayIndex parses an array-index token (RFC 6901 §4: "0" or [1-9][0-9]*).
func arrayIndex(tok string, n int) (int, string) {
	if tok == "-" {
		return 0, `"-" refers to the element after the last, which does not exist`
	}
	if tok == "" {
		return 0, "an array index is a decimal number, not an empty token"
	}
	for i := 0; i < len(tok); i++ {
		if tok[i] < '0' || tok[i] > '9' {
			return 0, "an array index is a decimal number"
		}
	}
	if len(tok) > 1 && tok[0] == '0' {
		return 0, "an array index has no leading zero"
	}
	idx, err := strconv.Atoi(tok)
	if err != nil || idx >= n {
		return 0, fmt.Sprintf("index out of range: the array has %d elements", n)
	}
	return idx, ""
}
