package anchor

import "fmt"

// Failure is the first check of an anchor that failed, with what it
// compared. Check is a stable dotted code ("rfc3161.eku",
// "rekor.checkpoint.origin", ...) that reports and tests rely on; Detail
// names the values compared (hashes, times, names), for a reader.
type Failure struct {
	Check  string
	Detail string
}

func (f *Failure) Error() string { return f.Check + ": " + f.Detail }

// Failf returns a Failure for check, its detail formatted as fmt.Sprintf.
func Failf(check, format string, args ...any) *Failure {
	return &Failure{Check: check, Detail: fmt.Sprintf(format, args...)}
}
