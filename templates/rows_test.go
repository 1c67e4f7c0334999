package templates

import (
	"html/template"
	"reflect"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/scorer/score"
	"github.com/ark-forge/proveit/templates/messages"
)

// oracleRows is the text report.html had for its rows of assertions
// before assertionRows wrote them: the oracle assertionRows must give the
// bytes of, in the table it sits in.
const oracleRows = `<table><tbody>
{{range .}}{{$several := gt (len .Proofs) 1}}<tr id="{{.Anchor}}" data-negatif="{{if .Negative}}oui{{else}}non{{end}}"><th scope="row"><code>{{.ID}}</code></th><td {{attr "data-titre" "report.assertions.claim"}}><code>{{.Resource}}</code><br>{{msg "report.assertions.field"}} <code>{{.Field}}</code><br>{{msg "report.assertions.value"}} <code class="valeur" data-champ="claim">{{.Value}}</code></td><td {{attr "data-titre" "report.assertions.proofs"}}>{{range .Proofs}}<div>{{if .Href}}<a href="{{.Href}}"><code class="hash">{{.ID}}</code></a>{{else}}<code class="hash">{{.ID}}</code>{{end}}{{if and .Cause $several}}{{msg "punct.colon"}} {{.Cause}}{{end}}</div>{{end}}</td><td class="statut" {{attr "data-titre" "report.assertions.status"}}><strong class="{{if .Supported}}statut-oui{{else if .Negative}}statut-non{{end}}">{{.Cause}}</strong><br><code>{{.CauseCode}}</code>{{with .History}}<div class="historique">{{msg "report.history.published" "value" .Published "code" (code .PublishedCode)}}{{range .Decisions}} {{msg "report.history.decision" "id" (code .ID) "date" (datetime .Date) "reason" (champ "reason" .Reason)}}{{end}}</div>{{end}}</td><td {{attr "data-titre" "report.assertions.detail"}}>{{if .Detail}}<span class="trace" lang="en">{{trace .Detail}}</span>{{end}}{{if $several}}{{range .Proofs}}{{if .Detail}}<div class="trace"><code>{{.ID}}</code>{{msg "punct.colon"}} <span lang="en">{{trace .Detail}}</span></div>{{end}}{{end}}{{end}}</td></tr>
{{end}}</tbody></table>`

// assertionRows is writeAssertionRows as HTML, and the template function
// assertionrows the oracle of the tasks' sections calls (the rows are
// held to their own oracle by TestAssertionRowsAsTemplate).
func assertionRows(l *locale, rows []assertionView) (template.HTML, error) {
	var b strings.Builder
	err := writeAssertionRows(&b, l, rows)
	return template.HTML(b.String()), err
}

