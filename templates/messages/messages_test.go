package messages

import (
	"fmt"
	"html/template"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/feature/plural"
)

// ref is a small reference catalogue, as French is to a translation.
var ref = mustParse([]byte(`lang = "fr"
[season]
title = "Saison {season}, piste {track}"
[report.unsupported]
one = "{n} claim non étayé"
other = "{n} claims non étayés"
`))

// TestParseRefuses: the decoding is strict. Every case is refused, with an
// error that names what is wrong.
func TestParseRefuses(t *testing.T) {
	for _, c := range []struct {
		name string
		data string
		ref  *Catalogue
		want string
	}{
		{"duplicate key", "lang = \"fr\"\na = \"x\"\na = \"y\"\n", nil, "has already been defined"},
		{"duplicate table", "lang = \"fr\"\n[a]\nb = \"x\"\n[a]\nc = \"y\"\n", nil, "has already been defined"},
		{"duplicate dotted key", "lang = \"fr\"\n[a]\nb = \"x\"\n[c]\n\n[a.b]\nd = \"y\"\n", nil, "has already been defined"},
		{"unknown placeholder", "lang = \"en\"\nseason.title = \"Season {number}, track {track}\"\n[report.unsupported]\none = \"{n} unsupported claim\"\nother = \"{n} unsupported claims\"\n", ref, "season.title: unknown placeholder {number} (the fr message has {season}, {track})"},
		{"unknown key", "lang = \"en\"\nseason.title = \"Season {season}\"\nseason.subtitle = \"x\"\n[report.unsupported]\nother = \"{n} claims\"\n", ref, "season.subtitle: unknown key (the fr catalogue does not have it)"},
		{"missing key", "lang = \"en\"\nseason.title = \"Season {season}\"\n", ref, "report.unsupported: missing (the fr catalogue has it)"},
		{"plural where the reference has no n", "lang = \"en\"\n[season.title]\none = \"Season {season}\"\nother = \"Seasons {season}\"\n[report.unsupported]\nother = \"{n} claims\"\n", ref, "season.title: unknown placeholder {n}"},
		{"placeholder in upper case", "lang = \"fr\"\na = \"Saison {Season}\"\n", nil, "a: \"Saison {Season}\": a brace opens a placeholder {name}"},
		{"placeholder with spaces", "lang = \"fr\"\na = \"Saison { season }\"\n", nil, "a brace opens a placeholder"},
		{"unclosed placeholder", "lang = \"fr\"\na = \"Saison {season\"\n", nil, "a brace opens a placeholder"},
		{"closing brace alone", "lang = \"fr\"\na = \"Saison }\"\n", nil, "a closing brace without its placeholder"},
		{"unknown plural form", "lang = \"fr\"\n[a]\none = \"x\"\nother = \"y\"\nplenty = \"z\"\n", nil, "a.plenty: unknown plural form"},
		{"plural form not a string", "lang = \"fr\"\n[a]\none = 1\nother = \"y\"\n", nil, "a.one: a plural form is a string"},
		{"number", "lang = \"fr\"\na = 3\n", nil, "a: a message is a string or a table of plural forms, not int64"},
		{"array", "lang = \"fr\"\na = [\"x\"]\n", nil, "a: a message is a string or a table of plural forms"},
		{"no lang", "a = \"x\"\n", nil, "no lang"},
		{"bad lang", "lang = \"français\"\na = \"x\"\n", nil, "lang \"français\""},
		{"markup with an attribute", "lang = \"fr\"\na = \"<a href=\\\"x\\\">y</a>\"\n", nil, "markup is <strong>, <em> or <code> without attributes"},
		{"script", "lang = \"fr\"\na = \"<script>x</script>\"\n", nil, "markup is <strong>"},
		{"lone >", "lang = \"fr\"\na = \"a > b\"\n", nil, "a > outside a tag"},
		{"dot in a quoted key", "lang = \"fr\"\n\"a.b\" = \"x\"\n", nil, "holds no dot"},
		{"not TOML", "lang = \"fr\"\na = \n", nil, "messages: toml"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cat, err := Parse([]byte(c.data), c.ref)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Parse = %v, %v; want an error with %q", cat, err, c.want)
			}
		})
	}
}

