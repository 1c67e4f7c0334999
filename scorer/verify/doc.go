// Package verify checks a Trust Layer proof view as an independent third
// party would: conditions 1 and 2 of §4.1 of the challenge specification,
// on the model of spec 3.1 that package proof holds, from a season's pinned
// trust only (package trust) and the view itself. Verify reports every
// check it runs in Outcome.Checks; the first that fails is Outcome.Failure
// and decides the Status.
//
// The rules, each with the section of the specification it comes from where
// there is one:
//
//   - The signature is Ed25519 over the hashes.chain hex string, checked
//     against the Trust Layer proof keys pinned in trust_layer.toml for the
//     batch token's genTime, never against a key the view carries. Without
//     an anchored time (an open batch, a token that fails) any pinned key
//     may be the one; the other checks then decide.
//   - The time that counts is the genTime of the batch's RFC 3161 token,
//     « signée par un tiers, jamais le timestamp servi par Trust Layer »,
//     and it must lie between the season's opening and closing, both bounds
//     included (§4.1 condition 1).
//   - Inclusion is RFC 6962 §2.1.1 with the path length that leaf_index and
//     tree_size imply (§4.1: « longueur de chemin attendue »). Neither
//     number is anchored, and RFC 6962 proves inclusion, not a position: a
//     verified inclusion says the proof is in the batch, not that it is leaf
//     i of n.
//   - The anchors of a batch (package anchor) are verified once per Verifier
//     and the result is reused by every proof of the batch; a batch id that
//     comes with other anchors is verified on its own. The Rekor entry must
//     be signed with a Trust Layer Rekor submission key pinned for the
//     token's genTime (with any pinned one when the token fails).
//   - request_hash and response_hash are opened with the submission's
//     disclosure (§4). A proof before 3.0 commits nothing: the disclosed
//     value must be the one its chain covers in clear.
//   - Condition 2: the identity triplet opened from the view's disclosed
//     block, agent_identity_verified true, did_resolution_status "bound",
//     agent_identity the enrolled DID. A proof of another spec_version than
//     3.1 fails it: before 3.1 no anchor covers the identity (§4.1, §10).
//   - A spec_version the model does not know is Invalid at the first check.
//   - A proof whose batch is open is Pending, « ni valide ni invalide »
//     (§4.1): the checks that need no anchor still run and are reported, and
//     do not change that status.
//   - A flat field that differs from its opened value is a Trust Layer
//     incident (§4.1), reported in Outcome.Incidents; it changes no status.
//
// A Verifier is safe for concurrent use.
package verify
