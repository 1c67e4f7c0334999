package templates

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"html/template"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"text/template/parse"

	"github.com/ark-forge/proveit/scorer/score"
	"github.com/ark-forge/proveit/templates/messages"
)

// use is one message lookup in the package's source: a msg or text call of
// a template, or a text call of the Go code.
type use struct {
	where string   // file:line
	key   string   // "" when computed from a score table's code
	names []string // the argument names it passes
	html  bool     // a template's msg (HTML), or a text (plain text: a template's, for an attribute, or Go's)
}

// templateUses reads every msg and text call of the templates. A key or an
// argument name that is not a string literal is an error: the keys a
// template uses are read from its source.
func templateUses(t *testing.T) []use {
	t.Helper()
	names, err := fs.Glob(files, "html/*.html")
	if err != nil {
		t.Fatal(err)
	}
	var uses []use
	for _, name := range names {
		src, err := fs.ReadFile(files, name)
		if err != nil {
			t.Fatal(err)
		}
		tree := parse.New(name)
		tree.Mode = parse.SkipFuncCheck
		set := map[string]*parse.Tree{}
		if _, err := tree.Parse(string(src), "{{", "}}", set); err != nil {
			t.Fatal(err)
		}
		for _, tr := range set {
			var walk func(parse.Node)
			walk = func(n parse.Node) {
				switch n := n.(type) {
				case *parse.ListNode:
					if n != nil {
						for _, c := range n.Nodes {
							walk(c)
						}
					}
				case *parse.ActionNode:
					walk(n.Pipe)
				case *parse.IfNode:
					walk(n.Pipe)
					walk(n.List)
					walk(n.ElseList)
				case *parse.RangeNode:
					walk(n.Pipe)
					walk(n.List)
					walk(n.ElseList)
				case *parse.WithNode:
					walk(n.Pipe)
					walk(n.List)
					walk(n.ElseList)
				case *parse.TemplateNode:
					walk(n.Pipe)
				case *parse.PipeNode:
					if n != nil {
						for _, c := range n.Cmds {
							walk(c)
						}
					}
				case *parse.ChainNode:
					walk(n.Node)
				case *parse.CommandNode:
					for _, a := range n.Args {
						walk(a)
					}
					fn, ok := n.Args[0].(*parse.IdentifierNode)
					if !ok || (fn.Ident != "msg" && fn.Ident != "text") {
						return
					}
					where, _ := tr.ErrorContext(n)
					u := use{where: where, html: fn.Ident == "msg"}
					for i, a := range n.Args[1:] {
						s, ok := a.(*parse.StringNode)
						switch {
						case i == 0 && !ok:
							t.Errorf("%s: %s with a computed key %s", where, fn.Ident, a)
						case i == 0:
							u.key = s.Text
						case i%2 == 1 && !ok:
							t.Errorf("%s: %s %q: argument name %s is not a string literal", where, fn.Ident, u.key, a)
						case i%2 == 1:
							u.names = append(u.names, s.Text)
						}
					}
					uses = append(uses, u)
				}
			}
			walk(tr.Root)
		}
	}
	if len(uses) < 100 {
		t.Fatalf("found only %d msg and text calls: the scan does not see them", len(uses))
	}
	return uses
}

// stubImporter gives every import as an empty package: the type check of
// goUses needs only the package's own types, to tell a locale's text
// method from any other (the guard has one), and ignores what it cannot
// resolve.
type stubImporter struct{}

func (stubImporter) Import(p string) (*types.Package, error) {
	pkg := types.NewPackage(p, path.Base(p))
	pkg.MarkComplete()
	return pkg, nil
}

