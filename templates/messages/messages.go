// Package messages holds the site's message catalogue: every word the PROVE
// IT Index shows a reader, in one TOML file per language, so that a second
// language is a second file and not a hunt through the templates.
//
// # The file
//
// A catalogue is a TOML document. Its top-level key lang is the language's
// BCP 47 tag ("fr"); every other string is a message, named by its dotted
// key ("table.caption", "cause.invalid_proof.label"). A table that has the
// key "other" is a plural message: its keys are CLDR plural forms (zero,
// one, two, few, many, other), and the form is chosen by the argument n
// with the language's CLDR rules (French: 0 and 1 take "one"); a form the
// table lacks falls back to other. Any other value (a number, an array, a
// form that is not a CLDR form) is refused, and so is a key defined twice.
//
// # Placeholders
//
// A message names its arguments in braces: "Saison {season}, piste
// {track}". A name is lower case letters, digits and underscores, starting
// with a letter; a brace that does not open or close a placeholder is
// refused, so messages have no literal braces. Arguments are passed as
// name, value pairs, as log/slog takes them:
//
//	c.Text("page.track.title", "season", 3, "track", "conformite")
//
// A placeholder without its argument is an error, never an empty string; an
// argument the message does not use is allowed, so that a translation may
// leave one out. A value is a string, an int or, for HTML alone, an
// html/template.HTML fragment.
//
// # Text and HTML
//
// A message is written as HTML text, as a template's own text is: it may
// hold the entities of HTML and the inline tags <strong>, <em> and <code>,
// without attributes; any other "<" or ">" is refused. HTML returns the
// message as HTML: its text as written, each string or int argument
// escaped by html/template, in the text context every placeholder sits in,
// an HTML argument as it is. A form with placeholders is parsed, with the
// catalogue, as an html/template template whose text is the message's own
// and whose actions are its placeholders: HTML executes it, so that no
// escaping is written here, and a template.HTML comes out of the
// catalogue's trusted text or of html/template alone. Text returns it as plain text, for a value the templates will
// escape themselves (a page title, a JSON-LD field, an attribute): entities
// decoded, arguments as they are; a message with markup cannot be plain
// text.
//
// # Languages
//
// French is the reference catalogue. Another language is parsed against
// it (Parse(data, French)): a key French lacks is unknown, a key French has
// is required, and a placeholder the French message does not use is
// unknown, since the code supplies only what French asks for. English
// (en.toml) is the second language, the site's English edition under en/;
// its plural tables have the forms CLDR gives English (one, other).
package messages

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"html"
	"html/template"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

//go:embed fr.toml
var frTOML []byte

//go:embed en.toml
var enTOML []byte

// French is the catalogue the site is rendered with, and the reference
// every other language is checked against.
var French = mustParse(frTOML)

// English is the catalogue of the English edition (en.toml), parsed
// against French: it has exactly French's keys. It is nil when en.toml
// does not parse, and EnglishErr then says why (every key French has and
// English lacks, one per line), so that a French key added without its
// translation fails the English render and its test, never the
// program's start.
var English, EnglishErr = Parse(enTOML, French)

func mustParse(data []byte) *Catalogue {
	c, err := Parse(data, nil)
	if err != nil {
		panic(err)
	}
	return c
}

// Catalogue is the messages of one language. It is read-only once parsed
// and safe for concurrent use.
type Catalogue struct {
	lang string
	tag  language.Tag
	msgs map[string]*message
}

// message is one message: a single form for a simple message, or the
// plural forms of a plural one.
type message struct {
	plural bool
	forms  map[plural.Form][]part // simple: plural.Other alone
	// tmpls holds, for each form with a placeholder, that form as an
	// html/template template (formTemplate); a form without one is its
	// literal text.
	tmpls  map[plural.Form]*template.Template
	names  map[string]bool // placeholders of every form, and n for a plural
	markup bool            // some form holds a tag
}

// part is a run of literal HTML text, or a placeholder when name is set.
type part struct {
	text string
	name string
}

