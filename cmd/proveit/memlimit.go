package main

import (
	"fmt"
	"math"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
)

// defaultMemoryLimit is the soft memory limit a build sets when neither
// --memory-limit nor GOMEMLIMIT gives one. The collector lets the heap
// grow to twice what is live (GOGC=100), which, at the largest seasons
// measured, goes past the project's memory bound (docs/benchmarks.md).
// Under this limit the collector runs more often near the live heap's
// peak instead; a build whose live heap stays under half the limit
// collects as it would without one.
const defaultMemoryLimit = 768 << 20

// memoryLimitUsage is the usage line of build's and check's
// --memory-limit.
const memoryLimitUsage = "the soft memory limit, as `SIZE` (a number of bytes, with B, KiB, MiB, GiB or TiB after it) or off (default: GOMEMLIMIT if set, else 768MiB)"

// setMemoryLimit is debug.SetMemoryLimit, replaced by tests to see what a
// build asks for.
var setMemoryLimit = debug.SetMemoryLimit

// parseMemoryLimit reads a size as GOMEMLIMIT writes it (runtime/debug): a
// decimal count of bytes with an optional unit, B, KiB, MiB, GiB or TiB, or
// « off » for no limit (math.MaxInt64, which is what the runtime means by
// it).
func parseMemoryLimit(s string) (int64, error) {
	if s == "off" {
		return math.MaxInt64, nil
	}
	digits := strings.TrimRight(s, "BKMGTi")
	unit := s[len(digits):]
	shift := map[string]uint{"": 0, "B": 0, "KiB": 10, "MiB": 20, "GiB": 30, "TiB": 40}
	sh, ok := shift[unit]
	if !ok || digits == "" || strings.TrimLeft(digits, "0123456789") != "" {
		return 0, fmt.Errorf("%q is not a size (a number of bytes, with B, KiB, MiB, GiB or TiB after it, or off)", s)
	}
	n, err := strconv.ParseInt(digits, 10, 64)
	if err != nil || n > math.MaxInt64>>sh {
		return 0, fmt.Errorf("%q is too large a size", s)
	}
	if n == 0 {
		// A limit of nothing makes the collector run without end; « no
		// limit » is spelt off.
		return 0, fmt.Errorf("%q: a limit of 0 would collect without end (off sets none)", s)
	}
	return n << sh, nil
}

// applyMemoryLimit sets the build's soft memory limit: flag's value when
// given (it overrides GOMEMLIMIT), none of its own when GOMEMLIMIT is set
// (the runtime has applied it), defaultMemoryLimit otherwise. It returns
// the function that restores the limit in force before, for a build run
// within a longer process (the tests).
func applyMemoryLimit(flag string) (restore func(), err error) {
	var limit int64
	switch {
	case flag != "":
		if limit, err = parseMemoryLimit(flag); err != nil {
			return nil, fmt.Errorf("--memory-limit: %w", err)
		}
	case os.Getenv("GOMEMLIMIT") != "":
		return func() {}, nil
	default:
		limit = defaultMemoryLimit
	}
	prev := setMemoryLimit(limit)
	return func() { setMemoryLimit(prev) }, nil
}
