package rfc3161

import (
	"bytes"
	"crypto"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ark-forge/proveit/scorer/anchor"
	"github.com/ark-forge/proveit/scorer/anchor/rfc3161/rfc3161test"
	"github.com/digitorus/timestamp"
	prototrustroot "github.com/sigstore/protobuf-specs/gen/pb-go/trustroot/v1"
	"github.com/sigstore/sigstore-go/pkg/root"
	tsaverification "github.com/sigstore/timestamp-authority/v2/pkg/verification"
	"google.golang.org/protobuf/encoding/protojson"
)

var (
	caValidity   = rfc3161test.Validity{NotBefore: date(2026, 1, 1), NotAfter: date(2036, 1, 1)}
	leafValidity = rfc3161test.Validity{NotBefore: date(2026, 1, 1), NotAfter: date(2027, 1, 1)}
	genTime      = time.Date(2026, 9, 14, 18, 14, 40, 0, time.UTC)
	batchRoot    = sha256Of([]byte("batch 7 root"))
	otherRoot    = sha256Of([]byte("batch 8 root"))
)

func date(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

func sha256Of(b []byte) []byte { s := sha256.Sum256(b); return s[:] }

// newTSA is the honest test TSA of seed, changed by mods.
func newTSA(t testing.TB, seed string, mods ...func(*rfc3161test.Options)) *rfc3161test.TSA {
	t.Helper()
	o := rfc3161test.Options{Name: "unit", CAValidity: caValidity, LeafValidity: leafValidity}
	for _, m := range mods {
		m(&o)
	}
	tsa, err := rfc3161test.New([]byte(seed), o)
	if err != nil {
		t.Fatal(err)
	}
	return tsa
}

// embed has a test TSA embed certs in its tokens (the default embeds none,
// as real tokens).
func embed(certs rfc3161test.Certs) func(*rfc3161test.Options) {
	return func(o *rfc3161test.Options) { o.Certs = certs }
}

// pin is the TSAs as a season pins them: a TrustedRoot JSON document read
// back with sigstore-go.
func pin(t testing.TB, tsas ...*rfc3161test.TSA) []root.TimestampingAuthority {
	t.Helper()
	js, err := rfc3161test.TrustedRootJSON(tsas...)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := root.NewTrustedRootFromJSON(js)
	if err != nil {
		t.Fatal(err)
	}
	return tr.TimestampingAuthorities()
}

// pinEntries pins trusted-root entries as they are given.
func pinEntries(t testing.TB, entries ...*prototrustroot.CertificateAuthority) []root.TimestampingAuthority {
	t.Helper()
	js, err := protojson.Marshal(&prototrustroot.TrustedRoot{MediaType: rfc3161test.TrustedRootMediaType, TimestampAuthorities: entries})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := root.NewTrustedRootFromJSON(js)
	if err != nil {
		t.Fatal(err)
	}
	return tr.TimestampingAuthorities()
}

// foreignTSA is a TimestampingAuthority that is not sigstore-go's.
type foreignTSA struct{}

func (foreignTSA) Verify([]byte, []byte) (*root.Timestamp, error) { return nil, errors.New("no") }

func stampAt(t testing.TB, tsa *rfc3161test.TSA, digest []byte, h crypto.Hash, at time.Time) []byte {
	t.Helper()
	resp, err := tsa.Stamp(digest, h, at)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

func mustFailure(t *testing.T, err error) *anchor.Failure {
	t.Helper()
	var f *anchor.Failure
	if !errors.As(err, &f) {
		t.Fatalf("error %v (%T) is not an *anchor.Failure", err, err)
	}
	return f
}

func TestVerifyValid(t *testing.T) {
	honest := newTSA(t, "seed")
	withInterm := newTSA(t, "seed", func(o *rfc3161test.Options) { o.Name = "interm"; o.Intermediate = true })
	other := newTSA(t, "other seed")
	cases := []struct {
		name   string
		tsa    *rfc3161test.TSA
		pinned []*rfc3161test.TSA
		digest crypto.Hash
	}{
		{"plain, no certificates (the real shape)", honest, []*rfc3161test.TSA{honest}, crypto.SHA256},
		{"chain embedded", newTSA(t, "seed", embed(rfc3161test.CertsChain)), []*rfc3161test.TSA{honest}, crypto.SHA256},
		{"intermediate", withInterm, []*rfc3161test.TSA{withInterm}, crypto.SHA256},
		{"intermediate, chain embedded", newTSA(t, "seed", func(o *rfc3161test.Options) {
			o.Name = "interm"
			o.Intermediate = true
			o.Certs = rfc3161test.CertsChain
		}), []*rfc3161test.TSA{withInterm}, crypto.SHA256},
		{"intermediate only pinned", newTSA(t, "seed", func(o *rfc3161test.Options) {
			o.Name = "interm"
			o.Intermediate = true
			o.Certs = rfc3161test.CertsSigner
		}), []*rfc3161test.TSA{withInterm}, crypto.SHA256},
		{"second of two pinned", honest, []*rfc3161test.TSA{other, honest}, crypto.SHA256},
		{"second of two pinned, chain embedded", newTSA(t, "seed", embed(rfc3161test.CertsChain)), []*rfc3161test.TSA{other, honest}, crypto.SHA256},
		{"ESS v1 only, no certificates", newTSA(t, "seed", func(o *rfc3161test.Options) { o.ESS = rfc3161test.ESSv1 }), []*rfc3161test.TSA{other, honest}, crypto.SHA256},
		{"ESS v1", newTSA(t, "seed", func(o *rfc3161test.Options) { o.ESS = rfc3161test.ESSv1 }), []*rfc3161test.TSA{honest}, crypto.SHA256},
		{"SHA-384 signer, ESS v2 SHA-512", newTSA(t, "seed", func(o *rfc3161test.Options) {
			o.SignerHash = crypto.SHA384
			o.ESS = rfc3161test.ESSv2SHA512
		}), []*rfc3161test.TSA{honest}, crypto.SHA384},
		{"no tsa name", newTSA(t, "seed", func(o *rfc3161test.Options) { o.TSAName = rfc3161test.TSANameNone }), []*rfc3161test.TSA{honest}, crypto.SHA256},
		{"SHA-512 signer", newTSA(t, "seed", func(o *rfc3161test.Options) { o.SignerHash = crypto.SHA512 }), []*rfc3161test.TSA{honest}, crypto.SHA512},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp := stampAt(t, c.tsa, sha256Of(batchRoot), crypto.SHA256, genTime)
			res, err := Verify(resp, batchRoot, pin(t, c.pinned...))
			if err != nil {
				t.Fatal(err)
			}
			_, _, leaf := c.tsa.Chain()
			fp := sha256.Sum256(leaf.Raw)
			if !res.GenTime.Equal(genTime) || res.GenTime.Location() != time.UTC {
				t.Errorf("GenTime %v, want %v", res.GenTime, genTime)
			}
			if res.SignerSHA256 != hex.EncodeToString(fp[:]) {
				t.Errorf("SignerSHA256 %s, want %x", res.SignerSHA256, fp)
			}
			if !strings.Contains(res.TSA, rfc3161test.LeafCN) {
				t.Errorf("TSA %q", res.TSA)
			}
			if res.HashAlgorithm != crypto.SHA256 || res.DigestAlgorithm != c.digest {
				t.Errorf("hashes %v %v", res.HashAlgorithm, res.DigestAlgorithm)
			}
			if res.TSAURI != "https://tsa.test.invalid/unit" && res.TSAURI != "https://tsa.test.invalid/interm" {
				t.Errorf("TSAURI %q", res.TSAURI)
			}
			if res.Policy != rfc3161test.PolicyOID.String() || res.SerialNumber == "" {
				t.Errorf("policy %q serial %q", res.Policy, res.SerialNumber)
			}
		})
	}
}

