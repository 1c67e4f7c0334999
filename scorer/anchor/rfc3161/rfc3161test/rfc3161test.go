// Package rfc3161test is test support: a test Time-Stamping Authority (RFC
// 3161) that mints real tokens under test keys, never a real TSA's, and is
// never used by the build (the proveit command does not link it). Tests use
// it, and the demo-season generator (cmd/seasongen) writes the demo
// season's tokens with it; that season must come out byte for byte the same
// on every run, so everything here is deterministic from a seed.
//
//   - Keys are ECDSA P-256, derived from the seed with HKDF-SHA-256 and
//     ecdsa.ParseRawPrivateKey (Go 1.26's crypto/rsa ignores the reader it is
//     handed, so RSA keys cannot be derived).
//   - Signatures (certificates and tokens) are deterministic RFC 6979 ECDSA:
//     the signer ignores the rand argument it is handed.
//   - Certificates have fixed serials and the validity dates the caller gives.
//   - A token's serial number is derived from the seed, the signer certificate
//     and the stamped digest, algorithm and time; genTime is whole seconds.
//   - Tokens have the shape of the Trust Layer's real ones: requested
//     without certReq and without a nonce (`openssl ts -query -no_nonce
//     -sha256`, no -cert), they embed no certificate and carry no nonce;
//     Options.Certs embeds some on demand.
//   - The CMS SignedData is built here with encoding/asn1 (digitorus/timestamp's
//     CreateResponseWithOpts draws a random serial and pkcs7 adds a
//     signing-time of time.Now), which also lets Options tamper with any part
//     of the token or of the leaf certificate.
//
// Every certificate subject says it is a test issuer.
package rfc3161test

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hkdf"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"time"

	"github.com/digitorus/timestamp"
	protocommon "github.com/sigstore/protobuf-specs/gen/pb-go/common/v1"
	prototrustroot "github.com/sigstore/protobuf-specs/gen/pb-go/trustroot/v1"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// organization is the O of every subject: it says the certificate is a
// test issuer's.
const organization = "PROVE IT test issuer"

// Common names of the certificates. Every one says it is not a real
// authority.
const (
	RootCN   = "PROVE IT test TSA root — not a real authority"
	IntermCN = "PROVE IT test TSA intermediate — not a real authority"
	LeafCN   = "PROVE IT test TSA — not a real timestamping authority"
)

// Fixed certificate serial numbers; the leaf's is leafSerialBase plus
// Options.LeafGeneration.
const (
	rootSerial     = 1
	intermSerial   = 2
	leafSerialBase = 1000
)

// PolicyOID is the TSA policy of every token: under the ITU-T/ISO "example"
// arc 2.999, so that it can be no real policy.
var PolicyOID = asn1.ObjectIdentifier{2, 999, 3161, 1}

// Validity is a time window, both bounds inclusive.
type Validity struct {
	NotBefore, NotAfter time.Time
}

// EKU selects the leaf certificate's extended key usage.
type EKU int

const (
	// EKUTimeStamping is what RFC 3161 §2.3 requires: id-kp-timeStamping
	// alone, in a critical extension.
	EKUTimeStamping EKU = iota
	// EKUNone: no extended key usage extension.
	EKUNone
	// EKUNonCritical: id-kp-timeStamping alone, extension not critical.
	EKUNonCritical
	// EKUExtra: id-kp-timeStamping and id-kp-codeSigning, critical.
	EKUExtra
)

// ESS selects the ESS signing-certificate attribute of the token
// (RFC 2634 §5.4 v1, RFC 5035 §3 v2).
type ESS int

const (
	// ESSv2 is id-aa-signingCertificateV2 with the default SHA-256
	// (hashAlgorithm omitted) and issuerSerial.
	ESSv2 ESS = iota
	// ESSv2SHA512 is id-aa-signingCertificateV2 naming SHA-512 explicitly.
	ESSv2SHA512
	// ESSv2SHA1 is id-aa-signingCertificateV2 naming SHA-1.
	ESSv2SHA1
	// ESSv1 is id-aa-signingCertificate (SHA-1 certificate hash).
	ESSv1
	// ESSNone leaves the attribute out.
	ESSNone
	// ESSWrongHash is ESSv2 whose certHash is that of the signer's issuer.
	ESSWrongHash
	// ESSWrongSerial is ESSv2 with the right hash and an issuerSerial whose
	// serial number is the signer's plus one.
	ESSWrongSerial
)

