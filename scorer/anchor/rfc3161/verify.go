package rfc3161

import (
	"bytes"
	"crypto"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/ark-forge/proveit/scorer/anchor"
	"github.com/digitorus/pkcs7"
	"github.com/digitorus/timestamp"
	"github.com/sigstore/sigstore-go/pkg/root"
)

// MaxTokenSize bounds the DER TimeStampResp Verify reads: 64 KiB, room for
// a token and a chain of several certificates, far under what would cost.
const MaxTokenSize = 64 << 10

// Check codes, stable: reports and tests rely on them.
const (
	CheckSize           = "rfc3161.size"
	CheckParse          = "rfc3161.parse"
	CheckStatus         = "rfc3161.status"
	CheckCertificates   = "rfc3161.certificates"
	CheckSigner         = "rfc3161.signer"
	CheckHash           = "rfc3161.hash"
	CheckSignature      = "rfc3161.signature"
	CheckSignerValidity = "rfc3161.validity.signer"
	CheckChain          = "rfc3161.chain"
	CheckLeaf           = "rfc3161.leaf"
	CheckTSAValidity    = "rfc3161.validity.tsa"
	CheckEKU            = "rfc3161.eku"
	CheckCA             = "rfc3161.ca"
	CheckESS            = "rfc3161.ess"
	CheckTSAName        = "rfc3161.tsa_name"
	CheckImprint        = "rfc3161.imprint"
)

// Result is what a verified token establishes.
type Result struct {
	// GenTime is the TSTInfo genTime, in UTC: the time that counts.
	GenTime time.Time
	// TSA is the signer certificate's subject (RFC 2253 string).
	TSA string
	// TSAURI is the URI of the pinned TSA entry the signer chains to.
	TSAURI string
	// SignerSHA256 is the lowercase hex SHA-256 of the signer certificate's
	// DER: its fingerprint.
	SignerSHA256 string
	// HashAlgorithm is the message imprint's (always SHA-256 once verified).
	HashAlgorithm crypto.Hash
	// DigestAlgorithm is the SignerInfo's (SHA-256, SHA-384 or SHA-512).
	DigestAlgorithm crypto.Hash
	// SerialNumber is the TSTInfo serial number, in decimal.
	SerialNumber string
	// Policy is the TSTInfo policy OID, dotted.
	Policy string
}

// panicDetail starts the Detail of the failure that a recovered panic gives.
const panicDetail = "internal error, panic while verifying: "

// Verify verifies respDER, a DER TimeStampResp, as the anchor of
// anchoredRoot (the 32 raw bytes of the anchored hash: a batch root, or a
// chain) under the pinned TSAs
// tsas (a TrustedRoot's TimestampingAuthorities; entries that are not
// *root.SigstoreTimestampingAuthority, or have no root or no leaf, anchor
// nothing: the signer must be an entry's leaf). The
// checks and their order are the package documentation's; the error, when
// not nil, is always an *anchor.Failure naming the first that failed.
// Verify reads no clock (certificates are checked at genTime) and keeps no
// state: it is deterministic and safe for concurrent use.
func Verify(respDER []byte, anchoredRoot []byte, tsas []root.TimestampingAuthority) (res Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = Result{}, anchor.Failf(CheckParse, "%s%v", panicDetail, r)
		}
	}()
	r, f := verify(respDER, anchoredRoot, tsas)
	if f != nil {
		return Result{}, f
	}
	return r, nil
}

// token is a decoded TimeStampResp.
type token struct {
	resp   timeStampResp
	sd     signedData
	p7     *pkcs7.PKCS7
	info   tstInfo
	signer *x509.Certificate
	// fromPin: the token embeds no certificate and signer is the pinned
	// leaf its ESS attribute names (rfc3161.signer).
	fromPin bool
	attrs   []attribute // the signer's signed attributes
}

// attribute is a CMS Attribute: pkcs7 keeps its own type unexported.
type attribute struct {
	Type   asn1.ObjectIdentifier
	Values asn1.RawValue // the SET OF values
}

