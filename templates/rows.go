package templates

// The rows of a report's table of assertions, written in Go rather than by
// the report template: a report holds dozens of them, and html/template
// calls a function through reflection for every action of every row (about
// thirty per row), which made these rows half of the time a report took to
// render. The bytes are those the template wrote: rows_test.go keeps the
// template's text as the oracle and compares the two on rows that take every
// branch with adversarial values; the build's golden pages hold the demo's.

import (
	"fmt"
	"html/template"
	"strings"

	"github.com/ark-forge/proveit/templates/internal/htmlesc"
)

// assertionRows writes rows as report.html's
//
//	{{range .Assertions}}<tr …>…</tr>
//	{{end}}
//
// wrote them with html/template, whose escaping it reproduces in each
// context a row has: text, a quoted attribute value and the href of a link
// (package htmlesc).
func assertionRows(l *locale, rows []assertionView) (template.HTML, error) {
	colon := l.html("punct.colon")
	field, value := l.html("report.assertions.field"), l.html("report.assertions.value")
	claim, proofs := l.attr("data-titre", "report.assertions.claim"), l.attr("data-titre", "report.assertions.proofs")
	status, detail := l.attr("data-titre", "report.assertions.status"), l.attr("data-titre", "report.assertions.detail")
	var b strings.Builder
	b.Grow(2048 * len(rows))
	text := func(s string) { htmlesc.WriteText(&b, s) }
	for _, a := range rows {
		several := len(a.Proofs) > 1
		b.WriteString(`<tr id="`)
		text(a.Anchor)
		b.WriteString(`" data-negatif="`)
		if a.Negative {
			b.WriteString("oui")
		} else {
			b.WriteString("non")
		}
		b.WriteString(`"><th scope="row"><code>`)
		text(a.ID)
		b.WriteString(`</code></th><td `)
		b.WriteString(claim)
		b.WriteString(`><code>`)
		text(a.Resource)
		b.WriteString(`</code><br>`)
		b.WriteString(field)
		b.WriteString(` <code>`)
		text(a.Field)
		b.WriteString(`</code><br>`)
		b.WriteString(value)
		b.WriteString(` <code class="valeur" data-champ="claim">`)
		text(a.Value)
		b.WriteString(`</code></td><td `)
		b.WriteString(proofs)
		b.WriteString(`>`)
		for _, p := range a.Proofs {
			b.WriteString(`<div>`)
			if p.Href != "" {
				b.WriteString(`<a href="`)
				text(htmlesc.URL(p.Href))
				b.WriteString(`"><code class="hash">`)
				text(p.ID)
				b.WriteString(`</code></a>`)
			} else {
				b.WriteString(`<code class="hash">`)
				text(p.ID)
				b.WriteString(`</code>`)
			}
			if p.Cause != "" && several {
				b.WriteString(colon)
				b.WriteString(` `)
				text(p.Cause)
			}
			b.WriteString(`</div>`)
		}
		b.WriteString(`</td><td class="statut" `)
		b.WriteString(status)
		b.WriteString(`><strong class="`)
		switch {
		case a.Supported:
			b.WriteString("statut-oui")
		case a.Negative:
			b.WriteString("statut-non")
		}
		b.WriteString(`">`)
		text(a.Cause)
		b.WriteString(`</strong><br><code>`)
		text(a.CauseCode)
		b.WriteString(`</code>`)
		if h := a.History; h != nil {
			code, err := fragment("code", h.PublishedCode)
			if err != nil {
				return "", err
			}
			b.WriteString(`<div class="historique">`)
			b.WriteString(l.html("report.history.published", "value", h.Published, "code", code))
			for _, d := range h.Decisions {
				id, err := fragment("code", d.ID)
				if err != nil {
					return "", err
				}
				date, err := readableDate(l.cat, d.Date)
				if err != nil {
					return "", fmt.Errorf("datetime: %w", err)
				}
				when, err := fragment("datetime", struct{ ISO, Text string }{d.Date, date})
				if err != nil {
					return "", err
				}
				reason, err := fragment("champ", struct{ Name, Text string }{"reason", d.Reason})
				if err != nil {
					return "", err
				}
				b.WriteString(` `)
				b.WriteString(l.html("report.history.decision", "id", id, "date", when, "reason", reason))
			}
			b.WriteString(`</div>`)
		}
		b.WriteString(`</td><td `)
		b.WriteString(detail)
		b.WriteString(`>`)
		if a.Detail != "" {
			b.WriteString(`<span class="trace" lang="en">`)
			text(a.Detail)
			b.WriteString(`</span>`)
		}
		if several {
			for _, p := range a.Proofs {
				if p.Detail != "" {
					b.WriteString(`<div class="trace"><code>`)
					text(p.ID)
					b.WriteString(`</code>`)
					b.WriteString(colon)
					b.WriteString(` <span lang="en">`)
					text(p.Detail)
					b.WriteString(`</span></div>`)
				}
			}
		}
		b.WriteString("</td></tr>\n")
	}
	if l.err != nil {
		return "", l.err
	}
	return template.HTML(b.String()), nil
}
