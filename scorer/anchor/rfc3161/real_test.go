package rfc3161

import (
	"bytes"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/x509"
	"encoding/asn1"
	"encoding/pem"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/digitorus/pkcs7"
	"github.com/sigstore/sigstore-go/pkg/root"

	"github.com/ark-forge/proveit/internal/openssl"
)

// Real third-party tokens (testdata/real/README.md says where they come
// from): GlobalSign's TSA for Adobe CDS - G2, three tokens over data.txt,
// one of them without certificates (the shape of the Trust Layer's), and
// GlobalSign's TSA for AATL - SHA256 - G2, one bare token over data we do
// not have. They are RSA, SHA-256, ESS v1 (SHA-1 certHash with
// issuerSerial), with a directoryName tsa field: another key type, another
// ESS attribute and another encoder than the test TSA's.

func readReal(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "real", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// embedded returns the certificates a real token embeds.
func embedded(t *testing.T, resp []byte) []*x509.Certificate {
	t.Helper()
	var r timeStampResp
	if _, err := asn1.Unmarshal(resp, &r); err != nil {
		t.Fatal(err)
	}
	p7, err := pkcs7.Parse(r.TimeStampToken.FullBytes)
	if err != nil {
		t.Fatal(err)
	}
	return p7.Certificates
}

// grantedResp wraps a bare timeStampToken in a TimeStampResp of status
// granted, the envelope a TSA answers with.
func grantedResp(t *testing.T, token []byte) []byte {
	t.Helper()
	resp, err := asn1.Marshal(struct {
		Status struct{ Status int }
		Token  asn1.RawValue
	}{Token: asn1.RawValue{FullBytes: token}})
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// realWorld is the real tokens and the pins they verify under.
type realWorld struct {
	data                    []byte // data.txt: what the Adobe CDS tokens stamp
	noCerts, nonce, noNonce []byte // the Adobe CDS tokens
	adobeLeaf, adobeInterm  *x509.Certificate
	adobePin                []root.TimestampingAuthority
	adobeGenTime            time.Time // the no-certs token's
	aatl                    []byte    // the AATL token, wrapped
	aatlPin                 []root.TimestampingAuthority
}

func loadReal(t *testing.T) *realWorld {
	t.Helper()
	w := &realWorld{
		data:    readReal(t, "data.txt"),
		noCerts: readReal(t, "globalsign-adobe-cds-g2-no-certs.tsr"),
		nonce:   readReal(t, "globalsign-adobe-cds-g2-nonce.tsr"),
		noNonce: readReal(t, "globalsign-adobe-cds-g2-no-nonce.tsr"),
		aatl:    grantedResp(t, readReal(t, "globalsign-aatl-sha256-g2.token")),
	}
	// The Adobe CDS chain is the one the nonce token embeds: the TSA's
	// certificate and "GlobalSign Primary SHA256 CA for Adobe". Its root,
	// "Adobe Root CA", is in neither the test data nor the tokens: the
	// intermediate is pinned as the entry's root (a trust anchor; openssl
	// needs -partial_chain for the same).
	certs := embedded(t, w.nonce)
	if len(certs) != 2 {
		t.Fatalf("the nonce token embeds %d certificates, want 2", len(certs))
	}
	w.adobeLeaf, w.adobeInterm = certs[0], certs[1]
	if w.adobeLeaf.IsCA {
		w.adobeLeaf, w.adobeInterm = w.adobeInterm, w.adobeLeaf
	}
	w.adobePin = []root.TimestampingAuthority{&root.SigstoreTimestampingAuthority{
		URI: "https://globalsign.test.invalid/adobe-cds-g2", Root: w.adobeInterm, Leaf: w.adobeLeaf,
		ValidityPeriodStart: w.adobeLeaf.NotBefore, ValidityPeriodEnd: w.adobeLeaf.NotAfter,
	}}
	// The AATL chain: the TSA's certificate and "GlobalSign CA for AATL -
	// SHA256 - G2" embedded, under "GlobalSign Root CA - R3", a root of the
	// Mozilla store (testdata/real/globalsign-root-ca-r3.pem).
	aatlCerts := embedded(t, w.aatl)
	if len(aatlCerts) != 2 {
		t.Fatalf("the AATL token embeds %d certificates, want 2", len(aatlCerts))
	}
	aatlLeaf, aatlInterm := aatlCerts[0], aatlCerts[1]
	if aatlLeaf.IsCA {
		aatlLeaf, aatlInterm = aatlInterm, aatlLeaf
	}
	block, _ := pem.Decode(readReal(t, "globalsign-root-ca-r3.pem"))
	r3, err := x509.ParseCertificate(block.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	w.aatlPin = []root.TimestampingAuthority{&root.SigstoreTimestampingAuthority{
		URI: "https://globalsign.test.invalid/aatl-sha256-g2", Root: r3, Intermediates: []*x509.Certificate{aatlInterm}, Leaf: aatlLeaf,
	}}
	w.adobeGenTime = time.Date(2017, 4, 19, 6, 32, 43, 0, time.UTC)
	return w
}

// TestRealTokens: every check up to the imprint passes on real GlobalSign
// tokens, the one without certificates among them: Verify stops at
// rfc3161.imprint only because data.txt is not a 32-byte batch root (its
// SHA-256 is the tokens' imprint), and the AATL token's data is unknown.
func TestRealTokens(t *testing.T) {
	w := loadReal(t)
	if len(embedded(t, w.noCerts)) != 0 {
		t.Fatal("the no-certs token embeds certificates")
	}
	imprint := sha256.Sum256(w.data)
	for _, c := range []struct {
		name   string
		resp   []byte
		root   []byte
		pinned []root.TimestampingAuthority
		detail []string
	}{
		{"Adobe CDS, no certificates (the real shape)", w.noCerts, w.data, w.adobePin, []string{"anchored root is 45 bytes"}},
		{"Adobe CDS, chain embedded, nonce", w.nonce, w.data, w.adobePin, []string{"anchored root is 45 bytes"}},
		{"Adobe CDS, chain embedded, no nonce", w.noNonce, w.data, w.adobePin, []string{"anchored root is 45 bytes"}},
		{"Adobe CDS, no certificates, second of two pins", w.noCerts, w.data, append(append([]root.TimestampingAuthority{}, w.aatlPin...), w.adobePin...), []string{"anchored root is 45 bytes"}},
		{"AATL, chain to GlobalSign Root CA - R3", w.aatl, make([]byte, 32), w.aatlPin, []string{"message imprint 2da82c1572ff020524e05069219975c9ba90723f1a4dd5b9722aee8ec547a2ff"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Verify(c.resp, c.root, c.pinned)
			f := mustFailure(t, err)
			if f.Check != CheckImprint {
				t.Fatalf("check %s, want every check before %s to pass: %s", f.Check, CheckImprint, f.Detail)
			}
			for _, d := range c.detail {
				if !strings.Contains(f.Detail, d) {
					t.Errorf("detail %q does not name %q", f.Detail, d)
				}
			}
		})
	}
	// What the imprint check compares: the Adobe CDS tokens stamp SHA-256
	// of data.txt.
	for _, resp := range [][]byte{w.noCerts, w.nonce, w.noNonce} {
		var tok token
		if f := tok.decodeResponse(resp); f != nil {
			t.Fatal(f)
		}
		if f := tok.decodeToken(); f != nil {
			t.Fatal(f)
		}
		if !bytes.Equal(tok.info.MessageImprint.HashedMessage, imprint[:]) {
			t.Errorf("imprint %x, SHA-256 of data.txt %x", tok.info.MessageImprint.HashedMessage, imprint)
		}
	}
}

// TestRealTokenMutations: one-byte mutations of the real tokens fail on
// the check that guards the byte. Most land on rfc3161.signature: the
// TSTInfo (genTime, imprint) is under the message-digest attribute, and
// the ESS attribute under the signature; the SignerInfo's issuer and
// serial and the ESS hash of a token without certificates name the
// signer, and fail rfc3161.signer first.
func TestRealTokenMutations(t *testing.T) {
	w := loadReal(t)
	essHash := sha1.Sum(w.adobeLeaf.Raw) // the ESS v1 certHash of the Adobe CDS tokens
	at := func(b, sub []byte, off int) int {
		t.Helper()
		i := bytes.Index(b, sub)
		if i < 0 || bytes.Contains(b[i+1:], sub) {
			t.Fatalf("%x is not in the token exactly once", sub)
		}
		return i + off
	}
	flip := func(b []byte, i int) []byte { b = bytes.Clone(b); b[i] ^= 0x01; return b }
	genTime := []byte("20170419063243Z")
	// The SignerInfo's issuer, then its 18-byte serial: first in the token,
	// before the ESS issuerSerial that repeats them under the signature.
	serial := append(bytes.Clone(w.adobeLeaf.RawIssuer), 0x02, 0x12)
	imprint := sha256.Sum256(w.data)
	cases := []struct {
		name   string
		resp   []byte
		check  string
		detail string
	}{
		{"no certificates: a signature byte", flip(w.noCerts, len(w.noCerts)-1), CheckSignature, "does not verify"},
		{"no certificates: genTime", flip(w.noCerts, at(w.noCerts, genTime, len(genTime)-2)), CheckSignature, "message-digest attribute"},
		{"no certificates: the imprint", flip(w.noCerts, at(w.noCerts, imprint[:], 7)), CheckSignature, "message-digest attribute"},
		{"no certificates: the ESS hash", flip(w.noCerts, at(w.noCerts, essHash[:], 3)), CheckSigner, "is the hash of none of the 1 pinned TSA leaves"},
		{"no certificates: the SignerInfo's serial", flip(w.noCerts, bytes.Index(w.noCerts, serial)+len(serial)+17), CheckSigner, "the SignerInfo names issuer"},
		{"chain embedded: a signature byte", flip(w.nonce, len(w.nonce)-1), CheckSignature, "does not verify"},
		{"chain embedded: genTime", flip(w.nonce, at(w.nonce, []byte("20170419062953Z"), 13)), CheckSignature, "message-digest attribute"},
		{"chain embedded: the imprint", flip(w.nonce, at(w.nonce, imprint[:], 0)), CheckSignature, "message-digest attribute"},
		{"chain embedded: the ESS hash", flip(w.nonce, at(w.nonce, essHash[:], 19)), CheckSignature, "does not verify"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Verify(c.resp, w.data, w.adobePin)
			f := mustFailure(t, err)
			if f.Check != c.check || !strings.Contains(f.Detail, c.detail) {
				t.Fatalf("%s: %s, want %s naming %q", f.Check, f.Detail, c.check, c.detail)
			}
		})
	}
	// Under another pin the real signer is not found.
	_, err := Verify(w.noCerts, w.data, w.aatlPin)
	if f := mustFailure(t, err); f.Check != CheckSigner {
		t.Errorf("the Adobe CDS token under the AATL pin: %s, want %s", f, CheckSigner)
	}
	_, err = Verify(w.nonce, w.data, w.aatlPin)
	if f := mustFailure(t, err); f.Check != CheckChain {
		t.Errorf("the Adobe CDS token with its chain, under the AATL pin: %s, want %s", f, CheckChain)
	}
	// Outside the signer's validity.
	late := &root.SigstoreTimestampingAuthority{Root: w.adobeInterm, Leaf: w.adobeLeaf, ValidityPeriodStart: w.adobeGenTime.Add(time.Second)}
	_, err = Verify(w.noCerts, w.data, []root.TimestampingAuthority{late})
	if f := mustFailure(t, err); f.Check != CheckTSAValidity {
		t.Errorf("a pin whose window opens after genTime: %s, want %s", f, CheckTSAValidity)
	}
	closed := &root.SigstoreTimestampingAuthority{Root: w.adobeInterm, Leaf: w.adobeLeaf, ValidityPeriodEnd: w.adobeGenTime.Add(-time.Second)}
	_, err = Verify(w.noCerts, w.data, []root.TimestampingAuthority{closed})
	if f := mustFailure(t, err); f.Check != CheckTSAValidity {
		t.Errorf("a pin whose window closes before genTime: %s, want %s", f, CheckTSAValidity)
	}
	// The window's bounds are inside it: a genTime equal to its start or
	// to its end passes the window, and fails only the imprint, which
	// wants a batch root (data.txt is 45 bytes).
	for name, tsa := range map[string]*root.SigstoreTimestampingAuthority{
		"opens at genTime":  {Root: w.adobeInterm, Leaf: w.adobeLeaf, ValidityPeriodStart: w.adobeGenTime},
		"closes at genTime": {Root: w.adobeInterm, Leaf: w.adobeLeaf, ValidityPeriodEnd: w.adobeGenTime},
	} {
		_, err := Verify(w.noCerts, w.data, []root.TimestampingAuthority{tsa})
		if f := mustFailure(t, err); f.Check != CheckImprint {
			t.Errorf("a pin whose window %s: %s, want it past the window, failing %s", name, f, CheckImprint)
		}
	}
}

// TestRealTokensOpenSSL: openssl ts -verify agrees on the real tokens of
// data.txt (with -partial_chain: the pinned anchor of the Adobe CDS chain
// is an intermediate), and refuses the one without certificates when
// TSA_CERT.pem is not given.
func TestRealTokensOpenSSL(t *testing.T) {
	bin := openssl.Need(t)
	w := loadReal(t)
	for name, resp := range map[string][]byte{"no certificates": w.noCerts, "nonce": w.nonce, "no nonce": w.noNonce} {
		v := openssl.TSVerify{
			Data: w.data, Response: resp,
			CAFile: []*x509.Certificate{w.adobeInterm}, Untrusted: []*x509.Certificate{w.adobeLeaf},
			PartialChain: true, At: w.adobeGenTime,
		}
		if out, ok := v.Run(t, bin); !ok {
			t.Errorf("%s: %s: not \"Verification: OK\":\n%s", name, v, out)
		}
	}
	v := openssl.TSVerify{Data: w.data, Response: w.noCerts, CAFile: []*x509.Certificate{w.adobeInterm}, PartialChain: true, At: w.adobeGenTime}
	if out, ok := v.Run(t, bin); ok {
		t.Errorf("openssl accepts the token without certificates and no -untrusted:\n%s", out)
	}
}
