package templates

import (
	"html/template"
	"os"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/templates/messages"
)

// oracleOutcome is shared.html's template "outcome", which the rows of a
// task's page and of a track's grid called before trackrows.go wrote them.
const oracleOutcome = `{{define "outcome"}}<span class="issue{{with .Class}} {{.}}{{end}}"><span aria-hidden="true">{{.Symbol}}</span> {{.Text}}</span>{{end}}`

// oracleTaskRows is the text task.html had for its rows before taskRows
// wrote them, in the table body they sat in.
const oracleTaskRows = oracleOutcome + `<table><tbody>
{{range .}}<tr data-tache-participant="{{.Slug}}" data-negatif="{{if .Negative}}oui{{else}}non{{end}}"><th scope="row"><a href="{{.Report}}" data-champ="agent">{{.Agent}}</a><br><a class="lien-secondaire" href="{{.Page}}">{{msg "task.rows.all_tracks"}}</a></th><td {{attr "data-titre" "report.verdict.rendered"}}>{{if .Verdict}}<code>{{.Verdict}}</code>{{else}}—{{end}}</td><td {{attr "data-titre" "task.rows.status"}}>{{.Status}}</td><td {{attr "data-titre" "report.success"}}>{{template "outcome" .Outcome}}</td><td {{attr "data-titre" "task.rows.causes"}}>{{if .Causes}}{{range $i, $c := .Causes}}{{if $i}}, {{end}}{{$c.Label}} ({{$c.N}}){{end}}{{else}}{{msg "task.rows.no_assertion"}}{{end}}</td></tr>
{{end}}</tbody></table>`

// oracleGridRows is the text track.html's template "grid" had for its
// rows before gridRows wrote them.
const oracleGridRows = oracleOutcome + `<table><tbody>
{{range .}}<tr data-grille="{{.Slug}}" data-negatif="{{if .Negative}}oui{{else}}non{{end}}"><th scope="row"><a href="{{.Page}}" data-champ="agent">{{.Agent}}</a></th>{{range .Cells}}<td data-tache="{{.Task}}"><a href="{{.Href}}">{{template "outcome" .Outcome}}</a>{{with .Status}}<br><span class="note">{{.}}</span>{{end}}</td>{{end}}</tr>
{{end}}</tbody></table>`

// oracleTableRows is the text track.html had for the rows of its table,
// its templates "row", "row-stack-text" and "row-proofs", before tableRows
// wrote them (the three definitions, one a line in track.html, follow
// each other here, with no text between them for the oracle to write).
const oracleTableRows = `{{define "row"}}<tr data-participant="{{.Slug}}" data-negatif="{{if .Negative}}oui{{else}}non{{end}}"><th scope="row"><a href="{{.Report}}" data-champ="agent">{{.Agent}}</a><details class="detail-ligne"><summary>{{msg "table.detail"}}</summary><dl><dt>{{msg "field.did"}}</dt><dd><code class="did" data-identifiant="oui">{{.DID}}</code></dd><dt>{{msg "field.stack"}}</dt><dd data-declaratif="oui" data-champ="declared_stack">{{template "row-stack-text" .}}</dd><dt>{{msg "field.proofs"}}</dt><dd>{{template "row-proofs" .}}</dd></dl></details></th><td class="did col-detail"><code data-identifiant="oui">{{.DID}}</code></td><td class="taux">{{.Overclaim}}{{with .OverclaimCI}}<br><span class="note ic">{{.}}</span>{{end}}{{if .OverclaimNote}}<br><span class="note">{{.OverclaimNote}}</span>{{end}}{{with .History}}<br><span class="note historique">{{msg "table.history" "overclaim" .PublishedOverclaim "success" .PublishedSuccess "ids" (code .IDs)}}</span>{{end}}</td><td class="taux">{{.Success}}{{with .SuccessCI}}<br><span class="note ic">{{.}}</span>{{end}}</td><td class="taux">{{.TasksRendered}}</td><td class="col-detail" data-declaratif="oui" data-champ="declared_stack">{{template "row-stack-text" .}}</td><td class="preuves col-detail">{{template "row-proofs" .}}</td></tr>
{{end}}{{define "row-stack-text"}}{{if .Stack}}{{.Stack}}{{else}}{{msg "stack.none"}}{{end}} <span class="decl">{{msg "stack.declarative"}}</span>{{end}}{{define "row-proofs"}}<a href="{{.Report}}">{{msg "table.report"}}</a> · <a href="{{.ReportJSON}}">{{msg "table.report_json"}}</a>{{with .Page}} · <a href="{{.}}">{{msg "table.participant"}}</a>{{end}}{{if .Causes}}<br>{{msg "table.causes"}} {{range $i, $c := .Causes}}{{if $i}}, {{end}}{{$c.Label}} ({{$c.N}}){{end}}{{end}}{{if .Statuses}}<br>{{msg "table.statuses"}} {{range $i, $c := .Statuses}}{{if $i}}, {{end}}{{$c.Label}} ({{$c.N}}){{end}}{{end}}{{if .Unsupported}}<br>{{msg "table.unsupported"}} {{range $i, $a := .Unsupported}}{{if $i}}, {{end}}<a class="nowrap" href="{{$a.Href}}">{{$a.Label}}</a>{{end}}{{end}}{{end}}<table><tbody>
{{range .}}{{template "row" .}}{{end}}</tbody></table>`

