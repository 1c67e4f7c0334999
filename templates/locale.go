package templates

import (
	"fmt"
	"regexp"
	"time"

	"github.com/ark-forge/proveit/internal/bilingual"
	"github.com/ark-forge/proveit/scorer/score"
	"github.com/ark-forge/proveit/templates/messages"
)

// locale writes the views' text from one catalogue. Its methods return the
// text alone, so that the view builders read as plain code; the first
// lookup that fails is kept in err, and the page being built fails with it
// before anything is published. A missing message is an error, never an
// empty string.
type locale struct {
	cat *messages.Catalogue
	err error
	// withheld are the moderation notices of the site's seasons
	// (Season.Withheld), for own.
	withheld map[string]bilingual.Text
}

// own is a participant's text (an agent's name, a declared stack) as the
// page shows it: as written, in whatever language the participant wrote
// it, unless the moderation withheld it, and then its notice in the
// locale's language.
func (l *locale) own(s string) string {
	if n, ok := l.withheld[s]; ok {
		return l.in(n)
	}
	return s
}

// siteWithheld are the moderation notices of every season of site, by
// the notice the data carries (notices name the SHA-256 of what they
// withhold: two seasons never share one).
func siteWithheld(site Site) map[string]bilingual.Text {
	out := map[string]bilingual.Text{}
	for _, s := range site.Seasons {
		for k, v := range s.Withheld {
			out[k] = v
		}
	}
	return out
}

// TrackTitle is the name the pages write a track with, in each edition
// (season.toml's [track_titles]); the track's name stays its id.
type TrackTitle struct {
	FR string `json:"fr"`
	EN string `json:"en"`
}

// in is the title in the language lang; "" when it has none.
func (t TrackTitle) in(lang string) string {
	switch lang {
	case "fr":
		return t.FR
	case "en":
		return t.EN
	}
	return ""
}

// trackTitle is t in cat's language, or an error when it has none: a page
// never falls back to the track's id.
func trackTitle(cat *messages.Catalogue, t TrackTitle) (string, error) {
	if s := t.in(cat.Lang()); s != "" {
		return s, nil
	}
	return "", fmt.Errorf("templates: a track has no title in %q (season.toml's track_titles): %+v", cat.Lang(), t)
}

// title is the track's title in the locale's language (trackTitle).
func (l *locale) title(t TrackTitle) string {
	s, err := trackTitle(l.cat, t)
	if err != nil && l.err == nil {
		l.err = err
	}
	return s
}

// in is t, a text the maintainers write (bilingual.Text), in the
// locale's language. A text that has none (the loader refuses it) fails
// the page, as a track without a title does: a page never shows the
// other language's version in its place.
func (l *locale) in(t bilingual.Text) string {
	s := t.In(l.cat.Lang())
	if s == "" && !t.IsZero() && l.err == nil {
		l.err = fmt.Errorf("templates: a text the maintainers write has no %q version: %+v", l.cat.Lang(), t)
	}
	return s
}

// text is the message key as plain text (messages.Catalogue.Text); the
// components escape it as they escape any data.
func (l *locale) text(key string, args ...any) string {
	s, err := l.cat.Text(key, args...)
	if err != nil && l.err == nil {
		l.err = err
	}
	return s
}

// The keys of the score tables' codes (scorer/score/causes.go): every
// cause, task status and incident kind has its messages, built from its
// code by these functions and checked by TestCatalogueCoversScoreTables.

// causeCode is the code a report shows for a cause, and its catalogue key:
// the cause's own, or not_evaluated (the status of an assertion that was
// not examined) for the empty cause.
func causeCode(c score.Cause) string {
	if c == score.NotEvaluated {
		return score.StatusNotEvaluated
	}
	return string(c)
}

// causeKey is the key of a cause's "label" or "help".
func causeKey(c score.Cause, part string) string { return "cause." + causeCode(c) + "." + part }

// statusKey is the key of a task status's "label" or "help".
func statusKey(s score.TaskStatus, part string) string { return "status." + string(s) + "." + part }

// incidentKey is the key of an incident kind's label.
func incidentKey(kind string) string { return "incident." + kind }

// didKey is a did:key as a trace quotes it (submission.DIDPattern's
// did:key, unanchored).
var didKey = regexp.MustCompile(`did:key:[A-Za-z0-9._:%-]+`)

// tracePart is a run of a trace: a did:key it quotes, or the text between.
type tracePart struct {
	Text string
	DID  bool
}

// traceParts cuts a trace of the scorer (a detail, a reason) at each
// did:key it quotes, which traceFragment marks data-identifier, as
// the DID's own cell is: the publication guard reads a did:key in whole
// words, its base58 text holding camel-case parts that are words by
// chance.
func traceParts(s string) []tracePart {
	var out []tracePart
	last := 0
	for _, m := range didKey.FindAllStringIndex(s, -1) {
		if m[0] > last {
			out = append(out, tracePart{Text: s[last:m[0]]})
		}
		out = append(out, tracePart{Text: s[m[0]:m[1]], DID: true})
		last = m[1]
	}
	if last < len(s) {
		out = append(out, tracePart{Text: s[last:]})
	}
	return out
}

// date is an RFC 3339 instant in words (readableDate), for text that
// carries a date inside a sentence; the first error is kept.
func (l *locale) date(rfc3339 string) string {
	s, err := readableDate(l.cat, rfc3339)
	if err != nil && l.err == nil {
		l.err = err
	}
	return s
}

// readableDate writes an RFC 3339 instant for a reader, in UTC, with the
// catalogue's month names and format: « 1er octobre 2026 à 00:00 UTC ».
// The instant itself stays in the element's datetime attribute.
func readableDate(cat *messages.Catalogue, rfc3339 string) (string, error) {
	t, err := time.Parse(time.RFC3339, rfc3339)
	if err != nil {
		return "", fmt.Errorf("datetime: %w", err)
	}
	t = t.UTC()
	month, err := cat.Text(monthKey(t.Month()))
	if err != nil {
		return "", err
	}
	day := fmt.Sprint(t.Day())
	if t.Day() == 1 {
		if day, err = cat.Text("date.first"); err != nil {
			return "", err
		}
	}
	return cat.Text("date.format", "day", day, "month", month, "year", t.Year(), "time", t.Format("15:04:05"))
}

// monthKey is the catalogue key of a month's name.
func monthKey(m time.Month) string { return fmt.Sprintf("date.month.m%02d", int(m)) }

// dateKeys are the catalogue keys readableDate looks up.
func dateKeys() []string {
	keys := []string{"date.format", "date.first"}
	for m := time.January; m <= time.December; m++ {
		keys = append(keys, monthKey(m))
	}
	return keys
}
