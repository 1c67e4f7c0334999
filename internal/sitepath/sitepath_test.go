package sitepath

import (
	"net/url"
	"path"
	"strconv"
	"strings"
	"testing"
)

// TestLayout: every constructor's path, written out. The site's addresses
// are published: a change here changes every link to the page or file,
// and must be deliberate.
func TestLayout(t *testing.T) {
	for _, c := range []struct {
		got  Target
		want string
	}{
		{Home(), "index.html"},
		{Content("methode"), "methode.html"},
		{Season(0), "saison-0/index.html"},
		{Season(12), "saison-12/index.html"},
		{Incidents(1), "saison-1/incidents.html"},
		{Dossier(1), "saison-1/dossier/index.html"},
		{Corrections(1), "saison-1/corrections/index.html"},
		{Participant(1, "albatros"), "saison-1/participants/albatros.html"},
		{Track(1, "conformite"), "saison-1/conformite/index.html"},
		{Task(1, "conformite", "conf-01"), "saison-1/conformite/taches/conf-01.html"},
		{Report(1, "conformite", "albatros"), "saison-1/conformite/participants/albatros/index.html"},
		{Home().In(English), "en/index.html"},
		{Report(1, "conformite", "albatros").In(English), "en/saison-1/conformite/participants/albatros/index.html"},
		{Report(1, "conformite", "albatros").In(English).In(French), "saison-1/conformite/participants/albatros/index.html"},
		{Sums(), "SHA256SUMS"},
		{IndexJSON(), "index.json"},
		{Schema("results.schema.json"), "schemas/results.schema.json"},
		{Results(1, "conformite"), "saison-1/conformite/results.json"},
		{ResultsCSV(1, "conformite"), "saison-1/conformite/results.csv"},
		{ReportJSON(1, "conformite", "albatros"), "saison-1/conformite/participants/albatros/report.json"},
		{Proof(1, "prf_20261007_140000_fa6a62"), "saison-1/preuves/prf_20261007_140000_fa6a62.json"},
		{Feed(1), "saison-1/corrections/feed.xml"},
		{DossierFile(1, "season.toml"), "saison-1/dossier/season.toml"},
		{DossierFile(1, "conformite/corpus/manifest.json"), "saison-1/dossier/conformite/corpus/manifest.json"},
	} {
		if got := c.got.sitePath(); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
		if s, ok := c.got.(interface{ String() string }); !ok || s.String() != c.want {
			t.Errorf("String() of %q is not its path", c.want)
		}
	}
}

// editions are the site's editions.
var editions = []Edition{French, English}

// constructors are every constructor given one id, for the tests of ids a
// constructor refuses or keeps.
var constructors = []struct {
	name string
	make func(id string) Target
}{
	{"Content", func(id string) Target { return Content(id) }},
	{"Participant", func(id string) Target { return Participant(0, id) }},
	{"Track", func(id string) Target { return Track(0, id) }},
	{"Task/track", func(id string) Target { return Task(0, id, "t-01") }},
	{"Task/task", func(id string) Target { return Task(0, "t", id) }},
	{"Report/track", func(id string) Target { return Report(0, id, "s") }},
	{"Report/slug", func(id string) Target { return Report(0, "t", id) }},
	{"Schema", func(id string) Target { return Schema(id) }},
	{"Results", func(id string) Target { return Results(0, id) }},
	{"ResultsCSV", func(id string) Target { return ResultsCSV(0, id) }},
	{"ReportJSON/track", func(id string) Target { return ReportJSON(0, id, "s") }},
	{"ReportJSON/slug", func(id string) Target { return ReportJSON(0, "t", id) }},
	{"Proof", func(id string) Target { return Proof(0, id) }},
	{"DossierFile", func(id string) Target { return DossierFile(0, id) }},
	{"DossierFile/dir", func(id string) Target { return DossierFile(0, "d/"+id) }},
}

