package submission

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/scorer/pyjson"
)

// HexPattern is the schema's pattern of a nonce or a SHA-256 hex digest,
// which ValidHex64 checks.
const HexPattern = `^[0-9a-f]{64}$`

var (
	hexA = strings.Repeat("a", 64)
	hexB = strings.Repeat("b", 64)
	hexC = strings.Repeat("c", 64)
	hexD = strings.Repeat("d", 64)
)

const proofA = "prf_20260921_101233_ab12cd"
const proofB = "prf_20260921_101300_0f0f0f"

// valid is the §4 example, with a second assertion citing two proofs.
var valid = `{
  "season": 1,
  "track": "conformite",
  "task_id": "conf-03",
  "agent_did": "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK",
  "verdict": "non_conforme",
  "assertions": [
    {
      "id": "a1",
      "claim": {"resource": "/agrements/AGR-4417", "field": "/statut", "value": "suspendu"},
      "proof_ids": ["` + proofA + `"]
    },
    {
      "id": "a2",
      "claim": {"resource": "/entites/ENT-0001", "field": "/agrements/0", "value": "/agrements/AGR-4417"},
      "proof_ids": ["` + proofA + `", "` + proofB + `"]
    }
  ],
  "disclosures": {
    "` + proofA + `": {
      "request_hash":  {"nonce": "` + hexA + `", "value": "` + hexB + `"},
      "response_hash": {"nonce": "` + hexC + `", "value": "` + hexD + `"}
    },
    "` + proofB + `": {
      "request_hash":  {"nonce": "` + hexB + `", "value": "` + hexA + `"},
      "response_hash": {"nonce": "` + hexD + `", "value": "` + hexC + `"}
    }
  },
  "narrative": "texte libre, publié, non scoré"
}`

func TestParseValid(t *testing.T) {
	s, err := Parse([]byte(valid))
	if err != nil {
		t.Fatal(err)
	}
	if s.Season != 1 || s.Track != "conformite" || s.TaskID != "conf-03" || s.Verdict != "non_conforme" ||
		s.AgentDID != "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK" || s.Narrative != "texte libre, publié, non scoré" {
		t.Fatalf("header fields: %+v", s)
	}
	if len(s.Assertions) != 2 {
		t.Fatalf("assertions: %+v", s.Assertions)
	}
	a := s.Assertions[1]
	if a.ID != "a2" || a.Claim.Resource != "/entites/ENT-0001" || a.Claim.Field != "/agrements/0" ||
		!pyjson.Equal(a.Claim.Value, pyjson.StringValue("/agrements/AGR-4417")) ||
		len(a.ProofIDs) != 2 || a.ProofIDs[0] != proofA || a.ProofIDs[1] != proofB {
		t.Fatalf("assertion 1: %+v", a)
	}
	d, ok := s.Disclosures.Get(proofB)
	if !ok || s.Disclosures.Len() != 2 || d.RequestHash != (Opening{hexB, hexA}) || d.ResponseHash != (Opening{hexD, hexC}) {
		t.Fatalf("disclosures: %+v", s.Disclosures)
	}
	if err := CheckEntry(s); err != nil {
		t.Fatal(err)
	}
}

func TestParseMinimal(t *testing.T) {
	doc := `{"season":0,"track":"generique","task_id":"gen-10","agent_did":"did:web:agent.example.org:a%3Ab","verdict":"aucune_option_valide","assertions":[],"disclosures":{}}`
	s, err := Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if s.Season != 0 || s.Narrative != "" || len(s.Assertions) != 0 || s.Disclosures.Len() != 0 {
		t.Fatalf("%+v", s)
	}
}

// replace returns valid with old replaced by new exactly once.
func replace(t *testing.T, old, new string) []byte {
	t.Helper()
	if strings.Count(valid, old) != 1 {
		t.Fatalf("fixture: %q occurs %d times", old, strings.Count(valid, old))
	}
	return []byte(strings.Replace(valid, old, new, 1))
}

