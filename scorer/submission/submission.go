// Package submission reads one PROVE IT submission: the JSON document a
// participant renders for one task (challenge specification §4, « Format de
// rendu »), as a season keeps it in <track>/submissions/<slug>/<task_id>.json.
//
// The format is the strict JSON Schema (draft 2020-12) published beside this
// file as submission.schema.json and embedded in the package (Schema). Parse
// bounds the document (MaxBytes), decodes it with pyjson.DecodeStrict (so a
// repeated key, NaN or ±Infinity, a byte order mark or an encoding other than
// UTF-8 is refused, naming the JSON pointer), validates it against the schema
// and returns the typed Submission. A document that certainly matches the
// schema (conforms, the schema written out keyword by keyword, held to the
// validator by a differential test and a fuzz target) skips the validator,
// four times the cost of the rest; any other goes through it, for its
// messages. Claim values stay pyjson.Value, so a lone
// surrogate or a 30-digit integer is kept exactly as written, for the strict
// JSON equality of §4.1 condition 4: type included, so "1", 1, 1.0 and true
// are four values, and strings compare as code points, unnormalised.
//
// A document that fails Parse is rejected at entry (§4: « rejetée à
// l'entrée »): the season service should have refused it, and the scorer
// reports it as such, never as an overclaim. CheckEntry adds the entry rules
// of §4 that a JSON Schema cannot express and that need nothing but the
// document. The entry rules that need the season (season number, track,
// task, enrolled DID, verdict set, assertion ceiling) belong to the scorer.
package submission

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/ark-forge/proveit/scorer/pyjson"
)

// MaxBytes is the largest submission Parse reads: 1 MiB.
const MaxBytes = 1 << 20

// MaxProblems is how many problems an Error message lists; Problems holds
// them all.
const MaxProblems = 20

// Patterns of submission.schema.json that the season files share (a
// participant's DID, a proof id), so that both are checked alike.
const (
	DIDPattern     = `^did:(key|web):[A-Za-z0-9._:%-]+$`
	MaxDIDLength   = 512
	ProofIDPattern = `^prf_[0-9]{8}_[0-9]{6}_[0-9a-f]{6}$`
)

// ValidDID reports whether s is a DID the schema accepts as agent_did:
// DIDPattern within MaxDIDLength (one byte a code point: the pattern is
// ASCII). The patterns are matched byte by byte, not by regexp: they are
// read for every proof id, hash and DID of a season; TestPatternsAsRegexp
// and FuzzPatternsAsRegexp hold each to its pattern, compiled.
func ValidDID(s string) bool {
	if len(s) > MaxDIDLength || len(s) <= len("did:key:") || (s[:8] != "did:key:" && s[:8] != "did:web:") {
		return false
	}
	for i := 8; i < len(s); i++ {
		if c := s[i]; !isAlnum(c) && c != '.' && c != '_' && c != ':' && c != '%' && c != '-' {
			return false
		}
	}
	return true
}

// ValidProofID reports whether s is a Trust Layer proof id (ProofIDPattern).
func ValidProofID(s string) bool {
	if len(s) != 26 || s[:4] != "prf_" || s[12] != '_' || s[19] != '_' {
		return false
	}
	for i := 4; i < 26; i++ {
		switch {
		case i == 12 || i == 19:
		case i < 19 && !isDigit(s[i]):
			return false
		case i > 19 && !isHex(s[i]):
			return false
		}
	}
	return true
}

// ValidHex64 reports whether s is 64 lowercase hexadecimal digits (the
// schema's hex64 pattern, ^[0-9a-f]{64}$).
func ValidHex64(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := 0; i < 64; i++ {
		if !isHex(s[i]) {
			return false
		}
	}
	return true
}

func isLower(c byte) bool { return 'a' <= c && c <= 'z' }
func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isHex(c byte) bool   { return isDigit(c) || 'a' <= c && c <= 'f' }
func isAlnum(c byte) bool { return isLower(c) || 'A' <= c && c <= 'Z' || isDigit(c) }

// Schema is submission.schema.json, the published §4 format.
//
//go:embed submission.schema.json
var Schema []byte

