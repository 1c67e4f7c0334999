package season

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/scorer/submission"
)

func TestCitedProofs(t *testing.T) {
	// The submissions are parsed values, given to citedProofs as Read
	// would give them.
	parsed := map[*SubmissionFile]Parsed{}
	raws := map[*SubmissionFile][]byte{}
	// bad is a submission that does not parse: its file is raw.
	bad := func(slug, task, raw string) *SubmissionFile {
		sf := &SubmissionFile{Participant: slug, TaskID: task}
		parsed[sf] = Parsed{Err: errors.New("bad")}
		raws[sf] = []byte(raw)
		return sf
	}
	a, b, c, d := "prf_20260921_101233_ab12cd", "prf_20260921_101234_ab12ce", "prf_20260914_181440_541795", "prf_20260915_090000_00aa11"
	freeze := func(track string) Place { return Place{Kind: ByFreeze, Track: track} }
	assertion := func(track, slug, task, id string) Place {
		return Place{Kind: ByAssertion, Track: track, Participant: slug, Task: task, Assertion: id}
	}
	disclosure := func(track, slug, task string) Place {
		return Place{Kind: ByDisclosure, Track: track, Participant: slug, Task: task}
	}
	rejected := func(track, slug, task string) Place {
		return Place{Kind: ByRejected, Track: track, Participant: slug, Task: task}
	}
	sub := func(slug, task string, as []submission.Assertion, disclosed ...string) *SubmissionFile {
		zero := submission.Opening{Nonce: strings.Repeat("0", 64), Value: strings.Repeat("0", 64)}
		ds := map[string]submission.Disclosure{}
		for _, id := range disclosed {
			ds[id] = submission.Disclosure{RequestHash: zero, ResponseHash: zero}
		}
		packed, err := submission.NewDisclosures(ds)
		if err != nil {
			t.Fatal(err)
		}
		sf := &SubmissionFile{Participant: slug, TaskID: task}
		parsed[sf] = Parsed{Submission: &submission.Submission{Assertions: as, Disclosures: packed}}
		return sf
	}
	prereg := func(ids ...string) *Preregistration {
		p := &Preregistration{}
		for _, id := range ids {
			p.Freezes = append(p.Freezes, &Freeze{AnchoredCall: AnchoredCall{ProofID: id}})
		}
		return p
	}
	for _, tc := range []struct {
		name   string
		tracks []*Track
		want   []Citation
	}{
		{"no track", nil, nil},
		{"no preregistration, no submission", []*Track{{Name: Conformite}}, nil},
		{
			// Every proof of the assertions, the disclosures and the freezes,
			// distinct and sorted; a submission that is not JSON names nothing.
			"assertions, disclosures and freezes",
			[]*Track{{
				Name:            Conformite,
				Preregistration: prereg(d, c),
				Submissions: []*SubmissionFile{
					sub("alice", "conf-01", []submission.Assertion{{ID: "a1", ProofIDs: []string{b, a}}, {ID: "a2", ProofIDs: []string{a}}}, b, a),
					bad("ann", "conf-01", `{"assertions": [{"proof_ids": ["`+a+`"]}]`),
				},
			}},
			[]Citation{
				{c, []Place{freeze(Conformite)}},
				{d, []Place{freeze(Conformite)}},
				{a, []Place{assertion(Conformite, "alice", "conf-01", "a1"), assertion(Conformite, "alice", "conf-01", "a2"), disclosure(Conformite, "alice", "conf-01")}},
				{b, []Place{assertion(Conformite, "alice", "conf-01", "a1"), disclosure(Conformite, "alice", "conf-01")}},
			},
		},
		{
			"a submission whose bytes are not JSON names nothing",
			[]*Track{{Name: Conformite, Submissions: []*SubmissionFile{bad("ann", "conf-01", `{"proof_ids": ["`+a+`"]`)}}},
			nil,
		},
		{
			// Each once per submission, in the submission's order
			// (assertions, then disclosures), the submissions in season
			// order, among the other places.
			"submissions that do not parse still name their proofs",
			[]*Track{{
				Name:            Conformite,
				Preregistration: prereg(b),
				Submissions: []*SubmissionFile{
					sub("alice", "conf-01", []submission.Assertion{{ID: "a1", ProofIDs: []string{a}}}, a),
					bad("ann", "conf-01", `{"verdict": "?", "assertions": [{"proof_ids": ["`+b+`", "`+a+`", "`+b+`"]}], "disclosures": {"`+d+`": 1, "`+a+`": {}}}`),
					bad("bob", "conf-01", `{"disclosures": {"`+b+`": null}}`),
				},
			}},
			[]Citation{
				{d, []Place{rejected(Conformite, "ann", "conf-01")}},
				{a, []Place{assertion(Conformite, "alice", "conf-01", "a1"), disclosure(Conformite, "alice", "conf-01"), rejected(Conformite, "ann", "conf-01")}},
				{b, []Place{freeze(Conformite), rejected(Conformite, "ann", "conf-01"), rejected(Conformite, "bob", "conf-01")}},
			},
		},
		{
			"a disclosure no assertion cites still names its proof",
			[]*Track{{Name: Conformite, Submissions: []*SubmissionFile{sub("alice", "conf-01", nil, a)}}},
			[]Citation{{a, []Place{disclosure(Conformite, "alice", "conf-01")}}},
		},
		{
			"one proof cited across tracks, participants and a freeze, in season order",
			[]*Track{
				{
					Name:            Conformite,
					Preregistration: prereg(c),
					Submissions: []*SubmissionFile{
						sub("alice", "conf-01", []submission.Assertion{{ID: "a1", ProofIDs: []string{a}}}),
						sub("alice", "conf-02", []submission.Assertion{{ID: "x", ProofIDs: []string{a}}}),
						sub("bob", "conf-01", []submission.Assertion{{ID: "a1", ProofIDs: []string{a}}}),
					},
				},
				{
					Name:            Generique,
					Preregistration: prereg(a),
					Submissions:     []*SubmissionFile{sub("alice", "gen-01", []submission.Assertion{{ID: "a1", ProofIDs: []string{c}}})},
				},
			},
			[]Citation{
				{c, []Place{freeze(Conformite), assertion(Generique, "alice", "gen-01", "a1")}},
				{a, []Place{
					assertion(Conformite, "alice", "conf-01", "a1"),
					assertion(Conformite, "alice", "conf-02", "x"),
					assertion(Conformite, "bob", "conf-01", "a1"),
					freeze(Generique),
				}},
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &Season{Tracks: tc.tracks}
			read := func(sf *SubmissionFile) (Parsed, error) { return parsed[sf], nil }
			raw := func(sf *SubmissionFile) ([]byte, error) {
				if parsed[sf].Submission != nil {
					t.Errorf("the file of %s/%s, which parses, was read again", sf.Participant, sf.TaskID)
				}
				return raws[sf], nil
			}
			got, err := s.citedProofs(read, raw)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("CitedProofs:\n got %+v\nwant %+v", got, tc.want)
			}
			if again, _ := s.citedProofs(read, raw); !reflect.DeepEqual(again, got) {
				t.Errorf("CitedProofs is not deterministic:\n%+v\n%+v", got, again)
			}
		})
	}
}

