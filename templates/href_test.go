package templates

import (
	"html/template"
	"regexp"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/templates/messages"
)

// js is a URL that would run a script if a page linked it.
const js = "javascript:alert(1)"

// hrefValue is the value of every href and xlink:href of a page.
var hrefValue = regexp.MustCompile(`(?i)\bhref="([^"]*)"`)

// checkHrefs fails t unless page has at least want links that
// html/template neutralised (#ZgotmplZ, followed by what the template
// writes after the value), and unless no link keeps "javascript".
func checkHrefs(t *testing.T, what, page string, want int) {
	t.Helper()
	hrefs := hrefValue.FindAllStringSubmatch(page, -1)
	filtered := 0
	for _, h := range hrefs {
		if strings.Contains(strings.ToLower(h[1]), "javascript") {
			t.Errorf("%s: a link keeps the script: href=%q", what, h[1])
		}
		if strings.HasPrefix(h[1], "#ZgotmplZ") {
			filtered++
		}
	}
	if filtered < want {
		t.Errorf("%s: %d links neutralised (#ZgotmplZ), want %d, in %d links:\n%s", what, filtered, want, len(hrefs), page)
	}
}

// TestHrefsFilterJavaScript: a javascript: URL fed to any href the
// templates write is neutralised by html/template itself (#ZgotmplZ), in
// both editions: the layout's links (alternates, language switch,
// breadcrumbs, content pages), a track table's row, a report's tasks
// (their task page, a proof), the links a message carries (fragment
// "link"), a task page's row and a participant page's tracks. No value a
// participant sends reaches the start of an href (the site's paths come
// first), so the data here is fed to the templates directly.
func TestHrefsFilterJavaScript(t *testing.T) {
	en, err := newEnglish()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []*renderer{french, en} {
		exec := func(tmpl, name string, data any) string {
			t.Helper()
			var b strings.Builder
			if err := r.pages[tmpl].ExecuteTemplate(&b, name, data); err != nil {
				t.Fatalf("%s %s: %v", tmpl, name, err)
			}
			return b.String()
		}
		lang := r.cat.Lang()
		p := page{Title: "t", Root: js, SiteRoot: js, Label: "l", Crumbs: []crumb{{"c", js}}, Alternates: []alternate{{Lang: "fr", Href: js}},
			Switch: alternate{Lang: "en", Href: js, Text: "en"}, Pages: []contentPage{{Title: "p", Href: js}}}
		// The site link, the alternate, the switch, a crumb, a content
		// page and SHA256SUMS.
		checkHrefs(t, lang+" layout", exec("page", "layout", p), 6)
		rw := row{Slug: "s", Report: js, ReportJSON: js, Page: js, Unsupported: []assertionLink{{Label: "a", Href: js}}}
		// The agent and, twice each (its cell and its details), the
		// report, its JSON, the participant's page and the claim.
		checkHrefs(t, lang+" track row", exec("track", "row", rw), 9)
		rv := &reportView{Tasks: []taskView{{ID: "t", Anchor: "a", Page: js, Evaluated: true,
			Assertions: []assertionView{{ID: "x", Proofs: []proofView{{ID: "p", Href: js}}}}}}}
		checkHrefs(t, lang+" report tasks", exec("report", "report-tasks", rv), 2)
		g := &gridView{Tasks: []gridTask{{ID: "t", Href: js}}, Rows: []gridRow{{Slug: "s", Page: js, Cells: []gridCell{{Task: "t", Href: js}}}}}
		checkHrefs(t, lang+" grid", exec("track", "grid", g), 3)
		tp := page{Task: &taskPageView{ID: "t", Rows: []taskRow{{Slug: "s", Report: js, Page: js}}}, Track: &Track{Title: TrackTitle{"t", "t"}}, Season: &seasonView{}}
		checkHrefs(t, lang+" task rows", exec("task", "content", tp), 2)
		pp := page{Participant: &participantPageView{Tracks: []participantTrack{{Name: "n", Report: js, Table: js}}}, Season: &seasonView{}}
		checkHrefs(t, lang+" participant", exec("participant", "content", pp), 2)
	}
	link := funcs(messages.French)["link"].(func(string, any) (template.HTML, error))
	for _, text := range []any{"texte", template.HTML("<code>x</code>")} {
		h, err := link(js, text)
		if err != nil {
			t.Fatal(err)
		}
		checkHrefs(t, "link", string(h), 1)
	}
}
