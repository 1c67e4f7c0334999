package score

import (
	"bytes"
	"encoding/csv"
	"reflect"
	"strconv"
	"testing"

	"github.com/ark-forge/proveit/scorer/publication"
	"github.com/ark-forge/proveit/scorer/season"
)

func intp(n int) *int       { return &n }
func strp(s string) *string { return &s }

// snapRow is a scored snapshot row: u unsupported of n rendered, s
// successes of the fraction success.
func snapRow(u, n, s int, success string) *publication.SnapshotParticipant {
	sp := &publication.SnapshotParticipant{Slug: "p", Status: "scored", Unsupported: intp(u), Rendered: intp(n), Successes: intp(s), Success: strp(success), TasksRendered: intp(1)}
	if n > 0 {
		o := strconv.Itoa(u) + "/" + strconv.Itoa(n)
		sp.Overclaim = &o
	}
	return sp
}

// TestPublishedRates: the rates a snapshot row published are read as
// results.json writes a rate, from the snapshot's own integers: the
// success from its fraction, the overclaim from its counts, with a
// denominator of 0 when no assertion counted; none while pending; a
// fraction that is not successes/tasks is refused.
func TestPublishedRates(t *testing.T) {
	s, o, err := PublishedRates(snapRow(12, 48, 3, "3/10"))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(s, rate(3, 10)) || !reflect.DeepEqual(o, rate(12, 48)) {
		t.Errorf("PublishedRates = %+v, %+v, want 3/10 and 12/48 in results.json's shape", s, o)
	}
	if _, o, _ := PublishedRates(snapRow(0, 0, 0, "0/10")); o == nil || o.Denominator != 0 || o.Rate != nil || o.Interval != nil {
		t.Errorf("no assertion counted: overclaim %+v, want 0/0 with no rate and no interval", o)
	}
	if s, o, err := PublishedRates(&publication.SnapshotParticipant{Slug: "p", Status: "pending"}); s != nil || o != nil || err != nil {
		t.Errorf("pending: %+v, %+v, %v, want none", s, o, err)
	}
	for _, bad := range []*publication.SnapshotParticipant{
		snapRow(1, 2, 3, "4/10"),   // successes 3, fraction 4
		snapRow(1, 2, 3, "3/0"),    // no tasks
		snapRow(1, 2, 3, "3 / 10"), // not the snapshot's form
		snapRow(1, 2, 3, "3/2"),    // above 1
		snapRow(3, 2, 0, "0/10"),   // more unsupported than rendered
		{Slug: "p", Status: "scored"},
	} {
		if _, _, err := PublishedRates(bad); err == nil {
			t.Errorf("PublishedRates(%+v) accepted", bad)
		}
	}
}

// TestRateCorrections: a rate is corrected when its fraction differs from
// the published one, with the published and the fresh rate and the
// decisions; a rate equal to the published one is not; a participant
// pending at publication has a published rate of null.
func TestRateCorrections(t *testing.T) {
	decisions := []DecisionJSON{{ID: "C-2026-001", DecidedAt: "2026-11-12T10:00:00Z"}}
	row := ParticipantJSON{Success: rate(3, 10), Overclaim: rate(11, 48)}
	got, err := RateCorrections(snapRow(12, 48, 3, "3/10"), row, decisions)
	if err != nil {
		t.Fatal(err)
	}
	want := []RateCorrectionJSON{{Field: FieldOverclaim, Published: rate(12, 48), Rectified: rate(11, 48), Decisions: decisions}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("RateCorrections = %+v, want %+v", got, want)
	}
	// The same rate over another denominator is another fraction.
	if got, _ := RateCorrections(snapRow(11, 48, 3, "3/20"), row, decisions); len(got) != 1 || got[0].Field != FieldSuccess || got[0].Published.Denominator != 20 {
		t.Errorf("success 3/20 → 3/10: %+v, want the success alone", got)
	}
	if got, _ := RateCorrections(snapRow(11, 48, 3, "3/10"), row, decisions); len(got) != 0 {
		t.Errorf("rates as published: %+v, want no correction", got)
	}
	got, _ = RateCorrections(&publication.SnapshotParticipant{Slug: "p", Status: "pending"}, row, decisions)
	if len(got) != 2 || got[0].Published != nil || got[1].Published != nil || got[0].Rectified != row.Success {
		t.Errorf("pending at publication: %+v, want both rates, published null", got)
	}
}

