// Package rfc3161 verifies the RFC 3161 timestamp token that anchors a
// batch root, the « jeton TSA » of §4.1 condition 1 of the challenge
// specification (package anchor says what it anchors): a DER
// TimeStampResp whose TSTInfo message imprint is SHA-256 of the 32 raw
// bytes of the batch's Merkle root, signed by a Time-Stamping Authority
// pinned in the season's sigstore TrustedRoot. The token's genTime is the
// time that counts for the season window (§4.1 condition 1).
//
// Verify does what `openssl ts -verify` does (imprint, signature, ESS
// signing certificate, signer name, chain) and more, and reports the first
// check that fails as an *anchor.Failure. The checks, in the order they run
// (Checks lists the codes in that order):
//
//  1. rfc3161.size: the TimeStampResp is at most MaxTokenSize bytes.
//  2. rfc3161.parse: the TimeStampResp is DER with no trailing data.
//  3. rfc3161.status: PKIStatus is granted (0). grantedWithMods (1) is
//     refused too: nothing was asked that a TSA could modify, and
//     digitorus/timestamp refuses it as well.
//  4. rfc3161.parse: the token is a CMS ContentInfo of type signed-data
//     (RFC 5652 §5) with exactly one SignerInfo, its eContentType is
//     id-ct-TSTInfo and its eContent a DER TSTInfo of version 1 with no
//     trailing data (RFC 3161 §2.4.2); pkcs7.Parse reads it too.
//  5. rfc3161.certificates: the token embeds certificates, the signer's among
//     them. A token without embedded certificates is refused: its signer can
//     then only be named by issuer and serial, the token itself does not bind
//     it to a pinned chain, and digitorus/timestamp.Parse verifies no
//     signature at all on such a token (it runs pkcs7 Verify only when
//     certificates are present).
//  6. rfc3161.hash: the message imprint algorithm is SHA-256 (the anchor is
//     SHA-256 of the root); the SignerInfo digest algorithm is SHA-256,
//     SHA-384 or SHA-512; the signature algorithm, when it names a hash,
//     names that same one; no SHA-1 anywhere: not in the imprint, the digest,
//     the signature algorithm, the signer certificate's own signature or an
//     ESSCertIDv2. (The v1 ESSCertID of RFC 2634 is SHA-1 by definition; it
//     only identifies the certificate already verified by its signature and
//     its chain, and is accepted.)
//  7. rfc3161.signature: the SignerInfo has signed attributes, each type at
//     most once, among them content-type = id-ct-TSTInfo and one
//     message-digest (RFC 5652 §5.3, §11.1, §11.2); then
//     digitorus/timestamp.ParseResponse, which, the certificates being
//     embedded, runs pkcs7 Verify: message-digest equals the digest of the
//     eContent (the TSTInfo), and the signature verifies over the DER of the
//     signed attributes with the signer certificate. pkcs7 checks neither
//     the content-type attribute nor the number of signers: this package
//     does.
//  8. rfc3161.validity.signer: genTime is within the signer certificate's
//     notBefore..notAfter (RFC 5280 §4.1.2.5).
//  9. rfc3161.chain: the signer certificate chains, at genTime, to the root
//     of a pinned TSA entry: x509.Verify with CurrentTime = genTime, Roots =
//     that entry's root alone, Intermediates = that entry's intermediates
//     and the certificates embedded in the token.
//  10. rfc3161.leaf: when that entry pins a leaf, the signer certificate is
//     exactly it (same DER).
//  11. rfc3161.validity.tsa: genTime is within that entry's validity window
//     (validFor; an absent bound is open).
//     Entries are tried in order; the first that passes 9 to 11 is the
//     TSA. When none does, the failure reported is the one of the entry that
//     got furthest (the first such entry).
//  12. rfc3161.eku: the signer certificate has an extended key usage
//     extension, marked critical, holding id-kp-timeStamping and nothing
//     else (RFC 3161 §2.3, RFC 5280 §4.2.1.12); every intermediate of the
//     verified chain that restricts its EKU allows timeStamping or
//     anyExtendedKeyUsage.
//  13. rfc3161.ca: the signer certificate is not a CA (basicConstraints
//     absent or cA=false, RFC 5280 §4.2.1.9): RFC 3161 §2.3 wants the TSA to
//     sign with a key of its own, not a CA key.
//  14. rfc3161.ess: a signed ESS signing-certificate attribute is present,
//     id-aa-signingCertificate (RFC 2634 §5.4, SHA-1 hash) or
//     id-aa-signingCertificateV2 (RFC 5035 §3, its hashAlgorithm, SHA-256 by
//     default), single-valued, and its first ESSCertID, the one that
//     identifies the signer (RFC 5035 §3), carries the hash of the signer
//     certificate; its issuerSerial, when present, names the signer's issuer
//     and serial number. When both attributes are present, both must match.
//     This is what binds the signing certificate under the signature (RFC
//     3161 §2.4.1, RFC 5816), so that no other certificate with the same
//     key can be substituted.
//  15. rfc3161.tsa_name: the TSTInfo tsa field, when present, names the
//     signer: a directoryName equal to its subject, or a general name equal
//     to one of its subjectAltNames (RFC 3161 §2.4.2; openssl does the same).
//  16. rfc3161.imprint: the anchored root is 32 bytes and the message imprint
//     equals SHA-256 of it.
//
// Two gaps of the libraries are closed here, and the tests show each of them
// with a token the library accepts and Verify refuses:
//
//   - digitorus/timestamp.Parse (and ParseResponse) checks no chain at all:
//     a token from any key whatsoever, with its certificate embedded, parses;
//     and without embedded certificates it verifies no signature at all.
//     Checks 5 and 9 to 11 close this.
//   - sigstore/timestamp-authority's VerifyTimestampResponse (which
//     sigstore-go's SigstoreTimestampingAuthority.Verify calls) checks the
//     chain, EKU and CA bit, but not the ESS signing-certificate attribute:
//     its verifyESSCertID only compares the pinned leaf's issuer and serial
//     with the embedded certificate's. Check 14 closes this.
//
// Not checked: revocation (no CRL or OCSP: the build is offline, and a TSA
// token is expected to outlive its certificate), the TSA policy OID and the
// nonce (the verifier asked for neither), and genTime's accuracy (genTime
// itself is the time that counts). RSASSA-PSS and DSA signatures are not
// supported by pkcs7 and fail check 7.
//
// Verify never panics: every structure is decoded with encoding/asn1 before
// pkcs7 sees it, and a deferred recover turns any panic left in a library
// into an rfc3161.parse failure. FuzzVerify exercises it.
package rfc3161