// Certs selects which certificates the token embeds.
type Certs int

const (
	// CertsNone embeds no certificate: what a TSA answers a request whose
	// certReq is false (RFC 3161 §2.4.1), as the Trust Layer's `openssl ts
	// -query -data ROOT -no_nonce -sha256`, without -cert, is. The default:
	// tests see the real shape unless they ask for another.
	CertsNone Certs = iota
	// CertsChain embeds the signer and the intermediates (not the root), as
	// a TSA answers certReq true.
	CertsChain
	// CertsSigner embeds the signer certificate only.
	CertsSigner
	// CertsWithoutSigner embeds the intermediate, or the root when there is
	// none, but not the signer.
	CertsWithoutSigner
)

// TSAName selects the TSTInfo tsa field.
type TSAName int

const (
	// TSANameSubject is a directoryName of the signer's subject.
	TSANameSubject TSAName = iota
	// TSANameNone leaves the field out.
	TSANameNone
	// TSANameIssuer names the signer's issuer instead.
	TSANameIssuer
)

// Options shape the TSA. The zero value of every tamper field is the honest
// behaviour; CAValidity and LeafValidity are required.
type Options struct {
	// Name tells TSAs of one seed apart: it enters key derivation and is the
	// OU of every subject. Empty is allowed.
	Name string
	// URI is the TSA's URI in the trusted-root entry; default
	// "https://tsa.test.invalid/" + Name.
	URI string
	// CAValidity is the validity of the root and the intermediate.
	CAValidity Validity
	// LeafValidity is the validity of the signing certificate.
	LeafValidity Validity
	// Window is the validity window pinned in the trusted-root entry. Zero
	// NotBefore means LeafValidity.NotBefore; zero NotAfter leaves the window
	// open-ended.
	Window Validity
	// Intermediate puts an intermediate CA between the root and the leaf.
	Intermediate bool
	// IntermediateEKU is the intermediate's extended key usage (non-critical);
	// nil means [timeStamping].
	IntermediateEKU []x509.ExtKeyUsage
	// LeafGeneration re-keys the leaf: another key and serial under the same
	// root (same seed, Name and CAValidity).
	LeafGeneration int

	// EKU of the leaf (default: id-kp-timeStamping, critical).
	EKU EKU
	// LeafIsCA makes the leaf a CA certificate (basicConstraints cA=true).
	LeafIsCA bool
	// TSAName is the TSTInfo tsa field (default: the signer's subject).
	TSAName TSAName
	// Certs embedded in tokens (default: none, as real tokens).
	Certs Certs
	// ESS signing-certificate attribute (default: v2, SHA-256).
	ESS ESS
	// SignerHash is the SignerInfo digest algorithm and the hash of the
	// ECDSA signature: SHA-1, SHA-256 (default), SHA-384 or SHA-512.
	SignerHash crypto.Hash
}

// TSA mints RFC 3161 tokens deterministically.
type TSA struct {
	opts   Options
	seed   []byte
	root   *x509.Certificate
	interm *x509.Certificate // nil without Options.Intermediate
	leaf   *x509.Certificate
	key    *ecdsa.PrivateKey // the leaf's
}

// New derives the keys from seed and issues the certificates.
func New(seed []byte, opts Options) (*TSA, error) {
	if len(seed) == 0 {
		return nil, errors.New("rfc3161test: empty seed")
	}
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	t := &TSA{opts: opts, seed: bytes.Clone(seed)}
	rootKey, err := t.issueRoot()
	if err != nil {
		return nil, err
	}
	issuer, issuerKey := t.root, rootKey
	if opts.Intermediate {
		if issuerKey, err = t.issueIntermediate(rootKey); err != nil {
			return nil, err
		}
		issuer = t.interm
	}
	if err := t.issueLeaf(issuer, issuerKey); err != nil {
		return nil, err
	}
	return t, nil
}

