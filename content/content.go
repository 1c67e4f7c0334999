// Package content holds the Markdown pages of the Index (the method, the
// limits of §10, how to verify a score yourself, the proof model), embedded
// so that a build reads nothing outside the repository. The French pages,
// the reference, are the files of this directory; the English edition's
// are the files of the same names under en/, translated: the same
// commands, hashes and paths, the same vocabulary (« claims non étayés »
// are "unsupported claims").
package content

import (
	"embed"
	"io/fs"
)

// Pages holds the Markdown sources, one page per file.
//
//go:embed *.md
var Pages embed.FS

//go:embed en/*.md
var english embed.FS

// English holds the English edition's Markdown sources, the same file
// names as Pages.
var English = must(fs.Sub(english, "en"))

func must(f fs.FS, err error) fs.FS {
	if err != nil {
		panic(err)
	}
	return f
}
