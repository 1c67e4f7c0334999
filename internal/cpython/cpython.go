// Package cpython runs CPython's json module as the oracle of the
// differential tests: what proveit computes must be byte for byte what the
// Trust Layer's Python computes. It is used only by tests; Need serves
// every test that runs python3.
package cpython

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/base64"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// RequireEnv names the environment variable that turns a missing python3
// from a skip into a failure; .ci/run sets it, so that CI can never pass
// without running the differential tests.
const RequireEnv = "PROVEIT_REQUIRE_CPYTHON"

// Need returns the path of python3 for a differential test. Where python3
// is absent the test is skipped with a message naming what is missing, or
// fails when RequireEnv is set.
func Need(t testing.TB) string {
	t.Helper()
	p, err := Python()
	if err != nil {
		if os.Getenv(RequireEnv) != "" {
			t.Fatalf("%v, and %s is set", err, RequireEnv)
		}
		t.Skip(err.Error())
	}
	return p
}

//go:embed oracle.py
var oracle string

// Result is what CPython made of one body.
type Result struct {
	// Canonical is json.dumps(json.loads(body), sort_keys=True,
	// separators=(",", ":")), or empty when json.loads raised Err.
	Canonical []byte
	Err       string // the exception class json.loads raised, or ""
	// Response is the canonical JSON of the proxy's response_data for body.
	Response []byte
}

// Python returns the path of python3, or an error that says what is missing.
func Python() (string, error) {
	p, err := exec.LookPath("python3")
	if err != nil {
		return "", fmt.Errorf("python3 is not on PATH: this test runs CPython (install python3)")
	}
	return p, nil
}

// Run gives every body to one CPython process and returns its results, in order.
func Run(python string, bodies [][]byte) ([]Result, error) {
	var in bytes.Buffer
	for _, b := range bodies {
		in.WriteString(base64.StdEncoding.EncodeToString(b))
		in.WriteByte('\n')
	}
	cmd := exec.Command(python, "-c", oracle)
	cmd.Stdin = &in
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("python3 oracle: %v: %s", err, stderr.String())
	}
	results := make([]Result, 0, len(bodies))
	sc := bufio.NewScanner(&out)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 3 {
			return nil, fmt.Errorf("python3 oracle: malformed line %q", sc.Text())
		}
		var r Result
		resp, err := base64.StdEncoding.DecodeString(f[2])
		if err != nil {
			return nil, fmt.Errorf("python3 oracle: %v", err)
		}
		r.Response = resp
		if f[0] == "OK" {
			if r.Canonical, err = base64.StdEncoding.DecodeString(f[1]); err != nil {
				return nil, fmt.Errorf("python3 oracle: %v", err)
			}
		} else {
			r.Err = f[1]
		}
		results = append(results, r)
	}
	if len(results) != len(bodies) {
		return nil, fmt.Errorf("python3 oracle answered %d bodies of %d", len(results), len(bodies))
	}
	return results, nil
}
