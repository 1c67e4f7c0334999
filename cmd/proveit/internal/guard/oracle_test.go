package guard

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"

	"golang.org/x/net/html"
	"golang.org/x/text/unicode/norm"
)

// The oracle of the tests: the guard as it was first written, the page
// parsed into a tree by html.Parse (the HTML5 tree construction algorithm,
// the tree a browser builds) and the tree walked, every text checked by
// checkOld, the rules word by word, without the memo. PageIn must find
// what it finds, violation for violation and in the same order, or refuse
// the page (FuzzPageAgainstTree).

// pageTree is the oracle: PageIn on the tree.
func pageTree(name string, page []byte, declarative string) []Violation {
	return pageTreeWith(name, page, declarative, checkOld)
}

// pageTreeWith is pageTree with another check of each text.
func pageTreeWith(name string, page []byte, declarative string, check func(s string, negative, declarative, identifier bool) []finding) []Violation {
	if strings.TrimSpace(declarative) == "" {
		return []Violation{{Page: name, Rule: "declarative", Word: "(no label word given)"}}
	}
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		return []Violation{{Page: name, Rule: "parse", Word: err.Error()}}
	}
	t := &tree{g: &guard{page: name, declarative: declarative}, checkText: check}
	t.walk(doc, false, false, false)
	return t.g.sorted()
}

// tree is the walk of a page's tree.
type tree struct {
	g         *guard
	checkText func(s string, negative, declarative, identifier bool) []finding
}

// text applies the rules to one piece of text of the tree.
func (t *tree) text(s string, negative, declarative, identifier bool) {
	for _, f := range t.checkText(s, negative, declarative, identifier) {
		t.g.add(Violation{Rule: f.rule, Word: f.word, Text: f.text})
	}
}

func attrOf(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

func (t *tree) walk(n *html.Node, negative, declarative, identifier bool) {
	g := t.g
	if n.Type == html.ElementNode {
		if n.Data == "style" {
			return
		}
		if f, ok := attrOf(n, "data-field"); ok {
			defer func(outer string) { g.field = outer }(g.field)
			g.field = f
		}
		if v, _ := attrOf(n, "data-negative"); v == "true" {
			negative = true
		}
		if v, _ := attrOf(n, "data-identifier"); v == "true" {
			identifier = true
		}
		if v, _ := attrOf(n, "data-declarative"); v == "true" {
			declarative = true
			if !strings.Contains(ownText(n), g.declarative) {
				g.add(Violation{Rule: "declarative", Word: g.declarative, Text: short(textOf(n))})
			}
		}
		if _, ok := attrOf(n, "data-participant"); ok && !hasDeclarative(n) {
			g.add(Violation{Rule: "declarative", Word: g.declarative, Text: short(textOf(n))})
		}
		for _, a := range n.Attr {
			switch {
			case a.Key == "class" || a.Key == "style" || a.Key == "id":
			default:
				t.text(a.Val, negative, declarative, identifier)
			}
		}
	}
	if n.Type == html.TextNode {
		t.text(n.Data, negative, declarative, identifier)
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		t.walk(c, negative, declarative, identifier)
	}
}

// ownText is the text of n's direct text children and of its span
// children: where the label word sits.
func ownText(n *html.Node) string {
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		} else if c.Type == html.ElementNode && c.Data == "span" {
			b.WriteString(textOf(c))
		}
	}
	return b.String()
}

func hasDeclarative(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			if v, _ := attrOf(c, "data-declarative"); v == "true" {
				return true
			}
			if hasDeclarative(c) {
				return true
			}
		}
	}
	return false
}

func textOf(n *html.Node) string {
	var b strings.Builder
	var f func(*html.Node)
	f = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			f(c)
		}
	}
	f(n)
	return b.String()
}

