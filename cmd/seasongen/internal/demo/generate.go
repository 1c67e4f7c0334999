package demo

import (
	"bytes"
	"crypto/ed25519"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"sort"
	"strings"
	"time"

	"github.com/ark-forge/proveit/internal/pool"
	"github.com/ark-forge/proveit/scorer/anchor/rfc3161/rfc3161test"
	"github.com/ark-forge/proveit/scorer/hashes"
	pv "github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/proof/prooftest"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/submission"
)

// The fixed world of the demo season.
var (
	// Seed derives every key, nonce, salt and proof id of the season.
	Seed = []byte("PROVE IT — saison 0 de démonstration, graine fixe v1")

	// FreezeTarget is the URL of the freeze call.
	FreezeTarget = "https://proveit.arkforge.tech/v1/season/0/freeze"

	OpensAt  = time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	ClosesAt = time.Date(2026, 10, 31, 23, 59, 59, 0, time.UTC)
	// KeyWindow is the validity of every test key, TSA certificate and log
	// key: the whole year.
	KeyWindow = rfc3161test.Validity{NotBefore: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), NotAfter: time.Date(2026, 12, 31, 23, 59, 59, 0, time.UTC)}
)

const (
	// ChallengeDID is the DID of the challenge's own key, which makes the freezes (§8).
	ChallengeDID = "did:key:z6MkDemoChallengeKeySaison0ProveItTest"
	// SupersedeReason is the published reason of the conformité v2 freeze's replacement.
	SupersedeReason = "verdict fondé appliqué ; /page_suivante retiré des listes communes"
	// SupersedeReasonEN is its English version.
	SupersedeReasonEN = "grounded verdict applied; /page_suivante removed from the common lists"

	batchWindow = 10 * time.Minute
)

// Options are the generation's options.
type Options struct {
	// Participants is the number of participants: 0 or CastSize() for the
	// fixed cast; more adds generated honest-ish participants, for scale
	// runs. Fewer than the cast is an error.
	Participants int
	// KeepGenerated keeps the meta of the generated participants in Meta,
	// as the cast's, for tests that compare them with the scorer at a
	// small N. Without it they are only counted (Meta.Generated), so that
	// a scale run's memory does not grow with N. The files are the same.
	KeepGenerated bool
}

// world holds both tracks.
type world struct {
	conf, gen *track
}

func newWorld() *world { return &world{conf: conformiteTrack(), gen: generiqueTrack()} }

func (w *world) tracks() []*track { return []*track{w.conf, w.gen} }

// derive returns 32 bytes bound to Seed and a label.
func derive(label string) []byte {
	m := hmac.New(sha256.New, Seed)
	m.Write([]byte("proveit demo v1\x00" + label))
	return m.Sum(nil)
}

// didKey returns the did:key of the Ed25519 key derived for label
// (multicodec ed25519-pub 0xed01, base58btc).
func didKey(label string) string {
	pub := ed25519.NewKeyFromSeed(derive("did " + label)).Public().(ed25519.PublicKey)
	return "did:key:z" + base58(append([]byte{0xed, 0x01}, pub...))
}

