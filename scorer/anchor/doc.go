// Package anchor holds what the verifiers of a proof's external anchors
// share. Condition 1 of §4.1 of the challenge specification names two
// anchors, « jeton TSA » and « entrée Rekor ». Since spec 3.0 the Trust
// Layer anchors a batch once, by the RFC 6962 root over its proofs' chain
// hashes (ArkForge's Proof Specification 3.1, §2.2; package proof); before
// it, each proof was anchored on its own, by its chain hash. Either way one
// 32-byte hash is anchored, and the sub-packages verify one kind of anchor
// each over it:
//
//   - rfc3161: an RFC 3161 timestamp token whose message imprint is SHA-256
//     of the 32 raw bytes of the anchored hash, signed by a Time-Stamping
//     Authority pinned in the trusted root. Its genTime is the time that
//     counts (§4.1 condition 1).
//   - rekor: a Rekor v1 hashedrekord entry whose artefact is the anchored
//     hash's lowercase hex string, signed with a published Trust Layer
//     Rekor key and logged, with an inclusion proof, a signed checkpoint
//     and a signed entry timestamp, by a pinned Rekor log. The view names it
//     by uuid; it is read, as the Rekor API serves it, from a season's cache
//     or a file.
//
// Every check of either verifier that fails is reported as a *Failure.
package anchor
