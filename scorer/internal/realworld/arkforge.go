package realworld

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/internal/cpython"
	"github.com/ark-forge/proveit/internal/openssl"
)

// Witness is one line of ArkForge's verifier's report.
type Witness struct {
	Name   string // "chain hash", "agent identity", "selective disclosure", "Ed25519 (ArkForge)", "batch anchor", "RFC 3161 timestamp", "Sigstore Rekor"
	Status string // "OK", "FAIL" or "SKIP"
	Detail string
}

// The statuses of a witness.
const (
	WitnessOK   = "OK"
	WitnessFail = "FAIL"
	WitnessSkip = "SKIP"
)

// VerifyProofOffline runs ArkForge's verify_proof.py with --offline on
// each view file (paths), in one python3 process (verify_many.py calls its
// witnesses as its main does), and returns each file's report by path.
// It needs python3 and openssl (the script verifies Ed25519 with openssl):
// without them the test skips, or fails when cpython.RequireEnv or
// openssl.RequireEnv is set.
func VerifyProofOffline(t testing.TB, paths []string) map[string][]Witness {
	t.Helper()
	python := cpython.Need(t)
	openssl.Need(t)
	out := map[string][]Witness{}
	const chunk = 500
	for len(paths) > 0 {
		n := min(chunk, len(paths))
		cmd := exec.Command(python, append([]string{Path("verify_many.py")}, paths[:n]...)...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		stdout, err := cmd.Output()
		if err != nil {
			t.Fatalf("verify_many.py: %v\n%s", err, tail(stderr.String()))
		}
		sc := bufio.NewScanner(bytes.NewReader(stdout))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var line struct {
				File string     `json:"file"`
				Rows [][]string `json:"rows"`
			}
			if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
				t.Fatalf("verify_many.py wrote %q: %v", sc.Text(), err)
			}
			var ws []Witness
			for _, r := range line.Rows {
				ws = append(ws, Witness{Name: r[0], Status: r[1], Detail: r[2]})
			}
			out[line.File] = ws
		}
		paths = paths[n:]
	}
	return out
}

func tail(s string) string {
	if i := strings.LastIndex(s, "Traceback"); i >= 0 {
		return s[i:]
	}
	if len(s) > 2000 {
		return s[len(s)-2000:]
	}
	return s
}

// Find returns the witness named name in ws.
func Find(ws []Witness, name string) (Witness, bool) {
	for _, w := range ws {
		if w.Name == name {
			return w, true
		}
	}
	return Witness{}, false
}
