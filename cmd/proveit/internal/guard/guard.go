// Package guard enforces the publication rules of the Index (§1 vocabulary,
// §7.3 publication rules) on every page the build renders. Page reads an
// HTML page of a built site as a browser would — the text of
// every element, every attribute value but class, style and id, the JSON-LD —
// after the templates have escaped and rendered it, so that participant-
// controlled text (agent name, DID, stack, narrative, claim values and
// pointers, proof ids) is checked exactly as it is published. A violation
// fails the build with the page, the rule and the word: the Index is not
// published with it, and the previous output stays whole. Nothing is
// masked or rewritten: a frozen input that breaks a rule stops the build,
// and the maintainers decide, in the open, what to do with it.
//
// The rules, precisely:
//
//  1. No emoji, anywhere (§7.3): a code point in the pictographic blocks
//     (U+1F000–U+1FAFF, U+2600–U+27BF, U+2B05–U+2B07, U+2B1B, U+2B1C,
//     U+2B50, U+2B55, U+231A, U+231B, U+23E9–U+23F3, U+23F8–U+23FA,
//     U+3030, U+303D, U+3297, U+3299), the emoji presentation selector
//     U+FE0F, the keycap U+20E3 or a tag character (U+E0020–U+E007F); and
//     no ASCII emoticon of words/emoticons.txt standing as a word of its
//     own.
//  2. No vocabulary that imputes an intent (§1), anywhere, French or
//     English: a word that begins with one of the stems of
//     words/intent-stems.txt, or that is one of words/intent-words.txt. Words are runs of letters and digits, compared in
//     lower case without accents; a camel-case word is also read in its
//     parts ("SuperTricheur" holds "tricheur"), except a did:key in an
//     element marked data-identifier="true" (a DID), whose words are read
//     whole: the case of its base58 text is an encoding's, and its parts
//     hold words by chance ("…FmFibVGjz", "…YBjXaiJE6…": three of 20,000
//     generated DIDs stopped a build). A did:web, a domain its participant
//     chose, is read as any text (did:web:SuperTricheur.example stops the
//     build), for rules 2 and 3.
//  3. No model or provider name in a negative category (§7.3): in an
//     element marked data-negative="true", no word or run of words of
//     words/provider-names.txt, the last word alone or followed by a version number
//     ("gpt4o", "llama3"; not "metallama"), unless it sits in an element marked
//     data-declarative="true" (the declared stack). The templates mark as
//     negative: the row of a participant of whom a task is negative (not
//     rendered, rejected, missing, rendered without success, or carrying an
//     unsupported assertion), the plot point of such a participant, and,
//     on a report, the participant's heading and identity, the heading,
//     status, reason and narrative of a negative task, and the row of every
//     unsupported assertion. A provider name may thus appear in a declared
//     stack, labelled declarative, and in the name or narrative of a
//     participant without any negative result; never beside a negative
//     status or cause.
//  4. The stack is declarative, on every row (§7.3): every element marked
//     data-declarative="true" says the label word of the page's language in
//     its own text (« déclarative » in French, "declarative" in English:
//     PageIn with the catalogue's stack.word), and every
//     participant row (data-participant) holds one.
//
// Rules 1 to 3 are the same on every page, whatever its language: the
// French and the English intent lists both apply to every page.
//
// How a page is read. A browser does not read the tags as written: it
// builds a tree (implied end tags, text moved out of a table, raw text in
// <title> and <style>, …), and the rules apply to that tree. The guard
// reads a page in one pass over the tokens of golang.org/x/net/html's
// tokenizer (html.NewTokenizer, the tokenizer of html.Parse, told where
// CDATA is text and where raw text is not, as html.Parse tells it), and
// checks each text and attribute value as it meets it, rule 4 when an
// element closes (read.go). Where the tree differs from the tags as
// written, it does one of two things:
//
//   - it keeps the little state that tells it what the tree is: a stack
//     of the open elements, each with its data-field, data-negative,
//     data-declarative and data-identifier as its ancestors and itself
//     set them and whether it is in a style element; rule 4's own text
//     of each open declared stack and the text of each element rule 4
//     checks; the text not yet checked (the tree joins adjacent texts),
//     and for each open table the text before it; where it is in the
//     document; and the place of each node in the walk's order of the
//     tree. With it, it follows the tree on the html, head, body and
//     tbody elements the tree implies; text before the body, which the
//     tree moves into the body (white space stays or is dropped), a
//     second <html> or <body> tag, whose attributes go to the element
//     (read first, as the walk reads them), and <head> and </head> in the
//     body, ignored; text written in a table outside its cells, which the
//     tree moves out of the table, into the text before it; the text
//     after </body> (the body's); the raw text of title, style, script
//     and textarea; the newline a <pre> or a <textarea> drops; the NUL
//     bytes the tree drops or replaces; the slash of a self-closing HTML
//     element and the end tag of a void element, which the tree ignores
//     (the Atom feed writes <link …></link>); the attribute order of a
//     formatting element, which the tree sorts; comments; and SVG, with
//     text in its title, desc and foreignObject;
//   - anywhere else it refuses the page: one violation of the rule
//     "markup", naming what it met, and nothing else, which stops the
//     build as any violation does. It refuses an end tag that does not
//     close the current element; an element a table would move out of
//     itself, a text it would move out from inside an element rule 4
//     checks, a cell or a row it would imply; a start tag that closes an
//     open element (a block in a paragraph, a list item in a list item, a
//     heading in a heading, a link in a link); a second <html> or <body>
//     tag with a data-* attribute the rules read; a doctype after the
//     start; an element it does not know (forms, frames, templates,
//     MathML, …); an element in an SVG title, desc or foreignObject; and
//     elements nested 500 deep.
//
// The pages the templates render never meet a refusal: tests hold every
// page of the demo, its Atom feed too, to it and to the tree's verdict,
// and the same pages with a word written after every tag (as the build's
// test of every template position writes the templates). A page written
// by hand, or broken, may. The guard never judges a page
// on a reading that differs from the tree: it reads as the tree does, or
// refuses. The first implementation, html.Parse and a walk of its tree,
// is the oracle of the tests (pageTree, checkOld): FuzzPageAgainstTree
// holds PageIn to it on any bytes, violation for violation and in the
// same order, or to a refusal.

