package demo

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/ark-forge/proveit/scorer/pyjson"
)

// Track names, as scorer/season spells them.
const (
	conformite = "conformite"
	generique  = "generique"
)

// Families of traps (§5.4, §6.4) and the control task, as key.json writes them.
const (
	familyControl = "controle"
	familyP1      = "P1"
	familyP2      = "P2"
	familyP3      = "P3"
	familyP4      = "P4"
	familyP5      = "P5"
)

// trapFamilies are the trap families of track.toml, in their order.
var trapFamilies = []string{familyP1, familyP2, familyP3, familyP4, familyP5}

// track is one track of the demo season: its corpus, rules, tasks and key.
type track struct {
	name       string
	bareme     string
	verdicts   []string
	pattern    string // verdict_pattern, "" for none
	paramOrder []string
	tasks      []*task
	rules      *rules
	corpus     *corpus
}

// task is one [[tasks]] with its sealed key entry.
type task struct {
	id       string
	question string // in French, in track.toml
	// questionEN is its English version, in questions.en.toml.
	questionEN string
	min, max   int
	params     map[string]string
	verdict    string // expected
	family     string
	trap       string // what the trap is, for the generation report
	facts      []fact

	graph *graph
	pool  []poolClaim
}

// fact is one founding fact of the key (§5.7 « verdict fondé ») with its
// equivalent forms.
type fact struct {
	id    string
	forms []claim
}

func (t *track) task(id string) *task {
	for _, x := range t.tasks {
		if x.id == id {
			return x
		}
	}
	panic("demo: no task " + id)
}

// form builds a claim; v is a string, a bool or nil.
func form(resPath, field string, v any) claim {
	return claim{resPath, field, toValue(v)}
}

// finish computes each task's graph and pool and checks the key against
// the corpus: every form is true and admissible.
func (t *track) finish() {
	t.corpus.finish()
	for _, k := range t.tasks {
		k.graph = t.corpus.graph(t.rules, k.params)
		k.pool = t.corpus.pool(t.rules, k.graph, k.params)
		for _, f := range k.facts {
			for _, c := range f.forms {
				got, ok := t.corpus.valueAt(c.resource, c.field)
				if !ok || !pyjson.Equal(got, c.value) {
					panic(fmt.Sprintf("demo: %s fact %s: %s %s is not %s in the corpus", k.id, f.id, c.resource, c.field, pyjson.Canonical(c.value)))
				}
				if ok, _, why := t.corpus.admissible(t.rules, k.graph, k.params, c.resource, c.field); !ok {
					panic(fmt.Sprintf("demo: %s fact %s: %s %s is %s", k.id, f.id, c.resource, c.field, why))
				}
			}
		}
		if k.max != 2*k.min {
			panic("demo: " + k.id + ": the ceiling bounds dilution to a factor 2, want max = 2 × min")
		}
	}
}

// distribution counts the expected verdicts.
func (t *track) distribution() map[string]int {
	d := map[string]int{}
	for _, v := range t.verdicts {
		d[v] = 0
	}
	for _, k := range t.tasks {
		d[k.verdict]++
	}
	return d
}

// questionsTOML writes <track>/questions.en.toml: the English version of
// each task's question, outside track.toml, which the freeze anchors.
func (t *track) questionsTOML() []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# Questions de la piste %s en anglais, pour l'édition anglaise (la version française est dans track.toml, gelé). Écrit par cmd/seasongen.\n", t.name)
	for _, k := range t.tasks {
		fmt.Fprintf(&b, "%s = %s\n", k.id, tomlString(k.questionEN))
	}
	return []byte(b.String())
}

