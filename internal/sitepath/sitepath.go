// Package sitepath owns the site's layout: where every page and file of a
// built site lives, and how one page links another page or a file.
//
// A Page is an HTML page, in one edition: French at the root of the site,
// English under en/, the same pages at the same paths. A File is a machine
// file (results.json, results.csv, report.json, a proof view, a dossier
// file, the Atom feed, the schemas, index.json, SHA256SUMS): it exists
// once, at its French path, and the English pages link it there. An Href
// is a link written in a page: a relative URL reference, every segment
// percent-encoded. The three are distinct types whose values only this
// package makes, so a page cannot link a file by a path written by hand, an
// English copy of a machine file cannot be named, and a Page cannot be
// written where an Href is expected.
//
// Every constructor takes ids the season loader has already checked
// (scorer/season: a track name, a slug, a task id, a proof id; a season
// number ≥ 0). Whatever it is given, a constructor never returns a path
// outside the site's root: an id that is empty, "." or "..", or that holds
// a '/', a '\\' or a NUL (IsSegment) would change the shape of the tree,
// and the constructor panics, as regexp.MustCompile does, naming the id;
// it is a bug of the caller, not an input error. Any other byte is kept in
// the path (a file may be named so) and percent-encoded in an Href, so that
// the pages, which write an Href's text as it is (escaped as an attribute's
// value), link the file: "a b" is linked as "a%20b", "50%" as "50%25", "é"
// as "%C3%A9", and a colon as "%3A", so that no first segment reads as a
// scheme ("javascript:x.html"). An Href is a plain value, never a
// templ.SafeURL: templ still sanitizes it in an href (templ.URL) as any
// string, and finds nothing to change.
//
// Link is the shortest relative reference from a page to a page of its
// edition or to a file. The published pages write two other forms, which
// reach the same places by longer paths and are kept so that the pages'
// bytes stay what they were: ThroughRoot (the breadcrumbs) and Alternate
// (the other editions of a page).
package sitepath

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// Edition is one language of the site.
type Edition uint8

const (
	French  Edition = iota // at the root of the site; the reference and x-default
	English                // under en/
)

// dir is the edition's directory in the site: "" or "en/".
func (e Edition) dir() string {
	if e == English {
		return "en/"
	}
	return ""
}

// Page is an HTML page of the site in one edition. Its zero value is the
// French home page.
type Page struct {
	ed  Edition
	rel string // its path from its edition's root; "" for index.html
}

// File is a machine file of the site, at its one (French) path.
type File struct{ rel string }

// Target is what a page links: a Page or a File.
type Target interface{ sitePath() string }

func (p Page) sitePath() string { return p.String() }
func (f File) sitePath() string { return f.rel }

// String is the page's path from the site's root, slash-separated: the name
// the build writes it under.
func (p Page) String() string { return p.ed.dir() + p.path() }

// path is the page's path from its edition's root.
func (p Page) path() string {
	if p.rel == "" {
		return "index.html"
	}
	return p.rel
}

// In is the same page in edition e.
func (p Page) In(e Edition) Page {
	p.ed = e
	return p
}

// String is the file's path from the site's root, slash-separated.
func (f File) String() string { return f.rel }

// Href is a link written in a page: a relative URL reference, its path
// percent-encoded segment by segment, with an optional fragment. Its zero
// value is no link (IsZero).
type Href struct{ s string }

// String is the reference as written in an href attribute.
func (h Href) String() string { return h.s }

// IsZero reports whether h is no link.
func (h Href) IsZero() bool { return h.s == "" }

// At is h with the fragment id, which points into the page it links
// (an anchor the page writes as an element's id).
func (h Href) At(id string) Href {
	return Href{h.s + "#" + escape(id)}
}

// IsSegment reports whether name may be one segment of a site path: not
// empty, not "." or "..", and without '/', '\\' or NUL. Every id a
// constructor places in a path must be one.
func IsSegment(name string) bool {
	return name != "" && name != "." && name != ".." && !strings.ContainsAny(name, "/\\\x00")
}

