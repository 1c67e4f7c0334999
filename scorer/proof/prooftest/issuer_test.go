package prooftest

import (
	"bytes"
	"crypto/x509"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/digitorus/timestamp"
	"github.com/sigstore/sigstore-go/pkg/root"
	"github.com/transparency-dev/merkle/proof"
	"github.com/transparency-dev/merkle/rfc6962"

	"github.com/ark-forge/proveit/internal/openssl"
	"github.com/ark-forge/proveit/scorer/anchor/rfc3161"
	"github.com/ark-forge/proveit/scorer/anchor/rfc3161/rfc3161test"
	"github.com/ark-forge/proveit/scorer/internal/realworld"
	pv "github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/pyjson"
)

var window = rfc3161test.Validity{NotBefore: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), NotAfter: time.Date(2026, 12, 31, 23, 59, 59, 0, time.UTC)}

func mint(t *testing.T, seed string) (views [][]byte, root, tl []byte) {
	t.Helper()
	is, err := New(Config{Seed: []byte(seed), KeyWindow: window})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 9, 25, 12, 0, 0, 0, time.UTC)
	var ps []*Proof
	for i := 0; i < 5; i++ {
		p, err := is.Issue(Call{Target: "https://corpus.arkforge.tech/x", Method: "GET", Payload: pyjson.ObjectValue(), Body: []byte(`{"a": "b"}`), DID: "did:key:z6MkT", APIKey: "k", At: at.Add(time.Duration(i) * time.Second)})
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
		if i == 2 {
			if _, err := is.CloseBatch(at.Add(time.Minute)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, p := range ps {
		v, err := p.View()
		if err != nil {
			t.Fatal(err)
		}
		views = append(views, v)
	}
	root, tl, err = is.TrustMaterial()
	if err != nil {
		t.Fatal(err)
	}
	return views, root, tl
}

// TestDeterministic: the same seed and calls give the same bytes, another
// seed other bytes.
func TestDeterministic(t *testing.T) {
	a, ra, ta := mint(t, "seed one")
	b, rb, tb := mint(t, "seed one")
	c, _, _ := mint(t, "seed two")
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			t.Errorf("view %d differs between two runs", i)
		}
		if bytes.Equal(a[i], c[i]) {
			t.Errorf("view %d is the same under another seed", i)
		}
	}
	if !bytes.Equal(ra, rb) || !bytes.Equal(ta, tb) {
		t.Error("the trust material differs between two runs")
	}
}

// TestSaysItIsATestIssuer: every view, certificate and log URL it issues
// says it is a test issuer.
func TestSaysItIsATestIssuer(t *testing.T) {
	views, root, tl := mint(t, "seed one")
	for i, v := range views {
		parsed, err := pv.ParseView(v)
		if err != nil {
			t.Fatalf("view %d: %v", i, err)
		}
		if notice := parsed.Informational["demo_notice"]; !strings.Contains(notice.Str(), issuerName) || !pyjson.Equal(parsed.Informational["is_demo"], pyjson.BoolValue(true)) {
			t.Errorf("view %d does not say it is the test issuer's demo proof: is_demo %s, demo_notice %s", i, pyjson.Canonical(parsed.Informational["is_demo"]), pyjson.Canonical(notice))
		}
		if len(parsed.Ignored) != 0 {
			t.Errorf("view %d carries keys the real view does not: %v", i, parsed.Ignored)
		}
		for _, url := range []string{parsed.TimestampAuthority.TSRURL, parsed.TransparencyLog.LogURL, parsed.TransparencyLog.VerifyURL} {
			if url != "" && !strings.Contains(url, ".invalid/") {
				t.Errorf("view %d names %s, not under .invalid", i, url)
			}
		}
		if i < 3 && parsed.BatchAnchor.Status != pv.BatchAnchored || i >= 3 && parsed.BatchAnchor.Status != pv.BatchPending {
			t.Errorf("view %d: batch %s", i, parsed.BatchAnchor.Status)
		}
	}
	if !strings.Contains(string(tl), "TEST MATERIAL") || !strings.Contains(string(root), "rekor.test.invalid") {
		t.Error("the trust material does not say it is a test issuer's")
	}
	is, _ := New(Config{Seed: []byte("x"), KeyWindow: window})
	if len(is.TSAs) != 3 {
		t.Fatalf("%d TSAs, want a pool of 3", len(is.TSAs))
	}
	for i, tsa := range is.TSAs {
		r, _, leaf := tsa.Chain()
		for _, c := range []*x509.Certificate{r, leaf} {
			if !strings.Contains(c.Subject.CommonName, "test") || !strings.Contains(c.Subject.CommonName, "not a real") {
				t.Errorf("certificate %q does not say it is a test", c.Subject.CommonName)
			}
			if len(c.Subject.OrganizationalUnit) != 1 || c.Subject.OrganizationalUnit[0] != TSAPool[i] || !strings.HasPrefix(TSAPool[i], "test-tsa-") {
				t.Errorf("TSA %d: certificate OU %q, want %q", i, c.Subject.OrganizationalUnit, TSAPool[i])
			}
		}
	}
}