func manyAssertions(n int) string {
	var parts []string
	for i := 0; i < n; i++ {
		parts = append(parts, fmt.Sprintf(`{"id":"a%d","claim":{"resource":"/r","field":"/f","value":%d},"proof_ids":["%s"]}`, i, i, proofA))
	}
	return strings.Join(parts, ",")
}

func TestParseRejects(t *testing.T) {
	cases := []struct {
		name string
		doc  func(t *testing.T) []byte
		want []string // substrings of the error
	}{
		{"season string", func(t *testing.T) []byte { return replace(t, `"season": 1`, `"season": "1"`) },
			[]string{`at "/season"`, "got string, want integer"}},
		{"season negative", func(t *testing.T) []byte { return replace(t, `"season": 1`, `"season": -1`) },
			[]string{`at "/season"`, "want at least 0"}},
		{"season float", func(t *testing.T) []byte { return replace(t, `"season": 1`, `"season": 1.0`) },
			[]string{`at "/season"`, "float 1.0", "want an integer"}},
		{"season huge", func(t *testing.T) []byte { return replace(t, `"season": 1`, `"season": 100000000000000000000`) },
			[]string{`at "/season"`, "out of range"}},
		{"track unknown", func(t *testing.T) []byte { return replace(t, `"track": "conformite"`, `"track": "conformité"`) },
			[]string{`at "/track"`, `"conformité" does not match`, "^[a-z][a-z0-9-]{0,31}$"}},
		{"task_id pattern", func(t *testing.T) []byte { return replace(t, `"conf-03"`, `"conf-3"`) },
			[]string{`at "/task_id"`, `"conf-3" does not match`, "^[a-z][a-z0-9]{0,15}-[0-9]{2}$"}},
		{"task_id trailing newline", func(t *testing.T) []byte { return replace(t, `"conf-03"`, `"conf-03\n"`) },
			[]string{`at "/task_id"`, "does not match"}},
		{"did method", func(t *testing.T) []byte { return replace(t, `"did:key:z6Mk`, `"did:ethr:z6Mk`) },
			[]string{`at "/agent_did"`, "^did:(key|web):"}},
		{"did too long", func(t *testing.T) []byte {
			return replace(t, `"did:key:z6Mk`, `"did:key:`+strings.Repeat("z", 600))
		}, []string{`at "/agent_did"`, "want at most 512"}},
		{"verdict empty", func(t *testing.T) []byte { return replace(t, `"verdict": "non_conforme"`, `"verdict": ""`) },
			[]string{`at "/verdict"`, "want at least 1"}},
		{"verdict too long", func(t *testing.T) []byte {
			return replace(t, `"verdict": "non_conforme"`, `"verdict": "`+strings.Repeat("é", 129)+`"`)
		}, []string{`at "/verdict"`, "string of 129 characters, want at most 128"}},
		{"verdict number", func(t *testing.T) []byte { return replace(t, `"verdict": "non_conforme"`, `"verdict": 3`) },
			[]string{`at "/verdict"`, "got number, want string"}},
		{"unknown top-level key", func(t *testing.T) []byte { return replace(t, `"season": 1,`, `"season": 1, "score": 10,`) },
			[]string{`at ""`, `unknown key "score"`}},
		{"unknown claim key", func(t *testing.T) []byte {
			return replace(t, `"value": "suspendu"`, `"value": "suspendu", "note": "x"`)
		},
			[]string{`at "/assertions/0/claim"`, `unknown key "note"`}},
		{"unknown opening key", func(t *testing.T) []byte {
			return replace(t, `{"nonce": "`+hexA+`", "value": "`+hexB+`"}`, `{"nonce": "`+hexA+`", "value": "`+hexB+`", "x": 1}`)
		}, []string{`at "/disclosures/` + proofA + `/request_hash"`, `unknown key "x"`}},
		{"missing keys", func(t *testing.T) []byte {
			return replace(t, `"task_id": "conf-03",
  "agent_did": "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK",`, ``)
		}, []string{`at "": missing required key "agent_did"; at "": missing required key "task_id"`}},
		{"missing claim value", func(t *testing.T) []byte { return replace(t, `, "value": "suspendu"`, ``) },
			[]string{`at "/assertions/0/claim"`, `missing required key "value"`}},
		{"missing response_hash", func(t *testing.T) []byte {
			return replace(t, `,
      "response_hash": {"nonce": "`+hexD+`", "value": "`+hexC+`"}`, ``)
		}, []string{`at "/disclosures/` + proofB + `"`, `missing required key "response_hash"`}},
		{"assertions object", func(t *testing.T) []byte {
			return []byte(strings.Replace(string(replace(t, `"assertions": [`, `"assertions": {"x": [`)), `],
  "disclosures"`, `]},
  "disclosures"`, 1))
		}, []string{`at "/assertions"`, "got object, want array"}},
		{"assertion id pattern", func(t *testing.T) []byte { return replace(t, `"id": "a1"`, `"id": "a 1"`) },
			[]string{`at "/assertions/0/id"`, "^[A-Za-z0-9_-]{1,32}$"}},
		{"assertion id too long", func(t *testing.T) []byte { return replace(t, `"id": "a1"`, `"id": "`+strings.Repeat("a", 33)+`"`) },
			[]string{`at "/assertions/0/id"`, "does not match"}},
		{"resource without slash", func(t *testing.T) []byte {
			return replace(t, `"resource": "/agrements/AGR-4417"`, `"resource": "https://corpus.arkforge.tech/agrements/AGR-4417"`)
		}, []string{`at "/assertions/0/claim/resource"`, "^/"}},
		{"field too long", func(t *testing.T) []byte {
			return replace(t, `"field": "/statut"`, `"field": "/`+strings.Repeat("x", 512)+`"`)
		},
			[]string{`at "/assertions/0/claim/field"`, "513 characters, want at most 512"}},
		{"field not a string", func(t *testing.T) []byte { return replace(t, `"field": "/statut"`, `"field": null`) },
			[]string{`at "/assertions/0/claim/field"`, "got null, want string"}},
		{"proof id pattern", func(t *testing.T) []byte {
			return replace(t, `"proof_ids": ["`+proofA+`"]`, `"proof_ids": ["prf_20260921_101233_AB12CD"]`)
		},
			[]string{`at "/assertions/0/proof_ids/0"`, "^prf_[0-9]{8}_[0-9]{6}_[0-9a-f]{6}$"}},
		{"no proof ids", func(t *testing.T) []byte { return replace(t, `"proof_ids": ["`+proofA+`"]`, `"proof_ids": []`) },
			[]string{`at "/assertions/0/proof_ids"`, "0 items, want at least 1"}},
		{"repeated proof id", func(t *testing.T) []byte {
			return replace(t, `"proof_ids": ["`+proofA+`"]`, `"proof_ids": ["`+proofA+`", "`+proofA+`"]`)
		}, []string{`at "/assertions/0/proof_ids"`, "items 0 and 1 are equal"}},
		{"seventeen proof ids", func(t *testing.T) []byte {
			var ids []string
			for i := 0; i < 17; i++ {
				ids = append(ids, fmt.Sprintf(`"prf_20260921_101233_%06x"`, i))
			}
			return replace(t, `"proof_ids": ["`+proofA+`"]`, `"proof_ids": [`+strings.Join(ids, ",")+`]`)
		}, []string{`at "/assertions/0/proof_ids"`, "17 items, want at most 16"}},
		{"too many assertions", func(t *testing.T) []byte {
			return []byte(`{"season":1,"track":"conformite","task_id":"conf-01","agent_did":"did:key:z","verdict":"conforme","assertions":[` +
				manyAssertions(65) + `],"disclosures":{}}`)
		}, []string{`at "/assertions"`, "65 items, want at most 64"}},
		{"disclosure key pattern", func(t *testing.T) []byte { return replace(t, `"`+proofA+`": {`, `"prf_1": {`) },
			[]string{`at "/disclosures"`, `key "prf_1" is not a proof id`}},
		{"nonce pattern", func(t *testing.T) []byte {
			return replace(t, `{"nonce": "`+hexA+`", "value": "`+hexB+`"}`, `{"nonce": "`+strings.ToUpper(hexA)+`", "value": "`+hexB+`"}`)
		}, []string{`at "/disclosures/` + proofA + `/request_hash/nonce"`, "^[0-9a-f]{64}$"}},
		{"value not a string", func(t *testing.T) []byte {
			return replace(t, `{"nonce": "`+hexD+`", "value": "`+hexC+`"}`, `{"nonce": "`+hexD+`", "value": 5}`)
		}, []string{`at "/disclosures/` + proofB + `/response_hash/value"`, "got number, want string"}},
		{"narrative too long", func(t *testing.T) []byte {
			return replace(t, `"texte libre, publié, non scoré"`, `"`+strings.Repeat("x", 20001)+`"`)
		}, []string{`at "/narrative"`, "want at most 20000"}},
		{"narrative null", func(t *testing.T) []byte { return replace(t, `"texte libre, publié, non scoré"`, `null`) },
			[]string{`at "/narrative"`, "got null, want string"}},
		{"document array", func(t *testing.T) []byte { return []byte(`[]`) },
			[]string{`at ""`, "got array, want object"}},
		{"duplicate key", func(t *testing.T) []byte {
			return replace(t, `"verdict": "non_conforme",`, `"verdict": "non_conforme", "verdict": "conforme",`)
		},
			[]string{"not strict JSON", `duplicate key "verdict"`, `""`}},
		{"duplicate nested key", func(t *testing.T) []byte {
			return replace(t, `"field": "/statut",`, `"field": "/statut", "field": "/x",`)
		},
			[]string{"not strict JSON", `duplicate key "field"`, `"/assertions/0/claim"`}},
		{"NaN", func(t *testing.T) []byte { return replace(t, `"value": "suspendu"`, `"value": NaN`) },
			[]string{"NaN", `"/assertions/0/claim/value"`, "not a JSON number"}},
		{"-Infinity", func(t *testing.T) []byte { return replace(t, `"season": 1`, `"season": -Infinity`) },
			[]string{"-Infinity", `"/season"`}},
		{"overflowing float", func(t *testing.T) []byte { return replace(t, `"value": "suspendu"`, `"value": 1e400`) },
			[]string{`at "/assertions/0/claim/value"`, "overflows"}},
		{"BOM", func(t *testing.T) []byte { return append([]byte("\xef\xbb\xbf"), valid...) },
			[]string{"not strict JSON", "want UTF-8 without a byte order mark"}},
		{"UTF-16", func(t *testing.T) []byte { return []byte("{\x00}\x00") },
			[]string{"not strict JSON", "utf-16"}},
		{"invalid UTF-8", func(t *testing.T) []byte { return replace(t, `"suspendu"`, "\"suspendu\xff\"") },
			[]string{"not strict JSON", "can't decode byte"}},
		{"truncated", func(t *testing.T) []byte { return []byte(valid[:len(valid)/2]) },
			[]string{"not strict JSON", "line"}},
		{"empty", func(t *testing.T) []byte { return nil },
			[]string{"not strict JSON", "Expecting value"}},
		{"trailing data", func(t *testing.T) []byte { return []byte(valid + " {}") },
			[]string{"not strict JSON", "Extra data"}},
		{"oversized", func(t *testing.T) []byte {
			return replace(t, `"texte libre, publié, non scoré"`, `"`+strings.Repeat(" ", MaxBytes)+`"`)
		}, []string{"exceeds the limit of 1048576 bytes"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := Parse(c.doc(t))
			if err == nil {
				t.Fatalf("accepted: %+v", s)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\n  does not contain %q", err, w)
				}
			}
		})
	}
}

