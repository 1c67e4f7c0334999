package guard

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/net/html"
)

// demoPages returns every page of the built demo site (public/ of the
// repository), by path.
func demoPages(t testing.TB) map[string][]byte {
	t.Helper()
	root := filepath.Join("..", "..", "..", "..", "public")
	pages := map[string][]byte{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".html") {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, p)
			pages[filepath.ToSlash(rel)] = b
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) == 0 {
		t.Fatal("no page in public/: run go run ./cmd/proveit build")
	}
	return pages
}

// label is the label word of rule 4 of a demo page: English under en/.
func label(path string) string {
	if strings.HasPrefix(path, "en/") {
		return "declarative"
	}
	return French
}

// fast reports whether the fast path reads the page, and what it finds.
func fast(page []byte, word string) ([]Violation, bool) {
	g := &guard{page: "p.html", declarative: word}
	if !streamPage(page, g) {
		return nil, false
	}
	return g.sorted(), true
}

// TestDemoPagesTakeTheFastPath: every page the templates render is read
// in one pass, and finds what the tree finds.
func TestDemoPagesTakeTheFastPath(t *testing.T) {
	pages := demoPages(t)
	n := 0
	for path, page := range pages {
		got, ok := fast(page, label(path))
		if !ok {
			t.Errorf("%s: the fast path gives up", path)
			continue
		}
		n++
		if want := pageTree("p.html", page, label(path)); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: fast path %v, tree %v", path, got, want)
		}
	}
	t.Logf("%d of %d pages on the fast path", n, len(pages))
}

// doc wraps body content in a page of the templates' shape.
func doc(body string) string {
	return `<!DOCTYPE html><html lang="fr"><head><title>t</title></head><body>` + body + `</body></html>`
}

