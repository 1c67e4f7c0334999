// Package templates renders the PROVE IT Index into static HTML with templ
// components (github.com/a-h/templ): layout.templ, report.templ and
// pages.templ, compiled by `templ generate` (v0.3.1118) into the
// *_templ.go files beside them, which are committed. Every page needs no
// JavaScript and no external resource, and carries the AI Act art. 50
// label visibly and in machine-readable form. Before a page leaves the
// package, the publication guards of guard.go read it (§1, §7.3): a page
// that breaks one fails the build.
//
// # Words
//
// Every word the components and the view code show a reader comes from the
// message catalogue of package messages (messages/fr.toml), in the
// catalogue's language (French, lang="fr"); what stays inline is
// punctuation between data (", ", " — ", "·"), file names and anchors;
// every path and link of the site is made by package internal/sitepath, and
// a view holds its links as sitepath.Href values. The content pages are the
// Markdown of package content, in French, rendered as written. A component
// writes a message with locale.msg, a component of the catalogue's HTML
// (its text as written, its arguments escaped by the catalogue's
// html/template):
//
//	<caption>@l.msg("table.caption", "track", t.Name, "season", s.Number)</caption>
//
// and an attribute's value with locale.text, the message as plain text,
// which templ escapes there as any value:
//
//	<nav aria-label={ l.text("layout.breadcrumbs") }>
//
// An argument that is markup (code, a link, a time) is a fragment of
// layout.templ that templ renders (locale.code, locale.link,
// locale.datetime…), so that a message holds no URL and no class. No Go
// code of the package writes markup or escapes anything: every byte of a
// page is a component's text, a message of the catalogue, the Markdown of
// package content as goldmark renders it, or data templ escaped in its
// context (text, an attribute's value, an href sanitized by templ.URL, the
// JSON-LD written by templ.JSONScript); templ.Raw takes in the catalogue's
// messages (locale.msg) and the content pages' Markdown (pageContent), and
// nothing else; TestNoMarkupWrittenInGo holds the Go code to it. The Go
// code writes plain text with a locale (locale.go), whose text method
// takes the same keys and arguments; the components then escape that text
// as any data. The keys of the causes, task statuses and incident kinds
// are built from the codes of package score (cause.<code>.label,
// status.<code>.help, incident.<kind>), those of the trap families from
// key.json's codes (family.<code>). A missing message or argument is an
// error that fails the build, never an empty string; the tests check that
// every key used is in the catalogue and every key in the catalogue is
// used.
//
// templ writes the space between two inline nodes that the source puts on
// two lines; the components therefore keep each inline run on one line,
// write a text that follows a component with str, and an optional part of
// a run with when, so that a page holds the spaces its sentences need and
// no other.
//
// # Layout
//
// One style sheet, in layout.templ (styleElement), for every page. Below 40rem (a
// phone) the track table keeps four columns, the agent, both rates with
// their intervals and the tasks rendered, so that both rates of every row
// are read together without scrolling (§5.7); the cells marked col-detail
// (DID, declared stack, proofs) are hidden there and repeated in a
// <details> of the agent cell, whose summary names the stack declarative
// on the row. On a wider screen every row of the track table is at most
// two lines beside its notes, so that ten rows fit on a laptop's screen:
// the DID and the declared stack are cut to a line, whole in their title
// and in the copied text (the stack's label stays on its row, §7.3), and
// a row's counts and links to its unsupported assertions are folded in a
// <details>; the task grid fits 1280 px. The home page and a season's
// page show the head of each closed track's table (leadingTable). The
// tables marked empile (a season's tracks and freezes, a
// report's assertions) show one block per row on a phone, each value
// after its column's heading, which the rows write as data-label. Table
// semantics stay: caption, th scope, the thead kept for assistive
// technologies. overflow-wrap:anywhere is kept to ids, hashes and codes,
// and to the agent's name in the track table (a participant's name
// without a space would otherwise widen it); a rate's interval never
// breaks inside its range. prefers-color-scheme: dark has its own palette
// with the same contrast as the light one (text and links at least 7:1 on
// every background), the plot's classes included; print stays light.
// TestBrowser measures all of it in Chromium.
//
// # Editions
//
// The site has two editions of the same pages from the same data: French,
// the reference, at the root, and English under en/, at the same relative
// paths, rendered with messages/en.toml and the English Markdown of package
// content (content/en/). Every page links its counterpart both ways
// (<link rel="alternate" hreflang>, x-default being the French page) and
// shows a link to it. The machine files (results.json, results.csv,
// report.json, the proof views, the dossier, the Atom feed, SHA256SUMS)
// exist once, at their French paths: an English page links them there
// (sitepath.Link), so that the two editions cannot publish two copies that
// differ.
package templates

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"html/template"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/a-h/templ"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"

	"github.com/ark-forge/proveit/content"
	"github.com/ark-forge/proveit/internal/bilingual"
	"github.com/ark-forge/proveit/internal/sitepath"
	"github.com/ark-forge/proveit/scorer/score"
	"github.com/ark-forge/proveit/templates/messages"
)

