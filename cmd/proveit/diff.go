package main

import (
	"fmt"

	"github.com/ark-forge/proveit/cmd/proveit/internal/diff"
)

func runDiff(e *env, args []string) int {
	fs := newFlags("diff", "OLD NEW [--json]", `
Diff compares two built sites, two public/ directories, and prints for
contesters what changed in results.json and the reports it names: per
season, track, participant, task and assertion, one line each, in that order.
It compares the participants' status and rates (overclaim, success,
tasks_rendered, unsupported, rendered_assertions), each task's status,
verdict, founded and missing facts, each assertion's status and cause, and
the tracks and participants added or removed. The fields that only describe
the build (proveit_version, inputs_digest, ai_act_art50) are a header line
when they differ; the other files that differ (pages, proof views) are one
count line, from the two SHA256SUMS. --json prints the same differences as a
JSON array of {season, track, participant, task, assertion, field, old, new}.
Diff reads both sites and writes nothing. It exits 0 when nothing in results
or reports differs, 1 when something does, 2 when an input cannot be read.`, e.stderr)
	asJSON := fs.Bool("json", false, "print the differences as a JSON array")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return exitFor(err)
	}
	if len(pos) != 2 {
		fs.Usage()
		return 2
	}
	changes, err := diff.Compare(pos[0], pos[1])
	if err != nil {
		fmt.Fprintf(e.stderr, "proveit diff: %v\n", err)
		return 2
	}
	write := diff.WriteText
	if *asJSON {
		write = diff.WriteJSON
	}
	if err := write(e.stdout, changes); err != nil {
		fmt.Fprintf(e.stderr, "proveit diff: %v\n", err)
		return 2
	}
	if diff.Differs(changes) {
		return 1
	}
	return 0
}