// treeDifferences are pages on which html.Parse builds a tree that is not
// the nesting of the tags as written, or reads text or attributes in a
// way of its own: the fast path must give up on each. Where it can, a
// case is written so that reading the tags as written would give another
// verdict (a provider name that the tree takes out of its negative
// element, a word the tree joins or splits, another field or text).
var treeDifferences = []struct{ name, page string }{
	{"implied </p> before a block", doc(`<p data-negatif="oui">x<div>Claude</div></p>`)},
	{"implied </p> before a table", doc(`<p data-negatif="oui">x<table><tbody><tr><td>Claude</td></tr></tbody></table></p>`)},
	{"implied </p> before a heading", doc(`<p data-negatif="oui">x<h2>Claude</h2></p>`)},
	{"implied </p> before a list item", doc(`<div><p data-negatif="oui">x<li>Claude</li></p></div>`)},
	{"implied </li>", doc(`<ul><li data-negatif="oui">a<li>Claude</li></li></ul>`)},
	{"implied </li> through a div", doc(`<ul><li data-negatif="oui">a<div><li>Claude</li></div></li></ul>`)},
	{"implied </dd>", doc(`<dl><dd data-negatif="oui">a<dt>Claude</dt></dd></dl>`)},
	{"implied </td>", doc(`<table><tbody><tr><td data-negatif="oui">a<td>Claude</td></td></tr></tbody></table>`)},
	{"implied </tr>", doc(`<table><tbody><tr data-negatif="oui"><td>a</td><tr><td>Claude</td></tr></tr></tbody></table>`)},
	{"implied tbody", doc(`<table><tr data-participant="x"><td data-declaratif="oui">Go déclarative</td></tr></table>`)},
	{"implied tr", doc(`<table><tbody><td>a</td></tbody></table>`)},
	{"foster-parented text", doc(`<table data-negatif="oui">Claude<tbody><tr><td>x</td></tr></tbody></table>`)},
	{"foster-parented element", doc(`<table data-negatif="oui"><span>Claude</span><tbody><tr><td>x</td></tr></tbody></table>`)},
	{"foster-parented text in a row", doc(`<table><tbody><tr data-negatif="oui">GPT-4o<td>x</td></tr></tbody></table>`)},
	{"heading in heading", doc(`<h1 data-negatif="oui">x<h2>Claude</h2></h1>`)},
	{"nested link", doc(`<a href="x" data-negatif="oui">a<a href="y">Claude</a></a>`)},
	{"misnested formatting", doc(`<b><i>tri</b>cheur</i>`)},
	{"misnested block", doc(`<div><span>a</div>b</span>`)},
	{"end tag without element", doc(`<div data-negatif="oui">a</span>Claude</div>`)},
	{"unknown end tag", doc(`<div><x-y data-negatif="oui">a</x-z>Claude</div>`)},
	{"</br>", doc(`<p data-negatif="oui">a</br>Claude</p>`)},
	{"</p> without p", doc(`<div data-negatif="oui">a</p>Claude</div>`)},
	{"self-closing div", doc(`<div data-negatif="oui"/>Claude`)},
	{"self-closing span", doc(`<p data-participant="x"><span data-declaratif="oui"/>déclarative</p>`)},
	{"self-closing title", `<!DOCTYPE html><html><head><title/>tricheur</title></head><body></body></html>`},
	{"textarea", doc(`<textarea>` + "\n" + `tricheur</textarea>`)},
	{"noscript", doc(`<noscript>tri<b>cheur</b></noscript>`)},
	{"xmp", doc(`<xmp><b>tricheur</b></xmp>`)},
	{"iframe", doc(`<iframe>tricheur</iframe>`)},
	{"plaintext", doc(`<plaintext>tricheur</plaintext>`)},
	{"script escape", doc(`<p><script><!--<script>a</script>tricheur--></p>`)},
	{"select", doc(`<select><option>a<option>tricheur</select>`)},
	{"form", doc(`<form><form>x</form></form>`)},
	{"button in button", doc(`<button>a<button>b</button></button>`)},
	{"nobr", doc(`<nobr>a<nobr>b</nobr></nobr>`)},
	{"template", doc(`<template>tricheur</template>`)},
	{"math", doc(`<math><mi>tricheur</mi></math>`)},
	{"svg breakout", doc(`<svg data-negatif="oui"><p>Claude</p></svg>`)},
	{"svg integration point content", doc(`<svg><desc><b>tri</b>cheur</desc></svg>`)},
	{"HTML in an svg integration point", doc(`<svg><desc><title><g data-negatif="oui">Claude</g></title></desc></svg>`)},
	{"svg renamed element", doc(`<svg><foreignObject><p>x</p></foreignObject></svg>`)},
	{"svg style", doc(`<svg><style><text data-negatif="oui">Claude</text></style></svg>`)},
	{"CDATA in svg", doc(`<svg><text>tri<![CDATA[ch]]>eur</text></svg>`)},
	{"comment splits a text", doc(`<p>tri<!-- -->cheur</p>`)},
	{"comment", doc(`<!-- tricheur --><p>x</p>`)},
	{"</>", doc(`tri</>cheur`)},
	{"bogus comment", doc(`a</ tricheur>c`)},
	{"processing instruction", doc(`<?xml tricheur?>a`)},
	{"other doctype", `<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN"><html><head></head><body><p data-negatif="oui">a<table></table>Claude</p></body></html>`},
	{"NUL", doc("tri\x00cheur")},
	{"CR in a field", doc("<p data-champ=\"a\r\nb\">tricheur</p>")},
	{"text after </body>", `<!DOCTYPE html><html><head></head><body><p>a</p></body>tricheur</html>`},
	{"element after </body>", `<!DOCTYPE html><html><head></head><body></body><p>tricheur</p></html>`},
	{"text after </html>", `<!DOCTYPE html><html><head></head><body></body></html>tricheur`},
	{"second body", doc(`<body data-negatif="oui">Claude`)},
	{"second html", doc(`<html data-champ="agent">tricheur`)},
	{"text in head", `<!DOCTYPE html><html data-negatif="oui"><head data-champ="x">Claude</head><body></body></html>`},
	{"element in head", `<!DOCTYPE html><html><head data-champ="x"><div>tricheur</div></head><body></body></html>`},
	{"no html", `<!DOCTYPE html><head></head><body>tricheur</body>`},
	{"no body", `<!DOCTYPE html><html><head></head>tricheur</html>`},
	{"unclosed", `<!DOCTYPE html><html><head></head><body><p>tricheur`},
	{"end of input in a tag", `<!DOCTYPE html><html><head></head><body><p title="tricheur`},
	{"ambiguous reference in an attribute", doc(`<p title="&ampx=tricheur">a</p>`)},
	{"too deep", doc(strings.Repeat("<div>", 600) + "tricheur" + strings.Repeat("</div>", 600))},
	{"image", doc(`<image alt="tricheur">`)},
	{"hr", doc(`<p data-negatif="oui">a<hr title="Claude"></p>`)},
	{"frameset", `<!DOCTYPE html><html><head></head><frameset><frame></frameset></html>`},
	{"caption outside a table", doc(`<caption>tricheur</caption>`)},
	{"col", doc(`<table><col><tbody><tr><td>x</td></tr></tbody></table>`)},
	{"table in table", doc(`<table><table><tbody><tr><td>x</td></tr></tbody></table></table>`)},
}

