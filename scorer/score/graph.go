package score

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/season"
)

// Graph is a task's graph (§5.2): the resources an assertion of the task
// may target, each with its collection.
type Graph struct {
	task      *season.Task
	rules     *season.Rules
	corpus    *season.Corpus
	resources map[string]*season.Collection // path → collection
}

// BuildGraph computes the graph of task from the track's rules: the roots
// (graph_roots over the task's params), every page of the collections that
// have pages, and, transitively, every manifest resource that a link
// pointer of a graph resource names. The référentiel and other entities
// join only if a link names them, which the rules never do.
func BuildGraph(t *season.Track, task *season.Task) (*Graph, error) {
	r := t.Rules
	g := &Graph{task: task, rules: r, corpus: t.Corpus, resources: map[string]*season.Collection{}}
	var queue []string
	add := func(path string) {
		if _, ok := g.resources[path]; ok {
			return
		}
		c := r.CollectionOf(path)
		if c == nil || t.Corpus.Resource(path) == nil {
			return
		}
		g.resources[path] = c
		queue = append(queue, path)
	}
	for _, tmpl := range r.GraphRoots {
		p, err := season.Expand(tmpl, task.Params)
		if err != nil {
			return nil, fmt.Errorf("%s/track.toml: graph_roots: task %s: %w", t.Name, task.ID, err)
		}
		if t.Corpus.Resource(p) == nil || r.CollectionOf(p) == nil {
			return nil, fmt.Errorf("%s/track.toml: task %s: the graph root %s is not a resource of a collection of the corpus", t.Name, task.ID, p)
		}
		add(p)
	}
	for _, c := range r.Collections {
		if c.Pages == "" {
			continue
		}
		prefix, err := season.Expand(c.Pages, task.Params)
		if err != nil {
			return nil, fmt.Errorf("%s/track.toml: collection %s: task %s: %w", t.Name, c.Name, task.ID, err)
		}
		for _, res := range t.Corpus.Resources {
			if strings.HasPrefix(res.Path, prefix) && r.CollectionOf(res.Path) == c {
				add(res.Path)
			}
		}
	}
	for len(queue) > 0 {
		path := queue[0]
		queue = queue[1:]
		c := g.resources[path]
		body := t.Corpus.Resource(path).Body
		for _, l := range c.Links {
			for _, v := range matchAll(body, l.Tokens) {
				if v.Kind() == pyjson.String {
					add(v.Str())
				}
			}
		}
	}
	return g, nil
}

// matchAll returns every value of doc that the pattern's tokens reach, "<n>"
// ranging over the elements of an array, in document order.
func matchAll(doc pyjson.Value, tokens []string) []pyjson.Value {
	if len(tokens) == 0 {
		return []pyjson.Value{doc}
	}
	tok, rest := tokens[0], tokens[1:]
	switch {
	case tok == season.Wildcard && doc.Kind() == pyjson.Array:
		var out []pyjson.Value
		for _, e := range doc.Elems() {
			out = append(out, matchAll(e, rest)...)
		}
		return out
	case doc.Kind() == pyjson.Object:
		if v, ok := doc.Lookup(tok); ok {
			return matchAll(v, rest)
		}
	case doc.Kind() == pyjson.Array:
		if i, err := strconv.Atoi(tok); err == nil && strconv.Itoa(i) == tok {
			if v, ok := doc.Index(i); ok {
				return matchAll(v, rest)
			}
		}
	}
	return nil
}

// Contains reports whether path is in the graph.
func (g *Graph) Contains(path string) bool { _, ok := g.resources[path]; return ok }

// Collection returns the collection of a graph resource, or nil.
func (g *Graph) Collection(path string) *season.Collection { return g.resources[path] }

// Paths returns the graph's resources in order.
func (g *Graph) Paths() []string {
	out := make([]string, 0, len(g.resources))
	for p := range g.resources {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// entryOf returns the entry of a common-list resource that field tokens
// point into ("/entrees/<n>/…"), and its index.
func (g *Graph) entryOf(c *season.Collection, path string, field []string) (pyjson.Value, int, bool) {
	prefix := splitPointer(c.Entries)
	if len(field) <= len(prefix) {
		return pyjson.Value{}, 0, false
	}
	for i, t := range prefix {
		if field[i] != t {
			return pyjson.Value{}, 0, false
		}
	}
	idx, err := strconv.Atoi(field[len(prefix)])
	if err != nil {
		return pyjson.Value{}, 0, false
	}
	entries := matchAll(g.corpus.Resource(path).Body, prefix)
	if len(entries) != 1 {
		return pyjson.Value{}, 0, false
	}
	e, ok := entries[0].Index(idx)
	return e, idx, ok
}

// concerns reports whether entry of a common list of collection c concerns
// the task (§5.2), and says why not.
func (g *Graph) concerns(c *season.Collection, entry pyjson.Value) (bool, string) {
	k := c.Concerns
	switch k.Kind {
	case "param":
		want := g.task.Params[k.Param]
		got, ok := entry.Lookup(k.Field)
		if ok && got.Kind() == pyjson.String && got.Str() == want {
			return true, ""
		}
		return false, fmt.Sprintf("its %s is %s, not the task's %s %s", k.Field, canon(got, ok), k.Param, quote(want))
	case "linked":
		got, ok := entry.Lookup(k.Field)
		if ok && got.Kind() == pyjson.String && g.Contains(got.Str()) && g.resources[got.Str()] != c {
			return true, ""
		}
		return false, fmt.Sprintf("its %s %s is not a resource of the task's graph", k.Field, canon(got, ok))
	case "match":
		want := tuple(entry, k.Fields)
		other := g.rules.Collection(k.Collection)
		for _, p := range g.Paths() {
			if g.resources[p] != other {
				continue
			}
			for _, e := range matchAll(g.corpus.Resource(p).Body, append(splitPointer(other.Entries), season.Wildcard)) {
				if tuple(e, k.Fields) == want {
					return true, ""
				}
			}
		}
		return false, fmt.Sprintf("its %s %s match no entry of the task's %s", strings.Join(k.Fields, ", "), want, k.Collection)
	}
	return false, "unknown concerns kind " + k.Kind
}

// tuple is the canonical JSON of the entry's fields, for comparison.
func tuple(entry pyjson.Value, fields []string) string {
	var ms []pyjson.Value
	for _, f := range fields {
		v, ok := entry.Lookup(f)
		if !ok {
			return "(missing " + f + ")"
		}
		ms = append(ms, v)
	}
	return string(pyjson.Canonical(pyjson.ArrayValue(ms...)))
}

func splitPointer(p string) []string {
	if p == "" {
		return nil
	}
	parts := strings.Split(p[1:], "/")
	for i, t := range parts {
		parts[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
	}
	return parts
}

func canon(v pyjson.Value, ok bool) string {
	if !ok {
		return "(absent)"
	}
	return string(pyjson.Canonical(v))
}
