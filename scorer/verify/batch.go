package verify

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"math/bits"
	"time"

	"github.com/transparency-dev/merkle/proof"
	"github.com/transparency-dev/merkle/rfc6962"

	"github.com/ark-forge/proveit/scorer/anchor"
	"github.com/ark-forge/proveit/scorer/anchor/rekor"
	pv "github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/trust"
)

// checkInclusion verifies the RFC 6962 §2.1.1 inclusion of the raw chain
// hash in the batch: the audit path must have exactly the length that
// leaf_index and tree_size imply (§4.1: « longueur de chemin attendue »)
// and lead to the batch root. Neither number is anchored, and another
// position with a path of the same shape leads to the same root: what
// verifies is that the proof is included in the batch, never that it is
// leaf i of n, and the report says only that.
func checkInclusion(r *report, view *pv.View) {
	leaf, err := hex.DecodeString(view.Chain)
	if err != nil {
		r.fail(anchor.Failf("inclusion", "hashes.chain is not hex"), "inclusion")
		return
	}
	b := view.Batch
	if b.LeafIndex >= b.TreeSize {
		r.fail(anchor.Failf("inclusion", "the view's leaf_index %d is not below its tree_size %d", b.LeafIndex, b.TreeSize), "inclusion")
		return
	}
	if got, want := len(b.InclusionPath), pathLength(b.LeafIndex, b.TreeSize); got != want {
		r.fail(anchor.Failf("inclusion", "an inclusion path of %s, where the view's leaf_index %d and tree_size %d imply %d", count(got, "hash", "hashes"), b.LeafIndex, b.TreeSize, want), "inclusion")
		return
	}
	got, err := proof.RootFromInclusionProof(rfc6962.DefaultHasher, b.LeafIndex, b.TreeSize, rfc6962.DefaultHasher.HashLeaf(leaf), b.InclusionPath)
	if err != nil {
		r.fail(anchor.Failf("inclusion", "%v", err), "inclusion")
		return
	}
	if !bytes.Equal(got, b.Root) {
		r.fail(anchor.Failf("inclusion", "the chain %s at the view's leaf_index %d of tree_size %d and its inclusion path of %s lead to %x, not to the batch root %s", view.Chain, b.LeafIndex, b.TreeSize, count(len(b.InclusionPath), "hash", "hashes"), got, b.RootHex), "inclusion")
		return
	}
	r.ok("inclusion", "included in the batch: the chain and an inclusion path of %s, the length leaf_index and tree_size imply, lead to root %s (the position is not anchored)", count(len(b.InclusionPath), "hash", "hashes"), b.RootHex)
}

// count writes n with the singular or plural noun.
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// pathLength is the length of PATH(m, D[n]) of RFC 6962 §2.1.1, the audit
// path of leaf index m in a tree of n leaves, for m < n: one hash per level
// below the point where the paths of m and n-1 part, plus one per right
// border subtree above it.
func pathLength(m, n uint64) int {
	inner := bits.Len64(m ^ (n - 1))
	return inner + bits.OnesCount64(m>>uint(inner))
}

// checkAnchors reports the batch's RFC 3161 token and Rekor entry, verified
// once per batch by anchors, and whether the token's genTime, the time that
// counts (§4.1 condition 1), is inside window.
func checkAnchors(r *report, view *pv.View, ba *batchResult, window trust.Window) {
	if ba.tsaErr != nil {
		r.fail(ba.tsaErr, "rfc3161")
	} else {
		r.out.GenTime = ba.genTime
		r.ok("rfc3161", "token of %s, genTime %s, signer %s", ba.tsa.TSA, ba.genTime.UTC().Format(time.RFC3339), ba.tsa.SignerSHA256)
	}
	switch {
	case ba.notFetched != nil:
		r.out.Checks = append(r.out.Checks, Check{Name: "rekor", Result: "not_fetched", Detail: ba.notFetched.Error()})
	case ba.logErr != nil:
		r.fail(ba.logErr, "rekor")
	default:
		r.ok("rekor", "entry %s, index %d of log %s, signed with pinned key %s", ba.log.UUID, ba.log.LogIndex, ba.log.LogID, ba.rekorID)
		checkLogPointer(r, view, ba.log)
	}
	switch {
	case ba.tsaErr != nil:
		r.skip("season_window", "no anchored time")
	case window == (trust.Window{}):
		r.skip("season_window", "no season window given")
	case !window.Contains(ba.genTime):
		r.fail(anchor.Failf("season_window", "genTime %s is outside the season %s", ba.genTime.UTC().Format(time.RFC3339), window), "season_window")
	default:
		r.ok("season_window", "genTime %s within %s", ba.genTime.UTC().Format(time.RFC3339), window)
	}
}

// checkLogPointer compares what the view's transparency_log says of the
// entry with what the entry itself, signed by the log, says: they are
// Trust Layer incidents when they differ, never a failure (the entry is
// what is verified; the view's copy of its index and time is not
// committed).
func checkLogPointer(r *report, view *pv.View, log rekor.Result) {
	tl := view.TransparencyLog
	if tl.LogIndex != nil && *tl.LogIndex != log.LogIndex {
		r.incident(view, "transparency_log.log_index", "transparency_log.log_index is %d, the Rekor entry %s it names has logIndex %d, signed by the log", *tl.LogIndex, log.UUID, log.LogIndex)
	}
	if tl.IntegratedTime != nil && *tl.IntegratedTime != log.IntegratedTime.Unix() {
		r.incident(view, "transparency_log.integrated_time", "transparency_log.integrated_time is %d, the Rekor entry %s it names has integratedTime %d, signed by the log", *tl.IntegratedTime, log.UUID, log.IntegratedTime.Unix())
	}
}
