// Package openssl runs `openssl ts -verify` as the Trust Layer runs it, for
// the interoperability tests: a token proveit accepts must be one the
// issuer's own check accepts. It is used only by tests.
package openssl

import (
	"bytes"
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// RequireEnv names the environment variable that turns a missing openssl
// from a skip into a failure; .ci/run sets it, so that CI can never pass
// without running the interoperability tests.
const RequireEnv = "PROVEIT_REQUIRE_OPENSSL"

// Need returns the path of openssl for an interoperability test. Where
// openssl is absent the test is skipped with a message naming what is
// missing, or fails when RequireEnv is set.
func Need(t testing.TB) string {
	t.Helper()
	p, err := exec.LookPath("openssl")
	if err != nil {
		msg := "openssl is not on PATH: the interoperability test against `openssl ts -verify` (the Trust Layer's own check) cannot run (install openssl)"
		if os.Getenv(RequireEnv) != "" {
			t.Fatalf("%s, and %s is set", msg, RequireEnv)
		}
		t.Skip(msg)
	}
	return p
}

// TSVerify is one `openssl ts -verify` run, as the Trust Layer's
// verify_tsr runs it (trust_layer/timestamps.py: -data, -in, -CAfile,
// -untrusted), plus -attime so that a test does not depend on the clock.
type TSVerify struct {
	Data      []byte              // the stamped bytes (-data): a batch root's 32 raw bytes
	Response  []byte              // the DER TimeStampResp (-in)
	CAFile    []*x509.Certificate // -CAfile: the TSA's root
	Untrusted []*x509.Certificate // -untrusted: the TSA's signing certificate, then intermediates
	// PartialChain passes -partial_chain: a CAFile certificate that is not
	// self-signed is then a trust anchor (real tokens whose root is not at
	// hand).
	PartialChain bool
	At           time.Time // -attime; zero: the current time
}

// Run writes the files into a temporary directory and runs openssl. It
// returns openssl's combined output and whether it says "Verification: OK"
// and exits 0.
func (v TSVerify) Run(t testing.TB, openssl string) (out []byte, ok bool) {
	t.Helper()
	dir := t.TempDir()
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	args := []string{"ts", "-verify",
		"-data", write("root.bin", v.Data),
		"-in", write("token.tsr", v.Response),
		"-CAfile", write("root_ca.pem", pemOf(v.CAFile)),
	}
	if len(v.Untrusted) > 0 {
		args = append(args, "-untrusted", write("tsa_cert.pem", pemOf(v.Untrusted)))
	}
	if v.PartialChain {
		args = append(args, "-partial_chain")
	}
	if !v.At.IsZero() {
		args = append(args, "-attime", strconv.FormatInt(v.At.Unix(), 10))
	}
	out, err := exec.Command(openssl, args...).CombinedOutput()
	return out, err == nil && bytes.Contains(out, []byte("Verification: OK"))
}

func pemOf(certs []*x509.Certificate) []byte {
	var b []byte
	for _, c := range certs {
		b = append(b, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: c.Raw})...)
	}
	return b
}

// String is the command line, for a failure message.
func (v TSVerify) String() string {
	s := "openssl ts -verify -data ROOTFILE -in TOKEN -CAfile ROOT_CA.pem"
	if len(v.Untrusted) > 0 {
		s += " -untrusted TSA_CERT.pem"
	}
	if v.PartialChain {
		s += " -partial_chain"
	}
	if !v.At.IsZero() {
		s += fmt.Sprintf(" -attime %d", v.At.Unix())
	}
	return s
}
