package templates

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/content"
	"github.com/ark-forge/proveit/scorer/output"
	"github.com/ark-forge/proveit/scorer/score"
	"github.com/ark-forge/proveit/scorer/season"
	"github.com/ark-forge/proveit/templates/messages"
)

func TestRate(t *testing.T) {
	for _, c := range []struct {
		n, d int
		want string
	}{
		{3, 17, "3/17 (17,6\u00a0%)"},
		{0, 17, "0/17 (0,0\u00a0%)"},
		{17, 17, "17/17 (100,0\u00a0%)"},
		{1, 3, "1/3 (33,3\u00a0%)"},
		{2, 3, "2/3 (66,7\u00a0%)"},
		{1, 8, "1/8 (12,5\u00a0%)"},
		// Half up on the exact rational, where %.1f of the float rounds
		// to even (6.25 → "6.2", 0.25 → "0.2").
		{1, 16, "1/16 (6,3\u00a0%)"},
		{1, 400, "1/400 (0,3\u00a0%)"},
		{3, 16, "3/16 (18,8\u00a0%)"},
		{1, 2001, "1/2001 (0,0\u00a0%)"},
		{1, 2000, "1/2000 (0,1\u00a0%)"},
		{999999, 1000000, "999999/1000000 (100,0\u00a0%)"},
		{999499, 1000000, "999499/1000000 (99,9\u00a0%)"},
		{4, 10, "4/10 (40,0\u00a0%)"},
		{1, 0, "sans objet"},
	} {
		if got := (&locale{cat: messages.French}).rate(c.n, c.d); got != c.want {
			t.Errorf("rate(%d, %d) = %q, want %q", c.n, c.d, got, c.want)
		}
	}
	if got := fmt.Sprintf("%.1f", 100*1.0/16); got != "6.2" {
		t.Logf("the float would print %s", got)
	}
}

// result builds a participant's result by hand: successes, unsupported
// and rendered assertions, pending or not.
func result(slug string, successes, unsupported, rendered int, pending bool) *score.ParticipantResult {
	p := &score.ParticipantResult{Participant: &season.Participant{Slug: slug, Agent: "Agent " + slug, DID: "did:key:z6Mk" + slug, DeclaredStack: "Go"},
		Status: "scored", Successes: successes, Unsupported: unsupported, Rendered: rendered, TasksRender: 1}
	if pending {
		p.Status = "pending"
	}
	task := &score.TaskResult{TaskID: "conf-01", Status: score.Scored, Exact: true, Founded: unsupported == 0}
	for i := 0; i < rendered; i++ {
		c := score.Supported
		if i < unsupported {
			c = score.ValueMismatch
		}
		task.Assertions = append(task.Assertions, score.AssertionResult{ID: fmt.Sprintf("a%d", i+1), Cause: c, Detail: "compared"})
	}
	p.Tasks = []*score.TaskResult{task}
	return p
}

func slugs(ps []*score.ParticipantResult) string {
	var s []string
	for _, p := range ps {
		s = append(s, p.Participant.Slug)
	}
	return strings.Join(s, " ")
}

