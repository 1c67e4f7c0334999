package score

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/ark-forge/proveit/scorer/proof/prooftest"
)

// One test per rule of §5.7; each fails when its rule is removed from the
// code (see the closing note of the scorer issue for how each was checked).

func TestRuleCeiling(t *testing.T) {
	f := newFixture(t)
	f.participant("erin")
	a := f.call("erin", "/agrements/AGR-0001", callOpts{})
	claims := []claim{
		{"/agrements/AGR-0001", "/statut", "actif", []*prooftest.Proof{a}},
		{"/agrements/AGR-0001", "/date_fin", "2026-12-31", []*prooftest.Proof{a}},
		{"/agrements/AGR-0001", "/activite", "courtage", []*prooftest.Proof{a}},
		{"/agrements/AGR-0001", "/avenants/0", "/avenants/AV-0001", []*prooftest.Proof{a}},
		{"/agrements/AGR-0001", "/statut", "suspendu", []*prooftest.Proof{a}},
	}
	f.submit("erin", "conf-01", "conforme", claims, nil) // 5 > max 4
	f.submit("erin", "conf-02", "conforme", claims, nil) // 5 ≤ max 6
	r := f.score()
	tr := r.task("erin", "conf-01")
	if tr.Status != RejectedAtEntry || !strings.Contains(tr.Reason, "5 assertions, above the ceiling of 4") {
		t.Errorf("conf-01: %s %s", tr.Status, tr.Reason)
	}
	if len(tr.Incidents) != 1 || tr.Incidents[0].Kind != SeasonServiceIncident {
		t.Errorf("a submission over the ceiling is a season-service incident: %v", tr.Incidents)
	}
	if tr := r.task("erin", "conf-02"); tr.Status != Scored {
		t.Errorf("conf-02: %s %s", tr.Status, tr.Reason)
	}
}

func TestRuleGraph(t *testing.T) {
	for _, c := range []struct{ resource, field, value, why string }{
		{"/entites/ENT-0002", "/statut_registre", "radie", `resource "/entites/ENT-0002" is not in the task graph`},
		{"/referentiel", "/precedence", "un critère établi faux donne non_conforme", `resource "/referentiel" is not in the task graph`},
		{"/agrements/AGR-0404", "/existe", "false", `resource "/agrements/AGR-0404" is not in the task graph`},
	} {
		f := newFixture(t)
		f.participant("fay")
		good := f.call("fay", "/agrements/AGR-0001", callOpts{})
		out := f.call("fay", c.resource, callOpts{})
		f.submit("fay", "conf-01", "conforme", []claim{
			{"/agrements/AGR-0001", "/statut", "actif", []*prooftest.Proof{good}},
			{c.resource, c.field, c.value, []*prooftest.Proof{out}},
		}, nil)
		tr := f.score().task("fay", "conf-01")
		if tr.Status != RejectedAtClose || !strings.Contains(tr.Reason, c.why) {
			t.Errorf("%s: %s %s", c.resource, tr.Status, tr.Reason)
		}
	}
}

func TestRuleProbativeField(t *testing.T) {
	for _, c := range []struct{ field, value, why string }{
		{"/denomination", "Société Fictive Test SAS", `field "/denomination" is not probative for the collection entites`},
		{"", "x", "the field is empty"},
		{"/agrements/00", "/agrements/AGR-0001", `field "/agrements/00" is not probative`},
		{"statut_registre", "actif", "is not a JSON pointer"},
	} {
		f := newFixture(t)
		f.participant("gus")
		a := f.call("gus", "/agrements/AGR-0001", callOpts{})
		e := f.call("gus", "/entites/ENT-0001", callOpts{})
		f.submit("gus", "conf-01", "conforme", []claim{
			{"/agrements/AGR-0001", "/statut", "actif", []*prooftest.Proof{a}},
			{"/entites/ENT-0001", c.field, c.value, []*prooftest.Proof{e}},
		}, nil)
		tr := f.score().task("gus", "conf-01")
		if tr.Status != RejectedAtClose || !strings.Contains(tr.Reason, c.why) {
			t.Errorf("field %q: %s %s", c.field, tr.Status, tr.Reason)
		}
	}
}

