package templates

import (
	"context"
	"html/template"

	"github.com/a-h/templ"

	"github.com/ark-forge/proveit/internal/sitepath"
)

// msg is the message key of the catalogue as a component, its arguments
// args (name, value pairs: a string or an int, escaped by the catalogue's
// html/template, or a template.HTML fragment templ wrote). It is the one
// place a component takes a message's HTML, with templ.Raw, because that
// HTML is already escaped by context: the catalogue's text is trusted as a
// component's own (it refuses any markup but <strong>, <em> and <code>),
// and the catalogue's html/template escaped each argument in the text
// context every placeholder sits in. (The content pages' Markdown, as
// goldmark renders it, is the one other templ.Raw: pageContent.) A
// missing message or argument fails the page's rendering.
func (l *locale) msg(key string, args ...any) templ.Component {
	return templ.Raw(l.cat.HTML(key, args...))
}

// msgHTML is the message key as HTML, for the argument of another
// message (a link's text); the first error is kept.
func (l *locale) msgHTML(key string, args ...any) template.HTML {
	h, err := l.cat.HTML(key, args...)
	l.keep(err)
	return h
}

// keep keeps err when it is the first.
func (l *locale) keep(err error) {
	if err != nil && l.err == nil {
		l.err = err
	}
}

// fragment renders c, a fragment of this file's templ components, as the
// HTML argument of a message; the first error is kept.
func (l *locale) fragment(c templ.Component) template.HTML {
	h, err := templ.ToGoHTML(context.Background(), c)
	l.keep(err)
	return h
}

// code is s as code, for a message's argument.
func (l *locale) code(s string) template.HTML { return l.fragment(codeFragment(s)) }

// codes is each of ss as code, separated by commas.
func (l *locale) codes(ss []string) template.HTML { return l.fragment(codesFragment(ss)) }

// codeLinks is each of codes as code, linked to the href of the same
// index, separated by commas.
func (l *locale) codeLinks(hrefs []sitepath.Href, codes []string) template.HTML {
	hs := make([]string, len(hrefs))
	for i, h := range hrefs {
		hs[i] = h.String()
	}
	return l.fragment(codeLinksFragment(hs, codes))
}

// link is a link to href whose text is text.
func (l *locale) link(href sitepath.Href, text string) template.HTML {
	return l.fragment(linkFragment(href.String(), text))
}

// linkText is a link to href whose text is a component (a message).
func (l *locale) linkText(href sitepath.Href, text templ.Component) template.HTML {
	return l.fragment(linkHTMLFragment(href.String(), text))
}

// mailto is a link to the address email, its text the address.
func (l *locale) mailto(email string) template.HTML {
	return l.fragment(linkFragment("mailto:"+email, email))
}

// field marks a text the season's data gives (a decision's reason) with
// its field, as the pages mark participant fields.
func (l *locale) field(name, text string) template.HTML {
	return l.fragment(fieldFragment(name, text))
}

// datetime is an RFC 3339 instant, in words, in a <time> element.
func (l *locale) datetime(rfc3339 string) template.HTML {
	return l.fragment(datetimeFragment(rfc3339, l.date(rfc3339)))
}

// negative is the value of a data-negative attribute.
func negative(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// statusClass is the class of an assertion's status.
func statusClass(a assertionView) string {
	switch {
	case a.Supported:
		return "status-positive"
	case a.Negative:
		return "status-negative"
	}
	return ""
}

// when is c when cond holds, nothing otherwise: an optional part of an
// inline run, kept on the run's line so that templ writes no space
// around it.
func when(cond bool, c templ.Component) templ.Component {
	if cond {
		return c
	}
	return templ.NopComponent
}

// choose is yes when cond holds, no otherwise: the key of one of two
// messages, each a literal (or a choose of literals) that the tests of the
// catalogue read.
func choose(cond bool, yes, no string) string {
	if cond {
		return yes
	}
	return no
}

// datetimeC is an RFC 3339 instant in a <time> element, as a component.
func (l *locale) datetimeC(rfc3339 string) templ.Component {
	return datetimeFragment(rfc3339, l.date(rfc3339))
}

// outcomeClass is the class of a task's outcome.
func outcomeClass(o outcomeView) string {
	if o.Class == "" {
		return "outcome"
	}
	return "outcome " + o.Class
}

// sumsCheck are the commands that check a dossier's published files.
const sumsCheck = `sha256sum -c --ignore-missing published/SHA256SUMS
sed -n 's|  proofs/|  ../preuves/|p' published/SHA256SUMS | sha256sum -c
sha256sum published/SHA256SUMS published/*.json`
