package verify

import (
	"testing"

	pv "github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/proof/prooftest"
	"github.com/ark-forge/proveit/scorer/submission"
)

// BenchmarkParseVerifyProof is one proof from its cached bytes: parse the
// view (proof.ParseCached) and verify it with a fresh Verifier, so with its
// batch's anchors (RFC 3161 token, Rekor entry and checkpoint).
func BenchmarkParseVerifyProof(b *testing.B) {
	w := newWorld(b)
	p := w.closed(b, 1, pv.Spec31, prooftest.Anchoring{})[0]
	raw := viewOf(b, p)
	d := p.Disclosure()
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		view, _, err := pv.ParseCached(p.ID, raw)
		if err != nil {
			b.Fatal(err)
		}
		if out := New(w.material, w.is).Verify(view, Options{Window: season, Disclosure: &d, DID: did}); out.Status != Valid {
			b.Fatal(summary(out))
		}
	}
}

// BenchmarkParseVerifyBatch is one batch of 64 proofs from their cached
// bytes with one Verifier: 64 parses, the anchors once, then 64 chains,
// signatures, openings and paths.
func BenchmarkParseVerifyBatch(b *testing.B) {
	w := newWorld(b)
	ps := w.closed(b, 64, pv.Spec31, prooftest.Anchoring{})
	raws := make([][]byte, len(ps))
	discs := make([]submission.Disclosure, len(ps))
	var total int64
	for i, p := range ps {
		raws[i], discs[i] = viewOf(b, p), p.Disclosure()
		total += int64(len(raws[i]))
	}
	b.SetBytes(total)
	b.ReportAllocs()
	for b.Loop() {
		v := New(w.material, w.is)
		for j, p := range ps {
			view, _, err := pv.ParseCached(p.ID, raws[j])
			if err != nil {
				b.Fatal(err)
			}
			if out := v.Verify(view, Options{Window: season, Disclosure: &discs[j], DID: did}); out.Status != Valid {
				b.Fatal(summary(out))
			}
		}
	}
}
