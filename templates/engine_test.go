package templates

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"text/template/parse"

	"github.com/ark-forge/proveit/content"
	"github.com/ark-forge/proveit/internal/sitepath"
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
	tr.Questions = map[string]string{"conf-01": `Question <b>"x"</b> & 'y' + z ?`}
	p := tr.Result.Participants[1]
	p.Participant.Agent = `Agent <script>alert("x")</script> & 'co' + 1`
	p.Participant.DeclaredStack = "Go + <b>gpt</b>"
	task := p.Tasks[0]
	task.Reason = "the enrolled DID is did:key:z6MkFib<x> and not did:web:a.example"
	task.Incidents = []score.Incident{{Kind: score.IncidentKinds[0], Detail: "status 503 for did:key:z6Mkabc"}}
	handReports[p].TaskReports[0].Assertions[0].Proofs = []score.ProofResult{{ProofID: "prf_a", Cause: score.InvalidProof, Detail: "bad <sig>"}, {ProofID: "prf_b", Cause: score.Supported}}
	tr.History = map[string]*History{HistoryKey(p.Participant.Slug, "conf-01", "a1"): {PublishedStatus: "supported", PublishedCause: "supported",
		Decisions: []DecisionRef{{ID: "dec-1", Date: "2026-11-03T09:30:00Z", Reason: `motif <i>"cité"</i> & +`}}}}
	tr.RowHistory = map[string]*RowHistory{p.Participant.Slug: {PublishedOverclaim: "1/2 (50 %)", PublishedSuccess: "0/1 (0 %)", Decisions: []DecisionRef{{ID: "dec-1"}, {ID: "dec-2"}}}}
	site.Seasons[1].Proofs = []string{"prf_a"}
	return site
}

// TestInlinedMessagesSameBytes: the pages rendered with the messages
// asked for without arguments made template text (inlineMessages) are
// byte for byte those rendered with each an action of msg, in both
// editions, and the inlining leaves no such action behind.
func TestInlinedMessagesSameBytes(t *testing.T) {
	for _, c := range []struct {
		cat     *messages.Catalogue
		ed      sitepath.Edition
		content fs.FS
	}{{messages.French, sitepath.French, content.Pages}, {messages.English, sitepath.English, content.English}} {
		var pages [2][]Page
		for i, inline := range []bool{false, true} {
			r, err := parseRenderer(files, c.cat, inline)
			if err != nil {
				t.Fatal(err)
			}
			r.ed, r.content = c.ed, c.content
			left := 0
			for _, tm := range r.pages {
				for _, tt := range tm.Templates() {
					if tt.Tree != nil {
						left += constantActions(tt.Tree.Root, c.cat)
					}
				}
			}
			if inline && left != 0 {
				t.Errorf("%s: %d actions {{msg \"key\"}} of a literal message left after inlining", c.cat.Lang(), left)
			}
			if !inline && left < 100 {
				t.Errorf("%s: only %d actions {{msg \"key\"}} of a literal message before inlining: the count does not see them", c.cat.Lang(), left)
			}
			if pages[i], err = r.render(richSite()); err != nil {
				t.Fatal(err)
			}
		}
		if len(pages[0]) != len(pages[1]) || len(pages[0]) < 10 {
			t.Fatalf("%s: %d pages with actions, %d inlined", c.cat.Lang(), len(pages[0]), len(pages[1]))
		}
		for i := range pages[0] {
			a, b := string(pages[0][i].HTML), string(pages[1][i].HTML)
			if a != b {
				n := 0
				for n < len(a) && n < len(b) && a[n] == b[n] {
					n++
				}
				t.Errorf("%s: differs at byte %d:\nactions %q\ninlined %q", pages[0][i].Name, n, a[n:min(len(a), n+120)], b[n:min(len(b), n+120)])
			}
		}
	}
}

