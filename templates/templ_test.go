package templates

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	xhtml "golang.org/x/net/html"
)

// TestTemplSameAsHTMLTemplate: the report pages of richSite (hostile
// text in every field a participant writes, a question, a history of
// decisions, several proofs, an incident, a did:key in a trace), in both
// editions, rendered by the templ components have the tags, attributes
// and text of the pages html/template renders from the same views.
func TestTemplSameAsHTMLTemplate(t *testing.T) {
	en, err := newEnglish()
	if err != nil {
		t.Fatal(err)
	}
	site := richSite()
	n := 0
	for _, r := range []*renderer{french, en} {
		jobs, err := r.siteJobs(site, reportsOf(site))
		if err != nil {
			t.Fatal(err)
		}
		for _, j := range jobs {
			if _, ok := templPages[j.kind]; !ok {
				continue
			}
			n++
			var a, b bytes.Buffer
			if err := j.RenderTo(&a); err != nil {
				t.Fatal(err)
			}
			if err := j.RenderTemplTo(&b); err != nil {
				t.Fatal(err)
			}
			if diff := tokenDiff(a.Bytes(), b.Bytes()); diff != "" {
				t.Errorf("%s: %s", j.Name, diff)
			}
		}
	}
	if n < 4 {
		t.Fatalf("%d pages of a kind templ renders", n)
	}
}

// tokenDiff compares two pages token by token (pageTokens): "" when they
// have the same tags, attributes and text, the first difference
// otherwise.
func tokenDiff(a, b []byte) string {
	ta, tb := pageTokens(a), pageTokens(b)
	for i := range max(len(ta), len(tb)) {
		x, y := "(end)", "(end)"
		if i < len(ta) {
			x = ta[i]
		}
		if i < len(tb) {
			y = tb[i]
		}
		if x != y {
			return fmt.Sprintf("token %d:\nhtml/template %.300s\ntempl         %.300s", i, x, y)
		}
	}
	return ""
}

// pageTokens is a page as golang.org/x/net/html's tokenizer reads it, one
// line per token: a tag with its attributes sorted, a text with its
// whitespace runs made one space, a script's JSON trimmed. A run of
// whitespace alone that holds a line break is the layout of the template
// between two tags, which the engines write differently, and is left out;
// one without is a space a reader sees between two inline elements, and
// is kept.
func pageTokens(page []byte) []string {
	z := xhtml.NewTokenizer(bytes.NewReader(page))
	var out []string
	inScript := false
	for {
		tt := z.Next()
		switch tt {
		case xhtml.ErrorToken:
			return out
		case xhtml.TextToken:
			raw := string(z.Text())
			if inScript {
				raw = strings.TrimSpace(raw) // JSON, whose whitespace is not data
			}
			if strings.TrimSpace(raw) == "" && strings.Contains(raw, "\n") {
				continue
			}
			out = append(out, fmt.Sprintf("text %q", raw))
		case xhtml.StartTagToken, xhtml.SelfClosingTagToken, xhtml.EndTagToken:
			tok := z.Token()
			inScript = tt == xhtml.StartTagToken && tok.Data == "script"
			kind := "<"
			if tt == xhtml.EndTagToken {
				kind = "</"
			}
			var attrs []string
			for _, a := range tok.Attr {
				attrs = append(attrs, fmt.Sprintf("%s=%q", a.Key, a.Val))
			}
			slices.Sort(attrs)
			out = append(out, kind+tok.Data+" "+strings.Join(attrs, " "))
		default:
			out = append(out, fmt.Sprintf("%v %s", tt, z.Token().Data))
		}
	}
}
