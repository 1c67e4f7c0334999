package templates

import (
	"html/template"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/internal/sitepath"
	"github.com/ark-forge/proveit/templates/messages"
)

// js is an id that would make a link run a script if a page wrote it at the
// start of an href unescaped.
const js = "javascript:alert(1)"

// hrefValue is the value of every href and xlink:href of a page.
var hrefValue = regexp.MustCompile(`(?i)\bhref="([^"]*)"`)

// checkHrefs fails t unless page has at least want links, none of them
// with a scheme: a link the site makes is relative, its first segment's
// colon percent-encoded (sitepath), so that no id reads as
// "javascript:".
func checkHrefs(t *testing.T, what, page string, want int) {
	t.Helper()
	hrefs := hrefValue.FindAllStringSubmatch(page, -1)
	if len(hrefs) < want {
		t.Errorf("%s: %d links, want at least %d:\n%s", what, len(hrefs), want, page)
	}
	for _, h := range hrefs {
		if h[1] == "data:," {
			continue // the layout's empty icon
		}
		u, err := url.Parse(template.HTMLEscapeString(h[1]))
		if err != nil || u.Scheme != "" || strings.HasPrefix(strings.ToLower(h[1]), "javascript:") {
			t.Errorf("%s: href=%q has a scheme (%v)", what, h[1], err)
		}
	}
}

// TestHrefsHaveNoScheme: every href the templates write is a sitepath.Href,
// which only package sitepath makes; made from an id that reads as a
// scheme, it is written with no scheme, in both editions: the layout's
// links (alternates, language switch, breadcrumbs, content pages,
// SHA256SUMS), a track table's row, a report's tasks (their task page, a
// proof), the links a message carries (fragment "link"), the grid, a task
// page's row and a participant page's tracks. html/template still filters
// and normalises each one in its URL context: no link is template.URL.
func TestHrefsHaveNoScheme(t *testing.T) {
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
		at := sitepath.Content(js).In(r.ed)
		to := sitepath.Link(at, sitepath.Content(js))
		p := page{Title: "t", Label: "l", Home: to, Sums: to, Trail: []link{{"c", sitepath.ThroughRoot(at, sitepath.Content(js))}},
			Alternates: []alternate{{Lang: "fr", Href: sitepath.Alternate(at, sitepath.French)}},
			Switch:     alternate{Lang: "en", Href: sitepath.Alternate(at, sitepath.English), Text: "en"}, Nav: []link{{"p", to}}}
		checkHrefs(t, lang+" layout", exec("page", "layout", p), 6)
		rw := row{Slug: "s", Report: to, ReportJSON: to, Page: to, Unsupported: []assertionLink{{Label: "a", Href: to.At(js)}}}
		checkHrefs(t, lang+" track row", exec("track", "row", rw), 9)
		rv := &reportView{Tasks: []taskView{{ID: "t", Anchor: "a", Page: to, Evaluated: true,
			Assertions: []assertionView{{ID: "x", Proofs: []proofView{{ID: "p", Href: to}}}}}}}
		checkHrefs(t, lang+" report tasks", exec("report", "report-tasks", rv), 2)
		g := &gridView{Tasks: []gridTask{{ID: "t", Href: to}}, Rows: []gridRow{{Slug: "s", Page: to, Cells: []gridCell{{Task: "t", Href: to}}}}}
		checkHrefs(t, lang+" grid", exec("track", "grid", g), 3)
		tp := page{Task: &taskPageView{ID: "t", Track: to, Rows: []taskRow{{Slug: "s", Report: to, Page: to}}}, Track: &Track{Title: TrackTitle{"t", "t"}}, Season: &seasonView{}}
		checkHrefs(t, lang+" task rows", exec("task", "content", tp), 3)
		pp := page{Participant: &participantPageView{Tracks: []participantTrack{{Name: "n", Report: to, Table: to}}}, Season: &seasonView{}}
		checkHrefs(t, lang+" participant", exec("participant", "content", pp), 2)
	}
	link := funcs(messages.French)["link"].(func(sitepath.Href, any) (template.HTML, error))
	for _, text := range []any{"texte", template.HTML("<code>x</code>")} {
		h, err := link(sitepath.Link(sitepath.Home(), sitepath.Content(js)), text)
		if err != nil {
			t.Fatal(err)
		}
		checkHrefs(t, "link", string(h), 1)
	}
}
