// Package htmlesc writes strings exactly as html/template escapes data, for
// the markup written in Go rather than by a template: in HTML text and in a
// quoted attribute value (WriteText), in an href (URL, then WriteText),
// and in the fragment of an href after its "#" (Fragment). FuzzEscapers
// compares them with html/template on any string.
package htmlesc

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// htmlReplacement is html/template's table for text and quoted attribute
// values (htmlReplacementTable in html/template/html.go).
var htmlReplacement = [...]string{
	0:    "\uFFFD",
	'"':  "&#34;",
	'&':  "&amp;",
	'\'': "&#39;",
	'+':  "&#43;",
	'<':  "&lt;",
	'>':  "&gt;",
}

// WriteText writes s as html/template writes a string in HTML text or
// in a quoted attribute value (htmlEscaper, attrEscaper): the bytes of
// htmlReplacement replaced, every other byte, valid UTF-8 or not, as is.
func WriteText(b *strings.Builder, s string) {
	written := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			// No byte of a multi-byte sequence, nor an invalid byte, is
			// in the table: html/template writes them as they are.
			i++
			continue
		}
		if int(c) < len(htmlReplacement) && htmlReplacement[c] != "" {
			b.WriteString(s[written:i])
			b.WriteString(htmlReplacement[c])
			written = i + 1
		}
		i++
	}
	b.WriteString(s[written:])
}

// URL is what html/template does to a string in an href before it
// escapes it as an attribute value: a URL whose scheme is not http, https
// or mailto becomes "#ZgotmplZ" (urlFilter), and every byte that is not
// unreserved, reserved or an existing %XX escape is percent-encoded
// (urlNormalizer).
func URL(s string) string {
	if scheme, _, ok := strings.Cut(s, ":"); ok && !strings.Contains(scheme, "/") {
		if !strings.EqualFold(scheme, "http") && !strings.EqualFold(scheme, "https") && !strings.EqualFold(scheme, "mailto") {
			return "#ZgotmplZ"
		}
	}
	var b strings.Builder
	written := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case strings.IndexByte("!#$&*+,/:;=?@[]-._~", c) >= 0,
			'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
			continue
		case c == '%' && i+2 < len(s) && isHexDigit(s[i+1]) && isHexDigit(s[i+2]):
			continue
		}
		b.WriteString(s[written:i])
		fmt.Fprintf(&b, "%%%02x", c)
		written = i + 1
	}
	if written == 0 {
		return s
	}
	b.WriteString(s[written:])
	return b.String()
}

// Fragment is what html/template writes for a string in a URL's query or
// fragment, after its "?" or "#" (urlEscaper): every byte but the
// unreserved ones percent-encoded, existing escapes and reserved
// characters included. What it returns needs no further escaping in a
// quoted attribute.
func Fragment(s string) string {
	var b strings.Builder
	written := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if strings.IndexByte("-._~", c) >= 0 || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
			continue
		}
		b.WriteString(s[written:i])
		fmt.Fprintf(&b, "%%%02x", c)
		written = i + 1
	}
	if written == 0 {
		return s
	}
	b.WriteString(s[written:])
	return b.String()
}

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
