package site

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ark-forge/proveit/scorer/score"
)

// registerSeason is the contested season with a register of every kind:
// upheld (covering honnete's assertion), rejected and out of time, pending,
// a late decision, and a rectification covering surdeclare's task.
func registerSeason(t *testing.T) (root string) {
	root, dir := contested(t, true)
	writeDecision(t, dir, "contestations", "C-2026-001", contestation("C-2026-001", "upheld", "2026-11-05T10:00:00Z", "2026-11-20T10:00:00Z"))
	writeDecision(t, dir, "contestations", "C-2026-002", contestation("C-2026-002", "rejected", "2026-11-20T10:00:00Z", "2026-11-25T10:00:00Z"))
	writeDecision(t, dir, "contestations", "C-2026-003", strings.Replace(contestation("C-2026-003", "pending", "2026-11-10T10:00:00Z", ""), `reason = { fr = "Décision motivée.", en = "Reasoned decision." }`, `reason = { fr = "", en = "" }`, 1))
	writeDecision(t, dir, "contestations", "C-2026-004", contestation("C-2026-004", "rejected", "2026-11-06T10:00:00Z", "2026-12-20T10:00:00Z"))
	writeDecision(t, dir, "rectifications", "R-2026-001", "id = \"R-2026-001\"\ndecided_at = 2026-11-10T10:00:00Z\nreason = { fr = \"Défaut du programme corrigé.\", en = \"Program defect fixed.\" }\n[[changes]]\ntrack = \"conformite\"\nparticipant = \"surdeclare\"\ntask = \"conf-02\"\nassertion = \"\"\n")
	return root
}

func TestCorrectionsPage(t *testing.T) {
	tree, err := Build(registerSeason(t))
	if err != nil {
		t.Fatal(err)
	}
	page := string(tree["saison-3/corrections/index.html"])
	for _, w := range []string{
		`id="C-2026-001"`, "Accueillie le 20 novembre 2026 à 10:00:00 UTC",
		`id="C-2026-002"`, "Hors délai (reçue plus de 14 jours après la publication), rejetée le 25 novembre 2026 à 10:00:00 UTC.",
		`id="C-2026-003"`, "décision attendue au plus tard le 10 décembre 2026 à 10:00:00 UTC",
		`id="C-2026-004"`, "Rejetée le 20 décembre 2026 à 10:00:00 UTC.", "après le délai de 30 jours (échéance : 6 décembre 2026 à 10:00:00 UTC)",
		`id="R-2026-001"`, "Défaut du programme corrigé.", "tâche conf-02",
		`href="../conformite/participants/honnete/index.html#tache-conf-01"`,
	} {
		if !strings.Contains(page, w) {
			t.Errorf("the register page lacks %q", w)
		}
	}
	if !strings.Contains(string(tree["saison-3/index.html"]), `href="corrections/index.html"`) {
		t.Error("the season page does not link the register")
	}
	// The English register writes the maintainers' texts in English, and
	// never their French version.
	en := string(tree["en/saison-3/corrections/index.html"])
	for _, w := range []string{`<dd data-field="summary">The value read is the corpus&#39;s.</dd>`, `<dd data-field="reason">Reasoned decision.</dd>`, `<dd data-field="reason">Program defect fixed.</dd>`} {
		if !strings.Contains(en, w) {
			t.Errorf("the English register page lacks %q", w)
		}
	}
	for _, fr := range []string{"La valeur lue est celle du corpus.", "Décision motivée.", "Défaut du programme corrigé."} {
		if strings.Contains(en, fr) {
			t.Errorf("the English register page shows the French %q", fr)
		}
		if !strings.Contains(page, fr) {
			t.Errorf("the French register page lacks %q", fr)
		}
	}
}