// SourceType is the IPTC digital source type of the pages: media created
// by an algorithm, not by a model trained on samples.
const SourceType = score.AlgorithmicMedia

// NarrativeSourceType is the IPTC digital source type of the participants'
// narratives, quoted on the reports: text generated by a trained model.
const NarrativeSourceType = score.TrainedAlgorithmicMedia

// SourceRepository is where proveit's source code is published, linked
// from every page's footer, so that a reader can read the program that
// wrote the page and the verifier that re-checks it.
const SourceRepository = "https://github.com/ark-forge/proveit"

// Site is what the build renders: the seasons, in order.
type Site struct {
	Seasons []Season
	// InputsDigest is the digest of every season directory's files
	// (the inputs digest of package site, over all of them); Version the proveit that
	// built the site. Every page names both in its footer, a season's
	// pages with the season's own digest.
	InputsDigest string
	Version      string
}

// contentPage is a Markdown page of package content, rendered at the site root.
type contentPage struct {
	Title string // the text of its first "# " heading
	Page  sitepath.Page
	Body  template.HTML
}

// Season is one season as the build knows it.
type Season struct {
	Number   int
	Title    bilingual.Text
	OpensAt  string // RFC 3339
	ClosesAt string
	Closed   bool
	// Invalidated: a mid-season change invalidated the season (§8); its
	// page gives the reason and the date, and no score is published.
	Invalidated        bool
	InvalidationReason bilingual.Text
	InvalidatedAt      string // RFC 3339
	Demo               bool
	Tracks             []Track
	Proofs             []string // cached proof ids, their views copied (sitepath.Proof)
	// InputsDigest is the digest of the season directory's files.
	InputsDigest string
	// Dossier lists the evidence dossier of a closed season.
	Dossier *Dossier
	// Corrections is the register of decisions on the published results;
	// nil while the season has no publication snapshot.
	Corrections *Corrections
	// Publication is the season's anchored publication, verified; nil
	// until season.toml records it.
	Publication *Publication
	// Withheld are the notices of the moderation register, each in both
	// languages, by the notice the data carries in place of a withheld
	// text (its French version): a page of another language shows its
	// own version.
	Withheld map[string]bilingual.Text
}

// Publication is a season's anchored publication (README, « Publishing and contesting »), as its
// pages show it. Dates are RFC 3339.
type Publication struct {
	ProofID string
	// ViewCopied is set when the proof's view is copied with the season's
	// proof views (sitepath.Proof); not for an invalidated season.
	ViewCopied  bool
	PublishedAt string
	AnchoredAt  string // the token's genTime
	Digest      string // SHA-256 of the anchored payload's canonical JSON
	SumsSHA256  string // SHA-256 of published/SHA256SUMS
}

// Dossier is what the evidence dossier of a closed season holds, paths
// relative to the season's directory (sitepath.DossierFile).
type Dossier struct {
	Season, Trust []string
	// Published are the publication snapshots and SHA256SUMS; Sums is
	// "published/SHA256SUMS" when the season has it.
	Published    []string
	Sums         string
	Tracks       []DossierTrack
	Participants int
	RekorEntries int // under anchors/rekor/
}

// DossierTrack is one track's part of the dossier.
type DossierTrack struct {
	Name                string
	Title               TrackTitle
	Rules               []string // track.toml, bareme.md, preregistration.toml, key.json, key.salt
	Corpus, Submissions int      // how many files
}

// proofSet is the season's cached proof ids as a sorted list, read by
// binary search, held once for every edition rather than as a map per
// edition (docs/benchmarks.md). The build gives them sorted; a list that
// is not is sorted in a copy.
func (s Season) proofSet() proofSet {
	if slices.IsSorted(s.Proofs) {
		return s.Proofs
	}
	return slices.Sorted(slices.Values(s.Proofs))
}

// proofSet is a sorted list of proof ids.
type proofSet []string

// has reports whether id is in the set.
func (ps proofSet) has(id string) bool {
	_, ok := slices.BinarySearch(ps, id)
	return ok
}

// seasonView is a season as its pages show it.
type seasonView struct {
	Season
	// StatusText says what the season page may say of scores: an open
	// season shows none (§7.4), and a closed one none that this build did
	// not compute.
	StatusText string
	// Leading is each scored track's first rows, on the home page and the
	// season's page; none for an open or invalidated season.
	Leading []leadingTable
	// Href is the season's page, linked from the index.
	Href sitepath.Href
}

