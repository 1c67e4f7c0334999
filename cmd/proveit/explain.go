package main

import (
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/score"
	"github.com/ark-forge/proveit/scorer/season"
	"github.com/ark-forge/proveit/scorer/trust"
)

func runExplain(e *env, args []string) int {
	fs := newFlags("explain", "--season N --track T --participant SLUG --task ID [--seasons DIR]", `
Explain prints one submission's whole trail, check by check, with the values
compared: the entry rules, the close rules, then every assertion and every
proof it cites (each verification check), the cause of each assertion, and the
task's status, verdict, founded facts and incidents. --season is a season
number under --seasons, or a season directory.`, e.stderr)
	seasonArg := fs.String("season", "", "the season number (or directory)")
	seasons := fs.String("seasons", "seasons", "the directory holding one directory per season")
	trackName := fs.String("track", "", "conformite or generique")
	slug := fs.String("participant", "", "the participant's slug")
	taskID := fs.String("task", "", "the task id, e.g. conf-03")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return exitFor(err)
	}
	if len(pos) != 0 || *seasonArg == "" || *trackName == "" || *slug == "" || *taskID == "" {
		fs.Usage()
		return 2
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(e.stderr, "proveit explain: "+format+"\n", a...)
		return 1
	}
	dir := *seasonArg
	if _, err := strconv.Atoi(dir); err == nil {
		dir = filepath.Join(*seasons, dir)
	}
	s, err := season.Load(dir)
	if err != nil {
		return fail("%v", err)
	}
	t := s.Track(*trackName)
	if t == nil {
		return fail("season %d has no track %q", s.Number, *trackName)
	}
	p := s.Participant(*slug)
	if p == nil {
		return fail("season %d has no participant %q", s.Number, *slug)
	}
	if t.Task(*taskID) == nil {
		return fail("track %s has no task %q", t.Name, *taskID)
	}
	material, err := trust.Load(s.Path("trust"))
	if err != nil {
		return fail("%v", err)
	}
	res, err := score.New(s, material).Track(t)
	if err != nil {
		return fail("%v", err)
	}
	var tr *score.TaskResult
	for _, pr := range res.Participants {
		if pr.Participant.Slug == p.Slug {
			for _, x := range pr.Tasks {
				if x.TaskID == *taskID {
					tr = x
				}
			}
		}
	}
	w := e.stdout
	fmt.Fprintf(w, "season %d, track %s (%s), participant %s (%s, %s), task %s\n", s.Number, t.Name, t.Bareme, p.Slug, p.Agent, p.DID, tr.TaskID)
	if tr.File != "" {
		fmt.Fprintf(w, "file: %s\n", tr.File)
	}
	for _, line := range tr.Trail {
		fmt.Fprintln(w, line)
	}
	for _, a := range tr.Assertions {
		fmt.Fprintf(w, "assertion %s: %s at %s = %s, proofs %v\n", a.ID, a.Resource, a.Field, pyjson.Canonical(a.Value), a.ProofIDs)
		for _, pr := range a.Proofs {
			fmt.Fprintf(w, "  proof %s:\n", pr.ProofID)
			for _, c := range pr.Checks {
				fmt.Fprintf(w, "    %-8s %-22s %s\n", c.Result, c.Name, c.Detail)
			}
			fmt.Fprintf(w, "    -> %s", pr.Cause)
			if pr.Detail != "" {
				fmt.Fprintf(w, ": %s", pr.Detail)
			}
			fmt.Fprintln(w)
		}
		if a.Cause == "" {
			fmt.Fprintf(w, "  not evaluated: the submission was rejected before\n")
			continue
		}
		fmt.Fprintf(w, "  => %s (%s): %s\n", score.AssertionStatus(a.Cause), a.Cause, a.Detail)
	}
	fmt.Fprintf(w, "status: %s", tr.Status)
	if tr.Reason != "" {
		fmt.Fprintf(w, ": %s", tr.Reason)
	}
	fmt.Fprintln(w)
	if tr.Status == score.Scored {
		fmt.Fprintf(w, "verdict %q, expected %q: exact %v, founded %v\n", tr.Verdict, tr.ExpectedVerdict, tr.Exact, tr.Founded)
		fmt.Fprintf(w, "assertions counted: %d, unsupported: %d, on own resources: %d\n", tr.Rendered, tr.Unsupported, tr.Own)
		if len(tr.MissingFacts) > 0 {
			fmt.Fprintf(w, "founding facts not carried by a supported assertion: %v\n", tr.MissingFacts)
		}
		fmt.Fprintf(w, "counts in success: %v\n", tr.Success())
	}
	for _, inc := range tr.Incidents {
		fmt.Fprintf(w, "incident (%s): %s\n", inc.Kind, inc.Detail)
	}
	return 0
}