func TestRuleCommonListEntry(t *testing.T) {
	for _, c := range []struct {
		resource, field, value string
		ok                     bool
		why                    string
	}{
		{"/listes/agrees/courtage/page-1", "/entrees/0/depuis", "2020-01-01", true, ""},
		{"/listes/agrees/courtage/page-1", "/entrees/1/depuis", "2021-01-01", false, `its entite is "/entites/ENT-0002", not the task's entite "/entites/ENT-0001"`},
		{"/listes/mesures-restrictives/page-1", "/entrees/0/date_naissance", "1980-05-05", true, ""},
		{"/listes/mesures-restrictives/page-1", "/entrees/1/date_naissance", "1960-02-02", false, `its nom, prenoms ["Durand","Paul"] match no entry of the task's beneficiaires`},
		{"/listes/mesures-restrictives/page-1", "/entrees/7/nom", "X", false, "targets no entry"},
	} {
		f := newFixture(t)
		f.participant("hal")
		a := f.call("hal", "/agrements/AGR-0001", callOpts{})
		l := f.call("hal", c.resource, callOpts{})
		f.submit("hal", "conf-01", "conforme", []claim{
			{"/agrements/AGR-0001", "/statut", "actif", []*prooftest.Proof{a}},
			{c.resource, c.field, c.value, []*prooftest.Proof{l}},
		}, nil)
		tr := f.score().task("hal", "conf-01")
		if c.ok && tr.Status != Scored || !c.ok && (tr.Status != RejectedAtClose || !strings.Contains(tr.Reason, c.why)) {
			t.Errorf("%s %s: %s %s", c.resource, c.field, tr.Status, tr.Reason)
		}
	}
}

// TestRuleOwnHalf: conf-02 requires 3 assertions, 2 of them (⌈3/2⌉) on own
// resources; three true common-list assertions are not enough.
func TestRuleOwnHalf(t *testing.T) {
	f := newFixture(t)
	f.participant("ida")
	l := f.call("ida", "/listes/agrees/courtage/page-1", callOpts{})
	m := f.call("ida", "/listes/mesures-restrictives/page-1", callOpts{})
	a := f.call("ida", "/agrements/AGR-0001", callOpts{})
	lists := []claim{
		{"/listes/agrees/courtage/page-1", "/entrees/0/depuis", "2020-01-01", []*prooftest.Proof{l}},
		{"/listes/agrees/courtage/page-1", "/entrees/0/agrement", "/agrements/AGR-0001", []*prooftest.Proof{l}},
		{"/listes/mesures-restrictives/page-1", "/entrees/0/date_naissance", "1980-05-05", []*prooftest.Proof{m}},
	}
	f.submit("ida", "conf-02", "non_conforme", append(lists, claim{"/agrements/AGR-0001", "/statut", "actif", []*prooftest.Proof{a}}), nil)
	f.participant("jo")
	l2 := f.call("jo", "/listes/agrees/courtage/page-1", callOpts{})
	m2 := f.call("jo", "/listes/mesures-restrictives/page-1", callOpts{})
	f.submit("jo", "conf-02", "non_conforme", []claim{
		{"/listes/agrees/courtage/page-1", "/entrees/0/depuis", "2020-01-01", []*prooftest.Proof{l2}},
		{"/listes/agrees/courtage/page-1", "/entrees/0/agrement", "/agrements/AGR-0001", []*prooftest.Proof{l2}},
		{"/listes/mesures-restrictives/page-1", "/entrees/0/date_naissance", "1980-05-05", []*prooftest.Proof{m2}},
	}, nil)
	r := f.score()
	if tr := r.task("jo", "conf-02"); tr.Status != NotRendered || !strings.Contains(tr.Reason, "0 assertions on own resources of the entity, the task requires at least 2") ||
		tr.Below != (Below{Have: 0, Need: 2, Min: 3, Own: true}) {
		t.Errorf("jo: %s %s %+v", tr.Status, tr.Reason, tr.Below)
	}
	// One own assertion of the two required: still not rendered.
	if tr := r.task("ida", "conf-02"); tr.Status != NotRendered || !strings.Contains(tr.Reason, "1 assertions on own resources") ||
		tr.Below != (Below{Have: 1, Need: 2, Min: 3, Own: true}) {
		t.Errorf("ida: %s %s %+v", tr.Status, tr.Reason, tr.Below)
	}
}

