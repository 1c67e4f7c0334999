package main

import (
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/ark-forge/proveit/scorer/anchor/rekor"
	"github.com/ark-forge/proveit/scorer/inputfile"
	"github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/season"
	"github.com/ark-forge/proveit/scorer/submission"
	"github.com/ark-forge/proveit/scorer/trust"
	"github.com/ark-forge/proveit/scorer/verify"
)

const verifySynopsis = "(--trust DIR [--rekor-entry FILE] | --season DIR) [--submission FILE] [--json] FILE|PROOF_ID"

const verifyAbout = `
Verify checks one ArkForge Trust Layer proof view as an independent third party
would, by the algorithms ArkForge's Proof Specification publishes for the
view's spec_version, against trust material only: ArkForge's published key
history and a sigstore trusted root. It never uses the network, and never
trusts a key the view embeds.

Two ways to run it, exactly one of --trust and --season:

  --trust DIR    verifies any view on its own, outside a season: a participant
                 checking a proof before citing it, anyone checking a proof
                 the PROVE IT Index cites. DIR holds ArkForge's
                 published_keys.json, byte for byte as ArkForge publishes it,
                 and a sigstore trusted_root.json pinning the Rekor logs and
                 the RFC 3161 timestamping authorities (a season's trust/
                 directory is one). The argument is the path of a view file,
                 the JSON GET /v1/proof/{id} serves. A view does not carry its
                 Rekor entry, only its uuid (transparency_log.uuid):
                 --rekor-entry FILE is the Rekor API's answer for that uuid,
                 GET {rekor}/api/v1/log/entries/{uuid} saved as it is served
                 (what proveit fetch caches), and it is read from FILE only.
                 Without it the rekor check is skipped and the status is
                 incomplete. There is no season: season_window is skipped and
                 the identity is checked without an enrolled DID to compare.

  --season DIR   verifies a proof of a season: the trust material is
                 DIR/trust, the Rekor entries are the season's cache
                 DIR/anchors/rekor/UUID.json, the token's time must lie in the
                 season, and the identity must open to the enrolled DID of a
                 participant. A PROOF_ID (prf_YYYYMMDD_HHMMSS_xxxxxx) is read
                 from the season's cache, DIR/proofs/PROOF_ID.json; any other
                 argument is the path of a view file. A Rekor entry missing
                 from the cache leaves the proof incomplete: run proveit
                 fetch. --rekor-entry is refused with --season: the season's
                 cache is where its entries are.

The checks, in this order (the first failure is the one the status names;
what needs no anchor is checked first, so that a proof of an open batch is
pending only if all the rest passes):

  spec_version   a version the specification defines; any other ends the
                 verification
  chain          hashes.chain recomputed by the version's algorithm (3.x:
                 the Merkle root of the commitments); skipped for an older
                 public view, whose chain covers fields it withholds
  signature      Ed25519 over the chain with the published key the view
                 names (arkforge_kid), valid at the proof's date
  openings       request_hash and response_hash opened with a submission's
                 disclosure; skipped without one
  inclusion      the chain's RFC 6962 inclusion in its batch (« included in
                 the batch »: the position is not anchored); pending for an
                 open batch; skipped for a proof anchored on its own
  rfc3161        the RFC 3161 token over the anchored hash, by a TSA the
                 trusted root pins
  rekor          the Rekor entry over the anchored hash, signed with a
                 published Rekor key and logged by a pinned log
  season_window  the token's time inside the season (--season only)
  identity       the identity block opened from the view's disclosed
                 openings: verified and bound (spec 3.1 only; before it no
                 anchor covers the identity)

Each check's outcome is ok, failed, pending or skipped, and they add up to one
status: valid (every check of both conditions holds), invalid (a check of
condition 1 fails: the proof is not what it claims), unbound_identity (the
proof holds but its identity is not anchored or not bound), pending (the batch
is not closed yet: neither valid nor invalid), or incomplete (nothing failed
but the Rekor entry was not available, so the proof could not be completely
verified).

The openings. With --season they come from the disclosure of the proof's own
participant, the enrolled participant whose DID the view's identity opens to;
a disclosure of the same proof by another participant is named and never used,
so that nobody can make someone else's proof fail by citing it with wrong
openings. --submission FILE opens the proof with that submission's disclosure
instead (with --trust too, where the identity must then open to the
submission's agent_did).

Output. The text form prints the proof id, its spec version ("unversioned"
when spec_version is absent or null) and its batch, then every check on one
line with its outcome and what it compared, then the Trust Layer incidents (a
field no anchor covers that contradicts what is anchored or published: changes
no status), then the keys of the view this verifier does not know, each as
"ignored POINTER: not read", and last the status. --json prints instead exactly
one JSON object on standard output:

  {"proof_id": ID, "spec_version": "3.1" or null,
   "status": "valid" | "invalid" | "unbound_identity" | "pending" | "incomplete",
   "checks": [{"check": NAME, "outcome": "ok" | "failed" | "pending" | "skipped",
               "detail": TEXT}, ...],
   "incidents": [{"field": FIELD, "detail": TEXT}, ...],
   "ignored": [POINTER, ...]}

with the checks in the order above, and incidents and ignored always present,
[] when empty. Errors go to standard error, in both forms.

Exit status: 0 for a valid proof, and only then; 1 for a proof verified and
not valid (invalid, unbound_identity, pending or incomplete); 2 when nothing
was verified: bad usage (neither or both of --trust and --season, a PROOF_ID
with --trust, --rekor-entry with --season), or input that cannot be read (a
view file that is missing or does not parse as a view, a proof the season's
cache does not hold or holds as not found, a trust directory or a season that
does not load, a --rekor-entry or --submission file that cannot be read, a
--submission that does not disclose the proof). A
--rekor-entry file that is read but is not the view's Rekor entry fails the
rekor check: the proof is then invalid, as it would be with that entry in a
season's cache.`

