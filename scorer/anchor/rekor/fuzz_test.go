package rekor_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/scorer/anchor"
	"github.com/ark-forge/proveit/scorer/anchor/rekor"
	"github.com/ark-forge/proveit/scorer/internal/fuzztest"
)

// FuzzVerify checks that Verify never panics and reports every failure as
// an *anchor.Failure with a documented check code. Its seed corpus
// (testdata/fuzz/FuzzVerify) holds entries of the test world: valid ones,
// another batch's, and the tampered variants of TestVerifyFailures. Its
// inputs are kilobytes long: fuzztest.BoundMinimization keeps the engine
// from spending a minute minimizing each new input (see package fuzztest),
// so that
//
//	go test -run '^$' -fuzz '^FuzzVerify$' -fuzztime 10s ./scorer/anchor/rekor
//
// fuzzes instead of minimizing.
func FuzzVerify(f *testing.F) {
	fuzztest.BoundMinimization(f)
	w := getWorld(f)
	f.Add(w.entries[0], batchRoot(0))
	f.Add(w.entries[5], batchRoot(0))
	f.Fuzz(func(t *testing.T, entry, artifact []byte) {
		res, err := rekor.Verify(entry, artifact, &w.submitter.PublicKey, w.logs, w.log.Hostname())
		if err == nil {
			if _, ok := w.logs[res.LogID]; !ok || len(res.RootHash) != 64 || res.TreeSize <= res.LeafIndex {
				t.Fatalf("accepted with result %+v", res)
			}
		} else {
			var f *anchor.Failure
			if !errors.As(err, &f) || !slices.Contains(rekor.Checks(), f.Check) || f.Detail == "" {
				t.Fatalf("error %#v is not a documented *anchor.Failure", err)
			}
		}
	})
}

// TestFuzzSeedsAreCurrent checks that the committed valid seeds still
// verify: they were minted with rekortest, and go stale if its output
// changes.
func TestFuzzSeedsAreCurrent(t *testing.T) {
	w := getWorld(t)
	for _, name := range []string{"valid-index-0", "valid-index-1100"} {
		raw, err := os.ReadFile(filepath.Join("testdata", "fuzz", "FuzzVerify", name))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n")
		if len(lines) != 3 || lines[0] != "go test fuzz v1" {
			t.Fatalf("%s: not a two-value corpus file", name)
		}
		var args [2][]byte
		for i, l := range lines[1:] {
			q, ok := strings.CutPrefix(l, "[]byte(")
			if !ok || !strings.HasSuffix(q, ")") {
				t.Fatalf("%s: line %q", name, l)
			}
			s, err := strconv.Unquote(strings.TrimSuffix(q, ")"))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			args[i] = []byte(s)
		}
		if _, err := rekor.Verify(args[0], args[1], &w.submitter.PublicKey, w.logs, w.log.Hostname()); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
