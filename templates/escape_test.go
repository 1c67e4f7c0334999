package templates

import (
	"bytes"
	"strings"
	"testing"

	xhtml "golang.org/x/net/html"
)

// TestParticipantTextIsText: what a participant writes (the agent's name,
// the declared stack, a task's narrative) reaches the report as text, in
// both editions: parsed as a browser parses it, the page holds no element
// but the ones its components write (one <script>, the JSON-LD; no <b>,
// no <i>), and the narrative's element holds the narrative, byte for byte.
func TestParticipantTextIsText(t *testing.T) {
	const narrative = "J'ai vérifié <script>alert(\"x\")</script> & <b>tout</b>\n\tligne 2"
	site := richSite()
	p := site.Seasons[1].Tracks[0].Result.Participants[1]
	handReports[p].TaskReports[0].Narrative = narrative
	defer func() { handReports[p].TaskReports[0].Narrative = "" }()
	pages, err := Render(site)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, pg := range pages {
		if !strings.HasSuffix(pg.Name, "/participants/"+p.Participant.Slug+"/index.html") {
			continue
		}
		n++
		doc, err := xhtml.Parse(bytes.NewReader(pg.HTML))
		if err != nil {
			t.Fatal(err)
		}
		scripts, quotes := 0, 0
		for node := range doc.Descendants() {
			if node.Type != xhtml.ElementNode {
				continue
			}
			switch node.Data {
			case "script":
				scripts++
			case "b", "i":
				t.Errorf("%s: a <%s> element, from a participant's text", pg.Name, node.Data)
			case "blockquote":
				quotes++
				if got := node.FirstChild; got == nil || got.Type != xhtml.TextNode || got.Data != narrative || got.NextSibling != nil {
					t.Errorf("%s: the narrative's element holds %+v, want the text %q", pg.Name, got, narrative)
				}
			}
		}
		if scripts != 1 || quotes != 1 {
			t.Errorf("%s: %d scripts and %d narratives, want one each", pg.Name, scripts, quotes)
		}
		for _, hostile := range []string{p.Participant.Agent, p.Participant.DeclaredStack} {
			if !strings.Contains(xhtmlText(doc), hostile) {
				t.Errorf("%s: the text %q is not on the page as text", pg.Name, hostile)
			}
		}
	}
	if n != 2 {
		t.Fatalf("%d report pages of %s, want one per edition", n, p.Participant.Slug)
	}
}

// xhtmlText is the text of every text node under n, concatenated.
func xhtmlText(n *xhtml.Node) string {
	var b strings.Builder
	for d := range n.Descendants() {
		if d.Type == xhtml.TextNode {
			b.WriteString(d.Data)
		}
	}
	return b.String()
}
