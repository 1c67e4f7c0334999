package fetch

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ark-forge/proveit/internal/atomicfs"
)

// TestViewForAnotherID: a view that is another proof's, or that does not
// parse, is refused with the proof id and never written; the others are.
func TestViewForAnotherID(t *testing.T) {
	w := newWorld(t, "another id")
	ids := sortedCopy(w.closed(5))
	swapped, malformed, other := ids[0], ids[1], ids[4]
	otherView, _ := w.proofs[other].View()
	w.srv.Put(swapped, otherView)
	w.srv.Put(malformed, []byte(`{"proof_id": "`+malformed+`", "spec_version": "3.1"}`))
	_, rep := w.run(ids[:4], Options{})
	if len(rep.Refused) != 2 || len(rep.Written) != 2 || rep.OK() {
		t.Fatalf("%+v\n%s", rep, w.log.String())
	}
	if msg := rep.Refused[0].Error(); !strings.Contains(msg, "proof "+swapped+": served view refused, not written: /proof_id: view of "+other) {
		t.Errorf("swapped: %s", msg)
	}
	if msg := rep.Refused[1].Error(); !strings.Contains(msg, "proof "+malformed+": served view refused, not written: /hashes: missing") {
		t.Errorf("malformed: %s", msg)
	}
	for _, id := range []string{swapped, malformed} {
		if held, _ := w.cached(id); held != Missing {
			t.Errorf("proof %s written", id)
		}
	}
	// Alone (GET) too.
	_, rep = w.run([]string{swapped}, Options{})
	if len(rep.Refused) != 1 || rep.Refused[0].ProofID != swapped || len(rep.Written) != 0 {
		t.Fatalf("GET: %+v", rep)
	}
}

// TestChangedClosedView: a closed view that comes back different (the same
// proof, its batch anchored again: another token, another Rekor entry) is
// refused, reported as a Trust Layer incident, and the cached view is kept.
// Closed views are read again only with Recheck.
func TestChangedClosedView(t *testing.T) {
	w := newWorld(t, "re-anchored")
	ids := sortedCopy(w.closed(3))
	if _, rep := w.run(ids, Options{}); !rep.OK() {
		t.Fatal(rep)
	}
	_, before := w.cached(ids[1])
	// The same seed and calls give the same proofs; closed in another batch.
	twin := newWorld(t, "re-anchored")
	twin.issue(3, `{"statut": "actif"}`)
	ps, err := twin.is.CloseBatch(twin.at.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		if p.ID == ids[1] {
			w.srv.PutProof(p)
		}
	}
	if p, rep := w.run(ids, Options{}); p.Calls != 0 || rep.Calls != 0 {
		t.Fatalf("closed views read again without Recheck")
	}
	_, rep := w.run(ids, Options{Recheck: true})
	if len(rep.Incidents) != 1 || rep.Incidents[0].ProofID != ids[1] || len(rep.Unchanged) != 2 || len(rep.Written) != 0 || rep.OK() {
		t.Fatalf("%+v\n%s", rep, w.log.String())
	}
	if msg := rep.Incidents[0].Error(); !strings.Contains(msg, "its anchored view (batch "+w.proofs[ids[1]].Batch.ID+" closed) came back different (timestamp_authority, transparency_log): refused, the cached view is kept") {
		t.Errorf("incident: %s", msg)
	}
	if _, after := w.cached(ids[1]); !bytes.Equal(before, after) {
		t.Error("the cached view was replaced")
	}
	if !strings.Contains(w.log.String(), "Trust Layer incident: proof "+ids[1]) {
		t.Errorf("progress:\n%s", w.log.String())
	}
}

// TestPendingReread: a pending view is read again at every run, kept while
// its batch is open, replaced when it closes, then never read again.
func TestPendingReread(t *testing.T) {
	w := newWorld(t, "pending")
	ids := w.issue(3, `{"statut": "actif"}`)
	_, rep := w.run(ids, Options{})
	if !rep.OK() || len(rep.Written) != 3 {
		t.Fatal(rep)
	}
	for _, id := range ids {
		if held, _ := w.cached(id); held != Pending {
			t.Fatalf("proof %s: %v", id, held)
		}
	}
	p, rep := w.run(ids, Options{})
	if p.Held[Pending] != 3 || p.Calls != 1 || !rep.OK() || len(rep.Unchanged) != 3 {
		t.Fatalf("still pending: %+v", rep)
	}
	batch := w.close()
	_, rep = w.run(ids, Options{})
	if !rep.OK() || len(rep.Written) != 3 {
		t.Fatalf("closed: %+v", rep)
	}
	for _, id := range ids {
		held, data := w.cached(id)
		want, _ := w.proofs[id].View()
		if held != Closed || !same(data, want) {
			t.Errorf("proof %s: %v", id, held)
		}
	}
	if !strings.Contains(w.log.String(), "its batch "+batch+" is now anchored") {
		t.Errorf("progress:\n%s", w.log.String())
	}
	if p, _ := w.run(ids, Options{}); p.Calls != 0 {
		t.Error("closed views read again")
	}
}

