// Package fetchtest is test support for proveit fetch, on loopback: a test
// Trust Layer's read API (GET /v1/proof/{id}, POST /v1/proofs) serving the
// views a test issuer minted as the real one serves them, views_count
// incremented and integrity_verified added at every read (Server), and a
// test Rekor log's read API (GET /api/v1/log/entries/{uuid}) serving its
// entries as Rekor v1 does (Rekor). Both count every call and take a hook
// to inject faults. It is for tests.
package fetchtest

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/ark-forge/proveit/scorer/proof/prooftest"
)

// Request is one call the server received.
type Request struct {
	N      int    // its number, from 1
	Method string // GET or POST
	Path   string
	IDs    []string // the id read (GET) or the ids asked for (POST)
}

// Server serves views by id; an id it does not hold is not found.
type Server struct {
	*httptest.Server

	mu       sync.Mutex
	views    map[string][]byte
	reads    map[string]int // views_count of each view
	hidden   map[string]bool
	requests []Request
	fault    func(req Request, w http.ResponseWriter) bool
}

// New starts a server on 127.0.0.1. Close it when done.
func New() *Server {
	s := &Server{views: map[string][]byte{}, reads: map[string]int{}, hidden: map[string]bool{}}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// Put serves view as the view of id; a view that is a JSON object is
// served, as the Trust Layer serves it, with views_count (its reads so far,
// this one included) and integrity_verified added (Served).
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

// Delete stops serving id: it is not found.
func (s *Server) Delete(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.views, id)
}

// Hide keeps id out of the grouped read's answer, neither served nor listed
// as not found, as the grouped read does for a proof that is not a PROVE IT
// proof; GET still serves it.
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
	var asked struct {
		ProofIDs []string `json:"proof_ids"`
	}
	switch {
	case r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/v1/proof/"):
		req.IDs = []string{strings.TrimPrefix(r.URL.Path, "/v1/proof/")}
	case r.Method == http.MethodPost && r.URL.Path == "/v1/proofs":
		body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		if err := json.Unmarshal(body, &asked); err != nil {
			s.log(req)
			http.Error(w, `{"detail": "want {\"proof_ids\": [...]}"}`, http.StatusBadRequest)
			return
		}
		req.IDs = asked.ProofIDs
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
	s.mu.Lock()
	defer s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if r.Method == http.MethodGet {
		v, ok := s.views[req.IDs[0]]
		if !ok {
			w.WriteHeader(http.StatusNotFound)
			io.WriteString(w, `{"detail": "proof not found"}`)
			return
		}
		w.Write(s.served(req.IDs[0], v))
		return
	}
	if len(req.IDs) > 50 {
		w.WriteHeader(http.StatusBadRequest)
		io.WriteString(w, `{"detail": "at most 50 proof_ids"}`)
		return
	}
	out := struct {
		Proofs   map[string]json.RawMessage `json:"proofs"`
		NotFound []string                   `json:"not_found"`
	}{Proofs: map[string]json.RawMessage{}, NotFound: []string{}}
	for _, id := range req.IDs {
		v, ok := s.views[id]
		switch {
		case !ok:
			out.NotFound = append(out.NotFound, id)
		case !s.hidden[id]:
			out.Proofs[id] = json.RawMessage(s.served(id, v))
		}
	}
	sort.Strings(out.NotFound)
	b, err := json.Marshal(out)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Write(b)
}

// served is the view of id as one read serves it: with views_count and
// integrity_verified, the fields v1.7's get_proof adds at every read
// (proof.VolatileFields), in another layout than Put's (compact, keys
// sorted). A view that is not a JSON object is served as it is. s.mu is
// held.
func (s *Server) served(id string, v []byte) []byte {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(v, &m); err != nil {
		return v
	}
	s.reads[id]++
	m["views_count"] = json.RawMessage(strconv.Itoa(s.reads[id]))
	m["integrity_verified"] = json.RawMessage("false")
	out, err := json.Marshal(m)
	if err != nil {
		return v
	}
	return out
}

// Reads is how many times the view of id was served.
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
