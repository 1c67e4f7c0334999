package rekortest

import (
	"bytes"
	"context"
	"crypto"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"
	"time"

	"github.com/go-openapi/runtime"
	rekorv1 "github.com/sigstore/protobuf-specs/gen/pb-go/rekor/v1"
	"github.com/sigstore/rekor/pkg/generated/models"
	"github.com/sigstore/rekor/pkg/types"
	_ "github.com/sigstore/rekor/pkg/types/hashedrekord/v0.0.1" // registers hashedrekord 0.0.1 for types.UnmarshalEntry
	"github.com/sigstore/rekor/pkg/util"
	"github.com/sigstore/sigstore-go/pkg/root"
	"github.com/sigstore/sigstore-go/pkg/tlog"
	"github.com/sigstore/sigstore/pkg/signature"
	"github.com/transparency-dev/merkle/proof"
	"google.golang.org/protobuf/encoding/protojson"
)

var (
	t0   = time.Date(2026, 9, 20, 8, 0, 0, 0, time.UTC)
	seed = []byte("testrekor test seed")
)

// mint builds a log of n entries from seed: entry i is the artefact
// "artefact i", signed by the submitter key, integrated at t0 + i seconds.
func mint(t testing.TB, seed []byte, n int) *Log {
	t.Helper()
	l, err := New(seed, "", 1193050959916656506)
	if err != nil {
		t.Fatal(err)
	}
	sub, err := DeriveKey(seed, "submitter")
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		idx, err := l.AddHashedRekord(fmt.Appendf(nil, "artefact %d", i), sub, t0.Add(time.Duration(i)*time.Second))
		if err != nil {
			t.Fatal(err)
		}
		if idx != int64(i) {
			t.Fatalf("AddHashedRekord gave index %d, want %d", idx, i)
		}
	}
	return l
}

func TestDeterministic(t *testing.T) {
	a, b := mint(t, seed, 5), mint(t, seed, 5)
	for i := range int64(5) {
		ea, err := a.Entry(i)
		if err != nil {
			t.Fatal(err)
		}
		eb, err := b.Entry(i)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(ea, eb) {
			t.Errorf("entry %d differs between two logs minted alike:\n%s\n%s", i, ea, eb)
		}
	}
	ra, err := Marshal(TrustedRoot(a.TrustedRootEntry(t0, time.Time{})))
	if err != nil {
		t.Fatal(err)
	}
	rb, err := Marshal(TrustedRoot(b.TrustedRootEntry(t0, time.Time{})))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(ra, rb) {
		t.Errorf("trusted roots differ:\n%s\n%s", ra, rb)
	}

	// Pinned bytes: a change here changes every season minted with the
	// log, and must be deliberate.
	e, err := a.Entry(3)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprintf("%x", sha256.Sum256(e)); got != goldenEntrySHA256 {
		t.Errorf("sha256(Entry(3)) = %s, want %s; entry:\n%s", got, goldenEntrySHA256, e)
	}
	if got := fmt.Sprintf("%x", sha256.Sum256(ra)); got != goldenRootSHA256 {
		t.Errorf("sha256(trusted root) = %s, want %s; root:\n%s", got, goldenRootSHA256, ra)
	}

	other := mint(t, []byte("another seed"), 5)
	eo, err := other.Entry(3)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(e, eo) {
		t.Error("two seeds mint the same entry")
	}
}

// The SHA-256 of mint(t, seed, 5).Entry(3) and of its trusted root.
const (
	goldenEntrySHA256 = "40d1425be98a7bd6df9758819fc9de6955e2b216cfd22b21178ec6030362eadd"
	goldenRootSHA256  = "c14ac72e0ce1438f51922a15c14c16e440430843075645a362a96e04002ebc3c"
)

// TestBodyIsRekorCanonical checks the body byte for byte against the Rekor
// v1 server's own canonicalization of the same entry.
func TestBodyIsRekorCanonical(t *testing.T) {
	l := mint(t, seed, 1)
	tle, err := l.TransparencyLogEntry(0)
	if err != nil {
		t.Fatal(err)
	}
	pe, err := models.UnmarshalProposedEntry(bytes.NewReader(tle.CanonicalizedBody), runtime.JSONConsumer())
	if err != nil {
		t.Fatal(err)
	}
	impl, err := types.UnmarshalEntry(pe) // verifies the signature over the digest, too
	if err != nil {
		t.Fatal(err)
	}
	canonical, err := types.CanonicalizeEntry(context.Background(), impl)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(canonical, tle.CanonicalizedBody) {
		t.Errorf("body is not Rekor's canonical form:\n got %s\nwant %s", tle.CanonicalizedBody, canonical)
	}
	digest := sha256.Sum256([]byte("artefact 0"))
	if h, _ := impl.ArtifactHash(); h != "sha256:"+hex.EncodeToString(digest[:]) {
		t.Errorf("artifact hash %s, want sha256:%x", h, digest)
	}
}

// mth is RFC 6962 §2.1's MTH, computed naively: the reference the log's
// compact tree is checked against.
func mth(leaves [][]byte) []byte {
	switch n := len(leaves); n {
	case 0:
		return hasher.EmptyRoot()
	case 1:
		return hasher.HashLeaf(leaves[0])
	default:
		k := 1
		for k*2 < n {
			k *= 2
		}
		return hasher.HashChildren(mth(leaves[:k]), mth(leaves[k:]))
	}
}