func TestRuleMinimumAndInstrumentDefects(t *testing.T) {
	f := newFixture(t)
	f.participant("kim")
	a := f.call("kim", "/agrements/AGR-0001", callOpts{})
	v := f.call("kim", "/avenants/AV-0001", callOpts{})
	d := f.call("kim", "/entites/ENT-0001", callOpts{body: corpusBodies["/_systeme/503"]})
	// conf-02 needs 3: two supported + one instrument defect → not rendered.
	f.submit("kim", "conf-02", "conforme", []claim{
		{"/agrements/AGR-0001", "/statut", "actif", []*prooftest.Proof{a}},
		{"/avenants/AV-0001", "/nouvelle_date_fin", "2027-06-30", []*prooftest.Proof{v}},
		{"/entites/ENT-0001", "/statut_registre", "actif", []*prooftest.Proof{d}},
	}, nil)
	// conf-01 needs 2: two supported + one instrument defect → rendered,
	// 2 assertions counted, the defect out of the rate.
	f.submit("kim", "conf-01", "conforme", []claim{
		{"/agrements/AGR-0001", "/statut", "actif", []*prooftest.Proof{a}},
		{"/avenants/AV-0001", "/nouvelle_date_fin", "2027-06-30", []*prooftest.Proof{v}},
		{"/entites/ENT-0001", "/statut_registre", "actif", []*prooftest.Proof{d}},
	}, nil)
	f.participant("lou")
	a2 := f.call("lou", "/agrements/AGR-0001", callOpts{})
	f.submit("lou", "conf-01", "conforme", []claim{{"/agrements/AGR-0001", "/statut", "actif", []*prooftest.Proof{a2}}}, nil)
	r := f.score()
	if tr := r.task("kim", "conf-02"); tr.Status != NotRendered || !strings.Contains(tr.Reason, "2 assertions count (instrument defects excluded), the task requires at least 3") ||
		tr.Below != (Below{Have: 2, Need: 3, Min: 3}) {
		t.Errorf("kim conf-02: %s %s %+v", tr.Status, tr.Reason, tr.Below)
	}
	tr := r.task("kim", "conf-01")
	if tr.Status != Scored || tr.Rendered != 2 || tr.Unsupported != 0 || tr.Assertions[2].Cause != InstrumentDefect || tr.Below != (Below{}) {
		t.Errorf("kim conf-01: %s rendered %d unsupported %d", tr.Status, tr.Rendered, tr.Unsupported)
	}
	if p := r.participant("kim"); p.Rendered != 2 || p.Unsupported != 0 {
		t.Errorf("kim: the instrument defect entered the rate: %d/%d", p.Unsupported, p.Rendered)
	}
	if tr := r.task("lou", "conf-01"); tr.Status != NotRendered || !strings.Contains(tr.Reason, "1 assertions count") {
		t.Errorf("lou: %s %s", tr.Status, tr.Reason)
	}
}

// TestRuleFoundedVerdict: an exact verdict whose founding facts are not
// all carried by supported assertions counts as inexact, stays rendered
// and counts in the overclaim; the report names the missing facts.
func TestRuleFoundedVerdict(t *testing.T) {
	f := newFixture(t)
	f.participant("max")
	a := f.call("max", "/agrements/AGR-0001", callOpts{})
	f.submit("max", "conf-01", "conforme", []claim{
		{"/agrements/AGR-0001", "/statut", "actif", []*prooftest.Proof{a}},
		{"/agrements/AGR-0001", "/date_fin", "2026-12-31", []*prooftest.Proof{a}},
	}, nil)
	f.participant("ned")
	honest(f, "ned")
	// A founding fact claimed with a value_mismatch proof does not found.
	f.participant("ola")
	a3 := f.call("ola", "/agrements/AGR-0001", callOpts{})
	f.submit("ola", "conf-01", "conforme", []claim{
		{"/agrements/AGR-0001", "/statut", "actif", []*prooftest.Proof{a3}},
		{"/avenants/AV-0001", "/nouvelle_date_fin", "2027-06-30", []*prooftest.Proof{a3}},
	}, nil)
	r := f.score()
	tr := r.task("max", "conf-01")
	if tr.Status != Scored || !tr.Exact || tr.Founded || tr.Success() || len(tr.MissingFacts) != 1 || tr.MissingFacts[0] != "fin-prolongee" {
		t.Errorf("max: %s exact %v founded %v missing %v", tr.Status, tr.Exact, tr.Founded, tr.MissingFacts)
	}
	if p := r.participant("max"); p.Successes != 0 || p.Rendered != 2 {
		t.Errorf("max: %d successes, %d rendered", p.Successes, p.Rendered)
	}
	if p := r.participant("ned"); p.Successes != 1 {
		t.Errorf("ned: %d successes", p.Successes)
	}
	if tr := r.task("ola", "conf-01"); tr.Founded || tr.Assertions[1].Cause != ResourceMismatch {
		t.Errorf("ola: founded %v with %s", tr.Founded, tr.Assertions[1].Cause)
	}
}