func verify(respDER, anchoredRoot []byte, tsas []root.TimestampingAuthority) (Result, *anchor.Failure) {
	var tok token
	if f := tok.decodeResponse(respDER); f != nil {
		return Result{}, f
	}
	if f := tok.status(); f != nil {
		return Result{}, f
	}
	if f := tok.decodeToken(); f != nil {
		return Result{}, f
	}
	if f := tok.certificates(); f != nil {
		return Result{}, f
	}
	if f := tok.pinnedSigner(tsas); f != nil {
		return Result{}, f
	}
	digestAlg, f := tok.hashes()
	if f != nil {
		return Result{}, f
	}
	if f := tok.signature(respDER); f != nil {
		return Result{}, f
	}
	genTime := tok.info.Time.UTC()
	signer := tok.signer
	if genTime.Before(signer.NotBefore) || genTime.After(signer.NotAfter) {
		return Result{}, anchor.Failf(CheckSignerValidity,
			"genTime %s is outside the signer certificate's validity %s to %s (signer %s)",
			stamp(genTime), stamp(signer.NotBefore), stamp(signer.NotAfter), signer.Subject)
	}
	tsa, chains, f := tok.pinnedTSA(genTime, tsas)
	if f != nil {
		return Result{}, f
	}
	if f := checkEKU(signer, chains); f != nil {
		return Result{}, f
	}
	if signer.IsCA {
		return Result{}, anchor.Failf(CheckCA,
			"the signer certificate %s is a CA (basicConstraints cA=true); RFC 3161 §2.3 wants an end-entity certificate", signer.Subject)
	}
	if f := checkESS(tok.attrs, signer); f != nil {
		return Result{}, f
	}
	if f := checkTSAName(tok.info.TSA, signer); f != nil {
		return Result{}, f
	}
	want := sha256.Sum256(anchoredRoot)
	if len(anchoredRoot) != sha256.Size {
		return Result{}, anchor.Failf(CheckImprint,
			"the anchored root is %d bytes, a batch root is %d raw bytes (message imprint %x)",
			len(anchoredRoot), sha256.Size, tok.info.MessageImprint.HashedMessage)
	}
	if got := tok.info.MessageImprint.HashedMessage; !bytes.Equal(got, want[:]) {
		return Result{}, anchor.Failf(CheckImprint,
			"message imprint %x, SHA-256 of the anchored root %x is %x", got, anchoredRoot, want)
	}
	return Result{
		GenTime:         genTime,
		TSA:             signer.Subject.String(),
		TSAURI:          tsa.URI,
		SignerSHA256:    fingerprint(signer),
		HashAlgorithm:   crypto.SHA256,
		DigestAlgorithm: digestAlg,
		SerialNumber:    tok.info.SerialNumber.String(),
		Policy:          tok.info.Policy.String(),
	}, nil
}

// decodeResponse checks the size and decodes the TimeStampResp envelope.
func (t *token) decodeResponse(der []byte) *anchor.Failure {
	if len(der) > MaxTokenSize {
		return anchor.Failf(CheckSize, "the TimeStampResp is %d bytes, over the limit of %d bytes (MaxTokenSize, 64 KiB)", len(der), MaxTokenSize)
	}
	if len(der) == 0 {
		return anchor.Failf(CheckParse, "the TimeStampResp is empty")
	}
	rest, err := asn1.Unmarshal(der, &t.resp)
	if err != nil {
		return anchor.Failf(CheckParse, "the TimeStampResp is not DER: %s%s", asn1Err(err), base64Hint(der))
	}
	if len(rest) > 0 {
		return anchor.Failf(CheckParse, "%d bytes of trailing data after the %d-byte TimeStampResp", len(rest), len(der)-len(rest))
	}
	return nil
}

// asn1Err is an encoding/asn1 error without the dump of the field
// parameters that it carries.
func asn1Err(err error) string {
	msg := err.Error()
	if i := strings.Index(msg, " {optional:"); i >= 0 {
		if j := strings.IndexByte(msg[i:], '}'); j >= 0 {
			msg = msg[:i] + msg[i+j+1:]
		}
	}
	return msg
}