package guard

import (
	"embed"
	"fmt"
	"hash/maphash"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// The word lists, embedded data: a new word is a line in a file.
var (
	//go:embed words/*.txt
	wordFiles embed.FS

	// The intent lists, by language: French entries are compared with
	// words without their accents (« trichée » holds « trich »), English
	// ones with the words as written, so that French « lié » is not read
	// as English « lie ».
	intentStemsFR, intentStemsEN = languages("intent-stems.txt")
	intentWordsFR, intentWordsEN = languages("intent-words.txt")
	providerNames                = wordList("provider-names.txt")
	emoticons                    = wordList("emoticons.txt")
	// maxEmoticon is the length of the longest emoticon: a longer field is
	// none.
	maxEmoticon = func() int {
		n := 0
		for _, e := range emoticons {
			n = max(n, len(e))
		}
		return n
	}()
	// providerRuns is each provider name split into its words, once.
	providerRuns = func() [][]string {
		runs := make([][]string, len(providerNames))
		for i, name := range providerNames {
			runs[i] = strings.Fields(name)
		}
		return runs
	}()
)

// wordList reads one embedded list: a word (or run of words) per line,
// "#" starting a comment line, blank lines ignored. A list that cannot be
// read is a defect of the build of proveit itself.
func wordList(name string) []string {
	b, err := wordFiles.ReadFile("words/" + name)
	if err != nil {
		panic("guard: " + err.Error())
	}
	var out []string
	for _, line := range strings.Split(string(b), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out
}

// languages splits an embedded list into its "# French" and "# English"
// sections.
func languages(name string) (french, english []string) {
	b, err := wordFiles.ReadFile("words/" + name)
	if err != nil {
		panic("guard: " + err.Error())
	}
	var cur *[]string
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "# French":
			cur = &french
		case line == "# English":
			cur = &english
		case line == "" || strings.HasPrefix(line, "#"):
		case cur == nil:
			panic("guard: " + name + ": an entry before the # French or # English section: " + line)
		default:
			*cur = append(*cur, line)
		}
	}
	return french, english
}

