package main

import (
	"fmt"
	"path/filepath"
	"strconv"
	"time"

	"github.com/ark-forge/proveit/cmd/proveit/internal/site"
)

func runPublish(e *env, args []string) int {
	fs := newFlags("publish", "--season DIR|N [--seasons DIR] [--published-at RFC3339]", `
Publish scores every track of a closed season and writes its publication
snapshot, DIR/published/<track>.json: for every participant the rates, every
task's status and every assertion's status and cause, with published_at (the
flag, or the season's closes_at; never the clock) and proveit_version. It is
run once, at close, by the maintainers: it refuses an open season and never
overwrites a snapshot. It then writes DIR/published/SHA256SUMS (every file of
the season but season.toml, moderation.toml, contestations/ and
rectifications/) and prints the call the maintainers anchor through the Trust
Layer on the challenge's key: its target, method, payload (the SHA-256 of
SHA256SUMS and of every snapshot) and the payload's SHA-256. Recorded in
season.toml as [publication], it is verified by every build like a freeze.
Every later build compares its fresh score with the snapshot, and each
difference must be covered by a contestation or a rectification (README,
« Publishing and contesting »).`, e.stderr)
	dir := fs.String("season", "", "the season directory, or its number under --seasons")
	seasons := fs.String("seasons", "seasons", "the directory holding one directory per season")
	at := fs.String("published-at", "", "the publication date-time, RFC 3339 (default: the season's closes_at)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return exitFor(err)
	}
	if len(pos) != 0 || *dir == "" {
		fs.Usage()
		return 2
	}
	if _, err := strconv.Atoi(*dir); err == nil {
		*dir = filepath.Join(*seasons, *dir)
	}
	var t time.Time
	if *at != "" {
		if t, err = time.Parse(time.RFC3339, *at); err != nil {
			fmt.Fprintf(e.stderr, "proveit publish: --published-at: got %q, want an RFC 3339 date-time such as 2026-11-01T10:00:00Z\n", *at)
			return 2
		}
	}
	files, err := site.Publish(*dir, t)
	if err != nil {
		fmt.Fprintf(e.stderr, "proveit publish: %v\n", err)
		return 1
	}
	for _, f := range files {
		fmt.Fprintf(e.stdout, "proveit publish: wrote %s\n", f)
	}
	call, err := site.PublicationCall(*dir)
	if err != nil {
		fmt.Fprintf(e.stderr, "proveit publish: %v\n", err)
		return 1
	}
	fmt.Fprintf(e.stdout, "proveit publish: anchor this call through the Trust Layer on the challenge's key, then record it in season.toml as [publication] (proof_id, target, method, payload, request_hash, response_hash), as a freeze is recorded:\n%s", call)
	return 0
}
