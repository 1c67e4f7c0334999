package templates

// The lists of layout.html that every page writes (its alternates, its
// breadcrumbs, the links to the content pages), written in Go as the
// rows of rows.go and trackrows.go are: about twenty-five items a page,
// each of which html/template wrote with a reflective call per action
// and per escaper, on each of a season's thousands of pages. The bytes
// are the template's: layout_test.go keeps its text as the oracle.

import (
	"html/template"
	"strings"

	"github.com/ark-forge/proveit/templates/internal/htmlesc"
)

// alternateLinks writes the page's <link rel="alternate"> as layout.html's
//
//	{{range .Alternates}}<link rel="alternate" hreflang="{{.Lang}}" href="{{.Href}}">
//	{{end}}
//
// wrote them.
func alternateLinks(as []alternate) template.HTML {
	var b strings.Builder
	for _, a := range as {
		b.WriteString(`<link rel="alternate" hreflang="`)
		htmlesc.WriteText(&b, a.Lang)
		b.WriteString(`" href="`)
		writeHref(&b, a.Href)
		b.WriteString("\">\n")
	}
	return template.HTML(b.String())
}

// rootLinks writes links under root as layout.html's
//
//	{{range .Crumbs}}<li><a href="{{$.Root}}{{.Href}}">{{.Label}}</a></li>{{end}}
//
// wrote the breadcrumbs.
func rootLinks(root string, links []crumb) template.HTML {
	var b strings.Builder
	for _, c := range links {
		writeRootLink(&b, root, c.Href, c.Label)
	}
	return template.HTML(b.String())
}

// pageLinks writes the links to the content pages as layout.html's
//
//	{{range .Pages}}<li><a href="{{$.Root}}{{.Href}}">{{.Title}}</a></li>{{end}}
//
// wrote them.
func pageLinks(root string, pages []contentPage) template.HTML {
	var b strings.Builder
	for _, p := range pages {
		writeRootLink(&b, root, p.Href, p.Title)
	}
	return template.HTML(b.String())
}

// writeRootLink writes an item of those lists: root and href each
// escaped as a whole URL, as html/template escapes two actions that
// follow each other in an href.
func writeRootLink(b *strings.Builder, root, href, text string) {
	b.WriteString(`<li><a href="`)
	writeHref(b, root)
	writeHref(b, href)
	b.WriteString(`">`)
	htmlesc.WriteText(b, text)
	b.WriteString(`</a></li>`)
}