// base64Hint says so when the bytes look like base64 text rather than DER.
func base64Hint(b []byte) string {
	if len(b) < 8 {
		return ""
	}
	for _, c := range b {
		if !('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '+' || c == '/' || c == '=' || c == '-' || c == '_' || c == '\n' || c == '\r') {
			return ""
		}
	}
	return " (the bytes look like base64 text: batch.rfc3161_token must be base64-decoded first)"
}

func (t *token) status() *anchor.Failure {
	st := t.resp.Status
	if st.Status == int(timestamp.Granted) {
		return nil
	}
	var failInfo []string
	for bit := 0; bit < st.FailInfo.BitLength && bit < 64; bit++ {
		if st.FailInfo.At(bit) == 1 {
			failInfo = append(failInfo, fmt.Sprintf("%d (%s)", bit, timestamp.FailureInfo(bit)))
		}
	}
	return anchor.Failf(CheckStatus, "PKIStatus %d (%s), want 0 (granted); statusString %q; failInfo %v",
		st.Status, timestamp.Status(st.Status), st.StatusString, failInfo)
}

// decodeToken decodes the ContentInfo, SignedData and TSTInfo strictly,
// then has pkcs7 parse the token.
func (t *token) decodeToken() *anchor.Failure {
	raw := t.resp.TimeStampToken.FullBytes
	if len(raw) == 0 {
		return anchor.Failf(CheckParse, "PKIStatus granted but no timeStampToken")
	}
	var ci contentInfo
	if rest, err := asn1.Unmarshal(raw, &ci); err != nil {
		return anchor.Failf(CheckParse, "the timeStampToken is not a CMS ContentInfo: %s", asn1Err(err))
	} else if len(rest) > 0 {
		return anchor.Failf(CheckParse, "trailing data in the timeStampToken")
	}
	if !ci.ContentType.Equal(oidSignedData) {
		return anchor.Failf(CheckParse, "the timeStampToken's content type is %s, want id-signedData %s", ci.ContentType, oidSignedData)
	}
	if ci.Content.Class != asn1.ClassContextSpecific || ci.Content.Tag != 0 || !ci.Content.IsCompound {
		return anchor.Failf(CheckParse, "the ContentInfo content is not [0] EXPLICIT")
	}
	if rest, err := asn1.Unmarshal(ci.Content.Bytes, &t.sd); err != nil {
		return anchor.Failf(CheckParse, "the SignedData does not decode: %s", asn1Err(err))
	} else if len(rest) > 0 {
		return anchor.Failf(CheckParse, "trailing data after the SignedData")
	}
	eci := t.sd.EncapContentInfo
	if !eci.EContentType.Equal(oidTSTInfo) {
		return anchor.Failf(CheckParse, "eContentType is %s, want id-ct-TSTInfo %s", eci.EContentType, oidTSTInfo)
	}
	if len(eci.EContent) == 0 {
		return anchor.Failf(CheckParse, "the SignedData has no eContent (a detached TSTInfo)")
	}
	if n := len(t.sd.SignerInfos); n != 1 {
		return anchor.Failf(CheckParse, "the SignedData has %d SignerInfos, RFC 3161 §2.4.2 wants exactly one", n)
	}
	if rest, err := asn1.Unmarshal(eci.EContent, &t.info); err != nil {
		return anchor.Failf(CheckParse, "the TSTInfo does not decode: %s", asn1Err(err))
	} else if len(rest) > 0 {
		return anchor.Failf(CheckParse, "%d bytes of trailing data after the TSTInfo", len(rest))
	}
	if t.info.Version != 1 {
		return anchor.Failf(CheckParse, "TSTInfo version %d, want 1", t.info.Version)
	}
	if len(t.info.MessageImprint.HashedMessage) == 0 {
		return anchor.Failf(CheckParse, "the TSTInfo message imprint is empty")
	}
	if t.info.SerialNumber == nil {
		return anchor.Failf(CheckParse, "the TSTInfo has no serial number")
	}
	p7, err := pkcs7.Parse(raw)
	if err != nil {
		return anchor.Failf(CheckParse, "pkcs7 does not parse the timeStampToken: %v", err)
	}
	if len(p7.Signers) != 1 || !bytes.Equal(p7.Content, eci.EContent) {
		return anchor.Failf(CheckParse, "pkcs7 reads the token otherwise (%d signers, %d-byte content; decoded: 1 signer, %d-byte TSTInfo)",
			len(p7.Signers), len(p7.Content), len(eci.EContent))
	}
	t.p7 = p7
	for _, a := range p7.Signers[0].AuthenticatedAttributes {
		t.attrs = append(t.attrs, attribute{Type: a.Type, Values: a.Value})
	}
	return nil
}