// Track is one track of a season.
type Track struct {
	Name         string
	Title        TrackTitle // the name the pages write it with
	Bareme       string
	Tasks        int
	Distribution []VerdictCount
	Participants int
	// Questions maps a task id to its question: French in track.toml,
	// English in questions.en.toml.
	Questions map[string]bilingual.Text
	// TaskIDs are the track's task ids, in track.toml's order (sorted).
	TaskIDs []string
	// Key is the sealed answer key, revealed at the close (§5.5): set when
	// the track is scored, nil while the season is open. A scored track
	// with a key has a page per task and a task × participant grid.
	Key map[string]*score.Expected
	// Freezes is the freeze history of the track (§8): verified by the
	// scorer when the track is scored, as declared in preregistration.toml
	// otherwise.
	Freezes []Freeze
	// Scored is set when the build scored the track: Result holds what
	// the track keeps of its scores, and its results.json, results.csv
	// and reports (Reports) are written beside the page.
	Scored bool
	Result *score.TrackResult
	// History maps HistoryKey(participant, task, assertion) to what a
	// decision changed on that assertion since the publication snapshot.
	History map[string]*History
	// RowHistory maps a participant's slug to the published rates a
	// decision changed.
	RowHistory map[string]*RowHistory
}

// Freeze is one line of a track's freeze history.
type Freeze struct {
	Bareme       string
	ProofID      string
	Cached       bool   // its view is in the proof cache, copied (sitepath.Proof)
	AnchoredAt   string // RFC 3339, the RFC 3161 token's time; "" when not verified
	Current      bool
	SupersededBy string
	Reason       bilingual.Text
	Verified     bool
}

// VerdictCount is one line of a published verdict distribution.
type VerdictCount struct {
	Verdict string
	Count   int
}

// crumb is a step of the breadcrumbs: a page of the edition and its label.
type crumb struct {
	Label string
	To    sitepath.Page
}

// link is a link as a page writes it: its text and its href.
type link struct {
	Text string
	Href sitepath.Href
}

type page struct {
	Title       string
	Description string
	Label       string
	StyleHash   string         // the style element's, for the Content-Security-Policy (renderer.styleHash)
	LabelJSONLD map[string]any // templ.JSONScript writes it as JSON in its <script type="application/ld+json">
	Crumbs      []crumb        // the breadcrumbs, written as Trail
	Seasons     []seasonView
	Season      *seasonView
	Track       *Track
	Table       table
	Plot        plot
	Report      *reportView
	Task        *taskPageView
	Grid        *gridView
	Participant *participantPageView
	Body        template.HTML
	Demo        bool
	Incidents   []incidentTrack
	Dossier     *dossierView
	Corrections *correctionsView
	// SeasonPage is a season page's links, SeasonPage.Tracks its tracks.
	SeasonPage *seasonPage
	// Publication is the season's publication on the pages that show it.
	Publication *publicationView
	Digest      string // the inputs digest this page names
	Version     string // the proveit that built it
	// Home, Sums, Trail and Nav are the layout's links: the site's home
	// page, SHA256SUMS, the breadcrumbs and the content pages.
	Home, Sums sitepath.Href
	// Glossary is the glossary of the page's edition, which the column
	// headings and labels of the rates link at their term (termLink).
	Glossary sitepath.Href
	Trail    []link
	Nav      []link
	// Alternates are the page in every edition, and x-default (French),
	// for <link rel="alternate" hreflang>; Switch is the page in the other
	// edition, for the visible link.
	Alternates []alternate
	Switch     alternate
}

// alternate is one edition of a page: its language tag (or x-default),
// its address relative to the page, and the link's text.
type alternate struct {
	Lang, Text string
	Href       sitepath.Href
}

// edition is one language of the site: its place in the site and its
// language tag.
type edition struct {
	Ed   sitepath.Edition
	Lang string
}

// editions are the site's languages, French (the reference, at the root,
// x-default) first.
var editions = []edition{{Ed: sitepath.French, Lang: "fr"}, {Ed: sitepath.English, Lang: "en"}}

// incidentTrack is one track of a season's incidents page.
type incidentTrack struct {
	Track   string
	Title   string // the track's title in the page's language
	Rows    []incidentRow
	Pending []incidentRow // participants with a pending task (Agent, Report)
}

// incidentRow is one incident: its kind, whose task it was found in (and
// the link to it in the report), and the scorer's detail.
type incidentRow struct {
	Kind, Agent, Task, Detail string
	Report                    sitepath.Href
}

// renderer renders the pages of one edition with its catalogue.
type renderer struct {
	cat *messages.Catalogue
	// styleHash is the SHA-256 of the pages' <style> element's text, in
	// base64, which their Content-Security-Policy allows (styleHash).
	styleHash string
	ed        sitepath.Edition // the edition it renders
	content   fs.FS            // the edition's Markdown pages
}

// newRenderer is the renderer of the French edition, with cat.
func newRenderer(cat *messages.Catalogue) (*renderer, error) {
	h, err := styleHash()
	if err != nil {
		return nil, err
	}
	return &renderer{cat: cat, styleHash: h, content: content.Pages}, nil
}

// pageKinds are the pages' contents by kind, each rendered inside layout.
var pageKinds = map[string]func(l *locale, p *page) templ.Component{
	"index":       indexContent,
	"season":      seasonContent,
	"page":        pageContent,
	"track":       trackContent,
	"report":      reportContent,
	"incidents":   incidentsContent,
	"dossier":     dossierContent,
	"corrections": correctionsContent,
	"task":        taskContent,
	"participant": participantContent,
}

