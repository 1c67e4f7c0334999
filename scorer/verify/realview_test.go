package verify

import (
	"bytes"
	"crypto/ed25519"
	"errors"
	"io/fs"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/scorer/anchor/rekor"
	pv "github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/proof/prooftest"
)

// entriesWith serves the world's entries with uuid's replaced by data.
type entriesWith struct {
	base Entries
	uuid string
	data []byte
}

func (e entriesWith) RekorEntry(uuid string) ([]byte, error) {
	if uuid == e.uuid {
		if e.data == nil {
			return nil, fs.ErrNotExist
		}
		return e.data, nil
	}
	return e.base.RekorEntry(uuid)
}

// TestEntryNotFetched: a closed batch whose Rekor entry the cache lacks is
// neither valid nor invalid: the outcome says it is not fetched, the rekor
// line says so, and no check fails for it. Seen failing with the missing
// entry reported as an invalid anchor.
func TestEntryNotFetched(t *testing.T) {
	w := newWorld(t)
	p := w.batch(t, 2, inSeason, prooftest.Anchoring{}, nil)[0]
	d := p.Disclosure()
	out := New(w.material, entriesWith{base: w.entries(), uuid: p.Rekor.UUID}).Verify(parse(t, viewJSON(t, p)), Options{Window: season, Disclosure: &d, DID: did})
	var nf *NotFetchedError
	if !errors.As(out.NotFetched, &nf) || nf.UUID != p.Rekor.UUID || !errors.Is(out.NotFetched, fs.ErrNotExist) {
		t.Fatalf("NotFetched = %v", out.NotFetched)
	}
	if out.Failure != nil || resultOf(out, "rekor") != "not_fetched" {
		t.Errorf("failure %v, rekor %s", out.Failure, resultOf(out, "rekor"))
	}
	// No cache at all is « not fetched » too.
	if out := New(w.material, nil).Verify(parse(t, viewJSON(t, p)), Options{Window: season, Disclosure: &d, DID: did}); out.NotFetched == nil {
		t.Error("a Verifier without entries verified the Rekor anchor")
	}
	// An open batch needs no entry.
	ps, views := w.open(t, 1, nil)
	d = ps[0].Disclosure()
	if out := New(w.material, nil).Verify(parse(t, views[0]), Options{Window: season, Disclosure: &d, DID: did}); out.NotFetched != nil || out.Status != Pending {
		t.Errorf("an open batch: %v %v", out.Status, out.NotFetched)
	}
}

// TestAnchorReferences: a closed batch whose view carries no token, or
// names no Rekor entry, or names one by what is not a uuid, lacks that
// anchor: invalid, naming why. The cached answer for the uuid must be its
// entry: another uuid's, or the log's 404, is no anchor either.
func TestAnchorReferences(t *testing.T) {
	w := newWorld(t)
	p := w.batch(t, 2, inSeason, prooftest.Anchoring{}, nil)[0]
	q := w.batch(t, 2, inSeason, prooftest.Anchoring{}, nil)[0]
	other, _ := w.is.RekorEntry(q.Rekor.UUID)
	for _, c := range []struct {
		name    string
		edit    func(m map[string]any)
		entries Entries
		check   string
		detail  string
	}{
		{"no token", func(m map[string]any) { delete(tsaOf(m), "tsr_base64"); tsaOf(m)["status"] = "submitted" }, nil,
			"rfc3161.absent", `timestamp_authority has status "submitted" and no tsr_base64`},
		{"timestamp_authority null", func(m map[string]any) { m["timestamp_authority"] = nil }, nil,
			"rfc3161.absent", "timestamp_authority is null"},
		{"transparency_log null", func(m map[string]any) { m["transparency_log"] = nil }, nil,
			"rekor.reference", "transparency_log is null"},
		{"transparency_log failed", func(m map[string]any) {
			m["transparency_log"] = map[string]any{"provider": "sigstore-rekor", "status": "failed", "error": "submit returned None"}
		}, nil, "rekor.reference", `status "failed", error "submit returned None"`},
		{"the sentinel uuid of a 409", func(m map[string]any) {
			m["transparency_log"].(map[string]any)["uuid"] = "_already_exists"
		}, nil, "rekor.reference", `transparency_log.uuid "_already_exists" is not a Rekor entry uuid`},
		{"another uuid's entry cached under it", nil, entriesWith{base: w.entries(), uuid: p.Rekor.UUID, data: other},
			"rekor.api.uuid", "it was asked for as " + p.Rekor.UUID},
		{"the log's 404", nil, entriesWith{base: w.entries(), uuid: p.Rekor.UUID, data: rekor.NotFoundRecord(p.Rekor.UUID)},
			"rekor.api.not_found", "the log answered 404"},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := viewJSON(t, p)
			if c.edit != nil {
				c.edit(m)
			}
			entries := c.entries
			if entries == nil {
				entries = w.entries()
			}
			d := p.Disclosure()
			out := New(w.material, entries).Verify(parse(t, m), Options{Window: season, Disclosure: &d, DID: did})
			if out.Status != Invalid || out.Failure == nil || out.Failure.Check != c.check || !strings.Contains(out.Failure.Detail, c.detail) || out.NotFetched != nil {
				t.Errorf("%v %v, want invalid: %s with %q", out.Status, out.Failure, c.check, c.detail)
			}
		})
	}
}