// TestPendingChanged: a pending view whose signed content changed, or that
// is now answered 404, is refused as an incident; the cached view is kept.
func TestPendingChanged(t *testing.T) {
	w := newWorld(t, "pending changed")
	ids := sortedCopy(w.issue(2, `{"statut": "actif"}`))
	if _, rep := w.run(ids, Options{}); !rep.OK() {
		t.Fatal(rep)
	}
	_, before := w.cached(ids[0])
	twin := newWorld(t, "pending changed")
	other := twin.issue(2, `{"statut": "radié"}`) // same ids, another response hash
	for _, id := range other {
		if id == ids[0] {
			v, _ := twin.proofs[id].View()
			w.srv.Put(id, v)
		}
	}
	w.srv.Delete(ids[1])
	_, rep := w.run(ids, Options{})
	if len(rep.Incidents) != 2 || len(rep.Written) != 0 {
		t.Fatalf("%+v\n%s", rep, w.log.String())
	}
	if msg := rep.Incidents[0].Error(); !strings.Contains(msg, "proof "+ids[0]+": the view of a pending proof came back with a different arkforge_signature, commitments, hashes") {
		t.Errorf("changed: %s", msg)
	}
	if msg := rep.Incidents[1].Error(); !strings.Contains(msg, "proof "+ids[1]+": answered not found, but it was served before") {
		t.Errorf("vanished: %s", msg)
	}
	if _, after := w.cached(ids[0]); !bytes.Equal(before, after) {
		t.Error("the cached view was replaced")
	}
	if held, _ := w.cached(ids[1]); held != Pending {
		t.Errorf("the vanished proof's view: %v", held)
	}
}

// TestPendingBoundKeys: between two reads of a pending view, a change to a
// key fixed when the proof was issued (boundKeys) is an incident, the
// cached view kept; a change to what may still change while the batch is
// open (its batch_anchor, the dispute fields) is written. A view for
// another proof id is refused before any comparison.
func TestPendingBoundKeys(t *testing.T) {
	w := newWorld(t, "bound keys")
	ids := w.issue(2, `{"statut": "actif"}`)
	id, other := ids[0], ids[1] // the issuer's two keys sign in turn
	if _, rep := w.run([]string{id}, Options{}); !rep.OK() {
		t.Fatal(rep)
	}
	held, cached := w.cached(id)
	if held != Pending {
		t.Fatalf("cached as %v", held)
	}
	decode := func(p string) map[string]any {
		v, err := w.proofs[p].View()
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(v, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	mine, theirs := decode(id), decode(other)
	if mine["arkforge_kid"] == theirs["arkforge_kid"] || mine["arkforge_pubkey"] == theirs["arkforge_pubkey"] {
		t.Fatal("both proofs are signed by the same key")
	}
	sub := func(key, field string, v any) func(m map[string]any) {
		return func(m map[string]any) { m[key].(map[string]any)[field] = v }
	}
	set := func(key string, v any) func(m map[string]any) { return func(m map[string]any) { m[key] = v } }
	firstCommitment := func(m map[string]any) string {
		var names []string
		for k := range m["commitments"].(map[string]any) {
			names = append(names, k)
		}
		return sortedCopy(names)[0]
	}(mine)
	for _, tc := range []struct {
		key    string
		change func(m map[string]any)
		want   string // "incident", "written" or "refused"
	}{
		{"proof_id", set("proof_id", other), "refused"},
		{"spec_version", set("spec_version", "3.2"), "incident"},
		{"hashes", sub("hashes", "request", "sha256:"+strings.Repeat("ab", 32)), "incident"},
		{"commitments", sub("commitments", firstCommitment, "sha256:"+strings.Repeat("cd", 32)), "incident"},
		{"disclosed", func(m map[string]any) {
			d := m["disclosed"].(map[string]any)
			for _, o := range d {
				o.(map[string]any)["nonce"] = strings.Repeat("ef", 32)
				break
			}
		}, "incident"},
		{"arkforge_signature", set("arkforge_signature", theirs["arkforge_signature"]), "incident"},
		{"arkforge_kid", set("arkforge_kid", theirs["arkforge_kid"]), "incident"},
		{"arkforge_pubkey", set("arkforge_pubkey", theirs["arkforge_pubkey"]), "incident"},
		{"batch_anchor", set("batch_anchor", map[string]any{"status": "pending", "batch_id": "batch_20260925_120500_002"}), "written"},
		{"disputed", func(m map[string]any) { m["disputed"], m["dispute_id"] = true, "dsp_1" }, "written"},
	} {
		t.Run(tc.key, func(t *testing.T) {
			if err := atomicfs.WriteFile(filepath.Join(w.dir, id+".json"), cached, 0o644); err != nil {
				t.Fatal(err)
			}
			m := decode(id)
			tc.change(m)
			view, err := json.Marshal(m)
			if err != nil {
				t.Fatal(err)
			}
			w.srv.Put(id, view)
			_, rep := w.run([]string{id}, Options{})
			_, after := w.cached(id)
			switch tc.want {
			case "incident":
				if len(rep.Incidents) != 1 || !strings.Contains(rep.Incidents[0].Error(), "the view of a pending proof came back with a different "+tc.key+", which") {
					t.Fatalf("want an incident naming %s: %+v\n%s", tc.key, rep, w.log.String())
				}
			case "refused":
				if len(rep.Refused) != 1 || len(rep.Incidents) != 0 {
					t.Fatalf("want a refusal: %+v", rep)
				}
			case "written":
				if !rep.OK() || !equal(rep.Written, []string{id}) || bytes.Equal(after, cached) {
					t.Fatalf("want the view written: %+v\n%s", rep, w.log.String())
				}
				if held, _ := w.cached(id); held != Pending {
					t.Errorf("cached as %v", held)
				}
				return
			}
			if !bytes.Equal(after, cached) {
				t.Error("the cached view was replaced")
			}
		})
	}
}
