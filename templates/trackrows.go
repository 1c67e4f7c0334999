package templates

// The rows of a track's page (its table, one row per participant, and its
// grid, one row per participant and a cell per task) and of a task's page
// (one row per participant), written in Go rather than by track.html and
// task.html, as rows.go writes a report's: these pages list every
// participant of the track, and html/template calls a function through
// reflection for every action of every row, which made a task page at
// 1,000 participants take 50 ms and a track page far more (README,
// « Benchmarks »). The bytes are those the templates wrote:
// trackrows_test.go keeps the templates' text as the oracle and compares
// the two on rows that take every branch with adversarial values, in both
// editions; the build's golden pages hold the demo's.

import (
	"html/template"
	"strconv"
	"strings"

	"github.com/ark-forge/proveit/templates/internal/htmlesc"
)

// writeOutcome writes o as the template "outcome" (shared.html, which
// only these rows called) wrote it:
//
//	<span class="issue{{with .Class}} {{.}}{{end}}"><span aria-hidden="true">{{.Symbol}}</span> {{.Text}}</span>
func writeOutcome(b *strings.Builder, o outcomeView) {
	b.WriteString(`<span class="issue`)
	if o.Class != "" {
		b.WriteString(" ")
		htmlesc.WriteText(b, o.Class)
	}
	b.WriteString(`"><span aria-hidden="true">`)
	htmlesc.WriteText(b, o.Symbol)
	b.WriteString(`</span> `)
	htmlesc.WriteText(b, o.Text)
	b.WriteString(`</span>`)
}

// writeNegative writes the value of a data-negatif attribute.
func writeNegative(b *strings.Builder, neg bool) {
	if neg {
		b.WriteString("oui")
	} else {
		b.WriteString("non")
	}
}

// writeCounts writes counts as the templates' {{range $i, $c := …}}{{if
// $i}}, {{end}}{{$c.Label}} ({{$c.N}}){{end}} did.
func writeCounts(b *strings.Builder, counts []countView) {
	for i, c := range counts {
		if i > 0 {
			b.WriteString(", ")
		}
		htmlesc.WriteText(b, c.Label)
		b.WriteString(" (")
		b.WriteString(strconv.Itoa(c.N))
		b.WriteString(")")
	}
}

// writeHref writes the quoted value of an href that a value holds whole,
// as html/template escapes it there (htmlesc.URL, then as an attribute).
func writeHref(b *strings.Builder, s string) {
	htmlesc.WriteText(b, htmlesc.URL(s))
}

// taskRows writes a task page's rows, one per participant, as task.html's
//
//	{{range .Rows}}<tr data-tache-participant="{{.Slug}}" …>…</tr>
//	{{end}}
//
// wrote them.
func taskRows(l *locale, rows []taskRow) (template.HTML, error) {
	allTracks := l.html("task.rows.all_tracks")
	noAssertion := l.html("task.rows.no_assertion")
	verdict, status := l.attr("data-titre", "report.verdict.rendered"), l.attr("data-titre", "task.rows.status")
	success, causes := l.attr("data-titre", "report.success"), l.attr("data-titre", "task.rows.causes")
	if l.err != nil {
		return "", l.err
	}
	var b strings.Builder
	b.Grow(768 * len(rows))
	text := func(s string) { htmlesc.WriteText(&b, s) }
	for i := range rows {
		r := &rows[i]
		b.WriteString(`<tr data-tache-participant="`)
		text(r.Slug)
		b.WriteString(`" data-negatif="`)
		writeNegative(&b, r.Negative)
		b.WriteString(`"><th scope="row"><a href="`)
		writeHref(&b, r.Report)
		b.WriteString(`" data-champ="agent">`)
		text(r.Agent)
		b.WriteString(`</a><br><a class="lien-secondaire" href="`)
		writeHref(&b, r.Page)
		b.WriteString(`">`)
		b.WriteString(allTracks)
		b.WriteString(`</a></th><td `)
		b.WriteString(verdict)
		b.WriteString(`>`)
		if r.Verdict != "" {
			b.WriteString(`<code>`)
			text(r.Verdict)
			b.WriteString(`</code>`)
		} else {
			b.WriteString(`—`)
		}
		b.WriteString(`</td><td `)
		b.WriteString(status)
		b.WriteString(`>`)
		text(r.Status)
		b.WriteString(`</td><td `)
		b.WriteString(success)
		b.WriteString(`>`)
		writeOutcome(&b, r.Outcome)
		b.WriteString(`</td><td `)
		b.WriteString(causes)
		b.WriteString(`>`)
		if len(r.Causes) > 0 {
			writeCounts(&b, r.Causes)
		} else {
			b.WriteString(noAssertion)
		}
		b.WriteString("</td></tr>\n")
	}
	return template.HTML(b.String()), nil
}