// styleHash is the SHA-256, in base64, of the text of the <style> element
// the layout writes (styleElement): the layout's Content-Security-Policy
// allows that style sheet alone (style-src 'sha256-…'), and no other
// style, script, image (but the data: icon), font, frame or connection.
func styleHash() (string, error) {
	var b bytes.Buffer
	if err := styleElement().Render(context.Background(), &b); err != nil {
		return "", fmt.Errorf("templates: the style element: %w", err)
	}
	_, css, open := bytes.Cut(b.Bytes(), []byte("<style>"))
	css, rest, closed := bytes.Cut(css, []byte("</style>"))
	if !open || !closed || len(rest) > 0 {
		return "", fmt.Errorf("templates: styleElement does not write one <style> element: %.40q", b.String())
	}
	sum := sha256.Sum256(css)
	return base64.StdEncoding.EncodeToString(sum[:]), nil
}

// french renders the site, in French.
var french = func() *renderer {
	r, err := newRenderer(messages.French)
	if err != nil {
		panic(err)
	}
	return r
}()

// newEnglish is the renderer of the English edition, under en/: an error
// when en.toml does not parse (a French key left untranslated). Its
// templates are parsed once, on the first call, as the French ones are
// when the package starts: a renderer is read-only once made.
func newEnglish() (*renderer, error) {
	english.once.Do(func() {
		if messages.EnglishErr != nil {
			english.err = fmt.Errorf("templates: the English edition: %w", messages.EnglishErr)
			return
		}
		r, err := newRenderer(messages.English)
		if err != nil {
			english.err = err
			return
		}
		r.ed, r.content = sitepath.English, content.English
		english.r = r
	})
	return english.r, english.err
}

// english is the renderer newEnglish makes once.
var english struct {
	once sync.Once
	r    *renderer
	err  error
}

// ldPart is one part of a page labelled with its own source type.
type ldPart struct {
	Type              string `json:"@type"`
	Name              string `json:"name"`
	URL               string `json:"url"`
	DigitalSourceType string `json:"digitalSourceType"`
}

// labelJSONLD is the page's schema.org description, its AI Act label, for
// <script type="application/ld+json">: templ.JSONScript writes it there
// as JSON (encoding/json, whose escaping of <, > and & keeps it inside the
// element), in the map's sorted key order.
func labelJSONLD(lang, title, label string, parts []ldPart) map[string]any {
	m := map[string]any{
		"@context":          "https://schema.org",
		"@type":             "WebPage",
		"name":              title,
		"inLanguage":        lang,
		"digitalSourceType": SourceType,
		"description":       label,
	}
	if len(parts) > 0 {
		m["hasPart"] = parts
	}
	return m
}

// pageTo renders one page of the kind name (pageKinds) into b, after
// what b holds. A message the views of the page or the page itself could
// not find fails it.
func (r *renderer) pageTo(b *bytes.Buffer, l *locale, name string, p page, parts []ldPart) error {
	content, ok := pageKinds[name]
	if !ok {
		return fmt.Errorf("templates: no page kind %q", name)
	}
	p.Label = l.text("label.ai_act")
	p.StyleHash = r.styleHash
	p.LabelJSONLD = labelJSONLD(r.cat.Lang(), p.Title, p.Label, parts)
	if l.err != nil {
		return fmt.Errorf("templates: %s: %w", name, l.err)
	}
	err := layout(l, &p, content(l, &p)).Render(context.Background(), b)
	if err == nil {
		err = l.err
	}
	if err != nil {
		return fmt.Errorf("templates: %s: %w", name, err)
	}
	return nil
}

// Job is one page to render: its path in the site, its language and how
// to render it. A job renders its page alone, with its own lookups in the
// catalogue, so that the jobs of a site may run concurrently, in any
// order, on any number of cores: the bytes of a page depend on the site
// alone, never on which job ran first.
type Job struct {
	Name string
	Lang string // "fr" or "en": the guard asks for that language's label word
	// render writes the page into b, after what b holds.
	render func(b *bytes.Buffer) error
}

// RenderTo renders the job's page into b, which it empties first, so that
// a caller rendering many pages reuses one buffer's memory: the page is
// b.Bytes(), valid until b is written again. On an error, what b holds is
// not a page.
func (j Job) RenderTo(b *bytes.Buffer) error {
	b.Reset()
	return j.render(b)
}

// Declarative is the word the publication guard requires beside every
// declared stack on a page of the language lang (stack.word: « déclarative
// », "declarative").
func Declarative(lang string) (string, error) {
	cat := messages.French
	switch {
	case lang == "en" && messages.EnglishErr != nil:
		return "", messages.EnglishErr
	case lang == "en":
		cat = messages.English
	case lang != "fr":
		return "", fmt.Errorf("templates: no edition in %q", lang)
	}
	l := &locale{cat: cat}
	w := l.text("stack.word")
	return w, l.err
}

