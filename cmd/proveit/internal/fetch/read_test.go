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
		"[1] POST /v1/proofs, 50 ids: HTTP 200, 50 views · 99 of 100 reads left",
		"[3] POST /v1/proofs, 20 ids: HTTP 200, 20 views · 97 of 100 reads left",
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
// gives null for (Hide: not a PROVE IT proof) is read alone, after the
// groups, in the order asked, and its view written.
func TestSingleRead(t *testing.T) {
	w := newWorld(t, "single")
	ids := sortedCopy(w.closed(51))
	w.srv.Hide(ids[3])
	w.srv.Hide(ids[7])
	_, rep := w.run(ids, Options{})
	if !rep.OK() || len(rep.Written) != 51 || rep.Calls != 4 {
		t.Fatalf("%+v\n%s", rep, w.log.String())
	}
	reqs := w.srv.Requests()
	want := []string{"POST /v1/proofs", "GET /v1/proof/" + ids[50], "GET /v1/proof/" + ids[3], "GET /v1/proof/" + ids[7]}
	if len(reqs) != len(want) {
		t.Fatalf("%d requests, want %d", len(reqs), len(want))
	}
	for i, r := range reqs {
		if got := r.Method + " " + r.Path; got != want[i] {
			t.Errorf("request %d: %s, want %s", i, got, want[i])
		}
	}
	if !strings.Contains(w.log.String(), "[1] POST /v1/proofs, 50 ids: HTTP 200, 48 views, 2 null (read alone next)") {
		t.Errorf("progress:\n%s", w.log.String())
	}
	for _, id := range []string{ids[3], ids[7]} {
		if held, _ := w.cached(id); held != Closed {
			t.Errorf("proof %s: %v", id, held)
		}
	}
}

