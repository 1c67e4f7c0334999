// Package seasontest writes season directories for tests, in the manner
// of net/http/httptest: a valid closed season (season.toml, tracks with
// their corpus, rules, sealed key and freezes, participants, submissions,
// and every proof minted by prooftest's test Trust Layer, cached as
// proveit fetch would), built from a Config that says what a test varies.
// The same calls give the same bytes. It is test support, never linked
// into proveit, and imports neither package season nor package score, so
// that their own tests can use it.
package seasontest

import (
	"crypto/sha256"
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
)

// Salt is the salt of every track's sealed key.
var Salt = []byte("0123456789abcdef0123456789abcdef")

// Config is what a test's season is made of.
type Config struct {
	Number int
	// TitleFR and TitleEN are the season's title, in French and in
	// English (season.toml's title).
	TitleFR, TitleEN string
	Seed             []byte // the test issuer's seed, for the participants' proofs and for the freezes
	Host             string // the corpus host
	ChallengeDID     string
	Opens            time.Time
	Closes           time.Time
	KeyWindow        rfc3161test.Validity // the test issuer's key validity
	ContestEmail     string               // season.toml's [contest] email, none when ""
	// Corpus is every track's corpus: the body served at each path, by GET
	// with an empty payload, stored as <path>.json.
	Corpus map[string]string
	Tracks []Track
	// FreezeNamesSeason adds the season's number to each freeze's payload.
	FreezeNamesSeason bool
	// FreezesAnchored is when the freezes' batch is anchored; track i's
	// freeze is called at Opens - 48 h + i h.
	FreezesAnchored time.Time
}

// Track is one track of the season: its rules and its sealed key.
type Track struct {
	Name             string
	TitleFR, TitleEN string
	Bareme           string // the barème's name; bareme.md is written from it
	TOML             string // track.toml
	// QuestionsEN is questions.en.toml, the English version of each
	// task's question: `conf-01 = "…"`, one line per task of TOML.
	QuestionsEN string
	Key         string // key.json
}

// Season is a season directory in memory. Files, by slash path relative
// to the season directory, may be edited at any time before WriteDir.
type Season struct {
	T      testing.TB
	Config Config
	Issuer *prooftest.Issuer // mints the participants' proofs
	Files  map[string][]byte
	DIDs   map[string]string // participant slug → DID
	At     time.Time         // when the next call is made
	Proofs []*prooftest.Proof
	open   map[string]bool
}

// New returns the season of c, with its tracks, corpus, rules and keys and
// no participant yet.
func New(t testing.TB, c Config) *Season {
	t.Helper()
	is, err := prooftest.New(prooftest.Config{Seed: c.Seed, KeyWindow: c.KeyWindow})
	if err != nil {
		t.Fatal(err)
	}
	s := &Season{T: t, Config: c, Issuer: is, Files: map[string][]byte{}, DIDs: map[string]string{}, At: c.Opens.Add(24 * time.Hour), open: map[string]bool{}}
	var names, titles []string
	for _, tr := range c.Tracks {
		names = append(names, fmt.Sprintf("%q", tr.Name))
		titles = append(titles, fmt.Sprintf("track_titles.%s = { fr = %q, en = %q }\n", tr.Name, tr.TitleFR, tr.TitleEN))
	}
	toml := fmt.Sprintf("number = %d\ntitle = { fr = %q, en = %q }\nopens_at = %s\ncloses_at = %s\nstatus = \"closed\"\ndemo = true\ncorpus_host = %q\nchallenge_did = %q\ntracks = [%s]\n%s",
		c.Number, c.TitleFR, c.TitleEN, c.Opens.Format(time.RFC3339), c.Closes.Format(time.RFC3339), c.Host, c.ChallengeDID, strings.Join(names, ", "), strings.Join(titles, ""))
	if c.ContestEmail != "" {
		toml += fmt.Sprintf("\n[contest]\nemail = %q\n", c.ContestEmail)
	}
	s.Files["season.toml"] = []byte(toml)
	paths := make([]string, 0, len(c.Corpus))
	for p := range c.Corpus {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	var resources []Resource
	for _, p := range paths {
		resources = append(resources, Resource{Path: p, Method: "GET", Payload: "{}", File: strings.TrimPrefix(p, "/") + ".json", Body: c.Corpus[p]})
	}
	manifest := Manifest(c.Host, resources)
	for _, tr := range c.Tracks {
		for _, r := range resources {
			s.Files[tr.Name+"/corpus/"+r.File] = []byte(r.Body)
		}
		s.Files[tr.Name+"/corpus/manifest.json"] = manifest
		s.Files[tr.Name+"/track.toml"] = []byte(tr.TOML)
		s.Files[tr.Name+"/questions.en.toml"] = []byte(tr.QuestionsEN)
		s.Files[tr.Name+"/bareme.md"] = []byte("# " + tr.Bareme + "\n\nSection autonome et gelable (fixture de test).\n")
		s.Files[tr.Name+"/key.json"] = []byte(tr.Key)
		s.Files[tr.Name+"/key.salt"] = []byte(hex.EncodeToString(Salt) + "\n")
	}
	return s
}

// Resource is one entry of a corpus manifest and the body it serves.
type Resource struct {
	Path, Method string
	Payload      string // JSON text
	File         string // relative to corpus/
	Body         string
}

// Manifest writes the manifest.json of a corpus served on host, each
// resource's response hash computed from its body.
func Manifest(host string, resources []Resource) []byte {
	var b strings.Builder
	b.WriteString(`{"host": "` + host + `", "resources": [`)
	for i, r := range resources {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "\n  {\"path\": %q, \"target\": %q, \"method\": %q, \"payload\": %s, \"file\": %q, \"response_hash\": %q}",
			r.Path, host+r.Path, r.Method, r.Payload, r.File, hashes.ResponseHash([]byte(r.Body)))
	}
	b.WriteString("\n]}\n")
	return []byte(b.String())
}

