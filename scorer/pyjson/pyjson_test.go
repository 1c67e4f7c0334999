package pyjson

import (
	"errors"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/scorer/internal/jsongen"
)

func mustDecode(t *testing.T, s string) Value {
	t.Helper()
	v, err := Decode([]byte(s))
	if err != nil {
		t.Fatalf("Decode(%q): %v", s, err)
	}
	return v
}

// TestStrictEqualityMatrix: "1", 1, 1.0, 1e0, true, null, "", and the NFC
// and NFD spellings of one word are all different values, but for 1.0 and
// 1e0, which load as the same float (§4 of the challenge specification:
// « égalité JSON stricte, type compris »).
func TestStrictEqualityMatrix(t *testing.T) {
	spellings := []string{`"1"`, `1`, `1.0`, `1e0`, `true`, `null`, `""`, `"\u00e9t\u00e9"`, `"e\u0301te\u0301"`, `0`, `false`, `"true"`, `"null"`, `[]`, `{}`, `[1]`, `"1.0"`}
	same := map[[2]string]bool{{`1.0`, `1e0`}: true, {`1e0`, `1.0`}: true}
	for _, a := range spellings {
		for _, b := range spellings {
			want := a == b || same[[2]string{a, b}]
			va, vb := mustDecode(t, a), mustDecode(t, b)
			if got := Equal(va, vb); got != want {
				t.Errorf("Equal(%s, %s) = %v, want %v", a, b, got, want)
			}
			if Equal(va, vb) != (string(Canonical(va)) == string(Canonical(vb))) {
				t.Errorf("Equal(%s, %s) disagrees with canonical bytes", a, b)
			}
		}
	}
}

