package site

import (
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	xhtml "golang.org/x/net/html"

	"github.com/ark-forge/proveit/cmd/proveit/internal/guard"
	"github.com/ark-forge/proveit/content"
	"github.com/ark-forge/proveit/templates/messages"
)

// pageEdition is the language of a built page and its catalogue: English
// under en/, French elsewhere.
func pageEdition(name string) (string, *messages.Catalogue) {
	if strings.HasPrefix(name, "en/") {
		return "en", messages.English
	}
	return "fr", messages.French
}

var (
	alternateHref = regexp.MustCompile(`<link rel="alternate" hreflang="([a-z-]+)" href="([^"]+)">`)
	switchLink    = regexp.MustCompile(`<nav class="language" aria-label="[^"]+"><a href="([^"]+)" hreflang="([a-z]+)" lang="([a-z]+)">([^<]+)</a></nav>`)
	localHref     = regexp.MustCompile(`(?:href|src)="([^"#:]*)(?:#[^"]*)?"`)
)

// sitePath is the path in the site of href, relative to the page name.
func sitePath(name, href string) string { return path.Join(path.Dir(name), href) }

// TestEditionsLinkEachOther: every HTML page of the built site has its
// counterpart at the same relative path in the other edition (French at
// the root, English under en/), and both name each other, and French as
// x-default, with <link rel="alternate" hreflang>, and show a link to the
// other edition in its language; English pages are lang="en".
func TestEditionsLinkEachOther(t *testing.T) {
	for _, c := range []struct {
		name string
		tree func(*testing.T) Tree
	}{{"fixture", buildTree}, {"demo", demoTree}} {
		t.Run(c.name, func(t *testing.T) {
			for _, p := range editionProblems(c.tree(t)) {
				t.Error(p)
			}
		})
	}
}

