package guard

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// French is the label word of rule 4 on a French page.
const French = "déclarative"

// Page checks one French HTML page, name being its path in the site, and
// returns its violations sorted by rule and word: PageIn with French.
func Page(name string, page []byte) []Violation { return PageIn(name, page, French) }

// row renders a page with one participant row, as the track table does.
func row(agent, stack string, negative bool) []Violation {
	neg := "false"
	if negative {
		neg = "true"
	}
	page := fmt.Sprintf(`<!DOCTYPE html><html lang="fr"><body><table><tr data-participant="x" data-negative="%s"><th>%s</th><td>1/4 (25,0 %%)</td><td data-declarative="true">%s <span class="decl">(déclarative, non vérifiée)</span></td></tr></table></body></html>`, neg, agent, stack)
	return Page("p.html", []byte(page))
}

func rules(vs []Violation) string {
	var s []string
	for _, v := range vs {
		s = append(s, v.Rule+":"+v.Word)
	}
	return strings.Join(s, " ")
}

func TestIntentWords(t *testing.T) {
	for _, w := range []string{"triche", "Tricheur", "TRICHEUSE", "tricherie", "mensonge", "mensonger", "menteur", "malhonnête", "malhonnete", "Malhonnêteté", "fraude", "frauduleux", "manipulation", "manipulé", "tromper", "tromperie", "escroc", "falsifié", "imposteur", "sabotage", "il ment", "mentir",
		"cheat", "cheater", "Cheating", "lie", "lies", "lied", "lying", "liar", "dishonest", "dishonesty", "fraud", "fraudulent", "deceit", "deceive", "deception", "scam", "scammer", "manipulate", "SuperTricheur", "agent_fraudeur",
		"defrauded", "misleading", "misled", "hoax", "bluffing", "trickster", "trickery", "charlatan", "conman", "duplicitous", "disingenuous", "betrayed", "fabricated", "fib", "fibbing", "untruthful", "sandbagging", "faked", "sabotage", "impostor", "duped", "SuperLiar"} {
		vs := row("Agent "+w, "Go", false)
		if !strings.Contains(rules(vs), "intent:") {
			t.Errorf("%q passes the intent guard", w)
		}
	}
	for _, ok := range []string{"Autriche", "lien", "liens", "relie", "mention", "commentaire", "Claimant", "honnête", "complaisant", "délie", "orfraie", "believe", "client", "menton", "tromblon",
		"unsupported claims", "overclaim rate", "gap between declaration and receipts", "mismatch", "liability", "fibre", "tricky", "declared", "duplicate", "consistent", "lieu", "applied", "reliable", "belief", "fabric", "contrick"} {
		if vs := row("Agent "+ok, "Go", false); strings.Contains(rules(vs), "intent:") {
			t.Errorf("%q is refused: %s", ok, rules(vs))
		}
	}
}

func TestEmoji(t *testing.T) {
	for _, e := range []string{"\U0001F600", "\U0001F916", "\u2705", "\u2b50", "\u2764\ufe0f", "1\ufe0f\u20e3", "\U0001F1EB\U0001F1F7", ":)", ";-)", "xD", "<3"} {
		vs := row("Agent "+e, "Go", false)
		if !strings.Contains(rules(vs), "emoji:") {
			t.Errorf("%q passes the emoji guard", e)
		}
	}
	for _, ok := range []string{"→", "«\u00a0»", "n°", "§7.3", "3/17 (17,6\u00a0%)", "≠", "‖", "(x)", "a:b"} {
		if vs := row("Agent "+ok, "Go", false); len(vs) > 0 {
			t.Errorf("%q is refused: %s", ok, rules(vs))
		}
	}
}

// TestProviderNameInNegativeRow: a model or provider name may sit in a
// declared stack, or name a participant without negative result; never
// beside a negative status or cause.
func TestProviderNameInNegativeRow(t *testing.T) {
	for _, name := range []string{"Claude", "GPT-4o", "gpt4", "OpenAI", "Anthropic", "Gemini", "Mistral", "Llama 3", "Meta AI", "DeepSeek", "Qwen", "Grok", "Copilot"} {
		if vs := row("Agent "+name, "Go", true); !strings.Contains(rules(vs), "provider:") {
			t.Errorf("%q in a negative row passes", name)
		}
		if vs := row("Agent sans nom", name+" via API", true); len(vs) > 0 {
			t.Errorf("%q in a declared stack is refused: %s", name, rules(vs))
		}
		if vs := row("Agent "+name, "Go", false); len(vs) > 0 {
			t.Errorf("%q in a row without negative result is refused: %s", name, rules(vs))
		}
	}
	if vs := row("Agent Métallama", "Go", true); len(vs) > 0 {
		t.Errorf("a word containing a name is refused: %s", rules(vs))
	}
}

