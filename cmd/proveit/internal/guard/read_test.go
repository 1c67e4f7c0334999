package guard

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// demoPages returns every page of the built demo site (public/ of the
// repository) that the build guards, by path: its HTML pages and its Atom
// feed, which the guard reads as a browser reads it, as HTML.
func demoPages(t testing.TB) map[string][]byte {
	t.Helper()
	root := filepath.Join("..", "..", "..", "..", "public")
	pages := map[string][]byte{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && (strings.HasSuffix(p, ".html") || strings.HasSuffix(p, ".xml")) {
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

// doc wraps body content in a page of the templates' shape.
func doc(body string) string {
	return `<!DOCTYPE html><html lang="fr"><head><title>t</title></head><body>` + body + `</body></html>`
}

// refusal reports whether PageIn refused the page.
func refusal(vs []Violation) bool { return len(vs) == 1 && vs[0].Rule == "markup" }

// againstTree reads page with PageIn and with the oracle, and reports an
// error if PageIn neither finds what the tree finds, violation for
// violation and in the same order, nor refuses the page; read is whether
// PageIn read it.
func againstTree(t testing.TB, name string, page []byte, word string) (read bool) {
	t.Helper()
	got := PageIn("p.html", page, word)
	if refusal(got) {
		return false
	}
	if want := pageTree("p.html", page, word); !reflect.DeepEqual(got, want) {
		t.Errorf("%s (word %q): %.200q\nPageIn %v\ntree   %v", name, word, page, got, want)
	}
	return true
}

// TestDemoPagesReadAsTheTree: every page the templates render is read,
// never refused, and the guard finds on it what the tree finds, which is
// what the guard found on it before it read tokens (its verdicts were the
// tree's, held so by this test).
func TestDemoPagesReadAsTheTree(t *testing.T) {
	pages := demoPages(t)
	for path, page := range pages {
		got := PageIn(path, page, label(path))
		if refusal(got) {
			t.Errorf("%s: refused: %v", path, got)
			continue
		}
		if want := pageTree(path, page, label(path)); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: PageIn %v, tree %v", path, got, want)
		}
	}
	t.Logf("%d pages", len(pages))
}

// refusedPages are pages on which html.Parse builds a tree that is not
// the nesting of the tags as written, in a way the reader does not
// follow: it must refuse each. Where it can, a case is written so that
// reading the tags as written would give another verdict (a provider name
// that the tree takes out of its negative element, a word the tree joins
// or splits, another field or text).
var refusedPages = []struct{ name, page string }{
	{"implied </p> before a block", doc(`<p data-negative="true">x<div>Claude</div></p>`)},
	{"implied </p> before a table", doc(`<p data-negative="true">x<table><tbody><tr><td>Claude</td></tr></tbody></table></p>`)},
	{"implied </p> before a heading", doc(`<p data-negative="true">x<h2>Claude</h2></p>`)},
	{"implied </p> before a list item", doc(`<div><p data-negative="true">x<li>Claude</li></p></div>`)},
	{"implied </p> before a rule", doc(`<p data-negative="true">a<hr title="Claude"></p>`)},
	{"blockquote in a paragraph", `<html lang="fr"><body><p>Récit : <blockquote data-field="narrative">il a menti</blockquote></p><p data-field="agent">Agent honnête</p></body></html>`},
	{"implied </li>", doc(`<ul><li data-negative="true">a<li>Claude</li></li></ul>`)},
	{"implied </li> through a div", doc(`<ul><li data-negative="true">a<div><li>Claude</li></div></li></ul>`)},
	{"implied </dd>", doc(`<dl><dd data-negative="true">a<dt>Claude</dt></dd></dl>`)},
	{"implied </td>", doc(`<table><tbody><tr><td data-negative="true">a<td>Claude</td></td></tr></tbody></table>`)},
	{"implied </tr>", doc(`<table><tbody><tr data-negative="true"><td>a</td><tr><td>Claude</td></tr></tr></tbody></table>`)},
	{"implied tr", doc(`<table><tbody><td>a</td></tbody></table>`)},
	{"implied </tbody>", doc(`<table><tbody data-negative="true"><tr><td>a</td></tr></table><p>Claude</p>`)},
	{"foster-parented text joins the text before, in a paragraph", doc(`<p>tri<span><table>cheur<tbody><tr><td>x</td></tr></tbody></table></span></p>`)},
	{"foster-parented text around a participant row", doc(`<table><tbody><tr data-participant="x"><td data-declarative="true">Go (déclarative)</td></tr></tbody></table><div data-participant="y"><table>Claude<tbody><tr><td data-declarative="true">déclarative</td></tr></tbody></table></div>`)},
	{"foster-parented text in a declared stack", doc(`<dl><dd data-declarative="true"><table>déclarative<tbody><tr><td>x</td></tr></tbody></table></dd></dl>`)},
	{"foster-parented element", doc(`<table data-negative="true"><span>Claude</span><tbody><tr><td>x</td></tr></tbody></table>`)},
	{"style in a table", doc(`<table data-participant="x"><style>déclarative</style><tbody><tr><td data-declarative="true">Go</td></tr></tbody></table>`)},
	{"html tag with a data-* attribute after text", `<!DOCTYPE html>tricheur<html data-negative="true"><head></head><body>Claude</body></html>`},
	{"body tag with a data-* attribute after text", `<!DOCTYPE html><html><head></head>x<body data-field="agent">tricheur</body></html>`},
	{"heading in heading", doc(`<h1 data-negative="true">x<h2>Claude</h2></h1>`)},
	{"nested link", doc(`<a href="x" data-negative="true">a<a href="y">Claude</a></a>`)},
	{"misnested formatting", doc(`<b><i>tri</b>cheur</i>`)},
	{"misnested formatting into a block", doc(`<b data-negative="true">x<div>Claude</b></div>`)},
	{"misnested block", doc(`<div><span>a</div>b</span>`)},
	{"end tag without element", doc(`<div data-negative="true">a</span>Claude</div>`)},
	{"unknown end tag", doc(`<div><x-y data-negative="true">a</x-z>Claude</div>`)},
	{"</br>", doc(`<p data-negative="true">a</br>Claude</p>`)},
	{"</p> without p", doc(`<div data-negative="true">a</p>Claude</div>`)},
	{"noscript", doc(`<noscript>tri<b>cheur</b></noscript>`)},
	{"xmp", doc(`<xmp><b>tricheur</b></xmp>`)},
	{"iframe", doc(`<iframe>tricheur</iframe>`)},
	{"plaintext", doc(`<plaintext>tricheur</plaintext>`)},
	{"select", doc(`<select><option>a<option>tricheur</select>`)},
	{"form", doc(`<form><form>x</form></form>`)},
	{"button in button", doc(`<button>a<button>b</button></button>`)},
	{"nobr", doc(`<nobr>a<nobr>b</nobr></nobr>`)},
	{"template", doc(`<template>tricheur</template>`)},
	{"math", doc(`<math><mi>tricheur</mi></math>`)},
	{"svg breakout", doc(`<svg data-negative="true"><p>Claude</p></svg>`)},
	{"svg integration point content", doc(`<svg><desc><b>tri</b>cheur</desc></svg>`)},
	{"HTML in an svg integration point", doc(`<svg><desc><title><g data-negative="true">Claude</g></title></desc></svg>`)},
	{"svg end tag of an outer element", doc(`<svg><g data-negative="true"><text>a</svg>Claude`)},
	{"other doctype", `<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN"><html><head></head><body><p data-negative="true">a<table></table>Claude</p></body></html>`},
	{"second doctype", doc(`a<!DOCTYPE html>b`)},
	{"second body", doc(`<body data-negative="true">Claude`)},
	{"second html", doc(`<html data-field="agent">tricheur`)},
	{"title after the head", `<!DOCTYPE html><html><head></head><title data-negative="true">Claude</title><body></body></html>`},
	{"text before html", `tricheur<!DOCTYPE html><html><head></head><body></body></html>`},
	{"too deep", doc(strings.Repeat("<div>", 600) + "tricheur" + strings.Repeat("</div>", 600))},
	{"too deep for the reader only", doc(strings.Repeat("<span>", 505) + "tricheur")},
	{"image", doc(`<image alt="tricheur">`)},
	{"frameset", `<!DOCTYPE html><html><head></head><frameset><frame></frameset></html>`},
	{"caption outside a table", doc(`<caption>tricheur</caption>`)},
	{"col", doc(`<table><col><tbody><tr><td>x</td></tr></tbody></table>`)},
	{"table in table", doc(`<table><table><tbody><tr><td>x</td></tr></tbody></table></table>`)},
	{"end tag of a void element after </body>", `<!DOCTYPE html><html><head></head><body>tri</body></link><!-- x -->cheur</html>`},
	{"end tag of a void element in svg", doc(`<svg><text>tri</link>cheur</text></svg>`)},
	{"end tag after </body>", `<!DOCTYPE html><html><head></head><body><p>a</p></body></p>tricheur</html>`},
}

// TestRefusedPages: the reader refuses each page of refusedPages, with
// one violation that names the page and what it met.
func TestRefusedPages(t *testing.T) {
	for _, c := range refusedPages {
		got := PageIn("p.html", []byte(c.page), French)
		if !refusal(got) {
			t.Errorf("%s: read: %v (tree %v)", c.name, got, pageTree("p.html", []byte(c.page), French))
			continue
		}
		if v := got[0]; v.Page != "p.html" || v.Word == "" || v.Text == "" || !strings.Contains(v.String(), "page refused") {
			t.Errorf("%s: the refusal says %q", c.name, v.String())
		}
	}
}

// readPages are pages the reader reads, on each point where it follows
// what the tree builder does: it must find what the tree finds.
var readPages = []struct{ name, page string }{
	{"a row", doc(`<table><tbody><tr data-participant="x" data-negative="true"><th>Agent Claude</th><td data-declarative="true">Claude via API <span class="decl">(déclarative, non vérifiée)</span></td></tr></tbody></table>`)},
	{"declared stack and identifier inherited", doc(`<table><tbody><tr data-participant="x" data-negative="true"><td data-declarative="true">Go <span>Claude <b>GPT-4o</b></span> (déclarative)</td><td data-identifier="true"><span>did:key:z6MkoE9dTrgYWPzNeYFoZRZFHaQYfbXAiYQCnRt9FeYroa53</span></td></tr></tbody></table>`)},
	{"unlabelled stack", doc(`<table><tbody><tr data-participant="x"><th>A</th><td data-declarative="true">Go</td></tr><tr data-participant="y"><th>B</th><td>Go (déclarative)</td></tr></tbody></table>`)},
	{"label in a nested span", doc(`<p data-participant="x"><span data-declarative="true">Go <span><b>décla</b></span><span>rative</span></span></p>`)},
	{"label in a non-span child", doc(`<p data-participant="x"><span data-declarative="true">Go <b>déclarative</b></span></p>`)},
	{"nested declared stacks", doc(`<div data-participant="x" data-field="stack"><span data-declarative="true">a <span data-declarative="true">déclarative</span></span></div>`)},
	{"declared stack in style", doc(`<p data-participant="x"><style data-declarative="true">déclarative</style></p>`)},
	{"label in a style in a span", doc(`<p data-participant="x"><span data-declarative="true">Go <span><style>déclarative</style></span></span></p><p data-participant="y"><span data-declarative="true">Go <style>déclarative</style></span></p>`)},
	{"style is not read", doc(`<style data-negative="true" title="tricheur">tricheur Claude</style><p>x</p>`)},
	{"script is read", doc(`<script type="application/ld+json">{"a":"tricheur"}</script>`)},
	{"title is read", `<!DOCTYPE html><html><head><title>Tricheur &amp; menteur</title></head><body></body></html>`},
	{"formatting attributes reordered", doc(`<a title="un menteur" href="menteur"><code data-z="une fraude" data-a="fraude">x</code></a><b data-b="Escroc" data-a="escroc">y</b><span title="un lie" data-a="lie">z</span>`)},
	{"field", doc(`<div>Récit : <blockquote data-field="narrative">il a menti</blockquote></div><p data-field="agent">Agent honnête</p>`)},
	{"pre newline", doc("<pre data-participant=\"x\">\ntricheur</pre><pre>\n\n<b>x</b></pre><pre>\n</pre><pre data-declarative=\"oui\">\ndéclarative</pre><pre><!---->\ntri</pre><pre>\x00\ncheur</pre>")},
	{"textarea", doc("<textarea data-declarative=\"oui\">\ndéclarative</textarea><textarea>\ntri<b>cheur</b></textarea><textarea>\n</textarea>")},
	{"text after </body>", "<!DOCTYPE html><html><head></head><body data-participant=\"x\"><p>a tricheur</p>tri</body>\n</html>\n"},
	{"text after </body> joins the body's last", "<!DOCTYPE html><html><head></head><body>tri</body><!-- x -->cheur</html>"},
	{"element after </body>, in the body", `<!DOCTYPE html><html><head></head><body data-negative="true"></body><p>Claude</p></html>`},
	{"text after </html>", `<!DOCTYPE html><html><head></head><body data-negative="true"></body></html>Claude`},
	{"svg", doc(`<figure><svg viewBox="0 0 10 10" role="img" aria-labelledby="t"><title id="t">Claude tricheur</title><desc>menteur</desc><g data-negative="true"><circle cx="1" cy="1" r="1"/><text x="1">GPT-4o</text><text><tspan>Llama</tspan> 3</text></g></svg></figure>`)},
	{"svg link", doc(`<svg role="group"><g data-negative="true"><title>x</title><a href="r.html" aria-label="GPT-4o : rapport"><circle cx="1" cy="1" r="1"/><text class="name"><tspan x="1" y="1">Claude</tspan></text></a></g><g><text><tspan><a href="r.html" aria-label="tricheur">A</a>, <a href="s.html">B</a></tspan></text></g></svg>`)},
	{"svg style", doc(`<svg><style><text data-negative="true">Claude</text></style></svg><p data-participant="x"><svg><style><text data-declarative="true">x</text></style></svg></p>`)},
	{"svg self-closing", doc(`<p data-negative="true"><svg/>Claude</p><svg><g data-negative="true"/><text>Claude</text></svg>`)},
	{"CDATA in svg", doc(`<svg><text>tri<![CDATA[ch]]>eur</text></svg>`)},
	{"CDATA in html", doc(`<p>tri<![CDATA[ch]]>eur</p>`)},
	{"references", doc(`<p title="l&#39;agent &amp; &#x74;richeur">l&#39;agent &ampx; &copy tricheur&#8217;s &#128512;</p><p title="&apos;menteur&apos; &quot;x&quot; &lt;b&gt;" data-negative="true">&apos;Claude&apos; &quot;x&quot; &lt;b&gt; &#x1F600;</p>`)},
	{"ambiguous reference in an attribute", doc(`<p title="&ampx=tricheur" data-x="&notit; &notin; &ampcheur">a</p>`)},
	{"unknown element", doc(`<x-y data-negative="true">Claude</x-y>`)},
	{"void elements", doc(`<p>a<br>b<img alt="tricheur"><br/>c<wbr>d<input value="Claude" data-negative="true"></p>`)},
	{"repeated attribute", doc(`<p data-negative="false" data-negative="true">Claude A</p><p data-negative="true" data-negative="false">Claude B</p>`)},
	{"unquoted attributes", doc(`<p title=tricheur/>x</p><p data-negative=oui>Claude</p><a href=x/>y</a>`)},
	{"self-closing div", doc(`<div data-negative="true"/>Claude</div>`)},
	{"self-closing span", doc(`<p data-participant="x"><span data-declarative="true"/>déclarative</span></p>`)},
	{"self-closing title", `<!DOCTYPE html><html><head><title/>tricheur</title></head><body></body></html>`},
	{"caption", doc(`<table data-participant="x"><caption>tricheur</caption><thead><tr><th>a</th></tr></thead><tbody><tr><td data-declarative="true">déclarative</td></tr></tbody></table>`)},
	{"implied tbody", doc(`<table><tr data-participant="x"><td data-declarative="true">Go déclarative</td></tr>` + "\n" + `<tr><td>Claude</td></tr></table><table data-negative="true"><tr><td>GPT-4o</td></tr></tbody><tbody><tr><td>x</td></tr></tbody></table>`)},
	{"lists", doc(`<ul><li>a<ul><li>b</li></ul></li></ul><dl><dt>x</dt><dd>menteur</dd></dl><details><summary>s</summary>t</details><ol><li><span><ol><li>x</li></ol></span></li></ol>`)},
	{"no head", `<!DOCTYPE html><html lang="fr"><body><p>tricheur</p></body></html>`},
	{"no html, head or body", `<!DOCTYPE html><p data-negative="true">Claude</p>`},
	{"no end of head", `<!DOCTYPE html><html><head><title>x</title><p>tricheur</p>`},
	{"no doctype", `<html><head></head><body><p>a</p><table><tbody><tr><td>b</td></tr></tbody></table></body></html>`},
	{"white space everywhere", "<!DOCTYPE html>\n<html data-participant=\"x\">\n<head>\n<meta charset=\"utf-8\">\n</head>\n<body>\n<table>\n<tbody>\n<tr>\n<td>x</td>\n</tr>\n</tbody>\n</table>\n</body>\n</html>\n"},
	{"comments", `<!-- a --><!DOCTYPE html><!-- b --><html><!-- c --><head><!-- d --></head><!-- e --><body><p>tri<!-- -->cheur</p><table><!-- f --><tbody><!-- g --><tr><!-- h --><td>x</td></tr></tbody></table></body><!-- i --></html><!-- j -->`},
	{"bogus comments", doc(`tri</>cheur a</ tricheur>c <?xml tricheur?>d <!x>`)},
	{"NUL", doc("tri\x00cheur <p title=\"tri\x00cheur\">x</p><table>\x00<tbody><tr><td>a</td></tr></tbody></table><svg><text>tri\x00cheur tricheur\x00</text></svg><textarea>tri\x00cheur</textarea>")},
	{"CR", doc("<p data-field=\"a\r\nb\">tri\r\ncheur</p><pre>\r\ntricheur</pre>")},
	{"unclosed", `<!DOCTYPE html><html><head></head><body><p data-participant="x">tricheur<span data-declarative="true">Go`},
	{"end of input in a tag", `<!DOCTYPE html><html><head></head><body><p title="tricheur`},
	{"end of input in a title", `<!DOCTYPE html><html><head><title>tricheur`},
	{"script escapes", doc(`<p><script><!--<script>a</script>tricheur--></script>x</p><script>a</scripty>b</script>`)},
	{"invalid UTF-8", doc("<p title=\"tri\xffcheur\">\xe9t\xe9 tri\xc3cheur \xf0\x9f\x98</p>")},
	{"an Atom feed", `<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="fr">` + "\n  " + `<id>tag:x,2026:tricheur</id><title>Claude &amp; GPT</title><link rel="self" href="https://x/feed.xml"></link><entry><id>a</id><title>t</title><link href="https://x/menteur"></link><summary type="text">tri</link>cheur l&#39;agent</summary></entry></feed>` + "\n"},
	{"end tags of void elements", doc(`<p>tri</img>cheur<br>x</hr></input></meta></p><table></link><tbody><tr><td>a</td></tr></tbody></table>`)},
	{"foster-parented text", doc(`<table data-negative="true">Claude<tbody><tr><td>x</td></tr></tbody></table>`)},
	{"foster-parented text in a row", doc(`<table><tbody><tr data-negative="true">GPT-4o<td>x</td></tr></tbody></table>`)},
	{"foster-parented text joins the text before", doc(`<div data-negative="true" data-field="c">tri<table title="tricheur">cheur <caption>Claude</caption>GPT-4o<tbody>` + "\n" + `<tr>Llama 3<td>tricheur</td>menteur</tr>fraude</tbody><tr>Claude</tr>x<!-- c -->y</table>z</div><table>` + "\x00" + `menteur <tbody><tr><td>x <table>tri<tbody><tr><td>c</td></tr></tbody>cheur</table>e</td></tr></tbody></table>`)},
	{"a violation met again in a text moved out of a table", doc(`<div><table title="tricheur x">tricheur<tbody><tr><td>tricheur</td></tr></tbody></table></div>`)},
	{"foster-parented text in a style", doc(`<div title="tricheur"><table>tri<tbody><tr><td>cheur</td></tr></tbody></table></div><div><table>tricheur</table>tricheur</div>`)},
	{"text in head", `<!DOCTYPE html><html data-negative="true"><head data-field="x">Claude</head><body></body></html>`},
	{"element in head", `<!DOCTYPE html><html><head data-field="x"><div>tricheur</div></head><body></body></html>`},
	{"text everywhere, as the guard's test of every template position writes it", `<!DOCTYPE html>w1 <html lang="w2 fr">w3 <head>w4 <meta charset="w5 utf-8">w6 <title>w7 Titre</title>w8 <style>p{}</style>w9 </head>w10 <body title="w11 x">w12 <table>w13 <caption>w14 c</caption>w15 <tbody>w16 <tr data-participant="x">w17 <td data-declarative="true">w18 Go (déclarative)</td>w19 </tr>w20 </tbody>w21 </table>w22 <ul>w23 <li>w24 a</li>w25 </ul>w26 </body>w27 </html>w28 `},
	{"white space before a text in the head stays there", `<!DOCTYPE html><html data-participant="x"><head><title>t</title> tricheur</head><body></body></html>`},
	{"white space before a text after the head stays there", `<!DOCTYPE html><html data-participant="x"><head><title>t</title></head>` + "\n" + `menteur<body></body></html>`},
	{"text before html", `tricheur <html lang="menteur"><head><title>x</title></head><body class="fraude" title="escroc">Claude</body></html>`},
	{"text between head and body", "<!DOCTYPE html><html lang=\"fr\"><head></head>\n tricheur <body title=\"menteur\" class=\"Claude\">Claude</body></html>"},
	{"attributes of a second html or body tag read first", `<!DOCTYPE html>tricheur a <html title="tricheur b"><head></head><body title="tricheur c"><p>tricheur d</p></body></html>`},
	{"second html and body tags", doc(`<html lang="tricheur" title="menteur"><body title="fraude" lang="escroc"><head><p>x</p></head>`)},
	{"deep but not too deep", doc(strings.Repeat("<span>", 400) + "tricheur" + strings.Repeat("</span>", 400))},
}

// TestReadPagesAgainstTree: the reader reads each of readPages, and finds
// what the tree finds.
func TestReadPagesAgainstTree(t *testing.T) {
	for _, c := range readPages {
		// "\ndéclarative": a label word that begins with the newline a
		// <pre> drops.
		for _, w := range []string{French, "declarative", "\ndéclarative"} {
			if !againstTree(t, c.name, []byte(c.page), w) {
				t.Errorf("%s: refused: %v", c.name, PageIn("p.html", []byte(c.page), w))
			}
		}
	}
}

// TestTruncatedPages: a page cut at any byte (in a tag, a name, an
// attribute, a reference, a comment, raw text, a multi-byte character) is
// read as the tree reads it, or refused.
func TestTruncatedPages(t *testing.T) {
	pages := []string{
		doc(`<table><tbody><tr data-participant="x" data-negative="true"><th data-field="agent">Agent Claude &amp; tricheur</th><td data-declarative="true">Go <span class="decl">(déclarative)</span></td></tr></tbody></table><!-- c --><pre>` + "\n" + `menteur</pre><svg><text>GPT<![CDATA[-4o]]></text></svg><textarea>` + "\n" + `x</textarea><script>a</script>`),
	}
	demo := demoPages(t)
	paths := slices.Sorted(func(yield func(string) bool) {
		for p := range demo {
			if !yield(p) {
				return
			}
		}
	})
	pages = append(pages, string(demo[paths[0]]), string(demo[paths[len(paths)/2]]))
	for k, p := range pages {
		step := 1
		if k > 0 {
			step = 97 // a demo page: every 97th byte
		}
		read := 0
		for i := 0; i <= len(p); i += step {
			if againstTree(t, fmt.Sprintf("page %d cut at %d", k, i), []byte(p[:i]), French) {
				read++
			}
		}
		if read == 0 {
			t.Errorf("page %d: every cut refused", k)
		}
	}
}

// allElementNames are the names of every atom of x/net/html (elements and
// attributes: the tree builder treats any name it does not list as an
// element of its own), unknown names, and the SVG names the reader reads.
func allElementNames() []string {
	names := []string{"x-y", "menuitem", "foreignobject", "annotation-xml", "lineargradient", "zz"}
	for off := 0; off < 1<<14; off++ {
		for n := 1; n < 40; n++ {
			a := atom.Atom(off<<8 | n)
			if s := a.String(); s != "" && atom.Lookup([]byte(s)) == a {
				names = append(names, s)
			}
		}
	}
	for n := range svgElements {
		names = append(names, n)
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// TestElementsInContextsAgainstTree: every element name, in the contexts
// where the tree builder moves, closes or reinterprets things, is read by
// PageIn as the tree reads it, or refused; the elements the reader
// declares it reads (ordinary, SVG, unknown names) are read in some
// context.
func TestElementsInContextsAgainstTree(t *testing.T) {
	contexts := []string{
		doc(`<p data-negative="true">a<N title="Claude x">Claude</N>b</p>Claude`),
		doc(`<div><p data-negative="true">a<N>Claude</N></p></div>`),
		doc(`<div data-negative="true">a<N>Claude</N>b</div>Claude`),
		doc(`<ul><li data-negative="true"><N>Claude</N></li></ul>`),
		doc(`<table><tbody><tr><td data-negative="true"><N>Claude</N></td></tr></tbody></table>`),
		doc(`<table data-negative="true"><N>Claude</N><tbody><tr><td>x</td></tr></tbody></table>`),
		doc(`<table><tbody data-negative="true"><N>Claude</N><tr><td>x</td></tr></tbody></table>`),
		doc(`<table><tbody><tr data-negative="true"><N>Claude</N><td>x</td></tr></tbody></table>`),
		doc(`<table data-negative="true"><caption><N>Claude</N></caption></table>`),
		doc(`<div><N data-negative="true"/>Claude</div>`),
		doc(`<div><N data-negative="true">Claude</div>`),
		doc(`<svg data-negative="true"><N>Claude</N></svg>`),
		doc(`<svg><g data-negative="true"><N/>Claude</g></svg>`),
		doc(`<svg><desc data-negative="true"><N>Claude</N></desc></svg>`),
		`<!DOCTYPE html><html><head><N>Claude</N></head><body data-negative="true"></body></html>`,
		`<!DOCTYPE html><html data-negative="true"><head></head><N>Claude</N><body></body></html>`,
		`<!DOCTYPE html><html data-negative="true"><head></head><body></body><N>Claude</N></html>`,
		doc(`<b data-negative="true"><N>Claude</N></b>`),
		doc(`<a data-negative="true"><N>Claude</N></a>x`),
		doc(`<h2 data-negative="true">a<N>Claude</N></h2>`),
		doc(`<pre data-negative="true"><N>` + "\n" + `Claude</N></pre>`),
		doc(`<span data-negative="true"><N>Claude</N></span>`),
		doc(`<span data-negative="true">a</N>Claude</span>`),
	}
	readSomewhere := map[string]bool{}
	for _, n := range allElementNames() {
		for _, c := range contexts {
			page := []byte(strings.ReplaceAll(c, "N", n))
			if againstTree(t, n, page, French) {
				readSomewhere[n] = true
			}
		}
	}
	var declared []string
	for _, n := range allElementNames() {
		if ordinary(atom.Lookup([]byte(n))) {
			declared = append(declared, n)
		}
	}
	for n := range svgElements {
		declared = append(declared, n)
	}
	declared = append(declared, "x-y", "div", "p", "li", "b", "a", "code", "br", "img", "pre", "textarea", "title", "style", "script")
	for _, n := range declared {
		if !readSomewhere[n] {
			t.Errorf("%s: refused in every context", n)
		}
	}
}

// TestListItemsAgainstTree: an <li>, <dd> or <dt> closes an open one
// unless a "special" element other than address, div and p lies between
// them: whatever lies between, the reader reads it as the tree does, or
// refuses it.
func TestListItemsAgainstTree(t *testing.T) {
	for _, n := range allElementNames() {
		for _, li := range [][2]string{{"ul", "li"}, {"ol", "li"}, {"dl", "dd"}, {"dl", "dt"}} {
			page := doc(`<` + li[0] + `><` + li[1] + ` data-negative="true">a<` + n + `><` + li[1] + `>Claude</` + li[1] + `></` + n + `></` + li[1] + `></` + li[0] + `>`)
			againstTree(t, n, []byte(page), French)
		}
	}
}

// FuzzPageAgainstTree: on any bytes, PageIn finds what the tree walk of
// the first implementation finds (pageTree, checkOld), violation for
// violation, in the same order, or refuses the page; and check finds what
// checkOld finds on any text.
func FuzzPageAgainstTree(f *testing.F) {
	for _, page := range demoPages(f) {
		f.Add(page)
	}
	for _, c := range refusedPages {
		f.Add([]byte(c.page))
	}
	for _, c := range readPages {
		f.Add([]byte(c.page))
	}
	f.Fuzz(func(t *testing.T, page []byte) {
		for _, w := range []string{French, "declarative"} {
			got, want := PageIn("p.html", page, w), pageTree("p.html", page, w)
			if !refusal(got) && !reflect.DeepEqual(got, want) {
				t.Fatalf("word %q: PageIn %v, tree %v", w, got, want)
			}
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

// TestPoolKeepsNoPage: a reader is reset for the pool with nothing of the
// page it read (its tokenizer holds the page; an attribute is a slice of
// the tokenizer's buffer), so that the pool keeps no page alive, and with
// the fields it met as strings.
func TestPoolKeepsNoPage(t *testing.T) {
	page := []byte(doc(`<p title="abc" lang="fr" data-field="agent">texte</p>`))
	r := new(reader)
	if !r.read(page, &guard{page: "p.html", declarative: French}) {
		t.Fatal("refused")
	}
	if len(r.attrs) == 0 {
		t.Fatal("the reader read no attribute")
	}
	r.reset()
	if r.z != nil || r.g != nil {
		t.Error("the reset reader keeps its tokenizer or its guard")
	}
	if cap(r.attrs) == 0 || cap(r.stack) == 0 {
		t.Error("the reset reader lost its buffers")
	}
	for i, a := range r.attrs[:cap(r.attrs)] {
		if a.key != nil || a.val != nil {
			t.Errorf("attribute %d of the reset reader holds %q=%q", i, a.key, a.val)
		}
	}
	for i, e := range r.stack[:cap(r.stack)] {
		if e != (elem{}) {
			t.Errorf("element %d of the reset reader holds %+v", i, e)
		}
	}
	if r.fields["agent"] != "agent" {
		t.Errorf("the reset reader lost the fields it met: %v", r.fields)
	}
}

// TestFieldsKeptBounded: the data-field values the reader keeps as
// strings from page to page are what the page says, met once or again,
// and at most maxFields of them; every violation names its own field.
func TestFieldsKeptBounded(t *testing.T) {
	r := &reader{}
	for round := range 2 {
		for i := range 2 * maxFields {
			v := fmt.Sprintf("field-%d", i)
			if got := r.field([]byte(v)); got != v {
				t.Fatalf("round %d: field %q read as %q", round, v, got)
			}
		}
	}
	if len(r.fields) > maxFields {
		t.Errorf("%d fields kept, past %d", len(r.fields), maxFields)
	}
	var body strings.Builder
	for i := range 2 * maxFields {
		fmt.Fprintf(&body, `<p data-field="c%d">triche</p>`, i)
	}
	page := []byte(doc(body.String()))
	for range 2 {
		vs := PageIn("p.html", page, French)
		if refusal(vs) || len(vs) != 2*maxFields {
			t.Fatalf("%d violations: %v", len(vs), vs)
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

// oldGuard is the guard as the build first ran it: the tree walk and
// checkOld behind a memo of its own.
func oldGuard(tb testing.TB) func(name string, page []byte, word string) []Violation {
	om := &oldMemo{m: map[oldKey][]finding{}}
	return func(name string, page []byte, word string) []Violation {
		return pageTreeWith(name, page, word, om.check)
	}
}

// BenchmarkDemoPages: the guard on every page of the built demo. new is
// PageIn (its memo warm after the first round); tree is the first
// implementation as the build ran it (html.Parse, the walk, checkOld
// behind its memo, warm too); treeNoMemo is pageTree, the oracle.
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
	}{{"new", PageIn}, {"tree", oldGuard(b)}, {"treeNoMemo", pageTree}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(size)
			b.ReportAllocs()
			for b.Loop() {
				for _, p := range paths {
					if vs := c.page(p, pages[p], label(p)); len(vs) != 0 {
						b.Fatalf("%s: %v", p, vs)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(paths)), "ns/page")
		})
	}
}

// BenchmarkTokenizer: x/net/html's tokenizer alone on every page of the
// demo, each token's text, name and attributes read as the guard reads
// them: the floor of the guard's reading.
func BenchmarkTokenizer(b *testing.B) {
	pages := demoPages(b)
	var size int64
	for _, page := range pages {
		size += int64(len(page))
	}
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		for _, page := range pages {
			z := html.NewTokenizer(bytes.NewReader(page))
			for {
				tt := z.Next()
				if tt == html.ErrorToken {
					break
				}
				switch tt {
				case html.TextToken:
					z.Text()
				case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
					_, more := z.TagName()
					for more {
						_, _, more = z.TagAttr()
					}
				}
			}
		}
	}
}

// randomPage writes a page of n tokens drawn from the markup the rules
// and the tree builder care about: the elements the reader follows and
// some it refuses, the data-* attributes, texts with words of every rule,
// comments, CDATA, references, NUL, self-closing slashes; mostly nested
// as written (an end tag closes the last element opened, a table holds
// sections, rows and cells), sometimes not.
func randomPage(rng *rand.Rand, n int) []byte {
	names := []string{"p", "div", "span", "span", "span", "b", "a", "code", "ul", "li", "dl", "dd", "dt", "table", "pre", "h2", "br", "img", "svg", "style", "script", "textarea", "blockquote", "section", "x-y", "time", "strong", "hr", "font", "input", "link"}
	// Elements the reader refuses, and table parts out of a table.
	others := []string{"select", "form", "math", "template", "caption", "tr", "td", "button", "nobr", "image", "html", "body", "head"}
	svgNames := []string{"g", "text", "tspan", "desc", "title", "circle", "style", "p", "foreignObject"}
	tableKids := map[string][]string{"table": {"tbody", "tbody", "thead", "caption", "tr", "td"}, "tbody": {"tr"}, "thead": {"tr"}, "tr": {"td", "th"}}
	voids := map[string]bool{"br": true, "img": true, "hr": true, "input": true, "link": true}
	attrs := []string{` data-negative="true"`, ` data-negative=oui`, ` data-declarative="true"`, ` data-participant="x"`, ` data-field="agent"`, ` data-field="narrative"`, ` data-identifier="true"`, ` title="Claude"`, ` title="tri&amp;cheur"`, ` class="tricheur"`, ` id="menteur"`, ` alt=GPT-4o`, ` data-z="fraude"`, ` data-a="escroc"`, ` href=x/`}
	texts := []string{"Claude", "tri", "cheur", "tricheur", " déclarative ", "declarative", " ", "\n", "GPT-4o", " :) ", "&amp;", "&lt;b&gt;", "\x00", "did:key:z6MkoE9dTrgYWPzNeYFoZRZFHaQYfbXAiYQCnRt9FeYroa53", "Llama 3", "x", "\U0001F600", "é", "\r\n"}
	var b strings.Builder
	if rng.IntN(4) > 0 {
		// The head, with text after some of its tags.
		for _, tag := range []string{`<!DOCTYPE html>`, `<html lang="fr">`, `<head>`, `<meta charset="utf-8">`, `<title>t</title>`, `</head>`, `<body>`} {
			if rng.IntN(5) == 0 {
				tag = strings.Replace(tag, ">", attrs[rng.IntN(len(attrs))]+">", 1)
			}
			b.WriteString(tag)
			if rng.IntN(6) == 0 {
				b.WriteString(texts[rng.IntN(len(texts))])
			}
		}
	}
	var stack []string
	open := func(name string) {
		b.WriteString("<" + name)
		for range rng.IntN(3) {
			b.WriteString(attrs[rng.IntN(len(attrs))])
		}
		if rng.IntN(10) == 0 {
			b.WriteString("/")
		}
		b.WriteString(">")
		if !voids[name] {
			stack = append(stack, name)
		}
	}
	for range n {
		top := ""
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		switch k := rng.IntN(20); {
		case k < 7:
			switch {
			case tableKids[top] != nil && rng.IntN(6) > 0:
				open(tableKids[top][rng.IntN(len(tableKids[top]))])
			case slices.Contains(stack, "svg") && rng.IntN(4) > 0:
				open(svgNames[rng.IntN(len(svgNames))])
			case rng.IntN(30) == 0:
				open(others[rng.IntN(len(others))])
			default:
				open(names[rng.IntN(len(names))])
			}
		case k < 12 && top != "":
			if rng.IntN(8) == 0 {
				b.WriteString("</" + names[rng.IntN(len(names))] + ">")
				continue
			}
			b.WriteString("</" + top + ">")
			stack = stack[:len(stack)-1]
		case k < 18:
			if tableKids[top] != nil && rng.IntN(6) > 0 {
				b.WriteString([]string{" ", "\n", "\t "}[rng.IntN(3)])
				continue
			}
			b.WriteString(texts[rng.IntN(len(texts))])
		case k == 18:
			b.WriteString([]string{"<!-- c -->", "<![CDATA[ch]]>", "<!DOCTYPE html>", "</>", "<?x?>", "</body>", "</link>", "</img>"}[rng.IntN(8)])
		}
	}
	if rng.IntN(3) > 0 {
		for len(stack) > 0 {
			b.WriteString("</" + stack[len(stack)-1] + ">")
			stack = stack[:len(stack)-1]
		}
		b.WriteString("</body></html>")
	}
	return []byte(b.String())
}

// TestRandomPagesAgainstTree: on random pages of the markup the rules and
// the tree builder care about, PageIn finds what the tree finds or
// refuses the page; and it reads a good part of them.
func TestRandomPagesAgainstTree(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 2026))
	const pages = 30000
	read := 0
	for i := range pages {
		page := randomPage(rng, 1+rng.IntN(30))
		if againstTree(t, fmt.Sprintf("random page %d", i), page, French) {
			read++
		}
		if t.Failed() {
			break
		}
	}
	t.Logf("%d of %d random pages read", read, pages)
	if read < pages/3 {
		t.Errorf("only %d of %d random pages read", read, pages)
	}
}

// TestDemoPagesWithAWordAfterEveryTag: every page of the demo with a word
// that imputes an intent written after every tag (but in a style
// element), as the build's test of every template position writes the
// templates (TestGuardCatchesEveryTemplatePosition): before <html>, in
// the head, between the rows of a table, after </html>. The tree moves
// these words (into the body, out of the tables); the guard reads every
// page as the tree does, never refuses one, and reports every word.
func TestDemoPagesWithAWordAfterEveryTag(t *testing.T) {
	pages := demoPages(t)
	for path, page := range pages {
		var b bytes.Buffer
		z := html.NewTokenizer(bytes.NewReader(page))
		n := 0
		for {
			tt := z.Next()
			if tt == html.ErrorToken {
				break
			}
			b.Write(z.Raw())
			if tt == html.StartTagToken || tt == html.EndTagToken || tt == html.SelfClosingTagToken {
				if name, _ := z.TagName(); tt == html.StartTagToken && string(name) == "style" {
					continue
				}
				n++
				fmt.Fprintf(&b, "tricheurx%dz ", n)
			}
		}
		marked := b.Bytes()
		if !againstTree(t, path, marked, label(path)) {
			t.Errorf("%s: refused: %v", path, PageIn(path, marked, label(path)))
			continue
		}
		reported := map[string]bool{}
		for _, v := range PageIn(path, marked, label(path)) {
			if v.Rule == "intent" {
				reported[v.Word] = true
			}
		}
		for i := 1; i <= n; i++ {
			if w := fmt.Sprintf("tricheurx%dz", i); !reported[w] {
				t.Errorf("%s: %s not reported", path, w)
			}
		}
	}
}