// render executes the template text src on data with cat's functions.
func render(t *testing.T, cat *messages.Catalogue, src string, data any) string {
	t.Helper()
	tm := template.Must(template.New("oracle").Funcs(funcs(cat)).Parse(src))
	var b strings.Builder
	if err := tm.Execute(&b, data); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// sameAsOracle fails t, naming the first byte that differs, unless got,
// in the table body the oracle writes, is want.
func sameAsOracle(t *testing.T, what string, got template.HTML, want string) {
	t.Helper()
	g := "<table><tbody>\n" + string(got) + "</tbody></table>"
	if g == want {
		return
	}
	n := 0
	for n < len(g) && n < len(want) && g[n] == want[n] {
		n++
	}
	t.Fatalf("%s: differs at byte %d:\n got %q\nwant %q", what, n, g[n:min(len(g), n+200)], want[n:min(len(want), n+200)])
}

// h is the i-th hostile value, any i.
func h(i int) string { return hostile[i%len(hostile)] }

// hostileOutcome takes the three forms of an outcome's class: none, the
// build's own, and a hostile one.
func hostileOutcome(i int) outcomeView {
	o := outcomeView{Symbol: h(i), Text: h(i + 1)}
	switch i % 3 {
	case 1:
		o.Class = "statut-oui"
	case 2:
		o.Class = h(i + 2)
	}
	return o
}

// hostileCounts is 0 to 3 counts of hostile labels.
func hostileCounts(i int) []countView {
	var out []countView
	for k := range i % 4 {
		out = append(out, countView{Label: h(i + k), N: i*k - 1})
	}
	return out
}

// TestTaskRowsAsTemplate: taskRows writes the bytes task.html wrote, in
// both editions, for rows that take every branch (a verdict read or not,
// negative or not, an outcome with no class, the build's or a hostile
// one, no cause, one or several) with hostile values in every field.
func TestTaskRowsAsTemplate(t *testing.T) {
	var rows []taskRow
	for i, s := range hostile {
		r := taskRow{Slug: s, Agent: h(i + 1), Report: h(i + 2), Page: h(i + 3), Status: h(i + 4),
			Outcome: hostileOutcome(i), Causes: hostileCounts(i), Negative: i%2 == 1}
		if i%3 != 0 {
			r.Verdict = h(i + 5)
		}
		rows = append(rows, r)
	}
	for _, cat := range []*messages.Catalogue{messages.French, messages.English} {
		for n := range len(rows) + 1 {
			got, err := taskRows(&locale{cat: cat}, rows[:n])
			if err != nil {
				t.Fatal(err)
			}
			sameAsOracle(t, cat.Lang(), got, render(t, cat, oracleTaskRows, rows[:n]))
		}
	}
}

// TestGridRowsAsTemplate: gridRows writes the bytes track.html wrote for
// its grid, for rows of no cell, one or several, each cell with a status
// or none and an outcome of every form, with hostile values in every
// field.
func TestGridRowsAsTemplate(t *testing.T) {
	var rows []gridRow
	for i, s := range hostile {
		r := gridRow{Slug: s, Agent: h(i + 1), Page: h(i + 2), Negative: i%2 == 0}
		for k := range i % 4 {
			c := gridCell{Task: h(i + k), Href: h(i + k + 3), Outcome: hostileOutcome(i + k)}
			if (i+k)%2 == 0 {
				c.Status = h(i + k + 7)
			}
			r.Cells = append(r.Cells, c)
		}
		rows = append(rows, r)
	}
	for n := range len(rows) + 1 {
		sameAsOracle(t, "grid", gridRows(rows[:n]), render(t, messages.French, oracleGridRows, rows[:n]))
	}
}

// TestTableRowsAsTemplate: tableRows writes the bytes track.html wrote
// for its table's rows, in both editions, for rows that take every branch
// (pending, a declared stack or none, a participant page or none, causes,
// statuses and unsupported assertions none, one or several, the
// intervals, a note, a history of one decision or several) with hostile
// values in every field.
func TestTableRowsAsTemplate(t *testing.T) {
	var rows []row
	for i, s := range hostile {
		r := row{Slug: s, Agent: h(i + 1), DID: h(i + 2), Report: h(i + 3), ReportJSON: h(i + 4), Overclaim: h(i + 5), Success: h(i + 6),
			TasksRendered: h(i + 7), Causes: hostileCounts(i), Statuses: hostileCounts(i + 1), Negative: i%2 == 1, Pending: i%5 == 4}
		if i%3 != 0 {
			r.Stack = h(i + 8)
		}
		if i%4 != 1 {
			r.Page = h(i + 9)
		}
		if i%2 == 0 {
			r.OverclaimCI, r.SuccessCI = h(i+10), h(i+11)
		} else {
			r.OverclaimNote = h(i + 12)
		}
		for k := range (i + 2) % 4 {
			r.Unsupported = append(r.Unsupported, assertionLink{Label: h(i + k + 13), Href: h(i + k + 14)})
		}
		if i%3 == 1 {
			r.History = &RowHistory{PublishedOverclaim: h(i + 15), PublishedSuccess: h(i + 16), Decisions: []DecisionRef{{ID: h(i + 17)}}}
			if i%2 == 0 {
				r.History.Decisions = append(r.History.Decisions, DecisionRef{ID: h(i + 18)})
			}
		}
		rows = append(rows, r)
	}
	for _, cat := range []*messages.Catalogue{messages.French, messages.English} {
		for n := range len(rows) + 1 {
			got, err := tableRows(&locale{cat: cat}, rows[:n])
			if err != nil {
				t.Fatal(err)
			}
			sameAsOracle(t, cat.Lang(), got, render(t, cat, oracleTableRows, rows[:n]))
		}
	}
}

// frenchWithout is the French catalogue without the message of the
// line that begins with line in messages/fr.toml.
func frenchWithout(t *testing.T, line string) *messages.Catalogue {
	t.Helper()
	src, err := os.ReadFile("messages/fr.toml")
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	for _, l := range strings.Split(string(src), "\n") {
		if !strings.HasPrefix(l, line) {
			kept = append(kept, l)
		}
	}
	if len(kept) != strings.Count(string(src), "\n") {
		t.Fatalf("messages/fr.toml has not one line beginning with %q", line)
	}
	cat, err := messages.Parse([]byte(strings.Join(kept, "\n")), nil)
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// TestRowsMissingMessage: a message the rows need and the catalogue lacks
// fails them, naming its key, as it failed the templates: one every row
// writes, and the history's, which only a row with a history writes.
func TestRowsMissingMessage(t *testing.T) {
	noKeys, err := messages.Parse([]byte(`lang = "fr"`), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := taskRows(&locale{cat: noKeys}, nil); err == nil || !strings.Contains(err.Error(), "task.rows.all_tracks") {
		t.Errorf("taskRows = %v, want an error naming task.rows.all_tracks", err)
	}
	if _, err := tableRows(&locale{cat: noKeys}, nil); err == nil || !strings.Contains(err.Error(), "table.detail") {
		t.Errorf("tableRows = %v, want an error naming table.detail", err)
	}
	noHistory := frenchWithout(t, "history = ")
	rows := []row{{Slug: "a"}}
	if _, err := tableRows(&locale{cat: noHistory}, rows); err != nil {
		t.Fatalf("a row without a history: %v", err)
	}
	rows[0].History = &RowHistory{Decisions: []DecisionRef{{ID: "d"}}}
	if _, err := tableRows(&locale{cat: noHistory}, rows); err == nil || !strings.Contains(err.Error(), "table.history") {
		t.Errorf("tableRows = %v, want an error naming table.history", err)
	}
}