func TestStackLabelledDeclarative(t *testing.T) {
	page := `<html lang="fr"><body><table><tr data-participant="x" data-negative="false"><th>A</th><td data-declarative="true">Go</td></tr>` +
		`<tr data-participant="y" data-negative="false"><th>B</th><td>Go (déclarative)</td></tr></table></body></html>`
	vs := Page("p.html", []byte(page))
	if got := rules(vs); got != "declarative:déclarative declarative:déclarative" {
		t.Errorf("violations %s, want two: an unlabelled stack, a row without a declared stack", got)
	}
}

func TestWords(t *testing.T) {
	got := strings.Join(Words("L'Agent SuperTricheur, élève-modèle: ÉTÉ 2026"), " ")
	if got != "l agent supertricheur super tricheur eleve modele ete 2026" {
		t.Errorf("Words = %q", got)
	}
}

// TestWordLists: every embedded list loads, and every entry is written as
// the guard compares it (lower case, without accents, words as Words
// splits them), so that no line of a list can silently never match.
func TestWordLists(t *testing.T) {
	for name, list := range map[string][]string{"intent-stems (French)": intentStemsFR, "intent-stems (English)": intentStemsEN, "intent-words (French)": intentWordsFR, "intent-words (English)": intentWordsEN, "provider-names": providerNames} {
		if len(list) == 0 {
			t.Errorf("%s.txt is empty", name)
		}
		for _, w := range list {
			if got := strings.Join(Words(w), " "); got != w {
				t.Errorf("%s.txt: %q is compared as %q: write it as the guard reads words", name, w, got)
			}
		}
	}
	if len(emoticons) == 0 {
		t.Error("emoticons.txt is empty")
	}
	for _, e := range emoticons {
		if e != strings.ToLower(e) || strings.ContainsAny(e, " \t") {
			t.Errorf("emoticons.txt: %q must be one lower-case word", e)
		}
	}
}

// TestErrorNamesPageAndWord: the build's message names the page, the rule
// and the word.
func TestErrorNamesPageAndWord(t *testing.T) {
	vs := row("Tricheur", "Go", false)
	err := &Error{Violations: vs}
	if !strings.Contains(err.Error(), `p.html: intent-imputing word (§1) "tricheur"`) || !strings.Contains(err.Error(), "nothing is published") {
		t.Errorf("error %q", err)
	}
}

// TestViolationNamesTheField: a hit inside an element marked with
// data-field names that participant field.
func TestViolationNamesTheField(t *testing.T) {
	page := `<html lang="fr"><body><div>Récit : <blockquote data-field="narrative">il a menti</blockquote></div><p data-field="agent">Agent honnête</p></body></html>`
	vs := Page("r.html", []byte(page))
	if len(vs) != 1 || vs[0].Field != "narrative" || !strings.Contains(vs[0].String(), `r.html: field narrative: intent-imputing word (§1) "menti"`) {
		t.Errorf("violations %v, want one in the field narrative", vs)
	}
}

// TestFrenchAccentsAreNotEnglish: a French word whose accent-free spelling
// is an English intent word (« lié », « liés », « liée ») is not one, and
// the English word itself still is.
func TestFrenchAccentsAreNotEnglish(t *testing.T) {
	for _, ok := range []string{"le DID lié", "des DID liés", "une clé liée", "Liée"} {
		if vs := row("Agent "+ok, "Go", false); strings.Contains(rules(vs), "intent:") {
			t.Errorf("%q is refused: %s", ok, rules(vs))
		}
	}
	for _, bad := range []string{"a lie", "LIES", "it lied"} {
		if vs := row("Agent "+bad, "Go", false); !strings.Contains(rules(vs), "intent:") {
			t.Errorf("%q passes", bad)
		}
	}
}

