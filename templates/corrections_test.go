package templates

import (
	"strings"
	"testing"
	"unique"

	"github.com/ark-forge/proveit/internal/sitepath"
	"github.com/ark-forge/proveit/scorer/score"
	"github.com/ark-forge/proveit/scorer/season"
	"github.com/ark-forge/proveit/templates/messages"
)

// TestLateText: a contestation the register loaded as late says so, with
// its decision's date and its deadline; one on time says nothing (the
// 30-day rule itself is publication.Contestation.Late's, tested there).
func TestLateText(t *testing.T) {
	l := &locale{cat: messages.French}
	c := Contestation{Decision: "rejected", DecidedAt: "2026-12-15T10:00:00Z", Deadline: "2026-12-07T10:00:00Z", Late: true}
	if got := lateText(l, c); got != "En retard : décision rendue le 15 décembre 2026 à 10:00:00 UTC, après l'échéance du 7 décembre 2026 à 10:00:00 UTC (30 jours après la réception)." {
		t.Errorf("lateText = %q", got)
	}
	if s := contestationState(l, c); strings.Contains(s, "retard") {
		t.Errorf("the state %q repeats the lateness, said apart", s)
	}
	c.Late = false
	if got := lateText(l, c); got != "" {
		t.Errorf("on time: lateText = %q, want nothing", got)
	}
}

// registerFixture is a track whose participant p has, in task t1,
// assertions a1 (supported now, published value_mismatch) and a2, and a
// rate history.
func registerFixture() []Track {
	task := &score.TaskResult{TaskID: "t1", Status: score.Scored, Causes: []score.AssertionCause{
		{ID: unique.Make("a2"), Cause: score.ValueMismatch}, {ID: unique.Make("a1"), Cause: score.Supported}}}
	res := &score.TrackResult{Track: "conformite", Tasks: 10, Participants: []*score.ParticipantResult{{Participant: &season.Participant{Slug: "p"}, Status: "scored", Tasks: []*score.TaskResult{task}}}}
	rates := []score.RateCorrectionJSON{{Field: score.FieldOverclaim, Published: &score.RateJSON{Numerator: 12, Denominator: 48}, Rectified: &score.RateJSON{Numerator: 11, Denominator: 48}}}
	return []Track{{Name: "conformite", Scored: true, Result: res,
		History:    map[string]*History{HistoryKey("p", "t1", "a1"): {PublishedStatus: "unsupported", PublishedCause: "value_mismatch"}},
		RowHistory: map[string]*RowHistory{"p": {Rates: rates, Decisions: []DecisionRef{{ID: "C-2026-001"}}}}}}
}

// TestRegisterLinksAndChanges: an entry links its assertion by the
// anchor of its place in the report (a1 is the second assertion of t1),
// its task when the assertion is "" or unknown; it shows the assertion's
// published cause → its cause now and the rates published → now, with
// the decisions' ids when more than one decided them jointly.
func TestRegisterLinksAndChanges(t *testing.T) {
	l := &locale{cat: messages.French}
	rt := newRegisterTracks(registerFixture())
	at := sitepath.Corrections(3)
	for _, c := range []struct{ assertion, want string }{
		{"a1", "../conformite/participants/p/index.html#assertion-t1-2"},
		{"a2", "../conformite/participants/p/index.html#assertion-t1-1"},
		{"", "../conformite/participants/p/index.html#tache-t1"},
		{"a9", "../conformite/participants/p/index.html#tache-t1"},
	} {
		if got := rt.reportHref(at, 3, "conformite", "p", "t1", c.assertion).String(); got != c.want {
			t.Errorf("reportHref(%q) = %s, want %s", c.assertion, got, c.want)
		}
	}
	if got := rt.assertionChange(l, "conformite", "p", "t1", "a1"); got != "Assertion a1 : non étayée : valeur ne correspondant pas (value_mismatch) → étayée (supported)." {
		t.Errorf("assertionChange = %q", got)
	}
	if got := rt.assertionChange(l, "conformite", "p", "t1", "a2"); got != "" {
		t.Errorf("an assertion no decision changed: %q, want nothing", got)
	}
	if got := rt.rateChanges(l, "conformite", "p"); len(got) != 1 || got[0] != "Taux d'overclaim sur la piste (p) : 12/48 (25\u00a0%) → 11/48 (23\u00a0%)." {
		t.Errorf("rateChanges = %q", got)
	}
	tracks := registerFixture()
	tracks[0].RowHistory["p"].Decisions = append(tracks[0].RowHistory["p"].Decisions, DecisionRef{ID: "R-2026-001"})
	if got := newRegisterTracks(tracks).rateChanges(l, "conformite", "p"); len(got) != 1 || !strings.HasSuffix(got[0], "(effet conjoint des décisions C-2026-001, R-2026-001)") {
		t.Errorf("two decisions: %q, want their joint effect named", got)
	}
	tracks = registerFixture()
	tracks[0].RowHistory["p"].Rates = append(tracks[0].RowHistory["p"].Rates, score.RateCorrectionJSON{Field: score.FieldSuccess, Published: nil, Rectified: &score.RateJSON{Numerator: 3, Denominator: 10}})
	if got := newRegisterTracks(tracks).rateChanges(l, "conformite", "p"); len(got) != 2 || got[1] != "Taux de réussite sur la piste (p) : "+l.text("number.pending")+" → 3/10 (30\u00a0%)." {
		t.Errorf("a success published while pending: %q", got)
	}
	if got := rt.rateChanges(l, "conformite", "q"); got != nil {
		t.Errorf("a participant no decision changed: %q", got)
	}
	if l.err != nil {
		t.Fatal(l.err)
	}
}

// TestRateFixes: the report's header fix of each changed rate, published
// → now, linking every decision's entry in the register; none without a
// history.
func TestRateFixes(t *testing.T) {
	l := &locale{cat: messages.French}
	h := registerFixture()[0].RowHistory["p"]
	h.Decisions = append(h.Decisions, DecisionRef{ID: "R-2026-001"})
	o, s := rateFixes(l, 3, h, sitepath.Report(3, "conformite", "p"))
	if s != nil || o == nil || o.Published != "12/48 (25\u00a0%)" || o.Rectified != "11/48 (23\u00a0%)" ||
		string(o.Decisions) != `<a href="../../../corrections/index.html#C-2026-001"><code>C-2026-001</code></a>, <a href="../../../corrections/index.html#R-2026-001"><code>R-2026-001</code></a>` {
		t.Errorf("rateFixes = %+v, %+v", o, s)
	}
	if o, s := rateFixes(l, 3, nil, sitepath.Report(3, "conformite", "p")); o != nil || s != nil {
		t.Error("no history, but a fix")
	}
	if got := rateText(l, nil); got != l.text("number.pending") {
		t.Errorf("rateText(nil) = %q", got)
	}
	if l.err != nil {
		t.Fatal(l.err)
	}
}
