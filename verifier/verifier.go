// Package verifier holds proveit_verify.py, the reader's verifier: a
// second, independent implementation of the scorer in Python alone, which
// the build publishes at the root of every site (sitepath.Verifier) so
// that a copy of the site carries what re-checks it. See the script's
// --help for what it checks and what it does not.
package verifier

import _ "embed"

// Script is the text of proveit_verify.py, as the site publishes it.
//
//go:embed proveit_verify.py
var Script []byte
