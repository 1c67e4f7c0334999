package rfc3161

import (
	"crypto"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"math/big"
	"time"

	_ "crypto/sha1" // ESS v1 certificate hashes
	_ "crypto/sha256"
	_ "crypto/sha512"
)

// The ASN.1 of RFC 3161 §2.4.2 (TimeStampResp, TSTInfo), RFC 5652 §5 (CMS
// SignedData) and RFC 2634 §5.4 / RFC 5035 §3 (ESS signing certificate),
// for decoding. tstInfo mirrors digitorus/timestamp's exactly, so that what
// decodes here decodes there.

var (
	oidSignedData               = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 7, 2}
	oidTSTInfo                  = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 16, 1, 4}
	oidAttrContentType          = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 3}
	oidAttrMessageDigest        = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 4}
	oidAttrSigningCertificate   = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 16, 2, 12}
	oidAttrSigningCertificateV2 = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 16, 2, 47}
	oidExtKeyUsage              = asn1.ObjectIdentifier{2, 5, 29, 37}
	oidExtSubjectAltName        = asn1.ObjectIdentifier{2, 5, 29, 17}
)

type timeStampResp struct {
	Status         pkiStatusInfo
	TimeStampToken asn1.RawValue `asn1:"optional"`
}

type pkiStatusInfo struct {
	Status       int
	StatusString []string       `asn1:"optional,utf8"`
	FailInfo     asn1.BitString `asn1:"optional"`
}

type contentInfo struct {
	ContentType asn1.ObjectIdentifier
	Content     asn1.RawValue // [0] EXPLICIT, checked by hand
}

type signedData struct {
	Version          int
	DigestAlgorithms []pkix.AlgorithmIdentifier `asn1:"set"`
	EncapContentInfo encapContentInfo
	Certificates     asn1.RawValue   `asn1:"optional,tag:0"`
	CRLs             asn1.RawValue   `asn1:"optional,tag:1"`
	SignerInfos      []asn1.RawValue `asn1:"set"`
}

type encapContentInfo struct {
	EContentType asn1.ObjectIdentifier
	EContent     []byte `asn1:"explicit,optional,tag:0"`
}

type tstInfo struct {
	Version        int
	Policy         asn1.ObjectIdentifier
	MessageImprint messageImprint
	SerialNumber   *big.Int
	Time           time.Time        `asn1:"generalized"`
	Accuracy       accuracy         `asn1:"optional"`
	Ordering       bool             `asn1:"optional,default:false"`
	Nonce          *big.Int         `asn1:"optional"`
	TSA            asn1.RawValue    `asn1:"tag:0,optional"`
	Extensions     []pkix.Extension `asn1:"tag:1,optional"`
}

type messageImprint struct {
	HashAlgorithm pkix.AlgorithmIdentifier
	HashedMessage []byte
}

type accuracy struct {
	Seconds      int64 `asn1:"optional"`
	Milliseconds int64 `asn1:"tag:0,optional"`
	Microseconds int64 `asn1:"tag:1,optional"`
}

type signingCertificate struct {
	Certs    []essCertID
	Policies asn1.RawValue `asn1:"optional"`
}

type essCertID struct {
	CertHash     []byte
	IssuerSerial asn1.RawValue `asn1:"optional"`
}

type signingCertificateV2 struct {
	Certs    []essCertIDv2
	Policies asn1.RawValue `asn1:"optional"`
}

type essCertIDv2 struct {
	HashAlgorithm pkix.AlgorithmIdentifier `asn1:"optional"` // DEFAULT id-sha256
	CertHash      []byte
	IssuerSerial  asn1.RawValue `asn1:"optional"`
}

type issuerSerial struct {
	Issuer asn1.RawValue // GeneralNames
	Serial *big.Int
}

var oidSHA256 = asn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 2, 1}

var hashByOID = []struct {
	oid  asn1.ObjectIdentifier
	hash crypto.Hash
}{
	{asn1.ObjectIdentifier{1, 3, 14, 3, 2, 26}, crypto.SHA1},
	{asn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 2, 4}, crypto.SHA224},
	{oidSHA256, crypto.SHA256},
	{asn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 2, 2}, crypto.SHA384},
	{asn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 2, 3}, crypto.SHA512},
	{asn1.ObjectIdentifier{1, 2, 840, 113549, 2, 5}, crypto.MD5},
}

// hashOf is the hash an OID names, 0 when unknown.
func hashOf(oid asn1.ObjectIdentifier) crypto.Hash {
	for _, h := range hashByOID {
		if h.oid.Equal(oid) {
			return h.hash
		}
	}
	return 0
}

// signatureAlgorithms are the CMS signatureAlgorithm OIDs that name a hash
// (RFC 5754, RFC 5758, RFC 3279); rsaEncryption and Ed25519 name none.
var signatureAlgorithms = []struct {
	oid  asn1.ObjectIdentifier
	name string
	hash crypto.Hash
}{
	{asn1.ObjectIdentifier{1, 2, 840, 10045, 4, 1}, "ecdsa-with-SHA1", crypto.SHA1},
	{asn1.ObjectIdentifier{1, 2, 840, 10045, 4, 3, 2}, "ecdsa-with-SHA256", crypto.SHA256},
	{asn1.ObjectIdentifier{1, 2, 840, 10045, 4, 3, 3}, "ecdsa-with-SHA384", crypto.SHA384},
	{asn1.ObjectIdentifier{1, 2, 840, 10045, 4, 3, 4}, "ecdsa-with-SHA512", crypto.SHA512},
	{asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 1, 4}, "md5WithRSAEncryption", crypto.MD5},
	{asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 1, 5}, "sha1WithRSAEncryption", crypto.SHA1},
	{asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 1, 11}, "sha256WithRSAEncryption", crypto.SHA256},
	{asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 1, 12}, "sha384WithRSAEncryption", crypto.SHA384},
	{asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 1, 13}, "sha512WithRSAEncryption", crypto.SHA512},
	{asn1.ObjectIdentifier{1, 2, 840, 10040, 4, 3}, "dsa-with-sha1", crypto.SHA1},
	{asn1.ObjectIdentifier{1, 3, 14, 3, 2, 29}, "sha1WithRSASignature", crypto.SHA1},
}

// insecureCertSignatures are certificate signature algorithms refused by
// the hash check.
var insecureCertSignatures = map[x509.SignatureAlgorithm]bool{
	x509.MD2WithRSA:    true,
	x509.MD5WithRSA:    true,
	x509.SHA1WithRSA:   true,
	x509.DSAWithSHA1:   true,
	x509.ECDSAWithSHA1: true,
}

// hashName names a hash for a Detail, SHA-1 and all.
func hashName(h crypto.Hash, oid asn1.ObjectIdentifier) string {
	if h == 0 {
		return "unknown algorithm " + oid.String()
	}
	return h.String() + " (" + oid.String() + ")"
}
