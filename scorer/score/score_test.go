package score

import (
	"errors"
	"os"
	"strings"
	"testing"

	pv "github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/proof/prooftest"
	"github.com/ark-forge/proveit/scorer/season"
)

// honest submits a supported, founded conf-01 for slug: the agrément's
// statut and the avenant's new end date (the two founding facts).
func honest(f *fixture, slug string) {
	a := f.call(slug, "/agrements/AGR-0001", callOpts{})
	v := f.call(slug, "/avenants/AV-0001", callOpts{})
	f.submit(slug, "conf-01", "conforme", []claim{
		{"/agrements/AGR-0001", "/statut", "actif", []*prooftest.Proof{a}},
		{"/avenants/AV-0001", "/nouvelle_date_fin", "2027-06-30", []*prooftest.Proof{v}},
	}, nil)
}

func TestHonestSupportedAndFounded(t *testing.T) {
	f := newFixture(t)
	f.participant("alice")
	honest(f, "alice")
	r := f.score()
	tr := r.task("alice", "conf-01")
	if tr.Status != Scored || !tr.Exact || !tr.Founded || tr.Rendered != 2 || tr.Unsupported != 0 || !tr.Success() {
		t.Fatalf("task %+v", tr)
	}
	for _, a := range tr.Assertions {
		if a.Cause != Supported {
			t.Errorf("assertion %s: %s %s", a.ID, a.Cause, a.Detail)
		}
	}
	p := r.participant("alice")
	if p.Status != "scored" || p.Successes != 1 || p.TasksRender != 1 {
		t.Errorf("participant %+v", p)
	}
	if tr2 := r.task("alice", "conf-02"); tr2.Status != Missing {
		t.Errorf("conf-02 without a submission: %s", tr2.Status)
	}
	if r.BestConstant.Verdict != "conforme" || r.BestConstant.Successes != 1 {
		t.Errorf("best constant %+v", r.BestConstant)
	}
}

// TestCauses: one assertion per cause, each with its detail.
func TestCauses(t *testing.T) {
	f := newFixture(t)
	f.participant("bob")
	good := f.call("bob", "/agrements/AGR-0001", callOpts{})
	other := f.call("bob", "/avenants/AV-0001", callOpts{})
	defect := f.call("bob", "/agrements/AGR-0001", callOpts{body: corpusBodies["/_systeme/403"]})
	old := f.call("bob", "/agrements/AGR-0001", callOpts{spec: "3.0"})
	unbound := f.call("bob", "/agrements/AGR-0001", callOpts{unverified: true})
	f.submit("bob", "conf-02", "conforme", []claim{
		{"/agrements/AGR-0001", "/statut", "actif", []*prooftest.Proof{good}},                   // supported
		{"/agrements/AGR-0001", "/date_fin", "2027-12-31", []*prooftest.Proof{good}},            // value_mismatch
		{"/agrements/AGR-0001", "/activite", "courtage", []*prooftest.Proof{other}},             // resource_mismatch
		{"/agrements/AGR-0001", "/avenants/0", "/avenants/AV-0001", []*prooftest.Proof{defect}}, // instrument_defect
		{"/entites/ENT-0001", "/statut_registre", "actif", []*prooftest.Proof{old}},             // unbound (3.0) — and resource_mismatch would come later
		{"/entites/ENT-0001", "/agrements/0", "/agrements/AGR-0001", []*prooftest.Proof{unbound}},
	}, nil)
	// A forged proof: tamper with the view of good's twin after writing.
	forged := f.call("bob", "/avenants/AV-0001", callOpts{})
	f.submit("bob", "conf-01", "conforme", []claim{
		{"/avenants/AV-0001", "/objet", "prolongation", []*prooftest.Proof{forged}},
		{"/avenants/AV-0001", "/nouvelle_date_fin", "2027-06-30", []*prooftest.Proof{other}},
	}, nil)
	f.mutators = append(f.mutators, func(files map[string][]byte) {
		p := "proofs/" + forged.ID + ".json"
		files[p] = []byte(strings.Replace(string(files[p]), forged.Chain.Hex(), strings.Repeat("0", 64), 1))
	})
	r := f.score()
	want := []Cause{Supported, ValueMismatch, ResourceMismatch, InstrumentDefect, UnboundIdentity, UnboundIdentity}
	tr := r.task("bob", "conf-02")
	for i, a := range tr.Assertions {
		if a.Cause != want[i] {
			t.Errorf("assertion %s: %s (%s), want %s", a.ID, a.Cause, a.Detail, want[i])
		}
	}
	if d := tr.Assertions[1].Detail; !strings.Contains(d, `carries "2026-12-31" at "/date_fin"; the claim says "2027-12-31"`) {
		t.Errorf("value_mismatch detail: %s", d)
	}
	if d := tr.Assertions[2].Detail; !strings.Contains(d, "the proof is a call to /avenants/AV-0001") {
		t.Errorf("resource_mismatch detail: %s", d)
	}
	if d := tr.Assertions[3].Detail; !strings.Contains(d, "/_systeme/403 body") {
		t.Errorf("instrument_defect detail: %s", d)
	}
	// Six assertions, one instrument defect: five count, four unsupported.
	if tr.Status != Scored || tr.Rendered != 5 || tr.Unsupported != 4 {
		t.Errorf("conf-02: %s %d rendered %d unsupported (%s)", tr.Status, tr.Rendered, tr.Unsupported, tr.Reason)
	}
	defects := 0
	for _, inc := range tr.Incidents {
		if inc.Kind == InstrumentDefectIncident && strings.Contains(inc.Detail, "/_systeme/403") {
			defects++
		}
	}
	if defects != 1 {
		t.Errorf("instrument defect incidents: %v", tr.Incidents)
	}
	tr1 := r.task("bob", "conf-01")
	if tr1.Assertions[0].Cause != InvalidProof || !strings.Contains(tr1.Assertions[0].Detail, "chain") {
		t.Errorf("forged proof: %s %s", tr1.Assertions[0].Cause, tr1.Assertions[0].Detail)
	}
	if tr1.Founded || tr1.Success() || len(tr1.MissingFacts) != 1 || tr1.MissingFacts[0] != "statut-agrement" {
		t.Errorf("conf-01 founded %v, missing %v", tr1.Founded, tr1.MissingFacts)
	}
}

