package rfc3161test

import (
	"bytes"
	"crypto"
	"crypto/sha256"
	"crypto/x509"
	"testing"
	"time"

	"github.com/digitorus/timestamp"
	"github.com/sigstore/sigstore-go/pkg/root"

	"github.com/ark-forge/proveit/internal/openssl"
)

var (
	t2026 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	t2027 = time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)
	t2036 = time.Date(2036, 1, 1, 0, 0, 0, 0, time.UTC)
)

func opts() Options {
	return Options{
		Name:         "unit",
		CAValidity:   Validity{t2026, t2036},
		LeafValidity: Validity{t2026, t2027},
	}
}

func mustNew(t *testing.T, seed string, o Options) *TSA {
	t.Helper()
	tsa, err := New([]byte(seed), o)
	if err != nil {
		t.Fatal(err)
	}
	return tsa
}

func TestDeterministic(t *testing.T) {
	digest := sha256.Sum256([]byte("root"))
	at := time.Date(2026, 9, 14, 18, 14, 40, 0, time.UTC)
	for _, o := range []Options{opts(), func() Options { o := opts(); o.Intermediate = true; o.ESS = ESSv1; return o }()} {
		a := mustNew(t, "seed", o)
		b := mustNew(t, "seed", o)
		ra, _, la := a.Chain()
		rb, _, lb := b.Chain()
		if !ra.Equal(rb) || !la.Equal(lb) {
			t.Fatal("two TSAs from one seed have different certificates")
		}
		ta, err := a.Stamp(digest[:], crypto.SHA256, at)
		if err != nil {
			t.Fatal(err)
		}
		tb, err := b.Stamp(digest[:], crypto.SHA256, at)
		if err != nil {
			t.Fatal(err)
		}
		tc, err := a.Stamp(digest[:], crypto.SHA256, at)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(ta, tb) || !bytes.Equal(ta, tc) {
			t.Fatal("same inputs, different tokens")
		}
		ja, err := TrustedRootJSON(a)
		if err != nil {
			t.Fatal(err)
		}
		jb, err := TrustedRootJSON(b)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(ja, jb) {
			t.Fatal("same TSA, different trusted root JSON")
		}
	}
	other := mustNew(t, "other seed", opts())
	r1, _, _ := mustNew(t, "seed", opts()).Chain()
	r2, _, _ := other.Chain()
	if r1.Equal(r2) {
		t.Fatal("two seeds gave the same root")
	}
}

func TestRekeyKeepsRoot(t *testing.T) {
	o := opts()
	a := mustNew(t, "seed", o)
	o.LeafGeneration = 1
	b := mustNew(t, "seed", o)
	ra, _, la := a.Chain()
	rb, _, lb := b.Chain()
	if !ra.Equal(rb) {
		t.Fatal("re-keyed leaf changed the root")
	}
	if la.Equal(lb) || la.PublicKey.(interface{ Equal(crypto.PublicKey) bool }).Equal(lb.PublicKey) {
		t.Fatal("re-keyed leaf has the same certificate or key")
	}
}

func TestSubjectsSayTest(t *testing.T) {
	o := opts()
	o.Intermediate = true
	r, im, l := mustNew(t, "seed", o).Chain()
	for _, c := range append(im, r, l) {
		if !bytes.Contains([]byte(c.Subject.CommonName), []byte("not a real")) || c.Subject.Organization[0] != organization {
			t.Errorf("subject %q does not say it is a test issuer", c.Subject)
		}
	}
}

// honestVariants are honest TSAs, in the real shape (no certificates) and
// with certificates embedded.
func honestVariants() map[string]Options {
	with := func(f func(*Options)) Options { o := opts(); f(&o); return o }
	return map[string]Options{
		"plain":              opts(),
		"intermediate":       with(func(o *Options) { o.Intermediate = true }),
		"essv1":              with(func(o *Options) { o.ESS = ESSv1 }),
		"sha384":             with(func(o *Options) { o.SignerHash = crypto.SHA384; o.ESS = ESSv2SHA512 }),
		"chain embedded":     with(func(o *Options) { o.Intermediate = true; o.Certs = CertsChain }),
		"only signer inside": with(func(o *Options) { o.Certs = CertsSigner }),
	}
}

var (
	stamped  = []byte("a batch root, 32 bytes long....!")
	stampsAt = time.Date(2026, 9, 14, 18, 14, 40, 0, time.UTC)
)

// TestDefaultIsTheRealShape: by default a token embeds no certificate and
// carries no nonce, as the Trust Layer's requests (`openssl ts -query
// -no_nonce -sha256`, no -cert) have them.
func TestDefaultIsTheRealShape(t *testing.T) {
	digest := sha256.Sum256(stamped)
	resp, err := mustNew(t, "seed", opts()).Stamp(digest[:], crypto.SHA256, stampsAt)
	if err != nil {
		t.Fatal(err)
	}
	ts, err := timestamp.ParseResponse(resp)
	if err != nil {
		t.Fatal(err)
	}
	if len(ts.Certificates) != 0 || ts.Nonce != nil {
		t.Fatalf("%d certificates, nonce %v; want none and none", len(ts.Certificates), ts.Nonce)
	}
}