// TestFallbackTaken: the fast path gives up on each tree difference.
func TestFallbackTaken(t *testing.T) {
	for _, c := range treeDifferences {
		if _, ok := fast([]byte(c.page), French); ok {
			t.Errorf("%s: the fast path reads %q", c.name, c.page)
		}
	}
}

// TestTreeDifferencesAgainstTree: on each tree difference, PageIn says
// what the tree says.
func TestTreeDifferencesAgainstTree(t *testing.T) {
	for _, c := range treeDifferences {
		for _, w := range []string{French, "declarative"} {
			if got, want := PageIn("p.html", []byte(c.page), w), pageTree("p.html", []byte(c.page), w); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: PageIn %v, tree %v", c.name, got, want)
			}
		}
	}
}

// fastPages are pages the fast path reads, on each point where it models
// what the tree builder does: it must find what the tree finds.
var fastPages = []struct{ name, page string }{
	{"a row", doc(`<table><tbody><tr data-participant="x" data-negatif="oui"><th>Agent Claude</th><td data-declaratif="oui">Claude via API <span class="decl">(déclarative, non vérifiée)</span></td></tr></tbody></table>`)},
	{"unlabelled stack", doc(`<table><tbody><tr data-participant="x"><th>A</th><td data-declaratif="oui">Go</td></tr><tr data-participant="y"><th>B</th><td>Go (déclarative)</td></tr></tbody></table>`)},
	{"label in a nested span", doc(`<p data-participant="x"><span data-declaratif="oui">Go <span><b>décla</b></span><span>rative</span></span></p>`)},
	{"label in a non-span child", doc(`<p data-participant="x"><span data-declaratif="oui">Go <b>déclarative</b></span></p>`)},
	{"nested declared stacks", doc(`<div data-participant="x" data-champ="stack"><span data-declaratif="oui">a <span data-declaratif="oui">déclarative</span></span></div>`)},
	{"declared stack in style", doc(`<p data-participant="x"><style data-declaratif="oui">déclarative</style></p>`)},
	{"style is not read", doc(`<style data-negatif="oui" title="tricheur">tricheur Claude</style><p>x</p>`)},
	{"script is read", doc(`<script type="application/ld+json">{"a":"tricheur"}</script>`)},
	{"title is read", `<!DOCTYPE html><html><head><title>Tricheur &amp; menteur</title></head><body></body></html>`},
	{"formatting attributes reordered", doc(`<a title="un menteur" href="menteur"><code data-z="une fraude" data-a="fraude">x</code></a><b data-b="Escroc" data-a="escroc">y</b><span title="un lie" data-a="lie">z</span>`)},
	{"field", doc(`<div>Récit : <blockquote data-champ="narrative">il a menti</blockquote></div><p data-champ="agent">Agent honnête</p>`)},
	{"pre newline", doc("<pre data-participant=\"x\">\ntricheur</pre><pre>\n\n<b>x</b></pre><pre>\n</pre><pre data-declaratif=\"oui\">\ndéclarative</pre>")},
	{"text after </body>", "<!DOCTYPE html><html><head></head><body data-participant=\"x\"><p>a tricheur</p>tri</body>\n</html>\n"},
	{"svg", doc(`<figure><svg viewBox="0 0 10 10" role="img" aria-labelledby="t"><title id="t">Claude tricheur</title><desc>menteur</desc><g data-negatif="oui"><circle cx="1" cy="1" r="1"/><text x="1">GPT-4o</text><text><tspan>Llama</tspan> 3</text></g></svg></figure>`)},
	{"references", doc(`<p title="l&#39;agent &amp; &#x74;richeur">l&#39;agent &ampx; &copy tricheur&#8217;s &#128512;</p><p title="&apos;menteur&apos; &quot;x&quot; &lt;b&gt;" data-negatif="oui">&apos;Claude&apos; &quot;x&quot; &lt;b&gt; &#x1F600;</p>`)},
	{"unknown element", doc(`<x-y data-negatif="oui">Claude</x-y>`)},
	{"void elements", doc(`<p>a<br>b<img alt="tricheur"><br/>c<wbr>d<input value="Claude" data-negatif="oui"></p>`)},
	{"repeated attribute", doc(`<p data-negatif="non" data-negatif="oui">Claude A</p><p data-negatif="oui" data-negatif="non">Claude B</p>`)},
	{"unquoted attributes", doc(`<p title=tricheur/>x</p><p data-negatif=oui>Claude</p><a href=x/>y</a>`)},
	{"caption", doc(`<table data-participant="x"><caption>tricheur</caption><thead><tr><th>a</th></tr></thead><tbody><tr><td data-declaratif="oui">déclarative</td></tr></tbody></table>`)},
	{"lists", doc(`<ul><li>a<ul><li>b</li></ul></li></ul><dl><dt>x</dt><dd>menteur</dd></dl><details><summary>s</summary>t</details>`)},
	{"no head", `<!DOCTYPE html><html lang="fr"><body><p>tricheur</p></body></html>`},
	{"no doctype", `<html><head></head><body><p>a</p><table><tbody><tr><td>b</td></tr></tbody></table></body></html>`},
	{"white space everywhere", "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n</head>\n<body>\n<table>\n<tbody>\n<tr>\n<td>x</td>\n</tr>\n</tbody>\n</table>\n</body>\n</html>\n"},
}

