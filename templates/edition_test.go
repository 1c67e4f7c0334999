package templates

import (
	"slices"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/templates/messages"
)

// TestEnglishNumbersAndDates: the English edition writes the same counts
// the English way, from its catalogue: a decimal point, no space before
// %, "95% CI", and dates in English in UTC, the first of the month as 1.
func TestEnglishNumbersAndDates(t *testing.T) {
	if messages.EnglishErr != nil {
		t.Fatal(messages.EnglishErr)
	}
	l := &locale{cat: messages.English}
	for _, c := range []struct {
		got, want string
	}{
		{l.rate(3, 17), "3/17 (18%)"},
		{l.rate(9, 10), "9/10 (90%)"},
		{l.rate(1, 8), "1/8 (13%)"},
		{l.rate(100, 1600), "100/1600 (6.3%)"},
		{l.rate(176, 1000), "176/1000 (17.6%)"},
		{l.rate(999999, 1000000), "999999/1000000 (100.0%)"},
		{l.rate(1, 0), "not applicable"},
		{l.interval(7, 10), "95%\u00a0CI: 40\u2060–\u206089%"},
		{l.interval(10, 10), "95%\u00a0CI: 72\u2060–\u2060100%"},
		{l.permille(125), "13%"},
		{l.count(3, 10), "3/10"},
		{l.date("2026-10-01T00:00:00Z"), "1 October 2026 at 00:00:00 UTC"},
		{l.date("2026-10-31T23:59:59Z"), "31 October 2026 at 23:59:59 UTC"},
		{l.date("2026-08-15T12:00:00+02:00"), "15 August 2026 at 10:00:00 UTC"},
		{l.text("track.tasks", "n", 0), "0 tasks"},
		{l.text("track.tasks", "n", 1), "1 task"},
		{l.text("report.toc.unsupported", "n", 2), "2 unsupported claims"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	if l.err != nil {
		t.Fatal(l.err)
	}
}

// TestEnglishCatalogueServesEveryUse: every key a component or the Go code
// looks up is in the English catalogue too, and every call passes the
// arguments its English message asks for, in every plural form.
func TestEnglishCatalogueServesEveryUse(t *testing.T) {
	if messages.EnglishErr != nil {
		t.Fatal(messages.EnglishErr)
	}
	for _, u := range goUses(t) {
		if u.key == "" {
			continue
		}
		for _, n := range []int{0, 1, 2} {
			var args []any
			for _, name := range u.names {
				if name == "n" {
					args = append(args, name, n)
				} else {
					args = append(args, name, "x")
				}
			}
			var err error
			if u.html {
				_, err = messages.English.HTML(u.key, args...)
			} else {
				_, err = messages.English.Text(u.key, args...)
			}
			if err != nil {
				t.Errorf("%s: %v", u.where, err)
				break
			}
		}
	}
}

// TestRenderEditions: Render gives every page twice, French at its path
// and English under en/ at the same path, in the same order, each with
// its language; the hand site's pages name the machine files at their
// French paths.
func TestRenderEditions(t *testing.T) {
	pages, err := Render(handSite())
	if err != nil {
		t.Fatal(err)
	}
	var fr, en []string
	for _, p := range pages {
		switch {
		case strings.HasPrefix(p.Name, "en/") && p.Lang == "en":
			en = append(en, strings.TrimPrefix(p.Name, "en/"))
		case p.Lang == "fr":
			fr = append(fr, p.Name)
		default:
			t.Errorf("%s: lang %q", p.Name, p.Lang)
		}
	}
	if len(fr) < 10 || !slices.Equal(fr, en) {
		t.Errorf("French pages %v, English %v", fr, en)
	}
	for _, p := range pages {
		if p.Name == "en/saison-3/conformite/index.html" {
			for _, want := range []string{`href="../../../saison-3/conformite/results.json"`, `href="../../../saison-3/conformite/participants/un/report.json"`, `href="../../../SHA256SUMS"`, `href="participants/un/index.html"`} {
				if !strings.Contains(string(p.HTML), want) {
					t.Errorf("%s lacks %s", p.Name, want)
				}
			}
		}
	}
	for _, c := range []struct{ lang, want string }{{"fr", "déclarative"}, {"en", "declarative"}} {
		if got, err := Declarative(c.lang); err != nil || got != c.want {
			t.Errorf("Declarative(%s) = %q, %v", c.lang, got, err)
		}
	}
	if _, err := Declarative("de"); err == nil {
		t.Error("Declarative(de) has a word")
	}
}
