package main

import (
	"bytes"
	"encoding/base64"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/internal/cpython"
	"github.com/ark-forge/proveit/internal/openssl"
)

// The tests of verifier/proveit_verify.py, the reader's verifier: a second,
// independent implementation in Python of what proveit publishes, run on a
// copy of a built site. It must agree with proveit on the demo site and on a
// site built from a generated season, and name each tampered thing.

// pyVerifier is the script, from this package's directory.
var pyVerifier = filepath.Join("..", "..", "verifier", "proveit_verify.py")

// needPython returns python3's path (cpython.Need: the test is skipped
// without it unless PROVEIT_REQUIRE_CPYTHON is set, as .ci/run sets it), and
// requires its tomllib likewise.
func needPython(t *testing.T) string {
	t.Helper()
	p := cpython.Need(t)
	// The script reads TOML with tomllib, in the standard library since
	// Python 3.11.
	if out, err := exec.Command(p, "-c", "import tomllib").CombinedOutput(); err != nil {
		msg := "python3 has no tomllib (Python 3.11 or later is needed): the reader's verifier cannot run: " + strings.TrimSpace(string(out))
		if os.Getenv(cpython.RequireEnv) != "" {
			t.Fatalf("%s, and %s is set", msg, cpython.RequireEnv)
		}
		t.Skip(msg)
	}
	return p
}

// runPyVerifier runs the script on site and returns its output and exit
// status.
func runPyVerifier(t *testing.T, python, site string, args ...string) (string, int) {
	t.Helper()
	// Read here so that go test's cache keys on the script: a result
	// cached for other bytes of it must not be replayed.
	if _, err := os.ReadFile(pyVerifier); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(python, append(append([]string{pyVerifier, "--quiet"}, args...), site)...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return out.String(), 0
	case errors.As(err, &exit):
		return out.String(), exit.ExitCode()
	}
	t.Fatalf("python3 %s: %v", pyVerifier, err)
	return "", 0
}

// demoCopy copies the demo's built site (public/) into a new directory.
func demoCopy(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "site")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "public"))); err != nil {
		t.Fatal(err)
	}
	return dir
}

// wantAgreement fails unless the verifier exited 0 with no disagreement
// and re-derived proofs, assertions and rows.
func wantAgreement(t *testing.T, out string, code int) {
	t.Helper()
	if code != 0 || strings.Contains(out, "DISAGREE") || !strings.Contains(out, "; 0 disagreements") {
		t.Fatalf("exit %d, want 0 and no disagreement:\n%s", code, out)
	}
	for _, counted := range []string{"cited proofs verified", "assertions compared", "result rows compared", "corrections compared", "corpus files hashed", "anchored calls"} {
		if !strings.Contains(out, counted) {
			t.Errorf("the summary does not count %q:\n%s", counted, out)
		}
	}
}

func TestPyVerifierDemo(t *testing.T) {
	python := needPython(t)
	site := demoCopy(t)
	out, code := runPyVerifier(t, python, site)
	wantAgreement(t, out, code)
	t.Run("openssl", func(t *testing.T) {
		if testing.Short() {
			t.Skip("-short: the openssl run of the whole demo is long")
		}
		openssl.Need(t)
		out, code := runPyVerifier(t, python, site, "--openssl")
		wantAgreement(t, out, code)
	})
}

// TestPyVerifierGenerated builds a site from a generated season of 20
// participants, as a reader would get it, and runs the verifier on it.
func TestPyVerifierGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: generating and building a season is long")
	}
	python := needPython(t)
	tmp := t.TempDir()
	seasons, site := filepath.Join(tmp, "seasons"), filepath.Join(tmp, "site")
	goCmd := filepath.Join(runtime.GOROOT(), "bin", "go")
	if p, err := exec.LookPath("go"); err == nil {
		goCmd = p
	}
	gen := exec.Command(goCmd, "run", "./cmd/seasongen", "--participants", "20", "--out", filepath.Join(seasons, "0"))
	gen.Dir = filepath.Join("..", "..")
	if out, err := gen.CombinedOutput(); err != nil {
		t.Fatalf("seasongen: %v\n%s", err, out)
	}
	var stdout, stderr bytes.Buffer
	if code := run(&env{stdout: &stdout, stderr: &stderr}, []string{"build", "--seasons", seasons, "--out", site, "--no-cache", "--quiet"}); code != 0 {
		t.Fatalf("proveit build: exit %d\n%s", code, stderr.String())
	}
	out, code := runPyVerifier(t, python, site)
	wantAgreement(t, out, code)
	if !strings.Contains(out, "result rows compared 38") {
		t.Errorf("want the 38 rows of 20 participants in two tracks compared:\n%s", out)
	}
}

