// Package templates renders the PROVE IT Index into static HTML with
// html/template (DESIGN §2, §7). Every page is in French (lang="fr"), needs
// no JavaScript and no external resource, and carries the AI Act art. 50
// label visibly and in machine-readable form.
package templates

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"html/template"
	"io/fs"
	"path"
	"strings"

	"github.com/yuin/goldmark"

	"github.com/ark-forge/proveit/content"
	"github.com/ark-forge/proveit/scorer/output"
)

//go:embed html/*.html
var files embed.FS

// Label is the AI Act art. 50 notice every page carries.
const Label = "page produite automatiquement par proveit, un programme déterministe, à partir des reçus Trust Layer ; aucun modèle de langage n'a rédigé ni noté son contenu. Les récits des participants, quand ils sont cités, sont des textes générés par IA, publiés et non scorés."

// SourceType is the IPTC digital source type of the pages: media created
// by an algorithm, not by a model trained on samples.
const SourceType = "http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicMedia"

// Site is what the build renders: the seasons, in order.
type Site struct {
	Seasons []Season
}

// ContentPage is a Markdown page of package content, rendered at the site root.
type ContentPage struct {
	Title string // the text of its first "# " heading
	Href  string // e.g. "verifier-un-hash.html"
	Body  template.HTML
}

// Season is one season as the build knows it so far.
type Season struct {
	Number   int
	Title    string
	OpensAt  string // RFC 3339
	ClosesAt string
	Closed   bool
	Demo     bool
	Tracks   []Track
	Proofs   []string // cached proof ids, copied under preuves/
}

// StatusText says what the season page may say of scores: an open season
// shows none (§7.4), and a closed one none that this build did not compute.
func (s Season) StatusText() string {
	if !s.Closed {
		return "Saison ouverte : aucun score n'est publié avant la clôture (§7.4 de la spécification)."
	}
	return "Saison close. Les résultats de chaque piste sont publiés en JSON et en CSV ; les deux colonnes, taux d'overclaim et taux de réussite, ne sont jamais combinées."
}

// Track is one track of a season, before scoring.
type Track struct {
	Name         string
	Bareme       string
	Tasks        int
	Distribution []VerdictCount
	Participants int
	// Scored is set when the build scored the track: its results.json,
	// results.csv and reports are written beside the page.
	Scored bool
}

// VerdictCount is one line of a published verdict distribution.
type VerdictCount struct {
	Verdict string
	Count   int
}

type page struct {
	Title       string
	Description string
	Root        string // relative path to the site root, "" or "../"
	Label       string
	LabelJSONLD template.JS
	Seasons     []Season
	Season      *Season
	Pages       []ContentPage
	Body        template.HTML
}

var pages = map[string]*template.Template{}

func init() {
	for _, name := range []string{"index", "season", "page"} {
		pages[name] = template.Must(template.New(name).ParseFS(files, "html/layout.html", "html/"+name+".html"))
	}
}

func labelJSONLD(title string) template.JS {
	b, _ := json.Marshal(map[string]any{
		"@context":          "https://schema.org",
		"@type":             "WebPage",
		"name":              title,
		"inLanguage":        "fr",
		"digitalSourceType": SourceType,
		"description":       Label,
	})
	return template.JS(b)
}

func render(name string, p page) ([]byte, error) {
	p.Label = Label
	p.LabelJSONLD = labelJSONLD(p.Title)
	var b bytes.Buffer
	if err := pages[name].ExecuteTemplate(&b, "layout", p); err != nil {
		return nil, fmt.Errorf("templates: %s: %w", name, err)
	}
	return b.Bytes(), nil
}

// Render renders the site into t: index.html and, per season,
// saison-<n>/index.html. The bytes depend on site alone.
func Render(site Site, t output.Tree) error {
	pages, err := contentPages()
	if err != nil {
		return err
	}
	for _, p := range pages {
		b, err := render("page", page{Title: p.Title, Description: p.Title + " — Index PROVE IT.", Body: p.Body})
		if err != nil {
			return err
		}
		if err := t.Add(p.Href, b); err != nil {
			return err
		}
	}
	idx, err := render("index", page{Title: "Saisons", Description: "L'Index PROVE IT : l'écart entre déclaration et reçus des agents.", Seasons: site.Seasons, Pages: pages})
	if err != nil {
		return err
	}
	if err := t.Add("index.html", idx); err != nil {
		return err
	}
	for i := range site.Seasons {
		s := &site.Seasons[i]
		b, err := render("season", page{Title: s.Title, Description: "Saison " + fmt.Sprint(s.Number) + " de l'Index PROVE IT.", Root: "../", Season: s})
		if err != nil {
			return err
		}
		if err := t.Add(fmt.Sprintf("saison-%d/index.html", s.Number), b); err != nil {
			return err
		}
	}
	return nil
}

// contentPages renders every Markdown page of package content, in file
// name order. Raw HTML in the Markdown is not passed through (goldmark's
// default), so a page cannot smuggle markup or script.
func contentPages() ([]ContentPage, error) {
	names, err := fs.Glob(content.Pages, "*.md")
	if err != nil {
		return nil, err
	}
	var out []ContentPage
	for _, name := range names {
		src, err := fs.ReadFile(content.Pages, name)
		if err != nil {
			return nil, err
		}
		title := ""
		for _, line := range strings.Split(string(src), "\n") {
			if strings.HasPrefix(line, "# ") {
				title = strings.TrimSpace(line[2:])
				break
			}
		}
		if title == "" {
			return nil, fmt.Errorf("templates: content/%s has no \"# \" title", name)
		}
		var b bytes.Buffer
		if err := goldmark.Convert(src, &b); err != nil {
			return nil, fmt.Errorf("templates: content/%s: %w", name, err)
		}
		out = append(out, ContentPage{Title: title, Href: strings.TrimSuffix(path.Base(name), ".md") + ".html", Body: template.HTML(b.String())})
	}
	return out, nil
}
