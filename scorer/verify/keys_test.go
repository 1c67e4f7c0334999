package verify

import (
	"bytes"
	"crypto/ed25519"
	"testing"
	"time"

	"github.com/ark-forge/proveit/scorer/proof/prooftest"
	"github.com/ark-forge/proveit/scorer/trust"
)

// withProofKeyWindow is the world's trust material with its one proof key
// pinned for win only.
func (w *world) withProofKeyWindow(win trust.Window) *trust.Material {
	m := *w.material
	k := m.ProofKeys[0]
	k.Window = win
	m.ProofKeys = []trust.ProofKey{k}
	return &m
}

// withRekorKeyWindow is the world's trust material with its one Rekor
// submission key pinned for win only.
func (w *world) withRekorKeyWindow(win trust.Window) *trust.Material {
	m := *w.material
	k := m.RekorKeys[0]
	k.Window = win
	m.RekorKeys = []trust.RekorKey{k}
	return &m
}

var (
	longBefore = date("2025-01-01T00:00:00Z")
	longAfter  = date("2027-12-31T00:00:00Z")
)

// TestProofKeyWindowAnchored: with an anchored time, the signature verifies
// only with a key pinned at the token's genTime, both bounds of the key's
// window included; a key pinned at another time of the season is refused.
func TestProofKeyWindowAnchored(t *testing.T) {
	w := newWorld(t)
	p := w.batch(t, 2, inSeason, prooftest.Anchoring{}, nil)[1]
	sec := time.Second
	for _, c := range []struct {
		name string
		key  trust.Window
		ok   bool
	}{
		{"until one second before genTime", trust.Window{From: longBefore, Until: inSeason.Add(-sec)}, false},
		{"until genTime", trust.Window{From: longBefore, Until: inSeason}, true},
		{"from genTime", trust.Window{From: inSeason, Until: longAfter}, true},
		{"from one second after genTime", trust.Window{From: inSeason.Add(sec), Until: longAfter}, false},
		{"exactly genTime", trust.Window{From: inSeason, Until: inSeason}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := p.Disclosure()
			out := New(w.withProofKeyWindow(c.key), w.entries()).Verify(parse(t, viewJSON(t, p)), Options{Window: season, Disclosure: &d, DID: did})
			if c.ok {
				if out.Status != Valid {
					t.Errorf("%v %v, want valid", out.Status, out.Failure)
				}
				return
			}
			want := "no Trust Layer proof key is pinned for 2026-09-25T12:00:00Z"
			if out.Status != Invalid || out.Failure == nil || out.Failure.Check != "signature" || out.Failure.Detail != want {
				t.Errorf("%v %v, want invalid: signature: %s", out.Status, out.Failure, want)
			}
		})
	}
}

// TestProofKeyWindowOpen: without an anchored time (an open batch), the
// signature verifies only with a key pinned at some time inside the season,
// both bounds included; without a season window, with any pinned key.
func TestProofKeyWindowOpen(t *testing.T) {
	w := newWorld(t)
	ps, views := w.open(t, 1, nil)
	p, view := ps[0], views[0]
	sec := time.Second
	noKey := "no Trust Layer proof key is pinned at some time inside the season 2026-09-21T08:00:00Z .. 2026-10-05T20:00:00Z (no anchored time)"
	for _, c := range []struct {
		name   string
		key    trust.Window
		window trust.Window
		want   Status
		detail string // of the signature check
	}{
		{"until one second before the opening", trust.Window{From: longBefore, Until: season.From.Add(-sec)}, season, Invalid, noKey},
		{"until the opening", trust.Window{From: longBefore, Until: season.From}, season, Pending,
			"Ed25519 over hashes.chain verifies with key test-proof-key-1, pinned at some time inside the season 2026-09-21T08:00:00Z .. 2026-10-05T20:00:00Z (no anchored time)"},
		{"from the closing", trust.Window{From: season.Until, Until: longAfter}, season, Pending, ""},
		{"from one second after the closing", trust.Window{From: season.Until.Add(sec), Until: longAfter}, season, Invalid, noKey},
		{"inside the season", trust.Window{From: inSeason, Until: inSeason.Add(sec)}, season, Pending, ""},
		{"around the season", trust.Window{From: longBefore, Until: longAfter}, season, Pending, ""},
		{"outside, without a season window", trust.Window{From: longBefore, Until: longBefore.Add(sec)}, trust.Window{}, Pending,
			"Ed25519 over hashes.chain verifies with key test-proof-key-1, pinned for any date (no anchored time, no season window)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := p.Disclosure()
			out := New(w.withProofKeyWindow(c.key), w.entries()).Verify(parse(t, clone(t, view)), Options{Window: c.window, Disclosure: &d, DID: did})
			if out.Status != c.want {
				t.Fatalf("%v %v, want %v", out.Status, out.Failure, c.want)
			}
			if c.detail == "" {
				return
			}
			got := out.Checks[2]
			if c.want == Invalid {
				got = Check{Name: out.Failure.Check, Detail: out.Failure.Detail}
			}
			if got.Name != "signature" || got.Detail != c.detail {
				t.Errorf("%s: %s\nwant signature: %s", got.Name, got.Detail, c.detail)
			}
		})
	}
}