// TestStatusesDecideNothing: timestamp_authority.status and
// transparency_log.status are not committed: a token that is served is
// verified, and an entry that is named is read, whatever they say.
func TestStatusesDecideNothing(t *testing.T) {
	w := newWorld(t)
	p := w.batch(t, 2, inSeason, prooftest.Anchoring{}, nil)[0]
	m := viewJSON(t, p)
	tsaOf(m)["status"] = "submitted"
	m["transparency_log"].(map[string]any)["status"] = "failed"
	d := p.Disclosure()
	if out := New(w.material, w.entries()).Verify(parse(t, m), Options{Window: season, Disclosure: &d, DID: did}); out.Status != Valid {
		t.Errorf("%v %v", out.Status, out.Failure)
	}
}

// TestPublicKeyIncident: arkforge_pubkey is never what the signature is
// checked with; one that is not the pinned key is a Trust Layer incident
// and changes no status. Seen failing with the view's key trusted.
func TestPublicKeyIncident(t *testing.T) {
	w := newWorld(t)
	p := w.batch(t, 2, inSeason, prooftest.Anchoring{}, nil)[0]
	stranger := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{9}, 32))
	d := p.Disclosure()
	for _, c := range []struct {
		name   string
		edit   func(m map[string]any)
		status Status
		detail string // "" for no incident
	}{
		{"the pinned key", func(map[string]any) {}, Valid, ""},
		{"another key", func(m map[string]any) { m["arkforge_pubkey"] = pv.EncodeEd25519(stranger.Public().(ed25519.PublicKey)) }, Valid,
			"is not the pinned key test-proof-key-1"},
		{"a malformed key", func(m map[string]any) { m["arkforge_pubkey"] = "ed25519:abc=" }, Valid, "is not an Ed25519 key in the Trust Layer's encoding"},
		{"no key", func(m map[string]any) { m["arkforge_pubkey"] = nil }, Valid, ""},
		// The view signed by the stranger and naming the stranger's key:
		// the key is not trusted, the signature fails, and the key is an
		// incident beside the failure.
		{"another key that signed", func(m map[string]any) {
			m["arkforge_pubkey"] = pv.EncodeEd25519(stranger.Public().(ed25519.PublicKey))
			m["arkforge_signature"] = pv.EncodeEd25519(ed25519.Sign(stranger, []byte(p.Chain)))
		}, Invalid, "is no Trust Layer proof key pinned for"},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := viewJSON(t, p)
			c.edit(m)
			out := New(w.material, w.entries()).Verify(parse(t, m), Options{Window: season, Disclosure: &d, DID: did})
			if out.Status != c.status {
				t.Fatalf("%v %v, want %v", out.Status, out.Failure, c.status)
			}
			if c.status == Invalid && out.Failure.Check != "signature" {
				t.Errorf("failure %v, want signature", out.Failure)
			}
			switch {
			case c.detail == "" && len(out.Incidents) != 0:
				t.Errorf("incidents %v", out.Incidents)
			case c.detail != "" && (len(out.Incidents) != 1 || out.Incidents[0].Field != "arkforge_pubkey" || !strings.Contains(out.Incidents[0].Detail, c.detail)):
				t.Errorf("incidents %v, want one on arkforge_pubkey with %q", out.Incidents, c.detail)
			}
		})
	}
}