// TestVerifyFailures has one case per check, with the exact code and what
// its Detail must name.
func TestVerifyFailures(t *testing.T) {
	honest := newTSA(t, "seed")
	_, _, honestLeaf := honest.Chain()
	honestFP := fingerprint(honestLeaf)
	pinned := pin(t, honest)
	good := stampAt(t, honest, sha256Of(batchRoot), crypto.SHA256, genTime)
	goodChain := stampAt(t, newTSA(t, "seed", embed(rfc3161test.CertsChain)), sha256Of(batchRoot), crypto.SHA256, genTime)

	variant := func(mod func(*rfc3161test.Options)) []byte {
		return stampAt(t, newTSA(t, "seed", mod), sha256Of(batchRoot), crypto.SHA256, genTime)
	}
	// selfPinned is a tampered TSA's token verified under its own entry, so
	// that only the tampering fails.
	selfPinned := func(mod func(*rfc3161test.Options)) ([]byte, []root.TimestampingAuthority) {
		tsa := newTSA(t, "seed", mod)
		return stampAt(t, tsa, sha256Of(batchRoot), crypto.SHA256, genTime), pin(t, tsa)
	}
	flipLast := func(b []byte) []byte { b = bytes.Clone(b); b[len(b)-1] ^= 0x01; return b }
	flipImprint := func(b []byte) []byte {
		b = bytes.Clone(b)
		i := bytes.Index(b, sha256Of(batchRoot))
		b[i+5] ^= 0x80
		return b
	}
	rejection, err := rfc3161test.Rejection(timestamp.Rejection, timestamp.BadAlgorithm)
	if err != nil {
		t.Fatal(err)
	}
	other := newTSA(t, "other seed")
	_, _, otherLeaf := other.Chain()
	otherChain := newTSA(t, "other seed", embed(rfc3161test.CertsChain))
	rekey := func(o *rfc3161test.Options) { o.LeafGeneration = 1 }
	rekeyed := newTSA(t, "seed", rekey)
	_, _, rekeyedLeaf := rekeyed.Chain()
	rekeyedChain := newTSA(t, "seed", rekey, embed(rfc3161test.CertsChain))
	// sidSerialPlusOne is good with its SignerInfo's serial number (1000,
	// unsigned: the SignerInfo is outside the signed attributes) made 1001.
	sidSerialPlusOne := func() []byte {
		_, _, leaf := honest.Chain()
		sid := append(bytes.Clone(leaf.RawIssuer), 0x02, 0x02, 0x03, 0xe8)
		b := bytes.Clone(good)
		i := bytes.Index(b, sid)
		b[i+len(sid)-1]++
		return b
	}()
	windowed := newTSA(t, "seed", func(o *rfc3161test.Options) {
		o.Window = rfc3161test.Validity{NotBefore: date(2026, 1, 1), NotAfter: date(2026, 6, 30)}
	})
	eku := func(e rfc3161test.EKU) func(*rfc3161test.Options) { return func(o *rfc3161test.Options) { o.EKU = e } }
	ess := func(e rfc3161test.ESS) func(*rfc3161test.Options) { return func(o *rfc3161test.Options) { o.ESS = e } }
	noEKU, noEKUPin := selfPinned(eku(rfc3161test.EKUNone))
	nonCrit, nonCritPin := selfPinned(eku(rfc3161test.EKUNonCritical))
	extra, extraPin := selfPinned(eku(rfc3161test.EKUExtra))
	caLeaf, caPin := selfPinned(func(o *rfc3161test.Options) { o.LeafIsCA = true })
	caLeafChain, caChainPin := selfPinned(func(o *rfc3161test.Options) { o.LeafIsCA = true; o.Certs = rfc3161test.CertsChain })
	// A CA signer pinned as a leaf by hand: sigstore-go never makes a CA
	// certificate an entry's Leaf, so only such a pin reaches rfc3161.ca.
	caTSAForPin := newTSA(t, "seed", func(o *rfc3161test.Options) { o.LeafIsCA = true })
	caRoot, _, caSigner := caTSAForPin.Chain()
	caHandPinned := []root.TimestampingAuthority{&root.SigstoreTimestampingAuthority{Root: caRoot, Leaf: caSigner, URI: "https://tsa.test.invalid/by-hand"}}
	codeSigningCA, codeSigningPin := selfPinned(func(o *rfc3161test.Options) {
		o.Intermediate = true
		o.IntermediateEKU = []x509.ExtKeyUsage{x509.ExtKeyUsageCodeSigning}
	})
	// A CA signer pinned alone: sigstore-go makes it the entry's root.
	caTSA := newTSA(t, "seed", func(o *rfc3161test.Options) { o.LeafIsCA = true; o.Certs = rfc3161test.CertsChain })
	caAlone := caTSA.TrustedRootEntry()
	caAlone.CertChain.Certificates = caAlone.CertChain.Certificates[:1]
	sha1Digest := sha1.Sum(batchRoot)
	sha384Digest := sha512.Sum384(batchRoot)
	trailing := append(bytes.Clone(good), 0x00)
	// The SignerInfo's signatureAlgorithm is the last ecdsa-with-SHA256 of
	// the token; ecdsa-with-SHA384 has the same length.
	sigAlgSwapped := bytes.Clone(good)
	ecdsaSHA256 := []byte{0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x02}
	sigAlgSwapped[bytes.LastIndex(sigAlgSwapped, ecdsaSHA256)+len(ecdsaSHA256)-1] = 0x03

	cases := []struct {
		name   string
		resp   []byte
		root   []byte
		pinned []root.TimestampingAuthority
		check  string
		detail []string
	}{
		{"oversized", make([]byte, MaxTokenSize+1), batchRoot, pinned, CheckSize,
			[]string{fmt.Sprint(MaxTokenSize + 1), "65536"}},
		{"empty", nil, batchRoot, pinned, CheckParse, []string{"empty"}},
		{"truncated DER", good[:len(good)-10], batchRoot, pinned, CheckParse, []string{"not DER"}},
		{"trailing data", trailing, batchRoot, pinned, CheckParse, []string{"1 bytes of trailing data"}},
		{"base64 text", []byte(base64.StdEncoding.EncodeToString(good)), batchRoot, pinned, CheckParse,
			[]string{"not DER", "base64"}},
		{"garbage", []byte("\x30\x03\x02\x01\xff garbage"), batchRoot, pinned, CheckParse, []string{"not DER"}},
		{"PKIStatus rejection", rejection, batchRoot, pinned, CheckStatus,
			[]string{"PKIStatus 2", "rejected", "want 0 (granted)", "unrecognized or unsupported Algorithm"}},
		{"embedded certificates without the signer", variant(embed(rfc3161test.CertsWithoutSigner)), batchRoot, pinned,
			CheckCertificates, []string{"none of the 1 embedded certificates is the signer", "serial 1000"}},
		{"no certificates, ESS hash of an unpinned leaf", stampAt(t, other, sha256Of(batchRoot), crypto.SHA256, genTime), batchRoot, pinned,
			CheckSigner, []string{"embeds no certificate", "certHash (SHA-256) " + fingerprint(otherLeaf), "none of the 1 pinned TSA leaves", honestFP}},
		{"no certificates, ESS hash of a re-keyed leaf", stampAt(t, rekeyed, sha256Of(batchRoot), crypto.SHA256, genTime), batchRoot, pinned,
			CheckSigner, []string{fingerprint(rekeyedLeaf), "serial 1001", honestFP}},
		{"no certificates, ESS hash of the issuer", variant(ess(rfc3161test.ESSWrongHash)), batchRoot, pinned,
			CheckSigner, []string{"certHash (SHA-256) " + fingerprint(otherRootOf(honest)), "none of the 1 pinned TSA leaves"}},
		{"no certificates, no ESS attribute", variant(ess(rfc3161test.ESSNone)), batchRoot, pinned,
			CheckSigner, []string{"embeds no certificate", "no ESS signing-certificate attribute"}},
		{"no certificates, the SignerInfo names another serial", sidSerialPlusOne, batchRoot, pinned,
			CheckSigner, []string{"SignerInfo names issuer", "serial 1001", "is issuer", "serial 1000", honestFP}},
		{"no certificates, nothing pinned", good, batchRoot, nil, CheckSigner, []string{"none: no timestampAuthorities entry pins a leaf"}},
		{"no certificates, a CA signer (sigstore-go pins no CA as a leaf)", caLeaf, batchRoot, caPin, CheckSigner,
			[]string{"none of the 0 pinned TSA leaves"}},
		{"SHA-1 imprint", stampAt(t, honest, sha1Digest[:], crypto.SHA1, genTime), batchRoot, pinned, CheckHash,
			[]string{"message imprint algorithm SHA-1 (1.3.14.3.2.26)", "want SHA-256", "SHA-1 is refused"}},
		{"SHA-384 imprint", stampAt(t, honest, sha384Digest[:], crypto.SHA384, genTime), batchRoot, pinned, CheckHash,
			[]string{"message imprint algorithm SHA-384", "want SHA-256"}},
		{"SHA-1 signer digest", variant(func(o *rfc3161test.Options) { o.SignerHash = crypto.SHA1 }), batchRoot, pinned, CheckHash,
			[]string{"SignerInfo digest algorithm SHA-1", "SHA-1 is refused"}},
		{"SHA-1 ESSCertIDv2", variant(ess(rfc3161test.ESSv2SHA1)), batchRoot, pinned, CheckHash,
			[]string{"ESSCertIDv2 0 hash algorithm SHA-1"}},
		{"signature algorithm names another hash", sigAlgSwapped, batchRoot, pinned, CheckHash,
			[]string{"ecdsa-with-SHA384 (1.2.840.10045.4.3.3) hashes with SHA-384", "digest algorithm is SHA-256"}},
		{"flipped signature byte", flipLast(good), batchRoot, pinned, CheckSignature,
			[]string{"does not verify", rfc3161test.LeafCN}},
		{"tampered TSTInfo", flipImprint(good), batchRoot, pinned, CheckSignature,
			[]string{"message-digest attribute", "digest of the TSTInfo"}},
		{"genTime outside the leaf validity", stampAt(t, honest, sha256Of(batchRoot), crypto.SHA256, date(2027, 6, 1)), batchRoot, pinned,
			CheckSignerValidity, []string{"2027-06-01T00:00:00Z", "2026-01-01T00:00:00Z to 2027-01-01T00:00:00Z"}},
		{"unpinned TSA, chain embedded", stampAt(t, otherChain, sha256Of(batchRoot), crypto.SHA256, genTime), batchRoot, pinned, CheckChain,
			[]string{fingerprint(otherLeaf), "none of the 1 pinned TSAs", "unknown authority"}},
		{"foreign TSA type, chain embedded", goodChain, batchRoot, []root.TimestampingAuthority{foreignTSA{}}, CheckChain,
			[]string{"entry 0 (rfc3161.foreignTSA) pins no root certificate"}},
		{"nothing pinned, chain embedded", goodChain, batchRoot, nil, CheckChain, []string{"no TSA is pinned"}},
		{"embedded signer is not the pinned leaf", stampAt(t, rekeyedChain, sha256Of(batchRoot), crypto.SHA256, genTime), batchRoot, pinned, CheckLeaf,
			[]string{fingerprint(rekeyedLeaf), honestFP, "serial 1001", "serial 1000"}},
		{"genTime outside the pinned window", stampAt(t, windowed, sha256Of(batchRoot), crypto.SHA256, genTime), batchRoot, pin(t, windowed),
			CheckTSAValidity, []string{"2026-09-14T18:14:40Z", "2026-01-01T00:00:00Z to 2026-06-30T00:00:00Z"}},
		{"leaf without EKU", noEKU, batchRoot, noEKUPin, CheckEKU, []string{"no extended key usage"}},
		{"non-critical EKU", nonCrit, batchRoot, nonCritPin, CheckEKU, []string{"[timeStamping]", "not marked critical"}},
		{"extra EKU", extra, batchRoot, extraPin, CheckEKU, []string{"[timeStamping, codeSigning]", "exactly [timeStamping]"}},
		{"intermediate without timeStamping", codeSigningCA, batchRoot, codeSigningPin, CheckEKU,
			[]string{"intermediate", rfc3161test.IntermCN, "[codeSigning]"}},
		{"leaf is a CA, pinned as a leaf by hand", caLeaf, batchRoot, caHandPinned, CheckCA, []string{"is a CA", rfc3161test.LeafCN}},
		{"embedded CA signer: sigstore-go pins it as no leaf", caLeafChain, batchRoot, caChainPin, CheckLeaf,
			[]string{"pins no leaf certificate", "must be a pinned leaf"}},
		{"embedded CA signer pinned as the root", caLeafChain, batchRoot, pinEntries(t, caAlone), CheckLeaf,
			[]string{"pins no leaf certificate"}},
		{"chain embedded, no ESS attribute", variant(func(o *rfc3161test.Options) { o.ESS = rfc3161test.ESSNone; o.Certs = rfc3161test.CertsChain }), batchRoot, pinned, CheckESS,
			[]string{"no ESS signing-certificate attribute", "1.2.840.113549.1.9.3", "1.2.840.113549.1.9.4"}},
		{"chain embedded, wrong ESS hash", variant(func(o *rfc3161test.Options) { o.ESS = rfc3161test.ESSWrongHash; o.Certs = rfc3161test.CertsChain }), batchRoot, pinned, CheckESS,
			[]string{"certHash (SHA-256) is " + fingerprint(otherRootOf(honest)), honestFP}},
		{"wrong ESS issuerSerial", variant(ess(rfc3161test.ESSWrongSerial)), batchRoot, pinned, CheckESS,
			[]string{"names serial 1001", "signer is serial 1000"}},
		{"tsa name of the issuer", variant(func(o *rfc3161test.Options) { o.TSAName = rfc3161test.TSANameIssuer }), batchRoot, pinned,
			CheckTSAName, []string{"names CN=" + rfc3161test.RootCN, "subject is CN=" + rfc3161test.LeafCN}},
		{"token over another root", stampAt(t, honest, sha256Of(otherRoot), crypto.SHA256, genTime), batchRoot, pinned, CheckImprint,
			[]string{hex.EncodeToString(sha256Of(otherRoot)), hex.EncodeToString(sha256Of(batchRoot))}},
		{"anchored root as hex text", good, []byte(hex.EncodeToString(batchRoot)), pinned, CheckImprint,
			[]string{"64 bytes", "32 raw bytes"}},
	}
	seen := map[string]bool{}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := Verify(c.resp, c.root, c.pinned)
			if err == nil {
				t.Fatalf("accepted: %+v", res)
			}
			f := mustFailure(t, err)
			t.Log(f)
			if f.Check != c.check {
				t.Fatalf("check %s, want %s: %s", f.Check, c.check, f.Detail)
			}
			for _, d := range c.detail {
				if !strings.Contains(f.Detail, d) {
					t.Errorf("detail %q does not name %q", f.Detail, d)
				}
			}
			if res != (Result{}) {
				t.Errorf("failure with a result: %+v", res)
			}
		})
		seen[c.check] = true
	}
	for _, c := range Checks {
		if !seen[c] {
			t.Errorf("no case for check %s", c)
		}
	}
}

