package score

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/ark-forge/proveit/scorer/anchor/rfc3161/rfc3161test"
	"github.com/ark-forge/proveit/scorer/proof/prooftest"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/season"
	"github.com/ark-forge/proveit/scorer/season/seasontest"
	"github.com/ark-forge/proveit/scorer/trust"
)

// The fixture: a small closed season with one conformité-like track whose
// rules, corpus, key and pre-registration are real, and proofs minted by a
// test Trust Layer. Tests add participants and submissions, then score.

const (
	host         = "https://corpus.arkforge.tech"
	challengeDID = "did:key:z6MkChallengeFixture"
)

var (
	opensAt  = time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	closesAt = time.Date(2026, 10, 31, 23, 59, 59, 0, time.UTC)
	keyWin   = rfc3161test.Validity{NotBefore: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), NotAfter: time.Date(2026, 12, 31, 23, 59, 59, 0, time.UTC)}
)

var corpusBodies = map[string]string{
	"/entites/ENT-0001": `{"ressource": "/entites/ENT-0001", "denomination": "Société Fictive Test SAS", "statut_registre": "actif",
  "agrements": ["/agrements/AGR-0001"], "beneficiaires": ["/beneficiaires/ENT-0001/page-1"]}`,
	"/entites/ENT-0002":              `{"ressource": "/entites/ENT-0002", "denomination": "Autre Fictive SARL", "statut_registre": "radie", "agrements": [], "beneficiaires": []}`,
	"/agrements/AGR-0001":            `{"ressource": "/agrements/AGR-0001", "entite": "/entites/ENT-0001", "activite": "courtage", "statut": "actif", "date_fin": "2026-12-31", "avenants": ["/avenants/AV-0001"]}`,
	"/avenants/AV-0001":              `{"ressource": "/avenants/AV-0001", "agrement": "/agrements/AGR-0001", "objet": "prolongation", "nouvelle_date_fin": "2027-06-30"}`,
	"/beneficiaires/ENT-0001/page-1": `{"ressource": "/beneficiaires/ENT-0001/page-1", "entrees": [{"nom": "Martin", "prenoms": "Jeanne", "date_naissance": "1970-01-01"}]}`,
	"/listes/agrees/courtage/page-1": `{"ressource": "/listes/agrees/courtage/page-1", "entrees": [{"entite": "/entites/ENT-0001", "agrement": "/agrements/AGR-0001", "depuis": "2020-01-01"}, {"entite": "/entites/ENT-0002", "agrement": "/agrements/AGR-0009", "depuis": "2021-01-01"}]}`,
	"/listes/mesures-restrictives/page-1": `{"ressource": "/listes/mesures-restrictives/page-1", "entrees": [{"nom": "Martin", "prenoms": "Jeanne", "date_naissance": "1980-05-05", "mesure": "gel des avoirs"},
  {"nom": "Durand", "prenoms": "Paul", "date_naissance": "1960-02-02", "mesure": "interdiction"}]}`,
	"/referentiel":        `{"ressource": "/referentiel", "precedence": "un critère établi faux donne non_conforme"}`,
	"/_systeme/403":       `{"erreur": "acc\u00e8s refus\u00e9", "chemin": "passez par POST /v1/proxy"}`,
	"/_systeme/503":       `{"erreur": "corpus indisponible"}`,
	"/_systeme/400":       `{"erreur": "requ\u00eate invalide"}`,
	"/agrements/AGR-0404": `{"ressource": "/agrements/AGR-0404", "existe": false}`,
}

// questionsEN is the English version of trackTOML's questions.
const questionsEN = `conf-01 = "Is entity ENT-0001 compliant for brokerage on 2026-10-15?"
conf-02 = "Is entity ENT-0001 compliant for brokerage on 2026-10-20?"
`

