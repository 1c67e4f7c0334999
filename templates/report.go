package templates

import (
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/score"
)

// The individual report (§7.5): every task with its status and reason, the
// verdict against the expected one, the founding facts missing, every
// assertion with its cause and the detail that names what was compared,
// the incidents, and the participant's narrative, shown as written and
// labelled as AI-generated text that is published and not scored (§4).
//
// The reasons and details are the scorer's, as report.json carries them:
// technical traces in English, marked lang="en" on the page, each next to
// the French label of its status or cause.

// statusLabels are the French names of the task statuses (§4 vocabulary).
var statusLabels = map[score.TaskStatus]string{
	score.Scored:          "rendue",
	score.NotRendered:     "non rendue",
	score.RejectedAtClose: "rejetée à la clôture",
	score.RejectedAtEntry: "rejetée à l'entrée (incident du service de saison)",
	score.PendingTask:     "en attente",
	score.Missing:         "absente (aucune soumission)",
}

// statusHelp says in French what each status means for the rates.
var statusHelp = map[score.TaskStatus]string{
	score.Scored:          "La tâche compte dans l'overclaim ; elle compte en réussite si le verdict est exact et fondé.",
	score.NotRendered:     "Trop peu d'assertions comptées, ou trop peu sur les ressources propres de l'entité (§5.7) : la tâche compte comme un échec en réussite et n'entre pas dans l'overclaim.",
	score.RejectedAtClose: "Une assertion sort du graphe de la tâche, porte sur un champ non probant ou sur une entrée de liste commune qui ne concerne pas l'entité (§5.7) : la tâche compte comme un échec en réussite et n'entre pas dans l'overclaim.",
	score.RejectedAtEntry: "Le service de saison aurait dû refuser cette soumission à l'entrée (§4) ; elle n'est pas scorée et un incident est ouvert.",
	score.PendingTask:     "Une preuve citée appartient à un lot pas encore ancré : ni valide ni invalide. Aucun taux n'est publié pour ce participant avant que le build soit rejoué.",
	score.Missing:         "Aucune soumission pour cette tâche : elle compte comme un échec en réussite.",
}

// causeLabels are the French names of the causes of §4.1 and §7.5.
var causeLabels = map[score.Cause]string{
	score.Supported:        "étayée",
	score.InvalidProof:     "non étayée : preuve invalide",
	score.UnboundIdentity:  "non étayée : identité non liée",
	score.ResourceMismatch: "non étayée : ressource ne correspondant pas",
	score.ValueMismatch:    "non étayée : valeur ne correspondant pas",
	score.InstrumentDefect: "défaut d'instrument (hors overclaim, incident ouvert)",
	score.Pending:          "en attente",
	"":                     "non examinée (la soumission a été rejetée avant l'examen des assertions)",
}

// incidentLabels name the incident kinds.
var incidentLabels = map[string]string{
	score.TrustLayerIncident:    "Incident Trust Layer",
	score.SeasonServiceIncident: "Incident du service de saison",
}

type reportView struct {
	Slug, Agent, DID, Stack string
	Pending                 bool
	Negative                bool
	Overclaim, Success      string
	OverclaimNote           string
	TasksRendered           string
	Tasks                   []taskView
}

type taskView struct {
	ID, Anchor      string
	Status          string
	StatusCode      score.TaskStatus
	StatusHelp      string
	Reason          string
	Pending         bool
	Evaluated       bool // the verdict was read (not missing, not rejected at entry)
	Scored          bool
	Verdict         string
	Expected        string
	Exact, Founded  bool
	Success         bool
	MissingFacts    []string
	Rendered        int
	Unsupported     int
	Assertions      []assertionView
	Incidents       []incidentView
	Narrative       string
	NarrativeAnchor string
	Negative        bool
}

type assertionView struct {
	Anchor    string
	ID        string
	Resource  string
	Field     string
	Value     string // canonical JSON
	Status    string
	Cause     string
	CauseCode string
	Detail    string
	Proofs    []proofView
	Negative  bool
	Supported bool
}

type proofView struct {
	ID     string
	Href   string // "" when the view is not in the cache
	Cause  string
	Detail string
}

type incidentView struct {
	Kind   string
	Detail string
}

// buildReport is the view of one participant's report. proofs is the set
// of proof ids whose views are copied under saison-<n>/preuves/; prefix is
// the path from the report page to that directory.
func buildReport(r *score.TrackResult, p *score.ParticipantResult, proofs map[string]bool, prefix string) reportView {
	row := participantRow(r, p)
	v := reportView{Slug: row.Slug, Agent: row.Agent, DID: row.DID, Stack: row.Stack, Pending: row.Pending, Negative: row.Negative,
		Overclaim: row.Overclaim, OverclaimNote: row.OverclaimNote, Success: row.Success, TasksRendered: row.TasksRendered}
	for _, t := range p.Tasks {
		tv := taskView{ID: t.TaskID, Anchor: "tache-" + t.TaskID, Status: statusLabels[t.Status], StatusCode: t.Status, StatusHelp: statusHelp[t.Status], Reason: t.Reason,
			Pending: t.Status == score.PendingTask, Scored: t.Status == score.Scored, Evaluated: t.Status != score.Missing && t.Status != score.RejectedAtEntry,
			Verdict: t.Verdict, Expected: t.ExpectedVerdict, Exact: t.Exact, Founded: t.Founded, Success: t.Success(), MissingFacts: t.MissingFacts,
			Rendered: t.Rendered, Unsupported: t.Unsupported, Narrative: t.Narrative, NarrativeAnchor: "recit-" + t.TaskID, Negative: negativeTask(t)}
		if tv.Status == "" {
			tv.Status = string(t.Status)
		}
		for i, a := range t.Assertions {
			st := score.AssertionStatus(a.Cause)
			av := assertionView{Anchor: assertionAnchor(t.TaskID, i), ID: a.ID, Resource: a.Resource, Field: a.Field, Value: string(pyjson.Canonical(a.Value)),
				Status: st, Cause: causeLabels[a.Cause], CauseCode: string(a.Cause), Detail: a.Detail, Negative: st == "unsupported", Supported: a.Cause == score.Supported}
			if av.CauseCode == "" {
				av.CauseCode = "not_evaluated"
			}
			if a.Cause == "" && len(a.Proofs) == 0 {
				for _, id := range a.ProofIDs {
					av.Proofs = append(av.Proofs, proofView{ID: id, Href: proofHref(proofs, prefix, id)})
				}
			}
			for _, pr := range a.Proofs {
				av.Proofs = append(av.Proofs, proofView{ID: pr.ProofID, Href: proofHref(proofs, prefix, pr.ProofID), Cause: causeLabels[pr.Cause], Detail: pr.Detail})
			}
			tv.Assertions = append(tv.Assertions, av)
		}
		for _, inc := range t.Incidents {
			label := incidentLabels[inc.Kind]
			if label == "" {
				label = "Incident (" + inc.Kind + ")"
			}
			tv.Incidents = append(tv.Incidents, incidentView{Kind: label, Detail: inc.Detail})
		}
		v.Tasks = append(v.Tasks, tv)
	}
	return v
}

func proofHref(proofs map[string]bool, prefix, id string) string {
	if !proofs[id] {
		return ""
	}
	return prefix + id + ".json"
}