func TestRulePending(t *testing.T) {
	f := newFixture(t)
	f.participant("pam")
	honest(f, "pam")
	a := f.call("pam", "/agrements/AGR-0001", callOpts{open: true})
	f.submit("pam", "conf-02", "conforme", []claim{
		{"/agrements/AGR-0001", "/statut", "actif", []*prooftest.Proof{a}},
		{"/agrements/AGR-0001", "/date_fin", "2026-12-31", []*prooftest.Proof{a}},
		{"/agrements/AGR-0001", "/activite", "courtage", []*prooftest.Proof{a}},
	}, nil)
	r := f.score()
	tr := r.task("pam", "conf-02")
	if tr.Status != PendingTask || tr.Assertions[0].Cause != Pending {
		t.Fatalf("conf-02: %s %s", tr.Status, tr.Reason)
	}
	p := r.participant("pam")
	if p.Status != "pending" {
		t.Errorf("participant status %s", p.Status)
	}
	row := p.row(r.TrackResult)
	if row.Overclaim != nil || row.Success != nil || row.TasksScored != nil {
		t.Errorf("a pending participant publishes numbers: %+v", row)
	}
	b, _ := MarshalJSON(r.Results())
	if !strings.Contains(string(b), `"status": "pending"`) || !strings.Contains(string(b), `"overclaim": null`) {
		t.Errorf("results.json:\n%s", b)
	}
}

func TestEntryRejections(t *testing.T) {
	f := newFixture(t)
	f.participant("quinn")
	honest(f, "quinn")
	a := f.call("quinn", "/agrements/AGR-0001", callOpts{})
	cl := []claim{
		{"/agrements/AGR-0001", "/statut", "actif", []*prooftest.Proof{a}},
		{"/agrements/AGR-0001", "/date_fin", "2026-12-31", []*prooftest.Proof{a}},
		{"/agrements/AGR-0001", "/activite", "courtage", []*prooftest.Proof{a}},
	}
	f.submit("quinn", "conf-02", "conforme", cl, func(doc map[string]any) { doc["extra"] = true })
	f.participant("rae")
	b := f.call("rae", "/agrements/AGR-0001", callOpts{})
	f.submit("rae", "conf-02", "peut-etre", []claim{{"/agrements/AGR-0001", "/statut", "actif", []*prooftest.Proof{b}}, {"/agrements/AGR-0001", "/date_fin", "2026-12-31", []*prooftest.Proof{b}}, {"/agrements/AGR-0001", "/activite", "courtage", []*prooftest.Proof{b}}}, nil)
	f.submit("rae", "conf-01", "conforme", []claim{{"/agrements/AGR-0001", "/statut", "actif", []*prooftest.Proof{b}}, {"/agrements/AGR-0001", "/statut", "actif", []*prooftest.Proof{b}}}, nil)
	f.participant("sid")
	c := f.call("sid", "/agrements/AGR-0001", callOpts{})
	f.submit("sid", "conf-01", "conforme", []claim{{"/agrements/AGR-0001", "/statut", "actif", []*prooftest.Proof{c}}, {"/agrements/AGR-0001", "/date_fin", "2026-12-31", []*prooftest.Proof{c}}}, func(doc map[string]any) { doc["agent_did"] = "did:key:z6Mkquinn" })
	r := f.score()
	for _, c := range []struct{ slug, task, why string }{
		{"quinn", "conf-02", `unknown key "extra"`},
		{"rae", "conf-02", `verdict "peut-etre" is not in the track's verdict set`},
		{"rae", "conf-01", "triplet"},
		{"sid", "conf-01", `agent_did is "did:key:z6Mkquinn", the participant enrolled with "did:key:z6Mksid"`},
	} {
		tr := r.task(c.slug, c.task)
		if tr.Status != RejectedAtEntry || !strings.Contains(tr.Reason, c.why) || len(tr.Incidents) != 1 || tr.Incidents[0].Kind != SeasonServiceIncident {
			t.Errorf("%s %s: %s %q %v", c.slug, c.task, tr.Status, tr.Reason, tr.Incidents)
		}
	}
	// The build goes on for everyone else.
	if tr := r.task("quinn", "conf-01"); tr.Status != Scored || !tr.Success() {
		t.Errorf("quinn conf-01: %s", tr.Status)
	}
}

