package templates

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unique"

	"github.com/ark-forge/proveit/internal/sitepath"
	"github.com/ark-forge/proveit/scorer/score"
	"github.com/ark-forge/proveit/scorer/season"
	"github.com/ark-forge/proveit/scorer/submission"
	"github.com/ark-forge/proveit/templates/messages"
)

func TestRate(t *testing.T) {
	for _, c := range []struct {
		n, d int
		want string
	}{
		// Whole below 1000: one unit of a count out of 17 moves the rate
		// by 6 points, a decimal would be false precision.
		{3, 17, "3/17 (18\u00a0%)"},
		{0, 17, "0/17 (0\u00a0%)"},
		{17, 17, "17/17 (100\u00a0%)"},
		{1, 3, "1/3 (33\u00a0%)"},
		{2, 3, "2/3 (67\u00a0%)"},
		// Half up on the exact rational: 1/8 is 12.5 → 13, 1/200 is 0.5 → 1.
		{1, 8, "1/8 (13\u00a0%)"},
		{1, 200, "1/200 (1\u00a0%)"},
		{1, 201, "1/201 (0\u00a0%)"},
		{4, 10, "4/10 (40\u00a0%)"},
		{9, 10, "9/10 (90\u00a0%)"},
		{999, 999, "999/999 (100\u00a0%)"},
		// One decimal from 1000, half up where %.1f of the float rounds
		// to even (6.25 → "6.2", 0.25 → "0.2").
		{1, 1000, "1/1000 (0,1\u00a0%)"},
		{1, 1600, "1/1600 (0,1\u00a0%)"},
		{100, 1600, "100/1600 (6,3\u00a0%)"},
		{1, 4000, "1/4000 (0,0\u00a0%)"},
		{1, 2001, "1/2001 (0,0\u00a0%)"},
		{1, 2000, "1/2000 (0,1\u00a0%)"},
		{999999, 1000000, "999999/1000000 (100,0\u00a0%)"},
		{999499, 1000000, "999499/1000000 (99,9\u00a0%)"},
		{1, 0, "sans objet"},
	} {
		if got := (&locale{cat: messages.French}).rate(c.n, c.d); got != c.want {
			t.Errorf("rate(%d, %d) = %q, want %q", c.n, c.d, got, c.want)
		}
	}
	if got := fmt.Sprintf("%.1f", 100*1.0/16); got != "6.2" {
		t.Logf("the float would print %s", got)
	}
}

// result builds a participant's result by hand: successes, unsupported
// and rendered assertions, pending or not; its report is in handReports.
func result(slug string, successes, unsupported, rendered int, pending bool) *score.ParticipantResult {
	p := &score.ParticipantResult{Participant: &season.Participant{Slug: slug, Agent: "Agent " + slug, DID: "did:key:z6Mk" + slug, DeclaredStack: "Go"},
		Status: "scored", Successes: successes, Unsupported: unsupported, Rendered: rendered, TasksRender: 1}
	if pending {
		p.Status = "pending"
	}
	task := &score.TaskReport{TaskResult: &score.TaskResult{TaskID: "conf-01", Status: score.Scored, Exact: true, Founded: unsupported == 0}}
	for i := 0; i < rendered; i++ {
		c := score.Supported
		if i < unsupported {
			c = score.ValueMismatch
		}
		id := fmt.Sprintf("a%d", i+1)
		task.Assertions = append(task.Assertions, score.AssertionResult{Assertion: &submission.Assertion{ID: id}, Cause: c, Detail: "compared"})
		task.Causes = append(task.Causes, score.AssertionCause{ID: unique.Make(id), Cause: c})
	}
	p.Tasks = []*score.TaskResult{task.TaskResult}
	handReports[p] = &score.ParticipantReport{ParticipantResult: p, TaskReports: []*score.TaskReport{task}}
	return p
}

func slugs(ps []*score.ParticipantResult) string {
	var s []string
	for _, p := range ps {
		s = append(s, p.Participant.Slug)
	}
	return strings.Join(s, " ")
}