// TestOrderParticipants: groups by success, most first; overclaim orders
// only inside a group, as exact fractions; no overclaim after one; slug
// breaks ties; pending apart, by slug.
func TestOrderParticipants(t *testing.T) {
	ps := []*score.ParticipantResult{
		result("zeta", 2, 1, 3, false),   // 2 successes, 33 %
		result("alpha", 2, 1, 2, false),  // 2 successes, 50 %
		result("beta", 5, 9, 10, false),  // 5 successes, 90 %
		result("gamma", 2, 2, 6, false),  // 2 successes, 33 %: tie with zeta, by slug
		result("delta", 0, 0, 0, false),  // no overclaim
		result("eps", 0, 3, 4, false),    // 0 successes, 75 %
		result("omega", 2, 0, 5, false),  // 2 successes, 0 %
		result("attente", 9, 0, 0, true), // pending
		result("aaa", 1, 0, 0, true),     // pending
		result("mid", 2, 333, 1000, false),
	}
	groups, pending := orderParticipants(ps)
	var got []string
	for _, g := range groups {
		got = append(got, fmt.Sprintf("%d:[%s]", g[0].Successes, slugs(g)))
	}
	want := "5:[beta] 2:[omega mid gamma zeta alpha] 0:[eps delta]" // 333/1000 < 1/3 = 2/6
	if strings.Join(got, " ") != want {
		t.Errorf("groups = %s\nwant     %s", strings.Join(got, " "), want)
	}
	if slugs(pending) != "aaa attente" {
		t.Errorf("pending = %s", slugs(pending))
	}
	// Success is never crossed: beta's 90 % sits above omega's 0 %, and no
	// row of a lower group comes before one of a higher group.
	tbl := buildTable(&locale{cat: messages.French}, &score.TrackResult{Track: "conformite", Tasks: 10, BestConstant: score.BestConstant{Verdict: "non_conforme", Successes: 4}, Participants: ps})
	if len(tbl.Groups) != 3 || tbl.Groups[0].Success != "5/10 (50,0\u00a0%)" || len(tbl.Pending) != 2 {
		t.Fatalf("table %+v", tbl)
	}
	for _, r := range tbl.Pending {
		if r.Overclaim != "en attente" || r.Success != "en attente" || r.TasksRendered != "en attente" || len(r.Unsupported) != 0 {
			t.Errorf("pending row shows numbers: %+v", r)
		}
	}
}

func TestTableBothColumns(t *testing.T) {
	tree := buildTree(t)
	page := string(tree["saison-3/conformite/index.html"])
	rows := regexp.MustCompile(`(?s)<tr data-participant="[^"]*".*?</tr>`).FindAllString(page, -1)
	if len(rows) != 9 {
		t.Fatalf("%d participant rows, want 9", len(rows))
	}
	rate := regexp.MustCompile(`<td class="taux">(\d+/\d+ \(\d+,\d\x{a0}%\)|sans objet<br><span class="note">aucune assertion rendue</span>|en attente)</td>`)
	for _, r := range rows {
		if n := len(rate.FindAllString(r, -1)); n < 2 {
			t.Errorf("row without its two rates side by side (%d): %s", n, r)
		}
	}
	for _, w := range []string{"note globale :", "score global", "moyenne :", "rang"} {
		if strings.Contains(strings.ToLower(visibleText(page)), w) {
			t.Errorf("the track page shows %q", w)
		}
	}
}

func TestTableBestConstantFirst(t *testing.T) {
	tree := buildTree(t)
	for _, name := range []string{"saison-3/conformite/index.html", "saison-3/generique/index.html"} {
		page := string(tree[name])
		i := strings.Index(page, "<tbody")
		j := strings.Index(page, "data-participant=")
		if i < 0 || j < i || !strings.Contains(page[i:j], "Meilleure réponse constante") || !strings.Contains(page[i:j], `<td class="taux">sans objet</td>`) {
			t.Errorf("%s: the best-constant row is not the first row, with overclaim « sans objet »", name)
		}
	}
	if !strings.Contains(string(tree["saison-3/conformite/index.html"]), "verdict <code>conforme</code> partout)</th><td>—</td><td class=\"taux\">sans objet</td><td class=\"taux\">1/2 (50,0\u00a0%)</td>") {
		t.Error("best constant of conformite is not conforme, 1/2")
	}
}

func TestTwoDIDsTwoRows(t *testing.T) {
	a, b := result("un", 1, 0, 2, false), result("deux", 1, 0, 2, false)
	a.Participant.Agent, b.Participant.Agent = "Même nom", "Même nom"
	tbl := buildTable(&locale{cat: messages.French}, &score.TrackResult{Track: "conformite", Tasks: 10, Participants: []*score.ParticipantResult{a, b}})
	if len(tbl.Groups) != 1 || len(tbl.Groups[0].Rows) != 2 || tbl.Groups[0].Rows[0].DID == tbl.Groups[0].Rows[1].DID {
		t.Errorf("two DIDs under one name are not two rows: %+v", tbl)
	}
}

var cachedTree output.Tree

// buildTree builds the fixture seasons once.
func buildTree(t *testing.T) output.Tree {
	t.Helper()
	if cachedTree == nil {
		tree, err := Build(writeSeasons(t, false))
		if err != nil {
			t.Fatal(err)
		}
		cachedTree = tree
	}
	return cachedTree
}

