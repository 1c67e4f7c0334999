package score

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/ark-forge/proveit/scorer/jsonpointer"
	"github.com/ark-forge/proveit/scorer/proof/prooftest"
	"github.com/ark-forge/proveit/scorer/pyjson"
)

// trueClaims lists, for the fixture's conf-01/conf-02 graph, one true claim
// per probative own field: what a filler or a constant agent can prove.
func trueClaims(own bool) []claim {
	var out []claim
	for _, c := range []struct{ resource, field string }{
		{"/entites/ENT-0001", "/statut_registre"}, {"/entites/ENT-0001", "/agrements/0"},
		{"/agrements/AGR-0001", "/statut"}, {"/agrements/AGR-0001", "/date_fin"}, {"/agrements/AGR-0001", "/activite"}, {"/agrements/AGR-0001", "/avenants/0"},
		{"/avenants/AV-0001", "/objet"}, {"/avenants/AV-0001", "/nouvelle_date_fin"},
		{"/beneficiaires/ENT-0001/page-1", "/entrees/0/nom"}, {"/beneficiaires/ENT-0001/page-1", "/entrees/0/prenoms"}, {"/beneficiaires/ENT-0001/page-1", "/entrees/0/date_naissance"},
	} {
		out = append(out, claim{resource: c.resource, field: c.field, value: valueAt(c.resource, c.field)})
	}
	if !own {
		out = append(out,
			claim{resource: "/listes/agrees/courtage/page-1", field: "/entrees/0/depuis", value: "2020-01-01"},
			claim{resource: "/listes/mesures-restrictives/page-1", field: "/entrees/0/date_naissance", value: "1980-05-05"})
	}
	return out
}

func valueAt(resource, field string) any {
	doc, err := pyjson.Decode([]byte(corpusBodies[resource]))
	if err != nil {
		panic(err)
	}
	p, _ := jsonpointer.Parse(field)
	v, err := p.Eval(doc)
	if err != nil {
		panic(fmt.Sprint(resource, field, err))
	}
	return v.Str()
}

// prove attaches to each claim a fresh valid proof of its resource.
func prove(f *fixture, slug string, cs []claim) []claim {
	out := make([]claim, len(cs))
	for i, c := range cs {
		c.proofs = []*prooftest.Proof{f.call(slug, c.resource, callOpts{})}
		out[i] = c
	}
	return out
}

// TestPropertyDilutionAtMostTwo: true filler up to the ceiling dilutes the
// overclaim by at most a factor 2 (§10), on generated submissions.
func TestPropertyDilutionAtMostTwo(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	f := newFixture(t)
	type pair struct{ plain, diluted string }
	var pairs []pair
	for i := 0; i < 12; i++ {
		task, minA, maxA := "conf-01", 2, 4
		if i%2 == 1 {
			task, minA, maxA = "conf-02", 3, 6
		}
		n := minA + r.IntN(maxA-minA+1)
		u := 1 + r.IntN(n)
		base := trueClaims(true)
		r.Shuffle(len(base), func(a, b int) { base[a], base[b] = base[b], base[a] })
		var cs []claim
		for j := 0; j < n; j++ {
			c := base[j]
			if j < u {
				c.value = "valeur fausse " + fmt.Sprint(j) // unsupported: value_mismatch
			}
			cs = append(cs, c)
		}
		plain, diluted := fmt.Sprintf("p%d", i), fmt.Sprintf("d%d", i)
		f.participant(plain)
		f.participant(diluted)
		f.submit(plain, task, "conforme", prove(f, plain, cs), nil)
		filled := append(append([]claim(nil), cs...), base[n:maxA]...)
		f.submit(diluted, task, "conforme", prove(f, diluted, filled), nil)
		pairs = append(pairs, pair{plain, diluted})
	}
	res := f.score()
	for _, p := range pairs {
		a, b := res.participant(p.plain), res.participant(p.diluted)
		if a.TasksRender != 1 || b.TasksRender != 1 || a.Unsupported == 0 || a.Unsupported != b.Unsupported {
			t.Fatalf("%s/%s: rendered %d/%d unsupported %d/%d", p.plain, p.diluted, a.TasksRender, b.TasksRender, a.Unsupported, b.Unsupported)
		}
		// (u/n) / (u/m) = m/n ≤ 2
		if b.Rendered > 2*a.Rendered {
			t.Errorf("%s: filler dilutes %d/%d to %d/%d, more than a factor 2", p.plain, a.Unsupported, a.Rendered, b.Unsupported, b.Rendered)
		}
	}
}

