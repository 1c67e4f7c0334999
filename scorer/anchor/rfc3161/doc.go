// Package rfc3161 verifies the RFC 3161 timestamp token that anchors a
// batch root (or the chain of a proof anchored on its own), the « jeton
// TSA » of §4.1 condition 1 of the challenge specification (package anchor
// says what it anchors): a DER TimeStampResp whose TSTInfo message imprint
// is SHA-256 of the 32 raw bytes of the anchored hash, signed by a
// Time-Stamping Authority
// pinned in the season's sigstore TrustedRoot. The token's genTime is the
// time that counts for the season window (§4.1 condition 1).
//
// Verify does what `openssl ts -verify -CAfile -untrusted` does (imprint,
// signature, ESS signing certificate, signer name, chain) and more, and
// reports the first check that fails as an *anchor.Failure.
//
// Real tokens carry no certificate. The Trust Layer requests its tokens
// with `openssl ts -query -data ROOT -no_nonce -sha256`, without -cert,
// from a pool of TSAs (FreeTSA, then DigiCert, then Sectigo), and checks
// them with `openssl ts -verify -CAfile … -untrusted …`: certReq is false,
// so the token's SignedData holds no certificate (RFC 3161 §2.4.1) and its
// signer is known only by the SignerInfo's issuer and serial number and
// the ESS attribute's certHash. Verify takes that signer from the pin: the
// leaf of one of the timestampAuthorities of the season's trusted root
// (several of them) whose hash is the certHash. A token that embeds
// certificates is held to the same pin: its signer must be a pinned leaf.
//
// The checks, in the order they run (Checks lists the codes in that order):
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
//  5. rfc3161.certificates: when the token embeds certificates, the signer
//     its SignerInfo names (issuer and serial number) is one of them; that
//     certificate is the signer. A token without certificates passes to 6.
//  6. rfc3161.signer: when the token embeds no certificate, its signer is
//     the pinned leaf (sigstore-go's Leaf of a timestampAuthorities entry:
//     the first certificate of its certChain, when not a CA) whose hash is
//     the certHash of the first ESSCertID of the ESS signing-certificate
//     attribute (signingCertificateV2 when there is one, with its
//     hashAlgorithm; else the v1 attribute, SHA-1), and the SignerInfo names
//     that leaf's issuer and serial number. The failure names the certHash
//     and the pinned leaves; an ESS attribute that is absent or does not
//     decode names no signer and fails here too. (The issuerSerial of the
//     ESSCertID, and the other attribute when both are present, are checked
//     by 15.)
//  7. rfc3161.hash: the message imprint algorithm is SHA-256 (the anchor is
//     SHA-256 of the root); the SignerInfo digest algorithm is SHA-256,
//     SHA-384 or SHA-512; the signature algorithm, when it names a hash,
//     names that same one; no SHA-1 anywhere: not in the imprint, the digest,
//     the signature algorithm, the signer certificate's own signature or an
//     ESSCertIDv2. (The v1 ESSCertID of RFC 2634 is SHA-1 by definition; it
//     only identifies the certificate already verified by its signature and
//     its chain, and is accepted.)
//  8. rfc3161.signature: the SignerInfo has signed attributes, each type at
//     most once, among them content-type = id-ct-TSTInfo and one
//     message-digest (RFC 5652 §5.3, §11.1, §11.2); then pkcs7 Verify with
//     the signer certificate of 5 or 6 (digitorus/timestamp.ParseResponse
//     runs it when certificates are embedded; without, it runs none, and
//     Verify runs it with the pinned signer): message-digest equals the
//     digest of the eContent (the TSTInfo), and the signature verifies over
//     the DER of the signed attributes with the signer certificate. pkcs7
//     checks neither the content-type attribute nor the number of signers:
//     this package does.
//  9. rfc3161.validity.signer: genTime is within the signer certificate's
//     notBefore..notAfter (RFC 5280 §4.1.2.5).
//  10. rfc3161.chain: the signer certificate chains, at genTime, to the root
//     of a pinned TSA entry: x509.Verify with CurrentTime = genTime, Roots =
//     that entry's root alone, Intermediates = that entry's intermediates
//     and the certificates embedded in the token.
//  11. rfc3161.leaf: that entry pins a leaf, and the signer certificate is
//     exactly it (same DER). An entry that pins no leaf (a certChain of its
//     root alone, or whose first certificate is a CA) anchors nothing.
//  12. rfc3161.validity.tsa: genTime is within that entry's validity window
//     (validFor; an absent bound is open).
//     Entries are tried in order; the first that passes 10 to 12 is the
//     TSA. When none does, the failure reported is the one of the entry that
//     got furthest (the first such entry).
//  13. rfc3161.eku: the signer certificate has an extended key usage
//     extension, marked critical, holding id-kp-timeStamping and nothing
//     else (RFC 3161 §2.3, RFC 5280 §4.2.1.12); every intermediate of the
//     verified chain that restricts its EKU allows timeStamping or
//     anyExtendedKeyUsage.
//  14. rfc3161.ca: the signer certificate is not a CA (basicConstraints
//     absent or cA=false, RFC 5280 §4.2.1.9): RFC 3161 §2.3 wants the TSA to
//     sign with a key of its own, not a CA key. (A trusted root read by
//     sigstore-go never pins a CA as a leaf, so 6 or 11 refuse such a
//     signer first; this check holds for pins built otherwise.)
//  15. rfc3161.ess: a signed ESS signing-certificate attribute is present,
//     id-aa-signingCertificate (RFC 2634 §5.4, SHA-1 hash) or
//     id-aa-signingCertificateV2 (RFC 5035 §3, its hashAlgorithm, SHA-256 by
//     default), single-valued, and its first ESSCertID, the one that
//     identifies the signer (RFC 5035 §3), carries the hash of the signer
//     certificate; its issuerSerial, when present, names the signer's issuer
//     and serial number. When both attributes are present, both must match.
//     This is what binds the signing certificate under the signature (RFC
//     3161 §2.4.1, RFC 5816), so that no other certificate with the same
//     key can be substituted.
//  16. rfc3161.tsa_name: the TSTInfo tsa field, when present, names the
//     signer: a directoryName equal to its subject, or a general name equal
//     to one of its subjectAltNames (RFC 3161 §2.4.2; openssl does the same).
//  17. rfc3161.imprint: the anchored root is 32 bytes and the message imprint
//     equals SHA-256 of it.
//
// Two gaps of the libraries are closed here, and the tests show each of them
// with a token the library accepts and Verify refuses:
//
//   - digitorus/timestamp.Parse (and ParseResponse) checks no chain at all:
//     a token from any key whatsoever, with its certificate embedded, parses;
//     and without embedded certificates, the real shape, it verifies no
//     signature at all. Checks 6, 8 and 10 to 12 close this.
//   - sigstore/timestamp-authority's VerifyTimestampResponse (which
//     sigstore-go's SigstoreTimestampingAuthority.Verify calls) checks the
//     chain, EKU and CA bit, but not the ESS signing-certificate attribute:
//     its verifyESSCertID only compares the pinned leaf's issuer and serial
//     with the embedded certificate's. Check 15 closes this.
//
// Real third-party tokens (GlobalSign's, from digitorus/timestamp's test
// data, testdata/real) are positive controls for every check up to the
// imprint, and their one-byte mutations negative ones (TestRealTokens).
//
// Not checked: revocation (no CRL or OCSP: the build is offline, and a TSA
// token is expected to outlive its certificate), the TSA policy OID and the
// nonce (the verifier asked for neither), and genTime's accuracy (genTime
// itself is the time that counts). RSASSA-PSS and DSA signatures are not
// supported by pkcs7 and fail check 8.
//
// Verify never panics: every structure is decoded with encoding/asn1 before
// pkcs7 sees it, and a deferred recover turns any panic left in a library
// into an rfc3161.parse failure. FuzzVerify exercises it.
package rfc3161
