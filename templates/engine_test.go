package templates

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a-h/templ"

	"github.com/ark-forge/proveit/internal/bilingual"
	"github.com/ark-forge/proveit/scorer/score"
	"github.com/ark-forge/proveit/templates/messages"
)

// richSite is handSite with what its pages can show more: a task page and
// a grid (the key), a question, a history of decisions on an assertion
// and on a row, several proofs of one assertion, a reason, an incident, a
// did:key in a trace, hostile text in the participants' fields.
func richSite() Site {
	site := handSite()
	tr := &site.Seasons[1].Tracks[0]
	tr.TaskIDs = []string{"conf-01"}
	tr.Key = map[string]*score.Expected{"conf-01": {Verdict: "conforme", Family: "P1"}}
	tr.Questions = map[string]bilingual.Text{"conf-01": {FR: `Question <b>"x"</b> & 'y' + z ?`, EN: `Question <b>"x"</b> & 'y' + z?`}}
	p := tr.Result.Participants[1]
	p.Participant.Agent = `Agent <script>alert("x")</script> & 'co' + 1`
	p.Participant.DeclaredStack = "Go + <b>gpt</b>"
	task := p.Tasks[0]
	task.Reason = "the enrolled DID is did:key:z6MkFib<x> and not did:web:a.example"
	task.Incidents = []score.Incident{{Kind: score.IncidentKinds[0], Detail: "status 503 for did:key:z6Mkabc"}}
	handReports[p].TaskReports[0].Assertions[0].Proofs = []score.ProofResult{{ProofID: "prf_a", Cause: score.InvalidProof, Detail: "bad <sig>"}, {ProofID: "prf_b", Cause: score.Supported}}
	tr.History = map[string]*History{HistoryKey(p.Participant.Slug, "conf-01", "a1"): {PublishedStatus: "supported", PublishedCause: "supported",
		Decisions: []DecisionRef{{ID: "dec-1", Date: "2026-11-03T09:30:00Z", Reason: bilingual.Text{FR: `motif <i>"cité"</i> & +`, EN: `reason <i>"quoted"</i> & +`}}}}}
	tr.RowHistory = map[string]*RowHistory{p.Participant.Slug: {PublishedOverclaim: "1/2 (50 %)", PublishedSuccess: "0/1 (0 %)", Decisions: []DecisionRef{{ID: "dec-1"}, {ID: "dec-2"}}}}
	site.Seasons[1].Proofs = []string{"prf_a"}
	return site
}

// TestTraceMarksDIDKeys: traceFragment marks each did:key of a
// trace data-identifier (the guard reads it in whole words), escaped;
// nothing else is, a did:web included.
func TestTraceMarksDIDKeys(t *testing.T) {
	for in, want := range map[string]string{
		"":      "",
		"plain": "plain",
		`the enrolled DID is "did:key:z6MkFib<x>"`:    `the enrolled DID is &#34;<span data-identifier="true">did:key:z6MkFib</span>&lt;x&gt;&#34;`,
		"did:key:a, did:web:b.example and did:key:c.": `<span data-identifier="true">did:key:a</span>, did:web:b.example and <span data-identifier="true">did:key:c.</span>`,
		"did:key:":              "did:key:",
		"a & did:key:z":         `a &amp; <span data-identifier="true">did:key:z</span>`,
		"<script>did:key:z</x>": `&lt;script&gt;<span data-identifier="true">did:key:z</span>&lt;/x&gt;`,
	} {
		var b strings.Builder
		if err := traceFragment(in).Render(context.Background(), &b); err != nil {
			t.Fatal(err)
		}
		if b.String() != want {
			t.Errorf("trace(%q) = %q, want %q", in, b.String(), want)
		}
	}
}

// frenchWithout is the French catalogue without the message of the line
// that begins with line in messages/fr.toml.
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

// TestRowsErrors: a message a row needs and the catalogue lacks fails the
// row, naming its key, whether it takes arguments (the history's, which
// only a row with a history writes) or not (a heading every row writes);
// and a decision's date that does not parse fails its report's row.
func TestRowsErrors(t *testing.T) {
	exec := func(cat *messages.Catalogue, c func(l *locale) templ.Component) error {
		t.Helper()
		l := &locale{cat: cat}
		var b strings.Builder
		if err := c(l).Render(context.Background(), &b); err != nil {
			return err
		}
		return l.err
	}
	rw := row{Slug: "a"}
	row := func(l *locale) templ.Component { return tableRow(l, &rw) }
	if err := exec(frenchWithout(t, "history = "), row); err != nil {
		t.Fatalf("a row without a history: %v", err)
	}
	rw.History = &RowHistory{Decisions: []DecisionRef{{ID: "d"}}}
	if err := exec(frenchWithout(t, "history = "), row); err == nil || !strings.Contains(err.Error(), "table.history") {
		t.Errorf("row = %v, want an error naming table.history", err)
	}
	if err := exec(frenchWithout(t, "detail = \"DID"), row); err == nil || !strings.Contains(err.Error(), "table.detail") {
		t.Errorf("row = %v, want an error naming table.detail", err)
	}
	rows := []assertionView{{ID: "a", History: &historyView{Decisions: []DecisionRef{{ID: "d", Date: "hier"}}}}}
	if err := exec(messages.French, func(l *locale) templ.Component { return assertionRows(l, rows) }); err == nil || !strings.Contains(err.Error(), "datetime") {
		t.Errorf("assertion rows = %v, want a datetime error", err)
	}
}

