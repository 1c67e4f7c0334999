package templates

import (
	"sort"
	"time"

	"github.com/ark-forge/proveit/internal/sitepath"
	"github.com/ark-forge/proveit/scorer/score"
)

// The views across a closed track (issue 15): a page per task, with its
// question, trap family, expected verdict and founding facts, and every
// participant's outcome on it in the table's order (score.TableOrder); the
// task × participant grid of the track page; and a page per participant
// across the season's tracks, the two rates side by side, never combined.
// All of it reads the sealed key, revealed at the close (§5.5): an open
// season has none of these pages.

// familyKey is the key of a trap family's words (key.json "family": P1 …
// P5, or the track's control family). The catalogue holds the families of
// the specification (§5.4, §6.4); a family without words fails the build.
func familyKey(code string) string { return "family." + code }

// taskPageView is one task's page.
type taskPageView struct {
	ID, Question       string
	Family, FamilyCode string
	Expected           string
	Facts              []missingFactView // every founding fact, with its forms
	Rows               []taskRow
	Track              sitepath.Href // the track's table
}

// taskRow is one participant's outcome on the task.
type taskRow struct {
	Slug, Agent string
	Report      sitepath.Href // the report's anchor of the task
	Page        sitepath.Href // the participant's page
	Verdict     string        // "" when the verdict was not read
	Status      string
	Outcome     outcomeView
	Causes      []countView
	Negative    bool
}

// outcomeView is a participant's outcome on a task in words, with a
// symbol that repeats them (never a colour alone): the symbol is hidden
// from screen readers, the words are not.
type outcomeView struct {
	Symbol, Text string
	Class        string // status-positive, status-negative or ""
}

// taskOutcome words the outcome: a success (« réussie »), a scored task
// without success, a task not scored, or nothing counted while the
// participant is pending (as the report says it).
func taskOutcome(l *locale, p *score.ParticipantResult, t *score.TaskResult) outcomeView {
	switch {
	case p.Status == "pending":
		return outcomeView{Symbol: "…", Text: l.text("outcome.withheld")}
	case t.Success():
		return outcomeView{Symbol: "●", Text: l.text("outcome.success"), Class: "status-positive"}
	case t.Status == score.Scored:
		return outcomeView{Symbol: "○", Text: l.text("outcome.failure"), Class: "status-negative"}
	default:
		return outcomeView{Symbol: "—", Text: l.text("outcome.not_scored")}
	}
}

// taskCauses counts one task's assertions by cause, in the order of
// score.Causes, supported included.
func taskCauses(l *locale, t *score.TaskResult) []countView {
	n := map[score.Cause]int{}
	for _, a := range t.Causes {
		n[a.Cause]++
	}
	var out []countView
	for _, c := range score.Causes {
		if n[c.Code] > 0 {
			out = append(out, countView{Label: l.text(causeKey(c.Code, "label")), N: n[c.Code]})
		}
	}
	return out
}

// tableOrder is the participants of a track in the table's order: the
// groups by success, best first, then the pending ones.
func tableOrder(r *score.TrackResult) []*score.ParticipantResult {
	groups, pending := score.TableOrder(r.Participants)
	var out []*score.ParticipantResult
	for _, g := range groups {
		out = append(out, g...)
	}
	return append(out, pending...)
}

// taskOf is a participant's result on one task, nil if the scorer has none.
func taskOf(p *score.ParticipantResult, id string) *score.TaskResult {
	for _, t := range p.Tasks {
		if t.TaskID == id {
			return t
		}
	}
	return nil
}

// buildTaskPage is the view of one task of a scored track of season n, on
// the page at; tr.Key must hold the task.
func buildTaskPage(l *locale, n int, tr *Track, id string, at sitepath.Page) taskPageView {
	e := tr.Key[id]
	v := taskPageView{ID: id, Question: l.in(tr.Questions[id]), Family: l.text(familyKey(e.Family)), FamilyCode: e.Family, Expected: e.Verdict, Facts: missingFactViews(e.Facts),
		Track: sitepath.Link(at, sitepath.Track(n, tr.Name))}
	for _, p := range tableOrder(tr.Result) {
		t := taskOf(p, id)
		if t == nil {
			continue
		}
		slug := p.Participant.Slug
		row := taskRow{Slug: slug, Agent: l.own(p.Participant.Agent), Report: sitepath.Link(at, sitepath.Report(n, tr.Name, slug)).At(taskAnchor(id)), Page: sitepath.Link(at, sitepath.Participant(n, slug)),
			Status: l.text(statusKey(t.Status, "label")), Outcome: taskOutcome(l, p, t), Causes: taskCauses(l, t), Negative: negativeTask(t)}
		if t.Status != score.Missing && t.Status != score.RejectedAtEntry && t.Status != score.PendingTask {
			row.Verdict = t.Verdict
		}
		v.Rows = append(v.Rows, row)
	}
	return v
}

