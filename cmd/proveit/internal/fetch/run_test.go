package fetch

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/ark-forge/proveit/cmd/proveit/internal/fetch/fetchtest"
)

// TestInterruptAndResume: the Trust Layer dies after the first call; the
// first group stays on disk, the budget records every attempt, and the next
// run reads only the rest.
func TestInterruptAndResume(t *testing.T) {
	w := newWorld(t, "resume")
	ids := w.closed(120)
	w.srv.Fault(func(req fetchtest.Request, rw http.ResponseWriter) bool {
		if req.N == 1 {
			return false
		}
		conn, _, err := rw.(http.Hijacker).Hijack()
		if err == nil {
			conn.Close()
		}
		return true
	})
	_, rep := w.run(ids, Options{})
	var ce *CallError
	if !errors.As(rep.Stopped, &ce) || ce.Status != 0 || len(rep.Written) != 50 || len(rep.Remaining) != 70 {
		t.Fatalf("%+v\n%s", rep, w.log.String())
	}
	if w.stateCalls() != 5 {
		t.Errorf("state records %d calls, want 5 (1 + 4 attempts)", w.stateCalls())
	}
	first := w.srv.Requests()[0].IDs
	w.srv.Fault(nil)
	p, rep := w.run(ids, Options{})
	if !rep.OK() || p.Calls != 2 || p.Held[Closed] != 50 || len(rep.Written) != 70 {
		t.Fatalf("resumed: %+v", rep)
	}
	var again []string
	for _, r := range w.srv.Requests()[5:] {
		again = append(again, r.IDs...)
	}
	for _, id := range first {
		if contains(again, id) {
			t.Errorf("proof %s read again", id)
		}
	}
	if len(again) != 70 {
		t.Errorf("resumed run asked for %d ids, want 70", len(again))
	}
	w.noTemp()
}

// cancelAfter cancels a context when the progress shows the first call.
type cancelAfter struct {
	buf    *bytes.Buffer
	cancel context.CancelFunc
}

func (c cancelAfter) Write(p []byte) (int, error) {
	if bytes.HasPrefix(p, []byte("[1] ")) {
		c.cancel()
	}
	return c.buf.Write(p)
}

// TestCancel: an interrupted run (the context cancelled) keeps what it
// wrote and leaves no temporary file.
func TestCancel(t *testing.T) {
	w := newWorld(t, "cancel")
	ids := w.closed(120)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	p := w.plan(ids, Options{})
	c := w.client()
	c.Progress = cancelAfter{&w.log, cancel}
	rep, err := c.Run(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	if !errors.Is(rep.Stopped, context.Canceled) || len(rep.Written) != 50 || len(rep.Remaining) != 70 || w.srv.Calls() != 1 {
		t.Fatalf("%+v", rep)
	}
	w.noTemp()
}
