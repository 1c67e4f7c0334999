package site

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/ark-forge/proveit/scorer/score"
)

// Summary is what a build found in every scored track, for the maintainers
// who run it at the close: the count of each task status and each cause,
// the incidents (§4.1: an instrument defect « ouvre un incident »; a Trust
// Layer flat field that differs; a submission the season service should
// have refused) and the participants still pending.
type Summary struct {
	Tracks []TrackSummary
}

// TrackSummary is one scored track.
type TrackSummary struct {
	Season    int
	Track     string
	Statuses  map[score.TaskStatus]int
	Causes    map[score.Cause]int
	Incidents map[string]int // by kind
	Pending   []string       // participants with a pending task, by slug
}

// Pending reports whether any scored track still has a pending participant.
func (s *Summary) Pending() bool {
	for _, t := range s.Tracks {
		if len(t.Pending) > 0 {
			return true
		}
	}
	return false
}

func summarise(res *score.TrackResult) TrackSummary {
	ts := TrackSummary{Season: res.Season, Track: res.Track, Statuses: map[score.TaskStatus]int{}, Causes: map[score.Cause]int{}, Incidents: map[string]int{}}
	for _, p := range res.Participants {
		if p.Status == "pending" {
			ts.Pending = append(ts.Pending, p.Participant.Slug)
		}
		for _, t := range p.Tasks {
			ts.Statuses[t.Status]++
			for _, a := range t.Causes {
				if a.Cause != score.NotEvaluated {
					ts.Causes[a.Cause]++
				}
			}
			for _, inc := range t.Incidents {
				ts.Incidents[inc.Kind]++
			}
		}
	}
	sort.Strings(ts.Pending)
	return ts
}

// Write prints the summary, one line per track and kind, in the order of
// the scorer's tables.
func (s *Summary) Write(w io.Writer) error {
	var b strings.Builder
	for _, t := range s.Tracks {
		fmt.Fprintf(&b, "season %d, track %s:\n", t.Season, t.Track)
		var parts []string
		for _, st := range score.TaskStatuses {
			if n := t.Statuses[st.Code]; n > 0 {
				parts = append(parts, fmt.Sprintf("%s %d", st.Code, n))
			}
		}
		fmt.Fprintf(&b, "  tasks: %s\n", orNone(parts))
		parts = nil
		for _, c := range score.Causes {
			if n := t.Causes[c.Code]; n > 0 {
				parts = append(parts, fmt.Sprintf("%s %d", c.Code, n))
			}
		}
		fmt.Fprintf(&b, "  assertions: %s\n", orNone(parts))
		parts = nil
		for _, k := range score.IncidentKinds {
			if n := t.Incidents[k]; n > 0 {
				parts = append(parts, fmt.Sprintf("%s %d", k, n))
			}
		}
		fmt.Fprintf(&b, "  incidents: %s\n", orNone(parts))
		if len(t.Pending) > 0 {
			fmt.Fprintf(&b, "  pending: %s (no rates published until a build after their batches close)\n", strings.Join(t.Pending, ", "))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func orNone(parts []string) string {
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}
