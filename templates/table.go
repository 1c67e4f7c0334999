package templates

import (
	"fmt"
	"strings"

	"github.com/ark-forge/proveit/internal/sitepath"
	"github.com/ark-forge/proveit/scorer/score"
)

// The table of §7.2, one per track. Rows are grouped by success, and the
// overclaim orders the rows only inside a group: two participants whose
// successes differ are never compared on their overclaim alone (§5.7,
// départage), and no composite of the two columns is computed anywhere.
// A participant with a pending task has no published numbers (« en
// attente ») and sits in a group of its own, after the others.

// table is the view of one track's table.
type table struct {
	BestConstant bestRow
	Groups       []rowGroup
	Pending      []row
	// Results and CSV link the track's results.json and results.csv.
	Results, CSV sitepath.Href
}

// bestRow is the fixed row « meilleure réponse constante » (§7.2).
type bestRow struct {
	Verdict string
	Success string
}

// rowGroup is the participants of one success level, best first.
type rowGroup struct {
	Successes int
	Success   string
	Rows      []row
}

// row is one participant of the table.
type row struct {
	Slug, Agent, DID, Stack string
	Pending                 bool
	Overclaim               string
	OverclaimNote           string // why there is no overclaim
	Success                 string
	SuccessNote             string // a success at or below the best constant answer's says so (§10)
	// OverclaimCI and SuccessCI are the 95 % Wilson intervals of the two
	// rates, "" where a rate is not published.
	OverclaimCI, SuccessCI string
	// Causes and Statuses count the row's assertions by cause other than
	// supported and its tasks by status other than scored (§4.1: four
	// causes, four messages, never shown alike); none while pending.
	Causes, Statuses   []countView
	TasksRendered      string
	Report, ReportJSON sitepath.Href // from the page that shows the row
	Page               sitepath.Href // the participant's page across tracks
	Unsupported        []assertionLink
	Negative           bool
	// History is the published rates a decision changed, nil otherwise.
	History *RowHistory
}

// RowHistory is what a decision changed on a table row: the rates the
// snapshot published and the decisions that cover the change (README,
// « Publishing and contesting »).
type RowHistory struct {
	PublishedOverclaim, PublishedSuccess string
	Decisions                            []DecisionRef
}

// IDs lists the decisions' ids, for the row.
func (h *RowHistory) IDs() string {
	ids := make([]string, len(h.Decisions))
	for i, d := range h.Decisions {
		ids[i] = d.ID
	}
	return strings.Join(ids, ", ")
}

// withHistory sets each row's history from the track's.
func (t *table) withHistory(h map[string]*RowHistory) {
	for i := range t.Groups {
		for j := range t.Groups[i].Rows {
			t.Groups[i].Rows[j].History = h[t.Groups[i].Rows[j].Slug]
		}
	}
	for j := range t.Pending {
		t.Pending[j].History = h[t.Pending[j].Slug]
	}
}

// hasCounts reports whether the row has counts or unsupported assertions
// to show beside its links.
func (r *row) hasCounts() bool {
	return len(r.Causes) > 0 || len(r.Statuses) > 0 || len(r.Unsupported) > 0
}

// stackTitle is a declared stack whole, or the words for none, for the
// title of a cell that may cut it.
func stackTitle(l *locale, stack string) string {
	if stack == "" {
		return l.text("stack.none")
	}
	return stack
}

// assertionLink points at one assertion's anchor on a report page.
type assertionLink struct {
	Label string
	Href  sitepath.Href
}

// buildTable is the table of a scored track of season n, on the page at.
func buildTable(l *locale, n int, r *score.TrackResult, at sitepath.Page) table {
	t := table{BestConstant: bestRow{Verdict: r.BestConstant.Verdict, Success: l.rate(r.BestConstant.Successes, r.Tasks)}}
	groups, pending := score.TableOrder(r.Participants)
	for _, g := range groups {
		rg := rowGroup{Successes: g[0].Successes, Success: l.rate(g[0].Successes, r.Tasks)}
		for _, p := range g {
			rg.Rows = append(rg.Rows, participantRow(l, n, r, p, at))
		}
		t.Groups = append(t.Groups, rg)
	}
	for _, p := range pending {
		t.Pending = append(t.Pending, participantRow(l, n, r, p, at))
	}
	return t
}

// participantRow is p's row of the track r of season n, its links from the
// page at.
func participantRow(l *locale, n int, r *score.TrackResult, p *score.ParticipantResult, at sitepath.Page) row {
	pp := p.Participant
	report := sitepath.Link(at, sitepath.Report(n, r.Track, pp.Slug))
	rw := row{Slug: pp.Slug, Agent: pp.Agent, DID: pp.DID, Stack: pp.DeclaredStack, Report: report, ReportJSON: sitepath.Link(at, sitepath.ReportJSON(n, r.Track, pp.Slug)),
		Page: sitepath.Link(at, sitepath.Participant(n, pp.Slug)), Negative: negativeParticipant(p)}
	if p.Status == "pending" {
		rw.Pending = true
		pending := l.text("number.pending")
		rw.Overclaim, rw.Success, rw.TasksRendered = pending, pending, pending
		return rw
	}
	if n, d, ok := p.Overclaim(); ok {
		rw.Overclaim, rw.OverclaimCI = l.rate(n, d), l.interval(n, d)
	} else {
		rw.Overclaim, rw.OverclaimNote = l.text("number.not_applicable"), l.text("table.no_assertion")
	}
	rw.Success, rw.SuccessCI = l.rate(p.Successes, r.Tasks), l.interval(p.Successes, r.Tasks)
	if p.Successes <= r.BestConstant.Successes {
		rw.SuccessNote = l.text("table.at_best_constant")
	}
	rw.Causes, rw.Statuses = summaries(l, p, true)
	rw.TasksRendered = l.count(p.TasksRender, r.Tasks)
	for _, t := range p.Tasks {
		for i, a := range t.Causes {
			if score.AssertionStatus(a.Cause) == "unsupported" {
				rw.Unsupported = append(rw.Unsupported, assertionLink{Label: t.TaskID + " " + a.ID.Value(), Href: report.At(assertionAnchor(t.TaskID, i))})
			}
		}
	}
	return rw
}

// assertionAnchor is the id of an assertion on its report page: the task
// and the assertion's position, never the participant's own id, so that any
// id the participant chose gives a valid, unique fragment.
func assertionAnchor(task string, i int) string { return fmt.Sprintf("assertion-%s-%d", task, i+1) }

// negativeTask reports whether a task's result is negative for the
// participant: not rendered, rejected at the close or at the entry,
// missing, rendered without success (inexact or unfounded verdict), or
// carrying an unsupported assertion. Pending and instrument defects are
// not negative: they say nothing of the participant yet, or say something
// of the instrument.
func negativeTask(t *score.TaskResult) bool {
	switch t.Status {
	case score.NotRendered, score.RejectedAtClose, score.RejectedAtEntry, score.Missing:
		return true
	case score.Scored:
		if !t.Success() {
			return true
		}
	}
	for _, a := range t.Causes {
		if score.AssertionStatus(a.Cause) == "unsupported" {
			return true
		}
	}
	return false
}

// negativeParticipant reports whether any task of the participant is
// negative.
func negativeParticipant(p *score.ParticipantResult) bool {
	for _, t := range p.Tasks {
		if negativeTask(t) {
			return true
		}
	}
	return false
}