func runVerify(e *env, args []string) int {
	fs := newFlags("verify", verifySynopsis, verifyAbout, e.stderr)
	trustDir := fs.String("trust", "", "verify against this trust directory (published_keys.json, trusted_root.json), outside any season")
	entryFile := fs.String("rekor-entry", "", "with --trust: the Rekor API's answer for the view's transparency_log.uuid")
	seasonDir := fs.String("season", "", "verify as a proof of this season, e.g. seasons/0")
	subFile := fs.String("submission", "", "open request_hash and response_hash with this submission's disclosure")
	asJSON := fs.Bool("json", false, "print one JSON object instead of the text report")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return exitFor(err)
	}
	bad := func(format string, a ...any) int {
		fmt.Fprintf(e.stderr, "proveit verify: "+format+"\nusage: proveit verify %s\n(proveit verify -h says more)\n", append(a, verifySynopsis)...)
		return 2
	}
	switch {
	case len(pos) != 1:
		return bad("want one view file or proof id, got %d arguments", len(pos))
	case *trustDir == "" && *seasonDir == "":
		return bad("give the trust material: --trust DIR, or --season DIR for a proof of a season")
	case *trustDir != "" && *seasonDir != "":
		return bad("give one of --trust and --season, not both")
	case *entryFile != "" && *seasonDir != "":
		return bad("--rekor-entry is for --trust: with --season the Rekor entries are read from the season's cache, DIR/anchors/rekor")
	case *trustDir != "" && proof.ValidProofID(pos[0]):
		return bad("%s is a proof id: a proof is read by its id from a season's cache only (--season DIR); with --trust give the view's file (./%s for a file of that name)", pos[0], pos[0])
	}
	var job verifyJob
	if *seasonDir != "" {
		job, err = seasonJob(*seasonDir, pos[0], *subFile)
	} else {
		job, err = trustJob(*trustDir, pos[0], *entryFile, *subFile)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "proveit verify: %v\n", err)
		return 2
	}
	out := verify.New(job.material, job.entries).Verify(job.view, job.opts)
	if *asJSON {
		if err := printVerifyJSON(e.stdout, job.view, out); err != nil {
			fmt.Fprintf(e.stderr, "proveit verify: %v\n", err)
			return 2
		}
	} else {
		printVerifyText(e.stdout, job, out)
	}
	if out.Status == verify.Valid {
		return 0
	}
	return 1
}

