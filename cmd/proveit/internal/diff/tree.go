package diff

import (
	"bytes"
	"encoding/json"
	"sort"
	"strconv"
	"strings"
)

// FieldPath is the field of a change found by the structural comparison of
// one results.json or report.json: File names the file in the new site,
// Pointer the JSON value (RFC 6901), Old and New its values in compact JSON,
// or Absent.
const FieldPath = "json"

// jsonFile is one results.json or report.json a site holds, decoded twice:
// into its type, for the named fields, and as a tree, for every path.
type jsonFile struct {
	rel         string // relative to the site, with slashes
	season      int
	track, slug string // slug is "" for a results.json
	tree        any    // numbers as json.Number: their text, never a float64
}

// decodeTree decodes data as a tree of map[string]any, []any, json.Number,
// string, bool and nil.
func decodeTree(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// walkTree calls diff for every path at which a and b differ, the shallowest
// only: a value of another kind, a scalar of another JSON text (1 and 1.0
// differ), an object key one side lacks, an array element past the other's
// end. Objects are compared by key in byte order, arrays by index.
func walkTree(tokens []string, a, b any, aOK, bOK bool, diff func(tokens []string, a, b any, aOK, bOK bool)) {
	switch {
	case !aOK || !bOK:
		diff(tokens, a, b, aOK, bOK)
		return
	}
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			diff(tokens, a, b, true, true)
			return
		}
		keys := make([]string, 0, len(x)+len(y))
		for k := range x {
			keys = append(keys, k)
		}
		for k := range y {
			if _, ok := x[k]; !ok {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			u, uOK := x[k]
			v, vOK := y[k]
			walkTree(append(tokens[:len(tokens):len(tokens)], k), u, v, uOK, vOK, diff)
		}
	case []any:
		y, ok := b.([]any)
		if !ok {
			diff(tokens, a, b, true, true)
			return
		}
		for i := 0; i < max(len(x), len(y)); i++ {
			var u, v any
			if i < len(x) {
				u = x[i]
			}
			if i < len(y) {
				v = y[i]
			}
			walkTree(append(tokens[:len(tokens):len(tokens)], strconv.Itoa(i)), u, v, i < len(x), i < len(y), diff)
		}
	default:
		// Scalars: json.Number, string, bool or nil, compared with their
		// kind, so that the number 1 and the string "1" differ.
		if !sameScalar(a, b) {
			diff(tokens, a, b, true, true)
		}
	}
}

func sameScalar(a, b any) bool {
	switch x := a.(type) {
	case json.Number:
		y, ok := b.(json.Number)
		return ok && x == y
	case string:
		y, ok := b.(string)
		return ok && x == y
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case nil:
		return b == nil
	}
	return false
}

// pointer returns the JSON pointer (RFC 6901) of tokens: "" for the whole
// document, each token prefixed by "/" with "~" written "~0" and "/" "~1".
func pointer(tokens []string) string {
	var b strings.Builder
	esc := strings.NewReplacer("~", "~0", "/", "~1")
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(esc.Replace(t))
	}
	return b.String()
}

