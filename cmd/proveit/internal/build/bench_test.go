package build

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
	site, _, err := siteOf("../../../../seasons", Tree{}, Options{})
	if err != nil {
		b.Fatal(err)
	}
	all, err := templates.Jobs(site)
	if err != nil {
		b.Fatal(err)
	}
	var jobs []templates.Job
	var size int64
	for _, j := range all {
		if strings.Contains(j.Name, part) {
			page, err := j.Render()
			if err != nil {
				b.Fatal(err)
			}
			jobs = append(jobs, j)
			size += int64(len(page))
		}
	}
	if len(jobs) == 0 {
		b.Fatalf("no page of the demo holds %q", part)
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
			if _, err := j.Render(); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkGuardDemoReports runs the publication guard on every participant
// report of the demo, rendered once.
func BenchmarkGuardDemoReports(b *testing.B) {
	jobs, size := demoJobs(b, "/participants/")
	pages := make([][]byte, len(jobs))
	words := make([]string, len(jobs))
	for i, j := range jobs {
		pages[i], _ = j.Render()
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