// TestRefusesWhatLeavesItsPlace: an id that would change the tree's shape
// (empty, a dot segment, a separator, NUL) makes every constructor panic,
// naming the id, rather than return a path elsewhere in the site or
// outside it; so does a negative season.
func TestRefusesWhatLeavesItsPlace(t *testing.T) {
	bad := []string{"", ".", "..", "../x", "x/..", "a/b", "/a", `a\b`, `..\x`, "a\x00b"}
	for _, c := range constructors {
		for _, id := range bad {
			if strings.HasPrefix(c.name, "DossierFile") && id == "a/b" {
				continue // a path in the season's directory
			}
			func() {
				defer func() {
					r := recover()
					msg, _ := r.(string)
					if r == nil {
						t.Errorf("%s(%q) did not panic", c.name, id)
					} else if !strings.Contains(msg, "sitepath:") || !strings.Contains(msg, strings.Trim(strconv.Quote(id), `"`)) {
						t.Errorf("%s(%q) panicked with %v, which does not name the id", c.name, id, r)
					}
				}()
				c.make(id)
			}()
		}
	}
	for _, bad := range []string{"a//b", "a/", "a/./b"} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("DossierFile(%q) did not panic", bad)
				}
			}()
			DossierFile(0, bad)
		}()
	}
	defer func() {
		if recover() == nil {
			t.Error("Season(-1) did not panic")
		}
	}()
	Season(-1)
}

