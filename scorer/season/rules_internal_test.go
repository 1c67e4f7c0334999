package season

import (
	"strings"
	"testing"
)

// TestCollectionOfLongestPrefix: a path belongs to the collection with the
// longest prefix of it, whatever the order of the collections, and to none
// when no prefix matches.
func TestCollectionOfLongestPrefix(t *testing.T) {
	outer := &Collection{Name: "outer", Prefix: "/a/"}
	inner := &Collection{Name: "inner", Prefix: "/a/b/"}
	innermost := &Collection{Name: "innermost", Prefix: "/a/b/c/"}
	orders := [][]*Collection{
		{outer, inner, innermost},
		{innermost, inner, outer},
		{inner, innermost, outer},
	}
	for _, cs := range orders {
		r := &Rules{Collections: cs}
		for path, want := range map[string]*Collection{
			"/a/b/c/d": innermost,
			"/a/b/c/":  innermost,
			"/a/b/x":   inner,
			"/a/b/":    inner,
			"/a/bc":    outer,
			"/a/":      outer,
			"/a":       nil,
			"/b/a/":    nil,
			"":         nil,
		} {
			if got := r.CollectionOf(path); got != want {
				t.Errorf("order %s…: CollectionOf(%q) = %v, want %v", cs[0].Name, path, got, want)
			}
		}
	}
}

// TestCollectionPrefixRepeats: two collections of one prefix are refused,
// naming the file, the field and both collections; nested prefixes load.
func TestCollectionPrefixRepeats(t *testing.T) {
	col := func(name, prefix string) collectionFile {
		own, probative := true, []string{"/statut"}
		return collectionFile{Name: &name, Prefix: &prefix, Own: &own, Probative: &probative}
	}
	roots := []string{"/entites/" + Wildcard}
	l := &loader{dir: "seasons/0"}
	if _, err := l.loadRules("conformite/track.toml", &roots, []collectionFile{col("a", "/a/"), col("ab", "/a/b/")}); err != nil {
		t.Fatalf("nested prefixes: %v", err)
	}
	_, err := l.loadRules("conformite/track.toml", &roots, []collectionFile{col("a", "/a/"), col("ab", "/a/b/"), col("other", "/a/")})
	for _, want := range []string{"conformite/track.toml", "collections[2].prefix", `"/a/"`, `"a"`, "both"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("a repeated prefix: %v, want it refused naming %s", err, want)
		}
	}
}