// TestPlotPerTrack: one SVG per track page, with its title and
// description, naming that track alone; the best constant is marked.
func TestPlotPerTrack(t *testing.T) {
	tree := buildTree(t)
	for _, tr := range []string{"conformite", "generique"} {
		page := string(tree["saison-3/"+tr+"/index.html"])
		if strings.Count(page, "<svg") != 1 || !strings.Contains(page, `<title id="graphe-`+tr+`-titre">`) || !strings.Contains(page, `<desc id="graphe-`+tr+`-desc">`) || !strings.Contains(page, "meilleure réponse constante :") {
			t.Errorf("%s: no accessible plot", tr)
		}
		other := map[string]string{"conformite": "generique", "generique": "conformite"}[tr]
		svg := page[strings.Index(page, "<svg"):strings.Index(page, "</svg>")]
		if strings.Contains(svg, other) {
			t.Errorf("the plot of %s names %s", tr, other)
		}
	}
	for _, name := range tree.Names() {
		if strings.HasSuffix(name, ".html") && strings.Count(string(tree[name]), "<svg") > 1 {
			t.Errorf("%s has more than one chart", name)
		}
	}
}

// TestOpenSeasonShowsNothingScored: an open season has its page and no
// table, plot, report or results (§7.4).
func TestOpenSeasonShowsNothingScored(t *testing.T) {
	tree := buildTree(t)
	for _, name := range tree.Names() {
		for _, open := range []string{"saison-1/", "saison-2/"} {
			if strings.HasPrefix(name, open) && name != open+"index.html" && !strings.HasPrefix(name, open+"preuves/") {
				t.Errorf("open season publishes %s", name)
			}
		}
	}
	page := string(tree["saison-1/index.html"])
	for _, w := range []string{"<svg", "data-participant", "results.json", "report.json", "sans objet", "en attente"} {
		if strings.Contains(page, w) {
			t.Errorf("the open season's page shows %q", w)
		}
	}
}

func TestDemoSeasonSaysFictional(t *testing.T) {
	tree := buildTree(t)
	n := 0
	for _, name := range tree.Names() {
		if strings.HasPrefix(name, "saison-") && strings.HasSuffix(name, ".html") {
			n++
			if !strings.Contains(string(tree[name]), "Saison de démonstration : le corpus, les entités et les participants sont fictifs.") {
				t.Errorf("%s, a page of a demo season, does not say it is fictional", name)
			}
		}
	}
	if n < 10 {
		t.Errorf("only %d season pages", n)
	}
}

// TestLabels: every page carries the AI Act label visibly and for
// machines; a report labels each narrative as AI-generated text.
func TestLabels(t *testing.T) {
	tree := buildTree(t)
	for _, name := range tree.Names() {
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		page := string(tree[name])
		for _, w := range []string{`<html lang="fr">`, `<meta name="ai-act-art50" content="`, `"digitalSourceType":"` + SourceType + `"`, `id="etiquetage-ai-act"`} {
			if !strings.Contains(page, w) {
				t.Errorf("%s lacks %s", name, w)
			}
		}
	}
	report := string(tree["saison-3/conformite/participants/honnete/index.html"])
	if !strings.Contains(report, `"hasPart":[{"@type":"CreativeWork","name":"Récit de l'agent, tâche conf-01","url":"#recit-conf-01","digitalSourceType":"`+NarrativeSourceType+`"}]`) {
		t.Errorf("the report's JSON-LD does not label the narrative")
	}
	if !strings.Contains(report, `<figure class="recit" id="recit-conf-01" data-digital-source-type="trainedAlgorithmicMedia"`) || !strings.Contains(report, "texte généré par IA, publié tel qu&#39;écrit et non scoré") {
		t.Errorf("the narrative is not labelled on the page")
	}
}

