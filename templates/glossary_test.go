package templates

import (
	"io/fs"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/ark-forge/proveit/content"
	"github.com/ark-forge/proveit/internal/sitepath"
)

// headingIDs lists the ids of the h2 headings of the rendered glossary of
// an edition's content pages.
func headingIDs(t *testing.T, pages fs.FS) []string {
	t.Helper()
	rendered, err := contentPages(pages)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range rendered {
		if p.Page != glossary {
			continue
		}
		var ids []string
		z := html.NewTokenizer(strings.NewReader(string(p.Body)))
		for {
			tt := z.Next()
			if tt == html.ErrorToken {
				return ids
			}
			tok := z.Token()
			if tt != html.StartTagToken || tok.Data != "h2" {
				continue
			}
			for _, a := range tok.Attr {
				if a.Key == "id" {
					ids = append(ids, a.Val)
				}
			}
		}
	}
	t.Fatalf("no glossary page (%v) among the content pages", glossary)
	return nil
}

// TestGlossaryDefinesTerms: every term a page links is the id of a
// heading of the glossary, in both editions, and the two editions define
// the same terms in the same order, so that a link works in either.
func TestGlossaryDefinesTerms(t *testing.T) {
	fr := headingIDs(t, content.Pages)
	en := headingIDs(t, content.English)
	if !slices.Equal(fr, en) {
		t.Errorf("the glossary's terms differ between editions:\nfr %v\nen %v", fr, en)
	}
	for _, term := range terms {
		if !slices.Contains(fr, string(term)) {
			t.Errorf("term %q is no heading id of content/glossaire.md (ids %v)", term, fr)
		}
		if !slices.Contains(en, string(term)) {
			t.Errorf("term %q is no heading id of content/en/glossaire.md", term)
		}
	}
}

// TestGlossaryFrom: a term's link leads to the glossary of the
// linking page's edition, at the term's heading.
func TestGlossaryFrom(t *testing.T) {
	report := sitepath.Report(0, "conformite", "albatros")
	for _, tc := range []struct {
		at   string
		from sitepath.Page
		term term
		want string
	}{
		{"a French report", report, termOverclaim, "../../../../glossaire.html#overclaim"},
		{"an English report", report.In(sitepath.English), termOverclaim, "../../../../glossaire.html#overclaim"},
		{"the French home", sitepath.Home(), termScored, "glossaire.html#scoree"},
		{"the English home", sitepath.Home().In(sitepath.English), termBestConstant, "glossaire.html#meilleure-reponse-constante"},
	} {
		if got := glossaryFrom(tc.from).At(string(tc.term)).String(); got != tc.want {
			t.Errorf("%s: define = %q, want %q", tc.at, got, tc.want)
		}
	}
}
