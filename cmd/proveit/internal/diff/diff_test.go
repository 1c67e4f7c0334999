package diff

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/scorer/score"
)

// files is a site written by the test from its files: a value is marshalled as
// the build writes it, a string is written as is.
type files map[string]any

func ptr[T any](v T) *T { return &v }

func row(slug, status string, unsupported, rendered, successes, tasksRendered int) score.ParticipantJSON {
	return score.ParticipantJSON{Slug: slug, Agent: slug, Status: status,
		Unsupported: ptr(unsupported), Rendered: ptr(rendered), Overclaim: ptr(frac(unsupported, rendered)),
		Successes: ptr(successes), Success: ptr(frac(successes, 10)), TasksRendered: ptr(tasksRendered), Report: "participants/" + slug + "/report.json"}
}

func frac(n, d int) string { return strings.Join([]string{itoa(n), itoa(d)}, "/") }

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func assertion(id, cause string) score.AssertionJSON {
	c := score.Cause(cause)
	return score.AssertionJSON{ID: id, Status: score.AssertionStatus(c), Cause: &c}
}

func report(track, slug string) *score.ReportJSON {
	return &score.ReportJSON{ProveitVersion: "0.3.0", Season: 0, Track: track, Status: "scored",
		Participant: score.ParticipantInfo{Slug: slug},
		Tasks: []score.TaskJSON{
			{TaskID: "conf-01", Status: score.Scored, Verdict: ptr("conforme"), Founded: true, MissingFacts: []string{},
				Assertions: []score.AssertionJSON{assertion("a1", "supported"), assertion("a2", "supported"), assertion("a10", "supported")}},
			{TaskID: "conf-03", Status: score.Scored, Verdict: ptr("non_conforme"), MissingFacts: []string{"fin-agrement"},
				Assertions: []score.AssertionJSON{assertion("a1", "value_mismatch")}},
		}}
}

func results(track string, rows ...score.ParticipantJSON) *score.ResultsJSON {
	return &score.ResultsJSON{ProveitVersion: "0.3.0", InputsDigest: "d0", RuleSet: "prove-it-s1", Season: 0, Track: track, Bareme: track + "-bareme-v1", Tasks: 10,
		BestConstant: score.BestConstantJSON{Verdict: "non_conforme", Successes: 4, Success: "4/10"}, Participants: rows}
}

const (
	h1 = "1111111111111111111111111111111111111111111111111111111111111111"
	h2 = "2222222222222222222222222222222222222222222222222222222222222222"
)

func baseSite() files {
	return files{
		"saison-0/conformite/results.json":                      results("conformite", row("albatros", "scored", 1, 5, 3, 10), row("boussole", "scored", 0, 4, 4, 10)),
		"saison-0/conformite/participants/albatros/report.json": report("conformite", "albatros"),
		"saison-0/conformite/participants/boussole/report.json": report("conformite", "boussole"),
		"SHA256SUMS": h1 + "  index.html\n" + h1 + "  saison-0/conformite/results.json\n" + h1 + "  saison-0/conformite/participants/albatros/report.json\n",
	}
}

func (s files) results(rel string) *score.ResultsJSON {
	return s["saison-0/"+rel+"/results.json"].(*score.ResultsJSON)
}

func (s files) report(track, slug string) *score.ReportJSON {
	return s["saison-0/"+track+"/participants/"+slug+"/report.json"].(*score.ReportJSON)
}

