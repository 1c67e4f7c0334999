package score

import (
	"testing"
	"unsafe"
)

// An AssertionResult is the submission's assertion, not a copy of it: a
// season holds every result until its pages are rendered, and every
// submission until it is scored, so a copy would hold each assertion
// twice at the peak.
func TestResultsShareAssertions(t *testing.T) {
	s, m := loadDemo(t)
	sc := New(s, m)
	n := 0
	for _, tr := range s.Tracks {
		res, err := sc.Track(tr)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range res.Participants {
			for _, task := range p.Tasks {
				sf := tr.Submission(p.Participant.Slug, task.TaskID)
				for i := range task.Assertions {
					n++
					if sf == nil || sf.Submission == nil || i >= len(sf.Submission.Assertions) || task.Assertions[i].Assertion != &sf.Submission.Assertions[i] {
						t.Fatalf("%s %s: assertion %d is not the submission's own", p.Participant.Slug, task.TaskID, i)
					}
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("the demo scored no assertion")
	}
	// What the result adds to the assertion: a pointer, the cause, the
	// detail, the proofs and Own, no copied field (72 bytes on 64-bit).
	if size := unsafe.Sizeof(AssertionResult{}); size > 9*unsafe.Sizeof(uintptr(0)) {
		t.Errorf("an AssertionResult is %d bytes, want at most %d: does it copy the assertion again?", size, 9*unsafe.Sizeof(uintptr(0)))
	}
}