// Jobs plans the site's pages but the participants' reports (Reports),
// the French edition then the English one under en/: index.html, the
// content pages and, per season, saison-<n>/index.html and, per scored
// track of a closed season, its table and, with the key, a page per task,
// then a page per participant of the season, in that order. It renders
// none of them: the views of the track pages are built by their job, so
// that a caller that renders the jobs over a few workers and writes each
// page as it comes never holds every page, nor every view, at once. The
// bytes of a page depend on site alone. A lookup that fails while the
// jobs are planned fails Jobs; one that fails in a job fails that job.
func Jobs(site Site) ([]Job, error) {
	en, err := newEnglish()
	if err != nil {
		return nil, err
	}
	var out []Job
	for _, r := range []*renderer{french, en} {
		jobs, err := r.jobs(site)
		if err != nil {
			return nil, err
		}
		out = append(out, jobs...)
	}
	return out, nil
}

// JobsWith is Jobs in the French edition with the messages of cat,
// followed by the report pages of every participant that reports gives
// for each scored track (by season number and the track's index): for
// the tests of the publication guard, which render a site from a
// catalogue altered at every position of its text.
func JobsWith(cat *messages.Catalogue, site Site, reports func(season, track int) []*score.ParticipantReport) ([]Job, error) {
	r, err := newRenderer(cat)
	if err != nil {
		return nil, err
	}
	return r.siteJobs(site, reports)
}

// siteJobs plans, in r's edition, the pages jobs plans, then the report
// pages of every participant that reports gives for each scored track of
// a closed season.
func (r *renderer) siteJobs(site Site, reports func(season, track int) []*score.ParticipantReport) ([]Job, error) {
	jobs, err := r.jobs(site)
	if err != nil {
		return nil, err
	}
	for _, s := range site.Seasons {
		for i, tr := range s.Tracks {
			if !s.Closed || !tr.Scored || tr.Result == nil {
				continue
			}
			ed, err := r.reportEdition(site, s, i)
			if err != nil {
				return nil, err
			}
			for _, p := range reports(s.Number, i) {
				jobs = append(jobs, ed.jobs(p, ReportHistory{Assertions: tr.History, Row: tr.RowHistory[p.Participant.Slug]})...)
			}
		}
	}
	return jobs, nil
}

// plan is the jobs of one edition as they are planned.
type plan struct {
	r          *renderer
	site       Site
	withheld   map[string]bilingual.Text // siteWithheld
	cps        []contentPage
	switchText string // the link to the other edition, in that edition's language
	out        []Job
}

func (r *renderer) newPlan(site Site) (*plan, error) {
	cps, err := contentPages(r.content)
	if err != nil {
		return nil, err
	}
	l := &locale{cat: r.cat}
	pl := &plan{r: r, site: site, withheld: siteWithheld(site), cps: cps, switchText: l.text("layout.switch")}
	if l.err != nil {
		return nil, fmt.Errorf("templates: %w", l.err)
	}
	return pl, nil
}

// addLazy plans the page pg, in the plan's edition, whose view its job
// builds, with the job's own locale and the page in its edition.
func (pl *plan) addLazy(pg sitepath.Page, tmpl string, view func(l *locale, at sitepath.Page) (page, []ldPart)) {
	r, site := pl.r, pl.site
	at := pg.In(r.ed)
	build := func() (*locale, page, []ldPart) {
		jl := &locale{cat: r.cat, withheld: pl.withheld}
		p, parts := view(jl, at)
		p.Version, p.Digest = site.Version, site.InputsDigest
		if p.Season != nil {
			p.Digest = p.Season.InputsDigest
		}
		p.Home, p.Sums = sitepath.Link(at, sitepath.Home()), sitepath.Link(at, sitepath.Sums())
		p.Glossary = glossaryFrom(at)
		for _, c := range p.Crumbs {
			p.Trail = append(p.Trail, link{Text: c.Label, Href: sitepath.ThroughRoot(at, c.To)})
		}
		for _, cp := range pl.cps {
			p.Nav = append(p.Nav, link{Text: cp.Title, Href: sitepath.Link(at, cp.Page)})
		}
		for _, e := range editions {
			a := alternate{Lang: e.Lang, Href: sitepath.Alternate(at, e.Ed)}
			p.Alternates = append(p.Alternates, a)
			if e.Ed != r.ed {
				p.Switch = alternate{Lang: e.Lang, Href: a.Href, Text: pl.switchText}
			}
		}
		p.Alternates = append(p.Alternates, alternate{Lang: "x-default", Href: sitepath.Alternate(at, editions[0].Ed)})
		return jl, p, parts
	}
	pl.out = append(pl.out, Job{Name: at.String(), Lang: r.cat.Lang(), render: func(b *bytes.Buffer) error {
		jl, p, parts := build()
		return r.pageTo(b, jl, tmpl, p, parts)
	}})
}

// newSeasonView is a season as its pages show it, in l's language.
func newSeasonView(l *locale, s Season) seasonView {
	v := seasonView{Season: s, StatusText: l.text("season.status.open"), Href: sitepath.Link(sitepath.Home(), sitepath.Season(s.Number))}
	switch {
	case s.Invalidated:
		v.StatusText = l.text("season.status.invalidated")
	case s.Closed:
		v.StatusText = l.text("season.status.closed")
	}
	return v
}

