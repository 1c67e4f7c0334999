package templates

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"sort"
	"strings"

	"github.com/ark-forge/proveit/internal/bilingual"
	"github.com/ark-forge/proveit/internal/sitepath"
	"github.com/ark-forge/proveit/scorer/score"
)

// Corrections is the register of a season's decisions on its published
// results (§9.2 of the specification; README, « Publishing and contesting »): every contestation
// and every rectification, shown on saison-<n>/corrections/ and in its
// Atom feed. Dates are RFC 3339; nothing reads the clock.
type Corrections struct {
	Contestations  []Contestation  // by id
	Rectifications []Rectification // by id
	// Email is the address contestations are sent to (season.toml's
	// [contest] email); Windows the contestation window of each published
	// track, in the season's track order.
	Email   string
	Windows []ContestWindow
	// TrackTitles are the titles of the season's tracks, by track name.
	TrackTitles map[string]TrackTitle
}

// ContestWindow is when a track's results were published and until when a
// contestation of them is received in time (§9.2: 14 days), RFC 3339.
type ContestWindow struct {
	Track, PublishedAt, Until string
	Title                     string // the track's title in the page's language, set by the renderer
}

// Contestation is one contestation as the register shows it.
type Contestation struct {
	ID, Track, Participant, Agent, Task, Assertion string
	CauseContested                                 string
	ReceivedAt, DecidedAt, Deadline                string // DecidedAt "" while pending
	Decision                                       string // upheld, rejected or pending
	Summary, Reason                                bilingual.Text
	OutOfTime, Late                                bool
}

// Rectification is one rectification as the register shows it.
type Rectification struct {
	ID, DecidedAt string
	Reason        bilingual.Text
	Changes       []Change
}

// Change is one place a rectification changes (Assertion "" for a task).
type Change struct {
	Track, Participant, Task, Assertion string
}

// correctionsView is the register as its page and feed write it.
type correctionsView struct {
	Contestations  []contestationView
	Rectifications []rectificationView
	Email          string
	Windows        []ContestWindow
	Feed           sitepath.Href // the season's Atom feed
}

type contestationView struct {
	Contestation
	State string // the decision, in words, with its deadline
	// LateText says the decision was given after its deadline, "" when it
	// was not (Late).
	LateText string
	Report   sitepath.Href // the report's anchor of the assertion (of the task when the report lacks it)
	Place    string
	// Changes are the published values the decision changed, before →
	// after: the assertion's, then the participant's rates on the track;
	// none for a decision that changed nothing.
	Changes []string
}

type rectificationView struct {
	Rectification
	Places  []placeView
	Changes []string // as contestationView's, for every place in turn
}

type placeView struct {
	Text   string
	Report sitepath.Href
}

// registerTracks is what the register reads of a season's scored tracks,
// by name: their results (an assertion's place in its report, its cause
// now) and what decisions changed (Track.History, Track.RowHistory).
type registerTracks map[string]*Track

func newRegisterTracks(tracks []Track) registerTracks {
	out := registerTracks{}
	for i := range tracks {
		out[tracks[i].Name] = &tracks[i]
	}
	return out
}

// assertion finds an assertion in the track's result: its index in its
// task (the report's anchor, assertionAnchor) and its cause now; ok false
// when the result does not hold it.
func (rt registerTracks) assertion(track, participant, task, assertion string) (i int, cause score.Cause, ok bool) {
	tr := rt[track]
	if tr == nil || tr.Result == nil {
		return 0, "", false
	}
	for _, p := range tr.Result.Participants {
		if p.Participant.Slug != participant {
			continue
		}
		for _, t := range p.Tasks {
			if t.TaskID != task {
				continue
			}
			for i, a := range t.Causes {
				if a.ID.Value() == assertion {
					return i, a.Cause, true
				}
			}
		}
	}
	return 0, "", false
}

// reportHref is the link from the page at to an assertion of a report of
// season n, to its task when assertion is "" or the report lacks it.
func (rt registerTracks) reportHref(at sitepath.Page, n int, track, participant, task, assertion string) sitepath.Href {
	report := sitepath.Link(at, sitepath.Report(n, track, participant))
	if assertion != "" {
		if i, _, ok := rt.assertion(track, participant, task, assertion); ok {
			return report.At(assertionAnchor(task, i))
		}
	}
	return report.At(taskAnchor(task))
}

// assertionChange is an assertion's published value → its value now, in
// words and codes, "" when no decision changed it.
func (rt registerTracks) assertionChange(l *locale, track, participant, task, assertion string) string {
	tr := rt[track]
	if tr == nil || assertion == "" {
		return ""
	}
	h := tr.History[HistoryKey(participant, task, assertion)]
	if h == nil {
		return ""
	}
	_, cause, ok := rt.assertion(track, participant, task, assertion)
	if !ok {
		return ""
	}
	before := publishedHistory(l, h)
	after := l.text(causeKey(cause, "label")) + " (" + causeCode(cause) + ")"
	return l.text("corrections.change.assertion", "assertion", assertion, "before", before.Published+" ("+before.PublishedCode+")", "after", after)
}

