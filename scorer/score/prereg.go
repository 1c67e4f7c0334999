package score

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/ark-forge/proveit/internal/bilingual"
	"github.com/ark-forge/proveit/scorer/hashes"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/season"
	"github.com/ark-forge/proveit/scorer/submission"
	"github.com/ark-forge/proveit/scorer/trust"
	"github.com/ark-forge/proveit/scorer/verify"
)

// FreezeResult is one freeze of the track's history (§8), verified.
type FreezeResult struct {
	Bareme       string
	ProofID      string
	GenTime      time.Time
	SupersededBy string
	Reason       bilingual.Text // why it was superseded; zero for the current freeze
	Payload      pyjson.Value
	Current      bool
}

// PreregError is a pre-registration that does not verify (§8.5): the
// build refuses to score the track and names the hash that differs, with
// both values.
type PreregError struct {
	Track    string
	ProofID  string
	What     string // "bareme_sha256", "manifest_sha256", "key_commitment", "request_hash", "proof", ...
	Anchored string
	Computed string
	Detail   string
}

func (e *PreregError) Error() string {
	if e.Anchored != "" || e.Computed != "" {
		return fmt.Sprintf("%s: pre-registration %s: %s differs: the freeze anchors %s, the files give %s%s — the track is not scored (§8.5)", e.Track, e.ProofID, e.What, e.Anchored, e.Computed, suffix(e.Detail))
	}
	return fmt.Sprintf("%s: pre-registration %s: %s: %s — the track is not scored (§8.5)", e.Track, e.ProofID, e.What, e.Detail)
}

func suffix(s string) string {
	if s == "" {
		return ""
	}
	return " (" + s + ")"
}

// KeyCommitment is sha256(salt ‖ key.json) in hex (§8 step 2).
func KeyCommitment(salt, key []byte) string {
	h := sha256.New()
	h.Write(salt)
	h.Write(key)
	return hex.EncodeToString(h.Sum(nil))
}

// CheckPreregistration verifies every freeze of a track (§8.5): its proof
// verifies as in condition 1 and is bound to the challenge's own DID, it
// was anchored before the season opened, its opened request hash is the
// hash of the anchored call, and — for the current freeze — the anchored
// payload's barème hash, manifest hash and key commitment are those of the
// files. Any mismatch is a *PreregError.
func (sc *Scorer) CheckPreregistration(t *season.Track) ([]FreezeResult, error) {
	var out []FreezeResult
	for _, f := range t.Preregistration.Freezes {
		fail := func(what, anchored, computed, detail string) error {
			return &PreregError{Track: t.Name, ProofID: f.ProofID, What: what, Anchored: anchored, Computed: computed, Detail: detail}
		}
		if !sc.season.Cached(f.ProofID) {
			return nil, fail("proof", "", "", fmt.Sprintf("proofs/%s.json is not in the cache: run proveit fetch", f.ProofID))
		}
		d := submission.Disclosure{RequestHash: f.RequestHash, ResponseHash: f.ResponseHash}
		o := sc.verifyProof(f.ProofID, d, sc.season.ChallengeDID, trust.Window{})
		switch {
		case o.notFound:
			return nil, fail("proof", "", "", "the Trust Layer answered 404: the freeze does not exist")
		case o.parseErr != nil:
			return nil, fail("proof", "", "", o.parseErr.Error())
		case o.out.NotFetched != nil:
			return nil, &AnchorNotFetchedError{Track: t.Name, ProofID: f.ProofID, Err: o.out.NotFetched}
		case o.out.Status != verify.Valid:
			return nil, fail("proof", "", "", fmt.Sprintf("%s: %v", o.out.Status, o.out.Failure))
		}
		if !o.out.GenTime.Before(sc.season.OpensAt) {
			return nil, fail("anchoring time", sc.season.OpensAt.UTC().Format(time.RFC3339), o.out.GenTime.UTC().Format(time.RFC3339),
				"the freeze must be anchored before the season opens; anchored is the opening, computed the token's genTime")
		}
		if want := hashes.RequestHash(f.Target, f.Method, f.Payload); o.out.RequestHash != want {
			return nil, fail("request_hash", o.out.RequestHash, want, fmt.Sprintf("the opened request hash against the hash of %s %s with the payload of preregistration.toml", f.Method, f.Target))
		}
		fr := FreezeResult{Bareme: f.Bareme, ProofID: f.ProofID, GenTime: o.out.GenTime, SupersededBy: f.SupersededBy, Reason: f.Reason, Payload: f.Payload, Current: f == t.Preregistration.Current}
		if fr.Current {
			if err := checkPayload(t, sc.season, f, fail); err != nil {
				return nil, err
			}
		}
		out = append(out, fr)
	}
	return out, nil
}

// checkPayload compares the current freeze's payload with the files.
func checkPayload(t *season.Track, s *season.Season, f *season.Freeze, fail func(what, anchored, computed, detail string) error) error {
	field := func(k string) (string, error) {
		v, ok := f.Payload.Lookup(k)
		if !ok || v.Kind() != pyjson.String {
			return "", fail(k, "", "", fmt.Sprintf("the anchored payload has no string %s", k))
		}
		return v.Str(), nil
	}
	if got, err := field("bareme"); err != nil {
		return err
	} else if got != t.Bareme {
		return fail("bareme", got, t.Bareme, "the barème version the freeze anchors against track.toml's")
	}
	if v, ok := f.Payload.Lookup("track"); ok && (v.Kind() != pyjson.String || v.Str() != t.Name) {
		return fail("track", string(pyjson.Canonical(v)), quote(t.Name), "")
	}
	if v, ok := f.Payload.Lookup("season"); ok && (v.Kind() != pyjson.Int || v.IntText() != fmt.Sprint(s.Number)) {
		return fail("season", string(pyjson.Canonical(v)), fmt.Sprint(s.Number), "")
	}
	checks := []struct{ key, computed, what string }{
		{"bareme_sha256", hashes.SHA256Hex(t.BaremeMD), "SHA-256 of " + t.Name + "/bareme.md"},
		{"manifest_sha256", hashes.SHA256Hex(t.Corpus.ManifestRaw), "SHA-256 of " + t.Name + "/corpus/manifest.json"},
		// The rules in data (bounds, graph, probative fields, verdict set,
		// distribution) decide every score: they are frozen with the
		// barème, or a silent change of track.toml would rescore the season
		// (§8: « un barème modifié en silence est l'échec complet »).
		{"track_sha256", hashes.SHA256Hex(t.TrackTOML), "SHA-256 of " + t.Name + "/track.toml"},
	}
	if t.Key != nil {
		checks = append(checks, struct{ key, computed, what string }{"key_commitment", KeyCommitment(t.Key.Salt, t.Key.JSON), "sha256(key.salt ‖ key.json) of " + t.Name})
	}
	for _, c := range checks {
		anchored, err := field(c.key)
		if err != nil {
			return err
		}
		if anchored != c.computed {
			return fail(c.key, anchored, c.computed, c.what)
		}
	}
	return nil
}