// SchemaURL is the $id of Schema.
const SchemaURL = "https://proveit.arkforge.tech/schemas/submission.schema.json"

// compiled is Schema, compiled once. The schema is embedded and covered by
// the tests, so a compile failure is a build defect; it is still reported as
// an error by Parse rather than a panic.
var compiled, compileErr = compileSchema()

func compileSchema() (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(Schema))
	if err != nil {
		return nil, fmt.Errorf("submission.schema.json: %w", err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(SchemaURL, doc); err != nil {
		return nil, fmt.Errorf("submission.schema.json: %w", err)
	}
	s, err := c.Compile(SchemaURL)
	if err != nil {
		return nil, fmt.Errorf("submission.schema.json: %w", err)
	}
	return s, nil
}

// Submission is one valid §4 document.
type Submission struct {
	Season      int
	Track       string // a track the season declares
	TaskID      string // <task prefix>-NN
	AgentDID    string
	Verdict     string
	Assertions  []Assertion // in document order
	Disclosures Disclosures
	Narrative   string // "" when absent
}

// Assertion is one claim with the proofs cited for it (§4, §5.2).
type Assertion struct {
	ID       string
	Claim             // Resource, Field, Value
	ProofIDs []string // in document order, distinct
}

// Claim is the (resource, field, value) triplet of an assertion.
type Claim struct {
	Resource string       // canonical URL path, without the host
	Field    string       // RFC 6901 JSON Pointer into the resource's body
	Value    pyjson.Value // compared by strict JSON equality
}

// Disclosure opens the request_hash and response_hash commitments of one
// proof (§2.4, §4): the nonce and value that GET /v1/proof/{id}/full gives
// the key's owner, published with the submission.
type Disclosure struct {
	RequestHash  Opening
	ResponseHash Opening
}

// Opening is one commitment opening: the nonce and the committed value, both
// 64 lowercase hexadecimal digits.
type Opening struct {
	Nonce string
	Value string
}

// Problem is one violation, at an RFC 6901 pointer into the document ("" is
// the whole document).
type Problem struct {
	Pointer string
	Message string
}

// Error lists every problem of a document that does not match the schema,
// or that breaks an entry rule (CheckEntry), sorted by pointer then message.
type Error struct {
	What     string // what the document fails, e.g. "does not match submission.schema.json"
	Problems []Problem
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("submission ")
	b.WriteString(e.What)
	b.WriteString(": ")
	for i, p := range e.Problems {
		if i == MaxProblems {
			fmt.Fprintf(&b, "; and %d more", len(e.Problems)-MaxProblems)
			break
		}
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "at %q: %s", p.Pointer, p.Message)
	}
	return b.String()
}

func newError(what string, ps []Problem) *Error {
	sort.SliceStable(ps, func(i, j int) bool {
		if ps[i].Pointer != ps[j].Pointer {
			return ps[i].Pointer < ps[j].Pointer
		}
		return ps[i].Message < ps[j].Message
	})
	// Drop exact repeats (a problem can be reached through two schema paths).
	out := ps[:0]
	for i, p := range ps {
		if i > 0 && p == ps[i-1] {
			continue
		}
		out = append(out, p)
	}
	return &Error{What: what, Problems: out}
}

// Parse reads one submission. It refuses a document larger than MaxBytes,
// one that pyjson.DecodeStrict refuses, and one that does not match Schema;
// the error names the JSON pointer(s) and what was expected, and is an
// *Error for a schema violation.
func Parse(data []byte) (*Submission, error) {
	if len(data) > MaxBytes {
		return nil, fmt.Errorf("submission: document is %d bytes, exceeds the limit of %d bytes", len(data), MaxBytes)
	}
	if compileErr != nil {
		return nil, fmt.Errorf("submission: compiling the schema: %w", compileErr)
	}
	v, err := pyjson.DecodeStrict(data)
	if err != nil {
		return nil, fmt.Errorf("submission: not strict JSON: %w", err)
	}
	// A document that certainly matches the schema (conforms) is not
	// given to the validator: the same documents are accepted, and every
	// other one is read by the validator, with its messages.
	if conforms(v) {
		return build(v)
	}
	doc, err := toAny(v, nil)
	if err != nil {
		return nil, err
	}
	if err := validate(doc); err != nil {
		var ve *jsonschema.ValidationError
		if !errors.As(err, &ve) {
			return nil, fmt.Errorf("submission: validating against submission.schema.json: %w", err)
		}
		var ps []Problem
		flatten(ve, &ps)
		if len(ps) == 0 {
			ps = append(ps, Problem{Pointer: "", Message: ve.Error()})
		}
		return nil, newError("does not match submission.schema.json", ps)
	}
	return build(v)
}

