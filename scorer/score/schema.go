package score

import "embed"

// Schemas are the JSON Schemas (draft 2020-12) of results.json and
// report.json, published on the site under schemas/ so that a script
// reading the Index knows the shape it reads; a test validates every JSON
// the build writes against them.
//
//go:embed schema/*.schema.json
var Schemas embed.FS
