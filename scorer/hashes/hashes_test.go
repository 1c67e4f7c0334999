package hashes

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/internal/cpython"
	"github.com/ark-forge/proveit/scorer/internal/jsongen"
	"github.com/ark-forge/proveit/scorer/pyjson"
)

func TestResponseDataSubstitutions(t *testing.T) {
	for _, c := range []struct{ body, want string }{
		{`{"statut":"actif"}`, `{"statut":"actif"}`},
		{`{}`, `{"error":null}`},
		{` [ ] `, `{"error":null}`},
		{`""`, `{"error":null}`},
		{`0`, `{"error":null}`},
		{`-0.0`, `{"error":null}`},
		{`-0`, `{"error":null}`},
		{`0e7`, `{"error":null}`},
		{`1e-400`, `{"error":null}`},
		{`0.5`, `0.5`},
		{`"0"`, `"0"`},
		{`[[]]`, `[[]]`},
		{`false`, `{"error":null}`},
		{`null`, `{"error":null}`},
		{`[0]`, `[0]`},
		{`NaN`, `NaN`},
		{"\xef\xbb\xbf{\"a\":1}", `{"a":1}`},
		{`<html>503</html>`, `{"_raw_text":"<html>503</html>"}`},
		{``, `{"_raw_text":""}`},
		{"{\"a\":\"\xe2\x82\"}", `{"_raw_text":"{\"a\":\"\ufffd\"}"}`},
		{"caf\xc3\xa9 \xff\xfe", `{"_raw_text":"caf\u00e9 \ufffd\ufffd"}`},
	} {
		if got := string(pyjson.Canonical(ResponseData([]byte(c.body)))); got != c.want {
			t.Errorf("ResponseData(%q) = %s, want %s", c.body, got, c.want)
		}
		// ResponseHash takes the one-pass path: the same substitutions.
		if got, want := ResponseHash([]byte(c.body)), SHA256Hex([]byte(c.want)); got != want {
			t.Errorf("ResponseHash(%q) = %s, want %s (SHA-256 of %s)", c.body, got, want, c.want)
		}
	}
}

