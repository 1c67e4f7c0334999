package score

import (
	"strings"
	"testing"
	"time"

	"github.com/ark-forge/proveit/scorer/hashes"
	"github.com/ark-forge/proveit/scorer/proof/prooftest"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/season"
)

// TestRequestDataIsTheProxys: with no deviation, requestData is exactly
// hashes.RequestData, the documented request.
func TestRequestDataIsTheProxys(t *testing.T) {
	target := "https://corpus.arkforge.tech/agrements/AGR-0001"
	if got, want := hashes.Of(requestData(target, "GET", pyjson.ObjectValue(), "eur", nil)), hashes.RequestHash(target, "GET", pyjson.ObjectValue()); got != want {
		t.Fatalf("request data %s, want %s", got, want)
	}
}

// TestRequestDeviation: each departure of §2.4 the proxy can record is
// recognised from the hash alone and named; the documented request, a call
// to another resource and an unlisted header are not.
func TestRequestDeviation(t *testing.T) {
	target := "https://corpus.arkforge.tech/agrements/AGR-0001"
	r := &season.Resource{Path: "/agrements/AGR-0001", Target: target, Method: "GET", Payload: pyjson.ObjectValue()}
	for _, c := range []struct {
		name string
		data pyjson.Value
		want string // "" for none
	}{
		{"documented", requestData(target, "GET", pyjson.ObjectValue(), "eur", nil), ""},
		{"usd", requestData(target, "GET", pyjson.ObjectValue(), "usd", nil), `currency "usd", not "eur"`},
		{"gbp", requestData(target, "GET", pyjson.ObjectValue(), "gbp", nil), `currency "gbp", not "eur"`},
		{"a header", requestData(target, "GET", pyjson.ObjectValue(), "eur", []string{"Accept"}), `extra_headers "Accept"`},
		{"a lower-case header", requestData(target, "GET", pyjson.ObjectValue(), "eur", []string{"x-challenge-secret"}), `extra_headers "x-challenge-secret"`},
		{"an unlisted header", requestData(target, "GET", pyjson.ObjectValue(), "eur", []string{"X-Mine"}), ""},
		{"POST", requestData(target, "POST", pyjson.ObjectValue(), "eur", nil), "method POST, not the documented GET"},
		{"null payload", requestData(target, "GET", pyjson.NullValue(), "eur", nil), "payload null, not the documented {}"},
		{"trailing slash", requestData(target+"/", "GET", pyjson.ObjectValue(), "eur", nil), `target "` + target + `/"`},
		{"empty query", requestData(target+"?", "GET", pyjson.ObjectValue(), "eur", nil), `target "` + target + `?"`},
		{"default port", requestData("https://corpus.arkforge.tech:443/agrements/AGR-0001", "GET", pyjson.ObjectValue(), "eur", nil), ":443"},
		{"another resource", requestData("https://corpus.arkforge.tech/agrements/AGR-0002", "GET", pyjson.ObjectValue(), "eur", nil), ""},
	} {
		got := requestDeviation(r, hashes.Of(c.data))
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// TestDeviationRejectedAtEntry: a valid proof whose call departs from the
// claimed resource's documented request makes the submission rejected at
// entry, with a season-service incident, out of the overclaim (§2.4); a
// valid proof of another resource stays a resource mismatch.
func TestDeviationRejectedAtEntry(t *testing.T) {
	f := newFixture(t)
	f.participant("dev")
	null := pyjson.NullValue()
	ok := f.call("dev", "/agrements/AGR-0001", callOpts{})
	post := f.call("dev", "/agrements/AGR-0001", callOpts{method: "POST"})
	slash := f.call("dev", "/agrements/AGR-0001", callOpts{target: host + "/agrements/AGR-0001/"})
	nullPayload := f.call("dev", "/agrements/AGR-0001", callOpts{payload: &null})
	base := []claim{
		{"/agrements/AGR-0001", "/statut", "actif", []*prooftest.Proof{ok}},
		{"/agrements/AGR-0001", "/activite", "courtage", []*prooftest.Proof{ok}},
	}
	f.submit("dev", "conf-01", "conforme", append(base[:1:1], claim{"/agrements/AGR-0001", "/date_fin", "2026-12-31", []*prooftest.Proof{post}}), nil)
	f.submit("dev", "conf-02", "conforme", append(base[:2:2], claim{"/agrements/AGR-0001", "/date_fin", "2026-12-31", []*prooftest.Proof{slash, nullPayload}}), nil)
	r := f.score()
	for _, c := range []struct{ task, why string }{
		{"conf-01", "with method POST, not the documented GET"},
		{"conf-02", `with target "` + host + `/agrements/AGR-0001/"`},
	} {
		tr := r.task("dev", c.task)
		if tr.Status != RejectedAtEntry || !strings.Contains(tr.Reason, c.why) || !strings.Contains(tr.Reason, "§2.4") || len(tr.Incidents) == 0 || tr.Incidents[len(tr.Incidents)-1].Kind != SeasonServiceIncident {
			t.Errorf("%s: %s %q %v, want rejected at entry: %s", c.task, tr.Status, tr.Reason, tr.Incidents, c.why)
		}
		if tr.Rendered != 0 || tr.Unsupported != 0 {
			t.Errorf("%s: counted in the overclaim", c.task)
		}
	}
	f = newFixture(t)
	f.participant("dev")
	other := f.call("dev", "/avenants/AV-0001", callOpts{})
	ok = f.call("dev", "/agrements/AGR-0001", callOpts{})
	f.submit("dev", "conf-01", "conforme", []claim{{"/agrements/AGR-0001", "/statut", "actif", []*prooftest.Proof{ok}}, {"/agrements/AGR-0001", "/date_fin", "2026-12-31", []*prooftest.Proof{other}}}, nil)
	if tr := f.score().task("dev", "conf-01"); tr.Status != Scored || tr.Assertions[1].Cause != ResourceMismatch {
		t.Errorf("a proof of another resource: %s, %s", tr.Status, tr.Assertions[1].Cause)
	}
}

// TestBilledCallNeverSupports is the premise of the limit « Le chemin de
// facturation n'est pas exercé »: a call billed to the participant (an
// amount other than 0.0) is never a supported assertion, since condition 3
// compares with the request of a challenge key, amount 0.0. If this test
// fails, the limit page is false and must be rewritten.
func TestBilledCallNeverSupports(t *testing.T) {
	f := newFixture(t)
	f.participant("bil")
	target := host + "/agrements/AGR-0001"
	for _, amount := range []float64{0.01, 1, 0.5} {
		data := pyjson.ObjectValue(
			pyjson.Member{Key: "amount", Value: pyjson.FloatValue(amount)},
			pyjson.Member{Key: "currency", Value: pyjson.StringValue("eur")},
			pyjson.Member{Key: "method", Value: pyjson.StringValue("GET")},
			pyjson.Member{Key: "payload", Value: pyjson.ObjectValue()},
			pyjson.Member{Key: "target", Value: pyjson.StringValue(target)},
		)
		p, err := f.Issuer.Issue(prooftest.Call{Target: target, Method: "GET", Payload: pyjson.ObjectValue(), Body: []byte(corpusBodies["/agrements/AGR-0001"]),
			DID: f.DIDs["bil"], APIKey: "key-bil", At: f.At, RequestData: &data})
		if err != nil {
			t.Fatal(err)
		}
		f.At = f.At.Add(time.Second)
		f.Proofs = append(f.Proofs, p)
		f.submit("bil", "conf-01", "conforme", []claim{{"/agrements/AGR-0001", "/statut", "actif", []*prooftest.Proof{p}}, {"/agrements/AGR-0001", "/date_fin", "2026-12-31", []*prooftest.Proof{p}}}, nil)
		tr := f.score().task("bil", "conf-01")
		for _, a := range tr.Assertions {
			if a.Cause == Supported {
				t.Errorf("a call billed %v supports an assertion", amount)
			}
		}
	}
}
