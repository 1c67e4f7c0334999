// Package proof models a Trust Layer proof's public view (the document
// GET /v1/proof/{id} serves without authentication) and the hashes that
// bind it.
//
// Condition 2 of the challenge specification wants a proof of spec_version
// "3.1" « ou au-delà » (§4.1), and the normative text of 3.1 is not public.
// The model is the smallest extension of the view that the published Trust
// Layer serves today (ark-forge/trust-layer v1.7.0: proofs.py,
// get_public_proof; app.py, get_proof; proxy.py, the record it signs):
// wherever a concept exists in v1.7, its v1.7 name and encoding are kept,
// and spec 3.1 adds only what the specification describes (§2.1, §2.4, §4,
// §4.1, §10). This package is the one place that holds the model, so that
// it can be swapped when ArkForge publishes 3.1.
//
// Read as v1.7 serves them:
//
//   - proof_id, spec_version; hashes {request, response, chain}, each
//     "sha256:" + 64 lowercase hex (the prefix is dropped: View.Chain).
//   - arkforge_signature: "ed25519:" + base64url without padding of the
//     Ed25519 signature over the hashes.chain hex string (crypto.py,
//     sign_proof; DecodeEd25519 says which spellings are read); null when
//     the Trust Layer signed nothing.
//   - arkforge_pubkey, in the same encoding: read and reported, never
//     trusted (PublicKey). The signature is checked against the keys pinned
//     in trust_layer.toml only.
//   - timestamp_authority {status, provider, tsr_url, tsr_base64}: the RFC
//     3161 token, tsr_base64 the standard base64 of the DER TimeStampResp
//     (TimestampAuthority). In 3.1 its subject is the batch root.
//   - transparency_log {provider, status, uuid, log_index, integrated_time,
//     log_url, verify_url}: where the Rekor entry is (TransparencyLog). The
//     entry itself is not in the view; proveit fetch reads it from the log
//     by its uuid and caches it beside the views.
//   - the flat fields agent_identity, agent_identity_verified,
//     did_resolution_status, seller, timestamp, upstream_timestamp
//     (View.Flat), and the fields the specification gives no role
//     (informationalKeys: is_demo, demo_notice, verification_algorithm,
//     identity_consistent, transaction_success, upstream_status_code,
//     disputed, dispute_id, provider_payment), kept as served in
//     View.Informational and never read by a check. Nothing that is not
//     committed changes a status: the upstream HTTP status in particular is
//     recorded, not committed (« Le code HTTP n'est pas ancré », §2.5).
//   - views_count and integrity_verified change at every read
//     (VolatileFields): accepted, never read, never compared, and not kept
//     in the cache (CachedForm).
//
// Added by the model of spec 3.1:
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
//     carries batch {id, status, tree_size, leaf_index, inclusion_path,
//     root}; the batch is anchored once, by its root, with the two anchors
//     v1.7 gives each proof (package anchor says what they bind).
//   - An open batch. Its view carries batch {id, status: "open"} and no
//     root; timestamp_authority as v1.7 serves it before a token is
//     obtained ({status: "submitted", provider, tsr_url}, no tsr_base64),
//     and transparency_log null, as v1.7 serves it before the entry is
//     submitted. A view of an open batch that carries a token or names a
//     Rekor entry does not parse. Its proofs are pending, « ni valide ni
//     invalide » (§4.1).
//   - A closed batch whose view carries no token, or names no Rekor entry
//     (timestamp_authority still "submitted", transparency_log null or
//     "failed"), parses: it lacks an anchor, which the verifier reports.
//     The statuses themselves decide nothing: a token that is served is
//     verified whatever its status says.
//   - Older specs. 3.0 commits every chain field but the identity triplet;
//     the published proof-spec 1.1 and 2.0 (string concatenation) and 1.2
//     and 2.1 (canonical JSON) chain the flat fields in clear (package
//     hashes), with upstream_timestamp and provider_payment's
//     receipt_content_hash when present, as v1.7 does. Their views parse
//     too, without commitments before 3.0, and AlgorithmOf names their chain
//     algorithm; none can pass condition 2 (§4.1, §10). A view that claims
//     3.0 and commits the identity triplet does not parse: it is not a 3.0
//     view (a 3.1 proof relabelled, say). A view of a spec_version the
//     model does not know, one above 3.1 included, parses, and AlgorithmOf
//     returns Unknown for it.
//   - Flat fields (agent_identity, hashes.request, ...) are informational:
//     the scorer reads the identity in disclosed and the hashes in the
//     opened pairs, « jamais dans les champs plats » (§4.1). They are kept
//     in View.Flat and never relied on.
//
// The view's layout is that of View, Batch, TimestampAuthority and
// TransparencyLog, whose field comments name the JSON key each holds. Keys
// the model does not know are allowed at the top level only (a served view
// may carry more informational fields): they are listed in View.Ignored
// and never read. Everywhere else the view is strict (duplicate keys,
// types, bounds), and a malformed field is a *FieldError naming its JSON
// Pointer (the empty pointer, the whole document, reads « the document »).
package proof
