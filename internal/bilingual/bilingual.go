// Package bilingual holds a text the maintainers write for the pages (a
// season's title, a decision's reason, a task's question …) in the two
// languages the site is published in: French, the season's language, and
// English. The season loader (scorer/season) reads it from the season's
// files, where both versions are required; the pages of each edition show
// their own.
package bilingual

import "strings"

// Langs are the languages a Text is written in, in the order the season's
// files give them.
var Langs = []string{"fr", "en"}

// Text is one maintainer-written text in French and in English.
type Text struct {
	FR string `json:"fr"`
	EN string `json:"en"`
}

// In returns the text in lang ("fr" or "en"); "" for any other language.
func (t Text) In(lang string) string {
	switch lang {
	case "fr":
		return t.FR
	case "en":
		return t.EN
	}
	return ""
}

// Blank returns the first language ("fr", then "en") whose version is
// empty or only spaces, "" when neither is: the language a rule that
// requires the text names.
func (t Text) Blank() string {
	for _, lang := range Langs {
		if strings.TrimSpace(t.In(lang)) == "" {
			return lang
		}
	}
	return ""
}

// IsZero reports whether both versions are empty (a pending decision's
// reason, a current freeze's).
func (t Text) IsZero() bool { return t.FR == "" && t.EN == "" }