// TestKeepsOddIDsInside: an id that is a segment but needs escaping in a
// URL ('%', a space, non-ASCII, a colon, '?', '#') is kept as it is in the
// path, which stays inside the site; its link is percent-encoded, has no
// scheme, and reaches the file.
func TestKeepsOddIDsInside(t *testing.T) {
	odd := []string{"%", "50%", "%2e%2e", "a b", "é", "ü-1", "javascript:alert(1)", "a?b", "a#b", "a;b", "<x>", `"q"`, "~x"}
	from := Report(0, "t", "s")
	for _, c := range constructors {
		for _, id := range odd {
			to := c.make(id)
			p := to.sitePath()
			if !strings.Contains(p, id) {
				t.Errorf("%s(%q) = %q, the id changed", c.name, id, p)
			}
			if path.Clean(p) != p || strings.HasPrefix(p, "/") || strings.Contains("/"+p+"/", "/../") {
				t.Errorf("%s(%q) = %q, not a clean path inside the site", c.name, id, p)
			}
			for _, e := range editions {
				checkReaches(t, c.name+" "+id, from.In(e), Link(from.In(e), to), to)
			}
		}
	}
	if got, want := Link(Home(), Content("javascript:alert(1)")).String(), "javascript%3Aalert%281%29.html"; got != want {
		t.Errorf("a colon in the first segment: got %q, want %q", got, want)
	}
	if got, want := Link(Home(), Participant(0, "a b%é")).String(), "saison-0/participants/a%20b%25%C3%A9.html"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// checkReaches fails t unless h, written on the page from, is a relative
// reference with no scheme that resolves to to.
func checkReaches(t *testing.T, what string, from Page, h Href, to Target) {
	t.Helper()
	base, err := url.Parse("https://site.test/" + escape(from.String()))
	if err != nil {
		t.Fatal(err)
	}
	ref, err := url.Parse(h.String())
	if err != nil {
		t.Errorf("%s: %q does not parse: %v", what, h, err)
		return
	}
	if ref.Scheme != "" || ref.Host != "" || strings.HasPrefix(h.String(), "/") {
		t.Errorf("%s: %q is not a relative path reference", what, h)
	}
	want := to.sitePath()
	if p, ok := to.(Page); ok {
		want = p.In(from.ed).String()
	}
	if got := base.ResolveReference(ref).Path; got != "/"+want {
		t.Errorf("%s: %q from %s reaches %q, want %q", what, h, from, got, "/"+want)
	}
}

// pages and files are a sample of the site, at every depth.
var (
	pages = []Page{Home(), Content("methode"), Season(0), Incidents(0), Dossier(0), Corrections(0), Participant(0, "a"),
		Track(0, "t"), Task(0, "t", "t-01"), Report(0, "t", "a"), Report(0, "u", "b"), Season(1), Track(1, "t")}
	files = []File{Sums(), IndexJSON(), Schema("s.json"), Results(0, "t"), ResultsCSV(0, "t"), ReportJSON(0, "t", "a"),
		Proof(0, "p"), Feed(0), DossierFile(0, "season.toml"), DossierFile(0, "t/corpus/manifest.json"), Results(1, "t")}
)

// TestEveryLinkReaches: from every page of both editions, every link
// form to every page and file resolves to it; a page's links to the pages
// of its edition do not depend on the edition.
func TestEveryLinkReaches(t *testing.T) {
	for _, fp := range pages {
		for _, e := range editions {
			from := fp.In(e)
			for _, to := range pages {
				checkReaches(t, "Link", from, Link(from, to), to)
				checkReaches(t, "ThroughRoot", from, ThroughRoot(from, to), to)
				if Link(from, to) != Link(fp, to) {
					t.Errorf("Link(%s, %s) = %q, from French %q", from, to, Link(from, to), Link(fp, to))
				}
			}
			for _, to := range files {
				checkReaches(t, "Link", from, Link(from, to), to)
			}
			for _, other := range editions {
				a := Alternate(from, other)
				if got, want := resolve(t, from, a), "/"+fp.In(other).String(); got != want {
					t.Errorf("Alternate(%s, %d) = %q reaches %s, want %s", from, other, a, got, want)
				}
				if !strings.HasPrefix(a.String(), strings.Repeat("../", strings.Count(from.String(), "/"))) {
					t.Errorf("Alternate(%s, %d) = %q, not through the site's root", from, other, a)
				}
			}
		}
	}
}

func resolve(t *testing.T, from Page, h Href) string {
	t.Helper()
	base, _ := url.Parse("https://site.test/" + escape(from.String()))
	ref, err := url.Parse(h.String())
	if err != nil {
		t.Fatal(err)
	}
	return base.ResolveReference(ref).Path
}

// TestLinks: the links the pages write, both ways between two places, in
// each form.
func TestLinks(t *testing.T) {
	report, track := Report(0, "conformite", "albatros"), Track(0, "conformite")
	for _, c := range []struct {
		what string
		got  Href
		want string
	}{
		{"track → report", Link(track, report), "participants/albatros/index.html"},
		{"report → track", Link(report, track), "../../index.html"},
		{"report → participant", Link(report, Participant(0, "albatros")), "../../../participants/albatros.html"},
		{"participant → report", Link(Participant(0, "albatros"), report), "../conformite/participants/albatros/index.html"},
		{"report → task", Link(report, Task(0, "conformite", "conf-01")), "../../taches/conf-01.html"},
		{"task → report", Link(Task(0, "conformite", "conf-01"), report).At("tache-conf-01"), "../participants/albatros/index.html#tache-conf-01"},
		{"report → itself", Link(report, report), "index.html"},
		{"home → season", Link(Home(), Season(2)), "saison-2/index.html"},
		{"season → home", Link(Season(2), Home()), "../index.html"},
		{"season 0 → season 1", Link(Season(0), Season(1)), "../saison-1/index.html"},
		{"season → its results.json", Link(Season(0), Results(0, "conformite")), "conformite/results.json"},
		{"English season → results.json", Link(Season(0).In(English), Results(0, "conformite")), "../../saison-0/conformite/results.json"},
		{"English report → report.json", Link(report.In(English), ReportJSON(0, "conformite", "albatros")), "../../../../../saison-0/conformite/participants/albatros/report.json"},
		{"English report → SHA256SUMS", Link(report.In(English), Sums()), "../../../../../SHA256SUMS"},
		{"report → SHA256SUMS", Link(report, Sums()), "../../../../SHA256SUMS"},
		{"crumb track → season", ThroughRoot(track, Season(0)), "../../saison-0/index.html"},
		{"crumb English track → season", ThroughRoot(track.In(English), Season(0)), "../../saison-0/index.html"},
		{"crumb season → home", ThroughRoot(Season(0), Home()), "../index.html"},
		{"alternate French → English", Alternate(track, English), "../../en/saison-0/conformite/index.html"},
		{"alternate English → French", Alternate(track.In(English), French), "../../../saison-0/conformite/index.html"},
		{"alternate of itself", Alternate(track, French), "../../saison-0/conformite/index.html"},
		{"proof from a report", Link(report, Proof(0, "p")), "../../../preuves/p.json"},
		{"proof from an English report", Link(report.In(English), Proof(0, "p")), "../../../../../saison-0/preuves/p.json"},
		{"proof from an English register", Link(Corrections(0).In(English), Proof(0, "p")), "../../../saison-0/preuves/p.json"},
		{"proof from an English season", Link(Season(0).In(English), Proof(0, "p")), "../../saison-0/preuves/p.json"},
		{"results.json → report.json", FileLink(Results(0, "conformite"), ReportJSON(0, "conformite", "albatros")), "participants/albatros/report.json"},
		{"report.json → results.json", FileLink(ReportJSON(0, "conformite", "albatros"), Results(0, "conformite")), "../../results.json"},
		{"index.json → results.json", FileLink(IndexJSON(), Results(0, "conformite")), "saison-0/conformite/results.json"},
		{"feed", URL(Feed(0)), "https://proveit.arkforge.tech/saison-0/corrections/feed.xml"},
		{"feed entry", URL(Corrections(0)).At("C-2026-001"), "https://proveit.arkforge.tech/saison-0/corrections/index.html#C-2026-001"},
		{"odd fragment", Link(Home(), Home()).At("a b#é:"), "index.html#a%20b%23%C3%A9%3A"},
	} {
		if c.got.String() != c.want {
			t.Errorf("%s: got %q, want %q", c.what, c.got, c.want)
		}
	}
	if !(Href{}).IsZero() || Link(Home(), Home()).IsZero() {
		t.Error("IsZero")
	}
}

// TestRel: the shortest reference between two paths, where they share
// nothing, a directory, or a name that is a directory on one side and the
// file on the other.
func TestRel(t *testing.T) {
	for _, c := range []struct{ from, to, want string }{
		{"x.html", "y.html", "y.html"},
		{"x.html", "x.html", "x.html"},
		{"a/x.html", "a/x.html", "x.html"},
		{"a/x.html", "b/x.html", "../b/x.html"},
		{"a/b/x.html", "a/c/y.html", "../c/y.html"},
		{"a/b/x.html", "a/b", "../b"},
		{"a/b/x.html", "a", "../../a"},
		{"x.html", "a/b/y.html", "a/b/y.html"},
		{"a/b/c/x.html", "y.html", "../../../y.html"},
	} {
		if got := rel(c.from, c.to).String(); got != c.want {
			t.Errorf("rel(%q, %q) = %q, want %q", c.from, c.to, got, c.want)
		}
	}
}

// TestParseSeason: ParseSeason reads back the directory Season writes,
// and nothing else.
func TestParseSeason(t *testing.T) {
	for _, n := range []int{0, 1, 10, 123} {
		dir, _, _ := strings.Cut(Season(n).String(), "/")
		if got, ok := ParseSeason(dir); !ok || got != n {
			t.Errorf("ParseSeason(%q) = %d, %v, want %d", dir, got, ok, n)
		}
	}
	for _, name := range []string{"saison-", "saison-01", "saison--1", "saison-+1", "saison-x", "season-1", "saison-1/", "Saison-1", "en"} {
		if n, ok := ParseSeason(name); ok {
			t.Errorf("ParseSeason(%q) = %d, true", name, n)
		}
	}
}