// poolToken is a batch token of one TSA of the pool, and what openssl
// needs to check it.
type poolToken struct {
	root, resp []byte
	tsa        *root.SigstoreTimestampingAuthority
	at         time.Time
}

// TestTSAPool: the trusted root pins the three TSAs of the pool, a batch
// is stamped by the first unless its Anchoring names another, and each
// one's tokens, without certificates, verify under that trusted root.
func TestTSAPool(t *testing.T) { poolTokens(t) }

// TestTSAPoolOpenSSL runs the Trust Layer's own check on a token of each
// TSA of the pool: `openssl ts -verify -data ROOTFILE -in TOKEN -CAfile
// ROOT_CA.pem -untrusted TSA_CERT.pem`, with the chain the trusted root
// pins for it, at genTime.
func TestTSAPoolOpenSSL(t *testing.T) {
	bin := openssl.Need(t)
	for i, p := range poolTokens(t) {
		v := openssl.TSVerify{
			Data: p.root, Response: p.resp,
			CAFile: []*x509.Certificate{p.tsa.Root}, Untrusted: append([]*x509.Certificate{p.tsa.Leaf}, p.tsa.Intermediates...),
			At: p.at,
		}
		if out, ok := v.Run(t, bin); !ok {
			t.Errorf("TSA %d (%s): %s: not \"Verification: OK\":\n%s", i, TSAPool[i], v, out)
		}
	}
}

func poolTokens(t *testing.T) []poolToken {
	t.Helper()
	is, err := New(Config{Seed: []byte("pool"), KeyWindow: window})
	if err != nil {
		t.Fatal(err)
	}
	trJSON, _, err := is.TrustMaterial()
	if err != nil {
		t.Fatal(err)
	}
	tr, err := root.NewTrustedRootFromJSON(trJSON)
	if err != nil {
		t.Fatal(err)
	}
	tsas := tr.TimestampingAuthorities()
	if len(tsas) != 3 {
		t.Fatalf("the trusted root pins %d TSAs, want 3", len(tsas))
	}
	at := time.Date(2026, 9, 25, 12, 0, 0, 0, time.UTC)
	var tokens []poolToken
	for i, a := range []Anchoring{{}, {TSA: is.TSAs[1]}, {TSA: is.TSAs[2]}} {
		if _, err := is.Issue(Call{Target: "https://corpus.arkforge.tech/x", Method: "GET", Payload: pyjson.ObjectValue(), Body: []byte(`{}`), DID: "did:key:z6MkT", APIKey: "k", At: at}); err != nil {
			t.Fatal(err)
		}
		ps, err := is.CloseBatchWith(at.Add(time.Minute), a)
		if err != nil {
			t.Fatal(err)
		}
		b := ps[0].Batch
		ts, err := timestamp.ParseResponse(ps[0].Token)
		if err != nil {
			t.Fatal(err)
		}
		if len(ts.Certificates) != 0 || ts.Nonce != nil {
			t.Errorf("batch %d: the token embeds %d certificates, nonce %v: want the real shape, none and none", i, len(ts.Certificates), ts.Nonce)
		}
		res, err := rfc3161.Verify(ps[0].Token, b.Root[:], tsas)
		if err != nil {
			t.Fatalf("batch %d: %v", i, err)
		}
		if want := "https://" + TSAPool[i] + ".invalid"; res.TSAURI != want {
			t.Errorf("batch %d: stamped by %s, want %s", i, res.TSAURI, want)
		}
		tokens = append(tokens, poolToken{root: b.Root[:], resp: ps[0].Token, tsa: tsas[i].(*root.SigstoreTimestampingAuthority), at: res.GenTime})
	}
	return tokens
}

