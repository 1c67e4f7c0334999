package fetch

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ark-forge/proveit/cmd/proveit/internal/fetch/fetchtest"
	"github.com/ark-forge/proveit/scorer/anchor/rekor"
	"github.com/ark-forge/proveit/scorer/anchor/rekor/rekortest"
	"github.com/ark-forge/proveit/scorer/proof"
)

// uuidOf is the Rekor entry the cached view of id names.
func (w *world) uuidOf(id string) string {
	w.t.Helper()
	_, data := w.cached(id)
	v, _, err := proof.ParseCached(id, data)
	if err != nil {
		w.t.Fatal(err)
	}
	return v.TransparencyLog.UUID
}

// uuids are the uuids of the entries the issuer logged, in the order it
// logged them.
func (w *world) uuids() []string {
	w.t.Helper()
	var out []string
	for i := int64(0); i < w.is.Log.Size(); i++ {
		u, err := w.is.Log.UUID(i)
		if err != nil {
			w.t.Fatal(err)
		}
		out = append(out, u)
	}
	return out
}

func (w *world) entryFile(uuid string) string { return filepath.Join(EntriesDir(w.dir), uuid+".json") }

// TestEntriesFilledFromTheLog: one run fills the views from the Trust Layer
// and the Rekor entries they name from the log, once per batch, each as the
// log served it; the next run reads neither again.
func TestEntriesFilledFromTheLog(t *testing.T) {
	w := newWorld(t, "entries")
	a := w.closed(3)
	b := w.closed(2)
	ids := sortedCopy(append(append([]string(nil), a...), b...))
	p, rep := w.run(ids, Options{})
	if !rep.OK() || len(rep.Written) != 5 {
		t.Fatalf("%+v %+v\n%s", rep, rep.Entries, w.log.String())
	}
	if len(p.Entries) != 0 {
		t.Errorf("the plan knew %d entries before any view was cached", len(p.Entries))
	}
	ua, ub := w.uuidOf(a[0]), w.uuidOf(b[0])
	if ua == ub || w.uuidOf(a[2]) != ua || !equal(rep.Entries.Written, []string{ua, ub}) || rep.Entries.Calls != 2 {
		t.Fatalf("entries %+v", rep.Entries)
	}
	for _, u := range []string{ua, ub} {
		got, err := os.ReadFile(w.entryFile(u))
		if err != nil {
			t.Fatal(err)
		}
		want, _ := w.is.RekorEntry(u)
		if !bytes.Equal(got, want) {
			t.Errorf("entry %s is not the log's answer byte for byte", u)
		}
		if _, f := rekor.ParseAPIEntry(got, u); f != nil {
			t.Errorf("entry %s: %v", u, f)
		}
	}
	reqs := w.rekor.Requests()
	if len(reqs) != 2 {
		t.Errorf("the log got %v", reqs)
	}
	if p, rep := w.run(ids, Options{}); p.Calls != 0 || len(p.Entries) != 0 || rep.Entries.Calls != 0 || !rep.OK() {
		t.Errorf("second run: plan %d calls, %d entries; entries %+v", p.Calls, len(p.Entries), rep.Entries)
	}
	if len(w.rekor.Requests()) != 2 {
		t.Errorf("the log was read again")
	}
}