// TestFastPathAgainstTree: the fast path reads each of fastPages, and
// finds what the tree finds.
func TestFastPathAgainstTree(t *testing.T) {
	for _, c := range fastPages {
		// "\ndéclarative": a label word that begins with the newline a
		// <pre> drops.
		for _, w := range []string{French, "declarative", "\ndéclarative"} {
			got, ok := fast([]byte(c.page), w)
			if !ok {
				t.Errorf("%s: the fast path gives up on %q", c.name, c.page)
				continue
			}
			if want := pageTree("p.html", []byte(c.page), w); !reflect.DeepEqual(got, want) {
				t.Errorf("%s (%s):\nfast %v\ntree %v", c.name, w, got, want)
			}
		}
	}
}

// FuzzPageAgainstTree: on any bytes, PageIn finds what the tree walk of
// the first implementation finds (pageTree, checkOld), violation for
// violation, in the same order; and check finds what checkOld finds on
// any text.
func FuzzPageAgainstTree(f *testing.F) {
	for _, page := range demoPages(f) {
		f.Add(page)
	}
	for _, c := range treeDifferences {
		f.Add([]byte(c.page))
	}
	for _, c := range fastPages {
		f.Add([]byte(c.page))
	}
	f.Fuzz(func(t *testing.T, page []byte) {
		for _, w := range []string{French, "declarative"} {
			if got, want := PageIn("p.html", page, w), pageTree("p.html", page, w); !reflect.DeepEqual(got, want) {
				t.Fatalf("word %q: PageIn %v, tree %v", w, got, want)
			}
		}
		if msg := lexAgainstTokenizer(page); msg != "" {
			t.Fatal(msg)
		}
		if len(page) > 4096 {
			return
		}
		for _, neg := range []bool{false, true} {
			for _, id := range []bool{false, true} {
				if got, want := check(page, neg, id), checkOld(string(page), neg, false, id); !reflect.DeepEqual(got, want) {
					t.Fatalf("check %q (provider %v, identifier %v) = %v, checkOld %v", page, neg, id, got, want)
				}
			}
		}
	})
}