// validate runs the compiled schema. A panic inside the validator (none is
// known) is turned into an error: no input may crash the build.
func validate(doc any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("submission: the schema validator failed: %v", r)
		}
	}()
	return compiled.Validate(doc)
}

// toAny converts v to the representation the validator expects:
// map[string]any, []any, string, json.Number, bool and nil. Strings holding
// an encoded surrogate are given to the validator with U+FFFD in its place,
// so that minLength and maxLength count code points as Python does; the
// Submission keeps the original. Object keys are passed unchanged.
func toAny(v pyjson.Value, path []string) (any, error) {
	switch v.Kind() {
	case pyjson.Null:
		return nil, nil
	case pyjson.Bool:
		return v.Bool(), nil
	case pyjson.Int:
		return json.Number(v.IntText()), nil
	case pyjson.Float:
		f := v.Float()
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return nil, newError("is not valid", []Problem{{Pointer: pointer(path), Message: "number overflows a binary64 float, want a finite number"}})
		}
		return json.Number(pyjson.AppendFloat(nil, f)), nil
	case pyjson.String:
		return validatorString(v.Str()), nil
	case pyjson.Array:
		out := make([]any, 0, v.Len())
		for i, e := range v.Elems() {
			a, err := toAny(e, append(path, strconv.Itoa(i)))
			if err != nil {
				return nil, err
			}
			out = append(out, a)
		}
		return out, nil
	case pyjson.Object:
		out := make(map[string]any, v.Len())
		for _, m := range v.Members() {
			a, err := toAny(m.Value, append(path, m.Key))
			if err != nil {
				return nil, err
			}
			out[m.Key] = a
		}
		return out, nil
	}
	return nil, newError("is not valid", []Problem{{Pointer: pointer(path), Message: "unknown JSON value kind"}})
}

// validatorString replaces each encoded surrogate (ED A0..BF xx) by U+FFFD,
// which is also three bytes long.
func validatorString(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	b := []byte(s)
	for i := 0; i+2 < len(b); i++ {
		if b[i] == 0xED && b[i+1] >= 0xA0 && b[i+1] <= 0xBF && b[i+2] >= 0x80 && b[i+2] <= 0xBF {
			b[i], b[i+1], b[i+2] = 0xEF, 0xBF, 0xBD
			i += 2
		}
	}
	return string(b)
}

// pointer writes RFC 6901 tokens as a JSON pointer.
func pointer(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(strings.NewReplacer("~", "~0", "/", "~1").Replace(t))
	}
	return b.String()
}

var printer = message.NewPrinter(language.English)

