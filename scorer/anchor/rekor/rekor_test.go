package rekor_test

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	rekorv1 "github.com/sigstore/protobuf-specs/gen/pb-go/rekor/v1"
	prototrustroot "github.com/sigstore/protobuf-specs/gen/pb-go/trustroot/v1"
	"github.com/sigstore/sigstore-go/pkg/root"
	"github.com/sigstore/sigstore-go/pkg/tlog"
	"github.com/sigstore/sigstore/pkg/signature"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/ark-forge/proveit/scorer/anchor"
	"github.com/ark-forge/proveit/scorer/anchor/rekor"
	"github.com/ark-forge/proveit/scorer/anchor/rekor/rekortest"
)

const (
	treeID  = 1193050959916656506
	batches = 1200 // entries of the main log, one per batch
	big     = 1100 // a large index in it
)

var (
	seed = []byte("proveit scorer/anchor/rekor tests")
	t0   = time.Date(2026, 9, 20, 8, 0, 0, 0, time.UTC)
)

// batchRoot is the artefact of batch i: a root's lowercase hex string.
func batchRoot(i int) []byte {
	h := sha256.Sum256(fmt.Appendf(nil, "batch %d", i))
	return []byte(hex.EncodeToString(h[:]))
}

func integratedAt(i int) time.Time { return t0.Add(time.Duration(i) * time.Minute) }

// world is what the tests share: the main test log, minted once.
type world struct {
	log       *rekortest.Log
	submitter *ecdsa.PrivateKey // the pinned Trust Layer submission key
	stranger  *ecdsa.PrivateKey // another submitter
	other     *rekortest.Log    // another log (another key), same host
	logs      map[string]*root.TransparencyLog

	otherKeyIndex int64 // a hashedrekord of batchRoot(0) signed by stranger
	badSigIndex   int64 // digest of batchRoot(0), pinned key, signature over batchRoot(1)
	entries       map[int64][]byte
}

var (
	worldOnce sync.Once
	theWorld  *world
	worldErr  error
)

func getWorld(t testing.TB) *world {
	t.Helper()
	worldOnce.Do(func() { theWorld, worldErr = mintWorld() })
	if worldErr != nil {
		t.Fatal(worldErr)
	}
	return theWorld
}

func mintWorld() (*world, error) {
	w := &world{entries: map[int64][]byte{}}
	var err error
	if w.log, err = rekortest.New(seed, "", treeID); err != nil {
		return nil, err
	}
	if w.other, err = rekortest.New([]byte("another log"), "", treeID); err != nil {
		return nil, err
	}
	if w.submitter, err = rekortest.DeriveKey(seed, "trust layer rekor submission"); err != nil {
		return nil, err
	}
	if w.stranger, err = rekortest.DeriveKey(seed, "stranger"); err != nil {
		return nil, err
	}
	for i := range batches {
		if _, err := w.log.AddHashedRekord(batchRoot(i), w.submitter, integratedAt(i)); err != nil {
			return nil, err
		}
	}
	if w.otherKeyIndex, err = w.log.AddHashedRekord(batchRoot(0), w.stranger, integratedAt(batches)); err != nil {
		return nil, err
	}
	digest0, digest1 := sha256.Sum256(batchRoot(0)), sha256.Sum256(batchRoot(1))
	sig1, err := w.submitter.Sign(nil, digest1[:], crypto.SHA256)
	if err != nil {
		return nil, err
	}
	body, err := rekortest.HashedRekordBody(digest0[:], sig1, w.submitter.Public())
	if err != nil {
		return nil, err
	}
	if w.badSigIndex, err = w.log.AddBody(body, integratedAt(batches)); err != nil {
		return nil, err
	}
	w.logs, err = pinned(w.log.TrustedRootEntry(t0.Add(-time.Hour), t0.Add(30*24*time.Hour)))
	if err != nil {
		return nil, err
	}
	for _, i := range []int64{0, 1, 5, big, w.otherKeyIndex, w.badSigIndex} {
		if w.entries[i], err = w.log.Entry(i); err != nil {
			return nil, err
		}
	}
	return w, nil
}

// pinned returns RekorLogs of a TrustedRoot that pins tlogs, loaded from
// its JSON as a season's trusted_root.json is.
func pinned(tlogs ...*prototrustroot.TransparencyLogInstance) (map[string]*root.TransparencyLog, error) {
	js, err := rekortest.Marshal(rekortest.TrustedRoot(tlogs...))
	if err != nil {
		return nil, err
	}
	tr, err := root.NewTrustedRootFromJSON(js)
	if err != nil {
		return nil, err
	}
	return tr.RekorLogs(), nil
}

