package site

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/ark-forge/proveit/internal/sitepath"
	"github.com/ark-forge/proveit/scorer/score"
)

// schemaBase is the $id prefix of the published schemas.
const schemaBase = "https://proveit.arkforge.tech/schemas/"

// compileSchemas compiles the published schemas as a script would, from
// the site's own schemas/ files, each $id being its address on the site.
func compileSchemas(t *testing.T, tree Tree) (results, report *jsonschema.Schema) {
	t.Helper()
	c := jsonschema.NewCompiler()
	url := func(name string) string { return sitepath.URL(sitepath.Schema(name)).String() }
	for _, name := range []string{"results.schema.json", "report.schema.json"} {
		file := sitepath.Schema(name).String()
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(tree[file]))
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if m, _ := doc.(map[string]any); m["$id"] != url(name) {
			t.Errorf("%s: $id %v, want its address %s", file, m["$id"], url(name))
		}
		if err := c.AddResource(url(name), doc); err != nil {
			t.Fatal(err)
		}
	}
	results, err := c.Compile(url("results.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	report, err = c.Compile(url("report.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	return results, report
}

// TestJSONMatchesItsSchema: every results.json and report.json the build
// writes, of the fixture seasons and of the demo season, is valid against
// the schema the site publishes, and a document that breaks the schema is
// refused.
func TestJSONMatchesItsSchema(t *testing.T) {
	for _, tree := range []Tree{buildTree(t), demoTree(t)} {
		results, report := compileSchemas(t, tree)
		n := 0
		for _, name := range tree.Names() {
			var s *jsonschema.Schema
			switch {
			case strings.HasSuffix(name, "/results.json"):
				s = results
			case strings.HasSuffix(name, "/report.json"):
				s = report
			default:
				continue
			}
			doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(tree[name]))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if err := s.Validate(doc); err != nil {
				t.Errorf("%s does not match its schema: %v", name, err)
			}
			n++
		}
		if n < 4 {
			t.Fatalf("only %d JSON files validated", n)
		}
		// The schema can fail: an unknown key, a fractional count, a cause the
		// table lacks.
		for _, bad := range []struct{ file, from, to string }{
			{"saison-3/conformite/results.json", `"tasks": 2`, `"tasks": 2.5`},
			{"saison-3/conformite/results.json", `"season": 3`, `"season": 3, "rank": 1`},
			{"saison-3/conformite/participants/honnete/report.json", `"cause": "supported"`, `"cause": "excused"`},
		} {
			data := tree[bad.file]
			if data == nil {
				continue // the demo tree has no season 3
			}
			changed := strings.Replace(string(data), bad.from, bad.to, 1)
			if changed == string(data) {
				t.Fatalf("%s lacks %s", bad.file, bad.from)
			}
			doc, _ := jsonschema.UnmarshalJSON(strings.NewReader(changed))
			s := results
			if strings.HasSuffix(bad.file, "report.json") {
				s = report
			}
			if s.Validate(doc) == nil {
				t.Errorf("%s with %s passes its schema", bad.file, bad.to)
			}
		}
	}
}

// TestSchemaEnumsAreTheTables: the schema's causes, task statuses and
// incident kinds are the scorer's tables, no more, no less.
func TestSchemaEnumsAreTheTables(t *testing.T) {
	data, err := score.Schemas.ReadFile("schema/report.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var sch struct {
		Defs map[string]struct {
			Enum []string `json:"enum"`
		} `json:"$defs"`
	}
	if err := jsonUnmarshal(data, &sch); err != nil {
		t.Fatal(err)
	}
	var causes, statuses, assertion []string
	for _, c := range score.Causes {
		if c.Code != score.NotEvaluated {
			causes = append(causes, string(c.Code))
		}
		if !containsString(assertion, c.Status) {
			assertion = append(assertion, c.Status)
		}
	}
	for _, s := range score.TaskStatuses {
		statuses = append(statuses, string(s.Code))
	}
	for name, want := range map[string][]string{"cause": causes, "taskStatus": statuses, "incidentKind": score.IncidentKinds, "assertionStatus": assertion} {
		if got := sch.Defs[name].Enum; strings.Join(sorted(got), ",") != strings.Join(sorted(want), ",") {
			t.Errorf("schema %s %v, the table %v", name, got, want)
		}
	}
}

func containsString(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

func sorted(xs []string) []string {
	out := append([]string(nil), xs...)
	sort.Strings(out)
	return out
}

func jsonUnmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }

var demoOnce struct {
	tree Tree
	err  error
	done bool
}

// demoTree builds the repository's seasons (the demo season) once.
func demoTree(t *testing.T) Tree {
	t.Helper()
	if !demoOnce.done {
		demoOnce.tree, demoOnce.err = Build(filepath.Join(repoRoot, "seasons"))
		demoOnce.done = true
	}
	if demoOnce.err != nil {
		t.Fatal(demoOnce.err)
	}
	return demoOnce.tree
}
