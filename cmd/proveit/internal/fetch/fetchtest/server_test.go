package fetchtest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
)

// post sends body to POST /v1/proofs and returns the status and the body.
func post(t *testing.T, s *Server, body string) (int, []byte) {
	t.Helper()
	resp, err := s.Client().Post(s.URL+"/v1/proofs", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b
}

// TestServerGroupedRead: the grouped read answers as the Trust Layer's own
// tests say (test_proof_batch.py): {"proofs": {id: view | null}} and
// nothing else, null for an id it does not hold or one Hide hides, an id
// asked twice served once, views_count not incremented; a malformed batch
// gets 400.
func TestServerGroupedRead(t *testing.T) {
	s := New()
	defer s.Close()
	held, hidden, absent := "prf_20260915_100000_aaaaaa", "prf_20260915_100000_cccccc", "prf_20260915_100000_dddddd"
	for _, id := range []string{held, hidden} {
		s.Put(id, []byte(`{"proof_id": "`+id+`", "views_count": 7}`))
	}
	s.Hide(hidden)

	code, body := post(t, s, `{"proof_ids": ["`+held+`", "`+hidden+`", "`+absent+`", "`+held+`"]}`)
	var top map[string]json.RawMessage
	if err := json.Unmarshal(body, &top); err != nil || code != http.StatusOK || len(top) != 1 || top["proofs"] == nil {
		t.Fatalf("HTTP %d %s (%v)", code, body, err)
	}
	dec := json.NewDecoder(strings.NewReader(string(top["proofs"])))
	dec.Token()
	var keys []string
	views := map[string]json.RawMessage{}
	for dec.More() {
		k, _ := dec.Token()
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k.(string))
		views[k.(string)] = v
	}
	if want := []string{held, hidden, absent}; strings.Join(keys, ",") != strings.Join(want, ",") {
		t.Errorf("keys %v, want %v: each id once, in the order asked", keys, want)
	}
	if string(views[hidden]) != "null" || string(views[absent]) != "null" {
		t.Errorf("hidden %s, absent %s: want null", views[hidden], views[absent])
	}
	var v struct {
		ProofID           string `json:"proof_id"`
		ViewsCount        *int   `json:"views_count"`
		IntegrityVerified *bool  `json:"integrity_verified"`
	}
	if err := json.Unmarshal(views[held], &v); err != nil || v.ProofID != held || v.ViewsCount == nil || *v.ViewsCount != 0 || v.IntegrityVerified == nil {
		t.Errorf("view %s (%v)", views[held], err)
	}
	if s.Reads(held) != 1 || s.Reads(hidden) != 0 {
		t.Errorf("reads: %d, %d", s.Reads(held), s.Reads(hidden))
	}
	if r := s.Requests()[0]; r.Method != http.MethodPost || len(r.IDs) != 4 {
		t.Errorf("request %+v", r)
	}

	// GET serves a hidden proof, and counts every read; the grouped read
	// serves the count without adding to it.
	for _, id := range []string{hidden, held, held} {
		resp, err := s.Client().Get(s.URL + "/v1/proof/" + id)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %v %v", id, resp, err)
		}
		resp.Body.Close()
	}
	if resp, err := s.Client().Get(s.URL + "/v1/proof/" + absent); err != nil || resp.StatusCode != http.StatusNotFound {
		t.Fatalf("GET absent: %v %v", resp, err)
	}
	for range 2 {
		_, body = post(t, s, `{"proof_ids": ["`+held+`"]}`)
		if !strings.Contains(string(body), `"views_count":2`) {
			t.Errorf("views_count: %s", body)
		}
	}

	var fifty, fiftyOne []string
	for i := range 51 {
		id := fmt.Sprintf(`"prf_20260915_100000_%06x"`, i)
		if i < 50 {
			fifty = append(fifty, id)
		}
		fiftyOne = append(fiftyOne, id)
	}
	if code, body := post(t, s, `{"proof_ids": [`+strings.Join(fifty, ",")+`]}`); code != http.StatusOK || strings.Count(string(body), "null") != 50 {
		t.Errorf("50 ids: HTTP %d %s", code, body)
	}
	n := len(s.Requests())
	for _, bad := range []string{
		`{"proof_ids": ["../../etc/passwd"]}`,
		`{"proof_ids": ["` + held + `", 42]}`,
		`{"proof_ids": []}`,
		`{"proof_ids": "` + held + `"}`,
		`{"proof_ids": null}`,
		`{}`,
		`[]`,
		`{`,
		`{"proof_ids": [` + strings.Join(fiftyOne, ",") + `]}`,
	} {
		if code, body := post(t, s, bad); code != http.StatusBadRequest || !strings.Contains(string(body), "detail") {
			t.Errorf("%.60s: HTTP %d %s, want 400", bad, code, body)
		}
	}
	for _, r := range s.Requests()[n:] {
		if r.IDs != nil {
			t.Errorf("a malformed batch logged ids %v", r.IDs)
		}
	}
}