// TestEscaping: participant strings with markup are escaped everywhere,
// in the HTML and in the JSON-LD.
func TestEscaping(t *testing.T) {
	tree := buildTree(t)
	for _, name := range tree.Names() {
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		page := string(tree[name])
		for _, raw := range []string{xssAgent, "<img", "<b>actif", "</blockquote><script>"} {
			if strings.Contains(page, raw) {
				t.Errorf("%s holds %q unescaped", name, raw)
			}
		}
	}
	report := string(tree["saison-3/conformite/participants/balise/index.html"])
	for _, want := range []string{"Rapport individuel : &lt;script&gt;window.__xss=1&lt;/script&gt;", "&lt;/blockquote&gt;&lt;script&gt;window.__xss=4&lt;/script&gt;", "&#34;&lt;b&gt;actif&lt;/b&gt;\\&#34;&#39;&#34;", "/&#34;&gt;&lt;img src=x onerror=window.__xss=6&gt;"} {
		if !strings.Contains(report, want) {
			t.Errorf("the report lacks the escaped %s", want)
		}
	}
}

// TestUnsupportedOneClick: every unsupported assertion of a report is
// linked from its row of the table, to its anchor.
func TestUnsupportedOneClick(t *testing.T) {
	tree := buildTree(t)
	table := string(tree["saison-3/conformite/index.html"])
	n := 0
	for _, name := range tree.Names() {
		if !strings.HasPrefix(name, "saison-3/conformite/participants/") || !strings.HasSuffix(name, "/index.html") {
			continue
		}
		slug := strings.Split(name, "/")[3]
		for _, m := range regexp.MustCompile(`<tr id="(assertion-[^"]+)" data-negatif="oui">`).FindAllStringSubmatch(string(tree[name]), -1) {
			if strings.Contains(string(tree[name]), `id="`+m[1]+`" data-negatif="oui"><th scope="row"><code>`) && strings.Contains(string(tree[name]), "non examinée") && !strings.Contains(table, m[1]) {
				continue // not evaluated, in a rejected task: no cause to link to
			}
			n++
			if !strings.Contains(table, `href="participants/`+slug+`/index.html#`+m[1]+`"`) {
				t.Errorf("%s#%s is not linked from the table", name, m[1])
			}
		}
	}
	if n < 5 {
		t.Errorf("only %d unsupported assertions in the fixture", n)
	}
}

// TestNarrativeNotScored: changing a narrative changes no result.
func TestNarrativeNotScored(t *testing.T) {
	root := writeSeasons(t, false)
	a, err := Build(root)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(root, "3", "conformite", "submissions", "surdeclare", "conf-01.json")
	b, _ := os.ReadFile(p)
	b2 := strings.Replace(string(b), `"narrative": "Tout est vérifié."`, `"narrative": "Un autre récit, bien plus long, qui affirme tout autre chose."`, 1)
	if b2 == string(b) {
		t.Fatal("the fixture's narrative was not found")
	}
	if err := os.WriteFile(p, []byte(b2), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Build(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"saison-3/conformite/results.json", "saison-3/conformite/results.csv", "saison-3/conformite/index.html"} {
		if string(a[name]) != string(c[name]) {
			t.Errorf("%s changed with the narrative", name)
		}
	}
	if string(a["saison-3/conformite/participants/surdeclare/index.html"]) == string(c["saison-3/conformite/participants/surdeclare/index.html"]) {
		t.Error("the new narrative is not published")
	}
}

// TestLimitsNameTests: every test that content/limites.md names exists in
// the file it names, so that a limit's premise stays guarded.
func TestLimitsNameTests(t *testing.T) {
	src, err := content.Pages.ReadFile("limites.md")
	if err != nil {
		t.Fatal(err)
	}
	refs := regexp.MustCompile("`(Test\\w+)` dans `([\\w./-]+_test\\.go)`").FindAllStringSubmatch(string(src), -1)
	if len(refs) < 15 {
		t.Fatalf("limites.md names only %d tests", len(refs))
	}
	for _, r := range refs {
		b, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(r[2])))
		if err != nil {
			t.Errorf("limites.md names %s in %s: %v", r[1], r[2], err)
			continue
		}
		if !regexp.MustCompile(`(?m)^func ` + r[1] + `\(t \*testing\.T\)`).Match(b) {
			t.Errorf("limites.md names %s, which %s does not define", r[1], r[2])
		}
	}
	// Every limit of §10 has its section, and each section names a test.
	sections := strings.Split(string(src), "\n## ")[1:]
	if len(sections) != 12 {
		t.Errorf("%d limits, §10 has 12", len(sections))
	}
	for _, s := range sections {
		if !strings.Contains(s, "_test.go`") {
			t.Errorf("the limit %q names no test", strings.SplitN(s, "\n", 2)[0])
		}
	}
}

