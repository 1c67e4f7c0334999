package main

import (
	"fmt"
	"time"

	"github.com/ark-forge/proveit/scorer/inputfile"
	"github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/season"
	"github.com/ark-forge/proveit/scorer/submission"
	"github.com/ark-forge/proveit/scorer/trust"
	"github.com/ark-forge/proveit/scorer/verify"
)

func runVerify(e *env, args []string) int {
	fs := newFlags("verify", "--season DIR [--submission FILE] PROOF_ID|FILE", `
Verify checks one Trust Layer proof as an independent third party would, from
the season's pinned trust only (trust/trusted_root.json, trust/trust_layer.toml):
in this order, first failure wins, what needs no anchor first: the spec
version, the chain recomputed from the commitments, the Ed25519 signature with
the key pinned for the anchored date, the openings of request_hash and
response_hash, the Merkle inclusion of the chain in its batch (« included in
the batch »: the position is not anchored), the batch's RFC 3161 token (the
view's timestamp_authority) and Rekor entry (the one its transparency_log
names, read from the season's cache DIR/anchors/rekor/UUID.json, never from the
network), the token's time inside the season, and the identity opened from the
view. A proof of an open batch is pending only if all the rest passes. The
view's arkforge_pubkey is never used: the signature is checked with the pinned
keys only, and a served key that is not the pinned one is printed as a Trust
Layer incident. A Rekor entry missing from the cache stops the verification:
run proveit fetch.

The openings come from the disclosure of the proof's own participant: the
enrolled participant whose DID the view's identity opens to. A disclosure of
the same proof by another participant is reported as such and never used, so
that nobody can make someone else's proof fail by citing it with wrong
openings; --submission FILE opens it with that submission's disclosure instead.

PROOF_ID is read from the season's cache, DIR/proofs/PROOF_ID.json; any other
argument is the path of a view file. It prints every check on one line with its
outcome, then the outcome, and exits 0 only for a valid proof.`, e.stderr)
	dir := fs.String("season", "", "the season directory, e.g. seasons/0")
	subFile := fs.String("submission", "", "open request_hash and response_hash with this submission's disclosure instead")
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
	openings, err := chooseDisclosure(s, view, *subFile)
	if err != nil {
		return fail("%v", err)
	}
	if openings.disclosure != nil {
		opts.Disclosure, opts.DID = openings.disclosure, openings.did
	}
	where := openings.note
	out := verify.New(material, s).Verify(view, opts)
	batch := "(none)"
	if view.BatchAnchor != nil {
		batch = view.BatchAnchor.BatchID
	}
	fmt.Fprintf(e.stdout, "proof %s (spec %s, batch %s)\n%s\n", view.ProofID, proof.SpecName(view.SpecVersion), batch, where)
	for _, c := range out.Checks {
		fmt.Fprintf(e.stdout, "%-8s %-22s %s\n", c.Result, c.Name, c.Detail)
	}
	for _, inc := range out.Incidents {
		fmt.Fprintf(e.stdout, "incident %s\n", inc)
	}
	if out.NotFetched != nil {
		return fail("%v", out.NotFetched)
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

// openings is the disclosure verify opens a proof with, and what to say
// of where it comes from.
type openings struct {
	disclosure *submission.Disclosure
	did        string // the DID the identity must open to
	note       string
}

// chooseDisclosure picks the openings of a proof: those of the submission
// file given with --submission, or else those of the proof's own
// participant, the one whose enrolled DID the view's disclosed identity
// opens to. Other participants' disclosures of the proof are named and
// never used.
func chooseDisclosure(s *season.Season, view *proof.View, file string) (openings, error) {
	owner := ownerOf(s, view)
	if file != "" {
		data, err := inputfile.ReadFollow(file, submission.MaxBytes)
		if err != nil {
			return openings{}, fmt.Errorf("%s: %w", file, err)
		}
		sub, err := submission.Parse(data)
		if err != nil {
			return openings{}, fmt.Errorf("%s: %w", file, err)
		}
		d, ok := sub.Disclosures.Get(view.ProofID)
		if !ok {
			return openings{}, fmt.Errorf("%s does not disclose proof %s", file, view.ProofID)
		}
		note := fmt.Sprintf("openings from %s (agent_did %s)", file, sub.AgentDID)
		if owner == nil || owner.DID != sub.AgentDID {
			note += ": not the proof's own participant"
		}
		return openings{disclosure: &d, did: sub.AgentDID, note: note}, nil
	}
	var own *season.SubmissionFile
	var ownDisclosure submission.Disclosure
	var others []string
	for _, tr := range s.Tracks {
		for _, sub := range tr.Submissions {
			parsed, err := sub.Read()
			if err != nil {
				return openings{}, err
			}
			if parsed.Submission == nil {
				continue
			}
			d, ok := parsed.Submission.Disclosures.Get(view.ProofID)
			if !ok {
				continue
			}
			if owner != nil && sub.Participant == owner.Slug {
				if own == nil {
					own, ownDisclosure = sub, d
				}
				continue
			}
			others = append(others, fmt.Sprintf("%s (participant %s)", sub.File, sub.Participant))
		}
	}
	var o openings
	switch {
	case own != nil:
		o = openings{disclosure: &ownDisclosure, did: owner.DID, note: fmt.Sprintf("openings from %s (participant %s, the proof's own)", own.File, own.Participant)}
	case owner == nil:
		o.note = "the view's identity opens to no enrolled participant: request_hash and response_hash are not opened"
	default:
		o.note = fmt.Sprintf("participant %s, the proof's own, discloses it in no submission: request_hash and response_hash are not opened", owner.Slug)
	}
	for _, other := range others {
		o.note += "\nalso disclosed by " + other + ", not the proof's own participant: not used (--submission to check it)"
	}
	return o, nil
}

// ownerOf returns the enrolled participant whose DID the view's disclosed
// agent_identity names, or nil. Whether the opening matches its commitment
// is the verifier's check; this only chooses whose disclosure to use.
func ownerOf(s *season.Season, view *proof.View) *season.Participant {
	id, ok := view.Opening(proof.FieldAgentIdentity)
	if !ok || id.Value.Kind() != pyjson.String {
		return nil
	}
	for _, p := range s.Participants {
		if p.DID == id.Value.Str() {
			return p
		}
	}
	return nil
}
