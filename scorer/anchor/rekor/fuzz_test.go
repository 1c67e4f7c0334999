package rekor_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/ark-forge/proveit/scorer/anchor"
	"github.com/ark-forge/proveit/scorer/anchor/rekor"
)

// FuzzVerify checks that Verify never panics and reports every failure as
// an *anchor.Failure with a documented check code. Its seed corpus
// (testdata/fuzz/FuzzVerify) holds entries of the test world: valid ones,
// another batch's, and the tampered variants of TestVerifyFailures. Run it
// with a short minimization time, as its inputs are kilobytes long:
//
//	go test -run '^$' -fuzz '^FuzzVerify$' -fuzztime 60s -fuzzminimizetime 2s ./scorer/anchor/rekor
func FuzzVerify(f *testing.F) {
	w := getWorld(f)
	f.Add(w.entries[0], batchRoot(0))
	f.Add(w.entries[5], batchRoot(0))
	f.Fuzz(func(t *testing.T, entry, artifact []byte) {
		res, err := rekor.Verify(entry, artifact, &w.submitter.PublicKey, w.logs)
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
