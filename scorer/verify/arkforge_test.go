package verify

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/scorer/internal/realworld"
	pv "github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/proof/prooftest"
	sn "github.com/ark-forge/proveit/scorer/season"
	"github.com/ark-forge/proveit/scorer/trust"
)

// Agreement says whether proveit's outcome and ArkForge's verifier's
// report (verify_proof.py --offline) agree on one view, check by check:
//
//   - chain ↔ « chain hash »: ok ↔ OK, failed ↔ FAIL, skipped (a public
//     view withholds the preimage) ↔ SKIP;
//   - identity ↔ « agent identity » and « selective disclosure »: the
//     identity block opens (identity ok, or failed on what it opens to:
//     not verified, not bound, another DID, which ArkForge's verifier
//     reports and does not judge) ↔ both OK (« selective disclosure » has
//     no line when its chain fails: it checks it only after); it does not
//     open ↔ one FAIL; a
//     version before 3.1 (« commits no identity ») ↔ SKIP or no line;
//   - inclusion ↔ « batch anchor »: ok ↔ OK, failed ↔ FAIL, pending ↔
//     SKIP, skipped (no batch) ↔ no line;
//   - signature ↔ « Ed25519 (ArkForge) » when checkSignature is set: ok ↔
//     OK. Offline, ArkForge's verifier checks with the key the view
//     embeds, proveit with the published key it names: they agree on a view
//     whose key is the one it names.
//
// It returns the disagreements, one line each.
func Agreement(out Outcome, ws []realworld.Witness, checkSignature bool) []string {
	var bad []string
	status := func(name string) string {
		if w, ok := realworld.Find(ws, name); ok {
			return w.Status
		}
		return ""
	}
	want := func(check, got, witness, theirs string) {
		bad = append(bad, fmt.Sprintf("%s %s (%s) but %q %s", check, got, detailOf(out, check), witness, theirs))
	}
	chain := resultOf(out, CheckChain)
	switch theirs := status("chain hash"); {
	case chain == OK && theirs != realworld.WitnessOK, chain == Failed && theirs != realworld.WitnessFail, chain == Skipped && theirs != realworld.WitnessSkip:
		want(CheckChain, chain, "chain hash", theirs)
	}
	identity, detail := resultOf(out, CheckIdentity), detailOf(out, CheckIdentity)
	ident, disc := status("agent identity"), status("selective disclosure")
	switch {
	case strings.Contains(detail, "commits no identity"):
		if ident != realworld.WitnessSkip && ident != "" {
			want(CheckIdentity, identity, "agent identity", ident)
		}
	case identity == OK || identity == Failed && strings.Contains(detail, " opens to "):
		// It checks the disclosure only once its chain is OK.
		if ident != realworld.WitnessOK || disc != realworld.WitnessOK && !(disc == "" && status("chain hash") == realworld.WitnessFail) {
			want(CheckIdentity, identity, "agent identity / selective disclosure", ident+" / "+disc)
		}
	case identity == Failed:
		if ident != realworld.WitnessFail && disc != realworld.WitnessFail {
			want(CheckIdentity, identity, "agent identity / selective disclosure", ident+" / "+disc)
		}
	}
	inclusion, batch := resultOf(out, CheckInclusion), status("batch anchor")
	switch {
	case inclusion == OK && batch != realworld.WitnessOK, inclusion == Failed && batch != realworld.WitnessFail,
		inclusion == Waiting && batch != realworld.WitnessSkip, inclusion == Skipped && batch != "":
		want(CheckInclusion, inclusion, "batch anchor", batch)
	}
	if sig, theirs := resultOf(out, CheckSignature), status("Ed25519 (ArkForge)"); checkSignature && (sig == OK) != (theirs == realworld.WitnessOK) {
		want(CheckSignature, sig, "Ed25519 (ArkForge)", theirs)
	}
	return bad
}