// guardSite renders a page with one participant row and checks it.
func guardRow(agent, stack string, negative bool) []Violation {
	neg := "non"
	if negative {
		neg = "oui"
	}
	page := fmt.Sprintf(`<!DOCTYPE html><html lang="fr"><body><table><tr data-participant="x" data-negatif="%s"><th>%s</th><td>1/4 (25,0 %%)</td><td data-declaratif="oui">%s <span class="decl">(déclarative, non vérifiée)</span></td></tr></table></body></html>`, neg, agent, stack)
	return GuardPage("p.html", []byte(page))
}

func rules(vs []Violation) string {
	var s []string
	for _, v := range vs {
		s = append(s, v.Rule+":"+v.Word)
	}
	return strings.Join(s, " ")
}

func TestGuardIntentWords(t *testing.T) {
	for _, w := range []string{"triche", "Tricheur", "TRICHEUSE", "tricherie", "mensonge", "mensonger", "menteur", "malhonnête", "malhonnete", "Malhonnêteté", "fraude", "frauduleux", "manipulation", "manipulé", "tromper", "tromperie", "escroc", "falsifié", "imposteur", "sabotage", "il ment", "mentir",
		"cheat", "cheater", "Cheating", "lie", "lies", "lied", "lying", "liar", "dishonest", "dishonesty", "fraud", "fraudulent", "deceit", "deceive", "deception", "scam", "scammer", "manipulate", "SuperTricheur", "agent_fraudeur"} {
		vs := guardRow("Agent "+w, "Go", false)
		if !strings.Contains(rules(vs), "intent:") {
			t.Errorf("%q passes the intent guard", w)
		}
	}
	for _, ok := range []string{"Autriche", "lien", "liens", "relie", "mention", "commentaire", "Claimant", "honnête", "complaisant", "délie", "orfraie", "believe", "client", "menton", "tromblon"} {
		if vs := guardRow("Agent "+ok, "Go", false); strings.Contains(rules(vs), "intent:") {
			t.Errorf("%q is refused: %s", ok, rules(vs))
		}
	}
}

func TestGuardEmoji(t *testing.T) {
	for _, e := range []string{"\U0001F600", "\U0001F916", "\u2705", "\u2b50", "\u2764\ufe0f", "1\ufe0f\u20e3", "\U0001F1EB\U0001F1F7", ":)", ";-)", "xD", "<3"} {
		vs := guardRow("Agent "+e, "Go", false)
		if !strings.Contains(rules(vs), "emoji:") {
			t.Errorf("%q passes the emoji guard", e)
		}
	}
	for _, ok := range []string{"→", "«\u00a0»", "n°", "§7.3", "3/17 (17,6\u00a0%)", "≠", "‖", "(x)", "a:b"} {
		if vs := guardRow("Agent "+ok, "Go", false); len(vs) > 0 {
			t.Errorf("%q is refused: %s", ok, rules(vs))
		}
	}
}

