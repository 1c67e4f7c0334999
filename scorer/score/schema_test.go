package score

import (
	"encoding/json"
	"io/fs"
	"regexp"
	"sort"
	"testing"
)

// TestNoProviderField: the single-provider limit (content/limites.md)
// holds because the Index neither groups nor ranks by model provider. The
// published schemas are closed (additionalProperties false) and a test
// validates every built JSON against them, so a provider or model field
// would have to be added here first: this test fails the day one is.
func TestNoProviderField(t *testing.T) {
	forbidden := regexp.MustCompile(`(?i)provider|fournisseur|vendor|model|modele|modèle`)
	names, err := fs.Glob(Schemas, "schema/*.schema.json")
	if err != nil || len(names) != len(SchemaNames) {
		t.Fatalf("schemas: %v %v", names, err)
	}
	for _, name := range names {
		b, err := fs.ReadFile(Schemas, name)
		if err != nil {
			t.Fatal(err)
		}
		var doc any
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		props := map[string]bool{}
		collectProperties(doc, props)
		if len(props) < 10 {
			t.Fatalf("%s: only %d property names found: the walk does not see them", name, len(props))
		}
		var hits []string
		for p := range props {
			if forbidden.MatchString(p) {
				hits = append(hits, p)
			}
		}
		sort.Strings(hits)
		if len(hits) > 0 {
			t.Errorf("%s: fields %v name a provider or a model: content/limites.md (« Un seul fournisseur de modèles ») must be rewritten first", name, hits)
		}
	}
	if !forbidden.MatchString("model_provider") {
		t.Fatal("the pattern matches nothing")
	}
}

// collectProperties adds the name of every property any schema object of
// doc declares.
func collectProperties(doc any, out map[string]bool) {
	switch v := doc.(type) {
	case map[string]any:
		if ps, ok := v["properties"].(map[string]any); ok {
			for name := range ps {
				out[name] = true
			}
		}
		for _, x := range v {
			collectProperties(x, out)
		}
	case []any:
		for _, x := range v {
			collectProperties(x, out)
		}
	}
}
