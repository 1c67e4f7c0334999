// Package publication holds the rules of a season's published record and
// of every later change to it (§8 and §9.2 of the specification;
// docs/publishing.md): the publication snapshots published/<track>.json,
// the list of published files published/SHA256SUMS, the payload the
// maintainers anchor to publish, the register of decisions (a
// participant's contestation, received within ContestWindow and decided
// within DecisionWindow; a maintainers' rectification) and which
// difference from a snapshot a decision covers, and the invalidation of a
// published season.
//
// It reads no file of its own and verifies no proof: package season reads
// a season directory strictly and applies these rules to what it read,
// package score verifies the anchored call and compares a fresh score with
// a snapshot, templates shows the register, and the site pipeline
// (cmd/proveit/internal/site) writes the snapshots and builds the pages.
//
// A rule broken is a *FieldError naming the file, relative to the season
// directory, and the key or JSON pointer inside it; season.Load reports it
// as its own *season.Error.
package publication

import (
	"fmt"
	"strings"
)

// FieldError is a rule of this package broken at one place of a season
// directory.
type FieldError struct {
	File  string // slash-separated, relative to the season directory
	Where string // a TOML key, an RFC 6901 pointer, or "" for the whole file
	Err   error
}

func (e *FieldError) Error() string {
	if e.Where == "" {
		return fmt.Sprintf("%s: %v", e.File, e.Err)
	}
	return fmt.Sprintf("%s: %s: %v", e.File, e.Where, e.Err)
}

func (e *FieldError) Unwrap() error { return e.Err }

func errf(file, where, format string, args ...any) *FieldError {
	return &FieldError{File: file, Where: where, Err: fmt.Errorf(format, args...)}
}

// quote quotes a name or a value for a message, shortened to 80 bytes,
// as package season's errors quote them.
func quote(s string) string {
	const max = 80
	if len(s) > max {
		cut := max
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		return fmt.Sprintf("%q…", s[:cut])
	}
	return fmt.Sprintf("%q", s)
}

// names lists allowed names for a message.
func names(ns ...string) string {
	q := make([]string, len(ns))
	for i, n := range ns {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}