// otherRootOf is the certificate whose hash rfc3161test.ESSWrongHash puts in
// the ESS attribute: the signer's issuer.
func otherRootOf(tsa *rfc3161test.TSA) *x509.Certificate {
	r, im, _ := tsa.Chain()
	if len(im) > 0 {
		return im[len(im)-1]
	}
	return r
}

// TestGapDigitorus shows what digitorus/timestamp accepts and Verify does
// not: a token without certificates, the real shape, whatever its
// signature (digitorus verifies none then) and whoever signed it, and a
// token from an unpinned TSA with its chain embedded (no chain is checked).
func TestGapDigitorus(t *testing.T) {
	honest := newTSA(t, "seed")
	pinned := pin(t, honest)
	noCerts := stampAt(t, honest, sha256Of(batchRoot), crypto.SHA256, genTime)
	brokenNoCerts := bytes.Clone(noCerts)
	brokenNoCerts[len(brokenNoCerts)-1] ^= 0x01
	strangerNoCerts := stampAt(t, newTSA(t, "stranger"), sha256Of(batchRoot), crypto.SHA256, genTime)
	strangerChain := stampAt(t, newTSA(t, "stranger", embed(rfc3161test.CertsChain)), sha256Of(batchRoot), crypto.SHA256, genTime)
	if _, err := Verify(noCerts, batchRoot, pinned); err != nil {
		t.Fatalf("the honest token without certificates: %v", err)
	}
	for _, c := range []struct {
		name  string
		resp  []byte
		check string
	}{
		{"no certificates, broken signature", brokenNoCerts, CheckSignature},
		{"no certificates, unpinned TSA", strangerNoCerts, CheckSigner},
		{"chain embedded, unpinned TSA", strangerChain, CheckChain},
	} {
		t.Run(c.name, func(t *testing.T) {
			ts, err := timestamp.ParseResponse(c.resp)
			if err != nil {
				t.Fatalf("digitorus/timestamp refuses it already: %v", err)
			}
			if !bytes.Equal(ts.HashedMessage, sha256Of(batchRoot)) {
				t.Fatal("digitorus reads another imprint")
			}
			_, err = Verify(c.resp, batchRoot, pinned)
			if f := mustFailure(t, err); f.Check != c.check {
				t.Fatalf("check %s, want %s: %s", f.Check, c.check, f.Detail)
			}
		})
	}
}