var forms = map[string]plural.Form{
	"zero": plural.Zero, "one": plural.One, "two": plural.Two,
	"few": plural.Few, "many": plural.Many, "other": plural.Other,
}

// Parse decodes a catalogue strictly. ref is the catalogue it translates
// (French for any other language), or nil for French itself; with a
// reference, a key or a placeholder the reference lacks is refused, and so
// is a key the reference has and data lacks. Every error found is
// reported, in key order.
func Parse(data []byte, ref *Catalogue) (*Catalogue, error) {
	var raw map[string]any
	if _, err := toml.Decode(string(data), &raw); err != nil {
		return nil, fmt.Errorf("messages: %w", err)
	}
	lang, ok := raw["lang"].(string)
	if !ok {
		return nil, errors.New(`messages: the catalogue has no lang = "<BCP 47 tag>"`)
	}
	tag, err := language.Parse(lang)
	if err != nil {
		return nil, fmt.Errorf("messages: lang %q: %w", lang, err)
	}
	delete(raw, "lang")
	c := &Catalogue{lang: lang, tag: tag, msgs: map[string]*message{}}
	var errs []string
	c.add("", raw, &errs)
	if ref != nil {
		for key := range ref.msgs {
			if c.msgs[key] == nil {
				errs = append(errs, fmt.Sprintf("%s: missing (the %s catalogue has it)", key, ref.lang))
			}
		}
		for key, m := range c.msgs {
			r := ref.msgs[key]
			if r == nil {
				errs = append(errs, fmt.Sprintf("%s: unknown key (the %s catalogue does not have it)", key, ref.lang))
				continue
			}
			for _, name := range sortedNames(m.names) {
				if !r.names[name] {
					errs = append(errs, fmt.Sprintf("%s: unknown placeholder {%s} (the %s message has %s)", key, name, ref.lang, placeholders(r.names)))
				}
			}
		}
	}
	if len(errs) > 0 {
		sort.Strings(errs)
		return nil, fmt.Errorf("messages: %s catalogue:\n  %s", lang, strings.Join(errs, "\n  "))
	}
	return c, nil
}

func (c *Catalogue) add(prefix string, table map[string]any, errs *[]string) {
	for k, v := range table {
		key := prefix + k
		if k == "" || strings.Contains(k, ".") {
			*errs = append(*errs, fmt.Sprintf("%q: a key segment is non-empty and holds no dot", key))
			continue
		}
		switch v := v.(type) {
		case string:
			m := &message{forms: map[plural.Form][]part{}, names: map[string]bool{}, tmpls: map[plural.Form]*template.Template{}}
			if err := m.addForm(plural.Other, v); err != nil {
				*errs = append(*errs, key+": "+err.Error())
				continue
			}
			c.msgs[key] = m
		case map[string]any:
			if _, ok := v["other"]; !ok {
				c.add(key+".", v, errs)
				continue
			}
			m := &message{plural: true, forms: map[plural.Form][]part{}, names: map[string]bool{"n": true}, tmpls: map[plural.Form]*template.Template{}}
			ok := true
			for name, text := range v {
				f, known := forms[name]
				s, isString := text.(string)
				switch {
				case !known:
					*errs = append(*errs, fmt.Sprintf("%s.%s: unknown plural form (a plural message has zero, one, two, few, many, other)", key, name))
					ok = false
				case !isString:
					*errs = append(*errs, fmt.Sprintf("%s.%s: a plural form is a string, not %T", key, name, text))
					ok = false
				default:
					if err := m.addForm(f, s); err != nil {
						*errs = append(*errs, fmt.Sprintf("%s.%s: %v", key, name, err))
						ok = false
					}
				}
			}
			if ok {
				c.msgs[key] = m
			}
		default:
			*errs = append(*errs, fmt.Sprintf("%s: a message is a string or a table of plural forms, not %T", key, v))
		}
	}
}

