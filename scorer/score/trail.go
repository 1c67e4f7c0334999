package score

import (
	"fmt"
	"io"

	"github.com/ark-forge/proveit/scorer/pyjson"
)

// WriteTrail writes the task's whole trail as proveit explain prints it:
// the entry and close checks, every assertion with every check of every
// proof it cites and the cause it takes, then the status, the verdict
// against the key, the counts and the incidents. It writes only what the
// scorer decided; it decides nothing.
func (tr *TaskReport) WriteTrail(w io.Writer) error {
	ew := &errWriter{w: w}
	if tr.File != "" {
		ew.printf("file: %s\n", tr.File)
	}
	for _, line := range tr.Trail {
		ew.printf("%s\n", line)
	}
	for _, a := range tr.Assertions {
		ew.printf("assertion %s: %s at %s = %s, proofs %v\n", a.ID, a.Resource, a.Field, pyjson.Canonical(a.Value), a.ProofIDs)
		for _, pr := range a.Proofs {
			ew.printf("  proof %s:\n", pr.ProofID)
			for _, c := range pr.Checks {
				ew.printf("    %-8s %-22s %s\n", c.Result, c.Name, c.Detail)
			}
			ew.printf("    -> %s", pr.Cause)
			if pr.Detail != "" {
				ew.printf(": %s", pr.Detail)
			}
			ew.printf("\n")
		}
		if a.Cause == NotEvaluated {
			ew.printf("  not evaluated: the submission was rejected before\n")
			continue
		}
		ew.printf("  => %s (%s): %s\n", AssertionStatus(a.Cause), a.Cause, a.Explanation())
	}
	ew.printf("status: %s", tr.Status)
	if tr.Reason != "" {
		ew.printf(": %s", tr.Reason)
	}
	ew.printf("\n")
	if tr.Status == Scored {
		ew.printf("verdict %q, expected %q: exact %v, founded %v\n", tr.Verdict, tr.ExpectedVerdict, tr.Exact, tr.Founded)
		ew.printf("assertions counted: %d, unsupported: %d, on own resources: %d\n", tr.Rendered, tr.Unsupported, tr.Own)
		if len(tr.MissingFacts) > 0 {
			ew.printf("founding facts not carried by a supported assertion: %v\n", tr.MissingFacts)
		}
		ew.printf("counts in success: %v\n", tr.Success())
	}
	for _, inc := range tr.Incidents {
		ew.printf("incident (%s): %s\n", inc.Kind, inc.Detail)
	}
	return ew.err
}

// errWriter keeps the first write error.
type errWriter struct {
	w   io.Writer
	err error
}

func (ew *errWriter) printf(format string, a ...any) {
	if ew.err == nil {
		_, ew.err = fmt.Fprintf(ew.w, format, a...)
	}
}
