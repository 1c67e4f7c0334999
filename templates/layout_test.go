package templates

import (
	"html/template"
	"strings"
	"testing"
)

// oracleLayoutLists is the text layout.html had for its lists before
// layout.go wrote them, each in the element it sat in.
const oracleLayoutLists = `<head>{{range .Alternates}}<link rel="alternate" hreflang="{{.Lang}}" href="{{.Href}}">
{{end}}</head><ol class="ariane">{{range .Crumbs}}<li><a href="{{$.Root}}{{.Href}}">{{.Label}}</a></li>{{end}}</ol><ul class="pages">{{range .Pages}}<li><a href="{{$.Root}}{{.Href}}">{{.Title}}</a></li>{{end}}</ul>`

// TestLayoutListsAsTemplate: alternateLinks, rootLinks and pageLinks write
// the bytes the layout wrote, for lists of none, one and several items
// with hostile values in every field, the root included.
func TestLayoutListsAsTemplate(t *testing.T) {
	tm := template.Must(template.New("layout").Parse(oracleLayoutLists))
	for i, root := range hostile {
		p := page{Root: root}
		for k := range i % 4 {
			s, h := hostile[(i+k)%len(hostile)], hostile[(i+k+5)%len(hostile)]
			p.Alternates = append(p.Alternates, alternate{Lang: s, Href: h})
			p.Crumbs = append(p.Crumbs, crumb{Label: h, Href: s})
			p.Pages = append(p.Pages, contentPage{Title: s, Href: hostile[(i+2*k+1)%len(hostile)]})
		}
		var want strings.Builder
		if err := tm.Execute(&want, p); err != nil {
			t.Fatal(err)
		}
		got := `<head>` + string(alternateLinks(p.Alternates)) + `</head><ol class="ariane">` + string(rootLinks(p.Root, p.Crumbs)) +
			`</ol><ul class="pages">` + string(pageLinks(p.Root, p.Pages)) + `</ul>`
		if got != want.String() {
			t.Fatalf("root %q, %d items:\n got %q\nwant %q", root, i%4, got, want.String())
		}
	}
}