// segment returns name if it is a segment (IsSegment) and panics otherwise,
// naming what it was for.
func segment(what, name string) string {
	if !IsSegment(name) {
		panic(fmt.Sprintf("sitepath: %s %q is not a path segment (empty, \".\", \"..\", or holding '/', '\\\\' or NUL)", what, name))
	}
	return name
}

// seasonDir is "saison-<n>/".
func seasonDir(n int) string {
	if n < 0 {
		panic(fmt.Sprintf("sitepath: season number %d is negative", n))
	}
	return "saison-" + strconv.Itoa(n) + "/"
}

// ParseSeason returns the number of a season's directory name, saison-<n>,
// as Season writes it; false for any other name.
func ParseSeason(name string) (int, bool) {
	rest, ok := strings.CutPrefix(name, "saison-")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	if err != nil || strconv.Itoa(n) != rest || n < 0 {
		return 0, false
	}
	return n, true
}

// The pages, in French: Page.In gives their English copy.

// Home is the list of seasons, index.html.
func Home() Page { return Page{} }

// Content is the content page rendered from the Markdown file name.md:
// name.html, at the edition's root.
func Content(name string) Page { return Page{rel: segment("content page", name) + ".html"} }

// Season is a season's page, saison-<n>/index.html.
func Season(n int) Page { return Page{rel: seasonDir(n) + "index.html"} }

// Incidents is a closed season's incidents page, saison-<n>/incidents.html.
func Incidents(n int) Page { return Page{rel: seasonDir(n) + "incidents.html"} }

// Dossier is a closed season's evidence dossier page,
// saison-<n>/dossier/index.html.
func Dossier(n int) Page { return Page{rel: seasonDir(n) + "dossier/index.html"} }

// Corrections is a season's register of decisions,
// saison-<n>/corrections/index.html.
func Corrections(n int) Page { return Page{rel: seasonDir(n) + "corrections/index.html"} }

// Participant is a participant's page across the tracks of a season,
// saison-<n>/participants/<slug>.html.
func Participant(n int, slug string) Page {
	return Page{rel: seasonDir(n) + "participants/" + segment("participant slug", slug) + ".html"}
}

// Track is a scored track's table, saison-<n>/<track>/index.html.
func Track(n int, track string) Page {
	return Page{rel: trackDir(n, track) + "index.html"}
}

// Task is a task's page, saison-<n>/<track>/taches/<task>.html.
func Task(n int, track, task string) Page {
	return Page{rel: trackDir(n, track) + "taches/" + segment("task id", task) + ".html"}
}

// Report is a participant's report on a track,
// saison-<n>/<track>/participants/<slug>/index.html.
func Report(n int, track, slug string) Page {
	return Page{rel: reportDir(n, track, slug) + "index.html"}
}

func trackDir(n int, track string) string { return seasonDir(n) + segment("track name", track) + "/" }

func reportDir(n int, track, slug string) string {
	return trackDir(n, track) + "participants/" + segment("participant slug", slug) + "/"
}

// The machine files.

// Sums is the site's SHA256SUMS.
func Sums() File { return File{"SHA256SUMS"} }

// IndexJSON is the site's index.json.
func IndexJSON() File { return File{"index.json"} }

// Verifier is the reader's verifier, verifier/proveit_verify.py: a copy
// of the site carries what re-checks it.
func Verifier() File { return File{"verifier/proveit_verify.py"} }

// Schema is the JSON Schema file name, schemas/<name>.
func Schema(name string) File { return File{"schemas/" + segment("schema", name)} }

// Results is a scored track's results.json, saison-<n>/<track>/results.json.
func Results(n int, track string) File { return File{trackDir(n, track) + "results.json"} }

// ResultsCSV is a scored track's results.csv, beside its results.json.
func ResultsCSV(n int, track string) File { return File{trackDir(n, track) + "results.csv"} }