// gridRows writes a track's grid's rows, one per participant with a cell
// per task, as track.html's
//
//	{{range $g.Rows}}<tr data-grille="{{.Slug}}" …>…</tr>
//	{{end}}
//
// wrote them.
func gridRows(rows []gridRow) template.HTML {
	n := 0
	if len(rows) > 0 {
		n = len(rows) * (256 + 192*len(rows[0].Cells))
	}
	var b strings.Builder
	b.Grow(n)
	text := func(s string) { htmlesc.WriteText(&b, s) }
	for i := range rows {
		r := &rows[i]
		b.WriteString(`<tr data-grille="`)
		text(r.Slug)
		b.WriteString(`" data-negatif="`)
		writeNegative(&b, r.Negative)
		b.WriteString(`"><th scope="row"><a href="`)
		writeHref(&b, r.Page)
		b.WriteString(`" data-champ="agent">`)
		text(r.Agent)
		b.WriteString(`</a></th>`)
		for j := range r.Cells {
			c := &r.Cells[j]
			b.WriteString(`<td data-tache="`)
			text(c.Task)
			b.WriteString(`"><a href="`)
			writeHref(&b, c.Href)
			b.WriteString(`">`)
			writeOutcome(&b, c.Outcome)
			b.WriteString(`</a>`)
			if c.Status != "" {
				b.WriteString(`<br><span class="note">`)
				text(c.Status)
				b.WriteString(`</span>`)
			}
			b.WriteString(`</td>`)
		}
		b.WriteString("</tr>\n")
	}
	return template.HTML(b.String())
}