// TestStackLabelledInThePagesLanguage: rule 4 asks for the label word of
// the page's language: an English row labelled "declarative" passes
// PageIn with "declarative", a French label does not, and the French word
// is not enough on an English page; an empty word is refused.
func TestStackLabelledInThePagesLanguage(t *testing.T) {
	page := func(label string) []byte {
		return []byte(`<html lang="en"><body><table><tr data-participant="x" data-negative="false"><th>A</th><td data-declarative="true">Go <span class="decl">` + label + `</span></td></tr></table></body></html>`)
	}
	for _, c := range []struct {
		label, word, want string
	}{
		{"(declarative, not verified)", "declarative", ""},
		{"(déclarative, non vérifiée)", "déclarative", ""},
		{"(déclarative, non vérifiée)", "declarative", "declarative:declarative"},
		{"(declarative, not verified)", French, "declarative:déclarative"},
		{"(not verified)", "declarative", "declarative:declarative"},
		{"(declarative, not verified)", "", "declarative:(no label word given)"},
	} {
		if got := rules(PageIn("p.html", page(c.label), c.word)); got != c.want {
			t.Errorf("PageIn(%q, word %q) = %q, want %q", c.label, c.word, got, c.want)
		}
	}
}

// benchPage is one participant's report of the demo's shape: a page of
// the templates' text with a participant's data in it.
func benchPage() []byte {
	var page strings.Builder
	page.WriteString(`<!DOCTYPE html><html lang="fr"><head><title>Rapport — Index PROVE IT</title></head><body><main>`)
	for i := range 40 {
		fmt.Fprintf(&page, `<section id="tache-%d" data-negative="true"><h2>Tâche conf-%02d : rendue, non comptée en réussite</h2><p data-field="narrative">J'ai lu l'agrément %d et vérifié chaque entité ; élève-modèle été 2026.</p><table><tr><td>claim %d</td><td>étayé</td><td><a href="../../../preuves/prf_%d.json">prf_20260914_181440_%06d</a></td></tr></table></section>`, i, i, i, i, i, i)
	}
	page.WriteString(`</main></body></html>`)
	return []byte(page.String())
}

// BenchmarkPage: the guard on benchPage, new (PageIn) and old (the first
// implementation as the build ran it: the tree, checkOld behind its
// memo). benchPage's tables have no <tbody>, which the tree builder
// inserts and the reader follows; withTbody is the same page with its
// <tbody>, as the templates write it.
func BenchmarkPage(b *testing.B) {
	for _, p := range []struct {
		name string
		data []byte
	}{{"asWritten", benchPage()}, {"withTbody", bytes.ReplaceAll(bytes.ReplaceAll(benchPage(), []byte("<table>"), []byte("<table><tbody>")), []byte("</table>"), []byte("</tbody></table>"))}} {
		for _, c := range []struct {
			name string
			page func(string, []byte, string) []Violation
		}{{"new", PageIn}, {"old", oldGuard(b)}} {
			b.Run(p.name+"/"+c.name, func(b *testing.B) {
				b.SetBytes(int64(len(p.data)))
				b.ReportAllocs()
				for b.Loop() {
					if vs := c.page("r.html", p.data, French); len(vs) != 0 {
						b.Fatal(vs)
					}
				}
			})
		}
	}
}

// TestFoldedWordsAreWords: check folds the words it reads with their
// accents one by one instead of reading the text twice; that is Words,
// word for word, whatever the text.
func TestFoldedWordsAreWords(t *testing.T) {
	for _, s := range []string{
		"", "plain ASCII words, CamelCase too",
		"Écart entre déclaration et reçus", "ÉtéPrévu œuvre Œdipe straße",
		"e\u0301te\u0301 decomposed", "İstanbul ǅemal ﬁne", "ÀBCdéFGhï 42ème",
		"智能体 ДоклаД Ωmega",
	} {
		plain := wordsOf(s, false)
		folded := make([]string, len(plain))
		for i, w := range plain {
			folded[i] = fold(w)
		}
		if want := Words(s); !slices.Equal(folded, want) {
			t.Errorf("%q: folded one by one %q, Words %q", s, folded, want)
		}
	}
}

