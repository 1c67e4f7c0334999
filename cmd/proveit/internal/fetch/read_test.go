package fetch

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/cmd/proveit/internal/fetch/fetchtest"
	"github.com/ark-forge/proveit/scorer/proof"
)

// TestGrouping: 120 ids are read in 3 grouped calls of 50, 50 and 20; every
// view is written and parses for its id; a second run reads nothing.
func TestGrouping(t *testing.T) {
	w := newWorld(t, "grouping")
	ids := w.closed(120)
	p, rep := w.run(ids, Options{})
	if p.Calls != 3 || len(p.Fetch) != 120 || p.Held[Missing] != 120 {
		t.Fatalf("plan: %d calls, %d to fetch, held %v", p.Calls, len(p.Fetch), p.Held)
	}
	if !rep.OK() || rep.Calls != 3 || len(rep.Written) != 120 {
		t.Fatalf("report: %+v\n%s", rep, w.log.String())
	}
	reqs := w.srv.Requests()
	if len(reqs) != 3 {
		t.Fatalf("%d requests", len(reqs))
	}
	var got []string
	for i, want := range []int{50, 50, 20} {
		if reqs[i].Method != http.MethodPost || reqs[i].Path != pathProofs || len(reqs[i].IDs) != want {
			t.Errorf("request %d: %s %s with %d ids, want POST %s with %d", i, reqs[i].Method, reqs[i].Path, len(reqs[i].IDs), pathProofs, want)
		}
		got = append(got, reqs[i].IDs...)
	}
	if !equal(got, ids) {
		t.Error("the grouped calls did not ask for every id exactly once")
	}
	for _, id := range ids {
		if held, _ := w.cached(id); held != Closed {
			t.Errorf("proof %s cached as %v", id, held)
		}
	}
	w.noTemp()
	for _, want := range []string{
		"[1] POST /v1/proofs, 50 ids: HTTP 200, 50 views, 0 not found · 99 of 100 reads left",
		"[3] POST /v1/proofs, 20 ids: HTTP 200, 20 views, 0 not found · 97 of 100 reads left",
	} {
		if !strings.Contains(w.log.String(), want) {
			t.Errorf("progress lacks %q:\n%s", want, w.log.String())
		}
	}
	if w.stateCalls() != 3 {
		t.Errorf("state records %d calls, want 3", w.stateCalls())
	}
	p, rep = w.run(ids, Options{})
	if p.Calls != 0 || rep.Calls != 0 || p.Held[Closed] != 120 || w.srv.Calls() != 3 {
		t.Errorf("second run: plan %d calls, %d made, held %v", p.Calls, rep.Calls, p.Held)
	}
}

// TestSingleRead: a group of one id is a GET; an id the grouped answer
// neither serves nor lists (not a PROVE IT proof) is read alone.
func TestSingleRead(t *testing.T) {
	w := newWorld(t, "single")
	ids := w.closed(51)
	w.srv.Hide(ids[3])
	w.srv.Hide(ids[7])
	_, rep := w.run(ids, Options{})
	if !rep.OK() || len(rep.Written) != 51 || rep.Calls != 4 {
		t.Fatalf("%+v\n%s", rep, w.log.String())
	}
	reqs := w.srv.Requests()
	want := []string{"POST /v1/proofs", "GET /v1/proof/" + sortedCopy(ids)[50], "GET /v1/proof/" + ids[3], "GET /v1/proof/" + ids[7]}
	for i, r := range reqs {
		if got := r.Method + " " + r.Path; got != want[i] {
			t.Errorf("request %d: %s, want %s", i, got, want[i])
		}
	}
	if !strings.Contains(w.log.String(), "2 not served (read alone next)") {
		t.Errorf("progress:\n%s", w.log.String())
	}
}

// TestNotFound: a 404, grouped or alone, is recorded with the 404 record,
// which the build reads as « does not exist »; it is not read again.
func TestNotFound(t *testing.T) {
	w := newWorld(t, "not found")
	ids := w.closed(4)
	ghost1, ghost2 := "prf_20260925_130000_abcdef", "prf_20260925_130001_abcdef"
	_, rep := w.run(append(ids, ghost1, ghost2), Options{})
	if !rep.OK() || !equal(rep.NotFound, []string{ghost1, ghost2}) || len(rep.Written) != 4 {
		t.Fatalf("%+v\n%s", rep, w.log.String())
	}
	_, rep = w.run([]string{"prf_20260925_130002_abcdef"}, Options{})
	if !rep.OK() || len(rep.NotFound) != 1 || w.srv.Requests()[1].Method != http.MethodGet {
		t.Fatalf("%+v", rep)
	}
	for _, id := range []string{ghost1, ghost2, "prf_20260925_130002_abcdef"} {
		held, data := w.cached(id)
		if held != NotFound || !bytes.Equal(data, notFoundRecord(id)) {
			t.Errorf("proof %s: %v %q", id, held, data)
		}
		if _, nf, err := proof.ParseCached(id, data); err != nil || nf == nil {
			t.Errorf("proof %s: ParseCached: %v %v", id, nf, err)
		}
	}
	p, rep := w.run(append(ids, ghost1, ghost2), Options{})
	if p.Calls != 0 || rep.Calls != 0 || p.Held[NotFound] != 2 {
		t.Errorf("a 404 is read again: %+v", p)
	}
}

// TestBadGroupedAnswer: a grouped answer that is not the documented
// envelope is refused whole and the run goes on; ids not asked for are
// ignored as incidents; an id both served and listed as not found is
// refused.
func TestBadGroupedAnswer(t *testing.T) {
	w := newWorld(t, "bad envelope")
	ids := sortedCopy(w.closed(4))
	stranger := "prf_20260925_235959_abcdef"
	view0, _ := w.proofs[ids[0]].View()
	view1, _ := w.proofs[ids[1]].View()
	answers := []string{
		`[]`,
		`{"not_found": []}`,
		`{"proofs": null}`,
		`{"proofs": {}, "not_found": "none"}`,
		`{"proofs": {"` + ids[0] + `": ` + string(view0) + `, "` + stranger + `": ` + string(view1) + `}, "not_found": ["` + ids[0] + `", "` + ids[2] + `"]}`,
	}
	w.srv.Fault(func(req fetchtest.Request, rw http.ResponseWriter) bool {
		if req.Method != http.MethodPost {
			return false
		}
		io.WriteString(rw, answers[req.N-1])
		return true
	})
	for i := range 4 {
		_, rep := w.run(ids, Options{})
		if rep.Stopped != nil || len(rep.Failed) != 1 || rep.Calls != 1 || len(rep.Remaining) != 4 {
			t.Fatalf("answer %d: %+v", i, rep)
		}
		if msg := rep.Failed[0].Error(); !strings.Contains(msg, "POST /v1/proofs: HTTP 200 OK: the answer") {
			t.Errorf("answer %d: %s", i, msg)
		}
	}
	_, rep := w.run(ids, Options{})
	if len(rep.Incidents) != 1 || rep.Incidents[0].ProofID != stranger || len(rep.Refused) != 1 || rep.Refused[0].ProofID != ids[0] {
		t.Fatalf("%+v\n%s", rep, w.log.String())
	}
	// ids[1] and ids[3] were not served: read alone; ids[2] is not found.
	if !equal(rep.Written, []string{ids[1], ids[3]}) || !equal(rep.NotFound, []string{ids[2]}) || rep.Calls != 3 {
		t.Fatalf("%+v", rep)
	}
	if held, _ := w.cached(stranger); held != Missing {
		t.Error("a view not asked for was written")
	}
}
