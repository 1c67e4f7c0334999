package demo

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/ark-forge/proveit/scorer/hashes"
	"github.com/ark-forge/proveit/scorer/pyjson"
)

// corpusHost is the host every target of the demo corpus starts with.
const corpusHost = "https://corpus.arkforge.tech"

// resource is one frozen body of a corpus (§2.5: strings, booleans and null
// only), served for GET with the payload {}.
type resource struct {
	path  string
	body  obj
	bytes []byte       // the file, as served
	value pyjson.Value // json.loads of bytes
	// fields is the value at each pointer of body, listed by valueAt at
	// its first call (the body does not change once the corpus is built).
	fields map[string]pyjson.Value
}

// file is the resource's file inside corpus/.
func (r *resource) file() string { return strings.TrimPrefix(r.path, "/") + ".json" }

// target is the canonical URL the catalogue publishes.
func (r *resource) target() string { return corpusHost + r.path }

// corpus is one track's frozen corpus.
type corpus struct {
	list   []*resource // sorted by path
	byPath map[string]*resource
}

func newCorpus() *corpus { return &corpus{byPath: map[string]*resource{}} }

// add records body at path. Every body starts with {"ressource": path}.
func (c *corpus) add(path string, body obj) {
	if _, dup := c.byPath[path]; dup {
		panic("demo: corpus path twice: " + path)
	}
	body = append(obj{{"ressource", path}}, body...)
	checkNoNumbers(path, body)
	r := &resource{path: path, body: body, bytes: encodeJSON(body)}
	v, err := pyjson.Decode(r.bytes)
	if err != nil {
		panic(fmt.Sprintf("demo: body of %s: %v", path, err))
	}
	r.value = v
	c.byPath[path] = r
	c.list = append(c.list, r)
}

// missing records a reference that does not exist inside a collection:
// 200 with {"ressource": path, "existe": false} (§2.5).
func (c *corpus) missing(path string) { c.add(path, obj{{"existe", false}}) }

// finish sorts the resources by path.
func (c *corpus) finish() {
	sort.Slice(c.list, func(i, j int) bool { return c.list[i].path < c.list[j].path })
}

func checkNoNumbers(path string, v any) {
	switch x := v.(type) {
	case nil, bool, string:
	case obj:
		for _, m := range x {
			checkNoNumbers(path, m.v)
		}
	case arr:
		for _, e := range x {
			checkNoNumbers(path, e)
		}
	default:
		panic(fmt.Sprintf("demo: %s holds a %T; a corpus body holds strings, booleans and null only (§2.5)", path, v))
	}
}

// manifest is corpus/manifest.json.
func (c *corpus) manifest() []byte {
	rs := arr{}
	for _, r := range c.list {
		rs = append(rs, obj{
			{"path", r.path}, {"target", r.target()}, {"method", "GET"}, {"payload", obj{}},
			{"file", r.file()}, {"response_hash", hashes.ResponseHash(r.bytes)},
		})
	}
	return encodeJSON(obj{{"host", corpusHost}, {"resources", rs}})
}

// collection is one [[collections]] of track.toml (scorer/season/rules.go).
type collection struct {
	name      string
	prefix    string
	own       bool
	pages     string // "" or a template
	links     []string
	probative []string
	entries   string
	concerns  *concerns
}

type concerns struct {
	kind       string // param, match, linked
	field      string
	param      string
	fields     []string
	collection string
}

// rules are a track's close rules (§5.2, §5.7).
type rules struct {
	roots       []string
	collections []*collection
}

func (r *rules) collectionOf(path string) *collection {
	var best *collection
	for _, c := range r.collections {
		if strings.HasPrefix(path, c.prefix) && (best == nil || len(c.prefix) > len(best.prefix)) {
			best = c
		}
	}
	return best
}

func (r *rules) collection(name string) *collection {
	for _, c := range r.collections {
		if c.name == name {
			return c
		}
	}
	return nil
}

// expand substitutes {param} in a template.
func expand(t string, params map[string]string) string {
	return regexp.MustCompile(`\{[a-z_]+\}`).ReplaceAllStringFunc(t, func(m string) string {
		v, ok := params[m[1:len(m)-1]]
		if !ok {
			panic("demo: template " + t + " names a param the task lacks")
		}
		return v
	})
}

// leaf is one scalar of a body with its pointer.
type leaf struct {
	field string
	value any
}

// pointerEscape escapes a key as a JSON pointer token (RFC 6901).
var pointerEscape = strings.NewReplacer("~", "~0", "/", "~1")

// leaves lists the scalars of v in document order.
func leaves(v any, at string, out *[]leaf) {
	switch x := v.(type) {
	case obj:
		for _, m := range x {
			leaves(m.v, at+"/"+pointerEscape.Replace(m.k), out)
		}
	case arr:
		for i, e := range x {
			leaves(e, at+"/"+strconv.Itoa(i), out)
		}
	default:
		*out = append(*out, leaf{at, x})
	}
}

// matchPattern reports whether the pointer field matches pattern, "<n>"
// standing for an array index.
func matchPattern(pattern, field string) bool {
	p, f := strings.Split(pattern, "/"), strings.Split(field, "/")
	if len(p) != len(f) {
		return false
	}
	for i := range p {
		if p[i] == "<n>" {
			if _, err := strconv.Atoi(f[i]); err != nil || (len(f[i]) > 1 && f[i][0] == '0') {
				return false
			}
		} else if p[i] != f[i] {
			return false
		}
	}
	return true
}