// verifyJob is one verification: a view, what to verify it against, and
// what to say of where each comes from.
type verifyJob struct {
	view     *proof.View
	material *trust.Material
	entries  verify.Entries // nil: no Rekor entry is available
	opts     verify.Options
	notes    []string // printed under the header of the text report
	fetchFix string   // how to make an unavailable Rekor entry available
}

// trustJob reads a view file to verify against the trust directory dir,
// with the Rekor entry of entryFile ("": none) and the openings of
// subFile ("": none).
func trustJob(dir, viewFile, entryFile, subFile string) (verifyJob, error) {
	material, err := trust.Load(dir)
	if err != nil {
		return verifyJob{}, err
	}
	view, err := readViewFile(viewFile)
	if err != nil {
		return verifyJob{}, err
	}
	job := verifyJob{view: view, material: material, notes: []string{"trust material " + dir + " (published_keys.json, trusted_root.json); no season"}}
	if entryFile != "" {
		data, err := inputfile.ReadFollow(entryFile, int64(rekor.MaxEntrySize))
		if err != nil {
			return verifyJob{}, fmt.Errorf("--rekor-entry %s: %w", entryFile, err)
		}
		job.entries = entryData(data)
		job.notes = append(job.notes, "Rekor entry read from "+entryFile)
	} else {
		job.fetchFix = "save GET /api/v1/log/entries/UUID of the log"
		if u := view.TransparencyLog.LogURL; u != "" {
			job.fetchFix = "save the log's answer (the view names " + u + ")"
		}
		job.fetchFix += " and give it with --rekor-entry FILE"
	}
	if subFile != "" {
		sub, d, err := readDisclosure(subFile, view.ProofID)
		if err != nil {
			return verifyJob{}, err
		}
		job.opts.Disclosure, job.opts.DID = &d, sub.AgentDID
		job.notes = append(job.notes, fmt.Sprintf("openings from %s (agent_did %s)", subFile, sub.AgentDID))
	}
	return job, nil
}

// entryData is the one Rekor entry given with --rekor-entry, whatever
// uuid it is asked for: that it is the entry of the view's uuid is the
// rekor check's.
type entryData []byte

func (d entryData) RekorEntry(string) ([]byte, error) { return d, nil }

// seasonJob reads the proof arg (an id in the season's cache, or a view
// file) to verify as a proof of the season dir.
func seasonJob(dir, arg, subFile string) (verifyJob, error) {
	s, err := season.Load(dir)
	if err != nil {
		return verifyJob{}, err
	}
	material, err := trust.Load(s.Path("trust"))
	if err != nil {
		return verifyJob{}, err
	}
	view, err := readView(s, arg)
	if err != nil {
		return verifyJob{}, err
	}
	openings, err := chooseDisclosure(s, view, subFile)
	if err != nil {
		return verifyJob{}, err
	}
	job := verifyJob{view: view, material: material, entries: s, notes: []string{openings.note}}
	job.opts.Window = trust.Window{From: s.OpensAt, Until: s.ClosesAt}
	if openings.disclosure != nil {
		job.opts.Disclosure, job.opts.DID = openings.disclosure, openings.did
	}
	return job, nil
}