// flatten collects the leaf errors of a validation error tree, each with its
// instance pointer and a message that says what was expected.
func flatten(e *jsonschema.ValidationError, out *[]Problem) {
	if e == nil {
		return
	}
	at := pointer(e.InstanceLocation)
	switch k := e.ErrorKind.(type) {
	case *kind.PropertyNames:
		// jsonschema v6.0.3 gives a propertyNames error an InstanceLocation
		// that aliases the validator's stack (it may name a later
		// sibling); the schema has a single propertyNames, at /disclosures.
		if strings.HasSuffix(e.SchemaURL, "#/properties/disclosures/propertyNames") {
			at = "/disclosures"
		}
		*out = append(*out, Problem{Pointer: at, Message: fmt.Sprintf("key %s is not a proof id, want a key matching %s", quote(k.Property), ProofIDPattern)})
		return
	case *kind.AdditionalProperties:
		props := append([]string(nil), k.Properties...)
		sort.Strings(props)
		for _, p := range props {
			*out = append(*out, Problem{Pointer: at, Message: fmt.Sprintf("unknown key %s, not allowed by the schema", quote(p))})
		}
		return
	case *kind.Required:
		missing := append([]string(nil), k.Missing...)
		sort.Strings(missing)
		for _, m := range missing {
			*out = append(*out, Problem{Pointer: at, Message: fmt.Sprintf("missing required key %s", quote(m))})
		}
		return
	case *kind.Pattern:
		*out = append(*out, Problem{Pointer: at, Message: fmt.Sprintf("string %s does not match, want a string matching %s", quote(k.Got), k.Want)})
		return
	case *kind.Type:
		*out = append(*out, Problem{Pointer: at, Message: fmt.Sprintf("got %s, want %s", k.Got, strings.Join(k.Want, " or "))})
		return
	case *kind.MaxItems:
		*out = append(*out, Problem{Pointer: at, Message: fmt.Sprintf("%d items, want at most %d", k.Got, k.Want)})
		return
	case *kind.MinItems:
		*out = append(*out, Problem{Pointer: at, Message: fmt.Sprintf("%d items, want at least %d", k.Got, k.Want)})
		return
	case *kind.MaxLength:
		*out = append(*out, Problem{Pointer: at, Message: fmt.Sprintf("string of %d characters, want at most %d", k.Got, k.Want)})
		return
	case *kind.MinLength:
		*out = append(*out, Problem{Pointer: at, Message: fmt.Sprintf("string of %d characters, want at least %d", k.Got, k.Want)})
		return
	case *kind.UniqueItems:
		*out = append(*out, Problem{Pointer: at, Message: fmt.Sprintf("items %d and %d are equal, want distinct items", k.Duplicates[0], k.Duplicates[1])})
		return
	case *kind.Minimum:
		*out = append(*out, Problem{Pointer: at, Message: fmt.Sprintf("got %s, want at least %s", quote(k.Got.RatString()), k.Want.RatString())})
		return
	}
	if len(e.Causes) == 0 {
		*out = append(*out, Problem{Pointer: at, Message: e.ErrorKind.LocalizedString(printer)})
		return
	}
	for _, c := range e.Causes {
		flatten(c, out)
	}
}

// quote quotes s for a message, shortened to 80 bytes; invalid UTF-8 (a
// lone surrogate) is escaped byte by byte.
func quote(s string) string {
	const max = 80
	if len(s) > max {
		cut := max
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		return strconv.Quote(s[:cut]) + "…"
	}
	return strconv.Quote(s)
}

// build turns a document that matches Schema into a Submission that
// shares no memory with v (str, pyjson.Clone).
func build(v pyjson.Value) (*Submission, error) {
	var s Submission
	season, _ := v.Lookup("season")
	if season.Kind() != pyjson.Int {
		return nil, newError("does not match submission.schema.json", []Problem{{Pointer: "/season", Message: fmt.Sprintf("got %s %s, want an integer written without a fraction or an exponent", season.Kind(), pyjson.Canonical(season))}})
	}
	n, err := strconv.Atoi(season.IntText())
	if err != nil || n > math.MaxInt32 {
		return nil, newError("does not match submission.schema.json", []Problem{{Pointer: "/season", Message: fmt.Sprintf("integer %s is out of range, want at most %d", quote(season.IntText()), math.MaxInt32)}})
	}
	s.Season = n
	s.Track = str(v, "track")
	s.TaskID = str(v, "task_id")
	s.AgentDID = str(v, "agent_did")
	s.Verdict = str(v, "verdict")
	s.Narrative = str(v, "narrative")
	ds, _ := v.Lookup("disclosures")
	opened := make([]disclosed, 0, ds.Len())
	for _, m := range ds.Members() {
		req, _ := m.Value.Lookup("request_hash")
		resp, _ := m.Value.Lookup("response_hash")
		opened = append(opened, disclosed{m.Key, Disclosure{
			RequestHash:  Opening{Nonce: strOf(req, "nonce"), Value: strOf(req, "value")},
			ResponseHash: Opening{Nonce: strOf(resp, "nonce"), Value: strOf(resp, "value")},
		}})
	}
	// The strict decoder refuses a repeated key: the ids are distinct. The
	// schema holds every opening to hex64, which packDisclosures checks
	// again before decoding it.
	if s.Disclosures, err = packDisclosures(opened); err != nil {
		return nil, newError("does not match submission.schema.json", []Problem{{Pointer: "/disclosures", Message: err.Error()}})
	}
	as, _ := v.Lookup("assertions")
	s.Assertions = make([]Assertion, 0, as.Len())
	for _, a := range as.Elems() {
		claim, _ := a.Lookup("claim")
		value, _ := claim.Lookup("value")
		ids, _ := a.Lookup("proof_ids")
		proofIDs := make([]string, 0, ids.Len())
		for _, id := range ids.Elems() {
			// A cited proof's id is its disclosure's, one string for both.
			if j, ok := s.Disclosures.find(id.Str()); ok {
				proofIDs = append(proofIDs, s.Disclosures.id(j))
			} else {
				proofIDs = append(proofIDs, strings.Clone(id.Str()))
			}
		}
		s.Assertions = append(s.Assertions, Assertion{
			ID:       str(a, "id"),
			Claim:    Claim{Resource: str(claim, "resource"), Field: str(claim, "field"), Value: pyjson.Clone(value)},
			ProofIDs: proofIDs,
		})
	}
	return &s, nil
}