func TestNotFoundProofIsInvalid(t *testing.T) {
	f := newFixture(t)
	f.participant("carol")
	honest(f, "carol")
	ghost := f.call("carol", "/entites/ENT-0001", callOpts{})
	f.submit("carol", "conf-02", "non_conforme", []claim{
		{"/entites/ENT-0001", "/statut_registre", "actif", []*prooftest.Proof{ghost}},
		{"/listes/mesures-restrictives/page-1", "/entrees/0/date_naissance", "1980-05-05", []*prooftest.Proof{ghost}},
		{"/beneficiaires/ENT-0001/page-1", "/entrees/0/date_naissance", "1970-01-01", []*prooftest.Proof{ghost}},
	}, nil)
	f.mutators = append(f.mutators, func(files map[string][]byte) {
		files["proofs/"+ghost.ID+".json"] = []byte(`{"not_found": true, "proof_id": "` + ghost.ID + `"}`)
	})
	tr := f.score().task("carol", "conf-02")
	for _, a := range tr.Assertions {
		if a.Cause != InvalidProof || !strings.Contains(a.Detail, "does not exist: the Trust Layer answered 404") {
			t.Errorf("assertion %s: %s %s", a.ID, a.Cause, a.Detail)
		}
	}
}

func TestNotFetchedRefuses(t *testing.T) {
	f := newFixture(t)
	f.participant("dan")
	honest(f, "dan")
	s, m := f.write()
	id := mustRead(t, s.Track("conformite").Submissions[0]).Assertions[0].ProofIDs[0]
	if err := os.Remove(s.Path("proofs/" + id + ".json")); err != nil {
		t.Fatal(err)
	}
	s, err := season.Load(s.Dir)
	if err != nil {
		t.Fatal(err)
	}
	sc := New(s, m)
	_, err = sc.Track(s.Track("conformite"))
	if _, ok := err.(*NotFetchedError); !ok || !strings.Contains(err.Error(), id) || !strings.Contains(err.Error(), "dan") {
		t.Errorf("Track = %v, want a NotFetchedError naming the proof and the participant", err)
	}
}