// TestAuditPath: on every size up to 33 each leaf's path verifies with
// transparency-dev/merkle, and the path of RFC 6962 §2.1.3's example is
// the one the RFC gives.
func TestAuditPath(t *testing.T) {
	for n := 1; n <= 33; n++ {
		var leaves [][]byte
		for i := 0; i < n; i++ {
			leaves = append(leaves, []byte{byte(i), byte(n)})
		}
		root := pv.TreeHash(leaves)
		for i := range leaves {
			if err := proof.VerifyInclusion(rfc6962.DefaultHasher, uint64(i), uint64(n), rfc6962.DefaultHasher.HashLeaf(leaves[i]), auditPath(leaves, i), root[:]); err != nil {
				t.Fatalf("leaf %d of %d: %v", i, n, err)
			}
		}
	}
	// RFC 6962 §2.1.3: for seven leaves, the path of leaf 3 (d) is [c, g(a,b), h(e,f,g)].
	var leaves [][]byte
	for i := 0; i < 7; i++ {
		leaves = append(leaves, []byte{byte(i)})
	}
	path := auditPath(leaves, 3)
	want := []pv.Digest{pv.TreeHash(leaves[2:3]), pv.TreeHash(leaves[0:2]), pv.TreeHash(leaves[4:7])}
	if len(path) != 3 {
		t.Fatalf("path of 7:3 has %d hashes", len(path))
	}
	for i := range want {
		if !bytes.Equal(path[i], want[i][:]) {
			t.Errorf("path[%d] differs", i)
		}
	}
	if len(auditPath(leaves[:1], 0)) != 0 {
		t.Error("a tree of one leaf has a non-empty path")
	}
}

// keysOf returns the sorted keys of a JSON object.
func keysOf(t *testing.T, raw []byte) []string {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// TestServedViewHasTheRealKeys: a served view carries exactly the keys of
// the real view of its shape, with the two a test proof adds (demo_notice,
// since it is a demo proof; arkforge_kid, which Trust Layer 1.12.0 added
// after the real views were served): a 3.1 view those of the real 3.1
// view, a 1.2 view those of the real 1.2 view; their batch_anchor,
// timestamp_authority and transparency_log too.
func TestServedViewHasTheRealKeys(t *testing.T) {
	is, err := New(Config{Seed: []byte("keys"), KeyWindow: window})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 9, 25, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		spec, real string
	}{{pv.Spec31, realworld.View31}, {pv.Spec12, realworld.View12}} {
		p, err := is.Issue(Call{Target: "https://corpus.arkforge.tech/x", Method: "GET", Payload: pyjson.ObjectValue(), Body: []byte(`{}`), DID: "did:key:z6MkT", APIKey: "k", At: at, Spec: c.spec})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := is.CloseBatch(at.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		served, err := p.ServedView(4)
		if err != nil {
			t.Fatal(err)
		}
		real := realworld.Read(c.real)
		want := append(keysOf(t, real), "arkforge_kid", "demo_notice")
		sort.Strings(want)
		if got := keysOf(t, served); strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("spec %s: keys\n%v\nwant\n%v", c.spec, got, want)
		}
		var m, r map[string]json.RawMessage
		json.Unmarshal(served, &m)
		json.Unmarshal(real, &r)
		for _, name := range []string{"batch_anchor", "timestamp_authority", "transparency_log", "hashes", "disclosed"} {
			if string(r[name]) == "null" || r[name] == nil {
				if string(m[name]) != string(r[name]) && !(r[name] == nil && m[name] == nil) {
					t.Errorf("spec %s: %s is %s, the real view's %s", c.spec, name, m[name], r[name])
				}
				continue
			}
			if got, want := keysOf(t, m[name]), keysOf(t, r[name]); strings.Join(got, ",") != strings.Join(want, ",") {
				t.Errorf("spec %s: %s has %v, want %v", c.spec, name, got, want)
			}
		}
	}
}

