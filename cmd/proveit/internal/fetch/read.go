package fetch

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"sort"

	"github.com/ark-forge/proveit/scorer/proof"
)

// The read endpoints, relative to the base URL (§10 of the specification).
const (
	pathProof  = "/v1/proof/" // GET pathProof + id: one public view, counts one read
	pathProofs = "/v1/proofs" // POST: up to GroupSize views, counts one read
)

// GroupSize is the most ids one POST /v1/proofs reads (§10).
const GroupSize = 50

// Bounds on a response body: a view is at most proof.MaxViewBytes; a grouped
// answer at most GroupSize views and its envelope.
const (
	maxSingleBody = proof.MaxViewBytes
	maxGroupBody  = GroupSize*proof.MaxViewBytes + 1<<20
)

// single reads one view with GET /v1/proof/{id}.
func (r *runner) single(ctx context.Context, id string) error {
	ex := exchange{method: http.MethodGet, path: pathProof + url.PathEscape(id), ids: []string{id}, limit: maxSingleBody}
	ans, err := r.call(ctx, ex)
	if err != nil {
		return r.failed(err)
	}
	switch ans.status {
	case http.StatusOK:
		r.logCall(ans.n, ex, ans.left, "HTTP 200, a view", "")
		return r.view(id, ans.body)
	case http.StatusNotFound:
		r.logCall(ans.n, ex, ans.left, "HTTP 404, not found", "")
		return r.notFound(id)
	}
	ce := &CallError{Method: ex.method, Path: ex.path, ProofIDs: ex.ids, Status: ans.status, Attempts: 1}
	r.logCall(ans.n, ex, ans.left, fmt.Sprintf("HTTP %d %s: no view", ans.status, http.StatusText(ans.status)), "")
	return r.failed(ce)
}

// groupAnswer is the answer of POST /v1/proofs.
type groupAnswer struct {
	Proofs   map[string]json.RawMessage `json:"proofs"`
	NotFound []string                   `json:"not_found"`
}

// group reads up to GroupSize views with POST /v1/proofs, and returns the
// ids the answer neither serves nor lists as not found.
func (r *runner) group(ctx context.Context, ids []string) ([]string, error) {
	// 1. Ask.
	body, err := json.Marshal(map[string][]string{"proof_ids": ids})
	if err != nil {
		return nil, &localError{err}
	}
	ex := exchange{method: http.MethodPost, path: pathProofs, body: body, ids: ids, limit: maxGroupBody}
	ans, err := r.call(ctx, ex)
	if err != nil {
		return nil, r.failed(err)
	}
	// 2. An answer that is not the documented envelope is refused whole.
	if ans.status != http.StatusOK {
		return nil, r.badGroup(ex, ans, nil)
	}
	ga, err := decodeGroupAnswer(ans.body)
	if err != nil {
		return nil, r.badGroup(ex, ans, err)
	}
	// 3. Say what it holds; what it does not speak of is read alone next.
	missing := map[string]bool{}
	for _, id := range ga.NotFound {
		missing[id] = true
	}
	omitted := r.tallyGroup(ex, ans, ga, missing)
	// 4. What was not asked for is an incident, and ignored.
	r.strangers(ids, ga)
	// 5. Check and write what was asked for.
	for _, id := range ids {
		v, hasView := ga.Proofs[id]
		switch {
		case hasView && missing[id]:
			r.refuse(id, "the grouped answer both serves its view and lists it as not found: neither is written")
		case hasView:
			if err := r.view(id, v); err != nil {
				return nil, err
			}
		case missing[id]:
			if err := r.notFound(id); err != nil {
				return nil, err
			}
		}
	}
	return omitted, nil
}

// decodeGroupAnswer decodes a grouped answer's body, which must be
// {"proofs": {id: view}, "not_found": [ids]} with a "proofs" object.
func decodeGroupAnswer(body []byte) (*groupAnswer, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(body, &raw); err != nil {
		return nil, fmt.Errorf("the answer is not a JSON object: %v", err)
	}
	if p, ok := raw["proofs"]; !ok || bytes.Equal(bytes.TrimSpace(p), []byte("null")) {
		return nil, errors.New(`the answer has no "proofs" object`)
	}
	var ga groupAnswer
	if err := json.Unmarshal(body, &ga); err != nil {
		return nil, fmt.Errorf(`the answer is not {"proofs": {id: view}, "not_found": [ids]}: %v`, err)
	}
	return &ga, nil
}

// badGroup records a grouped answer refused whole: a status other than
// 200 (why is nil), or a body that is not the envelope.
func (r *runner) badGroup(ex exchange, ans *answer, why error) error {
	ce := &CallError{Method: ex.method, Path: ex.path, ProofIDs: ex.ids, Status: ans.status, Attempts: 1, Err: why}
	r.logCall(ans.n, ex, ans.left, ce.Error(), "")
	return r.failed(ce)
}

// tallyGroup logs how many of the asked ids the answer serves and lists as
// not found, and returns those it does neither for.
func (r *runner) tallyGroup(ex exchange, ans *answer, ga *groupAnswer, missing map[string]bool) []string {
	var omitted []string
	views, nf := 0, 0
	for _, id := range ex.ids {
		_, v := ga.Proofs[id]
		switch {
		case v:
			views++
		case missing[id]:
			nf++
		default:
			omitted = append(omitted, id)
		}
	}
	outcome := fmt.Sprintf("HTTP 200, %d views, %d not found", views, nf)
	if len(omitted) > 0 {
		outcome += fmt.Sprintf(", %d not served (read alone next)", len(omitted))
	}
	r.logCall(ans.n, ex, ans.left, outcome, "")
	return omitted
}

// strangers reports, in id order, every id a grouped answer serves or lists
// as not found though it was not asked for.
func (r *runner) strangers(asked []string, ga *groupAnswer) {
	in := map[string]bool{}
	for _, id := range asked {
		in[id] = true
	}
	var extra []string
	for id := range ga.Proofs {
		if !in[id] {
			extra = append(extra, id)
		}
	}
	for _, id := range ga.NotFound {
		if !in[id] {
			extra = append(extra, id)
		}
	}
	sort.Strings(extra)
	for _, id := range extra {
		r.incident(id, "the grouped answer carries it, though it was not asked for: ignored")
	}
}

// failed records a failed call; the run goes on unless the failure
// persisted (or is not the Trust Layer's).
func (r *runner) failed(err error) error {
	var ce *CallError
	if errors.As(err, &ce) {
		if ce.Transient || ce.Status == http.StatusUnauthorized || ce.Status == http.StatusForbidden {
			ce.Stops = true
		}
		r.rep.Failed = append(r.rep.Failed, ce)
		if ce.Stops {
			return ce
		}
		return nil
	}
	return err
}