// tableRows writes rows of a track's table, as track.html's
//
//	{{range .Rows}}{{template "row" .}}{{end}}
//
// wrote them, with its templates "row", "row-stack-text" and
// "row-proofs" (the stack and the links to the proofs are written twice
// per row: in the agent's cell's details, for a phone, and in their own
// columns).
func tableRows(l *locale, rows []row) (template.HTML, error) {
	detail, did, stack, proofs := l.html("table.detail"), l.html("field.did"), l.html("field.stack"), l.html("field.proofs")
	stackNone, declarative := l.html("stack.none"), l.html("stack.declarative")
	report, reportJSON, participant := l.html("table.report"), l.html("table.report_json"), l.html("table.participant")
	causes, statuses, unsupported := l.html("table.causes"), l.html("table.statuses"), l.html("table.unsupported")
	var b strings.Builder
	b.Grow(2048 * len(rows))
	text := func(s string) { htmlesc.WriteText(&b, s) }
	stackText := func(r *row) {
		if r.Stack != "" {
			text(r.Stack)
		} else {
			b.WriteString(stackNone)
		}
		b.WriteString(` <span class="decl">`)
		b.WriteString(declarative)
		b.WriteString(`</span>`)
	}
	proofLinks := func(r *row) {
		b.WriteString(`<a href="`)
		writeHref(&b, r.Report)
		b.WriteString(`">`)
		b.WriteString(report)
		b.WriteString(`</a> · <a href="`)
		writeHref(&b, r.ReportJSON)
		b.WriteString(`">`)
		b.WriteString(reportJSON)
		b.WriteString(`</a>`)
		if r.Page != "" {
			b.WriteString(` · <a href="`)
			writeHref(&b, r.Page)
			b.WriteString(`">`)
			b.WriteString(participant)
			b.WriteString(`</a>`)
		}
		if len(r.Causes) > 0 {
			b.WriteString(`<br>`)
			b.WriteString(causes)
			b.WriteString(` `)
			writeCounts(&b, r.Causes)
		}
		if len(r.Statuses) > 0 {
			b.WriteString(`<br>`)
			b.WriteString(statuses)
			b.WriteString(` `)
			writeCounts(&b, r.Statuses)
		}
		if len(r.Unsupported) > 0 {
			b.WriteString(`<br>`)
			b.WriteString(unsupported)
			b.WriteString(` `)
			for i, a := range r.Unsupported {
				if i > 0 {
					b.WriteString(", ")
				}
				b.WriteString(`<a class="nowrap" href="`)
				writeHref(&b, a.Href)
				b.WriteString(`">`)
				text(a.Label)
				b.WriteString(`</a>`)
			}
		}
	}
	for i := range rows {
		r := &rows[i]
		b.WriteString(`<tr data-participant="`)
		text(r.Slug)
		b.WriteString(`" data-negatif="`)
		writeNegative(&b, r.Negative)
		b.WriteString(`"><th scope="row"><a href="`)
		writeHref(&b, r.Report)
		b.WriteString(`" data-champ="agent">`)
		text(r.Agent)
		b.WriteString(`</a><details class="detail-ligne"><summary>`)
		b.WriteString(detail)
		b.WriteString(`</summary><dl><dt>`)
		b.WriteString(did)
		b.WriteString(`</dt><dd><code class="did" data-identifiant="oui">`)
		text(r.DID)
		b.WriteString(`</code></dd><dt>`)
		b.WriteString(stack)
		b.WriteString(`</dt><dd data-declaratif="oui" data-champ="declared_stack">`)
		stackText(r)
		b.WriteString(`</dd><dt>`)
		b.WriteString(proofs)
		b.WriteString(`</dt><dd>`)
		proofLinks(r)
		b.WriteString(`</dd></dl></details></th><td class="did col-detail"><code data-identifiant="oui">`)
		text(r.DID)
		b.WriteString(`</code></td><td class="taux">`)
		text(r.Overclaim)
		if r.OverclaimCI != "" {
			b.WriteString(`<br><span class="note ic">`)
			text(r.OverclaimCI)
			b.WriteString(`</span>`)
		}
		if r.OverclaimNote != "" {
			b.WriteString(`<br><span class="note">`)
			text(r.OverclaimNote)
			b.WriteString(`</span>`)
		}
		if h := r.History; h != nil {
			b.WriteString(`<br><span class="note historique">`)
			b.WriteString(l.html("table.history", "overclaim", h.PublishedOverclaim, "success", h.PublishedSuccess, "ids", codeHTML(h.IDs())))
			b.WriteString(`</span>`)
		}
		b.WriteString(`</td><td class="taux">`)
		text(r.Success)
		if r.SuccessCI != "" {
			b.WriteString(`<br><span class="note ic">`)
			text(r.SuccessCI)
			b.WriteString(`</span>`)
		}
		b.WriteString(`</td><td class="taux">`)
		text(r.TasksRendered)
		b.WriteString(`</td><td class="col-detail" data-declaratif="oui" data-champ="declared_stack">`)
		stackText(r)
		b.WriteString(`</td><td class="preuves col-detail">`)
		proofLinks(r)
		b.WriteString("</td></tr>\n")
	}
	if l.err != nil {
		return "", l.err
	}
	return template.HTML(b.String()), nil
}