// Reports plans the report pages of one scored track participant by
// participant, from each participant's report as scoring gives it
// (score.Scoring.Score): a build renders them as soon as the participant
// is scored, then drops the report, of which the track keeps what its
// other pages read (score.TrackResult). Jobs plans those other pages.
type Reports struct {
	editions []reportEdition
}

// reportEdition is what the reports of one edition share.
type reportEdition struct {
	pl     *plan
	sv     *seasonView
	tr     *Track
	proofs proofSet
	crumbs [3]crumb
}

// NewReports prepares the reports of s.Tracks[track], which must be
// scored; its Result needs only what it holds before any participant is
// scored (score.Scoring.Result). A report shows of its season the number,
// the inputs digest and the demo flag, and of its track what its scoring
// gave; s needs nothing else (its other tracks may be unscored yet).
func NewReports(site Site, s Season, track int) (*Reports, error) {
	if track < 0 || track >= len(s.Tracks) || !s.Tracks[track].Scored || s.Tracks[track].Result == nil {
		return nil, fmt.Errorf("templates: season %d: no scored track at index %d", s.Number, track)
	}
	en, err := newEnglish()
	if err != nil {
		return nil, err
	}
	rs := &Reports{}
	for _, r := range []*renderer{french, en} {
		ed, err := r.reportEdition(site, s, track)
		if err != nil {
			return nil, err
		}
		rs.editions = append(rs.editions, ed)
	}
	return rs, nil
}

// reportEdition prepares the reports of s.Tracks[track], a scored track,
// in r's edition.
func (r *renderer) reportEdition(site Site, s Season, track int) (reportEdition, error) {
	pl, err := r.newPlan(site)
	if err != nil {
		return reportEdition{}, err
	}
	l := &locale{cat: r.cat, withheld: pl.withheld}
	sv := newSeasonView(l, s)
	tr := &sv.Tracks[track]
	index, seasonCrumb, trackCrumb := crumbs(l, s.Number, tr)
	if l.err != nil {
		return reportEdition{}, fmt.Errorf("templates: %w", l.err)
	}
	return reportEdition{pl: pl, sv: &sv, tr: tr, proofs: sv.proofSet(), crumbs: [3]crumb{index, seasonCrumb, trackCrumb}}, nil
}

// Jobs plans the report pages of one participant of the track, the French
// edition's then the English one's, with history what decisions changed
// (its Assertions by HistoryKey: what the participant's keys find in it is
// all a report reads; its Row, the participant's rates).
func (rs *Reports) Jobs(p *score.ParticipantReport, history ReportHistory) []Job {
	var out []Job
	for _, ed := range rs.editions {
		out = append(out, ed.jobs(p, history)...)
	}
	return out
}

// jobs plans the report pages of one participant in ed's edition.
func (ed reportEdition) jobs(p *score.ParticipantReport, history ReportHistory) []Job {
	pl := *ed.pl
	pl.out = nil
	pl.report(ed.sv, ed.tr, p, ed.proofs, history, ed.crumbs)
	return pl.out
}

// crumbs are the links to the site's index, the season's page and the
// track's, in l's language.
func crumbs(l *locale, season int, tr *Track) (index, seasonCrumb, trackCrumb crumb) {
	index = crumb{l.text("nav.index"), sitepath.Home()}
	seasonCrumb = crumb{l.text("nav.season", "season", season), sitepath.Season(season)}
	if tr != nil {
		trackCrumb = crumb{l.text("nav.track", "track", l.title(tr.Title)), sitepath.Track(season, tr.Name)}
	}
	return index, seasonCrumb, trackCrumb
}

// report plans the report of one participant of a scored track.
func (pl *plan) report(s *seasonView, tr *Track, p *score.ParticipantReport, proofs proofSet, history ReportHistory, crumbs [3]crumb) {
	pl.addLazy(sitepath.Report(s.Number, tr.Name, p.Participant.Slug), "report", func(l *locale, at sitepath.Page) (page, []ldPart) {
		rv := buildReport(l, s.Number, tr.Result, p, proofs, at, history)
		rv.NarrativeLabel = l.text("label.narrative")
		for k := range rv.Tasks {
			rv.Tasks[k].Question = l.in(tr.Questions[rv.Tasks[k].ID])
			if notice, ok := s.Withheld[rv.Tasks[k].Narrative]; ok {
				rv.Tasks[k].Narrative, rv.Tasks[k].Withheld = l.in(notice), true
			}
			if tr.Key[rv.Tasks[k].ID] != nil {
				rv.Tasks[k].Page = sitepath.Link(at, sitepath.Task(s.Number, tr.Name, rv.Tasks[k].ID))
			}
		}
		var parts []ldPart
		for _, tv := range rv.Tasks {
			if tv.Evaluated && tv.Narrative != "" {
				parts = append(parts, ldPart{Type: "CreativeWork", Name: l.text("report.narrative.part", "task", tv.ID), URL: "#" + tv.NarrativeAnchor, DigitalSourceType: NarrativeSourceType})
			}
		}
		return page{Title: l.text("page.report.title", "agent", l.own(p.Participant.Agent), "season", s.Number, "track", l.title(tr.Title)), Description: l.text("page.report.description", "season", s.Number, "track", l.title(tr.Title)),
			Season: s, Track: tr, Report: &rv, Demo: s.Demo,
			Crumbs: crumbs[:]}, parts
	})
}

