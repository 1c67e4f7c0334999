// Package proof models a Trust Layer proof's public view (the document
// GET /v1/proof/{id} serves without authentication) and the hashes that
// bind it.
//
// Condition 2 of the challenge specification wants a proof of spec_version
// "3.1" « ou au-delà » (§4.1), and the normative text of 3.1 is not public.
// This package models spec 3.1 from what the specification says of it
// (§2.1, §2.4, §4, §4.1, §10), and is the one place that holds the model,
// so that it can be swapped when ArkForge publishes 3.1:
//
//   - Commitments. The submission's (nonce, value) pairs open « leurs
//     engagements ancrés » (§4.1 condition 1): each chain field f is
//     committed as sha256hex(canonical_json({"field": f, "nonce": n,
//     "value": v})), with n a 32-byte nonce written as 64 lowercase hex
//     digits (Commitment). The fields a spec commits are CommittedFields.
//   - Chain. hashes.chain is sha256hex(canonical_json({"commitments":
//     {f: c_f, ...}, "proof_id": id, "spec_version": spec}))
//     (CommittedChain), and the Ed25519 signature is over its hex string.
//   - Openings. The view's disclosed block opens the identity triplet
//     (IdentityFields): since spec 3.1 it is committed and its nonces are
//     published in the proof (§10). The nonces of request_hash and
//     response_hash are not public: a submission discloses them (§4).
//   - Batch. A proof joins a batch (§2.1, « lot »): an RFC 6962 Merkle tree
//     whose leaves are the 32 raw bytes of the chain hashes. The view
//     carries the batch's id, status, size, the proof's leaf index, its
//     inclusion path and the root; a closed batch also carries its anchors
//     (package anchor says what they bind). A batch whose status is open
//     carries neither root nor anchor: its proofs are pending, « ni valide
//     ni invalide » (§4.1).
//   - Older specs. 3.0 commits every chain field but the identity triplet;
//     the published proof-spec 1.1 and 2.0 (string concatenation) and 1.2
//     and 2.1 (canonical JSON) chain the flat fields in clear (package
//     hashes). Their views parse too, without commitments before 3.0, and
//     AlgorithmOf names their chain algorithm; none can pass condition 2
//     (§4.1, §10). A view that claims 3.0 and commits the identity triplet
//     does not parse: it is not a 3.0 view (a 3.1 proof relabelled, say).
//     A view of a spec_version the model does not know, one above 3.1
//     included, parses, and AlgorithmOf returns Unknown for it.
//   - Flat fields (agent_identity, hashes.request, ...) are informational:
//     the scorer reads the identity in disclosed and the hashes in the
//     opened pairs, « jamais dans les champs plats » (§4.1). They are kept
//     in View.Flat and never relied on.
//
// The view's layout is that of View and Batch, whose field comments name
// the JSON key each holds. Keys the model does not know are allowed at the
// top level only (the served view carries more informational fields): they
// are listed in View.Ignored and never read. Everywhere else the view is
// strict, and a malformed field is a *FieldError naming its JSON Pointer
// (the empty pointer, the whole document, reads « the document »).
package proof
