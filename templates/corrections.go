package templates

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"sort"

	"github.com/ark-forge/proveit/internal/bilingual"
	"github.com/ark-forge/proveit/internal/sitepath"
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
	State  string        // the decision, in words, with its deadline or lateness
	Report sitepath.Href // the report's anchor of the task
	Place  string
}

type rectificationView struct {
	Rectification
	Places []placeView
}

type placeView struct {
	Text   string
	Report sitepath.Href
}

// reportHref is the link from the page at to the task of a report of
// season n.
func reportHref(at sitepath.Page, n int, track, participant, task string) sitepath.Href {
	return sitepath.Link(at, sitepath.Report(n, track, participant)).At(taskAnchor(task))
}

func placeText(l *locale, track, participant, task, assertion string) string {
	if assertion == "" {
		return l.text("corrections.place.task", "track", track, "participant", participant, "task", task)
	}
	return l.text("corrections.place.assertion", "track", track, "participant", participant, "task", task, "assertion", assertion)
}

// contestationState is the state of a contestation in words: upheld,
// rejected, out of time (« hors délai », only ever rejected), pending with
// its deadline; a late decision says so.
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
	if c.Late {
		s += " " + l.text("corrections.state.late", "deadline", l.date(c.Deadline))
	}
	return s
}

// buildCorrections is season n's register c, linked from the page at.
func buildCorrections(l *locale, n int, c *Corrections, at sitepath.Page) correctionsView {
	v := correctionsView{Email: c.Email, Feed: sitepath.Link(at, sitepath.Feed(n))}
	title := func(track string) string { return l.title(c.TrackTitles[track]) }
	for _, w := range c.Windows {
		w.Title = title(w.Track)
		v.Windows = append(v.Windows, w)
	}
	for _, x := range c.Contestations {
		x.Agent = l.own(x.Agent)
		v.Contestations = append(v.Contestations, contestationView{Contestation: x, State: contestationState(l, x),
			Report: reportHref(at, n, x.Track, x.Participant, x.Task), Place: placeText(l, title(x.Track), x.Participant, x.Task, x.Assertion)})
	}
	for _, r := range c.Rectifications {
		rv := rectificationView{Rectification: r}
		for _, ch := range r.Changes {
			rv.Places = append(rv.Places, placeView{Text: placeText(l, title(ch.Track), ch.Participant, ch.Task, ch.Assertion), Report: reportHref(at, n, ch.Track, ch.Participant, ch.Task)})
		}
		v.Rectifications = append(v.Rectifications, rv)
	}
	return v
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
	v := buildCorrections(l, s.Number, s.Corrections, register)
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
		f.Entries = append(f.Entries, atomEntry{ID: fmt.Sprintf("%ssaison-%d/%s", tagPrefix, s.Number, c.ID), Title: l.text("corrections.feed.contestation", "id", c.ID, "place", c.Place),
			Updated: updated, Link: atomLink{Rel: "alternate", Href: registerURL.At(c.ID).String()}, Summary: atomContent{Type: "text", Text: c.State + " " + l.in(c.Summary) + " " + l.in(c.Reason)}})
	}
	for _, rc := range v.Rectifications {
		f.Entries = append(f.Entries, atomEntry{ID: fmt.Sprintf("%ssaison-%d/%s", tagPrefix, s.Number, rc.ID), Title: l.text("corrections.feed.rectification", "id", rc.ID),
			Updated: rc.DecidedAt, Link: atomLink{Rel: "alternate", Href: registerURL.At(rc.ID).String()}, Summary: atomContent{Type: "text", Text: l.in(rc.Reason)}})
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
