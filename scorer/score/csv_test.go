package score

import (
	"bytes"
	"encoding/csv"
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
	if len(rows) != 2+len(hostile)+1 {
		t.Fatalf("%d rows, want the header, the best constant and %d participants", len(rows), len(hostile)+1)
	}
	for i, h := range hostile {
		row := rows[2+i]
		for _, col := range []int{1, 3} {
			if row[col] != "'"+h {
				t.Errorf("participant %d, column %d: %q, want %q", i, col, row[col], "'"+h)
			}
		}
	}
	last := rows[len(rows)-1]
	if last[1] != "Agent 2=1" || last[3] != "a-b" {
		t.Errorf("a harmless cell was changed: %q", last)
	}
	if strings.Contains(string(data), "\n=") || strings.Contains(string(data), ",=") {
		t.Errorf("a cell starts with = unneutralised:\n%s", data)
	}
}