func matchAny(patterns []string, field string) bool {
	for _, p := range patterns {
		if matchPattern(p, field) {
			return true
		}
	}
	return false
}

// graph is the task graph (§5.2): the roots, the pages of the common
// lists, and every path a link of a graph resource names, in discovery
// order.
type graph struct {
	order []string
	in    map[string]bool
}

func (c *corpus) graph(r *rules, params map[string]string) *graph {
	g := &graph{in: map[string]bool{}}
	add := func(p string) {
		if g.in[p] {
			return
		}
		if c.byPath[p] == nil {
			panic("demo: the task graph names " + p + ", which the corpus does not hold")
		}
		g.in[p] = true
		g.order = append(g.order, p)
	}
	for _, t := range r.roots {
		add(expand(t, params))
	}
	for _, col := range r.collections {
		if col.pages == "" {
			continue
		}
		prefix := expand(col.pages, params)
		for _, res := range c.list {
			if strings.HasPrefix(res.path, prefix) {
				add(res.path)
			}
		}
	}
	for i := 0; i < len(g.order); i++ {
		res := c.byPath[g.order[i]]
		col := r.collectionOf(res.path)
		if col == nil {
			continue
		}
		var ls []leaf
		leaves(res.body, "", &ls)
		for _, l := range ls {
			if s, ok := l.value.(string); ok && matchAny(col.links, l.field) {
				add(s)
			}
		}
	}
	return g
}

// claim is one (resource, field, value) triplet.
type claim struct {
	resource string
	field    string
	value    pyjson.Value
}

func (c claim) key() string {
	return c.resource + "\x00" + c.field + "\x00" + string(pyjson.Canonical(c.value))
}

// admissible says whether a claim on (resource, field) passes the close
// rules of the task (§5.7): in the graph, on a probative field, and on a
// common list only for an entry that concerns the task. own reports an own
// resource (§5.2).
func (c *corpus) admissible(r *rules, g *graph, params map[string]string, resPath, field string) (ok, own bool, why string) {
	if !g.in[resPath] {
		return false, false, "outside the task graph"
	}
	col := r.collectionOf(resPath)
	if col == nil {
		return false, false, "in no collection"
	}
	if !matchAny(col.probative, field) {
		return false, col.own, "not a probative field of " + col.name
	}
	if col.own {
		return true, true, ""
	}
	rest, ok := strings.CutPrefix(field, col.entries+"/")
	if !ok {
		return false, false, "not inside an entry"
	}
	idx := rest[:strings.IndexByte(rest+"/", '/')]
	entry, _ := c.byPath[resPath].body.get(strings.TrimPrefix(col.entries, "/")).(arr)
	n, _ := strconv.Atoi(idx)
	if n >= len(entry) {
		return false, false, "no such entry"
	}
	if !c.concerns(r, g, params, col, entry[n].(obj)) {
		return false, false, "an entry that does not concern the task"
	}
	return true, false, ""
}

// concerns reports whether a common-list entry concerns the task (§5.2).
func (c *corpus) concerns(r *rules, g *graph, params map[string]string, col *collection, entry obj) bool {
	k := col.concerns
	switch k.kind {
	case "param":
		return entry.get(k.field) == params[k.param]
	case "linked":
		s, _ := entry.get(k.field).(string)
		return g.in[s]
	case "match":
		other := r.collection(k.collection)
		for _, p := range g.order {
			if r.collectionOf(p) != other {
				continue
			}
			es, _ := c.byPath[p].body.get(strings.TrimPrefix(other.entries, "/")).(arr)
			for _, e := range es {
				same := true
				for _, f := range k.fields {
					if e.(obj).get(f) != entry.get(f) {
						same = false
					}
				}
				if same {
					return true
				}
			}
		}
	}
	return false
}

// poolClaim is one true, admissible claim of a task.
type poolClaim struct {
	claim
	own bool
}

// pool lists every true admissible claim of the task, own resources first,
// each in graph order then document order.
func (c *corpus) pool(r *rules, g *graph, params map[string]string) []poolClaim {
	var own, common []poolClaim
	for _, p := range g.order {
		var ls []leaf
		leaves(c.byPath[p].body, "", &ls)
		for _, l := range ls {
			ok, isOwn, _ := c.admissible(r, g, params, p, l.field)
			if !ok {
				continue
			}
			pc := poolClaim{claim{p, l.field, toValue(l.value)}, isOwn}
			if isOwn {
				own = append(own, pc)
			} else {
				common = append(common, pc)
			}
		}
	}
	return append(own, common...)
}

// valueAt returns the value at field of the resource, and whether it has one.
func (c *corpus) valueAt(resPath, field string) (pyjson.Value, bool) {
	res := c.byPath[resPath]
	if res == nil {
		return pyjson.Value{}, false
	}
	if res.fields == nil {
		// Listed once per resource: every submission asks.
		var ls []leaf
		leaves(res.body, "", &ls)
		res.fields = make(map[string]pyjson.Value, len(ls))
		for _, l := range ls {
			if _, dup := res.fields[l.field]; !dup {
				res.fields[l.field] = toValue(l.value)
			}
		}
	}
	v, ok := res.fields[field]
	return v, ok
}
