package site

import (
	"fmt"
	"testing"
	"time"

	"github.com/ark-forge/proveit/scorer/anchor/rfc3161/rfc3161test"
	"github.com/ark-forge/proveit/scorer/proof/prooftest"
	"github.com/ark-forge/proveit/scorer/season/seasontest"
)

// closedSeason is a small closed season whose two tracks are scored for
// real: a corpus, rules, a sealed key, freezes and proofs minted by the
// test issuer from a fixed seed, and a cast of participants that produces
// every task status and every cause, a pending batch, and participant-
// controlled strings full of markup. The same calls give the same bytes.

const (
	fxHost         = "https://corpus.arkforge.tech"
	fxChallengeDID = "did:key:z6MkChallengeTemplates"
	fxSeason       = 3
)

var (
	fxOpens  = time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	fxCloses = time.Date(2026, 10, 31, 23, 59, 59, 0, time.UTC)
	fxKeyWin = rfc3161test.Validity{NotBefore: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), NotAfter: time.Date(2026, 12, 31, 23, 59, 59, 0, time.UTC)}
)

var fxBodies = map[string]string{
	"/entites/ENT-0001":                   `{"ressource": "/entites/ENT-0001", "denomination": "Société Fictive Test SAS", "statut_registre": "actif", "agrements": ["/agrements/AGR-0001"], "beneficiaires": ["/beneficiaires/ENT-0001/page-1"]}`,
	"/agrements/AGR-0001":                 `{"ressource": "/agrements/AGR-0001", "entite": "/entites/ENT-0001", "activite": "courtage", "statut": "actif", "date_fin": "2026-12-31", "avenants": ["/avenants/AV-0001"]}`,
	"/avenants/AV-0001":                   `{"ressource": "/avenants/AV-0001", "agrement": "/agrements/AGR-0001", "objet": "prolongation", "nouvelle_date_fin": "2027-06-30"}`,
	"/beneficiaires/ENT-0001/page-1":      `{"ressource": "/beneficiaires/ENT-0001/page-1", "entrees": [{"nom": "Martin", "prenoms": "Jeanne", "date_naissance": "1970-01-01"}]}`,
	"/listes/mesures-restrictives/page-1": `{"ressource": "/listes/mesures-restrictives/page-1", "entrees": [{"nom": "Martin", "prenoms": "Jeanne", "date_naissance": "1980-05-05", "mesure": "gel des avoirs"}]}`,
	"/_systeme/403":                       `{"erreur": "acc\u00e8s refus\u00e9", "chemin": "passez par POST /v1/proxy"}`,
	"/_systeme/503":                       `{"erreur": "corpus indisponible"}`,
	"/_systeme/400":                       `{"erreur": "requ\u00eate invalide"}`,
}

const fxRules = `[[collections]]
name = "entites"
prefix = "/entites/"
own = true
links = ["/agrements/<n>", "/beneficiaires/<n>"]
probative = ["/statut_registre", "/agrements/<n>"]

[[collections]]
name = "agrements"
prefix = "/agrements/"
own = true
links = ["/avenants/<n>"]
probative = ["/statut", "/date_fin", "/activite", "/avenants/<n>"]

[[collections]]
name = "avenants"
prefix = "/avenants/"
own = true
probative = ["/objet", "/nouvelle_date_fin"]

[[collections]]
name = "beneficiaires"
prefix = "/beneficiaires/"
own = true
entries = "/entrees"
probative = ["/entrees/<n>/nom", "/entrees/<n>/prenoms", "/entrees/<n>/date_naissance"]

[[collections]]
name = "mesures"
prefix = "/listes/mesures-restrictives/"
own = false
pages = "/listes/mesures-restrictives/page-"
entries = "/entrees"
probative = ["/entrees/<n>/nom", "/entrees/<n>/prenoms", "/entrees/<n>/date_naissance", "/entrees/<n>/mesure"]
[collections.concerns]
kind = "match"
fields = ["nom", "prenoms"]
collection = "beneficiaires"
`

