package site

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	xhtml "golang.org/x/net/html"

	"github.com/ark-forge/proveit/templates"
)

// cpuTime is the CPU time the process has used, user and system.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// demoReportJobs are the report pages of the demo, both editions.
func demoReportJobs(t testing.TB) []templates.Job {
	t.Helper()
	site, reports := siteWithReports(t, "../../../../seasons")
	var jobs []templates.Job
	for _, s := range site.Seasons {
		for i, tr := range s.Tracks {
			if !tr.Scored {
				continue
			}
			rs, err := templates.NewReports(site, s, i)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range reports(s.Number, i) {
				jobs = append(jobs, rs.Jobs(p, tr.History)...)
			}
		}
	}
	if len(jobs) == 0 {
		t.Fatal("the demo has no report")
	}
	return jobs
}

// pageTokens is a page as golang.org/x/net/html's tokenizer reads it, one
// line per token: a tag with its attributes sorted, a text with its
// whitespace runs made one space, a script's JSON trimmed. A run of
// whitespace alone that holds a line break is the layout of the template
// between two tags, which the engines write differently, and is left out;
// one without is a space a reader sees between two inline elements, and
// is kept.
func pageTokens(page []byte) []string {
	z := xhtml.NewTokenizer(bytes.NewReader(page))
	var out []string
	inScript := false
	for {
		tt := z.Next()
		switch tt {
		case xhtml.ErrorToken:
			return out
		case xhtml.TextToken:
			raw := string(z.Text())
			if inScript {
				raw = strings.TrimSpace(raw) // JSON, whose whitespace is not data
			}
			if strings.TrimSpace(raw) == "" && strings.Contains(raw, "\n") {
				continue
			}
			out = append(out, fmt.Sprintf("text %q", raw))
		case xhtml.StartTagToken, xhtml.SelfClosingTagToken, xhtml.EndTagToken:
			tok := z.Token()
			inScript = tt == xhtml.StartTagToken && tok.Data == "script"
			kind := "<"
			if tt == xhtml.EndTagToken {
				kind = "</"
			}
			var attrs []string
			for _, a := range tok.Attr {
				attrs = append(attrs, fmt.Sprintf("%s=%q", a.Key, a.Val))
			}
			slices.Sort(attrs)
			out = append(out, kind+tok.Data+" "+strings.Join(attrs, " "))
		default:
			out = append(out, fmt.Sprintf("%v %s", tt, z.Token().Data))
		}
	}
}

// TestTemplReportsSameAsHTMLTemplate: every report page of the demo, in
// both editions, rendered by the templ components has the tags, the
// attributes and the text of the page html/template renders from the
// same view; only the whitespace between tags may differ.
func TestTemplReportsSameAsHTMLTemplate(t *testing.T) {
	for _, j := range demoReportJobs(t) {
		var a, b bytes.Buffer
		if err := j.RenderTo(&a); err != nil {
			t.Fatal(err)
		}
		if err := j.RenderTemplTo(&b); err != nil {
			t.Fatal(err)
		}
		ta, tb := pageTokens(a.Bytes()), pageTokens(b.Bytes())
		for i := range max(len(ta), len(tb)) {
			x, y := "(end)", "(end)"
			if i < len(ta) {
				x = ta[i]
			}
			if i < len(tb) {
				y = tb[i]
			}
			if x != y {
				t.Errorf("%s: token %d:\nhtml/template %.300s\ntempl         %.300s", j.Name, i, x, y)
				break
			}
		}
	}
}

// BenchmarkReportEngines renders every report page of the demo with
// html/template and with templ; cpu-ns/page is the process's CPU time
// (user and system, the garbage collector's included) per page. Run the
// two sub-benchmarks alternately from one test binary to compare them.
func BenchmarkReportEngines(b *testing.B) {
	jobs := demoReportJobs(b)
	for _, e := range []struct {
		name   string
		render func(templates.Job, *bytes.Buffer) error
	}{{"html-template", templates.Job.RenderTo}, {"templ", templates.Job.RenderTemplTo}} {
		b.Run(e.name, func(b *testing.B) {
			var buf bytes.Buffer
			before := cpuTime(b)
			for b.Loop() {
				for _, j := range jobs {
					if err := e.render(j, &buf); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(jobs)), "ns/page")
			b.ReportMetric(float64((cpuTime(b)-before).Nanoseconds())/float64(b.N*len(jobs)), "cpu-ns/page")
		})
	}
}
