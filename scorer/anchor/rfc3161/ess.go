package rfc3161

import (
	"bytes"
	"crypto"
	"crypto/x509"
	"encoding/asn1"
	"fmt"
	"strings"

	"github.com/ark-forge/proveit/scorer/anchor"
	"github.com/sigstore/sigstore-go/pkg/root"
)

// The ESS signing-certificate attribute (RFC 2634 §5.4, RFC 5035 §3): how
// a token without certificates names its signer (rfc3161.signer), and what
// binds the signer certificate under the signature (rfc3161.ess).

// essID is the first ESSCertID of one ESS signing-certificate attribute:
// the one that identifies the signer (RFC 5035 §3).
type essID struct {
	name         string // "ESS signingCertificate (v1)" or "ESS signingCertificateV2"
	v2           bool
	hash         crypto.Hash // 0 when the OID names no hash this package knows
	hashOID      asn1.ObjectIdentifier
	certHash     []byte
	issuerSerial asn1.RawValue // empty when absent
}

// parseESS decodes every ESS signing-certificate attribute among attrs, in
// order. Its failures are rfc3161.ess; it does not judge the hash
// algorithm (rfc3161.hash and checkESS do).
func parseESS(attrs []attribute) ([]essID, *anchor.Failure) {
	var ids []essID
	for _, a := range attrs {
		switch {
		case a.Type.Equal(oidAttrSigningCertificate):
			const name = "ESS signingCertificate (v1)"
			var sc signingCertificate
			if f := essValue(a, name, &sc); f != nil {
				return nil, f
			}
			if len(sc.Certs) == 0 {
				return nil, anchor.Failf(CheckESS, "the %s attribute identifies no certificate", name)
			}
			ids = append(ids, essID{name: name, hash: crypto.SHA1, hashOID: hashOIDOf(crypto.SHA1),
				certHash: sc.Certs[0].CertHash, issuerSerial: sc.Certs[0].IssuerSerial})
		case a.Type.Equal(oidAttrSigningCertificateV2):
			const name = "ESS signingCertificateV2"
			var sc signingCertificateV2
			if f := essValue(a, name, &sc); f != nil {
				return nil, f
			}
			if len(sc.Certs) == 0 {
				return nil, anchor.Failf(CheckESS, "the %s attribute identifies no certificate", name)
			}
			c := sc.Certs[0]
			id := essID{name: name, v2: true, hash: crypto.SHA256, hashOID: oidSHA256, certHash: c.CertHash, issuerSerial: c.IssuerSerial}
			if oid := c.HashAlgorithm.Algorithm; len(oid) > 0 {
				id.hash, id.hashOID = hashOf(oid), oid
			}
			ids = append(ids, id)
		}
	}
	return ids, nil
}

func essValue(a attribute, name string, out any) *anchor.Failure {
	rest, err := asn1.Unmarshal(a.Values.Bytes, out)
	if err != nil {
		return anchor.Failf(CheckESS, "the %s attribute does not decode: %v", name, err)
	}
	if len(rest) > 0 {
		return anchor.Failf(CheckESS, "the %s attribute has more than one value", name)
	}
	return nil
}

// hashOIDOf is the OID of a hash of hashByOID.
func hashOIDOf(h crypto.Hash) asn1.ObjectIdentifier {
	for _, e := range hashByOID {
		if e.hash == h {
			return e.oid
		}
	}
	return nil
}

// essHashes are the hashes an ESSCertID may identify a pinned leaf with:
// SHA-1 (the v1 attribute's, by definition; refused in a v2 one by
// rfc3161.hash, right after) and SHA-2.
var essHashes = map[crypto.Hash]bool{crypto.SHA1: true, crypto.SHA256: true, crypto.SHA384: true, crypto.SHA512: true}

// pinnedSigner runs rfc3161.signer. A token that embeds no certificate
// (RFC 3161 §2.4.1: certReq absent or false, as `openssl ts -query`
// without -cert asks, and as the Trust Layer asks) names its signer by its
// SignerInfo's issuer and serial number and by the ESS attribute's
// certHash: the signer is the pinned leaf whose hash that is, and the
// SignerInfo must name it. A token with certificates keeps the signer
// rfc3161.certificates found (rfc3161.leaf holds it to the pin).
func (t *token) pinnedSigner(tsas []root.TimestampingAuthority) *anchor.Failure {
	if t.signer != nil {
		return nil
	}
	sid := t.p7.Signers[0].IssuerAndSerialNumber
	named := fmt.Sprintf("the token embeds no certificate, so its signer (SignerInfo issuer %s, serial %v) is the pinned leaf its ESS attribute names",
		rawName(sid.IssuerName.FullBytes), sid.SerialNumber)
	ids, f := parseESS(t.attrs)
	if f != nil {
		return anchor.Failf(CheckSigner, "%s; %s", named, f.Detail)
	}
	if len(ids) == 0 {
		return anchor.Failf(CheckSigner,
			"%s; it has no ESS signing-certificate attribute (signingCertificate %s or signingCertificateV2 %s; RFC 3161 §2.4.1 requires one)",
			named, oidAttrSigningCertificate, oidAttrSigningCertificateV2)
	}
	id := ids[0]
	for _, x := range ids {
		if x.v2 {
			id = x // the stronger hash when both are there; rfc3161.ess checks both
			break
		}
	}
	if !essHashes[id.hash] {
		return anchor.Failf(CheckSigner, "%s; its %s hash algorithm is %s, with which no pinned leaf is hashed",
			named, id.name, hashName(id.hash, id.hashOID))
	}
	leaves := pinnedLeaves(tsas)
	var signer *x509.Certificate
	for _, l := range leaves {
		if bytes.Equal(sum(id.hash, l.Raw), id.certHash) {
			signer = l
			break
		}
	}
	if signer == nil {
		pinned := make([]string, len(leaves))
		for i, l := range leaves {
			pinned[i] = "sha256 " + fingerprint(l)
		}
		if len(pinned) == 0 {
			pinned = []string{"none: no timestampAuthorities entry pins a leaf"}
		}
		return anchor.Failf(CheckSigner, "%s; its %s certHash (%s) %x is the hash of none of the %d pinned TSA leaves (%s)",
			named, id.name, id.hash, id.certHash, len(leaves), strings.Join(pinned, "; "))
	}
	if sid.SerialNumber == nil || sid.SerialNumber.Cmp(signer.SerialNumber) != 0 || !bytes.Equal(sid.IssuerName.FullBytes, signer.RawIssuer) {
		return anchor.Failf(CheckSigner, "the SignerInfo names issuer %s, serial %v; the pinned leaf %s (sha256 %s), whose %s certHash the ESS attribute carries, is issuer %s, serial %v",
			rawName(sid.IssuerName.FullBytes), sid.SerialNumber, signer.Subject, fingerprint(signer), id.hash, signer.Issuer, signer.SerialNumber)
	}
	t.signer, t.fromPin = signer, true
	return nil
}

