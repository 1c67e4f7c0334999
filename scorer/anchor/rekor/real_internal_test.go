package rekor

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	rekorv1 "github.com/sigstore/protobuf-specs/gen/pb-go/rekor/v1"
	"github.com/sigstore/sigstore-go/pkg/root"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/ark-forge/proveit/scorer/anchor"
)

// Real Rekor v1 entries (testdata/real/README.md says where they come
// from): one of the public-good log, rekor.sigstore.dev, and one of a
// self-hosted log whose checkpoints are signed as its pod's hostname, not
// as the host of its baseUrl. Neither is a hashedrekord of a batch root
// signed with a pinned key, so Verify refuses both before the log checks
// (TestRealEntriesAreNotAnchors); the log checks themselves, SET,
// inclusion proof and checkpoint, are run on them one by one here, as
// Verify runs them.

// realEntry is a real entry and the TrustedRoot that pins its log.
type realEntry struct {
	name   string
	entry  []byte // the TransparencyLogEntry JSON, as the bundle holds it
	logs   map[string]*root.TransparencyLog
	origin string // the name its checkpoints are signed as
}

func realEntries(t *testing.T) []realEntry {
	t.Helper()
	load := func(name, bundle, trustedRoot, origin string) realEntry {
		raw, err := os.ReadFile(filepath.Join("testdata", "real", bundle))
		if err != nil {
			t.Fatal(err)
		}
		var b struct {
			VerificationMaterial struct {
				TlogEntries []json.RawMessage `json:"tlogEntries"`
			} `json:"verificationMaterial"`
		}
		if err := json.Unmarshal(raw, &b); err != nil {
			t.Fatal(err)
		}
		if len(b.VerificationMaterial.TlogEntries) != 1 {
			t.Fatalf("%s: %d tlog entries", bundle, len(b.VerificationMaterial.TlogEntries))
		}
		tr, err := root.NewTrustedRootFromPath(filepath.Join("testdata", "real", trustedRoot))
		if err != nil {
			t.Fatal(err)
		}
		return realEntry{name: name, entry: b.VerificationMaterial.TlogEntries[0], logs: tr.RekorLogs(), origin: origin}
	}
	return []realEntry{
		load("public-good", "public-good-intoto.sigstore.json", "public-good.trusted_root.json", "rekor.sigstore.dev"),
		load("self-hosted", "self-hosted-hashedrekord.sigstore.json", "self-hosted.trusted_root.json", "rekor-00001-deployment-56bf7777c9-jds5x"),
	}
}

// logChecks runs, in Verify's order, every check that does not read the
// body: rekor.entry.size, .json and .missing, rekor.log.*, rekor.set.*,
// rekor.inclusion.* and rekor.checkpoint.*.
func logChecks(entryJSON []byte, logs map[string]*root.TransparencyLog, origin string) (*checkpoint, *anchor.Failure) {
	e, f := parseEnvelope(entryJSON)
	if f != nil {
		return nil, f
	}
	log, f := findLog(e, logs, origin)
	if f != nil {
		return nil, f
	}
	if f := verifySET(e, log); f != nil {
		return nil, f
	}
	if f := verifyInclusion(e); f != nil {
		return nil, f
	}
	return verifyCheckpoint(e, log)
}

// TestRealEntries: the real entries pass every log check under their
// pinned origin: the SET by the log key, the RFC 6962 inclusion proof
// (the public-good one in a tree of 27,657,875 leaves of the shard whose
// tree id its checkpoint names, at shard index 27,657,874 while its logIndex
// is 31,821,305), the checkpoint's signature, origin, size and root (the
// public-good checkpoint carries a "Timestamp:" line after the root).
func TestRealEntries(t *testing.T) {
	for _, r := range realEntries(t) {
		t.Run(r.name, func(t *testing.T) {
			cp, f := logChecks(r.entry, r.logs, r.origin)
			if f != nil {
				t.Fatal(f)
			}
			want := map[string]string{
				"public-good": "rekor.sigstore.dev - 2605736670972794746", // an older shard's tree id (today's: 1193050959916656506)
				"self-hosted": "rekor-00001-deployment-56bf7777c9-jds5x - 6364419738405537866",
			}[r.name]
			if cp.origin != want {
				t.Errorf("origin %q, want %q", cp.origin, want)
			}
		})
	}
}

// TestRealSelfHostedNeedsItsOrigin: the self-hosted log's entry is refused
// under the host of its baseUrl, the origin Verify takes when given none.
func TestRealSelfHostedNeedsItsOrigin(t *testing.T) {
	r := realEntries(t)[1]
	_, f := logChecks(r.entry, r.logs, "")
	if f == nil || f.Check != "rekor.checkpoint.signature" || !strings.Contains(f.Detail, "no signature by rekor.rekor-system.172.18.255.1.sslip.io") {
		t.Fatalf("%v, want rekor.checkpoint.signature: the log signs as %s", f, r.origin)
	}
}