// TestProofKeyWindowFailingToken: a closed batch whose token fails has no
// anchored time either: the key must be pinned at some time of the season,
// and its failure comes before the token's.
func TestProofKeyWindowFailingToken(t *testing.T) {
	w := newWorld(t)
	p := w.batch(t, 1, inSeason, prooftest.Anchoring{TSA: w.unpinned}, nil)[0]
	d := p.Disclosure()
	out := New(w.withProofKeyWindow(trust.Window{From: longBefore, Until: season.From.Add(-time.Second)}), w.entries()).Verify(parse(t, viewJSON(t, p)), Options{Window: season, Disclosure: &d, DID: did})
	if out.Status != Invalid || out.Failure == nil || out.Failure.Check != "signature" {
		t.Errorf("%v %v, want invalid on the signature", out.Status, out.Failure)
	}
	out = New(w.material, w.entries()).Verify(parse(t, viewJSON(t, p)), Options{Window: season, Disclosure: &d, DID: did})
	// A token of an unpinned TSA embeds no certificate (the real shape):
	// no pinned leaf is its signer.
	if out.Status != Invalid || out.Failure == nil || out.Failure.Check != "rfc3161.signer" {
		t.Errorf("%v %v, want invalid on the token's signer", out.Status, out.Failure)
	}
}

// TestRekorKeyWindow: the Rekor entry must be signed with a Trust Layer
// submission key pinned at the token's genTime, both bounds included.
func TestRekorKeyWindow(t *testing.T) {
	w := newWorld(t)
	p := w.batch(t, 2, inSeason, prooftest.Anchoring{}, nil)[0]
	sec := time.Second
	for _, c := range []struct {
		name string
		key  trust.Window
		ok   bool
	}{
		{"until one second before genTime", trust.Window{From: longBefore, Until: inSeason.Add(-sec)}, false},
		{"until genTime", trust.Window{From: longBefore, Until: inSeason}, true},
		{"from genTime", trust.Window{From: inSeason, Until: longAfter}, true},
		{"from one second after genTime", trust.Window{From: inSeason.Add(sec), Until: longAfter}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := p.Disclosure()
			out := New(w.withRekorKeyWindow(c.key), w.entries()).Verify(parse(t, viewJSON(t, p)), Options{Window: season, Disclosure: &d, DID: did})
			if c.ok {
				if out.Status != Valid {
					t.Errorf("%v %v, want valid", out.Status, out.Failure)
				}
				return
			}
			if out.Status != Invalid || out.Failure == nil || out.Failure.Check != "rekor.key" {
				t.Errorf("%v %v, want invalid: rekor.key", out.Status, out.Failure)
			}
		})
	}
}

// TestProofKeyRotation: with several keys pinned for the anchored time, the
// signature verifies with any of them, not only the first (seen failing
// with the loop cut to the first key).
func TestProofKeyRotation(t *testing.T) {
	w := newWorld(t)
	p := w.batch(t, 1, inSeason, prooftest.Anchoring{}, nil)[0]
	m := *w.material
	retired := trust.ProofKey{ID: "a-retired-key", Key: ed25519.NewKeyFromSeed(bytes.Repeat([]byte{9}, 32)).Public().(ed25519.PublicKey), Window: trust.Window{From: longBefore, Until: longAfter}}
	m.ProofKeys = append([]trust.ProofKey{retired}, m.ProofKeys...)
	d := p.Disclosure()
	out := New(&m, w.entries()).Verify(parse(t, viewJSON(t, p)), Options{Window: season, Disclosure: &d, DID: did})
	if out.Status != Valid {
		t.Fatalf("%v %v", out.Status, out.Failure)
	}
	if want := "Ed25519 over hashes.chain verifies with key test-proof-key-1, pinned for 2026-09-25T12:00:00Z"; out.Checks[2].Detail != want {
		t.Errorf("signature: %s, want %s", out.Checks[2].Detail, want)
	}
}