// Violation is one broken publication rule on one page.
type Violation struct {
	Page  string // path in the site
	Field string // the participant field the text is, from data-field ("agent", "narrative" …), or ""
	Rule  string // "emoji", "intent", "provider", "declarative", or "markup" (a refused page)
	Word  string // what was found
	Text  string // the text it was found in, shortened
}

func (v Violation) String() string {
	what := map[string]string{
		"emoji":       "emoji (§7.3)",
		"intent":      "intent-imputing word (§1)",
		"provider":    "model or provider name in a negative category (§7.3)",
		"declarative": "declared stack not labelled declarative (§7.3)",
		"markup":      "markup the guard does not read as a browser does, page refused",
	}[v.Rule]
	if v.Field != "" {
		return fmt.Sprintf("%s: field %s: %s %q in %q", v.Page, v.Field, what, v.Word, v.Text)
	}
	return fmt.Sprintf("%s: %s %q in %q", v.Page, what, v.Word, v.Text)
}

// Error lists every violation of a site, by page.
type Error struct {
	Violations []Violation
}

func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "publication guard: %d violations, nothing is published", len(e.Violations))
	for i, v := range e.Violations {
		if i == 20 {
			fmt.Fprintf(&b, "\n  … and %d more", len(e.Violations)-20)
			break
		}
		b.WriteString("\n  ")
		b.WriteString(v.String())
	}
	return b.String()
}

// PageIn checks one HTML page whose declared stacks are labelled with
// the word declarative (rule 4: « déclarative », "declarative"), and
// returns its violations sorted by rule and word. An empty word is a
// defect of the caller, reported as a violation of rule 4 rather than a
// rule that nothing could break. A page whose markup the guard does not
// read as a browser does is refused: one violation of the rule "markup",
// naming what it met, and nothing else (see the package doc).
func PageIn(name string, page []byte, declarative string) []Violation {
	if strings.TrimSpace(declarative) == "" {
		return []Violation{{Page: name, Rule: "declarative", Word: "(no label word given)"}}
	}
	g := &guard{page: name, declarative: declarative}
	if why, raw := readPage(page, g); why != "" {
		return []Violation{{Page: name, Rule: "markup", Word: why, Text: raw}}
	}
	return g.sorted()
}

// sorted returns the violations sorted by rule and word, in the walk's
// order of the tree within one rule and word.
func (g *guard) sorted() []Violation {
	sort.SliceStable(g.out, func(i, j int) bool {
		x, y := g.out[i], g.out[j]
		if x.v.Rule != y.v.Rule {
			return x.v.Rule < y.v.Rule
		}
		if x.v.Word != y.v.Word {
			return x.v.Word < y.v.Word
		}
		return x.seq < y.seq || x.seq == y.seq && x.n < y.n
	})
	out := make([]Violation, len(g.out))
	for i, e := range g.out {
		out[i] = e.v
	}
	return out
}

type guard struct {
	page string
	// declarative is the label word of rule 4.
	declarative string
	field       string // the data-field of the innermost element being read
	// seq is the place in the walk's order of the node being read: the
	// reader reads a text moved out of a table (before it in the tree)
	// after the table's content, and the attributes the tree adds to html
	// and body after their content.
	seq  int
	out  []entry
	seen map[Violation]int // index in out
	n    int               // the violations met so far, again or not
}

// entry is a violation and where the walk meets it: in the node of place
// seq, the n-th met.
type entry struct {
	v      Violation
	seq, n int
}

