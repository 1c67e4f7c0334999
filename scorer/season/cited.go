package season

import (
	"fmt"
	"sort"
)

// A Citation is one proof a season cites, and every place that cites it.
type Citation struct {
	ProofID string
	Places  []Place // never empty, in season order (see CitedProofs)
}

// A Place is one place of a season that cites a proof.
type Place struct {
	Kind        CiteKind
	Track       string // the track's name
	Participant string // the submission's participant slug; "" for a freeze
	Task        string // the submission's task id; "" for a freeze
	Assertion   string // the assertion's id, for ByAssertion; "" otherwise
}

// CiteKind says how a place cites a proof.
type CiteKind int

// The ways a season cites a proof.
const (
	// ByAssertion: an assertion of a submission lists the proof in its
	// proof_ids (§4 of the specification).
	ByAssertion CiteKind = iota + 1
	// ByDisclosure: a submission's disclosures hold an entry for the proof
	// (§4). The entry rules want one exactly for each proof an assertion
	// cites; an entry for another proof still names it.
	ByDisclosure
	// ByFreeze: the proof is the anchored call of a freeze of the track's
	// preregistration.toml, current or superseded (§8).
	ByFreeze
	// ByPublication: the proof is the anchored call of season.toml's
	// [publication] (README, « Publishing and contesting »); its place has no track.
	ByPublication
)

func (k CiteKind) String() string {
	switch k {
	case ByAssertion:
		return "assertion"
	case ByDisclosure:
		return "disclosure"
	case ByFreeze:
		return "freeze"
	case ByPublication:
		return "publication"
	}
	return fmt.Sprintf("CiteKind(%d)", int(k))
}

// CitedProofs returns every proof the season cites, one Citation per proof
// id, sorted by proof id: the proofs of every assertion and every disclosure
// of the submissions that parse, the proof of every freeze of every track,
// and the proof of the publication.
// A submission that does not parse (ParseErr set) is rejected at entry
// whatever its proofs say (§4): it cites nothing.
//
// The places of a proof are in season order: track by track as in s.Tracks,
// the track's freezes in file order, then its submissions in order
// (participant, then task), each submission's assertions in document order
// followed by its disclosures in proof id order. Load sorts what that order
// depends on, so the result of a loaded season is deterministic. It returns
// nil when the season cites no proof. It reads every submission
// (SubmissionFile.Read); one that cannot be read is its error.
func (s *Season) CitedProofs() ([]Citation, error) {
	return s.citedProofs((*SubmissionFile).Read)
}

// citedProofs is CitedProofs with the submissions read by read.
func (s *Season) citedProofs(read func(*SubmissionFile) (Parsed, error)) ([]Citation, error) {
	var out []Citation
	at := map[string]int{} // proof id -> index in out
	cite := func(id string, p Place) {
		i, ok := at[id]
		if !ok {
			i = len(out)
			at[id] = i
			out = append(out, Citation{ProofID: id})
		}
		out[i].Places = append(out[i].Places, p)
	}
	for _, t := range s.Tracks {
		if t.Preregistration != nil {
			for _, f := range t.Preregistration.Freezes {
				cite(f.ProofID, Place{Kind: ByFreeze, Track: t.Name})
			}
		}
		for _, sf := range t.Submissions {
			parsed, err := read(sf)
			if err != nil {
				return nil, err
			}
			sub := parsed.Submission
			if sub == nil {
				continue
			}
			for _, a := range sub.Assertions {
				for _, id := range a.ProofIDs {
					cite(id, Place{Kind: ByAssertion, Track: t.Name, Participant: sf.Participant, Task: sf.TaskID, Assertion: a.ID})
				}
			}
			for id := range sub.Disclosures.All() { // in id order
				cite(id, Place{Kind: ByDisclosure, Track: t.Name, Participant: sf.Participant, Task: sf.TaskID})
			}
		}
	}
	if s.Publication != nil {
		cite(s.Publication.ProofID, Place{Kind: ByPublication})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ProofID < out[j].ProofID })
	return out, nil
}
