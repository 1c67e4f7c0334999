package templates

import (
	"bytes"

	"github.com/ark-forge/proveit/scorer/score"
)

// Page is one rendered page: its slash-separated path in the site, its
// bytes and its language tag ("fr", "en").
type Page struct {
	Name string
	HTML []byte
	Lang string
}

// handReports is the report of every participant result builds, by the
// result its track keeps: a track keeps no report (score.TrackResult), and
// the tests render a hand-built site's reports with its other pages.
var handReports = map[*score.ParticipantResult]*score.ParticipantReport{}

// reportsOf gives the reports of site's scored tracks, for siteJobs: those
// of handReports, in the order of each track's participants.
func reportsOf(site Site) func(season, track int) []*score.ParticipantReport {
	return func(season, track int) []*score.ParticipantReport {
		var out []*score.ParticipantReport
		for _, s := range site.Seasons {
			if s.Number != season {
				continue
			}
			for _, p := range s.Tracks[track].Result.Participants {
				if rep := handReports[p]; rep != nil {
					out = append(out, rep)
				}
			}
		}
		return out
	}
}

// Render renders every page of site as the build publishes them, in the
// French edition then the English one: Jobs' pages, each edition's
// followed by its reports (handReports). On an error it returns no page.
func Render(site Site) ([]Page, error) {
	en, err := newEnglish()
	if err != nil {
		return nil, err
	}
	var out []Page
	for _, r := range []*renderer{french, en} {
		pages, err := r.render(site)
		if err != nil {
			return nil, err
		}
		out = append(out, pages...)
	}
	return out, nil
}

// render renders every page of site in r's edition, its reports included.
func (r *renderer) render(site Site) ([]Page, error) {
	jobs, err := r.siteJobs(site, reportsOf(site))
	if err != nil {
		return nil, err
	}
	out := make([]Page, 0, len(jobs))
	for _, j := range jobs {
		var b bytes.Buffer
		if err := j.RenderTo(&b); err != nil {
			return nil, err
		}
		out = append(out, Page{Name: j.Name, HTML: b.Bytes(), Lang: j.Lang})
	}
	return out, nil
}