// rateChanges are a participant's rates on the track, published → now,
// when decisions changed them; with the decisions' ids when more than one
// did (the figures are then their joint effect).
func (rt registerTracks) rateChanges(l *locale, track, participant string) []string {
	tr := rt[track]
	if tr == nil || tr.RowHistory[participant] == nil {
		return nil
	}
	h := tr.RowHistory[participant]
	var out []string
	for _, c := range h.Rates {
		before, after := rateText(l, c.Published), rateText(l, c.Rectified)
		s := l.text("corrections.change.overclaim", "participant", participant, "before", before, "after", after)
		if c.Field == score.FieldSuccess {
			s = l.text("corrections.change.success", "participant", participant, "before", before, "after", after)
		}
		if len(h.Decisions) > 1 {
			s += " " + l.text("corrections.change.joint", "ids", h.IDs())
		}
		out = append(out, s)
	}
	return out
}

// rateText is a rate of the data files in words: pending when null, not
// applicable at a denominator of 0.
func rateText(l *locale, r *score.RateJSON) string {
	if r == nil {
		return l.text("number.pending")
	}
	return l.rate(r.Numerator, r.Denominator)
}

func placeText(l *locale, track, participant, task, assertion string) string {
	if assertion == "" {
		return l.text("corrections.place.task", "track", track, "participant", participant, "task", task)
	}
	return l.text("corrections.place.assertion", "track", track, "participant", participant, "task", task, "assertion", assertion)
}

// contestationState is the state of a contestation in words: upheld,
// rejected, out of time (« hors délai », only ever rejected), pending with
// its deadline. A late decision says so apart (lateText).
func contestationState(l *locale, c Contestation) string {
	var s string
	switch {
	case c.Decision == "pending":
		s = l.text("corrections.state.pending", "deadline", l.date(c.Deadline))
	case c.Decision == "upheld":
		s = l.text("corrections.state.upheld", "date", l.date(c.DecidedAt))
	case c.OutOfTime:
		s = l.text("corrections.state.out_of_time", "date", l.date(c.DecidedAt))
	default:
		s = l.text("corrections.state.rejected", "date", l.date(c.DecidedAt))
	}
	return s
}

// lateText says that the decision on c was given after its deadline, with
// both dates; "" when it was not late.
func lateText(l *locale, c Contestation) string {
	if !c.Late {
		return ""
	}
	return l.text("corrections.state.late", "deadline", l.date(c.Deadline), "date", l.date(c.DecidedAt))
}

// buildCorrections is season n's register c, linked from the page at,
// with what its decisions changed in the season's tracks.
func buildCorrections(l *locale, n int, c *Corrections, tracks []Track, at sitepath.Page) correctionsView {
	v := correctionsView{Email: c.Email, Feed: sitepath.Link(at, sitepath.Feed(n))}
	rt := newRegisterTracks(tracks)
	title := func(track string) string { return l.title(c.TrackTitles[track]) }
	for _, w := range c.Windows {
		w.Title = title(w.Track)
		v.Windows = append(v.Windows, w)
	}
	for _, x := range c.Contestations {
		x.Agent = l.own(x.Agent)
		cv := contestationView{Contestation: x, State: contestationState(l, x), LateText: lateText(l, x),
			Report: rt.reportHref(at, n, x.Track, x.Participant, x.Task, x.Assertion), Place: placeText(l, title(x.Track), x.Participant, x.Task, x.Assertion)}
		if x.Decision == "upheld" {
			if s := rt.assertionChange(l, x.Track, x.Participant, x.Task, x.Assertion); s != "" {
				cv.Changes = append(cv.Changes, s)
			}
			cv.Changes = append(cv.Changes, rt.rateChanges(l, x.Track, x.Participant)...)
		}
		v.Contestations = append(v.Contestations, cv)
	}
	for _, r := range c.Rectifications {
		rv := rectificationView{Rectification: r}
		seen := map[string]bool{}
		var rates []string
		for _, ch := range r.Changes {
			rv.Places = append(rv.Places, placeView{Text: placeText(l, title(ch.Track), ch.Participant, ch.Task, ch.Assertion), Report: rt.reportHref(at, n, ch.Track, ch.Participant, ch.Task, ch.Assertion)})
			if s := rt.assertionChange(l, ch.Track, ch.Participant, ch.Task, ch.Assertion); s != "" {
				rv.Changes = append(rv.Changes, s)
			}
			if k := ch.Track + "/" + ch.Participant; !seen[k] {
				seen[k] = true
				rates = append(rates, rt.rateChanges(l, ch.Track, ch.Participant)...)
			}
		}
		rv.Changes = append(rv.Changes, rates...)
		v.Rectifications = append(v.Rectifications, rv)
	}
	return v
}

// feedSummary is the text of a feed entry: the state, the lateness, the
// changes and the texts, the empty ones left out, separated by spaces.
func feedSummary(state, late string, changes []string, texts ...string) string {
	parts := []string{state}
	if late != "" {
		parts = append(parts, late)
	}
	parts = append(parts, changes...)
	for _, t := range texts {
		if t != "" {
			parts = append(parts, t)
		}
	}
	return strings.Join(parts, " ")
}

