package guard

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// contexts are the four contexts the memo keys a text by.
var contexts = [4]struct{ provider, identifier bool }{{false, false}, {true, false}, {false, true}, {true, true}}

// permutations returns every order of 0 … n-1.
func permutations(n int) [][]int {
	if n == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for _, p := range permutations(n - 1) {
		for i := 0; i <= len(p); i++ {
			q := append(append(append([]int{}, p[:i]...), n-1), p[i:]...)
			out = append(out, q)
		}
	}
	return out
}

// TestMemoKeepsContexts: a text whose findings differ from one context to
// the other (rule 3 in a negative element, the whole words of a did:key)
// gets its own findings in each, whichever context the memo met it in
// first, and once the memo answers for it in every context (each text
// is met three times in each, so that it is kept). A memo keyed without
// one of its contexts answers for a text with the findings of another.
func TestMemoKeepsContexts(t *testing.T) {
	texts := []string{
		"GPT-4o", // rule 3 only
		"did:key:z6MkoE9dTrgYWPzNeYFoZRZFHaQYfbXAiYQCnRt9FeYroa53", // rule 3 in a camel-case part: identifier and provider
		"did:key:z6MkwWtoLJXL82gTWQnPsWBzV3XSvFsX2fwXKd6FmFibVGjz", // rule 2 in a camel-case part: identifier
		"did:key:z6MkSuperTricheur llama3 :)",
		"sans rien",
	}
	for _, s := range texts {
		for _, order := range permutations(len(contexts)) {
			m := newTextMemo(1<<10, 1<<20, 1<<10, 1<<10)
			for _, i := range order {
				c := contexts[i]
				want := checkOld(s, c.provider, false, c.identifier)
				for n := range 3 {
					if got := m.checkBytes([]byte(s), c.provider, c.identifier); !reflect.DeepEqual(got, want) {
						t.Fatalf("%q, order %v, context %+v, meeting %d: memo %v, checkOld %v", s, order, c, n+1, got, want)
					}
					if got := m.checkString(s, c.provider, c.identifier); !reflect.DeepEqual(got, want) {
						t.Fatalf("%q, order %v, context %+v, meeting %d (string): memo %v, checkOld %v", s, order, c, n+1, got, want)
					}
				}
				if _, kept := m.m[memoIndex(c.provider, c.identifier)][s]; !kept {
					t.Fatalf("%q, context %+v: not kept after six meetings", s, c)
				}
			}
		}
	}
}

// TestMemoKeepsWhatRecurs: a text is kept the second time it is met in
// one context, not the first, nor when its first meeting was in another
// context; a text longer than the memo's longest is never kept.
func TestMemoKeepsWhatRecurs(t *testing.T) {
	m := newTextMemo(1<<10, 1<<20, 16, 1<<10)
	kept := func(s string, i int) bool { _, ok := m.m[i][s]; return ok }
	m.checkBytes([]byte("une fois"), false, false)
	if kept("une fois", 0) {
		t.Error("a text met once is kept")
	}
	m.checkBytes([]byte("une fois"), true, false)
	if kept("une fois", 1) {
		t.Error("a text met once in each of two contexts is kept")
	}
	m.checkBytes([]byte("une fois"), false, false)
	if !kept("une fois", 0) || kept("une fois", 1) || m.n != 1 || m.size != len("une fois") {
		t.Errorf("a text met twice in one context: kept %v %v, n %d, size %d", kept("une fois", 0), kept("une fois", 1), m.n, m.size)
	}
	long := "dix-sept octets!!"
	for range 3 {
		m.checkString(long, false, false)
	}
	if kept(long, 0) {
		t.Errorf("a text of %d bytes is kept, the longest is 16", len(long))
	}
}

