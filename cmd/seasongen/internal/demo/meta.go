package demo

import "github.com/ark-forge/proveit/scorer/score"

// Task status codes and assertion cause codes, as report.json spells them:
// the codes of package score's one table of causes and statuses, which the
// generation aims at and the tests compare with what the scorer finds.
const (
	StatusScored          = string(score.Scored)
	StatusNotRendered     = string(score.NotRendered)
	StatusRejectedAtClose = string(score.RejectedAtClose)
	StatusRejectedAtEntry = string(score.RejectedAtEntry)
	StatusPending         = string(score.PendingTask)
	StatusMissing         = string(score.Missing)

	CauseSupported        = string(score.Supported)
	CauseInvalidProof     = string(score.InvalidProof)
	CauseUnboundIdentity  = string(score.UnboundIdentity)
	CauseResourceMismatch = string(score.ResourceMismatch)
	CauseValueMismatch    = string(score.ValueMismatch)
	CauseInstrumentDefect = string(score.InstrumentDefect)
	CausePending          = string(score.Pending)
)

// Unexported aliases, for the scripts.
const (
	statusScored          = StatusScored
	statusNotRendered     = StatusNotRendered
	statusRejectedAtClose = StatusRejectedAtClose
	statusRejectedAtEntry = StatusRejectedAtEntry
	statusPending         = StatusPending
)

// Proof outcomes a generated proof is meant to have under scorer/verify,
// or OutcomeNotFound for a cited id the Trust Layer answers 404 for.
const (
	OutcomeValid    = "valid"
	OutcomeInvalid  = "invalid"
	OutcomeUnbound  = "unbound_identity"
	OutcomePending  = "pending"
	OutcomeNotFound = "not_found"
)

// Meta is what the generation means: per participant and task the status,
// verdicts and assertion causes the scorer should find, and per cited proof
// the outcome scorer/verify should give. The scorer is written from the
// specification, not from this; tests compare the two.
//
// Meta describes the fixed cast and the freezes. The generated
// participants of a scale run (Options.Participants beyond the cast) are
// only counted in Generated, unless Options.KeepGenerated: keeping their
// meta would make the generator's memory grow with the number of
// participants.
type Meta struct {
	Participants []ParticipantMeta // the cast (and the generated participants kept), sorted by slug
	Proofs       []ProofMeta       // every proof they cite and every freeze, sorted by id
	Freezes      []FreezeMeta
	// Generated counts the generated participants and the proofs they
	// cite that Participants and Proofs leave out (none with
	// Options.KeepGenerated).
	Generated struct{ Participants, Proofs int }
}

// ParticipantCount is the number of participants written: the cast and
// the generated ones.
func (m *Meta) ParticipantCount() int { return len(m.Participants) + m.Generated.Participants }

// ProofCount is the number of cited proofs written (the freezes
// included), the cast's and the generated participants'.
func (m *Meta) ProofCount() int { return len(m.Proofs) + m.Generated.Proofs }

// ParticipantMeta is one participant of the season.
type ParticipantMeta struct {
	Slug, Agent, DID string
	Role             string // what it exercises
	Synthetic        bool   // added by Options.Participants
	Tasks            []TaskMeta
}

// TaskMeta is one participant × task.
type TaskMeta struct {
	Track, TaskID string
	Status        string // a Status* code
	Fault         string // for a rejected submission: the rule it breaks
	Verdict       string // rendered; "" when missing
	Expected      string
	Exact         bool     // verdict == expected (scored tasks only)
	Founded       bool     // every founding fact carried by a supported assertion (scored tasks only)
	MissingFacts  []string // fact ids of the key not carried (scored tasks only)
	Assertions    []AssertionMeta
}

// AssertionMeta is one assertion of a submission; Cause is "" when the
// submission is rejected before assertions are examined.
type AssertionMeta struct {
	ID       string
	Resource string
	Field    string
	Value    string // canonical JSON
	Own      bool
	ProofIDs []string
	Cause    string
}

// ProofMeta is one cited proof.
type ProofMeta struct {
	ID          string
	Participant string // "" for a freeze
	Track       string
	TaskID      string
	Resource    string // the resource called ("" for a freeze)
	DID         string // the DID the identity must be bound to
	Outcome     string // an Outcome* code
	Check       string // the Failure.Check verify should report, for invalid and unbound
	Body        string // the body the call was answered with: the resource, or a /_systeme/* path
	Freeze      bool
}

// FreezeMeta is one freeze of a track.
type FreezeMeta struct {
	Track, Bareme, ProofID string
	SupersededBy           string
}
