package score

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/scorer/season"
)

// TestCSVNeutralisesFormulas: participant-controlled text that a
// spreadsheet would run as a formula (a cell starting with =, +, -, @, a tab
// or a carriage return) is written with a leading apostrophe, and every
// other cell exactly as it is; the file still loads as CSV.
func TestCSVNeutralisesFormulas(t *testing.T) {
	hostile := []string{`=HYPERLINK("http://x","y")`, "+1+1", "-2", "@SUM(A1)", "\tcmd", "\rcmd"}
	r := &TrackResult{Track: "conformite", Tasks: 10, BestConstant: BestConstant{Verdict: "non_conforme", Successes: 4}}
	for i, h := range hostile {
		r.Participants = append(r.Participants, &ParticipantResult{Status: "scored", Participant: &season.Participant{
			Slug: "p" + string(rune('a'+i)), Agent: h, DID: "did:key:z6Mk" + string(rune('a'+i)), DeclaredStack: h}})
	}
	r.Participants = append(r.Participants, &ParticipantResult{Status: "scored", Participant: &season.Participant{Slug: "plain", Agent: "Agent 2=1", DID: "did:key:z6Mkplain", DeclaredStack: "a-b"}})
	data, err := r.CSV()
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatalf("results.csv does not load: %v", err)
	}
	if len(rows) != 1+len(hostile)+1 {
		t.Fatalf("%d rows, want the header and %d participants", len(rows), len(hostile)+1)
	}
	for i, h := range hostile {
		row := rows[1+i]
		for _, col := range []int{3, 5} {
			if row[col] != "'"+h {
				t.Errorf("participant %d, column %d: %q, want %q", i, col, row[col], "'"+h)
			}
		}
	}
	last := rows[len(rows)-1]
	if last[3] != "Agent 2=1" || last[5] != "a-b" {
		t.Errorf("a harmless cell was changed: %q", last)
	}
	if strings.Contains(string(data), "\n=") || strings.Contains(string(data), ",=") {
		t.Errorf("a cell starts with = unneutralised:\n%s", data)
	}
}

// TestOutputsCarryAIActLabel: §7.3 asks for the AI Act art. 50 label on the
// Index and on every report: results.json and report.json carry it, and a
// narrative is marked as AI-generated and not scored.
func TestOutputsCarryAIActLabel(t *testing.T) {
	task := &TaskResult{TaskID: "conf-01", Status: Scored}
	p := &ParticipantReport{ParticipantResult: &ParticipantResult{Status: "scored", Participant: &season.Participant{Slug: "a", Agent: "A", DID: "did:key:z6Mka"}, Tasks: []*TaskResult{task}},
		TaskReports: []*TaskReport{{TaskResult: task, Narrative: "J'ai lu."}}}
	r := &TrackResult{Track: "conformite", Tasks: 1, Participants: []*ParticipantResult{p.ParticipantResult}}
	var results struct {
		AIAct AIActJSON `json:"ai_act_art50"`
	}
	b, err := MarshalJSON(r.Results())
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &results); err != nil || results.AIAct != aiAct || results.AIAct.Label == "" || results.AIAct.DigitalSourceType != AlgorithmicMedia {
		t.Errorf("results.json label %+v, %v", results.AIAct, err)
	}
	var report struct {
		AIAct AIActJSON `json:"ai_act_art50"`
		Tasks []struct {
			Narrative NarrativeJSON `json:"narrative"`
		} `json:"tasks"`
	}
	b, err = MarshalJSON(r.Report(p))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &report); err != nil || report.AIAct != aiAct {
		t.Errorf("report.json label %+v, %v", report.AIAct, err)
	}
	if n := report.Tasks[0].Narrative; n.Text != "J'ai lu." || !n.AIGenerated || n.Scored || n.DigitalSourceType != TrainedAlgorithmicMedia {
		t.Errorf("narrative %+v, want the text marked AI-generated and not scored", n)
	}
	// results.csv carries the label in its metadata file, not on its rows
	// (templates.CSVMetadata; TestCSVWLoads in cmd/proveit/internal/site).
	c, err := r.CSV()
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(c, []byte(AIActLabel)) {
		t.Errorf("results.csv repeats the label on its rows:\n%s", c)
	}
}

// TestCSVInTableOrder: results.csv lists the participants in the order of
// the page's table: by success, then overclaim within a group, pending
// last.
func TestCSVInTableOrder(t *testing.T) {
	mk := func(slug string, succ, unsup, rendered int, status string) *ParticipantResult {
		return &ParticipantResult{Status: status, Successes: succ, Unsupported: unsup, Rendered: rendered, TasksRender: 1,
			Participant: &season.Participant{Slug: slug, Agent: slug, DID: "did:key:z6Mk" + slug}}
	}
	r := &TrackResult{Season: 3, Track: "conformite", Tasks: 10, Participants: []*ParticipantResult{
		mk("a", 2, 1, 4, "scored"), mk("b", 5, 3, 6, "scored"), mk("c", 5, 1, 6, "scored"), mk("d", 9, 0, 0, "pending")}}
	data, err := r.CSV()
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, row := range rows[1:] {
		got = append(got, row[2])
	}
	if strings.Join(got, ",") != "c,b,a,d" {
		t.Errorf("CSV order %v, want c,b,a,d (success, then overclaim, pending last)", got)
	}
	if rows[0][0] != "season" || rows[1][0] != "3" || rows[1][1] != "conformite" {
		t.Errorf("the rows do not name their season and track: %v %v", rows[0][:2], rows[1][:2])
	}
}
