package templates

import (
	"fmt"
	"html/template"
	"strings"
	"time"

	"github.com/ark-forge/proveit/scorer/score"
	"github.com/ark-forge/proveit/templates/internal/htmlesc"
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
}

// SeasonLang is the language the season's files are written in: its
// title, its questions and every reason its registers give.
const SeasonLang = "fr"

// TrackTitle is the name the pages write a track with, in each edition
// (season.toml's [track_titles]); the track's name stays its id.
type TrackTitle struct{ FR, EN string }

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

// text is the message key as plain text (messages.Catalogue.Text); the
// templates escape it as they escape any data.
func (l *locale) text(key string, args ...any) string {
	s, err := l.cat.Text(key, args...)
	if err != nil && l.err == nil {
		l.err = err
	}
	return s
}

// html is the message key as HTML (messages.Catalogue.HTML), for markup
// written in Go (rows.go); the first error is kept.
func (l *locale) html(key string, args ...any) string {
	h, err := l.cat.HTML(key, args...)
	if err != nil && l.err == nil {
		l.err = err
	}
	return string(h)
}

// attr is the attribute name="message" of key (attrMessage); the first
// error is kept.
func (l *locale) attr(name, key string) string {
	h, err := attrMessage(l.cat, name, key)
	if err != nil && l.err == nil {
		l.err = err
	}
	return string(h)
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

// attrNames are the attributes attr may write: text for a reader, never a
// URL, a style or a script. data-titre is a column's heading repeated on
// each cell of a table that a phone shows as one block per row (class
// empile in the style), where CSS writes it before the value.
var attrNames = map[string]bool{"aria-label": true, "title": true, "alt": true, "data-titre": true}

// fragments is the markup a message's argument may carry, parsed apart
// from the pages: html/template escapes each value as the pages would.
var fragments = template.Must(template.ParseFS(files, "html/fragments.html"))

func fragment(name string, data any) (template.HTML, error) {
	var b strings.Builder
	if err := fragments.ExecuteTemplate(&b, name, data); err != nil {
		return "", err
	}
	return template.HTML(b.String()), nil
}

// funcs are the template functions, with the catalogue's msg and attr.
func funcs(cat *messages.Catalogue) template.FuncMap {
	return template.FuncMap{
		"plus":  func(a, b int) int { return a + b },
		"minus": func(a, b int) int { return a - b },
		// lang is the catalogue's language tag, for <html lang>.
		"lang": cat.Lang,
		// seasontext is a text the season's files give (its title, a
		// question, a reason): they are written in French, so on a page in
		// another language it is marked lang="fr" for screen readers and
		// translators (WCAG 3.1.2); on a French page it is the text alone.
		"seasontext": func(s string) template.HTML { return seasonText(cat, s) },
		// title is a track's title in the catalogue's language.
		"title": func(t TrackTitle) (string, error) { return trackTitle(cat, t) },
		// msg "key" "name" value … is the message as HTML.
		"msg": cat.HTML,
		// attr "aria-label" "key" "name" value … is the attribute
		// aria-label="message", written whole so that the message keeps
		// the bytes of template text (html/template would re-escape a
		// value inside quotes).
		"attr": func(name, key string, args ...any) (template.HTMLAttr, error) {
			return attrMessage(cat, name, key, args...)
		},
		// trace is a trace of the scorer, its did:key marked (rows.go).
		"trace": trace,
		// tasksections is a report's section per task (rows.go).
		"tasksections": func(r *reportView, questions map[string]string, narrative string) (template.HTML, error) {
			return taskSections(&locale{cat: cat}, r, questions, narrative)
		},
		// alternates, rootlinks and pagelinks are the lists of the
		// layout (layout.go).
		"alternates": alternateLinks,
		"rootlinks":  rootLinks,
		"pagelinks":  pageLinks,
		// tasktoc is a report's list of its tasks, counts a list of
		// counts (rows.go).
		"tasktoc": func(r *reportView) (template.HTML, error) { return taskTOC(&locale{cat: cat}, r) },
		"counts":  counts,
		// taskrows, tablerows and gridrows are the rows of a task's page,
		// of a track's table and of its grid (trackrows.go).
		"taskrows":  func(rows []taskRow) (template.HTML, error) { return taskRows(&locale{cat: cat}, rows) },
		"tablerows": func(rows []row) (template.HTML, error) { return tableRows(&locale{cat: cat}, rows) },
		"gridrows":  gridRows,
		// code, codes, link, champ and datetime make the markup arguments
		// of a message.
		// A string, the arguments the pages pass, is written by the Go
		// writer of its template (rows.go); anything else by the
		// template of fragments.html.
		"code": func(v any) (template.HTML, error) {
			if s, ok := v.(string); ok {
				return codeHTML(s), nil
			}
			return fragment("code", v)
		},
		"codes": func(vs []string) template.HTML { return codesHTML(vs) },
		"link": func(href string, text any) (template.HTML, error) {
			switch t := text.(type) {
			case template.HTML:
				return linkHTML(href, t), nil
			case string:
				var b strings.Builder
				htmlesc.WriteText(&b, t)
				return linkHTML(href, template.HTML(b.String())), nil
			}
			return fragment("link", struct {
				Href string
				Text any
			}{href, text})
		},
		// champ marks a text the season's data gives (a decision's
		// reason) with its field, as the pages mark participant fields:
		// the guard names the field, and the English edition's test knows
		// the text is data, written in the season's language.
		"champ": champHTML,
		"datetime": func(rfc3339 string) (template.HTML, error) {
			text, err := readableDate(cat, rfc3339)
			if err != nil {
				return "", err
			}
			return timeHTML(rfc3339, text), nil
		},
	}
}

// seasonText is s, a text the season's files give, as HTML on a page of
// cat's language (the template function seasontext).
func seasonText(cat *messages.Catalogue, s string) template.HTML {
	if cat.Lang() == SeasonLang {
		return template.HTML(template.HTMLEscapeString(s))
	}
	return template.HTML(`<span lang="` + SeasonLang + `">` + template.HTMLEscapeString(s) + `</span>`)
}

// attrMessage is the attribute name="message", the message of key with
// args, written whole (the template function attr).
func attrMessage(cat *messages.Catalogue, name, key string, args ...any) (template.HTMLAttr, error) {
	if !attrNames[name] {
		return "", fmt.Errorf("attr: %s does not hold a message (aria-label, title, alt or data-titre do)", name)
	}
	h, err := cat.HTML(key, args...)
	if err != nil {
		return "", err
	}
	if strings.ContainsAny(string(h), "<>") {
		return "", fmt.Errorf("attr: %q holds markup and %s holds text", key, name)
	}
	return template.HTMLAttr(name + `="` + strings.ReplaceAll(string(h), `"`, "&#34;") + `"`), nil
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