// strOf is the string at key, not copied: for packDisclosures, which copies.
func strOf(v pyjson.Value, key string) string {
	x, _ := v.Lookup(key)
	return x.Str()
}

// str returns a copy of the string at key: the Submission shares no memory
// with the decoded document (pyjson slices its strings out of the whole
// text), so that what the scorer keeps of it (a narrative, an assertion's
// resource and field) does not keep the whole document alive.
func str(v pyjson.Value, key string) string {
	x, _ := v.Lookup(key)
	return strings.Clone(x.Str())
}

// CheckEntry applies the entry rules of §4 that need nothing but the
// document: assertion ids are distinct; no (resource, field, value) triplet
// repeats (values compared by strict JSON equality); the disclosures are
// exactly those of the cited proofs, no fewer and no more. A violation is an
// *Error listing every problem; the submission is then rejected at entry,
// the first step of scoring (§4).
func CheckEntry(s *Submission) error {
	if s == nil {
		return newError("breaks the §4 entry rules", []Problem{{Pointer: "", Message: "no submission"}})
	}
	var ps []Problem
	ids := make(map[string]int)
	triplets := make(map[string]int)
	cited := make(map[string]bool)
	for i, a := range s.Assertions {
		at := fmt.Sprintf("/assertions/%d", i)
		if j, dup := ids[a.ID]; dup {
			ps = append(ps, Problem{Pointer: at + "/id", Message: fmt.Sprintf("assertion id %s repeats /assertions/%d/id, want distinct ids", quote(a.ID), j)})
		} else {
			ids[a.ID] = i
		}
		key := tripletKey(a.Claim)
		if j, dup := triplets[key]; dup {
			ps = append(ps, Problem{Pointer: at + "/claim", Message: fmt.Sprintf("claim repeats the (resource, field, value) of /assertions/%d/claim, want each triplet once", j)})
		} else {
			triplets[key] = i
		}
		for k, id := range a.ProofIDs {
			cited[id] = true
			if _, ok := s.Disclosures.Get(id); !ok {
				ps = append(ps, Problem{Pointer: fmt.Sprintf("%s/proof_ids/%d", at, k), Message: fmt.Sprintf("proof %s is cited but /disclosures has no entry for it, want its request_hash and response_hash openings", quote(id))})
			}
		}
	}
	for id := range s.Disclosures.All() {
		if !cited[id] {
			ps = append(ps, Problem{Pointer: pointer([]string{"disclosures", id}), Message: fmt.Sprintf("disclosure for proof %s that no assertion cites, want disclosures for the cited proofs only", quote(id))})
		}
	}
	if len(ps) > 0 {
		return newError("breaks the §4 entry rules", ps)
	}
	return nil
}

// tripletKey is an injective encoding of a claim: the lengths prefix the two
// strings, and canonical JSON is equal exactly when values are strictly equal.
func tripletKey(c Claim) string {
	return fmt.Sprintf("%d:%s%d:%s", len(c.Resource), c.Resource, len(c.Field), c.Field) + string(pyjson.Canonical(c.Value))
}