// editionProblems lists what breaks TestEditionsLinkEachOther's rule.
func editionProblems(tree Tree) []string {
	var out []string
	french, english := 0, 0
	for _, name := range tree.Names() {
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		lang, cat := pageEdition(name)
		fr, en := name, "en/"+name
		other, otherLang := en, "en"
		if lang == "en" {
			english++
			fr = strings.TrimPrefix(name, "en/")
			en, other, otherLang = name, fr, "fr"
		} else {
			french++
		}
		if tree[other] == nil {
			out = append(out, fmt.Sprintf("%s has no counterpart %s", name, other))
			continue
		}
		page := string(tree[name])
		if !strings.Contains(page, `<html lang="`+lang+`">`) {
			out = append(out, fmt.Sprintf("%s is not lang=%q", name, lang))
		}
		got := map[string]string{}
		for _, m := range alternateHref.FindAllStringSubmatch(page, -1) {
			got[m[1]] = sitePath(name, m[2])
		}
		if want := map[string]string{"fr": fr, "en": en, "x-default": fr}; !mapsEqual(got, want) {
			out = append(out, fmt.Sprintf("%s: hreflang links %v, want %v", name, got, want))
		}
		m := switchLink.FindStringSubmatch(page)
		if m == nil {
			out = append(out, fmt.Sprintf("%s has no visible link to the other edition", name))
			continue
		}
		text, _ := cat.Text("layout.switch")
		if sitePath(name, m[1]) != other || m[2] != otherLang || m[3] != otherLang || html.UnescapeString(m[4]) != text {
			out = append(out, fmt.Sprintf("%s: language link %q, want %s in %s reading %q", name, m[0], other, otherLang, text))
		}
	}
	if french == 0 || french != english {
		out = append(out, fmt.Sprintf("%d French pages, %d English pages", french, english))
	}
	return out
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestEditionsCheckCatches: the check itself fails a site whose English
// page is missing, whose page lacks its hreflang link or its language
// link, or whose English page is lang="fr".
func TestEditionsCheckCatches(t *testing.T) {
	tree := buildTree(t)
	for _, c := range []struct {
		name   string
		mutate func(Tree)
	}{
		{"an English page missing", func(tr Tree) { delete(tr, "en/saison-3/index.html") }},
		{"a French page without its hreflang=en", func(tr Tree) {
			tr["limites.html"] = []byte(strings.Replace(string(tr["limites.html"]), `hreflang="en"`, `hreflang="de"`, 1))
		}},
		{"a French page without its language link", func(tr Tree) {
			tr["index.html"] = []byte(switchLink.ReplaceAllString(string(tr["index.html"]), ""))
		}},
		{"an English page that is French", func(tr Tree) {
			tr["en/limites.html"] = []byte(strings.Replace(string(tr["en/limites.html"]), `<html lang="en">`, `<html lang="fr">`, 1))
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			mutated := Tree{}
			for k, v := range tree {
				mutated[k] = v
			}
			c.mutate(mutated)
			if len(editionProblems(mutated)) == 0 {
				t.Errorf("the check passes %s", c.name)
			}
		})
	}
}

// TestEnglishMachineFilesOnce: the English edition holds HTML pages alone;
// every local link of every page, French or English, leads to a file of
// the site, and an English page links the machine files (JSON, CSV, the
// feed, SHA256SUMS, the proof views, the dossier) at their French paths.
// It reads the committed site, whose content pages link the demo season.
func TestEnglishMachineFilesOnce(t *testing.T) {
	tree := demoTree(t)
	machine := 0
	for _, name := range tree.Names() {
		if strings.HasPrefix(name, "en/") && !strings.HasSuffix(name, ".html") {
			t.Errorf("%s: the English edition copies a machine file", name)
		}
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		for _, m := range localHref.FindAllStringSubmatch(string(tree[name]), -1) {
			if m[1] == "" {
				continue
			}
			target := sitePath(name, m[1])
			if tree[target] == nil {
				t.Errorf("%s links %s, which the site does not have", name, m[1])
			}
			if strings.HasPrefix(name, "en/") && !strings.HasSuffix(target, ".html") {
				machine++
				if strings.HasPrefix(target, "en/") {
					t.Errorf("%s links the machine file %s inside en/", name, target)
				}
			}
		}
	}
	if machine < 10 {
		t.Errorf("English pages link only %d machine files", machine)
	}
}

// frenchFragments are the runs of text of the French catalogue's messages
// (between placeholders and tags, entities decoded) of at least minRunes
// letters that no English message holds: a string of them on an English
// page is French text the English edition missed.
func frenchFragments(t *testing.T) []string {
	t.Helper()
	const minRunes = 12
	read := func(file string) []string {
		var raw map[string]any
		if _, err := toml.DecodeFile(filepath.Join(repoRoot, "templates", "messages", file), &raw); err != nil {
			t.Fatal(err)
		}
		var out []string
		var walk func(any)
		walk = func(v any) {
			switch v := v.(type) {
			case string:
				for _, f := range regexp.MustCompile(`\{[a-z0-9_]+\}|</?[a-z]+>`).Split(v, -1) {
					f = strings.TrimSpace(html.UnescapeString(f))
					f = strings.Trim(f, " :;,.()«»\u00a0")
					if len([]rune(f)) >= minRunes {
						out = append(out, f)
					}
				}
			case map[string]any:
				for k, x := range v {
					if k != "lang" {
						walk(x)
					}
				}
			}
		}
		walk(raw)
		return out
	}
	en := strings.Join(read("en.toml"), "\n")
	var out []string
	for _, f := range read("fr.toml") {
		if !strings.Contains(en, f) {
			out = append(out, f)
		}
	}
	sort.Strings(out)
	return slices.Compact(out)
}

// pageText is a page's text as a reader and a machine read it: the text
// of its elements and its attribute values (class, id and style aside),
// one run per line; its style sheet, its code (commands, paths, values,
// quoted as written) and the data of the seasons and of the participants
// (an element marked data-field, written in their own language) left out.
func pageText(t *testing.T, page string) string {
	doc, err := xhtml.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	var walk func(*xhtml.Node)
	walk = func(n *xhtml.Node) {
		if n.Type == xhtml.ElementNode {
			switch n.Data {
			case "style", "code", "pre":
				return
			}
			for _, a := range n.Attr {
				switch a.Key {
				case "data-field":
					return
				case "class", "id", "style":
				default:
					b.WriteString(a.Val + "\n")
				}
			}
		}
		if n.Type == xhtml.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
		if n.Type == xhtml.ElementNode {
			b.WriteString("\n")
		}
	}
	walk(doc)
	return b.String()
}

// seasonTitles are the titles of the seasons, data written in the
// season's own language, as index.json lists them.
func seasonTitles(t *testing.T, tree Tree) []string {
	t.Helper()
	var idx struct {
		Seasons []struct {
			Title struct {
				FR string `json:"fr"`
			} `json:"title"`
		} `json:"seasons"`
	}
	if err := json.Unmarshal(tree["index.json"], &idx); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, s := range idx.Seasons {
		out = append(out, s.Title.FR)
	}
	return out
}

// frenchOn lists the French fragments found on a page, the season titles
// (data) left out.
func frenchOn(t *testing.T, page string, fragments, titles []string) []string {
	text := pageText(t, page)
	for _, title := range titles {
		text = strings.ReplaceAll(text, title, "")
	}
	var hits []string
	for _, f := range fragments {
		if strings.Contains(text, f) {
			hits = append(hits, f)
		}
	}
	return hits
}

// TestEnglishPagesHaveNoFrenchMessage: no English page holds a string of
// the French catalogue that the English one does not also hold, and the
// check finds one on a French page and on an English page given one.
func TestEnglishPagesHaveNoFrenchMessage(t *testing.T) {
	fragments := frenchFragments(t)
	if len(fragments) < 200 {
		t.Fatalf("only %d French fragments", len(fragments))
	}
	for _, tree := range []Tree{buildTree(t), demoTree(t)} {
		n := 0
		for _, name := range tree.Names() {
			if !strings.HasPrefix(name, "en/") {
				continue
			}
			n++
			if hits := frenchOn(t, string(tree[name]), fragments, seasonTitles(t, tree)); len(hits) > 0 {
				t.Errorf("%s holds French messages: %q", name, hits)
			}
		}
		if n == 0 {
			t.Fatal("no English page")
		}
	}
	tree := buildTree(t)
	if hits := frenchOn(t, string(tree["saison-3/conformite/index.html"]), fragments, nil); len(hits) < 10 {
		t.Errorf("the check finds only %d French messages on a French page", len(hits))
	}
	mixed := strings.Replace(string(tree["en/saison-3/index.html"]), "Skip to content", "Aller au contenu", 1)
	if hits := frenchOn(t, mixed, fragments, seasonTitles(t, tree)); !slices.Equal(hits, []string{"Aller au contenu"}) {
		t.Errorf("an English page with one French message: %q", hits)
	}
}

// TestEnglishContentPages: content/en/ holds exactly the French pages'
// file names, and every command, hash, path and code of a French page
// (its code blocks and code spans) is in its English page, the same and
// in the same order; only the examples of displayed numbers are written
// the English way (displayed, below), and the English page may quote more
// (a French phrase a file must hold). An English page names the tests the
// French one names.
func TestEnglishContentPages(t *testing.T) {
	fr, err := fs.Glob(content.Pages, "*.md")
	if err != nil {
		t.Fatal(err)
	}
	en, err := fs.Glob(content.English, "*.md")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(fr, en) || len(fr) == 0 {
		t.Fatalf("content/ has %v, content/en/ %v", fr, en)
	}
	for _, name := range fr {
		f, _ := fs.ReadFile(content.Pages, name)
		e, _ := fs.ReadFile(content.English, name)
		if missing := notInOrder(codeOf(string(f)), codeOf(string(e))); missing != "" {
			t.Errorf("%s: the English page lacks, or moves, the French code %q", name, missing)
		}
		if a, b := namedTests(string(f)), namedTests(string(e)); !slices.Equal(a, b) {
			t.Errorf("%s: the French page names the tests %v, the English one %v", name, a, b)
		}
	}
}

// displayed are the code spans of the French pages that show a number as
// the pages display it, and their English display.
var displayed = map[string]string{
	"3/17 (18 %)":                 "3/17 (18%)",
	"9/10 (90 %)":                 "9/10 (90%)",
	"176/1000 (17,6 %)":           "176/1000 (17.6%)",
	"7/10 (70 %)":                 "7/10 (70%)",
	"IC 95 % : 40–89 %":           "95% CI: 40–89%",
	"13 %":                        "13%",
	"6,3 %":                       "6.3%",
	"sha256(sel ‖ clé)":           "sha256(salt ‖ key)",
	"proveit diff ANCIEN NOUVEAU": "proveit diff OLD NEW",
}

// notInOrder is the first of the French code items (displayed numbers
// translated) that the English ones do not hold after the previous one,
// or "".
func notInOrder(french, english []string) string {
	j := 0
	for _, c := range french {
		if d, ok := displayed[c]; ok {
			c = d
		}
		for j < len(english) && english[j] != c {
			j++
		}
		if j == len(english) {
			return c
		}
		j++
	}
	return ""
}

// codeOf lists a Markdown page's code, in order: each indented or fenced
// code block whole, and each code span.
func codeOf(md string) []string {
	var out []string
	var block []string
	flush := func() {
		if len(block) > 0 {
			out = append(out, strings.Join(block, "\n"))
			block = nil
		}
	}
	fenced := false
	for _, line := range strings.Split(md, "\n") {
		switch {
		case strings.HasPrefix(line, "```"):
			if fenced {
				flush()
			}
			fenced = !fenced
		case fenced:
			block = append(block, line)
		case strings.HasPrefix(line, "    ") || strings.HasPrefix(line, "\t"):
			block = append(block, strings.TrimPrefix(line, "    "))
		default:
			flush()
			for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(line, -1) {
				out = append(out, m[1])
			}
		}
	}
	flush()
	return out
}

// namedTests are the tests a content page names (« `TestX` dans
// `file_test.go` », "`TestX` in `file_test.go`").
func namedTests(md string) []string {
	var out []string
	for _, m := range regexp.MustCompile("`(Test\\w+)`\\s+(?:dans|in)\\s+`([\\w./-]+_test\\.go)`").FindAllStringSubmatch(md, -1) {
		out = append(out, m[1]+" "+m[2])
	}
	return out
}

// TestGuardRunsOnEnglishPages: participant text with an English intent
// word fails the build on the English pages as on the French ones, naming
// the English page.
func TestGuardRunsOnEnglishPages(t *testing.T) {
	root := writeSeasons(t, false)
	p := filepath.Join(root, "3", "participants", "honnete.toml")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(strings.Replace(string(b), `agent = "Agent honnete"`, `agent = "Agent Misleading"`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Build(root)
	var ge *guard.Error
	if !errors.As(err, &ge) {
		t.Fatalf("Build = %v", err)
	}
	found := false
	for _, v := range ge.Violations {
		if v.Page == "en/saison-3/conformite/index.html" && v.Rule == "intent" && v.Word == "misleading" && v.Field == "agent" {
			found = true
		}
	}
	if !found {
		t.Errorf("the guard does not name the English table: %v", err)
	}
}

// TestPreviousBuildWithEnglish: a written site, English edition included,
// is a previous output CheckTarget replaces; a file added under en/, or an
// English page removed, makes it something else, which it refuses.
func TestPreviousBuildWithEnglish(t *testing.T) {
	tree := buildTree(t)
	for _, c := range []struct {
		name   string
		mutate func(out string) error
		ok     bool
	}{
		{"as written", func(string) error { return nil }, true},
		{"a file added under en/", func(out string) error {
			return os.WriteFile(filepath.Join(out, "en", "notes.txt"), []byte("x"), 0o644)
		}, false},
		{"an English page removed", func(out string) error { return os.Remove(filepath.Join(out, "en", "limites.html")) }, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "public")
			if err := WriteAtomic(out, tree); err != nil {
				t.Fatal(err)
			}
			if err := c.mutate(out); err != nil {
				t.Fatal(err)
			}
			err := CheckTarget(out, filepath.Join(t.TempDir(), "seasons"))
			if (err == nil) != c.ok {
				t.Errorf("CheckTarget = %v, want accepted %v", err, c.ok)
			}
		})
	}
}
