package score

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/ark-forge/proveit/scorer/anchor/rfc3161/rfc3161test"
	"github.com/ark-forge/proveit/scorer/hashes"
	pv "github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/proof/prooftest"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/season"
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

var salt = []byte("0123456789abcdef0123456789abcdef")

type fixture struct {
	t        testing.TB
	is       *prooftest.Issuer
	files    map[string][]byte
	parts    map[string]string // slug → DID
	at       time.Time         // next call time
	proofs   []*prooftest.Proof
	openIDs  map[string]bool
	mutators []func(map[string][]byte)
	// freezeAnchored is when the freeze's batch is anchored; zero means
	// 47 hours before the opening.
	freezeAnchored time.Time
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	is, err := prooftest.New(prooftest.Config{Seed: []byte("score fixture"), KeyWindow: keyWin})
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{t: t, is: is, files: map[string][]byte{}, parts: map[string]string{}, at: opensAt.Add(24 * time.Hour), openIDs: map[string]bool{}}
	f.files["season.toml"] = []byte(fmt.Sprintf("number = 3\ntitle = \"Saison d'essai (fictive)\"\nopens_at = %s\ncloses_at = %s\nstatus = \"closed\"\ndemo = true\ncorpus_host = %q\nchallenge_did = %q\ntracks = [\"conformite\"]\ntrack_titles.conformite = { fr = \"conformité\", en = \"compliance\" }\n",
		opensAt.Format(time.RFC3339), closesAt.Format(time.RFC3339), host, challengeDID))
	var paths []string
	for p := range corpusBodies {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	var m strings.Builder
	m.WriteString(`{"host": "` + host + `", "resources": [`)
	for i, p := range paths {
		file := strings.TrimPrefix(p, "/") + ".json"
		f.files["conformite/corpus/"+file] = []byte(corpusBodies[p])
		if i > 0 {
			m.WriteString(",")
		}
		fmt.Fprintf(&m, "\n  {\"path\": %q, \"target\": %q, \"method\": \"GET\", \"payload\": {}, \"file\": %q, \"response_hash\": %q}", p, host+p, file, hashes.ResponseHash([]byte(corpusBodies[p])))
	}
	m.WriteString("\n]}\n")
	f.files["conformite/corpus/manifest.json"] = []byte(m.String())
	f.files["conformite/track.toml"] = []byte(trackTOML)
	f.files["conformite/bareme.md"] = []byte("# conformite-bareme-essai\n\nSection autonome et gelable (fixture de test).\n")
	f.files["conformite/key.json"] = []byte(keyJSON)
	f.files["conformite/key.salt"] = []byte(hex.EncodeToString(salt) + "\n")
	return f
}

// participant enrols slug with a DID.
func (f *fixture) participant(slug string) string {
	did := "did:key:z6Mk" + strings.ReplaceAll(slug, "-", "")
	f.parts[slug] = did
	f.files["participants/"+slug+".toml"] = []byte(fmt.Sprintf("agent = %q\ndid = %q\ndeclared_stack = \"Go\"\nenrolled_at = 2026-09-30T12:00:00Z\n", "Agent "+slug, did))
	return did
}

// call mints a proof of a GET of path by slug; body overrides the served
// bytes (an instrument defect), spec and unverified shape the proof.
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

func (f *fixture) call(slug, path string, o callOpts) *prooftest.Proof {
	f.t.Helper()
	body := corpusBodies[path]
	if o.body != "" {
		body = o.body
	}
	target, method, payload := host+path, "GET", pyjson.ObjectValue()
	if o.target != "" {
		target = o.target
	}
	if o.method != "" {
		method = o.method
	}
	if o.payload != nil {
		payload = *o.payload
	}
	p, err := f.is.Issue(prooftest.Call{Target: target, Method: method, Payload: payload, Body: []byte(body),
		DID: f.parts[slug], Unverified: o.unverified, Spec: o.spec, APIKey: "key-" + slug, At: f.at})
	if err != nil {
		f.t.Fatal(err)
	}
	f.at = f.at.Add(time.Second)
	f.proofs = append(f.proofs, p)
	if o.open {
		f.openIDs[p.ID] = true
	}
	return p
}

// claim is one assertion of a submission.
type claim struct {
	resource, field string
	value           any
	proofs          []*prooftest.Proof
}

// submit writes slug's submission for task.
// cache writes p's files of the season's cache, as proveit fetch would:
// its view and, once its batch is closed, its batch's Rekor entry.
func (f *fixture) cache(p *prooftest.Proof) {
	files, err := p.CacheFiles()
	if err != nil {
		f.t.Fatal(err)
	}
	for name, b := range files {
		f.files[name] = b
	}
}

func (f *fixture) submit(slug, task, verdict string, claims []claim, edit func(map[string]any)) {
	f.t.Helper()
	var as []any
	disc := map[string]any{}
	for i, c := range claims {
		var ids []string
		for _, p := range c.proofs {
			ids = append(ids, p.ID)
			d := p.Disclosure()
			disc[p.ID] = map[string]any{
				"request_hash":  map[string]any{"nonce": d.RequestHash.Nonce, "value": d.RequestHash.Value},
				"response_hash": map[string]any{"nonce": d.ResponseHash.Nonce, "value": d.ResponseHash.Value},
			}
		}
		as = append(as, map[string]any{"id": fmt.Sprintf("a%d", i+1), "claim": map[string]any{"resource": c.resource, "field": c.field, "value": c.value}, "proof_ids": ids})
	}
	doc := map[string]any{"season": 3, "track": "conformite", "task_id": task, "agent_did": f.parts[slug], "verdict": verdict, "assertions": as, "disclosures": disc, "narrative": "récit de " + slug}
	if edit != nil {
		edit(doc)
	}
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		f.t.Fatal(err)
	}
	f.files["conformite/submissions/"+slug+"/"+task+".json"] = b
}