// withDefaults checks the options and fills in their defaults.
func (opts Options) withDefaults() (Options, error) {
	if opts.CAValidity.NotBefore.IsZero() || opts.CAValidity.NotAfter.IsZero() {
		return opts, errors.New("rfc3161test: Options.CAValidity is required")
	}
	if opts.LeafValidity.NotBefore.IsZero() || opts.LeafValidity.NotAfter.IsZero() {
		return opts, errors.New("rfc3161test: Options.LeafValidity is required")
	}
	if opts.SignerHash == 0 {
		opts.SignerHash = crypto.SHA256
	}
	if _, ok := ecdsaSigOIDs[opts.SignerHash]; !ok {
		return opts, fmt.Errorf("rfc3161test: unsupported SignerHash %v", opts.SignerHash)
	}
	if opts.LeafGeneration < 0 {
		return opts, errors.New("rfc3161test: negative LeafGeneration")
	}
	if opts.URI == "" {
		opts.URI = "https://tsa.test.invalid/" + opts.Name
	}
	if opts.Window.NotBefore.IsZero() {
		opts.Window.NotBefore = opts.LeafValidity.NotBefore
	}
	return opts, nil
}

// issueRoot issues the self-signed root and returns its key.
func (t *TSA) issueRoot() (*ecdsa.PrivateKey, error) {
	key, err := t.deriveKey("root")
	if err != nil {
		return nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(rootSerial),
		Subject:               t.name(RootCN),
		NotBefore:             t.opts.CAValidity.NotBefore,
		NotAfter:              t.opts.CAValidity.NotAfter,
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	if t.root, err = issue(tmpl, tmpl, &key.PublicKey, key); err != nil {
		return nil, err
	}
	return key, nil
}

// issueIntermediate issues the intermediate CA under the root and returns
// its key.
func (t *TSA) issueIntermediate(rootKey *ecdsa.PrivateKey) (*ecdsa.PrivateKey, error) {
	key, err := t.deriveKey("intermediate")
	if err != nil {
		return nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(intermSerial),
		Subject:               t.name(IntermCN),
		NotBefore:             t.opts.CAValidity.NotBefore,
		NotAfter:              t.opts.CAValidity.NotAfter,
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
		BasicConstraintsValid: true,
		IsCA:                  true,
		MaxPathLenZero:        true,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageTimeStamping},
	}
	if t.opts.IntermediateEKU != nil {
		tmpl.ExtKeyUsage = t.opts.IntermediateEKU
	}
	if t.interm, err = issue(tmpl, t.root, &key.PublicKey, rootKey); err != nil {
		return nil, err
	}
	return key, nil
}

// issueLeaf derives the signing key of Options.LeafGeneration and issues
// the signing certificate under issuer, shaped by Options.EKU and
// Options.LeafIsCA.
func (t *TSA) issueLeaf(issuer *x509.Certificate, issuerKey *ecdsa.PrivateKey) error {
	var err error
	if t.key, err = t.deriveKey(fmt.Sprintf("leaf %d", t.opts.LeafGeneration)); err != nil {
		return err
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(leafSerialBase + int64(t.opts.LeafGeneration)),
		Subject:               t.name(LeafCN),
		NotBefore:             t.opts.LeafValidity.NotBefore,
		NotAfter:              t.opts.LeafValidity.NotAfter,
		KeyUsage:              x509.KeyUsageDigitalSignature,
		BasicConstraintsValid: true,
	}
	if t.opts.LeafIsCA {
		tmpl.IsCA = true
		tmpl.KeyUsage |= x509.KeyUsageCertSign
	}
	switch t.opts.EKU {
	case EKUTimeStamping:
		tmpl.ExtraExtensions = []pkix.Extension{ekuExtension(true, oidTimeStamping)}
	case EKUNone:
	case EKUNonCritical:
		tmpl.ExtraExtensions = []pkix.Extension{ekuExtension(false, oidTimeStamping)}
	case EKUExtra:
		tmpl.ExtraExtensions = []pkix.Extension{ekuExtension(true, oidTimeStamping, oidCodeSigning)}
	default:
		return fmt.Errorf("rfc3161test: unknown EKU option %d", t.opts.EKU)
	}
	t.leaf, err = issue(tmpl, issuer, &t.key.PublicKey, issuerKey)
	return err
}