// TestRealEntryMutations: one byte changed in a real entry, or in what is
// pinned, fails the check that guards it. Fields under the SET (body,
// logIndex, integratedTime) fail rekor.set.signature; the checkpoint's
// origin, size and root lines are under its signature and fail
// rekor.checkpoint.signature, so rekor.checkpoint.origin and .size are
// reached only by checkpoints the log key signs, which a test log can
// mint (TestVerifyFailures) and a real log does not; a changed treeSize
// breaks the inclusion proof first.
func TestRealEntryMutations(t *testing.T) {
	for _, r := range realEntries(t) {
		mutate := func(edit func(*rekorv1.TransparencyLogEntry)) []byte {
			var tle rekorv1.TransparencyLogEntry
			if err := protojson.Unmarshal(r.entry, &tle); err != nil {
				t.Fatal(err)
			}
			edit(&tle)
			out, err := protojson.Marshal(&tle)
			if err != nil {
				t.Fatal(err)
			}
			return out
		}
		note := func(edit func(string) string) []byte {
			return mutate(func(e *rekorv1.TransparencyLogEntry) {
				e.InclusionProof.Checkpoint.Envelope = edit(e.InclusionProof.Checkpoint.Envelope)
			})
		}
		flipAt := func(s string, i int) string { b := []byte(s); b[i] ^= 0x01; return string(b) }
		cases := []struct {
			name   string
			entry  []byte
			origin string
			check  string
		}{
			{"a byte of the SET", mutate(func(e *rekorv1.TransparencyLogEntry) { e.InclusionPromise.SignedEntryTimestamp[20] ^= 1 }), r.origin, "rekor.set.signature"},
			{"a byte of the body", mutate(func(e *rekorv1.TransparencyLogEntry) { e.CanonicalizedBody[30] ^= 1 }), r.origin, "rekor.set.signature"},
			{"logIndex", mutate(func(e *rekorv1.TransparencyLogEntry) { e.LogIndex ^= 1 }), r.origin, "rekor.set.signature"},
			{"integratedTime", mutate(func(e *rekorv1.TransparencyLogEntry) { e.IntegratedTime ^= 1 }), r.origin, "rekor.set.signature"},
			{"a byte of the log id", mutate(func(e *rekorv1.TransparencyLogEntry) { e.LogId.KeyId[0] ^= 1 }), r.origin, "rekor.log.unknown"},
			{"a byte of a path hash", mutate(func(e *rekorv1.TransparencyLogEntry) { e.InclusionProof.Hashes[0][5] ^= 1 }), r.origin, "rekor.inclusion.root"},
			{"a byte of the proof's root hash", mutate(func(e *rekorv1.TransparencyLogEntry) { e.InclusionProof.RootHash[5] ^= 1 }), r.origin, "rekor.inclusion.root"},
			// The public-good leaf is the last of a tree of odd size: its
			// neighbour's path is one hash longer, and merkle refuses the
			// length before computing a root.
			{"the proof's leaf index, one less", mutate(func(e *rekorv1.TransparencyLogEntry) { e.InclusionProof.LogIndex-- }), r.origin,
				map[string]string{"public-good": "rekor.inclusion.path", "self-hosted": "rekor.inclusion.root"}[r.name]},
			{"the proof's leaf index, the tree size", mutate(func(e *rekorv1.TransparencyLogEntry) { e.InclusionProof.LogIndex = e.InclusionProof.TreeSize }), r.origin, "rekor.inclusion.index"},
			{"the proof's tree size", mutate(func(e *rekorv1.TransparencyLogEntry) { e.InclusionProof.TreeSize += 1 << 20 }), r.origin, "rekor.inclusion.path"},
			{"a byte of the checkpoint's origin", note(func(n string) string { return flipAt(n, 3) }), r.origin, "rekor.checkpoint.signature"},
			{"a byte of the checkpoint's size", note(func(n string) string { return flipAt(n, strings.Index(n, "\n")+1) }), r.origin, "rekor.checkpoint.signature"},
			{"a byte of the checkpoint's signature", note(func(n string) string { return flipAt(n, len(n)-8) }), r.origin, "rekor.checkpoint.signature"},
			{"a byte of the pinned origin", r.entry, flipAt(r.origin, 2), "rekor.checkpoint.signature"},
		}
		for _, c := range cases {
			t.Run(r.name+"/"+c.name, func(t *testing.T) {
				_, f := logChecks(c.entry, r.logs, c.origin)
				if f == nil || f.Check != c.check {
					t.Fatalf("%v, want %s", f, c.check)
				}
			})
		}
	}
}

// TestRealEntriesAreNotAnchors: Verify refuses both real entries before
// the log checks, for what makes them other than a batch anchor: the
// public-good one is an intoto entry (rekor.entry.kind); the self-hosted
// one is a hashedrekord signed under a Fulcio certificate, not a bare
// public key (rekor.body.decode). The binding checks (rekor.body.digest,
// .key, .signature) cannot apply to either: neither signs a batch root, the
// self-hosted bundle holds its artefact's digest but not the artefact, and
// their signers are certificates, not the Trust Layer's pinned key.
func TestRealEntriesAreNotAnchors(t *testing.T) {
	want := map[string]string{"public-good": "rekor.entry.kind", "self-hosted": "rekor.body.decode"}
	for _, r := range realEntries(t) {
		_, err := Verify(r.entry, []byte("not the artefact"), nil, r.logs, r.origin)
		f, ok := err.(*anchor.Failure)
		if !ok || f.Check != want[r.name] {
			t.Errorf("%s: %v, want %s", r.name, err, want[r.name])
		}
	}
}