// TestGuardProviderNameInNegativeRow: a model or provider name may sit in
// a declared stack, or name a participant without negative result; never
// beside a negative status or cause.
func TestGuardProviderNameInNegativeRow(t *testing.T) {
	for _, name := range []string{"Claude", "GPT-4o", "gpt4", "OpenAI", "Anthropic", "Gemini", "Mistral", "Llama 3", "Meta AI", "DeepSeek", "Qwen", "Grok", "Copilot"} {
		if vs := guardRow("Agent "+name, "Go", true); !strings.Contains(rules(vs), "provider:") {
			t.Errorf("%q in a negative row passes", name)
		}
		if vs := guardRow("Agent sans nom", name+" via API", true); len(vs) > 0 {
			t.Errorf("%q in a declared stack is refused: %s", name, rules(vs))
		}
		if vs := guardRow("Agent "+name, "Go", false); len(vs) > 0 {
			t.Errorf("%q in a row without negative result is refused: %s", name, rules(vs))
		}
	}
	if vs := guardRow("Agent Métallama", "Go", true); len(vs) > 0 {
		t.Errorf("a word containing a name is refused: %s", rules(vs))
	}
	// Through the build: a participant named after a provider, with a
	// negative result, fails it, naming the page and the name.
	root := writeSeasons(t, false)
	p := filepath.Join(root, "3", "participants", "surdeclare.toml")
	b, _ := os.ReadFile(p)
	if err := os.WriteFile(p, []byte(strings.Replace(string(b), `agent = "Agent surdeclare"`, `agent = "Claude Runner"`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Build(root)
	var ge *GuardError
	if !errors.As(err, &ge) || !strings.Contains(err.Error(), "saison-3/conformite/index.html: model or provider name in a negative category (§7.3) \"claude\"") ||
		!strings.Contains(err.Error(), "saison-3/conformite/participants/surdeclare/index.html") {
		t.Errorf("Build = %v", err)
	}
}

func TestGuardStackLabelledDeclarative(t *testing.T) {
	page := `<html lang="fr"><body><table><tr data-participant="x" data-negatif="non"><th>A</th><td data-declaratif="oui">Go</td></tr>` +
		`<tr data-participant="y" data-negatif="non"><th>B</th><td>Go (déclarative)</td></tr></table></body></html>`
	vs := GuardPage("p.html", []byte(page))
	if got := rules(vs); got != "declarative:déclarative declarative:déclarative" {
		t.Errorf("violations %s, want two: an unlabelled stack, a row without a declared stack", got)
	}
	tree := buildTree(t)
	for _, name := range tree.Names() {
		page := string(tree[name])
		if n := strings.Count(page, "data-participant="); n > 0 && strings.Count(page, `<span class="decl">(déclarative, non vérifiée)</span></td>`) != n {
			t.Errorf("%s: %d rows, not all labelled declarative", name, n)
		}
	}
}

// TestGuardFailsBuild: participant-controlled text that breaks a rule
// fails the whole build, naming the page and the word, and nothing is
// published.
func TestGuardFailsBuild(t *testing.T) {
	for _, c := range []struct{ from, to, want string }{
		{`agent = "Agent honnete"`, `agent = "Tricheur"`, `saison-3/conformite/index.html: intent-imputing word (§1) "tricheur"`},
		{`agent = "Agent honnete"`, `agent = "Agent \U0001F600"`, `saison-3/conformite/index.html: emoji (§7.3) "😀 (U+1F600)"`},
		{`declared_stack = "Go, outils maison"`, `declared_stack = "cheat sheet"`, `intent-imputing word (§1) "cheat"`},
	} {
		root := writeSeasons(t, false)
		p := filepath.Join(root, "3", "participants", "honnete.toml")
		b, _ := os.ReadFile(p)
		if !strings.Contains(string(b), c.from) {
			t.Fatalf("%s lacks %s", p, c.from)
		}
		if err := os.WriteFile(p, []byte(strings.Replace(string(b), c.from, c.to, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		tree, err := Build(root)
		if err == nil || tree != nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Build with %s = %v, want an error with %s", c.to, err, c.want)
		}
	}
	// A narrative too, on its report page.
	root := writeSeasons(t, false)
	p := filepath.Join(root, "3", "conformite", "submissions", "honnete", "conf-01.json")
	b, _ := os.ReadFile(p)
	if err := os.WriteFile(p, []byte(strings.Replace(string(b), "J'ai lu l'agrément", "J'ai menti sur l'agrément", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Build(root); err == nil || !strings.Contains(err.Error(), `saison-3/conformite/participants/honnete/index.html: intent-imputing word (§1) "menti"`) {
		t.Errorf("Build with a narrative that imputes an intent = %v", err)
	}
}

func TestWords(t *testing.T) {
	got := strings.Join(Words("L'Agent SuperTricheur, élève-modèle: ÉTÉ 2026"), " ")
	if got != "l agent supertricheur super tricheur eleve modele ete 2026" {
		t.Errorf("Words = %q", got)
	}
}
