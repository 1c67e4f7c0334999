package season

import (
	"fmt"
	"os"
	"path"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/ark-forge/proveit/scorer/hashes"
	"github.com/ark-forge/proveit/scorer/inputfile"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/submission"
)

// SystemPaths are the resources every corpus manifest must list: the bodies
// of the corpus's 403 (the proxy did not pass the secret) and of the front
// end's 503 and 400. A response hash equal to one of theirs is an instrument
// defect, not an overclaim (§4.1 of the specification).
var SystemPaths = []string{"/_systeme/403", "/_systeme/503", "/_systeme/400"}

// Corpus is a track's frozen corpus: <track>/corpus/manifest.json and the
// files it lists (§2.5 of the specification; seasons/README.md).
type Corpus struct {
	Host        string      // equal to the season's corpus_host
	Resources   []*Resource // in manifest order
	ManifestRaw []byte      // manifest.json byte for byte (its SHA-256 is anchored, §8)

	byPath map[string]*Resource
}

// Resource is one resource of the manifest, its response hash checked
// against the file's bytes.
type Resource struct {
	Path         string       // canonical URL path, such as /agrements/AGR-4417
	Target       string       // Host + Path, exactly as the catalogue publishes it
	Method       string       // GET or POST
	Payload      pyjson.Value // as documented for the resource
	File         string       // relative to the corpus directory, slash-separated
	ResponseHash string       // the manifest's value, equal to hashes.ResponseHash of the file
	RequestHash  string       // hashes.RequestHash(Target, Method, Payload)
	Body         pyjson.Value // json.loads of the file's bytes (§2.4: parsed from the served bytes)
}

// Resource returns the resource at the canonical path p, or nil.
func (c *Corpus) Resource(p string) *Resource {
	if c == nil {
		return nil
	}
	return c.byPath[p]
}

