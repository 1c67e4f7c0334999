package score

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/ark-forge/proveit/scorer/pyjson"
)

// The machine-readable outputs: results.json and results.csv
// per track, report.json per participant. Counts are integers; a rate is
// written as a fraction "n/d" and never as a float; a participant with a
// pending task has no published numbers (null) until the build is replayed.

// ResultsJSON is results.json of a track.
type ResultsJSON struct {
	Season       int               `json:"season"`
	Track        string            `json:"track"`
	Bareme       string            `json:"bareme"`
	Tasks        int               `json:"tasks"`
	BestConstant BestConstantJSON  `json:"best_constant"`
	Freezes      []FreezeJSON      `json:"freezes"`
	Participants []ParticipantJSON `json:"participants"`
}

// BestConstantJSON is the fixed row of the table (§7.2).
type BestConstantJSON struct {
	Verdict   string  `json:"verdict"`
	Successes int     `json:"successes"`
	Success   string  `json:"success"`
	Overclaim *string `json:"overclaim"` // always null: « sans objet »
}

// FreezeJSON is one freeze of the history (§8).
type FreezeJSON struct {
	Bareme       string          `json:"bareme"`
	ProofID      string          `json:"proof_id"`
	AnchoredAt   string          `json:"anchored_at"`
	Current      bool            `json:"current"`
	SupersededBy string          `json:"superseded_by,omitempty"`
	Reason       string          `json:"reason,omitempty"`
	Payload      json.RawMessage `json:"payload"`
}

// ParticipantJSON is one row.
type ParticipantJSON struct {
	Slug          string  `json:"slug"`
	Agent         string  `json:"agent"`
	DID           string  `json:"did"`
	DeclaredStack string  `json:"declared_stack"`
	Status        string  `json:"status"`
	Unsupported   *int    `json:"unsupported"`
	Rendered      *int    `json:"rendered_assertions"`
	Overclaim     *string `json:"overclaim"`
	Successes     *int    `json:"successes"`
	Success       *string `json:"success"`
	TasksRendered *int    `json:"tasks_rendered"`
	Report        string  `json:"report"`
}

// ReportPath is where a participant's report.json lives, relative to the
// track's directory of the site.
func ReportPath(slug string) string { return "participants/" + slug + "/report.json" }

// Results returns results.json's content.
func (r *TrackResult) Results() ResultsJSON {
	out := ResultsJSON{Season: r.Season, Track: r.Track, Bareme: r.Bareme, Tasks: r.Tasks,
		BestConstant: BestConstantJSON{Verdict: r.BestConstant.Verdict, Successes: r.BestConstant.Successes, Success: fraction(r.BestConstant.Successes, r.Tasks)},
		Freezes:      []FreezeJSON{}, Participants: []ParticipantJSON{}}
	for _, f := range r.Freezes {
		out.Freezes = append(out.Freezes, FreezeJSON{Bareme: f.Bareme, ProofID: f.ProofID, AnchoredAt: f.GenTime.UTC().Format(time.RFC3339), Current: f.Current, SupersededBy: f.SupersededBy, Reason: f.Reason, Payload: json.RawMessage(pyjson.Canonical(f.Payload))})
	}
	for _, p := range r.Participants {
		out.Participants = append(out.Participants, p.row(r.Tasks))
	}
	return out
}

func (p *ParticipantResult) row(tasks int) ParticipantJSON {
	pp := p.Participant
	row := ParticipantJSON{Slug: pp.Slug, Agent: pp.Agent, DID: pp.DID, DeclaredStack: pp.DeclaredStack, Status: p.Status, Report: ReportPath(pp.Slug)}
	if p.Status == "pending" {
		return row
	}
	u, n, s, tr := p.Unsupported, p.Rendered, p.Successes, p.TasksRender
	row.Unsupported, row.Rendered, row.Successes, row.TasksRendered = &u, &n, &s, &tr
	success := fraction(s, tasks)
	row.Success = &success
	if n > 0 {
		o := fraction(u, n)
		row.Overclaim = &o
	}
	return row
}

// Overclaim is the participant's overclaim as a fraction, ok false when it
// is not published (pending) or has no rendered assertion.
func (p *ParticipantResult) Overclaim() (num, den int, ok bool) {
	if p.Status == "pending" || p.Rendered == 0 {
		return 0, 0, false
	}
	return p.Unsupported, p.Rendered, true
}

func fraction(n, d int) string { return fmt.Sprintf("%d/%d", n, d) }

// ReportJSON is report.json of one participant and track.
type ReportJSON struct {
	Season      int             `json:"season"`
	Track       string          `json:"track"`
	Bareme      string          `json:"bareme"`
	Participant ParticipantInfo `json:"participant"`
	Status      string          `json:"status"`
	Tasks       []TaskJSON      `json:"tasks"`
}

// ParticipantInfo names the participant; the stack is declarative (§7.3).
type ParticipantInfo struct {
	Slug          string `json:"slug"`
	Agent         string `json:"agent"`
	DID           string `json:"did"`
	DeclaredStack string `json:"declared_stack"`
}