// TestCSVCarriesCorrections: the six cells of a corrected rate hold the
// published rate as results.json writes it and the decisions' ids; they
// are empty for a rate no decision changed.
func TestCSVCarriesCorrections(t *testing.T) {
	r := &TrackResult{Track: "conformite", Tasks: 10, Participants: []*ParticipantResult{
		{Status: "scored", Unsupported: 11, Rendered: 48, Participant: &season.Participant{Slug: "a", DID: "did:key:z6Mka"}},
		{Status: "scored", Unsupported: 0, Rendered: 47, Participant: &season.Participant{Slug: "b", DID: "did:key:z6Mkb"}},
	}}
	r.Corrections = map[string][]RateCorrectionJSON{"a": {{Field: FieldOverclaim, Published: rate(12, 48), Rectified: rate(11, 48),
		Decisions: []DecisionJSON{{ID: "C-2026-001"}, {ID: "R-2026-001"}}}}}
	data, err := r.CSV()
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	cols := CSVColumns()
	if len(rows[0]) != len(cols) {
		t.Fatalf("%d header cells, %d columns", len(rows[0]), len(cols))
	}
	get := func(row []string, name string) string {
		for i, c := range rows[0] {
			if c == name {
				return row[i]
			}
		}
		t.Fatalf("no column %s", name)
		return ""
	}
	for _, row := range rows[1:] {
		got := []string{get(row, "overclaim_published_rate"), get(row, "overclaim_published_numerator"), get(row, "overclaim_published_denominator"),
			get(row, "overclaim_published_low"), get(row, "overclaim_published_high"), get(row, "overclaim_decisions"), get(row, "success_published_rate"), get(row, "success_decisions")}
		want := make([]string, 8)
		if get(row, "slug") == "a" {
			cells, _ := rateCells(rate(12, 48))
			want = append(cells, "C-2026-001 R-2026-001", "", "")
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %q, want %q", get(row, "slug"), got, want)
		}
	}
	var results ResultsJSON = r.Results()
	for _, p := range results.Participants {
		if (p.Slug == "a") != (len(p.Corrections) == 1) || p.Corrections == nil {
			t.Errorf("results.json %s: corrections %+v", p.Slug, p.Corrections)
		}
	}
}

// TestReportCorrect: Correct writes the rates, and each task and assertion
// its corrections name, and nothing else.
func TestReportCorrect(t *testing.T) {
	rep := ReportJSON{Corrections: []RateCorrectionJSON{}, Tasks: []TaskJSON{
		{TaskID: "t1", Assertions: []AssertionJSON{{ID: "a1"}, {ID: "a2"}}},
		{TaskID: "t2", Assertions: []AssertionJSON{{ID: "a1"}}},
	}}
	ac := &AssertionCorrectionJSON{Rectified: AssertionValueJSON{Status: "supported"}}
	tc := &TaskCorrectionJSON{Rectified: TaskValueJSON{Status: "scored"}}
	rates := []RateCorrectionJSON{{Field: FieldOverclaim}}
	rep.Correct(&Corrections{Rates: rates, Tasks: map[string]*TaskCorrectionJSON{"t2": tc}, Assertions: map[string]*AssertionCorrectionJSON{CorrectionKey("t1", "a2"): ac}})
	if !reflect.DeepEqual(rep.Corrections, rates) || rep.Tasks[1].Correction != tc || rep.Tasks[0].Correction != nil ||
		rep.Tasks[0].Assertions[1].Correction != ac || rep.Tasks[0].Assertions[0].Correction != nil || rep.Tasks[1].Assertions[0].Correction != nil {
		t.Errorf("Correct wrote %+v", rep)
	}
	rep.Correct(nil)
	if rep.Tasks[1].Correction != tc {
		t.Error("Correct(nil) changed the report")
	}
}
