package fetch

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strconv"

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

// groupAnswer is the answer of POST /v1/proofs, {"proofs": {id: view |
// null}}: every id it carries, with its view (a JSON object, as served) or
// nil for null.
type groupAnswer struct {
	proofs map[string]json.RawMessage
}

// group reads up to GroupSize views with POST /v1/proofs, and returns, in
// the order asked, the ids to read alone: those the answer gives null for
// (a proof that does not exist or is not a PROVE IT proof) and those it
// does not carry.
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
	// 3. Say what it holds; a null, and an id it does not carry, are read
	// alone next.
	alone := r.tallyGroup(ex, ans, ga)
	// 4. What was not asked for is an incident, and ignored.
	r.strangers(ids, ga)
	// 5. Check and write the views served for what was asked.
	for _, id := range ids {
		if v := ga.proofs[id]; v != nil {
			if err := r.view(id, v); err != nil {
				return nil, err
			}
		}
	}
	return alone, nil
}

// decodeGroupAnswer decodes a grouped answer's body, which must be exactly
// {"proofs": {id: view | null}}: a JSON object whose one member is
// "proofs", an object whose every value is an object (a view) or null. Any
// other member (a "not_found" list, say), any other value, and a key that
// appears twice in either object make the whole answer refused: an answer
// in another shape than the one documented is not read in part.
func decodeGroupAnswer(body []byte) (*groupAnswer, error) {
	const want = `want {"proofs": {id: view | null}}`
	top, err := objectMembers(body)
	if err != nil {
		return nil, fmt.Errorf("the answer is not a JSON object (%v): %s", err, want)
	}
	var proofs json.RawMessage
	for _, m := range top {
		if m.key != "proofs" {
			return nil, fmt.Errorf("the answer has a member %s: %s and nothing else", strconv.Quote(m.key), want)
		}
		proofs = m.value
	}
	if proofs == nil {
		return nil, fmt.Errorf(`the answer has no "proofs" member: %s`, want)
	}
	ms, err := objectMembers(proofs)
	if err != nil {
		return nil, fmt.Errorf(`the answer's "proofs" is not an object (%v): %s`, err, want)
	}
	ga := &groupAnswer{proofs: make(map[string]json.RawMessage, len(ms))}
	for _, m := range ms {
		switch m.value[0] {
		case '{':
			ga.proofs[m.key] = m.value
		case 'n': // null: the only JSON value that starts with n
			ga.proofs[m.key] = nil
		default:
			return nil, fmt.Errorf(`the answer's "proofs" gives %s %s, want a view (an object) or null`, strconv.Quote(m.key), jsonKind(m.value))
		}
	}
	return ga, nil
}

// member is one member of a JSON object, its value as it was served.
type member struct {
	key   string
	value json.RawMessage
}

// objectMembers reads data, which must be one JSON object and nothing
// else, and returns its members in document order; a key that appears
// twice is an error.
func objectMembers(data []byte) ([]member, error) {
	out, err := readMembers(json.NewDecoder(bytes.NewReader(data)))
	if errors.Is(err, io.EOF) {
		err = io.ErrUnexpectedEOF // cut short
	}
	return out, err
}

func readMembers(dec *json.Decoder) ([]member, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, fmt.Errorf("got %s", tokenKind(tok))
	}
	var out []member
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string) // the decoder reads an object's keys as strings
		if seen[key] {
			return nil, fmt.Errorf("the key %s appears twice", strconv.Quote(key))
		}
		seen[key] = true
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		out = append(out, member{key, v})
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("data after the object")
	}
	return out, nil
}

// tokenKind names the JSON kind of the first token of a value.
func tokenKind(tok json.Token) string {
	switch t := tok.(type) {
	case json.Delim:
		if t == '[' {
			return "an array"
		}
		return "an object"
	case string:
		return "a string"
	case float64, json.Number:
		return "a number"
	case bool:
		return "a boolean"
	case nil:
		return "null"
	}
	return fmt.Sprintf("%T", tok)
}

// jsonKind names the JSON kind of a valid JSON value.
func jsonKind(v json.RawMessage) string {
	tok, err := json.NewDecoder(bytes.NewReader(v)).Token()
	if err != nil {
		return "an invalid value"
	}
	return tokenKind(tok)
}

// badGroup records a grouped answer refused whole: a status other than
// 200 (why is nil), or a body that is not the envelope.
func (r *runner) badGroup(ex exchange, ans *answer, why error) error {
	ce := &CallError{Method: ex.method, Path: ex.path, ProofIDs: ex.ids, Status: ans.status, Attempts: 1, Err: why}
	r.logCall(ans.n, ex, ans.left, ce.Error(), "")
	return r.failed(ce)
}

// tallyGroup logs how many of the asked ids the answer serves a view for,
// gives null for and does not carry, and returns, in the order asked, those
// it serves no view for: they are read alone.
func (r *runner) tallyGroup(ex exchange, ans *answer, ga *groupAnswer) []string {
	var alone []string
	views, nulls, absent := 0, 0, 0
	for _, id := range ex.ids {
		v, carried := ga.proofs[id]
		switch {
		case v != nil:
			views++
			continue
		case carried:
			nulls++
		default:
			absent++
		}
		alone = append(alone, id)
	}
	outcome := fmt.Sprintf("HTTP 200, %d views", views)
	if nulls > 0 {
		outcome += fmt.Sprintf(", %d null", nulls)
	}
	if absent > 0 {
		outcome += fmt.Sprintf(", %d not in the answer", absent)
	}
	if len(alone) > 0 {
		outcome += " (read alone next)"
	}
	r.logCall(ans.n, ex, ans.left, outcome, "")
	return alone
}

// strangers reports, in id order, every id a grouped answer carries (a
// view or null) though it was not asked for.
func (r *runner) strangers(asked []string, ga *groupAnswer) {
	in := map[string]bool{}
	for _, id := range asked {
		in[id] = true
	}
	var extra []string
	for id := range ga.proofs {
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