func base58(b []byte) string {
	const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
	n := new(big.Int).SetBytes(b)
	var out []byte
	mod, base := new(big.Int), big.NewInt(58)
	for n.Sign() > 0 {
		n.DivMod(n, base, mod)
		out = append(out, alphabet[mod.Int64()])
	}
	for _, c := range b {
		if c != 0 {
			break
		}
		out = append(out, '1')
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return string(out)
}

// generator is one run.
type generator struct {
	w    *world
	is   *prooftest.Issuer
	put  func(rel string, data []byte) error
	meta *Meta
	errs []error
	// entries are the uuids of the Rekor entries the written views name:
	// anchors/rekor holds them, as proveit fetch would cache them.
	entries map[string]bool
	// ids are the ids of the proofs written, to refuse one minted twice
	// (checkIDs): compact, since a scale run writes hundreds of thousands.
	ids idSet
	// keepGenerated is Options.KeepGenerated.
	keepGenerated bool
	// views are the proof views given (writeView) and not yet written
	// (writeViews).
	views []viewJob
}

// counted reports whether p's meta is counted rather than kept: a
// generated participant, unless Options.KeepGenerated.
func (g *generator) counted(p *participant) bool { return p.synthetic && !g.keepGenerated }

// write puts a file.
func (g *generator) write(rel string, data []byte) {
	if err := g.put(rel, data); err != nil {
		g.errs = append(g.errs, err)
	}
}

func (g *generator) fail(format string, args ...any) {
	g.errs = append(g.errs, fmt.Errorf("demo: "+format, args...))
}

// generate writes the demo season, file by file, through put (rel is a
// slash-separated path inside the season directory), and returns the
// generator, whose meta is what each file is meant to produce: its issuer
// goes on minting the publication's proof once the register is written.
// The same options give the same files, byte for byte.
func generate(opts Options, put func(rel string, data []byte) error) (gen *generator, err error) {
	cast := members()
	n := opts.Participants
	if n == 0 {
		n = len(cast)
	}
	if n < len(cast) {
		return nil, fmt.Errorf("demo: %d participants, want at least the %d of the fixed cast (or 0 for the cast)", n, len(cast))
	}
	defer func() {
		if r := recover(); r != nil {
			gen, err = nil, fmt.Errorf("%v", r)
		}
	}()
	is, err := prooftest.New(prooftest.Config{Seed: Seed, KeyWindow: KeyWindow, Seller: "corpus.arkforge.tech"})
	if err != nil {
		return nil, err
	}
	g := &generator{w: newWorld(), is: is, put: put, meta: &Meta{}, entries: map[string]bool{}, keepGenerated: opts.KeepGenerated}
	g.writeStatic()
	g.freezes()

	var ps []*participant
	for _, m := range cast {
		p := &participant{slug: m.slug, agent: m.agent, stack: m.stack, role: m.role, did: didKey(m.slug), apiKey: "demo_" + m.slug}
		p.enrolled, _ = time.Parse(time.RFC3339, m.enrolled)
		p.enrolled = p.enrolled.Add(ed.shift)
		m.script(g.w, p)
		ps = append(ps, p)
	}
	g.timeline(ps)
	for i := len(cast); i < n; i++ {
		p := synthetic(g.w, i+1)
		g.writeParticipant(p)
		g.closeAll(p)
		g.finishParticipant(p)
		g.writeViews() // so that a scale run holds one participant's proofs at a time
	}
	// Pending proofs last: nothing closes their batch.
	for _, p := range ps {
		for _, s := range p.sessions {
			if s.batching == batchPending {
				for _, c := range s.calls {
					g.issue(c)
				}
			}
		}
	}
	for _, p := range ps {
		g.writeParticipant(p)
		g.finishParticipant(p)
	}
	g.writeViews()
	g.writeEntries()
	g.checkIDs()
	sort.Slice(g.meta.Participants, func(i, j int) bool { return g.meta.Participants[i].Slug < g.meta.Participants[j].Slug })
	sort.Slice(g.meta.Proofs, func(i, j int) bool { return g.meta.Proofs[i].ID < g.meta.Proofs[j].ID })
	if len(g.errs) > 0 {
		return nil, errors.Join(g.errs...)
	}
	return g, nil
}

// ContestEmail is the demo season's address for contestations (§9.2).
const ContestEmail = "contestations@proveit.arkforge.tech"

// writeStatic writes what no proof depends on: season.toml, the trust
// material, each track's corpus, rules, barème and key.
func (g *generator) writeStatic() {
	n := fmt.Sprint(ed.number)
	g.write("season.toml", []byte(`# Saison `+n+` de l'Index PROVE IT : saison de démonstration, entièrement fictive.
# Écrite par cmd/seasongen à partir d'une graine fixe, avec un émetteur de test (scorer/proof/prooftest) :
# aucune clé, aucun jeton, aucune entrée de journal d'ArkForge.
number = `+n+`
title = `+tomlText("Saison "+n+" — démonstration fictive : entités, agents et preuves de test, aucun résultat réel",
		"Season "+n+" — a fictional demonstration: test entities, agents and proofs, no real result")+`
opens_at = `+rfc3339(OpensAt)+`
closes_at = `+rfc3339(ClosesAt)+`
status = "closed"
demo = true
corpus_host = "`+corpusHost+`"
# Le DID de la clé du challenge, qui ancre les gels (§8) et la publication.
challenge_did = "`+ChallengeDID+`"
tracks = ["`+conformite+`", "`+generique+`"]

# Le nom de chaque piste sur les pages, en français et en anglais.
[track_titles]
`+conformite+` = { fr = "conformité", en = "compliance" }
`+generique+` = { fr = "générique", en = "generic" }

# Où contester un résultat publié (§9.2) : le registre des décisions est sur saison-`+n+`/corrections/.
[contest]
email = "`+ContestEmail+`"
`))
	sum := sha256.Sum256([]byte(moderatedNarrative.text))
	if ed.number == 0 {
		g.write("moderation.toml", []byte(fmt.Sprintf(`# Registre de modération de la saison 0 (fictive) : les textes de participants retenus, et pourquoi.
[[moderated]]
participant = %q
field = "narrative"
track = %q
task = %q
rule = "intent"
sha256 = "%x"
decision = %s
decided_at = `+rfc3339(ClosesAt.Add(24*time.Hour))+`
`, moderatedNarrative.participant, moderatedNarrative.track, moderatedNarrative.task, sum, tomlText(moderatedNarrative.decision, moderatedNarrative.decisionEN))))
	}
	root, tl, err := g.is.TrustMaterial()
	if err != nil {
		panic(err)
	}
	g.write("trust/trusted_root.json", root)
	g.write("trust/published_keys.json", tl)
	for _, t := range g.w.tracks() {
		for _, r := range t.corpus.list {
			g.write(t.name+"/corpus/"+r.file(), r.bytes)
		}
		g.write(t.name+"/corpus/manifest.json", t.corpus.manifest())
		g.write(t.name+"/track.toml", t.trackTOML())
		g.write(t.name+"/questions.en.toml", t.questionsTOML())
		g.write(t.name+"/bareme.md", t.baremeMD())
		g.write(t.name+"/key.json", t.keyJSON())
		g.write(t.name+"/key.salt", []byte(hex.EncodeToString(t.salt())+"\n"))
	}
}

func (t *track) baremeMD() []byte {
	if t.name == conformite {
		return baremeConformite(t, 3)
	}
	return baremeGenerique(t)
}

func (t *track) salt() []byte { return derive("key salt " + t.name) }

// freezePayload is the anchored payload of a freeze (§8).
func (t *track) freezePayload(version string, bareme []byte) pyjson.Value {
	key := t.keyJSON()
	commitment := hashes.SHA256Hex(append(append([]byte(nil), t.salt()...), key...))
	zero, _ := pyjson.IntValue(fmt.Sprint(ed.number))
	return pyjson.ObjectValue(
		pyjson.Member{Key: "bareme", Value: pyjson.StringValue(version)},
		pyjson.Member{Key: "bareme_sha256", Value: pyjson.StringValue(hashes.SHA256Hex(bareme))},
		pyjson.Member{Key: "key_commitment", Value: pyjson.StringValue(commitment)},
		pyjson.Member{Key: "manifest_sha256", Value: pyjson.StringValue(hashes.SHA256Hex(t.corpus.manifest()))},
		pyjson.Member{Key: "season", Value: zero},
		pyjson.Member{Key: "track", Value: pyjson.StringValue(t.name)},
		pyjson.Member{Key: "track_sha256", Value: pyjson.StringValue(hashes.SHA256Hex(t.trackTOML()))},
	)
}

type freeze struct {
	version, supersededBy string
	payload               pyjson.Value
	proof                 *prooftest.Proof
}

// freezes mints the freezes of both tracks, each in its own batch anchored
// in September, before the season opens: conformité v2 then v3 (§8), and
// générique v1.
func (g *generator) freezes() {
	type plan struct {
		t       *track
		version string
		bareme  []byte
		at      time.Time
	}
	plans := []plan{
		{g.w.conf, "conformite-bareme-v2", baremeConformite(g.w.conf, 2), time.Date(2026, 9, 14, 18, 14, 40, 0, time.UTC)},
		{g.w.conf, "conformite-bareme-v3", g.w.conf.baremeMD(), time.Date(2026, 9, 15, 9, 0, 5, 0, time.UTC)},
		{g.w.gen, "generique-bareme-v1", g.w.gen.baremeMD(), time.Date(2026, 9, 16, 10, 0, 5, 0, time.UTC)},
	}
	if ed.number != 0 {
		// A later season freezes the current barèmes once, before it opens.
		plans = plans[1:]
	}
	for i := range plans {
		plans[i].at = plans[i].at.Add(ed.shift)
	}
	byTrack := map[string][]*freeze{}
	for _, pl := range plans {
		f := &freeze{version: pl.version, payload: pl.t.freezePayload(pl.version, pl.bareme)}
		body := encodeJSON(obj{{"statut", "gel enregistré"}, {"saison", fmt.Sprint(ed.number)}, {"piste", pl.t.name}, {"bareme", pl.version}})
		p, err := g.is.Issue(prooftest.Call{
			Target: FreezeTarget, Method: "POST", Payload: f.payload, Body: body,
			DID: ChallengeDID, APIKey: "demo_challenge_key", At: pl.at,
		})
		if err != nil {
			panic(err)
		}
		end := pl.at.Truncate(batchWindow).Add(batchWindow)
		if _, err := g.is.CloseBatchWith(end, prooftest.Anchoring{}); err != nil {
			panic(err)
		}
		f.proof = p
		byTrack[pl.t.name] = append(byTrack[pl.t.name], f)
	}
	for _, t := range g.w.tracks() {
		fs := byTrack[t.name]
		for i := 0; i+1 < len(fs); i++ {
			fs[i].supersededBy = fs[i+1].proof.ID
		}
		var b strings.Builder
		fmt.Fprintf(&b, "# Gels de la piste %s (§8), ancrés avant l'ouverture de la saison le %s.\n", t.name, rfc3339(OpensAt))
		for _, f := range fs {
			d := f.proof.Disclosure()
			fmt.Fprintf(&b, "\n[[freezes]]\nbareme = %s\nproof_id = %s\ntarget = %s\nmethod = \"POST\"\npayload = %s\n",
				tomlString(f.version), tomlString(f.proof.ID), tomlString(FreezeTarget), tomlString(string(pyjson.Canonical(f.payload))))
			if f.supersededBy != "" {
				fmt.Fprintf(&b, "superseded_by = %s\nreason = %s\n", tomlString(f.supersededBy), tomlText(SupersedeReason, SupersedeReasonEN))
			}
			fmt.Fprintf(&b, "[freezes.request_hash]\nnonce = %s\nvalue = %s\n", tomlString(d.RequestHash.Nonce), tomlString(d.RequestHash.Value))
			fmt.Fprintf(&b, "[freezes.response_hash]\nnonce = %s\nvalue = %s\n", tomlString(d.ResponseHash.Nonce), tomlString(d.ResponseHash.Value))
			g.writeView(f.proof, nil)
			g.cite(ProofMeta{ID: f.proof.ID, Track: t.name, DID: ChallengeDID, Outcome: OutcomeValid, Body: "freeze", Freeze: true}, false)
			g.meta.Freezes = append(g.meta.Freezes, FreezeMeta{Track: t.name, Bareme: f.version, ProofID: f.proof.ID, SupersededBy: f.supersededBy})
		}
		g.write(t.name+"/preregistration.toml", []byte(b.String()))
	}
}

// issue mints the proof of one call, or the id of a proof that does not exist.
func (g *generator) issue(c *call) {
	s := c.session
	if c.mode == modeNotFound {
		h := hex.EncodeToString(derive(fmt.Sprintf("not found %s %s %s", s.p.slug, s.task.id, rfc3339(c.at))))
		c.id = fmt.Sprintf("prf_%s_%s", c.at.UTC().Format("20060102_150405"), h[:6])
		n := hex.EncodeToString(derive("not found nonce " + c.id))
		c.disclosure = submission.Disclosure{
			RequestHash:  submission.Opening{Nonce: n, Value: hashes.RequestHash(s.tr.corpus.byPath[c.resource].target(), "GET", pyjson.ObjectValue())},
			ResponseHash: submission.Opening{Nonce: n, Value: hashes.ResponseHash(s.tr.corpus.byPath[c.resource].bytes)},
		}
		return
	}
	res := s.tr.corpus.byPath[c.resource]
	body := res.bytes
	if sys := c.mode.system(); sys != "" {
		body = s.tr.corpus.byPath[sys].bytes
	}
	call := prooftest.Call{
		Target: res.target(), Method: "GET", Payload: pyjson.ObjectValue(), Body: body,
		DID: s.p.did, APIKey: s.p.apiKey, At: c.at,
	}
	switch c.mode {
	case modeSpec30:
		call.Spec = pv.Spec30
	case modeUnverified:
		call.Unverified, call.APIKey = true, s.p.apiKey+"_second_key"
	}
	p, err := g.is.Issue(call)
	if err != nil {
		panic(err)
	}
	c.proof, c.id, c.disclosure = p, p.ID, p.Disclosure()
}

// timeline issues the cast's calls in time order and closes a batch at the
// end of every ten-minute window that holds a call. Only the late
// sessions' window ends after the close; pending sessions wait.
func (g *generator) timeline(ps []*participant) {
	var calls []*call
	for _, p := range ps {
		for _, s := range p.sessions {
			if s.batching == batchPending {
				continue
			}
			for _, c := range s.calls {
				if c.mode != modeNotFound {
					calls = append(calls, c)
				}
			}
		}
	}
	sort.SliceStable(calls, func(i, j int) bool { return calls[i].at.Before(calls[j].at) })
	var open []*call
	closeOpen := func() {
		end := open[0].at.Truncate(batchWindow).Add(batchWindow)
		late := open[0].session.batching == batchLate
		for _, c := range open {
			if (c.session.batching == batchLate) != late {
				g.fail("batch closing %s mixes late and timely calls", rfc3339(end))
			}
		}
		if late != end.After(ClosesAt) {
			g.fail("batch closing %s: late %t, but the season closes %s", rfc3339(end), late, rfc3339(ClosesAt))
		}
		if end.Before(OpensAt) {
			g.fail("batch closing %s before the season opens", rfc3339(end))
		}
		if _, err := g.is.CloseBatch(end); err != nil {
			panic(err)
		}
		open = nil
	}
	for _, c := range calls {
		if len(open) > 0 && !c.at.Truncate(batchWindow).Equal(open[0].at.Truncate(batchWindow)) {
			closeOpen()
		}
		g.issue(c)
		open = append(open, c)
	}
	if len(open) > 0 {
		closeOpen()
	}
	// Not-found ids need no proof, only a time.
	for _, p := range ps {
		for _, s := range p.sessions {
			for _, c := range s.calls {
				if c.mode == modeNotFound {
					g.issue(c)
				}
			}
		}
	}
}

// closeAll issues every call of a synthetic participant and closes one
// batch per track at the end of its last window.
func (g *generator) closeAll(p *participant) {
	for _, tr := range g.w.tracks() {
		var last time.Time
		n := 0
		for _, s := range p.sessions {
			if s.tr != tr {
				continue
			}
			for _, c := range s.calls {
				g.issue(c)
				n++
				if c.at.After(last) {
					last = c.at
				}
			}
		}
		if n == 0 {
			continue
		}
		end := last.Truncate(batchWindow).Add(batchWindow)
		if end.After(ClosesAt) {
			g.fail("%s: batch closing %s after the season", p.slug, rfc3339(end))
		}
		if _, err := g.is.CloseBatch(end); err != nil {
			panic(err)
		}
	}
}

// writeParticipant writes participants/<slug>.toml.
func (g *generator) writeParticipant(p *participant) {
	g.write("participants/"+p.slug+".toml", []byte(fmt.Sprintf("agent = %s\ndid = %s\ndeclared_stack = %s\nenrolled_at = %s\n",
		tomlString(p.agent), tomlString(p.did), tomlString(p.stack), rfc3339(p.enrolled))))
}

// finishParticipant writes the participant's cited views and submissions
// and records what they are meant to produce.
func (g *generator) finishParticipant(p *participant) {
	pm := ParticipantMeta{Slug: p.slug, Agent: p.agent, DID: p.did, Role: p.role, Synthetic: p.synthetic}
	for _, tr := range g.w.tracks() {
		for _, k := range tr.tasks {
			var s *session
			for _, x := range p.sessions {
				if x.tr == tr && x.task == k && x.submit {
					s = x
				}
			}
			if s == nil {
				pm.Tasks = append(pm.Tasks, TaskMeta{Track: tr.name, TaskID: k.id, Status: StatusMissing, Expected: k.verdict})
				continue
			}
			for _, c := range s.calls {
				if c.cited {
					g.writeProof(c)
				}
			}
			tm, doc := g.submission(s)
			g.write(fmt.Sprintf("%s/submissions/%s/%s.json", tr.name, p.slug, k.id), doc)
			if tm.Status != s.expect {
				g.fail("%s %s: the script means %s, the generation gives %s (%s)", p.slug, k.id, s.expect, tm.Status, tm.Fault)
			}
			pm.Tasks = append(pm.Tasks, tm)
		}
	}
	if g.counted(p) {
		// A generated participant is counted, not kept: what a scale run
		// holds must not grow with the number of participants.
		g.meta.Generated.Participants++
	} else {
		g.meta.Participants = append(g.meta.Participants, pm)
	}
	for _, s := range p.sessions {
		for _, c := range s.calls {
			c.proof = nil // release the proof
		}
	}
}

// cite records a written proof: its id (see checkIDs), and its
// meta, kept, or only counted when counted is true (a generated
// participant's, see generator.counted).
func (g *generator) cite(pm ProofMeta, counted bool) {
	g.ids.add(pm.ID)
	if counted {
		g.meta.Generated.Proofs++
		return
	}
	g.meta.Proofs = append(g.meta.Proofs, pm)
}

// checkIDs fails the generation for every proof id written twice.
func (g *generator) checkIDs() {
	for _, id := range g.ids.duplicates() {
		g.fail("proof id %s minted twice", id)
	}
}

// outcome is what scorer/verify is meant to say of a call's proof.
func (c *call) outcome() (outcome, check string) {
	switch {
	case c.mode == modeNotFound:
		return OutcomeNotFound, ""
	case c.session.batching == batchPending:
		return OutcomePending, ""
	case c.mode == modeForged:
		return OutcomeInvalid, "signature"
	case c.session.batching == batchLate:
		return OutcomeInvalid, "season_window"
	case c.mode == modeSpec30 || c.mode == modeUnverified:
		return OutcomeUnbound, "identity"
	}
	return OutcomeValid, ""
}

// writeProof writes proofs/<id>.json for a cited call: the view, a view
// whose signature is broken, or the 404 record.
func (g *generator) writeProof(c *call) {
	s := c.session
	out, check := c.outcome()
	body := c.resource
	if sys := c.mode.system(); sys != "" {
		body = sys
	}
	g.cite(ProofMeta{ID: c.id, Participant: s.p.slug, Track: s.tr.name, TaskID: s.task.id,
		Resource: c.resource, DID: s.p.did, Outcome: out, Check: check, Body: body}, g.counted(s.p))
	if c.mode == modeNotFound {
		g.write("proofs/"+c.id+".json", []byte(`{"not_found": true, "proof_id": "`+c.id+`"}`+"\n"))
		return
	}
	var edit func([]byte) []byte
	if c.mode == modeForged {
		edit = breakSignature
	}
	g.writeView(c.proof, edit)
}

// writeView writes proofs/<id>.json, the view of p as proveit fetch caches
// it (proof.CachedForm: the served view without its volatile fields,
// canonical JSON), after edit when it is not nil, and notes the Rekor
// entry it names.
//
// The view is rendered and written later, with others (writeViews): p must
// not change once given, so its batch must be closed, or stay open until
// the generation ends (the pending proofs).
func (g *generator) writeView(p *prooftest.Proof, edit func([]byte) []byte) {
	if p.Rekor.UUID != "" {
		g.entries[p.Rekor.UUID] = true
	}
	g.views = append(g.views, viewJob{p, edit})
}

// viewJob is one view to render and write, after edit when it is not nil.
type viewJob struct {
	p    *prooftest.Proof
	edit func([]byte) []byte
}

// writeViews renders the views given since the last call on every core
// (rendering a view, the served view then its cached form, is most of the
// generation's CPU, and depends on its proof only) and writes them in the
// order given.
func (g *generator) writeViews() {
	views := g.views
	g.views = nil
	err := pool.Ordered(len(views), 0, func(i int) ([]byte, error) {
		return renderView(views[i].p, views[i].edit)
	}, func(i int, view []byte) error {
		g.write("proofs/"+views[i].p.ID+".json", view)
		return nil
	})
	if err != nil {
		g.fail("%v", err)
	}
}

// renderView returns the cached form of p's served view after edit.
func renderView(p *prooftest.Proof, edit func([]byte) []byte) (cached []byte, err error) {
	defer func() {
		if r := recover(); r != nil { // breakSignature panics on a view it cannot read
			err = fmt.Errorf("view of %s: %v", p.ID, r)
		}
	}()
	view, err := p.ServedView(1)
	if err != nil {
		return nil, fmt.Errorf("view of %s: %w", p.ID, err)
	}
	if edit != nil {
		view = edit(view)
	}
	cached, err = pv.CachedForm(view)
	if err != nil {
		return nil, fmt.Errorf("view of %s: %w", p.ID, err)
	}
	return cached, nil
}

// writeEntries writes anchors/rekor/<uuid>.json for every Rekor entry a
// written view names, as the Rekor v1 API serves it.
func (g *generator) writeEntries() {
	uuids := make([]string, 0, len(g.entries))
	for u := range g.entries {
		uuids = append(uuids, u)
	}
	sort.Strings(uuids)
	for _, u := range uuids {
		e, err := g.is.RekorEntry(u)
		if err != nil {
			g.fail("%v", err)
			continue
		}
		g.write("anchors/rekor/"+u+".json", e)
	}
}

// breakSignature flips one bit of the view's signature.
func breakSignature(view []byte) []byte {
	d := json.NewDecoder(bytes.NewReader(view))
	d.UseNumber()
	var m map[string]any
	if err := d.Decode(&m); err != nil {
		panic(err)
	}
	b, why := pv.DecodeEd25519(m["arkforge_signature"].(string), 64)
	if why != "" {
		panic(why)
	}
	b[len(b)/2] ^= 0x01
	m["arkforge_signature"] = pv.EncodeEd25519(b)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(m); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// submission writes the session's submission (§4) and computes what the
// scorer is meant to find in it.
func (g *generator) submission(s *session) (TaskMeta, []byte) {
	k, tr := s.task, s.tr
	tm := TaskMeta{Track: tr.name, TaskID: k.id, Verdict: s.verdict, Expected: k.verdict}
	as := s.assertions
	if s.entryFault == faultDuplicateTriplet {
		as = append(append([]*assertion(nil), as...), &assertion{claim: as[0].claim, cites: as[0].cites})
	}
	docAs := arr{}
	cited := map[string]*call{}
	for i, a := range as {
		ids := arr{}
		am := AssertionMeta{ID: fmt.Sprintf("a%d", i+1), Resource: a.claim.resource, Field: a.claim.field, Value: string(pyjson.Canonical(a.claim.value))}
		for _, c := range a.cites {
			ids = append(ids, c.id)
			am.ProofIDs = append(am.ProofIDs, c.id)
			cited[c.id] = c
		}
		_, am.Own, _ = tr.corpus.admissible(tr.rules, k.graph, k.params, a.claim.resource, a.claim.field)
		docAs = append(docAs, obj{
			{"id", am.ID},
			{"claim", obj{{"resource", a.claim.resource}, {"field", a.claim.field}, {"value", raw(pyjson.Canonical(a.claim.value))}}},
			{"proof_ids", ids},
		})
		tm.Assertions = append(tm.Assertions, am)
	}
	discIDs := make([]string, 0, len(cited))
	for id := range cited {
		discIDs = append(discIDs, id)
	}
	sort.Strings(discIDs)
	disclosure := func(d submission.Disclosure) obj {
		return obj{
			{"request_hash", obj{{"nonce", d.RequestHash.Nonce}, {"value", d.RequestHash.Value}}},
			{"response_hash", obj{{"nonce", d.ResponseHash.Nonce}, {"value", d.ResponseHash.Value}}},
		}
	}
	discs := obj{}
	for i, id := range discIDs {
		if s.entryFault == faultMissingDisclosure && i == 0 {
			continue
		}
		discs = append(discs, kv{id, disclosure(cited[id].disclosure)})
	}
	if s.entryFault == faultUncitedDisclosure {
		for _, c := range s.calls {
			if !c.cited {
				g.writeProof(c)
				discs = append(discs, kv{c.id, disclosure(c.disclosure)})
				break
			}
		}
	}
	season, taskID, did, verdict := fmt.Sprint(ed.number), k.id, s.p.did, s.verdict
	switch s.entryFault {
	case faultSeason:
		season = fmt.Sprint(ed.number + 1)
	case faultTaskID:
		taskID = tr.tasks[(indexOf(tr, k)+1)%len(tr.tasks)].id
	case faultAgentDID:
		did = didKey("carrefour, clé d'un autre agent")
	case faultVerdict:
		verdict = "probablement_" + strings.ReplaceAll(k.verdict, "REF-", "ref_")
	}
	tm.Verdict = verdict
	doc := obj{
		{"season", raw(season)},
		{"track", tr.name},
		{"task_id", taskID},
		{"agent_did", did},
		{"verdict", verdict},
		{"assertions", docAs},
		{"disclosures", discs},
	}
	if s.narrative != "" {
		doc = append(doc, kv{"narrative", s.narrative})
	}
	if s.entryFault == faultUnknownKey {
		doc = append(doc, kv{"confiance", "élevée"})
	}

	// What the scorer is meant to find, in its order (entry, close, each proof).
	switch {
	case s.entryFault != "":
		tm.Status, tm.Fault = StatusRejectedAtEntry, s.entryFault
		return tm, encodeJSON(doc)
	}
	for _, a := range as {
		if ok, _, why := tr.corpus.admissible(tr.rules, k.graph, k.params, a.claim.resource, a.claim.field); !ok {
			tm.Status, tm.Fault = StatusRejectedAtClose, fmt.Sprintf("%s %s: %s", a.claim.resource, a.claim.field, why)
			return tm, encodeJSON(doc)
		}
	}
	pending, live, own := false, 0, 0
	supported := map[string]bool{}
	for i, a := range as {
		cause := causeOf(a, tr.corpus)
		tm.Assertions[i].Cause = cause
		switch cause {
		case CausePending:
			pending = true
		case CauseInstrumentDefect:
			continue
		case CauseSupported:
			supported[a.claim.key()] = true
		}
		live++
		if tm.Assertions[i].Own {
			own++
		}
	}
	switch {
	case pending:
		tm.Status = StatusPending
	case live < k.min || own < (k.min+1)/2:
		tm.Status = StatusNotRendered
	default:
		tm.Status = StatusScored
		tm.Exact = tm.Verdict == k.verdict
		for _, f := range k.facts {
			carried := false
			for _, c := range f.forms {
				carried = carried || supported[c.key()]
			}
			if !carried {
				tm.MissingFacts = append(tm.MissingFacts, f.id)
			}
		}
		tm.Founded = tm.Exact && len(tm.MissingFacts) == 0
	}
	return tm, encodeJSON(doc)
}

func indexOf(tr *track, k *task) int {
	for i, x := range tr.tasks {
		if x == k {
			return i
		}
	}
	return -1
}

// causeOf is the cause the scorer is meant to give an assertion: the first
// failing check wins, pending → condition 1 → condition 2 → condition 3 →
// instrument defect → condition 4 (§4.1).
func causeOf(a *assertion, c *corpus) string {
	worst := 0
	for _, x := range a.cites {
		out, _ := x.outcome()
		rank := map[string]int{OutcomeValid: 0, OutcomeUnbound: 1, OutcomeInvalid: 2, OutcomeNotFound: 2, OutcomePending: 3}[out]
		if rank > worst {
			worst = rank
		}
	}
	switch worst {
	case 3:
		return CausePending
	case 2:
		return CauseInvalidProof
	case 1:
		return CauseUnboundIdentity
	}
	for _, x := range a.cites {
		if x.resource != a.claim.resource {
			return CauseResourceMismatch
		}
	}
	for _, x := range a.cites {
		if x.mode.system() != "" {
			return CauseInstrumentDefect
		}
	}
	if v, ok := c.valueAt(a.claim.resource, a.claim.field); ok && pyjson.Equal(v, a.claim.value) {
		return CauseSupported
	}
	return CauseValueMismatch
}