// oldMemo is checkOld behind the memo of the first implementation: a map
// keyed by text and context under a lock, texts up to oldMemoTextSize
// bytes, its first oldMemoSize texts.
type oldMemo struct {
	sync.RWMutex
	m map[oldKey][]finding
}

const (
	oldMemoSize     = 1 << 18
	oldMemoTextSize = 256
)

type oldKey struct {
	text                              string
	negative, declarative, identifier bool
}

func (o *oldMemo) check(s string, negative, declarative, identifier bool) []finding {
	k := oldKey{s, negative, declarative, identifier}
	o.RLock()
	fs, ok := o.m[k]
	o.RUnlock()
	if !ok {
		fs = checkOld(s, negative, declarative, identifier)
		if len(s) <= oldMemoTextSize {
			o.Lock()
			if len(o.m) < oldMemoSize {
				o.m[k] = fs
			}
			o.Unlock()
		}
	}
	return fs
}

// oldGuard is the guard as the build ran it before the fast path: the
// tree walk and checkOld behind a memo of its own.
func oldGuard(tb testing.TB) func(name string, page []byte, word string) []Violation {
	om := &oldMemo{m: map[oldKey][]finding{}}
	return func(name string, page []byte, word string) []Violation {
		doc, err := html.Parse(bytes.NewReader(page))
		if err != nil {
			tb.Fatal(err)
		}
		g := &guard{page: name, declarative: word, checkText: om.check}
		g.walk(doc, false, false, false)
		return g.sorted()
	}
}

// BenchmarkDemoPages: the guard on every page of the built demo. new is
// PageIn; old is the first implementation as the build ran it (the tree,
// checkOld behind its memo, warm after the first round); oldNoMemo is
// pageTree, the oracle (the tree, checkOld, no memo). new's memo is warm
// too. The ratio old/new is the speed-up of this change.
func BenchmarkDemoPages(b *testing.B) {
	pages := demoPages(b)
	var paths []string
	var size int64
	for p, page := range pages {
		paths = append(paths, p)
		size += int64(len(page))
	}
	slices.Sort(paths)
	for _, c := range []struct {
		name string
		page func(string, []byte, string) []Violation
	}{{"new", PageIn}, {"old", oldGuard(b)}, {"oldNoMemo", pageTree}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(size)
			b.ReportAllocs()
			for b.Loop() {
				for _, p := range paths {
					c.page(p, pages[p], label(p))
				}
			}
		})
	}
}