func printVerifyText(w io.Writer, job verifyJob, out verify.Outcome) {
	view := job.view
	batch := "(none)"
	if view.BatchAnchor != nil {
		batch = view.BatchAnchor.BatchID
	}
	fmt.Fprintf(w, "proof %s (spec %s, batch %s)\n", view.ProofID, proof.SpecName(view.SpecVersion), batch)
	for _, n := range job.notes {
		fmt.Fprintln(w, n)
	}
	for _, c := range out.Checks {
		fmt.Fprintf(w, "%-8s %-14s %s\n", c.Result, c.Name, c.Detail)
	}
	for _, inc := range out.Incidents {
		fmt.Fprintf(w, "incident %s\n", inc.Detail)
	}
	for _, ptr := range view.Ignored {
		fmt.Fprintf(w, "ignored  %s: not read (a key this verifier does not know)\n", ptr)
	}
	switch out.Status {
	case verify.Valid:
		fmt.Fprintf(w, "status: valid, anchored at %s\n", out.GenTime.UTC().Format(time.RFC3339))
	case verify.Pending:
		fmt.Fprintf(w, "status: pending: the batch is not closed; neither valid nor invalid\n")
	case verify.Incomplete:
		fmt.Fprintf(w, "status: incomplete: %v", out.NotFetched)
		if job.fetchFix != "" {
			fmt.Fprintf(w, "; %s", job.fetchFix)
		}
		if out.Failure != nil {
			fmt.Fprintf(w, "; and %s", out.Failure)
		}
		fmt.Fprintln(w)
	default:
		fmt.Fprintf(w, "status: %s: %s\n", out.Status, out.Failure)
	}
}

// verifyReport is the JSON form of a verification (--json).
type verifyReport struct {
	ProofID     string           `json:"proof_id"`
	SpecVersion *string          `json:"spec_version"`
	Status      string           `json:"status"`
	Checks      []reportCheck    `json:"checks"`
	Incidents   []reportIncident `json:"incidents"`
	Ignored     []string         `json:"ignored"`
}

type reportCheck struct {
	Check   string `json:"check"`
	Outcome string `json:"outcome"`
	Detail  string `json:"detail"`
}

type reportIncident struct {
	Field  string `json:"field"`
	Detail string `json:"detail"`
}

func printVerifyJSON(w io.Writer, view *proof.View, out verify.Outcome) error {
	r := verifyReport{ProofID: view.ProofID, Status: out.Status.String(), Checks: []reportCheck{}, Incidents: []reportIncident{}, Ignored: []string{}}
	if view.SpecVersion != proof.Unversioned {
		r.SpecVersion = &view.SpecVersion
	}
	for _, c := range out.Checks {
		r.Checks = append(r.Checks, reportCheck{Check: c.Name, Outcome: c.Result, Detail: c.Detail})
	}
	for _, inc := range out.Incidents {
		r.Incidents = append(r.Incidents, reportIncident{Field: inc.Field, Detail: inc.Detail})
	}
	r.Ignored = append(r.Ignored, view.Ignored...)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// readViewFile reads and parses a view file.
func readViewFile(name string) (*proof.View, error) {
	data, err := inputfile.ReadFollow(name, proof.MaxViewBytes)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	view, err := proof.ParseView(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return view, nil
}

// readView reads a proof from the season's cache by id, or a view file.
func readView(s *season.Season, arg string) (*proof.View, error) {
	if !proof.ValidProofID(arg) {
		return readViewFile(arg)
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

// readDisclosure reads the submission file and its disclosure of proof id.
func readDisclosure(file, id string) (*submission.Submission, submission.Disclosure, error) {
	data, err := inputfile.ReadFollow(file, submission.MaxBytes)
	if err != nil {
		return nil, submission.Disclosure{}, fmt.Errorf("%s: %w", file, err)
	}
	sub, err := submission.Parse(data)
	if err != nil {
		return nil, submission.Disclosure{}, fmt.Errorf("%s: %w", file, err)
	}
	d, ok := sub.Disclosures.Get(id)
	if !ok {
		return nil, submission.Disclosure{}, fmt.Errorf("%s does not disclose proof %s", file, id)
	}
	return sub, d, nil
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
		sub, d, err := readDisclosure(file, view.ProofID)
		if err != nil {
			return openings{}, err
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