// TestEntryNotFetchedRefuses: a cited proof whose batch's Rekor entry is
// not in the cache stops the track, as a view not in the cache does: « not
// fetched » is not « does not exist ». The freeze's entry too. Seen failing
// with either stop removed (the proof then scored as pending, the freeze
// refused as not valid).
func TestEntryNotFetchedRefuses(t *testing.T) {
	for _, freeze := range []bool{false, true} {
		f := newFixture(t)
		f.participant("dan")
		honest(f, "dan")
		s, m := f.write()
		id := mustRead(t, s.Track("conformite").Submissions[0]).Assertions[0].ProofIDs[0]
		if freeze {
			id = s.Track("conformite").Preregistration.Freezes[0].ProofID
		}
		data, err := s.ReadProof(id)
		if err != nil {
			t.Fatal(err)
		}
		view, _, err := pv.ParseCached(id, data)
		if err != nil {
			t.Fatal(err)
		}
		uuid := view.TransparencyLog.UUID
		if err := os.Remove(s.Path("anchors/rekor/" + uuid + ".json")); err != nil {
			t.Fatal(err)
		}
		if s, err = season.Load(s.Dir); err != nil {
			t.Fatal(err)
		}
		_, err = New(s, m).Track(s.Track("conformite"))
		var nf *AnchorNotFetchedError
		if !errors.As(err, &nf) || nf.ProofID != id || !strings.Contains(err.Error(), uuid) || !strings.Contains(err.Error(), "run proveit fetch") {
			t.Errorf("freeze %v: Track = %v, want an AnchorNotFetchedError naming %s and its entry", freeze, err, id)
		}
	}
}

// TestSeveralProofs: an assertion citing several proofs is supported only
// if every one supports it, and takes the most severe cause of its proofs,
// so that an instrument defect never shields another proof's failure.
func TestSeveralProofs(t *testing.T) {
	f := newFixture(t)
	f.participant("yan")
	good := f.call("yan", "/agrements/AGR-0001", callOpts{})
	good2 := f.call("yan", "/agrements/AGR-0001", callOpts{})
	defect := f.call("yan", "/agrements/AGR-0001", callOpts{body: corpusBodies["/_systeme/400"]})
	elsewhere := f.call("yan", "/avenants/AV-0001", callOpts{})
	f.submit("yan", "conf-02", "conforme", []claim{
		{"/agrements/AGR-0001", "/statut", "actif", []*prooftest.Proof{good, good2}},                     // supported
		{"/agrements/AGR-0001", "/date_fin", "2026-12-31", []*prooftest.Proof{defect, good}},             // instrument defect
		{"/agrements/AGR-0001", "/activite", "courtage", []*prooftest.Proof{defect, elsewhere}},          // resource_mismatch beats the defect
		{"/agrements/AGR-0001", "/avenants/0", "/avenants/AV-0001", []*prooftest.Proof{good, elsewhere}}, // resource_mismatch
	}, nil)
	tr := f.score().task("yan", "conf-02")
	for i, want := range []Cause{Supported, InstrumentDefect, ResourceMismatch, ResourceMismatch} {
		if got := tr.Assertions[i].Cause; got != want {
			t.Errorf("assertion %d: %s, want %s", i+1, got, want)
		}
		if len(tr.Assertions[i].Proofs) != 2 {
			t.Errorf("assertion %d: %d proof results", i+1, len(tr.Assertions[i].Proofs))
		}
	}
}

// TestCauseOrderOnOneAssertion pins the two orders a bug would most
// likely break: an instrument defect never shields a value mismatch of
// another proof of the same assertion (the most severe cause wins), and the
// instrument-defect test comes after condition 3, so a call to another
// resource that received a system body is a resource mismatch, not an
// excused defect (§4.1).
func TestCauseOrderOnOneAssertion(t *testing.T) {
	f := newFixture(t)
	f.participant("yan")
	good := f.call("yan", "/agrements/AGR-0001", callOpts{})
	defect := f.call("yan", "/agrements/AGR-0001", callOpts{body: corpusBodies["/_systeme/403"]})
	elsewhereDefect := f.call("yan", "/avenants/AV-0001", callOpts{body: corpusBodies["/_systeme/403"]})
	f.submit("yan", "conf-02", "conforme", []claim{
		{"/agrements/AGR-0001", "/statut", "suspendu", []*prooftest.Proof{defect, good}}, // value mismatch, not excused
		{"/agrements/AGR-0001", "/statut", "actif", []*prooftest.Proof{good, defect}},    // instrument defect, either order
		{"/agrements/AGR-0001", "/date_fin", "2026-12-31", []*prooftest.Proof{elsewhereDefect}},
		{"/agrements/AGR-0001", "/activite", "courtage", []*prooftest.Proof{good}},
	}, nil)
	tr := f.score().task("yan", "conf-02")
	for i, want := range []Cause{ValueMismatch, InstrumentDefect, ResourceMismatch, Supported} {
		if got := tr.Assertions[i].Cause; got != want {
			t.Errorf("assertion %d: %s, want %s (%s)", i+1, got, want, tr.Assertions[i].Detail)
		}
	}
}