// Participant enrols slug; agent defaults to "Agent <slug>" and did to a
// did:key made of the slug.
func (s *Season) Participant(slug, agent, did, stack string) string {
	if agent == "" {
		agent = "Agent " + slug
	}
	if did == "" {
		did = "did:key:z6Mk" + strings.ReplaceAll(slug, "-", "")
	}
	s.DIDs[slug] = did
	b, _ := json.Marshal(agent)
	st, _ := json.Marshal(stack)
	d, _ := json.Marshal(did)
	s.Files["participants/"+slug+".toml"] = []byte(fmt.Sprintf("agent = %s\ndid = %s\ndeclared_stack = %s\nenrolled_at = 2026-09-30T12:00:00Z\n", b, d, st))
	return did
}

// CallOpts shapes one call; the zero value is a GET of the documented
// resource, its corpus body served, a verified spec 3.1 proof.
type CallOpts struct {
	// Method, Target and Payload, when set, replace the documented ones
	// (a call that departs from the catalogue, §2.4).
	Method, Target string
	Payload        *pyjson.Value
	Body           string // served instead of the corpus body (an instrument defect)
	Spec           string // the proof's spec version
	Unverified     bool   // the caller's identity is not bound
	Open           bool   // left in the open batch
}

// Call mints the proof of slug's call of path, one second after the last.
func (s *Season) Call(slug, path string, o CallOpts) *prooftest.Proof {
	s.T.Helper()
	body := s.Config.Corpus[path]
	if o.Body != "" {
		body = o.Body
	}
	target, method, payload := s.Config.Host+path, "GET", pyjson.ObjectValue()
	if o.Target != "" {
		target = o.Target
	}
	if o.Method != "" {
		method = o.Method
	}
	if o.Payload != nil {
		payload = *o.Payload
	}
	p, err := s.Issuer.Issue(prooftest.Call{Target: target, Method: method, Payload: payload, Body: []byte(body),
		DID: s.DIDs[slug], Unverified: o.Unverified, Spec: o.Spec, APIKey: "key-" + slug, At: s.At})
	if err != nil {
		s.T.Fatal(err)
	}
	s.At = s.At.Add(time.Second)
	s.Proofs = append(s.Proofs, p)
	if o.Open {
		s.open[p.ID] = true
	}
	return p
}

// Claim is one assertion of a submission and the proofs it cites.
type Claim struct {
	Resource, Field string
	Value           any
	Proofs          []*prooftest.Proof
}

// Submit writes slug's submission for task of track, assertions a1, a2…
// in the order of claims, each proof disclosed; edit, when set, changes
// the document before it is written.
func (s *Season) Submit(track, slug, task, verdict, narrative string, claims []Claim, edit func(map[string]any)) {
	s.T.Helper()
	as := []any{}
	disc := map[string]any{}
	for i, c := range claims {
		ids := []string{}
		for _, p := range c.Proofs {
			ids = append(ids, p.ID)
			d := p.Disclosure()
			disc[p.ID] = map[string]any{
				"request_hash":  map[string]any{"nonce": d.RequestHash.Nonce, "value": d.RequestHash.Value},
				"response_hash": map[string]any{"nonce": d.ResponseHash.Nonce, "value": d.ResponseHash.Value},
			}
		}
		as = append(as, map[string]any{"id": fmt.Sprintf("a%d", i+1), "claim": map[string]any{"resource": c.Resource, "field": c.Field, "value": c.Value}, "proof_ids": ids})
	}
	doc := map[string]any{"season": s.Config.Number, "track": track, "task_id": task, "agent_did": s.DIDs[slug], "verdict": verdict, "assertions": as, "disclosures": disc, "narrative": narrative}
	if edit != nil {
		edit(doc)
	}
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		s.T.Fatal(err)
	}
	s.Files[track+"/submissions/"+slug+"/"+task+".json"] = b
}

