package vcache

import (
	"bytes"
	"errors"
	"os"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/ark-forge/proveit/scorer/anchor"
	"github.com/ark-forge/proveit/scorer/submission"
	"github.com/ark-forge/proveit/scorer/trust"
	"github.com/ark-forge/proveit/scorer/verify"
)

// outcome is an Outcome with every field set, as an Unbound proof with an
// incident reports it.
func outcome() verify.Outcome {
	return verify.Outcome{
		ProofID:             "prf_20261015_120000_abcdef",
		Status:              verify.Unbound,
		Failure:             anchor.Failf("identity", "agent_identity opens to %q, want a DID", "é\u2028"),
		GenTime:             time.Date(2026, 10, 15, 12, 0, 1, 123456789, time.UTC),
		RequestHash:         "aa",
		ResponseHash:        "bb",
		AgentDID:            "did:web:example.org",
		IdentityVerified:    true,
		DIDResolutionStatus: "bound",
		Checks:              []verify.Check{{Name: "chain", Result: "ok", Detail: "recomputed ab"}, {Name: "identity", Result: "failed", Detail: "x\n\"y\""}},
		Incidents:           []verify.Incident{{ProofID: "prf_20261015_120000_abcdef", Field: "seller", Detail: "flat field seller is \"a\""}},
	}
}

func input() Input {
	d := submission.Disclosure{RequestHash: submission.Opening{Nonce: "01", Value: "02"}, ResponseHash: submission.Opening{Nonce: "03", Value: "04"}}
	return Input{View: []byte(`{"proof_id":"x"}`), Disclosure: &d, DID: "did:web:a", Window: trust.Window{From: time.Unix(100, 0), Until: time.Unix(200, 0)}, Trust: [32]byte{1}}
}

