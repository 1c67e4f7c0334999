// Package content holds the Markdown pages of the Index (the method, the
// limits of §10, how to verify a score yourself, the proof model), embedded
// so that a build reads nothing outside the repository.
package content

import "embed"

// Pages holds the Markdown sources, one page per file.
//
//go:embed *.md
var Pages embed.FS