func TestReportJSON(t *testing.T) {
	f := newFixture(t)
	f.participant("tess")
	honest(f, "tess")
	r := f.score()
	b, err := MarshalJSON(r.Report(r.participant("tess")))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	task := doc["tasks"].([]any)[0].(map[string]any)
	for _, k := range []string{"task_id", "status", "verdict", "expected_verdict", "founded", "missing_facts", "assertions", "incidents"} {
		if _, ok := task[k]; !ok {
			t.Errorf("report task lacks %s", k)
		}
	}
	a := task["assertions"].([]any)[0].(map[string]any)
	for _, k := range []string{"id", "claim", "proof_ids", "status", "cause", "detail"} {
		if _, ok := a[k]; !ok {
			t.Errorf("report assertion lacks %s", k)
		}
	}
	res, _ := MarshalJSON(r.Results())
	var rows struct {
		Participants []struct {
			Overclaim, Success *RateJSON
		}
	}
	if err := json.Unmarshal(res, &rows); err != nil || len(rows.Participants) != 1 {
		t.Fatalf("results.json: %v\n%s", err, res)
	}
	if o, s := rows.Participants[0].Overclaim, rows.Participants[0].Success; o == nil || s == nil || o.Numerator != 0 || o.Denominator != 2 || s.Numerator != 1 || s.Denominator != 2 {
		t.Errorf("results.json:\n%s", res)
	}
}

// TestFreezeAnchoredBeforeOpening: a freeze must be anchored strictly
// before the season opens (§8.1: before the first run); one anchored at
// the opening itself refuses the track, one a second earlier passes.
func TestFreezeAnchoredBeforeOpening(t *testing.T) {
	for _, c := range []struct {
		at      time.Time
		refused bool
	}{
		{opensAt, true},
		{opensAt.Add(time.Second), true},
		{opensAt.Add(-time.Second), false},
	} {
		f := newFixture(t)
		f.participant("wes")
		honest(f, "wes")
		f.freezeAnchored = c.at
		s, m := f.write()
		_, err := New(s, m).Track(s.Track("conformite"))
		var pe *PreregError
		if refused := errors.As(err, &pe) && pe.What == "anchoring time"; refused != c.refused {
			t.Errorf("freeze anchored at %s: %v, want refused %v", c.at.Format(time.RFC3339), err, c.refused)
		}
	}
}

// TestEntryTrackAndTask: a submission whose track or task_id is not the
// one it is filed under is rejected at entry.
func TestEntryTrackAndTask(t *testing.T) {
	f := newFixture(t)
	f.participant("uma")
	a := f.call("uma", "/agrements/AGR-0001", callOpts{})
	cl := []claim{
		{"/agrements/AGR-0001", "/statut", "actif", []*prooftest.Proof{a}},
		{"/agrements/AGR-0001", "/date_fin", "2026-12-31", []*prooftest.Proof{a}},
		{"/agrements/AGR-0001", "/activite", "courtage", []*prooftest.Proof{a}},
	}
	f.submit("uma", "conf-02", "conforme", cl, func(doc map[string]any) { doc["track"] = "generique" })
	f.submit("uma", "conf-01", "conforme", cl[:2], func(doc map[string]any) { doc["task_id"] = "conf-02" })
	r := f.score()
	for _, c := range []struct{ task, why string }{
		{"conf-02", `track is "generique", the submission is filed in track conformite`},
		{"conf-01", `task_id is "conf-02", the submission is filed as conf-01`},
	} {
		if tr := r.task("uma", c.task); tr.Status != RejectedAtEntry || !strings.Contains(tr.Reason, c.why) {
			t.Errorf("%s: %s %q, want rejected at entry: %s", c.task, tr.Status, tr.Reason, c.why)
		}
	}
}