// certificates runs rfc3161.certificates: the certificates a token embeds,
// if any, include the signer its SignerInfo names. A token without
// certificates is left to pinnedSigner.
func (t *token) certificates() *anchor.Failure {
	sid := t.p7.Signers[0].IssuerAndSerialNumber
	if len(t.p7.Certificates) == 0 {
		return nil
	}
	t.signer = t.p7.GetOnlySigner()
	if t.signer == nil {
		return anchor.Failf(CheckCertificates, "none of the %d embedded certificates is the signer named by the SignerInfo (issuer %s, serial %v)",
			len(t.p7.Certificates), rawName(sid.IssuerName.FullBytes), sid.SerialNumber)
	}
	return nil
}

// hashes checks every hash algorithm the token uses; it returns the
// SignerInfo's digest algorithm.
func (t *token) hashes() (crypto.Hash, *anchor.Failure) {
	imp := t.info.MessageImprint.HashAlgorithm.Algorithm
	if h := hashOf(imp); h != crypto.SHA256 {
		return 0, anchor.Failf(CheckHash, "message imprint algorithm %s, want SHA-256 (%s)%s",
			hashName(h, imp), oidSHA256, sha1Note(h))
	}
	si := t.p7.Signers[0]
	dOID := si.DigestAlgorithm.Algorithm
	digest := hashOf(dOID)
	switch digest {
	case crypto.SHA256, crypto.SHA384, crypto.SHA512:
	default:
		return 0, anchor.Failf(CheckHash, "SignerInfo digest algorithm %s, want SHA-256, SHA-384 or SHA-512%s",
			hashName(digest, dOID), sha1Note(digest))
	}
	sOID := si.DigestEncryptionAlgorithm.Algorithm
	for _, a := range signatureAlgorithms {
		if !a.oid.Equal(sOID) {
			continue
		}
		if a.hash != digest {
			return 0, anchor.Failf(CheckHash, "signature algorithm %s (%s) hashes with %s, the SignerInfo digest algorithm is %s%s",
				a.name, sOID, a.hash, digest, sha1Note(a.hash))
		}
	}
	if insecureCertSignatures[t.signer.SignatureAlgorithm] {
		return 0, anchor.Failf(CheckHash, "the signer certificate %s is signed with %s, refused",
			t.signer.Subject, t.signer.SignatureAlgorithm)
	}
	for _, a := range t.attrs {
		if !a.Type.Equal(oidAttrSigningCertificateV2) {
			continue
		}
		var sc signingCertificateV2
		if _, err := asn1.Unmarshal(a.Values.Bytes, &sc); err != nil {
			continue // reported by the ESS check
		}
		for i, id := range sc.Certs {
			if h := hashOf(id.HashAlgorithm.Algorithm); len(id.HashAlgorithm.Algorithm) > 0 && h != crypto.SHA256 && h != crypto.SHA384 && h != crypto.SHA512 {
				return 0, anchor.Failf(CheckHash, "ESSCertIDv2 %d hash algorithm %s, want SHA-256, SHA-384 or SHA-512%s",
					i, hashName(h, id.HashAlgorithm.Algorithm), sha1Note(h))
			}
		}
	}
	return digest, nil
}

