package fetch

import (
	"errors"
	"fmt"
	"os"
	"testing"
	"time"
)

// TestDryPlan: planning makes no call and writes nothing, and says how
// long the limit makes the calls take.
func TestDryPlan(t *testing.T) {
	w := newWorld(t, "dry")
	ids := w.closed(5)
	var many []string
	for i := range 5100 {
		many = append(many, fmt.Sprintf("prf_20260925_%06d_abcdef", i))
	}
	p := w.plan(append(many, ids...), Options{})
	if w.srv.Calls() != 0 || p.Calls != 103 || p.Left != 100 {
		t.Fatalf("plan: %d calls, %d left, server %d", p.Calls, p.Left, w.srv.Calls())
	}
	if want := w.clock.Now().Add(time.Hour); !p.Last().Equal(want) {
		t.Errorf("last call at %v, want %v", p.Last(), want)
	}
	if _, err := os.Stat(w.dir); !errors.Is(err, os.ErrNotExist) {
		t.Error("planning created the proofs directory")
	}
	if _, err := w.client().Plan(w.dir, []string{"../x"}, Options{}); err == nil {
		t.Error("a bad id planned")
	}
}
