package verify

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io/fs"
	"math/bits"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/transparency-dev/merkle/proof"
	"github.com/transparency-dev/merkle/rfc6962"

	"github.com/ark-forge/proveit/scorer/anchor"
	"github.com/ark-forge/proveit/scorer/anchor/rekor"
	"github.com/ark-forge/proveit/scorer/anchor/rfc3161"
	pv "github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/trust"
)

// Verifier verifies proofs against one trust material and one source of
// Rekor entries.
type Verifier struct {
	trust   *trust.Material
	entries Entries

	mu      sync.Mutex
	batches map[anchorKey]*anchorResult
	runs    atomic.Int64 // anchor verifications run: one per anchorKey
}

// New returns a Verifier for m, reading the Rekor entries the views name
// from entries (nil: none is available). The Verifier keeps the results of
// the anchors it verifies: neither m nor entries may change afterwards.
func New(m *trust.Material, entries Entries) *Verifier {
	return &Verifier{trust: m, entries: entries, batches: map[anchorKey]*anchorResult{}}
}

// BatchesVerified returns how many distinct anchors were verified.
func (v *Verifier) BatchesVerified() int {
	v.mu.Lock()
	defer v.mu.Unlock()
	return len(v.batches)
}

// AnchorRuns returns how many times anchors were actually verified:
// BatchesVerified when each batch's were verified once, however many
// proofs share them.
func (v *Verifier) AnchorRuns() int { return int(v.runs.Load()) }

// anchors is what a view's anchors cover and what their verification
// found.
type anchors struct {
	pending  bool      // the batch is pending: nothing is anchored yet
	hash     pv.Digest // the anchored hash: the batch root, or the chain
	hashOK   bool
	included bool   // the chain's inclusion in the anchored batch verified
	what     string // "batch root" or "chain"
	why      string // without verified anchors (and not pending): why
	res      *anchorResult
}

// anchorKey is everything a view's anchors are verified from, beside the
// Verifier's trust and entries: the anchored hash, the token's text and
// the Rekor entry's uuid (and whether the view serves each). Views that
// differ in any of them are verified on their own; the batch id is not
// verified by the anchors and is not part of the key.
type anchorKey struct {
	hash           pv.Digest
	token, uuid    string
	hasTA, hasLog  bool
	taStatus, note string // what the view says instead of a token or an entry, for the details
}

type anchorResult struct {
	once       sync.Once
	genTime    time.Time
	tsa        rfc3161.Result
	log        rekor.Result
	tsaErr     *anchor.Failure
	logErr     *anchor.Failure
	rekorKID   string // the published Rekor key that verified the entry
	notFetched error  // the Rekor entry is not available
}

// anchorsOf finds what the view's anchors cover.
func (v *Verifier) anchorsOf(view *pv.View, chain pv.Digest, chainOK bool) anchors {
	a := anchors{what: "chain"}
	switch b := view.BatchAnchor; {
	case b == nil:
		a.hash, a.hashOK = chain, chainOK
		a.why = "hashes.chain is not a digest"
	case b.Status == pv.BatchPending:
		a.pending = true
		return a
	case b.Status != pv.BatchAnchored:
		a.why = fmt.Sprintf("batch_anchor.status %s is neither %q nor %q", quote(b.Status), pv.BatchPending, pv.BatchAnchored)
	default:
		a.what = "batch root"
		root, err := pv.ParseDigest(b.Root)
		if err != nil {
			a.why = "batch_anchor.root: " + err.Error()
			break
		}
		a.hash, a.hashOK = root, true
	}
	return a
}

