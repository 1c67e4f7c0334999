// Package verify checks a Trust Layer proof view as an independent third
// party would: conditions 1 and 2 of §4.1 of the challenge specification,
// on the model of spec 3.1 that package proof holds, from a season's pinned
// trust only (package trust) and the view itself. Verify reports every
// check it runs in Outcome.Checks, in the order of CheckNames; the first
// that fails is Outcome.Failure and decides the Status.
//
// The order puts first what needs no anchor, so that a proof of an open
// batch is judged on everything that can already be judged: the spec
// version, the chain, the signature and the openings of condition 1; then
// the batch and its anchors (inclusion, token, Rekor entry, season window);
// then condition 2, the identity. A proof of an open batch that fails one
// of the checks it allows is Invalid (or Unbound, for the identity); only
// one that passes all of them is Pending, « ni valide ni invalide » (§4.1).
//
// The rules, each with the section of the specification it comes from where
// there is one:
//
//   - The signature is arkforge_signature, Ed25519 over the hashes.chain
//     hex string, checked against the Trust Layer proof keys pinned in
//     trust_layer.toml, never against arkforge_pubkey, the key the view
//     carries (a served key that is not the pinned one is a Trust Layer
//     incident, Outcome.Incidents): those pinned at the batch token's
//     genTime when the token verifies; without an anchored time (an open
//     batch, a token that fails), those pinned at some time inside the
//     season window (Options.Window), since no other key can make the
//     proof valid once its batch is anchored in the season; without a
//     window either, any pinned key. Every window includes both its
//     bounds. The view's own timestamp is never used: Trust Layer serves
//     it, no third party signs it (§4.1).
//   - The time that counts is the genTime of the batch's RFC 3161 token,
//     « signée par un tiers, jamais le timestamp servi par Trust Layer »,
//     and it must lie between the season's opening and closing, both bounds
//     included (§4.1 condition 1).
//   - Inclusion is RFC 6962 §2.1.1 with the path length that leaf_index and
//     tree_size imply (§4.1: « longueur de chemin attendue »). Neither
//     number is anchored, and RFC 6962 proves inclusion, not a position: a
//     verified inclusion says the proof is included in the batch, never
//     that it is leaf i of n, and the report never prints a position as
//     verified.
//   - The anchors of a batch (package anchor) are verified once per Verifier
//     and the result is reused by every proof of the batch. The token is
//     the view's timestamp_authority.tsr_base64; the Rekor entry is the one
//     its transparency_log names by uuid, read from the Verifier's Entries
//     (the season's anchors/rekor cache), never from the network, as the
//     Rekor API serves it, and checked to be the entry of that uuid
//     (package rekor, VerifyAPIEntry). The result is keyed by all it is
//     verified from: the root, the token's bytes and the entry's uuid (and
//     the Verifier's trust material and entries, which a Verifier never
//     changes); views that differ in any of them are verified on their own.
//     The Rekor entry must be signed with a Trust Layer Rekor submission
//     key pinned for the token's genTime (with any pinned one when the
//     token fails, which is then the failure).
//   - A closed batch whose view carries no token (rfc3161.absent) or names
//     no Rekor entry by a valid uuid (rekor.reference) lacks that anchor:
//     Invalid. The statuses of timestamp_authority and transparency_log are
//     not committed and decide nothing: a served token is verified and a
//     named entry read, whatever they say. An entry that the cache does not
//     hold makes the Outcome NotFetched, which every caller stops on:
//     « not fetched » is not « does not exist » (a cached 404 record is
//     the log saying the entry does not exist: rekor.api.not_found).
//   - The view's transparency_log.log_index and integrated_time are not
//     committed: one that is not the entry's own, which the log signs, is a
//     Trust Layer incident, never a failure.
//   - request_hash and response_hash are opened with the submission's
//     disclosure (§4). A proof before 3.0 commits nothing: the disclosed
//     value must be the one its chain covers in clear.
//   - Condition 2: the identity triplet opened from the view's disclosed
//     block, agent_identity_verified true, did_resolution_status "bound",
//     agent_identity the enrolled DID. A proof of another spec_version than
//     3.1 fails it: before 3.1 no anchor covers the identity (§4.1, §10).
//   - A spec_version the model does not know is Invalid at the first check.
//   - A flat field that differs from its opened value is a Trust Layer
//     incident (§4.1), reported in Outcome.Incidents; it changes no status.
//     A flat field served as null is not served (v1.7 writes null for an
//     absent party field, and for an identity that is not verified).
//   - Nothing that is not committed changes a status: the fields package
//     proof keeps as informational (is_demo, upstream_status_code,
//     disputed, …) and the volatile ones are never read here.
//
// A Verifier is safe for concurrent use.
package verify