// checkOld applies the rules to one piece of text: the rules as first
// written, word by word, kept as the oracle of check (check.go).
func checkOld(s string, negative, declarative, identifier bool) []finding {
	var out []finding
	add := func(rule, word string) { out = append(out, finding{rule, word, short(s)}) }
	ascii := isASCII(s)
	if !ascii { // every emoji code point is above U+007F
		for _, r := range s {
			if isEmoji(r) {
				add("emoji", fmt.Sprintf("%c (U+%04X)", r, r))
			}
		}
	}
	for f := range strings.FieldsSeq(s) {
		if len(f) > maxEmoticon {
			continue
		}
		f = strings.ToLower(f)
		for _, e := range emoticons {
			if f == e {
				add("emoji", f)
			}
		}
	}
	plain := wordsSplit(s, false, !(identifier && wholeWords(s)))
	words := plain // an ASCII text has no accent to fold
	if !ascii {
		// The same words folded one by one: fold lowers, and lowering
		// twice is lowering once, so this is Words(s) without reading s
		// again.
		words = make([]string, len(plain))
		for i, w := range plain {
			words[i] = fold(w)
		}
	}
	for i, w := range words {
		if intentWord(w, plain[i]) {
			add("intent", w)
		}
	}
	if negative && !declarative {
		for i, name := range providerNames {
			if containsRun(words, providerRuns[i]) {
				add("provider", name)
			}
		}
	}
	return out
}

// intentWord reports whether a word imputes an intent: folded is the word
// as Words returns it (lower case, without accents), plain the same word
// in lower case with its accents.
func intentWord(folded, plain string) bool {
	return intentFR.matches(folded) || intentEN.matches(plain)
}

// matches reports whether w is one of the words or starts with a stem.
func (r *wordRule) matches(w string) bool {
	if w == "" {
		return false
	}
	if r.words[w] {
		return true
	}
	for _, stem := range r.stems[w[0]] {
		if strings.HasPrefix(w, stem) {
			return true
		}
	}
	return false
}

// containsRun reports whether words holds the run of words, each equal
// to its word of the run or, for the last one, followed by a version
// ("gpt4o", "llama3").
func containsRun(words, run []string) bool {
	for i := 0; i+len(run) <= len(words); i++ {
		ok := true
		for j, r := range run {
			w := words[i+j]
			if w != r && !(j == len(run)-1 && len(w) > len(r) && strings.HasPrefix(w, r) && w[len(r)] >= '0' && w[len(r)] <= '9') {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// Words splits s into its words, in lower case and without accents: runs
// of letters and digits, each camel-case word followed by its parts.
func Words(s string) []string { return wordsOf(s, true) }

// wordsOf is Words, the accents kept unless foldAccents; the two give the
// same words in the same order.
func wordsOf(s string, foldAccents bool) []string { return wordsSplit(s, foldAccents, true) }

// wordsSplit is wordsOf, each camel-case word followed by its parts only
// if camel.
func wordsSplit(s string, foldAccents, camel bool) []string {
	fold := fold
	if !foldAccents {
		fold = func(s string) string { return strings.ToLower(s) }
	}
	var out []string
	flush := func(w []rune) {
		if len(w) == 0 {
			return
		}
		out = append(out, fold(string(w)))
		if !camel {
			return
		}
		// camel-case parts: split before an upper-case letter that follows a
		// lower-case one.
		start := 0
		var parts []string
		for i := 1; i < len(w); i++ {
			if unicode.IsUpper(w[i]) && unicode.IsLower(w[i-1]) {
				parts = append(parts, string(w[start:i]))
				start = i
			}
		}
		if len(parts) > 0 {
			parts = append(parts, string(w[start:]))
			for _, p := range parts {
				out = append(out, fold(p))
			}
		}
	}
	var w []rune
	if !isASCII(s) {
		s = norm.NFC.String(s)
	}
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) {
			w = append(w, r)
			continue
		}
		flush(w)
		w = w[:0]
	}
	flush(w)
	return out
}
