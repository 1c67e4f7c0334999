// Package realworld holds real third-party artefacts, for tests only: a
// real Trust Layer proof view of each spec shape ArkForge has served, a
// real Rekor entry, ArkForge's published key history and its own
// third-party verifier, FreeTSA's certificates and the Rekor public-good
// log's key. They are positive and negative controls of the readers and
// verifiers, never fixtures to edit: README.md names each file's source,
// commit and licence, and TestUnchanged holds their bytes.
//
// No package linked into proveit imports it.
package realworld

import (
	"embed"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
)

//go:embed trust-layer freetsa sigstore trust verify_many.py
var files embed.FS

// Files is every artefact, by path under this package's directory.
var Files fs.FS = files

// Read returns the artefact at name (such as "trust-layer/proof_proveit_gel.json").
// It panics on a name the package does not hold: a test's own mistake.
func Read(name string) []byte {
	b, err := files.ReadFile(name)
	if err != nil {
		panic(err)
	}
	return b
}

// The real proof views (ark-forge/trust-layer,
// tests/fixtures/verify_proof), as served, byte for byte.
const (
	// View31 is PROVE IT's own freeze proof prf_20260923_072144_2ad720,
	// spec 3.1: 11 commitments, the identity block disclosed, leaf 0 of a
	// batch of 11, FreeTSA's token and a Rekor entry over the batch root.
	View31 = "trust-layer/proof_proveit_gel.json"
	// View12 is prf_20260723_055735_502cad, spec 1.2, anchored on its own.
	View12 = "trust-layer/proof_2026_07.json"
	// View20 is prf_20260303_161853_4d0904, spec 2.0, with
	// provider_payment, anchored on its own.
	View20 = "trust-layer/proof_rekor.json"
	// RekorEntry20 is the Rekor API's answer for View20's uuid.
	RekorEntry20 = "trust-layer/rekor_entry.json"
	// RekorUnrelated is a real Rekor entry of another kind (dsse).
	RekorUnrelated = "trust-layer/rekor_unrelated.json"
	// VerifyProofPy is ArkForge's standalone third-party verifier.
	VerifyProofPy = "trust-layer/verify_proof.py"
)

// TrustDir returns the directory of a season trust/ for the real world:
// ArkForge's published_keys.json, byte for byte, and a sigstore
// trusted_root.json pinning FreeTSA and the Rekor public-good log.
func TrustDir() string { return filepath.Join(dir(), "trust") }

// Path returns the path of the artefact name on disk, for a tool that
// reads files (python3, openssl).
func Path(name string) string { return filepath.Join(dir(), filepath.FromSlash(name)) }

func dir() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		panic("realworld: no caller information")
	}
	d := filepath.Dir(file)
	if _, err := os.Stat(filepath.Join(d, "README.md")); err != nil {
		panic("realworld: " + err.Error())
	}
	return d
}