// TestNoSignature: a view that serves no arkforge_signature (null) fails
// the signature check.
func TestNoSignature(t *testing.T) {
	w := newWorld(t)
	p := w.batch(t, 2, inSeason, prooftest.Anchoring{}, nil)[0]
	m := viewJSON(t, p)
	m["arkforge_signature"] = nil
	d := p.Disclosure()
	out := New(w.material, w.entries()).Verify(parse(t, m), Options{Window: season, Disclosure: &d, DID: did})
	if out.Status != Invalid || out.Failure == nil || out.Failure.Check != "signature" || !strings.Contains(out.Failure.Detail, "no arkforge_signature") {
		t.Errorf("%v %v", out.Status, out.Failure)
	}
}

// TestLogPointerIncidents: a transparency_log whose log_index or
// integrated_time is not the entry's own (which the log signs) is a Trust
// Layer incident; the entry verifies, and the status is unchanged.
func TestLogPointerIncidents(t *testing.T) {
	w := newWorld(t)
	p := w.batch(t, 2, inSeason, prooftest.Anchoring{}, nil)[0]
	m := viewJSON(t, p)
	tl := m["transparency_log"].(map[string]any)
	tl["log_index"] = p.Rekor.LogIndex + 1000
	tl["integrated_time"] = p.Rekor.IntegratedTime - 60
	d := p.Disclosure()
	out := New(w.material, w.entries()).Verify(parse(t, m), Options{Window: season, Disclosure: &d, DID: did})
	if out.Status != Valid {
		t.Fatalf("%v %v", out.Status, out.Failure)
	}
	if len(out.Incidents) != 2 || out.Incidents[0].Field != "transparency_log.log_index" || out.Incidents[1].Field != "transparency_log.integrated_time" {
		t.Fatalf("incidents %v", out.Incidents)
	}
	if !strings.Contains(out.Incidents[0].String(), "has logIndex") {
		t.Errorf("%s", out.Incidents[0])
	}
	// As served, no incident.
	if out := New(w.material, w.entries()).Verify(parse(t, viewJSON(t, p)), Options{Window: season, Disclosure: &d, DID: did}); len(out.Incidents) != 0 {
		t.Errorf("incidents on the honest view: %v", out.Incidents)
	}
}

// TestFlatNullIsNotServed: v1.7 serves an absent or false party field as
// null: a null flat field is not compared with the opened value.
func TestFlatNullIsNotServed(t *testing.T) {
	w := newWorld(t)
	p := w.batch(t, 2, inSeason, prooftest.Anchoring{}, func(c *prooftest.Call) { c.Unverified = true })[0]
	m := viewJSON(t, p)
	if m["agent_identity_verified"] != nil {
		t.Fatalf("the issuer serves agent_identity_verified %v for an unverified identity, v1.7 serves null", m["agent_identity_verified"])
	}
	d := p.Disclosure()
	out := New(w.material, w.entries()).Verify(parse(t, m), Options{Window: season, Disclosure: &d, DID: did})
	if out.Status != Unbound || len(out.Incidents) != 0 {
		t.Errorf("%v %v, incidents %v", out.Status, out.Failure, out.Incidents)
	}
	m["agent_identity_verified"] = true
	out = New(w.material, w.entries()).Verify(parse(t, m), Options{Window: season, Disclosure: &d, DID: did})
	if len(out.Incidents) != 1 || out.Incidents[0].Field != "agent_identity_verified" {
		t.Errorf("a flat true against an opened false: incidents %v", out.Incidents)
	}
}