// oracle renders rows with the template text of oracleRows.
func oracle(t testing.TB, cat *messages.Catalogue, rows []assertionView) string {
	t.Helper()
	tm := template.Must(template.New("rows").Funcs(funcs(cat)).Parse(oracleRows))
	var b strings.Builder
	if err := tm.Execute(&b, rows); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// hostile are values that exercise every escape of html/template in
// text, attribute and URL contexts.
var hostile = []string{
	"", "plain", `<script>alert("x")</script>`, `a&b'c"d+e<f>g`, "nul\x00byte",
	"invalid \xff\xfe utf-8", "\xe2\x82", "non-char \ufdd0 \uffff", "é€𝄞 emoji 🙂",
	"javascript:alert(1)", "JavaScript:x", "data:text/html,<b>", "https://example.org/a b?c=d&e=f#g",
	"mailto:a@b", "/path:with/colon", "%41%zz%4", "../../../preuves/prf_20261017_091336_c889ed.json",
	"a\tb\nc\rd", "{{.}}", "&#34;&amp;", "back`tick", "100%",
	`agent_identity opens to "did:web:a", the enrolled DID is "did:key:z6MkwWtoLJXL82gTWQnPsWBzV3XSvFsX2fwXKd6FmFibVGjz"`,
	"did:key:z6Mk<b>&did:key:x+y",
}

func hostileRows() []assertionView {
	var rows []assertionView
	for i, s := range hostile {
		h := hostile[(i+3)%len(hostile)]
		a := assertionView{Anchor: s, ID: s, Resource: s, Field: h, Value: s, Cause: h, CauseCode: s, Detail: s,
			Negative: i%2 == 0, Supported: i%3 == 0}
		for k := range i % 4 {
			p := proofView{ID: s + h, Cause: hostile[(i+k)%len(hostile)], Detail: hostile[(i+2*k)%len(hostile)]}
			if k != 1 {
				p.Href = hostile[(i+k+5)%len(hostile)]
			}
			a.Proofs = append(a.Proofs, p)
		}
		if i%5 == 1 {
			a.History = &historyView{Published: s, PublishedCode: h, Decisions: []DecisionRef{
				{ID: s, Date: "2026-11-03T09:30:00Z", Reason: h}, {ID: h, Date: "2026-11-04T00:00:00+00:00", Reason: s}}}
		}
		rows = append(rows, a)
	}
	return rows
}

// TestAssertionRowsAsTemplate: assertionRows writes the bytes the
// template wrote, in both editions, for rows that take every branch (no
// proof, one, several, with and without a link, a cause, a detail, a
// history with decisions) with hostile values in every field.
func TestAssertionRowsAsTemplate(t *testing.T) {
	rows := hostileRows()
	for _, cat := range []*messages.Catalogue{messages.French, messages.English} {
		for n := range len(rows) + 1 {
			got, err := assertionRows(&locale{cat: cat}, rows[:n])
			if err != nil {
				t.Fatal(err)
			}
			want := oracle(t, cat, rows[:n])
			if g := "<table><tbody>\n" + string(got) + "</tbody></table>"; g != want {
				t.Fatalf("%s, %d rows:\n got %q\nwant %q", cat.Lang(), n, g, want)
			}
		}
	}
}

// TestAssertionRowsErrors: a decision date that does not parse fails the
// rows, as it failed the template.
func TestAssertionRowsErrors(t *testing.T) {
	rows := []assertionView{{ID: "a", History: &historyView{Decisions: []DecisionRef{{ID: "d", Date: "hier"}}}}}
	if _, err := assertionRows(&locale{cat: messages.French}, rows); err == nil || !strings.Contains(err.Error(), "datetime") {
		t.Fatalf("err = %v, want a datetime error", err)
	}
}

// oracleTasks is the text report.html had for its sections of tasks
// before taskSections wrote them, in the context it sat in: the oracle
// taskSections must give the bytes of.
const oracleTasks = `{{$q := .Questions}}{{with .Report}}{{$pending := .Pending}}{{range .Tasks}}
<section class="tache" id="{{.Anchor}}" aria-labelledby="{{.Anchor}}-titre">
<div data-negatif="{{if .Negative}}oui{{else}}non{{end}}">
<h2 id="{{.Anchor}}-titre">{{msg "report.task.heading" "task" .ID "status" .Status}}</h2>
{{with index $q .ID}}<p>{{msg "report.task.question" "question" (seasontext .)}}</p>{{end}}
{{$id := .ID}}{{with .Page}}<p>{{msg "report.task.page" "link" (link . (msg "report.task.page_link" "task" $id))}}</p>{{end}}
<p>{{.StatusHelp}}</p>
{{if .Reason}}<p>{{msg "report.task.reason"}} <span class="trace" lang="en">{{trace .Reason}}</span></p>{{end}}
{{if .Pending}}<p>{{msg "report.task.pending"}}</p>
{{else if .Evaluated}}<dl class="fiche">
<dt>{{msg "report.verdict.rendered"}}</dt><dd><code>{{.Verdict}}</code></dd>
<dt>{{msg "report.verdict.expected"}}</dt><dd><code>{{.Expected}}</code> ({{if .Exact}}{{msg "report.verdict.exact"}}{{else}}{{msg "report.verdict.inexact"}}{{end}})</dd>
{{if .Scored}}<dt>{{msg "report.verdict.founded"}}</dt><dd>{{if .Founded}}{{msg "report.verdict.founded_yes"}}{{else}}{{msg "answer.no"}}{{end}}</dd>
<dt>{{msg "report.success"}}</dt><dd>{{if $pending}}{{msg "report.toc.withheld"}}{{else if .Success}}{{msg "answer.yes"}}{{else}}{{msg "answer.no"}}{{end}}</dd>
<dt>{{msg "report.rendered"}}</dt><dd>{{msg "report.rendered_count" "rendered" .Rendered "n" .Unsupported}}</dd>{{end}}
</dl>
{{if .MissingFacts}}<p>{{msg "report.missing_facts" "facts" (codes .MissingFacts)}}</p>
<ul class="faits">{{range .Missing}}<li><code>{{.ID}}</code>{{msg "punct.colon"}} {{range $i, $f := .Forms}}{{if $i}} {{msg "report.missing_or"}} {{end}}<code>{{$f.Resource}}</code> <code>{{$f.Field}}</code> = <code class="valeur">{{$f.Value}}</code>{{end}}</li>{{end}}</ul>{{end}}
{{else}}<p>{{msg "report.verdict.expected_only" "verdict" (code .Expected)}}</p>{{end}}
</div>
{{if .Assertions}}
<div class="scroll" role="region" aria-labelledby="{{.Anchor}}-assertions" tabindex="0">
<table class="empile">
<caption id="{{.Anchor}}-assertions">{{msg "report.assertions.caption" "task" .ID}}</caption>
<thead><tr><th scope="col">{{msg "report.assertions.assertion"}}</th><th scope="col">{{msg "report.assertions.claim"}}</th><th scope="col">{{msg "report.assertions.proofs"}}</th><th scope="col">{{msg "report.assertions.status"}}</th><th scope="col">{{msg "report.assertions.detail"}}</th></tr></thead>
<tbody>
{{assertionrows .Assertions}}</tbody>
</table>
</div>
{{end}}
{{if .Incidents}}<h3>{{msg "report.incidents"}}</h3>
<ul>{{range .Incidents}}<li>{{.Kind}}{{msg "punct.colon"}} <span class="trace" lang="en">{{trace .Detail}}</span></li>{{end}}</ul>{{end}}
{{if .Evaluated}}<figure class="recit" id="{{.NarrativeAnchor}}" data-digital-source-type="trainedAlgorithmicMedia" data-negatif="{{if .Negative}}oui{{else}}non{{end}}">
<figcaption>{{$.Narrative}}</figcaption>
{{if .Narrative}}<blockquote data-champ="narrative">{{.Narrative}}</blockquote>{{else}}<p>{{msg "report.narrative.none"}}</p>{{end}}
</figure>{{end}}
</section>
{{end}}{{end}}`

// TestTaskSectionsAsTemplate: taskSections writes the bytes the template
// wrote, in both editions, for tasks that take every branch (pending,
// evaluated or not, scored or not, exact or not, founded or not, a success
// withheld, a question, a task page, a reason, missing facts in several
// forms, assertions, incidents, a narrative or none) with hostile values
// in every field.
func TestTaskSectionsAsTemplate(t *testing.T) {
	rows := hostileRows()
	var tasks []taskView
	for i, s := range hostile {
		h := hostile[(i+5)%len(hostile)]
		tv := taskView{ID: s, Anchor: h, Status: s, StatusHelp: h, Verdict: s, Expected: h, Narrative: s, NarrativeAnchor: h,
			Pending: i%7 == 3, Evaluated: i%3 != 0, Scored: i%2 == 0, Exact: i%4 == 0, Founded: i%5 < 2, Success: i%3 == 1,
			Negative: i%2 == 1, Rendered: i, Unsupported: i % 3}
		if i%2 == 0 {
			tv.Page, tv.Reason = h, s
		}
		if i%3 == 2 {
			tv.Narrative = ""
		}
		if i%4 == 1 {
			tv.MissingFacts = []string{s, h}
			tv.Missing = []missingFactView{{ID: s, Forms: []factFormView{{s, h, s}}}, {ID: h, Forms: []factFormView{{h, s, h}, {s, s, s}, {h, h, h}}}}
		}
		if i%3 == 0 {
			tv.Assertions = rows[i%len(rows) : min(len(rows), i%len(rows)+3)]
		}
		if i%5 == 2 {
			tv.Incidents = []incidentView{{Kind: s, Detail: h}, {Kind: h, Detail: s}}
		}
		tasks = append(tasks, tv)
	}
	questions := map[string]string{}
	for i, s := range hostile {
		if i%2 == 1 {
			questions[s] = hostile[(i+1)%len(hostile)]
		}
	}
	for _, cat := range []*messages.Catalogue{messages.French, messages.English} {
		for _, pending := range []bool{false, true} {
			r := &reportView{Pending: pending, Tasks: tasks}
			got, err := taskSections(&locale{cat: cat}, r, questions, `récit <généré> & "cité"`)
			if err != nil {
				t.Fatal(err)
			}
			fm := funcs(cat)
			fm["assertionrows"] = func(rows []assertionView) (template.HTML, error) { return assertionRows(&locale{cat: cat}, rows) }
			tm := template.Must(template.New("tasks").Funcs(fm).Parse(oracleTasks))
			var want strings.Builder
			data := struct {
				Questions map[string]string
				Report    *reportView
				Narrative string
			}{questions, r, `récit <généré> & "cité"`}
			if err := tm.Execute(&want, data); err != nil {
				t.Fatal(err)
			}
			if string(got) != want.String() {
				g, w := string(got), want.String()
				n := 0
				for n < len(g) && n < len(w) && g[n] == w[n] {
					n++
				}
				t.Fatalf("%s, pending %v: differs at byte %d:\n got %q\nwant %q", cat.Lang(), pending, n, g[n:min(len(g), n+200)], w[n:min(len(w), n+200)])
			}
		}
	}
}

// TestTraceMarksDIDKeys: a trace's did:key is marked data-identifiant (the
// guard reads it in whole words), escaped; nothing else is, a did:web
// included.
func TestTraceMarksDIDKeys(t *testing.T) {
	for in, want := range map[string]string{
		"":      "",
		"plain": "plain",
		`the enrolled DID is "did:key:z6MkFib<x>"`:    `the enrolled DID is &#34;<span data-identifiant="oui">did:key:z6MkFib</span>&lt;x&gt;&#34;`,
		"did:key:a, did:web:b.example and did:key:c.": `<span data-identifiant="oui">did:key:a</span>, did:web:b.example and <span data-identifiant="oui">did:key:c.</span>`,
		"did:key:": "did:key:",
	} {
		if got := string(trace(in)); got != want {
			t.Errorf("trace(%q) = %q, want %q", in, got, want)
		}
	}
}

// oracleTOC is the text report.html had for its list of tasks before
// taskTOC wrote it.
const oracleTOC = `{{$pending := .Pending}}<nav {{attr "aria-label" "field.tasks"}}><ul class="taches">{{range .Tasks}}<li><a href="#{{.Anchor}}">{{.ID}}</a>{{msg "punct.colon"}} {{.Status}}{{if .Scored}}, {{if $pending}}{{msg "report.toc.withheld"}}{{else if .Success}}{{msg "report.toc.counted"}}{{else}}{{msg "report.toc.not_counted"}}{{end}}{{if .Unsupported}}{{msg "punct.semicolon"}} {{msg "report.toc.unsupported" "n" .Unsupported}}{{end}}{{end}}</li>{{end}}</ul></nav>`

// TestTaskTOCAsTemplate: taskTOC writes the bytes the template wrote, in
// both editions, for a report pending or not and tasks that take every
// branch (scored or not, a success or not, no unsupported assertion, one
// or several: every plural form) with hostile values in every field.
func TestTaskTOCAsTemplate(t *testing.T) {
	var tasks []taskView
	for i, s := range hostile {
		tasks = append(tasks, taskView{ID: s, Anchor: hostile[(i+1)%len(hostile)], Status: hostile[(i+2)%len(hostile)],
			Scored: i%4 != 3, Success: i%3 == 1, Unsupported: []int{0, 1, 2, 5, 21}[i%5]})
	}
	for _, cat := range []*messages.Catalogue{messages.French, messages.English} {
		for _, pending := range []bool{false, true} {
			for n := range len(tasks) + 1 {
				r := &reportView{Pending: pending, Tasks: tasks[:n]}
				got, err := taskTOC(&locale{cat: cat}, r)
				if err != nil {
					t.Fatal(err)
				}
				tm := template.Must(template.New("toc").Funcs(funcs(cat)).Parse(oracleTOC))
				var want strings.Builder
				if err := tm.Execute(&want, r); err != nil {
					t.Fatal(err)
				}
				if string(got) != want.String() {
					t.Fatalf("%s, pending %v, %d tasks:\n got %q\nwant %q", cat.Lang(), pending, n, got, want.String())
				}
			}
		}
	}
	noKeys, err := messages.Parse([]byte(`lang = "fr"`), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := taskTOC(&locale{cat: noKeys}, &reportView{}); err == nil || !strings.Contains(err.Error(), "field.tasks") {
		t.Errorf("taskTOC = %v, want an error naming field.tasks", err)
	}
}

// TestCountsAsTemplate: counts writes the bytes of the templates' range
// over counts, for none, one and several, with hostile labels.
func TestCountsAsTemplate(t *testing.T) {
	tm := template.Must(template.New("counts").Parse(`{{range $i, $c := .}}{{if $i}}, {{end}}{{$c.Label}} ({{$c.N}}){{end}}`))
	for n := range 5 {
		var cs []countView
		for k := range n {
			cs = append(cs, countView{Label: hostile[(n+k)%len(hostile)], N: k*7 - 2})
		}
		var want strings.Builder
		if err := tm.Execute(&want, cs); err != nil {
			t.Fatal(err)
		}
		if got := string(counts(cs)); got != want.String() {
			t.Fatalf("%d counts:\n got %q\nwant %q", n, got, want.String())
		}
	}
}

// TestFragmentsAsTemplate: codeHTML, codesHTML, linkHTML, timeHTML and
// champHTML write the bytes of fragments.html's templates, which the
// template functions execute, for hostile values.
func TestFragmentsAsTemplate(t *testing.T) {
	frag := func(name string, data any) string {
		t.Helper()
		h, err := fragment(name, data)
		if err != nil {
			t.Fatal(err)
		}
		return string(h)
	}
	for i, s := range hostile {
		h := hostile[(i+7)%len(hostile)]
		for _, c := range []struct{ what, got, want string }{
			{"code", string(codeHTML(s)), frag("code", s)},
			{"codes", string(codesHTML(hostile[:i%4])), frag("codes", hostile[:i%4])},
			{"link", string(linkHTML(s, template.HTML(h))), frag("link", struct {
				Href string
				Text any
			}{s, template.HTML(h)})},
			{"datetime", string(timeHTML(s, h)), frag("datetime", struct{ ISO, Text string }{s, h})},
			{"champ", string(champHTML(s, h)), frag("champ", struct{ Name, Text string }{s, h})},
		} {
			if c.got != c.want {
				t.Errorf("%s(%q):\n got %q\nwant %q", c.what, s, c.got, c.want)
			}
		}
	}
}

// TestMarkupFunctionsAsTemplate: the template functions code, codes, link,
// champ and datetime write what fragments.html's templates write, for
// strings, markup and other values alike, hostile ones included.
func TestMarkupFunctionsAsTemplate(t *testing.T) {
	fm := funcs(messages.French)
	call := func(name string, args ...any) string {
		t.Helper()
		var in []reflect.Value
		for _, a := range args {
			in = append(in, reflect.ValueOf(a))
		}
		out := reflect.ValueOf(fm[name]).Call(in)
		if len(out) == 2 && !out[1].IsNil() {
			t.Fatalf("%s%q: %v", name, args, out[1].Interface())
		}
		return out[0].String()
	}
	frag := func(name string, data any) string {
		t.Helper()
		h, err := fragment(name, data)
		if err != nil {
			t.Fatal(err)
		}
		return string(h)
	}
	type link struct {
		Href string
		Text any
	}
	for i, s := range hostile {
		h := hostile[(i+7)%len(hostile)]
		for _, v := range []any{s, template.HTML(h), i, score.Cause(s)} {
			if got, want := call("code", v), frag("code", v); got != want {
				t.Errorf("code(%#v):\n got %q\nwant %q", v, got, want)
			}
			if got, want := call("link", h, v), frag("link", link{h, v}); got != want {
				t.Errorf("link(%q, %#v):\n got %q\nwant %q", h, v, got, want)
			}
		}
		if got, want := call("codes", hostile[:i%4]), frag("codes", hostile[:i%4]); got != want {
			t.Errorf("codes(%q):\n got %q\nwant %q", hostile[:i%4], got, want)
		}
		if got, want := call("champ", s, h), frag("champ", struct{ Name, Text string }{s, h}); got != want {
			t.Errorf("champ(%q, %q):\n got %q\nwant %q", s, h, got, want)
		}
	}
	for _, d := range []string{"2026-11-03T09:30:00Z", "2026-10-01T00:00:00+02:00"} {
		text, err := readableDate(messages.French, d)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := call("datetime", d), frag("datetime", struct{ ISO, Text string }{d, text}); got != want {
			t.Errorf("datetime(%q):\n got %q\nwant %q", d, got, want)
		}
	}
	if _, err := fm["datetime"].(func(string) (template.HTML, error))("hier"); err == nil {
		t.Error("datetime of a date that does not parse is not an error")
	}
}
