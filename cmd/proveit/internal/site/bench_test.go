package site

import (
	"strings"
	"testing"

	"github.com/ark-forge/proveit/cmd/proveit/internal/guard"
	"github.com/ark-forge/proveit/templates"
)

// demoJobs returns the jobs of the demo site (seasons/), those whose name
// holds part, and the total size of their pages.
func demoJobs(b *testing.B, part string) ([]templates.Job, int64) {
	b.Helper()
	return demoJobsOf(b, part, func(name string) bool { return strings.Contains(name, part) })
}

// demoJobsOf returns the jobs of the demo site whose name keep accepts,
// and the total size of their pages; what names the kind in a failure.
func demoJobsOf(b *testing.B, what string, keep func(name string) bool) ([]templates.Job, int64) {
	b.Helper()
	site, reports := siteWithReports(b, "../../../../seasons")
	all, err := templates.Jobs(site)
	if err != nil {
		b.Fatal(err)
	}
	for _, s := range site.Seasons {
		for i, tr := range s.Tracks {
			if !tr.Scored {
				continue
			}
			rs, err := templates.NewReports(site, s, i)
			if err != nil {
				b.Fatal(err)
			}
			for _, p := range reports(s.Number, i) {
				all = append(all, rs.Jobs(p, templates.ReportHistory{Assertions: tr.History, Row: tr.RowHistory[p.Participant.Slug]})...)
			}
		}
	}
	var jobs []templates.Job
	var size int64
	for _, j := range all {
		if keep(j.Name) {
			page, err := renderJob(j)
			if err != nil {
				b.Fatal(err)
			}
			jobs = append(jobs, j)
			size += int64(len(page))
		}
	}
	if len(jobs) == 0 {
		b.Fatalf("no page of the demo is %s", what)
	}
	return jobs, size
}

// BenchmarkRenderDemoReports renders every participant report of the demo
// (both editions), the most numerous pages of a site, as the build's
// workers do; b.SetBytes is their total size.
func BenchmarkRenderDemoReports(b *testing.B) {
	jobs, size := demoJobs(b, "/participants/")
	b.SetBytes(size)
	for b.Loop() {
		for _, j := range jobs {
			if _, err := renderJob(j); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// pageKinds sort the demo's pages by kind, as the render step's profile
// does: a participant's report, a task's page, a track's page (its
// table, plot and grid), a participant's page across the season's tracks,
// and every other page (the index, a season, the content pages…). The
// kinds cover every page once.
var pageKinds = []struct {
	name string
	is   func(name string) bool
}{
	{"reports", isReport},
	{"tasks", func(n string) bool { return strings.Contains(n, "/taches/") }},
	{"tracks", isTrack},
	{"participants", func(n string) bool { return strings.Contains(n, "/participants/") && !isReport(n) }},
	{"others", func(n string) bool {
		return !isReport(n) && !isTrack(n) && !strings.Contains(n, "/taches/") && !strings.Contains(n, "/participants/")
	}},
}

// isReport: saison-<n>/<track>/participants/<slug>/index.html, in either
// edition.
func isReport(name string) bool {
	parts := strings.Split(strings.TrimPrefix(name, "en/"), "/")
	return len(parts) == 5 && parts[2] == "participants" && parts[4] == "index.html"
}

// isTrack: saison-<n>/<track>/index.html, in either edition (the dossier
// and the corrections register sit at the same depth).
func isTrack(name string) bool {
	parts := strings.Split(strings.TrimPrefix(name, "en/"), "/")
	return len(parts) == 3 && parts[2] == "index.html" && parts[1] != "dossier" && parts[1] != "corrections"
}

// BenchmarkRenderDemo renders every page of the demo (both editions),
// by kind (pageKinds) and all of them; b.SetBytes is their total size.
func BenchmarkRenderDemo(b *testing.B) {
	all, _ := demoJobsOf(b, "any", func(string) bool { return true })
	for _, j := range all {
		n := 0
		for _, k := range pageKinds {
			if k.is(j.Name) {
				n++
			}
		}
		if n != 1 {
			b.Fatalf("%s is of %d kinds, not one", j.Name, n)
		}
	}
	for _, k := range append(pageKinds, struct {
		name string
		is   func(name string) bool
	}{"all", func(string) bool { return true }}) {
		b.Run(k.name, func(b *testing.B) {
			jobs, size := demoJobsOf(b, k.name, k.is)
			b.SetBytes(size)
			for b.Loop() {
				for _, j := range jobs {
					if _, err := renderJob(j); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkGuardDemoReports runs the publication guard on every participant
// report of the demo, rendered once.
func BenchmarkGuardDemoReports(b *testing.B) {
	jobs, size := demoJobs(b, "/participants/")
	pages := make([][]byte, len(jobs))
	words := make([]string, len(jobs))
	for i, j := range jobs {
		pages[i], _ = renderJob(j)
		var err error
		if words[i], err = templates.Declarative(j.Lang); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(size)
	for b.Loop() {
		for i, j := range jobs {
			if vs := guard.PageIn(j.Name, pages[i], words[i]); len(vs) != 0 {
				b.Fatal(vs)
			}
		}
	}
}
