package verify

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ark-forge/proveit/scorer/anchor/rfc3161/rfc3161test"
	pv "github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/proof/prooftest"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/trust"
)

var (
	keyWindow = rfc3161test.Validity{NotBefore: date("2026-01-01T00:00:00Z"), NotAfter: date("2026-12-31T23:59:59Z")}
	season    = trust.Window{From: date("2026-09-21T08:00:00Z"), Until: date("2026-10-05T20:00:00Z")}
	inSeason  = date("2026-09-25T12:00:00Z")
)

const (
	did    = "did:key:z6MkParticipant"
	target = "https://corpus.arkforge.tech/agrements/AGR-4417"
	body   = `{"ressource": "/agrements/AGR-4417", "statut": "suspendu"}`
)

func date(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

// world is a test Trust Layer and the trust material that publishes it.
// Each test makes its own: the issuer's state (its pending batch) is the
// test's.
type world struct {
	is       *prooftest.Issuer
	material *trust.Material
	dir      string
	at       time.Time
	unpinned *rfc3161test.TSA
}

func newWorld(t testing.TB) *world {
	t.Helper()
	is, err := prooftest.New(prooftest.Config{Seed: []byte("verify tests"), KeyWindow: keyWindow})
	if err != nil {
		t.Fatal(err)
	}
	w := &world{is: is, dir: t.TempDir(), at: inSeason}
	if w.unpinned, err = rfc3161test.New([]byte("another seed"), rfc3161test.Options{Name: "unpinned", CAValidity: keyWindow, LeafValidity: keyWindow, Window: keyWindow}); err != nil {
		t.Fatal(err)
	}
	root, keys, err := is.TrustMaterial()
	if err != nil {
		t.Fatal(err)
	}
	w.material = w.load(t, root, keys)
	return w
}

// load writes a trust directory of root and keys and loads it.
func (w *world) load(t testing.TB, root, keys []byte) *trust.Material {
	t.Helper()
	dir, err := os.MkdirTemp(w.dir, "trust")
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{trust.TrustedRootFile: root, trust.PublishedKeysFile: keys} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	m, err := trust.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// withRetired returns the world's trust material with the given keys
// retired.
func (w *world) withRetired(t testing.TB, retired map[string]time.Time) *trust.Material {
	t.Helper()
	keys, err := w.is.PublishedKeys(retired)
	if err != nil {
		t.Fatal(err)
	}
	return w.load(t, w.material.RootJSON, keys)
}

// issue mints n proofs of spec, one second apart.
func (w *world) issue(t testing.TB, n int, spec string) []*prooftest.Proof {
	t.Helper()
	var ps []*prooftest.Proof
	for i := 0; i < n; i++ {
		w.at = w.at.Add(time.Second)
		p, err := w.is.Issue(prooftest.Call{Target: target, Method: "GET", Payload: pyjson.ObjectValue(), Body: []byte(body), DID: did, APIKey: "participant key", At: w.at, Spec: spec})
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	return ps
}

// closed mints n proofs of spec and anchors them a minute later.
func (w *world) closed(t testing.TB, n int, spec string, a prooftest.Anchoring) []*prooftest.Proof {
	t.Helper()
	ps := w.issue(t, n, spec)
	if _, err := w.is.CloseBatchWith(w.at.Add(time.Minute), a); err != nil {
		t.Fatal(err)
	}
	return ps
}

// viewOf returns p's served view, in its cached form, edited by edits.
func viewOf(t testing.TB, p *prooftest.Proof, edits ...func(m map[string]any)) []byte {
	t.Helper()
	served, err := p.ServedView(1)
	if err != nil {
		t.Fatal(err)
	}
	return edit(t, served, edits...)
}

// edit decodes a view, applies edits and encodes it again (numbers kept as
// written).
func edit(t testing.TB, view []byte, edits ...func(m map[string]any)) []byte {
	t.Helper()
	if len(edits) == 0 {
		return view
	}
	dec := json.NewDecoder(bytes.NewReader(view))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		t.Fatal(err)
	}
	for _, e := range edits {
		e(m)
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func parse(t testing.TB, data []byte) *pv.View {
	t.Helper()
	v, err := pv.ParseView(data)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func obj(m map[string]any, key string) map[string]any { return m[key].(map[string]any) }

// verify verifies p's view, edited, with p's disclosure and the DID, in the
// season, against the world's trust and entries.
func (w *world) verify(t testing.TB, p *prooftest.Proof, edits ...func(m map[string]any)) Outcome {
	t.Helper()
	d := p.Disclosure()
	return New(w.material, w.is).Verify(parse(t, viewOf(t, p, edits...)), Options{Window: season, Disclosure: &d, DID: did})
}

// resultOf returns the result of check name in out, "" when absent.
func resultOf(out Outcome, name string) string {
	for _, c := range out.Checks {
		if c.Name == name {
			return c.Result
		}
	}
	return ""
}

// detailOf returns the detail of check name in out.
func detailOf(out Outcome, name string) string {
	for _, c := range out.Checks {
		if c.Name == name {
			return c.Detail
		}
	}
	return ""
}

// summary writes out's checks, one result each, for a message.
func summary(out Outcome) string {
	s := out.Status.String() + ":"
	for _, c := range out.Checks {
		s += fmt.Sprintf(" %s=%s", c.Name, c.Result)
	}
	if out.Failure != nil {
		s += " (" + out.Failure.Error() + ")"
	}
	return s
}
