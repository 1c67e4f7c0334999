package templates

import (
	"html/template"
	"text/template/parse"

	"github.com/ark-forge/proveit/templates/messages"
)

// inlineMessages makes each action {{msg "key"}} of t's templates, a
// message asked for without arguments, the message's text as template
// text, before html/template escapes t: a page holds hundreds of them (a
// heading, a column's name, a word of every row), each of which would
// cost the page a reflective call of msg and one of the escaper at every
// execution. The text is the catalogue's own, trusted as a template's
// text is (the catalogue refuses any markup but <strong>, <em> and
// <code>, and any brace), and html/template parses and escapes the page
// with it as if the template file held it. A message the catalogue lacks,
// or that takes arguments, stays an action, so that its error fails the
// page that writes it, as before. Only an action alone in its pipeline is
// replaced: a message passed to a function, or kept in a variable, is a
// value.
func inlineMessages(t *template.Template, cat *messages.Catalogue) {
	for _, tt := range t.Templates() {
		if tt.Tree != nil {
			inlineList(tt.Tree.Root, cat)
		}
	}
}

func inlineList(l *parse.ListNode, cat *messages.Catalogue) {
	if l == nil {
		return
	}
	for i, n := range l.Nodes {
		switch n := n.(type) {
		case *parse.ActionNode:
			if text, ok := constantMessage(n.Pipe, cat); ok {
				l.Nodes[i] = &parse.TextNode{NodeType: parse.NodeText, Pos: n.Pos, Text: []byte(text)}
			}
		case *parse.IfNode:
			inlineList(n.List, cat)
			inlineList(n.ElseList, cat)
		case *parse.RangeNode:
			inlineList(n.List, cat)
			inlineList(n.ElseList, cat)
		case *parse.WithNode:
			inlineList(n.List, cat)
			inlineList(n.ElseList, cat)
		}
	}
}

// constantMessage is the text of the message p writes, when p is msg
// "key" alone and the message is a literal (messages.Catalogue.HTML
// without arguments).
func constantMessage(p *parse.PipeNode, cat *messages.Catalogue) (string, bool) {
	if p == nil || len(p.Decl) > 0 || len(p.Cmds) != 1 || len(p.Cmds[0].Args) != 2 {
		return "", false
	}
	fn, ok := p.Cmds[0].Args[0].(*parse.IdentifierNode)
	key, isString := p.Cmds[0].Args[1].(*parse.StringNode)
	if !ok || fn.Ident != "msg" || !isString {
		return "", false
	}
	h, err := cat.HTML(key.Text)
	if err != nil {
		return "", false
	}
	return string(h), true
}
