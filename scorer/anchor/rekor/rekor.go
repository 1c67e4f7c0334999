package rekor

import (
	"crypto/ecdsa"
	"time"

	"github.com/sigstore/sigstore-go/pkg/root"
)

// MaxEntrySize bounds the TransparencyLogEntry JSON that Verify reads. A
// Rekor v1 hashedrekord entry is a few kilobytes; the bound leaves room
// for witness cosignatures on the checkpoint.
const MaxEntrySize = 256 << 10

// Result is what a verified entry establishes.
type Result struct {
	UUID           string    // the entry's uuid, when it was read from the Rekor API (VerifyAPIEntry)
	LogIndex       int64     // the entry's index in the log, as the SET signs it
	LeafIndex      int64     // inclusionProof.logIndex: the leaf's index in its shard's tree
	IntegratedTime time.Time // when the log integrated the entry, UTC, as the SET signs it
	LogID          string    // the log ID, lowercase hex: the key of the pinned log
	Origin         string    // the checkpoint's origin, "<host> - <tree id>"
	TreeSize       int64     // the size of the tree the proof and checkpoint are for
	RootHash       string    // its root hash, lowercase hex
}

var checks = []string{
	"rekor.api.size",
	"rekor.api.json",
	"rekor.api.uuid",
	"rekor.api.not_found",
	"rekor.api.missing",
	"rekor.api.encoding",
	"rekor.api.leaf",
	"rekor.entry.size",
	"rekor.entry.json",
	"rekor.entry.missing",
	"rekor.entry.kind",
	"rekor.body.decode",
	"rekor.body.kind",
	"rekor.body.canonical",
	"rekor.log.unknown",
	"rekor.log.pinned",
	"rekor.log.validity",
	"rekor.set.signature",
	"rekor.inclusion.index",
	"rekor.inclusion.path",
	"rekor.inclusion.root",
	"rekor.checkpoint.parse",
	"rekor.checkpoint.signature",
	"rekor.checkpoint.origin",
	"rekor.checkpoint.size",
	"rekor.checkpoint.root",
	"rekor.body.digest",
	"rekor.body.key",
	"rekor.body.signature",
}

// Checks returns the check codes VerifyAPIEntry and Verify can report (Verify
// starts at rekor.entry.size), in the order they run
// them (rekor.body.decode also covers the spec, read after rekor.body.kind).
func Checks() []string { return append([]string(nil), checks...) }

// Verify verifies entryJSON, a TransparencyLogEntry JSON, as the Rekor
// anchor of artifact: a hashedrekord entry signed by submitter, the pinned
// Trust Layer submission key, and logged by one of logs, the pinned Rekor
// logs keyed by hex log ID (root.TrustedRoot.RekorLogs), whose checkpoints
// are signed as origin, the checkpoint origin without its tree id (e.g.
// "rekor.sigstore.dev"; "" for the host of the log's baseUrl, which is the
// public-good log's). On failure
// the error is an *anchor.Failure naming the first failing check (see the
// package doc for the order); Verify never panics, whatever its input.
func Verify(entryJSON []byte, artifact []byte, submitter *ecdsa.PublicKey, logs map[string]*root.TransparencyLog, origin string) (Result, error) {
	e, f := parseEnvelope(entryJSON)
	if f != nil {
		return Result{}, f
	}
	return verifyEntry(e, artifact, submitter, logs, origin)
}

// verifyEntry runs every check after the envelope's, in order.
func verifyEntry(e *entry, artifact []byte, submitter *ecdsa.PublicKey, logs map[string]*root.TransparencyLog, origin string) (Result, error) {
	if f := e.checkKind(); f != nil {
		return Result{}, f
	}
	log, f := findLog(e, logs, origin)
	if f != nil {
		return Result{}, f
	}
	if f := verifySET(e, log); f != nil {
		return Result{}, f
	}
	if f := verifyInclusion(e); f != nil {
		return Result{}, f
	}
	cp, f := verifyCheckpoint(e, log)
	if f != nil {
		return Result{}, f
	}
	if f := verifyBinding(e, artifact, submitter); f != nil {
		return Result{}, f
	}
	return Result{
		LogIndex:       e.tle.GetLogIndex(),
		LeafIndex:      e.proof.GetLogIndex(),
		IntegratedTime: e.integratedTime(),
		LogID:          e.logID,
		Origin:         cp.origin,
		TreeSize:       e.proof.GetTreeSize(),
		RootHash:       hexString(e.proof.GetRootHash()),
	}, nil
}
