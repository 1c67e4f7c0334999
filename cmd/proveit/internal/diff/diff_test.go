package diff

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/scorer/score"
)

// files is a site written by the test from its files: a value is marshalled as
// the build writes it, a string is written as is. Unless it holds one,
// write adds the SHA256SUMS of the files, as the build does.
type files map[string]any

func ptr[T any](v T) *T { return &v }

func row(slug, status string, unsupported, counted, successes, tasksScored int) score.ParticipantJSON {
	return score.ParticipantJSON{Slug: slug, Agent: slug, Status: status,
		Overclaim: rate(unsupported, counted), Success: rate(successes, 10), TasksScored: ptr(tasksScored), Report: "participants/" + slug + "/report.json"}
}

// rate is k out of n as the build writes it.
func rate(k, n int) *score.RateJSON {
	lo, hi := score.Wilson(k, n)
	return &score.RateJSON{Rate: ptr(score.Number(float64(k) / float64(n))), Numerator: k, Denominator: n, Interval: &score.IntervalJSON{Low: score.Number(lo), High: score.Number(hi)}}
}

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
		BestConstant: score.BestConstantJSON{Verdict: "non_conforme", Success: rate(4, 10)}, Participants: rows}
}

const h1 = "1111111111111111111111111111111111111111111111111111111111111111"

const resultsPath = "saison-0/conformite/results.json"

func baseSite() files {
	return files{
		resultsPath: results("conformite", row("albatros", "scored", 1, 5, 3, 10), row("boussole", "scored", 0, 4, 4, 10)),
		"saison-0/conformite/participants/albatros/report.json": report("conformite", "albatros"),
		"saison-0/conformite/participants/boussole/report.json": report("conformite", "boussole"),
		"index.html": "<p>index</p>\n",
	}
}

// edit replaces the first old in the file rel, marshalled if it is not
// text yet, with new.
func (s files) edit(rel, old, new string) {
	data, ok := s[rel].(string)
	if !ok {
		b, err := score.MarshalJSON(s[rel])
		if err != nil {
			panic(err)
		}
		data = string(b)
	}
	if !strings.Contains(data, old) {
		panic(rel + " does not hold " + old)
	}
	s[rel] = strings.Replace(data, old, new, 1)
}

// member adds the JSON object member m ("\"x\": 1") first in the file rel.
func (s files) member(rel, m string) { s.edit(rel, "{", "{"+m+", ") }

func (s files) results(rel string) *score.ResultsJSON {
	return s["saison-0/"+rel+"/results.json"].(*score.ResultsJSON)
}

func (s files) report(track, slug string) *score.ReportJSON {
	return s["saison-0/"+track+"/participants/"+slug+"/report.json"].(*score.ReportJSON)
}

