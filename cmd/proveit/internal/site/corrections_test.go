package site

import (
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/ark-forge/proveit/scorer/publication"
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
		`id="C-2026-004"`, "Rejetée le 20 décembre 2026 à 10:00:00 UTC.",
		`<p class="notice" data-late="true"><strong>En retard : décision rendue le 20 décembre 2026 à 10:00:00 UTC, après l&#39;échéance du 6 décembre 2026 à 10:00:00 UTC (30 jours après la réception).</strong></p>`,
		`id="R-2026-001"`, "Défaut du programme corrigé.", "tâche conf-02",
		// The contested assertion's own anchor; the rectification's
		// task-level change, its task's.
		`href="../conformite/participants/honnete/index.html#assertion-conf-01-1"`,
		`href="../conformite/participants/surdeclare/index.html#tache-conf-02"`,
	} {
		if !strings.Contains(page, w) {
			t.Errorf("the register page lacks %q", w)
		}
	}
	// Only C-2026-004 is late: decided 44 days after its reception.
	if n := strings.Count(page, `data-late="true"`); n != 1 {
		t.Errorf("%d entries flagged late, want 1 (C-2026-004)", n)
	}
	if strings.Contains(page, "#tache-conf-01") {
		t.Error("the register links a contested assertion's task, want the assertion's anchor")
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

// TestRegisterShowsBeforeAfter: the entry of the upheld contestation
// shows the assertion's published cause → its value now and honnete's
// overclaim as the snapshot published it → now, in figures; the rejected,
// pending and late entries show no change; so does the Atom feed, whose
// late entry says so in its title.
func TestRegisterShowsBeforeAfter(t *testing.T) {
	root := registerSeason(t)
	tree, err := Build(root)
	if err != nil {
		t.Fatal(err)
	}
	snap := readSnapshot(t, root)
	p := snap.Participant("honnete")
	var rendered, unsupported int
	if _, err := fmt.Sscanf(*p.Overclaim, "%d/%d", &unsupported, &rendered); err != nil {
		t.Fatal(err)
	}
	page := string(tree["saison-3/corrections/index.html"])
	entry := section(t, page, `id="C-2026-001"`)
	for _, w := range []string{
		"Avant → après",
		"Assertion a1 : non étayée : valeur ne correspondant pas (value_mismatch) → étayée (supported).",
		fmt.Sprintf("Taux d&#39;overclaim sur la piste (honnete) : %d/%d", unsupported, rendered),
		fmt.Sprintf("→ %d/%d", unsupported-1, rendered),
	} {
		if !strings.Contains(entry, w) {
			t.Errorf("C-2026-001's entry lacks %q:\n%s", w, entry)
		}
	}
	for _, id := range []string{"C-2026-002", "C-2026-003", "C-2026-004"} {
		if e := section(t, page, `id="`+id+`"`); strings.Contains(e, `data-field="changes"`) {
			t.Errorf("%s changed nothing, but its entry shows changes:\n%s", id, e)
		}
	}
	feed := string(tree["saison-3/corrections/feed.xml"])
	if !strings.Contains(feed, "Assertion a1 : non étayée : valeur ne correspondant pas (value_mismatch) → étayée (supported).") {
		t.Error("the feed's entry of C-2026-001 lacks the before → after")
	}
	if n := strings.Count(feed, "— décision rendue en retard</title>"); n != 1 || !strings.Contains(feed, "assertion a1) — décision rendue en retard</title>") {
		t.Errorf("%d feed titles flagged late, want C-2026-004's alone", n)
	}
}

// section is the <section> of page that opens with attr.
func section(t *testing.T, page, attr string) string {
	t.Helper()
	i := strings.Index(page, "<section "+attr)
	if i < 0 {
		t.Fatalf("no <section %s>", attr)
	}
	j := strings.Index(page[i:], "</section>")
	return page[i : i+j]
}

// readSnapshot reads the conformite snapshot of the season under root.
func readSnapshot(t *testing.T, root string) *publication.Snapshot {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, fmt.Sprint(fxSeason), "published", "conformite.json"))
	if err != nil {
		t.Fatal(err)
	}
	snap, err := publication.ParseSnapshot(data, fxSeason, "conformite")
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

// TestReportHeaderSaysRectified: the header of honnete's report says its
// overclaim was corrected after the publication, published → now, and
// links the decision's entry in the register; a report whose rates no
// decision changed says nothing of it, in both editions.
func TestReportHeaderSaysRectified(t *testing.T) {
	root := registerSeason(t)
	tree, err := Build(root)
	if err != nil {
		t.Fatal(err)
	}
	p := readSnapshot(t, root).Participant("honnete")
	var u, n int
	if _, err := fmt.Sscanf(*p.Overclaim, "%d/%d", &u, &n); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ page, want string }{
		{"saison-3/conformite/participants/honnete/index.html", fmt.Sprintf(`Rectifié après la publication (<a href="../../../corrections/index.html#C-2026-001"><code>C-2026-001</code></a>) : %d/%d`, u, n)},
		{"en/saison-3/conformite/participants/honnete/index.html", fmt.Sprintf(`Corrected after publication (<a href="../../../corrections/index.html#C-2026-001"><code>C-2026-001</code></a>): %d/%d`, u, n)},
	} {
		page := string(tree[c.page])
		i, j := strings.Index(page, `<dl class="card">`), strings.Index(page, "</dl>")
		if i < 0 || j < i {
			t.Fatalf("%s has no header card", c.page)
		}
		header := page[i:j]
		if !strings.Contains(header, c.want) || !strings.Contains(header, fmt.Sprintf("→ %d/%d", u-1, n)) {
			t.Errorf("%s's header lacks %q → %d/%d:\n%s", c.page, c.want, u-1, n, header)
		}
		if strings.Count(header, `data-field="correction"`) != 1 {
			t.Errorf("%s: want one corrected rate (the overclaim), got:\n%s", c.page, header)
		}
	}
	if strings.Contains(string(tree["saison-3/conformite/participants/surdeclare/index.html"]), `data-field="correction"`) {
		t.Error("surdeclare's header says a rate was corrected, but only a task's status changed")
	}
}