func (s files) write(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for rel, v := range s {
		data, ok := v.(string)
		if !ok {
			b, err := score.MarshalJSON(v)
			if err != nil {
				t.Fatal(err)
			}
			data = string(b)
		}
		name := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestCompare(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(s files)
		want   string // WriteText's output
		differ bool
	}{
		{"identical", func(files) {}, NoDifference + "\n", false},
		{"rate", func(s files) {
			p := &s.results("conformite").Participants[0]
			*p = row("albatros", "scored", 0, 5, 4, 10)
		}, "season 0, track conformite: participant albatros: overclaim 1/5 → 0/5; success 3/10 → 4/10; unsupported 1 → 0\n", true},
		{"pending", func(s files) {
			p := &s.results("conformite").Participants[1]
			p.Status, p.Unsupported, p.Rendered, p.Overclaim, p.Successes, p.Success, p.TasksRendered = "pending", nil, nil, nil, nil, nil, nil
		}, "season 0, track conformite: participant boussole: status scored → pending; overclaim 0/4 → none; success 4/10 → none; tasks rendered 10 → none; unsupported 0 → none; rendered assertions 4 → none\n", true},
		{"task status", func(s files) {
			s.report("conformite", "albatros").Tasks[1].Status = score.RejectedAtClose
		}, "season 0, track conformite: participant albatros, task conf-03: status scored → rejected_at_close\n", true},
		{"task verdict, founded and missing facts", func(s files) {
			tk := &s.report("conformite", "albatros").Tasks[0]
			tk.Verdict, tk.Founded, tk.MissingFacts = nil, false, []string{"fin-agrement", "siege"}
		}, "season 0, track conformite: participant albatros, task conf-01: verdict conforme → none; founded true → false; missing facts none → fin-agrement, siege\n", true},
		{"assertion cause", func(s files) {
			s.report("conformite", "boussole").Tasks[0].Assertions[1] = assertion("a2", "value_mismatch")
			s.report("conformite", "boussole").Tasks[0].Assertions[2] = assertion("a10", "invalid_proof")
		}, "season 0, track conformite: participant boussole, task conf-01, assertion a2: status supported → unsupported; cause supported → value_mismatch\n" +
			"season 0, track conformite: participant boussole, task conf-01, assertion a10: status supported → unsupported; cause supported → invalid_proof\n", true},
		{"task and assertion added", func(s files) {
			r := s.report("conformite", "albatros")
			r.Tasks[1].Assertions = append(r.Tasks[1].Assertions, assertion("a2", "supported"))
			r.Tasks = append(r.Tasks, score.TaskJSON{TaskID: "conf-02", Status: score.Missing})
		}, "season 0, track conformite: participant albatros, task conf-02 added\n" +
			"season 0, track conformite: participant albatros, task conf-03, assertion a2 added\n", true},
		{"participant added and removed", func(s files) {
			r := s.results("conformite")
			r.Participants = []score.ParticipantJSON{r.Participants[0], row("new-one", "scored", 0, 1, 1, 1)}
			delete(s, "saison-0/conformite/participants/boussole/report.json")
			s["saison-0/conformite/participants/new-one/report.json"] = report("conformite", "new-one")
		}, "season 0, track conformite: participant boussole removed\nseason 0, track conformite: participant new-one added\n", true},
		{"track added", func(s files) {
			s["saison-0/generique/results.json"] = results("generique", row("albatros", "scored", 0, 1, 1, 1))
			s["saison-0/generique/participants/albatros/report.json"] = report("generique", "albatros")
		}, "season 0, track generique added\n", true},
		{"season added", func(s files) {
			s["saison-1/conformite/results.json"] = results("conformite")
		}, "season 1 added\n", true},
		{"track", func(s files) {
			r := s.results("conformite")
			r.Bareme, r.BestConstant.Verdict, r.BestConstant.Success = "conformite-bareme-v2", "conforme", "6/10"
			r.RuleSet, r.Tasks = "prove-it-s2", 11
		}, "season 0, track conformite: rule set prove-it-s1 → prove-it-s2; bareme conformite-bareme-v1 → conformite-bareme-v2; tasks 10 → 11; best constant verdict non_conforme → conforme; best constant success 4/10 → 6/10\n", true},
		{"version only", func(s files) {
			for _, v := range s {
				switch v := v.(type) {
				case *score.ResultsJSON:
					v.ProveitVersion, v.InputsDigest = "0.4.0", "d1"
				case *score.ReportJSON:
					v.ProveitVersion, v.AIAct.Label = "0.4.0", "label"
				}
			}
		}, "built by proveit 0.3.0 → 0.4.0\nseason 0: inputs digest d0 → d1\nthe AI Act art. 50 label differs\n" + NoDifference + "\n", false},
		{"other files", func(s files) {
			// The results and the report are compared field by field, not
			// counted among the other files.
			s["SHA256SUMS"] = h2 + "  index.html\n" + h2 + "  saison-0/conformite/results.json\n" + h2 + "  saison-0/conformite/participants/albatros/report.json\n" + h1 + "  views/a.json\n"
		}, NoDifference + "\n2 other files differ (see SHA256SUMS)\n", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			old := baseSite().write(t)
			s := baseSite()
			c.change(s)
			changes, err := Compare(old, s.write(t))
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			if err := WriteText(&b, changes); err != nil {
				t.Fatal(err)
			}
			if b.String() != c.want {
				t.Errorf("got\n%s\nwant\n%s", b.String(), c.want)
			}
			if Differs(changes) != c.differ {
				t.Errorf("Differs = %v, want %v", !c.differ, c.differ)
			}
			// The reverse comparison finds as many differences.
			back, err := Compare(s.write(t), old)
			if err != nil {
				t.Fatal(err)
			}
			if len(back) != len(changes) {
				t.Errorf("reversed: %d changes, want %d", len(back), len(changes))
			}
		})
	}
}

