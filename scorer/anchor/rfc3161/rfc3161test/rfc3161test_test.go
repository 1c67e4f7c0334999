package rfc3161test

import (
	"bytes"
	"crypto"
	"crypto/sha256"
	"encoding/pem"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/digitorus/timestamp"
	"github.com/sigstore/sigstore-go/pkg/root"
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

// TestHonestTokenVerifiesElsewhere checks honest tokens with verifiers that
// are not ours: digitorus/timestamp, sigstore-go's TSA verification and,
// when installed, openssl ts -verify.
func TestHonestTokenVerifiesElsewhere(t *testing.T) {
	data := []byte("a batch root, 32 bytes long....!")
	digest := sha256.Sum256(data)
	at := time.Date(2026, 9, 14, 18, 14, 40, 0, time.UTC)
	for name, o := range map[string]Options{
		"plain":        opts(),
		"intermediate": func() Options { o := opts(); o.Intermediate = true; return o }(),
		"essv1":        func() Options { o := opts(); o.ESS = ESSv1; return o }(),
		"sha384":       func() Options { o := opts(); o.SignerHash = crypto.SHA384; o.ESS = ESSv2SHA512; return o }(),
	} {
		t.Run(name, func(t *testing.T) {
			tsa := mustNew(t, "seed", o)
			resp, err := tsa.Stamp(digest[:], crypto.SHA256, at)
			if err != nil {
				t.Fatal(err)
			}
			ts, err := timestamp.ParseResponse(resp)
			if err != nil {
				t.Fatal(err)
			}
			if !ts.Time.Equal(at) || !bytes.Equal(ts.HashedMessage, digest[:]) || ts.HashAlgorithm != crypto.SHA256 {
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
			if _, err := tsas[0].Verify(resp, data); err != nil {
				t.Fatalf("sigstore-go refuses the token: %v", err)
			}
			if out, err := opensslVerify(t, tsa, resp, data); err != nil {
				t.Fatalf("openssl ts -verify: %v\n%s", err, out)
			}
		})
	}
}

// TestOpenSSLRefusesTampered makes sure the openssl cross-check above can
// fail: openssl refuses a token whose ESS certificate hash is wrong.
func TestOpenSSLRefusesTampered(t *testing.T) {
	data := []byte("a batch root, 32 bytes long....!")
	digest := sha256.Sum256(data)
	o := opts()
	o.ESS = ESSWrongHash
	tsa := mustNew(t, "seed", o)
	resp, err := tsa.Stamp(digest[:], crypto.SHA256, time.Date(2026, 9, 14, 18, 14, 40, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	if out, err := opensslVerify(t, tsa, resp, data); err == nil && out != nil {
		t.Fatalf("openssl accepts a wrong ESS hash:\n%s", out)
	}
}

// opensslVerify runs openssl ts -verify at 2026-09-14T18:14:40Z; it returns
// nil, nil when openssl is not installed.
func opensslVerify(t *testing.T, tsa *TSA, resp, data []byte) ([]byte, error) {
	openssl, err := exec.LookPath("openssl")
	if err != nil {
		t.Log("openssl not installed: not cross-checked")
		return nil, nil
	}
	dir := t.TempDir()
	r, im, _ := tsa.Chain()
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	var untrusted []byte
	for _, c := range im {
		untrusted = append(untrusted, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: c.Raw})...)
	}
	args := []string{"ts", "-verify", "-in", write("resp.tsr", resp), "-data", write("data", data),
		"-CAfile", write("root.pem", pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: r.Raw})),
		"-attime", "1789409680"} // 2026-09-14T18:14:40Z
	if len(untrusted) > 0 {
		args = append(args, "-untrusted", write("untrusted.pem", untrusted))
	}
	return exec.Command(openssl, args...).CombinedOutput()
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