// TestIdentifiersReadWhole: a did:key in an element marked
// data-identifier is read in whole words, not in camel-case parts: its
// base58 text holds parts such as "Fib" and "Xai" by chance (three DIDs of
// 20,000 generated ones stopped a build), which are not words of the page;
// a whole word is still read, a did:web (a domain its participant chose)
// is read as any text, and outside an identifier the parts still are. The
// guard and the oracle agree.
func TestIdentifiersReadWhole(t *testing.T) {
	page := func(did string, marked bool) []byte {
		mark := ""
		if marked {
			mark = ` data-identifier="true"`
		}
		return []byte(`<!DOCTYPE html><html lang="fr"><head><title>t</title></head><body><main><table><tbody><tr data-participant="a" data-negative="true"><td data-declarative="true">(déclarative)</td><td><code` + mark + `>` + did + `</code></td></tr></tbody></table></main></body></html>`)
	}
	for _, c := range []struct {
		did    string
		marked bool
		want   string
	}{
		{"did:key:z6MkwWtoLJXL82gTWQnPsWBzV3XSvFsX2fwXKd6FmFibVGjz", true, ""},
		{"did:key:z6MkoE9dTrgYWPzNeYFoZRZFHaQYfbXAiYQCnRt9FeYroa53", true, ""},
		{"did:key:z6MkwWtoLJXL82gTWQnPsWBzV3XSvFsX2fwXKd6FmFibVGjz", false, "intent:fib"},
		{"did:key:z6MkoE9dTrgYWPzNeYFoZRZFHaQYfbXAiYQCnRt9FeYroa53", false, "provider:xai"},
		{"did:web:fraude.example", true, "intent:fraude"},
		{"did:web:xai.example", true, "provider:xai"},
		// A did:web is a domain its participant chose: read as any text.
		{"did:web:SuperTricheur.example", true, "intent:tricheur"},
		{"did:web:SuperTricheur.example", false, "intent:tricheur"},
		// A whole word of a did:key is still read.
		{"did:key:fraude", true, "intent:fraude"},
		{"did:key:z6MkSuperTricheur", true, ""},
	} {
		p := page(c.did, c.marked)
		got := rules(Page("p.html", p))
		if got != c.want {
			t.Errorf("%s (marked %v): %q, want %q", c.did, c.marked, got, c.want)
		}
		if tree := rules(pageTree("p.html", p, French)); tree != got {
			t.Errorf("%s (marked %v): the oracle reads %q, the guard %q", c.did, c.marked, tree, got)
		}
	}
}

// TestIdentifierInsideText: a did:key marked inside a sentence (a trace of
// the scorer quoting the enrolled DID) is read in whole words; the rest of
// the sentence is read as any text.
func TestIdentifierInsideText(t *testing.T) {
	page := func(trace string) []byte {
		return []byte(`<!DOCTYPE html><html lang="fr"><head><title>t</title></head><body><main><p data-negative="true"><span class="trace" lang="en">` + trace + `</span></p></main></body></html>`)
	}
	for trace, want := range map[string]string{
		`the enrolled DID is "<span data-identifier="true">did:key:z6MkoE9dTrgYWPzNeYFoZRZFHaQYfbXAiYQCnRt9FeYroa53</span>"`:    "",
		`the enrolled DID is "did:key:z6MkoE9dTrgYWPzNeYFoZRZFHaQYfbXAiYQCnRt9FeYroa53"`:                                        "provider:xai",
		`SuperTricheur opens to "<span data-identifier="true">did:key:z6MkoE9dTrgYWPzNeYFoZRZFHaQYfbXAiYQCnRt9FeYroa53</span>"`: "intent:tricheur",
	} {
		p := page(trace)
		if got := rules(Page("p.html", p)); got != want {
			t.Errorf("%s: %q, want %q", trace, got, want)
		}
		if tree := rules(pageTree("p.html", p, French)); tree != rules(Page("p.html", p)) {
			t.Errorf("%s: the oracle reads %q", trace, tree)
		}
	}
}