// ResultsCSVMetadata is the CSV on the Web metadata file of a track's
// results.csv, beside it, named as the W3C's locating rule expects
// (<csv>-metadata.json).
func ResultsCSVMetadata(n int, track string) File {
	return File{trackDir(n, track) + "results.csv-metadata.json"}
}

// ReportJSON is a participant's report.json on a track, beside its report
// page.
func ReportJSON(n int, track, slug string) File {
	return File{reportDir(n, track, slug) + "report.json"}
}

// Proof is the copy of a cached proof view, saison-<n>/preuves/<id>.json.
func Proof(n int, id string) File {
	return File{seasonDir(n) + "preuves/" + segment("proof id", id) + ".json"}
}

// Feed is a season's Atom feed of decisions, saison-<n>/corrections/feed.xml.
func Feed(n int) File { return File{seasonDir(n) + "corrections/feed.xml"} }

// DossierFile is a file of a closed season's evidence dossier, at rel, its
// slash-separated path in the season's directory:
// saison-<n>/dossier/<rel>. Each of rel's segments must be one (IsSegment).
func DossierFile(n int, rel string) File {
	for s := range strings.SplitSeq(rel, "/") {
		segment("dossier path "+strconv.Quote(rel)+": segment", s)
	}
	return File{seasonDir(n) + "dossier/" + rel}
}

// Links.

// siteURL is the address the site is published at.
const siteURL = "https://proveit.arkforge.tech/"

// URL is the absolute address of t on the published site, for what is
// read away from it (the Atom feed's links).
func URL(t Target) Href { return Href{siteURL + escape(t.sitePath())} }

// Link is the link from the page from to to, the shortest relative
// reference: down from the directory the two share. A page links the pages
// of its own edition (to is taken in from's edition; Alternate links the
// other one) and the machine files at their one path.
func Link(from Page, to Target) Href {
	if p, ok := to.(Page); ok {
		to = p.In(from.ed)
	}
	return rel(from.String(), to.sitePath())
}

// FileLink is the link from the file from to the file to, relative to
// from's directory, as one machine file names another (results.json names
// each report.json).
func FileLink(from, to File) Href { return rel(from.rel, to.rel) }

// ThroughRoot is the link from the page from to the page to of its edition
// written through the edition's root: up to it, then down the whole of
// to's path. The breadcrumbs are written so.
func ThroughRoot(from, to Page) Href {
	return Href{up(from.path()) + escape(to.path())}
}

// Alternate is the link from the page from to the same page in edition e,
// itself included, written through the site's root: up to it, then down
// the whole of the page's path in e. The alternates of <link
// rel="alternate" hreflang> and the visible switch are written so.
func Alternate(from Page, e Edition) Href {
	return Href{up(from.String()) + escape(from.In(e).String())}
}

// rel is the shortest relative reference from the file at path from to the
// file at path to, both from the same root.
func rel(from, to string) Href {
	fd := strings.Split(from, "/")
	fd = fd[:len(fd)-1]
	td := strings.Split(to, "/")
	i := 0
	for i < len(fd) && i < len(td)-1 && fd[i] == td[i] {
		i++
	}
	return Href{strings.Repeat("../", len(fd)-i) + escape(strings.Join(td[i:], "/"))}
}

// up is the way up from the file at path p to the root its path starts
// from: "../" per directory.
func up(p string) string { return strings.Repeat("../", strings.Count(p, "/")) }

// escape percent-encodes each segment of the slash-separated path p as
// url.PathEscape does, and its colons too: a relative reference whose first
// segment holds a colon would read as a scheme ("javascript:x.html").
func escape(p string) string {
	if !needsEscape(p) {
		return p
	}
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i] = strings.ReplaceAll(url.PathEscape(s), ":", "%3A")
	}
	return strings.Join(segs, "/")
}

// needsEscape reports whether escape would change p: whether it holds a
// byte other than a letter, a digit, '-', '.', '_', '~' or '/'.
func needsEscape(p string) bool {
	for i := 0; i < len(p); i++ {
		c := p[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~/", c) >= 0 {
			continue
		}
		return true
	}
	return false
}