// verifyAnchorsOf verifies, once per anchorKey, the anchors over a's hash:
// the chain of a proof anchored on its own, or the root of a batch the
// chain is included in. Anchors over a root the chain is not shown to be
// included in say nothing of this proof: they are not verified (as in the
// Trust Layer's own verifier).
func (v *Verifier) verifyAnchorsOf(view *pv.View, a *anchors) {
	if a.pending || !a.hashOK {
		return
	}
	if view.BatchAnchor != nil && !a.included {
		a.why = "the chain's inclusion in the batch did not verify: no anchored hash covers this proof"
		return
	}
	ta, tl := view.TimestampAuthority, view.TransparencyLog
	k := anchorKey{hash: a.hash, token: ta.TSRBase64, uuid: tl.UUID, hasTA: ta.Present, hasLog: tl.Present, taStatus: describeTSA(ta), note: describeLog(tl)}
	v.mu.Lock()
	r, ok := v.batches[k]
	if !ok {
		// The key outlives the view: its strings are copies, or a kept
		// substring would hold the view's whole text.
		k.token, k.uuid = strings.Clone(k.token), strings.Clone(k.uuid)
		r = &anchorResult{}
		v.batches[k] = r
	}
	v.mu.Unlock()
	r.once.Do(func() { v.verifyAnchors(r, k) })
	a.res = r
}

// verifyAnchors verifies the RFC 3161 token and the Rekor entry of k.
func (v *Verifier) verifyAnchors(r *anchorResult, k anchorKey) {
	v.runs.Add(1)
	switch {
	case k.token == "":
		r.tsaErr = anchor.Failf("rfc3161.absent", "the view carries no token: %s", k.taStatus)
	default:
		token, err := base64.StdEncoding.Strict().DecodeString(k.token)
		if err != nil {
			r.tsaErr = anchor.Failf("rfc3161.base64", "timestamp_authority.tsr_base64 is not standard base64: %v", err)
			break
		}
		res, err := rfc3161.Verify(token, k.hash[:], v.trust.Root.TimestampingAuthorities())
		if err != nil {
			r.tsaErr = asFailure(err, "rfc3161")
			break
		}
		r.tsa, r.genTime = res, res.GenTime
	}
	entry, f, err := v.entry(k)
	switch {
	case err != nil:
		r.notFetched = err
		return
	case f != nil:
		r.logErr = f
		return
	}
	keys := v.trust.RekorKeys
	when := "any date (no anchored time)"
	if r.tsaErr == nil {
		keys, when = v.trust.RekorKeysAt(r.genTime), r.genTime.UTC().Format(time.RFC3339)
	}
	r.logErr = anchor.Failf("rekor.key", "no published Rekor key is valid at %s", when)
	for _, key := range keys {
		res, err := rekor.VerifyAPIEntry(entry, k.uuid, []byte(k.hash.Hex()), key.Key, v.trust.Root.RekorLogs(), "")
		if err == nil {
			r.log, r.logErr, r.rekorKID = res, nil, key.KID
			return
		}
		r.logErr = asFailure(err, "rekor")
	}
}

// entry reads the Rekor entry k names: a failure when it names none, an
// error when Entries does not hold it. The status the view gives decides
// nothing: an entry it names is read and verified whatever it says.
func (v *Verifier) entry(k anchorKey) ([]byte, *anchor.Failure, error) {
	switch {
	case !k.hasLog || k.uuid == "":
		return nil, anchor.Failf("rekor.reference", "the view names no Rekor entry: %s", k.note), nil
	case !rekor.ValidUUID(k.uuid):
		return nil, anchor.Failf("rekor.reference", "transparency_log.uuid %s is not a Rekor entry uuid (%s)", quote(k.uuid), rekor.UUIDPattern), nil
	case v.entries == nil:
		return nil, nil, &NotFetchedError{UUID: k.uuid, Err: fmt.Errorf("no Rekor entry was given: %w", fs.ErrNotExist)}
	}
	data, err := v.entries.RekorEntry(k.uuid)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil, &NotFetchedError{UUID: k.uuid, Err: err}
	case err != nil:
		return nil, anchor.Failf("rekor.api.json", "the entry %s cannot be read: %v", k.uuid, err), nil
	}
	return data, nil, nil
}

// describeTSA says what a view serves instead of a token.
func describeTSA(ta pv.TimestampAuthority) string {
	if !ta.Present {
		return "timestamp_authority is null"
	}
	s := "timestamp_authority has status " + quote(ta.Status) + " and no tsr_base64"
	if ta.Error != "" {
		s += ", error " + quote(ta.Error)
	}
	return s
}

