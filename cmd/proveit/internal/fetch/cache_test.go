package fetch

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ark-forge/proveit/internal/atomicfs"
	"github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/proof/prooftest"
	"github.com/ark-forge/proveit/scorer/pyjson"
)

// TestCacheStates: what the cache holds for a proof, as Plan counts it: a
// view is Pending while its batch_anchor's status is "pending", and settled
// (Closed) once its batch is anchored, or when it has no batch_anchor (a
// proof before spec 3.0, anchored on its own: null or absent), or any other
// status (the verifier fails its inclusion; --recheck reads it again); the 404
// record is NotFound; anything else that does not parse for its id is
// Unreadable; no file is Missing.
func TestCacheStates(t *testing.T) {
	w := newWorld(t, "states")
	pending := w.issue(1, `{"statut": "actif"}`)[0]
	p, err := w.is.Issue(prooftest.Call{Target: "https://corpus.arkforge.tech/agrements/AGR-4417", Method: "GET", Payload: pyjson.ObjectValue(), Body: []byte(`{}`), DID: "did:key:z6MkFetch", APIKey: "k", At: w.at.Add(time.Minute), Spec: proof.Spec21})
	if err != nil {
		t.Fatal(err)
	}
	w.proofs[p.ID] = p
	pendingView, _ := w.proofs[pending].View()
	w.close()
	anchoredView, _ := w.proofs[pending].View()
	oldView, _ := p.View()
	var m map[string]any
	if err := json.Unmarshal(oldView, &m); err != nil {
		t.Fatal(err)
	}
	if m["batch_anchor"] != nil || m["transparency_log"] == nil {
		t.Fatalf("the 2.1 proof: batch_anchor %v, transparency_log %v", m["batch_anchor"], m["transparency_log"])
	}
	delete(m, "batch_anchor")
	noBatch, _ := json.Marshal(m)
	// A status this client does not know: not "pending", so settled.
	var u map[string]any
	if err := json.Unmarshal(pendingView, &u); err != nil {
		t.Fatal(err)
	}
	u["batch_anchor"].(map[string]any)["status"] = "failed"
	unknownStatus, _ := json.Marshal(u)
	ghost := "prf_20260925_130000_abcdef"
	for _, tc := range []struct {
		name string
		id   string
		data []byte // nil: no file
		want Cached
	}{
		{"pending batch", pending, pendingView, Pending},
		{"anchored batch", pending, anchoredView, Closed},
		{"before 3.0, batch_anchor null", p.ID, oldView, Closed},
		{"before 3.0, no batch_anchor", p.ID, noBatch, Closed},
		{"a batch_anchor status neither pending nor anchored", pending, unknownStatus, Closed},
		{"404 record", ghost, notFoundRecord(ghost), NotFound},
		{"another proof's view", ghost, anchoredView, Unreadable},
		{"not JSON", ghost, []byte("{"), Unreadable},
		{"no file", ghost, nil, Missing},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.RemoveAll(w.dir)
			if err := os.MkdirAll(w.dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if tc.data != nil {
				if err := atomicfs.WriteFile(filepath.Join(w.dir, tc.id+".json"), tc.data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			held, _, _ := inspect(w.dir, tc.id)
			if held != tc.want {
				t.Errorf("cached as %v, want %v", held, tc.want)
			}
			plan := w.plan([]string{tc.id}, Options{})
			if read := len(plan.Fetch) == 1; read != (tc.want != Closed && tc.want != NotFound) {
				t.Errorf("%v: read again %v", tc.want, read)
			}
		})
	}
}