func TestInclusionProofs(t *testing.T) {
	const n = 1030
	l := mint(t, seed, n)
	var bodies [][]byte
	for i := range int64(n) {
		tle, err := l.TransparencyLogEntry(i)
		if err != nil {
			t.Fatal(err)
		}
		bodies = append(bodies, tle.CanonicalizedBody)
	}
	want := mth(bodies)
	if got := l.RootHash(); !bytes.Equal(got, want) {
		t.Fatalf("root %x, RFC 6962 MTH %x", got, want)
	}
	for i := range int64(n) {
		tle, err := l.TransparencyLogEntry(i)
		if err != nil {
			t.Fatal(err)
		}
		ip := tle.InclusionProof
		if ip.TreeSize != n || ip.LogIndex != i || !bytes.Equal(ip.RootHash, want) {
			t.Fatalf("entry %d: proof for index %d in size %d root %x", i, ip.LogIndex, ip.TreeSize, ip.RootHash)
		}
		if err := proof.VerifyInclusion(hasher, uint64(i), n, hasher.HashLeaf(bodies[i]), ip.Hashes, want); err != nil {
			t.Fatalf("entry %d: %v", i, err)
		}
	}
	// A proof is for the tree as it is now: it follows the log as it grows.
	sub, err := DeriveKey(seed, "submitter")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.AddHashedRekord([]byte("one more"), sub, t0); err != nil {
		t.Fatal(err)
	}
	tle, err := l.TransparencyLogEntry(7)
	if err != nil {
		t.Fatal(err)
	}
	if tle.InclusionProof.TreeSize != n+1 {
		t.Errorf("tree size %d after one more entry, want %d", tle.InclusionProof.TreeSize, n+1)
	}
	if err := proof.VerifyInclusion(hasher, 7, n+1, hasher.HashLeaf(bodies[7]), tle.InclusionProof.Hashes, l.RootHash()); err != nil {
		t.Error(err)
	}
}

// TestSigstoreAccepts checks what the log mints against sigstore-go's and
// Rekor's own verifiers: the TrustedRoot loads, the SET, the inclusion
// proof and the checkpoint signature verify, and the checkpoint parses
// with the origin Rekor writes.
func TestSigstoreAccepts(t *testing.T) {
	l := mint(t, seed, 20)
	rootJSON, err := Marshal(TrustedRoot(l.TrustedRootEntry(t0.Add(-time.Hour), t0.Add(time.Hour))))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := root.NewTrustedRootFromJSON(rootJSON)
	if err != nil {
		t.Fatal(err)
	}
	logs := tr.RekorLogs()
	pinned, ok := logs[hex.EncodeToString(l.LogID())]
	if !ok || pinned.BaseURL != DefaultBaseURL || !pinned.ValidityPeriodStart.Equal(t0.Add(-time.Hour)) {
		t.Fatalf("trusted root pins %v, want the log %x", logs, l.LogID())
	}
	verifier, err := signature.LoadVerifier(l.PublicKey(), crypto.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range []int64{0, 13, 19} {
		js, err := l.Entry(i)
		if err != nil {
			t.Fatal(err)
		}
		var tle rekorv1.TransparencyLogEntry
		if err := protojson.Unmarshal(js, &tle); err != nil {
			t.Fatal(err)
		}
		e, err := tlog.ParseTransparencyLogEntry(&tle)
		if err != nil {
			t.Fatal(err)
		}
		if err := tlog.ValidateEntry(e); err != nil {
			t.Errorf("entry %d: ValidateEntry: %v", i, err)
		}
		if err := tlog.VerifySET(e, logs); err != nil {
			t.Errorf("entry %d: VerifySET: %v", i, err)
		}
		if err := tlog.VerifyInclusion(e, verifier); err != nil {
			t.Errorf("entry %d: VerifyInclusion: %v", i, err)
		}
		var sc util.SignedCheckpoint
		if err := sc.UnmarshalText([]byte(tle.InclusionProof.Checkpoint.Envelope)); err != nil {
			t.Fatal(err)
		}
		if sc.Origin != "rekor.test.invalid - 1193050959916656506" || sc.Size != 20 || !sc.Verify(verifier) {
			t.Errorf("entry %d: checkpoint %q size %d verifies %v", i, sc.Origin, sc.Size, sc.Verify(verifier))
		}
	}
}

func TestErrors(t *testing.T) {
	if _, err := New(seed, "https://rekor.test.invalid", 0); err == nil {
		t.Error("New accepts tree ID 0")
	}
	if _, err := New(seed, "no host", 1); err == nil {
		t.Error("New accepts a base URL without a host")
	}
	l := mint(t, seed, 2)
	for _, i := range []int64{-1, 2} {
		if _, err := l.Entry(i); err == nil {
			t.Errorf("Entry(%d) of a 2-entry log gives no error", i)
		}
	}
	if _, err := l.AddBody(nil, t0); err == nil {
		t.Error("AddBody accepts an empty body")
	}
	if _, err := l.AddBody([]byte("x"), time.Unix(0, 0)); err == nil {
		t.Error("AddBody accepts integrated time 0")
	}
	if l.Size() != 2 {
		t.Errorf("size %d after refused additions, want 2", l.Size())
	}
}
