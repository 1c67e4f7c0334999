package verify

import (
	"testing"

	pv "github.com/ark-forge/proveit/scorer/proof"
	demo "github.com/ark-forge/proveit/scorer/season"
	"github.com/ark-forge/proveit/scorer/submission"
	"github.com/ark-forge/proveit/scorer/trust"
)

// TestDemoPendingWithGarbage: in the demo season, one of sablier's proofs
// is left in the open batch. Opened with sablier's own disclosure it is
// pending; cited by heron with a disclosure that opens nothing it is
// invalid, not pending (it was pending before the openings were checked
// ahead of the batch).
func TestDemoPendingWithGarbage(t *testing.T) {
	const id = "prf_20261031_210000_972a25"
	s, err := demo.Load("../../seasons/0")
	if err != nil {
		t.Fatal(err)
	}
	m, err := trust.Load(s.Path("trust"))
	if err != nil {
		t.Fatal(err)
	}
	data, err := s.ReadProof(id)
	if err != nil {
		t.Fatal(err)
	}
	view, nf, err := pv.ParseCached(id, data)
	if err != nil || nf != nil {
		t.Fatal(err, nf)
	}
	if view.Batch.Status != pv.BatchOpen {
		t.Fatalf("%s is in batch %s, %s: the demo changed", id, view.Batch.ID, view.Batch.Status)
	}
	var own *submission.Disclosure
	for _, sf := range s.Track("generique").Submissions {
		parsed, err := sf.Read()
		if err != nil {
			t.Fatal(err)
		}
		if parsed.Submission == nil {
			continue
		}
		if d, ok := parsed.Submission.Disclosures.Get(id); ok && sf.Participant == "sablier" {
			own = &d
		}
	}
	sablier, heron := s.Participant("sablier"), s.Participant("heron")
	if own == nil || sablier == nil || heron == nil {
		t.Fatal("the demo season lost sablier's disclosure, sablier or heron")
	}
	window := trust.Window{From: s.OpensAt, Until: s.ClosesAt}
	v := New(m, s)

	if out := v.Verify(view, Options{Window: window, Disclosure: own, DID: sablier.DID}); out.Status != Pending {
		t.Errorf("with sablier's disclosure: %v %v, want pending", out.Status, out.Failure)
	}
	var junk submission.Disclosure
	garbage(&junk)
	out := v.Verify(view, Options{Window: window, Disclosure: &junk, DID: heron.DID})
	if out.Status != Invalid || out.Failure == nil || out.Failure.Check != "opening.request_hash" {
		t.Errorf("cited by heron with a garbage disclosure: %v %v, want invalid: opening.request_hash", out.Status, out.Failure)
	}
}