// TestCitedProofsLoaded: on a season as Load reads it, the freezes of both
// tracks (superseded ones included) and the proof of the one submission
// that parses; the two that do not parse cite nothing.
func TestCitedProofsLoaded(t *testing.T) {
	s, err := Load(newFixture().write(t))
	if err != nil {
		t.Fatal(err)
	}
	want := []Citation{
		{"prf_20260914_181440_541795", []Place{{Kind: ByFreeze, Track: Conformite}}},
		{"prf_20260914_181441_541796", []Place{{Kind: ByFreeze, Track: Generique}}},
		{"prf_20260915_090000_00aa11", []Place{{Kind: ByFreeze, Track: Conformite}}},
		{"prf_20260915_090001_00aa12", []Place{{Kind: ByFreeze, Track: Generique}}},
		{"prf_20260921_101233_ab12cd", []Place{
			{Kind: ByAssertion, Track: Conformite, Participant: "alice", Task: "conf-01", Assertion: "a1"},
			{Kind: ByDisclosure, Track: Conformite, Participant: "alice", Task: "conf-01"},
		}},
	}
	if got, err := s.CitedProofs(); err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("CitedProofs:\n got %+v, %v\nwant %+v", got, err, want)
	}
}

// TestCitedProofsUnreadable: a submission that Load listed and that cannot
// be read any more is CitedProofs' error, naming the file, not a
// submission that cites nothing.
func TestCitedProofsUnreadable(t *testing.T) {
	dir := newFixture().write(t)
	s, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	sf := s.Track(Conformite).Submission("alice", "conf-01")
	if err := os.Remove(s.Path(sf.File)); err != nil {
		t.Fatal(err)
	}
	got, err := s.CitedProofs()
	var le *Error
	if !errors.As(err, &le) || le.File != sf.File || got != nil {
		t.Errorf("got %v, %v; want a *season.Error naming %s", got, err, sf.File)
	}
}