// TestSameBytesTwice: two fetches of the same closed proof, into two
// caches, give the same bytes, though the Trust Layer serves another
// views_count (the proof was read alone in between: the grouped read does
// not count); and --recheck does not take the volatile fields for a change.
func TestSameBytesTwice(t *testing.T) {
	w := newWorld(t, "twice")
	ids := sortedCopy(w.closed(2))
	if _, rep := w.run(ids, Options{}); !rep.OK() {
		t.Fatal(rep)
	}
	_, first := w.cached(ids[0])
	w.dir = filepath.Join(t.TempDir(), "proofs")
	for range 2 { // two readers of the proof's page
		resp, err := w.srv.Client().Get(w.srv.URL + pathProof + ids[0])
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	if got := groupedViewsCount(t, w.srv, ids[0]); got != 2 {
		t.Fatalf("views_count served %d, want 2", got)
	}
	if _, rep := w.run(ids, Options{}); !rep.OK() {
		t.Fatal(rep)
	}
	_, second := w.cached(ids[0])
	if n := w.srv.Reads(ids[0]); n < 2 {
		t.Fatalf("the view was served %d times", n)
	}
	if !bytes.Equal(first, second) {
		t.Fatalf("two fetches differ:\n%s\n%s", first, second)
	}
	for _, k := range proof.VolatileFields {
		if bytes.Contains(first, []byte(`"`+k+`"`)) {
			t.Errorf("the cached view keeps %s", k)
		}
	}
	_, rep := w.run(ids, Options{Recheck: true})
	if !rep.OK() || len(rep.Incidents) != 0 || len(rep.Unchanged) != 2 || len(rep.Entries.Unchanged) != 1 {
		t.Fatalf("recheck: %+v %+v\n%s", rep, rep.Entries, w.log.String())
	}
	if _, again := w.cached(ids[0]); !bytes.Equal(again, second) {
		t.Error("the recheck rewrote the view")
	}
}

// TestMissingEntry: an entry the log answers 404 for is cached as the
// not-found record, which the verifier reads as « no such entry »; it is
// not read again.
func TestMissingEntry(t *testing.T) {
	w := newWorld(t, "missing entry")
	ids := w.closed(2)
	w.rekor.Delete(w.uuids()[0])
	_, rep := w.run(ids, Options{})
	u := w.uuidOf(ids[0])
	if !rep.OK() || !equal(rep.Entries.NotFound, []string{u}) || len(rep.Entries.Written) != 0 {
		t.Fatalf("%+v", rep.Entries)
	}
	data, err := os.ReadFile(w.entryFile(u))
	if err != nil || !bytes.Equal(data, rekor.NotFoundRecord(u)) {
		t.Fatalf("%s %v", data, err)
	}
	if _, f := rekor.ParseAPIEntry(data, u); f == nil || f.Check != "rekor.api.not_found" {
		t.Errorf("the record reads as %v", f)
	}
	if _, rep := w.run(ids, Options{}); rep.Entries.Calls != 0 {
		t.Errorf("the 404 record was read again: %+v", rep.Entries)
	}
}

// TestWrongEntry: an answer that is not the entry of the uuid asked for
// (another uuid's, or keyed by the uuid but with another entry's body) is
// refused, never written, and reported with the proofs that name it.
func TestWrongEntry(t *testing.T) {
	for _, c := range []struct{ name, check string }{
		{"another uuid's answer", "rekor.api.uuid"},
		{"another entry's body under the uuid", "rekor.api.leaf"},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := newWorld(t, "wrong entry")
			a := w.closed(1)
			b := w.closed(1)
			uuids := w.uuids()
			ua, ub := uuids[0], uuids[1]
			other, _ := w.is.RekorEntry(ub)
			served := other
			if c.check == "rekor.api.leaf" {
				served = bytes.Replace(other, []byte(ub), []byte(ua), 1)
			}
			w.rekor.Put(ua, served)
			_, rep := w.run(append(a, b...), Options{})
			if rep.OK() || len(rep.Entries.Refused) != 1 || !equal(rep.Entries.Written, []string{ub}) {
				t.Fatalf("%+v", rep.Entries)
			}
			e := rep.Entries.Refused[0]
			if e.UUID != ua || len(e.Proofs) != 1 || e.Proofs[0] != a[0] || !strings.Contains(e.Error(), c.check) {
				t.Errorf("refused: %v", e)
			}
			if _, err := os.Stat(w.entryFile(ua)); !os.IsNotExist(err) {
				t.Errorf("the wrong entry was written: %v", err)
			}
		})
	}
}

// TestRekor429: a 429 is honoured: its Retry-After waited when within
// MaxWait, the run stopped (exit 3: run again) when further; the next run
// reads what is left.
func TestRekor429(t *testing.T) {
	w := newWorld(t, "rekor 429")
	ids := w.closed(1)
	n := 0
	w.rekor.Fault(func(uuid string, rw http.ResponseWriter) bool {
		n++
		if n == 1 {
			rw.Header().Set("Retry-After", "30")
			rw.WriteHeader(http.StatusTooManyRequests)
			return true
		}
		return false
	})
	_, rep := w.run(ids, Options{})
	if !rep.OK() || rep.Entries.Calls != 2 || len(rep.Entries.Written) != 1 {
		t.Fatalf("%+v\n%s", rep.Entries, w.log.String())
	}
	if s := w.clock.Sleeps(); len(s) == 0 || s[len(s)-1] != 30*time.Second {
		t.Errorf("sleeps %v, want the Retry-After of 30s", s)
	}

	w = newWorld(t, "rekor 429 far")
	ids = w.closed(1)
	w.rekor.Fault(func(uuid string, rw http.ResponseWriter) bool {
		rw.Header().Set("Retry-After", "7200")
		rw.WriteHeader(http.StatusTooManyRequests)
		return true
	})
	_, rep = w.run(ids, Options{})
	var le *RekorLimitError
	if rep.OK() || !errors.As(rep.Entries.Stopped, &le) || le.ResumeAt != w.clock.Now().Add(2*time.Hour) || len(rep.Entries.Remaining) != 1 {
		t.Fatalf("%+v", rep.Entries)
	}
	w.rekor.Fault(nil)
	if _, rep := w.run(ids, Options{}); !rep.OK() || len(rep.Entries.Written) != 1 {
		t.Errorf("next run: %+v", rep.Entries)
	}
}

