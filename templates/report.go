package templates

import (
	"html/template"
	"strconv"
	"strings"

	"github.com/ark-forge/proveit/internal/bilingual"
	"github.com/ark-forge/proveit/internal/sitepath"
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
// the label of its status or cause, from the catalogue (status.<code>.label
// and .help, cause.<code>.label, incident.<kind>).

type reportView struct {
	Slug, Agent, DID, Stack string
	Page                    sitepath.Href // the participant's page across tracks
	Track, JSON             sitepath.Href // the track's table and the report's report.json
	Pending                 bool
	Negative                bool
	Overclaim, Success      string
	// OverclaimFix and SuccessFix are a rate decisions changed since the
	// publication, nil for a rate as published.
	OverclaimFix, SuccessFix *rateFix
	OverclaimNote            string
	TasksRendered            string
	Tasks                    []taskView
	// CauseSummary and StatusSummary count the assertions by cause and the
	// tasks by status, in the order of the scorer's tables, for the top of
	// the report.
	CauseSummary, StatusSummary []countView
	// NarrativeLabel is the caption of a task's narrative (label.narrative).
	NarrativeLabel string
}

// summaries counts a participant's assertions by cause and tasks by
// status, in the order of the score tables, with the words of §4.1;
// onlyNegative keeps what is not « supported » and not « scored », the
// counts a table row shows.
func summaries(l *locale, p *score.ParticipantResult, onlyNegative bool) (causes, statuses []countView) {
	cs, ss := p.Counts()
	for _, c := range score.Causes {
		if n := cs[c.Code]; n > 0 && !(onlyNegative && c.Code == score.Supported) {
			causes = append(causes, countView{Label: l.text(causeKey(c.Code, "label")), N: n})
		}
	}
	for _, s := range score.TaskStatuses {
		if n := ss[s.Code]; n > 0 && !(onlyNegative && s.Code == score.Scored) {
			statuses = append(statuses, countView{Label: l.text(statusKey(s.Code, "label")), N: n})
		}
	}
	return causes, statuses
}

// countView is one line of a report's summary.
type countView struct {
	Label string
	N     int
}

type taskView struct {
	ID, Anchor      string
	Question        string        // the task's question in track.toml; "" when none
	Page            sitepath.Href // the task's page; none without the key
	Status          string
	StatusCode      score.TaskStatus
	StatusHelp      string
	Below           string // for a task under the minimum, the minimum it missed, in words
	Reason          string
	Pending         bool
	Evaluated       bool // the verdict was read (not missing, not rejected at entry)
	Scored          bool
	Verdict         string
	Expected        string
	Exact, Founded  bool
	Success         bool
	MissingFacts    []string
	Missing         []missingFactView
	Rendered        int
	Unsupported     int
	Assertions      []assertionView
	Incidents       []incidentView
	Narrative       string
	NarrativeAnchor string
	// Withheld: Narrative is the moderation's notice in the page's
	// language, not the participant's words (Season.Withheld).
	Withheld bool
	Negative bool
	// The sentences of the task's section and of its line in the list
	// of tasks that take its values, written in Go as plain text (the
	// templates escape them): each would otherwise cost the page a call
	// of msg and an execution of its message, forty times a report.
	Heading, PageLinkText, AssertionsCaption string
	RenderedCount, UnsupportedCount          string
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
	Several   bool // more than one proof: each says its own cause and detail
	Negative  bool
	Supported bool
	// History is the published value and the decisions that changed it,
	// nil for an assertion no decision changed (README, « Publishing and contesting »).
	History *historyView
}

// rateFix is a rate of a report's header that decisions changed: as
// published and now, in words, and the links to the decisions' entries in
// the register.
type rateFix struct {
	Published, Rectified string
	Decisions            template.HTML
}

// rateFixes are the header's rate fixes of the row history h of season
// n's report at: the overclaim's and the success's, nil where h changes
// neither.
func rateFixes(l *locale, n int, h *RowHistory, at sitepath.Page) (overclaim, success *rateFix) {
	if h == nil {
		return nil, nil
	}
	register := sitepath.Link(at, sitepath.Corrections(n))
	hrefs, ids := make([]sitepath.Href, len(h.Decisions)), make([]string, len(h.Decisions))
	for i, d := range h.Decisions {
		hrefs[i], ids[i] = register.At(d.ID), d.ID
	}
	decisions := l.codeLinks(hrefs, ids)
	for _, c := range h.Rates {
		f := &rateFix{Published: rateText(l, c.Published), Rectified: rateText(l, c.Rectified), Decisions: decisions}
		switch c.Field {
		case score.FieldOverclaim:
			overclaim = f
		case score.FieldSuccess:
			success = f
		}
	}
	return overclaim, success
}

// historyView is a History as the report writes it: the published value in
// words (its cause's label) beside its code.
type historyView struct {
	Published, PublishedCode string
	Decisions                []DecisionRef
}

// publishedHistory words the value a snapshot published: the label of its
// cause, or of its status when it has none (not evaluated); an assertion
// the snapshot does not hold says so.
func publishedHistory(l *locale, h *History) *historyView {
	if h == nil {
		return nil
	}
	v := &historyView{Decisions: h.Decisions}
	switch {
	case h.PublishedStatus == "absent":
		v.Published, v.PublishedCode = l.text("report.history.absent"), "—"
	case h.PublishedCause != "" && h.PublishedCause != "—":
		v.Published, v.PublishedCode = l.text(causeKey(score.Cause(h.PublishedCause), "label")), h.PublishedCause
	default:
		v.Published, v.PublishedCode = l.text(causeKey(score.Cause(h.PublishedStatus), "label")), h.PublishedStatus
	}
	return v
}

type proofView struct {
	ID     string
	Href   sitepath.Href // none when the view is not in the cache
	Cause  string
	Detail string
}

type incidentView struct {
	Kind   string
	Detail string
}

// buildReport is the view of one participant's report on the track r of
// season n, on the page at. proofs is the set of proof ids whose views are
// copied (sitepath.Proof).
func buildReport(l *locale, n int, r *score.TrackResult, p *score.ParticipantReport, proofs proofSet, at sitepath.Page, history ReportHistory) reportView {
	row := participantRow(l, n, r, p.ParticipantResult, at)
	v := reportView{Slug: row.Slug, Agent: row.Agent, DID: row.DID, Stack: row.Stack, Pending: row.Pending, Negative: row.Negative, Page: row.Page, JSON: row.ReportJSON,
		Track:     sitepath.Link(at, sitepath.Track(n, r.Track)),
		Overclaim: row.Overclaim, OverclaimNote: row.OverclaimNote, Success: row.Success, TasksRendered: row.TasksRendered}
	v.OverclaimFix, v.SuccessFix = rateFixes(l, n, history.Row, at)
	v.CauseSummary, v.StatusSummary = summaries(l, p.ParticipantResult, false)
	for _, t := range p.TaskReports {
		tv := taskView{ID: t.TaskID, Anchor: taskAnchor(t.TaskID), Status: l.text(statusKey(t.Status, "label")), StatusCode: t.Status, StatusHelp: l.text(statusKey(t.Status, "help")), Reason: t.Reason,
			Pending: t.Status == score.PendingTask, Scored: t.Status == score.Scored, Evaluated: t.Status != score.Missing && t.Status != score.RejectedAtEntry,
			Verdict: t.Verdict, Expected: t.ExpectedVerdict, Exact: t.Exact, Founded: t.Founded, Success: t.Success(), MissingFacts: t.MissingFacts, Missing: missingFactViews(t.Missing),
			Rendered: t.Rendered, Unsupported: t.Unsupported, Narrative: t.Narrative, NarrativeAnchor: "recit-" + t.TaskID, Negative: negativeTask(t.TaskResult)}
		tv.Heading = l.text("report.task.heading", "task", tv.ID, "status", tv.Status)
		switch b := t.Below; {
		case b.Need == 0:
		case b.Own:
			tv.Below = l.text("report.task.below_own", "have", b.Have, "need", b.Need, "min", b.Min)
		default:
			tv.Below = l.text("report.task.below", "have", b.Have, "need", b.Need)
		}
		tv.PageLinkText = l.text("report.task.page_link", "task", tv.ID)
		tv.AssertionsCaption = l.text("report.assertions.caption", "task", tv.ID)
		tv.RenderedCount = l.text("report.rendered_count", "rendered", tv.Rendered, "n", tv.Unsupported)
		tv.UnsupportedCount = l.text("report.toc.unsupported", "n", tv.Unsupported)
		for i, a := range t.Assertions {
			st := score.AssertionStatus(a.Cause)
			av := assertionView{Anchor: assertionAnchor(t.TaskID, i), ID: a.ID, Resource: a.Resource, Field: a.Field, Value: string(pyjson.Canonical(a.Value)),
				Status: st, Cause: l.text(causeKey(a.Cause, "label")), CauseCode: causeCode(a.Cause), Detail: a.Explanation(), Negative: st == "unsupported", Supported: a.Cause == score.Supported}
			av.History = publishedHistory(l, history.Assertions[HistoryKey(p.Participant.Slug, t.TaskID, a.ID)])
			if a.Cause == "" && len(a.Proofs) == 0 {
				for _, id := range a.ProofIDs {
					av.Proofs = append(av.Proofs, proofView{ID: id, Href: proofHref(proofs, n, at, id)})
				}
			}
			for _, pr := range a.Proofs {
				av.Proofs = append(av.Proofs, proofView{ID: pr.ProofID, Href: proofHref(proofs, n, at, pr.ProofID), Cause: l.text(causeKey(pr.Cause, "label")), Detail: pr.Detail})
			}
			av.Several = len(av.Proofs) > 1
			tv.Assertions = append(tv.Assertions, av)
		}
		for _, inc := range t.Incidents {
			tv.Incidents = append(tv.Incidents, incidentView{Kind: l.text(incidentKey(inc.Kind)), Detail: inc.Detail})
		}
		v.Tasks = append(v.Tasks, tv)
	}
	return v
}

// proofHref is the link from the report at to the copy of the view of the
// proof id, none when the view is not in the cache.
func proofHref(proofs proofSet, season int, at sitepath.Page, id string) sitepath.Href {
	if !proofs.has(id) {
		return sitepath.Href{}
	}
	return sitepath.Link(at, sitepath.Proof(season, id))
}

// taskAnchor is the anchor of a task on a report page.
func taskAnchor(id string) string { return "tache-" + id }

// missingFactView is a founding fact no supported assertion carried, with
// the forms that would have carried it (the key is public at the close).
type missingFactView struct {
	ID    string
	Forms []factFormView
}

type factFormView struct{ Resource, Field, Value string }

func missingFactViews(facts []score.Fact) []missingFactView {
	var out []missingFactView
	for _, f := range facts {
		v := missingFactView{ID: f.ID}
		for _, form := range f.Forms {
			v.Forms = append(v.Forms, factFormView{Resource: form.Resource, Field: form.Pointer, Value: string(pyjson.Canonical(form.Value))})
		}
		out = append(out, v)
	}
	return out
}

// History is what a decision changed on an assertion of a report: the
// value the snapshot published and each decision that covers the change,
// shown next to the current one (README, « Publishing and contesting »).
type History struct {
	PublishedStatus, PublishedCause string
	Decisions                       []DecisionRef
}

// DecisionRef names a contestation or a rectification: its id, its date
// (RFC 3339) and its reason.
type DecisionRef struct {
	ID, Date string
	Reason   bilingual.Text
}

// ReportHistory is what decisions changed in one participant's report:
// its assertions' histories by HistoryKey and its row's rates (nil when no
// decision changed them).
type ReportHistory struct {
	Assertions map[string]*History
	Row        *RowHistory
}

// HistoryKey is the key of an assertion in Track.History.
func HistoryKey(participant, task, assertion string) string {
	return participant + "/" + task + "/" + assertion
}

// countsText is a summary's counts as text: « label (n), label (n) ».
func countsText(cs []countView) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.Label + " (" + strconv.Itoa(c.N) + ")"
	}
	return strings.Join(parts, ", ")
}