// fxTracks are the two tracks: the same little world, two barèmes, two
// verdict sets, never one table.
var fxTracks = []struct {
	name, bareme, prefix, verdicts, pattern, dist string
	verdict                                       [2]string // expected verdict of task 1 and 2
}{
	{"conformite", "conformite-bareme-essai", "conf", `["conforme", "non_conforme", "indeterminable"]`, "", "conforme = 1\nnon_conforme = 1\nindeterminable = 0\n", [2]string{"conforme", "non_conforme"}},
	{"generique", "generique-bareme-essai", "gen", `["aucune_option_valide"]`, `verdict_pattern = "REF-[0-9]{4}"` + "\n", "REF-0001 = 1\naucune_option_valide = 1\n", [2]string{"REF-0001", "aucune_option_valide"}},
}

func fxTrackTOML(i int) string {
	tr := fxTracks[i]
	return fmt.Sprintf(`bareme = %q
task_prefix = %q
trap_families = ["P1", "P2", "P3", "P4", "P5"]
control_family = "controle"
verdicts = %s
graph_roots = ["{entite}"]
%s
[[tasks]]
id = "%s-01"
question = "L'entité ENT-0001 est-elle <conforme> pour le courtage au 2026-10-15 ?"
min_assertions = 2
max_assertions = 4
params = { entite = "/entites/ENT-0001", activite = "courtage", date_examen = "2026-10-15" }

[[tasks]]
id = "%s-02"
question = "Même entité, au 2026-10-20, avec la liste des mesures restrictives ?"
min_assertions = 2
max_assertions = 4
params = { entite = "/entites/ENT-0001", activite = "courtage", date_examen = "2026-10-20" }

[distribution]
%s
%s`, tr.bareme, tr.prefix, tr.verdicts, tr.pattern, tr.prefix, tr.prefix, tr.dist, fxRules)
}

// fxQuestionsEN is the English version of fxTrackTOML(i)'s questions.
func fxQuestionsEN(i int) string {
	p := fxTracks[i].prefix
	return p + `-01 = "Is entity ENT-0001 <compliant> for brokerage on 2026-10-15?"
` + p + `-02 = "Same entity, on 2026-10-20, with the list of restrictive measures?"
`
}

func fxKeyJSON(i int) string {
	tr := fxTracks[i]
	return fmt.Sprintf(`{
  "%s-01": {"verdict": %q, "family": "controle", "facts": [
    {"id": "statut-agrement", "forms": [{"resource": "/agrements/AGR-0001", "field": "/statut", "value": "actif"}]},
    {"id": "fin-prolongee", "forms": [{"resource": "/avenants/AV-0001", "field": "/nouvelle_date_fin", "value": "2027-06-30"}]}
  ]},
  "%s-02": {"verdict": %q, "family": "P5", "facts": [
    {"id": "homonyme", "forms": [{"resource": "/listes/mesures-restrictives/page-1", "field": "/entrees/0/date_naissance", "value": "1980-05-05"}]}
  ]}
}
`, tr.prefix, tr.verdict[0], tr.prefix, tr.verdict[1])
}

// claim is one assertion of a submission (seasontest.Claim).
type claim struct {
	resource, field string
	value           any
	proofs          []*prooftest.Proof
}

// submit writes slug's submission for task of track (seasontest.Submit).
func submit(f *seasontest.Season, track, slug, task, verdict, narrative string, claims []claim, edit func(map[string]any)) {
	f.T.Helper()
	cs := make([]seasontest.Claim, len(claims))
	for i, c := range claims {
		cs[i] = seasontest.Claim{Resource: c.resource, Field: c.field, Value: c.value, Proofs: c.proofs}
	}
	f.Submit(track, slug, task, verdict, narrative, cs, edit)
}

// newClosedFixture is the closed season of fxTracks, its corpus fxBodies,
// before any participant.
func newClosedFixture(t *testing.T) *seasontest.Season {
	t.Helper()
	tracks := make([]seasontest.Track, len(fxTracks))
	titles := map[string][2]string{"conformite": {"conformité", "compliance"}, "generique": {"générique", "generic"}}
	for i, tr := range fxTracks {
		tracks[i] = seasontest.Track{Name: tr.name, TitleFR: titles[tr.name][0], TitleEN: titles[tr.name][1], Bareme: tr.bareme, TOML: fxTrackTOML(i), QuestionsEN: fxQuestionsEN(i), Key: fxKeyJSON(i)}
	}
	return seasontest.New(t, seasontest.Config{
		Number: fxSeason, TitleFR: fmt.Sprintf("Saison %d, close (fictive)", fxSeason), TitleEN: fmt.Sprintf("Season %d, closed (fictional)", fxSeason), Seed: []byte("templates fixture"), Host: fxHost, ChallengeDID: fxChallengeDID,
		Opens: fxOpens, Closes: fxCloses, KeyWindow: fxKeyWin, ContestEmail: "contestations@example.org", Corpus: fxBodies, Tracks: tracks,
		FreezesAnchored: fxOpens.Add(-40 * time.Hour),
	})
}

