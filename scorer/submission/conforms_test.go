package submission

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ark-forge/proveit/scorer/pyjson"
)

// schemaAccepts is what Parse did before conforms: the validator's verdict
// on v (toAny refusing a non-finite number is a refusal).
func schemaAccepts(v pyjson.Value) bool {
	doc, err := toAny(v, nil)
	return err == nil && validate(doc) == nil
}

func decode(t testing.TB, doc []byte) pyjson.Value {
	t.Helper()
	v, err := pyjson.DecodeStrict(doc)
	if err != nil {
		t.Fatalf("fixture is not strict JSON: %v", err)
	}
	return v
}

func proofIDs(n int) string {
	var ids []string
	for i := 0; i < n; i++ {
		ids = append(ids, fmt.Sprintf(`"prf_20260921_101233_%06x"`, i))
	}
	return strings.Join(ids, ",")
}

// TestConformsNearMisses: one document per keyword of the schema on each
// side of it, and conforms gives the validator's verdict on each, so that
// a check dropped from conforms, or a bound moved by one, accepts a
// document the schema refuses (or refuses one it accepts, which would
// leave the fast path unused). Seen failing with each bound of conforms
// moved by one and with each check dropped.
func TestConformsNearMisses(t *testing.T) {
	req := `"request_hash":  {"nonce": "` + hexA + `", "value": "` + hexB + `"}`
	const claim = `"claim": {"resource": "/agrements/AGR-4417", "field": "/statut", "value": "suspendu"}`
	cases := []struct {
		name string
		doc  []byte
		want bool
	}{
		{"valid", []byte(valid), true},
		{"big", bigDoc(), true},
		{"minimal", []byte(`{"season":0,"track":"t","task_id":"t-00","agent_did":"did:web:x","verdict":"v","assertions":[],"disclosures":{}}`), true},
		{"not an object", []byte(`"x"`), false},
		{"season 0", replace(t, `"season": 1`, `"season": 0`), true},
		{"season huge", replace(t, `"season": 1`, `"season": 100000000000000000000`), true},
		{"season negative", replace(t, `"season": 1`, `"season": -1`), false},
		{"season string", replace(t, `"season": 1`, `"season": "1"`), false},
		{"season float", replace(t, `"season": 1`, `"season": 1.5`), false},
		{"season missing", replace(t, `"season": 1,`, ``), false},
		{"track 32", replace(t, `"track": "conformite"`, `"track": "a`+strings.Repeat("-", 30)+`9"`), true},
		{"track 33", replace(t, `"track": "conformite"`, `"track": "`+strings.Repeat("a", 33)+`"`), false},
		{"track empty", replace(t, `"track": "conformite"`, `"track": ""`), false},
		{"track digit first", replace(t, `"track": "conformite"`, `"track": "1a"`), false},
		{"track upper", replace(t, `"track": "conformite"`, `"track": "cOnformite"`), false},
		{"track underscore", replace(t, `"track": "conformite"`, `"track": "con_formite"`), false},
		{"track accent", replace(t, `"track": "conformite"`, `"track": "conformité"`), false},
		{"track number", replace(t, `"track": "conformite"`, `"track": 1`), false},
		{"track missing", replace(t, `"track": "conformite",`, ``), false},
		{"task_id 16 prefix", replace(t, `"conf-03"`, `"a`+strings.Repeat("9", 15)+`-03"`), true},
		{"task_id 17 prefix", replace(t, `"conf-03"`, `"`+strings.Repeat("a", 17)+`-03"`), false},
		{"task_id one digit", replace(t, `"conf-03"`, `"conf-3"`), false},
		{"task_id three digits", replace(t, `"conf-03"`, `"conf-033"`), false},
		{"task_id letter digit", replace(t, `"conf-03"`, `"conf-0a"`), false},
		{"task_id letter tens", replace(t, `"conf-03"`, `"conf-a3"`), false},
		{"task_id no prefix", replace(t, `"conf-03"`, `"-03"`), false},
		{"task_id digit first", replace(t, `"conf-03"`, `"1onf-03"`), false},
		{"task_id hyphen in prefix", replace(t, `"conf-03"`, `"co-nf-03"`), false},
		{"task_id newline", replace(t, `"conf-03"`, `"conf-03\n"`), false},
		{"task_id missing", replace(t, `"task_id": "conf-03",`, ``), false},
		{"did web", replace(t, `"did:key:z6Mk`, `"did:web:z6Mk`), true},
		{"did every character", replace(t, `"did:key:z6Mk`, `"did:key:aZ09._:%-z6Mk`), true},
		{"did 512", replace(t, `"did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK"`, `"did:key:`+strings.Repeat("z", 504)+`"`), true},
		{"did 513", replace(t, `"did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK"`, `"did:key:`+strings.Repeat("z", 505)+`"`), false},
		{"did method", replace(t, `"did:key:z6Mk`, `"did:ethr:z6Mk`), false},
		{"did empty id", replace(t, `"did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK"`, `"did:key:"`), false},
		{"did slash", replace(t, `"did:key:z6Mk`, `"did:key:z6/Mk`), false},
		{"did upper method", replace(t, `"did:key:z6Mk`, `"did:KEY:z6Mk`), false},
		{"did missing", replace(t, `"agent_did": "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK",`, ``), false},
		{"verdict 128", replace(t, `"verdict": "non_conforme"`, `"verdict": "`+strings.Repeat("é", 128)+`"`), true},
		{"verdict 129", replace(t, `"verdict": "non_conforme"`, `"verdict": "`+strings.Repeat("é", 129)+`"`), false},
		{"verdict 1", replace(t, `"verdict": "non_conforme"`, `"verdict": "x"`), true},
		{"verdict empty", replace(t, `"verdict": "non_conforme"`, `"verdict": ""`), false},
		{"verdict bool", replace(t, `"verdict": "non_conforme"`, `"verdict": true`), false},
		{"verdict missing", replace(t, `"verdict": "non_conforme",`, ``), false},
		{"unknown key", replace(t, `"season": 1,`, `"season": 1, "score": 10,`), false},
		{"narrative absent", replace(t, `,
  "narrative": "texte libre, publié, non scoré"`, ``), true},
		{"narrative 20000", replace(t, `"texte libre, publié, non scoré"`, `"`+strings.Repeat("é", 20000)+`"`), true},
		{"narrative 20001", replace(t, `"texte libre, publié, non scoré"`, `"`+strings.Repeat("x", 20001)+`"`), false},
		{"narrative null", replace(t, `"texte libre, publié, non scoré"`, `null`), false},
		{"assertions object", []byte(`{"season":1,"track":"t","task_id":"t-00","agent_did":"did:key:z","verdict":"v","assertions":{},"disclosures":{}}`), false},
		{"assertions 64", []byte(`{"season":1,"track":"t","task_id":"t-00","agent_did":"did:key:z","verdict":"v","assertions":[` + manyAssertions(64) + `],"disclosures":{}}`), true},
		{"assertions 65", []byte(`{"season":1,"track":"t","task_id":"t-00","agent_did":"did:key:z","verdict":"v","assertions":[` + manyAssertions(65) + `],"disclosures":{}}`), false},
		{"assertions missing", []byte(`{"season":1,"track":"t","task_id":"t-00","agent_did":"did:key:z","verdict":"v","disclosures":{}}`), false},
		{"assertion not an object", []byte(`{"season":1,"track":"t","task_id":"t-00","agent_did":"did:key:z","verdict":"v","assertions":[[]],"disclosures":{}}`), false},
		{"assertion unknown key", replace(t, `"id": "a1",`, `"id": "a1", "x": 1,`), false},
		{"assertion id 32", replace(t, `"id": "a1"`, `"id": "`+strings.Repeat("Z", 30)+`_-"`), true},
		{"assertion id 33", replace(t, `"id": "a1"`, `"id": "`+strings.Repeat("a", 33)+`"`), false},
		{"assertion id empty", replace(t, `"id": "a1"`, `"id": ""`), false},
		{"assertion id space", replace(t, `"id": "a1"`, `"id": "a 1"`), false},
		{"assertion id dot", replace(t, `"id": "a1"`, `"id": "a.1"`), false},
		{"assertion id number", replace(t, `"id": "a1"`, `"id": 1`), false},
		{"assertion id missing", replace(t, `"id": "a1",`, ``), false},
		{"claim missing", replace(t, claim+`,`, ``), false},
		{"claim not an object", replace(t, claim, `"claim": []`), false},
		{"claim unknown key", replace(t, `"value": "suspendu"`, `"value": "suspendu", "note": "x"`), false},
		{"claim value null", replace(t, `"value": "suspendu"`, `"value": null`), true},
		{"claim value nested", replace(t, `"value": "suspendu"`, `"value": {"a": [1, 1.5, -2e300, true, null, {"b": "c"}]}`), true},
		{"claim value overflowing", replace(t, `"value": "suspendu"`, `"value": 1e400`), false},
		{"claim value overflowing deep", replace(t, `"value": "suspendu"`, `"value": {"a": [1, [-1e400]]}`), false},
		{"claim value missing", replace(t, `, "value": "suspendu"`, ``), false},
		{"resource slash", replace(t, `"resource": "/agrements/AGR-4417"`, `"resource": "/"`), true},
		{"resource 512", replace(t, `"resource": "/agrements/AGR-4417"`, `"resource": "/`+strings.Repeat("é", 511)+`"`), true},
		{"resource 513", replace(t, `"resource": "/agrements/AGR-4417"`, `"resource": "/`+strings.Repeat("x", 512)+`"`), false},
		{"resource empty", replace(t, `"resource": "/agrements/AGR-4417"`, `"resource": ""`), false},
		{"resource no slash", replace(t, `"resource": "/agrements/AGR-4417"`, `"resource": "agrements/AGR-4417"`), false},
		{"resource missing", replace(t, `"resource": "/agrements/AGR-4417", `, ``), false},
		{"field empty", replace(t, `"field": "/statut"`, `"field": ""`), true},
		{"field 512", replace(t, `"field": "/statut"`, `"field": "`+strings.Repeat("é", 512)+`"`), true},
		{"field 513", replace(t, `"field": "/statut"`, `"field": "/`+strings.Repeat("x", 512)+`"`), false},
		{"field null", replace(t, `"field": "/statut"`, `"field": null`), false},
		{"field missing", replace(t, `"field": "/statut", `, ``), false},
		{"proof ids 16", replace(t, `"proof_ids": ["`+proofA+`"]`, `"proof_ids": [`+proofIDs(16)+`]`), true},
		{"proof ids 17", replace(t, `"proof_ids": ["`+proofA+`"]`, `"proof_ids": [`+proofIDs(17)+`]`), false},
		{"proof ids none", replace(t, `"proof_ids": ["`+proofA+`"]`, `"proof_ids": []`), false},
		{"proof ids repeated", replace(t, `"proof_ids": ["`+proofA+`", "`+proofB+`"]`, `"proof_ids": ["`+proofB+`", "`+proofA+`", "`+proofB+`"]`), false},
		{"proof ids string", replace(t, `"proof_ids": ["`+proofA+`"]`, `"proof_ids": "`+proofA+`"`), false},
		{"proof ids missing", replace(t, `,
      "proof_ids": ["`+proofA+`"]`, ``), false},
		{"proof id upper hex", replace(t, `"proof_ids": ["`+proofA+`"]`, `"proof_ids": ["prf_20260921_101233_AB12CD"]`), false},
		{"proof id letter in date", replace(t, `"proof_ids": ["`+proofA+`"]`, `"proof_ids": ["prf_2026092a_101233_ab12cd"]`), false},
		{"proof id letter in time", replace(t, `"proof_ids": ["`+proofA+`"]`, `"proof_ids": ["prf_20260921_10123a_ab12cd"]`), false},
		{"proof id g", replace(t, `"proof_ids": ["`+proofA+`"]`, `"proof_ids": ["prf_20260921_101233_ab12cg"]`), false},
		{"proof id hyphen", replace(t, `"proof_ids": ["`+proofA+`"]`, `"proof_ids": ["prf_20260921-101233_ab12cd"]`), false},
		{"proof id second hyphen", replace(t, `"proof_ids": ["`+proofA+`"]`, `"proof_ids": ["prf_20260921_101233-ab12cd"]`), false},
		{"proof id prefix", replace(t, `"proof_ids": ["`+proofA+`"]`, `"proof_ids": ["prg_20260921_101233_ab12cd"]`), false},
		{"proof id short", replace(t, `"proof_ids": ["`+proofA+`"]`, `"proof_ids": ["prf_20260921_101233_ab12c"]`), false},
		{"proof id long", replace(t, `"proof_ids": ["`+proofA+`"]`, `"proof_ids": ["prf_20260921_101233_ab12cd0"]`), false},
		{"disclosures array", []byte(`{"season":1,"track":"t","task_id":"t-00","agent_did":"did:key:z","verdict":"v","assertions":[],"disclosures":[]}`), false},
		{"disclosures missing", []byte(`{"season":1,"track":"t","task_id":"t-00","agent_did":"did:key:z","verdict":"v","assertions":[]}`), false},
		{"disclosure key", replace(t, `"`+proofA+`": {`, `"prf_1": {`), false},
		{"disclosure not an object", []byte(`{"season":1,"track":"t","task_id":"t-00","agent_did":"did:key:z","verdict":"v","assertions":[],"disclosures":{"` + proofA + `":[]}}`), false},
		{"disclosure unknown key", replace(t, req+`,
      "response_hash": {"nonce": "`+hexC, req+`, "x": 1,
      "response_hash": {"nonce": "`+hexC), false},
		{"disclosure missing response", replace(t, `,
      "response_hash": {"nonce": "`+hexD+`", "value": "`+hexC+`"}`, ``), false},
		{"disclosure missing request", replace(t, `"request_hash":  {"nonce": "`+hexB+`", "value": "`+hexA+`"},`, ``), false},
		{"opening not an object", replace(t, `"request_hash":  {"nonce": "`+hexB+`", "value": "`+hexA+`"}`, `"request_hash": "x"`), false},
		{"opening unknown key", replace(t, `{"nonce": "`+hexA+`", "value": "`+hexB+`"}`, `{"nonce": "`+hexA+`", "value": "`+hexB+`", "x": 1}`), false},
		{"opening missing nonce", replace(t, `{"nonce": "`+hexA+`", "value": "`+hexB+`"}`, `{"value": "`+hexB+`"}`), false},
		{"opening missing value", replace(t, `{"nonce": "`+hexA+`", "value": "`+hexB+`"}`, `{"nonce": "`+hexA+`"}`), false},
		{"nonce upper", replace(t, `{"nonce": "`+hexA+`", "value": "`+hexB+`"}`, `{"nonce": "`+strings.ToUpper(hexA)+`", "value": "`+hexB+`"}`), false},
		{"nonce 63", replace(t, `{"nonce": "`+hexA+`", "value": "`+hexB+`"}`, `{"nonce": "`+hexA[:63]+`", "value": "`+hexB+`"}`), false},
		{"nonce 65", replace(t, `{"nonce": "`+hexA+`", "value": "`+hexB+`"}`, `{"nonce": "`+hexA+`0", "value": "`+hexB+`"}`), false},
		{"nonce g", replace(t, `{"nonce": "`+hexA+`", "value": "`+hexB+`"}`, `{"nonce": "`+hexA[:63]+`g", "value": "`+hexB+`"}`), false},
		{"value number", replace(t, `{"nonce": "`+hexD+`", "value": "`+hexC+`"}`, `{"nonce": "`+hexD+`", "value": 5}`), false},
		{"value digits", replace(t, `{"nonce": "`+hexD+`", "value": "`+hexC+`"}`, `{"nonce": "`+hexD+`", "value": "`+strings.Repeat("0123456789", 6)+`0123"}`), true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := decode(t, c.doc)
			if got := schemaAccepts(v); got != c.want {
				t.Fatalf("fixture: the validator says %v, want %v", got, c.want)
			}
			if got := conforms(v); got != c.want {
				t.Fatalf("conforms = %v, the validator says %v", got, c.want)
			}
		})
	}
}