func (r *renderer) jobs(site Site) ([]Job, error) {
	pl, err := r.newPlan(site)
	if err != nil {
		return nil, err
	}
	l := &locale{cat: r.cat, withheld: pl.withheld}
	cps := pl.cps
	// add plans a page whose view is built now; a lookup that failed while
	// building it fails the plan here, naming the page.
	add := func(pg sitepath.Page, tmpl string, p page, parts []ldPart) error {
		if l.err != nil {
			return fmt.Errorf("templates: %s: %w", pg.In(r.ed), l.err)
		}
		pl.addLazy(pg, tmpl, func(*locale, sitepath.Page) (page, []ldPart) { return p, parts })
		return nil
	}
	index := crumb{l.text("nav.index"), sitepath.Home()}
	for _, cp := range cps {
		if err := add(cp.Page, "page", page{Title: cp.Title, Description: l.text("page.content.description", "title", cp.Title), Body: cp.Body, Crumbs: []crumb{index}}, nil); err != nil {
			return nil, err
		}
	}
	seasons := make([]seasonView, len(site.Seasons))
	for i, s := range site.Seasons {
		seasons[i] = newSeasonView(l, s)
		seasons[i].Leading = leadingTables(l, &seasons[i], sitepath.Home().In(r.ed))
	}
	if err := add(sitepath.Home(), "index", page{Title: l.text("index.seasons"), Description: l.text("page.index.description"), Seasons: seasons}, nil); err != nil {
		return nil, err
	}
	for i := range seasons {
		// The season's page links its leading rows from its own place.
		sv := seasons[i]
		s := &sv
		s.Leading = leadingTables(l, s, sitepath.Season(s.Number).In(r.ed))
		seasonCrumb := crumb{l.text("nav.season", "season", s.Number), sitepath.Season(s.Number)}
		at := sitepath.Season(s.Number).In(r.ed)
		if err := add(sitepath.Season(s.Number), "season", page{Title: l.in(s.Title), Description: l.text("page.season.description", "season", s.Number), Season: s, Demo: s.Demo,
			SeasonPage: newSeasonPage(s, at), Publication: newPublicationView(s, at), Crumbs: []crumb{index}}, nil); err != nil {
			return nil, err
		}
		if !s.Closed {
			continue // §7.4: no table, no report, no plot while the season is open
		}
		if s.Dossier != nil {
			if err := add(sitepath.Dossier(s.Number), "dossier", page{Title: l.text("dossier.title", "season", s.Number), Description: l.text("dossier.description", "season", s.Number), Season: s, Demo: s.Demo,
				Dossier: newDossierView(s.Number, s.Dossier, sitepath.Dossier(s.Number).In(r.ed)), Crumbs: []crumb{index, seasonCrumb}}, nil); err != nil {
				return nil, err
			}
		}
		if s.Corrections != nil {
			at := sitepath.Corrections(s.Number).In(r.ed)
			cv := buildCorrections(l, s.Number, s.Corrections, s.Tracks, at)
			if err := add(sitepath.Corrections(s.Number), "corrections", page{Title: l.text("corrections.title", "season", s.Number), Description: l.text("corrections.description", "season", s.Number), Season: s, Demo: s.Demo,
				Corrections: &cv, Publication: newPublicationView(s, at), Crumbs: []crumb{index, seasonCrumb}}, nil); err != nil {
				return nil, err
			}
		}
		incidents := buildIncidents(l, s.Number, s.Tracks, sitepath.Incidents(s.Number).In(r.ed))
		if err := add(sitepath.Incidents(s.Number), "incidents", page{Title: l.text("incidents.title", "season", s.Number), Description: l.text("incidents.description", "season", s.Number), Season: s, Demo: s.Demo,
			Incidents: incidents, Crumbs: []crumb{index, seasonCrumb}}, nil); err != nil {
			return nil, err
		}
		for j := range s.Tracks {
			tr := &s.Tracks[j]
			if !tr.Scored || tr.Result == nil {
				continue
			}
			_, _, trackCrumb := crumbs(l, s.Number, tr)
			// The track's page and its tasks' pages are built by their
			// jobs: a view of every row of a track (its table, its grid, a
			// task's answers) is held while its page renders, not from the
			// plan to the last page. Its participants' reports are
			// Reports'.
			pl.addLazy(sitepath.Track(s.Number, tr.Name), "track", func(l *locale, at sitepath.Page) (page, []ldPart) {
				tbl := buildTable(l, s.Number, tr.Result, at)
				tbl.withHistory(tr.RowHistory)
				tbl.Results, tbl.CSV = sitepath.Link(at, sitepath.Results(s.Number, tr.Name)), sitepath.Link(at, sitepath.ResultsCSV(s.Number, tr.Name))
				var grid *gridView
				if tr.Key != nil {
					g := buildGrid(l, s.Number, tr, at)
					grid = &g
				}
				return page{Title: l.text("page.track.title", "season", s.Number, "track", l.title(tr.Title)), Description: l.text("page.track.description", "track", l.title(tr.Title), "season", s.Number),
					Season: s, Track: tr, Table: tbl, Plot: buildPlot(l, s.Number, tr.Result, l.title(tr.Title), at), Grid: grid, Demo: s.Demo,
					Crumbs: []crumb{index, seasonCrumb}}, nil
			})
			for _, id := range tr.TaskIDs {
				if tr.Key[id] == nil {
					continue
				}
				pl.addLazy(sitepath.Task(s.Number, tr.Name, id), "task", func(l *locale, at sitepath.Page) (page, []ldPart) {
					tv := buildTaskPage(l, s.Number, tr, id, at)
					return page{Title: l.text("page.task.title", "task", id, "season", s.Number, "track", l.title(tr.Title)), Description: l.text("page.task.description", "task", id, "season", s.Number, "track", l.title(tr.Title)),
						Season: s, Track: tr, Task: &tv, Demo: s.Demo,
						Crumbs: []crumb{index, seasonCrumb, trackCrumb}}, nil
				})
			}
		}
		// A participant's page is built by its job, from the results of
		// the tracks they submitted to, found now.
		for _, ref := range participantRefs(s) {
			pl.addLazy(sitepath.Participant(s.Number, ref.slug), "participant", func(l *locale, at sitepath.Page) (page, []ldPart) {
				pv := buildParticipantPage(l, s.Number, ref, at)
				return page{Title: l.text("page.participant.title", "agent", pv.Agent, "season", s.Number), Description: l.text("page.participant.description", "season", s.Number),
					Season: s, Participant: &pv, Demo: s.Demo,
					Crumbs: []crumb{index, seasonCrumb}}, nil
			})
		}
	}
	if l.err != nil {
		return nil, fmt.Errorf("templates: %w", l.err)
	}
	return pl.out, nil
}