// TestPageInKeepsNoBytes: what PageIn reports shares no memory with the
// page it is given, nor with what it reads pages with: the build renders
// every page into a buffer that serves the next page once this one is
// written (renderedPage.written), and keeps every page's violations until
// the end while the guard reads the next pages. Overwriting a page after
// PageIn, then reading other pages, must change none of the violations
// returned, for texts read in place and texts that recur (which the memo
// keeps). Seen failing with a data-field value or a finding's text made
// with unsafe.String instead of a copy.
func TestPageInKeepsNoBytes(t *testing.T) {
	text := `<p data-field="narrative" data-negative="true">Il ment sur ses sources, dit GPT.</p><p>Une phrase qui revient.</p>`
	// Texts of one word too, in lower case: a violation's text is then the
	// text itself, which the reader may hold in place.
	src := doc(strings.Repeat(text, 3) + `<p data-negative="true">Claude, encore.</p><p data-negative="true">claude</p><p>mensonges</p><p>ment</p>`)
	overwrite := func(b []byte) {
		for i := range b {
			b[i] = 'x'
		}
	}
	first := []byte(src)
	want := PageIn("p.html", first, "déclarative")
	if len(want) < 4 {
		t.Fatalf("the page should break several rules, got %v", want)
	}
	frozen := make([]Violation, len(want))
	for i, v := range want {
		frozen[i] = Violation{Page: strings.Clone(v.Page), Field: strings.Clone(v.Field), Rule: strings.Clone(v.Rule), Word: strings.Clone(v.Word), Text: strings.Clone(v.Text)}
	}
	overwrite(first)
	if !reflect.DeepEqual(want, frozen) {
		t.Fatalf("after the page was overwritten, PageIn's violations read %v, want %v", want, frozen)
	}
	var got []Violation
	for round := range 3 {
		buf := []byte(src)
		got = PageIn("p.html", buf, "déclarative")
		overwrite(buf)
		if !reflect.DeepEqual(got, frozen) {
			t.Fatalf("round %d, after the page was overwritten: %v, want %v", round, got, frozen)
		}
	}
	// Nor of what it reads a page with: the build keeps every page's
	// violations until the end, while the guard reads the next pages.
	other := strings.Repeat(`<p data-field="agent">`+strings.Repeat("autre texte, sans rien à relever ; ", 8)+`</p>`, 40)
	for range 3 {
		if v := PageIn("q.html", []byte(doc(other)), "déclarative"); len(v) != 0 {
			t.Fatalf("the other page: %v", v)
		}
	}
	if !reflect.DeepEqual(want, frozen) || !reflect.DeepEqual(got, frozen) {
		t.Fatalf("after other pages were read, the violations read %v and %v, want %v", want, got, frozen)
	}
}

// TestEmojiBounds: the first and last code point of every pictographic
// range of rule 1 (guard.go) is an emoji, and the code point on either
// side of it is not, unless the next range starts there; the ranges are
// written here from the rule, not read from isEmoji.
func TestEmojiBounds(t *testing.T) {
	ranges := [][2]rune{
		{0x1F000, 0x1FAFF}, {0x2600, 0x27BF}, {0x2B05, 0x2B07}, {0x2B1B, 0x2B1C},
		{0x2B50, 0x2B50}, {0x2B55, 0x2B55}, {0x231A, 0x231B}, {0x23E9, 0x23F3},
		{0x23F8, 0x23FA}, {0x3030, 0x3030}, {0x303D, 0x303D}, {0x3297, 0x3297},
		{0x3299, 0x3299}, {0xFE0F, 0xFE0F}, {0x20E3, 0x20E3}, {0xE0020, 0xE007F},
	}
	in := func(r rune) bool {
		for _, rg := range ranges {
			if rg[0] <= r && r <= rg[1] {
				return true
			}
		}
		return false
	}
	for _, rg := range ranges {
		for _, r := range []rune{rg[0] - 1, rg[0], rg[1], rg[1] + 1} {
			if got, want := isEmoji(r), in(r); got != want {
				t.Errorf("U+%04X: emoji %v, want %v", r, got, want)
			}
		}
	}
	// U+27BF, the last of Dingbats, in a page: refused, as U+27C0 is not.
	if vs := row("Agent \u27bf", "Go", false); !strings.Contains(rules(vs), "emoji:") {
		t.Error("U+27BF passes the emoji guard")
	}
	if vs := row("Agent \u27c0", "Go", false); len(vs) > 0 {
		t.Errorf("U+27C0 is refused: %s", rules(vs))
	}
}