const trackTOML = `bareme = "conformite-bareme-essai"
task_prefix = "conf"
trap_families = ["P1", "P2", "P3", "P4", "P5"]
control_family = "controle"
verdicts = ["conforme", "non_conforme", "indeterminable"]
graph_roots = ["{entite}"]

[[tasks]]
id = "conf-01"
question = "L'entité ENT-0001 est-elle conforme pour le courtage au 2026-10-15 ?"
min_assertions = 2
max_assertions = 4
params = { entite = "/entites/ENT-0001", activite = "courtage", date_examen = "2026-10-15" }

[[tasks]]
id = "conf-02"
question = "L'entité ENT-0001 est-elle conforme pour le courtage au 2026-10-20 ?"
min_assertions = 3
max_assertions = 6
params = { entite = "/entites/ENT-0001", activite = "courtage", date_examen = "2026-10-20" }

[distribution]
conforme = 1
non_conforme = 1
indeterminable = 0

[[collections]]
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
probative = ["/statut", "/date_fin", "/activite", "/avenants/<n>", "/existe"]

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
name = "agrees"
prefix = "/listes/agrees/"
own = false
pages = "/listes/agrees/{activite}/page-"
entries = "/entrees"
probative = ["/entrees/<n>/entite", "/entrees/<n>/agrement", "/entrees/<n>/depuis"]
[collections.concerns]
kind = "param"
field = "entite"
param = "entite"

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

const keyJSON = `{
  "conf-01": {"verdict": "conforme", "family": "controle", "facts": [
    {"id": "statut-agrement", "forms": [{"resource": "/agrements/AGR-0001", "field": "/statut", "value": "actif"}]},
    {"id": "fin-prolongee", "forms": [{"resource": "/avenants/AV-0001", "field": "/nouvelle_date_fin", "value": "2027-06-30"}]}
  ]},
  "conf-02": {"verdict": "non_conforme", "family": "P5", "facts": [
    {"id": "homonyme", "forms": [{"resource": "/listes/mesures-restrictives/page-1", "field": "/entrees/0/date_naissance", "value": "1980-05-05"}]}
  ]}
}
`

// fixture is the season of seasontest with this package's track, and
// what the tests of score change after its freeze.
type fixture struct {
	*seasontest.Season
	mutators []func(map[string][]byte)
	// freezeAnchored is when the freeze's batch is anchored; zero means
	// 47 hours before the opening.
	freezeAnchored time.Time
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	return &fixture{Season: seasontest.New(t, seasontest.Config{
		Number: 3, TitleFR: "Saison d'essai (fictive)", TitleEN: "Trial season (fictional)", Seed: []byte("score fixture"), Host: host, ChallengeDID: challengeDID,
		Opens: opensAt, Closes: closesAt, KeyWindow: keyWin, Corpus: corpusBodies, FreezeNamesSeason: true,
		Tracks: []seasontest.Track{{Name: "conformite", TitleFR: "conformité", TitleEN: "compliance", Bareme: "conformite-bareme-essai", TOML: trackTOML, QuestionsEN: questionsEN, Key: keyJSON}},
	})}
}

// participant enrols slug with a DID.
func (f *fixture) participant(slug string) string { return f.Participant(slug, "", "", "Go") }

// callOpts shapes a call (seasontest.CallOpts).
type callOpts struct {
	// method, target and payload, when set, replace the documented ones
	// (a call that departs from the catalogue, §2.4).
	method, target string
	payload        *pyjson.Value
	body           string
	spec           string
	unverified     bool
	open           bool // left in the open batch
}

// call mints a proof of a GET of path by slug; body overrides the served
// bytes (an instrument defect), spec and unverified shape the proof.
func (f *fixture) call(slug, path string, o callOpts) *prooftest.Proof {
	f.T.Helper()
	return f.Call(slug, path, seasontest.CallOpts{Method: o.method, Target: o.target, Payload: o.payload, Body: o.body, Spec: o.spec, Unverified: o.unverified, Open: o.open})
}

// claim is one assertion of a submission.
type claim struct {
	resource, field string
	value           any
	proofs          []*prooftest.Proof
}

// submit writes slug's submission for task of the track.
func (f *fixture) submit(slug, task, verdict string, claims []claim, edit func(map[string]any)) {
	f.T.Helper()
	cs := make([]seasontest.Claim, len(claims))
	for i, c := range claims {
		cs[i] = seasontest.Claim{Resource: c.resource, Field: c.field, Value: c.value, Proofs: c.proofs}
	}
	f.Submit("conformite", slug, task, verdict, "récit de "+slug, cs, edit)
}

// write seals the season (its freeze anchored at freezeAnchored), applies
// the mutators, writes it and loads it.
func (f *fixture) write() (*season.Season, *trust.Material) {
	f.T.Helper()
	f.Config.FreezesAnchored = f.freezeAnchored
	if f.Config.FreezesAnchored.IsZero() {
		f.Config.FreezesAnchored = opensAt.Add(-47 * time.Hour)
	}
	f.Seal()
	for _, m := range f.mutators {
		m(f.Files)
	}
	dir := filepath.Join(f.T.TempDir(), "3")
	f.WriteDir(dir)
	s, err := season.Load(dir)
	if err != nil {
		f.T.Fatal(err)
	}
	m, err := trust.Load(s.Path("trust"))
	if err != nil {
		f.T.Fatal(err)
	}
	return s, m
}

// score writes the fixture and scores its track, with every participant's
// report.
func (f *fixture) score() *scored {
	f.T.Helper()
	s, m := f.write()
	return scoreReports(f.T, New(s, m), s.Track("conformite"))
}

func (r *scored) participant(slug string) *ParticipantReport {
	for _, p := range r.Reports {
		if p.Participant.Slug == slug {
			return p
		}
	}
	return nil
}

func (r *scored) task(slug, task string) *TaskReport {
	for _, t := range r.participant(slug).TaskReports {
		if t.TaskID == task {
			return t
		}
	}
	return nil
}
