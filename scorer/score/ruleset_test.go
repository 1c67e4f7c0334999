package score

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/scorer/season"
)

// compositionTrack is a conformité track of ten tasks with a key: three
// P5, one control, 3 conforme, 4 non_conforme, 3 indeterminable.
func compositionTrack(edit func(t *season.Track, key map[string]*Expected)) (*season.Track, map[string]*Expected) {
	t := &season.Track{Name: "conformite", Bareme: "conformite-bareme-v3", ControlFamily: "controle", TrapFamilies: []string{"P1", "P2", "P3", "P4", "P5"},
		Verdicts: []string{"conforme", "non_conforme", "indeterminable"}, Distribution: map[string]int{"conforme": 3, "non_conforme": 4, "indeterminable": 3}}
	families := []string{"controle", "P5", "P5", "P5", "P1", "P2", "P3", "P4", "P1", "P2"}
	verdicts := []string{"conforme", "conforme", "conforme", "non_conforme", "non_conforme", "non_conforme", "non_conforme", "indeterminable", "indeterminable", "indeterminable"}
	key := map[string]*Expected{}
	md := "# conformite-bareme-v3\n\nBornes d'assertions figées :\n\n| tâche | minimum | plafond |\n| --- | --- | --- |\n"
	for i := range 10 {
		id := fmt.Sprintf("conf-%02d", i+1)
		t.Tasks = append(t.Tasks, &season.Task{ID: id, MinAssertions: 4, MaxAssertions: 8})
		key[id] = &Expected{Verdict: verdicts[i], Family: families[i]}
		md += "| " + id + " | 4 | 8 |\n"
	}
	t.Rules = &season.Rules{GraphRoots: []string{"{entite}"}, Collections: []*season.Collection{
		{Name: "agrements", Prefix: "/agrements/", Own: true, Probative: []season.Pattern{{Text: "/statut"}, {Text: "/date_fin"}}, Links: []season.Pattern{{Text: "/avenants/<n>"}, {Text: "/attestation"}}},
		{Name: "agrees", Prefix: "/listes/agrees/", Probative: []season.Pattern{{Text: "/entrees/<n>/entite"}}},
	}}
	md += "\nChamps probants :\n\n- agrements (/agrements/, ressources propres) : `/date_fin`, `/statut`\n- agrees (/listes/agrees/, liste commune) : `/entrees/<n>/entite`\n"
	md += "\nRacines du graphe : `{entite}`.\n\n- liens de agrements : `/attestation`, `/avenants/<n>`\n"
	md += "\n## 5.3 Ensemble des verdicts\n\nExactement trois valeurs : conforme, non_conforme,\nindeterminable.\n\n## 5.5 Saison\n\nRépartition publiée des verdicts attendus : 3 conforme, 4 non_conforme,\n3 indeterminable.\n"
	t.BaremeMD = []byte(md + "\nLa suite du barème.\n")
	if edit != nil {
		edit(t, key)
	}
	return t, key
}

