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
	p := w.batch(b, 1, inSeason, prooftest.Anchoring{}, nil)[0]
	raw, err := p.View()
	if err != nil {
		b.Fatal(err)
	}
	d := p.Disclosure()
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		view, _, err := pv.ParseCached(p.ID, raw)
		if err != nil {
			b.Fatal(err)
		}
		if out := New(w.material, w.entries()).Verify(view, Options{Window: season, Disclosure: &d, DID: did}); out.Status != Valid {
			b.Fatal(out.Status, out.Failure)
		}
	}
}

// BenchmarkParseVerifyProofWarm is one more proof of a batch whose anchors
// are verified: parse, chain, signature, openings, inclusion and identity.
func BenchmarkParseVerifyProofWarm(b *testing.B) {
	w := newWorld(b)
	ps := w.batch(b, 2, inSeason, prooftest.Anchoring{}, nil)
	raw, err := ps[1].View()
	if err != nil {
		b.Fatal(err)
	}
	d0, d := ps[0].Disclosure(), ps[1].Disclosure()
	v := New(w.material, w.entries())
	v.Verify(parse(b, viewJSON(b, ps[0])), Options{Window: season, Disclosure: &d0, DID: did})
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		view, _, err := pv.ParseCached(ps[1].ID, raw)
		if err != nil {
			b.Fatal(err)
		}
		if out := v.Verify(view, Options{Window: season, Disclosure: &d, DID: did}); out.Status != Valid {
			b.Fatal(out.Status, out.Failure)
		}
	}
}

// BenchmarkParseVerifyBatch is one batch of 64 proofs from their cached
// bytes with one Verifier: 64 parses, the anchors once, then 64
// signatures, chains and paths.
func BenchmarkParseVerifyBatch(b *testing.B) {
	w := newWorld(b)
	ps := w.batch(b, 64, inSeason, prooftest.Anchoring{}, nil)
	raws := make([][]byte, len(ps))
	discs := make([]submission.Disclosure, len(ps))
	var total int64
	for i, p := range ps {
		raw, err := p.View()
		if err != nil {
			b.Fatal(err)
		}
		raws[i], discs[i] = raw, p.Disclosure()
		total += int64(len(raw))
	}
	b.SetBytes(total)
	b.ReportAllocs()
	for b.Loop() {
		v := New(w.material, w.entries())
		for j, p := range ps {
			view, _, err := pv.ParseCached(p.ID, raws[j])
			if err != nil {
				b.Fatal(err)
			}
			v.Verify(view, Options{Window: season, Disclosure: &discs[j], DID: did})
		}
	}
}