// Chain returns the root, the intermediates (none without
// Options.Intermediate) and the leaf (signing) certificate.
func (t *TSA) Chain() (root *x509.Certificate, intermediates []*x509.Certificate, leaf *x509.Certificate) {
	if t.interm != nil {
		intermediates = []*x509.Certificate{t.interm}
	}
	return t.root, intermediates, t.leaf
}

// URI returns the TSA's URI, as its trusted-root entry gives it.
func (t *TSA) URI() string { return t.opts.URI }

// TrustedRootEntry is the TSA as a sigstore TrustedRoot timestampAuthorities
// entry: subject, URI, the chain leaf first and root last, and the window
// of Options.Window.
func (t *TSA) TrustedRootEntry() *prototrustroot.CertificateAuthority {
	chain := []*protocommon.X509Certificate{{RawBytes: bytes.Clone(t.leaf.Raw)}}
	if t.interm != nil {
		chain = append(chain, &protocommon.X509Certificate{RawBytes: bytes.Clone(t.interm.Raw)})
	}
	chain = append(chain, &protocommon.X509Certificate{RawBytes: bytes.Clone(t.root.Raw)})
	validFor := &protocommon.TimeRange{Start: timestamppb.New(t.opts.Window.NotBefore)}
	if !t.opts.Window.NotAfter.IsZero() {
		validFor.End = timestamppb.New(t.opts.Window.NotAfter)
	}
	return &prototrustroot.CertificateAuthority{
		Subject:   &protocommon.DistinguishedName{Organization: organization, CommonName: LeafCN},
		Uri:       t.opts.URI,
		CertChain: &protocommon.X509CertificateChain{Certificates: chain},
		ValidFor:  validFor,
	}
}

// TrustedRootMediaType is the media type of a sigstore TrustedRoot v0.1
// (root.TrustedRootMediaType01).
const TrustedRootMediaType = "application/vnd.dev.sigstore.trustedroot+json;version=0.1"