// TestNoMarkupWrittenInGo: the package's Go code (and the catalogue's)
// makes a template.HTML only where html/template or templ wrote it (a
// message's form executed, a fragment rendered by templ.ToGoHTML) or
// where it is trusted text (a literal message of the catalogue, the
// Markdown of package content), and no other typed string of
// html/template that would pass its escapers (HTMLAttr, JS, JSStr, URL,
// CSS, Srcset); it takes HTML into a component with templ.Raw in two
// places only, the catalogue's messages (locale.msg) and the Markdown of
// a content page (pageContent), and never marks a URL safe
// (templ.SafeURL), so that templ sanitizes every href; and it calls no
// escaper of its own (templ's generated code escapes, and is templ's
// output). A new conversion is a decision to write here, with its reason.
func TestNoMarkupWrittenInGo(t *testing.T) {
	allowed := map[string]int{ // function: template.HTML conversions, templ.Raw calls
		"templates.contentPages":           1, // goldmark's rendering of package content, raw HTML refused
		"messages.(Catalogue).HTML":        3, // a literal message, a form without placeholders, a form executed
		"templates.(locale).msg templ.Raw": 1, // a message of the catalogue into a component
		"templates.pageContent templ.Raw":  1, // a content page's Markdown, as goldmark rendered it
	}
	typed := map[string]bool{"HTML": true, "HTMLAttr": true, "JS": true, "JSStr": true, "URL": true, "CSS": true, "Srcset": true}
	escapers := map[string]bool{"HTMLEscapeString": true, "HTMLEscaper": true, "HTMLEscape": true, "JSEscapeString": true, "JSEscaper": true, "JSEscape": true, "URLQueryEscaper": true, "EscapeString": true, "QueryEscape": true, "PathEscape": true}
	found := map[string]int{}
	for _, dir := range []string{".", "messages"} {
		names, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			generated := strings.HasSuffix(name, "_templ.go")
			if generated && !ast.IsGenerated(f) {
				t.Errorf("%s is not templ's output", name)
			}
			for _, d := range f.Decls {
				fn, ok := d.(*ast.FuncDecl)
				if !ok {
					continue
				}
				where := f.Name.Name + "." + fn.Name.Name
				if fn.Recv != nil {
					recv := fn.Recv.List[0].Type
					if s, ok := recv.(*ast.StarExpr); ok {
						recv = s.X
					}
					where = f.Name.Name + ".(" + recv.(*ast.Ident).Name + ")." + fn.Name.Name
				}
				ast.Inspect(fn, func(n ast.Node) bool {
					call, ok := n.(*ast.CallExpr)
					if !ok {
						return true
					}
					sel, ok := call.Fun.(*ast.SelectorExpr)
					if !ok {
						return true
					}
					pkg, ok := sel.X.(*ast.Ident)
					if !ok {
						return true
					}
					switch {
					case pkg.Name == "template" && typed[sel.Sel.Name]:
						if sel.Sel.Name != "HTML" {
							t.Errorf("%s: %s makes a template.%s", fset.Position(call.Pos()), where, sel.Sel.Name)
						}
						found[where]++
					case pkg.Name == "templ" && sel.Sel.Name == "Raw":
						found[where+" templ.Raw"]++
					case pkg.Name == "templ" && sel.Sel.Name == "SafeURL":
						t.Errorf("%s: %s marks a URL safe: templ sanitizes every href", fset.Position(call.Pos()), where)
					case escapers[sel.Sel.Name] && !generated:
						t.Errorf("%s: %s escapes with %s.%s: the templates escape", fset.Position(call.Pos()), where, pkg.Name, sel.Sel.Name)
					}
					return true
				})
			}
		}
	}
	for where, n := range found {
		if allowed[where] != n {
			t.Errorf("%s makes %d template.HTML, %d allowed", where, n, allowed[where])
		}
	}
	for where, n := range allowed {
		if found[where] != n {
			t.Errorf("%s: %d template.HTML allowed and %d found: the scan does not see them", where, n, found[where])
		}
	}
}
