package main

import (
	"fmt"
	"time"

	"github.com/ark-forge/proveit/scorer/inputfile"
	"github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/season"
	"github.com/ark-forge/proveit/scorer/submission"
	"github.com/ark-forge/proveit/scorer/trust"
	"github.com/ark-forge/proveit/scorer/verify"
)

func runVerify(e *env, args []string) int {
	fs := newFlags("verify", "--season DIR PROOF_ID|FILE", `
Verify checks one Trust Layer proof as an independent third party would, from
the season's pinned trust only (trust/trusted_root.json, trust/trust_layer.toml):
the chain recomputed from the commitments, the Ed25519 signature with the key
pinned for the anchored date, the Merkle inclusion of the chain in its batch,
the batch's RFC 3161 token and Rekor entry, the token's time inside the season,
the openings of request_hash and response_hash (from the first submission of the
season that discloses the proof, if any) and the identity opened from the view.

PROOF_ID is read from the season's cache, DIR/proofs/PROOF_ID.json; any other
argument is the path of a view file. It prints every check on one line with its
outcome, then the outcome, and exits 0 only for a valid proof.`, e.stderr)
	dir := fs.String("season", "", "the season directory, e.g. seasons/0")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return exitFor(err)
	}
	if *dir == "" || len(pos) != 1 {
		fs.Usage()
		return 2
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(e.stderr, "proveit verify: "+format+"\n", a...)
		return 1
	}
	s, err := season.Load(*dir)
	if err != nil {
		return fail("%v", err)
	}
	material, err := trust.Load(s.Path("trust"))
	if err != nil {
		return fail("%v", err)
	}
	view, err := readView(s, pos[0])
	if err != nil {
		return fail("%v", err)
	}
	opts := verify.Options{Window: trust.Window{From: s.OpensAt, Until: s.ClosesAt}}
	where := "no submission of the season discloses it: request_hash and response_hash are not opened"
	if d, sub, ok := findDisclosure(s, view.ProofID); ok {
		opts.Disclosure = &d
		if p := s.Participant(sub.Participant); p != nil {
			opts.DID = p.DID
		}
		where = fmt.Sprintf("openings from %s (participant %s)", sub.File, sub.Participant)
	}
	out := verify.New(material).Verify(view, opts)
	fmt.Fprintf(e.stdout, "proof %s (spec %s, batch %s)\n%s\n", view.ProofID, view.SpecVersion, view.Batch.ID, where)
	for _, c := range out.Checks {
		fmt.Fprintf(e.stdout, "%-8s %-22s %s\n", c.Result, c.Name, c.Detail)
	}
	for _, inc := range out.Incidents {
		fmt.Fprintf(e.stdout, "incident %s\n", inc)
	}
	switch out.Status {
	case verify.Valid:
		fmt.Fprintf(e.stdout, "outcome: valid, anchored at %s\n", out.GenTime.UTC().Format(time.RFC3339))
		return 0
	case verify.Pending:
		fmt.Fprintf(e.stdout, "outcome: pending: the batch is not closed; neither valid nor invalid\n")
	default:
		fmt.Fprintf(e.stdout, "outcome: %s: %s\n", out.Status, out.Failure)
	}
	return 1
}

// readView reads a proof from the season's cache by id, or a view file.
func readView(s *season.Season, arg string) (*proof.View, error) {
	if !proof.ValidProofID(arg) {
		data, err := inputfile.ReadFollow(arg, proof.MaxViewBytes)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", arg, err)
		}
		return proof.ParseView(data)
	}
	data, err := s.ReadProof(arg)
	if err != nil {
		return nil, err
	}
	name := s.Path("proofs/" + arg + ".json")
	view, nf, err := proof.ParseCached(arg, data)
	if err != nil {
		return nil, err
	}
	if nf != nil {
		return nil, fmt.Errorf("proof %s does not exist: the Trust Layer answered 404 (%s)", arg, name)
	}
	return view, nil
}

// findDisclosure returns the first disclosure of id in the season's
// submissions, in track, participant and task order.
func findDisclosure(s *season.Season, id string) (submission.Disclosure, *season.SubmissionFile, bool) {
	for _, tr := range s.Tracks {
		for _, sub := range tr.Submissions {
			if sub.Submission == nil {
				continue
			}
			if d, ok := sub.Submission.Disclosures[id]; ok {
				return d, sub, true
			}
		}
	}
	return submission.Disclosure{}, nil, false
}