// TestHonestTokenVerifiesElsewhere checks honest tokens with verifiers that
// are not ours: digitorus/timestamp and sigstore-go's TSA verification.
func TestHonestTokenVerifiesElsewhere(t *testing.T) {
	digest := sha256.Sum256(stamped)
	for name, o := range honestVariants() {
		t.Run(name, func(t *testing.T) {
			tsa := mustNew(t, "seed", o)
			resp, err := tsa.Stamp(digest[:], crypto.SHA256, stampsAt)
			if err != nil {
				t.Fatal(err)
			}
			ts, err := timestamp.ParseResponse(resp)
			if err != nil {
				t.Fatal(err)
			}
			if !ts.Time.Equal(stampsAt) || !bytes.Equal(ts.HashedMessage, digest[:]) || ts.HashAlgorithm != crypto.SHA256 {
				t.Fatalf("parsed %v %x %v", ts.Time, ts.HashedMessage, ts.HashAlgorithm)
			}
			trJSON, err := TrustedRootJSON(tsa)
			if err != nil {
				t.Fatal(err)
			}
			tr, err := root.NewTrustedRootFromJSON(trJSON)
			if err != nil {
				t.Fatal(err)
			}
			tsas := tr.TimestampingAuthorities()
			if len(tsas) != 1 {
				t.Fatalf("%d TSAs", len(tsas))
			}
			if _, err := tsas[0].Verify(resp, stamped); err != nil {
				t.Fatalf("sigstore-go refuses the token: %v", err)
			}
		})
	}
}

// TestOpenSSLVerifies runs the Trust Layer's own check on honest tokens:
// `openssl ts -verify -data ROOTFILE -in TOKEN -CAfile ROOT_CA.pem
// -untrusted TSA_CERT.pem`, the signing certificate and any intermediate
// in TSA_CERT.pem, at genTime.
func TestOpenSSLVerifies(t *testing.T) {
	bin := openssl.Need(t)
	digest := sha256.Sum256(stamped)
	for name, o := range honestVariants() {
		t.Run(name, func(t *testing.T) {
			tsa := mustNew(t, "seed", o)
			resp, err := tsa.Stamp(digest[:], crypto.SHA256, stampsAt)
			if err != nil {
				t.Fatal(err)
			}
			v := tsVerify(tsa, resp)
			if out, ok := v.Run(t, bin); !ok {
				t.Fatalf("%s: not \"Verification: OK\":\n%s", v, out)
			}
		})
	}
}

// TestOpenSSLRefusesTampered makes sure the openssl cross-check can fail:
// openssl refuses a token whose ESS certificate hash is wrong, and a token
// without certificates when TSA_CERT.pem is not given.
func TestOpenSSLRefusesTampered(t *testing.T) {
	bin := openssl.Need(t)
	digest := sha256.Sum256(stamped)
	o := opts()
	o.ESS = ESSWrongHash
	o.Certs = CertsChain
	tsa := mustNew(t, "seed", o)
	resp, err := tsa.Stamp(digest[:], crypto.SHA256, stampsAt)
	if err != nil {
		t.Fatal(err)
	}
	if out, ok := tsVerify(tsa, resp).Run(t, bin); ok {
		t.Fatalf("openssl accepts a wrong ESS hash:\n%s", out)
	}
	honest := mustNew(t, "seed", opts())
	resp, err = honest.Stamp(digest[:], crypto.SHA256, stampsAt)
	if err != nil {
		t.Fatal(err)
	}
	v := tsVerify(honest, resp)
	v.Untrusted = nil
	if out, ok := v.Run(t, bin); ok {
		t.Fatalf("openssl accepts a token without certificates and no -untrusted:\n%s", out)
	}
}

// tsVerify is the openssl check of resp under tsa's chain, at stampsAt.
func tsVerify(tsa *TSA, resp []byte) openssl.TSVerify {
	r, im, leaf := tsa.Chain()
	return openssl.TSVerify{
		Data: stamped, Response: resp,
		CAFile: []*x509.Certificate{r}, Untrusted: append([]*x509.Certificate{leaf}, im...),
		At: stampsAt,
	}
}

func TestStampRefusesBadDigest(t *testing.T) {
	tsa := mustNew(t, "seed", opts())
	if _, err := tsa.Stamp(make([]byte, 20), crypto.SHA256, t2026); err == nil {
		t.Fatal("20-byte digest stamped as SHA-256")
	}
	if _, err := tsa.Stamp(make([]byte, 16), crypto.MD5, t2026); err == nil {
		t.Fatal("MD5 stamped")
	}
}

func TestNewRequiresValidity(t *testing.T) {
	if _, err := New([]byte("seed"), Options{}); err == nil {
		t.Fatal("no validity accepted")
	}
	if _, err := New(nil, opts()); err == nil {
		t.Fatal("empty seed accepted")
	}
}

func TestRejection(t *testing.T) {
	resp, err := Rejection(timestamp.Rejection, timestamp.BadAlgorithm)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := timestamp.ParseResponse(resp); err == nil {
		t.Fatal("rejection parsed as a token")
	}
}
