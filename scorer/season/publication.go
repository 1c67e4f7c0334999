package season

import (
	"fmt"
	"strings"

	"github.com/ark-forge/proveit/scorer/publication"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/submission"
)

// The anchored publication (docs/publishing.md): after proveit publish
// has written the snapshots and published/SHA256SUMS, the maintainers
// anchor, through the Trust Layer on the challenge's key, the payload
// publication.Payload, and record the anchored call in season.toml as a
// [publication] table, with exactly the fields of a freeze. Package score
// verifies it as it verifies a freeze (CheckPublication); this file loads
// it, and package publication holds its rules.

// AnchoredCall is a call anchored through the Trust Layer and recorded in
// a season file: its proof, the call (target, method, payload) and the
// openings of its request and response hashes.
type AnchoredCall struct {
	ProofID      string
	Target       string
	Method       string
	PayloadText  string       // the payload as written, JSON text
	Payload      pyjson.Value // PayloadText parsed strictly
	RequestHash  submission.Opening
	ResponseHash submission.Opening
}

// Publication is season.toml's [publication]: the anchored call that
// published the season's results (its payload names the SHA-256 of
// published/SHA256SUMS and of every snapshot).
type Publication = AnchoredCall

// publicationKeys are the keys of season.toml's [publication].
var publicationKeys = []string{
	"publication", "publication.proof_id", "publication.target", "publication.method", "publication.payload",
	"publication.request_hash", "publication.request_hash.nonce", "publication.request_hash.value",
	"publication.response_hash", "publication.response_hash.nonce", "publication.response_hash.value",
}

type publicationFile struct {
	ProofID      *string      `toml:"proof_id"`
	Target       *string      `toml:"target"`
	Method       *string      `toml:"method"`
	Payload      *string      `toml:"payload"`
	RequestHash  *openingFile `toml:"request_hash"`
	ResponseHash *openingFile `toml:"response_hash"`
}

// anchoredCall checks the fields of an anchored call at key at of rel:
// every one present and in its form.
func (l *loader) anchoredCall(rel, at string, f publicationFile) (*AnchoredCall, error) {
	switch {
	case f.ProofID == nil:
		return nil, l.missing(rel, at+".proof_id", "the anchored call's proof id")
	case f.Target == nil:
		return nil, l.missing(rel, at+".target", "the URL of the anchored call")
	case f.Method == nil:
		return nil, l.missing(rel, at+".method", "the method of the anchored call")
	case f.Payload == nil:
		return nil, l.missing(rel, at+".payload", "the anchored payload, as a string of JSON text")
	case f.RequestHash == nil:
		return nil, l.missing(rel, at+".request_hash", "{nonce, value}, 64 hex digits each")
	case f.ResponseHash == nil:
		return nil, l.missing(rel, at+".response_hash", "{nonce, value}, 64 hex digits each")
	}
	c := &AnchoredCall{ProofID: *f.ProofID, Target: *f.Target, Method: *f.Method, PayloadText: *f.Payload}
	if !submission.ValidProofID(c.ProofID) {
		return nil, l.errf(rel, at+".proof_id", "got %s, want a proof id matching %s", quote(c.ProofID), submission.ProofIDPattern)
	}
	if !strings.HasPrefix(c.Target, "https://") {
		return nil, l.errf(rel, at+".target", "got %s, want an https URL", quote(c.Target))
	}
	if c.Method != "GET" && c.Method != "POST" {
		return nil, l.errf(rel, at+".method", "got %s, want \"GET\" or \"POST\"", quote(c.Method))
	}
	v, err := pyjson.DecodeStrict([]byte(c.PayloadText))
	if err != nil {
		return nil, l.wrap(rel, at+".payload", fmt.Errorf("not strict JSON text: %w", err))
	}
	c.Payload = v
	for _, o := range []struct {
		key string
		src *openingFile
		dst *submission.Opening
	}{{"request_hash", f.RequestHash, &c.RequestHash}, {"response_hash", f.ResponseHash, &c.ResponseHash}} {
		for _, part := range []struct {
			key string
			src *string
			dst *string
		}{{"nonce", o.src.Nonce, &o.dst.Nonce}, {"value", o.src.Value, &o.dst.Value}} {
			key := at + "." + o.key + "." + part.key
			if part.src == nil {
				return nil, l.missing(rel, key, "64 lowercase hex digits")
			}
			if !submission.ValidHex64(*part.src) {
				return nil, l.errf(rel, key, "got %s, want 64 lowercase hex digits", quote(*part.src))
			}
			*part.dst = *part.src
		}
	}
	return c, nil
}

// loadSums reads published/SHA256SUMS, if present, into s.
func (l *loader) loadSums(s *Season) error {
	data, err := l.readFile(publication.SumsFile, publication.MaxSumsBytes)
	if err != nil {
		return err
	}
	sums, err := publication.ParseSums(data)
	if err != nil {
		return l.rule(err)
	}
	s.SumsRaw, s.Sums = data, sums
	return nil
}

// checkPublication ties [publication] to the rest of the season
// (publication.CheckPresence): only with the snapshots and SHA256SUMS it
// anchors.
func (l *loader) checkPublication(s *Season) error {
	return l.rule(publication.CheckPresence(s.Publication != nil, len(s.Snapshots), s.Sums != nil))
}
