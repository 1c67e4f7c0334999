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
	bad := func(slug, task string) *SubmissionFile {
		sf := &SubmissionFile{Participant: slug, TaskID: task}
		parsed[sf] = Parsed{Err: errors.New("bad")}
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
			// distinct and sorted; a submission that does not parse is skipped.
			"assertions, disclosures and freezes",
			[]*Track{{
				Name:            Conformite,
				Preregistration: prereg(d, c),
				Submissions: []*SubmissionFile{
					sub("alice", "conf-01", []submission.Assertion{{ID: "a1", ProofIDs: []string{b, a}}, {ID: "a2", ProofIDs: []string{a}}}, b, a),
					bad("ann", "conf-01"),
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
			"a submission that does not parse cites nothing",
			[]*Track{{Name: Conformite, Submissions: []*SubmissionFile{bad("ann", "conf-01")}}},
			nil,
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
			got, err := s.citedProofs(read)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("CitedProofs:\n got %+v\nwant %+v", got, tc.want)
			}
			if again, _ := s.citedProofs(read); !reflect.DeepEqual(again, got) {
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
	for k, want := range map[CiteKind]string{ByAssertion: "assertion", ByDisclosure: "disclosure", ByFreeze: "freeze", 0: "CiteKind(0)"} {
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