func TestCorrectionsFeedIsAtom(t *testing.T) {
	tree, err := Build(registerSeason(t))
	if err != nil {
		t.Fatal(err)
	}
	data := tree["saison-3/corrections/feed.xml"]
	var feed struct {
		XMLName xml.Name
		ID      string `xml:"id"`
		Title   string `xml:"title"`
		Updated string `xml:"updated"`
		Author  struct {
			Name string `xml:"name"`
		} `xml:"author"`
		Links []struct {
			Rel  string `xml:"rel,attr"`
			Href string `xml:"href,attr"`
		} `xml:"link"`
		Entries []struct {
			ID      string `xml:"id"`
			Title   string `xml:"title"`
			Updated string `xml:"updated"`
			Link    struct {
				Href string `xml:"href,attr"`
			} `xml:"link"`
		} `xml:"entry"`
	}
	if err := xml.Unmarshal(data, &feed); err != nil {
		t.Fatalf("the feed is not XML: %v\n%s", err, data)
	}
	if feed.XMLName.Space != "http://www.w3.org/2005/Atom" || feed.XMLName.Local != "feed" {
		t.Errorf("root %v, want the Atom feed element", feed.XMLName)
	}
	if feed.ID != "tag:proveit.arkforge.tech,2026:saison-3/corrections" || feed.Title == "" || feed.Author.Name == "" {
		t.Errorf("feed id %q, title %q, author %q: want all three", feed.ID, feed.Title, feed.Author.Name)
	}
	if feed.Updated != "2026-12-20T10:00:00Z" {
		t.Errorf("feed updated %q, want the latest decision's date", feed.Updated)
	}
	if len(feed.Links) == 0 || feed.Links[0].Rel != "self" {
		t.Errorf("links %+v, want a self link", feed.Links)
	}
	want := map[string]string{"C-2026-001": "2026-11-20T10:00:00Z", "C-2026-002": "2026-11-25T10:00:00Z", "C-2026-003": "2026-11-10T10:00:00Z", "C-2026-004": "2026-12-20T10:00:00Z", "R-2026-001": "2026-11-10T10:00:00Z"}
	if len(feed.Entries) != len(want) {
		t.Fatalf("%d entries, want %d", len(feed.Entries), len(want))
	}
	for _, e := range feed.Entries {
		id := strings.TrimPrefix(e.ID, "tag:proveit.arkforge.tech,2026:saison-3/")
		if w, ok := want[id]; !ok || e.Updated != w || e.Title == "" || e.Link.Href == "" {
			t.Errorf("entry %+v: want id in %v, updated %s, a title and a link", e, want, w)
		}
		if _, err := time.Parse(time.RFC3339, e.Updated); err != nil {
			t.Errorf("entry %s: updated %q is not RFC 3339", e.ID, e.Updated)
		}
	}
	again, err := Build(registerSeason(t))
	if err != nil {
		t.Fatal(err)
	}
	if string(again["saison-3/corrections/feed.xml"]) != string(data) {
		t.Error("two builds write different feeds")
	}
}

func TestCorrectionsGuard(t *testing.T) {
	root, dir := contested(t, false)
	writeDecision(t, dir, "contestations", "C-2026-001", strings.Replace(contestation("C-2026-001", "upheld", "2026-11-05T10:00:00Z", "2026-11-20T10:00:00Z"), "La valeur lue est celle du corpus.", "Le programme triche sur la valeur.", 1))
	_, err := Build(root)
	if err == nil || !strings.Contains(err.Error(), "triche") {
		t.Fatalf("got %v, want the publication guard to refuse « triche »", err)
	}
}

