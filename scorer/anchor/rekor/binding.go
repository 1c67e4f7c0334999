package rekor

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/sha256"
	"crypto/x509"

	"github.com/ark-forge/proveit/scorer/anchor"
)

// verifyBinding runs rekor.body.digest, .key and .signature: what ties the
// entry to this artefact and to the Trust Layer. sigstore-go's VerifySET
// and VerifyInclusion check none of it: they prove that the log holds the
// entry, not what the entry is about.
func verifyBinding(e *entry, artifact []byte, submitter *ecdsa.PublicKey) *anchor.Failure {
	digest := sha256.Sum256(artifact)
	if want := hexString(digest[:]); e.digest != want {
		return anchor.Failf("rekor.body.digest", "spec.data.hash.value %s, sha256 of the artefact (%d bytes) %s", e.digest, len(artifact), want)
	}
	// X and Y are deprecated, but MarshalPKIXPublicKey panics on a key
	// without its point: they are read only to refuse one.
	if submitter == nil || submitter.Curve == nil || submitter.X == nil || submitter.Y == nil {
		return anchor.Failf("rekor.body.key", "no pinned submitter key to compare the body's key (SPKI sha256 %s) with", sha256Hex(e.spki))
	}
	spki, err := x509.MarshalPKIXPublicKey(submitter)
	if err != nil {
		return anchor.Failf("rekor.body.key", "the pinned submitter key cannot be encoded as a SubjectPublicKeyInfo: %v", err)
	}
	if !bytes.Equal(spki, e.spki) {
		return anchor.Failf("rekor.body.key", "the body's public key (SPKI sha256 %s) is not the pinned submitter key (SPKI sha256 %s)", sha256Hex(e.spki), sha256Hex(spki))
	}
	if !ecdsa.VerifyASN1(submitter, digest[:], e.signature) {
		return anchor.Failf("rekor.body.signature", "spec.signature.content does not verify with the pinned submitter key (SPKI sha256 %s) over sha256 of the artefact %s",
			sha256Hex(spki), hexString(digest[:]))
	}
	return nil
}
