package htmlesc

import (
	"html/template"
	"strings"
	"testing"
)

// seeds exercise every escape of html/template in text, attribute and
// URL contexts.
var seeds = []string{
	"", "plain", `<script>alert("x")</script>`, `a&b'c"d+e<f>g`, "nul\x00byte",
	"invalid \xff\xfe utf-8", "\xe2\x82", "non-char \ufdd0 \uffff", "é€𝄞 emoji 🙂",
	"javascript:alert(1)", "JavaScript:x", "data:text/html,<b>", "https://example.org/a b?c=d&e=f#g",
	"mailto:a@b", "/path:with/colon", "%41%zz%4", "100%", "%", "../../../preuves/prf_20261017_091336_c889ed.json",
	"a\tb\nc\rd", "{{.}}", "&#34;&amp;", "back`tick", "(paren)'s", "\x7f\x01", "a-b.c_d~e#f?g",
}

// FuzzEscapers: WriteText writes any string as html/template does in text
// and in a quoted attribute, URL then WriteText as it does in an href,
// and Fragment as it does after an href's "#".
func FuzzEscapers(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
	tm := template.Must(template.New("e").Parse(`<p title="{{.}}">{{.}}</p><a href="{{.}}">x</a><a href="#{{.}}">y</a>`))
	f.Fuzz(func(t *testing.T, s string) {
		var want strings.Builder
		if err := tm.Execute(&want, s); err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		b.WriteString(`<p title="`)
		WriteText(&b, s)
		b.WriteString(`">`)
		WriteText(&b, s)
		b.WriteString(`</p><a href="`)
		WriteText(&b, URL(s))
		b.WriteString(`">x</a><a href="#`)
		b.WriteString(Fragment(s))
		b.WriteString(`">y</a>`)
		if b.String() != want.String() {
			t.Fatalf("%q:\n got %q\nwant %q", s, b.String(), want.String())
		}
	})
}
