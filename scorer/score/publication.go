package score

import (
	"fmt"
	"time"

	"github.com/ark-forge/proveit/scorer/hashes"
	"github.com/ark-forge/proveit/scorer/publication"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/submission"
	"github.com/ark-forge/proveit/scorer/trust"
	"github.com/ark-forge/proveit/scorer/verify"
)

// PublicationResult is a season's anchored publication, verified.
type PublicationResult struct {
	ProofID     string
	GenTime     time.Time // the anchoring, the token's genTime
	PublishedAt time.Time // the snapshots' published_at
	// Digest is the SHA-256, in hex, of the anchored payload's canonical
	// JSON: what proveit publish printed for the maintainers to anchor.
	Digest string
	// SumsSHA256 is the SHA-256 of published/SHA256SUMS, as anchored.
	SumsSHA256 string
}

// PublicationError is an anchored publication that does not verify
// (README, « Publishing and contesting »): the build refuses the season and names the file or field
// that differs, with the anchored and the computed value, as PreregError
// does for a freeze.
type PublicationError struct {
	Season   int
	ProofID  string
	What     string // "proof", "anchoring time", "request_hash", "season", "closes_at", "published_at", "tracks", "snapshots", "sha256sums", or a file of the season
	Anchored string
	Computed string
	Detail   string
}

func (e *PublicationError) Error() string {
	if e.Anchored != "" || e.Computed != "" {
		return fmt.Sprintf("season %d: publication %s: %s differs: the publication anchors %s, the files give %s%s — the season is not built (README, « Publishing and contesting »)", e.Season, e.ProofID, e.What, e.Anchored, e.Computed, suffix(e.Detail))
	}
	return fmt.Sprintf("season %d: publication %s: %s: %s — the season is not built (README, « Publishing and contesting »)", e.Season, e.ProofID, e.What, e.Detail)
}

