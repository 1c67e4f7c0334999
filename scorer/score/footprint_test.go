package score

import (
	"reflect"
	"testing"
	"unsafe"

	"github.com/ark-forge/proveit/scorer/season"
	"github.com/ark-forge/proveit/scorer/submission"
)

// mustRead reads and parses a submission file of a loaded season; nil when
// it does not parse.
func mustRead(t testing.TB, sf *season.SubmissionFile) *submission.Submission {
	t.Helper()
	if sf == nil {
		t.Fatal("no such submission")
	}
	p, err := sf.Read()
	if err != nil {
		t.Fatal(err)
	}
	return p.Submission
}

// An AssertionResult is the submission's assertion, not a copy of it: a
// copy would hold each assertion twice while its participant is scored and
// its report written. The submission is read when its participant is scored
// (season.SubmissionFile.Read): a task's assertions are pointers to the
// consecutive elements of one slice, in order, equal to what another read
// of the file gives, and an AssertionResult adds no copied field. With no
// parse left in the season to compare with, a copy of the whole slice made
// by the scorer would pass this test (it held each assertion twice only
// while its participant is scored).
func TestResultsShareAssertions(t *testing.T) {
	s, m := loadDemo(t)
	sc := New(s, m)
	n := 0
	for _, tr := range s.Tracks {
		res := scoreReports(t, sc, tr)
		for _, p := range res.Reports {
			for _, task := range p.TaskReports {
				sf := tr.Submission(p.Participant.Slug, task.TaskID)
				if len(task.Assertions) == 0 {
					continue
				}
				sub := mustRead(t, sf)
				if sub == nil || len(task.Assertions) > len(sub.Assertions) {
					t.Fatalf("%s %s: %d assertions scored, the file has %v", p.Participant.Slug, task.TaskID, len(task.Assertions), sub)
				}
				first := task.Assertions[0].Assertion
				for i := range task.Assertions {
					n++
					own := (*submission.Assertion)(unsafe.Add(unsafe.Pointer(first), uintptr(i)*unsafe.Sizeof(*first)))
					if task.Assertions[i].Assertion != own || !reflect.DeepEqual(*own, sub.Assertions[i]) {
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
