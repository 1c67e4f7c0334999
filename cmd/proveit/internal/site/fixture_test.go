package site

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
	"github.com/ark-forge/proveit/scorer/score"
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
	fxSalt   = []byte("0123456789abcdef0123456789abcdef")
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

type fixture struct {
	t       *testing.T
	is      *prooftest.Issuer
	files   map[string][]byte
	dids    map[string]string
	at      time.Time
	proofs  []*prooftest.Proof
	openIDs map[string]bool
}

func newClosedFixture(t *testing.T) *fixture {
	t.Helper()
	is, err := prooftest.New(prooftest.Config{Seed: []byte("templates fixture"), KeyWindow: fxKeyWin})
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{t: t, is: is, files: map[string][]byte{}, dids: map[string]string{}, at: fxOpens.Add(24 * time.Hour), openIDs: map[string]bool{}}
	f.files["season.toml"] = []byte(fmt.Sprintf("number = %d\ntitle = \"Saison %d, close (fictive)\"\nopens_at = %s\ncloses_at = %s\nstatus = \"closed\"\ndemo = true\ncorpus_host = %q\nchallenge_did = %q\ntracks = [\"conformite\", \"generique\"]\ntrack_titles.conformite = { fr = \"conformité\", en = \"compliance\" }\ntrack_titles.generique = { fr = \"générique\", en = \"generic\" }\n\n[contest]\nemail = \"contestations@example.org\"\n",
		fxSeason, fxSeason, fxOpens.Format(time.RFC3339), fxCloses.Format(time.RFC3339), fxHost, fxChallengeDID))
	paths := make([]string, 0, len(fxBodies))
	for p := range fxBodies {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for i, tr := range fxTracks {
		var m strings.Builder
		m.WriteString(`{"host": "` + fxHost + `", "resources": [`)
		for j, p := range paths {
			file := strings.TrimPrefix(p, "/") + ".json"
			f.files[tr.name+"/corpus/"+file] = []byte(fxBodies[p])
			if j > 0 {
				m.WriteString(",")
			}
			fmt.Fprintf(&m, "\n  {\"path\": %q, \"target\": %q, \"method\": \"GET\", \"payload\": {}, \"file\": %q, \"response_hash\": %q}", p, fxHost+p, file, hashes.ResponseHash([]byte(fxBodies[p])))
		}
		m.WriteString("\n]}\n")
		f.files[tr.name+"/corpus/manifest.json"] = []byte(m.String())
		f.files[tr.name+"/track.toml"] = []byte(fxTrackTOML(i))
		f.files[tr.name+"/bareme.md"] = []byte("# " + tr.bareme + "\n\nSection autonome et gelable (fixture de test).\n")
		f.files[tr.name+"/key.json"] = []byte(fxKeyJSON(i))
		f.files[tr.name+"/key.salt"] = []byte(hex.EncodeToString(fxSalt) + "\n")
	}
	return f
}

// participant enrols slug; agent, did and stack default to plain values.
func (f *fixture) participant(slug, agent, did, stack string) {
	if agent == "" {
		agent = "Agent " + slug
	}
	if did == "" {
		did = "did:key:z6Mk" + strings.ReplaceAll(slug, "-", "")
	}
	f.dids[slug] = did
	b, _ := json.Marshal(agent)
	s, _ := json.Marshal(stack)
	d, _ := json.Marshal(did)
	f.files["participants/"+slug+".toml"] = []byte(fmt.Sprintf("agent = %s\ndid = %s\ndeclared_stack = %s\nenrolled_at = 2026-09-30T12:00:00Z\n", b, d, s))
}

type callOpts struct {
	body       string
	spec       string
	unverified bool
	open       bool
}

func (f *fixture) call(slug, path string, o callOpts) *prooftest.Proof {
	f.t.Helper()
	body := fxBodies[path]
	if o.body != "" {
		body = o.body
	}
	p, err := f.is.Issue(prooftest.Call{Target: fxHost + path, Method: "GET", Payload: pyjson.ObjectValue(), Body: []byte(body),
		DID: f.dids[slug], Unverified: o.unverified, Spec: o.spec, APIKey: "key-" + slug, At: f.at})
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

type claim struct {
	resource, field string
	value           any
	proofs          []*prooftest.Proof
}

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

func (f *fixture) submit(track, slug, task, verdict, narrative string, claims []claim, edit func(map[string]any)) {
	f.t.Helper()
	as := []any{}
	disc := map[string]any{}
	for i, c := range claims {
		ids := []string{}
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
	doc := map[string]any{"season": fxSeason, "track": track, "task_id": task, "agent_did": f.dids[slug], "verdict": verdict, "assertions": as, "disclosures": disc, "narrative": narrative}
	if edit != nil {
		edit(doc)
	}
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		f.t.Fatal(err)
	}
	f.files[track+"/submissions/"+slug+"/"+task+".json"] = b
}

// write closes the batches, mints the freezes and writes the season under
// root/<n>.
func (f *fixture) write(root string) {
	f.t.Helper()
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
	freezeIs, err := prooftest.New(prooftest.Config{Seed: []byte("templates fixture"), KeyWindow: fxKeyWin})
	if err != nil {
		f.t.Fatal(err)
	}
	type minted struct {
		p       *prooftest.Proof
		target  string
		payload pyjson.Value
	}
	var freezes []minted
	for i, tr := range fxTracks {
		payload := pyjson.ObjectValue(
			pyjson.Member{Key: "bareme", Value: pyjson.StringValue(tr.bareme)},
			pyjson.Member{Key: "bareme_sha256", Value: pyjson.StringValue(hashes.SHA256Hex(f.files[tr.name+"/bareme.md"]))},
			pyjson.Member{Key: "key_commitment", Value: pyjson.StringValue(score.KeyCommitment(fxSalt, f.files[tr.name+"/key.json"]))},
			pyjson.Member{Key: "manifest_sha256", Value: pyjson.StringValue(hashes.SHA256Hex(f.files[tr.name+"/corpus/manifest.json"]))},
			pyjson.Member{Key: "track", Value: pyjson.StringValue(tr.name)},
			pyjson.Member{Key: "track_sha256", Value: pyjson.StringValue(hashes.SHA256Hex(f.files[tr.name+"/track.toml"]))},
		)
		target := fmt.Sprintf("https://proveit.arkforge.tech/v1/season/%d/freeze", fxSeason)
		fp, err := freezeIs.Issue(prooftest.Call{Target: target, Method: "POST", Payload: payload, Body: []byte(`{"enregistre": true}`), DID: fxChallengeDID, APIKey: "challenge", At: fxOpens.Add(time.Duration(-48+i) * time.Hour)})
		if err != nil {
			f.t.Fatal(err)
		}
		freezes = append(freezes, minted{fp, target, payload})
	}
	if _, err := freezeIs.CloseBatch(fxOpens.Add(-40 * time.Hour)); err != nil {
		f.t.Fatal(err)
	}
	for i, m := range freezes {
		f.cache(m.p)
		d := m.p.Disclosure()
		f.files[fxTracks[i].name+"/preregistration.toml"] = []byte(fmt.Sprintf(`[[freezes]]
bareme = %q
proof_id = %q
target = %q
method = "POST"
payload = '%s'
request_hash = { nonce = %q, value = %q }
response_hash = { nonce = %q, value = %q }
`, fxTracks[i].bareme, m.p.ID, m.target, pyjson.Canonical(m.payload), d.RequestHash.Nonce, d.RequestHash.Value, d.ResponseHash.Nonce, d.ResponseHash.Value))
	}
	trustRoot, tl, err := f.is.TrustMaterial()
	if err != nil {
		f.t.Fatal(err)
	}
	f.files["trust/trusted_root.json"], f.files["trust/published_keys.json"] = trustRoot, tl
	dir := filepath.Join(root, fmt.Sprint(fxSeason))
	for name, data := range f.files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			f.t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			f.t.Fatal(err)
		}
	}
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
		f.participant(s, "", "", "Go, outils maison")
	}
	f.participant("balise", xssAgent, "did:key:z6MkBalise%3Cb%3E", xssStack)
	agr := func(slug string, o callOpts) *prooftest.Proof { return f.call(slug, "/agrements/AGR-0001", o) }
	av := func(slug string, o callOpts) *prooftest.Proof { return f.call(slug, "/avenants/AV-0001", o) }
	ls := func(slug string, o callOpts) *prooftest.Proof {
		return f.call(slug, "/listes/mesures-restrictives/page-1", o)
	}
	ent := func(slug string, o callOpts) *prooftest.Proof { return f.call(slug, "/entites/ENT-0001", o) }
	p := func(ps ...*prooftest.Proof) []*prooftest.Proof { return ps }
	for i, tr := range fxTracks {
		t1, t2 := tr.prefix+"-01", tr.prefix+"-02"
		v1, v2 := tr.verdict[0], tr.verdict[1]
		// honnete
		f.submit(tr.name, "honnete", t1, v1, "J'ai lu l'agrément et son avenant.", []claim{
			{"/agrements/AGR-0001", "/statut", "actif", p(agr("honnete", callOpts{}))},
			{"/avenants/AV-0001", "/nouvelle_date_fin", "2027-06-30", p(av("honnete", callOpts{}))},
		}, nil)
		f.submit(tr.name, "honnete", t2, v2, "", []claim{
			{"/entites/ENT-0001", "/statut_registre", "actif", p(ent("honnete", callOpts{}))},
			{"/listes/mesures-restrictives/page-1", "/entrees/0/date_naissance", "1980-05-05", p(ls("honnete", callOpts{}))},
		}, nil)
		if i == 1 {
			continue // the generic track: a smaller cast
		}
		// surdeclare: t1 exact but the avenant's date is a value mismatch
		// (unfounded); t2 cites the agrément's proof for the list.
		a := agr("surdeclare", callOpts{})
		f.submit(tr.name, "surdeclare", t1, v1, "Tout est vérifié.", []claim{
			{"/agrements/AGR-0001", "/statut", "actif", p(a)},
			{"/avenants/AV-0001", "/nouvelle_date_fin", "2028-01-01", p(av("surdeclare", callOpts{}))},
			{"/agrements/AGR-0001", "/date_fin", "2026-12-31", p(a)},
		}, nil)
		f.submit(tr.name, "surdeclare", t2, v2, "", []claim{
			{"/entites/ENT-0001", "/statut_registre", "actif", p(ent("surdeclare", callOpts{}))},
			{"/listes/mesures-restrictives/page-1", "/entrees/0/date_naissance", "1980-05-05", p(a)},
		}, nil)
		// constant: v1 everywhere, true own claims.
		for _, task := range []string{t1, t2} {
			f.submit(tr.name, "constant", task, v1, "", []claim{
				{"/agrements/AGR-0001", "/statut", "actif", p(agr("constant", callOpts{}))},
				{"/entites/ENT-0001", "/statut_registre", "actif", p(ent("constant", callOpts{}))},
			}, nil)
		}
		// abstention: one assertion where two are required.
		f.submit(tr.name, "abstention", t1, v1, "", []claim{
			{"/agrements/AGR-0001", "/statut", "actif", p(agr("abstention", callOpts{}))},
		}, nil)
		// defaut: an instrument defect, an unbound identity, a 3.0 proof.
		f.submit(tr.name, "defaut", t1, v1, "", []claim{
			{"/agrements/AGR-0001", "/statut", "actif", p(agr("defaut", callOpts{}))},
			{"/avenants/AV-0001", "/nouvelle_date_fin", "2027-06-30", p(av("defaut", callOpts{}))},
			{"/agrements/AGR-0001", "/date_fin", "2026-12-31", p(agr("defaut", callOpts{body: fxBodies["/_systeme/403"]}))},
			{"/entites/ENT-0001", "/statut_registre", "actif", p(ent("defaut", callOpts{unverified: true}))},
		}, nil)
		f.submit(tr.name, "defaut", t2, v2, "", []claim{
			{"/entites/ENT-0001", "/statut_registre", "actif", p(ent("defaut", callOpts{spec: "3.0"}))},
			{"/listes/mesures-restrictives/page-1", "/entrees/0/date_naissance", "1980-05-05", p(ls("defaut", callOpts{}))},
		}, nil)
		// attente: t1 honest, t2 cites a proof of an open batch.
		f.submit(tr.name, "attente", t1, v1, "", []claim{
			{"/agrements/AGR-0001", "/statut", "actif", p(agr("attente", callOpts{}))},
			{"/avenants/AV-0001", "/nouvelle_date_fin", "2027-06-30", p(av("attente", callOpts{}))},
		}, nil)
		f.submit(tr.name, "attente", t2, v2, "", []claim{
			{"/entites/ENT-0001", "/statut_registre", "actif", p(ent("attente", callOpts{}))},
			{"/listes/mesures-restrictives/page-1", "/entrees/0/date_naissance", "1980-05-05", p(ls("attente", callOpts{open: true}))},
		}, nil)
		// hors-graphe: the referentiel is not in the task graph.
		f.submit(tr.name, "hors-graphe", t1, v1, "", []claim{
			{"/agrements/AGR-0001", "/statut", "actif", p(agr("hors-graphe", callOpts{}))},
			{"/referentiel", "/precedence", "x", p(agr("hors-graphe", callOpts{}))},
		}, nil)
		// entree: filed in the wrong season.
		f.submit(tr.name, "entree", t1, v1, "", []claim{
			{"/agrements/AGR-0001", "/statut", "actif", p(agr("entree", callOpts{}))},
			{"/avenants/AV-0001", "/nouvelle_date_fin", "2027-06-30", p(av("entree", callOpts{}))},
		}, func(d map[string]any) { d["season"] = fxSeason + 1 })
		// balise: markup everywhere a participant writes.
		f.submit(tr.name, "balise", t1, v1, xssNarrative, []claim{
			{"/agrements/AGR-0001", "/statut", "<b>actif</b>\"'", p(agr("balise", callOpts{}))},
			{"/avenants/AV-0001", "/nouvelle_date_fin", "2027-06-30", p(av("balise", callOpts{}))},
		}, nil)
		f.submit(tr.name, "balise", t2, v2, "", []claim{
			{"/entites/ENT-0001", "/statut_registre", "actif", p(ent("balise", callOpts{}))},
			{"/entites/ENT-0001<script>window.__xss=5</script>", "/\"><img src=x onerror=window.__xss=6>", "x", p(ent("balise", callOpts{}))},
		}, nil)
	}
	f.write(root)
}