func TestEqualEdges(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{`-0`, `0`, true}, // int("-0") is 0
		{`-0.0`, `0.0`, false},
		{`NaN`, `NaN`, true},
		{`1e400`, `Infinity`, true},
		{`123456789012345678901234567890`, `123456789012345678901234567891`, false},
		{`123456789012345678901234567890`, `1.2345678901234568e29`, false},
		{`{"a":1,"b":2}`, `{"b":2,"a":1}`, true},
		{`{"a":1,"a":2}`, `{"a":2}`, true}, // the last value wins
		{`{"a":1,"a":2}`, `{"a":1}`, false},
		{`[1,2]`, `[2,1]`, false},
		{`"\ud83d\ude00"`, "\"\U0001F600\"", true},
		{"\"\xed\xa0\xbd\xed\xb8\x80\"", "\"\U0001F600\"", false}, // two lone surrogates, one astral code point
		{`"\ud800"`, "\"\xed\xa0\x80\"", true},
		{`"\u00e9"`, `"\u00c9"`, false},
		{`"a"`, `"a "`, false},
	} {
		if got := Equal(mustDecode(t, c.a), mustDecode(t, c.b)); got != c.want {
			t.Errorf("Equal(%s, %s) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

func TestCanonicalForms(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"b": 1, "a": [true, false, null]}`, `{"a":[true,false,null],"b":1}`},
		{`"<>&/'"`, `"<>&/'"`},
		{"\"\x7f\"", `"\u007f"`},
		{`"\u007F"`, `"\u007f"`},
		{`"\/"`, `"/"`},
		{"\"é€😀\"", `"\u00e9\u20ac\ud83d\ude00"`},
		{`"\b\f\n\r\t\u0000\u001f\""`, `"\b\f\n\r\t\u0000\u001f\""`},
		{`"\ud800\u0041"`, `"\ud800A"`},
		{`"\udc00\ud800"`, `"\udc00\ud800"`},
		{`1e3`, `1000.0`},
		{`1e16`, `1e+16`},
		{`1e15`, `1000000000000000.0`},
		{`1e-7`, `1e-07`},
		{`0.0001`, `0.0001`},
		{`0.00001`, `1e-05`},
		{`-0.0`, `-0.0`},
		{`-0`, `0`},
		{`5e-324`, `5e-324`},
		{`1e400`, `Infinity`},
		{`-1e400`, `-Infinity`},
		{`1e-400`, `0.0`},
		{`2.0`, `2.0`},
		{`123456789012345678901234567890`, `123456789012345678901234567890`},
		{`NaN`, `NaN`},
		{"\xef\xbb\xbf{}", `{}`},
		{` [ ] `, `[]`},
		{`{"\ue000":1,"\ud83d\ude00":2}`, `{"\ue000":1,"\ud83d\ude00":2}`},                  // code point order, not UTF-16's
		{"{\"\xed\xa0\xbd\xed\xb8\x80\":1,\"\\ue000\":2}", `{"\ud83d\ude00":1,"\ue000":2}`}, // lone surrogates sort before U+E000
	} {
		got, err := Canonicalize([]byte(c.in))
		if err != nil {
			t.Errorf("Canonicalize(%q): %v", c.in, err)
			continue
		}
		if string(got) != c.want {
			t.Errorf("Canonicalize(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, c := range []struct {
		in, msg         string
		line, col, char int
	}{
		{``, "Expecting value", 1, 1, 0},
		{`[1,]`, "Expecting value", 1, 4, 3},
		{`{"a" 1}`, "Expecting ':' delimiter", 1, 6, 5},
		{`{"a":1,}`, "Expecting property name enclosed in double quotes", 1, 8, 7},
		{"[1,\n 2 3]", "Expecting ',' delimiter", 2, 4, 7},
		{`01`, "Extra data", 1, 2, 1},
		{`"abc`, "Unterminated string starting at", 1, 1, 0},
		{"\"a\x01\"", "Invalid control character at", 1, 3, 2},
		{`"\x"`, "Invalid \\escape", 1, 2, 1},
		{`"\u12G4"`, "Invalid \\uXXXX escape", 1, 3, 2},
		{`"é\q"`, "Invalid \\escape", 1, 3, 2}, // columns count code points
		{"\xef\xbb\xbf\xef\xbb\xbf{}", "Expecting value", 1, 1, 0},
		{jsongen.IntegerAtLimit(MaxIntDigits + 1), "Exceeds the limit (4300 digits)", 1, 1, 0},
		{strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1), "nesting deeper than 500", 1, MaxDepth + 1, MaxDepth},
	} {
		_, err := Decode([]byte(c.in))
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Decode(%q) = %v, want a SyntaxError", c.in, err)
			continue
		}
		if !strings.HasPrefix(se.Msg, c.msg) || se.Line != c.line || se.Column != c.col || se.Char != c.char {
			t.Errorf("Decode(%q): %v, want %q at line %d column %d (char %d)", c.in, err, c.msg, c.line, c.col, c.char)
		}
	}
	for _, in := range []string{"\xff", "\"\xc3\"", "\"\xe2\x82\"", "\xc0\xaf", "\x00\x22\x00\x41\x00", "\x00\x00\x00\x22\x00\x11\x00\x00"} {
		_, err := Decode([]byte(in))
		var ee *EncodingError
		if !errors.As(err, &ee) {
			t.Errorf("Decode(%q) = %v, want an EncodingError", in, err)
		}
	}
}

// TestLimits keeps the stated limits true: MaxIntDigits digits load and one
// more does not (CPython's own limit); MaxDepth levels load and one more
// does not.
func TestLimits(t *testing.T) {
	if _, err := Decode([]byte(jsongen.IntegerAtLimit(MaxIntDigits))); err != nil {
		t.Errorf("an integer of %d digits: %v", MaxIntDigits, err)
	}
	if _, err := Decode([]byte("-" + jsongen.IntegerAtLimit(MaxIntDigits))); err != nil {
		t.Errorf("a negative integer of %d digits: %v", MaxIntDigits, err)
	}
	if _, err := Decode([]byte(jsongen.IntegerAtLimit(MaxIntDigits+1) + ".5")); err != nil {
		t.Errorf("a float of %d digits: %v (CPython's limit is for integers only)", MaxIntDigits+1, err)
	}
	deep := func(d int) []byte { return []byte(strings.Repeat(`{"a":[`, d/2) + strings.Repeat("]}", d/2)) }
	if _, err := Decode(deep(MaxDepth)); err != nil {
		t.Errorf("nesting %d: %v", MaxDepth, err)
	}
	if _, err := Decode(deep(MaxDepth + 2)); err == nil {
		t.Errorf("nesting %d accepted, MaxDepth is %d", MaxDepth+2, MaxDepth)
	}
}

