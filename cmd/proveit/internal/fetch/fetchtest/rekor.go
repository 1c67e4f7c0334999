package fetchtest

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
)

// Rekor serves a test log's entries by uuid, as GET
// /api/v1/log/entries/{uuid} of Rekor v1 serves them; a uuid it does not
// hold is not found.
type Rekor struct {
	*httptest.Server

	mu       sync.Mutex
	entries  map[string][]byte
	requests []string // the uuid of every call, in order
	fault    func(uuid string, w http.ResponseWriter) bool
}

// NewRekor starts a test Rekor log on 127.0.0.1. Close it when done.
func NewRekor() *Rekor {
	r := &Rekor{entries: map[string][]byte{}}
	r.Server = httptest.NewServer(http.HandlerFunc(r.serve))
	return r
}

// Put serves entry as the answer for uuid.
func (r *Rekor) Put(uuid string, entry []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.entries[uuid] = append([]byte(nil), entry...)
}

// PutAll serves every entry of entries (a test issuer's RekorEntries).
func (r *Rekor) PutAll(entries map[string][]byte) {
	for uuid, e := range entries {
		r.Put(uuid, e)
	}
}

// Delete stops serving uuid: it is not found.
func (r *Rekor) Delete(uuid string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.entries, uuid)
}

// Fault installs f, called for every request before it is served: when it
// returns true it has answered the request itself. Nil removes it.
func (r *Rekor) Fault(f func(uuid string, w http.ResponseWriter) bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.fault = f
}

// Requests returns the uuid of every call received so far.
func (r *Rekor) Requests() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.requests...)
}

func (r *Rekor) serve(w http.ResponseWriter, req *http.Request) {
	uuid, ok := strings.CutPrefix(req.URL.Path, "/api/v1/log/entries/")
	r.mu.Lock()
	r.requests = append(r.requests, uuid)
	fault := r.fault
	r.mu.Unlock()
	if !ok || req.Method != http.MethodGet {
		http.Error(w, `{"code": 404, "message": "path not found"}`, http.StatusNotFound)
		return
	}
	if fault != nil && fault(uuid, w) {
		return
	}
	r.mu.Lock()
	e, ok := r.entries[uuid]
	r.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if !ok {
		w.WriteHeader(http.StatusNotFound)
		io.WriteString(w, `{"code":404,"message":"entry not found"}`+"\n")
		return
	}
	w.Write(e)
}