// gridView is the task × participant grid of a track page.
type gridView struct {
	Track  string
	Title  string // the track's title in the page's language
	Season int
	Tasks  []gridTask
	Rows   []gridRow
}

type gridTask struct {
	ID   string
	Href sitepath.Href
}

type gridRow struct {
	Slug, Agent string
	Page        sitepath.Href
	Negative    bool
	Cells       []gridCell
}

type gridCell struct {
	Task    string
	Href    sitepath.Href // the report's anchor of the task
	Outcome outcomeView
	Status  string // the status's words when the task is not scored, "" otherwise
}

// buildGrid is the grid of a scored track, on the page at: a row per
// participant in the table's order, a column per task of the track.
func buildGrid(l *locale, season int, tr *Track, at sitepath.Page) gridView {
	g := gridView{Track: tr.Name, Title: l.title(tr.Title), Season: season}
	for _, id := range tr.TaskIDs {
		g.Tasks = append(g.Tasks, gridTask{ID: id, Href: sitepath.Link(at, sitepath.Task(season, tr.Name, id))})
	}
	for _, p := range tableOrder(tr.Result) {
		slug := p.Participant.Slug
		report := sitepath.Link(at, sitepath.Report(season, tr.Name, slug))
		row := gridRow{Slug: slug, Agent: l.own(p.Participant.Agent), Page: sitepath.Link(at, sitepath.Participant(season, slug)), Negative: negativeParticipant(p)}
		for _, id := range tr.TaskIDs {
			c := gridCell{Task: id, Href: report.At(taskAnchor(id)), Outcome: outcomeView{Symbol: "—", Text: l.text("outcome.none")}}
			if t := taskOf(p, id); t != nil {
				c.Outcome = taskOutcome(l, p, t)
				if t.Status != score.Scored {
					c.Status = l.text(statusKey(t.Status, "label"))
				}
			}
			row.Cells = append(row.Cells, c)
		}
		g.Rows = append(g.Rows, row)
	}
	return g
}

// participantPageView is one participant's page across the tracks of a
// season.
type participantPageView struct {
	Slug, Agent, DID, Stack string
	EnrolledAt              string // RFC 3339; "" when unknown
	Negative                bool
	Tracks                  []participantTrack
}

// participantTrack is one track the participant submitted to: its two
// rates, with their intervals, and the links to its report and table.
type participantTrack struct {
	Name                   string
	Title                  string // in the page's language
	Overclaim, Success     string
	OverclaimCI, SuccessCI string
	OverclaimNote          string
	TasksRendered          string
	Pending                bool
	Report, Table          sitepath.Href
	Negative               bool
}

// participantRef is a participant of a season's scored tracks: their
// result in each track they submitted to, in the season's order.
type participantRef struct {
	slug   string
	tracks []participantIn
}

type participantIn struct {
	tr *Track
	p  *score.ParticipantResult
}

// participantRefs is every participant of the season's scored tracks, in
// slug order.
func participantRefs(s *seasonView) []participantRef {
	bySlug := map[string]*participantRef{}
	for j := range s.Tracks {
		tr := &s.Tracks[j]
		if !tr.Scored || tr.Result == nil {
			continue
		}
		for _, p := range tr.Result.Participants {
			ref := bySlug[p.Participant.Slug]
			if ref == nil {
				ref = &participantRef{slug: p.Participant.Slug}
				bySlug[ref.slug] = ref
			}
			ref.tracks = append(ref.tracks, participantIn{tr: tr, p: p})
		}
	}
	out := make([]participantRef, 0, len(bySlug))
	for _, ref := range bySlug {
		out = append(out, *ref)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].slug < out[j].slug })
	return out
}

// buildParticipantPage is the page of one participant of the scored
// tracks of season n, at, with the tracks they submitted to in the
// season's order; who they are is read from the first.
func buildParticipantPage(l *locale, n int, ref participantRef, at sitepath.Page) participantPageView {
	var v participantPageView
	for i, in := range ref.tracks {
		tr, p := in.tr, in.p
		if i == 0 {
			pp := p.Participant
			v = participantPageView{Slug: pp.Slug, Agent: l.own(pp.Agent), DID: pp.DID, Stack: l.own(pp.DeclaredStack)}
			if !pp.EnrolledAt.IsZero() {
				v.EnrolledAt = pp.EnrolledAt.UTC().Format(time.RFC3339)
			}
		}
		row := participantRow(l, n, tr.Result, p, at)
		pt := participantTrack{Name: tr.Name, Title: l.title(tr.Title), Overclaim: row.Overclaim, Success: row.Success, OverclaimCI: row.OverclaimCI, SuccessCI: row.SuccessCI, OverclaimNote: row.OverclaimNote,
			TasksRendered: row.TasksRendered, Pending: row.Pending, Report: row.Report, Table: sitepath.Link(at, sitepath.Track(n, tr.Name)), Negative: row.Negative}
		v.Negative = v.Negative || row.Negative
		v.Tracks = append(v.Tracks, pt)
	}
	return v
}
