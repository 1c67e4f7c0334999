package site

import (
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestTermsLinkTheGlossary: the column headings and labels of the rates on
// the home page, a track's table, a report and a participant's page link
// their term in the glossary of the page's edition, and each link reaches a
// heading of that page (the browser test follows every fragment too; this
// one runs without a browser).
func TestTermsLinkTheGlossary(t *testing.T) {
	tree := buildTree(t)
	termLink := regexp.MustCompile(`<a class="term" href="([^"#]*)#([^"]*)">`)
	for _, tc := range []struct {
		page string
		want []string // the terms the page must link, at least
	}{
		{"index.html", []string{"overclaim", "reussite", "meilleure-reponse-constante"}},
		{"saison-3/conformite/index.html", []string{"did", "overclaim", "reussite", "scoree", "stack", "meilleure-reponse-constante"}},
		{"saison-3/conformite/participants/honnete/index.html", []string{"did", "stack", "overclaim", "reussite", "scoree"}},
		{"saison-3/participants/honnete.html", []string{"did", "stack", "overclaim", "reussite"}},
	} {
		for _, edition := range []string{"", "en/"} {
			name := edition + tc.page
			page, ok := tree[name]
			if !ok {
				t.Fatalf("%s: not built", name)
			}
			var linked []string
			for _, m := range termLink.FindAllStringSubmatch(string(page), -1) {
				target := path.Join(path.Dir(name), m[1])
				if want := edition + "glossaire.html"; target != want {
					t.Errorf("%s: a term links %s, want the edition's glossary %s", name, target, want)
					continue
				}
				if !strings.Contains(string(tree[target]), `<h2 id="`+m[2]+`">`) {
					t.Errorf("%s: term #%s is no heading of %s", name, m[2], target)
				}
				linked = append(linked, m[2])
			}
			for _, w := range tc.want {
				if !slices.Contains(linked, w) {
					t.Errorf("%s: does not link the term %q (links %v)", name, w, linked)
				}
			}
		}
	}
}