// TestCheckAgainstOld: check finds what checkOld finds, on texts that
// hold every code point up to U+3000 in a word (the accents, the
// cases, the marks), and on the texts of TestFoldedWordsAreWords.
func TestCheckAgainstOld(t *testing.T) {
	texts := []string{
		"", "plain ASCII words, CamelCase too", "Écart entre déclaration et reçus", "ÉtéPrévu œuvre Œdipe straße",
		"e\u0301te\u0301 decomposed", "İstanbul ǅemal ﬁne", "ÀBCdéFGhï 42ème", "智能体 ДоклаД Ωmega",
		"Agent TRICHÉ :) xD <3 ;-)", "Claude 3 GPT-4o meta llama3 Llama 3 \u212Aelvin", "tri\xffcheur \xe9t\xe9",
	}
	for r := rune(0); r < 0x3000; r++ {
		texts = append(texts, "Tri"+string(r)+"cheur é"+string(r)+"e "+string(r)+"Lie")
	}
	// ASCII texts, which check reads byte by byte: every byte beside a
	// word, a camel-case part, an emoticon and a provider's version.
	texts = append(texts, "Agent TRICHE :) xD <3 ;-) XD :-P ^_^ O_o", "Claude 3 GPT-4o meta llama3 Llama 3 mistral", "a\v:)\tb\f:(\r:/ :/x", "liar\fLiar SuperCheater fooBarLie x9Lie ABCLie",
		"did:key:z6MkoE9dTrgYWPzNeYFoZRZFHaQYfbXAiYQCnRt9FeYroa53", "did:key:z6MkwWtoLJXL82gTWQnPsWBzV3XSvFsX2fwXKd6FmFibVGjz")
	for c := range 128 {
		r := string(rune(c))
		texts = append(texts, "Tri"+r+"cheur e"+r+"e "+r+"Lie :"+r+" x"+r+" "+r+"xd gpt"+r+"4 meta"+r+"llama "+r+":)", "did:key:Super"+r+"Tricheur")
	}
	for _, s := range texts {
		for _, provider := range []bool{false, true} {
			for _, id := range []bool{false, true} {
				if got, want := check([]byte(s), provider, id), checkOld(s, provider, false, id); !reflect.DeepEqual(got, want) {
					t.Errorf("%q (provider %v, identifier %v): check %v, checkOld %v", s, provider, id, got, want)
				}
			}
		}
	}
}

// TestListItemsAgainstTree: an <li>, <dd> or <dt> closes an open one
// unless a "special" element other than address, div and p lies between
// them; the fast path's list of special elements is the tree builder's,
// element for element (a name it took for special would let it read a
// list item inside another that the tree closes).
func TestListItemsAgainstTree(t *testing.T) {
	for _, n := range elementNames() {
		for _, li := range [][2]string{{"ul", "li"}, {"dl", "dd"}, {"dl", "dt"}} {
			page := doc(`<` + li[0] + `><` + li[1] + ` data-negatif="oui">a<` + n + `><` + li[1] + `>Claude</` + li[1] + `></` + n + `></` + li[1] + `></` + li[0] + `>`)
			for _, w := range []string{French} {
				if got, want := PageIn("p.html", []byte(page), w), pageTree("p.html", []byte(page), w); !reflect.DeepEqual(got, want) {
					t.Errorf("%s: PageIn %v, tree %v", page, got, want)
				}
			}
		}
	}
}