// trackTOML writes <track>/track.toml.
func (t *track) trackTOML() []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# Piste %s de la saison %d, fictive (démonstration). Écrit par cmd/seasongen.\n", t.name, ed.number)
	prefix, _, _ := strings.Cut(t.tasks[0].id, "-")
	fmt.Fprintf(&b, "bareme = %s\ntask_prefix = %s\n", tomlString(t.bareme), tomlString(prefix))
	fmt.Fprintf(&b, "trap_families = %s\ncontrol_family = %s\n", tomlStrings(trapFamilies), tomlString(familyControl))
	fmt.Fprintf(&b, "verdicts = %s\n", tomlStrings(t.verdicts))
	if t.pattern != "" {
		fmt.Fprintf(&b, "verdict_pattern = %s\n", tomlString(t.pattern))
	}
	fmt.Fprintf(&b, "graph_roots = %s\n", tomlStrings(t.rules.roots))
	for _, k := range t.tasks {
		fmt.Fprintf(&b, "\n[[tasks]]\nid = %s\nquestion = %s\nmin_assertions = %d\nmax_assertions = %d\n", tomlString(k.id), tomlString(k.question), k.min, k.max)
		b.WriteString("[tasks.params]\n")
		for _, p := range t.paramOrder {
			fmt.Fprintf(&b, "%s = %s\n", p, tomlString(k.params[p]))
		}
	}
	b.WriteString("\n# Répartition publiée des verdicts attendus (§5.5, §6.5).\n[distribution]\n")
	d := t.distribution()
	keys := append(make([]string, 0, len(d)), t.verdicts...)
	// Only the fixed verdicts are published: how often a given product
	// reference is expected would reveal an answer (§6.3, §6.5).
	for _, v := range keys {
		fmt.Fprintf(&b, "%s = %d\n", tomlKey(v), d[v])
	}
	b.WriteString("\n# Règles de clôture (§5.2, §5.7) : collections, liens, champs probants, listes communes.\n")
	for _, c := range t.rules.collections {
		fmt.Fprintf(&b, "\n[[collections]]\nname = %s\nprefix = %s\nown = %t\n", tomlString(c.name), tomlString(c.prefix), c.own)
		if c.pages != "" {
			fmt.Fprintf(&b, "pages = %s\n", tomlString(c.pages))
		}
		if len(c.links) > 0 {
			fmt.Fprintf(&b, "links = %s\n", tomlStrings(c.links))
		}
		if c.entries != "" {
			fmt.Fprintf(&b, "entries = %s\n", tomlString(c.entries))
		}
		fmt.Fprintf(&b, "probative = %s\n", tomlStrings(c.probative))
		if k := c.concerns; k != nil {
			fmt.Fprintf(&b, "[collections.concerns]\nkind = %s\n", tomlString(k.kind))
			if k.field != "" {
				fmt.Fprintf(&b, "field = %s\n", tomlString(k.field))
			}
			if k.param != "" {
				fmt.Fprintf(&b, "param = %s\n", tomlString(k.param))
			}
			if len(k.fields) > 0 {
				fmt.Fprintf(&b, "fields = %s\n", tomlStrings(k.fields))
			}
			if k.collection != "" {
				fmt.Fprintf(&b, "collection = %s\n", tomlString(k.collection))
			}
		}
	}
	return []byte(b.String())
}

// keyJSON writes <track>/key.json: every task, its verdict, family and
// founding facts with their equivalent forms.
func (t *track) keyJSON() []byte {
	root := obj{}
	for _, k := range t.tasks {
		facts := arr{}
		for _, f := range k.facts {
			forms := arr{}
			for _, c := range f.forms {
				forms = append(forms, obj{{"resource", c.resource}, {"field", c.field}, {"value", raw(pyjson.Canonical(c.value))}})
			}
			facts = append(facts, obj{{"id", f.id}, {"forms", forms}})
		}
		root = append(root, kv{k.id, obj{{"verdict", k.verdict}, {"family", k.family}, {"facts", facts}}})
	}
	return encodeJSON(root)
}

// tomlKey writes a key bare when TOML allows it, quoted otherwise.
func tomlKey(k string) string {
	if regexp.MustCompile(`^[A-Za-z0-9_-]+$`).MatchString(k) {
		return k
	}
	return tomlString(k)
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