// TestParseTranslation: a translation may leave a placeholder out, and
// take plural forms its reference does not.
func TestParseTranslation(t *testing.T) {
	en, err := Parse([]byte("lang = \"en\"\nseason.title = \"Track {track}\"\n[report.unsupported]\none = \"one unsupported claim\"\nother = \"{n} unsupported claims\"\n"), ref)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 unsupported claims"}, {1, "one unsupported claim"}, {2, "2 unsupported claims"}} {
		if got, err := en.Text("report.unsupported", "n", c.n); err != nil || got != c.want {
			t.Errorf("en n=%d: %q, %v; want %q", c.n, got, err, c.want)
		}
	}
	if got, err := en.Text("season.title", "season", 3, "track", "conformite"); err != nil || got != "Track conformite" {
		t.Errorf("en season.title = %q, %v", got, err)
	}
	if _, err := Parse(frTOML, French); err != nil {
		t.Errorf("French against itself: %v", err)
	}
}

func TestText(t *testing.T) {
	cat := mustParse([]byte(`lang = "fr"
plain = "L'écart entre déclaration et reçus"
args = "Saison {season}, piste {track} : {track}"
entity = "a &amp; b &lt; c"
markup = "le <strong>taux</strong>"
[plural]
one = "{n} claim non étayé"
other = "{n} claims non étayés"
[only_other]
other = "{n} vues"
`))
	for _, c := range []struct {
		key  string
		args []any
		want string // or the error, after "error: "
	}{
		{"plain", nil, "L'écart entre déclaration et reçus"},
		{"args", []any{"season", 3, "track", `<b>"x"</b>`}, `Saison 3, piste <b>"x"</b> : <b>"x"</b>`},
		{"args", []any{"season", 3, "track", "x", "unused", "y"}, "Saison 3, piste x : x"},
		{"entity", nil, "a & b < c"},
		{"plural", []any{"n", 0}, "0 claim non étayé"},
		{"plural", []any{"n", 1}, "1 claim non étayé"},
		{"plural", []any{"n", 2}, "2 claims non étayés"},
		{"plural", []any{"n", 1000000}, "1000000 claims non étayés"},
		{"only_other", []any{"n", 1}, "1 vues"},
		{"missing", nil, `error: messages: fr: no message "missing"`},
		{"args", []any{"season", 3}, `error: messages: fr: "args": no value for {track}`},
		{"args", []any{"season", 3, "track"}, "error: arguments are name, value pairs; 3 values given"},
		{"args", []any{"season", 3, 4, "x"}, "error: argument name 4 is not a string"},
		{"args", []any{"season", 3, "season", 4, "track", "x"}, "error: argument season given twice"},
		{"args", []any{"season", 3.5, "track", "x"}, "error: {season} is a float64"},
		{"args", []any{"season", 3, "track", template.HTML("<b>x</b>")}, "error: {track} is a template.HTML, and plain text takes a string or an int"},
		{"plural", nil, `error: "plural" is a plural message and takes an int n`},
		{"markup", nil, `error: "markup" holds markup and is used as plain text`},
	} {
		got, err := cat.Text(c.key, c.args...)
		if want, ok := strings.CutPrefix(c.want, "error: "); ok {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("Text(%q, %v) = %q, %v; want an error with %q", c.key, c.args, got, err, want)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("Text(%q, %v) = %q, %v; want %q", c.key, c.args, got, err, c.want)
		}
	}
}

// TestHTML: the message's own text is written as it is; a string or an
// int argument is escaped as html/template escapes data, byte for byte.
func TestHTML(t *testing.T) {
	cat := mustParse([]byte(`lang = "fr"
msg = "L'agent <strong>{agent}</strong> : {n}"
`))
	agent := "a'b\"c&d<e>f+g\x00h"
	got, err := cat.HTML("msg", "agent", agent, "n", 3)
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	template.Must(template.New("").Parse(`L'agent <strong>{{.}}</strong> : 3`)).Execute(&want, agent)
	if string(got) != want.String() {
		t.Errorf("HTML = %q\nwant   %q (html/template's)", got, want.String())
	}
	if got, err := cat.HTML("msg", "agent", template.HTML("<code>x</code>"), "n", 1); err != nil || got != "L'agent <strong><code>x</code></strong> : 1" {
		t.Errorf("HTML with an HTML argument = %q, %v", got, err)
	}
	if _, err := cat.HTML("msg", "agent", "x"); err == nil || !strings.Contains(err.Error(), "no value for {n}") {
		t.Errorf("HTML without an argument = %v", err)
	}
	if _, err := cat.HTML("nope"); err == nil {
		t.Error("HTML of a missing key is not an error")
	}
}