// TestReportShowsHistory: the report of an assertion an upheld
// contestation changed shows the published value and the decision next to
// the current one; an unchanged one shows none.
func TestReportShowsHistory(t *testing.T) {
	tree, err := Build(registerSeason(t))
	if err != nil {
		t.Fatal(err)
	}
	page := string(tree["saison-3/conformite/participants/honnete/index.html"])
	for _, w := range []string{"Valeur publiée : non étayée : valeur ne correspondant pas (<code>value_mismatch</code>).", "Rectifié par la décision <code>C-2026-001</code> du <time datetime=\"2026-11-20T10:00:00Z\">20 novembre 2026 à 10:00:00 UTC</time> : <span data-field=\"reason\">Décision motivée.</span>"} {
		if !strings.Contains(page, w) {
			t.Errorf("honnete's report lacks %q", w)
		}
	}
	if n := strings.Count(page, `class="history"`); n != 1 {
		t.Errorf("%d histories on honnete's report, want 1", n)
	}
	if strings.Contains(string(tree["saison-3/conformite/participants/surdeclare/index.html"]), `class="history"`) {
		t.Error("surdeclare's report shows an assertion history, but only its task's status changed")
	}
}

// TestTableRowShowsHistory: the row of a participant whose rates a
// decision changed shows the published rates and the decision.
func TestTableRowShowsHistory(t *testing.T) {
	tree, err := Build(registerSeason(t))
	if err != nil {
		t.Fatal(err)
	}
	page := string(tree["saison-3/conformite/index.html"])
	if n := strings.Count(page, `class="note history"`); n != 1 {
		t.Errorf("%d rows with a history, want 1 (honnete's)", n)
	}
	if !strings.Contains(page, "valeur publiée : overclaim ") || !strings.Contains(page, "rectifiée par <code>C-2026-001</code>") {
		t.Error("honnete's row does not show its published rates and the decision")
	}
}