// TestGapSigstoreESS shows that sigstore-go's TSA verification
// (SigstoreTimestampingAuthority.Verify, that is timestamp-authority's
// VerifyTimestampResponse) accepts a token whose ESS signing-certificate
// attribute is missing or names another certificate, with or without
// embedded certificates, which Verify refuses: rfc3161.ess when the chain
// is embedded, rfc3161.signer when it is not (nothing then names the
// signer).
func TestGapSigstoreESS(t *testing.T) {
	honest := newTSA(t, "seed")
	pinned := pin(t, honest)
	r, _, leaf := honest.Chain()
	for _, certs := range []rfc3161test.Certs{rfc3161test.CertsChain, rfc3161test.CertsNone} {
		for _, e := range []rfc3161test.ESS{rfc3161test.ESSNone, rfc3161test.ESSWrongHash} {
			resp := stampAt(t, newTSA(t, "seed", func(o *rfc3161test.Options) { o.ESS = e; o.Certs = certs }), sha256Of(batchRoot), crypto.SHA256, genTime)
			if _, err := pinned[0].Verify(resp, batchRoot); err != nil {
				t.Fatalf("certs %d, ESS %d: sigstore-go refuses it already: %v", certs, e, err)
			}
			if _, err := tsaverification.VerifyTimestampResponse(resp, bytes.NewReader(batchRoot), tsaverification.VerifyOpts{
				Roots: []*x509.Certificate{r}, TSACertificate: leaf,
			}); err != nil {
				t.Fatalf("certs %d, ESS %d: timestamp-authority refuses it already: %v", certs, e, err)
			}
			want := CheckESS
			if certs == rfc3161test.CertsNone {
				want = CheckSigner
			}
			_, err := Verify(resp, batchRoot, pinned)
			if f := mustFailure(t, err); f.Check != want {
				t.Fatalf("certs %d, ESS %d: check %s, want %s: %s", certs, e, f.Check, want, f.Detail)
			}
		}
	}
}

