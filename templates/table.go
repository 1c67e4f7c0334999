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
	// Rates are the rates that changed, published and now, as the data
	// files carry them (score.RateCorrectionJSON); none when only a count
	// changed.
	Rates     []score.RateCorrectionJSON
	Decisions []DecisionRef
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
	rw := row{Slug: pp.Slug, Agent: l.own(pp.Agent), DID: pp.DID, Stack: l.own(pp.DeclaredStack), Report: report, ReportJSON: sitepath.Link(at, sitepath.ReportJSON(n, r.Track, pp.Slug)),
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

// leadingRows is how many of a track's first rows the home page and the
// season's page show (issue 32): enough to see who leads and how close the
// next ones are, few enough that every track's rows are on a phone's first
// screens.
const leadingRows = 3

// leadingTable is the head of one track's table, as the home page and the
// season's page show it: the best constant answer's row, then the first
// leadingRows rows in the table's own order (score.TableOrder: by success,
// the highest first, then by overclaim, the lowest first, within one
// success only; the pending after), each with the agent and both rates,
// never combined; and the link to the whole table. One table per track:
// two tracks never share one (§6.6).
type leadingTable struct {
	Name, Title  string
	Season       int
	BestConstant bestRow
	Rows         []row
	Participants string        // how many participants the whole table has, in words
	Href         sitepath.Href // the whole table
	Glossary     sitepath.Href // the glossary, where the column headings lead (termLink)
}

// leadingTables are the heads of the tables of season s's scored tracks,
// linked from the page at; none while the season is open or once it is
// invalidated (§7.4, §8).
func leadingTables(l *locale, s *seasonView, at sitepath.Page) []leadingTable {
	if !s.Closed || s.Invalidated {
		return nil
	}
	var out []leadingTable
	for i := range s.Tracks {
		tr := &s.Tracks[i]
		r := tr.Result
		if !tr.Scored || r == nil {
			continue
		}
		lt := leadingTable{Name: tr.Name, Title: l.title(tr.Title), Season: s.Number,
			BestConstant: bestRow{Verdict: r.BestConstant.Verdict, Success: l.rate(r.BestConstant.Successes, r.Tasks)},
			Participants: l.text("plot.who", "n", len(r.Participants)), Href: sitepath.Link(at, sitepath.Track(s.Number, tr.Name)),
			Glossary: glossaryFrom(at)}
		for _, p := range tableOrder(r) {
			if len(lt.Rows) == leadingRows {
				break
			}
			rw := participantRow(l, s.Number, r, p, at)
			rw.History = tr.RowHistory[rw.Slug]
			lt.Rows = append(lt.Rows, rw)
		}
		out = append(out, lt)
	}
	return out
}

// anyLeading reports whether any of the seasons shows heads of table.
func anyLeading(ss []seasonView) bool {
	for i := range ss {
		if len(ss[i].Leading) > 0 {
			return true
		}
	}
	return false
}