// loadCorpus reads <track>/corpus: every regular file below it, then the
// manifest, which must list each of them at least once.
func (l *loader) loadCorpus(s *Season, track string) (*Corpus, error) {
	dir := join(track, "corpus")
	files := map[string]bool{} // relative to dir
	if err := l.walkCorpus(dir, "", 0, files); err != nil {
		return nil, err
	}
	mrel := join(dir, "manifest.json")
	if !files["manifest.json"] {
		return nil, l.errf(mrel, "", "missing, want the corpus manifest (seasons/README.md)")
	}
	raw, err := l.readFile(mrel, MaxManifestBytes)
	if err != nil {
		return nil, err
	}
	v, err := pyjson.DecodeStrict(raw)
	if err != nil {
		return nil, l.wrap(mrel, pointerOf(err), fmt.Errorf("not strict JSON: %w", err))
	}
	if err := l.exactKeys(mrel, "", v, "host", "resources"); err != nil {
		return nil, err
	}
	c := &Corpus{ManifestRaw: raw, byPath: map[string]*Resource{}}
	if c.Host, err = l.jsonString(mrel, "", v, "host"); err != nil {
		return nil, err
	}
	if c.Host != s.CorpusHost {
		return nil, l.errf(mrel, "/host", "got %s, want season.toml's corpus_host %s", quote(c.Host), quote(s.CorpusHost))
	}
	rs, _ := v.Lookup("resources")
	if rs.Kind() != pyjson.Array {
		return nil, l.errf(mrel, "/resources", "got %s, want an array of resources", rs.Kind())
	}
	used := map[string]bool{}
	bodies := map[string]*Resource{} // by file, to read a shared file once
	for i, rv := range rs.Elems() {
		at := fmt.Sprintf("/resources/%d", i)
		r, err := l.resource(mrel, at, rv, c.Host)
		if err != nil {
			return nil, err
		}
		if prev := c.byPath[r.Path]; prev != nil {
			return nil, l.errf(mrel, at+"/path", "%s is listed twice, want each path once", quote(r.Path))
		}
		if r.File == "manifest.json" {
			return nil, l.errf(mrel, at+"/file", "is the manifest itself, want the frozen body of %s", r.Path)
		}
		if !files[r.File] {
			what := "is not a regular file"
			if fi, err := os.Lstat(l.abs(join(dir, r.File))); err == nil {
				what = "is " + inputfile.Kind(fi.Mode()) + ", not a regular file"
			}
			return nil, l.errf(mrel, at+"/file", "%s %s of %s/, want the frozen body of %s", quote(r.File), what, dir, r.Path)
		}
		if same := bodies[r.File]; same != nil {
			r.Body = same.Body
			if r.ResponseHash != same.ResponseHash {
				return nil, l.errf(mrel, at+"/response_hash", "%s for %s, but the file %s hashes to %s", r.ResponseHash, r.Path, r.File, same.ResponseHash)
			}
		} else {
			frel := join(dir, r.File)
			body, err := l.readFile(frel, MaxCorpusFileBytes)
			if err != nil {
				return nil, err
			}
			if got := hashes.ResponseHash(body); got != r.ResponseHash {
				return nil, l.errf(mrel, at+"/response_hash", "the manifest says %s for %s, but the file %s hashes to %s", r.ResponseHash, r.Path, r.File, got)
			}
			if r.Body, err = pyjson.Decode(body); err != nil {
				return nil, l.wrap(frel, "", fmt.Errorf("the body of %s is not JSON, want a JSON body (§2.5): %w", r.Path, err))
			}
			bodies[r.File] = r
		}
		used[r.File] = true
		c.byPath[r.Path] = r
		c.Resources = append(c.Resources, r)
	}
	for _, p := range SystemPaths {
		if c.byPath[p] == nil {
			return nil, l.errf(mrel, "/resources", "no resource %s, want the system bodies %s listed (§4.1)", p, strings.Join(SystemPaths, ", "))
		}
	}
	unused := make([]string, 0)
	for f := range files {
		if f != "manifest.json" && !used[f] {
			unused = append(unused, f)
		}
	}
	if len(unused) > 0 {
		sort.Strings(unused)
		return nil, l.errf(join(dir, unused[0]), "", "no resource of %s lists this file, want every corpus file in the manifest", mrel)
	}
	return c, nil
}

// walkCorpus records the regular files below dir/sub, refusing links and
// anything else that is neither a file nor a directory.
func (l *loader) walkCorpus(dir, sub string, depth int, files map[string]bool) error {
	if depth > MaxCorpusDepth {
		return l.errf(join(dir, sub), "", "nested deeper than %d directories", MaxCorpusDepth)
	}
	entries, err := l.readDir(join(dir, sub))
	if err != nil {
		return err
	}
	for _, e := range entries {
		name := join(sub, e.name)
		if e.isDir {
			if err := l.walkCorpus(dir, name, depth+1, files); err != nil {
				return err
			}
			continue
		}
		files[name] = true
	}
	return nil
}

func (l *loader) resource(mrel, at string, v pyjson.Value, host string) (*Resource, error) {
	if err := l.exactKeys(mrel, at, v, "path", "target", "method", "payload", "file", "response_hash"); err != nil {
		return nil, err
	}
	r := &Resource{}
	var err error
	for _, f := range []struct {
		key string
		dst *string
	}{{"path", &r.Path}, {"target", &r.Target}, {"method", &r.Method}, {"file", &r.File}, {"response_hash", &r.ResponseHash}} {
		if *f.dst, err = l.jsonString(mrel, at, v, f.key); err != nil {
			return nil, err
		}
	}
	r.Payload, _ = v.Lookup("payload")
	if err := checkResourcePath(r.Path); err != nil {
		return nil, l.wrap(mrel, at+"/path", err)
	}
	if r.Target != host+r.Path {
		return nil, l.errf(mrel, at+"/target", "got %s, want exactly the host and the path, %s", quote(r.Target), quote(host+r.Path))
	}
	if r.Method != "GET" && r.Method != "POST" {
		return nil, l.errf(mrel, at+"/method", "got %s, want \"GET\" or \"POST\"", quote(r.Method))
	}
	if err := checkCorpusFile(r.File); err != nil {
		return nil, l.wrap(mrel, at+"/file", err)
	}
	if !submission.ValidHex64(r.ResponseHash) {
		return nil, l.errf(mrel, at+"/response_hash", "got %s, want a SHA-256 as 64 lowercase hex digits", quote(r.ResponseHash))
	}
	r.RequestHash = hashes.RequestHash(r.Target, r.Method, r.Payload)
	return r, nil
}

