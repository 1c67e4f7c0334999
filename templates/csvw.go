package templates

import (
	"fmt"
	"strings"

	"github.com/ark-forge/proveit/internal/sitepath"
	"github.com/ark-forge/proveit/scorer/score"
)

// CSVW is the JSON-LD context of a CSV on the Web metadata file (W3C,
// Metadata Vocabulary for Tabular Data).
const CSVW = "http://www.w3.org/ns/csvw"

// csvwTable is a track's results.csv-metadata.json: the table, its title
// in both editions' languages, the AI Act art. 50 label (dc:description,
// with the IPTC digital source type as dc:type), which results.csv does
// not repeat on its rows, the dialect, and one column description per
// header cell, in order.
type csvwTable struct {
	Context     string       `json:"@context"`
	URL         string       `json:"url"`
	Title       []langString `json:"dc:title"`
	Description []langString `json:"dc:description"`
	SourceType  csvwID       `json:"dc:type"`
	Dialect     csvwDialect  `json:"dialect"`
	TableSchema csvwSchema   `json:"tableSchema"`
}

// csvwDialect is how results.csv is written where the CSVW defaults would
// read it otherwise: a header row, and cells kept as written (the default
// trims their spaces, which a participant's name may hold).
type csvwDialect struct {
	Header bool `json:"header"`
	Trim   bool `json:"trim"`
}

type csvwSchema struct {
	Columns    []csvwColumn `json:"columns"`
	PrimaryKey string       `json:"primaryKey"`
}

type csvwColumn struct {
	Name        string            `json:"name"`
	Titles      string            `json:"titles"`
	Datatype    score.CSVDatatype `json:"datatype"`
	Required    bool              `json:"required"`
	Description []langString      `json:"dc:description"`
}

// langString is a JSON-LD string with its language.
type langString struct {
	Value string `json:"@value"`
	Lang  string `json:"@language"`
}

type csvwID struct {
	ID string `json:"@id"`
}

// CSVMetadata renders saison-<n>/<track>/results.csv-metadata.json, the
// CSV on the Web description of the track's results.csv
// (sitepath.ResultsCSVMetadata): every column of score.CSVColumns with its
// datatype and a description in French and English, the AI Act label in
// both. One copy serves both editions.
func CSVMetadata(n int, track string, title TrackTitle) ([]byte, error) {
	en, err := newEnglish()
	if err != nil {
		return nil, err
	}
	fr, eng := &locale{cat: french.cat}, &locale{cat: en.cat}
	both := func(f func(l *locale) string) []langString {
		return []langString{{f(fr), "fr"}, {f(eng), "en"}}
	}
	from := sitepath.ResultsCSVMetadata(n, track)
	t := csvwTable{Context: CSVW, URL: sitepath.FileLink(from, sitepath.ResultsCSV(n, track)).String(),
		Title:       both(func(l *locale) string { return l.text("csv.title", "season", n, "track", l.title(title)) }),
		Description: both(func(l *locale) string { return l.text("label.ai_act") }),
		SourceType:  csvwID{score.AlgorithmicMedia}, Dialect: csvwDialect{Header: true}, TableSchema: csvwSchema{PrimaryKey: "slug"}}
	for _, c := range score.CSVColumns() {
		d := both(func(l *locale) string { return csvColumnText(l, c.Name) })
		if d[0].Value == "" || d[1].Value == "" {
			return nil, fmt.Errorf("templates: results.csv's column %q has no description", c.Name)
		}
		t.TableSchema.Columns = append(t.TableSchema.Columns, csvwColumn{Name: c.Name, Titles: c.Name, Datatype: c.Datatype, Required: c.Required, Description: d})
	}
	for _, l := range []*locale{fr, eng} {
		if l.err != nil {
			return nil, fmt.Errorf("templates: %s: %w", from, l.err)
		}
	}
	return score.MarshalJSON(t)
}

// csvColumnText describes the column name of results.csv, "" for a column
// it does not know.
func csvColumnText(l *locale, name string) string {
	rate := func(r string) string {
		if r == "success" {
			return l.text("csv.rate.success")
		}
		return l.text("csv.rate.overclaim")
	}
	for _, r := range []string{"success", "overclaim"} {
		if part, ok := strings.CutPrefix(name, r+"_published_"); ok {
			if inner := csvColumnText(l, r+"_"+part); inner != "" {
				return l.text("csv.part.published", "part", inner)
			}
			return ""
		}
		switch name {
		case r + "_decisions":
			return l.text("csv.part.decisions", "rate", rate(r))
		case r + "_rate":
			return l.text("csv.part.rate", "rate", rate(r))
		case r + "_numerator":
			return l.text("csv.part.numerator", "rate", rate(r))
		case r + "_denominator":
			return l.text("csv.part.denominator", "rate", rate(r))
		case r + "_low":
			return l.text("csv.part.low", "rate", rate(r))
		case r + "_high":
			return l.text("csv.part.high", "rate", rate(r))
		}
	}
	for _, c := range score.Causes {
		if name == "assertions_"+causeCode(c.Code) {
			return l.text("csv.column.assertions", "cause", l.text(causeKey(c.Code, "label")))
		}
	}
	for _, s := range score.TaskStatuses {
		if name == "tasks_"+string(s.Code) {
			return l.text("csv.column.tasks", "status", l.text(statusKey(s.Code, "label")))
		}
	}
	switch name {
	case "season":
		return l.text("csv.column.season")
	case "track":
		return l.text("csv.column.track")
	case "slug":
		return l.text("csv.column.slug")
	case "agent":
		return l.text("csv.column.agent")
	case "did":
		return l.text("csv.column.did")
	case "declared_stack":
		return l.text("csv.column.declared_stack")
	case "status":
		return l.text("csv.column.status")
	}
	return ""
}
