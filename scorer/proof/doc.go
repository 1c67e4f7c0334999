// Package proof reads an ArkForge Trust Layer proof view (the document GET
// /v1/proof/{id} serves without authentication) as ArkForge's published
// « Proof Specification v3.1.0 » (ark-forge/proof-spec, CC BY 4.0; SPEC
// below) and the Trust Layer code that serves it (ark-forge/trust-layer,
// trust_layer/proofs.py, get_public_proof) define it, for every spec
// version the Trust Layer has served, and computes the hashes that bind it.
// Package verify checks it.
//
// What a view holds, by the spec's names:
//
//   - proof_id, and spec_version: "3.1", "3.0", "2.1", "1.2", "2.0", "1.1",
//     "1.0", or none (absent or null: an unversioned proof). The version
//     selects the chain algorithm (SPEC §2, « Backward compatibility »;
//     AlgorithmOf).
//   - hashes {request, response, chain}, each "sha256:" + 64 lowercase hex
//     (ParseDigest).
//   - commitments {field: "sha256:<hex>"} (3.0 and 3.1; null before): one
//     commitment per committed field, Commit(field, nonce, value) =
//     SHA-256(field ‖ 0x00 ‖ nonce ‖ canonical_json(value)) with a 32-byte
//     nonce (SPEC §2). The chain of 3.0 and 3.1 is the RFC 6962 Merkle root
//     over the commitments in field-name order (CommitmentsRoot): every
//     commitment the view publishes, known to this package or not, is a leaf.
//     3.1 commits RequiredCommitments always: the six chain fields and the
//     identity block (agent_identity, agent_identity_verified,
//     did_resolution_status, identity_consistent), plus upstream_timestamp
//     and receipt_content_hash when present; 3.0 commits no identity.
//   - disclosed {field: {nonce, value}} (3.1): the openings of the identity
//     block, published for everyone (SPEC §2, « Public opening of the
//     identity block »). The flat agent_identity, agent_identity_verified,
//     did_resolution_status and identity_consistent are informational: a
//     verifier reads disclosed.
//   - batch_anchor: null before 3.0; {status: "pending", batch_id} until the
//     batch closes; then {status: "anchored", batch_id, leaf_index,
//     tree_size, audit_path [hex…], root "sha256:<hex>"}, the RFC 6962
//     inclusion of the chain hash in the batch whose root the anchors cover
//     (SPEC §2.2).
//   - timestamp_authority {status, provider, tsr_base64, tsr_url, anchored,
//     error}: the RFC 3161 token, tsr_base64 the standard base64 of the DER
//     TimeStampResp; and transparency_log {provider, status, uuid,
//     log_index, integrated_time, log_url, verify_url, anchored, error,
//     reason} (SPEC §7.1): where the Rekor entry is, read from the log by its
//     uuid (the view does not carry it). anchored: "batch_root" marks the
//     anchors of a batch; status "failed" or "disabled" an anchor that was
//     not obtained.
//   - arkforge_signature: "ed25519:" + unpadded base64url of the Ed25519
//     signature over the chain's hex string (SPEC §6; DecodeEd25519);
//     arkforge_pubkey, the key the Trust Layer says it signed with, in the
//     same encoding; arkforge_kid, the key's id in ArkForge's published key
//     history (Trust Layer 1.12.0 and later). None of the three is covered
//     by the chain.
//   - the flat fields (Flat): agent_identity, agent_identity_verified,
//     did_resolution_status, identity_consistent, seller, timestamp,
//     upstream_timestamp; and fields the verification never reads, kept as
//     served (Informational): is_demo, demo_notice, verification_algorithm,
//     transaction_success, upstream_status_code, disputed, dispute_id,
//     provider_payment, and the owner's parties and certification_fee
//     (GET /v1/proof/{id}/full), read only to recompute a chain before 3.0.
//   - views_count and integrity_verified change at every read (Volatile):
//     never read, and not kept in the cache (CachedForm).
//
// A key this package does not know, at the top level or inside hashes,
// batch_anchor, timestamp_authority or transparency_log, is listed in
// View.Ignored by its JSON Pointer and never read: a field the Trust Layer
// adds later does not stop a build.
//
// The parser checks a view's structure: the JSON kind of every field a
// check reads and the keys it needs, within stated limits. A view that
// fails it is a *FieldError naming its JSON Pointer. The contents (the form
// of a hash, a nonce, a signature or a token; the values) are the
// verifier's: a view whose content is tampered with parses, and fails the
// check that reads that content.
package proof