func TestCiteKindString(t *testing.T) {
	for k, want := range map[CiteKind]string{ByAssertion: "assertion", ByDisclosure: "disclosure", ByFreeze: "freeze", ByPublication: "publication", ByRejected: "rejected submission", 0: "CiteKind(0)"} {
		if got := k.String(); got != want {
			t.Errorf("CiteKind(%d).String() = %q, want %q", int(k), got, want)
		}
	}
}

// TestCitedPublication: the proof of season.toml's [publication] is cited
// (proveit fetch caches it as any other), with a place of its own kind.
func TestCitedPublication(t *testing.T) {
	id := "prf_20261101_100005_d03da2"
	s := &Season{Tracks: []*Track{{Name: Conformite}}, Publication: &Publication{ProofID: id}}
	want := []Citation{{id, []Place{{Kind: ByPublication}}}}
	if got, err := s.CitedProofs(); err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, %v, want %+v", got, err, want)
	}
	if ByPublication.String() != "publication" {
		t.Errorf("ByPublication is %q", ByPublication)
	}
}

// TestRejectedProofIDs: a submission that does not parse still names the
// proof ids at assertions[*].proof_ids[*] and the keys of disclosures,
// read as json.loads reads the file, whatever else is wrong with it; only
// strings that are proof ids, each once; bytes that are not JSON name
// nothing.
func TestRejectedProofIDs(t *testing.T) {
	const a, b, c = "prf_20260921_101233_ab12cd", "prf_20260921_101234_ab12ce", "prf_20260921_101235_ab12cf"
	for _, tc := range []struct {
		name string
		raw  string
		want []string
	}{
		{"wrong verdict", strings.Replace(validSubmission, `"verdict":"conforme"`, `"verdict":42`, 1), []string{a}},
		{"verdict missing", strings.Replace(validSubmission, `"verdict":"conforme",`, ``, 1), []string{a}},
		{
			// A nonce too short, and an entry for a proof no assertion cites:
			// the assertions' ids first, then the disclosures' in id order.
			"bad disclosure",
			strings.Replace(strings.Replace(validSubmission, `"nonce":"1111`, `"nonce":"11`, 1), `"disclosures":{`, `"disclosures":{"`+c+`":{},"`+b+`":[],`, 1),
			[]string{a, b, c},
		},
		{"not JSON", validSubmission[:len(validSubmission)-1], nil},
		{"not JSON at all", "proof_ids: " + a, nil},
		{"empty", "", nil},
		{
			"proof ids of the wrong type",
			`{"assertions": [{"id": "a1", "proof_ids": "` + a + `"}, {"id": "a2", "proof_ids": [42, null, "not-a-proof-id", ["` + a + `"], {"id": "` + a + `"}, "` + b + `", " ` + c + `"]}], "disclosures": {"` + a + `x": {}}}`,
			[]string{b},
		},
		{"assertions not an array, disclosures not an object", `{"assertions": {"a1": {"proof_ids": ["` + a + `"]}}, "disclosures": ["` + b + `"]}`, nil},
		{"assertions that are not objects", `{"assertions": ["` + a + `", ["` + b + `"]]}`, nil},
		{"a document that is not an object", `[{"assertions": [{"proof_ids": ["` + a + `"]}]}]`, nil},
		{"a key twice: json.loads keeps the last", `{"assertions": [{"proof_ids": ["` + a + `"]}], "assertions": [{"proof_ids": ["` + b + `"]}]}`, []string{b}},
		{"a byte order mark, as json.loads reads it", "\ufeff" + validSubmission, []string{a}},
		{"NaN, as json.loads reads it", strings.Replace(validSubmission, `"season":1`, `"season":NaN`, 1), []string{a}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := submission.Parse([]byte(tc.raw)); err == nil {
				t.Fatal("the submission parses: it is not rejected at entry")
			}
			if got := rejectedProofIDs([]byte(tc.raw)); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestCitedRejectedLoaded: on a season as Load reads it, a submission that
// does not parse names its proofs (ByRejected), and CitedProofs is the same
// at every call; one over submission.MaxBytes names nothing, and is no
// error.
func TestCitedRejectedLoaded(t *testing.T) {
	const other = "prf_20260921_101240_00ff00"
	f := newFixture()
	f.files["conformite/submissions/ann/conf-01.json"] = strings.Replace(strings.Replace(validSubmission, `"verdict":"conforme"`, `"verdict":["conforme"]`, 1), `"disclosures":{`, `"disclosures":{"`+other+`":{},`, 1)
	f.files["conformite/submissions/ann/conf-02.json"] = `{"assertions": [{"proof_ids": ["prf_20260921_101241_00ff01"]}]}` + strings.Repeat(" ", submission.MaxBytes)
	s, err := Load(f.write(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, sf := range s.Track(Conformite).Submissions {
		if p, err := sf.Read(); err != nil || (sf.Participant == "ann") != (p.Err != nil) {
			t.Fatalf("%s: parsed %v, %v", sf.File, p.Err, err)
		}
	}
	ann := Place{Kind: ByRejected, Track: Conformite, Participant: "ann", Task: "conf-01"}
	want := []Citation{
		{"prf_20260914_181440_541795", []Place{{Kind: ByFreeze, Track: Conformite}}},
		{"prf_20260914_181441_541796", []Place{{Kind: ByFreeze, Track: Generique}}},
		{"prf_20260915_090000_00aa11", []Place{{Kind: ByFreeze, Track: Conformite}}},
		{"prf_20260915_090001_00aa12", []Place{{Kind: ByFreeze, Track: Generique}}},
		{"prf_20260921_101233_ab12cd", []Place{
			{Kind: ByAssertion, Track: Conformite, Participant: "alice", Task: "conf-01", Assertion: "a1"},
			{Kind: ByDisclosure, Track: Conformite, Participant: "alice", Task: "conf-01"},
			ann,
		}},
		{other, []Place{ann}},
	}
	got, err := s.CitedProofs()
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("CitedProofs:\n got %+v, %v\nwant %+v", got, err, want)
	}
	if again, err := s.CitedProofs(); err != nil || !reflect.DeepEqual(again, got) {
		t.Errorf("CitedProofs is not deterministic:\n%+v\n%+v", got, again)
	}
}