func TestDecodeStrict(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"a":1,"b":{"c":2,"c":3}}`, `duplicate key "c" in the object at "/b"`},
		{`[{"x~/":[NaN]}]`, `NaN at "/0/x~0~1/0" is not a JSON number`},
		{`{"v":-Infinity}`, `-Infinity at "/v"`},
		{"\xef\xbb\xbf{}", "document is utf-8-sig, want UTF-8 without a byte order mark"},
		{"\xff\xfe{\x00}\x00", "document is utf-16"},
		{"{\"a\":\"\xff\"}", "'utf-8' codec can't decode byte at position 6"},
		{`{"a":1} x`, "Extra data"},
	} {
		_, err := DecodeStrict([]byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("DecodeStrict(%q) = %v, want an error containing %q", c.in, err, c.want)
		}
	}
	v, err := DecodeStrict([]byte(`{"s":"\ud800","n":123456789012345678901234567890}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(Canonical(v)); got != `{"n":123456789012345678901234567890,"s":"\ud800"}` {
		t.Errorf("DecodeStrict keeps %s", got)
	}
}

func TestTruthy(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{
		{`{}`, false}, {`[]`, false}, {`""`, false}, {`0`, false}, {`-0`, false}, {`0.0`, false},
		{`-0.0`, false}, {`false`, false}, {`null`, false}, {`NaN`, true}, {`" "`, true}, {`[0]`, true},
		{`{"":null}`, true}, {`1e-400`, false}, {`0e5`, false}, {`true`, true}, {`-1`, true},
	} {
		if got := mustDecode(t, c.in).Truthy(); got != c.want {
			t.Errorf("Truthy(%s) = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestConstructors(t *testing.T) {
	v := ObjectValue(Member{Key: "b", Value: StringValue("\xffx")}, Member{Key: "a", Value: FloatValue(0)}, Member{Key: "b", Value: BoolValue(true)})
	if got := string(Canonical(v)); got != `{"a":0.0,"b":true}` {
		t.Errorf("ObjectValue: %s", got)
	}
	if got := string(Canonical(StringValue("\xffx"))); got != `"\ufffdx"` {
		t.Errorf("StringValue of invalid UTF-8: %s", got)
	}
	for _, c := range []struct {
		text string
		ok   bool
	}{{"0", true}, {"-0", true}, {"-12", true}, {"01", false}, {"", false}, {"-", false}, {"1.0", false}, {"+1", false}} {
		if _, ok := IntValue(c.text); ok != c.ok {
			t.Errorf("IntValue(%q) ok = %v, want %v", c.text, ok, c.ok)
		}
	}
	if v, _ := IntValue("-0"); v.IntText() != "0" {
		t.Errorf("IntValue(-0) = %s", v.IntText())
	}
}

// FuzzCanonical checks, for any bytes, that Decode never panics and that
// canonical JSON is stable: it is ASCII and loads again; a value without
// surrogate code points loads back Equal and canonicalises to the same
// bytes. A value with lone surrogates can change once, as in CPython: two
// adjacent lone surrogates are written as a \u pair that loads back as one
// astral code point (and may sort elsewhere); from then on it is stable.
func FuzzCanonical(f *testing.F) {
	for _, b := range jsongen.Corpus(7, 200, 20) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := Decode(data)
		if err != nil {
			return
		}
		c := Canonical(v)
		for _, b := range c {
			if b < 0x20 || b > 0x7e {
				t.Fatalf("canonical form of %q holds byte 0x%02x", data, b)
			}
		}
		w, err := Decode(c)
		if err != nil {
			t.Fatalf("canonical form %s of %q does not load: %v", c, data, err)
		}
		c2 := Canonical(w)
		if !hasSurrogate(v) && (!Equal(v, w) || string(c2) != string(c)) {
			t.Fatalf("canonical form is not stable: %s then %s", c, c2)
		}
		w2, err := Decode(c2)
		if err != nil || string(Canonical(w2)) != string(c2) || !Equal(w, w2) {
			t.Fatalf("canonical form is not stable after one round trip: %s", c2)
		}
	})
}

func hasSurrogate(v Value) bool {
	switch v.Kind() {
	case String:
		return containsEncodedSurrogate(v.Str())
	case Array:
		for _, e := range v.Elems() {
			if hasSurrogate(e) {
				return true
			}
		}
	case Object:
		for _, m := range v.Members() {
			if containsEncodedSurrogate(m.Key) || hasSurrogate(m.Value) {
				return true
			}
		}
	}
	return false
}

func containsEncodedSurrogate(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if isEncodedSurrogate([]byte(s[i : i+3])) {
			return true
		}
	}
	return false
}