func (s files) write(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	var sums []string
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
		h := sha256.Sum256([]byte(data))
		sums = append(sums, hex.EncodeToString(h[:])+"  "+rel+"\n")
	}
	if _, ok := s["SHA256SUMS"]; !ok {
		sort.Strings(sums)
		if err := os.WriteFile(filepath.Join(dir, "SHA256SUMS"), []byte(strings.Join(sums, "")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestCompare(t *testing.T) {
	const (
		results0 = "saison-0/conformite/results.json: "
		report0  = "saison-0/conformite/participants/albatros/report.json: "
	)
	for _, c := range []struct {
		name string
		// base changes both sites, change the new one, after edits the new
		// site once written (after its SHA256SUMS).
		base, change func(s files)
		after        func(t *testing.T, dir string)
		want         string // WriteText's output, NEW standing for the new site
		differ       bool
	}{
		{name: "identical", want: NoDifference + "\n"},
		{name: "rate", change: func(s files) {
			p := &s.results("conformite").Participants[0]
			*p = row("albatros", "scored", 0, 5, 4, 10)
		}, want: "season 0, track conformite: participant albatros: overclaim 1/5 → 0/5; success 3/10 → 4/10\n", differ: true},
		{name: "rate only", change: func(s files) {
			// The number beside the fraction is no named change: a rate
			// that disagrees with its fraction is a path of its own.
			*s.results("conformite").Participants[1].Success.Rate = 0.5
		}, want: results0 + "/participants/1/success/rate: 0.4 → 0.5\n", differ: true},
		{name: "interval only", change: func(s files) {
			iv := s.results("conformite").Participants[1].Overclaim.Interval
			iv.Low, iv.High = iv.High, iv.Low
		}, want: results0 + "/participants/1/overclaim/interval/high: 0.4898908364545973 → 0.0\n" +
			results0 + "/participants/1/overclaim/interval/low: 0.0 → 0.4898908364545973\n", differ: true},
		{name: "pending", change: func(s files) {
			p := &s.results("conformite").Participants[1]
			p.Status, p.Overclaim, p.Success, p.TasksScored = "pending", nil, nil, nil
		}, want: "season 0, track conformite: participant boussole: status scored → pending; overclaim 0/4 → none; success 4/10 → none; tasks scored 10 → none\n", differ: true},
		{name: "task status", change: func(s files) {
			s.report("conformite", "albatros").Tasks[1].Status = score.RejectedAtClose
		}, want: "season 0, track conformite: participant albatros, task conf-03: status scored → rejected_at_close\n", differ: true},
		{name: "task verdict, founded and missing facts", change: func(s files) {
			tk := &s.report("conformite", "albatros").Tasks[0]
			tk.Verdict, tk.Founded, tk.MissingFacts = nil, false, []string{"fin-agrement", "siege"}
		}, want: "season 0, track conformite: participant albatros, task conf-01: verdict conforme → none; founded true → false; missing facts none → fin-agrement, siege\n", differ: true},
		{name: "missing facts empty, then absent", change: func(s files) {
			s.edit("saison-0/conformite/participants/albatros/report.json", `"missing_facts": [],`, "")
		}, want: report0 + "/tasks/0/missing_facts: [] → absent\n", differ: true},
		{name: "assertion cause", change: func(s files) {
			s.report("conformite", "boussole").Tasks[0].Assertions[1] = assertion("a2", "value_mismatch")
			s.report("conformite", "boussole").Tasks[0].Assertions[2] = assertion("a10", "invalid_proof")
		}, want: "season 0, track conformite: participant boussole, task conf-01, assertion a2: status supported → unsupported; cause supported → value_mismatch\n" +
			"season 0, track conformite: participant boussole, task conf-01, assertion a10: status supported → unsupported; cause supported → invalid_proof\n", differ: true},
		{name: "task and assertion added", change: func(s files) {
			r := s.report("conformite", "albatros")
			r.Tasks[1].Assertions = append(r.Tasks[1].Assertions, assertion("a2", "supported"))
			r.Tasks = append(r.Tasks, score.TaskJSON{TaskID: "conf-02", Status: score.Missing})
		}, want: "season 0, track conformite: participant albatros, task conf-02 added\n" +
			"season 0, track conformite: participant albatros, task conf-03, assertion a2 added\n", differ: true},
		{name: "participant added", change: func(s files) {
			r := s.results("conformite")
			r.Participants = append(r.Participants, row("new-one", "scored", 0, 1, 1, 1))
			s["saison-0/conformite/participants/new-one/report.json"] = report("conformite", "new-one")
		}, want: "season 0, track conformite: participant new-one added\n", differ: true},
		{name: "participant removed", change: func(s files) {
			r := s.results("conformite")
			r.Participants = r.Participants[:1]
			delete(s, "saison-0/conformite/participants/boussole/report.json")
		}, want: "season 0, track conformite: participant boussole removed\n", differ: true},
		{name: "participants swapped, both pending", change: func(s files) {
			// Compared by index, every field of the two rows differs; by
			// slug, each status: one line does not hide the other.
			r := s.results("conformite")
			r.Participants[0], r.Participants[1] = r.Participants[1], r.Participants[0]
			r.Participants[0].Status, r.Participants[1].Status = "pending", "pending"
		}, want: "season 0, track conformite: participant albatros: status scored → pending\n" +
			"season 0, track conformite: participant boussole: status scored → pending\n" +
			results0 + `/participants/0/agent: "albatros" → "boussole"` + "\n" +
			results0 + `/participants/0/overclaim/denominator: 5 → 4` + "\n" +
			results0 + `/participants/0/overclaim/interval/high: 0.6244653702374747 → 0.4898908364545973` + "\n" +
			results0 + `/participants/0/overclaim/interval/low: 0.036224108632430196 → 0.0` + "\n" +
			results0 + `/participants/0/overclaim/numerator: 1 → 0` + "\n" +
			results0 + `/participants/0/overclaim/rate: 0.2 → 0.0` + "\n" +
			results0 + `/participants/0/report: "participants/albatros/report.json" → "participants/boussole/report.json"` + "\n" +
			results0 + `/participants/0/slug: "albatros" → "boussole"` + "\n" +
			results0 + `/participants/0/status: "scored" → "pending"` + "\n" +
			results0 + `/participants/0/success/interval/high: 0.6032218525388546 → 0.6873262302663417` + "\n" +
			results0 + `/participants/0/success/interval/low: 0.10779126740630104 → 0.16818032970623614` + "\n" +
			results0 + `/participants/0/success/numerator: 3 → 4` + "\n" +
			results0 + `/participants/0/success/rate: 0.3 → 0.4` + "\n" +
			results0 + `/participants/1/agent: "boussole" → "albatros"` + "\n" +
			results0 + `/participants/1/overclaim/denominator: 4 → 5` + "\n" +
			results0 + `/participants/1/overclaim/interval/high: 0.4898908364545973 → 0.6244653702374747` + "\n" +
			results0 + `/participants/1/overclaim/interval/low: 0.0 → 0.036224108632430196` + "\n" +
			results0 + `/participants/1/overclaim/numerator: 0 → 1` + "\n" +
			results0 + `/participants/1/overclaim/rate: 0.0 → 0.2` + "\n" +
			results0 + `/participants/1/report: "participants/boussole/report.json" → "participants/albatros/report.json"` + "\n" +
			results0 + `/participants/1/slug: "boussole" → "albatros"` + "\n" +
			results0 + `/participants/1/status: "scored" → "pending"` + "\n" +
			results0 + `/participants/1/success/interval/high: 0.6873262302663417 → 0.6032218525388546` + "\n" +
			results0 + `/participants/1/success/interval/low: 0.16818032970623614 → 0.10779126740630104` + "\n" +
			results0 + `/participants/1/success/numerator: 4 → 3` + "\n" +
			results0 + `/participants/1/success/rate: 0.4 → 0.3` + "\n", differ: true},
		{name: "track added", change: func(s files) {
			s["saison-0/generique/results.json"] = results("generique", row("albatros", "scored", 0, 1, 1, 1))
			s["saison-0/generique/participants/albatros/report.json"] = report("generique", "albatros")
		}, want: "season 0, track generique added\n", differ: true},
		{name: "season added", change: func(s files) {
			s["saison-1/conformite/results.json"] = results("conformite")
		}, want: "season 1 added\n", differ: true},
		{name: "track", change: func(s files) {
			r := s.results("conformite")
			r.Bareme, r.BestConstant.Verdict, r.BestConstant.Success = "conformite-bareme-v2", "conforme", rate(6, 10)
			r.RuleSet, r.Tasks = "prove-it-s2", 11
		}, want: "season 0, track conformite: rule set prove-it-s1 → prove-it-s2; bareme conformite-bareme-v1 → conformite-bareme-v2; tasks 10 → 11; best constant verdict non_conforme → conforme; best constant success 4/10 → 6/10\n", differ: true},
		{name: "best constant rate only", change: func(s files) {
			*s.results("conformite").BestConstant.Success.Rate = 0.6
		}, want: results0 + "/best_constant/success/rate: 0.4 → 0.6\n", differ: true},
		{name: "report field no named line covers", change: func(s files) {
			s.report("conformite", "albatros").Tasks[1].ExpectedVerdict = "conforme"
		}, want: report0 + `/tasks/1/expected_verdict: "" → "conforme"` + "\n", differ: true},
		{name: "number 1 and 1.0", base: func(s files) {
			s.member(resultsPath, `"x": {"deep": [{"n": 1}]}`)
		}, change: func(s files) {
			s.edit(resultsPath, `"n": 1}`, `"n": 1.0}`)
		}, want: results0 + "/x/deep/0/n: 1 → 1.0\n", differ: true},
		{name: "numbers float64 cannot tell apart", base: func(s files) {
			s.member(resultsPath, `"x": 12345678901234567890`)
		}, change: func(s files) {
			s.edit(resultsPath, `12345678901234567890`, `12345678901234567891`)
		}, want: results0 + "/x: 12345678901234567890 → 12345678901234567891\n", differ: true},
		{name: "number and string", base: func(s files) {
			s.member(resultsPath, `"x": 1`)
		}, change: func(s files) {
			s.edit(resultsPath, `"x": 1`, `"x": "1"`)
		}, want: results0 + `/x: 1 → "1"` + "\n", differ: true},
		{name: "null and absent", base: func(s files) {
			s.member(resultsPath, `"x": null`)
		}, change: func(s files) {
			s.edit(resultsPath, `"x": null, `, ``)
		}, want: results0 + "/x: null → absent\n", differ: true},
		{name: "key added, escaped", change: func(s files) {
			s.member(resultsPath, `"a/b~": {"<&>": true}`)
		}, want: results0 + `/a~1b~0: absent → {"<&>":true}` + "\n", differ: true},
		{name: "key removed", base: func(s files) {
			s.member(resultsPath, `"x": [1, 2]`)
		}, change: func(s files) {
			s.edit(resultsPath, `"x": [1, 2], `, ``)
		}, want: results0 + "/x: [1,2] → absent\n", differ: true},
		{name: "array element added", base: func(s files) {
			s.member(resultsPath, `"x": [1]`)
		}, change: func(s files) {
			s.edit(resultsPath, `"x": [1]`, `"x": [1, {"k": 2}]`)
		}, want: results0 + `/x/1: absent → {"k":2}` + "\n", differ: true},
		{name: "object becomes array", base: func(s files) {
			s.member(resultsPath, `"x": {}`)
		}, change: func(s files) {
			s.edit(resultsPath, `"x": {}`, `"x": []`)
		}, want: results0 + "/x: {} → []\n", differ: true},
		{name: "label and a key beside it", change: func(s files) {
			for _, v := range s {
				if v, ok := v.(*score.ReportJSON); ok {
					v.AIAct.Label = "label"
				}
			}
			s.edit(resultsPath, `"ai_act_art50": {`, `"ai_act_art50": {"x": 1, `)
		}, want: "the AI Act art. 50 label differs\n" + results0 + "/ai_act_art50/x: absent → 1\n", differ: true},
		{name: "version only", change: func(s files) {
			for _, v := range s {
				switch v := v.(type) {
				case *score.ResultsJSON:
					v.ProveitVersion, v.InputsDigest = "0.4.0", "d1"
				case *score.ReportJSON:
					v.ProveitVersion, v.AIAct.Label = "0.4.0", "label"
				}
			}
		}, want: "built by proveit 0.3.0 → 0.4.0\nseason 0: inputs digest d0 → d1\nthe AI Act art. 50 label differs\n" + NoDifference + "\n"},
		{name: "other files", change: func(s files) {
			// Both sites match their own SHA256SUMS: the pages that
			// differ are counted, not a difference in results.
			s["index.html"] = "<p>index, rebuilt</p>\n"
			s["views/a.json"] = "{}"
		}, want: NoDifference + "\n2 other files differ (see SHA256SUMS)\n"},
		{name: "file edited after the build", after: func(t *testing.T, dir string) {
			if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("<p>edited</p>\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}, want: "NEW: index.html does not match its SHA-256 in SHA256SUMS\n", differ: true},
		{name: "results edited after the build", after: func(t *testing.T, dir string) {
			name := filepath.Join(dir, filepath.FromSlash(resultsPath))
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(name, bytes.Replace(data, []byte(`"tasks": 10`), []byte(`"tasks": 9`), 1), 0o644); err != nil {
				t.Fatal(err)
			}
		}, want: "season 0, track conformite: tasks 10 → 9\nNEW: saison-0/conformite/results.json does not match its SHA-256 in SHA256SUMS\n", differ: true},
		{name: "file added, unlisted", after: func(t *testing.T, dir string) {
			if err := os.WriteFile(filepath.Join(dir, "extra.html"), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}, want: "NEW: extra.html is not listed in SHA256SUMS\n", differ: true},
		{name: "file listed, missing", after: func(t *testing.T, dir string) {
			if err := os.Remove(filepath.Join(dir, "index.html")); err != nil {
				t.Fatal(err)
			}
		}, want: "NEW: index.html is listed in SHA256SUMS but missing\n", differ: true},
		{name: "symbolic link", after: func(t *testing.T, dir string) {
			if err := os.Symlink("index.html", filepath.Join(dir, "link.html")); err != nil {
				t.Fatal(err)
			}
		}, want: "NEW: link.html is not a regular file\n", differ: true},
		{name: "no SHA256SUMS", after: func(t *testing.T, dir string) {
			if err := os.Remove(filepath.Join(dir, "SHA256SUMS")); err != nil {
				t.Fatal(err)
			}
		}, want: "NEW: no SHA256SUMS: its files cannot be checked\n", differ: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			o, s := baseSite(), baseSite()
			if c.base != nil {
				c.base(o)
				c.base(s)
			}
			if c.change != nil {
				c.change(s)
			}
			old, dir := o.write(t), s.write(t)
			if c.after != nil {
				c.after(t, dir)
			}
			changes, err := Compare(old, dir)
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			if err := WriteText(&b, changes); err != nil {
				t.Fatal(err)
			}
			if want := strings.ReplaceAll(c.want, "NEW", dir); b.String() != want {
				t.Errorf("got\n%s\nwant\n%s", b.String(), want)
			}
			if Differs(changes) != c.differ {
				t.Errorf("Differs = %v, want %v", !c.differ, c.differ)
			}
			// The reverse comparison finds as many differences.
			back, err := Compare(dir, old)
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
		{"malformed results", func(s files) { s["saison-0/conformite/results.json"] = `{"participants": [` }, "saison-0/conformite/results.json", "Expecting value"},
		{"malformed report", func(s files) { s["saison-0/conformite/participants/boussole/report.json"] = `{"tasks": 1}` }, "saison-0/conformite/participants/boussole/report.json", "cannot unmarshal"},
		{"repeated key", func(s files) {
			s["saison-0/conformite/participants/boussole/report.json"] = `{"tasks": [], "tasks": []}`
		}, "saison-0/conformite/participants/boussole/report.json", "repeat"},
		{"trailing data", func(s files) { s["saison-0/conformite/participants/boussole/report.json"] = `{} {}` }, "saison-0/conformite/participants/boussole/report.json", "Extra data"},
		{"missing report", func(s files) { delete(s, "saison-0/conformite/participants/albatros/report.json") }, "saison-0/conformite/participants/albatros/report.json", "no such file"},
		{"report outside the track", func(s files) { s.results("conformite").Participants[0].Report = "../../x.json" }, "saison-0/conformite/results.json", "want a path inside the track"},
		{"slug twice", func(s files) {
			r := s.results("conformite")
			r.Participants = append(r.Participants, r.Participants[0])
		}, "saison-0/conformite/results.json", `"albatros" is listed twice`},
		{"malformed SHA256SUMS", func(s files) { s["SHA256SUMS"] = "x index.html\n" }, "SHA256SUMS", "line 1"},
		{"SHA256SUMS in capitals", func(s files) { s["SHA256SUMS"] = strings.Repeat("A", 64) + "  index.html\n" }, "SHA256SUMS", "line 1 is not"},
		{"SHA256SUMS outside the site", func(s files) { s["SHA256SUMS"] = h1 + "  index.html\n" + h1 + "  ../x\n" }, "SHA256SUMS", "line 2 is not"},
		{"SHA256SUMS lists a path twice", func(s files) { s["SHA256SUMS"] = h1 + "  index.html\n" + h1 + "  a\n" + h1 + "  index.html\n" }, "SHA256SUMS", "line 3 lists index.html, already listed on line 1"},
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
	*s.results("conformite").Participants[0].Success.Rate = 0.4
	dir := s.write(t)
	if err := os.Remove(filepath.Join(dir, "index.html")); err != nil {
		t.Fatal(err)
	}
	changes, err := Compare(baseSite().write(t), dir)
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
		{"season": "0", "track": "conformite", "participant": "", "task": "", "assertion": "", "field": FieldPath, "old": "0.3", "new": "0.4", "file": resultsPath, "pointer": "/participants/0/success/rate"},
		{"season": "", "track": "", "participant": "", "task": "", "assertion": "", "field": FieldSums, "old": "", "new": SumsMissing, "site": dir, "file": "index.html"},
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