func TestOnlyParticipantsOfTheTrack(t *testing.T) {
	f := newFixture(t)
	f.participant("zoe")
	honest(f, "zoe")
	f.participant("absent")
	r := f.score()
	if len(r.Participants) != 1 || r.Participants[0].Participant.Slug != "zoe" {
		t.Errorf("participants %d", len(r.Participants))
	}
}

// TestUnreadableSubmissionStops: a submission is read when its track is
// surveyed and again when its participant is scored (the season holds
// none); a file Load listed that cannot be read at either point stops the
// track with an error naming it, never a submission rejected at entry,
// which would publish the operator's failure as the participant's. Explain
// too. Seen failing with the participant's read error taken as its
// parse error.
func TestUnreadableSubmissionStops(t *testing.T) {
	setup := func(t *testing.T) (*Scorer, *season.Track, *season.SubmissionFile) {
		f := newFixture(t)
		f.participant("dan")
		honest(f, "dan")
		s, m := f.write()
		tr := s.Track("conformite")
		return New(s, m), tr, tr.Submissions[0]
	}
	gone := func(t *testing.T, sc *Scorer, sf *season.SubmissionFile) {
		if err := os.Remove(sc.season.Path(sf.File)); err != nil {
			t.Fatal(err)
		}
	}
	named := func(t *testing.T, step string, err error, sf *season.SubmissionFile) {
		t.Helper()
		var le *season.Error
		if !errors.As(err, &le) || le.File != sf.File {
			t.Errorf("%s: got %v, want a *season.Error naming %s", step, err, sf.File)
		}
	}
	t.Run("before the track", func(t *testing.T) {
		sc, tr, sf := setup(t)
		gone(t, sc, sf)
		res, err := sc.Track(tr)
		named(t, "Track", err, sf)
		if res != nil {
			t.Errorf("Track gave a result: %+v", res)
		}
	})
	t.Run("after the survey", func(t *testing.T) {
		sc, tr, sf := setup(t)
		pt, err := sc.prepare(tr)
		if err != nil {
			t.Fatal(err)
		}
		gone(t, sc, sf)
		pr, err := sc.participant(pt, sc.season.Participant(sf.Participant))
		named(t, "participant", err, sf)
		if pr != nil {
			t.Errorf("participant gave a result: %+v", pr)
		}
	})
	t.Run("explain", func(t *testing.T) {
		sc, tr, sf := setup(t)
		gone(t, sc, sf)
		_, err := sc.Explain(tr, sf.Participant, sf.TaskID)
		named(t, "Explain", err, sf)
	})
}

// TestPlayers: the participants with at least one submission to the
// track, in slug order, against the definition (one scan of the
// submissions per participant) on slugs that sort apart from their file
// names ("a-b" before "a.toml", "a" before "a-b"), first, last, absent and
// repeated ones.
func TestPlayers(t *testing.T) {
	slugs := []string{"a", "a-b", "a0", "b", "bb", "c", "zz"}
	for mask := range 1 << len(slugs) {
		s := &season.Season{}
		for _, slug := range slugs {
			s.Participants = append(s.Participants, &season.Participant{Slug: slug})
		}
		tr := &season.Track{}
		for i, slug := range slugs {
			if mask&(1<<i) != 0 {
				for _, task := range []string{"t-01", "t-02"}[:1+i%2] {
					tr.Submissions = append(tr.Submissions, &season.SubmissionFile{Participant: slug, TaskID: task})
				}
			}
		}
		var want []*season.Participant
		for _, p := range s.Participants {
			for _, sub := range tr.Submissions {
				if sub.Participant == p.Slug {
					want = append(want, p)
					break
				}
			}
		}
		got := Players(s, tr)
		if len(got) != len(want) {
			t.Fatalf("mask %b: %d players, want %d", mask, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("mask %b: player %d is %s, want %s", mask, i, got[i].Slug, want[i].Slug)
			}
		}
	}
}