func open(t *testing.T) *Cache {
	t.Helper()
	c, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestRoundTrip: a hit returns exactly the outcome stored, field for field,
// for a full outcome, a valid one and one with no time, no failure and no
// incident (nil and empty slices kept apart).
func TestRoundTrip(t *testing.T) {
	full := outcome()
	valid := outcome()
	valid.Status, valid.Failure, valid.Incidents = verify.Valid, nil, nil
	bare := verify.Outcome{ProofID: "p", Status: verify.Invalid, Failure: &anchor.Failure{Check: "spec_version"}, Checks: []verify.Check{}}
	for i, out := range []verify.Outcome{full, valid, bare} {
		c := open(t)
		rekor := RekorOf("24296fb24b8ad77a", []byte(`{"entry":1}`))
		if i == 2 {
			rekor = Rekor{}
		}
		k := Input{View: []byte{byte(i)}}.Key()
		if _, _, ok := c.Get(k); ok {
			t.Fatal("hit in an empty cache")
		}
		if err := c.Put(k, out, rekor); err != nil {
			t.Fatal(err)
		}
		got, r, ok := c.Get(k)
		if !ok {
			t.Fatalf("outcome %d: miss after Put", i)
		}
		if !reflect.DeepEqual(got, out) || r != rekor {
			t.Errorf("outcome %d: got %#v with %+v, want %#v with %+v", i, got, r, out, rekor)
		}
		if s := c.Stats(); s != (Stats{Hits: 1, Misses: 1, Written: 1}) {
			t.Errorf("outcome %d: stats %+v", i, s)
		}
	}
}

// TestNotStored: an outcome that says nothing about the proof (NotFetched)
// and one whose time is not in UTC are not stored.
func TestNotStored(t *testing.T) {
	c := open(t)
	nf := outcome()
	nf.NotFetched = errors.New("not in the cache")
	paris := outcome()
	paris.GenTime = paris.GenTime.In(time.FixedZone("CET", 3600))
	for i, out := range []verify.Outcome{nf, paris} {
		k := Input{View: []byte{byte(i)}}.Key()
		if err := c.Put(k, out, Rekor{}); err != nil {
			t.Fatal(err)
		}
		if _, _, ok := c.Get(k); ok {
			t.Errorf("outcome %d was stored", i)
		}
	}
}

// TestCorruptEntriesRejected: an entry with any byte flipped, truncated
// anywhere, stored under another key's name, written by another verifier
// version (with a consistent hash) or padded is a miss, counted as
// rejected, and a Put then replaces it.
func TestCorruptEntriesRejected(t *testing.T) {
	c := open(t)
	k1, k2 := Input{View: []byte("1")}.Key(), Input{View: []byte("2")}.Key()
	o2 := outcome()
	o2.ProofID = "other"
	if err := c.Put(k1, outcome(), Rekor{}); err != nil {
		t.Fatal(err)
	}
	if err := c.Put(k2, o2, Rekor{}); err != nil {
		t.Fatal(err)
	}
	good, err := os.ReadFile(c.path(k1))
	if err != nil {
		t.Fatal(err)
	}
	other, _ := os.ReadFile(c.path(k2))
	_, payload, _ := bytes.Cut(good, []byte("\n\n"))
	otherVersion := append(bytes.Replace(header(k1, payload), []byte("version "+verify.Version), []byte("version verify-0"), 1), payload...)
	cases := map[string][]byte{
		"swapped":       other,
		"other version": otherVersion,
		"padded":        append(append([]byte(nil), good...), ' '),
		"empty":         {},
	}
	for i := range good {
		flipped := append([]byte(nil), good...)
		flipped[i] ^= 0x01
		cases["flip byte "+itoa(i)] = flipped
		cases["truncated at "+itoa(i)] = good[:i]
	}
	for name, data := range cases {
		if err := os.WriteFile(c.path(k1), data, 0o644); err != nil {
			t.Fatal(err)
		}
		before := c.Stats().Rejected
		if out, _, ok := c.Get(k1); ok {
			t.Errorf("%s: hit %+v", name, out)
			continue
		}
		if c.Stats().Rejected != before+1 {
			t.Errorf("%s: not counted as rejected", name)
		}
	}
	if err := c.Put(k1, outcome(), Rekor{}); err != nil {
		t.Fatal(err)
	}
	if got, _, ok := c.Get(k1); !ok || !reflect.DeepEqual(got, outcome()) {
		t.Errorf("after Put over a corrupt entry: %v %+v", ok, got)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// TestKeyCoversEveryInput: changing any one thing a verification reads
// changes the key; each case was seen failing with its field left out of
// Key.
func TestKeyCoversEveryInput(t *testing.T) {
	base := input().Key()
	for _, c := range []struct {
		name string
		edit func(*Input)
	}{
		{"view", func(in *Input) { in.View = []byte(`{"proof_id":"y"}`) }},
		{"no disclosure", func(in *Input) { in.Disclosure = nil }},
		{"request nonce", func(in *Input) { d := *in.Disclosure; d.RequestHash.Nonce = "ff"; in.Disclosure = &d }},
		{"request value", func(in *Input) { d := *in.Disclosure; d.RequestHash.Value = "ff"; in.Disclosure = &d }},
		{"response nonce", func(in *Input) { d := *in.Disclosure; d.ResponseHash.Nonce = "ff"; in.Disclosure = &d }},
		{"response value", func(in *Input) { d := *in.Disclosure; d.ResponseHash.Value = "ff"; in.Disclosure = &d }},
		{"nonce and value shifted", func(in *Input) {
			d := *in.Disclosure
			d.RequestHash.Nonce, d.RequestHash.Value = "010", "2"
			in.Disclosure = &d
		}},
		{"DID", func(in *Input) { in.DID = "did:web:b" }},
		{"window from", func(in *Input) { in.Window.From = in.Window.From.Add(time.Nanosecond) }},
		{"window until", func(in *Input) { in.Window.Until = in.Window.Until.Add(time.Second) }},
		{"no window", func(in *Input) { in.Window = trust.Window{} }},
		{"trust", func(in *Input) { in.Trust[31] = 1 }},
	} {
		in := input()
		c.edit(&in)
		if in.Key() == base {
			t.Errorf("%s: same key", c.name)
		}
	}
	keyVersion = "verify-0"
	if input().Key() == base {
		t.Error("another verify.Version: same key")
	}
	keyVersion = verify.Version
	// The same inputs in another time zone are the same inputs.
	in := input()
	in.Window.From = in.Window.From.In(time.FixedZone("X", 7200))
	if in.Key() != base {
		t.Error("the window's time zone changes the key")
	}
}

// TestOpenRefusesEmptyDir: a cache needs a directory.
func TestOpenRefusesEmptyDir(t *testing.T) {
	if _, err := Open(""); err == nil {
		t.Error("Open(\"\") succeeded")
	}
	if d, err := DefaultDir(); err == nil && d == "" {
		t.Error("DefaultDir is empty")
	}
}

// FuzzReadPayload: the payload reader never panics, and what it accepts
// is exactly what writePayload writes for the outcome it reads: one
// payload per outcome, nothing ignored.
func FuzzReadPayload(f *testing.F) {
	full := outcome()
	f.Add(writePayload(nil, full, RekorOf("u", []byte("e"))))
	f.Add(writePayload(nil, verify.Outcome{Checks: []verify.Check{}}, Rekor{}))
	f.Add(writePayload(nil, verify.Outcome{}, Rekor{}))
	f.Fuzz(func(t *testing.T, b []byte) {
		out, rk, err := readPayload(b)
		if err != nil {
			return
		}
		if again := writePayload(nil, out, rk); !bytes.Equal(again, b) {
			t.Fatalf("payload %x reads as %+v, which writes %x", b, out, again)
		}
	})
}