// write closes the batches, mints the freeze, writes the season and loads it.
func (f *fixture) write() (*season.Season, *trust.Material) {
	f.t.Helper()
	// One batch for every participant proof, closed a minute after the last
	// call; the proofs meant to be pending are shown in the open batch.
	if len(f.proofs) > 0 {
		if _, err := f.is.CloseBatch(f.at.Add(time.Minute)); err != nil {
			f.t.Fatal(err)
		}
		for _, p := range f.proofs {
			if f.openIDs[p.ID] {
				p.Batch, p.Anchored = prooftest.Batch{ID: p.Batch.ID, Status: pv.BatchPending}, false
			}
		}
	}
	for _, p := range f.proofs {
		f.cache(p)
	}
	// The freeze, anchored a day before the opening, for the challenge's DID.
	payload := pyjson.ObjectValue(
		pyjson.Member{Key: "bareme", Value: pyjson.StringValue("conformite-bareme-essai")},
		pyjson.Member{Key: "bareme_sha256", Value: pyjson.StringValue(hashes.SHA256Hex(f.files["conformite/bareme.md"]))},
		pyjson.Member{Key: "key_commitment", Value: pyjson.StringValue(KeyCommitment(salt, f.files["conformite/key.json"]))},
		pyjson.Member{Key: "manifest_sha256", Value: pyjson.StringValue(hashes.SHA256Hex(f.files["conformite/corpus/manifest.json"]))},
		pyjson.Member{Key: "season", Value: mustInt("3")},
		pyjson.Member{Key: "track", Value: pyjson.StringValue("conformite")},
		pyjson.Member{Key: "track_sha256", Value: pyjson.StringValue(hashes.SHA256Hex(f.files["conformite/track.toml"]))},
	)
	freezeIs, err := prooftest.New(prooftest.Config{Seed: []byte("score fixture"), KeyWindow: keyWin})
	if err != nil {
		f.t.Fatal(err)
	}
	target := "https://proveit.arkforge.tech/v1/season/3/freeze"
	fp, err := freezeIs.Issue(prooftest.Call{Target: target, Method: "POST", Payload: payload, Body: []byte(`{"enregistre": true}`), DID: challengeDID, APIKey: "challenge", At: opensAt.Add(-48 * time.Hour)})
	if err != nil {
		f.t.Fatal(err)
	}
	anchored := f.freezeAnchored
	if anchored.IsZero() {
		anchored = opensAt.Add(-47 * time.Hour)
	}
	if _, err := freezeIs.CloseBatch(anchored); err != nil {
		f.t.Fatal(err)
	}
	f.cache(fp)
	d := fp.Disclosure()
	f.files["conformite/preregistration.toml"] = []byte(fmt.Sprintf(`[[freezes]]
bareme = "conformite-bareme-essai"
proof_id = %q
target = %q
method = "POST"
payload = '%s'
request_hash = { nonce = %q, value = %q }
response_hash = { nonce = %q, value = %q }
`, fp.ID, target, pyjson.Canonical(payload), d.RequestHash.Nonce, d.RequestHash.Value, d.ResponseHash.Nonce, d.ResponseHash.Value))
	root, tl, err := f.is.TrustMaterial()
	if err != nil {
		f.t.Fatal(err)
	}
	f.files["trust/trusted_root.json"], f.files["trust/published_keys.json"] = root, tl
	for _, m := range f.mutators {
		m(f.files)
	}
	dir := filepath.Join(f.t.TempDir(), "3")
	for name, data := range f.files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			f.t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			f.t.Fatal(err)
		}
	}
	s, err := season.Load(dir)
	if err != nil {
		f.t.Fatal(err)
	}
	m, err := trust.Load(s.Path("trust"))
	if err != nil {
		f.t.Fatal(err)
	}
	return s, m
}

func mustInt(s string) pyjson.Value {
	v, ok := pyjson.IntValue(s)
	if !ok {
		panic(s)
	}
	return v
}

// score writes the fixture and scores its track, with every participant's
// report.
func (f *fixture) score() *scored {
	f.t.Helper()
	s, m := f.write()
	return scoreReports(f.t, New(s, m), s.Track("conformite"))
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
