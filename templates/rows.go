package templates

// A report's sections of tasks and their rows of assertions, written in Go
// rather than by the report template: a report holds dozens of them, and html/template
// calls a function through reflection for every action of every row (about
// thirty per row), which made these rows half of the time a report took to
// render. The bytes are those the template wrote: rows_test.go keeps the
// template's text as the oracle and compares the two on rows that take every
// branch with adversarial values; the build's golden pages hold the demo's.

import (
	"fmt"
	"html/template"
	"regexp"
	"strings"

	"github.com/ark-forge/proveit/templates/internal/htmlesc"
)

// writeAssertionRows writes to b rows as report.html's
//
//	{{range .Assertions}}<tr …>…</tr>
//	{{end}}
//
// wrote them with html/template, whose escaping it reproduces in each
// context a row has: text, a quoted attribute value and the href of a link
// (package htmlesc).
func writeAssertionRows(b *strings.Builder, l *locale, rows []assertionView) error {
	colon := l.html("punct.colon")
	field, value := l.html("report.assertions.field"), l.html("report.assertions.value")
	claim, proofs := l.attr("data-titre", "report.assertions.claim"), l.attr("data-titre", "report.assertions.proofs")
	status, detail := l.attr("data-titre", "report.assertions.status"), l.attr("data-titre", "report.assertions.detail")
	text := func(s string) { htmlesc.WriteText(b, s) }
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
			b.WriteString(`<div class="historique">`)
			b.WriteString(l.html("report.history.published", "value", h.Published, "code", codeHTML(h.PublishedCode)))
			for _, d := range h.Decisions {
				date, err := readableDate(l.cat, d.Date)
				if err != nil {
					return fmt.Errorf("datetime: %w", err)
				}
				b.WriteString(` `)
				b.WriteString(l.html("report.history.decision", "id", codeHTML(d.ID), "date", timeHTML(d.Date, date), "reason", champHTML("reason", d.Reason)))
			}
			b.WriteString(`</div>`)
		}
		b.WriteString(`</td><td `)
		b.WriteString(detail)
		b.WriteString(`>`)
		if a.Detail != "" {
			b.WriteString(`<span class="trace" lang="en">`)
			writeTrace(b, a.Detail)
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
					writeTrace(b, p.Detail)
					b.WriteString(`</span></div>`)
				}
			}
		}
		b.WriteString("</td></tr>\n")
	}
	return l.err
}