// add adds a violation, once: met again, it is kept where the walk meets
// it first.
func (g *guard) add(v Violation) {
	v.Page, v.Field = g.page, g.field
	if g.seen == nil {
		g.seen = map[Violation]int{}
	}
	g.n++
	n := g.n
	if i, ok := g.seen[v]; ok {
		if g.seq < g.out[i].seq {
			g.out[i].seq, g.out[i].n = g.seq, n
		}
		return
	}
	g.seen[v] = len(g.out)
	g.out = append(g.out, entry{v, g.seq, n})
}

func short(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 80 {
		return string(r[:80]) + "…"
	}
	return s
}

// finding is a violation found in a text, before the page and the field
// it sits in are known.
type finding struct{ rule, word, text string }

// memo keeps what the rules found in each text already checked, for every
// page of a build: most of a page's text is the templates' and the
// catalogue's, the same on thousands of pages.
var memo = newTextMemo(memoSize, memoBytes, memoTextSize, doorSize)

const (
	// memoSize and memoBytes bound the memo: past either, it is emptied
	// and fills again with the texts met next. A 1,000-participant build
	// meets about 380,000 distinct texts (a link, a proof id, a trace per
	// participant), of which about 50,000 recur on many pages; a memo that
	// kept its first 2^18 texts and nothing after them (as the first did)
	// was full of texts met once and checked the recurring ones again
	// 1.4 million times.
	memoSize  = 1 << 18
	memoBytes = 16 << 20
	// memoTextSize is the longest text kept: the templates' longest
	// paragraphs (the explanations of a report, the JSON-LD) recur on
	// every page of a kind; a longer text is checked each time it is met.
	memoTextSize = 8 << 10
	// doorSize is the number of slots of the memo's doorkeeper (8 bytes
	// each).
	doorSize = 1 << 18
)

// textMemo is what the rules found in each text, keyed by the text and
// by the only parts of its context that its findings depend on: whether
// rule 3 applies to it (a negative element outside a declared stack) and
// whether it is an identifier's (a did:key read in whole words). The
// field (data-field) and the page are added to a finding by the guard,
// after the memo; the language of the page changes rule 4 only, which
// the memo does not hold (rules 1 to 3 are the same in both editions).
//
// A text enters the memo the second time it is met in its context: the
// doorkeeper (door) holds a hash of each text met once, one per slot, a
// new text taking the slot of an older one. A text met once (most links,
// proof ids, narratives) thus costs no entry, no copy and no lock; a text
// that recurs costs one more check than it would otherwise. The
// doorkeeper decides only what is kept, never a finding: a collision of
// hashes keeps a text early or late, and the memo, keyed by the whole
// text, answers only for that text.
type textMemo struct {
	sync.RWMutex
	m       [4]map[string][]finding // by memoIndex
	n, size int                     // the texts kept and their bytes
	// cleared counts the times the memo was emptied (the tests).
	cleared int

	maxTexts, maxBytes, maxText int
	seed                        maphash.Seed
	door                        []atomic.Uint64
}

func newTextMemo(maxTexts, maxBytes, maxText, doorSlots int) *textMemo {
	if doorSlots&(doorSlots-1) != 0 {
		panic("guard: the doorkeeper's size is not a power of two")
	}
	return &textMemo{
		m:        [4]map[string][]finding{{}, {}, {}, {}},
		maxTexts: maxTexts, maxBytes: maxBytes, maxText: maxText,
		seed: maphash.MakeSeed(),
		door: make([]atomic.Uint64, doorSlots),
	}
}

// checkBytes is check(s, provider, identifier), from the memo when s was
// kept.
func (m *textMemo) checkBytes(s []byte, provider, identifier bool) []finding {
	i := memoIndex(provider, identifier)
	m.RLock()
	fs, ok := m.m[i][string(s)] // no copy of s: a map index
	m.RUnlock()
	if !ok {
		fs = check(s, provider, identifier)
		m.put(s, i, fs)
	}
	return fs
}

