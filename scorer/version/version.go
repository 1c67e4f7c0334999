// Package version names this proveit. Every output it builds says which
// proveit built it, so that a result can be traced to the code that scored
// it; the name is a constant, never read from git or the clock, so the same
// code gives the same bytes on any machine.
package version

// Proveit is the version of this proveit, changed with every change that
// can change a published byte.
const Proveit = "0.5.0"
