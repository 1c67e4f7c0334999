package rfc3161

import (
	"bytes"
	"crypto"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/scorer/anchor/rfc3161/rfc3161test"
	"github.com/ark-forge/proveit/scorer/internal/fuzztest"
	"github.com/digitorus/timestamp"
	"github.com/sigstore/sigstore-go/pkg/root"
)

var updateFuzzCorpus = flag.Bool("update-fuzz-corpus", false, "rewrite the rfc3161test seeds of testdata/fuzz/FuzzVerify")

// fuzzSeeds are real tokens (rfc3161test is deterministic, so they are the
// same on every run) and a few mutations, and the TSAs they are pinned to.
func fuzzSeeds(t testing.TB) (map[string][]byte, []root.TimestampingAuthority) {
	honest := newTSA(t, "seed")
	interm := newTSA(t, "seed", func(o *rfc3161test.Options) { o.Name = "interm"; o.Intermediate = true })
	pinned := pin(t, honest, interm)
	imprint := sha256Of(batchRoot)
	mint := func(tsa *rfc3161test.TSA) []byte { return stampAt(t, tsa, imprint, crypto.SHA256, genTime) }
	valid := mint(honest)
	flipped := bytes.Clone(valid)
	flipped[len(flipped)-1] ^= 1
	rejection, err := rfc3161test.Rejection(timestamp.Rejection, timestamp.BadDataFormat)
	if err != nil {
		t.Fatal(err)
	}
	return map[string][]byte{
		"valid":                valid,
		"valid-chain-embedded": mint(newTSA(t, "seed", embed(rfc3161test.CertsChain))),
		"valid-intermediate":   mint(interm),
		"valid-ess-v1":         mint(newTSA(t, "seed", func(o *rfc3161test.Options) { o.ESS = rfc3161test.ESSv1 })),
		"embedded-not-signer":  mint(newTSA(t, "seed", embed(rfc3161test.CertsWithoutSigner))),
		"wrong-ess-hash":       mint(newTSA(t, "seed", func(o *rfc3161test.Options) { o.ESS = rfc3161test.ESSWrongHash })),
		"wrong-ess-hash-chain": mint(newTSA(t, "seed", func(o *rfc3161test.Options) {
			o.ESS = rfc3161test.ESSWrongHash
			o.Certs = rfc3161test.CertsChain
		})),
		"unpinned":          mint(newTSA(t, "stranger")),
		"rejection":         rejection,
		"truncated":         valid[:len(valid)/2],
		"flipped-signature": flipped,
		"trailing-data":     append(bytes.Clone(valid), 0),
		"leaf-is-ca":        mint(newTSA(t, "seed", func(o *rfc3161test.Options) { o.LeafIsCA = true })),
		"sha1-signer":       mint(newTSA(t, "seed", func(o *rfc3161test.Options) { o.SignerHash = crypto.SHA1 })),
		"tsa-name-issuer":   mint(newTSA(t, "seed", func(o *rfc3161test.Options) { o.TSAName = rfc3161test.TSANameIssuer })),
		"signer-only-interm": mint(newTSA(t, "seed", func(o *rfc3161test.Options) {
			o.Name = "interm"
			o.Intermediate = true
			o.Certs = rfc3161test.CertsSigner
		})),
		"extra-eku":           mint(newTSA(t, "seed", func(o *rfc3161test.Options) { o.EKU = rfc3161test.EKUExtra })),
		"ess-wrong-serial":    mint(newTSA(t, "seed", func(o *rfc3161test.Options) { o.ESS = rfc3161test.ESSWrongSerial })),
		"valid-sha512-signer": mint(newTSA(t, "seed", func(o *rfc3161test.Options) { o.SignerHash = crypto.SHA512; o.ESS = rfc3161test.ESSv2SHA512 })),
	}, pinned
}

func corpusFile(b []byte) []byte {
	return fmt.Appendf(nil, "go test fuzz v1\n[]byte(%q)\n", b)
}

// TestFuzzCorpus checks that the committed seeds are the tokens rfc3161test
// mints today (-update-fuzz-corpus rewrites them).
func TestFuzzCorpus(t *testing.T) {
	seeds, _ := fuzzSeeds(t)
	dir := filepath.Join("testdata", "fuzz", "FuzzVerify")
	for name, b := range seeds {
		p := filepath.Join(dir, name)
		if *updateFuzzCorpus {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, corpusFile(b), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(p)
		if err != nil {
			t.Fatalf("%v (go test -run TestFuzzCorpus -update-fuzz-corpus)", err)
		}
		if !bytes.Equal(got, corpusFile(b)) {
			t.Errorf("%s differs from what rfc3161test mints (go test -run TestFuzzCorpus -update-fuzz-corpus)", p)
		}
	}
}

// FuzzVerify checks that Verify never panics and reports every failure as
// an rfc3161.* check with a Detail. Its inputs are DER tokens of up to
// kilobytes: fuzztest.BoundMinimization keeps the engine from spending a
// minute minimizing each new input (see package fuzztest), so that
//
//	go test -run '^$' -fuzz '^FuzzVerify$' -fuzztime 10s ./scorer/anchor/rfc3161
//
// fuzzes instead of minimizing.
func FuzzVerify(f *testing.F) {
	fuzztest.BoundMinimization(f)
	seeds, pinned := fuzzSeeds(f)
	for _, b := range seeds {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, resp []byte) {
		res, err := Verify(resp, batchRoot, pinned)
		if err != nil {
			fl := mustFailure(t, err)
			if !strings.HasPrefix(fl.Check, "rfc3161.") || fl.Detail == "" {
				t.Fatalf("failure %q %q", fl.Check, fl.Detail)
			}
			if strings.HasPrefix(fl.Detail, panicDetail) {
				t.Fatalf("Verify panicked: %s", fl.Detail)
			}
			if res != (Result{}) {
				t.Fatalf("failure with a result %+v", res)
			}
			return
		}
		if !res.GenTime.Equal(genTime) || res.SignerSHA256 == "" || res.HashAlgorithm != crypto.SHA256 {
			t.Fatalf("accepted with %+v", res)
		}
	})
}
