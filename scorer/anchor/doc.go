// Package anchor holds what the verifiers of a batch's external anchors
// share. Condition 1 of §4.1 of the challenge specification names two
// anchors, « jeton TSA » and « entrée Rekor », and every proof joins a
// batch anchored by both (§2.1, §2.2 point 3). Here a batch is anchored
// once, by its Merkle root (package proof), and its sub-packages verify one
// kind of anchor each:
//
//   - rfc3161: an RFC 3161 timestamp token whose message imprint is SHA-256
//     of the 32 raw bytes of the root, signed by a Time-Stamping Authority
//     pinned in the season's trusted root. Its genTime is the time that
//     counts (§4.1 condition 1).
//   - rekor: a Rekor v1 hashedrekord entry whose artefact is the root's
//     lowercase hex string, signed with the Trust Layer's pinned Rekor
//     submission key and logged, with an inclusion proof, a signed
//     checkpoint and a signed entry timestamp, by a pinned Rekor log. The
//     view names it by uuid; it is read, as the Rekor API serves it, from
//     the season's cache.
//
// Every check of either verifier that fails is reported as a *Failure.
package anchor
