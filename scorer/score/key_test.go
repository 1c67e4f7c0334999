package score

import (
	"strings"
	"testing"

	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/season"
)

// TestParseKeyRejects: key.json is read strictly, every refusal naming the
// JSON pointer of what is wrong.
func TestParseKeyRejects(t *testing.T) {
	track := func(doc string) *season.Track {
		v, err := pyjson.DecodeStrict([]byte(doc))
		if err != nil {
			t.Fatal(err)
		}
		return &season.Track{Name: "conformite", Verdicts: []string{"conforme", "non_conforme", "indeterminable"},
			TrapFamilies: []string{"P1", "P5"}, ControlFamily: "controle",
			Tasks: []*season.Task{{ID: "conf-01"}}, Key: &season.Key{Value: v}}
	}
	const ok = `{"verdict": "conforme", "family": "P5", "facts": []}`
	if _, err := ParseKey(track(`{"conf-01": ` + ok + `}`)); err != nil {
		t.Fatalf("a valid key: %v", err)
	}
	for _, c := range []struct{ doc, want string }{
		{`[]`, `conformite/key.json: : got array, want an object keyed by task id`},
		{`{"zzz_unknown": 1, "conf-01": ` + ok + `}`, `/zzz_unknown: "zzz_unknown" is not a task of the track`},
		{`{}`, `task conf-01 has no expected verdict`},
		{`{"conf-01": 1}`, `/conf-01: got integer, want an object`},
		{`{"conf-01": {"verdict": "conforme", "family": "P5", "facts": [], "x": 1}}`, `/conf-01/x: unknown key`},
		{`{"conf-01": {"verdict": "peut-être", "family": "P5", "facts": []}}`, `/conf-01/verdict: "peut-\u00eatre" is not a verdict of the track`},
		{`{"conf-01": {"verdict": "conforme", "family": "P4", "facts": []}}`, `/conf-01/family: got "P4", want one of the track's trap_families P1, P5 or its control_family controle`},
		{`{"conf-01": {"verdict": "conforme", "facts": []}}`, `/conf-01/family: missing or not a string`},
		{`{"conf-01": {"verdict": "conforme", "family": "P5"}}`, `/conf-01/facts: missing or not an array`},
	} {
		_, err := ParseKey(track(c.doc))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.doc, err, c.want)
		}
	}
}
