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
It names the participants' status, rates (overclaim, success, each as its
fraction numerator/denominator) and tasks_scored, each task's status,
verdict, founded and missing facts, each assertion's status and cause, and
the tracks and participants added or removed. The fields that only describe
the build (proveit_version, inputs_digest, ai_act_art50) are a header line
when they differ. Every other path at which a results.json or report.json
differs is a line of its own, "FILE: POINTER: OLD → NEW", by JSON pointer
(RFC 6901), values in compact JSON or "absent": objects compared by key,
arrays by index, numbers by their JSON text (1 and 1.0 differ). The other
files that differ (pages, proof views) are one count line, from the two
SHA256SUMS. Each site's files are checked against its own SHA256SUMS: a file
whose SHA-256 differs, listed but missing, present but unlisted, or not a
regular file, and a site without SHA256SUMS, is a line naming the site and
the path. --json prints the same differences as a JSON array of {season,
track, participant, task, assertion, field, old, new}, with file and pointer
(field "json") or site and file (field "sha256sums"). Diff reads both sites
and writes nothing. It exits 0 when nothing in results or reports differs
and every file matches its SHA256SUMS, 1 otherwise, 2 when an input is
unusable (unreadable, invalid JSON, a malformed SHA256SUMS line or a path
listed twice), naming the file and why.`, e.stderr)
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