// tagPrefix begins the feed's ids (RFC 4151): stable whatever the build.
const tagPrefix = "tag:proveit.arkforge.tech,2026:"

type atomFeed struct {
	XMLName xml.Name    `xml:"http://www.w3.org/2005/Atom feed"`
	Lang    string      `xml:"xml:lang,attr"`
	ID      string      `xml:"id"`
	Title   string      `xml:"title"`
	Sub     string      `xml:"subtitle,omitempty"`
	Updated string      `xml:"updated"`
	Author  atomAuthor  `xml:"author"`
	Links   []atomLink  `xml:"link"`
	Rights  string      `xml:"rights"`
	Entries []atomEntry `xml:"entry"`
}

type atomAuthor struct {
	Name string `xml:"name"`
}

type atomLink struct {
	Rel  string `xml:"rel,attr"`
	Href string `xml:"href,attr"`
}

type atomEntry struct {
	ID      string      `xml:"id"`
	Title   string      `xml:"title"`
	Updated string      `xml:"updated"`
	Link    atomLink    `xml:"link"`
	Summary atomContent `xml:"summary"`
}

type atomContent struct {
	Type string `xml:"type,attr"`
	Text string `xml:",chardata"`
}

// Feed renders saison-<n>/corrections/feed.xml, an Atom 1.0 feed of the
// season's register: one entry per contestation and rectification, its id
// a tag URI, its updated the decision's date (the request's while
// pending), the feed's updated the latest of them; never the clock.
func Feed(s Season) ([]byte, error) { return french.feed(s) }

// FeedJob is Feed as a Job, named with the feed's path in the site
// (sitepath.Feed). The feed is a machine file, in French, one copy for
// both editions.
func FeedJob(s Season) Job {
	return Job{Name: sitepath.Feed(s.Number).String(), Lang: "fr", render: func(b *bytes.Buffer) error {
		feed, err := Feed(s)
		b.Write(feed)
		return err
	}}
}

func (r *renderer) feed(s Season) ([]byte, error) {
	if s.Corrections == nil {
		return nil, fmt.Errorf("templates: season %d has no register", s.Number)
	}
	l := &locale{cat: r.cat}
	register := sitepath.Corrections(s.Number)
	v := buildCorrections(l, s.Number, s.Corrections, s.Tracks, register)
	registerURL := sitepath.URL(register)
	f := atomFeed{Lang: r.cat.Lang(), ID: fmt.Sprintf("%ssaison-%d/corrections", tagPrefix, s.Number), Title: l.text("corrections.feed.title", "season", s.Number),
		Author: atomAuthor{Name: l.text("corrections.feed.author")}, Rights: l.text("label.ai_act"),
		Links: []atomLink{{Rel: "self", Href: sitepath.URL(sitepath.Feed(s.Number)).String()}, {Rel: "alternate", Href: registerURL.String()}}}
	if s.Demo {
		f.Sub = l.text("corrections.feed.demo")
	}
	for _, c := range v.Contestations {
		updated := c.DecidedAt
		if updated == "" {
			updated = c.ReceivedAt
		}
		title := l.text("corrections.feed.contestation", "id", c.ID, "place", c.Place)
		if c.Late {
			title += " — " + l.text("corrections.feed.late")
		}
		f.Entries = append(f.Entries, atomEntry{ID: fmt.Sprintf("%ssaison-%d/%s", tagPrefix, s.Number, c.ID), Title: title,
			Updated: updated, Link: atomLink{Rel: "alternate", Href: registerURL.At(c.ID).String()}, Summary: atomContent{Type: "text", Text: feedSummary(c.State, c.LateText, c.Changes, l.in(c.Summary), l.in(c.Reason))}})
	}
	for _, rc := range v.Rectifications {
		f.Entries = append(f.Entries, atomEntry{ID: fmt.Sprintf("%ssaison-%d/%s", tagPrefix, s.Number, rc.ID), Title: l.text("corrections.feed.rectification", "id", rc.ID),
			Updated: rc.DecidedAt, Link: atomLink{Rel: "alternate", Href: registerURL.At(rc.ID).String()}, Summary: atomContent{Type: "text", Text: feedSummary(l.in(rc.Reason), "", rc.Changes)}})
	}
	sort.SliceStable(f.Entries, func(i, j int) bool { return f.Entries[i].ID < f.Entries[j].ID })
	for _, e := range f.Entries {
		if e.Updated > f.Updated {
			f.Updated = e.Updated
		}
	}
	if f.Updated == "" {
		f.Updated = s.ClosesAt
	}
	if l.err != nil {
		return nil, fmt.Errorf("templates: feed: %w", l.err)
	}
	var b bytes.Buffer
	b.WriteString(xml.Header)
	enc := xml.NewEncoder(&b)
	enc.Indent("", "  ")
	if err := enc.Encode(f); err != nil {
		return nil, err
	}
	b.WriteString("\n")
	return b.Bytes(), nil
}