// TestArkForgeVerifierAgrees: ArkForge's own verifier (verify_proof.py
// --offline) finds every minted view well made: the chain, the identity
// and its disclosure (3.1), Ed25519 and the batch anchor OK, a pending
// batch waiting, an older proof's chain not recomputable from its public
// view, as for the real ones. Its RFC 3161 witness refuses the test TSA by
// name, as it must: it maps the real pool's providers only.
func TestArkForgeVerifierAgrees(t *testing.T) {
	is, err := New(Config{Seed: []byte("arkforge"), KeyWindow: window})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 9, 25, 12, 0, 0, 0, time.UTC)
	var ps []*Proof
	issue := func(n int, spec string, unverified bool) {
		for i := 0; i < n; i++ {
			p, err := is.Issue(Call{Target: "https://corpus.arkforge.tech/x", Method: "GET", Payload: pyjson.ObjectValue(), Body: []byte(fmt.Sprint(`{"n": "`, i, `"}`)), DID: "did:key:z6MkT", APIKey: "k", At: at.Add(time.Duration(len(ps)) * time.Second), Spec: spec, Unverified: unverified})
			if err != nil {
				t.Fatal(err)
			}
			ps = append(ps, p)
		}
	}
	issue(11, pv.Spec31, false)
	issue(2, pv.Spec30, false)
	issue(1, pv.Spec21, false)
	issue(1, pv.Spec20, false)
	issue(1, pv.Spec31, true)
	if _, err := is.CloseBatch(at.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	issue(2, pv.Spec31, false) // pending
	dir := t.TempDir()
	var paths []string
	for _, p := range ps {
		v, err := p.View()
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, p.ID+".json")
		if err := os.WriteFile(path, v, 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, path)
	}
	got := realworld.VerifyProofOffline(t, paths)
	for i, p := range ps {
		ws := got[paths[i]]
		want := map[string]string{"Ed25519 (ArkForge)": realworld.WitnessOK}
		switch {
		case p.Spec == pv.Spec31:
			want["chain hash"], want["agent identity"], want["selective disclosure"] = realworld.WitnessOK, realworld.WitnessOK, realworld.WitnessOK
		case p.Spec == pv.Spec30:
			want["chain hash"], want["agent identity"] = realworld.WitnessOK, realworld.WitnessSkip
		default:
			want["chain hash"], want["agent identity"] = realworld.WitnessSkip, realworld.WitnessSkip
		}
		switch {
		case p.Batch.Status == pv.BatchAnchored:
			want["batch anchor"] = realworld.WitnessOK
		case p.Batch.Status == pv.BatchPending:
			want["batch anchor"] = realworld.WitnessSkip
		}
		for name, status := range want {
			if w, ok := realworld.Find(ws, name); !ok || w.Status != status {
				t.Errorf("%s (spec %s, batch %q): %s is %+v, want %s", p.ID, p.Spec, p.Batch.Status, name, w, status)
			}
		}
		// Its RFC 3161 witness knows the real pool's providers only: a
		// test TSA is « unknown issuer » there, even offline.
		if w, _ := realworld.Find(ws, "RFC 3161 timestamp"); p.Anchored && (w.Status != realworld.WitnessFail || !strings.Contains(w.Detail, "unknown issuer 'test-tsa-1-in-place-of-freetsa.invalid'")) {
			t.Errorf("%s: RFC 3161 %+v", p.ID, w)
		}
	}
}