// elementNames are the tag names of the tests of elements in context:
// every name the tree builder treats in a way of its own, every special
// one, the SVG ones the fast path reads, and ordinary ones.
func elementNames() []string {
	names := []string{"span", "search", "time", "abbr", "label", "x-y", "menuitem", "slot", "data", "output", "mark", "q", "cite", "sub", "sup", "bdi", "ruby", "picture", "video", "audio", "canvas", "map", "del", "ins", "kbd", "samp", "var", "dfn", "progress", "meter", "foreignobject", "annotation-xml", "mi", "font"}
	for a := range special {
		names = append(names, a.String())
	}
	for a := range bodySpecial {
		names = append(names, a.String())
	}
	for n := range svgElements {
		names = append(names, n)
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// TestElementsInContextsAgainstTree: every element name, in the contexts
// where the tree builder moves, closes or reinterprets things, is read
// by PageIn as the tree reads it.
func TestElementsInContextsAgainstTree(t *testing.T) {
	contexts := []string{
		doc(`<p data-negatif="oui">a<N title="Claude x">Claude</N>b</p>Claude`),
		doc(`<div><p data-negatif="oui">a<N>Claude</N></p></div>`),
		doc(`<ul><li data-negatif="oui"><N>Claude</N></li></ul>`),
		doc(`<table><tbody><tr><td data-negatif="oui"><N>Claude</N></td></tr></tbody></table>`),
		doc(`<table data-negatif="oui"><N>Claude</N><tbody><tr><td>x</td></tr></tbody></table>`),
		doc(`<table><tbody data-negatif="oui"><N>Claude</N><tr><td>x</td></tr></tbody></table>`),
		doc(`<table><tbody><tr data-negatif="oui"><N>Claude</N><td>x</td></tr></tbody></table>`),
		doc(`<table data-negatif="oui"><caption><N>Claude</N></caption></table>`),
		doc(`<div><N data-negatif="oui"/>Claude</div>`),
		doc(`<div><N data-negatif="oui">Claude</div>`),
		doc(`<svg data-negatif="oui"><N>Claude</N></svg>`),
		doc(`<svg><g data-negatif="oui"><N/>Claude</g></svg>`),
		doc(`<svg><desc data-negatif="oui"><N>Claude</N></desc></svg>`),
		`<!DOCTYPE html><html><head><N>Claude</N></head><body data-negatif="oui"></body></html>`,
		`<!DOCTYPE html><html data-negatif="oui"><head></head><N>Claude</N><body></body></html>`,
		doc(`<b data-negatif="oui"><N>Claude</N></b>`),
		doc(`<a data-negatif="oui"><N>Claude</N></a>x`),
		doc(`<h2 data-negatif="oui">a<N>Claude</N></h2>`),
		doc(`<pre data-negatif="oui"><N>` + "\n" + `Claude</N></pre>`),
		doc(`<span data-negatif="oui"><N>Claude</N></span>`),
	}
	for _, n := range elementNames() {
		for _, c := range contexts {
			page := []byte(strings.ReplaceAll(c, "N", n))
			if got, want := PageIn("p.html", page, French), pageTree("p.html", page, French); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: PageIn %v, tree %v", page, got, want)
			}
		}
	}
}

// lexAgainstTokenizer reads page with the fast path's lexer and with
// x/net/html's tokenizer, token by token, up to the first token the lexer
// refuses, and returns how they differ ("" if they do not). Raw text
// follows every title, style and script start tag, as in HTML content;
// the comparison stops at the other start tags the tokenizer reads raw
// text after (the fast path refuses them).
func lexAgainstTokenizer(page []byte) string {
	if bytes.IndexByte(page, 0) >= 0 || bytes.IndexByte(page, '\r') >= 0 {
		return ""
	}
	z := &lexer{b: page}
	x := html.NewTokenizer(bytes.NewReader(page))
	for {
		kind, ok := z.next()
		if !ok {
			return ""
		}
		tt := x.Next()
		switch kind {
		case tokEOF:
			if tt != html.ErrorToken {
				return fmt.Sprintf("lexer at the end, tokenizer %v %q", tt, x.Raw())
			}
			return ""
		case tokText:
			if tt != html.TextToken || string(x.Text()) != string(z.text) {
				return fmt.Sprintf("lexer text %q, tokenizer %v %q", z.text, tt, x.Raw())
			}
		case tokDoctype:
			if tt != html.DoctypeToken {
				return fmt.Sprintf("lexer doctype, tokenizer %v %q", tt, x.Raw())
			}
		case tokEnd:
			name, _ := x.TagName()
			if tt != html.EndTagToken || string(name) != string(z.name) {
				return fmt.Sprintf("lexer end tag %q, tokenizer %v %q", z.name, tt, x.Raw())
			}
		case tokStart, tokSelfClosing:
			want := html.StartTagToken
			if kind == tokSelfClosing {
				want = html.SelfClosingTagToken
			}
			name, more := x.TagName()
			if tt != want || string(name) != string(z.name) {
				return fmt.Sprintf("lexer tag %q (%v), tokenizer %v %q", z.name, kind, tt, x.Raw())
			}
			var attrs []lexAttr
			for more {
				var k, v []byte
				k, v, more = x.TagAttr()
				attrs = append(attrs, lexAttr{bytes.Clone(k), bytes.Clone(v)})
			}
			if len(attrs) != len(z.attrs) {
				return fmt.Sprintf("tag %q: lexer %d attributes, tokenizer %d", z.name, len(z.attrs), len(attrs))
			}
			for i := range attrs {
				if string(attrs[i].key) != string(z.attrs[i].key) || string(attrs[i].val) != string(z.attrs[i].val) {
					return fmt.Sprintf("tag %q: lexer attribute %q=%q, tokenizer %q=%q", z.name, z.attrs[i].key, z.attrs[i].val, attrs[i].key, attrs[i].val)
				}
			}
			switch string(z.name) {
			case "title", "style", "script":
				z.raw = string(z.name)
			case "iframe", "noembed", "noframes", "noscript", "plaintext", "textarea", "xmp":
				return ""
			}
		}
	}
}

// TestLexerAgainstTokenizer: on the demo pages and the test pages, the
// fast path's lexer reads the tokens x/net/html's tokenizer reads.
func TestLexerAgainstTokenizer(t *testing.T) {
	var pages [][]byte
	for _, p := range demoPages(t) {
		pages = append(pages, p)
	}
	for _, c := range append(append([]struct{ name, page string }{}, treeDifferences...), fastPages...) {
		pages = append(pages, []byte(c.page))
	}
	for _, p := range pages {
		if msg := lexAgainstTokenizer(p); msg != "" {
			t.Errorf("%.80q…: %s", p, msg)
		}
	}
}

// TestPoolKeepsNoPage: a stream is reset for the pool with nothing that
// points into the page it read (an attribute's key or value, a text or a
// tag name may be a slice of the page's bytes), so that the pool keeps no
// page alive, and with the fields it met as strings.
func TestPoolKeepsNoPage(t *testing.T) {
	page := []byte(doc(`<p title="abc" lang="fr" data-champ="agent">texte</p>`))
	s := new(stream)
	if !s.read(page, &guard{page: "p.html", declarative: French}) {
		t.Fatal("the fast path gives up")
	}
	if len(s.z.attrs) == 0 {
		t.Fatal("the stream read no attribute")
	}
	s.reset()
	z := &s.z
	if z.b != nil || z.text != nil || z.name != nil {
		t.Error("the reset lexer keeps the page, its text or a tag name")
	}
	if cap(z.attrs) == 0 {
		t.Error("the reset lexer lost its buffer of attributes")
	}
	for i, a := range z.attrs[:cap(z.attrs)] {
		if a.key != nil || a.val != nil {
			t.Errorf("attribute %d of the reset lexer holds %q=%q", i, a.key, a.val)
		}
	}
	if s.fields["agent"] != "agent" {
		t.Errorf("the reset stream lost the fields it met: %v", s.fields)
	}
}

// TestFieldsKeptBounded: the data-champ values the stream keeps as
// strings from page to page are what the page says, met once or again,
// and at most maxFields of them; every violation names its own field.
func TestFieldsKeptBounded(t *testing.T) {
	s := &stream{}
	for round := range 2 {
		for i := range 2 * maxFields {
			v := fmt.Sprintf("champ-%d", i)
			if got := s.field([]byte(v)); got != v {
				t.Fatalf("round %d: field %q read as %q", round, v, got)
			}
		}
	}
	if len(s.fields) > maxFields {
		t.Errorf("%d fields kept, past %d", len(s.fields), maxFields)
	}
	var body strings.Builder
	for i := range 2 * maxFields {
		fmt.Fprintf(&body, `<p data-champ="c%d">triche</p>`, i)
	}
	page := []byte(doc(body.String()))
	for range 2 {
		vs, ok := fast(page, French)
		if !ok || len(vs) != 2*maxFields {
			t.Fatalf("fast path %v, %d violations", ok, len(vs))
		}
		seen := map[string]bool{}
		for _, v := range vs {
			seen[v.Field] = true
		}
		for i := range 2 * maxFields {
			if !seen[fmt.Sprintf("c%d", i)] {
				t.Errorf("no violation in field c%d", i)
			}
		}
	}
}
