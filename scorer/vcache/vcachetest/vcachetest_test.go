package vcachetest_test

import (
	"bytes"
	"testing"

	"github.com/ark-forge/proveit/scorer/vcache"
	"github.com/ark-forge/proveit/scorer/vcache/vcachetest"
	"github.com/ark-forge/proveit/scorer/verify"
)

// TestEntriesAndReplace: Entries lists what a Cache stored, under its
// keys; an entry Replace damages is rejected by the next Cache, and one
// Replace puts back is a hit again.
func TestEntriesAndReplace(t *testing.T) {
	dir := t.TempDir()
	c, err := vcache.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	keys := []vcache.Key{vcache.Input{View: []byte("a")}.Key(), vcache.Input{View: []byte("b")}.Key()}
	for _, k := range keys {
		if err := c.Put(k, verify.Outcome{ProofID: k.String(), Status: verify.Valid}, vcache.Rekor{}); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	got, err := vcachetest.Entries(dir)
	if err != nil || len(got) != 2 || got[keys[0]] == nil || got[keys[1]] == nil {
		t.Fatalf("Entries: %d entries (%v), want the 2 stored", len(got), err)
	}
	sound := got[keys[0]]
	damaged := bytes.Clone(sound)
	damaged[len(damaged)-1] ^= 1
	if err := vcachetest.Replace(dir, map[vcache.Key][]byte{keys[0]: damaged}); err != nil {
		t.Fatal(err)
	}
	lookup := func() (bool, vcache.Stats) {
		c, err := vcache.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		_, _, ok := c.Get(keys[0])
		return ok, c.Stats()
	}
	if ok, st := lookup(); ok || st.Rejected != 1 {
		t.Errorf("after Replace damaged the entry: hit %v, %+v; want it rejected", ok, st)
	}
	if err := vcachetest.Replace(dir, map[vcache.Key][]byte{keys[0]: sound}); err != nil {
		t.Fatal(err)
	}
	if ok, _ := lookup(); !ok {
		t.Error("after Replace put the entry back: a miss")
	}
}