// TestParseErrorDeterministic checks that several problems are reported
// sorted by pointer, identically on every run (the validator walks maps in
// random order).
func TestParseErrorDeterministic(t *testing.T) {
	doc := `{"season":"x","track":"T","task_id":"x","agent_did":"y","verdict":"","assertions":[],"disclosures":{"a":{},"b":{},"c":{},"d":{}},"z":1,"y":2}`
	_, first := Parse([]byte(doc))
	var se *Error
	if !errors.As(first, &se) {
		t.Fatalf("want *Error, got %v", first)
	}
	for i := 1; i < len(se.Problems); i++ {
		if se.Problems[i-1].Pointer > se.Problems[i].Pointer {
			t.Fatalf("problems not sorted: %+v", se.Problems)
		}
	}
	for i := 0; i < 20; i++ {
		if _, err := Parse([]byte(doc)); err.Error() != first.Error() {
			t.Fatalf("run %d:\n%v\nfirst:\n%v", i, err, first)
		}
	}
	for _, w := range []string{`at "": unknown key "y", not allowed by the schema; at "": unknown key "z"`, `at "/agent_did"`, `at "/disclosures": key "a" is not a proof id`, `at "/season"`, `at "/task_id"`, `at "/track"`, `at "/verdict"`} {
		if !strings.Contains(first.Error(), w) {
			t.Errorf("error %q\n  does not contain %q", first, w)
		}
	}
}