// editBody decodes a body into a map, edits it and writes it back in
// canonical form (sorted keys).
func editBody(body []byte, edit func(map[string]any)) []byte {
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		panic(err)
	}
	edit(m)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(m); err != nil {
		panic(err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

func spec(m map[string]any, path ...string) map[string]any {
	for _, k := range path {
		m = m[k].(map[string]any)
	}
	return m
}

// mutate parses entryJSON, edits it, and marshals it back.
func mutate(t testing.TB, entryJSON []byte, edit func(*rekorv1.TransparencyLogEntry)) []byte {
	t.Helper()
	var tle rekorv1.TransparencyLogEntry
	if err := protojson.Unmarshal(entryJSON, &tle); err != nil {
		t.Fatal(err)
	}
	edit(&tle)
	out, err := rekortest.Marshal(&tle)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// editJSON edits the entry as generic JSON, for what protojson cannot
// write (garbage base64, unknown fields).
func editJSON(t testing.TB, entryJSON []byte, edit func(map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(entryJSON, &m); err != nil {
		t.Fatal(err)
	}
	edit(m)
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func sha256Hex(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

func spkiHex(t testing.TB, pub crypto.PublicKey) string {
	t.Helper()
	return sha256Hex(mustSPKI(t, pub))
}

func mustSPKI(t testing.TB, pub crypto.PublicKey) []byte {
	t.Helper()
	der, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	return der
}

func TestVerifyValid(t *testing.T) {
	w := getWorld(t)
	size := w.log.Size()
	for _, i := range []int64{0, 1, big} {
		res, err := rekor.Verify(w.entries[i], batchRoot(int(i)), &w.submitter.PublicKey, w.logs, w.log.Hostname())
		if err != nil {
			t.Fatalf("entry %d: %v", i, err)
		}
		want := rekor.Result{
			LogIndex:       i,
			LeafIndex:      i,
			IntegratedTime: integratedAt(int(i)),
			LogID:          hex.EncodeToString(w.log.LogID()),
			Origin:         fmt.Sprintf("rekor.test.invalid - %d", treeID),
			TreeSize:       size,
			RootHash:       hex.EncodeToString(w.log.RootHash()),
		}
		if res != want {
			t.Errorf("entry %d: got %+v\nwant %+v", i, res, want)
		}
	}
}

// TestVerifyShardedIndex: on a sharded Rekor v1 log the SET signs the
// entry's index in the whole log, and the inclusion proof is for the leaf's
// index in its shard's tree; Verify accepts them different and reports
// both.
func TestVerifyShardedIndex(t *testing.T) {
	w := getWorld(t)
	const virtual = 100_000_000 + big
	entry := mutate(t, w.entries[big], func(e *rekorv1.TransparencyLogEntry) {
		set, err := w.log.SignSET(e.CanonicalizedBody, integratedAt(big), virtual)
		if err != nil {
			t.Fatal(err)
		}
		e.LogIndex, e.InclusionPromise.SignedEntryTimestamp = virtual, set
	})
	res, err := rekor.Verify(entry, batchRoot(big), &w.submitter.PublicKey, w.logs, w.log.Hostname())
	if err != nil {
		t.Fatal(err)
	}
	if res.LogIndex != virtual || res.LeafIndex != big {
		t.Errorf("LogIndex %d LeafIndex %d, want %d %d", res.LogIndex, res.LeafIndex, virtual, big)
	}
}

// TestVerifyIgnoresOtherSigners: a checkpoint cosigned by a witness (a
// signature line of another key) still verifies; the pinned log's line is
// the one that counts.
func TestVerifyIgnoresOtherSigners(t *testing.T) {
	w := getWorld(t)
	tle := parse(t, w.entries[0])
	ip := tle.InclusionProof
	witness, err := w.other.SignCheckpoint(w.log.Origin(), ip.TreeSize, ip.RootHash)
	if err != nil {
		t.Fatal(err)
	}
	witnessLine := witness[strings.LastIndex(witness, "\n\n")+2:]
	for _, note := range []string{
		ip.Checkpoint.Envelope + strings.Replace(witnessLine, "rekor.test.invalid", "witness.test.invalid", 1),
		strings.Replace(ip.Checkpoint.Envelope, "\n\n", "\n\n"+witnessLine, 1),
	} {
		entry := mutate(t, w.entries[0], func(e *rekorv1.TransparencyLogEntry) { e.InclusionProof.Checkpoint.Envelope = note })
		if _, err := rekor.Verify(entry, batchRoot(0), &w.submitter.PublicKey, w.logs, w.log.Hostname()); err != nil {
			t.Errorf("checkpoint %q: %v", note, err)
		}
	}
}

// failCase is one entry that must fail one check, with what the Detail
// must name.
type failCase struct {
	name      string
	entry     []byte
	artifact  []byte                           // batchRoot(0) if nil
	submitter *ecdsa.PublicKey                 // the pinned one if nil and !noSubmitter
	logs      map[string]*root.TransparencyLog // w.logs if nil
	origin    string                           // the pinned checkpoint origin, w.log.Hostname() if "" and !noOrigin
	noOrigin  bool
	check     string
	detail    []string // substrings of Detail
}

func failCases(t *testing.T) []failCase {
	w := getWorld(t)
	e0 := w.entries[0]
	tle0 := parse(t, e0)
	size, rootHash := tle0.InclusionProof.TreeSize, tle0.InclusionProof.RootHash
	origin := w.log.Origin()
	logID := hex.EncodeToString(w.log.LogID())
	withCheckpoint := func(note string) []byte {
		return mutate(t, e0, func(e *rekorv1.TransparencyLogEntry) { e.InclusionProof.Checkpoint.Envelope = note })
	}
	sign := func(l *rekortest.Log, origin string, size int64, root []byte) string {
		note, err := l.SignCheckpoint(origin, size, root)
		if err != nil {
			t.Fatal(err)
		}
		return note
	}
	withBody := func(edit func(map[string]any)) []byte {
		return mutate(t, e0, func(e *rekorv1.TransparencyLogEntry) { e.CanonicalizedBody = editBody(e.CanonicalizedBody, edit) })
	}
	otherSET, err := w.other.SignSET(tle0.CanonicalizedBody, integratedAt(0), 0)
	if err != nil {
		t.Fatal(err)
	}
	late, err := pinned(w.log.TrustedRootEntry(integratedAt(1), time.Time{}))
	if err != nil {
		t.Fatal(err)
	}
	early, err := pinned(w.log.TrustedRootEntry(t0.Add(-48*time.Hour), t0.Add(-24*time.Hour)))
	if err != nil {
		t.Fatal(err)
	}
	otherLogs, err := pinned(w.other.TrustedRootEntry(t0.Add(-time.Hour), time.Time{}))
	if err != nil {
		t.Fatal(err)
	}
	withPinned := func(edit func(*root.TransparencyLog)) map[string]*root.TransparencyLog {
		cp := *w.logs[logID]
		edit(&cp)
		return map[string]*root.TransparencyLog{logID: &cp}
	}
	edPub, _, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	p384, err := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	forked := forkedEntry(t)
	digest0 := sha256Hex(batchRoot(0))
	pinnedSPKI := spkiHex(t, &w.submitter.PublicKey)
	hint := func(l *rekortest.Log) string {
		h := sha256.Sum256(mustSPKI(t, l.PublicKey()))
		return hex.EncodeToString(h[:4])
	}

	return []failCase{
		// Parse.
		{name: "oversized entry", entry: append(bytes.Clone(e0), bytes.Repeat([]byte(" "), rekor.MaxEntrySize)...),
			check: "rekor.entry.size", detail: []string{fmt.Sprintf("%d bytes, limit %d", len(e0)+rekor.MaxEntrySize, rekor.MaxEntrySize)}},
		{name: "truncated JSON", entry: e0[:len(e0)/2],
			check: "rekor.entry.json", detail: []string{"not TransparencyLogEntry JSON"}},
		{name: "garbage base64", entry: editJSON(t, e0, func(m map[string]any) { m["canonicalizedBody"] = "!!not base64!!" }),
			check: "rekor.entry.json", detail: []string{"canonicalizedBody"}},
		{name: "unknown field", entry: editJSON(t, e0, func(m map[string]any) { m["comment"] = "x" }),
			check: "rekor.entry.json", detail: []string{"comment"}},
		{name: "no SET", entry: mutate(t, e0, func(e *rekorv1.TransparencyLogEntry) { e.InclusionPromise = nil }),
			check: "rekor.entry.missing", detail: []string{"inclusionPromise.signedEntryTimestamp"}},
		{name: "no checkpoint", entry: mutate(t, e0, func(e *rekorv1.TransparencyLogEntry) { e.InclusionProof.Checkpoint = nil }),
			check: "rekor.entry.missing", detail: []string{"inclusionProof.checkpoint.envelope"}},
		{name: "no integrated time", entry: mutate(t, e0, func(e *rekorv1.TransparencyLogEntry) { e.IntegratedTime = 0 }),
			check: "rekor.entry.missing", detail: []string{"integratedTime is 0"}},
		{name: "wrong kind", entry: mutate(t, e0, func(e *rekorv1.TransparencyLogEntry) { e.KindVersion.Kind = "rekord" }),
			check: "rekor.entry.kind", detail: []string{`"rekord" "0.0.1"`, "want hashedrekord 0.0.1"}},
		{name: "wrong version", entry: mutate(t, e0, func(e *rekorv1.TransparencyLogEntry) { e.KindVersion.Version = "0.0.2" }),
			check: "rekor.entry.kind", detail: []string{`"hashedrekord" "0.0.2"`}},
		{name: "body not JSON", entry: mutate(t, e0, func(e *rekorv1.TransparencyLogEntry) { e.CanonicalizedBody = []byte("{") }),
			check: "rekor.body.decode", detail: []string{"canonicalizedBody: unexpected EOF"}},
		{name: "body with an unknown field", entry: withBody(func(m map[string]any) { spec(m, "spec")["extra"] = 1 }),
			check: "rekor.body.decode", detail: []string{`unknown field "extra"`}},
		{name: "body signature garbage base64", entry: withBody(func(m map[string]any) { spec(m, "spec", "signature")["content"] = "%%%" }),
			check: "rekor.body.decode", detail: []string{"spec.signature.content"}},
		{name: "body digest sha512", entry: withBody(func(m map[string]any) { spec(m, "spec", "data", "hash")["algorithm"] = "sha512" }),
			check: "rekor.body.decode", detail: []string{`algorithm is "sha512", want sha256`}},
		{name: "body key not PEM", entry: withBody(func(m map[string]any) { spec(m, "spec", "signature", "publicKey")["content"] = "aGVsbG8=" }),
			check: "rekor.body.decode", detail: []string{"no PEM block"}},
		{name: "body kind rekord", entry: withBody(func(m map[string]any) { m["kind"] = "rekord" }),
			check: "rekor.body.kind", detail: []string{`kind "rekord" apiVersion "0.0.1"`}},
		{name: "body not canonical", entry: mutate(t, e0, func(e *rekorv1.TransparencyLogEntry) {
			e.CanonicalizedBody = append([]byte(" "), e.CanonicalizedBody...)
		}),
			check: "rekor.body.canonical", detail: []string{sha256Hex(append([]byte(" "), tle0.CanonicalizedBody...)), sha256Hex(tle0.CanonicalizedBody)}},
		{name: "body key in another case", entry: mutate(t, e0, func(e *rekorv1.TransparencyLogEntry) {
			e.CanonicalizedBody = bytes.Replace(e.CanonicalizedBody, []byte(`"algorithm"`), []byte(`"Algorithm"`), 1)
		}),
			check: "rekor.body.canonical"},

		// The log.
		{name: "unknown log id", entry: e0, logs: otherLogs,
			check: "rekor.log.unknown", detail: []string{logID, hex.EncodeToString(w.other.LogID())}},
		{name: "no pinned log", entry: e0, logs: map[string]*root.TransparencyLog{},
			check: "rekor.log.unknown", detail: []string{"pinned: none"}},
		{name: "pinned log with an Ed25519 key", entry: e0, logs: withPinned(func(l *root.TransparencyLog) { l.PublicKey = edPub }),
			check: "rekor.log.pinned", detail: []string{"key of type ed25519.PublicKey, want ECDSA P-256"}},
		{name: "pinned log with a P-384 key", entry: e0, logs: withPinned(func(l *root.TransparencyLog) { l.PublicKey = &p384.PublicKey }),
			check: "rekor.log.pinned", detail: []string{"ECDSA key on P-384, want P-256"}},
		{name: "pinned log without host", entry: e0, logs: withPinned(func(l *root.TransparencyLog) { l.BaseURL = "" }),
			check: "rekor.log.pinned", detail: []string{"names no host"}},
		{name: "no pinned origin, no host", entry: e0, noOrigin: true, logs: withPinned(func(l *root.TransparencyLog) { l.BaseURL = "" }),
			check: "rekor.log.pinned", detail: []string{"names no host"}},
		{name: "integrated before the log's validity", entry: e0, logs: late,
			check: "rekor.log.validity", detail: []string{"integratedTime 2026-09-20T08:00:00Z", "[2026-09-20T08:01:00Z, no end]"}},
		{name: "integrated after the log's validity", entry: e0, logs: early,
			check: "rekor.log.validity", detail: []string{"2026-09-20T08:00:00Z", "[2026-09-18T08:00:00Z, 2026-09-19T08:00:00Z]"}},

		// The SET.
		{name: "SET with a flipped byte", entry: mutate(t, e0, func(e *rekorv1.TransparencyLogEntry) { e.InclusionPromise.SignedEntryTimestamp[10] ^= 1 }),
			check: "rekor.set.signature", detail: []string{logID, "logIndex 0", fmt.Sprintf("integratedTime %d", integratedAt(0).Unix()), sha256Hex(tle0.CanonicalizedBody)}},
		{name: "SET by another key", entry: mutate(t, e0, func(e *rekorv1.TransparencyLogEntry) { e.InclusionPromise.SignedEntryTimestamp = otherSET }),
			check: "rekor.set.signature", detail: []string{logID}},
		{name: "SET of another index", entry: mutate(t, e0, func(e *rekorv1.TransparencyLogEntry) { e.LogIndex = 7 }),
			check: "rekor.set.signature", detail: []string{"logIndex 7"}},
		{name: "SET of another time", entry: mutate(t, e0, func(e *rekorv1.TransparencyLogEntry) { e.IntegratedTime++ }),
			check: "rekor.set.signature", detail: []string{fmt.Sprintf("integratedTime %d", integratedAt(0).Unix()+1)}},

		// The inclusion proof.
		{name: "leaf index beyond the tree", entry: mutate(t, e0, func(e *rekorv1.TransparencyLogEntry) { e.InclusionProof.LogIndex = size }),
			check: "rekor.inclusion.index", detail: []string{fmt.Sprintf("logIndex %d is outside a tree of inclusionProof.treeSize %d", size, size)}},
		{name: "path one element short", entry: mutate(t, e0, func(e *rekorv1.TransparencyLogEntry) {
			e.InclusionProof.Hashes = e.InclusionProof.Hashes[:len(e.InclusionProof.Hashes)-1]
		}),
			check: "rekor.inclusion.path", detail: []string{fmt.Sprintf("wrong proof size %d, want %d", len(tle0.InclusionProof.Hashes)-1, len(tle0.InclusionProof.Hashes))}},
		{name: "path one element too long", entry: mutate(t, e0, func(e *rekorv1.TransparencyLogEntry) {
			e.InclusionProof.Hashes = append(e.InclusionProof.Hashes, e.InclusionProof.Hashes[0])
		}),
			check: "rekor.inclusion.path", detail: []string{fmt.Sprintf("wrong proof size %d, want %d", len(tle0.InclusionProof.Hashes)+1, len(tle0.InclusionProof.Hashes))}},
		{name: "path hash of 31 bytes", entry: mutate(t, e0, func(e *rekorv1.TransparencyLogEntry) { e.InclusionProof.Hashes[2] = e.InclusionProof.Hashes[2][:31] }),
			check: "rekor.inclusion.path", detail: []string{"hashes[2] is 31 bytes, want 32"}},
		{name: "wrong leaf index", entry: mutate(t, e0, func(e *rekorv1.TransparencyLogEntry) { e.InclusionProof.LogIndex = 2 }),
			check: "rekor.inclusion.root", detail: []string{"from leaf 2", hex.EncodeToString(rootHash)}},
		{name: "path to another root", entry: mutate(t, e0, func(e *rekorv1.TransparencyLogEntry) { e.InclusionProof.RootHash = w.other.LogID() }),
			check: "rekor.inclusion.root", detail: []string{hex.EncodeToString(rootHash), "inclusionProof.rootHash is " + hex.EncodeToString(w.other.LogID())}},
		{name: "entry with another body", entry: mutate(t, e0, func(e *rekorv1.TransparencyLogEntry) {
			// Re-signed SET, so that only the path can tell.
			e.CanonicalizedBody = parse(t, w.entries[1]).CanonicalizedBody
			set, err := w.log.SignSET(e.CanonicalizedBody, integratedAt(0), 0)
			if err != nil {
				t.Fatal(err)
			}
			e.InclusionPromise.SignedEntryTimestamp = set
		}),
			check: "rekor.inclusion.root", detail: []string{"from leaf 0"}},

		// The checkpoint.
		{name: "checkpoint garbage", entry: withCheckpoint("not a note"),
			check: "rekor.checkpoint.parse", detail: []string{"no blank line"}},
		{name: "checkpoint with a size of leading zeros", entry: withCheckpoint(sign(w.log, origin, size, rootHash)[:len(origin)+1] + "0" + sign(w.log, origin, size, rootHash)[len(origin)+1:]),
			check: "rekor.checkpoint.parse", detail: []string{fmt.Sprintf(`size "0%d"`, size)}},
		{name: "checkpoint signed by another key", entry: withCheckpoint(sign(w.other, origin, size, rootHash)),
			check: "rekor.checkpoint.signature", detail: []string{"no signature by rekor.test.invalid with key hint " + hint(w.log), "signed by: rekor.test.invalid " + hint(w.other)}},
		{name: "checkpoint with a flipped signature byte", entry: withCheckpoint(flipSignature(t, sign(w.log, origin, size, rootHash))),
			check: "rekor.checkpoint.signature", detail: []string{"does not verify", hint(w.log)}},
		{name: "checkpoint signed by the log under another name", entry: withCheckpoint(strings.Replace(sign(w.log, origin, size, rootHash), "\u2014 rekor.test.invalid ", "\u2014 rekor.sigstore.dev ", 1)),
			check: "rekor.checkpoint.signature", detail: []string{"signed by: rekor.sigstore.dev " + hint(w.log)}},
		{name: "another pinned origin than the log signs as", entry: e0, origin: "rekor.elsewhere.invalid",
			check: "rekor.checkpoint.signature", detail: []string{"no signature by rekor.elsewhere.invalid with key hint " + hint(w.log), "signed by: rekor.test.invalid " + hint(w.log)}},
		{name: "pinned origin with its tree id", entry: e0, origin: origin,
			check: "rekor.checkpoint.signature", detail: []string{"no signature by " + origin}},
		{name: "checkpoint of another origin", entry: withCheckpoint(sign(w.log, "rekor.sigstore.dev - 1193050959916656506", size, rootHash)),
			check: "rekor.checkpoint.origin", detail: []string{`"rekor.sigstore.dev - 1193050959916656506"`, `want "rekor.test.invalid - "`}},
		{name: "checkpoint origin with a tree id of leading zeros", entry: withCheckpoint(sign(w.log, "rekor.test.invalid - 01", size, rootHash)),
			check: "rekor.checkpoint.origin", detail: []string{`"rekor.test.invalid - 01"`}},
		{name: "checkpoint origin without tree id", entry: withCheckpoint(sign(w.log, "rekor.test.invalid", size, rootHash)),
			check: "rekor.checkpoint.origin"},
		{name: "checkpoint of another size", entry: withCheckpoint(sign(w.log, origin, size+1, rootHash)),
			check: "rekor.checkpoint.size", detail: []string{fmt.Sprintf("checkpoint size %d, inclusionProof.treeSize %d", size+1, size)}},
		{name: "checkpoint of another root", entry: withCheckpoint(sign(w.log, origin, size, w.other.LogID())),
			check: "rekor.checkpoint.root", detail: []string{"checkpoint root hash " + hex.EncodeToString(w.other.LogID()), "inclusionProof.rootHash " + hex.EncodeToString(rootHash)}},
		{name: "inclusion proof of a forked tree", entry: forked.entry, artifact: forked.artifact, submitter: forked.submitter, logs: forked.logs,
			check: "rekor.checkpoint.root", detail: []string{hex.EncodeToString(forked.checkpointRoot), hex.EncodeToString(forked.proofRoot)}},

		// The binding to the artefact.
		{name: "entry of another batch", entry: w.entries[5],
			check: "rekor.body.digest", detail: []string{"spec.data.hash.value " + sha256Hex(batchRoot(5)), "sha256 of the artefact (64 bytes) " + digest0}},
		{name: "entry of a large index for another batch", entry: w.entries[big], artifact: batchRoot(big - 1),
			check: "rekor.body.digest", detail: []string{sha256Hex(batchRoot(big)), sha256Hex(batchRoot(big - 1))}},
		{name: "body with another submitter key", entry: w.entries[w.otherKeyIndex],
			check: "rekor.body.key", detail: []string{spkiHex(t, &w.stranger.PublicKey), pinnedSPKI}},
		{name: "no pinned submitter", entry: e0, submitter: &ecdsa.PublicKey{},
			check: "rekor.body.key", detail: []string{"no pinned submitter key"}},
		{name: "pinned submitter without its point", entry: e0, submitter: &ecdsa.PublicKey{Curve: elliptic.P256()},
			check: "rekor.body.key", detail: []string{"no pinned submitter key"}},
		{name: "body signature over another artefact", entry: w.entries[w.badSigIndex],
			check: "rekor.body.signature", detail: []string{pinnedSPKI, digest0}},
	}
}

func TestVerifyFailures(t *testing.T) {
	w := getWorld(t)
	for _, c := range failCases(t) {
		t.Run(c.name, func(t *testing.T) {
			artifact, submitter, logs, origin := c.artifact, c.submitter, c.logs, c.origin
			if artifact == nil {
				artifact = batchRoot(0)
			}
			if submitter == nil {
				submitter = &w.submitter.PublicKey
			}
			if logs == nil {
				logs = w.logs
			}
			if origin == "" && !c.noOrigin {
				origin = w.log.Hostname()
			}
			res, err := rekor.Verify(c.entry, artifact, submitter, logs, origin)
			var f *anchor.Failure
			if !errors.As(err, &f) {
				t.Fatalf("Verify = %+v, %v; want an *anchor.Failure %s", res, err, c.check)
			}
			if f.Check != c.check {
				t.Fatalf("check %s (%s), want %s", f.Check, f.Detail, c.check)
			}
			t.Log(f)
			for _, d := range c.detail {
				if !strings.Contains(f.Detail, d) {
					t.Errorf("detail %q does not name %q", f.Detail, d)
				}
			}
			if res != (rekor.Result{}) {
				t.Errorf("a failure returns a result: %+v", res)
			}
		})
	}
}

// TestEveryCheckIsTested fails when a check of the documented list has no
// case in TestVerifyFailures, or a case reports a code not in the list.
func TestEveryCheckIsTested(t *testing.T) {
	tested := map[string]bool{}
	for _, c := range failCases(t) {
		tested[c.check] = true
		if !slices.Contains(rekor.Checks(), c.check) {
			t.Errorf("case %q checks %s, which rekor.Checks does not list", c.name, c.check)
		}
	}
	for _, c := range apiFailCases(t) {
		tested[c.check] = true
	}
	for _, c := range rekor.Checks() {
		if !tested[c] {
			t.Errorf("no case for %s", c)
		}
	}
}

// TestSigstoreChecksLess shows what sigstore-go v1.3.0's Rekor v1
// verification accepts and Verify refuses: the entry of another batch (it
// binds no artefact), and checkpoints of another origin or size (it checks
// the checkpoint's signature and root only).
func TestSigstoreChecksLess(t *testing.T) {
	w := getWorld(t)
	e0 := w.entries[0]
	tle0 := parse(t, e0)
	size, rootHash := tle0.InclusionProof.TreeSize, tle0.InclusionProof.RootHash
	verifier, err := signature.LoadVerifier(w.log.PublicKey(), crypto.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	sign := func(origin string, size int64) []byte {
		note, err := w.log.SignCheckpoint(origin, size, rootHash)
		if err != nil {
			t.Fatal(err)
		}
		return mutate(t, e0, func(e *rekorv1.TransparencyLogEntry) { e.InclusionProof.Checkpoint.Envelope = note })
	}
	for _, c := range []struct {
		name  string
		entry []byte
		check string
	}{
		{"entry of another batch", w.entries[5], "rekor.body.digest"},
		{"checkpoint of another origin", sign("rekor.sigstore.dev - 1193050959916656506", size), "rekor.checkpoint.origin"},
		{"checkpoint of another size", sign(w.log.Origin(), size+1), "rekor.checkpoint.size"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e, err := tlog.ParseTransparencyLogEntry(parse(t, c.entry))
			if err != nil {
				t.Fatal(err)
			}
			if err := tlog.VerifySET(e, w.logs); err != nil {
				t.Errorf("sigstore-go VerifySET refuses it: %v", err)
			}
			if err := tlog.VerifyInclusion(e, verifier); err != nil {
				t.Errorf("sigstore-go VerifyInclusion refuses it: %v", err)
			}
			_, err = rekor.Verify(c.entry, batchRoot(0), &w.submitter.PublicKey, w.logs, w.log.Hostname())
			var f *anchor.Failure
			if !errors.As(err, &f) || f.Check != c.check {
				t.Errorf("Verify = %v, want %s", err, c.check)
			}
		})
	}
}

// TestSigstoreAgreesOnValid checks our SET against sigstore-go's on the
// entries Verify accepts, and that a flipped SET byte fails both.
func TestSigstoreAgreesOnValid(t *testing.T) {
	w := getWorld(t)
	for _, i := range []int64{0, big} {
		e, err := tlog.ParseTransparencyLogEntry(parse(t, w.entries[i]))
		if err != nil {
			t.Fatal(err)
		}
		if err := tlog.VerifySET(e, w.logs); err != nil {
			t.Errorf("entry %d: sigstore-go VerifySET: %v", i, err)
		}
	}
	flipped := parse(t, w.entries[0])
	flipped.InclusionPromise.SignedEntryTimestamp[10] ^= 1
	e, err := tlog.ParseTransparencyLogEntry(flipped)
	if err != nil {
		t.Fatal(err)
	}
	if err := tlog.VerifySET(e, w.logs); err == nil {
		t.Error("sigstore-go VerifySET accepts a flipped SET")
	}
}

func parse(t testing.TB, entryJSON []byte) *rekorv1.TransparencyLogEntry {
	t.Helper()
	var tle rekorv1.TransparencyLogEntry
	if err := protojson.Unmarshal(entryJSON, &tle); err != nil {
		t.Fatal(err)
	}
	return &tle
}

// flipSignature flips a byte inside the ECDSA signature of a checkpoint's
// only signature line, keeping its key hint.
func flipSignature(t testing.TB, note string) string {
	t.Helper()
	i := strings.LastIndex(note, " ")
	raw, err := base64.StdEncoding.DecodeString(note[i+1 : len(note)-1])
	if err != nil {
		t.Fatal(err)
	}
	raw[len(raw)-3] ^= 1
	return note[:i+1] + base64.StdEncoding.EncodeToString(raw) + "\n"
}

type forked struct {
	entry          []byte
	artifact       []byte
	submitter      *ecdsa.PublicKey
	logs           map[string]*root.TransparencyLog
	proofRoot      []byte
	checkpointRoot []byte
}

// forkedEntry mints a split view: two trees of the same log key and size,
// which hold the same entry 0 and differ at entry 1. The entry carries the
// path and root of one tree and the signed checkpoint of the other: the
// SET, the path and the checkpoint's signature, origin and size all verify,
// only the roots differ.
func forkedEntry(t testing.TB) forked {
	t.Helper()
	fseed := []byte("forked log")
	sub, err := rekortest.DeriveKey(fseed, "submitter")
	if err != nil {
		t.Fatal(err)
	}
	var views [2]*rekortest.Log
	for v := range views {
		l, err := rekortest.New(fseed, "", treeID)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range [][]byte{batchRoot(0), batchRoot(100 + v)} {
			if _, err := l.AddHashedRekord(a, sub, t0); err != nil {
				t.Fatal(err)
			}
		}
		views[v] = l
	}
	a, b := views[0], views[1]
	eb, err := b.Entry(0)
	if err != nil {
		t.Fatal(err)
	}
	ta, err := a.TransparencyLogEntry(0)
	if err != nil {
		t.Fatal(err)
	}
	logs, err := pinned(a.TrustedRootEntry(t0.Add(-time.Hour), time.Time{}))
	if err != nil {
		t.Fatal(err)
	}
	return forked{
		entry:          mutate(t, eb, func(e *rekorv1.TransparencyLogEntry) { e.InclusionProof.Checkpoint = ta.InclusionProof.Checkpoint }),
		artifact:       batchRoot(0),
		submitter:      &sub.PublicKey,
		logs:           logs,
		proofRoot:      b.RootHash(),
		checkpointRoot: a.RootHash(),
	}
}

func BenchmarkVerify(b *testing.B) {
	w := getWorld(b)
	entry, artifact := w.entries[big], batchRoot(big)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := rekor.Verify(entry, artifact, &w.submitter.PublicKey, w.logs, w.log.Hostname()); err != nil {
			b.Fatal(err)
		}
	}
}

// TestSelfHostedOrigin: a Rekor v1 server signs its checkpoints as its
// rekor_server.hostname, which need not be the host it is served at (a
// self-hosted server's defaults to its machine's hostname). Its entries
// verify under the pinned origin, and only under it.
func TestSelfHostedOrigin(t *testing.T) {
	const hostname = "rekor-00001-deployment-test"
	fseed := []byte("self-hosted log")
	l, err := rekortest.NewWithHostname(fseed, "https://rekor.self-hosted.test.invalid", hostname, 42)
	if err != nil {
		t.Fatal(err)
	}
	if l.Origin() != hostname+" - 42" {
		t.Fatalf("origin %q", l.Origin())
	}
	sub, err := rekortest.DeriveKey(fseed, "submitter")
	if err != nil {
		t.Fatal(err)
	}
	i, err := l.AddHashedRekord(batchRoot(0), sub, t0)
	if err != nil {
		t.Fatal(err)
	}
	entry, err := l.Entry(i)
	if err != nil {
		t.Fatal(err)
	}
	logs, err := pinned(l.TrustedRootEntry(t0.Add(-time.Hour), t0.Add(time.Hour)))
	if err != nil {
		t.Fatal(err)
	}
	res, err := rekor.Verify(entry, batchRoot(0), &sub.PublicKey, logs, hostname)
	if err != nil {
		t.Fatalf("under the pinned origin: %v", err)
	}
	if res.Origin != hostname+" - 42" {
		t.Errorf("Result.Origin %q", res.Origin)
	}
	// The host of baseUrl, which Verify used to take for the origin, is
	// not the name the log signs as.
	_, err = rekor.Verify(entry, batchRoot(0), &sub.PublicKey, logs, "rekor.self-hosted.test.invalid")
	var f *anchor.Failure
	if !errors.As(err, &f) || f.Check != "rekor.checkpoint.signature" || !strings.Contains(f.Detail, "signed by: "+hostname) {
		t.Errorf("under the baseUrl host: %v, want rekor.checkpoint.signature naming %s", err, hostname)
	}
	// Signed as the pinned name, but of another origin.
	note, err := l.SignCheckpoint("rekor.self-hosted.test.invalid - 42", l.Size(), l.RootHash())
	if err != nil {
		t.Fatal(err)
	}
	other := mutate(t, entry, func(e *rekorv1.TransparencyLogEntry) { e.InclusionProof.Checkpoint.Envelope = note })
	_, err = rekor.Verify(other, batchRoot(0), &sub.PublicKey, logs, hostname)
	if !errors.As(err, &f) || f.Check != "rekor.checkpoint.origin" || !strings.Contains(f.Detail, `want "`+hostname+` - "`) {
		t.Errorf("a checkpoint of another origin: %v, want rekor.checkpoint.origin", err)
	}
}

// TestOriginDefaultsToBaseURLHost: with no origin pinned, the log's
// checkpoints must be signed as the host of its baseUrl, as the
// public-good log's are; a self-hosted log's are not.
func TestOriginDefaultsToBaseURLHost(t *testing.T) {
	w := getWorld(t)
	if _, err := rekor.Verify(w.entries[0], batchRoot(0), &w.submitter.PublicKey, w.logs, ""); err != nil {
		t.Errorf("a log signing as its baseUrl host, no origin pinned: %v", err)
	}
	fseed := []byte("self-hosted log")
	l, err := rekortest.NewWithHostname(fseed, "https://rekor.self-hosted.test.invalid", "rekor-00001-deployment-test", 42)
	if err != nil {
		t.Fatal(err)
	}
	sub, err := rekortest.DeriveKey(fseed, "submitter")
	if err != nil {
		t.Fatal(err)
	}
	i, err := l.AddHashedRekord(batchRoot(0), sub, t0)
	if err != nil {
		t.Fatal(err)
	}
	entry, err := l.Entry(i)
	if err != nil {
		t.Fatal(err)
	}
	logs, err := pinned(l.TrustedRootEntry(t0.Add(-time.Hour), t0.Add(time.Hour)))
	if err != nil {
		t.Fatal(err)
	}
	_, err = rekor.Verify(entry, batchRoot(0), &sub.PublicKey, logs, "")
	var f *anchor.Failure
	if !errors.As(err, &f) || f.Check != "rekor.checkpoint.signature" || !strings.Contains(f.Detail, "the note is signed by: rekor-00001-deployment-test") {
		t.Errorf("a self-hosted log, no origin given: %v, want rekor.checkpoint.signature naming the name it signs as", err)
	}
}
