package templates

import (
	"bytes"
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/a-h/templ"

	"github.com/ark-forge/proveit/internal/bilingual"
	"github.com/ark-forge/proveit/scorer/score"
	"github.com/ark-forge/proveit/templates/messages"
)

// use is one message lookup in the package's source: a call of a
// locale's msg, msgHTML or text, in the Go code or in the Go
// code templ generated from the components.
type use struct {
	where string   // file:line
	key   string   // "" when computed from a score table's code
	names []string // the argument names it passes
	html  bool     // msg, msgHTML (HTML), or text (plain text)
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

// goUses reads every call of a locale's text, msg and msgHTML in
// the package's Go code, the components' included (their *_templ.go).
// Its key is a string literal, a choose of two keys (each read in turn),
// or, for text, built from a score table's code by causeKey, statusKey or
// incidentKey, or from a trap family's by familyKey; anything else is an
// error. The Go code looks messages up through a locale alone: a direct
// messages.Catalogue call would escape this scan.
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
			args := call.Args
			switch fn.FullName() {
			case "(*github.com/ark-forge/proveit/templates.locale).text":
			case "(*github.com/ark-forge/proveit/templates.locale).msg", "(*github.com/ark-forge/proveit/templates.locale).msgHTML":
				u.html = true
			default:
				return true
			}
			if keys, ok := chosenKeys(args[0]); ok {
				for _, k := range keys {
					uses = append(uses, use{where: u.where, key: k, html: u.html})
				}
				if len(args) > 1 {
					t.Errorf("%s: a chosen key with arguments", u.where)
				}
				return true
			}
			for i, a := range args {
				lit, isLit := a.(*ast.BasicLit)
				isLit = isLit && lit.Kind == token.STRING
				switch {
				case i == 0 && isLit:
					u.key, _ = strconv.Unquote(lit.Value)
				case i == 0 && u.html:
					t.Errorf("%s: a message with a computed key", u.where)
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
	if len(uses) < 300 {
		t.Fatalf("found only %d lookups: the scan does not see them", len(uses))
	}
	return uses
}

// chosenKeys are the keys of choose(cond, a, b), a and b each a string
// literal or a choose; false for any other expression.
func chosenKeys(e ast.Expr) ([]string, bool) {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return nil, false
	}
	if fn, ok := call.Fun.(*ast.Ident); !ok || fn.Name != "choose" || len(call.Args) != 3 {
		return nil, false
	}
	var keys []string
	for _, a := range call.Args[1:] {
		if lit, ok := a.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			k, _ := strconv.Unquote(lit.Value)
			keys = append(keys, k)
			continue
		}
		ks, ok := chosenKeys(a)
		if !ok {
			return nil, false
		}
		keys = append(keys, ks...)
	}
	return keys, true
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

// TestCatalogueHasEveryKey: every key a component or the Go code looks up
// is in the French catalogue, and every call passes the arguments its
// message asks for (msg and msgHTML as HTML; text, an
// attribute's value or a view's, as plain text, which holds no markup),
// in every plural form.
func TestCatalogueHasEveryKey(t *testing.T) {
	uses := goUses(t)
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
// by a component or the Go code, or is one the score tables need.
func TestCatalogueKeysAreUsed(t *testing.T) {
	used := map[string]bool{}
	for _, u := range goUses(t) {
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
		{Number: 1, Title: bilingual.Text{FR: "Saison 1", EN: "Season 1"}, OpensAt: "2026-09-21T08:00:00Z", ClosesAt: "2026-10-05T20:00:00Z", Tracks: []Track{{Name: "conformite", Title: TrackTitle{"conformité", "compliance"}, Tasks: 1}}},
		{Number: 3, Title: bilingual.Text{FR: "Saison 3", EN: "Season 3"}, OpensAt: "2026-09-21T08:00:00Z", ClosesAt: "2026-10-05T20:00:00Z", Closed: true, Tracks: []Track{track}},
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
		{"status.scored.label", `label = "scorée"` + "\n"},
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

// TestTextInAttribute: a message written in an attribute's value is the
// catalogue's plain text, escaped there by templ; a message with markup is
// not plain text, and fails the page; so does a missing one.
func TestTextInAttribute(t *testing.T) {
	l := &locale{cat: messages.French}
	var b bytes.Buffer
	p := &page{Title: "t", Trail: []link{{Text: "c"}}}
	if err := layout(l, p, templ.NopComponent).Render(context.Background(), &b); err != nil || l.err != nil {
		t.Fatal(err, l.err)
	}
	if want := `<nav aria-label="Fil d&#39;Ariane">`; !strings.Contains(b.String(), want) {
		t.Errorf("the breadcrumbs' aria-label is not %s:\n%s", want, b.String())
	}
	for _, c := range []struct {
		key, want string
		args      []any
	}{{"layout.ai_act", "holds markup", []any{"label", "x"}}, {"nope", `no message "nope"`, nil}} {
		l := &locale{cat: messages.French}
		l.text(c.key, c.args...)
		if l.err == nil || !strings.Contains(l.err.Error(), c.want) {
			t.Errorf("text(%q) = %v; want an error with %q", c.key, l.err, c.want)
		}
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
		"index.html":                        "Le tableau complet de la piste conformité &lt;b&gt;&amp; :",
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

// TestSeasonTextInEachEdition: a text the maintainers write (here the
// season's title) is shown in each edition's language, escaped, and never
// the other language's version; a text without the edition's version
// fails the page rather than fall back.
func TestSeasonTextInEachEdition(t *testing.T) {
	site := handSite()
	site.Seasons[1].Title = bilingual.Text{FR: "Saison 3 <essai> & co", EN: "Season 3 <trial> & co"}
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
		"index.html":             `<a href="saison-3/index.html">Saison 3 &lt;essai&gt; &amp; co</a>`,
		"en/saison-3/index.html": "<h1>Season 3 &lt;trial&gt; &amp; co</h1>",
		"en/index.html":          `<a href="saison-3/index.html">Season 3 &lt;trial&gt; &amp; co</a>`,
	} {
		if !strings.Contains(byName[name], want) {
			t.Errorf("%s lacks %q", name, want)
		}
	}
	for name, other := range map[string]string{"saison-3/index.html": "trial", "en/saison-3/index.html": "essai", "en/index.html": "essai"} {
		if strings.Contains(byName[name], other) {
			t.Errorf("%s shows the other edition's title (%q)", name, other)
		}
	}
	site.Seasons[1].Title.EN = ""
	if _, err := Render(site); err == nil || !strings.Contains(err.Error(), `has no "en" version`) {
		t.Errorf("a title without English: Render = %v, want an error", err)
	}
}

// TestWithheldTextInEachEdition: a participant's text the moderation
// withheld (an agent's name, a declared stack) carries, in the data, the
// French notice; each edition's pages show the notice in their own
// language, on the table, the participant's page and the report, and a
// text not withheld stays as written on both.
func TestWithheldTextInEachEdition(t *testing.T) {
	site := keyedSite()
	const agentFR, stackFR = "[texte retenu — nom]", "[texte retenu — stack]"
	p := site.Seasons[1].Tracks[0].Result.Participants[0].Participant
	p.Agent, p.DeclaredStack = agentFR, stackFR
	site.Seasons[1].Withheld = map[string]bilingual.Text{
		agentFR: {FR: agentFR, EN: "[text withheld — name]"},
		stackFR: {FR: stackFR, EN: "[text withheld — stack]"},
	}
	pages, err := Render(site)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]string{}
	for _, pg := range pages {
		byName[pg.Name] = string(pg.HTML)
	}
	for _, name := range []string{"saison-3/conformite/index.html", "saison-3/participants/un.html"} {
		fr, en := byName[name], byName["en/"+name]
		if fr == "" || en == "" {
			t.Fatalf("%s: not rendered in both editions", name)
		}
		for _, w := range []string{"[texte retenu — nom]", "[texte retenu — stack]"} {
			if !strings.Contains(fr, w) {
				t.Errorf("%s lacks %q", name, w)
			}
		}
		for _, w := range []string{"[text withheld — name]", "[text withheld — stack]"} {
			if !strings.Contains(en, w) {
				t.Errorf("en/%s lacks %q", name, w)
			}
		}
		if name == "saison-3/conformite/index.html" && (!strings.Contains(fr, "Agent deux") || !strings.Contains(en, "Agent deux")) {
			t.Errorf("%s: a name not withheld is not shown as written on both editions", name)
		}
		if strings.Contains(en, "texte retenu") {
			t.Errorf("en/%s shows the French notice", name)
		}
	}
}
