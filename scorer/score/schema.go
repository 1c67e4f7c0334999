package score

import "embed"

// Schemas are the JSON Schemas (draft 2020-12) of results.json,
// report.json and the site's index.json, published on the site under
// schemas/ so that a script reading the Index knows the shape it reads; a
// test validates every JSON the build writes against them.
//
//go:embed schema/*.schema.json
var Schemas embed.FS

// SchemaNames are the files of Schemas, under schema/, in the order the
// site lists them.
var SchemaNames = []string{"index.schema.json", "results.schema.json", "report.schema.json"}