// TestAgreesWithSigstore: where sigstore-go accepts an honest token, so do
// we, and both read the same time.
func TestAgreesWithSigstore(t *testing.T) {
	honest := newTSA(t, "seed", func(o *rfc3161test.Options) { o.Intermediate = true })
	pinned := pin(t, honest)
	resp := stampAt(t, honest, sha256Of(batchRoot), crypto.SHA256, genTime)
	ts, err := pinned[0].Verify(resp, batchRoot)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Verify(resp, batchRoot, pinned)
	if err != nil {
		t.Fatal(err)
	}
	if !ts.Time.Equal(res.GenTime) || ts.URI != res.TSAURI {
		t.Fatalf("sigstore-go %v %s, Verify %v %s", ts.Time, ts.URI, res.GenTime, res.TSAURI)
	}
}

func TestChecksDistinct(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range Checks {
		if seen[c] || !strings.HasPrefix(c, "rfc3161.") {
			t.Errorf("check %q repeated or unprefixed", c)
		}
		seen[c] = true
	}
}

func BenchmarkVerify(b *testing.B) {
	honest := newTSA(b, "seed")
	pinned := pin(b, honest)
	resp := stampAt(b, honest, sha256Of(batchRoot), crypto.SHA256, genTime)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Verify(resp, batchRoot, pinned); err != nil {
			b.Fatal(err)
		}
	}
}