// TestMemoEmptiedWhenFull: past its number of texts or of bytes, the memo
// is emptied and keeps the texts met next; its findings stay right.
func TestMemoEmptiedWhenFull(t *testing.T) {
	for _, c := range []struct {
		name            string
		maxTexts, bytes int
	}{{"texts", 4, 1 << 20}, {"bytes", 1 << 10, 40}} {
		m := newTextMemo(c.maxTexts, c.bytes, 1<<10, 1<<10)
		var last string
		for k := range 20 {
			last = fmt.Sprintf("texte %02d gpt4", k)
			want := checkOld(last, true, false, false)
			for range 2 {
				if got := m.checkBytes([]byte(last), true, false); !reflect.DeepEqual(got, want) {
					t.Fatalf("%s: %q: memo %v, checkOld %v", c.name, last, got, want)
				}
			}
			if n := len(m.m[0]) + len(m.m[1]) + len(m.m[2]) + len(m.m[3]); n != m.n {
				t.Fatalf("%s: %d texts in the maps, %d counted", c.name, n, m.n)
			}
			if m.n > c.maxTexts || m.size > c.bytes {
				t.Fatalf("%s: %d texts, %d bytes, past %d and %d", c.name, m.n, m.size, c.maxTexts, c.bytes)
			}
		}
		if _, ok := m.m[1][last]; !ok || m.cleared == 0 {
			t.Errorf("%s: the last text kept %v, emptied %d times", c.name, ok, m.cleared)
		}
	}
}

// BenchmarkPageIn: the guard on every page of the built demo (public/,
// its Atom feed too) as a build reads them, the pages in the order of
// their paths: cold, each round with a new memo (a build's first pages),
// and warm, the memo kept from round to round (a build's later pages).
func BenchmarkPageIn(b *testing.B) {
	pages := demoPages(b)
	b.Run("cold", func(b *testing.B) { benchPages(b, pages, true) })
	b.Run("warm", func(b *testing.B) { benchPages(b, pages, false) })
}

// BenchmarkSitePages: the guard on every page of a built site whose
// directory PROVEIT_GUARD_SITE names (skipped without it), as a cold
// build reads them: each round with a new memo, the pages in the order
// of their paths. The demo is too small to fill the memo; a
// 1,000-participant season's 6,064 pages meet about 380,000 distinct
// texts, which is where the memo's bounds and its doorkeeper count:
//
//	go run ./cmd/seasongen --participants 1000 --out /tmp/s1k/0
//	go run ./cmd/proveit build --seasons /tmp/s1k --out /tmp/site
//	PROVEIT_GUARD_SITE=/tmp/site go test -run '^$' -bench SitePages -benchtime 3x ./cmd/proveit/internal/guard
func BenchmarkSitePages(b *testing.B) {
	root := os.Getenv("PROVEIT_GUARD_SITE")
	if root == "" {
		b.Skip("PROVEIT_GUARD_SITE names no built site")
	}
	pages := map[string][]byte{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		page, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		pages[filepath.ToSlash(rel)] = page
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	benchPages(b, pages, true)
}

// benchPages runs PageIn on every page, in the order of their paths, each
// round with a new memo if cold; each page must pass.
func benchPages(b *testing.B, pages map[string][]byte, cold bool) {
	var paths []string
	var size int64
	for p, page := range pages {
		paths = append(paths, p)
		size += int64(len(page))
	}
	slices.Sort(paths)
	defer func(m *textMemo) { memo = m }(memo)
	memo = newTextMemo(memoSize, memoBytes, memoTextSize, doorSize)
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		if cold {
			memo = newTextMemo(memoSize, memoBytes, memoTextSize, doorSize)
		}
		for _, p := range paths {
			if vs := PageIn(p, pages[p], label(p)); len(vs) != 0 {
				b.Fatalf("%s: %v", p, vs)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(paths)), "ns/page")
}

// checkString is checkBytes on a string: the memo looked up without a
// copy of the text (the tests of its contexts).
func (m *textMemo) checkString(s string, provider, identifier bool) []finding {
	i := memoIndex(provider, identifier)
	m.RLock()
	fs, ok := m.m[i][s]
	m.RUnlock()
	if !ok {
		b := []byte(s)
		fs = check(b, provider, identifier)
		m.put(b, i, fs)
	}
	return fs
}