// cache writes p's files of the season's cache, as proveit fetch would:
// its view and, once its batch is closed, its batch's Rekor entry.
func (s *Season) cache(p *prooftest.Proof) {
	files, err := p.CacheFiles()
	if err != nil {
		s.T.Fatal(err)
	}
	for name, b := range files {
		s.Files[name] = b
	}
}

// Seal closes the participants' batch a minute after the last call (the
// proofs called Open shown in the open batch), caches every proof, mints
// and caches each track's freeze on the challenge's DID and writes its
// preregistration.toml, and writes the trust material.
func (s *Season) Seal() {
	s.T.Helper()
	c := s.Config
	if len(s.Proofs) > 0 {
		if _, err := s.Issuer.CloseBatch(s.At.Add(time.Minute)); err != nil {
			s.T.Fatal(err)
		}
		for _, p := range s.Proofs {
			if s.open[p.ID] {
				p.Batch, p.Anchored = prooftest.Batch{ID: p.Batch.ID, Status: pv.BatchPending}, false
			}
		}
	}
	for _, p := range s.Proofs {
		s.cache(p)
	}
	freezeIs, err := prooftest.New(prooftest.Config{Seed: c.Seed, KeyWindow: c.KeyWindow})
	if err != nil {
		s.T.Fatal(err)
	}
	target := fmt.Sprintf("https://proveit.arkforge.tech/v1/season/%d/freeze", c.Number)
	var freezes []*prooftest.Proof
	var payloads []pyjson.Value
	for i, tr := range c.Tracks {
		members := []pyjson.Member{
			{Key: "bareme", Value: pyjson.StringValue(tr.Bareme)},
			{Key: "bareme_sha256", Value: pyjson.StringValue(hashes.SHA256Hex(s.Files[tr.Name+"/bareme.md"]))},
			{Key: "key_commitment", Value: pyjson.StringValue(keyCommitment(Salt, s.Files[tr.Name+"/key.json"]))},
			{Key: "manifest_sha256", Value: pyjson.StringValue(hashes.SHA256Hex(s.Files[tr.Name+"/corpus/manifest.json"]))},
		}
		if c.FreezeNamesSeason {
			n, _ := pyjson.IntValue(fmt.Sprint(c.Number))
			members = append(members, pyjson.Member{Key: "season", Value: n})
		}
		members = append(members,
			pyjson.Member{Key: "track", Value: pyjson.StringValue(tr.Name)},
			pyjson.Member{Key: "track_sha256", Value: pyjson.StringValue(hashes.SHA256Hex(s.Files[tr.Name+"/track.toml"]))})
		payload := pyjson.ObjectValue(members...)
		fp, err := freezeIs.Issue(prooftest.Call{Target: target, Method: "POST", Payload: payload, Body: []byte(`{"enregistre": true}`), DID: c.ChallengeDID, APIKey: "challenge", At: c.Opens.Add(time.Duration(-48+i) * time.Hour)})
		if err != nil {
			s.T.Fatal(err)
		}
		freezes, payloads = append(freezes, fp), append(payloads, payload)
	}
	if _, err := freezeIs.CloseBatch(c.FreezesAnchored); err != nil {
		s.T.Fatal(err)
	}
	for i, fp := range freezes {
		s.cache(fp)
		d := fp.Disclosure()
		s.Files[c.Tracks[i].Name+"/preregistration.toml"] = []byte(fmt.Sprintf(`[[freezes]]
bareme = %q
proof_id = %q
target = %q
method = "POST"
payload = '%s'
request_hash = { nonce = %q, value = %q }
response_hash = { nonce = %q, value = %q }
`, c.Tracks[i].Bareme, fp.ID, target, pyjson.Canonical(payloads[i]), d.RequestHash.Nonce, d.RequestHash.Value, d.ResponseHash.Nonce, d.ResponseHash.Value))
	}
	root, tl, err := s.Issuer.TrustMaterial()
	if err != nil {
		s.T.Fatal(err)
	}
	s.Files["trust/trusted_root.json"], s.Files["trust/published_keys.json"] = root, tl
}

// keyCommitment is the commitment a freeze names of a sealed key (§8.5),
// as package score computes it: the SHA-256 of the salt and the key.
func keyCommitment(salt, key []byte) string {
	h := sha256.New()
	h.Write(salt)
	h.Write(key)
	return hex.EncodeToString(h.Sum(nil))
}

// WriteDir writes the season's files under dir.
func (s *Season) WriteDir(dir string) {
	s.T.Helper()
	if err := WriteFiles(dir, s.Files); err != nil {
		s.T.Fatal(err)
	}
}

// Write seals the season and writes it under root/<number>, which it
// returns.
func (s *Season) Write(root string) string {
	s.T.Helper()
	s.Seal()
	dir := filepath.Join(root, fmt.Sprint(s.Config.Number))
	s.WriteDir(dir)
	return dir
}

// WriteFiles writes files, by slash path relative to dir, creating the
// directories they need.
func WriteFiles(dir string, files map[string][]byte) error {
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