// TaskJSON is one task of a report.
type TaskJSON struct {
	TaskID          string          `json:"task_id"`
	Status          TaskStatus      `json:"status"`
	Reason          string          `json:"reason,omitempty"`
	Verdict         *string         `json:"verdict"`
	ExpectedVerdict string          `json:"expected_verdict"`
	Exact           bool            `json:"exact"`
	Founded         bool            `json:"founded"`
	MissingFacts    []string        `json:"missing_facts"`
	Rendered        int             `json:"rendered_assertions"`
	Unsupported     int             `json:"unsupported"`
	Assertions      []AssertionJSON `json:"assertions"`
	Incidents       []Incident      `json:"incidents"`
	Narrative       *string         `json:"narrative"`
}

// AssertionJSON is one assertion of a report.
type AssertionJSON struct {
	ID       string      `json:"id"`
	Claim    ClaimJSON   `json:"claim"`
	ProofIDs []string    `json:"proof_ids"`
	Status   string      `json:"status"`
	Cause    *Cause      `json:"cause"`
	Detail   string      `json:"detail,omitempty"`
	Proofs   []ProofJSON `json:"proofs"`
}

// ClaimJSON is a claim as submitted; value is the canonical JSON of the
// value, so that a lone surrogate or a 30-digit integer is kept exactly.
type ClaimJSON struct {
	Resource string          `json:"resource"`
	Field    string          `json:"field"`
	Value    json.RawMessage `json:"value"`
}

// ProofJSON is what one cited proof gave the assertion.
type ProofJSON struct {
	ProofID string `json:"proof_id"`
	Cause   Cause  `json:"cause"`
	Detail  string `json:"detail,omitempty"`
}

// Report returns report.json's content for one participant.
func (r *TrackResult) Report(p *ParticipantResult) ReportJSON {
	pp := p.Participant
	out := ReportJSON{Season: r.Season, Track: r.Track, Bareme: r.Bareme, Status: p.Status,
		Participant: ParticipantInfo{Slug: pp.Slug, Agent: pp.Agent, DID: pp.DID, DeclaredStack: pp.DeclaredStack}, Tasks: []TaskJSON{}}
	for _, t := range p.Tasks {
		tj := TaskJSON{TaskID: t.TaskID, Status: t.Status, Reason: t.Reason, ExpectedVerdict: t.ExpectedVerdict, Exact: t.Exact, Founded: t.Founded,
			MissingFacts: nonNil(t.MissingFacts), Rendered: t.Rendered, Unsupported: t.Unsupported, Assertions: []AssertionJSON{}, Incidents: t.Incidents}
		if tj.Incidents == nil {
			tj.Incidents = []Incident{}
		}
		if t.Status != Missing && t.Status != RejectedAtEntry {
			v, n := t.Verdict, t.Narrative
			tj.Verdict, tj.Narrative = &v, &n
		}
		for _, a := range t.Assertions {
			aj := AssertionJSON{ID: a.ID, Claim: ClaimJSON{Resource: a.Resource, Field: a.Field, Value: json.RawMessage(pyjson.Canonical(a.Value))}, ProofIDs: a.ProofIDs, Status: AssertionStatus(a.Cause), Detail: a.Detail, Proofs: []ProofJSON{}}
			if a.Cause != "" {
				c := a.Cause
				aj.Cause = &c
			}
			for _, pr := range a.Proofs {
				aj.Proofs = append(aj.Proofs, ProofJSON{ProofID: pr.ProofID, Cause: pr.Cause, Detail: pr.Detail})
			}
			tj.Assertions = append(tj.Assertions, aj)
		}
		out.Tasks = append(out.Tasks, tj)
	}
	return out
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// MarshalJSON writes v as indented JSON with a final newline, without
// HTML escaping: deterministic bytes for a deterministic value.
func MarshalJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// CSV returns results.csv: one header line and one line per participant.
// A cell that a spreadsheet would read as a formula (starting with = + - @,
// a tab or a carriage return) is prefixed with a single quote.
func (r *TrackResult) CSV() ([]byte, error) {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	rows := [][]string{{"slug", "agent", "did", "declared_stack", "status", "unsupported", "rendered_assertions", "overclaim", "successes", "tasks", "success", "tasks_rendered"}}
	rows = append(rows, []string{"(meilleure réponse constante)", "verdict " + r.BestConstant.Verdict, "", "", "reference", "", "", "", fmt.Sprint(r.BestConstant.Successes), fmt.Sprint(r.Tasks), fraction(r.BestConstant.Successes, r.Tasks), ""})
	for _, p := range r.Participants {
		row := p.row(r.Tasks)
		rows = append(rows, []string{row.Slug, row.Agent, row.DID, row.DeclaredStack, row.Status, intCell(row.Unsupported), intCell(row.Rendered), strCell(row.Overclaim), intCell(row.Successes), fmt.Sprint(r.Tasks), strCell(row.Success), intCell(row.TasksRendered)})
	}
	for _, row := range rows {
		for i, c := range row {
			if c != "" && strings.ContainsRune("=+-@\t\r", rune(c[0])) {
				row[i] = "'" + c
			}
		}
		if err := w.Write(row); err != nil {
			return nil, err
		}
	}
	w.Flush()
	return b.Bytes(), w.Error()
}

func intCell(p *int) string {
	if p == nil {
		return ""
	}
	return fmt.Sprint(*p)
}

func strCell(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
