// Package fetchtest is test support for proveit fetch, on loopback: a test
// Trust Layer's read API serving the views a test issuer minted as the real
// one serves them (Server): GET /v1/proof/{id}, the view with views_count
// incremented and integrity_verified added at every read, or 404; and POST
// /v1/proofs, the grouped read, {"proofs": {id: view | null}}, as the Trust
// Layer's tests of it (test_proof_batch.py) describe it. And a test Rekor
// log's read API (GET /api/v1/log/entries/{uuid}) serving its entries as
// Rekor v1 does (Rekor). Both count every call and take a hook to inject
// faults. It is for tests.
package fetchtest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"

	"github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/proof/prooftest"
)

// MaxGroup is the most ids POST /v1/proofs accepts (§10).
const MaxGroup = 50

// Request is one call the server received.
type Request struct {
	N      int    // its number, from 1
	Method string // GET or POST
	Path   string
	// IDs is the id read (GET), or the proof_ids of a POST as sent
	// (duplicates included); nil for a POST whose body is malformed.
	IDs []string
}

// Server serves views by id; an id it does not hold is not found (GET 404,
// null in a grouped answer).
type Server struct {
	*httptest.Server

	mu       sync.Mutex
	views    map[string][]byte
	counts   map[string]int // views_count of each view: the GETs served
	reads    map[string]int // how many times each view was served, GET or POST
	hidden   map[string]bool
	requests []Request
	fault    func(req Request, w http.ResponseWriter) bool
}

// New starts a server on 127.0.0.1. Close it when done.
func New() *Server {
	s := &Server{views: map[string][]byte{}, counts: map[string]int{}, reads: map[string]int{}, hidden: map[string]bool{}}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// Put serves view as the view of id; a view that is a JSON object is
// served, as the Trust Layer serves it, with views_count and
// integrity_verified added (see served).
func (s *Server) Put(id string, view []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.views[id] = append([]byte(nil), view...)
}

// PutProof serves the current view of a minted proof (call it again after
// the proof's batch closes).
func (s *Server) PutProof(p *prooftest.Proof) error {
	v, err := p.View()
	if err != nil {
		return err
	}
	s.Put(p.ID, v)
	return nil
}

// Delete stops serving id: it is not found (GET 404, null in a grouped
// answer).
func (s *Server) Delete(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.views, id)
}

// Hide makes the grouped read answer null for id, as it does for a proof
// that is not a PROVE IT proof (its seller is not a PROVE IT host); GET
// still serves it.
func (s *Server) Hide(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hidden[id] = true
}

// Fault installs f, called for every request before it is served: when it
// returns true it has answered the request itself. Nil removes it.
func (s *Server) Fault(f func(req Request, w http.ResponseWriter) bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.fault = f
}

// Requests returns the calls received so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Calls is how many calls the server received.
func (s *Server) Calls() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.requests)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	req := Request{Method: r.Method, Path: r.URL.Path}
	badGroup := ""
	switch {
	case r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/v1/proof/"):
		req.IDs = []string{strings.TrimPrefix(r.URL.Path, "/v1/proof/")}
	case r.Method == http.MethodPost && r.URL.Path == "/v1/proofs":
		req.IDs, badGroup = groupIDs(r.Body)
	default:
		s.log(req)
		http.Error(w, `{"detail": "no such endpoint"}`, http.StatusNotFound)
		return
	}
	req = s.log(req)
	s.mu.Lock()
	fault := s.fault
	s.mu.Unlock()
	if fault != nil && fault(req, w) {
		return
	}
	w.Header().Set("Content-Type", "application/json")
	if badGroup != "" {
		w.WriteHeader(http.StatusBadRequest)
		b, _ := json.Marshal(map[string]string{"detail": badGroup})
		w.Write(b)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if r.Method == http.MethodGet {
		v, ok := s.views[req.IDs[0]]
		if !ok {
			w.WriteHeader(http.StatusNotFound)
			io.WriteString(w, `{"detail": "proof not found"}`)
			return
		}
		s.counts[req.IDs[0]]++
		w.Write(s.served(req.IDs[0], v))
		return
	}
	// {"proofs": {id: view | null}}, each id once, in the order first
	// asked; views_count is not incremented.
	var out bytes.Buffer
	out.WriteString(`{"proofs": {`)
	seen := map[string]bool{}
	for _, id := range req.IDs {
		if seen[id] {
			continue
		}
		if len(seen) > 0 {
			out.WriteString(", ")
		}
		seen[id] = true
		key, _ := json.Marshal(id)
		out.Write(key)
		out.WriteString(": ")
		v, ok := s.views[id]
		if !ok || s.hidden[id] {
			out.WriteString("null")
			continue
		}
		out.Write(s.served(id, v))
	}
	out.WriteString("}}")
	w.Write(out.Bytes())
}

// groupIDs reads the body of POST /v1/proofs: exactly {"proof_ids": [1 to
// MaxGroup proof ids]} (other members are ignored). It returns the ids, or
// why the body is malformed (the Trust Layer's 400).
func groupIDs(body io.Reader) ([]string, string) {
	const want = `want {"proof_ids": [1 to 50 proof ids]}`
	data, err := io.ReadAll(io.LimitReader(body, 1<<20+1))
	if err != nil || len(data) > 1<<20 {
		return nil, "unreadable or oversized body: " + want
	}
	var asked struct {
		ProofIDs json.RawMessage `json:"proof_ids"`
	}
	var ids []any
	if err := json.Unmarshal(data, &asked); err != nil || asked.ProofIDs == nil || json.Unmarshal(asked.ProofIDs, &ids) != nil || ids == nil {
		return nil, want
	}
	if len(ids) == 0 || len(ids) > MaxGroup {
		return nil, strconv.Itoa(len(ids)) + " proof_ids: " + want
	}
	out := make([]string, len(ids))
	for i, x := range ids {
		id, ok := x.(string)
		if !ok || !proof.ValidProofID(id) {
			return nil, "proof_ids[" + strconv.Itoa(i) + "] is not a proof id: " + want
		}
		out[i] = id
	}
	return out, ""
}

// served is the view of id as one read serves it: with views_count (the
// GETs served so far, this one included: the grouped read does not count)
// and integrity_verified, the fields get_proof adds at every read
// (proof.VolatileFields), in another layout than Put's (compact, keys
// sorted). A view that is not a JSON object is served as it is. s.mu is
// held.
func (s *Server) served(id string, v []byte) []byte {
	s.reads[id]++
	var m map[string]json.RawMessage
	if err := json.Unmarshal(v, &m); err != nil {
		return v
	}
	m["views_count"] = json.RawMessage(strconv.Itoa(s.counts[id]))
	m["integrity_verified"] = json.RawMessage("false")
	out, err := json.Marshal(m)
	if err != nil {
		return v
	}
	return out
}

// Reads is how many times the view of id was served, alone or in a
// grouped answer.
func (s *Server) Reads(id string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reads[id]
}

func (s *Server) log(req Request) Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	req.N = len(s.requests) + 1
	s.requests = append(s.requests, req)
	return req
}