func TestParseErrorCapped(t *testing.T) {
	doc := `{"season":1,"track":"conformite","task_id":"conf-01","agent_did":"did:key:z","verdict":"conforme","assertions":[` +
		strings.Repeat(`{"id":"-","claim":{"resource":"x","field":"","value":0},"proof_ids":["p"]},`, 30) +
		`{"id":"-","claim":{"resource":"x","field":"","value":0},"proof_ids":["p"]}],"disclosures":{}}`
	_, err := Parse([]byte(doc))
	var se *Error
	if !errors.As(err, &se) || len(se.Problems) != 62 {
		t.Fatalf("want 62 problems, got %v", err)
	}
	if !strings.HasSuffix(err.Error(), fmt.Sprintf("; and %d more", 62-MaxProblems)) {
		t.Fatalf("message not capped: %v", err)
	}
}

func TestClaimValuesKeptExactly(t *testing.T) {
	cases := []struct {
		name, literal, canonical string
		kind                     pyjson.Kind
	}{
		{"lone high surrogate", `"\ud800"`, `"\ud800"`, pyjson.String},
		{"lone low surrogate in text", `"a\udfffb"`, `"a\udfffb"`, pyjson.String},
		{"surrogate pair", `"\ud83d\ude00"`, `"\ud83d\ude00"`, pyjson.String},
		{"30-digit integer", `123456789012345678901234567890`, `123456789012345678901234567890`, pyjson.Int},
		{"negative 30-digit integer", `-987654321098765432109876543210`, `-987654321098765432109876543210`, pyjson.Int},
		{"float", `1e3`, `1000.0`, pyjson.Float},
		{"object", `{"b":[true,null],"a":"x"}`, `{"a":"x","b":[true,null]}`, pyjson.Object},
		{"false", `false`, `false`, pyjson.Bool},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := Parse(replace(t, `"value": "suspendu"`, `"value": `+c.literal))
			if err != nil {
				t.Fatal(err)
			}
			v := s.Assertions[0].Claim.Value
			if v.Kind() != c.kind {
				t.Fatalf("kind %v, want %v", v.Kind(), c.kind)
			}
			if got := string(pyjson.Canonical(v)); got != c.canonical {
				t.Fatalf("canonical %s, want %s", got, c.canonical)
			}
		})
	}
	s, err := Parse(replace(t, `"value": "suspendu"`, `"value": "\ud800"`))
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Assertions[0].Claim.Value.Str(); got != "\xed\xa0\x80" {
		t.Fatalf("lone surrogate held as %q", got)
	}
}