// TestValueFromAnotherResponse: condition 4 compares the opened response
// hash with the manifest's before it reads the value; a proof whose
// response was another body is a value mismatch even when that body holds
// the claimed value at the claimed field.
func TestValueFromAnotherResponse(t *testing.T) {
	f := newFixture(t)
	f.participant("val")
	other := strings.Replace(corpusBodies["/agrements/AGR-0001"], `{`, `{"version": "2", `, 1)
	if other == corpusBodies["/agrements/AGR-0001"] {
		t.Fatal("the body was not changed")
	}
	p := f.call("val", "/agrements/AGR-0001", callOpts{body: other})
	f.submit("val", "conf-02", "conforme", []claim{{"/agrements/AGR-0001", "/statut", "actif", []*prooftest.Proof{p}}}, nil)
	tr := f.score().task("val", "conf-02")
	if got := tr.Assertions[0].Cause; got != ValueMismatch || !strings.Contains(tr.Assertions[0].Detail, "opens response_hash") {
		t.Errorf("cause %s (%s), want value_mismatch on the response hash", got, tr.Assertions[0].Detail)
	}
}

// TestSpecBeyondKnownStops: a cited proof in a spec_version above the
// model's stops the track, naming the version and the proof, instead of
// counting as an invalid proof (« 3.1 ou au-delà », §4.1); a lower unknown
// version is an invalid proof as before.
func TestSpecBeyondKnownStops(t *testing.T) {
	for _, c := range []struct {
		spec  string
		stops bool
	}{{"3.2", true}, {"4.0", true}, {"2.5", false}} {
		f := newFixture(t)
		f.participant("xan")
		honest(f, "xan")
		var id string
		f.mutators = append(f.mutators, func(files map[string][]byte) {
			for name, b := range files {
				if strings.HasPrefix(name, "proofs/") && !bytes.Contains(b, []byte(challengeDID)) && id == "" {
					files[name] = bytes.Replace(b, []byte(`"spec_version":"3.1"`), []byte(`"spec_version":"`+c.spec+`"`), 1)
					id = strings.TrimSuffix(strings.TrimPrefix(name, "proofs/"), ".json")
				}
			}
		})
		s, m := f.write()
		res, err := New(s, m).Track(s.Track("conformite"))
		var be *BeyondKnownError
		if c.stops {
			if !errors.As(err, &be) || !strings.Contains(err.Error(), `spec_version "`+c.spec+`": `+id) {
				t.Errorf("spec %s: %v, want the track stopped naming the version and %s", c.spec, err, id)
			}
			continue
		}
		if err != nil || res == nil {
			t.Errorf("spec %s: %v, want the track scored", c.spec, err)
		}
	}
}

// TestRuleSetPinnedByBareme: a track is scored by the rule set its barème
// was frozen with, named in results.json; a barème no rule set scores
// refuses the track.
func TestRuleSetPinnedByBareme(t *testing.T) {
	f := newFixture(t)
	f.participant("ros")
	honest(f, "ros")
	r := f.score()
	if r.RuleSet != "prove-it-s1-essai" || r.Results().RuleSet != "prove-it-s1-essai" || r.Results().ProveitVersion == "" {
		t.Errorf("rule set %q, results %+v", r.RuleSet, r.Results().RuleSet)
	}
	f = newFixture(t)
	f.participant("ros")
	honest(f, "ros")
	f.mutators = append(f.mutators, func(files map[string][]byte) {
		for _, name := range []string{"conformite/track.toml", "conformite/preregistration.toml"} {
			files[name] = bytes.Replace(files[name], []byte(`bareme = "conformite-bareme-essai"`), []byte(`bareme = "conformite-bareme-v4"`), 1)
		}
	})
	s, m := f.write()
	if _, err := New(s, m).Track(s.Track("conformite")); err == nil || !strings.Contains(err.Error(), `barème "conformite-bareme-v4" has no rule set in this proveit`) {
		t.Errorf("an unknown barème: %v", err)
	}
}
