package templates

import (
	"html/template"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/templates/messages"
)

// oracleRows is the text report.html had for its rows of assertions
// before assertionRows wrote them: the oracle assertionRows must give the
// bytes of, in the table it sits in.
const oracleRows = `<table><tbody>
{{range .}}{{$several := gt (len .Proofs) 1}}<tr id="{{.Anchor}}" data-negatif="{{if .Negative}}oui{{else}}non{{end}}"><th scope="row"><code>{{.ID}}</code></th><td {{attr "data-titre" "report.assertions.claim"}}><code>{{.Resource}}</code><br>{{msg "report.assertions.field"}} <code>{{.Field}}</code><br>{{msg "report.assertions.value"}} <code class="valeur" data-champ="claim">{{.Value}}</code></td><td {{attr "data-titre" "report.assertions.proofs"}}>{{range .Proofs}}<div>{{if .Href}}<a href="{{.Href}}"><code class="hash">{{.ID}}</code></a>{{else}}<code class="hash">{{.ID}}</code>{{end}}{{if and .Cause $several}}{{msg "punct.colon"}} {{.Cause}}{{end}}</div>{{end}}</td><td class="statut" {{attr "data-titre" "report.assertions.status"}}><strong class="{{if .Supported}}statut-oui{{else if .Negative}}statut-non{{end}}">{{.Cause}}</strong><br><code>{{.CauseCode}}</code>{{with .History}}<div class="historique">{{msg "report.history.published" "value" .Published "code" (code .PublishedCode)}}{{range .Decisions}} {{msg "report.history.decision" "id" (code .ID) "date" (datetime .Date) "reason" (champ "reason" .Reason)}}{{end}}</div>{{end}}</td><td {{attr "data-titre" "report.assertions.detail"}}>{{if .Detail}}<span class="trace" lang="en">{{.Detail}}</span>{{end}}{{if $several}}{{range .Proofs}}{{if .Detail}}<div class="trace"><code>{{.ID}}</code>{{msg "punct.colon"}} <span lang="en">{{.Detail}}</span></div>{{end}}{{end}}{{end}}</td></tr>
{{end}}</tbody></table>`

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