// taskSections writes a report's section per task as report.html's
//
//	{{range .Tasks}}
//	<section class="tache" …>…</section>
//	{{end}}
//
// wrote them, r being the report, questions the track's questions by task
// and narrative the page's label of a narrative.
func taskSections(l *locale, r *reportView, questions map[string]string, narrative string) (template.HTML, error) {
	var b strings.Builder
	text := func(s string) { htmlesc.WriteText(&b, s) }
	negative := func(neg bool) {
		if neg {
			b.WriteString("oui")
		} else {
			b.WriteString("non")
		}
	}
	colon := l.html("punct.colon")
	n := 0
	for _, t := range r.Tasks {
		n += 2048 + 1536*len(t.Assertions)
	}
	b.Grow(n)
	for i := range r.Tasks {
		t := &r.Tasks[i]
		b.WriteString("\n<section class=\"tache\" id=\"")
		text(t.Anchor)
		b.WriteString("\" aria-labelledby=\"")
		text(t.Anchor)
		b.WriteString("-titre\">\n<div data-negatif=\"")
		negative(t.Negative)
		b.WriteString("\">\n<h2 id=\"")
		text(t.Anchor)
		b.WriteString("-titre\">")
		b.WriteString(l.html("report.task.heading", "task", t.ID, "status", t.Status))
		b.WriteString("</h2>\n")
		if q := questions[t.ID]; q != "" {
			b.WriteString("<p>")
			b.WriteString(l.html("report.task.question", "question", seasonText(l.cat, q)))
			b.WriteString("</p>")
		}
		b.WriteString("\n")
		if t.Page != "" {
			link := linkHTML(t.Page, template.HTML(l.html("report.task.page_link", "task", t.ID)))
			b.WriteString("<p>")
			b.WriteString(l.html("report.task.page", "link", link))
			b.WriteString("</p>")
		}
		b.WriteString("\n<p>")
		text(t.StatusHelp)
		b.WriteString("</p>\n")
		if t.Reason != "" {
			b.WriteString("<p>")
			b.WriteString(l.html("report.task.reason"))
			b.WriteString(" <span class=\"trace\" lang=\"en\">")
			writeTrace(&b, t.Reason)
			b.WriteString("</span></p>")
		}
		b.WriteString("\n")
		switch {
		case t.Pending:
			b.WriteString("<p>")
			b.WriteString(l.html("report.task.pending"))
			b.WriteString("</p>\n")
		case t.Evaluated:
			b.WriteString("<dl class=\"fiche\">\n<dt>")
			b.WriteString(l.html("report.verdict.rendered"))
			b.WriteString("</dt><dd><code>")
			text(t.Verdict)
			b.WriteString("</code></dd>\n<dt>")
			b.WriteString(l.html("report.verdict.expected"))
			b.WriteString("</dt><dd><code>")
			text(t.Expected)
			b.WriteString("</code> (")
			if t.Exact {
				b.WriteString(l.html("report.verdict.exact"))
			} else {
				b.WriteString(l.html("report.verdict.inexact"))
			}
			b.WriteString(")</dd>\n")
			if t.Scored {
				b.WriteString("<dt>")
				b.WriteString(l.html("report.verdict.founded"))
				b.WriteString("</dt><dd>")
				if t.Founded {
					b.WriteString(l.html("report.verdict.founded_yes"))
				} else {
					b.WriteString(l.html("answer.no"))
				}
				b.WriteString("</dd>\n<dt>")
				b.WriteString(l.html("report.success"))
				b.WriteString("</dt><dd>")
				switch {
				case r.Pending:
					b.WriteString(l.html("report.toc.withheld"))
				case t.Success:
					b.WriteString(l.html("answer.yes"))
				default:
					b.WriteString(l.html("answer.no"))
				}
				b.WriteString("</dd>\n<dt>")
				b.WriteString(l.html("report.rendered"))
				b.WriteString("</dt><dd>")
				b.WriteString(l.html("report.rendered_count", "rendered", t.Rendered, "n", t.Unsupported))
				b.WriteString("</dd>")
			}
			b.WriteString("\n</dl>\n")
			if len(t.MissingFacts) > 0 {
				b.WriteString("<p>")
				b.WriteString(l.html("report.missing_facts", "facts", codesHTML(t.MissingFacts)))
				b.WriteString("</p>\n<ul class=\"faits\">")
				for _, m := range t.Missing {
					b.WriteString("<li><code>")
					text(m.ID)
					b.WriteString("</code>")
					b.WriteString(colon)
					b.WriteString(" ")
					for k, f := range m.Forms {
						if k > 0 {
							b.WriteString(" ")
							b.WriteString(l.html("report.missing_or"))
							b.WriteString(" ")
						}
						b.WriteString("<code>")
						text(f.Resource)
						b.WriteString("</code> <code>")
						text(f.Field)
						b.WriteString("</code> = <code class=\"valeur\">")
						text(f.Value)
						b.WriteString("</code>")
					}
					b.WriteString("</li>")
				}
				b.WriteString("</ul>")
			}
			b.WriteString("\n")
		default:
			b.WriteString("<p>")
			b.WriteString(l.html("report.verdict.expected_only", "verdict", codeHTML(t.Expected)))
			b.WriteString("</p>")
		}
		b.WriteString("\n</div>\n")
		if len(t.Assertions) > 0 {
			b.WriteString("\n<div class=\"scroll\" role=\"region\" aria-labelledby=\"")
			text(t.Anchor)
			b.WriteString("-assertions\" tabindex=\"0\">\n<table class=\"empile\">\n<caption id=\"")
			text(t.Anchor)
			b.WriteString("-assertions\">")
			b.WriteString(l.html("report.assertions.caption", "task", t.ID))
			b.WriteString("</caption>\n<thead><tr>")
			for _, h := range []string{l.html("report.assertions.assertion"), l.html("report.assertions.claim"), l.html("report.assertions.proofs"), l.html("report.assertions.status"), l.html("report.assertions.detail")} {
				b.WriteString("<th scope=\"col\">")
				b.WriteString(h)
				b.WriteString("</th>")
			}
			b.WriteString("</tr></thead>\n<tbody>\n")
			if err := writeAssertionRows(&b, l, t.Assertions); err != nil {
				return "", err
			}
			b.WriteString("</tbody>\n</table>\n</div>\n")
		}
		b.WriteString("\n")
		if len(t.Incidents) > 0 {
			b.WriteString("<h3>")
			b.WriteString(l.html("report.incidents"))
			b.WriteString("</h3>\n<ul>")
			for _, in := range t.Incidents {
				b.WriteString("<li>")
				text(in.Kind)
				b.WriteString(colon)
				b.WriteString(" <span class=\"trace\" lang=\"en\">")
				writeTrace(&b, in.Detail)
				b.WriteString("</span></li>")
			}
			b.WriteString("</ul>")
		}
		b.WriteString("\n")
		if t.Evaluated {
			b.WriteString("<figure class=\"recit\" id=\"")
			text(t.NarrativeAnchor)
			b.WriteString("\" data-digital-source-type=\"trainedAlgorithmicMedia\" data-negatif=\"")
			negative(t.Negative)
			b.WriteString("\">\n<figcaption>")
			text(narrative)
			b.WriteString("</figcaption>\n")
			if t.Narrative != "" {
				b.WriteString("<blockquote data-champ=\"narrative\">")
				text(t.Narrative)
				b.WriteString("</blockquote>")
			} else {
				b.WriteString("<p>")
				b.WriteString(l.html("report.narrative.none"))
				b.WriteString("</p>")
			}
			b.WriteString("\n</figure>")
		}
		b.WriteString("\n</section>\n")
	}
	if l.err != nil {
		return "", l.err
	}
	return template.HTML(b.String()), nil
}