// TestNotFound: a proof the Trust Layer does not know, null in a grouped
// answer then 404 alone, or 404 alone from the start, is recorded with the
// 404 record, which the build reads as « does not exist »; it is not read
// again.
func TestNotFound(t *testing.T) {
	w := newWorld(t, "not found")
	ids := w.closed(4)
	ghost1, ghost2 := "prf_20260925_130000_abcdef", "prf_20260925_130001_abcdef"
	_, rep := w.run(append(ids, ghost1, ghost2), Options{})
	if !rep.OK() || !equal(rep.NotFound, []string{ghost1, ghost2}) || len(rep.Written) != 4 || rep.Calls != 3 {
		t.Fatalf("%+v\n%s", rep, w.log.String())
	}
	reqs := w.srv.Requests()
	if len(reqs) != 3 || reqs[1].Path != pathProof+ghost1 || reqs[2].Path != pathProof+ghost2 {
		t.Fatalf("requests %+v", reqs)
	}
	_, rep = w.run([]string{"prf_20260925_130002_abcdef"}, Options{})
	if !rep.OK() || len(rep.NotFound) != 1 || w.srv.Requests()[3].Method != http.MethodGet {
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

// TestGroupedNulls: a grouped answer's nulls are each read alone: one that
// GET serves (a proof that is not a PROVE IT proof) is its view, one that
// GET answers 404 the 404 record; each GET spends a read, and a null is
// never taken for « not found » without it.
func TestGroupedNulls(t *testing.T) {
	w := newWorld(t, "nulls")
	ids := sortedCopy(w.closed(3))
	ghost := "prf_20260925_235958_abcdef"
	w.srv.Hide(ids[1])
	all := append(append([]string(nil), ids...), ghost)
	_, rep := w.run(all, Options{})
	if !rep.OK() || !equal(rep.Written, ids) || !equal(rep.NotFound, []string{ghost}) || rep.Calls != 3 || w.stateCalls() != 3 {
		t.Fatalf("%+v\n%s", rep, w.log.String())
	}
	reqs := w.srv.Requests()
	want := []string{"POST " + pathProofs, "GET " + pathProof + ids[1], "GET " + pathProof + ghost}
	for i, r := range reqs {
		if got := r.Method + " " + r.Path; i >= len(want) || got != want[i] {
			t.Errorf("request %d: %s, want %v", i, got, want)
		}
	}
	for _, line := range []string{
		"[1] POST /v1/proofs, 4 ids: HTTP 200, 2 views, 2 null (read alone next) · 99 of 100 reads left",
		"[2] GET /v1/proof/" + ids[1] + ": HTTP 200, a view · 98 of 100 reads left",
		"[3] GET /v1/proof/" + ghost + ": HTTP 404, not found · 97 of 100 reads left",
	} {
		if !strings.Contains(w.log.String(), line) {
			t.Errorf("progress lacks %q:\n%s", line, w.log.String())
		}
	}
	if held, _ := w.cached(ids[1]); held != Closed {
		t.Errorf("the hidden proof: %v", held)
	}
	if held, _ := w.cached(ghost); held != NotFound {
		t.Errorf("the ghost: %v", held)
	}
}

// TestOmittedFromAnswer: an id the grouped answer does not carry at all is
// read alone, like a null; the views it serves are written.
func TestOmittedFromAnswer(t *testing.T) {
	w := newWorld(t, "omitted")
	ids := sortedCopy(w.closed(3))
	view0, _ := w.proofs[ids[0]].View()
	w.srv.Fault(func(req fetchtest.Request, rw http.ResponseWriter) bool {
		if req.Method != http.MethodPost {
			return false
		}
		io.WriteString(rw, `{"proofs": {"`+ids[0]+`": `+string(view0)+`, "`+ids[1]+`": null}}`)
		return true
	})
	_, rep := w.run(ids, Options{})
	if !rep.OK() || !equal(rep.Written, ids) || rep.Calls != 3 {
		t.Fatalf("%+v\n%s", rep, w.log.String())
	}
	reqs := w.srv.Requests()
	if len(reqs) != 3 || reqs[1].Path != pathProof+ids[1] || reqs[2].Path != pathProof+ids[2] {
		t.Fatalf("requests %+v", reqs)
	}
	if !strings.Contains(w.log.String(), "HTTP 200, 1 views, 1 null, 1 not in the answer (read alone next)") {
		t.Errorf("progress:\n%s", w.log.String())
	}
}

// TestDuplicateIDs: an id cited twice is asked once; the test Trust Layer
// answers an id asked twice once (TestServerGroupedRead).
func TestDuplicateIDs(t *testing.T) {
	w := newWorld(t, "duplicates")
	ids := sortedCopy(w.closed(3))
	_, rep := w.run(append(ids, ids[0], ids[2], ids[0]), Options{})
	if !rep.OK() || !equal(rep.Written, ids) || rep.Calls != 1 {
		t.Fatalf("%+v\n%s", rep, w.log.String())
	}
	if got := w.srv.Requests()[0].IDs; strings.Join(got, ",") != strings.Join(ids, ",") {
		t.Errorf("asked %v, want %v", got, ids)
	}
}

// TestBadGroupedAnswer: a grouped answer that is not exactly {"proofs":
// {id: view | null}} is refused whole, nothing of it written, its ids left
// for the next run, and the run goes on; ids not asked for, with a view or
// null, are ignored as incidents.
func TestBadGroupedAnswer(t *testing.T) {
	w := newWorld(t, "bad envelope")
	ids := sortedCopy(w.closed(4))
	stranger, stranger2 := "prf_20260925_235959_abcdef", "not-a-proof-id"
	view0, _ := w.proofs[ids[0]].View()
	view1, _ := w.proofs[ids[1]].View()
	v0 := string(view0)
	q := func(id string) string { return `"` + id + `"` }
	for _, tc := range []struct{ answer, why string }{
		{``, "the answer is not a JSON object (unexpected EOF)"},
		{`[]`, "the answer is not a JSON object (got an array)"},
		{`null`, "the answer is not a JSON object (got null)"},
		{`{`, "the answer is not a JSON object (unexpected EOF)"},
		{`{}`, `the answer has no "proofs" member`},
		{`{"proofs": null}`, `the answer's "proofs" is not an object (got null)`},
		{`{"proofs": []}`, `the answer's "proofs" is not an object (got an array)`},
		{`{"not_found": []}`, `the answer has a member "not_found"`},
		// The shape the earlier code read: a view and a not_found list.
		{`{"proofs": {` + q(ids[0]) + `: ` + v0 + `}, "not_found": [` + q(ids[2]) + `]}`, `the answer has a member "not_found"`},
		{`{"proofs": {` + q(ids[0]) + `: ` + v0 + `}, "count": 1}`, `the answer has a member "count"`},
		{`{"proofs": {` + q(ids[0]) + `: ` + v0 + `, ` + q(ids[1]) + `: "gone"}}`, `the answer's "proofs" gives ` + q(ids[1]) + ` a string, want a view (an object) or null`},
		{`{"proofs": {` + q(ids[1]) + `: [` + v0 + `]}}`, `gives ` + q(ids[1]) + ` an array`},
		{`{"proofs": {` + q(ids[1]) + `: 0}}`, `gives ` + q(ids[1]) + ` a number`},
		{`{"proofs": {` + q(ids[1]) + `: false}}`, `gives ` + q(ids[1]) + ` a boolean`},
		{`{"proofs": {` + q(ids[0]) + `: ` + v0 + `, ` + q(ids[0]) + `: null}}`, `(the key ` + q(ids[0]) + ` appears twice)`},
		{`{"proofs": {}, "proofs": {` + q(ids[0]) + `: ` + v0 + `}}`, `the answer is not a JSON object (the key "proofs" appears twice)`},
		{`{"proofs": {` + q(ids[0]) + `: ` + v0 + `}} {}`, `the answer is not a JSON object (data after the object)`},
	} {
		w.srv.Fault(func(req fetchtest.Request, rw http.ResponseWriter) bool {
			if req.Method != http.MethodPost {
				return false
			}
			io.WriteString(rw, tc.answer)
			return true
		})
		before := w.srv.Calls()
		_, rep := w.run(ids, Options{})
		if rep.Stopped != nil || len(rep.Failed) != 1 || rep.Calls != 1 || w.srv.Calls() != before+1 || len(rep.Remaining) != 4 || len(rep.Written) != 0 || len(rep.Incidents) != 0 {
			t.Fatalf("answer %s: %+v", tc.answer, rep)
		}
		if msg := rep.Failed[0].Error(); !strings.Contains(msg, "POST /v1/proofs: HTTP 200 OK: the answer") || !strings.Contains(msg, tc.why) {
			t.Errorf("answer %.80s: %s, want %s", tc.answer, msg, tc.why)
		}
		for _, id := range ids {
			if held, _ := w.cached(id); held != Missing {
				t.Fatalf("answer %.80s: proof %s written from a refused answer", tc.answer, id)
			}
		}
	}
	w.srv.Fault(func(req fetchtest.Request, rw http.ResponseWriter) bool {
		if req.Method != http.MethodPost {
			return false
		}
		io.WriteString(rw, `{"proofs": {`+q(ids[0])+`: `+v0+`, `+q(stranger)+`: `+string(view1)+`, `+q(stranger2)+`: null}}`)
		return true
	})
	_, rep := w.run(ids, Options{})
	if len(rep.Incidents) != 2 || rep.Incidents[0].ProofID != stranger2 || rep.Incidents[1].ProofID != stranger || len(rep.Refused) != 0 || len(rep.Failed) != 0 {
		t.Fatalf("%+v\n%s", rep, w.log.String())
	}
	// ids[1], ids[2] and ids[3] were not in the answer: read alone.
	if !equal(rep.Written, ids) || rep.Calls != 4 {
		t.Fatalf("%+v", rep)
	}
	if held, _ := w.cached(stranger); held != Missing {
		t.Error("a view not asked for was written")
	}
}
