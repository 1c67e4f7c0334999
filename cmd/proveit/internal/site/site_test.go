package site

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"github.com/ark-forge/proveit/internal/cpython"
	"html"
	"html/template"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/cmd/proveit/internal/guard"
	"github.com/ark-forge/proveit/content"
	"github.com/ark-forge/proveit/templates"
	"github.com/ark-forge/proveit/templates/messages"
)

var cachedTree Tree

// buildTree builds the fixture seasons once.
func buildTree(t *testing.T) Tree {
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
// description, naming that track alone, its points named in the SVG and its
// colours from classes; the best constant is marked. A track with fewer
// than two participants with an overclaim rate (the fixture's generique)
// has no plot and a sentence that says why.
func TestPlotPerTrack(t *testing.T) {
	tree := buildTree(t)
	for _, c := range []struct {
		track string
		plot  bool
	}{{"conformite", true}, {"generique", false}} {
		tr := c.track
		page := string(tree["saison-3/"+tr+"/index.html"])
		if !c.plot {
			if strings.Contains(page, "<svg") || !strings.Contains(page, `<p class="no-plot">Pas de graphique pour cette piste : 1 participant avec un taux d&#39;overclaim`) {
				t.Errorf("%s: a plot, or no sentence saying why there is none", tr)
			}
			continue
		}
		if strings.Count(page, "<svg") != 1 || !strings.Contains(page, `<title id="graphe-`+tr+`-titre">`) || !strings.Contains(page, `<desc id="graphe-`+tr+`-desc">`) || !strings.Contains(page, "meilleure réponse constante :") {
			t.Errorf("%s: no accessible plot", tr)
			continue
		}
		other := map[string]string{"conformite": "generique", "generique": "conformite"}[tr]
		svg := page[strings.Index(page, "<svg"):strings.Index(page, "</svg>")]
		if strings.Contains(svg, other) {
			t.Errorf("the plot of %s names %s", tr, other)
		}
		if n := strings.Count(svg, `<text class="name" data-field="agent">`); n != strings.Count(svg, `<circle class="point"`) || n < 2 {
			t.Errorf("the plot of %s names %d of its %d points in the SVG", tr, n, strings.Count(svg, `<circle class="point"`))
		}
		for _, hard := range []string{"fill=", "stroke=", "style="} {
			if strings.Contains(svg, hard) {
				t.Errorf("the plot of %s sets a colour outside the stylesheet: %s", tr, hard)
			}
		}
	}
	for _, name := range tree.Names() {
		if strings.HasSuffix(name, ".html") && strings.Count(string(tree[name]), "<svg") > 1 {
			t.Errorf("%s has more than one chart", name)
		}
	}
}

// TestOpenSeasonShowsNothingScored: an open season has its page and no
// table, plot, report, results, cached proof view or count of who
// submitted (§7.4: what a participant consulted is a hint of a score).
func TestOpenSeasonShowsNothingScored(t *testing.T) {
	tree := buildTree(t)
	for _, name := range tree.Names() {
		for _, open := range []string{"saison-1/", "saison-2/"} {
			if strings.HasPrefix(name, open) && name != open+"index.html" {
				t.Errorf("open season publishes %s", name)
			}
		}
	}
	page := string(tree["saison-1/index.html"])
	for _, w := range []string{"<svg", "data-participant", "results.json", "report.json", "sans objet", "en attente", "preuves/"} {
		if strings.Contains(page, w) {
			t.Errorf("the open season's page shows %q", w)
		}
	}
	if !strings.Contains(page, ">publié à la clôture</td>") {
		t.Error("the open season's page does not say the count of participants is published at the close")
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

// aiActMeta is a page's machine-readable AI Act label.
var aiActMeta = regexp.MustCompile(`<meta name="ai-act-art50" content="([^"]*)">`)

// TestLabels: every page carries the AI Act label visibly and for
// machines; a report labels each narrative as AI-generated text.
func TestLabels(t *testing.T) {
	tree := buildTree(t)
	for _, name := range tree.Names() {
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		page := string(tree[name])
		lang, cat := pageEdition(name)
		label, err := cat.Text("label.ai_act")
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range []string{`<html lang="` + lang + `">`, `<meta name="ai-act-art50" content="`, `"digitalSourceType":"` + templates.SourceType + `"`, `id="etiquetage-ai-act"`} {
			if !strings.Contains(page, w) {
				t.Errorf("%s lacks %s", name, w)
			}
		}
		// The label in the page's language, visible and for machines.
		if m := aiActMeta.FindStringSubmatch(page); m == nil || html.UnescapeString(m[1]) != label || !strings.Contains(html.UnescapeString(page), label) {
			t.Errorf("%s does not carry the %s label %q", name, lang, label)
		}
	}
	for _, c := range []struct{ page, part, label string }{
		{"saison-3/conformite/participants/honnete/index.html", "Récit de l'agent, tâche conf-01", "texte généré par IA, publié tel qu&#39;écrit et non scoré"},
		{"en/saison-3/conformite/participants/honnete/index.html", "Agent's narrative, task conf-01", "AI-generated text, published as written and not scored"},
	} {
		report := string(tree[c.page])
		if !strings.Contains(report, `"hasPart":[{"@type":"CreativeWork","name":"`+c.part+`","url":"#recit-conf-01","digitalSourceType":"`+templates.NarrativeSourceType+`"}]`) {
			t.Errorf("%s: the report's JSON-LD does not label the narrative", c.page)
		}
		if !strings.Contains(report, `<figure class="narrative" id="recit-conf-01" data-digital-source-type="trainedAlgorithmicMedia"`) || !strings.Contains(report, c.label) {
			t.Errorf("%s: the narrative is not labelled on the page", c.page)
		}
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
		for _, m := range regexp.MustCompile(`<tr id="(assertion-[^"]+)" data-negative="true">`).FindAllStringSubmatch(string(tree[name]), -1) {
			if strings.Contains(string(tree[name]), `id="`+m[1]+`" data-negative="true"><th scope="row"><code>`) && strings.Contains(string(tree[name]), "non examinée") && !strings.Contains(table, m[1]) {
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
	// The inputs changed, so the digest each page names changes with them;
	// nothing else may.
	changed, _ := InputsDigest(filepath.Join(root, "3"))
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	original, _ := InputsDigest(filepath.Join(root, "3"))
	if changed == original {
		t.Fatal("the digest did not change with the narrative")
	}
	for _, name := range []string{"saison-3/conformite/results.json", "saison-3/conformite/results.csv", "saison-3/conformite/index.html"} {
		if string(a[name]) != strings.ReplaceAll(string(c[name]), changed, original) {
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
	if n := checkNamedTests(t, "limites.md"); n < 15 {
		t.Fatalf("limites.md names only %d tests", n)
	}
}

// TestContentNamesTests: every page of content/ that ties a rule to a
// test (« `TestX` dans `file_test.go` ») names a test that exists in that
// file.
func TestContentNamesTests(t *testing.T) {
	names, err := fs.Glob(content.Pages, "*.md")
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, name := range names {
		total += checkNamedTests(t, name)
	}
	if n := checkNamedTests(t, "refus.md"); n < 10 {
		t.Errorf("refus.md names only %d tests", n)
	}
	if total == 0 {
		t.Fatal("no content page names a test")
	}
}

// checkNamedTests checks the tests one content page names and returns how
// many it names.
func checkNamedTests(t *testing.T, page string) int {
	t.Helper()
	src, err := content.Pages.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	refs := regexp.MustCompile("`(Test\\w+)` dans `([\\w./-]+_test\\.go)`").FindAllStringSubmatch(string(src), -1)
	for _, r := range refs {
		b, err := os.ReadFile(filepath.Join(repoRoot, filepath.FromSlash(r[2])))
		if err != nil {
			t.Errorf("%s names %s in %s: %v", page, r[1], r[2], err)
			continue
		}
		if !regexp.MustCompile(`(?m)^func ` + r[1] + `\(t \*testing\.T\)`).Match(b) {
			t.Errorf("%s names %s, which %s does not define", page, r[1], r[2])
		}
	}
	return len(refs)
}

// TestGuardProviderNameFailsBuild: a participant named after a provider,
// with a negative result, fails the build (the rule itself is tested in
// package guard).
func TestGuardProviderNameFailsBuild(t *testing.T) {
	// Through the build: a participant named after a provider, with a
	// negative result, fails it, naming the page and the name.
	root := writeSeasons(t, false)
	p := filepath.Join(root, "3", "participants", "surdeclare.toml")
	b, _ := os.ReadFile(p)
	if err := os.WriteFile(p, []byte(strings.Replace(string(b), `agent = "Agent surdeclare"`, `agent = "Claude Runner"`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Build(root)
	var ge *guard.Error
	if !errors.As(err, &ge) || !strings.Contains(err.Error(), "saison-3/conformite/index.html: field agent: model or provider name in a negative category (§7.3) \"claude\"") ||
		!strings.Contains(err.Error(), "saison-3/conformite/participants/surdeclare/index.html") {
		t.Errorf("Build = %v", err)
	}
}

// TestEveryRowLabelledDeclarative: every participant row of every built
// page labels its stack as declarative (§7.3).
func TestEveryRowLabelledDeclarative(t *testing.T) {
	tree := buildTree(t)
	for _, name := range tree.Names() {
		page := string(tree[name])
		_, cat := pageEdition(name)
		label, err := cat.HTML("stack.declarative")
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(page, "data-participant="); n > 0 && strings.Count(page, `<span class="decl">`+string(label)+`</span></td>`) != n {
			t.Errorf("%s: %d rows, not all labelled declarative", name, n)
		}
	}
}

// TestGuardFailsBuild: participant-controlled text that breaks a rule
// fails the whole build, naming the page and the word, and nothing is
// published.
func TestGuardFailsBuild(t *testing.T) {
	for _, c := range []struct{ from, to, want string }{
		{`agent = "Agent honnete"`, `agent = "Tricheur"`, `saison-3/conformite/index.html: field agent: intent-imputing word (§1) "tricheur"`},
		{`agent = "Agent honnete"`, `agent = "Agent \U0001F600"`, `saison-3/conformite/index.html: field agent: emoji (§7.3) "😀 (U+1F600)"`},
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
	if _, err := Build(root); err == nil || !strings.Contains(err.Error(), `saison-3/conformite/participants/honnete/index.html: field narrative: intent-imputing word (§1) "menti"`) {
		t.Errorf("Build with a narrative that imputes an intent = %v", err)
	}
}

func TestTableBothColumns(t *testing.T) {
	tree := buildTree(t)
	page := string(tree["saison-3/conformite/index.html"])
	rows := regexp.MustCompile(`(?s)<tr data-participant="[^"]*".*?</tr>`).FindAllString(page, -1)
	if len(rows) != 9 {
		t.Fatalf("%d participant rows, want 9", len(rows))
	}
	// Each rate with its 95 % interval; no overclaim without an assertion.
	rate := regexp.MustCompile(`<td class="rate">(\d+/\d+ \(\d+\x{a0}%\)<br><span class="note ci">IC\x{a0}95\x{a0}%\x{a0}: \d+\x{2060}–\x{2060}\d+\x{a0}%</span>(<br><span class="note">≤\x{a0}meilleure réponse constante \(§10\)</span>)?|sans objet<br><span class="note">aucune tâche comptée dans l&#39;overclaim</span>|en attente)</td>`)
	for _, r := range rows {
		if n := len(rate.FindAllString(r, -1)); n < 2 {
			t.Errorf("row without its two rates side by side (%d): %s", n, r)
		}
	}
	// A success at or below the best constant answer's is marked so on its
	// row (§10), and no other.
	best := regexp.MustCompile(`<tbody class="reference">.*?<td class="rate">.*?</td><td class="rate">(\d+)/\d+ `).FindStringSubmatch(page)
	if best == nil {
		t.Fatal("no best constant row")
	}
	bestN, _ := strconv.Atoi(best[1])
	success := regexp.MustCompile(`<td class="rate">(\d+)/\d+ \(\d+\x{a0}%\)<br><span class="note ci">[^<]*</span>(<br><span class="note">≤\x{a0}meilleure réponse constante)?`)
	marked := 0
	for _, r := range rows {
		m := success.FindAllStringSubmatch(r, -1)
		if len(m) == 0 {
			continue // pending
		}
		last := m[len(m)-1] // the success cell follows the overclaim's
		k, _ := strconv.Atoi(last[1])
		if (k <= bestN) != (last[2] != "") {
			t.Errorf("success %d against the best constant's %d, marked %v: %s", k, bestN, last[2] != "", r)
		}
		if last[2] != "" {
			marked++
		}
	}
	if marked == 0 {
		t.Error("no row at or below the best constant answer is marked: the fixture no longer tests it")
	}
	for _, w := range []string{"note globale :", "score global", "moyenne :", "rang"} {
		if strings.Contains(strings.ToLower(visibleText(page)), w) {
			t.Errorf("the track page shows %q", w)
		}
	}
}

// TestTableRowDetail: on a phone the track table keeps four columns
// (agent, both rates, tasks rendered); every other cell of a row, the DID,
// the stack and the proofs, is marked col-detail (hidden there by the
// style) and is repeated whole in the <details> of the agent cell, the
// stack labelled declarative there too, its summary saying so on the row.
// On a wide screen the DID and the stack, cut to a line by the style, carry
// their whole value in their title, and the stack its label on its row
// (§7.3). The browser test measures that the four columns fit.
func TestTableRowDetail(t *testing.T) {
	tree := buildTree(t)
	row := regexp.MustCompile(`(?s)<tr data-participant="[^"]*".*?</tr>`)
	cell := regexp.MustCompile(`(?s)<t[hd][ >].*?</t[hd]>`)
	for _, name := range []string{"saison-3/conformite/index.html", "saison-3/generique/index.html"} {
		page := string(tree[name])
		head := page[strings.Index(page, "<thead>"):strings.Index(page, "</thead>")]
		if n := strings.Count(head, `class="col-detail"`); n != 3 {
			t.Errorf("%s: %d headings hidden on a phone, want 3 (DID, stack, proofs)", name, n)
		}
		rows := row.FindAllString(page, -1)
		if len(rows) == 0 {
			t.Fatalf("%s: no participant row", name)
		}
		for _, r := range rows {
			cells := cell.FindAllString(r, -1)
			var shown, hidden []string
			for _, c := range cells[1:] {
				if strings.Contains(c[:strings.Index(c, ">")], "col-detail") {
					hidden = append(hidden, c)
				} else {
					shown = append(shown, c)
				}
			}
			if len(shown) != 3 || len(hidden) != 3 {
				t.Errorf("%s: %d cells shown and %d hidden on a phone beside the agent, want 3 and 3: %s", name, len(shown), len(hidden), r)
				continue
			}
			for _, c := range shown {
				if !strings.HasPrefix(c, `<td class="rate">`) {
					t.Errorf("%s: a cell shown on a phone is not a rate or the tasks rendered: %s", name, c)
				}
			}
			agent := cells[0]
			d := strings.Index(agent, `<details class="row-detail"><summary>DID, stack (déclarative), preuves</summary>`)
			if d < 0 {
				t.Errorf("%s: the agent cell has no detail saying « déclarative »: %s", name, agent)
				continue
			}
			detail := agent[d:]
			// On a wide screen the DID and the stack are cut to a line, whole
			// in their title; the proofs cell folds its counts in a
			// <details> that the phone's detail does not repeat.
			did := regexp.MustCompile(`<td class="did col-detail"><code data-identifier="true" title="([^"]*)">([^<]*)</code></td>`).FindStringSubmatch(r)
			stack := regexp.MustCompile(`<td class="stack col-detail" data-declarative="true" data-field="declared_stack"><span class="stack-name" title="([^"]*)">([^<]*)</span><br><span class="decl">(\(déclarative, non vérifiée\))</span></td>`).FindStringSubmatch(r)
			proofs := regexp.MustCompile(`<td class="proofs col-detail">(.*?)</td>`).FindStringSubmatch(r)
			if did == nil || stack == nil || proofs == nil {
				t.Errorf("%s: a row lacks its DID, stack or proofs cell: %s", name, r)
				continue
			}
			if did[1] != did[2] || stack[1] != stack[2] {
				t.Errorf("%s: a cell's title is not its whole value: DID %q %q, stack %q %q", name, did[1], did[2], stack[1], stack[2])
			}
			folded := strings.Replace(proofs[1], `<details class="more"><summary>Comptes et liens</summary>`, "", 1)
			if folded != proofs[1] {
				folded = strings.TrimSuffix(folded, "</details>")
			}
			for what, want := range map[string]string{
				"DID":    `<dd><code class="did" data-identifier="true">` + did[2] + `</code></dd>`,
				"stack":  `<dd data-declarative="true" data-field="declared_stack">` + stack[2] + ` <span class="decl">` + stack[3] + `</span></dd>`,
				"proofs": `<dd>` + folded + `</dd>`,
			} {
				if !strings.Contains(detail, want) {
					t.Errorf("%s: the detail does not repeat the %s cell %q", name, what, want)
				}
			}
		}
	}
}

func TestTableBestConstantFirst(t *testing.T) {
	tree := buildTree(t)
	for _, name := range []string{"saison-3/conformite/index.html", "saison-3/generique/index.html"} {
		page := string(tree[name])
		i := strings.Index(page, "<tbody")
		j := strings.Index(page, "data-participant=")
		if i < 0 || j < i || !strings.Contains(page[i:j], "Meilleure réponse constante") || !strings.Contains(page[i:j], `<td class="rate">sans objet</td>`) {
			t.Errorf("%s: the best-constant row is not the first row, with overclaim « sans objet »", name)
		}
	}
	if !strings.Contains(string(tree["saison-3/conformite/index.html"]), "verdict <code>conforme</code> partout)</a></th><td class=\"col-detail\">—</td><td class=\"rate\">sans objet</td><td class=\"rate\">1/2 (50\u00a0%)</td>") {
		t.Error("best constant of conformite is not conforme, 1/2")
	}
}

// TestIncidentsPage: a closed season has an incidents page listing, per
// track, every incident with its kind, participant and task, linked to the
// task on the report, and the pending participants; the season page links
// to it.
func TestIncidentsPage(t *testing.T) {
	tree := buildTree(t)
	page := string(tree["saison-3/incidents.html"])
	for _, want := range []string{
		`<h2 id="incidents-conformite">Piste conformité</h2>`,
		"<strong>Défaut d&#39;instrument</strong>",
		"<strong>Incident du service de saison</strong>",
		`href="conformite/participants/defaut/index.html#tache-conf-01"`,
		`href="conformite/participants/entree/index.html#tache-conf-01"`,
		`<a href="conformite/participants/attente/index.html" data-field="agent">`,
		"the defect is the instrument",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the incidents page lacks %s", want)
		}
	}
	if !strings.Contains(string(tree["saison-3/index.html"]), `<a href="incidents.html">`) {
		t.Error("the season page does not link to its incidents")
	}
}

// TestModeratedNarrative: a narrative that breaks a publication rule fails
// the build until the maintainers record a decision in moderation.toml;
// then every page and JSON shows the notice (rule and SHA-256 of the
// withheld text) and never the text.
func TestModeratedNarrative(t *testing.T) {
	root := writeSeasons(t, false)
	p := filepath.Join(root, "3", "conformite", "submissions", "honnete", "conf-01.json")
	b, _ := os.ReadFile(p)
	b = []byte(strings.Replace(string(b), "J'ai lu l'agrément", "J'ai menti sur l'agrément", 1))
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	var sub struct {
		Narrative string `json:"narrative"`
	}
	if err := json.Unmarshal(b, &sub); err != nil || !strings.Contains(sub.Narrative, "menti") {
		t.Fatalf("narrative %q, %v", sub.Narrative, err)
	}
	if _, err := Build(root); err == nil || !strings.Contains(err.Error(), `"menti"`) {
		t.Fatalf("an unmoderated hit: %v, want the build to fail naming the word", err)
	}
	sum := sha256.Sum256([]byte(sub.Narrative))
	hash := hex.EncodeToString(sum[:])
	reg := "[[moderated]]\nparticipant = \"honnete\"\nfield = \"narrative\"\ntrack = \"conformite\"\ntask = \"conf-01\"\nrule = \"intent\"\nsha256 = \"" + hash + "\"\ndecision = { fr = \"récit retenu : un mot qui impute une intention\", en = \"narrative withheld: a word imputing intent\" }\ndecided_at = 2026-10-06T10:00:00Z\n"
	if err := os.WriteFile(filepath.Join(root, "3", "moderation.toml"), []byte(reg), 0o644); err != nil {
		t.Fatal(err)
	}
	tree, err := Build(root)
	if err != nil {
		t.Fatalf("with the decision recorded: %v", err)
	}
	for _, name := range []string{"saison-3/conformite/participants/honnete/index.html", "saison-3/conformite/participants/honnete/report.json", "saison-3/dossier/conformite/submissions/honnete/conf-01.json"} {
		page := string(tree[name])
		if strings.Contains(page, "menti") || !strings.Contains(page, "texte retenu par la mod") || !strings.Contains(page, hash) {
			t.Errorf("%s does not show the notice in place of the narrative", name)
		}
	}
	// The English report shows the notice and the decision in English, not
	// marked as the participant's words; the other narratives are.
	en := string(tree["en/saison-3/conformite/participants/honnete/index.html"])
	notice := `<blockquote data-field="narrative" data-withheld="true">[text withheld by moderation — rule intent (§1); SHA-256 of the withheld text: ` + hash + `; decision: narrative withheld: a word imputing intent]</blockquote>`
	if !strings.Contains(en, notice) || strings.Contains(en, "texte retenu") || strings.Contains(en, "récit retenu") {
		t.Errorf("the English report lacks the English notice %q, or shows the French one", notice)
	}
	for _, c := range []struct{ name, label string }{{"saison-3/conformite/participants/honnete/index.html", ""}, {"en/saison-3/conformite/participants/honnete/index.html", ""}, {"saison-3/generique/participants/honnete/index.html", "Texte du participant, tel que soumis."}, {"en/saison-3/generique/participants/honnete/index.html", "The participant's own words, as submitted."}} {
		page := string(tree[c.name])
		if regexp.MustCompile(`data-withheld="true">[^<]*</blockquote>\s*<p class="own-words">`).MatchString(page) {
			t.Errorf("%s marks the notice as the participant's words", c.name)
		}
		if c.label == "" {
			continue // honnete's one narrative in conformite is withheld
		}
		if n, m := strings.Count(page, `<blockquote data-field="narrative" translate="no">`), strings.Count(page, `<p class="own-words">`+c.label+`</p>`); n == 0 || n != m {
			t.Errorf("%s: %d narratives as written, %d labelled %q: want each labelled", c.name, n, m, c.label)
		}
	}
}

// TestDossier: a closed season publishes its inputs byte for byte under
// dossier/ (its proof views under preuves/), from which python3 alone
// recomputes the key commitment that the current freeze anchored.
func TestDossier(t *testing.T) {
	root := writeSeasons(t, false)
	tree, err := Build(root)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	err = filepath.WalkDir(filepath.Join(root, "3"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(filepath.Join(root, "3"), p)
		rel = filepath.ToSlash(rel)
		want, _ := os.ReadFile(p)
		name := "saison-3/dossier/" + rel
		if strings.HasPrefix(rel, "proofs/") {
			name = "saison-3/preuves/" + strings.TrimPrefix(rel, "proofs/")
		}
		if got, ok := tree[name]; !ok || !bytes.Equal(got, want) {
			t.Errorf("%s is not published byte for byte as %s", rel, name)
		}
		n++
		return nil
	})
	if err != nil || n < 20 {
		t.Fatalf("%d files walked: %v", n, err)
	}
	if _, ok := tree["saison-3/dossier/index.html"]; !ok {
		t.Error("the dossier has no page")
	}
	py := cpython.Need(t)
	dir := t.TempDir()
	for _, f := range []string{"key.json", "key.salt", "preregistration.toml"} {
		os.WriteFile(filepath.Join(dir, f), tree["saison-3/dossier/conformite/"+f], 0o644)
	}
	script := `import hashlib, json, sys, tomllib
d = sys.argv[1]
salt = bytes.fromhex(open(d + "/key.salt").read().strip())
commitment = hashlib.sha256(salt + open(d + "/key.json", "rb").read()).hexdigest()
freezes = tomllib.load(open(d + "/preregistration.toml", "rb"))["freezes"]
current = [f for f in freezes if "superseded_by" not in f][0]
print(commitment == json.loads(current["payload"])["key_commitment"], commitment)`
	out, err := exec.Command(py, "-c", script, dir).CombinedOutput()
	if err != nil || !strings.HasPrefix(string(out), "True ") {
		t.Errorf("python3 does not recompute the anchored key commitment from the dossier: %s %v", out, err)
	}
}

// TestMissingFactsShowTheirForms: a report names each missing founding
// fact with the forms (resource, field, value) that would have carried it,
// in report.json and on the page (the key is public at the close).
func TestMissingFactsShowTheirForms(t *testing.T) {
	tree := buildTree(t)
	found := 0
	for _, name := range tree.Names() {
		if !strings.HasSuffix(name, "/report.json") {
			continue
		}
		var rep struct {
			Tasks []struct {
				TaskID       string   `json:"task_id"`
				MissingFacts []string `json:"missing_facts"`
				MissingForms []struct {
					ID    string `json:"id"`
					Forms []struct {
						Resource, Field string
					} `json:"forms"`
				} `json:"missing_fact_forms"`
			} `json:"tasks"`
		}
		if err := json.Unmarshal(tree[name], &rep); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		page := string(tree[strings.TrimSuffix(name, "report.json")+"index.html"])
		for _, task := range rep.Tasks {
			if len(task.MissingForms) != len(task.MissingFacts) {
				t.Errorf("%s %s: %d missing facts, %d with forms", name, task.TaskID, len(task.MissingFacts), len(task.MissingForms))
			}
			for i, m := range task.MissingForms {
				found++
				if m.ID != task.MissingFacts[i] || len(m.Forms) == 0 {
					t.Errorf("%s %s: fact %q without its forms", name, task.TaskID, m.ID)
					continue
				}
				if !strings.Contains(page, "<code>"+m.ID+"</code>"+" : <code>"+m.Forms[0].Resource+"</code>") {
					t.Errorf("%s does not show the forms of %s", name, m.ID)
				}
			}
		}
	}
	if found == 0 {
		t.Fatal("no report of the fixture has a missing founding fact")
	}
}

// TestPagesNameTheRuleSet: a track's page and every report name the rule
// set that scored them.
func TestPagesNameTheRuleSet(t *testing.T) {
	tree := buildTree(t)
	for _, name := range []string{"saison-3/conformite/index.html", "saison-3/conformite/participants/honnete/index.html", "saison-3/generique/index.html"} {
		if !strings.Contains(string(tree[name]), "jeu de règles <code>prove-it-s1-essai</code>") {
			t.Errorf("%s does not name its rule set", name)
		}
	}
}

// TestPendingReportCountsNothing: while a participant is pending, its
// report counts no task in the success rate, as its row says « en attente ».
func TestPendingReportCountsNothing(t *testing.T) {
	tree := buildTree(t)
	page := string(tree["saison-3/conformite/participants/attente/index.html"])
	if strings.Contains(page, "comptée en réussite") || !strings.Contains(page, "rien n") || !strings.Contains(page, "compté tant que le participant est en attente") {
		t.Error("a pending participant's report counts a task in the success rate")
	}
	if honest := string(tree["saison-3/conformite/participants/honnete/index.html"]); !strings.Contains(honest, "comptée en réussite") {
		t.Error("a scored participant's report no longer says which tasks count")
	}
}

// TestReportSummary: the top of a report counts the tasks by status and
// the assertions by cause, as report.json has them.
func TestReportSummary(t *testing.T) {
	tree := buildTree(t)
	for _, name := range tree.Names() {
		if !strings.HasSuffix(name, "/report.json") {
			continue
		}
		var rep struct {
			Tasks []struct {
				Status     string `json:"status"`
				Assertions []struct {
					Cause *string `json:"cause"`
				} `json:"assertions"`
			} `json:"tasks"`
		}
		if err := json.Unmarshal(tree[name], &rep); err != nil {
			t.Fatal(err)
		}
		causes, statuses := map[string]int{}, map[string]int{}
		for _, task := range rep.Tasks {
			statuses[task.Status]++
			for _, a := range task.Assertions {
				if a.Cause != nil {
					causes[*a.Cause]++
				}
			}
		}
		page := string(tree[strings.TrimSuffix(name, "report.json")+"index.html"])
		for code, n := range causes {
			label, err := messages.French.Text("cause." + code + ".label")
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(page, template.HTMLEscapeString(label)+" ("+strconv.Itoa(n)+")") {
				t.Errorf("%s: the summary lacks %s (%d)", name, label, n)
			}
		}
		for code, n := range statuses {
			label, _ := messages.French.Text("status." + code + ".label")
			if !strings.Contains(page, template.HTMLEscapeString(label)+" ("+strconv.Itoa(n)+")") {
				t.Errorf("%s: the summary lacks %s (%d)", name, label, n)
			}
		}
	}
}

// TestTableCauses: each row counts its assertions by cause and its tasks
// by status with the words of §4.1 (« quatre causes, quatre messages »),
// so that an identity failure, an instrument defect and a task rejected at
// entry never read alike; supported assertions, scored tasks and a pending
// row count nothing there.
func TestTableCauses(t *testing.T) {
	tree := buildTree(t)
	page := string(tree["saison-3/conformite/index.html"])
	rows := map[string]string{}
	for _, r := range regexp.MustCompile(`(?s)<tr data-participant="([^"]*)".*?</tr>`).FindAllStringSubmatch(page, -1) {
		rows[r[1]] = r[0]
	}
	for _, c := range []struct {
		slug string
		want []string
	}{
		{"defaut", []string{"Assertions, par cause : non étayée : identité non liée (2), défaut d&#39;instrument (hors overclaim, incident ouvert) (1)"}},
		{"surdeclare", []string{"non étayée : ressource ne correspondant pas (1), non étayée : valeur ne correspondant pas (1)"}},
		{"entree", []string{"Tâches non scorées : rejetée à l&#39;entrée (incident du service de saison) (1), absente (aucune soumission) (1)"}},
		{"abstention", []string{"Tâches non scorées : sous le minimum (1)"}},
	} {
		for _, w := range c.want {
			if !strings.Contains(rows[c.slug], w) {
				t.Errorf("%s's row lacks %q", c.slug, w)
			}
		}
	}
	for _, slug := range []string{"honnete", "attente"} {
		if r, ok := rows[slug]; !ok || strings.Contains(r, "par cause") || strings.Contains(r, "non scorées") {
			t.Errorf("%s's row counts causes or statuses (or is missing): %v", slug, ok)
		}
	}
}

// TestIndexLinksTables: the home page shows the head of every scored
// track's table, one table per track (§6.6): the best constant answer's
// row first (§7.2), then the table's first rows in its order, each linked
// to its report, and a link to the whole table; an open season shows none
// (§7.4).
func TestIndexLinksTables(t *testing.T) {
	tree := buildTree(t)
	index := string(tree["index.html"])
	heads := regexp.MustCompile(`(?s)<table class="leading">.*?</table>`).FindAllString(index, -1)
	if len(heads) != 2 {
		t.Fatalf("the index shows %d heads of table, want the closed season's 2", len(heads))
	}
	reports := regexp.MustCompile(`<tr data-leading="([^"]*)" data-negative="(?:true|false)"><th scope="row"><a href="saison-3/([a-z]+)/participants/([^/"]+)/index.html" data-field="agent">[^<]*</a></th><td class="rate">`)
	for i, track := range []string{"conformite", "generique"} {
		h := heads[i]
		if !strings.Contains(h, `<caption id="tete-3-`+track+`">`) {
			t.Errorf("head %d is not the %s track's", i, track)
		}
		// The best constant answer's row heads the table (§7.2).
		if b, r := strings.Index(h, "Meilleure réponse constante"), strings.Index(h, "data-leading="); b < 0 || r < b {
			t.Errorf("%s: the best constant answer's row does not head the table", track)
		}
		rows := reports.FindAllStringSubmatch(h, -1)
		if len(rows) == 0 || len(rows) > 3 || len(rows) != strings.Count(h, "data-leading=") {
			t.Errorf("%s: %d leading rows linked to their reports, of %d", track, len(rows), strings.Count(h, "data-leading="))
		}
		for _, r := range rows {
			// One table per track: its rows are the track's alone (§6.6).
			if r[2] != track || r[1] != r[3] {
				t.Errorf("%s: the head holds a row of %s/%s", track, r[2], r[1])
			}
		}
		if !strings.Contains(index, `<a href="saison-3/`+track+`/index.html">Le tableau complet de la piste `) {
			t.Errorf("the index does not link the whole %s table", track)
		}
	}
	if !strings.Contains(heads[0], "<td class=\"rate\">1/2 (50\u00a0%)</td></tr></tbody>") {
		t.Error("the index lacks conformite's best-constant line")
	}
	// In the table's order: the conformite table's first rows.
	tbl := string(tree["saison-3/conformite/index.html"])
	var first []string
	for _, m := range regexp.MustCompile(`<tr data-participant="([^"]*)"`).FindAllStringSubmatch(tbl, 3) {
		first = append(first, m[1])
	}
	var lead []string
	for _, m := range regexp.MustCompile(`<tr data-leading="([^"]*)"`).FindAllStringSubmatch(heads[0], -1) {
		lead = append(lead, m[1])
	}
	if strings.Join(lead, " ") != strings.Join(first, " ") {
		t.Errorf("the head's rows %v are not the table's first rows %v", lead, first)
	}
	for _, open := range []string{"saison-1/", "saison-2/"} {
		if strings.Contains(index, `href="`+open+`conformite/`) || strings.Contains(index, `href="`+open+`generique/`) {
			t.Errorf("the index links a table of the open season %s", open)
		}
	}
	if !strings.Contains(index, `href="saison-1/index.html"`) {
		t.Error("the fixture's open season is not on the index: the check above sees nothing")
	}
}