// addForm parses one form: placeholders, and the markup allowed in a
// message.
func (m *message) addForm(f plural.Form, s string) error {
	var parts []part
	lit := 0
	for i := 0; i < len(s); {
		switch s[i] {
		case '{':
			j := strings.IndexByte(s[i:], '}')
			if j < 0 || !validName(s[i+1:i+j]) {
				return fmt.Errorf("%q: a brace opens a placeholder {name} (lower case, digits, _), at byte %d", s, i)
			}
			parts = append(parts, part{text: s[lit:i]}, part{name: s[i+1 : i+j]})
			m.names[s[i+1:i+j]] = true
			i += j + 1
			lit = i
		case '}':
			return fmt.Errorf("%q: a closing brace without its placeholder, at byte %d", s, i)
		case '<':
			j := strings.IndexByte(s[i:], '>')
			if j < 0 || !allowedTag(s[i+1:i+j]) {
				return fmt.Errorf("%q: markup is <strong>, <em> or <code> without attributes, at byte %d", s, i)
			}
			m.markup = true
			i += j + 1
		case '>':
			return fmt.Errorf("%q: a > outside a tag, at byte %d (write &gt;)", s, i)
		default:
			i++
		}
	}
	parts = append(parts, part{text: s[lit:]})
	m.forms[f] = parts
	if len(parts) > 1 {
		t, err := formTemplate(parts)
		if err != nil {
			return fmt.Errorf("%q: %w", s, err)
		}
		m.tmpls[f] = t
	}
	return nil
}

// formTemplate is a form with placeholders as an html/template template:
// its literal text is the template's text, each placeholder {name} the
// action {{.name}} on the map of the arguments, which html/template
// escapes in the context it sits in (text: a message's markup is tags
// without attributes). A literal part holds no brace (addForm refuses
// one), so it cannot hold an action. The template is escaped here, once,
// rather than on its first execution.
func formTemplate(parts []part) (*template.Template, error) {
	var b strings.Builder
	for _, p := range parts {
		if p.name == "" {
			b.WriteString(p.text)
			continue
		}
		b.WriteString("{{.")
		b.WriteString(p.name)
		b.WriteString("}}")
	}
	t, err := template.New("").Option("missingkey=error").Parse(b.String())
	if err != nil {
		return nil, err
	}
	// Executing it once on empty arguments escapes it, and reports a
	// message html/template cannot escape; missingkey=error makes the
	// execution itself fail, after escaping, which is the expected end.
	if err := t.Execute(io.Discard, map[string]any{}); err != nil {
		var e *template.Error
		if errors.As(err, &e) {
			return nil, err
		}
	}
	return t, nil
}

func validName(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	return true
}

func allowedTag(s string) bool {
	switch strings.TrimPrefix(s, "/") {
	case "strong", "em", "code":
		return true
	}
	return false
}