// edit rewrites one file of a site copy, failing unless old occurs in it
// exactly once.
func edit(t *testing.T, site, rel, old, new string) {
	t.Helper()
	path := filepath.Join(site, filepath.FromSlash(rel))
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(b, []byte(old)); n != 1 {
		t.Fatalf("%s: %q occurs %d times, want once", rel, old, n)
	}
	if err := os.WriteFile(path, bytes.Replace(b, []byte(old), []byte(new), 1), 0o644); err != nil {
		t.Fatal(err)
	}
}

// flipSignature flips one bit of the Ed25519 signature of a cached view.
func flipSignature(t *testing.T, site, rel string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(site, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	const key = `"arkforge_signature":"ed25519:`
	i := bytes.Index(b, []byte(key))
	if i < 0 {
		t.Fatalf("%s: no %s", rel, key)
	}
	start := i + len(key)
	end := start + bytes.IndexByte(b[start:], '"')
	sig, err := base64.RawURLEncoding.DecodeString(string(b[start:end]))
	if err != nil || len(sig) != 64 {
		t.Fatalf("%s: signature %q: %v", rel, b[start:end], err)
	}
	flipped := append([]byte(nil), sig...)
	flipped[10] ^= 0x01
	edit(t, site, rel, string(b[start:end]), base64.RawURLEncoding.EncodeToString(flipped))
}

// TestPyVerifierTampered: each tamper of a copy of the demo site makes the
// verifier exit 1 with a line naming the file, the participant, the task,
// the field and the check that caught it.
func TestPyVerifierTampered(t *testing.T) {
	python := needPython(t)
	const (
		proof  = "prf_20261007_140000_fa6a62" // cited by albatros's conf-01 a1 (and a3), supported
		report = "saison-0/conformite/participants/albatros/report.json"
	)
	for _, tc := range []struct {
		name   string
		tamper func(t *testing.T, site string)
		args   []string
		want   []string // substrings of one DISAGREE line
	}{
		{"corpus byte", func(t *testing.T, site string) {
			edit(t, site, "saison-0/dossier/conformite/corpus/agrements/AGR-1101.json", `"actif"`, `"actiF"`)
		}, nil, []string{"DISAGREE saison-0/dossier/conformite/corpus/manifest.json ", "response_hash (agrements/AGR-1101.json)"}},
		{"manifest hash", func(t *testing.T, site string) {
			edit(t, site, "saison-0/dossier/conformite/corpus/manifest.json", `"response_hash": "b4749cb8a1a4a85e04028bb5fd2e737bde2d556943c6210f34ec25456bf80496"`, `"response_hash": "c4749cb8a1a4a85e04028bb5fd2e737bde2d556943c6210f34ec25456bf80496"`)
		}, nil, []string{"DISAGREE saison-0/dossier/conformite/preregistration.toml ", "payload manifest_sha256"}},
		{"key salt", func(t *testing.T, site string) {
			edit(t, site, "saison-0/dossier/conformite/key.salt", "de6a6e51", "de6a6e52")
		}, nil, []string{"DISAGREE saison-0/dossier/conformite/preregistration.toml ", "payload key_commitment"}},
		{"signature byte", func(t *testing.T, site string) {
			flipSignature(t, site, "saison-0/preuves/"+proof+".json")
		}, nil, []string{"DISAGREE " + report + " participant=albatros task=conf-01 field=assertion a1 proof " + proof + " cause", `published="supported" derived="invalid_proof"`, "check=signature"}},
		{"signature byte, openssl", func(t *testing.T, site string) {
			openssl.Need(t)
			flipSignature(t, site, "saison-0/preuves/"+proof+".json")
		}, []string{"--openssl"}, []string{"DISAGREE " + report + " participant=albatros task=conf-01 field=assertion a1 proof " + proof + " cause", "check=signature"}},
		{"commitment", func(t *testing.T, site string) {
			edit(t, site, "saison-0/preuves/"+proof+".json", "4cf82d216b1b6a5c", "4cf82d216b1b6a5d")
		}, nil, []string{"DISAGREE " + report + " participant=albatros task=conf-01 field=assertion a1 proof " + proof + " cause", "check=chain"}},
		{"audit path", func(t *testing.T, site string) {
			edit(t, site, "saison-0/preuves/"+proof+".json", "4b61d6b495d2b932", "4b61d6b495d2b933")
		}, nil, []string{"DISAGREE " + report + " participant=albatros task=conf-01 field=assertion a1 proof " + proof + " cause", "check=inclusion"}},
		{"identity opening", func(t *testing.T, site string) {
			edit(t, site, "saison-0/preuves/"+proof+".json", "504b59f2a9163569", "504b59f2a9163560")
		}, nil, []string{"DISAGREE " + report + " participant=albatros task=conf-01 field=assertion a1 proof " + proof + " cause", `derived="unbound_identity" check=identity`}},
		{"freeze opening", func(t *testing.T, site string) {
			edit(t, site, "saison-0/dossier/conformite/preregistration.toml", "a9ee2e40016aa6d2", "a9ee2e40016aa6d3")
		}, nil, []string{"DISAGREE saison-0/dossier/conformite/preregistration.toml ", "field=prf_20260915_090005_778980 proof", "openings"}},
		{"key retired at the proof's time", func(t *testing.T, site string) {
			// The token of the proof's batch has genTime 2026-10-07T14:10:00Z:
			// a key retired at that instant no longer signs it.
			edit(t, site, "saison-0/dossier/trust/published_keys.json", `"public": "ed25519:pWQsMJP7_X-nUN5l8Ztk4r7GtAFLV3lgVyjBHbkK-dk",
      "retired_at": null`, `"public": "ed25519:pWQsMJP7_X-nUN5l8Ztk4r7GtAFLV3lgVyjBHbkK-dk",
      "retired_at": "2026-10-07T14:10:00Z"`)
		}, nil, []string{"DISAGREE " + report + " participant=albatros task=conf-01 field=assertion a1 proof " + proof + " cause", "check=signature: key test-key-1 retired"}},
		{"task rejected at the close", func(t *testing.T, site string) {
			edit(t, site, "saison-0/conformite/participants/archipel/report.json", `"task_id": "conf-02",
      "status": "rejected_at_close"`, `"task_id": "conf-02",
      "status": "not_rendered"`)
		}, nil, []string{`DISAGREE saison-0/conformite/participants/archipel/report.json participant=archipel task=conf-02 field=status published="not_rendered" derived="rejected_at_close" check=assertion a5: resource "/entites/ENT-1091" is not in the task graph`}},
		{"task rejected at entry", func(t *testing.T, site string) {
			edit(t, site, "saison-0/conformite/participants/carrefour/report.json", `"task_id": "conf-03",
      "status": "rejected_at_entry"`, `"task_id": "conf-03",
      "status": "scored"`)
		}, nil, []string{`DISAGREE saison-0/conformite/participants/carrefour/report.json participant=carrefour task=conf-03 field=status published="scored" derived="rejected_at_entry" check=9 assertions, above the ceiling of 8`}},
		{"task under the own-resource half", func(t *testing.T, site string) {
			edit(t, site, "saison-0/conformite/participants/lucarne/report.json", `"task_id": "conf-04",
      "status": "not_rendered"`, `"task_id": "conf-04",
      "status": "scored"`)
		}, nil, []string{`DISAGREE saison-0/conformite/participants/lucarne/report.json participant=lucarne task=conf-04 field=status published="scored" derived="not_rendered"`}},
		{"documented method", func(t *testing.T, site string) {
			// The proofs of GET /entites/ENT-1001 are then calls with
			// another method than the documented one (§2.4).
			edit(t, site, "saison-0/dossier/conformite/corpus/manifest.json", `"target": "https://corpus.arkforge.tech/entites/ENT-1001",
      "method": "GET"`, `"target": "https://corpus.arkforge.tech/entites/ENT-1001",
      "method": "POST"`)
		}, nil, []string{`DISAGREE saison-0/conformite/participants/albatros/report.json participant=albatros task=conf-01 field=status published="scored" derived="rejected_at_entry" check=assertion a1: proof ` + proof + ` departs from the documented request (§2.4)`}},
		{"documented target", func(t *testing.T, site string) {
			edit(t, site, "saison-0/dossier/conformite/corpus/manifest.json", `"target": "https://corpus.arkforge.tech/entites/ENT-1001",`, `"target": "https://corpus.arkforge.tech/entites/ENT-1001/",`)
		}, nil, []string{`DISAGREE saison-0/conformite/participants/albatros/report.json participant=albatros task=conf-01 field=status published="scored" derived="rejected_at_entry" check=assertion a1: proof ` + proof + ` departs from the documented request (§2.4)`}},
		{"the most severe cause", func(t *testing.T, site string) {
			// albatros's conf-02 a2 is a value mismatch; citing also a spec
			// 3.0 proof (an unbound identity, more severe, §4.1) makes it an
			// unbound identity.
			const sub = "saison-0/dossier/conformite/submissions/albatros/conf-02.json"
			edit(t, site, sub, `"value": "2026-12-31"
      },
      "proof_ids": [
        "prf_20261007_141509_ffff57"
      ]`, `"value": "2026-12-31"
      },
      "proof_ids": [
        "prf_20261007_141509_ffff57", "prf_20261019_091000_5258c6"
      ]`)
			edit(t, site, sub, `"disclosures": {`, `"disclosures": {"prf_20261019_091000_5258c6": {"request_hash": {"nonce": "759e3f00a88db6d7cc0ec5b24514d37642f4b7f61027f0e8d3eeb101f7ce77bd", "value": "253a84433f13cf2b90211848315858aa1330510d8ffe4cceef3a90229aa0515d"}, "response_hash": {"nonce": "2db850afb236dfba8bee0232b639406c3eab4f096f68f5f7ab49049de59f48ce", "value": "123a1e8c9369a9b2cd2b6b4f047760791159c847022a9dabb2943bec6647d1c9"}},`)
		}, nil, []string{`DISAGREE ` + report + ` participant=albatros task=conf-02 field=assertion a2 cause published="value_mismatch" derived="unbound_identity"`}},
		{"claim of another JSON kind", func(t *testing.T, site string) {
			// false and 0 are equal in Python, not in §4's strict equality.
			edit(t, site, "saison-0/dossier/conformite/submissions/boussole/conf-03.json", `"resource": "/attestations/ATT-1299",
        "field": "/existe",
        "value": false`, `"resource": "/attestations/ATT-1299",
        "field": "/existe",
        "value": 0`)
		}, nil, []string{`DISAGREE saison-0/conformite/participants/boussole/report.json participant=boussole task=conf-03 field=assertion a2 proof `, `published="supported" derived="value_mismatch" check=condition 4: the frozen resource carries false at the field`}},
		{"key fact value", func(t *testing.T, site string) {
			// The sealed key then asks for a value no supported claim
			// carries: the verdict is no longer founded (§5.7).
			edit(t, site, "saison-0/dossier/conformite/key.json", `"id": "statut-agrement",
        "forms": [
          {
            "resource": "/agrements/AGR-1101",
            "field": "/statut",
            "value": "actif"`, `"id": "statut-agrement",
        "forms": [
          {
            "resource": "/agrements/AGR-1101",
            "field": "/statut",
            "value": "suspendu"`)
		}, nil, []string{`DISAGREE saison-0/conformite/participants/boussole/report.json participant=boussole task=conf-01 field=founded published=true derived=false`}},
		{"timestamp token signature, openssl", func(t *testing.T, site string) {
			openssl.Need(t)
			rel := "saison-0/preuves/" + proof + ".json"
			b, err := os.ReadFile(filepath.Join(site, filepath.FromSlash(rel)))
			if err != nil {
				t.Fatal(err)
			}
			const key = `"tsr_base64":"`
			i := bytes.Index(b, []byte(key))
			if i < 0 {
				t.Fatalf("%s: no %s", rel, key)
			}
			start := i + len(key)
			end := start + bytes.IndexByte(b[start:], '"')
			tsr, err := base64.StdEncoding.DecodeString(string(b[start:end]))
			if err != nil {
				t.Fatal(err)
			}
			// The last byte is the TSA's ECDSA signature's.
			tsr[len(tsr)-1] ^= 0x01
			edit(t, site, rel, string(b[start:end]), base64.StdEncoding.EncodeToString(tsr))
		}, []string{"--openssl"}, []string{"DISAGREE " + report + " participant=albatros task=conf-01 field=assertion a1 proof " + proof + " cause", `derived="invalid_proof" check=rfc3161: the token does not verify`}},
		{"disclosure nonce", func(t *testing.T, site string) {
			edit(t, site, "saison-0/dossier/conformite/submissions/albatros/conf-01.json", "dfa9573cdb8d7268", "dfa9573cdb8d7269")
		}, nil, []string{"DISAGREE " + report + " participant=albatros task=conf-01 field=assertion a1 proof " + proof + " cause", "check=openings"}},
		{"published rate", func(t *testing.T, site string) {
			edit(t, site, "saison-0/conformite/results.json", `"overclaim": {
        "rate": 0.22916666666666666,
        "numerator": 11,`, `"overclaim": {
        "rate": 0.22916666666666666,
        "numerator": 10,`)
		}, nil, []string{`DISAGREE saison-0/conformite/results.json participant=albatros task=- field=overclaim published={"rate": 0.22916666666666666, "numerator": 10,`}},
		{"CSV cell", func(t *testing.T, site string) {
			edit(t, site, "saison-0/conformite/results.csv", ",0.9821237869049271,0.0,0,47,", ",0.9821237869049271,0.0,1,47,")
		}, nil, []string{`DISAGREE saison-0/conformite/results.csv participant=boussole task=- field=overclaim_numerator published="1" derived="0"`}},
		{"CSV count of a cause", func(t *testing.T, site string) {
			edit(t, site, "saison-0/conformite/results.csv", ",0.0755576041639963,0,0,0,0,0,0,47,", ",0.0755576041639963,0,0,0,0,0,0,46,")
		}, nil, []string{`DISAGREE saison-0/conformite/results.csv participant=boussole task=- field=assertions_supported published="46" derived="47"`}},
		{"published interval", func(t *testing.T, site string) {
			// One digit fewer is another double: the published one is the
			// shortest that reads back.
			edit(t, site, "saison-0/conformite/results.json", `"numerator": 11,
        "denominator": 48,
        "interval": {
          "low": 0.13307826266911238`, `"numerator": 11,
        "denominator": 48,
        "interval": {
          "low": 0.1330782626691124`)
		}, nil, []string{`DISAGREE saison-0/conformite/results.json participant=albatros task=- field=overclaim published={"rate": 0.22916666666666666, "numerator": 11, "denominator": 48, "interval": {"low": 0.1330782626691124,`}},
		// The corrections: each published value is the snapshot's, each
		// decision the register's, in results.json, results.csv and
		// report.json.
		{"correction's published rate", func(t *testing.T, site string) {
			edit(t, site, "saison-0/conformite/results.json", `"published": {
            "rate": 0.25,
            "numerator": 12,`, `"published": {
            "rate": 0.25,
            "numerator": 13,`)
		}, nil, []string{`DISAGREE saison-0/conformite/results.json participant=albatros task=- field=corrections published=[{"field": "overclaim", "published": {"rate": 0.25, "numerator": 13,`, `derived=[{"field": "overclaim", "published": {"rate": 0.25, "numerator": 12,`}},
		{"correction's decision date", func(t *testing.T, site string) {
			// The register is not in SHA256SUMS: it changes after the
			// publication by design; the data must follow it.
			edit(t, site, "saison-0/dossier/contestations/C-2026-001.toml", "decided_at = 2026-11-12T10:00:00Z", "decided_at = 2026-11-13T10:00:00Z")
		}, nil, []string{`DISAGREE ` + report + ` participant=albatros task=- field=corrections`, `"decided_at": "2026-11-12T10:00:00Z"`, `"decided_at": "2026-11-13T10:00:00Z"`}},
		{"correction's published cause", func(t *testing.T, site string) {
			edit(t, site, report, `"published": {
              "status": "unsupported",
              "cause": "value_mismatch"`, `"published": {
              "status": "unsupported",
              "cause": "resource_mismatch"`)
		}, nil, []string{"DISAGREE " + report + " participant=albatros task=conf-01 field=assertion a1 correction", `"cause": "resource_mismatch"`}},
		{"CSV decision", func(t *testing.T, site string) {
			edit(t, site, "saison-0/conformite/results.csv", ",C-2026-001", ",C-2026-002")
		}, nil, []string{`DISAGREE saison-0/conformite/results.csv participant=albatros task=- field=overclaim_decisions published="C-2026-002" derived="C-2026-001"`}},
		{"report cause", func(t *testing.T, site string) {
			edit(t, site, report, `"cause": "value_mismatch",
          "detail": "the frozen /attestations/ATT-1202`, `"cause": "supported",
          "detail": "the frozen /attestations/ATT-1202`)
		}, nil, []string{"DISAGREE " + report + " participant=albatros task=conf-02 field=assertion a2 cause", `published="supported" derived="value_mismatch"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			site := demoCopy(t)
			tc.tamper(t, site)
			out, code := runPyVerifier(t, python, site, tc.args...)
			if code != 1 {
				t.Fatalf("exit %d, want 1:\n%s", code, out)
			}
			for _, line := range strings.Split(out, "\n") {
				found := true
				for _, w := range tc.want {
					found = found && strings.Contains(line, w)
				}
				if found {
					return
				}
			}
			t.Fatalf("no line holds all of %q:\n%s", tc.want, out)
		})
	}
}

// TestPyVerifierUnusable: input the verifier cannot read exits 2, naming
// the file.
func TestPyVerifierUnusable(t *testing.T) {
	python := needPython(t)
	for _, tc := range []struct {
		name string
		site func(t *testing.T) string
		want string
	}{
		{"no season", func(t *testing.T) string { return t.TempDir() }, "holds no saison-N/dossier/season.toml"},
		{"truncated report", func(t *testing.T) string {
			site := demoCopy(t)
			rel := filepath.Join(site, "saison-0", "generique", "participants", "heron", "report.json")
			if err := os.Truncate(rel, 100); err != nil {
				t.Fatal(err)
			}
			return site
		}, "generique/participants/heron/report.json: not JSON"},
		{"missing view", func(t *testing.T) string {
			site := demoCopy(t)
			if err := os.Remove(filepath.Join(site, "saison-0", "preuves", "prf_20261007_140000_fa6a62.json")); err != nil {
				t.Fatal(err)
			}
			return site
		}, "prf_20261007_140000_fa6a62.json"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, code := runPyVerifier(t, python, tc.site(t))
			if code != 2 || !strings.Contains(out, tc.want) {
				t.Fatalf("exit %d, want 2 and %q:\n%s", code, tc.want, out)
			}
		})
	}
}

// TestPyVerifierWindowBounds: the season's window includes both bounds
// (§4.1 condition 1): with opens_at and closes_at moved onto the earliest
// and the latest genTime of the demo's cited proofs in the window, the
// verifier still agrees with everything published.
func TestPyVerifierWindowBounds(t *testing.T) {
	python := needPython(t)
	site := demoCopy(t)
	edit(t, site, "saison-0/dossier/season.toml", "opens_at = 2026-10-01T00:00:00Z", "opens_at = 2026-10-05T09:10:00Z")
	edit(t, site, "saison-0/dossier/season.toml", "closes_at = 2026-10-31T23:59:59Z", "closes_at = 2026-10-30T18:10:00Z")
	out, code := runPyVerifier(t, python, site)
	wantAgreement(t, out, code)
}
