package proof

import (
	"slices"

	"github.com/ark-forge/proveit/scorer/pyjson"
)

// CachedForm is what the cache keeps of a served view (or of the 404
// record): the document without its VolatileFields, written as canonical
// JSON, CPython's json.dumps(view, sort_keys=True, separators=(",", ":"))
// (package pyjson), and a newline. Two reads of a closed proof give the
// same bytes whatever the server's layout and key order, and anyone can
// recompute the file from a served view with CPython alone:
//
//	python3 -c 'import json, sys; v = json.load(sys.stdin); [v.pop(k, None) for k in ("integrity_verified", "views_count")]; print(json.dumps(v, sort_keys=True, separators=(",", ":")))'
//
// data must be strict JSON (no duplicate key, no NaN); a document that is
// not an object is returned canonical, as it is.
func CachedForm(data []byte) ([]byte, error) {
	doc, err := pyjson.DecodeStrict(data)
	if err != nil {
		return nil, err
	}
	if doc.Kind() == pyjson.Object {
		var kept []pyjson.Member
		for _, m := range doc.Members() {
			if !slices.Contains(VolatileFields, m.Key) {
				kept = append(kept, m)
			}
		}
		doc = pyjson.ObjectValue(kept...)
	}
	return append(pyjson.Canonical(doc), '\n'), nil
}
