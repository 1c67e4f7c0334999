// Package fuzztest is test support for fuzz targets whose inputs are
// kilobytes long: DER timestamp tokens (scorer/anchor/rfc3161) and Rekor
// entries (scorer/anchor/rekor).
//
// Go's fuzzing engine minimizes every input that finds new coverage before
// it fuzzes on, for -fuzzminimizetime (default 60s) per input. Its
// minimizer (internal/fuzz, minimizeBytes) tries removing every subrange
// of the input, about n²/2 runs of the fuzz function for n bytes (millions
// for a token of a few kilobytes), so each of the inputs found in the
// first milliseconds holds a worker for the whole minute, and those runs
// are not counted in the "execs" the engine prints (golang/go#48820 and
// #51484 report the engine stuck at "0/sec" so).
package fuzztest

import (
	"flag"
	"testing"
)

// MinimizeBudget is what BoundMinimization gives the minimizer: a number
// of runs of the fuzz function per input.
const MinimizeBudget = "1000x"

// BoundMinimization sets -test.fuzzminimizetime to MinimizeBudget unless
// the command line set it. Call it in the fuzz target before f.Fuzz: the
// engine reads the flag there. A crash found while fuzzing is then reported
// as minimized as MinimizeBudget runs could make it; to minimize further,
// re-run with -fuzzminimizetime=60s.
func BoundMinimization(f *testing.F) {
	f.Helper()
	set := false
	flag.Visit(func(fl *flag.Flag) { set = set || fl.Name == "test.fuzzminimizetime" })
	if set {
		return
	}
	if err := flag.Set("test.fuzzminimizetime", MinimizeBudget); err != nil {
		f.Fatalf("fuzztest: setting -test.fuzzminimizetime: %v", err)
	}
}
