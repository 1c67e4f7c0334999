package templates

import (
	"context"
	"html"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/a-h/templ"

	"github.com/ark-forge/proveit/internal/sitepath"
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
		if h[1] == "data:," || h[1] == SourceRepository {
			continue // the layout's empty icon, and the one link out of the site, a constant
		}
		u, err := url.Parse(html.UnescapeString(h[1])) // the value as the browser reads it
		if err != nil || u.Scheme != "" || strings.HasPrefix(strings.ToLower(h[1]), "javascript:") {
			t.Errorf("%s: href=%q has a scheme (%v)", what, h[1], err)
		}
	}
}

// TestHrefsHaveNoScheme: every href the components write is a
// sitepath.Href, which only package sitepath makes; made from an id that
// reads as a scheme, it is written with no scheme, in both editions: the
// layout's links (alternates, language switch, breadcrumbs, content pages,
// SHA256SUMS), a track table's row, a report's tasks (their task page, a
// proof), the links a message carries (link, linkText), the grid, a task
// page's row and a participant page's tracks.
func TestHrefsHaveNoScheme(t *testing.T) {
	en, err := newEnglish()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []*renderer{french, en} {
		l := &locale{cat: r.cat}
		exec := func(c templ.Component) string {
			t.Helper()
			var b strings.Builder
			if err := c.Render(context.Background(), &b); err != nil {
				t.Fatal(err)
			}
			return b.String()
		}
		lang := r.cat.Lang()
		at := sitepath.Content(js).In(r.ed)
		to := sitepath.Link(at, sitepath.Content(js))
		p := page{Title: "t", Label: "l", Home: to, Sums: to, Trail: []link{{"c", sitepath.ThroughRoot(at, sitepath.Content(js))}},
			Alternates: []alternate{{Lang: "fr", Href: sitepath.Alternate(at, sitepath.French)}},
			Switch:     alternate{Lang: "en", Href: sitepath.Alternate(at, sitepath.English), Text: "en"}, Nav: []link{{"p", to}}}
		checkHrefs(t, lang+" layout", exec(layout(l, &p, templ.NopComponent)), 6)
		rw := row{Slug: "s", Report: to, ReportJSON: to, Page: to, Unsupported: []assertionLink{{Label: "a", Href: to.At(js)}}}
		checkHrefs(t, lang+" track row", exec(tableRow(l, &rw)), 9)
		rv := &reportView{Tasks: []taskView{{ID: "t", Anchor: "a", Page: to, Evaluated: true,
			Assertions: []assertionView{{ID: "x", Proofs: []proofView{{ID: "p", Href: to}}}}}}}
		checkHrefs(t, lang+" report tasks", exec(reportTask(l, rv, &rv.Tasks[0])), 2)
		g := &gridView{Tasks: []gridTask{{ID: "t", Href: to}}, Rows: []gridRow{{Slug: "s", Page: to, Cells: []gridCell{{Task: "t", Href: to}}}}}
		checkHrefs(t, lang+" grid", exec(grid(l, g)), 3)
		tp := page{Task: &taskPageView{ID: "t", Track: to, Rows: []taskRow{{Slug: "s", Report: to, Page: to}}}, Track: &Track{Title: TrackTitle{"t", "t"}}, Season: &seasonView{}}
		checkHrefs(t, lang+" task rows", exec(taskContent(l, &tp)), 3)
		pp := page{Participant: &participantPageView{Tracks: []participantTrack{{Name: "n", Report: to, Table: to}}}, Season: &seasonView{}}
		checkHrefs(t, lang+" participant", exec(participantContent(l, &pp)), 2)
		checkHrefs(t, lang+" link", string(l.link(sitepath.Link(sitepath.Home(), sitepath.Content(js)), "texte")), 1)
		checkHrefs(t, lang+" linkText", string(l.linkText(sitepath.Link(sitepath.Home(), sitepath.Content(js)), l.msg("site.name"))), 1)
		if l.err != nil {
			t.Fatal(l.err)
		}
	}
}

// TestTemplSanitizesHrefs: an href no sitepath.Href gave, a string that
// reads as a scripting scheme, is not written live: templ sanitizes every
// href (templ.URL), so that a link written with a plain string by mistake
// cannot run a script. The schemes the site writes (a relative reference,
// mailto:) stay.
func TestTemplSanitizesHrefs(t *testing.T) {
	for in, want := range map[string]string{
		js:                     `href="about:invalid#TemplFailedSanitizationURL"`,
		"JavaScript:alert(1)":  `href="about:invalid#TemplFailedSanitizationURL"`,
		"data:text/html,<b>":   `href="about:invalid#TemplFailedSanitizationURL"`,
		"vbscript:x":           `href="about:invalid#TemplFailedSanitizationURL"`,
		"mailto:a@example.org": `href="mailto:a@example.org"`,
		"../a%3Ab.html#x":      `href="../a%3Ab.html#x"`,
		`a"b<c`:                `href="a&#34;b&lt;c"`,
	} {
		var b strings.Builder
		if err := linkFragment(in, "x").Render(context.Background(), &b); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), want) {
			t.Errorf("link to %q = %s, want %s", in, b.String(), want)
		}
	}
}