// goUses reads every call of (*locale).text in the package's Go code. Its
// key is a string literal, built from a score table's code by causeKey,
// statusKey or incidentKey, or from a trap family's by familyKey; anything
// else is an error. The Go code looks
// messages up through a locale alone: a direct messages.Catalogue call
// would escape this scan.
func goUses(t *testing.T) []use {
	t.Helper()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var parsed []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, f)
	}
	info := &types.Info{Selections: map[*ast.SelectorExpr]*types.Selection{}}
	conf := types.Config{Importer: stubImporter{}, Error: func(error) {}}
	conf.Check("github.com/ark-forge/proveit/templates", fset, parsed, info)
	var uses []use
	for _, f := range parsed {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || info.Selections[sel] == nil {
				return true
			}
			// A call of a field of func type (Job.render) selects a
			// variable, not a method.
			fn, isFunc := info.Selections[sel].Obj().(*types.Func)
			if !isFunc {
				return true
			}
			u := use{where: fset.Position(call.Pos()).String()}
			if fn.FullName() != "(*github.com/ark-forge/proveit/templates.locale).text" {
				return true
			}
			for i, a := range call.Args {
				lit, isLit := a.(*ast.BasicLit)
				isLit = isLit && lit.Kind == token.STRING
				switch {
				case i == 0 && isLit:
					u.key, _ = strconv.Unquote(lit.Value)
				case i == 0:
					kc, ok := a.(*ast.CallExpr)
					if !ok {
						t.Errorf("%s: text with a computed key that is not causeKey, statusKey, incidentKey or familyKey", u.where)
						break
					}
					if fn, isIdent := kc.Fun.(*ast.Ident); !isIdent || (fn.Name != "causeKey" && fn.Name != "statusKey" && fn.Name != "incidentKey" && fn.Name != "familyKey") {
						t.Errorf("%s: text with a computed key that is not causeKey, statusKey, incidentKey or familyKey", u.where)
					}
				case i%2 == 1 && !isLit:
					t.Errorf("%s: text %q: argument %d's name is not a string literal", u.where, u.key, i)
				case i%2 == 1:
					name, _ := strconv.Unquote(lit.Value)
					u.names = append(u.names, name)
				}
			}
			uses = append(uses, u)
			return true
		})
	}
	if len(uses) < 30 {
		t.Fatalf("found only %d text calls: the scan does not see them", len(uses))
	}
	return uses
}

// scoreKeys are the keys the codes of the score tables need: a label and a
// help text per cause and per task status, a label per incident kind.
func scoreKeys(causes []score.CauseInfo, statuses []score.TaskStatusInfo, kinds []string) []string {
	var keys []string
	for _, c := range causes {
		keys = append(keys, causeKey(c.Code, "label"), causeKey(c.Code, "help"))
	}
	for _, s := range statuses {
		keys = append(keys, statusKey(s.Code, "label"), statusKey(s.Code, "help"))
	}
	for _, k := range kinds {
		keys = append(keys, incidentKey(k))
	}
	return keys
}