// CheckPublication verifies the season's anchored publication, if it has
// one (nil, nil otherwise), as CheckPreregistration verifies a freeze: its
// proof view is cached, valid and bound to the challenge's own DID; its
// genTime is not before the snapshots' published_at nor the close; its
// opened request hash is the hash of the recorded call; the payload's
// season, closes_at, published_at and tracks are the season's; each
// snapshot's SHA-256 and that of published/SHA256SUMS are the anchored
// ones; every file SHA256SUMS lists still has its SHA-256, and a file it
// does not list is one allowed to appear after publication
// (publication.CompareSums). Any difference is a *PublicationError.
func (sc *Scorer) CheckPublication() (*PublicationResult, error) {
	s := sc.season
	p := s.Publication
	if p == nil {
		return nil, nil
	}
	fail := func(what, anchored, computed, detail string) error {
		return &PublicationError{Season: s.Number, ProofID: p.ProofID, What: what, Anchored: anchored, Computed: computed, Detail: detail}
	}
	if !s.Cached(p.ProofID) {
		return nil, fail("proof", "", "", fmt.Sprintf("proofs/%s.json is not in the cache: run proveit fetch", p.ProofID))
	}
	d := submission.Disclosure{RequestHash: p.RequestHash, ResponseHash: p.ResponseHash}
	o := sc.verifyProof(p.ProofID, d, sc.season.ChallengeDID, trust.Window{})
	switch {
	case o.notFound:
		return nil, fail("proof", "", "", "the Trust Layer answered 404: the publication was not anchored")
	case o.parseErr != nil:
		return nil, fail("proof", "", "", o.parseErr.Error())
	case o.out.NotFetched != nil:
		return nil, &AnchorNotFetchedError{Track: "season.toml [publication]", ProofID: p.ProofID, Err: o.out.NotFetched}
	case o.out.Status != verify.Valid:
		return nil, fail("proof", "", "", fmt.Sprintf("%s: %v", o.out.Status, o.out.Failure))
	}
	// Every snapshot carries the same published_at, the one anchored.
	var publishedAt time.Time
	snapshots := map[string]string{}
	for _, t := range s.TrackNames {
		snap := s.Published(t)
		if snap == nil {
			continue
		}
		at := snap.PublishedAtTime()
		if !publishedAt.IsZero() && !at.Equal(publishedAt) {
			return nil, fail(publication.SnapshotFile(t), "", "", fmt.Sprintf("published_at %s differs from the other snapshots' %s: one publication has one date", snap.PublishedAt, publishedAt.UTC().Format(time.RFC3339)))
		}
		publishedAt = at
		snapshots[t] = snap.SHA256
	}
	for _, bound := range []struct {
		name string
		t    time.Time
	}{{"published_at", publishedAt}, {"closes_at", s.ClosesAt}} {
		if o.out.GenTime.Before(bound.t) {
			return nil, fail("anchoring time", bound.t.UTC().Format(time.RFC3339), o.out.GenTime.UTC().Format(time.RFC3339),
				"the publication must be anchored after it is made: anchored is the "+bound.name+", computed the token's genTime")
		}
	}
	if want := hashes.RequestHash(p.Target, p.Method, p.Payload); o.out.RequestHash != want {
		return nil, fail("request_hash", o.out.RequestHash, want, fmt.Sprintf("the opened request hash against the hash of %s %s with the payload of season.toml's [publication]", p.Method, p.Target))
	}
	if want := publication.Target(s.Number); p.Target != want || p.Method != "POST" {
		return nil, fail("target", p.Method+" "+p.Target, "POST "+want, "the publication is anchored on the season's own publication URL")
	}
	sumsSHA := hashes.SHA256Hex(s.SumsRaw)
	want := publication.Payload(s.Number, s.ClosesAt, publishedAt, s.TrackNames, sumsSHA, snapshots)
	if p.Payload.Kind() != pyjson.Object {
		return nil, fail("payload", "", "", "the anchored payload is not a JSON object")
	}
	for _, m := range p.Payload.Members() {
		if _, ok := want.Lookup(m.Key); !ok {
			return nil, fail("payload", "", "", fmt.Sprintf("unknown key %s, want only closes_at, published_at, season, sha256sums, snapshots, tracks", quote(m.Key)))
		}
	}
	for _, k := range []string{"season", "closes_at", "published_at", "tracks"} {
		w, _ := want.Lookup(k)
		got, ok := p.Payload.Lookup(k)
		if !ok {
			return nil, fail(k, "", "", "the anchored payload has no "+k)
		}
		if g, c := string(pyjson.Canonical(got)), string(pyjson.Canonical(w)); g != c {
			return nil, fail(k, g, c, "the anchored payload's "+k+" against season.toml and the snapshots")
		}
	}
	gotSnaps, ok := p.Payload.Lookup("snapshots")
	if !ok || gotSnaps.Kind() != pyjson.Object {
		return nil, fail("snapshots", "", "", "the anchored payload has no object snapshots")
	}
	for _, m := range gotSnaps.Members() {
		if _, ok := snapshots[m.Key]; !ok {
			return nil, fail("snapshots", quote(m.Key), "", "the anchored payload names a snapshot the season does not have")
		}
	}
	for _, t := range s.TrackNames {
		computed, published := snapshots[t]
		if !published {
			continue
		}
		v, ok := gotSnaps.Lookup(t)
		if !ok || v.Kind() != pyjson.String {
			return nil, fail(publication.SnapshotFile(t), "", computed, "the anchored payload has no snapshot hash for track "+t)
		}
		if v.Str() != computed {
			return nil, fail(publication.SnapshotFile(t), v.Str(), computed, "SHA-256 of the snapshot")
		}
	}
	if v, ok := p.Payload.Lookup("sha256sums"); !ok || v.Kind() != pyjson.String || v.Str() != sumsSHA {
		anchored := ""
		if ok {
			anchored = string(pyjson.Canonical(v))
		}
		return nil, fail(publication.SumsFile, anchored, sumsSHA, "SHA-256 of "+publication.SumsFile)
	}
	m, err := publication.CompareSums(s.Dir, s.Sums)
	if err != nil {
		return nil, fmt.Errorf("season %d: publication %s: listing the files: %w", s.Number, p.ProofID, err)
	}
	if m != nil {
		return nil, fail(m.Path, m.Listed, m.Found, m.Detail)
	}
	return &PublicationResult{ProofID: p.ProofID, GenTime: o.out.GenTime, PublishedAt: publishedAt, Digest: publication.Digest(p.Payload), SumsSHA256: sumsSHA}, nil
}