// didKey is a did:key as a trace quotes it (submission.DIDPattern's
// did:key, unanchored).
var didKey = regexp.MustCompile(`did:key:[A-Za-z0-9._:%-]+`)

// writeTrace writes a trace of the scorer (a detail, a reason), escaped,
// with each did:key it quotes marked data-identifiant, as the DID's own
// cell is: the publication guard reads a did:key in whole words, its
// base58 text holding camel-case parts that are words by chance.
func writeTrace(b *strings.Builder, s string) {
	last := 0
	for _, m := range didKey.FindAllStringIndex(s, -1) {
		htmlesc.WriteText(b, s[last:m[0]])
		b.WriteString(`<span data-identifiant="oui">`)
		htmlesc.WriteText(b, s[m[0]:m[1]])
		b.WriteString(`</span>`)
		last = m[1]
	}
	htmlesc.WriteText(b, s[last:])
}

// trace is writeTrace as HTML (the template function trace).
func trace(s string) template.HTML {
	var b strings.Builder
	writeTrace(&b, s)
	return template.HTML(b.String())
}

// taskTOC writes a report's list of its tasks, r being the report, as
// report.html's
//
//	{{$pending := .Pending}}<nav {{attr "aria-label" "field.tasks"}}><ul class="taches">{{range .Tasks}}<li>…</li>{{end}}</ul></nav>
//
// wrote it: a line per task, which html/template wrote with about ten
// reflective calls.
func taskTOC(l *locale, r *reportView) (template.HTML, error) {
	nav, colon, semicolon := l.attr("aria-label", "field.tasks"), l.html("punct.colon"), l.html("punct.semicolon")
	withheld, counted, notCounted := l.html("report.toc.withheld"), l.html("report.toc.counted"), l.html("report.toc.not_counted")
	var b strings.Builder
	b.Grow(64 + 192*len(r.Tasks))
	b.WriteString(`<nav `)
	b.WriteString(nav)
	b.WriteString(`><ul class="taches">`)
	for i := range r.Tasks {
		t := &r.Tasks[i]
		b.WriteString(`<li><a href="#`)
		b.WriteString(htmlesc.Fragment(t.Anchor))
		b.WriteString(`">`)
		htmlesc.WriteText(&b, t.ID)
		b.WriteString(`</a>`)
		b.WriteString(colon)
		b.WriteString(` `)
		htmlesc.WriteText(&b, t.Status)
		if t.Scored {
			b.WriteString(`, `)
			switch {
			case r.Pending:
				b.WriteString(withheld)
			case t.Success:
				b.WriteString(counted)
			default:
				b.WriteString(notCounted)
			}
			if t.Unsupported != 0 {
				b.WriteString(semicolon)
				b.WriteString(` `)
				b.WriteString(l.html("report.toc.unsupported", "n", t.Unsupported))
			}
		}
		b.WriteString(`</li>`)
	}
	b.WriteString(`</ul></nav>`)
	if l.err != nil {
		return "", l.err
	}
	return template.HTML(b.String()), nil
}