// TestOrderParticipants: groups by success, most first; overclaim orders
// only inside a group, as exact fractions; no overclaim after one; slug
// breaks ties; pending apart, by slug.
func TestOrderParticipants(t *testing.T) {
	ps := []*score.ParticipantResult{
		result("zeta", 2, 1, 3, false),   // 2 successes, 33 %
		result("alpha", 2, 1, 2, false),  // 2 successes, 50 %
		result("beta", 5, 9, 10, false),  // 5 successes, 90 %
		result("gamma", 2, 2, 6, false),  // 2 successes, 33 %: tie with zeta, by slug
		result("delta", 0, 0, 0, false),  // no overclaim
		result("eps", 0, 3, 4, false),    // 0 successes, 75 %
		result("omega", 2, 0, 5, false),  // 2 successes, 0 %
		result("attente", 9, 0, 0, true), // pending
		result("aaa", 1, 0, 0, true),     // pending
		result("mid", 2, 333, 1000, false),
	}
	groups, pending := score.TableOrder(ps)
	var got []string
	for _, g := range groups {
		got = append(got, fmt.Sprintf("%d:[%s]", g[0].Successes, slugs(g)))
	}
	want := "5:[beta] 2:[omega mid gamma zeta alpha] 0:[eps delta]" // 333/1000 < 1/3 = 2/6
	if strings.Join(got, " ") != want {
		t.Errorf("groups = %s\nwant     %s", strings.Join(got, " "), want)
	}
	if slugs(pending) != "aaa attente" {
		t.Errorf("pending = %s", slugs(pending))
	}
	// Success is never crossed: beta's 90 % sits above omega's 0 %, and no
	// row of a lower group comes before one of a higher group.
	tbl := buildTable(&locale{cat: messages.French}, 0, &score.TrackResult{Track: "conformite", Tasks: 10, BestConstant: score.BestConstant{Verdict: "non_conforme", Successes: 4}, Participants: ps}, sitepath.Track(0, "conformite"))
	if len(tbl.Groups) != 3 || tbl.Groups[0].Success != "5/10 (50\u00a0%)" || len(tbl.Pending) != 2 {
		t.Fatalf("table %+v", tbl)
	}
	for _, r := range tbl.Pending {
		if r.Overclaim != "en attente" || r.Success != "en attente" || r.TasksRendered != "en attente" || len(r.Unsupported) != 0 {
			t.Errorf("pending row shows numbers: %+v", r)
		}
	}
}

func TestTwoDIDsTwoRows(t *testing.T) {
	a, b := result("un", 1, 0, 2, false), result("deux", 1, 0, 2, false)
	a.Participant.Agent, b.Participant.Agent = "Même nom", "Même nom"
	tbl := buildTable(&locale{cat: messages.French}, 0, &score.TrackResult{Track: "conformite", Tasks: 10, Participants: []*score.ParticipantResult{a, b}}, sitepath.Track(0, "conformite"))
	if len(tbl.Groups) != 1 || len(tbl.Groups[0].Rows) != 2 || tbl.Groups[0].Rows[0].DID == tbl.Groups[0].Rows[1].DID {
		t.Errorf("two DIDs under one name are not two rows: %+v", tbl)
	}
}