func sortedNames(names map[string]bool) []string {
	out := make([]string, 0, len(names))
	for n := range names {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func placeholders(names map[string]bool) string {
	if len(names) == 0 {
		return "none"
	}
	ns := sortedNames(names)
	for i, n := range ns {
		ns[i] = "{" + n + "}"
	}
	return strings.Join(ns, ", ")
}

// Lang is the catalogue's BCP 47 language tag, as the file writes it.
func (c *Catalogue) Lang() string { return c.lang }

// Keys lists the catalogue's message keys, sorted.
func (c *Catalogue) Keys() []string {
	keys := make([]string, 0, len(c.msgs))
	for k := range c.msgs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Text returns the message key as plain text, its placeholders replaced
// by args (name, value pairs). A missing key, a missing argument or a
// message with markup is an error.
func (c *Catalogue) Text(key string, args ...any) (string, error) {
	m, vals, parts, err := c.lookup(key, args)
	if err != nil {
		return "", err
	}
	if m.markup {
		return "", fmt.Errorf("messages: %s: %q holds markup and is used as plain text", c.lang, key)
	}
	var b strings.Builder
	for _, p := range parts {
		if p.name == "" {
			b.WriteString(html.UnescapeString(p.text))
			continue
		}
		switch v := vals[p.name].(type) {
		case string:
			b.WriteString(v)
		case int:
			b.WriteString(strconv.Itoa(v))
		default:
			return "", fmt.Errorf("messages: %s: %q: {%s} is a %T, and plain text takes a string or an int", c.lang, key, p.name, v)
		}
	}
	return b.String(), nil
}

// HTML returns the message key as HTML, its placeholders replaced by args
// (name, value pairs) by executing the form's template (formTemplate):
// strings and ints escaped by html/template as data in text, template.HTML
// as it is. A form without placeholders is its text. A missing key or a
// missing argument is an error.
func (c *Catalogue) HTML(key string, args ...any) (template.HTML, error) {
	// A message without placeholders, asked for without arguments, is its
	// one literal part: the pages ask for hundreds of them each (a heading,
	// a column's name), and lookup would build an empty map of arguments
	// and a copy of the text for each. TestHTMLLiteral holds it to the
	// general path.
	if len(args) == 0 {
		if m := c.msgs[key]; m != nil && !m.plural {
			if parts := m.forms[plural.Other]; len(parts) == 1 {
				return template.HTML(parts[0].text), nil
			}
		}
	}
	m, vals, parts, err := c.lookup(key, args)
	if err != nil {
		return "", err
	}
	t := m.tmpls[m.form(c.tag, vals)]
	if t == nil {
		return template.HTML(parts[0].text), nil // a form without placeholders: its text
	}
	for _, p := range parts {
		if p.name == "" {
			continue
		}
		switch v := vals[p.name].(type) {
		case template.HTML, string, int:
		default:
			return "", fmt.Errorf("messages: %s: %q: {%s} is a %T, and HTML takes a string, an int or a template.HTML", c.lang, key, p.name, v)
		}
	}
	b := buffers.Get().(*bytes.Buffer)
	defer buffers.Put(b)
	b.Reset()
	if err := t.Execute(b, vals); err != nil {
		return "", fmt.Errorf("messages: %s: %q: %w", c.lang, key, err)
	}
	return template.HTML(b.String()), nil
}

// buffers are the buffers HTML executes a form into.
var buffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// form is the form of m that the arguments vals choose: other for a
// simple message; for a plural one, the CLDR form of the int n in the
// language tag, or other when m lacks that form.
func (m *message) form(tag language.Tag, vals map[string]any) plural.Form {
	if !m.plural {
		return plural.Other
	}
	n, _ := vals["n"].(int)
	if n < 0 {
		n = -n
	}
	form := plural.Cardinal.MatchPlural(tag, n%10000000, 0, 0, 0, 0)
	if m.forms[form] == nil {
		return plural.Other
	}
	return form
}

// lookup finds the message, reads the arguments and chooses the form.
func (c *Catalogue) lookup(key string, args []any) (*message, map[string]any, []part, error) {
	m := c.msgs[key]
	if m == nil {
		return nil, nil, nil, fmt.Errorf("messages: %s: no message %q", c.lang, key)
	}
	if len(args)%2 != 0 {
		return nil, nil, nil, fmt.Errorf("messages: %s: %q: arguments are name, value pairs; %d values given", c.lang, key, len(args))
	}
	vals := make(map[string]any, len(args)/2)
	for i := 0; i < len(args); i += 2 {
		name, ok := args[i].(string)
		if !ok {
			return nil, nil, nil, fmt.Errorf("messages: %s: %q: argument name %v is not a string", c.lang, key, args[i])
		}
		if _, dup := vals[name]; dup {
			return nil, nil, nil, fmt.Errorf("messages: %s: %q: argument %s given twice", c.lang, key, name)
		}
		vals[name] = args[i+1]
	}
	if m.plural {
		if _, ok := vals["n"].(int); !ok {
			return nil, nil, nil, fmt.Errorf("messages: %s: %q is a plural message and takes an int n, not %T", c.lang, key, vals["n"])
		}
	}
	parts := m.forms[m.form(c.tag, vals)]
	for _, p := range parts {
		if p.name != "" {
			if _, ok := vals[p.name]; !ok {
				return nil, nil, nil, fmt.Errorf("messages: %s: %q: no value for {%s}", c.lang, key, p.name)
			}
		}
	}
	return m, vals, parts, nil
}