// describeLog says what a view serves instead of an entry's uuid.
func describeLog(tl pv.TransparencyLog) string {
	switch {
	case !tl.Present:
		return "transparency_log is null"
	case tl.Error != "":
		return "transparency_log has status " + quote(tl.Status) + ", error " + quote(tl.Error)
	case tl.Reason != "":
		return "transparency_log has status " + quote(tl.Status) + ", reason " + quote(tl.Reason)
	}
	return "transparency_log has status " + quote(tl.Status) + " and no uuid"
}

func asFailure(err error, prefix string) *anchor.Failure {
	if f, ok := err.(*anchor.Failure); ok {
		return f
	}
	return anchor.Failf(prefix, "%v", err)
}

// checkInclusion verifies the RFC 6962 §2.1.1 inclusion of the chain in
// the batch, with the three checks SPEC §2.2 makes mandatory: leaf_index
// below tree_size, an audit path of exactly the length they imply, and the
// walk to the root. Neither number is anchored, and another position with
// a path of the same shape reaches the same root: what verifies is that
// the proof is included in the batch, never that it is leaf i of n.
func checkInclusion(r *report, view *pv.View, chain pv.Digest, chainOK bool, a *anchors) {
	b := view.BatchAnchor
	switch {
	case b == nil:
		r.skip(CheckInclusion, "no batch_anchor: the proof was anchored on its own, and its anchors cover hashes.chain")
		return
	case a.pending:
		r.pending(CheckInclusion, "batch %s is pending: no root yet", batchName(b))
		return
	case b.Status != pv.BatchAnchored || !a.hashOK:
		r.failf(CheckInclusion, "%s", a.why)
		return
	case !chainOK:
		r.failf(CheckInclusion, "hashes.chain is not a digest: no leaf to walk from")
		return
	case b.LeafIndex >= b.TreeSize:
		r.failf(CheckInclusion, "leaf_index %d is not below tree_size %d", b.LeafIndex, b.TreeSize)
		return
	}
	if got, want := len(b.AuditPath), pathLength(b.LeafIndex, b.TreeSize); got != want {
		r.failf(CheckInclusion, "an audit path of %s, where leaf_index %d and tree_size %d imply exactly %d", count(got, "hash", "hashes"), b.LeafIndex, b.TreeSize, want)
		return
	}
	path := make([][]byte, len(b.AuditPath))
	for i, h := range b.AuditPath {
		d, err := pv.ParseHex32(h)
		if err != nil {
			r.failf(CheckInclusion, "batch_anchor.audit_path[%d]: %v", i, err)
			return
		}
		path[i] = d[:]
	}
	got, err := proof.RootFromInclusionProof(rfc6962.DefaultHasher, b.LeafIndex, b.TreeSize, rfc6962.DefaultHasher.HashLeaf(chain[:]), path)
	if err != nil {
		r.failf(CheckInclusion, "%v", err)
		return
	}
	if !bytes.Equal(got, a.hash[:]) {
		r.failf(CheckInclusion, "the chain %s, leaf_index %d of tree_size %d and the audit path of %s lead to %x, not to the batch root %s", chain.Hex(), b.LeafIndex, b.TreeSize, count(len(path), "hash", "hashes"), got, a.hash.Hex())
		return
	}
	a.included = true
	r.ok(CheckInclusion, "included in batch %s: the chain and an audit path of %s, the length leaf_index and tree_size imply, lead to the root %s (the position is not anchored)", batchName(b), count(len(path), "hash", "hashes"), a.hash.Hex())
}

func batchName(b *pv.BatchAnchor) string {
	if b.BatchID == "" {
		return "(unnamed)"
	}
	return b.BatchID
}

// pathLength is the length of PATH(m, D[n]) of RFC 6962 §2.1.1 for m < n:
// one hash per level below the point where the paths of m and n-1 part,
// plus one per right border subtree above it.
func pathLength(m, n uint64) int {
	inner := bits.Len64(m ^ (n - 1))
	return inner + bits.OnesCount64(m>>uint(inner))
}