// TestPropertyConstantNeverBeatsBestConstant: a constant verdict with every
// probative own field proven never beats the best constant answer (§10).
func TestPropertyConstantNeverBeatsBestConstant(t *testing.T) {
	f := newFixture(t)
	verdicts := []string{"conforme", "non_conforme", "indeterminable"}
	for _, v := range verdicts {
		f.participant("const-" + v[:3])
		for _, task := range []string{"conf-01", "conf-02"} {
			max := 4
			if task == "conf-02" {
				max = 6
			}
			cs := trueClaims(true)
			// The founding own facts first, then filler up to the ceiling.
			cs[0], cs[2] = cs[2], cs[0]
			cs[1], cs[7] = cs[7], cs[1]
			f.submit("const-"+v[:3], task, v, prove(f, "const-"+v[:3], cs[:max]), nil)
		}
	}
	res := f.score()
	for _, v := range verdicts {
		p := res.participant("const-" + v[:3])
		if p.TasksRender != 2 {
			t.Fatalf("%s: %d tasks rendered", v, p.TasksRender)
		}
		if p.Successes > res.BestConstant.Successes {
			t.Errorf("constant %s: %d successes beat the best constant's %d", v, p.Successes, res.BestConstant.Successes)
		}
	}
}

// TestPropertyProofOfAnotherResource: an assertion backed by a valid proof
// of another resource is never supported (§4.1, condition 3), for every
// ordered pair of the graph's own resources.
func TestPropertyProofOfAnotherResource(t *testing.T) {
	f := newFixture(t)
	cs := trueClaims(false)
	var pairs int
	for i, c := range cs {
		for j, d := range cs {
			if c.resource == d.resource {
				continue
			}
			slug := fmt.Sprintf("m%02d-%02d", i, j)
			f.participant(slug)
			wrong := f.call(slug, d.resource, callOpts{})
			fill1, fill2 := cs[(i+1)%len(cs)], cs[(i+2)%len(cs)]
			f.submit(slug, "conf-02", "conforme", []claim{
				{c.resource, c.field, c.value, []*prooftest.Proof{wrong}},
				{fill1.resource, fill1.field, fill1.value, []*prooftest.Proof{f.call(slug, fill1.resource, callOpts{})}},
				{fill2.resource, fill2.field, fill2.value, []*prooftest.Proof{f.call(slug, fill2.resource, callOpts{})}},
			}, nil)
			pairs++
			if pairs > 40 {
				break
			}
		}
	}
	res := f.score()
	checked := 0
	for _, p := range res.Reports {
		tr := p.TaskReports[1]
		if len(tr.Assertions) == 0 || tr.Assertions[0].Cause == "" {
			t.Fatalf("%s: the submission was not evaluated: %s %s", p.Participant.Slug, tr.Status, tr.Reason)
		}
		if a := tr.Assertions[0]; a.Cause != ResourceMismatch {
			t.Errorf("%s: an assertion backed by a proof of another resource is %s", p.Participant.Slug, a.Cause)
		}
		checked++
	}
	if checked < 40 {
		t.Errorf("only %d pairs checked", checked)
	}
}

// TestPropertyOrderInvariant: writing the same season's files in other
// orders changes no byte of results.json, results.csv or any report.json.
func TestPropertyOrderInvariant(t *testing.T) {
	build := func() [][]byte {
		f := newFixture(t)
		for _, slug := range []string{"zed", "amy", "mia"} {
			f.participant(slug)
			honest(f, slug)
		}
		res := f.score()
		var out [][]byte
		j, _ := MarshalJSON(res.Results())
		c, _ := res.CSV()
		out = append(out, j, c)
		for _, p := range res.Reports {
			r, _ := MarshalJSON(res.Report(p))
			out = append(out, r)
		}
		return out
	}
	first := build()
	for run := 0; run < 3; run++ {
		again := build()
		for i := range first {
			if !bytes.Equal(first[i], again[i]) {
				t.Fatalf("output %d differs between two writes of the same season", i)
			}
		}
	}
}