func TestDecodeReplaceMaximalSubparts(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"abc", "abc"},
		{"\xe2\x82", "\ufffd"},                 // one truncated sequence, one U+FFFD (Go's range loop gives two)
		{"\xe2\x82A", "\ufffdA"},               //
		{"\xed\xa0\x80", "\ufffd\ufffd\ufffd"}, // a surrogate is three maximal subparts of one byte
		{"\xf0\x9f\x98", "\ufffd"},
		{"\xf0\x9f\x98\x80", "😀"},
		{"\xc0\xaf", "\ufffd\ufffd"},
		{"\xf4\x90\x80\x80", "\ufffd\ufffd\ufffd\ufffd"},
		{"\xe0\x80\x80", "\ufffd\ufffd\ufffd"},
		{"\xff", "\ufffd"},
	} {
		if got := DecodeReplace([]byte(c.in)); got != c.want {
			t.Errorf("DecodeReplace(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestResponseDataDifferential compares ResponseData with the proxy's rule
// run by CPython on the adversarial corpus, _raw_text bodies included.
func TestResponseDataDifferential(t *testing.T) {
	python := cpython.Need(t)
	bodies := jsongen.Corpus(3, 3000, pyjson.MaxDepth)
	results, err := cpython.Run(python, bodies)
	if err != nil {
		t.Fatal(err)
	}
	bad, raw := 0, 0
	for i, b := range bodies {
		if results[i].Err != "" {
			raw++
		}
		got := pyjson.Canonical(ResponseData(b))
		if string(got) != string(results[i].Response) {
			bad++
			if bad <= 10 {
				t.Errorf("body %q: Go hashes %s, CPython %s", b, got, results[i].Response)
			}
		}
	}
	if raw < 100 {
		t.Errorf("only %d bodies exercise _raw_text", raw)
	}
	t.Logf("%d bodies (%d as _raw_text), %d mismatches", len(bodies), raw, bad)
}

// TestRequestHashAgainstCPython computes request hashes with CPython's
// json.dumps of the same request_data, amount 0.0 included.
func TestRequestHashAgainstCPython(t *testing.T) {
	python := cpython.Need(t)
	cases := []struct{ target, method, payload string }{
		{"https://corpus.arkforge.tech/agrements/AGR-4417", "GET", `{}`},
		{"https://corpus.arkforge.tech/listes/agrees/courtage/page-2", "GET", `{}`},
		{"https://corpus.arkforge.tech/recherche", "POST", `{"q":"société générale — été","n":1,"x":1e3,"z":[null,true]}`},
		{"https://corpus.arkforge.tech/entites/ENT-0001/", "GET", `null`},
		{"https://corpus.arkforge.tech/entites/ENT-0001?", "GET", `{"\u00e9":"\ud83d\ude00"}`},
	}
	script := `import hashlib, json, sys
for c in json.load(sys.stdin):
    d = {"target": c[0], "method": c[1], "payload": json.loads(c[2]), "amount": 0.0, "currency": "eur"}
    print(hashlib.sha256(json.dumps(d, sort_keys=True, separators=(",", ":")).encode()).hexdigest())`
	in, _ := json.Marshal(func() [][3]string {
		var out [][3]string
		for _, c := range cases {
			out = append(out, [3]string{c.target, c.method, c.payload})
		}
		return out
	}())
	cmd := exec.Command(python, "-c", script)
	cmd.Stdin = strings.NewReader(string(in))
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Fields(string(out))
	if len(want) != len(cases) {
		t.Fatalf("python printed %d hashes for %d cases", len(want), len(cases))
	}
	seen := map[string]bool{}
	for i, c := range cases {
		payload, err := pyjson.Decode([]byte(c.payload))
		if err != nil {
			t.Fatal(err)
		}
		got := RequestHash(c.target, c.method, payload)
		if got != want[i] {
			t.Errorf("RequestHash(%s %s %s) = %s, CPython %s", c.method, c.target, c.payload, got, want[i])
		}
		seen[got] = true
	}
	if len(seen) != len(cases) {
		t.Error("two different requests share a hash: the cases cannot tell a trailing slash or an empty query apart")
	}
}

func TestRequestDataAmountIsFloat(t *testing.T) {
	got := string(pyjson.Canonical(RequestData("https://h/x", "GET", pyjson.ObjectValue())))
	want := `{"amount":0.0,"currency":"eur","method":"GET","payload":{},"target":"https://h/x"}`
	if got != want {
		t.Errorf("request_data = %s, want %s", got, want)
	}
}

// TestOfReusesItsBuffer: Of hashes what Canonical writes, for values
// below and above the size of the buffers it keeps, and after the first
// call allocates only the digest in hexadecimal.
func TestOfReusesItsBuffer(t *testing.T) {
	for _, n := range []int{0, 10, maxCanonBuf - 100, maxCanonBuf + 100} {
		v := pyjson.ObjectValue(pyjson.Member{Key: "k", Value: pyjson.StringValue(strings.Repeat("é", n/2))}, pyjson.Member{Key: "a", Value: pyjson.FloatValue(0)})
		want := SHA256Hex(pyjson.Canonical(v))
		for range 3 {
			if got := Of(v); got != want {
				t.Fatalf("%d bytes: Of = %s, want %s", n, got, want)
			}
		}
	}
	v := RequestData("https://example.org/entites/ENT-1", "GET", pyjson.ObjectValue())
	Of(v)
	if allocs := testing.AllocsPerRun(100, func() { Of(v) }); allocs > 2.5 {
		t.Errorf("Of allocated %.1f times per call, want 2 (the digest in hexadecimal, as bytes then as a string)", allocs)
	}
}