// TestComposition: a season's track is what its barème requires (§5.5,
// §6.5): ten tasks, at least three P5, one control task, the published
// distribution equal to the key's, and for générique at least three
// aucune_option_valide; each broken once is refused with what differs.
func TestComposition(t *testing.T) {
	rs, err := RuleSetOf("conformite-bareme-v3")
	if err != nil {
		t.Fatal(err)
	}
	if tr, key := compositionTrack(nil); checkComposition(tr, rs, key) != nil {
		t.Fatalf("the reference composition is refused: %v", checkComposition(tr, rs, key))
	}
	for _, c := range []struct {
		name string
		edit func(t *season.Track, key map[string]*Expected)
		want string
	}{
		{"nine tasks", func(t *season.Track, key map[string]*Expected) {
			delete(key, "conf-10")
			t.Tasks = t.Tasks[:9]
			t.Distribution["indeterminable"] = 2
		}, "9 tasks, want 10"},
		{"two P5", func(t *season.Track, key map[string]*Expected) { key["conf-04"].Family = "P4" }, "2 tasks of family P5 in key.json, want at least 3"},
		{"no control task", func(t *season.Track, key map[string]*Expected) { key["conf-01"].Family = "P1" }, "0 control tasks (family controle) in key.json, want 1"},
		{"two control tasks", func(t *season.Track, key map[string]*Expected) { key["conf-05"].Family = "controle" }, "2 control tasks"},
		{"distribution not the key's", func(t *season.Track, key map[string]*Expected) {
			t.Distribution["conforme"], t.Distribution["non_conforme"] = 4, 3
		}, `track.toml publishes 4 tasks expecting "conforme", key.json has 3`},
		{"bounds not the barème's", func(t *season.Track, key map[string]*Expected) { t.Tasks[3].MinAssertions = 2 },
			"conf-04: the barème says minimum 4 and ceiling 8, track.toml 2 and 8"},
		{"ceiling not the barème's", func(t *season.Track, key map[string]*Expected) { t.Tasks[9].MaxAssertions = 7 },
			"conf-10: the barème says minimum 4 and ceiling 8, track.toml 4 and 7"},
		{"no bounds table", func(t *season.Track, key map[string]*Expected) { t.BaremeMD = []byte("# conformite-bareme-v3\n") },
			"conformite/bareme.md: no bounds table"},
		{"a task without its row", func(t *season.Track, key map[string]*Expected) {
			t.BaremeMD = []byte(strings.Replace(string(t.BaremeMD), "| conf-07 | 4 | 8 |\n", "", 1))
		}, "the barème states no bounds for conf-07"},
		{"a row without its task", func(t *season.Track, key map[string]*Expected) {
			t.BaremeMD = []byte(strings.Replace(string(t.BaremeMD), "| conf-10 | 4 | 8 |\n", "| conf-10 | 4 | 8 |\n| conf-11 | 4 | 8 |\n", 1))
		}, "the barème states bounds for conf-11, which is not a task of track.toml"},
		{"a probative field the barème does not state", func(t *season.Track, key map[string]*Expected) {
			t.Rules.Collections[0].Probative = append(t.Rules.Collections[0].Probative, season.Pattern{Text: "/denomination"})
		}, "agrements: the barème lists /date_fin, /statut, track.toml /date_fin, /denomination, /statut"},
		{"a common list made own", func(t *season.Track, key map[string]*Expected) { t.Rules.Collections[1].Own = true },
			"agrees: the barème says own false, track.toml true"},
		{"another prefix", func(t *season.Track, key map[string]*Expected) { t.Rules.Collections[0].Prefix = "/agrement/" },
			"agrements: the barème says prefix /agrements/, track.toml /agrement/"},
		{"a collection the barème lacks", func(t *season.Track, key map[string]*Expected) {
			t.Rules.Collections = append(t.Rules.Collections, &season.Collection{Name: "avenants", Prefix: "/avenants/", Own: true})
		}, "the barème has no line « - avenants (/avenants/, …)"},
		{"a collection track.toml lacks", func(t *season.Track, key map[string]*Expected) { t.Rules.Collections = t.Rules.Collections[:1] },
			"the barème lists the collection agrees, which track.toml lacks"},
		{"a distribution the barème does not state", func(t *season.Track, key map[string]*Expected) {
			t.BaremeMD = []byte(strings.Replace(string(t.BaremeMD), "3 conforme, 4 non_conforme", "4 conforme, 3 non_conforme", 1))
		}, `the barème says 4 tasks expecting "conforme", track.toml 3`},
		{"a verdict the barème's distribution lacks", func(t *season.Track, key map[string]*Expected) {
			t.BaremeMD = []byte(strings.Replace(string(t.BaremeMD), "4 non_conforme,\n3 indeterminable.", "4 non_conforme.", 1))
		}, `"indeterminable" is stated by only one of them (barème false, track.toml true)`},
		{"a verdict track.toml's distribution lacks", func(t *season.Track, key map[string]*Expected) {
			t.BaremeMD = []byte(strings.Replace(string(t.BaremeMD), "3 indeterminable.", "3 indeterminable, 0 autre.", 1))
		}, `"autre" is stated by only one of them (barème true, track.toml false)`},
		{"no distribution sentence", func(t *season.Track, key map[string]*Expected) {
			t.BaremeMD = []byte(strings.Replace(string(t.BaremeMD), "Répartition publiée", "Répartition", 1))
		}, "conformite/bareme.md: no sentence « Répartition publiée des verdicts attendus"},
		{"two distribution sentences", func(t *season.Track, key map[string]*Expected) {
			t.BaremeMD = append(t.BaremeMD, "\nRépartition publiée des verdicts attendus : 3 conforme.\n"...)
		}, "appears 2 times"},
		{"a malformed distribution item", func(t *season.Track, key map[string]*Expected) {
			t.BaremeMD = []byte(strings.Replace(string(t.BaremeMD), "3 conforme,", "trois conforme,", 1))
		}, `the distribution item "trois conforme" is not`},
		{"a verdict stated twice", func(t *season.Track, key map[string]*Expected) {
			t.BaremeMD = []byte(strings.Replace(string(t.BaremeMD), "3 indeterminable.", "3 indeterminable, 1 conforme.", 1))
		}, "the distribution states conforme twice"},
		{"a verdict the barème does not name", func(t *season.Track, key map[string]*Expected) {
			t.Verdicts = append(t.Verdicts, "partiel")
		}, `the barème's « Ensemble des verdicts » does not name "partiel"`},
		{"a verdict named only as part of a word", func(t *season.Track, key map[string]*Expected) {
			t.BaremeMD = []byte(strings.Replace(string(t.BaremeMD), "conforme, non_conforme,\n", "non_conforme,\n", 1))
		}, `does not name "conforme"`},
		{"a verdict named outside its section", func(t *season.Track, key map[string]*Expected) {
			t.BaremeMD = []byte(strings.Replace(string(t.BaremeMD), "non_conforme,\nindeterminable.", "non_conforme.", 1))
		}, `does not name "indeterminable"`},
		{"no verdict section", func(t *season.Track, key map[string]*Expected) {
			t.BaremeMD = []byte(strings.Replace(string(t.BaremeMD), "## 5.3 Ensemble des verdicts", "## 5.3 Verdicts", 1))
		}, "conformite/bareme.md: no section « ensemble des verdicts »"},
		{"other roots", func(t *season.Track, key map[string]*Expected) {
			t.Rules.GraphRoots = []string{"{entite}", "/referentiel"}
		},
			"the barème's roots are {entite}, track.toml's {entite} /referentiel"},
		{"no roots sentence", func(t *season.Track, key map[string]*Expected) {
			t.BaremeMD = []byte(strings.Replace(string(t.BaremeMD), "Racines du graphe", "Racines", 1))
		}, "0 sentences « Racines du graphe"},
		{"two roots sentences", func(t *season.Track, key map[string]*Expected) {
			t.BaremeMD = append(t.BaremeMD, "\nRacines du graphe : `{entite}`.\n"...)
		}, "2 sentences « Racines du graphe"},
		{"a link the barème does not state", func(t *season.Track, key map[string]*Expected) {
			t.Rules.Collections[0].Links = t.Rules.Collections[0].Links[:1]
		}, `agrements: the barème lists the links "/attestation, /avenants/<n>", track.toml "/avenants/<n>"`},
		{"links for a collection the barème gives none", func(t *season.Track, key map[string]*Expected) {
			t.Rules.Collections[1].Links = []season.Pattern{{Text: "/entrees/<n>/entite"}}
		}, `agrees: the barème lists the links "", track.toml "/entrees/<n>/entite"`},
		{"links of a collection track.toml lacks", func(t *season.Track, key map[string]*Expected) {
			t.BaremeMD = append(t.BaremeMD, "\n- liens de avenants : `/document`\n"...)
		}, "the barème lists links of avenants, which track.toml lacks"},
		{"links listed twice", func(t *season.Track, key map[string]*Expected) {
			t.BaremeMD = append(t.BaremeMD, "\n- liens de agrements : `/attestation`, `/avenants/<n>`\n"...)
		}, "the barème lists the links of agrements twice"},
		{"a malformed row", func(t *season.Track, key map[string]*Expected) {
			t.BaremeMD = []byte(strings.Replace(string(t.BaremeMD), "| conf-05 | 4 | 8 |", "| conf-05 | quatre | 8 |", 1))
		}, `is not a row « | tâche | minimum | plafond | »`},
	} {
		tr, key := compositionTrack(c.edit)
		if err := checkComposition(tr, rs, key); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	// Générique: three aucune_option_valide at least.
	gen, err := RuleSetOf("generique-bareme-v1")
	if err != nil {
		t.Fatal(err)
	}
	tr, key := compositionTrack(func(t *season.Track, key map[string]*Expected) {
		t.Name, t.Bareme = "generique", "generique-bareme-v1"
		t.Verdicts, t.Distribution = []string{"aucune_option_valide"}, map[string]int{"aucune_option_valide": 2}
		for i, task := range t.Tasks {
			key[task.ID].Verdict = fmt.Sprintf("REF-%04d", i)
		}
		key["conf-02"].Verdict, key["conf-03"].Verdict = "aucune_option_valide", "aucune_option_valide"
	})
	if err := checkComposition(tr, gen, key); err == nil || !strings.Contains(err.Error(), `2 tasks expecting "aucune_option_valide" in key.json, want at least 3`) {
		t.Errorf("générique with two aucune_option_valide: %v", err)
	}
}

// TestDemoOnlyRuleSet: the rule set of the demonstration barèmes, which
// requires no composition, scores no season marked demo = false.
func TestDemoOnlyRuleSet(t *testing.T) {
	f := newFixture(t)
	f.participant("dem")
	honest(f, "dem")
	f.mutators = append(f.mutators, func(files map[string][]byte) {
		files["season.toml"] = bytes.Replace(files["season.toml"], []byte("demo = true"), []byte("demo = false"), 1)
	})
	s, m := f.write()
	if _, err := New(s, m).Track(s.Track("conformite")); err == nil || !strings.Contains(err.Error(), "for demonstration seasons only") {
		t.Errorf("a demo-only barème in a real season: %v", err)
	}
}
