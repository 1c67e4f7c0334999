package season

import (
	"errors"
	"fmt"
	"sort"

	"github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/submission"
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
	// ByRejected: a submission that does not parse, rejected at entry
	// whatever its proofs say (§4), still names the proof where a
	// conforming submission cites one: a string that is a valid proof id
	// at assertions[*].proof_ids[*], or a key of disclosures, the file read
	// leniently, whatever else it holds. It is cited so that proveit fetch
	// caches every proof any submission file names, and a cache refilled
	// from the Trust Layer holds what the build may read of it. The place
	// has no Assertion: one place per submission and proof, however many
	// times the file names it.
	ByRejected
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
	case ByRejected:
		return "rejected submission"
	}
	return fmt.Sprintf("CiteKind(%d)", int(k))
}

// CitedProofs returns every proof the season cites, one Citation per proof
// id, sorted by proof id: the proofs of every assertion and every disclosure
// of the submissions that parse, the proofs a submission that does not
// parse still names (ByRejected), the proof of every
// freeze of every track, and the proof of the publication. A submission
// that does not parse (Parsed.Err set) is rejected at entry whatever its
// proofs say (§4); its proofs are cited all the same, so that proveit
// fetch reads every proof any submission file names.
//
// The places of a proof are in season order: track by track as in s.Tracks,
// the track's freezes in file order, then its submissions in order
// (participant, then task), each submission's assertions in document order
// followed by its disclosures in proof id order (for a submission that does
// not parse, assertions' proof ids in document order, then disclosures' in
// id order, each once). Load sorts
// what that order depends on, so the result of a loaded season is
// deterministic. It returns nil when the season cites no proof. It reads
// every submission (SubmissionFile.Read, and the file again for one that
// does not parse); one that cannot be read is its error.
func (s *Season) CitedProofs() ([]Citation, error) {
	return s.citedProofs((*SubmissionFile).Read, rawSubmission)
}

// rawSubmission reads the bytes of a submission file, within
// submission.MaxBytes: a larger file, rejected at entry for its size, is
// nil (it names nothing); a file that cannot be read is a *Error naming
// it.
func rawSubmission(sf *SubmissionFile) ([]byte, error) {
	if sf.season == nil {
		return nil, fmt.Errorf("%s: a submission file that season.Load did not list cannot be read", sf.File)
	}
	raw, err := sf.season.readCached(sf.File, submission.MaxBytes)
	var tl *TooLargeError
	if errors.As(err, &tl) {
		return nil, nil
	}
	return raw, err
}

// rejectedProofIDs returns the proof ids a submission file names, read as
// leniently as json.loads reads it (pyjson.Decode: duplicate keys, the
// last kept; NaN; any encoding json.loads detects), whatever else the
// document holds, right or wrong: every string that is a valid proof id
// (proof.ValidProofID) at assertions[*].proof_ids[*], in document order,
// then every key of disclosures that is one, in id order; each once, where
// it first appears. Only those places are read: an assertions that is not
// an array, an assertion that is not an object, a proof_ids that is not
// an array, a disclosures that is not an object name nothing, and neither
// does an element that is not a string. Bytes that are not JSON, or whose
// document is not an object, name nothing. It is nil when the file names no
// proof.
func rejectedProofIDs(raw []byte) []string {
	doc, err := pyjson.Decode(raw)
	if err != nil || doc.Kind() != pyjson.Object {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	name := func(v pyjson.Value) {
		if v.Kind() == pyjson.String && proof.ValidProofID(v.Str()) && !seen[v.Str()] {
			seen[v.Str()] = true
			out = append(out, v.Str())
		}
	}
	if as, ok := doc.Lookup("assertions"); ok && as.Kind() == pyjson.Array {
		for _, a := range as.Elems() {
			ids, ok := a.Lookup("proof_ids") // false for an assertion that is not an object
			if !ok || ids.Kind() != pyjson.Array {
				continue
			}
			for _, id := range ids.Elems() {
				name(id)
			}
		}
	}
	if ds, ok := doc.Lookup("disclosures"); ok && ds.Kind() == pyjson.Object {
		for _, m := range ds.Members() { // in key order
			name(pyjson.StringValue(m.Key))
		}
	}
	return out
}

// citedProofs is CitedProofs with the submissions read by read, and the
// bytes of one that does not parse by raw.
func (s *Season) citedProofs(read func(*SubmissionFile) (Parsed, error), raw func(*SubmissionFile) ([]byte, error)) ([]Citation, error) {
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
				data, err := raw(sf)
				if err != nil {
					return nil, err
				}
				for _, id := range rejectedProofIDs(data) {
					cite(id, Place{Kind: ByRejected, Track: t.Name, Participant: sf.Participant, Task: sf.TaskID})
				}
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