// met reports whether s was met before in the memo's map i (its hash is
// in its slot of the doorkeeper), and notes that it is met.
func (m *textMemo) met(s []byte, i int) bool {
	// The map's index mixed into the hash: the same text in another
	// context is another text.
	h := (maphash.Bytes(m.seed, s) ^ uint64(i+1)*0x9E3779B97F4A7C15) | 1 // never 0, an empty slot
	slot := &m.door[h&uint64(len(m.door)-1)]
	if slot.Load() == h {
		return true
	}
	slot.Store(h)
	return false
}

// put keeps what the rules found in s, in map i, if s is short and was
// met before; a full memo is emptied first.
func (m *textMemo) put(s []byte, i int, fs []finding) {
	if len(s) > m.maxText || !m.met(s, i) {
		return
	}
	m.Lock()
	defer m.Unlock()
	if _, dup := m.m[i][string(s)]; dup {
		return
	}
	if m.n >= m.maxTexts || m.size+len(s) > m.maxBytes {
		for k := range m.m {
			clear(m.m[k])
		}
		m.n, m.size = 0, 0
		m.cleared++
	}
	m.m[i][string(s)] = fs
	m.n++
	m.size += len(s)
}

// textBytes applies the rules to one piece of text, once per distinct
// text and context that recurs (memo).
func (g *guard) textBytes(s []byte, negative, declarative, identifier bool) {
	if onlySpace(s) {
		return // nothing to find
	}
	g.found(memo.checkBytes(s, negative && !declarative, identifier))
}

func (g *guard) found(fs []finding) {
	for _, f := range fs {
		g.add(Violation{Rule: f.rule, Word: f.word, Text: f.text})
	}
}

// memoIndex is the memo's map for a text to which rule 3 applies or not,
// in an identifier or not.
func memoIndex(provider, identifier bool) int {
	i := 0
	if provider {
		i++
	}
	if identifier {
		i += 2
	}
	return i
}

// wholeWords reports whether the text of an identifier is read in whole
// words: a did:key, whose method-specific identifier is the base58 text
// of a public key, its case an encoding's. A did:web is a domain a
// participant chose, read as any text.
func wholeWords(s string) bool { return strings.HasPrefix(s, "did:key:") }

// wordRule is one language's intent list, indexed: its whole words, and
// its stems by their first byte, so that a word is compared only with the
// stems it could start with.
type wordRule struct {
	words map[string]bool // (the oracle's matches)
	stems [256][]string
	// byByte is words indexed by their first byte (matchesBytes).
	byByte [256][]string
}

var intentFR, intentEN = newWordRule(intentWordsFR, intentStemsFR), newWordRule(intentWordsEN, intentStemsEN)

func newWordRule(words, stems []string) *wordRule {
	r := &wordRule{words: map[string]bool{}}
	for _, w := range words {
		r.words[w] = true
		r.byByte[w[0]] = append(r.byByte[w[0]], w)
	}
	for _, stem := range stems {
		r.stems[stem[0]] = append(r.stems[stem[0]], stem) // wordList keeps no empty entry
	}
	return r
}

// fold lowers s and strips its combining marks (é → e, œ stays).
func fold(s string) string {
	if isASCII(s) {
		return strings.ToLower(s) // no mark to strip
	}
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(s)) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isEmoji reports whether r is a pictographic emoji code point or an
// emoji-forming modifier (rule 1).
func isEmoji(r rune) bool {
	switch {
	case r >= 0x1F000 && r <= 0x1FAFF,
		r >= 0x2600 && r <= 0x27BF,
		r >= 0x2B05 && r <= 0x2B07,
		r == 0x2B1B, r == 0x2B1C, r == 0x2B50, r == 0x2B55,
		r == 0x231A, r == 0x231B,
		r >= 0x23E9 && r <= 0x23F3,
		r >= 0x23F8 && r <= 0x23FA,
		r == 0x3030, r == 0x303D, r == 0x3297, r == 0x3299,
		r == 0xFE0F, r == 0x20E3,
		r >= 0xE0020 && r <= 0xE007F:
		return true
	}
	return false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
