// Package verify checks one Trust Layer proof view as an independent third
// party would: by the algorithms ArkForge's « Proof Specification v3.1.0 »
// publishes for the view's spec_version (SPEC below; package proof reads the
// view), against trust material only (package trust: ArkForge's published
// key history and a sigstore trusted root), and, for a season, conditions
// 1 and 2 of §4.1 of the challenge specification.
//
// Verify runs the checks of CheckNames and reports each in
// Outcome.Checks, in that order, with one of four results: ok, failed,
// pending or skipped. The first that fails is Outcome.Failure; Status says
// what the checks add up to:
//
//   - spec_version: a version SPEC defines ("3.1", "3.0", "2.1", "1.2",
//     "2.0", "1.1", "1.0", or none). Any other fails and ends the
//     verification.
//   - chain: hashes.chain recomputed by the version's algorithm (SPEC §2).
//     3.1 and 3.0: the RFC 6962 Merkle root over every commitment the view
//     publishes, in field order; the view must commit
//     proof.RequiredCommitments (3.1 the identity block too: « a 3.1 proof
//     that drops an identity commitment is not a 3.1 proof », as the Trust
//     Layer's own integrity check says). 2.1 and 1.2 (canonical JSON of the
//     values), 2.0, 1.1, 1.0 and none (concatenation) chain
//     buyer_fingerprint and transaction_id, which a public view withholds
//     (SPEC §9): the chain is then skipped, saying that no third party can
//     recompute it from a public view, which is no sign of forgery; it is
//     recomputed when the owner's parties and certification_fee are there.
//   - signature: Ed25519 over the chain's hex string (SPEC §6) with the
//     published key the view names by arkforge_kid (Trust Layer 1.12.0 and
//     later), else the published key equal to its arkforge_pubkey; the
//     key must be valid at the proof's date, not retired at or before it.
//     The date is the genTime of the anchors' RFC 3161 token when it
//     verifies (a third party's time), else the view's timestamp (a
//     pending proof, a token that fails). A key the view embeds is never
//     used on its own: one the history does not list fails; an
//     arkforge_pubkey that is not the key arkforge_kid names is an
//     incident.
//   - openings: with a submission's disclosure (Options.Disclosure),
//     request_hash and response_hash open their commitments (3.0, 3.1:
//     proof.Commit with the disclosed nonce and the hex value), or, for a
//     version that commits nothing, are the values hashes serves (the values
//     its chain covers). Without one, skipped.
//   - inclusion: for an anchored batch, the three mandatory checks of SPEC
//     §2.2: 0 ≤ leaf_index < tree_size, an audit path of exactly the length
//     that leaf_index and tree_size imply, and the RFC 6962 walk from the
//     chain to the batch root. A pending batch: pending. No batch_anchor
//     (proofs anchored one by one, before 3.0): skipped, and the anchors
//     cover the chain itself. Neither index is anchored (RFC 6962 proves
//     inclusion, not a position): the report says « included in the batch »,
//     never that the proof is leaf i of n.
//   - rfc3161: the token of timestamp_authority.tsr_base64 (package
//     anchor/rfc3161), whose message imprint is SHA-256 of the 32 raw bytes
//     of the anchored hash (the batch root, or the chain), signed by a TSA
//     the trusted root pins. A view that carries no token fails: condition
//     1 names the token.
//   - rekor: the hashedrekord entry transparency_log.uuid names (package
//     anchor/rekor), read from Entries (a season's cache, or a file given to
//     proveit verify), never from the network, over the anchored hash's hex
//     string, signed with a published Rekor key valid at the proof's date
//     and logged by a log the trusted root pins. A view that names no entry
//     (transparency_log null, status "failed" or "disabled") fails: condition
//     1 names the entry. An entry Entries does not hold is skipped and the
//     Outcome is Incomplete (NotFetched): « not fetched » is not « does not
//     exist ».
//   - season_window: the genTime lies in Options.Window, both bounds
//     included (§4.1 condition 1: « l'heure retenue est celle du jeton,
//     jamais le timestamp servi par Trust Layer »); skipped without a window.
//   - identity, condition 2: spec 3.1 (before it no anchor covers the
//     identity: SPEC §2, « A verifier MUST NOT treat its
//     agent_identity_verified as evidence »), every opening of disclosed
//     opens its commitment, the four fields of the identity block are opened,
//     agent_identity_verified opens to true, did_resolution_status to
//     "bound", agent_identity to the enrolled DID (Options.DID);
//     identity_consistent is opened and shown, whatever its value.
//
// What needs no anchor is checked first (SPEC §2.2: « a verifier MUST report
// [pending] as waiting, never as tampering »): a proof of a pending batch
// that passes every other check is Pending, one that fails one is Invalid
// (or Unbound, for the identity). Status: Invalid when a check of condition
// 1 fails; else Incomplete when the Rekor entry is not available; else
// Unbound when the identity fails; else Pending for a pending batch; else
// Valid.
//
// A flat field that differs from its opening (hashes.request and
// hashes.response from the submission's openings; the flat identity fields
// from disclosed), an arkforge_pubkey that is not the named key, a
// transparency_log whose log_index or integrated_time is not the entry's
// own, and an anchored marker that contradicts batch_anchor are Trust Layer
// incidents (Outcome.Incidents): none changes a status, since nothing that
// is not committed does. The fields package proof keeps as informational,
// the volatile ones and the keys it ignores are never read here.
//
// The anchors of a batch are verified once per Verifier, and the result is
// reused by every proof whose view names the same anchored hash, token and
// Rekor uuid. A Verifier is safe for concurrent use.
package verify