// TestHTMLLiteral: a message asked for without arguments is what the
// general path writes (an argument the message does not use, which it
// ignores, takes that path), in both catalogues: every message without
// placeholders is its text, and one with placeholders, or a plural one,
// is an error, as it was.
func TestHTMLLiteral(t *testing.T) {
	for _, cat := range []*Catalogue{French, English} {
		literal := 0
		for _, key := range cat.Keys() {
			m := cat.msgs[key]
			got, err := cat.HTML(key)
			if m.plural || len(m.names) > 0 {
				if err == nil {
					t.Errorf("%s: %q has placeholders and HTML() = %q, no error", cat.Lang(), key, got)
				}
				continue
			}
			literal++
			want, wantErr := cat.HTML(key, "placeholder_no_message_has", "x")
			if err != nil || wantErr != nil || got != want {
				t.Errorf("%s: %q: HTML() = %q, %v; with an unused argument %q, %v", cat.Lang(), key, got, err, want, wantErr)
			}
		}
		if literal < 100 {
			t.Errorf("%s: only %d messages without placeholders", cat.Lang(), literal)
		}
	}
	// A plural message whose forms name no placeholder still takes its n;
	// arguments that are not name, value pairs are refused by a literal
	// message too.
	cat := mustParse([]byte(`lang = "fr"
literal = "Texte"
[plural]
one = "un"
other = "plusieurs"
`))
	if got, err := cat.HTML("plural"); err == nil {
		t.Errorf("HTML of a plural message without n = %q, no error", got)
	}
	if got, err := cat.HTML("literal", "odd"); err == nil {
		t.Errorf("HTML with one argument = %q, no error", got)
	}
	if got, err := cat.HTML("literal"); err != nil || got != "Texte" {
		t.Errorf("HTML(literal) = %q, %v", got, err)
	}
}

func ExampleCatalogue_Text() {
	title, _ := French.Text("page.track.title", "season", 3, "track", "conformite")
	one, _ := French.Text("report.toc.unsupported", "n", 1)
	two, _ := French.Text("report.toc.unsupported", "n", 2)
	fmt.Println(title)
	fmt.Println(one)
	fmt.Println(two)
	// Output:
	// Saison 3, piste conformite
	// 1 claim non étayé
	// 2 claims non étayés
}

// TestEnglishCatalogue: en.toml has exactly the keys of fr.toml and only
// the placeholders French uses (Parse against French refuses anything
// else, naming every key to translate), and each of its plural messages
// has the forms CLDR gives English, one and other, and no other.
func TestEnglishCatalogue(t *testing.T) {
	if EnglishErr != nil {
		t.Fatalf("en.toml: %v", EnglishErr)
	}
	if English.Lang() != "en" {
		t.Errorf("lang = %q", English.Lang())
	}
	if !slices.Equal(English.Keys(), French.Keys()) {
		t.Errorf("the keys differ")
	}
	plurals := 0
	for key, m := range English.msgs {
		if !m.plural {
			continue
		}
		plurals++
		if len(m.forms) != 2 || m.forms[plural.One] == nil || m.forms[plural.Other] == nil {
			t.Errorf("%s: English plural forms are one and other, the message has %d forms", key, len(m.forms))
		}
	}
	if plurals < 10 {
		t.Errorf("only %d plural messages", plurals)
	}
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 tasks"}, {1, "1 task"}, {2, "2 tasks"}} {
		if got, err := English.Text("track.tasks", "n", c.n); err != nil || got != c.want {
			t.Errorf("track.tasks(%d) = %q, %v, want %q", c.n, got, err, c.want)
		}
	}
}

// TestTranslationMissingKeyNamed: a French key without its English
// message is refused, and the error names it (what to translate).
func TestTranslationMissingKeyNamed(t *testing.T) {
	data := strings.Replace(string(enTOML), "skip = \"Skip to content\"\n", "", 1)
	if data == string(enTOML) {
		t.Fatal("en.toml has no layout.skip line")
	}
	if _, err := Parse([]byte(data), French); err == nil || !strings.Contains(err.Error(), "layout.skip: missing (the fr catalogue has it)") {
		t.Errorf("Parse without layout.skip = %v", err)
	}
}