// counts is counts as the templates' {{range $i, $c := …}}{{if $i}}, {{end}}{{$c.Label}} ({{$c.N}}){{end}}
// wrote them (the template function counts).
func counts(cs []countView) template.HTML {
	var b strings.Builder
	writeCounts(&b, cs)
	return template.HTML(b.String())
}

// The markup arguments of the messages the Go writers write, as the
// templates of fragments.html write them (the template functions code,
// codes, link, datetime and champ): a template executed for each would
// cost a reflective call per action again. TestFragmentsAsTemplate holds
// each to its template.

// codeHTML is s as {{define "code"}}<code>{{.}}</code>{{end}} writes a
// string.
func codeHTML(s string) template.HTML {
	var b strings.Builder
	b.WriteString("<code>")
	htmlesc.WriteText(&b, s)
	b.WriteString("</code>")
	return template.HTML(b.String())
}

// codesHTML is cs as the template "codes" writes them: each a code,
// joined by ", ".
func codesHTML(cs []string) template.HTML {
	var b strings.Builder
	for i, c := range cs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("<code>")
		htmlesc.WriteText(&b, c)
		b.WriteString("</code>")
	}
	return template.HTML(b.String())
}

// linkHTML is the template "link" with Href href and Text text, markup
// written as it is: <a href="{{.Href}}">{{.Text}}</a>.
func linkHTML(href string, text template.HTML) template.HTML {
	var b strings.Builder
	b.WriteString(`<a href="`)
	htmlesc.WriteText(&b, htmlesc.URL(href))
	b.WriteString(`">`)
	b.WriteString(string(text))
	b.WriteString(`</a>`)
	return template.HTML(b.String())
}

// timeHTML is the template "datetime": <time datetime="{{.ISO}}">{{.Text}}</time>.
func timeHTML(iso, text string) template.HTML {
	var b strings.Builder
	b.WriteString(`<time datetime="`)
	htmlesc.WriteText(&b, iso)
	b.WriteString(`">`)
	htmlesc.WriteText(&b, text)
	b.WriteString(`</time>`)
	return template.HTML(b.String())
}

// champHTML is the template "champ": <span data-champ="{{.Name}}">{{.Text}}</span>.
func champHTML(name, text string) template.HTML {
	var b strings.Builder
	b.WriteString(`<span data-champ="`)
	htmlesc.WriteText(&b, name)
	b.WriteString(`">`)
	htmlesc.WriteText(&b, text)
	b.WriteString(`</span>`)
	return template.HTML(b.String())
}