// TestContestAddress: a published season says where and until when its
// results are contested (§9.2); without an address the season does not
// load, and proveit publish refuses to publish it, writing nothing.
func TestContestAddress(t *testing.T) {
	tree, err := Build(registerSeason(t))
	if err != nil {
		t.Fatal(err)
	}
	page := string(tree["saison-3/corrections/index.html"])
	published := pubTime().UTC()
	for _, w := range []string{
		`<section id="contester">`,
		`<a href="mailto:contestations@example.org">contestations@example.org</a>`,
		`Piste conformité : résultats publiés le <time datetime="` + published.Format(time.RFC3339) + `">`,
		`au plus tard le <time datetime="` + published.Add(14*24*time.Hour).Format(time.RFC3339) + `">`,
		"Piste générique : résultats publiés le",
		"dans les 30 jours",
	} {
		if !strings.Contains(page, w) {
			t.Errorf("the register page lacks %q", w)
		}
	}

	root, dir := publishedSeason(t, pubTime())
	withoutContest(t, dir)
	if _, err := Build(root); err == nil || !strings.Contains(err.Error(), "contest.email") {
		t.Errorf("a published season without an address: %v", err)
	}

	root = t.TempDir()
	castSeason(t, root)
	dir = filepath.Join(root, fmt.Sprint(fxSeason))
	withoutContest(t, dir)
	if _, err := Publish(dir, pubTime()); err == nil || !strings.Contains(err.Error(), "contest.email") {
		t.Errorf("publish without an address: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "published")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("publish without an address wrote published/: %v", err)
	}
}

func withoutContest(t *testing.T, dir string) {
	t.Helper()
	p := filepath.Join(dir, "season.toml")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	cut := strings.Replace(string(b), "\n[contest]\nemail = \"contestations@example.org\"\n", "", 1)
	if cut == string(b) {
		t.Fatal("the fixture's season.toml has no [contest] table")
	}
	if err := os.WriteFile(p, []byte(cut), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestInvalidatedSeason: a season a mid-season change invalidated (§8)
// publishes its notice, the reason and the date, and no score: no table,
// no results, no report, no proof view. A season invalidated after its
// publication keeps its snapshots, its anchored publication is verified
// and its notice says the results were published, anchored and withdrawn;
// a snapshot dated after the invalidation is refused.
func TestInvalidatedSeason(t *testing.T) {
	root := t.TempDir()
	castSeason(t, root)
	dir := filepath.Join(root, fmt.Sprint(fxSeason))
	p := filepath.Join(dir, "season.toml")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	reason := "Le barème de la piste conformite a été modifié le 3 du mois, après le gel."
	reasonEN := "The scoring scheme of the compliance track was changed on the 3rd of the month, after the freeze."
	inv := strings.Replace(string(b), `status = "closed"`, `status = "invalidated"`+"\nreason = { fr = \""+reason+"\", en = \""+reasonEN+"\" }\ninvalidated_at = "+fxOpens.Add(48*time.Hour).Format(time.RFC3339), 1)
	if inv == string(b) {
		t.Fatal("the fixture has no status line")
	}
	if err := os.WriteFile(p, []byte(inv), 0o644); err != nil {
		t.Fatal(err)
	}
	tree, err := Build(root)
	if err != nil {
		t.Fatal(err)
	}
	page := string(tree[fmt.Sprintf("saison-%d/index.html", fxSeason)])
	for _, w := range []string{`<section id="invalidation"`, "Saison invalidée", reason, `datetime="` + fxOpens.Add(48*time.Hour).UTC().Format(time.RFC3339) + `"`} {
		if !strings.Contains(page, w) {
			t.Errorf("the season page lacks %q", w)
		}
	}
	if !strings.Contains(string(tree["index.html"]), "Saison invalidée") {
		t.Error("the index does not say the season is invalidated")
	}
	if en := string(tree[fmt.Sprintf("en/saison-%d/index.html", fxSeason)]); !strings.Contains(en, `<p data-field="reason">`+reasonEN+`</p>`) || strings.Contains(en, reason) {
		t.Errorf("the English season page: want the English reason %q, never the French one", reasonEN)
	}
	prefix := fmt.Sprintf("saison-%d/", fxSeason)
	for name := range tree {
		if strings.HasPrefix(name, prefix) && name != prefix+"index.html" {
			t.Errorf("an invalidated season publishes %s", name)
		}
	}

	// A season invalidated after its publication: the anchored publication
	// is verified, and the notice page alone says the results had been
	// published and anchored, and are withdrawn (§8).
	root, dir, call, proof := anchoredSeason(t)
	invalidate := func(at time.Time) {
		p := filepath.Join(dir, "season.toml")
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		inv := strings.Replace(string(b), `status = "closed"`, `status = "invalidated"`+"\nreason = { fr = \""+reason+"\", en = \""+reasonEN+"\" }\ninvalidated_at = "+at.Format(time.RFC3339), 1)
		if err := os.WriteFile(p, []byte(inv), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	invalidate(pubTime().Add(72 * time.Hour))
	tree, err = Build(root)
	if err != nil {
		t.Fatalf("a season invalidated after its anchored publication: %v", err)
	}
	page = string(tree[prefix+"index.html"])
	for _, w := range []string{`<section id="invalidation"`, "avaient été publiés le", "L'invalidation les retire", `<section id="publication">`, "<code>" + proof.ID + "</code>", call.Digest} {
		if !strings.Contains(page, w) {
			t.Errorf("the notice page of a season invalidated after publication lacks %q", w)
		}
	}
	for name := range tree {
		if strings.HasPrefix(name, prefix) && name != prefix+"index.html" {
			t.Errorf("a season invalidated after publication publishes %s", name)
		}
	}
	// A listed file changed after the anchoring still refuses it.
	os.WriteFile(filepath.Join(dir, "conformite", "bareme.md"), []byte("# autre\n"), 0o644)
	var pe *score.PublicationError
	if _, err := Build(root); !errors.As(err, &pe) || pe.What != "conformite/bareme.md" {
		t.Errorf("a changed file in a season invalidated after publication: %v", err)
	}

	// A snapshot in a season invalidated before its publication date is
	// refused: it has no published score.
	root, dir = publishedSeason(t, pubTime())
	invalidate(pubTime().Add(-time.Hour))
	if _, err := Build(root); err == nil || !strings.Contains(err.Error(), "a season invalidated before its publication has no published score") {
		t.Errorf("a snapshot in a season invalidated before its publication: %v", err)
	}
}