// missing lists the keys cat lacks, sorted.
func missing(cat *messages.Catalogue, keys []string) []string {
	var out []string
	for _, k := range keys {
		if !slices.Contains(cat.Keys(), k) {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// TestCatalogueHasEveryKey: every key a template or the Go code looks up
// is in the French catalogue, and every call passes the arguments its
// message asks for (a template's msg as HTML; a template's text, an
// attribute's value, and Go's as plain text, which holds no markup), in
// every plural form.
func TestCatalogueHasEveryKey(t *testing.T) {
	uses := append(templateUses(t), goUses(t)...)
	for _, u := range uses {
		if u.key == "" {
			continue // a score table's key: TestCatalogueCoversScoreTables
		}
		if !slices.Contains(messages.French.Keys(), u.key) {
			t.Errorf("%s: %q is not in messages/fr.toml", u.where, u.key)
			continue
		}
		for _, n := range []int{0, 1, 2, 1000000} {
			var args []any
			for _, name := range u.names {
				if name == "n" {
					args = append(args, name, n)
				} else {
					args = append(args, name, "x")
				}
			}
			var err error
			if u.html {
				_, err = messages.French.HTML(u.key, args...)
			} else {
				_, err = messages.French.Text(u.key, args...)
			}
			if err != nil {
				t.Errorf("%s: %v", u.where, err)
				break
			}
		}
	}
}

// TestCatalogueKeysAreUsed: every key of the French catalogue is looked up
// by a template or the Go code, or is one the score tables need.
func TestCatalogueKeysAreUsed(t *testing.T) {
	used := map[string]bool{}
	for _, u := range append(templateUses(t), goUses(t)...) {
		used[u.key] = true
	}
	for _, k := range scoreKeys(score.Causes, score.TaskStatuses, score.IncidentKinds) {
		used[k] = true
	}
	for _, k := range dateKeys() {
		used[k] = true
	}
	if m := missing(messages.French, dateKeys()); len(m) > 0 {
		t.Errorf("the dates need %v", m)
	}
	families := demoFamilies(t)
	for _, f := range families {
		used[familyKey(f)] = true
	}
	if m := missing(messages.French, familyKeys(families)); len(m) > 0 {
		t.Errorf("the trap families of the demo season need %v", m)
	}
	for _, k := range messages.French.Keys() {
		if !used[k] {
			t.Errorf("%q is in messages/fr.toml and nothing uses it", k)
		}
	}
}

// TestCatalogueCoversScoreTables: every cause of score.Causes (the empty
// one as cause.not_evaluated), every task status of score.TaskStatuses
// and every kind of score.IncidentKinds has its messages. A line added to
// a table without them fails the first case, naming the keys.
func TestCatalogueCoversScoreTables(t *testing.T) {
	for _, c := range []struct {
		name     string
		causes   []score.CauseInfo
		statuses []score.TaskStatusInfo
		kinds    []string
		want     []string
	}{
		{"the score tables", score.Causes, score.TaskStatuses, score.IncidentKinds, nil},
		// The check itself: a line added to a table is missed.
		{"a new cause", append(slices.Clone(score.Causes), score.CauseInfo{Code: "new_cause"}), score.TaskStatuses, score.IncidentKinds,
			[]string{"cause.new_cause.help", "cause.new_cause.label"}},
		{"a new status", score.Causes, append(slices.Clone(score.TaskStatuses), score.TaskStatusInfo{Code: "new_status"}), score.IncidentKinds,
			[]string{"status.new_status.help", "status.new_status.label"}},
		{"a new incident kind", score.Causes, score.TaskStatuses, append(slices.Clone(score.IncidentKinds), "new_kind"),
			[]string{"incident.new_kind"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := missing(messages.French, scoreKeys(c.causes, c.statuses, c.kinds)); !slices.Equal(got, c.want) {
				t.Errorf("messages/fr.toml lacks %q, want %q", got, c.want)
			}
		})
	}
	if k := causeKey(score.NotEvaluated, "label"); k != "cause.not_evaluated.label" {
		t.Errorf("the empty cause's key is %q", k)
	}
}

// handSite is a site with every kind of page: a closed season with a
// scored track (a participant with successes, one with an unsupported
// claim, a pending one) and an open season.
func handSite() Site {
	track := Track{Name: "conformite", Title: TrackTitle{"conformité", "compliance"}, Bareme: "conformite-bareme-v3", Tasks: 1, Scored: true,
		Result: &score.TrackResult{Track: "conformite", Tasks: 1, BestConstant: score.BestConstant{Verdict: "conforme", Successes: 1},
			Participants: []*score.ParticipantResult{result("un", 1, 0, 2, false), result("deux", 0, 1, 2, false), result("trois", 0, 0, 0, true)}}}
	return Site{Seasons: []Season{
		{Number: 1, Title: "Saison 1", OpensAt: "2026-09-21T08:00:00Z", ClosesAt: "2026-10-05T20:00:00Z", Tracks: []Track{{Name: "conformite", Title: TrackTitle{"conformité", "compliance"}, Tasks: 1}}},
		{Number: 3, Title: "Saison 3", OpensAt: "2026-09-21T08:00:00Z", ClosesAt: "2026-10-05T20:00:00Z", Closed: true, Tracks: []Track{track}},
	}}
}

// TestMissingMessageFailsRender: a catalogue without a message fails the
// render with an error that names it, whether a template or the Go code
// looks it up, and nothing is published.
func TestMissingMessageFailsRender(t *testing.T) {
	fr, err := os.ReadFile(filepath.Join("messages", "fr.toml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		key  string
		drop string // the lines of fr.toml dropped
	}{
		{"", ""},
		{"layout.skip", `skip = "Aller au contenu"` + "\n"},
		{"layout.breadcrumbs", `breadcrumbs = "Fil d'Ariane"` + "\n"},
		{"season.tracks.caption", `caption = "Pistes de la saison {season}"` + "\n"},
		{"table.caption", `caption = "Piste {track}, saison {season} : taux d'overclaim et taux de réussite, côte à côte"` + "\n"},
		{"report.heading", `heading = "Rapport individuel : {agent}"` + "\n"},
		{"season.status.open", `status.open = "Saison ouverte : aucun score n'est publié avant la clôture (§7.4 de la spécification)."` + "\n"},
		{"number.pending", `pending = "en attente"` + "\n"},
		{"status.scored.label", `label = "rendue"` + "\n"},
		{"cause.supported.label", `label = "étayée"` + "\n"},
		{"plot.who", "[plot.who]\none = \"{n} participant\"\nother = \"{n} participants\"\n"},
	} {
		name := c.key
		if name == "" {
			name = "whole catalogue"
		}
		t.Run(name, func(t *testing.T) {
			data := strings.Replace(string(fr), c.drop, "", 1)
			if c.drop != "" && data == string(fr) {
				t.Fatalf("fr.toml lacks %q", c.drop)
			}
			cat, err := messages.Parse([]byte(data), nil)
			if err != nil {
				t.Fatal(err)
			}
			r, err := newRenderer(cat)
			if err != nil {
				t.Fatal(err)
			}
			tree, err := r.render(handSite())
			if c.key == "" {
				if err != nil || len(tree) < 10 {
					t.Errorf("render with the whole catalogue = %v, %d files", err, len(tree))
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("no message %q", c.key)) {
				t.Errorf("render without %s = %v", c.key, err)
			}
			if len(tree) > 0 {
				t.Errorf("render without %s published %d files", c.key, len(tree))
			}
		})
	}
}

// TestTextInAttribute: a message written in an attribute's value is
// the catalogue's plain text escaped there by html/template; a message
// with markup is not plain text, and fails the page.
func TestTextInAttribute(t *testing.T) {
	fm := funcs(messages.French)
	run := func(src string) (string, error) {
		tm := template.Must(template.New("").Funcs(fm).Parse(src))
		var b strings.Builder
		err := tm.Execute(&b, nil)
		return b.String(), err
	}
	got, err := run(`<nav aria-label="{{text "layout.breadcrumbs"}}">`)
	if want := `<nav aria-label="Fil d&#39;Ariane">`; err != nil || got != want {
		t.Errorf("text in aria-label = %q, %v; want %q", got, err, want)
	}
	if got, err := run(`<p title="{{text "layout.ai_act" "label" "x"}}">`); err == nil || !strings.Contains(err.Error(), "holds markup") {
		t.Errorf("a message with markup in an attribute = %q, %v; want an error", got, err)
	}
	if got, err := run(`<p title="{{text "nope"}}">`); err == nil || !strings.Contains(err.Error(), `no message "nope"`) {
		t.Errorf("a missing message in an attribute = %q, %v; want an error", got, err)
	}
}

// TestMachineLabelIsThePagesLabel: the AI Act label of the JSON and CSV
// outputs (score.AIActLabel) is word for word the one every page shows.
func TestMachineLabelIsThePagesLabel(t *testing.T) {
	got, err := messages.French.Text("label.ai_act")
	if err != nil {
		t.Fatal(err)
	}
	if got != score.AIActLabel {
		t.Errorf("the pages say %q, the JSON and CSV %q", got, score.AIActLabel)
	}
}

// demoFamilies are the trap families and control families the demo
// season's tracks declare (trap_families, control_family of track.toml):
// the task pages name each in words (familyKey).
func demoFamilies(t *testing.T) []string {
	t.Helper()
	names, err := filepath.Glob("../seasons/0/*/track.toml")
	if err != nil || len(names) == 0 {
		t.Fatalf("no track.toml under ../seasons/0: %v", err)
	}
	seen := map[string]bool{}
	var out []string
	line := regexp.MustCompile(`(?m)^(?:trap_families|control_family)\s*=\s*(.*)$`)
	word := regexp.MustCompile(`"([^"]+)"`)
	for _, name := range names {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range line.FindAllStringSubmatch(string(src), -1) {
			for _, w := range word.FindAllStringSubmatch(m[1], -1) {
				if !seen[w[1]] {
					seen[w[1]] = true
					out = append(out, w[1])
				}
			}
		}
	}
	if len(out) < 2 {
		t.Fatalf("read only %v from the demo's track.toml files", out)
	}
	return out
}

// familyKeys are the keys of the families' words.
func familyKeys(families []string) []string {
	keys := make([]string, len(families))
	for i, f := range families {
		keys[i] = familyKey(f)
	}
	return keys
}

// TestTrackTitles: the pages write a track with its title in their
// language, escaped as data, never with its id; a track without a title
// in an edition's language fails the render, naming it.
func TestTrackTitles(t *testing.T) {
	site := handSite()
	site.Seasons[1].Tracks[0].Title = TrackTitle{"conformité <b>&", "compliance <b>&"}
	pages, err := Render(site)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]string{}
	for _, p := range pages {
		byName[p.Name] = string(p.HTML)
	}
	for name, want := range map[string]string{
		"saison-3/conformite/index.html":    "<h1>Saison 3, piste conformité &lt;b&gt;&amp;</h1>",
		"en/saison-3/conformite/index.html": "compliance &lt;b&gt;&amp;",
		"saison-3/index.html":               `<a href="conformite/index.html">conformité &lt;b&gt;&amp;</a>`,
		"index.html":                        ">conformité &lt;b&gt;&amp;</a>",
	} {
		if !strings.Contains(byName[name], want) {
			t.Errorf("%s lacks %q", name, want)
		}
	}
	if strings.Contains(byName["saison-3/conformite/index.html"], "piste conformite") {
		t.Error("the track page writes the track's id where its title belongs")
	}
	for _, missing := range []TrackTitle{{"", "compliance"}, {"conformité", ""}} {
		site := handSite()
		site.Seasons[1].Tracks[0].Title = missing
		if _, err := Render(site); err == nil || !strings.Contains(err.Error(), "has no title") {
			t.Errorf("title %+v: Render = %v, want an error saying the track has no title", missing, err)
		}
	}
}

// TestSeasonTextMarkedFrench: the texts the season's files give are
// French; an English page marks them lang="fr", and a French page writes
// them alone, escaped either way.
func TestSeasonTextMarkedFrench(t *testing.T) {
	site := handSite()
	site.Seasons[1].Title = "Saison 3 <essai> & co"
	pages, err := Render(site)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]string{}
	for _, p := range pages {
		byName[p.Name] = string(p.HTML)
	}
	for name, want := range map[string]string{
		"saison-3/index.html":    "<h1>Saison 3 &lt;essai&gt; &amp; co</h1>",
		"en/saison-3/index.html": `<h1><span lang="fr">Saison 3 &lt;essai&gt; &amp; co</span></h1>`,
		"en/index.html":          `<a href="saison-3/index.html"><span lang="fr">Saison 3 &lt;essai&gt; &amp; co</span></a>`,
	} {
		if !strings.Contains(byName[name], want) {
			t.Errorf("%s lacks %q", name, want)
		}
	}
	if strings.Contains(byName["saison-3/index.html"], `<span lang="fr">`) {
		t.Error("a French page marks the season's text as French: it is the page's language already")
	}
}
