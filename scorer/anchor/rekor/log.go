package rekor

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/cyberphone/json-canonicalization/go/src/webpki.org/jsoncanonicalizer"
	"github.com/sigstore/sigstore-go/pkg/root"
	"github.com/transparency-dev/merkle/proof"
	"github.com/transparency-dev/merkle/rfc6962"

	"github.com/ark-forge/proveit/scorer/anchor"
)

// pinnedLog is a pinned Rekor log, checked usable.
type pinnedLog struct {
	*root.TransparencyLog
	key *ecdsa.PublicKey
	// origin is the checkpoint origin without its tree id (the Rekor v1
	// server's hostname), the name its checkpoints are signed with: the
	// pinned one, or the host of BaseURL when none is pinned.
	origin string
}

// findLog runs rekor.log.unknown, .pinned and .validity.
func findLog(e *entry, logs map[string]*root.TransparencyLog, origin string) (*pinnedLog, *anchor.Failure) {
	tl := logs[e.logID]
	if tl == nil {
		pinned := make([]string, 0, len(logs))
		for id := range logs {
			pinned = append(pinned, id)
		}
		slices.Sort(pinned)
		return nil, anchor.Failf("rekor.log.unknown", "logId.keyId %s names no pinned log (pinned: %s)", e.logID, orNone(pinned))
	}
	key, ok := tl.PublicKey.(*ecdsa.PublicKey)
	if !ok || key == nil {
		return nil, anchor.Failf("rekor.log.pinned", "pinned log %s has a key of type %T, want ECDSA P-256", e.logID, tl.PublicKey)
	}
	if key.Curve != elliptic.P256() {
		return nil, anchor.Failf("rekor.log.pinned", "pinned log %s has an ECDSA key on %s, want P-256", e.logID, curveName(key.Curve))
	}
	if tl.HashFunc != crypto.SHA256 {
		return nil, anchor.Failf("rekor.log.pinned", "pinned log %s hashes its tree with %v, want SHA-256", e.logID, tl.HashFunc)
	}
	host := ""
	if u, err := url.Parse(tl.BaseURL); err == nil {
		host = u.Hostname()
	}
	if host == "" {
		return nil, anchor.Failf("rekor.log.pinned", "pinned log %s has baseUrl %q, which names no host", e.logID, truncate(tl.BaseURL))
	}
	if origin == "" {
		origin = host
	}
	t := e.integratedTime()
	start, end := tl.ValidityPeriodStart, tl.ValidityPeriodEnd
	switch {
	case start.IsZero():
		return nil, anchor.Failf("rekor.log.validity", "pinned log %s has no validity start", e.logID)
	case t.Before(start) || (!end.IsZero() && t.After(end)):
		return nil, anchor.Failf("rekor.log.validity", "integratedTime %s is outside the validity of pinned log %s [%s, %s]",
			rfc3339(t), e.logID, rfc3339(start), endOrOpen(end))
	}
	return &pinnedLog{TransparencyLog: tl, key: key, origin: origin}, nil
}

// setPayload is what the Rekor v1 server signs as an entry's SET, before
// RFC 8785 canonicalization (rekor pkg/api/entries.go, signEntry, over a
// models.LogEntryAnon without verification; sigstore-go pkg/tlog
// RekorPayload).
type setPayload struct {
	Body           string `json:"body"` // base64 of the canonicalized body
	IntegratedTime int64  `json:"integratedTime"`
	LogIndex       int64  `json:"logIndex"`
	LogID          string `json:"logID"` // hex
}

// verifySET runs rekor.set.signature.
func verifySET(e *entry, log *pinnedLog) *anchor.Failure {
	body := e.tle.GetCanonicalizedBody()
	p := setPayload{
		Body:           base64.StdEncoding.EncodeToString(body),
		IntegratedTime: e.tle.GetIntegratedTime(),
		LogIndex:       e.tle.GetLogIndex(),
		LogID:          e.logID,
	}
	fail := func() *anchor.Failure {
		return anchor.Failf("rekor.set.signature", "signedEntryTimestamp does not verify with pinned log %s over {logIndex %d, integratedTime %d, logID %s, body sha256 %s}",
			e.logID, p.LogIndex, p.IntegratedTime, p.LogID, sha256Hex(body))
	}
	raw, err := json.Marshal(p)
	if err != nil {
		return fail()
	}
	canonical, err := jsoncanonicalizer.Transform(raw)
	if err != nil {
		return fail()
	}
	digest := sha256.Sum256(canonical)
	if !ecdsa.VerifyASN1(log.key, digest[:], e.tle.GetInclusionPromise().GetSignedEntryTimestamp()) {
		return fail()
	}
	return nil
}

// verifyInclusion runs rekor.inclusion.index, .path and .root: RFC 6962
// §2.1.1 with merkle's proof.VerifyInclusion, which also refuses a path of
// any length but the one the index and size imply.
func verifyInclusion(e *entry) *anchor.Failure {
	index, size := e.proof.GetLogIndex(), e.proof.GetTreeSize()
	if index < 0 || size <= 0 || index >= size {
		return anchor.Failf("rekor.inclusion.index", "inclusionProof.logIndex %d is outside a tree of inclusionProof.treeSize %d", index, size)
	}
	hashes := e.proof.GetHashes()
	for i, h := range hashes {
		if len(h) != sha256.Size {
			return anchor.Failf("rekor.inclusion.path", "inclusionProof.hashes[%d] is %d bytes, want %d", i, len(h), sha256.Size)
		}
	}
	leaf := rfc6962.DefaultHasher.HashLeaf(e.tle.GetCanonicalizedBody())
	err := proof.VerifyInclusion(rfc6962.DefaultHasher, uint64(index), uint64(size), leaf, hashes, e.proof.GetRootHash())
	var mismatch proof.RootMismatchError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &mismatch):
		return anchor.Failf("rekor.inclusion.root", "the path of %d hashes from leaf %d (leaf hash %s) in a tree of %d computes root %s, inclusionProof.rootHash is %s",
			len(hashes), index, hexString(leaf), size, hexString(mismatch.CalculatedRoot), hexString(e.proof.GetRootHash()))
	default:
		// merkle's other errors are about the path's length, e.g. "wrong
		// proof size 9, want 10": fixed text and numbers.
		return anchor.Failf("rekor.inclusion.path", "inclusionProof.hashes for leaf %d in a tree of %d: %v", index, size, err)
	}
}

func curveName(c elliptic.Curve) string {
	if c == nil || c.Params() == nil {
		return "no curve"
	}
	return c.Params().Name
}

func sha256Hex(b []byte) string {
	h := sha256.Sum256(b)
	return hexString(h[:])
}

func rfc3339(t time.Time) string { return t.UTC().Format(time.RFC3339) }

func endOrOpen(t time.Time) string {
	if t.IsZero() {
		return "no end"
	}
	return rfc3339(t)
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, ", ")
}
