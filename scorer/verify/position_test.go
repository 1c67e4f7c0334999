package verify

import (
	"strings"
	"testing"

	"github.com/ark-forge/proveit/scorer/proof/prooftest"
)

// TestPositionNotAnchored: in a batch of 5 leaves, the last leaf's path has
// the shape of leaf 8 of 9 (one left sibling). A view that claims leaf 8 of
// 9 is still included in the batch, and the report says only that: no line
// presents the claimed position as verified.
func TestPositionNotAnchored(t *testing.T) {
	w := newWorld(t)
	p := w.batch(t, 5, inSeason, prooftest.Anchoring{}, nil)[4]
	m := viewJSON(t, p)
	batchOf(m)["leaf_index"] = 8
	batchOf(m)["tree_size"] = 9
	d := p.Disclosure()
	out := New(w.material, w.entries()).Verify(parse(t, m), Options{Window: season, Disclosure: &d, DID: did})
	if out.Status != Valid {
		t.Fatalf("%v %v: an inclusion at another position of the same shape is still an inclusion", out.Status, out.Failure)
	}
	want := "included in the batch: the chain and an inclusion path of 1 hash, the length leaf_index and tree_size imply, lead to root " + p.Batch.RootHex + " (the position is not anchored)"
	for _, c := range out.Checks {
		if c.Name == "inclusion" && c.Detail != want {
			t.Errorf("inclusion: %s\nwant        %s", c.Detail, want)
		}
		for _, claim := range []string{"8 of 9", "leaf 8", "leaf_index 8", "tree_size 9", "of 9"} {
			if strings.Contains(c.Detail, claim) {
				t.Errorf("check %s prints the claimed position (%q) as %s: %s", c.Name, claim, c.Result, c.Detail)
			}
		}
	}
}

// TestInclusionMessages pins each inclusion failure, word for word.
func TestInclusionMessages(t *testing.T) {
	w := newWorld(t)
	p := w.batch(t, 6, inSeason, prooftest.Anchoring{}, nil)[3]
	path := func(m map[string]any) []any { return batchOf(m)["inclusion_path"].([]any) }
	for _, c := range []struct {
		name string
		edit func(map[string]any)
		want string
	}{
		{"leaf_index equal to tree_size", func(m map[string]any) { batchOf(m)["leaf_index"] = 6 },
			"the view's leaf_index 6 is not below its tree_size 6"},
		{"a path one hash short", func(m map[string]any) { batchOf(m)["inclusion_path"] = path(m)[:2] },
			"an inclusion path of 2 hashes, where the view's leaf_index 3 and tree_size 6 imply 3"},
		{"a path one hash too long", func(m map[string]any) { batchOf(m)["inclusion_path"] = append(path(m), path(m)[0]) },
			"an inclusion path of 4 hashes, where the view's leaf_index 3 and tree_size 6 imply 3"},
		{"an empty path", func(m map[string]any) { batchOf(m)["inclusion_path"] = []any{} },
			"an inclusion path of 0 hashes, where the view's leaf_index 3 and tree_size 6 imply 3"},
		{"another leaf's position", func(m map[string]any) { batchOf(m)["leaf_index"] = 2 },
			"the chain " + p.Chain + " at the view's leaf_index 2 of tree_size 6 and its inclusion path of 3 hashes lead to "},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := viewJSON(t, p)
			c.edit(m)
			d := p.Disclosure()
			out := New(w.material, w.entries()).Verify(parse(t, m), Options{Window: season, Disclosure: &d, DID: did})
			if out.Failure == nil || out.Failure.Check != "inclusion" {
				t.Fatalf("%v %v, want inclusion", out.Status, out.Failure)
			}
			got := out.Failure.Detail
			if strings.HasSuffix(c.want, " lead to ") {
				// The computed root varies with the tree; the rest is fixed.
				if !strings.HasPrefix(got, c.want) || !strings.HasSuffix(got, ", not to the batch root "+p.Batch.RootHex) {
					t.Errorf("detail %s", got)
				}
				return
			}
			if got != c.want {
				t.Errorf("detail %s\nwant   %s", got, c.want)
			}
		})
	}
}

// TestPathLength: pathLength is the length of PATH(m, D[n]) as RFC 6962
// §2.1.1 defines it recursively, for every leaf of trees up to 130 leaves.
func TestPathLength(t *testing.T) {
	var rfc func(m, n uint64) int
	rfc = func(m, n uint64) int {
		if n <= 1 {
			return 0
		}
		k := uint64(1)
		for k*2 < n {
			k *= 2
		}
		if m < k {
			return 1 + rfc(m, k)
		}
		return 1 + rfc(m-k, n-k)
	}
	for n := uint64(1); n <= 130; n++ {
		for m := uint64(0); m < n; m++ {
			if got, want := pathLength(m, n), rfc(m, n); got != want {
				t.Fatalf("pathLength(%d, %d) = %d, want %d", m, n, got, want)
			}
		}
	}
}

// TestInclusionEveryLeaf: every leaf of batches of 1 to 9 proofs verifies
// with the path the issuer serves (the boundary leaf_index = tree_size - 1
// included).
func TestInclusionEveryLeaf(t *testing.T) {
	w := newWorld(t)
	for n := 1; n <= 9; n++ {
		ps := w.batch(t, n, inSeason, prooftest.Anchoring{}, nil)
		v := New(w.material, w.entries())
		for _, p := range ps {
			d := p.Disclosure()
			if out := v.Verify(parse(t, viewJSON(t, p)), Options{Window: season, Disclosure: &d, DID: did}); out.Status != Valid {
				t.Errorf("leaf %d of %d: %v %v", p.Batch.LeafIndex, n, out.Status, out.Failure)
			}
		}
	}
}