func sha1Note(h crypto.Hash) string {
	if h == crypto.SHA1 {
		return ": SHA-1 is refused (SHAttered, RFC 6194)"
	}
	return ""
}

// signature checks the signed attributes pkcs7 leaves alone, then has
// digitorus/timestamp.ParseResponse verify the CMS signature with the
// embedded signer certificate; it verifies none on a token without
// certificates, so pkcs7 Verify is then run with the pinned signer.
func (t *token) signature(respDER []byte) *anchor.Failure {
	attrs := t.attrs
	if len(attrs) == 0 {
		return anchor.Failf(CheckSignature,
			"the SignerInfo has no signed attributes: RFC 5652 §5.3 wants content-type and message-digest, RFC 3161 §2.4.1 the ESS signing certificate")
	}
	seen := map[string]bool{}
	for _, a := range attrs {
		k := a.Type.String()
		if seen[k] {
			return anchor.Failf(CheckSignature, "signed attribute %s appears twice (RFC 5652 §5.3)", k)
		}
		seen[k] = true
	}
	var ct asn1.ObjectIdentifier
	if f := singleValue(attrs, oidAttrContentType, "content-type", &ct); f != nil {
		return f
	}
	if !ct.Equal(oidTSTInfo) {
		return anchor.Failf(CheckSignature, "content-type attribute %s, want id-ct-TSTInfo %s (RFC 5652 §11.1: the eContentType)", ct, oidTSTInfo)
	}
	var md []byte
	if f := singleValue(attrs, oidAttrMessageDigest, "message-digest", &md); f != nil {
		return f
	}

	ts, err := timestamp.ParseResponse(respDER)
	if err == nil && t.fromPin {
		p7 := *t.p7
		p7.Certificates = []*x509.Certificate{t.signer}
		err = p7.Verify()
	}
	if err != nil {
		var mismatch *pkcs7.MessageDigestMismatchError
		if errors.As(err, &mismatch) {
			return anchor.Failf(CheckSignature, "message-digest attribute %x, digest of the TSTInfo %x",
				mismatch.ExpectedDigest, mismatch.ActualDigest)
		}
		return anchor.Failf(CheckSignature, "the CMS signature by %s does not verify (digitorus/timestamp.ParseResponse, pkcs7 Verify): %v",
			t.signer.Subject, err)
	}
	if !ts.Time.Equal(t.info.Time) || !bytes.Equal(ts.HashedMessage, t.info.MessageImprint.HashedMessage) {
		return anchor.Failf(CheckParse, "digitorus/timestamp reads genTime %s and imprint %x, decoded %s and %x",
			stamp(ts.Time), ts.HashedMessage, stamp(t.info.Time), t.info.MessageImprint.HashedMessage)
	}
	return nil
}

// singleValue decodes the one value of the signed attribute oid into out.
func singleValue(attrs []attribute, oid asn1.ObjectIdentifier, name string, out any) *anchor.Failure {
	for _, a := range attrs {
		if !a.Type.Equal(oid) {
			continue
		}
		rest, err := asn1.Unmarshal(a.Values.Bytes, out)
		if err != nil {
			return anchor.Failf(CheckSignature, "the %s attribute does not decode: %v", name, err)
		}
		if len(rest) > 0 {
			return anchor.Failf(CheckSignature, "the %s attribute has more than one value (RFC 5652 §11)", name)
		}
		return nil
	}
	return anchor.Failf(CheckSignature, "no %s signed attribute (%s), RFC 5652 §5.3 requires it", name, oid)
}

func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

// rawName renders a DER Name, or its hex when it does not decode.
func rawName(der []byte) string {
	var rdn pkix.RDNSequence
	if rest, err := asn1.Unmarshal(der, &rdn); err != nil || len(rest) > 0 {
		return fmt.Sprintf("%x", der)
	}
	var n pkix.Name
	n.FillFromRDNSequence(&rdn)
	return n.String()
}
