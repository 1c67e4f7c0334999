package rfc3161test

import (
	"bytes"
	"crypto"
	"crypto/x509/pkix"
	"encoding/asn1"
	"math/big"
	"slices"
	"time"

	_ "crypto/sha1" // crypto.SHA1 for the SHA-1 tamper variants
	_ "crypto/sha512"
)

// The ASN.1 of RFC 3161 (TimeStampResp, TSTInfo), RFC 5652 (CMS
// SignedData) and RFC 2634/5035 (ESS signing certificate), for encoding.
// encoding/asn1 ignores tag parameters on RawValue fields, so the
// context-specific wrappers are built as RawValues by hand.

var (
	oidSignedData               = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 7, 2}
	oidTSTInfo                  = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 16, 1, 4}
	oidAttrContentType          = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 3}
	oidAttrMessageDigest        = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 4}
	oidAttrSigningCertificate   = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 16, 2, 12}
	oidAttrSigningCertificateV2 = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 16, 2, 47}
	oidExtKeyUsage              = asn1.ObjectIdentifier{2, 5, 29, 37}
	oidTimeStamping             = asn1.ObjectIdentifier{1, 3, 6, 1, 5, 5, 7, 3, 8}
	oidCodeSigning              = asn1.ObjectIdentifier{1, 3, 6, 1, 5, 5, 7, 3, 3}
)

var hashOIDs = map[crypto.Hash]asn1.ObjectIdentifier{
	crypto.SHA1:   {1, 3, 14, 3, 2, 26},
	crypto.SHA256: {2, 16, 840, 1, 101, 3, 4, 2, 1},
	crypto.SHA384: {2, 16, 840, 1, 101, 3, 4, 2, 2},
	crypto.SHA512: {2, 16, 840, 1, 101, 3, 4, 2, 3},
}

var ecdsaSigOIDs = map[crypto.Hash]asn1.ObjectIdentifier{
	crypto.SHA1:   {1, 2, 840, 10045, 4, 1},
	crypto.SHA256: {1, 2, 840, 10045, 4, 3, 2},
	crypto.SHA384: {1, 2, 840, 10045, 4, 3, 3},
	crypto.SHA512: {1, 2, 840, 10045, 4, 3, 4},
}

type timeStampResp struct {
	Status         pkiStatusInfo
	TimeStampToken asn1.RawValue `asn1:"optional"`
}

type pkiStatusInfo struct {
	Status int
}

type contentInfo struct {
	ContentType asn1.ObjectIdentifier
	Content     asn1.RawValue // [0] EXPLICIT, built by hand
}

type signedData struct {
	Version          int
	DigestAlgorithms []pkix.AlgorithmIdentifier `asn1:"set"`
	EncapContentInfo encapContentInfo
	Certificates     asn1.RawValue `asn1:"optional"` // [0] IMPLICIT SET OF, built by hand
	SignerInfos      []signerInfo  `asn1:"set"`
}

type encapContentInfo struct {
	EContentType asn1.ObjectIdentifier
	EContent     []byte `asn1:"explicit,tag:0"`
}

type signerInfo struct {
	Version            int
	SID                issuerAndSerial
	DigestAlgorithm    pkix.AlgorithmIdentifier
	SignedAttrs        asn1.RawValue // [0] IMPLICIT SET OF Attribute, built by hand
	SignatureAlgorithm pkix.AlgorithmIdentifier
	Signature          []byte
}

type issuerAndSerial struct {
	Issuer asn1.RawValue
	Serial *big.Int
}

type attribute struct {
	Type   asn1.ObjectIdentifier
	Values asn1.RawValue // SET OF, built by hand
}

type tstInfo struct {
	Version        int
	Policy         asn1.ObjectIdentifier
	MessageImprint messageImprint
	SerialNumber   *big.Int
	GenTime        time.Time     `asn1:"generalized"`
	Accuracy       accuracy      `asn1:"optional"`
	TSA            asn1.RawValue `asn1:"optional"` // [0] GeneralName, built by hand
}

type messageImprint struct {
	HashAlgorithm pkix.AlgorithmIdentifier
	HashedMessage []byte
}

type accuracy struct {
	Seconds int `asn1:"optional"`
}

type signingCertificate struct {
	Certs []essCertID
}

type essCertID struct {
	CertHash     []byte
	IssuerSerial issuerSerial `asn1:"optional"`
}

type signingCertificateV2 struct {
	Certs []essCertIDv2
}

type essCertIDv2 struct {
	HashAlgorithm pkix.AlgorithmIdentifier `asn1:"optional"` // DEFAULT sha256: omitted then
	CertHash      []byte
	IssuerSerial  issuerSerial `asn1:"optional"`
}

type issuerSerial struct {
	Issuer asn1.RawValue // GeneralNames
	Serial *big.Int
}

// directoryName is the DER of the GeneralName directoryName [4] of a Name.
func directoryName(rawName []byte) ([]byte, error) {
	return asn1.Marshal(asn1.RawValue{Class: asn1.ClassContextSpecific, Tag: 4, IsCompound: true, Bytes: rawName})
}

// encodeAttributes returns the contents of a DER SET OF Attribute, each
// attribute single-valued, sorted by encoding (X.690 §11.6).
func encodeAttributes(attrs [][2]any) ([]byte, error) {
	var encoded [][]byte
	for _, a := range attrs {
		v, err := asn1.Marshal(a[1])
		if err != nil {
			return nil, err
		}
		e, err := asn1.Marshal(attribute{
			Type:   a[0].(asn1.ObjectIdentifier),
			Values: asn1.RawValue{Tag: asn1.TagSet, IsCompound: true, Bytes: v},
		})
		if err != nil {
			return nil, err
		}
		encoded = append(encoded, e)
	}
	return setOf(encoded), nil
}

// setOf concatenates DER elements in SET OF order.
func setOf(elems [][]byte) []byte {
	s := slices.Clone(elems)
	slices.SortFunc(s, bytes.Compare)
	return bytes.Join(s, nil)
}
