package templates

import (
	"crypto/sha256"
	"encoding/base64"
	"html"
	"regexp"
	"strings"
	"testing"
)

var (
	cspMeta    = regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="([^"]*)">`)
	styleElem  = regexp.MustCompile(`(?s)<style>(.*?)</style>`)
	styleAttr  = regexp.MustCompile(`(?i)<[^>]*\sstyle=`)
	scriptElem = regexp.MustCompile(`(?i)<script([^>]*)>`)
	fetched    = regexp.MustCompile(`(?i)<(img|iframe|object|embed|link|video|audio|source|form|base)\b[^>]*>`)
)

// TestContentSecurityPolicy: every page of both editions, content pages
// included, carries one Content-Security-Policy, before its <style> and
// before anything it could load, that allows nothing but the page's one
// <style> element (by its SHA-256) and the data: icon; the pages need no
// more: no style attribute (the hash does not allow one), no script but
// the JSON-LD (data, which the policy does not govern), nothing fetched
// but the icon (a <link rel="alternate"> is not loaded).
func TestContentSecurityPolicy(t *testing.T) {
	pages, err := Render(richSite())
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) < 20 {
		t.Fatalf("only %d pages", len(pages))
	}
	for _, p := range pages {
		page := string(p.HTML)
		metas := cspMeta.FindAllStringSubmatchIndex(page, -1)
		styles := styleElem.FindAllStringSubmatchIndex(page, -1)
		if len(metas) != 1 || len(styles) != 1 {
			t.Errorf("%s: %d policies and %d style elements, want one each", p.Name, len(metas), len(styles))
			continue
		}
		sum := sha256.Sum256([]byte(page[styles[0][2]:styles[0][3]]))
		want := "default-src 'none'; style-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'; img-src data:; base-uri 'none'; form-action 'none'"
		// The value as the browser reads it: html/template writes the
		// hash's + as &#43;.
		if got := html.UnescapeString(page[metas[0][2]:metas[0][3]]); got != want {
			t.Errorf("%s: policy %q, want %q", p.Name, got, want)
		}
		head := page[:strings.Index(page, "</head>")]
		if metas[0][0] > styles[0][0] || metas[0][0] > strings.Index(head, "<link") || metas[0][0] > strings.Index(head, "<script") {
			t.Errorf("%s: the policy comes after what it governs", p.Name)
		}
		if m := styleAttr.FindString(page); m != "" {
			t.Errorf("%s: a style attribute, which the policy blocks: %s", p.Name, m)
		}
		for _, m := range scriptElem.FindAllStringSubmatch(page, -1) {
			if m[1] != ` type="application/ld+json"` {
				t.Errorf("%s: a script: %s", p.Name, m[0])
			}
		}
		for _, m := range fetched.FindAllString(page, -1) {
			if m != `<link rel="icon" href="data:,">` && !strings.HasPrefix(m, `<link rel="alternate" hreflang=`) {
				t.Errorf("%s: %s would load something the policy does not allow", p.Name, m)
			}
		}
	}
}
