package site

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	xhtml "golang.org/x/net/html"

	"github.com/ark-forge/proveit/cmd/proveit/internal/guard"
	"github.com/ark-forge/proveit/scorer/score"
	"github.com/ark-forge/proveit/templates"
	"github.com/ark-forge/proveit/templates/messages"
)

// markers numbers the words injected by TestGuardCatchesEveryTemplatePosition:
// each one imputes an intent (the stem « trich »), and is a word of its
// own that no other marker begins with.
type markers struct {
	n     int
	where map[string]string // marker → template file or message line
}

func (m *markers) next(where string) string {
	m.n++
	w := fmt.Sprintf("tricheurx%dz", m.n)
	m.where[w] = where
	return w
}

// injectPage returns page with a marker at every text position of its
// markup, as golang.org/x/net/html's tokenizer reads it: right after every
// tag (the start of the text node that follows, whatever data the
// component writes into it), and at the start of every attribute value.
// Three positions are left alone: the value of class, id and style, which
// are not text to a reader and which the guard does not read; and the
// content of <style>, CSS. The markers are the template text a component
// could hold at each position, which the compiled components cannot be
// altered to hold.
func injectPage(page []byte, where string, m *markers) []byte {
	var b bytes.Buffer
	z := xhtml.NewTokenizer(bytes.NewReader(page))
	inStyle := false
	for {
		tt := z.Next()
		switch tt {
		case xhtml.ErrorToken:
			return b.Bytes()
		case xhtml.StartTagToken, xhtml.SelfClosingTagToken:
			tok := z.Token()
			for i, a := range tok.Attr {
				if a.Key != "class" && a.Key != "id" && a.Key != "style" {
					tok.Attr[i].Val = m.next(where) + " " + a.Val
				}
			}
			b.WriteString(tok.String())
			inStyle = tt == xhtml.StartTagToken && tok.Data == "style"
		case xhtml.EndTagToken:
			b.Write(z.Raw())
			inStyle = false
		case xhtml.DoctypeToken:
			b.Write(z.Raw())
		default:
			b.Write(z.Raw())
			continue
		}
		if !inStyle {
			b.WriteString(m.next(where) + " ")
		}
	}
}

// kindOf is the kind of the page name (pageKinds).
func kindOf(name string) string {
	for _, k := range pageKinds {
		if k.is(name) {
			return k.name
		}
	}
	return "none"
}

var messageLine = regexp.MustCompile(`(?m)^(\s*[a-z0-9_.]+\s*=\s*")`)

// injectMessages returns the catalogue's TOML with a marker at the start
// of every message (every form of a plural one).
func injectMessages(src string, m *markers) string {
	return messageLine.ReplaceAllStringFunc(src, func(s string) string {
		if strings.HasPrefix(strings.TrimSpace(s), "lang") {
			return s
		}
		// A space on each side: a marker glued to the word before it (a
		// message that follows another without a space) would be another
		// word, which the guard rightly does not read as the marker.
		return s + " " + m.next("fr.toml "+strings.TrimSpace(strings.TrimSuffix(s, `"`))) + " "
	})
}

var markerWord = regexp.MustCompile(`tricheurx[0-9]+z`)

// TestGuardCatchesEveryTemplatePosition: a rule violation placed anywhere
// in the text the pages write — every text node and attribute value of
// every kind of page, every message of the catalogue — is caught by the
// publication guard on every page that publishes it. The site of the
// fixtures is rendered once, each page then given a distinct marker at
// every position of its markup (injectPage), and once from a catalogue
// with one in every message; every marker a page holds must be reported
// on that page. A message no page of the fixtures reaches (a branch they
// do not take) is counted, and every kind of page and the catalogue must
// have positions reached.
func TestGuardCatchesEveryTemplatePosition(t *testing.T) {
	// The fixtures of the site, and the season with a corrections register.
	type built struct {
		site    templates.Site
		reports func(season, track int) []*score.ParticipantReport
	}
	var sites []built
	for _, root := range []string{writeSeasons(t, false), registerSeason(t)} {
		site, reports := siteWithReports(t, root)
		sites = append(sites, built{site, reports})
	}
	fr, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "templates", "messages", "fr.toml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []string{"templates", "messages"} {
		t.Run(c, func(t *testing.T) {
			m := &markers{where: map[string]string{}}
			cat := messages.French
			if c == "messages" {
				cat, err = messages.Parse([]byte(injectMessages(string(fr), m)), nil)
				if err != nil {
					t.Fatal(err)
				}
			}
			var jobs []templates.Job
			for _, b := range sites {
				js, err := templates.JobsWith(cat, b.site, b.reports)
				if err != nil {
					t.Fatal(err)
				}
				jobs = append(jobs, js...)
			}
			reached := map[string]bool{}
			for _, j := range jobs {
				page, err := renderJob(j)
				if err != nil {
					t.Fatalf("%s: %v", j.Name, err)
				}
				if c == "templates" {
					page = injectPage(page, kindOf(j.Name), m)
				}
				word, err := templates.Declarative(j.Lang)
				if err != nil {
					t.Fatal(err)
				}
				reported := map[string]bool{}
				for _, v := range guard.PageIn(j.Name, page, word) {
					if v.Rule == "intent" {
						reported[v.Word] = true
					}
				}
				for _, w := range markerWord.FindAllString(string(page), -1) {
					reached[w] = true
					if !reported[w] {
						k := strings.Index(string(page), w)
						t.Errorf("%s: the word placed in %s is published and not caught: …%s…", j.Name, m.where[w], page[max(0, k-80):min(len(page), k+40)])
						reported[w] = true // once per page
					}
				}
			}
			perFile := map[string][2]int{} // reached, placed
			for w, where := range m.where {
				if c == "messages" {
					where = "fr.toml"
				}
				n := perFile[where]
				n[1]++
				if reached[w] {
					n[0]++
				}
				perFile[where] = n
			}
			var names []string
			for f := range perFile {
				names = append(names, f)
			}
			sort.Strings(names)
			for _, f := range names {
				n := perFile[f]
				t.Logf("%s: %d of %d positions published by the fixtures' pages", f, n[0], n[1])
				if n[0] == 0 {
					t.Errorf("%s: no position is published by the fixtures' pages", f)
				}
			}
			if c == "templates" {
				for _, k := range pageKinds {
					if perFile[k.name][0] == 0 {
						t.Errorf("no page of the kind %s in the fixtures", k.name)
					}
				}
			}
		})
	}
}
