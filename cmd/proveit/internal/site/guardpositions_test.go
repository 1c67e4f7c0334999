package site

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

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

// injectTemplate returns src with a marker at every text position of its
// markup: right after every tag (the start of the text node that follows,
// whatever data the template writes into it), and at the start of every
// attribute value. Three positions are left alone: the value of class, id
// and style, which are not text to a reader and which the guard does not
// read; the content of <style>, CSS; and the template actions themselves.
func injectTemplate(src, file string, m *markers) string {
	var b strings.Builder
	inTag, inStyle := false, false
	name := ""
	attrName := func() string {
		s := strings.TrimRight(b.String(), "=")
		i := strings.LastIndexAny(s, " \n\t")
		return s[i+1:]
	}
	for i := 0; i < len(src); {
		if strings.HasPrefix(src[i:], "{{") {
			j := strings.Index(src[i:], "}}")
			b.WriteString(src[i : i+j+2])
			i += j + 2
			continue
		}
		c := src[i]
		switch {
		case !inTag:
			if c == '<' && i+1 < len(src) && (src[i+1] == '/' || src[i+1] == '!' || src[i+1] >= 'a' && src[i+1] <= 'z') {
				inTag = true
				j := i + 1
				for j < len(src) && (src[j] == '/' || src[j] == '!' || src[j] >= 'a' && src[j] <= 'z' || src[j] >= '0' && src[j] <= '9' || src[j] == '-') {
					j++
				}
				name = strings.ToLower(src[i+1 : j])
			}
			b.WriteByte(c)
			i++
		case c == '>':
			inTag = false
			b.WriteByte(c)
			i++
			switch name {
			case "style":
				inStyle = true
			case "/style":
				inStyle = false
			}
			if !inStyle {
				b.WriteString(m.next(file) + " ")
			}
		case c == '"':
			a := attrName()
			b.WriteByte(c)
			i++
			if a != "class" && a != "id" && a != "style" {
				b.WriteString(m.next(file) + " ")
			}
			for i < len(src) && src[i] != '"' {
				if strings.HasPrefix(src[i:], "{{") {
					j := strings.Index(src[i:], "}}")
					b.WriteString(src[i : i+j+2])
					i += j + 2
					continue
				}
				b.WriteByte(src[i])
				i++
			}
			if i < len(src) {
				b.WriteByte('"') // the value's closing quote
				i++
			}
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String()
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
// in the text the templates write — every template file, every text node
// and attribute value of its markup, every message of the catalogue — is
// caught by the publication guard on every page that publishes it. The
// site of the fixtures is rendered once from templates with a distinct
// marker at every position, and once from a catalogue with one in every
// message; every marker a page holds must be reported on that page. A
// position no page of the fixtures reaches (a branch they do not take) is
// counted, and every template file must have positions reached. (The
// markup of fragments.html, code, links and times around the messages'
// arguments, is parsed once by package templates from its own files, and
// holds no text of its own.)
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
	dir := filepath.Join("..", "..", "..", "..", "templates")
	files, err := filepath.Glob(filepath.Join(dir, "html", "*.html"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no templates under %s: %v", dir, err)
	}
	fr, err := os.ReadFile(filepath.Join(dir, "messages", "fr.toml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []string{"templates", "messages"} {
		t.Run(c, func(t *testing.T) {
			m := &markers{where: map[string]string{}}
			fsys := fstest.MapFS{}
			for _, f := range files {
				src, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				base := filepath.Base(f)
				if base == "fragments.html" {
					continue // parsed once by package templates, from its own files
				}
				if c == "templates" {
					src = []byte(injectTemplate(string(src), base, m))
				}
				fsys["html/"+base] = &fstest.MapFile{Data: src}
			}
			cat := messages.French
			if c == "messages" {
				cat, err = messages.Parse([]byte(injectMessages(string(fr), m)), nil)
				if err != nil {
					t.Fatal(err)
				}
			}
			var jobs []templates.Job
			for _, b := range sites {
				js, err := templates.JobsWith(fsys, cat, b.site, b.reports)
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
		})
	}
}
