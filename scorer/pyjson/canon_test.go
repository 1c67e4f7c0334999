package pyjson

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/scorer/internal/jsongen"
)

// onePass runs the one-pass reader of Canonicalize alone, without the
// fallback to Decode.
func onePass(data []byte) ([]byte, bool) {
	if detectEncoding(data) != encUTF8 {
		return nil, false
	}
	c := canonicalizer{src: data}
	if !c.document() {
		return nil, false
	}
	return c.out, true
}

// TestOnePassCanonical: the one-pass reader itself (not its fallback)
// accepts each document and writes what Canonical(Decode) writes, on the
// cases where a shortcut could go wrong: members out of order, repeated
// keys (the last wins, wherever it sorts), keys that differ only past an
// escape, astral keys against lone surrogates and U+E000..U+FFFF (code
// point order, not UTF-16 order), nested objects reordered inside
// reordered objects, -0, floats, DEL and escapes that canonical JSON
// writes differently.
func TestOnePassCanonical(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"b":1,"a":2}`, `{"a":2,"b":1}`},
		{`{"a":1,"a":2}`, `{"a":2}`},
		{`{"b":1,"a":2,"b":3,"a":4}`, `{"a":4,"b":3}`},
		{`{"a":1,"b":2,"a":3}`, `{"a":3,"b":2}`},
		{`{"\u0062":1,"a":2}`, `{"a":2,"b":1}`},
		{`{"a\u0000b":1,"a":2}`, `{"a":2,"a\u0000b":1}`},
		{`{"\ud83d\ude00":1,"\uffff":2,"\ue000":3,"\ud800":4}`, `{"\ud800":4,"\ue000":3,"\uffff":2,"\ud83d\ude00":1}`},
		{"{\"\U0001F600\":1,\"\uFFFF\":2}", `{"\uffff":2,"\ud83d\ude00":1}`},
		{"{\"\xed\xa0\x80\":1,\"\ue000\":2}", `{"\ud800":1,"\ue000":2}`},
		{`{"z":{"y":1,"x":[{"d":1,"c":2}]},"a":null}`, `{"a":null,"z":{"x":[{"c":2,"d":1}],"y":1}}`},
		{` [ -0 , 0.0 , -0.0 , 1e400 , 1E-400 , 10 , 1.5e3 , 0.1 ] `, `[0,0.0,-0.0,Infinity,0.0,10,1500.0,0.1]`},
		{`[NaN,Infinity,-Infinity,true,false,null,{},[],""]`, `[NaN,Infinity,-Infinity,true,false,null,{},[],""]`},
		{"\"\x7f\u00e9\\/\\\"\\\\\\b\\f\\n\\r\\t\\u0041\\u00E9\"", `"\u007f\u00e9/\"\\\b\f\n\r\tA\u00e9"`},
		{`"\ud83d\ude00 \ud83d \ude00"`, `"\ud83d\ude00 \ud83d \ude00"`},
		{`{"é":1,"e":2}`, `{"e":2,"\u00e9":1}`},
	} {
		got, ok := onePass([]byte(c.in))
		if !ok {
			t.Errorf("one pass refuses %q", c.in)
			continue
		}
		ref, err := canonicalizeValue([]byte(c.in))
		if err != nil {
			t.Fatalf("Decode(%q): %v", c.in, err)
		}
		if string(got) != c.want || !bytes.Equal(got, ref) {
			t.Errorf("one pass of %q = %s, want %s (Canonical(Decode): %s)", c.in, got, c.want, ref)
		}
	}
}

// TestOnePassRefuses: what json.loads refuses, the one-pass reader
// refuses too, so that Canonicalize returns Decode's error.
func TestOnePassRefuses(t *testing.T) {
	for _, in := range []string{
		``, ` `, `{`, `{"a"}`, `{"a":}`, `{"a":1,}`, `[1,]`, `[1 2]`, `"abc`, "\"a\x01\"", `"\x"`, `"\u12"`, `"\u12G4"`,
		`01`, `-`, `1.`, `.5`, `+1`, `tru`, `nul`, `-Inf`, `{"a":1}x`, "\"\xff\"", "\xc3\xa9", "\"\xed\xa0\"",
		`{1:2}`, `{'a':1}`, strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1), jsongen.IntegerAtLimit(MaxIntDigits + 1),
	} {
		if got, ok := onePass([]byte(in)); ok {
			t.Errorf("one pass accepts %q as %s", in, got)
		}
		if _, err := Canonicalize([]byte(in)); err == nil {
			t.Errorf("Canonicalize accepts %q", in)
		}
	}
}

// FuzzCanonicalize is the differential of the one-pass reader against
// Canonical(Decode(data)): for any bytes, the one pass accepts exactly the
// UTF-8 documents Decode accepts and writes the same bytes.
func FuzzCanonicalize(f *testing.F) {
	for _, b := range jsongen.Corpus(11, 300, 20) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ref, err := canonicalizeValue(data)
		got, ok := onePass(data)
		switch {
		case ok && err != nil:
			t.Fatalf("one pass accepts %q as %s, Decode refuses: %v", data, got, err)
		case ok && !bytes.Equal(got, ref):
			t.Fatalf("one pass writes %s for %q, Canonical(Decode) %s", got, data, ref)
		case !ok && err == nil && detectEncoding(data) == encUTF8:
			t.Fatalf("one pass refuses %q, Decode accepts it as %s", data, ref)
		}
		if c, err2 := Canonicalize(data); (err2 == nil) != (err == nil) || !bytes.Equal(c, ref) {
			t.Fatalf("Canonicalize(%q) = %s, %v; Canonical(Decode) = %s, %v", data, c, err2, ref, err)
		}
	})
}

// FuzzDecodeStrictAgainstReference is the differential of Decode and
// DecodeStrict against the reader they replaced (ref_decode_test.go): for
// any bytes, the same acceptance, the same error and an Equal value with
// the same canonical bytes.
func FuzzDecodeStrictAgainstReference(f *testing.F) {
	for _, b := range jsongen.Corpus(13, 300, 20) {
		f.Add(b)
	}
	f.Add([]byte(`{"b":1,"a":{"a":1,"a":2}}`))
	f.Add([]byte(`[NaN]`))
	f.Add([]byte(`[{"a":1},{"b":2}]`))
	f.Add([]byte(`[0,[0,{"a":1,"a":1}]]`))
	f.Add([]byte(`[0,[0,[0,NaN]]]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, c := range []struct {
			name     string
			got, ref func([]byte) (Value, error)
		}{{"Decode", Decode, refDecode}, {"DecodeStrict", DecodeStrict, refDecodeStrict}} {
			v, err := c.got(data)
			w, rerr := c.ref(data)
			switch {
			case (err == nil) != (rerr == nil):
				t.Fatalf("%s(%q): %v, the reference: %v", c.name, data, err, rerr)
			case err != nil && err.Error() != rerr.Error():
				t.Fatalf("%s(%q): %v, the reference: %v", c.name, data, err, rerr)
			case err == nil && (!Equal(v, w) || !bytes.Equal(Canonical(v), Canonical(w))):
				t.Fatalf("%s(%q) = %s, the reference %s", c.name, data, Canonical(v), Canonical(w))
			}
		}
	})
}
