package main

import (
	"fmt"
	"path/filepath"
	"strconv"

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
	trackName := fs.String("track", "", "the track, one of those season.toml declares")
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
		return fail("season %d has no track %q (it declares %v)", s.Number, *trackName, s.TrackNames)
	}
	material, err := trust.Load(s.Path("trust"))
	if err != nil {
		return fail("%v", err)
	}
	tr, err := score.New(s, material).Explain(t, *slug, *taskID)
	if err != nil {
		return fail("%v", err)
	}
	p := s.Participant(*slug)
	fmt.Fprintf(e.stdout, "season %d, track %s (%s), participant %s (%s, %s), task %s\n", s.Number, t.Name, t.Bareme, p.Slug, p.Agent, p.DID, tr.TaskID)
	if err := tr.WriteTrail(e.stdout); err != nil {
		return fail("%v", err)
	}
	return 0
}