// count writes n with the singular or plural noun.
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// checkAnchors reports the RFC 3161 token and the Rekor entry over the
// anchored hash, verified once per anchorKey, and whether the token's
// genTime lies in window.
func (v *Verifier) checkAnchors(r *report, view *pv.View, a anchors, window trust.Window) {
	if a.pending {
		b := batchName(view.BatchAnchor)
		r.pending(CheckRFC3161, "batch %s is pending: no token yet", b)
		r.pending(CheckRekor, "batch %s is pending: no Rekor entry yet", b)
		r.pending(CheckSeasonWindow, "batch %s is pending: no anchored time yet", b)
		return
	}
	checkMarkers(r, view)
	if a.res == nil {
		for _, name := range []string{CheckRFC3161, CheckRekor, CheckSeasonWindow} {
			r.skip(name, "no anchored hash to check: %s", a.why)
		}
		return
	}
	res := a.res
	if res.tsaErr != nil {
		r.fail(CheckRFC3161, res.tsaErr)
	} else {
		r.out.GenTime = res.genTime
		tsa := res.tsa.TSAURI
		if tsa == "" {
			tsa = res.tsa.TSA
		}
		r.ok(CheckRFC3161, "the token of the pinned TSA %s (signer certificate sha256 %s) stamps the %s %s at %s", tsa, res.tsa.SignerSHA256, a.what, a.hash.Hex(), res.genTime.UTC().Format(time.RFC3339))
	}
	switch {
	case res.notFetched != nil:
		r.out.NotFetched = res.notFetched
		r.skip(CheckRekor, "%v", res.notFetched)
	case res.logErr != nil:
		r.fail(CheckRekor, res.logErr)
	default:
		r.ok(CheckRekor, "entry %s, index %d of log %s, logs the %s %s, signed with published key %s", res.log.UUID, res.log.LogIndex, res.log.LogID, a.what, a.hash.Hex(), res.rekorKID)
		checkLogPointer(r, view, res.log)
	}
	switch {
	case res.tsaErr != nil:
		r.skip(CheckSeasonWindow, "no anchored time")
	case window == (trust.Window{}):
		r.skip(CheckSeasonWindow, "no season window given")
	case !window.Contains(res.genTime):
		r.failf(CheckSeasonWindow, "genTime %s is outside the season %s", res.genTime.UTC().Format(time.RFC3339), window)
	default:
		r.ok(CheckSeasonWindow, "genTime %s within %s", res.genTime.UTC().Format(time.RFC3339), window)
	}
}

// checkLogPointer compares what transparency_log says of the entry with
// what the entry, signed by the log, says: Trust Layer incidents when they
// differ, never a failure.
func checkLogPointer(r *report, view *pv.View, log rekor.Result) {
	tl := view.TransparencyLog
	if tl.LogIndex != nil && *tl.LogIndex != log.LogIndex {
		r.incident("transparency_log.log_index", "transparency_log.log_index is %d, the Rekor entry %s it names has logIndex %d, signed by the log", *tl.LogIndex, log.UUID, log.LogIndex)
	}
	if tl.IntegratedTime != nil && *tl.IntegratedTime != log.IntegratedTime.Unix() {
		r.incident("transparency_log.integrated_time", "transparency_log.integrated_time is %d, the Rekor entry %s it names has integratedTime %d, signed by the log", *tl.IntegratedTime, log.UUID, log.IntegratedTime.Unix())
	}
}

// checkMarkers reports an anchored marker that contradicts batch_anchor:
// "batch_root" on the anchors of a proof that is in no anchored batch, or
// any other marker on those of an anchored batch.
func checkMarkers(r *report, view *pv.View) {
	batch := view.BatchAnchor != nil && view.BatchAnchor.Status == pv.BatchAnchored
	for _, m := range []struct {
		field, value string
		present      bool
	}{
		{"timestamp_authority.anchored", view.TimestampAuthority.Anchored, view.TimestampAuthority.Present},
		{"transparency_log.anchored", view.TransparencyLog.Anchored, view.TransparencyLog.Present},
	} {
		switch {
		case !m.present:
		case batch && m.value != pv.AnchoredBatchRoot:
			r.incident(m.field, "%s is %s, the proof is in anchored batch %s whose anchors cover its root (%q)", m.field, quote(m.value), batchName(view.BatchAnchor), pv.AnchoredBatchRoot)
		case !batch && m.value == pv.AnchoredBatchRoot:
			r.incident(m.field, "%s is %q, the proof is in no anchored batch: its anchors cover hashes.chain", m.field, pv.AnchoredBatchRoot)
		}
	}
}
