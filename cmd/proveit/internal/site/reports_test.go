package site

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ark-forge/proveit/internal/sitepath"
	"github.com/ark-forge/proveit/scorer/score"
	"github.com/ark-forge/proveit/templates"
)

// TestReportsWrittenWithTheirTrack: the build writes each participant's
// report.json and report pages, in both editions, while its track is
// scored (siteOf, before any other page is planned), and templates.Jobs
// plans every other page and no report: what the track keeps
// (score.TrackResult) holds nothing a report alone shows. On the fixtures,
// the season with a corrections register and the demo.
func TestReportsWrittenWithTheirTrack(t *testing.T) {
	for _, root := range []string{writeSeasons(t, false), registerSeason(t), "../../../../seasons"} {
		tree := Tree{}
		rs := &streamReports{}
		site, _, err := siteOf(root, tree, Options{}, rs)
		if err != nil {
			t.Fatal(err)
		}
		if len(rs.violations) > 0 {
			t.Fatalf("%s: %d violations", root, len(rs.violations))
		}
		jobs, err := templates.Jobs(site)
		if err != nil {
			t.Fatal(err)
		}
		planned := map[string]bool{}
		for _, j := range jobs {
			planned[j.Name] = true
		}
		reports := 0
		for _, s := range site.Seasons {
			for _, tr := range s.Tracks {
				if !tr.Scored {
					continue
				}
				for _, p := range tr.Result.Participants {
					dir := fmt.Sprintf("saison-%d/%s/", s.Number, tr.Name)
					if name := sitepath.ReportJSON(s.Number, tr.Name, p.Participant.Slug).String(); tree[name] == nil {
						t.Errorf("%s not written with its track", name)
					}
					for _, ed := range []string{"", "en/"} {
						name := ed + dir + "participants/" + p.Participant.Slug + "/index.html"
						reports++
						if _, ok := tree[name]; !ok {
							t.Errorf("%s not written with its track", name)
						}
						if planned[name] {
							t.Errorf("%s planned again by templates.Jobs", name)
						}
					}
				}
			}
		}
		if reports == 0 {
			t.Fatalf("%s: no report written", root)
		}
		for name := range planned {
			if _, ok := tree[name]; ok {
				t.Errorf("%s: templates.Jobs plans a page the build has written already", name)
			}
			if strings.Contains(name, "/participants/") && strings.HasSuffix(name, "/index.html") {
				t.Errorf("%s: templates.Jobs plans a report", name)
			}
		}
	}
}

// siteWithReports builds the site of root into a Tree as the build does,
// and returns what its pages other than the reports show and every
// participant's report, by season number and track index, in the
// participants' order (templates.JobsWith reads them so).
func siteWithReports(t testing.TB, root string) (templates.Site, func(season, track int) []*score.ParticipantReport) {
	t.Helper()
	var mu sync.Mutex
	reports := map[[2]int][]*score.ParticipantReport{}
	rs := &streamReports{rendered: func(season, track int, p *score.ParticipantReport) {
		mu.Lock()
		defer mu.Unlock()
		reports[[2]int{season, track}] = append(reports[[2]int{season, track}], p)
	}}
	site, _, err := siteOf(root, Tree{}, Options{}, rs)
	if err != nil {
		t.Fatal(err)
	}
	for _, ps := range reports {
		slices.SortFunc(ps, func(a, b *score.ParticipantReport) int {
			return strings.Compare(a.Participant.Slug, b.Participant.Slug)
		})
	}
	return site, func(season, track int) []*score.ParticipantReport { return reports[[2]int{season, track}] }
}

// renderJob renders j's page into a new buffer.
func renderJob(j templates.Job) ([]byte, error) {
	var b bytes.Buffer
	err := j.RenderTo(&b)
	return b.Bytes(), err
}