// TestDataCarryCorrections: results.json, results.csv and report.json
// carry what the decisions changed, the published values read from the
// snapshot (not from the fresh score): honnete's overclaim, its
// assertion's cause, surdeclare's task status; every other row carries
// none.
func TestDataCarryCorrections(t *testing.T) {
	root := registerSeason(t)
	tree, err := Build(root)
	if err != nil {
		t.Fatal(err)
	}
	snap := readSnapshot(t, root)
	hp := snap.Participant("honnete")
	var u, n int
	if _, err := fmt.Sscanf(*hp.Overclaim, "%d/%d", &u, &n); err != nil {
		t.Fatal(err)
	}
	decisions := []score.DecisionJSON{{ID: "C-2026-001", DecidedAt: "2026-11-20T10:00:00Z"}}
	var results score.ResultsJSON
	if err := json.Unmarshal(tree["saison-3/conformite/results.json"], &results); err != nil {
		t.Fatal(err)
	}
	for _, row := range results.Participants {
		if row.Slug != "honnete" {
			if len(row.Corrections) != 0 {
				t.Errorf("%s: corrections %+v, want none", row.Slug, row.Corrections)
			}
			continue
		}
		if len(row.Corrections) != 1 {
			t.Fatalf("honnete: corrections %+v, want the overclaim's alone", row.Corrections)
		}
		c := row.Corrections[0]
		if c.Field != "overclaim" || c.Published.Numerator != u || c.Published.Denominator != n || c.Rectified.Numerator != row.Overclaim.Numerator ||
			c.Rectified.Numerator != u-1 || !reflect.DeepEqual(c.Decisions, decisions) {
			t.Errorf("honnete's correction %+v, want overclaim %d/%d → %d/%d by %v", c, u, n, u-1, n, decisions)
		}
		if want, _ := score.MarshalJSON(c.Rectified); string(want) != string(must(score.MarshalJSON(row.Overclaim))) {
			t.Errorf("the rectified overclaim %s is not the row's %s", want, must(score.MarshalJSON(row.Overclaim)))
		}
	}
	var rep score.ReportJSON
	if err := json.Unmarshal(tree["saison-3/conformite/participants/honnete/report.json"], &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Corrections) != 1 || rep.Corrections[0].Published.Numerator != u {
		t.Errorf("honnete's report.json corrections %+v, want its overclaim's", rep.Corrections)
	}
	sa := hp.Task("conf-01").Assertions[0]
	for _, task := range rep.Tasks {
		for _, a := range task.Assertions {
			switch {
			case task.TaskID == "conf-01" && a.ID == sa.ID:
				c := a.Correction
				if c == nil || c.Published == nil || c.Published.Status != sa.Status || *c.Published.Cause != *sa.Cause || c.Rectified.Status != a.Status || *c.Rectified.Cause != string(*a.Cause) ||
					!reflect.DeepEqual(c.Decisions, decisions) {
					t.Errorf("conf-01 %s: correction %+v, want published %s/%s (the snapshot's), rectified %s, by %v", a.ID, c, sa.Status, *sa.Cause, a.Status, decisions)
				}
			case a.Correction != nil:
				t.Errorf("%s %s: correction %+v, want none", task.TaskID, a.ID, a.Correction)
			}
		}
		if task.Correction != nil {
			t.Errorf("honnete's %s: correction %+v, want none", task.TaskID, task.Correction)
		}
	}
	if err := json.Unmarshal(tree["saison-3/conformite/participants/surdeclare/report.json"], &rep); err != nil {
		t.Fatal(err)
	}
	for _, task := range rep.Tasks {
		c := task.Correction
		if task.TaskID != "conf-02" {
			if c != nil {
				t.Errorf("surdeclare's %s: correction %+v, want none", task.TaskID, c)
			}
			continue
		}
		want := snap.Participant("surdeclare").Task("conf-02").Status
		if c == nil || c.Published == nil || c.Published.Status != want || c.Rectified.Status != string(task.Status) || len(c.Decisions) != 1 || c.Decisions[0].ID != "R-2026-001" {
			t.Errorf("surdeclare's conf-02: correction %+v, want %s → %s by R-2026-001", c, want, task.Status)
		}
	}
	lines, err := csv.NewReader(strings.NewReader(string(tree["saison-3/conformite/results.csv"]))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, name := range lines[0] {
		col[name] = i
	}
	for _, line := range lines[1:] {
		got := []string{line[col["overclaim_published_numerator"]], line[col["overclaim_published_denominator"]], line[col["overclaim_decisions"]], line[col["success_published_rate"]], line[col["success_decisions"]]}
		want := []string{"", "", "", "", ""}
		if line[col["slug"]] == "honnete" {
			want = []string{fmt.Sprint(u), fmt.Sprint(n), "C-2026-001", "", ""}
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("results.csv, %s: correction cells %q, want %q", line[col["slug"]], got, want)
		}
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
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
