package site

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/scorer/score"
	"github.com/ark-forge/proveit/templates"
)

// rendered renders every job, by name, keeping their order.
func rendered(t *testing.T, jobs []templates.Job) ([]string, map[string][]byte) {
	t.Helper()
	var names []string
	pages := map[string][]byte{}
	for _, j := range jobs {
		b, err := j.Render()
		if err != nil {
			t.Fatalf("%s: %v", j.Name, err)
		}
		if _, dup := pages[j.Name]; dup {
			t.Fatalf("%s planned twice", j.Name)
		}
		names = append(names, j.Name)
		pages[j.Name] = b
	}
	return names, pages
}

// TestReportsApartSameSite: the reports of a track planned apart
// (templates.ReportJobs, which is templates.Reports over every participant,
// the plan the build uses one participant at a time), then the detail only
// they show released (score.TrackResult.ReleaseDetail), and the rest of the
// site planned from what is left. On the fixtures, the demo and the season
// with a corrections register: the reports planned apart are exactly those
// templates.Jobs plans from the whole results, in its order, in both
// editions, with the same bytes; and every other page rendered after the
// release has the bytes it has from the whole results. Jobs refuses a
// released track whose reports were not planned apart; ReportJobs refuses a
// released track, an unscored one and an index out of range. The build's
// own path, participant by participant, is TestStreamedSameSite's.
func TestReportsApartSameSite(t *testing.T) {
	for _, root := range []string{writeSeasons(t, false), registerSeason(t), "../../../../seasons"} {
		site, _, err := siteOf(root, Tree{}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		all, err := templates.Jobs(site)
		if err != nil {
			t.Fatal(err)
		}
		names, whole := rendered(t, all)
		apart := map[string]bool{}
		tracks := 0
		for i := range site.Seasons {
			s := &site.Seasons[i]
			for j := range s.Tracks {
				tr := &s.Tracks[j]
				if !tr.Scored {
					if _, err := templates.ReportJobs(site, *s, j); err == nil {
						t.Errorf("season %d: ReportJobs of the unscored track %s gave no error", s.Number, tr.Name)
					}
					continue
				}
				tracks++
				jobs, err := templates.ReportJobs(site, *s, j)
				if err != nil {
					t.Fatal(err)
				}
				got, pages := rendered(t, jobs)
				// Jobs' own reports of the track, in its order.
				var want []string
				for _, name := range names {
					base := strings.TrimPrefix(name, "en/")
					if rest, ok := strings.CutPrefix(base, fmt.Sprintf("saison-%d/%s/participants/", s.Number, tr.Name)); ok && strings.Count(rest, "/") == 1 && strings.HasSuffix(rest, "/index.html") {
						want = append(want, name)
					}
				}
				if len(want) == 0 || strings.Join(got, "\n") != strings.Join(want, "\n") {
					t.Fatalf("season %d, %s: ReportJobs plans %d pages %v, Jobs %d %v", s.Number, tr.Name, len(got), got, len(want), want)
				}
				for _, name := range got {
					if !bytes.Equal(pages[name], whole[name]) {
						t.Errorf("%s: the report planned apart differs from Jobs'", name)
					}
					apart[name] = true
				}
				tr.Result.ReleaseDetail()
				if _, err := templates.Jobs(site); err == nil {
					t.Errorf("season %d, %s: Jobs of a released track whose reports were not planned apart gave no error", s.Number, tr.Name)
				}
				if _, err := templates.ReportJobs(site, *s, j); err == nil {
					t.Errorf("season %d, %s: ReportJobs of a released track gave no error", s.Number, tr.Name)
				}
				tr.ReportsApart = true
			}
			if _, err := templates.ReportJobs(site, *s, len(s.Tracks)); err == nil {
				t.Errorf("season %d: ReportJobs of track %d of %d gave no error", s.Number, len(s.Tracks), len(s.Tracks))
			}
		}
		if tracks == 0 {
			t.Fatalf("%s: no scored track", root)
		}
		rest, err := templates.Jobs(site)
		if err != nil {
			t.Fatal(err)
		}
		restNames, after := rendered(t, rest)
		var want []string
		for _, name := range names {
			if !apart[name] {
				want = append(want, name)
			}
		}
		if strings.Join(restNames, "\n") != strings.Join(want, "\n") {
			t.Fatalf("%s: after the release, Jobs plans %d pages, want the %d that are not reports", root, len(restNames), len(want))
		}
		for _, name := range restNames {
			if !bytes.Equal(after[name], whole[name]) {
				t.Errorf("%s: rendered from released results, the page differs from the one rendered from whole results", name)
			}
		}
	}
}

// TestBuildReleasesDetail: the build's sites (RunTo's path) render each
// participant's report as soon as it is scored and release the detail only
// it shows: when a track's participants are all written, each is released
// and the track is not yet (its results.json is written after); at the end
// every scored track of every season is released with its reports planned
// apart, and every report page is written, in both editions.
func TestBuildReleasesDetail(t *testing.T) {
	for _, root := range []string{writeSeasons(t, false), "../../../../seasons"} {
		tree := Tree{}
		streamed := 0
		reports := &streamReports{streamed: func(res *score.TrackResult) {
			streamed++
			if res.Released() {
				t.Errorf("%s released before its results are written", res.Track)
			}
			for _, p := range res.Participants {
				if !p.Released() {
					t.Errorf("%s: %s's report written, its detail not released", res.Track, p.Participant.Slug)
				}
			}
		}}
		site, _, err := siteWith(root, tree, Options{}, reports)
		if err != nil {
			t.Fatal(err)
		}
		if len(reports.violations) > 0 {
			t.Fatalf("%s: %d violations", root, len(reports.violations))
		}
		tracks := 0
		for _, s := range site.Seasons {
			for _, tr := range s.Tracks {
				if !tr.Scored {
					continue
				}
				tracks++
				if !tr.Result.Released() || !tr.ReportsApart {
					t.Errorf("season %d, %s: released %v, reports apart %v; want both", s.Number, tr.Name, tr.Result.Released(), tr.ReportsApart)
				}
				for _, p := range tr.Result.Participants {
					for _, ed := range []string{"", "en/"} {
						name := fmt.Sprintf("%ssaison-%d/%s/participants/%s/index.html", ed, s.Number, tr.Name, p.Participant.Slug)
						if _, ok := tree[name]; !ok {
							t.Errorf("%s not written with its track", name)
						}
					}
				}
			}
		}
		if tracks == 0 || streamed != tracks {
			t.Fatalf("%s: %d scored tracks, %d streamed", root, tracks, streamed)
		}
	}
}

// TestStreamedSameSite: the build scores each track participant by
// participant, renders each one's report.json and report pages as soon as
// it is scored, with its own history of decisions, and releases their
// detail (RunTo); every file it writes has the bytes of a build that holds
// every result whole and renders every page from them after (siteOf, then
// templates.Jobs). On the fixtures, the season with a corrections register
// (whose reports show a history of decisions) and the demo.
func TestStreamedSameSite(t *testing.T) {
	for i, root := range []string{writeSeasons(t, false), registerSeason(t), "../../../../seasons"} {
		whole := Tree{}
		site, _, err := siteOf(root, whole, Options{})
		if err != nil {
			t.Fatal(err)
		}
		jobs, err := templates.Jobs(site)
		if err != nil {
			t.Fatal(err)
		}
		histories := 0
		for _, view := range site.Seasons {
			if view.Corrections != nil && view.Closed {
				jobs = append(jobs, templates.FeedJob(view))
			}
			for _, tr := range view.Tracks {
				histories += len(tr.History)
			}
		}
		if i == 1 && histories == 0 {
			t.Fatalf("%s: no history of decisions to stream", root)
		}
		v, err := renderPages(whole, jobs, Options{}, "pages")
		if err != nil || len(v) > 0 {
			t.Fatalf("%s: %v, %d violations", root, err, len(v))
		}
		if err := whole.Add(sumsFile, whole.Sums()); err != nil {
			t.Fatal(err)
		}
		streamed := Tree{}
		if _, err := RunTo(root, streamed, Options{Workers: 3}); err != nil {
			t.Fatal(err)
		}
		if len(streamed) != len(whole) {
			t.Errorf("%s: %d files streamed, %d whole", root, len(streamed), len(whole))
		}
		for name, data := range whole {
			if !bytes.Equal(streamed[name], data) {
				t.Errorf("%s: %s differs when the reports are streamed", root, name)
			}
		}
	}
}
