package fetch

import "time"

// Report is what a run did.
type Report struct {
	Calls     int           // calls made (each attempt counts)
	Written   []string      // views written: new, re-read pending, now closed
	NotFound  []string      // 404 records written
	Unchanged []string      // answers equal to the cache
	Refused   []*ProofError // views refused, never written
	Incidents []*ProofError // Trust Layer incidents; the cached file was kept
	Failed    []*CallError  // calls that brought no usable answer
	Remaining []string      // planned proofs that got no answer in this run
	// Stopped says why the run stopped before the end: a *LimitError, a
	// *CallError whose failure persisted, or the context's error. Nil when
	// the run went through.
	Stopped error
	Left    int       // reads left in the window at the end
	Next    time.Time // when the next read is allowed, at the end
	// Entries is what the run did with the Rekor entries the views name.
	Entries EntryReport
}

// OK reports whether every planned proof was answered, and every entry its
// view names read, with nothing refused, no incident and no failed call.
func (r *Report) OK() bool {
	return r.Stopped == nil && len(r.Remaining) == 0 && len(r.Refused) == 0 && len(r.Incidents) == 0 && len(r.Failed) == 0 && r.Entries.OK()
}

// ProofError is a view refused, or a Trust Layer incident, for one proof.
type ProofError struct {
	ProofID string
	Reason  string
}

func (e *ProofError) Error() string { return "proof " + e.ProofID + ": " + e.Reason }

// refuse reports a view refused for id: nothing is written.
func (r *runner) refuse(id, reason string) {
	r.answered[id] = true
	e := &ProofError{ProofID: id, Reason: reason}
	r.rep.Refused = append(r.rep.Refused, e)
	r.logf("  refused: %v", e)
}

// incident reports a Trust Layer incident for id.
func (r *runner) incident(id, reason string) {
	r.answered[id] = true
	e := &ProofError{ProofID: id, Reason: reason}
	r.rep.Incidents = append(r.rep.Incidents, e)
	r.logf("  Trust Layer incident: %v", e)
}

// unchanged reports an answer equal to what the cache holds for id.
func (r *runner) unchanged(id string) {
	r.answered[id] = true
	r.rep.Unchanged = append(r.rep.Unchanged, id)
}
