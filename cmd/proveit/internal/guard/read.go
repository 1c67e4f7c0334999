package guard

import (
	"bytes"
	"slices"
	"sync"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// A page is read in one pass over the tokens of golang.org/x/net/html's
// tokenizer, the one html.Parse reads, used as html.Parse uses it (CDATA
// read as text in SVG, no raw text after an SVG <title> or <style>).
// The tree a browser builds from those tokens is not always the nesting
// of the tags as written; the reader keeps the little state the rules need
// where the two differ in few and known ways, and refuses the page
// everywhere else (the package doc lists both).
//
// The state kept: the stack of open elements, each with what its
// ancestors and its own attributes say to the rules (data-field,
// data-negative, data-declarative, data-identifier, inside a style
// element); the rule 4 accumulators of the open elements that rule 4
// checks; the text not yet checked (the tree joins adjacent texts), and,
// for each open table, the text the tree moves out of it, which joins the
// text before it; where the reader is in the document (before <head>, in
// it, after it, in the body, after </body>); and the place of each node in
// the order the walk of the tree meets them (guard.seq), which is not the
// order of the tokens for a text moved out of a table and for the
// attributes a second <html> or <body> tag adds.

// mode is where the reader is in the document: the tree builder's
// insertion modes outside the body, and one mode for the whole body (what
// a token does there depends on the current element alone).
type mode int

const (
	beforeHTML mode = iota // the initial and "before html" modes
	beforeHead
	inHead
	afterHead
	inBody
	afterBody // after </body> or </html>: the body is still the current element
)

// maxDepth is the deepest stack the reader reads: html.Parse refuses a
// page past 512 open elements, and the reader refuses it a little before.
const maxDepth = 500

// elem is an open element.
type elem struct {
	atom atom.Atom
	// name is an SVG element's name, or an HTML element's without atom:
	// what its end tag is compared with.
	name    string
	svg     bool
	implied bool // a <tbody> the tree builder inserts before a <tr> written in a <table>
	// What the rules read its texts and attributes with: the field
	// (data-field) and whether it is negative, in a declared stack, an
	// identifier.
	field                             string
	negative, declarative, identifier bool
	// skip is a style element or an element inside one: the rules read
	// nothing there (but rule 4 counts a declared stack in it, and its
	// text is the text of its ancestors).
	skip bool
	// noChild is a <pre> or <textarea> without child yet: the tree drops
	// the newline that begins its first text.
	noChild bool
	// Rule 4: the slots of this element's checks (or -1), where its text
	// starts in reader.log, and the declared stacks opened before its own
	// descendants.
	decl, part            int
	logStart, declAtStart int
	// seq is its place in the walk's order; fosterSeq, for a table, the
	// place of the text before it, which the text the tree moves out of
	// the table joins (reader.fosters[foster]).
	seq, fosterSeq, foster int
}

// attr is an attribute of the current start tag, as the tokenizer gives it
// (lower-case key, value with its character references read).
type attr struct{ key, val []byte }

// slot is one rule 4 check, reserved when its element opens (the walk's
// order) and decided when it closes.
type slot struct {
	set         bool
	seq         int
	field, text string
}

// reader is the state of the reading of one page.
type reader struct {
	z     *html.Tokenizer
	g     *guard
	mode  mode
	seen  bool // a doctype was read: another one is refused
	stack []elem
	attrs []attr
	// pending is the text of the current element not yet checked: the
	// tree merges adjacent texts into one, so a text is checked when the
	// next node is inserted or the current element changes; pendingSeq is
	// its place in the walk's order, seq the last place given.
	pending         []byte
	pendingSeq, seq int
	// fosters are, for each open table, the text before it and the text
	// the tree moves out of it: one text node before the table, checked
	// when the table closes.
	fosters [][]byte
	tables  int
	// htmlKeys and bodyKeys are the attributes of the html and body
	// elements: a second <html> or <body> tag adds the others to them.
	htmlKeys, bodyKeys [][]byte
	// Rule 4: log is every text inserted while an element that rule 4
	// checks is open (the text of each is a range of it); owns the own
	// text of each open declared stack (its texts and its span children's),
	// declOpen their stack indices; declCount counts the elements marked
	// data-declarative="true" opened so far; slots are the verdicts in the
	// walk's order.
	log       []byte
	open4     int
	owns      [][]byte
	declOpen  []int
	declCount int
	slots     []slot
	// refused says why the page is refused, and raw is the token.
	refused, raw string
	// fields are the data-field values met, each once as a string, kept
	// from page to page (at most maxFields): the templates write a few
	// names ("agent", "narrative" …) on every page.
	fields map[string]string
}

// maxFields bounds reader.fields: a page written by hand may name any
// field.
const maxFields = 64

var readerPool = sync.Pool{New: func() any { return new(reader) }}

// readPage reads a page, adding its violations to g; it returns why it
// refuses the page and the token at fault ("" if it reads the page), and
// then what g holds is to be thrown away.
func readPage(page []byte, g *guard) (refused, raw string) {
	r := readerPool.Get().(*reader)
	defer func() {
		r.reset()
		readerPool.Put(r)
	}()
	if !r.read(page, g) {
		return r.refused, r.raw
	}
	return "", ""
}

// reset empties r for its next page: it keeps its buffers and the fields
// it met, and nothing of this page, so that the pool keeps no page alive.
func (r *reader) reset() {
	clear(r.attrs[:cap(r.attrs)])
	clear(r.stack[:cap(r.stack)])
	clear(r.htmlKeys[:cap(r.htmlKeys)])
	clear(r.bodyKeys[:cap(r.bodyKeys)])
	*r = reader{
		stack: r.stack[:0], attrs: r.attrs[:0], pending: r.pending[:0], log: r.log[:0],
		owns: r.owns[:0], declOpen: r.declOpen[:0], slots: r.slots[:0], fields: r.fields,
		fosters: r.fosters, htmlKeys: r.htmlKeys[:0], bodyKeys: r.bodyKeys[:0],
	}
}

// read reads the page to its end; false if it refuses it.
func (r *reader) read(page []byte, g *guard) bool {
	r.g = g
	r.z = html.NewTokenizer(bytes.NewReader(page))
	for {
		// CDATA sections are text in foreign content only, as html.Parse
		// tells its tokenizer.
		r.z.AllowCDATA(len(r.stack) > 0 && r.top().svg)
		ok := true
		switch tt := r.z.Next(); tt {
		case html.ErrorToken:
			// io.EOF: a bytes.Reader has no other error, and no limit is set.
			r.end()
			return true
		case html.TextToken:
			ok = r.text(r.z.Text())
		case html.CommentToken:
			r.comment()
		case html.DoctypeToken:
			if r.mode != beforeHTML || r.seen {
				ok = r.refuse("a doctype after the start of the page")
			}
			r.seen = true
		case html.StartTagToken, html.SelfClosingTagToken:
			name, more := r.z.TagName()
			r.attrs = r.attrs[:0]
			for more {
				var k, v []byte
				k, v, more = r.z.TagAttr()
				r.attrs = append(r.attrs, attr{k, v})
			}
			ok = r.start(atom.Lookup(name), name, tt == html.SelfClosingTagToken)
		case html.EndTagToken:
			name, _ := r.z.TagName()
			ok = r.endTag(atom.Lookup(name), name)
		}
		if !ok {
			return false
		}
	}
}

// refuse records why the page is refused, and returns false.
func (r *reader) refuse(why string) bool {
	r.refused, r.raw = why, short(string(r.z.Raw()))
	return false
}

func (r *reader) top() *elem { return &r.stack[len(r.stack)-1] }

// rawText reports whether e's content is raw text: the tokenizer reads it
// up to its end tag, and no other token comes in between.
func rawText(e *elem) bool {
	if e.svg {
		return false
	}
	switch e.atom {
	case atom.Title, atom.Style, atom.Script, atom.Textarea:
		return true
	}
	return false
}

// integrationPoint reports whether e is an SVG element whose content the
// tree builder reads as HTML.
func integrationPoint(e *elem) bool {
	return e.svg && (e.atom == atom.Title || e.atom == atom.Desc || e.name == "foreignobject")
}

// tablePart reports whether e is a table, a table section or a row: text
// and elements written directly in it are moved out of the table by the
// tree builder (foster parenting), but white space.
func tablePart(e *elem) bool {
	if e.svg {
		return false
	}
	switch e.atom {
	case atom.Table, atom.Tbody, atom.Thead, atom.Tfoot, atom.Tr:
		return true
	}
	return false
}

var nul = []byte{0}

// text handles a text token.
func (r *reader) text(d []byte) bool {
	if r.mode < inBody && !(r.mode == inHead && rawText(r.top())) {
		// Before the body, the tree ignores white space, or puts it in the
		// head or in html; what follows the white space goes to the body,
		// which the tree opens, implying what is missing before it.
		rest := trimSpace(d)
		if len(rest) == 0 {
			if r.mode == inHead || r.mode == afterHead {
				r.insert(d)
			}
			return true
		}
		lead := d[:len(d)-len(rest)]
		switch r.mode {
		case beforeHTML:
			r.push(atom.Html, "", false, true, false)
			r.push(atom.Head, "", false, true, false)
			r.pop()
		case beforeHead:
			r.push(atom.Head, "", false, true, false)
			r.pop()
		case inHead:
			if len(lead) > 0 {
				r.insert(lead)
			}
			r.pop()
		case afterHead:
			if len(lead) > 0 {
				r.insert(lead)
			}
		}
		r.mode = inBody
		r.push(atom.Body, "", false, true, false)
		d = rest
	}
	if r.mode == afterBody && !onlySpace(d) {
		r.mode = inBody // the tree builder goes back to the body
	}
	top := r.top()
	switch {
	case rawText(top):
		// The tokenizer has read the raw text with its NULs replaced.
		if top.atom == atom.Textarea && top.noChild && d[0] == '\n' {
			d = d[1:]
		}
	case top.svg && !integrationPoint(top):
		d = bytes.ReplaceAll(d, nul, []byte("\ufffd"))
	case tablePart(top):
		if bytes.IndexByte(d, 0) >= 0 {
			d = bytes.ReplaceAll(d, nul, nil)
		}
		if !onlySpace(d) {
			return r.fosterText(d)
		}
	default:
		if top.atom == atom.Pre && !top.svg && top.noChild && len(d) > 0 && d[0] == '\n' {
			d = d[1:]
		}
		if bytes.IndexByte(d, 0) >= 0 {
			d = bytes.ReplaceAll(d, nul, nil)
		}
	}
	if len(d) > 0 {
		r.insert(d)
	}
	return true
}

// trimSpace is s without its leading HTML white space.
func trimSpace(s []byte) []byte {
	for len(s) > 0 && onlySpace(s[:1]) {
		s = s[1:]
	}
	return s
}

// fosterText handles a text that is not white space written in a table,
// a table section or a row: the tree moves it out of the innermost table,
// into the table's parent, where it joins the text before the table. The
// reader refuses it where rule 4 would read it in another place than the
// tokens (an element that rule 4 checks open around the table).
func (r *reader) fosterText(d []byte) bool {
	t := len(r.stack) - 1
	for r.stack[t].atom != atom.Table || r.stack[t].svg {
		t--
	}
	for i := range t {
		if e := &r.stack[i]; e.decl >= 0 || e.part >= 0 {
			return r.refuse("text in a table outside its cells, which a browser moves out of the table, in an element that rule 4 checks")
		}
	}
	if !r.stack[t-1].skip {
		r.fosters[r.stack[t].foster] = append(r.fosters[r.stack[t].foster], d...)
	}
	return true
}

// insert adds a text to the current element.
func (r *reader) insert(t []byte) {
	top := r.top()
	top.noChild = false
	if r.open4 > 0 {
		r.log = append(r.log, t...)
		n := len(r.stack) - 1
		for i, k := range r.declOpen {
			// A declared stack's own text: its texts, and its span children's.
			if k == n || r.stack[k+1].atom == atom.Span && !r.stack[k+1].svg {
				r.owns[i] = append(r.owns[i], t...)
			}
		}
	}
	if !top.skip {
		if len(r.pending) == 0 {
			r.seq++
			r.pendingSeq = r.seq
		}
		r.pending = append(r.pending, t...)
	}
}

// flush checks the pending text, the current element's.
func (r *reader) flush() {
	if len(r.pending) == 0 {
		return
	}
	r.check(r.top(), r.pending, r.pendingSeq)
	r.pending = r.pending[:0]
}

// check applies the rules to a text node of e, of place seq.
func (r *reader) check(e *elem, text []byte, seq int) {
	r.g.field, r.g.seq = e.field, seq
	r.g.textBytes(text, e.negative, e.declarative, e.identifier)
}

// comment handles a comment: a node in the current element, which ends
// its pending text, except before the html element and after the body
// (the comment then goes to the document or the html element, and a text
// after it still joins the body's last text).
func (r *reader) comment() {
	if r.mode == beforeHTML || r.mode == afterBody {
		return
	}
	r.flush()
	r.top().noChild = false
}

// start handles a start tag.
func (r *reader) start(a atom.Atom, name []byte, selfClosing bool) bool {
	if a == atom.Html && r.mode != beforeHTML {
		// Its attributes go to the html element, but those it has.
		return r.merge(0, &r.htmlKeys)
	}
	for {
		switch r.mode {
		case beforeHTML:
			r.mode = beforeHead
			if a == atom.Html {
				return r.push(a, "", false, false, false)
			}
			r.push(atom.Html, "", false, true, false)
		case beforeHead:
			r.mode = inHead
			if a == atom.Head {
				return r.push(a, "", false, false, false)
			}
			r.push(atom.Head, "", false, true, false)
		case inHead:
			switch a {
			case atom.Meta, atom.Link, atom.Base, atom.Basefont, atom.Bgsound:
				return r.push(a, "", false, false, true)
			case atom.Title, atom.Style, atom.Script:
				return r.push(a, "", false, false, false)
			case atom.Head:
				return true // ignored
			case atom.Template, atom.Noscript, atom.Noframes:
				return r.refuse("a start tag the guard does not read in the head")
			}
			r.pop() // the head ends
			r.mode = afterHead
		case afterHead:
			switch a {
			case atom.Body:
				r.mode = inBody
				return r.push(a, "", false, false, false)
			case atom.Head:
				return true // ignored
			case atom.Frameset, atom.Base, atom.Basefont, atom.Bgsound, atom.Link, atom.Meta, atom.Noframes, atom.Script, atom.Style, atom.Template, atom.Title:
				return r.refuse("a start tag between the head and the body")
			}
			r.mode = inBody
			r.push(atom.Body, "", false, true, false)
		case afterBody:
			r.mode = inBody // the tree builder goes back to the body
		default:
			return r.startInBody(a, name, selfClosing)
		}
	}
}

// merge adds the attributes of a second <html> (i 0) or <body> (i 1) tag
// that its element has not, as the tree does, to be read where the walk
// reads that element's attributes: first. It refuses one that would
// change what the rules read the element's content with.
func (r *reader) merge(i int, keys *[][]byte) bool {
	if len(r.stack) > 0 && r.top().svg {
		return r.refuse("an html or body tag in SVG")
	}
	e := &r.stack[i]
next:
	for _, at := range r.attrs {
		for _, k := range *keys {
			if bytes.Equal(k, at.key) {
				continue next
			}
		}
		switch string(at.key) {
		case "data-field", "data-negative", "data-declarative", "data-identifier", "data-participant":
			return r.refuse("a second html or body tag whose data-* attribute would change its content's reading")
		}
		*keys = append(*keys, at.key)
		if e.skip {
			continue
		}
		switch string(at.key) {
		case "class", "style", "id":
		default:
			r.g.field, r.g.seq = e.field, e.seq
			r.g.textBytes(at.val, e.negative, e.declarative, e.identifier)
		}
	}
	return true
}

// svgElements are the SVG elements the reader reads, by name: none breaks
// out of SVG content, and title, desc and foreignObject, whose content is
// HTML, are read with text alone in them.
var svgElements = map[string]string{}

func init() {
	for _, n := range []string{"svg", "g", "a", "line", "text", "tspan", "circle", "rect", "desc", "title", "path", "polyline", "polygon", "ellipse", "defs", "use", "symbol", "style", "foreignobject"} {
		svgElements[n] = n
	}
}

// ordinary reports whether a is one of the HTML elements, beside those of
// unknown names, whose start tag opens an element in the current one and
// nothing else in the body (the tree builder's "any other start tag"),
// and whose end tag closes it.
func ordinary(a atom.Atom) bool {
	switch a {
	case atom.Span, atom.Abbr, atom.Time, atom.Data, atom.Mark, atom.Q, atom.Cite, atom.Dfn, atom.Kbd,
		atom.Samp, atom.Var, atom.Sub, atom.Sup, atom.Bdi, atom.Bdo, atom.Ins, atom.Del, atom.Label,
		atom.Output, atom.Meter, atom.Progress, atom.Picture, atom.Ruby,
		// The Atom feed's elements whose names are atoms of HTML attributes.
		atom.Id, atom.Name:
		return true
	}
	return false
}

// void reports whether a is a void element the reader reads in the body,
// which closes at once, but br: its end tag is ignored by the tree (</br>
// is a <br>).
func void(a atom.Atom) bool {
	switch a {
	case atom.Hr, atom.Area, atom.Embed, atom.Img, atom.Keygen, atom.Wbr, atom.Input, atom.Param,
		atom.Source, atom.Track, atom.Meta, atom.Link, atom.Base, atom.Basefont, atom.Bgsound:
		return true
	}
	return false
}

// startInBody handles a start tag in the body.
func (r *reader) startInBody(a atom.Atom, name []byte, selfClosing bool) bool {
	top := r.top()
	if top.svg {
		if integrationPoint(top) {
			return r.refuse("an element in an SVG title, desc or foreignObject")
		}
		n, ok := svgElements[string(name)]
		if !ok {
			return r.refuse("an SVG element the guard does not read")
		}
		if !r.push(a, n, true, false, selfClosing) {
			return false
		}
		r.z.NextIsNotRawText() // an SVG <title> or <style> holds elements
		return true
	}
	switch a {
	case atom.Body:
		return r.merge(1, &r.bodyKeys)
	case atom.Head:
		return true // ignored
	}
	if tablePart(top) {
		switch {
		case top.atom == atom.Table && (a == atom.Caption || a == atom.Tbody || a == atom.Thead || a == atom.Tfoot):
			return r.push(a, "", false, false, false)
		case top.atom == atom.Table && a == atom.Tr:
			r.push(atom.Tbody, "", false, true, false)
			return r.push(a, "", false, false, false)
		case (top.atom == atom.Tbody || top.atom == atom.Thead || top.atom == atom.Tfoot) && a == atom.Tr,
			top.atom == atom.Tr && (a == atom.Td || a == atom.Th):
			return r.push(a, "", false, false, false)
		}
		return r.refuse("an element in a table outside its cells, or a cell or row it implies")
	}
	// A self-closing slash on an HTML element is ignored: the element
	// stays open, as in the tree.
	switch a {
	case atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Center, atom.Details, atom.Dialog, atom.Dir, atom.Div, atom.Dl, atom.Fieldset, atom.Figcaption, atom.Figure, atom.Footer, atom.Header, atom.Hgroup, atom.Main, atom.Menu, atom.Nav, atom.Ol, atom.P, atom.Search, atom.Section, atom.Summary, atom.Ul, atom.Table:
		if r.open(atom.P) {
			return r.refuse("a block in a paragraph, which ends it")
		}
		return r.push(a, "", false, false, false)
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		if r.open(atom.P) || heading(top) {
			return r.refuse("a heading in a paragraph or a heading, which ends it")
		}
		return r.push(a, "", false, false, false)
	case atom.Pre:
		if r.open(atom.P) {
			return r.refuse("a block in a paragraph, which ends it")
		}
		if !r.push(a, "", false, false, false) {
			return false
		}
		r.top().noChild = true
		return true
	case atom.Li, atom.Dd, atom.Dt:
		// An <li> closes the open <li> down to the first "special" element
		// but address, div and p; the reader refuses any open <li> down to
		// the list element, which is special (and so for <dd>, <dt>, <dl>).
		list := atom.Ul
		if a != atom.Li {
			list = atom.Dl
		}
		for i := len(r.stack) - 1; i >= 0; i-- {
			n := r.stack[i].atom
			if n == list || a == atom.Li && n == atom.Ol {
				break
			}
			if a == atom.Li && n == atom.Li || a != atom.Li && (n == atom.Dd || n == atom.Dt) {
				return r.refuse("a list item in a list item, which ends it")
			}
		}
		if r.open(atom.P) {
			return r.refuse("a block in a paragraph, which ends it")
		}
		return r.push(a, "", false, false, false)
	case atom.Hr:
		if r.open(atom.P) {
			return r.refuse("a block in a paragraph, which ends it")
		}
		return r.push(a, "", false, false, true)
	case atom.A, atom.B, atom.Big, atom.Code, atom.Em, atom.Font, atom.I, atom.S, atom.Small, atom.Strike, atom.Strong, atom.Tt, atom.U:
		if a == atom.A && r.open(atom.A) {
			return r.refuse("a link in a link, which ends it")
		}
		// The tree builder sorts a formatting element's attributes.
		slices.SortFunc(r.attrs, func(x, y attr) int { return bytes.Compare(x.key, y.key) })
		return r.push(a, "", false, false, false)
	case atom.Br:
		return r.push(a, "", false, false, true)
	case atom.Title, atom.Style, atom.Script:
		return r.push(a, "", false, false, false)
	case atom.Textarea:
		if !r.push(a, "", false, false, false) {
			return false
		}
		r.top().noChild = true
		return true
	case atom.Svg:
		return r.push(a, "svg", true, false, selfClosing)
	case 0:
		// An unknown name: no case of the tree builder names it.
		return r.push(a, string(name), false, false, false)
	}
	if ordinary(a) {
		return r.push(a, "", false, false, false)
	}
	if void(a) {
		return r.push(a, "", false, false, true)
	}
	return r.refuse("an element the guard does not read")
}

// open reports whether an HTML element a is open.
func (r *reader) open(a atom.Atom) bool {
	for i := range r.stack {
		if r.stack[i].atom == a && !r.stack[i].svg {
			return true
		}
	}
	return false
}

func heading(e *elem) bool {
	switch e.atom {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return !e.svg
	}
	return false
}

// push opens an element of the current start tag (or an implied one,
// without attributes) in the current element, and reads its attributes
// as the walk does when it enters the element; it closes it at once if
// closes (a void element, a self-closing SVG element).
func (r *reader) push(a atom.Atom, name string, svg, implied, closes bool) bool {
	if len(r.stack) >= maxDepth {
		return r.refuse("elements nested too deep")
	}
	e := elem{atom: a, name: name, svg: svg, implied: implied, decl: -1, part: -1}
	if a == atom.Table && !svg {
		// The text before the table is not checked yet: the tree joins to
		// it any text it moves out of the table.
		if len(r.fosters) == r.tables {
			r.fosters = append(r.fosters, nil)
		}
		e.foster = r.tables
		r.tables++
		r.fosters[e.foster] = append(r.fosters[e.foster][:0], r.pending...)
		if len(r.pending) > 0 {
			e.fosterSeq = r.pendingSeq
		} else {
			r.seq++
			e.fosterSeq = r.seq
		}
		r.pending = r.pending[:0]
	} else {
		r.flush()
	}
	r.seq++
	e.seq = r.seq
	if len(r.stack) > 0 {
		p := r.top()
		p.noChild = false
		e.field, e.negative, e.declarative, e.identifier, e.skip = p.field, p.negative, p.declarative, p.identifier, p.skip
	}
	if implied {
		r.stack = append(r.stack, e)
		return true
	}
	var fieldAttr, negativeAttr, declarativeAttr, identifierAttr []byte
	var hasField, hasPart bool
	for _, at := range r.attrs {
		switch string(at.key) {
		case "data-field":
			fieldAttr, hasField = at.val, true
		case "data-negative":
			negativeAttr = at.val
		case "data-declarative":
			declarativeAttr = at.val
		case "data-identifier":
			identifierAttr = at.val
		case "data-participant":
			hasPart = true
		}
	}
	isDecl := string(declarativeAttr) == "true"
	if isDecl {
		r.declCount++ // a participant's declared stack, wherever it is
	}
	if a == atom.Style {
		e.skip = true
	}
	if e.skip {
		r.stack = append(r.stack, e)
		if closes {
			r.pop()
		}
		return true
	}
	if hasField {
		e.field = r.field(fieldAttr)
	}
	if string(negativeAttr) == "true" {
		e.negative = true
	}
	if string(identifierAttr) == "true" {
		e.identifier = true
	}
	if isDecl {
		e.declarative = true
		e.decl = len(r.slots)
		r.slots = append(r.slots, slot{})
		r.declOpen = append(r.declOpen, len(r.stack))
		if len(r.owns) < len(r.declOpen) {
			r.owns = append(r.owns, nil)
		}
		r.owns[len(r.declOpen)-1] = r.owns[len(r.declOpen)-1][:0]
	}
	switch {
	case a == atom.Html && len(r.stack) == 0:
		for _, at := range r.attrs {
			r.htmlKeys = append(r.htmlKeys, at.key)
		}
	case a == atom.Body && len(r.stack) == 1:
		for _, at := range r.attrs {
			r.bodyKeys = append(r.bodyKeys, at.key)
		}
	}
	if hasPart {
		e.part = len(r.slots)
		r.slots = append(r.slots, slot{})
		e.declAtStart = r.declCount
	}
	if isDecl || hasPart {
		e.logStart = len(r.log)
		r.open4++
	}
	r.g.field, r.g.seq = e.field, e.seq
	for _, at := range r.attrs {
		switch string(at.key) {
		case "class", "style", "id":
		default:
			r.g.textBytes(at.val, e.negative, e.declarative, e.identifier)
		}
	}
	r.stack = append(r.stack, e)
	if closes {
		r.pop()
	}
	return true
}

// field is the data-field value v as a string, from r.fields when it is
// there.
func (r *reader) field(v []byte) string {
	if f, ok := r.fields[string(v)]; ok {
		return f
	}
	f := string(v)
	if len(r.fields) < maxFields {
		if r.fields == nil {
			r.fields = map[string]string{}
		}
		r.fields[f] = f
	}
	return f
}

// pop closes the current element, deciding its rule 4 checks.
func (r *reader) pop() {
	r.flush()
	e := r.top()
	if e.decl >= 0 || e.part >= 0 {
		text := ""
		if e.decl >= 0 {
			own := r.owns[len(r.declOpen)-1]
			if !bytes.Contains(own, []byte(r.g.declarative)) {
				text = short(string(r.log[e.logStart:]))
				r.slots[e.decl] = slot{set: true, seq: e.seq, field: e.field, text: text}
			}
			r.declOpen = r.declOpen[:len(r.declOpen)-1]
		}
		if e.part >= 0 && r.declCount == e.declAtStart {
			if text == "" {
				text = short(string(r.log[e.logStart:]))
			}
			r.slots[e.part] = slot{set: true, seq: e.seq, field: e.field, text: text}
		}
		if r.open4--; r.open4 == 0 {
			r.log = r.log[:0]
		}
	}
	r.stack = r.stack[:len(r.stack)-1]
	if e.atom == atom.Table && !e.svg {
		// The text before the table, and what the tree moved out of it.
		r.tables--
		if f := r.fosters[e.foster]; len(f) > 0 {
			r.check(r.top(), f, e.fosterSeq)
		}
	}
}

// endTag handles an end tag: it must close the current element, as it
// does in the tree, or be one the tree ignores without leaving the mode
// it is in (the end tag of a void element, which is never open: the Atom
// feed writes <link …></link>; </head> in the body).
func (r *reader) endTag(a atom.Atom, name []byte) bool {
	if (void(a) || a == atom.Head && r.mode == inBody) && r.mode != afterBody && !(len(r.stack) > 0 && r.top().svg) {
		return true // ignored
	}
	switch r.mode {
	case inHead:
		if top := r.top(); a == top.atom && (a == atom.Head || rawText(top)) {
			r.pop()
			if a == atom.Head {
				r.mode = afterHead
			}
			return true
		}
		return r.refuse("an end tag in the head that does not close its element")
	case inBody:
	case afterBody:
		if a == atom.Body || a == atom.Html {
			return true // nothing changes: the body stays current
		}
		return r.refuse("an end tag after the body")
	default:
		return r.refuse("an end tag before the body")
	}
	top := r.top()
	switch {
	case top.svg:
		if !bytes.EqualFold(name, []byte(top.name)) {
			return r.refuse("an end tag that does not close the current SVG element")
		}
	case top.implied && top.atom == atom.Tbody && (a == atom.Table || a == atom.Tbody):
		r.pop() // the implied tbody
		if a == atom.Tbody {
			return true
		}
	case top.atom == atom.Body && (a == atom.Body || a == atom.Html):
		r.mode = afterBody // the body stays open: a text after it is its
		return true
	case a != top.atom || a == 0 && string(name) != top.name:
		return r.refuse("an end tag that does not close the current element")
	}
	r.pop()
	return true
}

// end closes every element at the end of the page, and adds the rule 4
// verdicts in the order the walk would find them.
func (r *reader) end() {
	for len(r.stack) > 0 {
		r.pop()
	}
	g := r.g
	for _, sl := range r.slots {
		if sl.set {
			g.field, g.seq = sl.field, sl.seq
			g.add(Violation{Rule: "declarative", Word: g.declarative, Text: sl.text})
		}
	}
}