// checkResourcePath accepts a canonical URL path: it starts with "/" and
// holds no "..", no "//", no query, no fragment, no control character nor
// space, and is valid UTF-8.
func checkResourcePath(p string) error {
	bad := func(why string) error {
		return fmt.Errorf("got %s, %s; want a canonical URL path such as /agrements/AGR-4417", quote(p), why)
	}
	switch {
	case !strings.HasPrefix(p, "/"):
		return bad("it does not start with \"/\"")
	case strings.Contains(p, ".."):
		return bad("it holds \"..\"")
	case strings.Contains(p, "//"):
		return bad("it holds \"//\"")
	case strings.ContainsAny(p, "?#"):
		return bad("it holds a query or a fragment")
	case !utf8.ValidString(p):
		return bad("it is not valid UTF-8")
	}
	for _, r := range p {
		if r <= ' ' || r == 0x7F {
			return bad("it holds a space or a control character")
		}
	}
	return nil
}

// checkCorpusFile accepts a clean relative slash-separated path that stays
// inside the corpus directory.
func checkCorpusFile(f string) error {
	bad := func(why string) error {
		return fmt.Errorf("got %s, %s; want a clean relative path inside corpus/, such as agrements/AGR-4417.json", quote(f), why)
	}
	switch {
	case f == "":
		return bad("it is empty")
	case strings.HasPrefix(f, "/"):
		return bad("it is absolute")
	case strings.Contains(f, `\`):
		return bad("it holds a backslash")
	case strings.ContainsRune(f, 0) || !utf8.ValidString(f):
		return bad("it holds a NUL byte or invalid UTF-8")
	case f == ".." || strings.HasPrefix(f, "../") || strings.Contains(f, "/../") || strings.HasSuffix(f, "/.."):
		return bad("it leaves the corpus directory")
	case path.Clean(f) != f || f == ".":
		return bad("it is not clean (\".\", \"//\" or a trailing \"/\")")
	}
	return nil
}

// exactKeys checks that v is an object with exactly the keys keys.
func (l *loader) exactKeys(file, at string, v pyjson.Value, keys ...string) error {
	if v.Kind() != pyjson.Object {
		return l.errf(file, ptr(at), "got %s, want an object with the keys %s", v.Kind(), names(keys...))
	}
	want := map[string]bool{}
	for _, k := range keys {
		want[k] = true
		if _, ok := v.Lookup(k); !ok {
			return l.errf(file, ptr(at), "missing key %q, want the keys %s", k, names(keys...))
		}
	}
	for _, m := range v.Members() {
		if !want[m.Key] {
			return l.errf(file, at+"/"+escapeToken(m.Key), "unknown key %s, want only the keys %s", quote(m.Key), names(keys...))
		}
	}
	return nil
}

// jsonString returns the string at key of the object v.
func (l *loader) jsonString(file, at string, v pyjson.Value, key string) (string, error) {
	x, _ := v.Lookup(key)
	if x.Kind() != pyjson.String {
		return "", l.errf(file, at+"/"+escapeToken(key), "got %s, want a string", x.Kind())
	}
	return x.Str(), nil
}

// ptr writes the root pointer "" visibly.
func ptr(at string) string {
	if at == "" {
		return `""`
	}
	return at
}

func escapeToken(t string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(t)
}