// XSS payloads, in every participant-controlled string the pages show.
const (
	xssAgent     = `<script>window.__xss=1</script>`
	xssStack     = `<img src=x onerror="window.__xss=3">"'&`
	xssNarrative = "</blockquote><script>window.__xss=4</script>\n\t« deux lignes »"
)

// castSeason writes the closed fixture season with its cast under root:
//
//	honnete      every task exact and founded, every assertion supported
//	surdeclare   value and resource mismatches, an exact verdict left unfounded
//	constant     true filler and a constant verdict
//	abstention   fewer assertions than the minimum (not rendered)
//	defaut       an instrument defect and an unbound identity, a pre-3.1 proof
//	attente      a proof left in an open batch (pending)
//	hors-graphe  a resource out of the task graph (rejected at the close)
//	entree       a submission the season service should have refused
//	balise       markup and quotes in the name, stack, narrative, claim
func castSeason(t *testing.T, root string) {
	f := newClosedFixture(t)
	for _, s := range []string{"honnete", "surdeclare", "constant", "abstention", "defaut", "attente", "hors-graphe", "entree"} {
		f.Participant(s, "", "", "Go, outils maison")
	}
	f.Participant("balise", xssAgent, "did:key:z6MkBalise%3Cb%3E", xssStack)
	agr := func(slug string, o seasontest.CallOpts) *prooftest.Proof {
		return f.Call(slug, "/agrements/AGR-0001", o)
	}
	av := func(slug string, o seasontest.CallOpts) *prooftest.Proof { return f.Call(slug, "/avenants/AV-0001", o) }
	ls := func(slug string, o seasontest.CallOpts) *prooftest.Proof {
		return f.Call(slug, "/listes/mesures-restrictives/page-1", o)
	}
	ent := func(slug string, o seasontest.CallOpts) *prooftest.Proof { return f.Call(slug, "/entites/ENT-0001", o) }
	p := func(ps ...*prooftest.Proof) []*prooftest.Proof { return ps }
	for i, tr := range fxTracks {
		t1, t2 := tr.prefix+"-01", tr.prefix+"-02"
		v1, v2 := tr.verdict[0], tr.verdict[1]
		// honnete
		submit(f, tr.name, "honnete", t1, v1, "J'ai lu l'agrément et son avenant.", []claim{
			{"/agrements/AGR-0001", "/statut", "actif", p(agr("honnete", seasontest.CallOpts{}))},
			{"/avenants/AV-0001", "/nouvelle_date_fin", "2027-06-30", p(av("honnete", seasontest.CallOpts{}))},
		}, nil)
		submit(f, tr.name, "honnete", t2, v2, "", []claim{
			{"/entites/ENT-0001", "/statut_registre", "actif", p(ent("honnete", seasontest.CallOpts{}))},
			{"/listes/mesures-restrictives/page-1", "/entrees/0/date_naissance", "1980-05-05", p(ls("honnete", seasontest.CallOpts{}))},
		}, nil)
		if i == 1 {
			continue // the generic track: a smaller cast
		}
		// surdeclare: t1 exact but the avenant's date is a value mismatch
		// (unfounded); t2 cites the agrément's proof for the list.
		a := agr("surdeclare", seasontest.CallOpts{})
		submit(f, tr.name, "surdeclare", t1, v1, "Tout est vérifié.", []claim{
			{"/agrements/AGR-0001", "/statut", "actif", p(a)},
			{"/avenants/AV-0001", "/nouvelle_date_fin", "2028-01-01", p(av("surdeclare", seasontest.CallOpts{}))},
			{"/agrements/AGR-0001", "/date_fin", "2026-12-31", p(a)},
		}, nil)
		submit(f, tr.name, "surdeclare", t2, v2, "", []claim{
			{"/entites/ENT-0001", "/statut_registre", "actif", p(ent("surdeclare", seasontest.CallOpts{}))},
			{"/listes/mesures-restrictives/page-1", "/entrees/0/date_naissance", "1980-05-05", p(a)},
		}, nil)
		// constant: v1 everywhere, true own claims.
		for _, task := range []string{t1, t2} {
			submit(f, tr.name, "constant", task, v1, "", []claim{
				{"/agrements/AGR-0001", "/statut", "actif", p(agr("constant", seasontest.CallOpts{}))},
				{"/entites/ENT-0001", "/statut_registre", "actif", p(ent("constant", seasontest.CallOpts{}))},
			}, nil)
		}
		// abstention: one assertion where two are required.
		submit(f, tr.name, "abstention", t1, v1, "", []claim{
			{"/agrements/AGR-0001", "/statut", "actif", p(agr("abstention", seasontest.CallOpts{}))},
		}, nil)
		// defaut: an instrument defect, an unbound identity, a 3.0 proof.
		submit(f, tr.name, "defaut", t1, v1, "", []claim{
			{"/agrements/AGR-0001", "/statut", "actif", p(agr("defaut", seasontest.CallOpts{}))},
			{"/avenants/AV-0001", "/nouvelle_date_fin", "2027-06-30", p(av("defaut", seasontest.CallOpts{}))},
			{"/agrements/AGR-0001", "/date_fin", "2026-12-31", p(agr("defaut", seasontest.CallOpts{Body: fxBodies["/_systeme/403"]}))},
			{"/entites/ENT-0001", "/statut_registre", "actif", p(ent("defaut", seasontest.CallOpts{Unverified: true}))},
		}, nil)
		submit(f, tr.name, "defaut", t2, v2, "", []claim{
			{"/entites/ENT-0001", "/statut_registre", "actif", p(ent("defaut", seasontest.CallOpts{Spec: "3.0"}))},
			{"/listes/mesures-restrictives/page-1", "/entrees/0/date_naissance", "1980-05-05", p(ls("defaut", seasontest.CallOpts{}))},
		}, nil)
		// attente: t1 honest, t2 cites a proof of an open batch.
		submit(f, tr.name, "attente", t1, v1, "", []claim{
			{"/agrements/AGR-0001", "/statut", "actif", p(agr("attente", seasontest.CallOpts{}))},
			{"/avenants/AV-0001", "/nouvelle_date_fin", "2027-06-30", p(av("attente", seasontest.CallOpts{}))},
		}, nil)
		submit(f, tr.name, "attente", t2, v2, "", []claim{
			{"/entites/ENT-0001", "/statut_registre", "actif", p(ent("attente", seasontest.CallOpts{}))},
			{"/listes/mesures-restrictives/page-1", "/entrees/0/date_naissance", "1980-05-05", p(ls("attente", seasontest.CallOpts{Open: true}))},
		}, nil)
		// hors-graphe: the referentiel is not in the task graph.
		submit(f, tr.name, "hors-graphe", t1, v1, "", []claim{
			{"/agrements/AGR-0001", "/statut", "actif", p(agr("hors-graphe", seasontest.CallOpts{}))},
			{"/referentiel", "/precedence", "x", p(agr("hors-graphe", seasontest.CallOpts{}))},
		}, nil)
		// entree: filed in the wrong season.
		submit(f, tr.name, "entree", t1, v1, "", []claim{
			{"/agrements/AGR-0001", "/statut", "actif", p(agr("entree", seasontest.CallOpts{}))},
			{"/avenants/AV-0001", "/nouvelle_date_fin", "2027-06-30", p(av("entree", seasontest.CallOpts{}))},
		}, func(d map[string]any) { d["season"] = fxSeason + 1 })
		// balise: markup everywhere a participant writes.
		submit(f, tr.name, "balise", t1, v1, xssNarrative, []claim{
			{"/agrements/AGR-0001", "/statut", "<b>actif</b>\"'", p(agr("balise", seasontest.CallOpts{}))},
			{"/avenants/AV-0001", "/nouvelle_date_fin", "2027-06-30", p(av("balise", seasontest.CallOpts{}))},
		}, nil)
		submit(f, tr.name, "balise", t2, v2, "", []claim{
			{"/entites/ENT-0001", "/statut_registre", "actif", p(ent("balise", seasontest.CallOpts{}))},
			{"/entites/ENT-0001<script>window.__xss=5</script>", "/\"><img src=x onerror=window.__xss=6>", "x", p(ent("balise", seasontest.CallOpts{}))},
		}, nil)
	}
	f.Write(root)
}
