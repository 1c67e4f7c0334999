package jsonpointer

import (
	"errors"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/scorer/pyjson"
)

// rfcDoc is the example document of RFC 6901 §5.
const rfcDoc = `{
  "foo": ["bar", "baz"],
  "": 0,
  "a/b": 1,
  "c%d": 2,
  "e^f": 3,
  "g|h": 4,
  "i\\j": 5,
  "k\"l": 6,
  " ": 7,
  "m~n": 8
}`

func mustDecode(t testing.TB, s string) pyjson.Value {
	t.Helper()
	v, err := pyjson.Decode([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestRFC6901Examples(t *testing.T) {
	doc := mustDecode(t, rfcDoc)
	for _, c := range []struct{ ptr, want string }{
		{"", `{"":0," ":7,"a/b":1,"c%d":2,"e^f":3,"foo":["bar","baz"],"g|h":4,"i\\j":5,"k\"l":6,"m~n":8}`},
		{"/foo", `["bar","baz"]`},
		{"/foo/0", `"bar"`},
		{"/", `0`},
		{"/a~1b", `1`},
		{"/c%d", `2`},
		{"/e^f", `3`},
		{"/g|h", `4`},
		{"/i\\j", `5`},
		{"/k\"l", `6`},
		{"/ ", `7`},
		{"/m~0n", `8`},
	} {
		p, err := Parse(c.ptr)
		if err != nil {
			t.Fatalf("Parse(%q): %v", c.ptr, err)
		}
		v, err := p.Eval(doc)
		if err != nil {
			t.Fatalf("Eval(%q): %v", c.ptr, err)
		}
		if got := string(pyjson.Canonical(v)); got != c.want {
			t.Errorf("Eval(%q) = %s, want %s", c.ptr, got, c.want)
		}
		if p.String() != c.ptr {
			t.Errorf("String() = %q, want %q", p.String(), c.ptr)
		}
	}
}

func TestEscapes(t *testing.T) {
	doc := mustDecode(t, `{"~1":"tilde-one","/":"slash","~":"tilde","~01":"x","a":{"":{"b":"empty key"}}, "\u00e9":"nfc","e\u0301":"nfd"}`)
	for _, c := range []struct{ ptr, want string }{
		{"/~01", `"tilde-one"`}, // "~01" is "~1", not "/" (RFC 6901 §4 order)
		{"/~1", `"slash"`},
		{"/~0", `"tilde"`},
		{"/~001", `"x"`},
		{"/a//b", `"empty key"`},
		{"/\u00e9", `"nfc"`},
		{"/e\u0301", `"nfd"`},
	} {
		p, err := Parse(c.ptr)
		if err != nil {
			t.Fatalf("Parse(%q): %v", c.ptr, err)
		}
		v, err := p.Eval(doc)
		if err != nil {
			t.Fatalf("Eval(%q): %v", c.ptr, err)
		}
		if got := string(pyjson.Canonical(v)); got != c.want {
			t.Errorf("Eval(%q) = %s, want %s", c.ptr, got, c.want)
		}
	}
}

func TestSyntaxErrors(t *testing.T) {
	for _, c := range []struct{ ptr, want string }{
		{"foo", `starts with "/"`},
		{"#/foo", `starts with "/"`},
		{"/~", `"~" must be followed by "0" or "1"`},
		{"/a~2", `"~" must be followed by "0" or "1"`},
		{"/a/~x/b", `"~" must be followed by "0" or "1"`},
	} {
		_, err := Parse(c.ptr)
		var se *SyntaxError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want a SyntaxError containing %q", c.ptr, err, c.want)
		}
	}
}

func TestEvalErrors(t *testing.T) {
	doc := mustDecode(t, `{"entrees":[{"nom":"A"},{"nom":"B"}],"statut":"actif","n":null,"e\u0301":1}`)
	for _, c := range []struct{ ptr, at, want string }{
		{"/absent", "", "no such member"},
		{"/entrees/-", "/entrees", `"-" refers to the element after the last`},
		{"/entrees/01", "/entrees", "no leading zero"},
		{"/entrees/00", "/entrees", "no leading zero"},
		{"/entrees/2", "/entrees", "out of range: the array has 2 elements"},
		{"/entrees/99999999999999999999999", "/entrees", "out of range"},
		{"/entrees/-1", "/entrees", "decimal number"},
		{"/entrees/+1", "/entrees", "decimal number"},
		{"/entrees/1.0", "/entrees", "decimal number"},
		{"/entrees/ 1", "/entrees", "decimal number"},
		{"/entrees/", "/entrees", "empty token"},
		{"/entrees/0/nom/x", "/entrees/0/nom", "cannot descend into a string"},
		{"/n/x", "/n", "cannot descend into a null"},
		{"/\u00e9", "", "no such member"}, // NFC does not find the NFD key
	} {
		p, err := Parse(c.ptr)
		if err != nil {
			t.Fatalf("Parse(%q): %v", c.ptr, err)
		}
		_, err = p.Eval(doc)
		var ee *EvalError
		if !errors.As(err, &ee) || !errors.Is(err, ErrNotFound) {
			t.Fatalf("Eval(%q) = %v, want an EvalError wrapping ErrNotFound", c.ptr, err)
		}
		if ee.At != c.at || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Eval(%q) = %v (at %q), want at %q containing %q", c.ptr, err, ee.At, c.at, c.want)
		}
	}
}

// FuzzPointer checks that Parse never panics, that a parsed pointer
// formats back to its input, and that Eval never panics.
func FuzzPointer(f *testing.F) {
	for _, s := range []string{"", "/", "/foo/0", "/a~1b", "/m~0n", "/~", "/~01", "/entrees/-", "/01", "//", "x", "/\xff", "/\xed\xa0\x80"} {
		f.Add(s)
	}
	doc := mustDecode(f, rfcDoc)
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			return
		}
		if p.String() != s {
			t.Fatalf("Parse(%q).String() = %q", s, p.String())
		}
		q, err := Parse(p.String())
		if err != nil || len(q.Tokens()) != len(p.Tokens()) {
			t.Fatalf("round trip of %q: %v", s, err)
		}
		_, _ = p.Eval(doc)
	})
}