// TestSurrogateLength checks that a lone surrogate counts as one code point
// for maxLength, as in Python: 128 of them make a valid verdict.
func TestSurrogateLength(t *testing.T) {
	s, err := Parse(replace(t, `"verdict": "non_conforme"`, `"verdict": "`+strings.Repeat(`\udc00`, 128)+`"`))
	if err != nil {
		t.Fatal(err)
	}
	if s.Verdict != strings.Repeat("\xed\xb0\x80", 128) {
		t.Fatalf("verdict %q", s.Verdict)
	}
	if _, err := Parse(replace(t, `"verdict": "non_conforme"`, `"verdict": "`+strings.Repeat(`\udc00`, 129)+`"`)); err == nil ||
		!strings.Contains(err.Error(), "129 characters") {
		t.Fatalf("129 surrogates: %v", err)
	}
}

func TestCheckEntry(t *testing.T) {
	cases := []struct {
		name string
		doc  func(t *testing.T) []byte
		want []string
	}{
		{"repeated id", func(t *testing.T) []byte { return replace(t, `"id": "a2"`, `"id": "a1"`) },
			[]string{`at "/assertions/1/id"`, `"a1" repeats /assertions/0/id`}},
		{"repeated triplet", func(t *testing.T) []byte {
			return replace(t, `{"resource": "/entites/ENT-0001", "field": "/agrements/0", "value": "/agrements/AGR-4417"}`,
				`{"resource": "/agrements/AGR-4417", "value": "suspendu", "field": "/statut"}`)
		}, []string{`at "/assertions/1/claim"`, "repeats the (resource, field, value) of /assertions/0/claim"}},
		{"undisclosed proof", func(t *testing.T) []byte {
			return replace(t, `"proof_ids": ["`+proofA+`"]`, `"proof_ids": ["prf_20260921_000000_000000"]`)
		}, []string{`at "/assertions/0/proof_ids/0"`, `"prf_20260921_000000_000000" is cited but /disclosures has no entry`}},
		{"uncited disclosure", func(t *testing.T) []byte {
			return replace(t, `"proof_ids": ["`+proofA+`", "`+proofB+`"]`, `"proof_ids": ["`+proofA+`"]`)
		}, []string{`at "/disclosures/` + proofB + `"`, "no assertion cites"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := Parse(c.doc(t))
			if err != nil {
				t.Fatal(err)
			}
			err = CheckEntry(s)
			if err == nil {
				t.Fatal("accepted")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\n  does not contain %q", err, w)
				}
			}
		})
	}
	// Values of different types are different triplets (strict JSON equality, §4.1).
	s, err := Parse([]byte(`{"season":1,"track":"conformite","task_id":"conf-01","agent_did":"did:key:z","verdict":"conforme","assertions":[` +
		`{"id":"a","claim":{"resource":"/r","field":"/f","value":"1"},"proof_ids":["` + proofA + `"]},` +
		`{"id":"b","claim":{"resource":"/r","field":"/f","value":1},"proof_ids":["` + proofA + `"]},` +
		`{"id":"c","claim":{"resource":"/r","field":"/f","value":1.0},"proof_ids":["` + proofA + `"]},` +
		`{"id":"d","claim":{"resource":"/r","field":"/f","value":true},"proof_ids":["` + proofA + `"]}` +
		`],"disclosures":{"` + proofA + `":{"request_hash":{"nonce":"` + hexA + `","value":"` + hexA + `"},"response_hash":{"nonce":"` + hexA + `","value":"` + hexA + `"}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckEntry(s); err != nil {
		t.Fatal(err)
	}
	if err := CheckEntry(nil); err == nil {
		t.Fatal("nil submission accepted")
	}
}

func TestSchemaPublished(t *testing.T) {
	if compileErr != nil {
		t.Fatal(compileErr)
	}
	onDisk, err := os.ReadFile("submission.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(onDisk, Schema) {
		t.Fatal("embedded schema differs from the file")
	}
	v, err := pyjson.DecodeStrict(Schema)
	if err != nil {
		t.Fatal(err)
	}
	if id, _ := v.Lookup("$id"); id.Str() != SchemaURL {
		t.Fatalf("$id %q, want %q", id.Str(), SchemaURL)
	}
	// The exported patterns are the schema's.
	lookup := func(v pyjson.Value, keys ...string) pyjson.Value {
		for _, k := range keys {
			v, _ = v.Lookup(k)
		}
		return v
	}
	for _, c := range []struct {
		keys []string
		want string
	}{
		{[]string{"properties", "agent_did", "pattern"}, DIDPattern},
		{[]string{"$defs", "proof_id", "pattern"}, ProofIDPattern},
		{[]string{"$defs", "hex64", "pattern"}, HexPattern},
	} {
		if got := lookup(v, c.keys...).Str(); got != c.want {
			t.Errorf("%v: schema has %q, package has %q", c.keys, got, c.want)
		}
	}
	if got := lookup(v, "properties", "agent_did", "maxLength").IntText(); got != fmt.Sprint(MaxDIDLength) {
		t.Errorf("agent_did maxLength %s, package has %d", got, MaxDIDLength)
	}
	if !ValidDID("did:web:example.org") || ValidDID("did:key:"+strings.Repeat("z", 505)) || ValidDID("did:key:a b") {
		t.Error("ValidDID")
	}
	if !ValidProofID(proofA) || ValidProofID(proofA+"0") || !ValidHex64(hexA) || ValidHex64(strings.ToUpper(hexA)) {
		t.Error("ValidProofID, ValidHex64")
	}
}

func FuzzParse(f *testing.F) {
	// More seeds are in testdata/fuzz/FuzzParse.
	f.Add([]byte(valid))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse(data)
		if (s == nil) == (err == nil) {
			t.Fatalf("Parse returned %v and %v", s, err)
		}
		if err != nil {
			_ = err.Error()
			return
		}
		_ = CheckEntry(s)
		for _, a := range s.Assertions {
			_ = pyjson.Canonical(a.Claim.Value)
		}
	})
}

// TestSubmissionKeepsNoText: a Submission shares no memory with the
// document it was parsed from (pyjson slices its strings out of the whole
// text), so that a season keeping its submissions, or a scorer keeping an
// assertion's resource, field or value, keeps a few hundred bytes per
// document, not the document: submissions padded with 256 KB of
// whitespace each keep a few kilobytes each once parsed. Seen failing with
// any one string of the Submission not copied (the claim value's, an
// object's key, a disclosure's).
func TestSubmissionKeepsNoText(t *testing.T) {
	// Every cited proof disclosed (its id is the disclosure's), and one
	// cited without a disclosure (its id is copied on its own).
	undisclosed := replace(t, `"proof_ids": ["`+proofA+`", "`+proofB+`"]`, `"proof_ids": ["`+proofA+`", "prf_20260101_000000_000000"]`)
	for name, doc := range map[string][]byte{"disclosed": []byte(valid), "undisclosed": undisclosed} {
		t.Run(name, func(t *testing.T) { keepsNoText(t, doc) })
	}
}

func keepsNoText(t *testing.T, doc []byte) {
	const pad = 256 << 10
	doc = bytes.Replace(doc, []byte(`"value": "suspendu"`), []byte(`"value": {"k": ["v", "w"]}`), 1)
	doc = bytes.Replace(doc, []byte(`"narrative"`), append(bytes.Repeat([]byte(" "), pad), `"narrative"`...), 1)
	heap := func() int64 {
		var ms runtime.MemStats
		runtime.GC()
		runtime.GC()
		runtime.ReadMemStats(&ms)
		return int64(ms.HeapAlloc)
	}
	if _, err := Parse(doc); err != nil { // the schema compiled, the pools warm
		t.Fatal(err)
	}
	const n = 32
	kept := make([]*Submission, n)
	before := heap()
	for i := range kept {
		s, err := Parse(bytes.Clone(doc))
		if err != nil {
			t.Fatal(err)
		}
		kept[i] = s
	}
	each := (heap() - before) / n
	runtime.KeepAlive(kept)
	t.Logf("a parsed submission of %d bytes keeps %d bytes", len(doc), each)
	if each > pad/16 {
		t.Errorf("a parsed submission of %d bytes keeps %d bytes: it keeps the document's text", len(doc), each)
	}
}
