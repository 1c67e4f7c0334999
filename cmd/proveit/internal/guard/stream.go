package guard

import (
	"bytes"
	"slices"
	"sync"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The fast path: a page read in one pass over its tokens, without a tree.
//
// html.Parse builds the tree a browser builds, and that tree is not the
// nesting of the tags as written: it implies end tags (</p> before a
// <div>, </li> before an <li>), moves text and elements out of a <table>
// (foster parenting), inserts a <tbody>, reads <title>, <style> and
// <script> as raw text, drops NUL, merges adjacent text, puts text written
// after </body> in the body, reorders the attributes of a formatting
// element (<a>, <b>, <code> …), reopens misnested formatting elements,
// ignores a self-closing slash on a non-void element. streamPage reads
// exactly the documents on which none of this happens, or happens in the
// few ways it models (the raw text of title, style and script; white
// space where the tree puts it; the attribute order of formatting
// elements; the leading newline of a <pre>; SVG without integration
// point content): every tag opens an element that the tree opens at the
// same place, every end tag closes the current element, and every text
// goes to the current element. On any other token or context it gives up
// (ok false) and the page is read through the tree (pageTree): exact, or
// not at all. The conditions are conservative: giving up on a page the
// tree would read the same way only costs time.
//
// The tokenizer below is a subset of golang.org/x/net/html's: the same
// rules for tag names, attributes (the first of a repeated name wins),
// self-closing syntax, raw text and character references, and a refusal
// of everything else (comments, processing instructions, CDATA, bogus
// comments, "</>", an end of input inside a tag, NUL, CR, a character
// reference in an attribute that the attribute rules might read
// differently).

// tokKind is the kind of a token of the fast path.
type tokKind int

const (
	tokText tokKind = iota
	tokStart
	tokSelfClosing
	tokEnd
	tokDoctype
	tokEOF
)

type span struct{ start, end int }

type lexAttr struct {
	key, val []byte // lowered key, decoded value (in the lexer's buffers)
}

// lexer reads the tokens of one page.
type lexer struct {
	b   []byte
	pos int
	// raw is the element whose raw text comes next (title, style or
	// script), or "".
	raw  string
	text []byte // the decoded text of a text token
	// name is the lowered name of a tag token.
	name    []byte
	attrs   []lexAttr
	spans   [][2]span
	nameBuf []byte
	keyBuf  []byte
	valBuf  []byte
	textBuf []byte
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func isSpace(c byte) bool {
	switch c {
	case ' ', '\n', '\r', '\t', '\f':
		return true
	}
	return false
}

// next reads the next token; ok is false on a token the fast path does
// not read.
func (z *lexer) next() (tokKind, bool) {
	if z.raw != "" {
		tag := z.raw
		z.raw = ""
		start := z.pos
		end := z.rawEnd(tag)
		if tag == "script" && bytes.Contains(z.b[start:end], []byte("<!")) {
			return 0, false // the script data escape states
		}
		z.pos = end
		if end > start {
			if tag == "title" { // RCDATA: character references are read
				if !z.decodeText(z.b[start:end]) {
					return 0, false
				}
			} else {
				z.text = z.b[start:end]
			}
			return tokText, true
		}
	}
	if z.pos >= len(z.b) {
		return tokEOF, true
	}
	start, i := z.pos, z.pos
	for {
		j := bytes.IndexByte(z.b[i:], '<')
		if j < 0 {
			i = len(z.b)
			break
		}
		i += j
		if i+1 >= len(z.b) {
			i = len(z.b) // a "<" that ends the input is text
			break
		}
		if c := z.b[i+1]; isLetter(c) || c == '/' || c == '!' || c == '?' {
			break
		}
		i++
	}
	if i > start {
		if !z.decodeText(z.b[start:i]) {
			return 0, false
		}
		z.pos = i
		return tokText, true
	}
	switch c := z.b[i+1]; {
	case isLetter(c):
		z.pos = i + 1
		if !z.readTag(true) {
			return 0, false
		}
		nAttrs := len(z.spans)
		if z.b[z.pos-2] == '/' && (nAttrs == 0 || z.pos-2 != z.spans[nAttrs-1][1].end-1) {
			return tokSelfClosing, true
		}
		return tokStart, true
	case c == '/':
		if i+2 >= len(z.b) || !isLetter(z.b[i+2]) {
			return 0, false // "</>", a bogus comment, or "</" at the end
		}
		z.pos = i + 2
		if !z.readTag(false) {
			return 0, false
		}
		return tokEnd, true
	case c == '!' && i == 0:
		for _, d := range []string{"<!DOCTYPE html>", "<!doctype html>"} {
			if bytes.HasPrefix(z.b, []byte(d)) {
				z.pos = len(d)
				return tokDoctype, true
			}
		}
	}
	return 0, false // comments, other doctypes, processing instructions
}

// decodeText sets z.text to the text s with its character references
// read: s itself, the page's bytes, when it has none (nothing writes to
// z.text), else its decoding in z.textBuf.
func (z *lexer) decodeText(s []byte) bool {
	if bytes.IndexByte(s, '&') < 0 {
		z.text = s
		return true
	}
	t, ok := z.decode(z.textBuf[:0], s, false)
	if !ok {
		return false
	}
	z.textBuf, z.text = t, t
	return true
}

// lowered is s in lower case: s itself, the page's bytes, when it has no
// upper-case letter (the lexer's names, keys and texts are read, never
// written to or appended to), else its lowering appended to buf, which it
// returns grown.
func lowered(buf, s []byte) (out, grown []byte) {
	for _, c := range s {
		if 'A' <= c && c <= 'Z' {
			k := len(buf)
			buf = appendLower(buf, s)
			return buf[k:len(buf):len(buf)], buf
		}
	}
	return s, buf
}

// rawEnd is where the raw text of tag that starts at z.pos ends: at the
// first "</tag" (in any case) followed by white space, "/" or ">", or at
// the end of the input.
func (z *lexer) rawEnd(tag string) int {
	for i := z.pos; ; {
		j := bytes.Index(z.b[i:], []byte("</"))
		if j < 0 {
			return len(z.b)
		}
		i += j
		k := i + 2
		n := 0
		for n < len(tag) && k+n < len(z.b) {
			c := z.b[k+n]
			if c != tag[n] && c != tag[n]-('a'-'A') {
				break
			}
			n++
		}
		if n == len(tag) && k+n < len(z.b) {
			switch z.b[k+n] {
			case ' ', '\n', '\r', '\t', '\f', '/', '>':
				return i
			}
		}
		i += 2
	}
}

// readTag reads a tag from its name's first letter at z.pos to its ">",
// as x/net/html's readTag does; false at the end of the input.
func (z *lexer) readTag(save bool) bool {
	z.spans = z.spans[:0]
	var name span
	name.start = z.pos
	z.pos++
	for {
		if z.pos >= len(z.b) {
			return false
		}
		c := z.b[z.pos]
		z.pos++
		if isSpace(c) {
			name.end = z.pos - 1
			break
		}
		if c == '/' || c == '>' {
			z.pos--
			name.end = z.pos
			break
		}
	}
	z.name, z.nameBuf = lowered(z.nameBuf[:0], z.b[name.start:name.end])
	if !z.skipSpace() {
		return false
	}
	for {
		if z.pos >= len(z.b) {
			return false
		}
		if z.b[z.pos] == '>' {
			z.pos++
			break
		}
		var key, val span
		if !z.readAttrKey(&key) || !z.readAttrVal(&val) {
			return false
		}
		if save && key.start != key.end && !z.seen(key) {
			z.spans = append(z.spans, [2]span{key, val})
		}
		if !z.skipSpace() {
			return false
		}
	}
	if !save {
		return true
	}
	z.attrs = z.attrs[:0]
	z.keyBuf, z.valBuf = z.keyBuf[:0], z.valBuf[:0]
	for _, kv := range z.spans {
		var a lexAttr
		a.key, z.keyBuf = lowered(z.keyBuf, z.b[kv[0].start:kv[0].end])
		if v := z.b[kv[1].start:kv[1].end]; bytes.IndexByte(v, '&') < 0 {
			a.val = v // the page's bytes, as they are
		} else {
			v0 := len(z.valBuf)
			var ok bool
			z.valBuf, ok = z.decode(z.valBuf, v, true)
			if !ok {
				return false
			}
			a.val = z.valBuf[v0:len(z.valBuf):len(z.valBuf)]
		}
		z.attrs = append(z.attrs, a)
	}
	return true
}

// seen reports whether a saved attribute has the key (in any case).
func (z *lexer) seen(key span) bool {
	k := z.b[key.start:key.end]
	for _, kv := range z.spans {
		o := z.b[kv[0].start:kv[0].end]
		if len(o) != len(k) {
			continue
		}
		same := true
		for i := range k {
			if lowerByte(k[i]) != lowerByte(o[i]) {
				same = false
				break
			}
		}
		if same {
			return true
		}
	}
	return false
}

func (z *lexer) skipSpace() bool {
	for z.pos < len(z.b) && isSpace(z.b[z.pos]) {
		z.pos++
	}
	return z.pos < len(z.b)
}

// readAttrKey is x/net/html's readTagAttrKey.
func (z *lexer) readAttrKey(key *span) bool {
	key.start = z.pos
	for {
		if z.pos >= len(z.b) {
			return false
		}
		c := z.b[z.pos]
		z.pos++
		switch c {
		case '=':
			if key.start+1 == z.pos {
				continue // an "=" that begins the name is part of it
			}
			z.pos--
			key.end = z.pos
			return true
		case ' ', '\n', '\r', '\t', '\f', '/', '>':
			z.pos--
			key.end = z.pos
			return true
		}
	}
}

// readAttrVal is x/net/html's readTagAttrVal.
func (z *lexer) readAttrVal(val *span) bool {
	val.start, val.end = z.pos, z.pos
	if !z.skipSpace() {
		return false
	}
	c := z.b[z.pos]
	z.pos++
	if c == '/' {
		return true
	}
	if c != '=' {
		z.pos--
		return true
	}
	if !z.skipSpace() {
		return false
	}
	quote := z.b[z.pos]
	z.pos++
	switch quote {
	case '>':
		z.pos--
		return true
	case '\'', '"':
		val.start = z.pos
		j := bytes.IndexByte(z.b[z.pos:], quote)
		if j < 0 {
			return false
		}
		val.end = z.pos + j
		z.pos += j + 1
		return true
	default:
		val.start = z.pos - 1
		for {
			if z.pos >= len(z.b) {
				return false
			}
			c := z.b[z.pos]
			z.pos++
			if isSpace(c) {
				val.end = z.pos - 1
				return true
			}
			if c == '>' {
				z.pos--
				val.end = z.pos
				return true
			}
		}
	}
}

func lowerByte(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func appendLower(dst, s []byte) []byte {
	for _, c := range s {
		dst = append(dst, lowerByte(c))
	}
	return dst
}

// decode appends s to dst with its character references read as
// x/net/html reads them. The references it reads itself are those that
// read the same in text and in an attribute: decimal and hexadecimal
// ones ending in ";" (of a code point that is neither a control nor a
// surrogate nor above U+10FFFF), "&amp;", "&lt;", "&gt;", "&quot;" and
// "&apos;". A text with any other "&" is read by html.UnescapeString,
// which is the text rule; an attribute with one is refused (ok false):
// the attribute rule differs.
func (z *lexer) decode(dst, s []byte, attribute bool) ([]byte, bool) {
	if bytes.IndexByte(s, '&') < 0 {
		return append(dst, s...), true
	}
	for i := 0; i < len(s); i++ {
		if s[i] != '&' {
			continue
		}
		_, n := knownRef(s[i:])
		if n == 0 {
			if attribute {
				return dst, false
			}
			return append(dst, html.UnescapeString(string(s))...), true
		}
		i += n - 1
	}
	for len(s) > 0 {
		i := bytes.IndexByte(s, '&')
		if i < 0 {
			return append(dst, s...), true
		}
		dst = append(dst, s[:i]...)
		r, n := knownRef(s[i:])
		dst = utf8.AppendRune(dst, r)
		s = s[i+n:]
	}
	return dst, true
}

// knownRef reads a character reference at s[0] == '&' of the forms decode
// reads itself; n is 0 for any other.
func knownRef(s []byte) (rune, int) {
	for _, e := range [...]struct {
		name string
		r    rune
	}{{"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&apos;", '\''}} {
		if bytes.HasPrefix(s, []byte(e.name)) {
			return e.r, len(e.name)
		}
	}
	if len(s) < 3 || s[1] != '#' {
		return 0, 0
	}
	i, base := 2, rune(10)
	if s[2] == 'x' || s[2] == 'X' {
		i, base = 3, 16
	}
	i0 := i
	var x rune
	for i < len(s) && i-i0 < 7 {
		c := s[i]
		var d rune
		switch {
		case '0' <= c && c <= '9':
			d = rune(c - '0')
		case base == 16 && 'a' <= c && c <= 'f':
			d = rune(c-'a') + 10
		case base == 16 && 'A' <= c && c <= 'F':
			d = rune(c-'A') + 10
		default:
			goto end
		}
		x = x*base + d
		i++
	}
	return 0, 0 // too long a number: left to the library
end:
	if i == i0 || s[i] != ';' {
		return 0, 0
	}
	if x < 0x20 && x != '\t' && x != '\n' && x != '\f' || x >= 0x7F && x <= 0x9F || x >= 0xD800 && x <= 0xDFFF || x > 0x10FFFF {
		return 0, 0
	}
	return x, i + 1
}

// stream is the state of the fast path on one page.
type stream struct {
	z     lexer
	g     *guard
	stack []selem
	mode  int
	// pending is the text of the current element not yet checked: the
	// tree merges adjacent texts, so a text is checked when the next token
	// is not text.
	pending     []byte
	pendingElem int // the stack index pending belongs to
	// Rule 4: log is every text read while an element that rule 4 checks
	// is open (textOf of each is a range of it); owns the own text of each
	// open declared stack; declOpen their stack indices; declCount the
	// number of data-declaratif="oui" elements opened so far; slots the
	// rule 4 verdicts in the order the tree walk would reach them.
	log       []byte
	open4     int
	owns      [][]byte
	declOpen  []int
	declCount int
	slots     []slot
	// fields are the data-champ values met, each once as a string, kept
	// from page to page (at most maxFields): the templates write a few
	// names ("agent", "narrative" …) on every page.
	fields map[string]string
}

// maxFields bounds stream.fields: a page written by hand may name any
// field.
const maxFields = 64

// field is the data-champ value v as a string, from s.fields when it is
// there.
func (s *stream) field(v []byte) string {
	if f, ok := s.fields[string(v)]; ok {
		return f
	}
	f := string(v)
	if len(s.fields) < maxFields {
		if s.fields == nil {
			s.fields = map[string]string{}
		}
		s.fields[f] = f
	}
	return f
}

// slot is one rule 4 check, reserved when its element opens and decided
// when it closes.
type slot struct {
	set         bool
	field, text string
}

// selem is an open element.
type selem struct {
	atom                  atom.Atom
	name                  string // of an SVG element, or of an HTML one without atom
	svg                   bool
	field                 string
	negative, declarative bool
	identifier            bool // in an element marked data-identifiant
	style                 bool // the walk reads nothing in a style element
	decl, part            int  // rule 4 slots, or -1
	logStart, declAtStart int
	preEmpty              bool // a <pre> without a child yet
}

const (
	modeInitial = iota
	modeBeforeHead
	modeInHead
	modeAfterHead
	modeBody
	modeAfterBody
	modeAfterAfterBody
)

var streamPool = sync.Pool{New: func() any { return new(stream) }}

// streamPage checks a page in one pass, adding its violations to g; ok
// is false when the page is not one it reads as the tree does, and then
// what g holds is to be thrown away.
func streamPage(page []byte, g *guard) (ok bool) {
	if bytes.IndexByte(page, 0) >= 0 || bytes.IndexByte(page, '\r') >= 0 {
		return false
	}
	s := streamPool.Get().(*stream)
	defer func() {
		s.reset()
		streamPool.Put(s)
	}()
	return s.read(page, g)
}

// reset empties s for its next page: it keeps its buffers and the fields
// it met, and nothing of this page (an attribute may be a slice of it), so
// that the pool keeps no page alive.
func (s *stream) reset() {
	z := &s.z
	clear(z.attrs[:cap(z.attrs)])
	*s = stream{
		z:     lexer{spans: z.spans[:0], attrs: z.attrs[:0], nameBuf: z.nameBuf[:0], keyBuf: z.keyBuf[:0], valBuf: z.valBuf[:0], textBuf: z.textBuf[:0]},
		stack: s.stack[:0], pending: s.pending[:0], log: s.log[:0], owns: s.owns[:0], declOpen: s.declOpen[:0], slots: s.slots[:0],
		fields: s.fields,
	}
}

// read is streamPage on an empty stream.
func (s *stream) read(page []byte, g *guard) bool {
	s.z.b, s.g = page, g
	for {
		kind, ok := s.z.next()
		if !ok {
			return false
		}
		if kind == tokText {
			if !s.text(s.z.text) {
				return false
			}
			continue
		}
		if !(kind == tokEnd && (s.mode == modeAfterBody || s.mode == modeBody && string(s.z.name) == "body")) {
			s.flush()
		}
		switch kind {
		case tokEOF:
			if s.mode != modeAfterBody && s.mode != modeAfterAfterBody {
				return false
			}
			s.flush()
			for len(s.stack) > 0 {
				s.pop()
			}
			for _, sl := range s.slots {
				if sl.set {
					g.field = sl.field
					g.add(Violation{Rule: "declarative", Word: g.declarative, Text: sl.text})
				}
			}
			return true
		case tokDoctype:
			if s.mode != modeInitial {
				return false
			}
		case tokStart, tokSelfClosing:
			if !s.start(kind == tokSelfClosing) {
				return false
			}
		case tokEnd:
			if !s.end() {
				return false
			}
		}
	}
}

// text handles a text token: where the tree puts it, or false.
func (s *stream) text(t []byte) bool {
	ws := onlySpace(t)
	if len(s.stack) > 0 {
		if t := s.top(); !t.svg && (t.atom == atom.Title || t.atom == atom.Style || t.atom == atom.Script) {
			ws = true // raw text: the element's own, wherever it is
		}
	}
	switch s.mode {
	case modeInitial, modeBeforeHead:
		return ws // ignored by the tree
	case modeInHead, modeAfterHead, modeAfterBody, modeAfterAfterBody:
		if !ws {
			return false
		}
	case modeBody:
		switch s.top().atom {
		case atom.Table, atom.Tbody, atom.Thead, atom.Tfoot, atom.Tr:
			if !s.topSVG() && !ws {
				return false // foster parenting
			}
		}
	}
	top := s.top()
	if top.preEmpty {
		top.preEmpty = false
		if t[0] == '\n' {
			t = t[1:]
			top.preEmpty = len(t) == 0
		}
		if len(t) == 0 {
			return true
		}
	}
	if s.open4 > 0 {
		s.log = append(s.log, t...)
		for i, k := range s.declOpen {
			if k == len(s.stack)-1 || s.stack[k+1].atom == atom.Span && !s.stack[k+1].svg {
				s.owns[i] = append(s.owns[i], t...)
			}
		}
	}
	if !top.style {
		if len(s.pending) == 0 {
			s.pendingElem = len(s.stack) - 1
		}
		s.pending = append(s.pending, t...)
	}
	return true
}

// flush checks the pending text.
func (s *stream) flush() {
	if len(s.pending) == 0 {
		return
	}
	e := &s.stack[s.pendingElem]
	s.g.field = e.field
	s.g.textBytes(s.pending, e.negative, e.declarative, e.identifier)
	s.pending = s.pending[:0]
}

func (s *stream) top() *selem { return &s.stack[len(s.stack)-1] }

func (s *stream) topSVG() bool { return len(s.stack) > 0 && s.top().svg }

// The HTML elements of the tree builder's "special" category.
var special = func() map[atom.Atom]bool {
	m := map[atom.Atom]bool{}
	for _, n := range []string{"address", "applet", "area", "article", "aside", "base", "basefont", "bgsound", "blockquote", "body", "br", "button", "caption", "center", "col", "colgroup", "dd", "details", "dir", "div", "dl", "dt", "embed", "fieldset", "figcaption", "figure", "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hgroup", "hr", "html", "iframe", "img", "input", "keygen", "li", "link", "listing", "main", "marquee", "menu", "meta", "nav", "noembed", "noframes", "noscript", "object", "ol", "p", "param", "plaintext", "pre", "script", "section", "select", "source", "style", "summary", "table", "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "title", "tr", "track", "ul", "wbr", "xmp"} {
		m[atom.Lookup([]byte(n))] = true
	}
	return m
}()

// svgElements are the SVG elements the fast path reads: none is a
// breakout tag, none is renamed by the tree builder, and desc and title,
// the HTML integration points, are read only with text in them.
var svgElements = map[string]string{}

func init() {
	for _, n := range []string{"svg", "g", "line", "text", "tspan", "circle", "rect", "desc", "title", "path", "polyline", "polygon", "ellipse", "defs", "use"} {
		svgElements[n] = n
	}
}

// The start tags the tree builder treats in a way of its own in body: the
// fast path opens an element for one of them only where it says so.
var bodySpecial = func() map[atom.Atom]bool {
	m := map[atom.Atom]bool{}
	for _, n := range []string{"html", "base", "basefont", "bgsound", "link", "meta", "noframes", "script", "style", "template", "title", "body", "frameset",
		"address", "article", "aside", "blockquote", "center", "details", "dialog", "dir", "div", "dl", "fieldset", "figcaption", "figure", "footer", "header", "hgroup", "main", "menu", "nav", "ol", "p", "search", "section", "summary", "ul",
		"h1", "h2", "h3", "h4", "h5", "h6", "pre", "listing", "form", "li", "dd", "dt", "plaintext", "button", "a", "b", "big", "code", "em", "font", "i", "s", "small", "strike", "strong", "tt", "u", "nobr",
		"applet", "marquee", "object", "table", "area", "br", "embed", "img", "keygen", "wbr", "input", "param", "source", "track", "hr", "image", "textarea", "xmp", "iframe", "noembed", "noscript",
		"select", "option", "optgroup", "rb", "rtc", "rp", "rt", "math", "svg", "caption", "col", "colgroup", "frame", "head", "tbody", "td", "tfoot", "th", "thead", "tr"} {
		a := atom.Lookup([]byte(n))
		if a == 0 {
			panic("guard: no atom for " + n)
		}
		m[a] = true
	}
	return m
}()

// openP reports whether a <p> is open: a start tag that closes a <p> in
// button scope is refused whenever one is open at all.
func (s *stream) openP() bool {
	for i := range s.stack {
		if s.stack[i].atom == atom.P && !s.stack[i].svg {
			return true
		}
	}
	return false
}

// open reports whether an HTML element a is open.
func (s *stream) open(a atom.Atom) bool {
	for i := range s.stack {
		if s.stack[i].atom == a && !s.stack[i].svg {
			return true
		}
	}
	return false
}

// start handles a start tag.
func (s *stream) start(selfClosing bool) bool {
	z := &s.z
	a := atom.Lookup(z.name)
	switch s.mode {
	case modeInitial:
		if a != atom.Html || selfClosing {
			return false
		}
		s.mode = modeBeforeHead
		return s.push(a, "", false, false)
	case modeBeforeHead:
		switch {
		case selfClosing:
			return false
		case a == atom.Head:
			s.mode = modeInHead
			return s.push(a, "", false, false)
		case a == atom.Body: // an empty head is implied
			s.mode = modeBody
			return s.push(a, "", false, false)
		}
		return false
	case modeInHead:
		switch a {
		case atom.Meta, atom.Link:
			return s.push(a, "", false, true)
		case atom.Title, atom.Style, atom.Script:
			if selfClosing {
				return false
			}
			z.raw = a.String()
			return s.push(a, "", false, false)
		}
		return false
	case modeAfterHead:
		if a != atom.Body || selfClosing {
			return false
		}
		s.mode = modeBody
		return s.push(a, "", false, false)
	case modeBody:
	default:
		return false
	}
	if s.topSVG() {
		top := s.top()
		if top.atom == atom.Desc || top.atom == atom.Title {
			return false // an HTML integration point: its content is HTML
		}
		n, ok := svgElements[string(z.name)]
		if !ok {
			return false
		}
		return s.push(atom.Lookup(z.name), n, true, selfClosing)
	}
	top := s.top().atom
	switch top {
	case atom.Table:
		switch a {
		case atom.Caption, atom.Tbody, atom.Thead, atom.Tfoot:
			return !selfClosing && s.push(a, "", false, false)
		}
		return false
	case atom.Tbody, atom.Thead, atom.Tfoot:
		return a == atom.Tr && !selfClosing && s.push(a, "", false, false)
	case atom.Tr:
		return (a == atom.Td || a == atom.Th) && !selfClosing && s.push(a, "", false, false)
	}
	if !bodySpecial[a] {
		if selfClosing {
			return false
		}
		name := ""
		if a == 0 {
			name = string(z.name)
		}
		return s.push(a, name, false, false)
	}
	switch a {
	case atom.Br, atom.Img, atom.Wbr, atom.Input, atom.Meta, atom.Link:
		return s.push(a, "", false, true)
	}
	if selfClosing {
		if a == atom.Svg {
			return s.push(a, "svg", true, true)
		}
		return false
	}
	switch a {
	case atom.Title, atom.Style, atom.Script:
		z.raw = a.String()
		return s.push(a, "", false, false)
	case atom.Svg:
		return s.push(a, "svg", true, false)
	case atom.A:
		if s.open(atom.A) {
			return false
		}
		sortAttrs(z.attrs)
		return s.push(a, "", false, false)
	case atom.B, atom.Big, atom.Code, atom.Em, atom.Font, atom.I, atom.S, atom.Small, atom.Strike, atom.Strong, atom.Tt, atom.U:
		sortAttrs(z.attrs)
		return s.push(a, "", false, false)
	case atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Center, atom.Details, atom.Dialog, atom.Dir, atom.Div, atom.Dl, atom.Fieldset, atom.Figcaption, atom.Figure, atom.Footer, atom.Header, atom.Hgroup, atom.Main, atom.Menu, atom.Nav, atom.Ol, atom.P, atom.Search, atom.Section, atom.Summary, atom.Ul, atom.Table:
		return !s.openP() && s.push(a, "", false, false)
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		switch top {
		case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
			return false
		}
		return !s.openP() && s.push(a, "", false, false)
	case atom.Pre:
		if s.openP() || !s.push(a, "", false, false) {
			return false
		}
		s.top().preEmpty = true
		return true
	case atom.Li, atom.Dd, atom.Dt:
		for i := len(s.stack) - 1; i >= 0; i-- {
			n := s.stack[i].atom
			if a == atom.Li && n == atom.Li || a != atom.Li && (n == atom.Dd || n == atom.Dt) {
				return false // an implied end tag
			}
			if n == atom.Address || n == atom.Div || n == atom.P {
				continue
			}
			if special[n] {
				break
			}
		}
		return !s.openP() && s.push(a, "", false, false)
	}
	return false
}

// sortAttrs orders a formatting element's attributes as the tree builder
// does (by key, then value).
func sortAttrs(as []lexAttr) {
	slices.SortFunc(as, func(x, y lexAttr) int {
		if c := bytes.Compare(x.key, y.key); c != 0 {
			return c
		}
		return bytes.Compare(x.val, y.val)
	})
}

// push opens an element of the current start tag and reads its
// attributes, as the walk does when it enters the element; void elements
// close at once.
func (s *stream) push(a atom.Atom, name string, svg, void bool) bool {
	if len(s.stack) >= 500 {
		return false // html.Parse refuses deeper trees: let it say so
	}
	e := selem{atom: a, name: name, svg: svg, decl: -1, part: -1}
	if len(s.stack) > 0 {
		p := s.top()
		p.preEmpty = false
		e.field, e.negative, e.declarative, e.identifier = p.field, p.negative, p.declarative, p.identifier
	}
	var champ, negatif, declaratif, identifiant []byte
	var hasChamp, hasPart bool
	for _, at := range s.z.attrs {
		switch string(at.key) {
		case "data-champ":
			champ, hasChamp = at.val, true
		case "data-negatif":
			negatif = at.val
		case "data-declaratif":
			declaratif = at.val
		case "data-identifiant":
			identifiant = at.val
		case "data-participant":
			hasPart = true
		}
	}
	isDecl := string(declaratif) == "oui"
	if isDecl {
		s.declCount++
	}
	if a == atom.Style {
		e.style = true
		s.stack = append(s.stack, e)
		if void {
			s.pop()
		}
		return true
	}
	if hasChamp {
		e.field = s.field(champ)
	}
	if string(negatif) == "oui" {
		e.negative = true
	}
	if string(identifiant) == "oui" {
		e.identifier = true
	}
	if isDecl {
		e.declarative = true
		e.decl = len(s.slots)
		s.slots = append(s.slots, slot{})
		s.declOpen = append(s.declOpen, len(s.stack))
		if len(s.owns) < len(s.declOpen) {
			s.owns = append(s.owns, nil)
		}
		s.owns[len(s.declOpen)-1] = s.owns[len(s.declOpen)-1][:0]
	}
	if hasPart {
		e.part = len(s.slots)
		s.slots = append(s.slots, slot{})
		e.declAtStart = s.declCount
	}
	if isDecl || hasPart {
		e.logStart = len(s.log)
		s.open4++
	}
	s.g.field = e.field
	for _, at := range s.z.attrs {
		switch string(at.key) {
		case "class", "style", "id":
		default:
			s.g.textBytes(at.val, e.negative, e.declarative, e.identifier)
		}
	}
	s.stack = append(s.stack, e)
	if void {
		s.pop()
	}
	return true
}

// pop closes the current element, deciding its rule 4 checks.
func (s *stream) pop() {
	e := s.top()
	if e.decl >= 0 || e.part >= 0 {
		text := ""
		if e.decl >= 0 {
			own := s.owns[len(s.declOpen)-1]
			if !bytes.Contains(own, []byte(s.g.declarative)) {
				text = short(string(s.log[e.logStart:]))
				s.slots[e.decl] = slot{set: true, field: e.field, text: text}
			}
			s.declOpen = s.declOpen[:len(s.declOpen)-1]
		}
		if e.part >= 0 && s.declCount == e.declAtStart {
			if text == "" {
				text = short(string(s.log[e.logStart:]))
			}
			s.slots[e.part] = slot{set: true, field: e.field, text: text}
		}
		if s.open4--; s.open4 == 0 {
			s.log = s.log[:0]
		}
	}
	s.stack = s.stack[:len(s.stack)-1]
}

// end handles an end tag: it must close the current element.
func (s *stream) end() bool {
	z := &s.z
	switch s.mode {
	case modeInHead:
		if len(s.stack) == 0 || s.top().atom != atom.Head || string(z.name) != "head" {
			// title, style and script close through their raw text
			if t := s.top(); (t.atom == atom.Title || t.atom == atom.Style || t.atom == atom.Script) && string(z.name) == t.atom.String() {
				s.pop()
				return true
			}
			return false
		}
		s.pop()
		s.mode = modeAfterHead
		return true
	case modeBody:
	case modeAfterBody:
		if string(z.name) == "html" {
			s.mode = modeAfterAfterBody
			return true
		}
		return false
	default:
		return false
	}
	top := s.top()
	if top.svg {
		if string(z.name) != top.name {
			return false
		}
		s.pop()
		return true
	}
	a := atom.Lookup(z.name)
	if a != top.atom || a == 0 && string(z.name) != top.name {
		return false
	}
	switch a {
	case atom.Body:
		s.mode = modeAfterBody // the body stays open: text after it is its
		return true
	case atom.Html:
		return false
	}
	s.pop()
	return true
}
