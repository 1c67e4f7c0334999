package pyjson

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/internal/cpython"
	"github.com/ark-forge/proveit/scorer/internal/jsongen"
)

// differentialBodies is how many generated bodies each run compares, on top
// of the fixed boundary cases and the float arrays.
const differentialBodies = 6000

// mismatches compares canon (Go) with CPython over bodies and describes
// each body on which they disagree: one accepts and the other refuses, or
// both accept and write different bytes.
func mismatches(t *testing.T, bodies [][]byte, canon func([]byte) ([]byte, error)) (bad []string, accepted int) {
	t.Helper()
	python := cpython.Need(t)
	results, err := cpython.Run(python, bodies)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i, body := range bodies {
		if results[i].Err == "" {
			accepted++
		}
		got, gerr := canon(body)
		want := results[i]
		switch {
		case gerr != nil && want.Err == "":
			out = append(out, fmt.Sprintf("body %q: Go refuses (%v), CPython writes %s", clip(body), gerr, clip(want.Canonical)))
		case gerr == nil && want.Err != "":
			out = append(out, fmt.Sprintf("body %q: Go writes %s, CPython raises %s", clip(body), clip(got), want.Err))
		case gerr == nil && string(got) != string(want.Canonical):
			out = append(out, fmt.Sprintf("body %q: Go writes %s, CPython writes %s", clip(body), clip(got), clip(want.Canonical)))
		}
	}
	return out, accepted
}

func clip(b []byte) []byte {
	if len(b) > 200 {
		return append(b[:200:200], "…"...)
	}
	return b
}

func differentialCorpus() [][]byte {
	bodies := jsongen.Corpus(1, differentialBodies, MaxDepth)
	return append(bodies, jsongen.FloatArrays(2, 200, 100)...)
}

// TestDifferentialCPython compares Canonicalize with CPython's
// json.dumps(json.loads(body), sort_keys=True, separators=(",", ":")) on
// thousands of adversarial bodies: both must accept and write the same
// bytes, or both refuse. It skips, naming what is missing, only where
// python3 is absent; .ci/run makes sure it is not.
func TestDifferentialCPython(t *testing.T) {
	bodies := differentialCorpus()
	bad, accepted := mismatches(t, bodies, Canonicalize)
	// The corpus must exercise both sides: what CPython writes and what it refuses.
	if accepted < len(bodies)/3 || len(bodies)-accepted < len(bodies)/10 {
		t.Errorf("CPython accepts %d of %d bodies: the corpus no longer tests both acceptance and refusal", accepted, len(bodies))
	}
	for i, m := range bad {
		if i == 20 {
			t.Errorf("… and %d more", len(bad)-20)
			break
		}
		t.Error(m)
	}
	t.Logf("%d bodies compared with CPython (%d accepted, %d refused), %d mismatches", len(bodies), accepted, len(bodies)-accepted, len(bad))
}

// wrongFloat is a plausible but wrong float writer: Go's %g, which writes
// 1e+16 right but 1e-05 and 1000.0 wrong.
func wrongFloat(dst []byte, f float64) []byte {
	return append(dst, strconv.FormatFloat(f, 'g', -1, 64)...)
}

// TestDifferentialCatchesWrongFloatFormatter shows the differential test
// can fail: the same corpus, canonicalised with a wrong float writer, must
// give mismatches, and on the repr boundary cases named here.
func TestDifferentialCatchesWrongFloatFormatter(t *testing.T) {
	wrong := func(b []byte) ([]byte, error) {
		v, err := Decode(b)
		if err != nil {
			return nil, err
		}
		return appendValue(nil, v, wrongFloat), nil
	}
	bodies := differentialCorpus()
	bad, _ := mismatches(t, bodies, wrong)
	if len(bad) == 0 {
		t.Fatal("a wrong float formatter passes the differential test: the test cannot fail")
	}
	for _, want := range []string{`body "1e3": Go writes 1000, CPython writes 1000.0`, `body "-0.0": Go writes -0, CPython writes -0.0`} {
		found := false
		for _, m := range bad {
			found = found || strings.HasPrefix(m, want)
		}
		if !found {
			t.Errorf("the wrong float formatter was not caught on %s", want)
		}
	}
	t.Logf("a wrong float formatter gives %d mismatches of %d bodies, e.g. %s", len(bad), len(bodies), bad[0])
}
