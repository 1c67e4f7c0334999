package templates

import (
	"strings"
	"testing"

	"github.com/ark-forge/proveit/internal/bilingual"
	"github.com/ark-forge/proveit/scorer/score"
)

// keyedSite is handSite with the key of its one task: the closed season
// gets a task page, a grid and participant pages.
func keyedSite() Site {
	site := handSite()
	for i := range site.Seasons {
		for j := range site.Seasons[i].Tracks {
			tr := &site.Seasons[i].Tracks[j]
			tr.TaskIDs = []string{"conf-01"}
			tr.Questions = map[string]bilingual.Text{"conf-01": {FR: "L'entité est-elle conforme ?", EN: "Is the entity compliant?"}}
			tr.Key = map[string]*score.Expected{"conf-01": {Verdict: "conforme", Family: "P5"}}
		}
	}
	return site
}

// TestTaskPagesOnlyAfterClose: with the key and results handed to it for
// an open season, Render still publishes no task page, no participant
// page, no grid and no expected verdict there (§5.5: the key is sealed
// while the season is open, §7.4), and does for the closed one.
func TestTaskPagesOnlyAfterClose(t *testing.T) {
	site := keyedSite()
	open := site.Seasons[0]
	open.Tracks = site.Seasons[1].Tracks
	site.Seasons[0] = open
	pages, err := Render(site)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]string{}
	for _, p := range pages {
		names[p.Name] = string(p.HTML)
	}
	for name, html := range names {
		if strings.HasPrefix(name, "saison-1/") && (name != "saison-1/index.html" || strings.Contains(html, "Verdict attendu") || strings.Contains(html, `<table class="grid">`)) {
			t.Errorf("the open season publishes %s or an expected verdict on it", name)
		}
	}
	for _, want := range []string{"saison-3/conformite/taches/conf-01.html", "saison-3/participants/un.html", "saison-3/participants/trois.html"} {
		if names[want] == "" {
			t.Errorf("the closed season lacks %s", want)
		}
	}
	if !strings.Contains(names["saison-3/conformite/index.html"], `<table class="grid">`) {
		t.Error("the closed track has no grid")
	}
	task := names["saison-3/conformite/taches/conf-01.html"]
	for _, want := range []string{"réponse « évidente » qu&#39;une contrainte de l&#39;énoncé écarte (<code>P5</code>)", "L&#39;entité est-elle conforme ?", "<dt>Verdict attendu</dt><dd><code>conforme</code></dd>", "La clé ne donne aucun fait fondateur"} {
		if !strings.Contains(task, want) {
			t.Errorf("the task page lacks %q", want)
		}
	}
	// The pending participant's outcome counts nothing, as its report says.
	if !strings.Contains(task, `data-task-participant="trois"`) || strings.Count(task, "en attente, rien n&#39;est compté") != 1 {
		t.Error("the pending participant's outcome on the task page is not « en attente, rien n'est compté »")
	}
}

// TestUnknownFamilyFailsRender: a family the catalogue has no words for
// fails the render, naming the key, rather than publish a bare code.
func TestUnknownFamilyFailsRender(t *testing.T) {
	site := keyedSite()
	site.Seasons[1].Tracks[0].Key["conf-01"].Family = "Q9"
	if _, err := Render(site); err == nil || !strings.Contains(err.Error(), "family.Q9") {
		t.Errorf("Render = %v, want an error naming family.Q9", err)
	}
}
