package season

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/ark-forge/proveit/scorer/jsonpointer"
)

// Rules are the close rules of a track (§5.2, §5.7; §6.6 applies them to
// the générique track unchanged), written as data in track.toml so that a
// new season with a new corpus schema needs no code change:
//
//	graph_roots = ["{entite}"]            # path templates over a task's params
//
//	[[collections]]
//	name = "entites"
//	prefix = "/entites/"                  # its resources: manifest paths with this prefix
//	own = true                            # own resources of the task (§5.2)
//	links = ["/agrements/<n>"]            # pointers whose string values join the graph
//	probative = ["/statut_registre", "/agrements/<n>"]   # admissible claim fields
//
//	[[collections]]
//	name = "agrees"
//	prefix = "/listes/agrees/"
//	pages = "/listes/agrees/{activite}/page-"  # every manifest path with this prefix joins the graph
//	entries = "/entrees"                  # the list's entries: an assertion targets one of them
//	probative = ["/entrees/<n>/entite"]
//	[collections.concerns]                # when an entry concerns the task's entity
//	kind = "param"                        # entry[field] equals the task's param
//	field = "entite"
//	param = "entite"
//
// "<n>" in a pointer stands for any array index. The concerns kinds are
// "param" (entry[field] == params[param]), "match" (entry's fields equal
// those of an entry of a graph resource of collection) and "linked"
// (entry[field] is a path of the task's graph).
type Rules struct {
	GraphRoots  []string // templates such as "{entite}"
	Collections []*Collection
}

// Collection is one [[collections]] of track.toml.
type Collection struct {
	Name      string
	Prefix    string
	Own       bool
	Pages     string // "" or a path prefix template
	Links     []Pattern
	Probative []Pattern
	Entries   string // "" or the pointer of the entries array
	Concerns  *Concerns
}

// Concerns says which entries of a common list concern a task (§5.2).
type Concerns struct {
	Kind       string // "param", "match" or "linked"
	Field      string
	Param      string
	Fields     []string
	Collection string
}

// Pattern is a JSON Pointer whose "<n>" tokens match any array index.
type Pattern struct {
	Text   string
	Tokens []string
}

// Wildcard is the token of a Pattern that matches any array index.
const Wildcard = "<n>"

var indexRE = regexp.MustCompile(`^(0|[1-9][0-9]*)$`)

// Match reports whether the pointer tokens match the pattern, token for
// token, "<n>" matching an array index (RFC 6901: "0" or no leading zero).
func (p Pattern) Match(tokens []string) bool {
	if len(tokens) != len(p.Tokens) {
		return false
	}
	for i, t := range p.Tokens {
		if t == Wildcard {
			if !indexRE.MatchString(tokens[i]) {
				return false
			}
		} else if t != tokens[i] {
			return false
		}
	}
	return true
}

// CollectionOf returns the collection a path belongs to: the one with the
// longest prefix of path, or nil.
func (r *Rules) CollectionOf(path string) *Collection {
	var best *Collection
	for _, c := range r.Collections {
		if strings.HasPrefix(path, c.Prefix) && (best == nil || len(c.Prefix) > len(best.Prefix)) {
			best = c
		}
	}
	return best
}

