package fetch

import (
	"sort"

	"github.com/ark-forge/proveit/scorer/season"
)

// Cited returns every proof id the season cites, sorted and distinct: the
// proofs of every assertion and every disclosure of the submissions that
// parse, and the proof of every freeze of every track (current or
// superseded). A submission that does not parse is rejected at entry
// whatever its proofs say, so its proofs are not read.
func Cited(s *season.Season) []string {
	seen := map[string]bool{}
	for _, t := range s.Tracks {
		if t.Preregistration != nil {
			for _, f := range t.Preregistration.Freezes {
				seen[f.ProofID] = true
			}
		}
		for _, sf := range t.Submissions {
			if sf.Submission == nil {
				continue
			}
			for _, a := range sf.Submission.Assertions {
				for _, id := range a.ProofIDs {
					seen[id] = true
				}
			}
			for id := range sf.Submission.Disclosures {
				seen[id] = true
			}
		}
	}
	out := make([]string, 0, len(seen))
	for id := range seen {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}