// markdown renders the pages of package content: CommonMark, GitHub's
// tables and a heading's explicit id ({#id} at the end of its line, the
// anchor the pages link a glossary term by), nothing else.
var markdown = goldmark.New(goldmark.WithExtensions(extension.Table), goldmark.WithParserOptions(parser.WithAttribute()))

// contentPages renders every Markdown page of an edition (package
// content: content.Pages, content.English), in file name order. Raw HTML
// in the Markdown is not passed through (goldmark's default), so a page
// cannot smuggle markup or script.
func contentPages(pages fs.FS) ([]contentPage, error) {
	names, err := fs.Glob(pages, "*.md")
	if err != nil {
		return nil, err
	}
	var out []contentPage
	for _, name := range names {
		src, err := fs.ReadFile(pages, name)
		if err != nil {
			return nil, err
		}
		title := ""
		for _, line := range strings.Split(string(src), "\n") {
			if strings.HasPrefix(line, "# ") {
				title = strings.TrimSpace(line[2:])
				break
			}
		}
		if title == "" {
			return nil, fmt.Errorf("templates: content/%s has no \"# \" title", name)
		}
		var b bytes.Buffer
		if err := markdown.Convert(src, &b); err != nil {
			return nil, fmt.Errorf("templates: content/%s: %w", name, err)
		}
		// A code block scrolls within itself rather than widen the page;
		// a region that scrolls must take the keyboard's focus (WCAG 2.1.1).
		body := strings.ReplaceAll(b.String(), "<pre>", `<pre tabindex="0">`)
		out = append(out, contentPage{Title: title, Page: sitepath.Content(strings.TrimSuffix(path.Base(name), ".md")), Body: template.HTML(body)})
	}
	return out, nil
}

// buildIncidents lists, per scored track of the season, every incident of
// every task in participant and task order, and the participants still
// pending, linked from the page at.
func buildIncidents(l *locale, season int, tracks []Track, at sitepath.Page) []incidentTrack {
	var out []incidentTrack
	for _, tr := range tracks {
		if !tr.Scored || tr.Result == nil {
			continue
		}
		it := incidentTrack{Track: tr.Name, Title: l.title(tr.Title)}
		for _, p := range tr.Result.Participants {
			report := sitepath.Link(at, sitepath.Report(season, tr.Name, p.Participant.Slug))
			if p.Status == "pending" {
				it.Pending = append(it.Pending, incidentRow{Agent: l.own(p.Participant.Agent), Report: report})
			}
			for _, t := range p.Tasks {
				for _, inc := range t.Incidents {
					it.Rows = append(it.Rows, incidentRow{Kind: l.text(incidentKey(inc.Kind)), Agent: l.own(p.Participant.Agent), Report: report.At(taskAnchor(t.TaskID)), Task: t.TaskID, Detail: inc.Detail})
				}
			}
		}
		out = append(out, it)
	}
	return out
}