// TestConformsUndecided: what conforms leaves to the validator although
// the schema accepts it, so that Parse reads it as before: a string
// holding an encoded surrogate (the validator counts it as one code point,
// U+FFFD). Parse accepts each, through the validator.
func TestConformsUndecided(t *testing.T) {
	for name, doc := range map[string][]byte{
		"surrogate verdict":  replace(t, `"verdict": "non_conforme"`, `"verdict": "\udc00"`),
		"surrogate field":    replace(t, `"field": "/statut"`, `"field": "/\ud800x"`),
		"surrogate resource": replace(t, `"resource": "/agrements/AGR-4417"`, `"resource": "/\udfff"`),
	} {
		t.Run(name, func(t *testing.T) {
			v := decode(t, doc)
			if conforms(v) {
				t.Fatal("conforms decided it")
			}
			if !schemaAccepts(v) {
				t.Fatal("fixture: the validator refuses it")
			}
			if _, err := Parse(doc); err != nil {
				t.Fatalf("Parse: %v", err)
			}
		})
	}
}

// TestConformsImpliesSchema: over every submission of the repository's
// seasons and every seed of FuzzParse, conforms accepts nothing the
// validator refuses, and accepts every one of the seasons' submissions
// that the validator accepts (the fast path is the one they take).
func TestConformsImpliesSchema(t *testing.T) {
	var docs [][]byte
	var exact []bool
	add := func(doc []byte, mustDecide bool) {
		docs = append(docs, doc)
		exact = append(exact, mustDecide)
	}
	seasons, err := filepath.Glob("../../seasons/*/*/submissions/*/*.json")
	if err != nil || len(seasons) < 100 {
		t.Fatalf("the seasons' submissions: %d files, %v", len(seasons), err)
	}
	for _, p := range seasons {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		add(data, true)
	}
	seeds, err := filepath.Glob("testdata/fuzz/FuzzParse/*")
	if err != nil || len(seeds) == 0 {
		t.Fatalf("FuzzParse seeds: %d, %v", len(seeds), err)
	}
	for _, p := range seeds {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		add(fuzzSeed(t, p, data), false)
	}
	decided := 0
	for i, doc := range docs {
		v, err := pyjson.DecodeStrict(doc)
		if err != nil {
			continue
		}
		schema, fast := schemaAccepts(v), conforms(v)
		if fast && !schema {
			t.Errorf("document %d: conforms accepts what the validator refuses:\n%s", i, doc)
		}
		if exact[i] && schema && !fast {
			t.Errorf("document %d: valid, and conforms leaves it to the validator:\n%.300s", i, doc)
		}
		if fast {
			decided++
		}
	}
	if decided < len(seasons)/2 {
		t.Fatalf("conforms decided %d of %d documents", decided, len(docs))
	}
}