// pinnedLeaves are the distinct leaf certificates of the pinned TSAs, in
// order (sigstore-go's Leaf: the first certificate of an entry's certChain
// when it is not a CA).
func pinnedLeaves(tsas []root.TimestampingAuthority) []*x509.Certificate {
	var leaves []*x509.Certificate
	for _, ta := range tsas {
		tsa, ok := ta.(*root.SigstoreTimestampingAuthority)
		if !ok || tsa == nil || tsa.Leaf == nil {
			continue
		}
		dup := false
		for _, l := range leaves {
			dup = dup || l.Equal(tsa.Leaf)
		}
		if !dup {
			leaves = append(leaves, tsa.Leaf)
		}
	}
	return leaves
}

// checkESS runs rfc3161.ess: the ESS signing-certificate attribute(s)
// identify the signer.
func checkESS(attrs []attribute, signer *x509.Certificate) *anchor.Failure {
	ids, f := parseESS(attrs)
	if f != nil {
		return f
	}
	if len(ids) == 0 {
		var types []string
		for _, a := range attrs {
			types = append(types, a.Type.String())
		}
		return anchor.Failf(CheckESS,
			"no ESS signing-certificate attribute (signingCertificate %s or signingCertificateV2 %s) among the signed attributes [%s]; RFC 3161 §2.4.1 requires one",
			oidAttrSigningCertificate, oidAttrSigningCertificateV2, strings.Join(types, ", "))
	}
	for _, id := range ids {
		if id.v2 && id.hash != crypto.SHA256 && id.hash != crypto.SHA384 && id.hash != crypto.SHA512 {
			return anchor.Failf(CheckESS, "the %s hash algorithm is %s", id.name, hashName(id.hash, id.hashOID))
		}
		if want := sum(id.hash, signer.Raw); !bytes.Equal(id.certHash, want) {
			return anchor.Failf(CheckESS, "the %s certHash (%s) is %x, the %s of the signer certificate %s is %x",
				id.name, id.hash, id.certHash, id.hash, signer.Subject, want)
		}
		if len(id.issuerSerial.FullBytes) > 0 {
			if f := checkIssuerSerial(id.issuerSerial, signer, id.name); f != nil {
				return f
			}
		}
	}
	return nil
}

// checkIssuerSerial: an ESS IssuerSerial names the signer's issuer (as a
// directoryName) and serial number.
func checkIssuerSerial(raw asn1.RawValue, signer *x509.Certificate, name string) *anchor.Failure {
	var is issuerSerial
	if rest, err := asn1.Unmarshal(raw.FullBytes, &is); err != nil || len(rest) > 0 || is.Serial == nil {
		return anchor.Failf(CheckESS, "the %s issuerSerial does not decode", name)
	}
	var names []string
	issuerOK := false
	for rest := is.Issuer.Bytes; len(rest) > 0; {
		var gn asn1.RawValue
		var err error
		if rest, err = asn1.Unmarshal(rest, &gn); err != nil {
			return anchor.Failf(CheckESS, "the %s issuerSerial issuer does not decode: %v", name, err)
		}
		if gn.Class == asn1.ClassContextSpecific && gn.Tag == 4 && gn.IsCompound {
			names = append(names, rawName(gn.Bytes))
			if bytes.Equal(gn.Bytes, signer.RawIssuer) {
				issuerOK = true
			}
		} else {
			names = append(names, fmt.Sprintf("general name [%d]", gn.Tag))
		}
	}
	if !issuerOK || is.Serial.Cmp(signer.SerialNumber) != 0 {
		return anchor.Failf(CheckESS, "the %s issuerSerial names serial %v of issuer [%s], the signer is serial %v of issuer %s",
			name, is.Serial, strings.Join(names, "; "), signer.SerialNumber, signer.Issuer)
	}
	return nil
}

// sum is the h digest of b; h must be available.
func sum(h crypto.Hash, b []byte) []byte {
	d := h.New()
	d.Write(b)
	return d.Sum(nil)
}
