package score

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/ark-forge/proveit/scorer/publication"
	"github.com/ark-forge/proveit/scorer/version"
)

// Snapshot returns the publication snapshot of the track (README, « Publishing and contesting »):
// every participant's counts and rates as fractions "n/d", every task's
// status and every assertion's status and cause, dated publishedAt (never
// the clock).
func (r *TrackResult) Snapshot(publishedAt time.Time) *publication.Snapshot {
	snap := &publication.Snapshot{Season: r.Season, Track: r.Track, PublishedAt: publishedAt.UTC().Format(time.RFC3339), ProveitVersion: version.Proveit,
		Participants: []publication.SnapshotParticipant{}}
	for _, p := range r.Participants {
		sp := publication.SnapshotParticipant{Slug: p.Participant.Slug, Status: p.Status, Tasks: []publication.SnapshotTask{}}
		if p.Status != "pending" {
			// The snapshot's own format, anchored with every publication:
			// counts and "n/d" fractions, the overclaim null without an
			// assertion that counts.
			u, n, s, tr := p.Unsupported, p.Rendered, p.Successes, p.TasksRender
			success := fmt.Sprintf("%d/%d", s, r.Tasks)
			sp.Unsupported, sp.Rendered, sp.Successes, sp.TasksRendered, sp.Success = &u, &n, &s, &tr, &success
			if n > 0 {
				o := fmt.Sprintf("%d/%d", u, n)
				sp.Overclaim = &o
			}
		}
		// What report.json says of each task and assertion, read from
		// what the track keeps of it.
		for _, t := range p.Tasks {
			st := publication.SnapshotTask{TaskID: t.TaskID, Status: string(t.Status), Assertions: []publication.SnapshotAssertion{}}
			for _, a := range t.Causes {
				sa := publication.SnapshotAssertion{ID: a.ID.Value(), Status: AssertionStatus(a.Cause)}
				if a.Cause != "" {
					c := string(a.Cause)
					sa.Cause = &c
				}
				st.Assertions = append(st.Assertions, sa)
			}
			sp.Tasks = append(sp.Tasks, st)
		}
		sort.Slice(sp.Tasks, func(i, j int) bool { return sp.Tasks[i].TaskID < sp.Tasks[j].TaskID })
		snap.Participants = append(snap.Participants, sp)
	}
	sort.Slice(snap.Participants, func(i, j int) bool { return snap.Participants[i].Slug < snap.Participants[j].Slug })
	return snap
}

// Difference is one place where a fresh score differs from the published
// snapshot: a participant's rates or status (Task and Assertion empty), a
// task's status (Assertion empty), or an assertion's status or cause.
type Difference struct {
	Track, Participant, Task, Assertion string
	What                                string // "status", "cause", "rates", "presence"
	Before, After                       string
}

func (d Difference) String() string {
	place := d.Participant
	if d.Task != "" {
		place += " " + d.Task
	}
	if d.Assertion != "" {
		place += " assertion " + d.Assertion
	}
	return fmt.Sprintf("%s: %s, %s: published %s, now %s", d.Track, place, d.What, d.Before, d.After)
}

// Compare lists every difference between the published snapshot and a
// fresh one of the same track, in participant, task and assertion order.
func Compare(published, fresh *publication.Snapshot) []Difference {
	var out []Difference
	track := published.Track
	slugs := map[string]bool{}
	for _, p := range published.Participants {
		slugs[p.Slug] = true
	}
	for _, p := range fresh.Participants {
		slugs[p.Slug] = true
	}
	before, after := published.Index(), fresh.Index()
	for _, slug := range sortedSet(slugs) {
		pb, pa := before[slug], after[slug]
		if pb == nil || pa == nil {
			out = append(out, Difference{Track: track, Participant: slug, What: "presence", Before: present(pb != nil), After: present(pa != nil)})
			continue
		}
		if b, a := rates(pb), rates(pa); b != a {
			out = append(out, Difference{Track: track, Participant: slug, What: "rates", Before: b, After: a})
		}
		tasks := map[string]bool{}
		for _, t := range pb.Tasks {
			tasks[t.TaskID] = true
		}
		for _, t := range pa.Tasks {
			tasks[t.TaskID] = true
		}
		for _, id := range sortedSet(tasks) {
			tb, ta := pb.Task(id), pa.Task(id)
			if tb == nil || ta == nil {
				out = append(out, Difference{Track: track, Participant: slug, Task: id, What: "presence", Before: present(tb != nil), After: present(ta != nil)})
				continue
			}
			if tb.Status != ta.Status {
				out = append(out, Difference{Track: track, Participant: slug, Task: id, What: "status", Before: tb.Status, After: ta.Status})
			}
			var ids []string
			seen := map[string]bool{}
			for _, a := range append(append([]publication.SnapshotAssertion{}, tb.Assertions...), ta.Assertions...) {
				if !seen[a.ID] {
					seen[a.ID] = true
					ids = append(ids, a.ID)
				}
			}
			for _, aid := range ids {
				ab, aa := tb.Assertion(aid), ta.Assertion(aid)
				if ab == nil || aa == nil {
					out = append(out, Difference{Track: track, Participant: slug, Task: id, Assertion: aid, What: "presence", Before: present(ab != nil), After: present(aa != nil)})
					continue
				}
				if ab.Status != aa.Status {
					out = append(out, Difference{Track: track, Participant: slug, Task: id, Assertion: aid, What: "status", Before: ab.Status, After: aa.Status})
				}
				if b, a := causeText(ab.Cause), causeText(aa.Cause); b != a {
					out = append(out, Difference{Track: track, Participant: slug, Task: id, Assertion: aid, What: "cause", Before: b, After: a})
				}
			}
		}
	}
	return out
}

func sortedSet(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func present(ok bool) string {
	if ok {
		return "present"
	}
	return "absent"
}

func causeText(c *string) string {
	if c == nil {
		return "none"
	}
	return *c
}

func rates(p *publication.SnapshotParticipant) string {
	i := func(v *int) string {
		if v == nil {
			return "null"
		}
		return fmt.Sprint(*v)
	}
	s := func(v *string) string {
		if v == nil {
			return "null"
		}
		return *v
	}
	return strings.Join([]string{"status " + p.Status, "overclaim " + s(p.Overclaim), "success " + s(p.Success), "unsupported " + i(p.Unsupported),
		"rendered " + i(p.Rendered), "successes " + i(p.Successes), "tasks_rendered " + i(p.TasksRendered)}, ", ")
}