func TestCompareRefuses(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(s files)
		file   string // the file the error names
		want   string
	}{
		{"malformed results", func(s files) { s["saison-0/conformite/results.json"] = `{"participants": [` }, "saison-0/conformite/results.json", "unexpected EOF"},
		{"malformed report", func(s files) { s["saison-0/conformite/participants/boussole/report.json"] = `{"tasks": 1}` }, "saison-0/conformite/participants/boussole/report.json", "cannot unmarshal"},
		{"trailing data", func(s files) { s["saison-0/conformite/participants/boussole/report.json"] = `{} {}` }, "saison-0/conformite/participants/boussole/report.json", "data after"},
		{"missing report", func(s files) { delete(s, "saison-0/conformite/participants/albatros/report.json") }, "saison-0/conformite/participants/albatros/report.json", "no such file"},
		{"report outside the track", func(s files) { s.results("conformite").Participants[0].Report = "../../x.json" }, "saison-0/conformite/results.json", "want a path inside the track"},
		{"slug twice", func(s files) {
			r := s.results("conformite")
			r.Participants = append(r.Participants, r.Participants[0])
		}, "saison-0/conformite/results.json", `"albatros" is listed twice`},
		{"malformed SHA256SUMS", func(s files) { s["SHA256SUMS"] = "x index.html\n" }, "SHA256SUMS", "line 1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := baseSite()
			c.change(s)
			dir := s.write(t)
			_, err := Compare(baseSite().write(t), dir)
			if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, filepath.FromSlash(c.file))) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want an error naming %s: %s", err, c.file, c.want)
			}
		})
	}
}

func TestWriteJSON(t *testing.T) {
	s := baseSite()
	s.report("conformite", "albatros").Tasks[1].Assertions[0] = assertion("a1", "supported")
	changes, err := Compare(baseSite().write(t), s.write(t))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteJSON(&b, changes); err != nil {
		t.Fatal(err)
	}
	var got []map[string]string
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	want := []map[string]string{
		{"season": "0", "track": "conformite", "participant": "albatros", "task": "conf-03", "assertion": "a1", "field": "status", "old": "unsupported", "new": "supported"},
		{"season": "0", "track": "conformite", "participant": "albatros", "task": "conf-03", "assertion": "a1", "field": "cause", "old": "value_mismatch", "new": "supported"},
	}
	gb, _ := json.Marshal(got)
	wb, _ := json.Marshal(want)
	if string(gb) != string(wb) {
		t.Errorf("got %s\nwant %s", gb, wb)
	}
	b.Reset()
	if err := WriteJSON(&b, nil); err != nil || b.String() != "[]\n" {
		t.Errorf("no change: %q, %v", b.String(), err)
	}
}

func TestNaturalOrder(t *testing.T) {
	if got := unionStrings(map[string]bool{"a10": true, "a2": true}, map[string]bool{"a02": true, "a1": true}); strings.Join(got, " ") != "a1 a02 a2 a10" {
		t.Errorf("unionStrings: %v", got)
	}
	for _, c := range []struct {
		a, b string
		less bool
	}{{"a2", "a10", true}, {"a10", "a2", false}, {"conf-09", "conf-10", true}, {"a", "a1", true}, {"b1", "a2", false}, {"a02", "a2", false}} {
		if got := naturalLess(c.a, c.b); got != c.less {
			t.Errorf("naturalLess(%q, %q) = %v", c.a, c.b, got)
		}
	}
}
