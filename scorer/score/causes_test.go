package score

import "testing"

// TestCauseTable: every cause is in the table once, with a severity of its
// own, and its status agrees with what it counts (§4.1): only an
// unsupported cause counts in the numerator, instrument defects, pending
// and not-evaluated assertions count nowhere.
func TestCauseTable(t *testing.T) {
	codes := []Cause{Pending, InvalidProof, UnboundIdentity, ResourceMismatch, ValueMismatch, InstrumentDefect, Supported, NotEvaluated}
	if len(Causes) != len(codes) {
		t.Fatalf("the cause table has %d lines, want %d", len(Causes), len(codes))
	}
	seen, sev := map[Cause]bool{}, map[int]Cause{}
	for _, ci := range Causes {
		if seen[ci.Code] {
			t.Errorf("cause %q twice in the table", ci.Code)
		}
		seen[ci.Code] = true
		if other, ok := sev[ci.Severity]; ok {
			t.Errorf("causes %q and %q share severity %d", ci.Code, other, ci.Severity)
		}
		sev[ci.Severity] = ci.Code
		if ci.Unsupported != (ci.Status == StatusUnsupported) {
			t.Errorf("cause %q: unsupported %v, status %s", ci.Code, ci.Unsupported, ci.Status)
		}
		if ci.Unsupported && !ci.Counts {
			t.Errorf("cause %q counts as unsupported but not among the rendered assertions", ci.Code)
		}
	}
	for _, c := range codes {
		if !seen[c] {
			t.Errorf("cause %q is not in the table", c)
		}
	}
	// The order that decides an assertion citing several proofs.
	order := []Cause{Pending, InvalidProof, UnboundIdentity, ResourceMismatch, ValueMismatch, InstrumentDefect, Supported}
	for i := 1; i < len(order); i++ {
		if !order[i-1].MoreSevere(order[i]) {
			t.Errorf("%s must outrank %s", order[i-1], order[i])
		}
	}
	if !Supported.Info().Counts || Supported.Info().Unsupported || InstrumentDefect.Info().Counts || Pending.Info().Counts {
		t.Error("supported counts and is supported; instrument defects and pending count nowhere")
	}
}

// TestTaskStatusTable: every status once; only a scored task is rendered,
// only a pending one withholds the rates.
func TestTaskStatusTable(t *testing.T) {
	codes := []TaskStatus{Scored, NotRendered, RejectedAtClose, RejectedAtEntry, PendingTask, Missing}
	if len(TaskStatuses) != len(codes) {
		t.Fatalf("the status table has %d lines, want %d", len(TaskStatuses), len(codes))
	}
	for _, c := range codes {
		si := c.Info()
		if si.Rendered != (c == Scored) || si.Withholds != (c == PendingTask) {
			t.Errorf("status %s: rendered %v, withholds %v", c, si.Rendered, si.Withholds)
		}
	}
	if RejectedAtEntry.Info().Incident != SeasonServiceIncident {
		t.Error("a submission rejected at entry opens a season-service incident")
	}
}