// TrustedRootJSON is a sigstore TrustedRoot document pinning only these TSAs
// (no transparency logs, no certificate authorities), as
// root.NewTrustedRootFromJSON reads it. protojson randomises its
// whitespace from one build to the next; the output is re-indented with
// encoding/json so that its bytes depend on the TSAs only.
func TrustedRootJSON(tsas ...*TSA) ([]byte, error) {
	tr := &prototrustroot.TrustedRoot{MediaType: TrustedRootMediaType}
	for _, t := range tsas {
		tr.TimestampAuthorities = append(tr.TimestampAuthorities, t.TrustedRootEntry())
	}
	raw, err := protojson.Marshal(tr)
	if err != nil {
		return nil, err
	}
	var compact, out bytes.Buffer
	if err := json.Compact(&compact, raw); err != nil {
		return nil, err
	}
	if err := json.Indent(&out, compact.Bytes(), "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// Rejection is a TimeStampResp carrying no token: PKIStatus status with
// failInfo (timestamp.CreateErrorResponse).
func Rejection(status timestamp.Status, failInfo timestamp.FailureInfo) ([]byte, error) {
	return timestamp.CreateErrorResponse(status, failInfo)
}

// Stamp returns the DER TimeStampResp (status granted) of a token over
// digest, the hashAlg digest of the stamped data, at genTime (truncated to
// the second, in UTC). hashAlg may be SHA-1, SHA-256, SHA-384 or SHA-512.
func (t *TSA) Stamp(digest []byte, hashAlg crypto.Hash, genTime time.Time) ([]byte, error) {
	hashOID, ok := hashOIDs[hashAlg]
	if !ok {
		return nil, fmt.Errorf("rfc3161test: unsupported hash %v", hashAlg)
	}
	if len(digest) != hashAlg.Size() {
		return nil, fmt.Errorf("rfc3161test: digest is %d bytes, %v gives %d", len(digest), hashAlg, hashAlg.Size())
	}
	genTime = genTime.UTC().Truncate(time.Second)
	eContent, err := t.tstInfo(digest, hashAlg, hashOID, genTime)
	if err != nil {
		return nil, err
	}
	signedAttrs, sig, err := t.sign(eContent)
	if err != nil {
		return nil, err
	}
	certs, err := t.embeddedCertificates()
	if err != nil {
		return nil, err
	}
	digestAlg := pkix.AlgorithmIdentifier{Algorithm: hashOIDs[t.opts.SignerHash]}
	si := signerInfo{
		Version:            1,
		SID:                issuerAndSerial{Issuer: asn1.RawValue{FullBytes: t.leaf.RawIssuer}, Serial: t.leaf.SerialNumber},
		DigestAlgorithm:    digestAlg,
		SignedAttrs:        asn1.RawValue{Class: asn1.ClassContextSpecific, Tag: 0, IsCompound: true, Bytes: signedAttrs},
		SignatureAlgorithm: pkix.AlgorithmIdentifier{Algorithm: ecdsaSigOIDs[t.opts.SignerHash]},
		Signature:          sig,
	}
	sd := signedData{
		Version:          3, // RFC 5652 §5.1: eContentType is not id-data
		DigestAlgorithms: []pkix.AlgorithmIdentifier{digestAlg},
		EncapContentInfo: encapContentInfo{EContentType: oidTSTInfo, EContent: eContent},
		SignerInfos:      []signerInfo{si},
	}
	if len(certs) > 0 {
		sd.Certificates = asn1.RawValue{Class: asn1.ClassContextSpecific, Tag: 0, IsCompound: true, Bytes: setOf(certs)}
	}
	return grantedResponse(sd)
}

// tstInfo returns the DER TSTInfo (RFC 3161 §2.4.2) over digest at genTime,
// its tsa field as Options.TSAName asks.
func (t *TSA) tstInfo(digest []byte, hashAlg crypto.Hash, hashOID asn1.ObjectIdentifier, genTime time.Time) ([]byte, error) {
	var tsaField asn1.RawValue
	switch t.opts.TSAName {
	case TSANameSubject, TSANameIssuer:
		name := t.leaf.RawSubject
		if t.opts.TSAName == TSANameIssuer {
			name = t.leaf.RawIssuer
		}
		gn, err := directoryName(name)
		if err != nil {
			return nil, err
		}
		tsaField = asn1.RawValue{Class: asn1.ClassContextSpecific, Tag: 0, IsCompound: true, Bytes: gn}
	case TSANameNone:
	default:
		return nil, fmt.Errorf("rfc3161test: unknown TSAName option %d", t.opts.TSAName)
	}
	return asn1.Marshal(tstInfo{
		Version: 1,
		Policy:  PolicyOID,
		MessageImprint: messageImprint{
			HashAlgorithm: pkix.AlgorithmIdentifier{Algorithm: hashOID, Parameters: asn1.NullRawValue},
			HashedMessage: digest,
		},
		SerialNumber: t.tokenSerial(digest, hashAlg, genTime),
		GenTime:      genTime,
		Accuracy:     accuracy{Seconds: 1},
		TSA:          tsaField,
	})
}

// sign returns the DER of the signed attributes over eContent
// (content-type, message-digest and the ESS signing certificate of
// Options.ESS), without their SET tag, and the leaf's signature over them.
func (t *TSA) sign(eContent []byte) (signedAttrs, sig []byte, err error) {
	h := t.opts.SignerHash.New()
	h.Write(eContent)
	attrs := [][2]any{
		{oidAttrContentType, oidTSTInfo},
		{oidAttrMessageDigest, h.Sum(nil)},
	}
	if ess, oid, err := t.essAttribute(); err != nil {
		return nil, nil, err
	} else if ess != nil {
		attrs = append(attrs, [2]any{oid, ess})
	}
	if signedAttrs, err = encodeAttributes(attrs); err != nil {
		return nil, nil, err
	}
	// The signature is over the DER of the SET OF attributes, with the
	// universal SET tag (RFC 5652 §5.4).
	toSign, err := asn1.Marshal(asn1.RawValue{Tag: asn1.TagSet, IsCompound: true, Bytes: signedAttrs})
	if err != nil {
		return nil, nil, err
	}
	h = t.opts.SignerHash.New()
	h.Write(toSign)
	if sig, err = t.key.Sign(nil, h.Sum(nil), t.opts.SignerHash); err != nil {
		return nil, nil, err
	}
	return signedAttrs, sig, nil
}

// embeddedCertificates returns the DER certificates Options.Certs has the
// token embed.
func (t *TSA) embeddedCertificates() ([][]byte, error) {
	switch t.opts.Certs {
	case CertsChain:
		certs := [][]byte{t.leaf.Raw}
		if t.interm != nil {
			certs = append(certs, t.interm.Raw)
		}
		return certs, nil
	case CertsSigner:
		return [][]byte{t.leaf.Raw}, nil
	case CertsNone:
		return nil, nil
	case CertsWithoutSigner:
		if t.interm != nil {
			return [][]byte{t.interm.Raw}, nil
		}
		return [][]byte{t.root.Raw}, nil
	}
	return nil, fmt.Errorf("rfc3161test: unknown Certs option %d", t.opts.Certs)
}

// grantedResponse wraps sd as a timeStampToken (a CMS ContentInfo of type
// signed-data) in a TimeStampResp of status granted.
func grantedResponse(sd signedData) ([]byte, error) {
	sdDER, err := asn1.Marshal(sd)
	if err != nil {
		return nil, err
	}
	token, err := asn1.Marshal(contentInfo{
		ContentType: oidSignedData,
		Content:     asn1.RawValue{Class: asn1.ClassContextSpecific, Tag: 0, IsCompound: true, Bytes: sdDER},
	})
	if err != nil {
		return nil, err
	}
	return asn1.Marshal(timeStampResp{
		Status:         pkiStatusInfo{Status: 0},
		TimeStampToken: asn1.RawValue{FullBytes: token},
	})
}

// essAttribute returns the value of the ESS signing-certificate attribute
// that Options.ESS asks for, and its OID (nil, nil for ESSNone).
func (t *TSA) essAttribute() (any, asn1.ObjectIdentifier, error) {
	issuerName, err := directoryName(t.leaf.RawIssuer)
	if err != nil {
		return nil, nil, err
	}
	is := issuerSerial{
		Issuer: asn1.RawValue{Tag: asn1.TagSequence, IsCompound: true, Bytes: issuerName},
		Serial: t.leaf.SerialNumber,
	}
	v2 := func(h crypto.Hash, cert []byte, is issuerSerial) signingCertificateV2 {
		id := essCertIDv2{CertHash: sum(h, cert), IssuerSerial: is}
		if h != crypto.SHA256 {
			id.HashAlgorithm = pkix.AlgorithmIdentifier{Algorithm: hashOIDs[h]}
		}
		return signingCertificateV2{Certs: []essCertIDv2{id}}
	}
	switch t.opts.ESS {
	case ESSv2:
		return v2(crypto.SHA256, t.leaf.Raw, is), oidAttrSigningCertificateV2, nil
	case ESSv2SHA512:
		return v2(crypto.SHA512, t.leaf.Raw, is), oidAttrSigningCertificateV2, nil
	case ESSv2SHA1:
		return v2(crypto.SHA1, t.leaf.Raw, is), oidAttrSigningCertificateV2, nil
	case ESSv1:
		return signingCertificate{Certs: []essCertID{{CertHash: sum(crypto.SHA1, t.leaf.Raw), IssuerSerial: is}}},
			oidAttrSigningCertificate, nil
	case ESSNone:
		return nil, nil, nil
	case ESSWrongHash:
		issuer := t.root
		if t.interm != nil {
			issuer = t.interm
		}
		return v2(crypto.SHA256, issuer.Raw, is), oidAttrSigningCertificateV2, nil
	case ESSWrongSerial:
		is.Serial = new(big.Int).Add(t.leaf.SerialNumber, big.NewInt(1))
		return v2(crypto.SHA256, t.leaf.Raw, is), oidAttrSigningCertificateV2, nil
	}
	return nil, nil, fmt.Errorf("rfc3161test: unknown ESS option %d", t.opts.ESS)
}

// tokenSerial derives the TSTInfo serial number (positive, at most 128
// bits) from everything that identifies the token.
func (t *TSA) tokenSerial(digest []byte, hashAlg crypto.Hash, genTime time.Time) *big.Int {
	h := sha256.New()
	fmt.Fprintf(h, "proveit testtsa serial\x00%x\x00%x\x00%d\x00%x\x00%s\x00", t.seed, t.leaf.Raw, hashAlg, digest, genTime.Format(time.RFC3339))
	s := h.Sum(nil)[:16]
	s[0] &= 0x7f
	return new(big.Int).SetBytes(s)
}

// name is the subject of a certificate of this TSA.
func (t *TSA) name(cn string) pkix.Name {
	n := pkix.Name{Organization: []string{organization}, CommonName: cn}
	if t.opts.Name != "" {
		n.OrganizationalUnit = []string{t.opts.Name}
	}
	return n
}

// deriveKey derives the P-256 key of one role from the seed and Name.
func (t *TSA) deriveKey(role string) (*ecdsa.PrivateKey, error) {
	for i := 0; i < 16; i++ {
		info := fmt.Sprintf("proveit testtsa v1\x00%s\x00%s\x00%d", t.opts.Name, role, i)
		d, err := hkdf.Key(sha256.New, t.seed, nil, info, 32)
		if err != nil {
			return nil, err
		}
		// Rejected when d is zero or not below the group order (odds 2^-32).
		if k, err := ecdsa.ParseRawPrivateKey(elliptic.P256(), d); err == nil {
			return k, nil
		}
	}
	return nil, fmt.Errorf("rfc3161test: could not derive the %s key", role)
}

// deterministicSigner signs with RFC 6979 nonces whatever rand it is given.
type deterministicSigner struct{ k *ecdsa.PrivateKey }

func (s deterministicSigner) Public() crypto.PublicKey { return &s.k.PublicKey }

func (s deterministicSigner) Sign(_ io.Reader, digest []byte, opts crypto.SignerOpts) ([]byte, error) {
	return s.k.Sign(nil, digest, opts)
}

// noRand fails any read: nothing in certificate issuance may draw randomness.
type noRand struct{}

func (noRand) Read([]byte) (int, error) {
	return 0, errors.New("rfc3161test: randomness requested while issuing a certificate")
}

func issue(tmpl, parent *x509.Certificate, pub *ecdsa.PublicKey, key *ecdsa.PrivateKey) (*x509.Certificate, error) {
	der, err := x509.CreateCertificate(noRand{}, tmpl, parent, pub, deterministicSigner{key})
	if err != nil {
		return nil, fmt.Errorf("rfc3161test: issuing %q: %w", tmpl.Subject.CommonName, err)
	}
	return x509.ParseCertificate(der)
}

func ekuExtension(critical bool, oids ...asn1.ObjectIdentifier) pkix.Extension {
	v, err := asn1.Marshal(oids)
	if err != nil {
		panic(err) // constant OIDs always marshal
	}
	return pkix.Extension{Id: oidExtKeyUsage, Critical: critical, Value: v}
}

func sum(h crypto.Hash, b []byte) []byte {
	d := h.New()
	d.Write(b)
	return d.Sum(nil)
}
