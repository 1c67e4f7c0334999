package pyjson

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
)

// TestScratchReused: after a first parse, a document allocates its text's
// copy, the parser and one slice per container, not the growth of the
// parser's stacks (kept between documents in scratches).
func TestScratchReused(t *testing.T) {
	// Four objects of 40 members, each holding an array of 40 numbers:
	// 4 + 4*40 containers with members or elements.
	var b strings.Builder
	b.WriteString("[")
	for o := range 4 {
		if o > 0 {
			b.WriteString(",")
		}
		b.WriteString("{")
		for m := range 40 {
			if m > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `"k%02d":[`, m)
			for e := range 40 {
				if e > 0 {
					b.WriteString(",")
				}
				fmt.Fprint(&b, e)
			}
			b.WriteString("]")
		}
		b.WriteString("}")
	}
	b.WriteString("]")
	doc := []byte(b.String())
	if _, err := DecodeStrict(doc); err != nil {
		t.Fatal(err)
	}
	containers := 1 + 4 + 4*40
	allocs := testing.AllocsPerRun(50, func() {
		if _, err := DecodeStrict(doc); err != nil {
			t.Fatal(err)
		}
	})
	// The text's copy, the parser, the scratch's closure, one exact slice
	// per container; a little room for a pool emptied by a collection.
	if limit := float64(containers + 4); allocs > limit {
		t.Errorf("DecodeStrict allocated %.1f times per document, want at most %.0f (%d containers)", allocs, limit, containers)
	}
}

// TestScratchKeep: a scratch goes back to the pool emptied of every
// reference it held, past its length too, and not when a stack outgrew
// maxScratch.
func TestScratchKeep(t *testing.T) {
	p := &parser{mems: make([]Member, 3, 8), elems: make([]Value, 2, 8), path: make([]string, 1, 8)}
	for i := range p.mems[:cap(p.mems)] {
		p.mems[:cap(p.mems)][i] = Member{Key: "k", Value: Value{kind: String, s: "held"}}
	}
	for i := range p.elems[:cap(p.elems)] {
		p.elems[:cap(p.elems)][i] = Value{kind: String, s: "held"}
	}
	for i := range p.path[:cap(p.path)] {
		p.path[:cap(p.path)][i] = "held"
	}
	sc := new(scratch)
	if !sc.keep(p) {
		t.Fatal("a small scratch was not kept")
	}
	if len(sc.mems) != 0 || len(sc.elems) != 0 || len(sc.path) != 0 {
		t.Errorf("kept stacks are not empty: %d %d %d", len(sc.mems), len(sc.elems), len(sc.path))
	}
	for _, m := range sc.mems[:cap(sc.mems)] {
		if m.Key != "" || m.Value.s != "" {
			t.Fatalf("a kept member still holds %q", m.Key)
		}
	}
	for _, v := range sc.elems[:cap(sc.elems)] {
		if v.s != "" {
			t.Fatalf("a kept element still holds %q", v.s)
		}
	}
	for _, s := range sc.path[:cap(sc.path)] {
		if s != "" {
			t.Fatalf("a kept token still holds %q", s)
		}
	}
	for _, big := range []*parser{
		{mems: make([]Member, 0, maxScratch+1)},
		{elems: make([]Value, 0, maxScratch+1)},
		{path: make([]string, 0, maxScratch+1)},
	} {
		if new(scratch).keep(big) {
			t.Errorf("a scratch past maxScratch was kept: %d %d %d", cap(big.mems), cap(big.elems), cap(big.path))
		}
	}
}

// TestConcurrentDecode: documents parsed at the same time, sharing the
// pool, give what each gives alone.
func TestConcurrentDecode(t *testing.T) {
	docs := make([][]byte, 64)
	want := make([]string, len(docs))
	for i := range docs {
		docs[i] = fmt.Appendf(nil, `{"b":[%d,{"x":"%s"}],"a":{"n":%d,"s":"\u00e9%d"}}`, i, strings.Repeat("y", i), -i, i)
		v, err := DecodeStrict(docs[i])
		if err != nil {
			t.Fatal(err)
		}
		want[i] = string(Canonical(v))
	}
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range 200 {
				i := (w*31 + r) % len(docs)
				v, err := DecodeStrict(docs[i])
				if err != nil {
					t.Error(err)
					return
				}
				if got := string(Canonical(v)); got != want[i] {
					t.Errorf("document %d: got %s, want %s", i, got, want[i])
					return
				}
			}
		}()
	}
	wg.Wait()
}

// TestValueSize holds a Value to its kind and bool (one word with its
// padding), a string, a float64 and two slice headers (an Array's elements,
// an Object's members): 80 bytes on amd64, 44 on 386.
// A season holds one per claimed value and a build parses millions.
func TestValueSize(t *testing.T) {
	word := reflect.TypeFor[uintptr]().Size()
	str, f64, slice := reflect.TypeFor[string]().Size(), reflect.TypeFor[float64]().Size(), reflect.TypeFor[[]Value]().Size()
	align := uintptr(reflect.TypeFor[float64]().Align())
	want := (word + str + f64 + 2*slice + align - 1) / align * align
	if n := reflect.TypeFor[Value]().Size(); n > want {
		t.Fatalf("a Value is %d bytes, want at most %d", n, want)
	}
}

// TestCompoundsKeepNilness: an empty Array or Object keeps whether its
// slice was nil through Elems, Members and Clone, as a slice field did.
func TestCompoundsKeepNilness(t *testing.T) {
	for _, c := range []struct {
		name string
		v    Value
		nil_ bool
	}{
		{"ArrayValue()", ArrayValue(), true},
		{"ArrayValue([]Value{}...)", ArrayValue([]Value{}...), false},
		{"ObjectValue()", ObjectValue(), false},
		{"decoded []", mustDecode(t, "[]"), true},
		{"decoded {}", mustDecode(t, "{}"), true},
	} {
		for _, v := range []Value{c.v, Clone(c.v)} {
			var isNil bool
			if v.Kind() == Array {
				isNil = v.Elems() == nil
			} else {
				isNil = v.Members() == nil
			}
			if isNil != c.nil_ || v.Len() != 0 {
				t.Errorf("%s: nil %v, Len %d; want nil %v, Len 0", c.name, isNil, v.Len(), c.nil_)
			}
		}
	}
	v := mustDecode(t, `{"a":[1,"x",{"b":null}],"c":{}}`)
	if w := Clone(v); !Equal(v, w) || &w.Members()[0] == &v.Members()[0] || &w.Members()[0].Value.Elems()[0] == &v.Members()[0].Value.Elems()[0] {
		t.Fatalf("Clone shares or differs: %v", w)
	}
	// An Array's slice is never read as members, nor an Object's as elements.
	if arr, obj := mustDecode(t, `[1,2]`), mustDecode(t, `{"a":1}`); arr.Members() != nil || obj.Elems() != nil || obj.Len() != 1 || arr.Len() != 2 {
		t.Fatalf("across kinds: %v %v", arr.Members(), obj.Elems())
	}
	if _, ok := mustDecode(t, `{"a":1}`).Index(0); ok {
		t.Fatal("Index(0) of an Object found an element")
	}
}