// TestReadableDate: instants are written for a reader in UTC, the first of
// the month as « 1er », the instant kept whole in the attribute.
func TestReadableDate(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"2026-10-01T00:00:00Z", "1er octobre 2026 à 00:00:00 UTC"},
		{"2026-10-31T23:59:59Z", "31 octobre 2026 à 23:59:59 UTC"},
		{"2026-08-15T12:00:00+02:00", "15 août 2026 à 10:00:00 UTC"},
	} {
		if got, err := readableDate(messages.French, c.in); err != nil || got != c.want {
			t.Errorf("%s: %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	if _, err := readableDate(messages.French, "1er octobre"); err == nil {
		t.Error("a date that is not RFC 3339 is accepted")
	}
}

// TestPublishedHistory: the value a snapshot published is written in words,
// from its cause, from its status when it has no cause, or as absent; a
// cause the catalogue does not know is an error, never a raw code.
func TestPublishedHistory(t *testing.T) {
	cases := []struct {
		status, cause, want, code string
		fails                     bool
	}{
		{"unsupported", "value_mismatch", "non étayée : valeur ne correspondant pas", "value_mismatch", false},
		{"supported", "supported", "étayée", "supported", false},
		{"not_evaluated", "—", "non examinée (la soumission a été rejetée avant l'examen des assertions)", "not_evaluated", false},
		{"absent", "—", "absente de l'instantané de publication", "—", false},
		{"unsupported", "made_up", "", "", true},
	}
	for _, c := range cases {
		l := &locale{cat: messages.French}
		v := publishedHistory(l, &History{PublishedStatus: c.status, PublishedCause: c.cause})
		if c.fails {
			if l.err == nil {
				t.Errorf("%s/%s: no error", c.status, c.cause)
			}
			continue
		}
		if l.err != nil || v.Published != c.want || v.PublishedCode != c.code {
			t.Errorf("%s/%s = %q (%q), %v; want %q (%q)", c.status, c.cause, v.Published, v.PublishedCode, l.err, c.want, c.code)
		}
	}
	if publishedHistory(&locale{cat: messages.French}, nil) != nil {
		t.Error("no history must stay nil")
	}
}

// TestInterval: the table's interval is score.Wilson in whole percentages
// (a no-break space before the colon, so that it never starts a line),
// 7/10 reading 40–89 % (the figure), and nothing where no rate is
// published.
func TestInterval(t *testing.T) {
	l := &locale{cat: messages.French}
	for _, c := range []struct {
		k, n int
		want string
	}{
		{7, 10, "IC\u00a095\u00a0%\u00a0: 40\u2060–\u206089\u00a0%"},
		{0, 10, "IC\u00a095\u00a0%\u00a0: 0\u2060–\u206028\u00a0%"},
		{10, 10, "IC\u00a095\u00a0%\u00a0: 72\u2060–\u2060100\u00a0%"},
		{0, 0, ""},
		{3, 2, ""},
		{-1, 2, ""},
	} {
		if got := l.interval(c.k, c.n); got != c.want {
			t.Errorf("interval(%d, %d) = %q, want %q", c.k, c.n, got, c.want)
		}
	}
	if l.err != nil {
		t.Fatal(l.err)
	}
}

// BenchmarkRenderReport renders one participant's report page (the most
// numerous page of a site) from its job, as the build's workers do.
func BenchmarkRenderReport(b *testing.B) {
	site := handSite()
	jobs, err := french.siteJobs(site, reportsOf(site))
	if err != nil {
		b.Fatal(err)
	}
	var job *Job
	for i := range jobs {
		if strings.Contains(jobs[i].Name, "/participants/") {
			job = &jobs[i]
			break
		}
	}
	if job == nil {
		b.Fatal("no report page in handSite")
	}
	var buf bytes.Buffer
	for b.Loop() {
		if err := job.RenderTo(&buf); err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(buf.Len()))
	}
}

// TestProofSet: a proof id is linked when the season cached it, whether
// the build gave the ids sorted or not, and only then (first, last,
// between two, before all, after all, a prefix of one).
func TestProofSet(t *testing.T) {
	ids := []string{"prf_20260914_181440_541795", "prf_20260921_101233_ab12cd", "prf_20260921_101234_ab12ce"}
	absent := []string{"", "prf_20260914_181440_541794", "prf_20260921_101233_ab12cc", "prf_20260921_101233_ab12c", "prf_20260930_000000_000000"}
	for _, order := range [][]string{ids, {ids[2], ids[0], ids[1]}} {
		given := slices.Clone(order)
		ps := Season{Proofs: given}.proofSet()
		for _, id := range ids {
			if !ps.has(id) {
				t.Errorf("%v: %s not found", order, id)
			}
		}
		for _, id := range absent {
			if ps.has(id) {
				t.Errorf("%v: %q found", order, id)
			}
		}
		if !slices.Equal(given, order) {
			t.Errorf("proofSet reordered the season's list: %v", given)
		}
	}
}
