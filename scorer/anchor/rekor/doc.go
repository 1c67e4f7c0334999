// Package rekor verifies a proof's Rekor anchor, the « entrée Rekor » of
// §4.1 condition 1 of the challenge specification (package anchor says
// what it anchors): a Rekor v1 hashedrekord v0.0.1 entry whose artefact is
// the anchored hash's lowercase hex string (a batch root, or a chain),
// signed with a Rekor key the Trust Layer publishes.
//
// Two shapes of the same entry are read. The view of a proof does not carry
// the entry: its transparency_log names it by uuid, proveit fetch reads it
// with GET /api/v1/log/entries/{uuid} and caches the answer exactly as the
// Rekor v1 API serves it (VerifyAPIEntry); sigstore bundles carry it as a
// TransparencyLogEntry JSON (dev.sigstore.rekor.v1.TransparencyLogEntry,
// protojson), the shape of the real third-party entries of testdata/real
// (Verify). VerifyAPIEntry converts the first into the second as
// sigstore's own conversion does (rekor pkg/tle, GenerateTransparencyLogEntry;
// TestAPIConversionIsSigstores compares them), then runs every check of
// Verify after rekor.entry.json.
//
// The checks, in this order; the first that fails is reported as an
// *anchor.Failure whose Check is one of these stable codes:
//
// The Rekor API answer (api.go), for VerifyAPIEntry only:
//   - rekor.api.size: the answer is larger than MaxEntrySize.
//   - rekor.api.json: the answer is not strict JSON (duplicate keys
//     refused), not an object of exactly one member {uuid: LogEntryAnon},
//     a field of LogEntryAnon (body, integratedTime, logID, logIndex,
//     verification {inclusionProof {checkpoint, hashes, logIndex, rootHash,
//     treeSize}, signedEntryTimestamp}; attestation allowed and not read) of
//     another JSON type, an unknown field, a negative integer; or a
//     not-found record that is not exactly {"not_found": true, "uuid": UUID}.
//   - rekor.api.uuid: the uuid asked for is not a Rekor uuid (UUIDPattern),
//     or the answer is keyed by another uuid, or the not-found record is
//     another uuid's.
//   - rekor.api.not_found: the answer is the not-found record proveit fetch
//     caches when the log answered 404: the log has no such entry, so the
//     batch has no Rekor anchor.
//   - rekor.api.missing: a field of LogEntryAnon is absent.
//   - rekor.api.encoding: body or signedEntryTimestamp is not non-empty
//     standard base64, or logID, rootHash or a path hash is not 64 lowercase
//     hex digits.
//   - rekor.api.leaf: the body's RFC 6962 leaf hash, SHA-256(0x00 ‖ body),
//     is not the last 64 digits of the uuid: the answer is another entry's.
//     The kind and version are then read from the body (rekor.body.decode
//     when it names none).
//
// Parse (entry.go):
//   - rekor.entry.size: the entry JSON is larger than MaxEntrySize.
//   - rekor.entry.json: protojson (unknown fields refused) does not read it
//     as a TransparencyLogEntry: truncated JSON, garbage base64, a field of
//     another type.
//   - rekor.entry.missing: a field Verify needs is absent: canonicalizedBody,
//     logId.keyId, kindVersion, integratedTime, inclusionPromise
//     .signedEntryTimestamp, inclusionProof, its checkpoint envelope; or
//     logIndex is negative.
//   - rekor.entry.kind: kindVersion is not hashedrekord 0.0.1.
//   - rekor.body.decode: canonicalizedBody is not, strictly (no unknown or
//     missing field, nothing after it), a hashedrekord v0.0.1 body of the
//     Rekor v1 API: {apiVersion, kind, spec: {data: {hash: {algorithm
//     "sha256", value: 64 lowercase hex}}, signature: {content: base64
//     signature, publicKey: {content: base64 of one PEM "PUBLIC KEY"
//     block}}}}. The envelope is read first, then rekor.body.kind is
//     checked, then the spec is read.
//   - rekor.body.kind: the body's kind and apiVersion are not hashedrekord
//     0.0.1.
//   - rekor.body.canonical: the body is not in the canonical JSON form
//     (RFC 8785) in which the Rekor v1 server stores every body; so no two
//     readings of it (duplicate keys, escapes) can differ.
//
// The log (log.go):
//   - rekor.log.unknown: logId.keyId (hex) names no pinned log.
//   - rekor.log.pinned: the pinned log is unusable: its key is not ECDSA
//     P-256 or its tree hash not SHA-256 (what a Rekor v1 log uses), its
//     baseUrl names no host (not a trusted root sigstore writes).
//   - rekor.log.validity: integratedTime is outside the pinned log key's
//     validity window (start and end inclusive, no end if none is pinned).
//
// The signed entry timestamp (log.go):
//   - rekor.set.signature: inclusionPromise.signedEntryTimestamp is not an
//     ECDSA signature by the pinned log key over SHA-256 of the canonical
//     JSON (RFC 8785) of {"body": base64(canonicalizedBody),
//     "integratedTime", "logID": hex(logId.keyId), "logIndex"}, as the Rekor
//     v1 server signs it (pkg/api/entries.go, signEntry).
//
// The inclusion proof (log.go), RFC 6962 §2.1.1, the leaf hash being RFC
// 6962 §2.1's SHA-256(0x00 ‖ canonicalizedBody), verified with
// transparency-dev/merkle's proof.VerifyInclusion:
//   - rekor.inclusion.index: inclusionProof.logIndex is outside
//     [0, inclusionProof.treeSize).
//   - rekor.inclusion.path: inclusionProof.hashes is not the path that the
//     index and size imply: a hash that is not 32 bytes, or a path one
//     element short or too long (merkle refuses any length but the one
//     RFC 6962 gives).
//   - rekor.inclusion.root: the path does not lead to inclusionProof.rootHash.
//
// The checkpoint (checkpoint.go), inclusionProof.checkpoint.envelope, a
// signed note (C2SP signed-note, transparency-dev/formats; Rekor v1's
// pkg/util/signed_note.go) carrying a checkpoint (C2SP tlog-checkpoint):
//   - rekor.checkpoint.parse: the envelope is not a signed note whose text
//     is "<origin>\n<decimal size>\n<base64 root hash>\n[other lines\n]",
//     followed by a blank line and signature lines "— <name> base64(4-byte
//     key hint ‖ signature)\n".
//   - rekor.checkpoint.signature: no signature line is by the pinned log
//     (name the pinned origin, key hint the first 4 bytes of SHA-256 of the
//     log key's DER SubjectPublicKeyInfo, as Rekor v1 writes them), or one
//     such line does not verify: ECDSA by the pinned log key over SHA-256
//     of the note text. Lines by other keys (witnesses) are ignored.
//   - rekor.checkpoint.origin: the origin is not "<pinned origin> - <tree
//     id>", tree id a positive decimal int64 without leading zeros, as the
//     Rekor v1 server writes it (pkg/util/checkpoint.go,
//     CreateAndSignCheckpoint).
//
// The pinned origin. A Rekor v1 server names its checkpoints after its
// rekor_server.hostname setting, both as the signer name and as the
// origin's "<hostname> - <tree id>"; that setting defaults to the
// machine's hostname, not to the host it is served at. The public-good log
// writes "rekor.sigstore.dev - 1193050959916656506" under baseUrl
// https://rekor.sigstore.dev, but a self-hosted log served at
// http://rekor.rekor-system.172.18.255.1.sslip.io signs as
// "rekor-00001-deployment-56bf7777c9-jds5x - 6364419738405537866" (the
// real entry of sigstore-go's test data, testdata/real): so the origin is
// a parameter of Verify and VerifyAPIEntry; "" is the host of the
// TrustedRoot's baseUrl, as for the public-good log, and is what package
// verify passes (a season's trust material pins no other name). It is
// given without its tree id: the TrustedRoot
// pins a log by its key, and one key signs every shard of a sharded log,
// each under its own tree id (rekor.sigstore.dev's older entries carry
// checkpoints of tree 2605736670972794746), so any tree id of that form is
// accepted.
//   - rekor.checkpoint.size: its size is not inclusionProof.treeSize.
//   - rekor.checkpoint.root: its root hash is not inclusionProof.rootHash.
//
// The binding of the entry to this artefact (binding.go):
//   - rekor.body.digest: spec.data.hash.value is not the hex SHA-256 of the
//     artefact. A perfectly valid entry of another batch fails here.
//   - rekor.body.key: the body's public key is not the pinned submitter key
//     (their DER SubjectPublicKeyInfo differ).
//   - rekor.body.signature: the body's signature is not an ECDSA signature
//     by the pinned submitter key over SHA-256(artefact), which is how a
//     hashedrekord signature is made.
//
// What sigstore-go checks less. Its Rekor v1 verification (sigstore-go
// v1.3.0 pkg/tlog: VerifySET, and VerifyInclusion, which calls Rekor's
// pkg/verify VerifyInclusion and VerifyCheckpointSignature) checks the SET,
// the path and the checkpoint's signature and root, but neither the
// checkpoint's origin nor its size, so a checkpoint of another origin or
// another size signed by the log key passes; and it does not bind the entry
// to an artefact: the entry of another batch passes. This package checks
// both. The test TestSigstoreChecksLess shows it.
//
// Two indices. logIndex is the entry's index in the whole Rekor v1 log, the
// one the SET signs; inclusionProof.logIndex is the leaf's index in the
// Merkle tree of its shard, the one the path is for. They are equal on an
// unsharded log and differ on a sharded one (rekor.sigstore.dev), so Verify
// does not require them to be equal.
//
// Real entries of the public-good log and of a self-hosted one
// (sigstore-go's test data, testdata/real) are positive controls for the
// log-side checks, and their one-byte mutations negative ones
// (TestRealEntries).
//
// Every Detail names what was compared. Details are built from the input,
// fixed text and the error text of encoding/json and merkle; protojson's
// error text is quoted without its "proto:" prefix, which varies from one
// build to another. So reports stay byte-identical across machines.
package rekor