// TestArkForgeAgrees: on minted views of every shape (anchored batches of
// 1 to 11, pending, 3.0, 2.1, 2.0, a self-declared identity), on tampered
// copies of them and on the real views, proveit and ArkForge's own
// verifier agree check by check (Agreement).
func TestArkForgeAgrees(t *testing.T) {
	w := newWorld(t)
	type sample struct {
		name      string
		view      []byte
		signature bool
		opts      Options
		material  *trust.Material
	}
	var samples []sample
	add := func(name string, p *prooftest.Proof, sig bool, edits ...func(m map[string]any)) {
		d := p.Disclosure()
		samples = append(samples, sample{name: name + " " + p.ID, view: viewOf(t, p, edits...), signature: sig, opts: Options{Window: season, Disclosure: &d, DID: did}, material: w.material})
	}
	for _, n := range []int{1, 2, 3, 5, 11} {
		for _, p := range w.closed(t, n, pv.Spec31, prooftest.Anchoring{}) {
			add(fmt.Sprint("batch of ", n), p, true)
		}
	}
	for _, spec := range []string{pv.Spec30, pv.Spec21, pv.Spec12, pv.Spec20, pv.Spec11} {
		add(spec, w.closed(t, 2, spec, prooftest.Anchoring{})[0], true)
	}
	w.at = w.at.Add(1e9)
	self, err := w.is.Issue(prooftest.Call{Target: target, Method: "GET", Body: []byte(body), DID: did, APIKey: "k", At: w.at, Unverified: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.is.CloseBatch(w.at.Add(60e9)); err != nil {
		t.Fatal(err)
	}
	add("self-declared", self, true)
	base := w.closed(t, 7, pv.Spec31, prooftest.Anchoring{})[5]
	for name, e := range map[string]func(m map[string]any){
		"a commitment":         func(m map[string]any) { c := obj(m, "commitments"); c["seller"] = tamper(c["seller"].(string)) },
		"a commitment dropped": func(m map[string]any) { delete(obj(m, "commitments"), "timestamp") },
		"a commitment added":   func(m map[string]any) { obj(m, "commitments")["zz"] = obj(m, "commitments")["seller"] },
		"hashes.chain":         func(m map[string]any) { obj(m, "hashes")["chain"] = tamper(obj(m, "hashes")["chain"].(string)) },
		"an opening's nonce": func(m map[string]any) {
			o := obj(obj(m, "disclosed"), "agent_identity")
			o["nonce"] = tamper(o["nonce"].(string))
		},
		"an opening's value": func(m map[string]any) { obj(obj(m, "disclosed"), "identity_consistent")["value"] = false },
		"an opening dropped": func(m map[string]any) { delete(obj(m, "disclosed"), "did_resolution_status") },
		"an identity commitment dropped": func(m map[string]any) {
			delete(obj(m, "commitments"), "agent_identity")
			delete(obj(m, "disclosed"), "agent_identity")
		},
		"an audit path hash": func(m map[string]any) {
			p := obj(m, "batch_anchor")["audit_path"].([]any)
			p[1] = tamper(p[1].(string))
		},
		"leaf_index":              func(m map[string]any) { obj(m, "batch_anchor")["leaf_index"] = 4 },
		"leaf_index out of range": func(m map[string]any) { obj(m, "batch_anchor")["leaf_index"] = 7 },
		"tree_size overstated":    func(m map[string]any) { obj(m, "batch_anchor")["tree_size"] = 9 },
		"a sibling added": func(m map[string]any) {
			b := obj(m, "batch_anchor")
			b["audit_path"] = append(b["audit_path"].([]any), strings.Repeat("0", 64))
		},
		"the root": func(m map[string]any) {
			obj(m, "batch_anchor")["root"] = tamper(obj(m, "batch_anchor")["root"].(string))
		},
		"the signature": func(m map[string]any) { m["arkforge_signature"] = tamper(m["arkforge_signature"].(string)) },
	} {
		add(name, base, name == "the signature", e)
	}
	for _, p := range w.issue(t, 2, pv.Spec31) {
		add("pending", p, true)
	}
	real := realMaterial(t)
	for _, name := range []string{realworld.View31, realworld.View12, realworld.View20} {
		samples = append(samples, sample{name: name, view: realworld.Read(name), signature: true, material: real})
	}
	dir := t.TempDir()
	var paths []string
	for i, s := range samples {
		path := filepath.Join(dir, fmt.Sprint(i, ".json"))
		if err := os.WriteFile(path, s.view, 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, path)
	}
	reports := realworld.VerifyProofOffline(t, paths)
	for i, s := range samples {
		out := New(s.material, w.is).Verify(parse(t, s.view), s.opts)
		for _, d := range Agreement(out, reports[paths[i]], s.signature) {
			t.Errorf("%s: %s", s.name, d)
		}
	}
}

// TestArkForgeAgreesOnDemo: on every view of the demo seasons, proveit and
// ArkForge's own verifier agree check by check (Agreement), the signature
// included: the demo's views name the key they carry.
func TestArkForgeAgreesOnDemo(t *testing.T) {
	for _, dir := range []string{"../../seasons/0", "../../seasons/1"} {
		s, err := sn.Load(dir)
		if err != nil {
			t.Fatal(err)
		}
		m, err := trust.Load(s.Path("trust"))
		if err != nil {
			t.Fatal(err)
		}
		var paths []string
		views := map[string]*pv.View{}
		for _, p := range s.Proofs {
			data, err := s.ReadProof(p.ID)
			if err != nil {
				t.Fatal(err)
			}
			view, nf, err := pv.ParseCached(p.ID, data)
			if err != nil {
				t.Fatal(err)
			}
			if nf != nil {
				continue
			}
			path := s.Path(p.File())
			paths = append(paths, path)
			views[path] = view
		}
		if len(paths) < 200 {
			t.Fatalf("%s: %d views", dir, len(paths))
		}
		reports := realworld.VerifyProofOffline(t, paths)
		v := New(m, s)
		for _, path := range paths {
			out := v.Verify(views[path], Options{})
			for _, d := range Agreement(out, reports[path], true) {
				t.Errorf("%s: %s", path, d)
			}
		}
	}
}
