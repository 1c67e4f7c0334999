package score

import (
	"fmt"
	"sort"
	"strings"

	"github.com/ark-forge/proveit/scorer/jsonpointer"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/season"
)

// Expected is one task of the sealed answer key (§5.5): the expected
// verdict, the trap family, and the facts that found the verdict (§5.7,
// « verdict fondé »), each with its equivalent forms.
type Expected struct {
	Verdict string
	Family  string // "P1" … "P5" or "controle"
	Facts   []Fact
}

// Fact is one founding fact: it is carried when a supported assertion's
// (resource, field, value) equals one of its forms.
type Fact struct {
	ID    string
	Forms []Form
}

// Form is one (resource, field, value) spelling of a fact.
type Form struct {
	Resource string
	Field    []string // pointer tokens
	Pointer  string
	Value    pyjson.Value
}

// KeyError names the place of key.json that is malformed.
type KeyError struct {
	Track   string
	Pointer string
	Reason  string
}

func (e *KeyError) Error() string {
	return fmt.Sprintf("%s/key.json: %s: %s", e.Track, e.Pointer, e.Reason)
}

// ParseKey reads a track's key.json: {task_id: {"verdict", "family",
// "facts": [{"id", "forms": [{"resource", "field", "value"}]}]}}, one entry
// per task of the track, each verdict in the track's verdict set.
func ParseKey(t *season.Track) (map[string]*Expected, error) {
	fail := func(ptr, format string, a ...any) error {
		return &KeyError{Track: t.Name, Pointer: ptr, Reason: fmt.Sprintf(format, a...)}
	}
	doc := t.Key.Value
	if doc.Kind() != pyjson.Object {
		return nil, fail("", "got %s, want an object keyed by task id", doc.Kind())
	}
	out := map[string]*Expected{}
	for _, m := range doc.Members() {
		ptr := "/" + esc(m.Key)
		if t.Task(m.Key) == nil {
			return nil, fail(ptr, "%s is not a task of the track", quote(m.Key))
		}
		e, err := parseExpected(m.Value, ptr, t, fail)
		if err != nil {
			return nil, err
		}
		out[m.Key] = e
	}
	for _, task := range t.Tasks {
		if out[task.ID] == nil {
			return nil, fail("", "task %s has no expected verdict", task.ID)
		}
	}
	return out, nil
}

func parseExpected(v pyjson.Value, ptr string, t *season.Track, fail func(string, string, ...any) error) (*Expected, error) {
	if v.Kind() != pyjson.Object {
		return nil, fail(ptr, "got %s, want an object", v.Kind())
	}
	for _, m := range v.Members() {
		switch m.Key {
		case "verdict", "family", "facts":
		default:
			return nil, fail(ptr+"/"+esc(m.Key), "unknown key, want verdict, family and facts")
		}
	}
	str := func(key string) (string, error) {
		f, ok := v.Lookup(key)
		if !ok || f.Kind() != pyjson.String {
			return "", fail(ptr+"/"+key, "missing or not a string")
		}
		return f.Str(), nil
	}
	e := &Expected{}
	var err error
	if e.Verdict, err = str("verdict"); err != nil {
		return nil, err
	}
	if !t.ValidVerdict(e.Verdict) {
		return nil, fail(ptr+"/verdict", "%s is not a verdict of the track", quote(e.Verdict))
	}
	if e.Family, err = str("family"); err != nil {
		return nil, err
	}
	if !t.Family(e.Family) {
		return nil, fail(ptr+"/family", "got %s, want one of the track's trap_families %s or its control_family %s", quote(e.Family), strings.Join(t.TrapFamilies, ", "), t.ControlFamily)
	}
	facts, ok := v.Lookup("facts")
	if !ok || facts.Kind() != pyjson.Array {
		return nil, fail(ptr+"/facts", "missing or not an array")
	}
	ids := map[string]bool{}
	for i, f := range facts.Elems() {
		fp := fmt.Sprintf("%s/facts/%d", ptr, i)
		if f.Kind() != pyjson.Object || f.Len() != 2 {
			return nil, fail(fp, `want exactly {"id", "forms"}`)
		}
		id, ok := f.Lookup("id")
		if !ok || id.Kind() != pyjson.String || id.Str() == "" {
			return nil, fail(fp+"/id", "missing or not a non-empty string")
		}
		if ids[id.Str()] {
			return nil, fail(fp+"/id", "fact id %s repeats", quote(id.Str()))
		}
		ids[id.Str()] = true
		forms, ok := f.Lookup("forms")
		if !ok || forms.Kind() != pyjson.Array || forms.Len() == 0 {
			return nil, fail(fp+"/forms", "missing, not an array, or empty")
		}
		fact := Fact{ID: id.Str()}
		for j, fm := range forms.Elems() {
			fmp := fmt.Sprintf("%s/forms/%d", fp, j)
			if fm.Kind() != pyjson.Object || fm.Len() != 3 {
				return nil, fail(fmp, `want exactly {"resource", "field", "value"}`)
			}
			res, ok1 := fm.Lookup("resource")
			field, ok2 := fm.Lookup("field")
			val, ok3 := fm.Lookup("value")
			if !ok1 || !ok2 || !ok3 || res.Kind() != pyjson.String || field.Kind() != pyjson.String {
				return nil, fail(fmp, `want "resource" and "field" strings and a "value"`)
			}
			p, err := jsonpointer.Parse(field.Str())
			if err != nil || p.IsRoot() {
				return nil, fail(fmp+"/field", "%s is not a non-empty JSON pointer", quote(field.Str()))
			}
			fact.Forms = append(fact.Forms, Form{Resource: res.Str(), Field: p.Tokens(), Pointer: field.Str(), Value: val})
		}
		e.Facts = append(e.Facts, fact)
	}
	sort.SliceStable(e.Facts, func(i, j int) bool { return e.Facts[i].ID < e.Facts[j].ID })
	return e, nil
}

// carries reports whether a supported claim carries the form.
func (f Form) carries(resource string, field []string, value pyjson.Value) bool {
	if f.Resource != resource || len(f.Field) != len(field) {
		return false
	}
	for i := range field {
		if f.Field[i] != field[i] {
			return false
		}
	}
	return pyjson.Equal(f.Value, value)
}