// TestEntriesCap: one run reads at most MaxEntries entries; the next reads
// the rest.
func TestEntriesCap(t *testing.T) {
	w := newWorld(t, "cap")
	var ids []string
	for range 3 {
		ids = append(ids, w.closed(1)...)
	}
	w.maxEntries = 2
	_, rep := w.run(ids, Options{})
	var le *RekorLimitError
	if !errors.As(rep.Entries.Stopped, &le) || le.Cap != 2 || len(rep.Entries.Written) != 2 || len(rep.Entries.Remaining) != 1 {
		t.Fatalf("%+v", rep.Entries)
	}
	if _, rep := w.run(ids, Options{}); !rep.OK() || len(rep.Entries.Written) != 1 {
		t.Errorf("next run: %+v", rep.Entries)
	}
}

// TestEntryBounds: an answer over rekor.MaxEntrySize is refused whole and
// not retried; a 5xx is retried with backoff.
func TestEntryBounds(t *testing.T) {
	w := newWorld(t, "entry bounds")
	ids := w.closed(1)
	u := w.uuids()[0]
	w.rekor.Put(u, bytes.Repeat([]byte(" "), rekor.MaxEntrySize+1))
	_, rep := w.run(ids, Options{})
	if rep.OK() || len(rep.Entries.Failed) != 1 || rep.Entries.Calls != 1 || !strings.Contains(rep.Entries.Failed[0].Error(), "exceeds the limit of 262144") {
		t.Fatalf("%+v", rep.Entries)
	}
	e, _ := w.is.RekorEntry(u)
	w.rekor.Put(u, e)
	n := 0
	w.rekor.Fault(func(uuid string, rw http.ResponseWriter) bool {
		n++
		if n == 1 {
			rw.WriteHeader(http.StatusBadGateway)
			return true
		}
		return false
	})
	if _, rep := w.run(ids, Options{}); !rep.OK() || rep.Entries.Calls != 2 {
		t.Errorf("after a 502: %+v", rep.Entries)
	}
}

// TestEntryRecheck: a re-read entry whose inclusion proof grew with the log
// is the same entry; one whose signed part changed is an incident, and the
// cached entry is kept.
func TestEntryRecheck(t *testing.T) {
	w := newWorld(t, "entry recheck")
	ids := w.closed(1)
	if _, rep := w.run(ids, Options{}); !rep.OK() {
		t.Fatal(rep)
	}
	w.closed(1) // the log grows
	u := w.uuidOf(ids[0])
	before, _ := os.ReadFile(w.entryFile(u))
	_, grown, err := w.is.Log.APIEntry(0)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(grown, before) {
		t.Fatal("the log did not grow")
	}
	w.rekor.Put(u, grown)
	if _, rep := w.run(ids, Options{Recheck: true}); !rep.OK() || !equal(rep.Entries.Unchanged, []string{u}) {
		t.Fatalf("grown: %+v", rep.Entries)
	}
	api, f := rekor.ParseAPIEntry(grown, u)
	if f != nil {
		t.Fatal(f)
	}
	api.TLE.InclusionPromise.SignedEntryTimestamp[5] ^= 1
	changed, err := rekortest.MarshalAPI(u, api.TLE)
	if err != nil {
		t.Fatal(err)
	}
	w.rekor.Put(u, changed)
	_, rep := w.run(ids, Options{Recheck: true})
	if rep.OK() || len(rep.Entries.Incidents) != 1 || !strings.Contains(rep.Entries.Incidents[0].Error(), "another signedEntryTimestamp") {
		t.Fatalf("changed: %+v", rep.Entries)
	}
	if after, _ := os.ReadFile(w.entryFile(u)); !bytes.Equal(after, before) {
		t.Error("the cached entry was replaced")
	}
	// Now answered 404: an incident too, the entry kept.
	w.rekor.Delete(u)
	_, rep = w.run(ids, Options{Recheck: true})
	if rep.OK() || len(rep.Entries.Incidents) != 1 || !strings.Contains(rep.Entries.Incidents[0].Error(), "answered not found, but the log served it before") || len(rep.Entries.NotFound) != 0 {
		t.Fatalf("vanished: %+v", rep.Entries)
	}
	if after, _ := os.ReadFile(w.entryFile(u)); !bytes.Equal(after, before) {
		t.Error("the cached entry was replaced by a 404 record")
	}
}

// groupedViewsCount reads id with POST /v1/proofs from srv, and returns
// the views_count its view carries.
func groupedViewsCount(t *testing.T, srv *fetchtest.Server, id string) int {
	t.Helper()
	resp, err := srv.Client().Post(srv.URL+pathProofs, "application/json", strings.NewReader(`{"proof_ids": ["`+id+`"]}`))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var ans struct {
		Proofs map[string]struct {
			ViewsCount int `json:"views_count"`
		} `json:"proofs"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&ans); err != nil {
		t.Fatal(err)
	}
	return ans.Proofs[id].ViewsCount
}