// Collection returns the collection named name, or nil.
func (r *Rules) Collection(name string) *Collection {
	for _, c := range r.Collections {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// Expand substitutes a task's params in a template: "{entite}" becomes
// params["entite"]. A param the task lacks is an error.
func Expand(template string, params map[string]string) (string, error) {
	var b strings.Builder
	for rest := template; rest != ""; {
		i := strings.IndexByte(rest, '{')
		if i < 0 {
			b.WriteString(rest)
			break
		}
		j := strings.IndexByte(rest[i:], '}')
		if j < 0 {
			return "", fmt.Errorf("template %q: unclosed {", template)
		}
		name := rest[i+1 : i+j]
		v, ok := params[name]
		if !ok {
			return "", fmt.Errorf("template %q names the param %q, which the task does not set", template, name)
		}
		b.WriteString(rest[:i])
		b.WriteString(v)
		rest = rest[i+j+1:]
	}
	return b.String(), nil
}

type collectionFile struct {
	Name      *string       `toml:"name"`
	Prefix    *string       `toml:"prefix"`
	Own       *bool         `toml:"own"`
	Pages     *string       `toml:"pages"`
	Links     []string      `toml:"links"`
	Probative *[]string     `toml:"probative"`
	Entries   *string       `toml:"entries"`
	Concerns  *concernsFile `toml:"concerns"`
}

type concernsFile struct {
	Kind       *string  `toml:"kind"`
	Field      string   `toml:"field"`
	Param      string   `toml:"param"`
	Fields     []string `toml:"fields"`
	Collection string   `toml:"collection"`
}

var rulesKeys = []string{
	"graph_roots",
	"collections", "collections.name", "collections.prefix", "collections.own", "collections.pages", "collections.links",
	"collections.probative", "collections.entries", "collections.concerns", "collections.concerns.kind",
	"collections.concerns.field", "collections.concerns.param", "collections.concerns.fields", "collections.concerns.collection",
}

func parsePattern(s string) (Pattern, error) {
	p, err := jsonpointer.Parse(s)
	if err != nil {
		return Pattern{}, err
	}
	if p.IsRoot() {
		return Pattern{}, fmt.Errorf("the empty pointer designates the whole document, which is never probative (§5.7)")
	}
	return Pattern{Text: s, Tokens: p.Tokens()}, nil
}

// loadRules checks the rules of track.toml. A track without collections has
// no rules (Rules nil): the scorer refuses to score it.
func (l *loader) loadRules(rel string, roots *[]string, cols []collectionFile) (*Rules, error) {
	if roots == nil && len(cols) == 0 {
		return nil, nil
	}
	if roots == nil || len(*roots) == 0 {
		return nil, l.errf(rel, "graph_roots", "missing or empty, want the path templates of the task graph's roots, such as [\"{entite}\"]")
	}
	if len(cols) == 0 {
		return nil, l.errf(rel, "collections", "missing, want one [[collections]] per collection of the corpus")
	}
	r := &Rules{GraphRoots: *roots}
	names := map[string]bool{}
	prefixes := map[string]string{} // prefix → the collection's name
	for i, cf := range cols {
		at := fmt.Sprintf("collections[%d]", i)
		switch {
		case cf.Name == nil || *cf.Name == "":
			return nil, l.missing(rel, at+".name", "the collection's name")
		case cf.Prefix == nil || !strings.HasPrefix(*cf.Prefix, "/"):
			return nil, l.missing(rel, at+".prefix", "the path prefix of its resources, starting with \"/\"")
		case cf.Own == nil:
			return nil, l.missing(rel, at+".own", "true for resources own to the task's entity, false for common lists")
		case cf.Probative == nil || len(*cf.Probative) == 0:
			return nil, l.missing(rel, at+".probative", "the claim fields the référentiel consumes")
		}
		if names[*cf.Name] {
			return nil, l.errf(rel, at+".name", "collection %s repeats", quote(*cf.Name))
		}
		names[*cf.Name] = true
		// A path belongs to the collection with the longest prefix of it
		// (CollectionOf): two collections of one prefix would leave it
		// undecided.
		if other, ok := prefixes[*cf.Prefix]; ok {
			return nil, l.errf(rel, at+".prefix", "%s is also the prefix of collection %s: a path would belong to both", quote(*cf.Prefix), quote(other))
		}
		prefixes[*cf.Prefix] = *cf.Name
		c := &Collection{Name: *cf.Name, Prefix: *cf.Prefix, Own: *cf.Own}
		if cf.Pages != nil {
			if !strings.HasPrefix(*cf.Pages, c.Prefix) {
				return nil, l.errf(rel, at+".pages", "%s does not start with the collection's prefix %s", quote(*cf.Pages), quote(c.Prefix))
			}
			c.Pages = *cf.Pages
		}
		for j, s := range cf.Links {
			p, err := parsePattern(s)
			if err != nil {
				return nil, l.wrap(rel, fmt.Sprintf("%s.links[%d]", at, j), err)
			}
			c.Links = append(c.Links, p)
		}
		for j, s := range *cf.Probative {
			p, err := parsePattern(s)
			if err != nil {
				return nil, l.wrap(rel, fmt.Sprintf("%s.probative[%d]", at, j), err)
			}
			c.Probative = append(c.Probative, p)
		}
		if cf.Entries != nil {
			p, err := parsePattern(*cf.Entries)
			if err != nil {
				return nil, l.wrap(rel, at+".entries", err)
			}
			c.Entries = p.Text
		}
		if !c.Own {
			if c.Entries == "" || cf.Concerns == nil {
				return nil, l.errf(rel, at, "a common list (own = false) needs entries and [collections.concerns], to tell which entries concern the task (§5.2)")
			}
			for j, p := range c.Probative {
				if !strings.HasPrefix(p.Text, c.Entries+"/"+Wildcard+"/") {
					return nil, l.errf(rel, fmt.Sprintf("%s.probative[%d]", at, j), "%s is not inside an entry (%s/<n>/…): an assertion on a common list targets one entry", quote(p.Text), c.Entries)
				}
			}
		}
		if cf.Concerns != nil {
			cc := cf.Concerns
			if cc.Kind == nil {
				return nil, l.missing(rel, at+".concerns.kind", `"param", "match" or "linked"`)
			}
			k := &Concerns{Kind: *cc.Kind, Field: cc.Field, Param: cc.Param, Fields: cc.Fields, Collection: cc.Collection}
			switch k.Kind {
			case "param":
				if k.Field == "" || k.Param == "" {
					return nil, l.errf(rel, at+".concerns", `kind "param" needs field and param`)
				}
			case "match":
				if len(k.Fields) == 0 || k.Collection == "" {
					return nil, l.errf(rel, at+".concerns", `kind "match" needs fields and collection`)
				}
			case "linked":
				if k.Field == "" {
					return nil, l.errf(rel, at+".concerns", `kind "linked" needs field`)
				}
			default:
				return nil, l.errf(rel, at+".concerns.kind", `got %s, want "param", "match" or "linked"`, quote(k.Kind))
			}
			c.Concerns = k
		}
		r.Collections = append(r.Collections, c)
	}
	for i, c := range r.Collections {
		if c.Concerns != nil && c.Concerns.Kind == "match" && r.Collection(c.Concerns.Collection) == nil {
			return nil, l.errf(rel, fmt.Sprintf("collections[%d].concerns.collection", i), "names %s, which is not a collection of the track", quote(c.Concerns.Collection))
		}
	}
	return r, nil
}