// compact returns v in compact JSON, numbers as their text, or Absent.
func compact(v any, ok bool) string {
	if !ok {
		return Absent
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		// Unreachable: v was decoded from JSON.
		panic(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// compareTrees returns the changes of every path at which the files a and b
// (the same file of two sites) differ, but those a named change of named
// already reports: a path is named when it is one of the fields Compare
// names, in an element (participant, task, assertion) whose identity is the
// same at that index on both sides, or an element added or removed whose
// identity the other side lacks.
func compareTrees(a, b *jsonFile, named map[Change]bool) []Change {
	var out []Change
	walkTree(nil, a.tree, b.tree, true, true, func(tokens []string, x, y any, xOK, yOK bool) {
		if key, ok := namedKey(a, b, tokens, x, y, xOK, yOK); ok && named[key] {
			return
		}
		out = append(out, Change{Season: strconv.Itoa(b.season), Track: b.track, Participant: b.slug,
			File: b.rel, Pointer: pointer(tokens), Field: FieldPath, Old: compact(x, xOK), New: compact(y, yOK)})
	})
	return out
}

// namedKey returns the location and field of the named change that reports
// the path tokens of a and b, if any: a Change with Old and New "".
func namedKey(a, b *jsonFile, tokens []string, x, y any, xOK, yOK bool) (Change, bool) {
	loc := Change{Season: strconv.Itoa(b.season), Track: b.track, Participant: b.slug}
	if len(tokens) == 0 {
		return Change{}, false
	}
	switch tokens[0] {
	case "proveit_version":
		return Change{Field: FieldVersion}, len(tokens) == 1
	case "ai_act_art50":
		// The label's own keys (score.AIActJSON), or the whole member: an
		// unknown key beside them is a path of its own.
		return Change{Field: FieldAIAct}, len(tokens) == 1 || len(tokens) == 2 && (tokens[1] == "label" || tokens[1] == "digital_source_type")
	case "inputs_digest":
		return Change{Season: loc.Season, Field: FieldInputsDigest}, len(tokens) == 1
	}
	if b.slug == "" {
		return resultsKey(loc, a.tree, b.tree, tokens, x, y, xOK, yOK)
	}
	return reportKey(loc, a.tree, b.tree, tokens, x, y, xOK, yOK)
}

func resultsKey(loc Change, a, b any, tokens []string, x, y any, xOK, yOK bool) (Change, bool) {
	switch {
	case len(tokens) == 1 && (tokens[0] == "rule_set" || tokens[0] == "bareme" || tokens[0] == "tasks"):
		loc.Field = tokens[0]
		return loc, true
	case len(tokens) == 2 && tokens[0] == "best_constant" && tokens[1] == "verdict":
		loc.Field = "best_constant." + tokens[1]
		return loc, true
	case len(tokens) >= 2 && tokens[0] == "best_constant" && tokens[1] == "success":
		// The rate as a whole: its fraction is the named change.
		loc.Field = "best_constant." + tokens[1]
		return loc, true
	case len(tokens) < 2 || tokens[0] != "participants":
		return Change{}, false
	}
	slug, ok := identity(member(a, tokens[:2]), member(b, tokens[:2]), "slug", x, y, xOK, yOK, len(tokens) == 2)
	if !ok {
		return Change{}, false
	}
	loc.Participant = slug
	if len(tokens) == 2 {
		loc.Field = FieldPresence
		return loc, true
	}
	switch tokens[2] {
	case "status", "tasks_scored":
		loc.Field = tokens[2]
		return loc, len(tokens) == 3
	case "overclaim", "success":
		// A rate as a whole, its members included: its fraction is the
		// named change.
		loc.Field = tokens[2]
		return loc, true
	}
	return Change{}, false
}

func reportKey(loc Change, a, b any, tokens []string, x, y any, xOK, yOK bool) (Change, bool) {
	if len(tokens) < 2 || tokens[0] != "tasks" {
		return Change{}, false
	}
	id, ok := identity(member(a, tokens[:2]), member(b, tokens[:2]), "task_id", x, y, xOK, yOK, len(tokens) == 2)
	if !ok {
		return Change{}, false
	}
	loc.Task = id
	if len(tokens) == 2 {
		loc.Field = FieldPresence
		return loc, true
	}
	switch tokens[2] {
	case "status", "verdict", "founded":
		loc.Field = tokens[2]
		return loc, len(tokens) == 3
	case "missing_facts":
		loc.Field = tokens[2]
		return loc, true
	case "assertions":
	default:
		return Change{}, false
	}
	if len(tokens) < 4 {
		return Change{}, false
	}
	id, ok = identity(member(a, tokens[:4]), member(b, tokens[:4]), "id", x, y, xOK, yOK, len(tokens) == 4)
	if !ok {
		return Change{}, false
	}
	loc.Assertion = id
	if len(tokens) == 4 {
		loc.Field = FieldPresence
		return loc, true
	}
	switch tokens[4] {
	case "status", "cause":
		loc.Field = tokens[4]
		return loc, len(tokens) == 5
	}
	return Change{}, false
}

// identity returns the string key of the array element at the same index of
// two trees, u and v (nil when absent): when whole is set, the path is the
// element itself, present on one side only (x or y); otherwise both must
// hold it with the same key.
func identity(u, v any, key string, x, y any, xOK, yOK, whole bool) (string, bool) {
	id := func(e any) (string, bool) {
		m, ok := e.(map[string]any)
		if !ok {
			return "", false
		}
		s, ok := m[key].(string)
		return s, ok
	}
	if whole {
		if xOK == yOK {
			return "", false // an element replaced, not added or removed
		}
		if xOK {
			return id(x)
		}
		return id(y)
	}
	i, iOK := id(u)
	j, jOK := id(v)
	return i, iOK && jOK && i == j
}

// member returns the value at tokens in tree, or nil.
func member(tree any, tokens []string) any {
	for _, t := range tokens {
		switch v := tree.(type) {
		case map[string]any:
			tree = v[t]
		case []any:
			i, err := strconv.Atoi(t)
			if err != nil || i < 0 || i >= len(v) {
				return nil
			}
			tree = v[i]
		default:
			return nil
		}
	}
	return tree
}