// constantActions counts the actions {{msg "key"}} under l whose message
// is a literal of cat.
func constantActions(l *parse.ListNode, cat *messages.Catalogue) int {
	if l == nil {
		return 0
	}
	n := 0
	for _, node := range l.Nodes {
		switch node := node.(type) {
		case *parse.ActionNode:
			if _, ok := constantMessage(node.Pipe, cat); ok {
				n++
			}
		case *parse.IfNode:
			n += constantActions(node.List, cat) + constantActions(node.ElseList, cat)
		case *parse.RangeNode:
			n += constantActions(node.List, cat) + constantActions(node.ElseList, cat)
		case *parse.WithNode:
			n += constantActions(node.List, cat) + constantActions(node.ElseList, cat)
		}
	}
	return n
}

// TestTraceMarksDIDKeys: the template "trace" marks each did:key of a
// trace data-identifier (the guard reads it in whole words), escaped;
// nothing else is, a did:web included.
func TestTraceMarksDIDKeys(t *testing.T) {
	for in, want := range map[string]string{
		"":      "",
		"plain": "plain",
		`the enrolled DID is "did:key:z6MkFib<x>"`:    `the enrolled DID is &#34;<span data-identifier="true">did:key:z6MkFib</span>&lt;x&gt;&#34;`,
		"did:key:a, did:web:b.example and did:key:c.": `<span data-identifier="true">did:key:a</span>, did:web:b.example and <span data-identifier="true">did:key:c.</span>`,
		"did:key:":      "did:key:",
		"a + did:key:z": `a &#43; <span data-identifier="true">did:key:z</span>`,
	} {
		var b strings.Builder
		if err := french.pages["report"].ExecuteTemplate(&b, "trace", in); err != nil {
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
// only a row with a history writes) or not (a heading every row writes,
// which inlining leaves an action when the catalogue lacks it); and a
// decision's date that does not parse fails its report's row.
func TestRowsErrors(t *testing.T) {
	exec := func(cat *messages.Catalogue, page, name string, data any) error {
		t.Helper()
		r, err := newRenderer(cat)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		return r.pages[page].ExecuteTemplate(&b, name, data)
	}
	rw := row{Slug: "a"}
	if err := exec(frenchWithout(t, "history = "), "track", "row", rw); err != nil {
		t.Fatalf("a row without a history: %v", err)
	}
	rw.History = &RowHistory{Decisions: []DecisionRef{{ID: "d"}}}
	if err := exec(frenchWithout(t, "history = "), "track", "row", rw); err == nil || !strings.Contains(err.Error(), "table.history") {
		t.Errorf("row = %v, want an error naming table.history", err)
	}
	if err := exec(frenchWithout(t, "detail = \"DID"), "track", "row", rw); err == nil || !strings.Contains(err.Error(), "table.detail") {
		t.Errorf("row = %v, want an error naming table.detail", err)
	}
	rows := []assertionView{{ID: "a", History: &historyView{Decisions: []DecisionRef{{ID: "d", Date: "hier"}}}}}
	if err := exec(messages.French, "report", "assertion-rows", rows); err == nil || !strings.Contains(err.Error(), "datetime") {
		t.Errorf("assertion rows = %v, want a datetime error", err)
	}
}

// TestNoMarkupWrittenInGo: the package's Go code (and the catalogue's)
// makes a template.HTML only where html/template wrote it (fragment, a
// message's form executed) or where it is trusted text (a literal message
// of the catalogue, the Markdown of package content), and no other typed
// string of html/template that would pass its escapers (HTMLAttr, JS,
// JSStr, URL, CSS, Srcset); and it calls no escaper of its own. A new
// conversion is a decision to write here, with its reason.
func TestNoMarkupWrittenInGo(t *testing.T) {
	allowed := map[string]int{ // function: template.HTML conversions
		"templates.fragment":                    1, // the buffer fragments.html was executed into
		"templates.contentPages":                1, // goldmark's rendering of package content, raw HTML refused
		"messages.(Catalogue).HTML":             3, // a literal message, a form without placeholders, a form executed
		"templates.(locale).msg templ.Raw":      1, // a message of the catalogue into a component
		"templates.(locale).linkHTML templ.Raw": 1, // a message, the text of a link
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
			if strings.HasSuffix(name, "_templ.go") {
				// templ's output: the components escape by context.
				if !ast.IsGenerated(f) {
					t.Errorf("%s is not templ's output", name)
				}
				continue
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
					case escapers[sel.Sel.Name]:
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