// fuzzSeed reads the []byte of a "go test fuzz v1" file.
func fuzzSeed(t *testing.T, name string, data []byte) []byte {
	lines := bytes.Split(data, []byte("\n"))
	if len(lines) < 2 || !bytes.HasPrefix(lines[1], []byte("[]byte(")) {
		t.Fatalf("%s: not a go test fuzz v1 file", name)
	}
	lit := strings.TrimSuffix(strings.TrimPrefix(string(lines[1]), "[]byte("), ")")
	s, err := strconv.Unquote(lit)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return []byte(s)
}

// FuzzConformsImpliesSchema: for any strict JSON document, conforms
// accepts only what the validator accepts.
func FuzzConformsImpliesSchema(f *testing.F) {
	f.Add([]byte(valid))
	f.Add(bigDoc())
	f.Add([]byte(`{"season":0,"track":"t","task_id":"t-00","agent_did":"did:web:x","verdict":"v","assertions":[],"disclosures":{}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := pyjson.DecodeStrict(data)
		if err != nil {
			return
		}
		if conforms(v) && !schemaAccepts(v) {
			t.Fatalf("conforms accepts what the validator refuses: %q", data)
		}
	})
}

// patterns are the exported checks with their patterns, compiled: the
// oracles of TestPatternsAsRegexp and FuzzPatternsAsRegexp.
var patterns = []struct {
	name  string
	check func(string) bool
	re    *regexp.Regexp
	max   int // in code points, 0 for none
}{
	{"ValidDID", ValidDID, regexp.MustCompile(DIDPattern), MaxDIDLength},
	{"ValidProofID", ValidProofID, regexp.MustCompile(ProofIDPattern), 0},
	{"ValidHex64", ValidHex64, regexp.MustCompile(HexPattern), 0},
}

func matchesPattern(s string, re *regexp.Regexp, max int) bool {
	return (max == 0 || utf8.RuneCountInString(s) <= max) && re.MatchString(s)
}

// TestPatternsAsRegexp: ValidDID, ValidProofID and ValidHex64 give the
// verdict of their pattern, compiled, on a valid value of each, on every
// one-byte change of it at every position (each byte of the patterns'
// classes' edges, a newline, a NUL, a non-ASCII letter's first byte), on
// each shortened by one and lengthened by one, and at the DID's length
// bound. Seen failing with each class's edge moved by one and with the
// length bound of ValidDID moved by one.
func TestPatternsAsRegexp(t *testing.T) {
	valid := []string{
		"did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK", "did:web:example.org:a%20b_c-d.e",
		proofA, proofB, hexA, "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
		"did:key:" + strings.Repeat("z", MaxDIDLength-8), "did:key:" + strings.Repeat("z", MaxDIDLength-7),
	}
	edges := []byte("/09:@AZ[`az{_-.%\n\x00\xc3 ")
	var cases []string
	for _, v := range valid {
		cases = append(cases, v, v[:len(v)-1], v+"0", v+"\n", "x"+v)
		for i := range len(v) {
			for _, c := range edges {
				cases = append(cases, v[:i]+string([]byte{c})+v[i+1:])
			}
		}
	}
	cases = append(cases, "", "did:key:", "did:web:", "did:key", "prf_", strings.Repeat("a", 63))
	seen := map[string]int{}
	for _, s := range cases {
		for _, p := range patterns {
			want := matchesPattern(s, p.re, p.max)
			if got := p.check(s); got != want {
				t.Errorf("%s(%q) = %v, the pattern says %v", p.name, s, got, want)
			}
			if want {
				seen[p.name]++
			}
		}
	}
	for _, p := range patterns {
		if seen[p.name] < 2 {
			t.Errorf("%s: %d accepted cases, the table does not reach it", p.name, seen[p.name])
		}
	}
}

// FuzzPatternsAsRegexp: the same, on any string.
func FuzzPatternsAsRegexp(f *testing.F) {
	for _, s := range []string{proofA, hexA, "did:key:z6Mk", "did:web:a.b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range patterns {
			if got, want := p.check(s), matchesPattern(s, p.re, p.max); got != want {
				t.Fatalf("%s(%q) = %v, the pattern says %v", p.name, s, got, want)
			}
		}
	})
}
