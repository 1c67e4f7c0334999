package main

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestNoTestSupportLinked: the test-support packages (the test Trust
// Layer, TSA and Rekor log, the loopback Trust Layer, the season builder,
// the cache's inspector) and the test-only internals (CPython and openssl
// oracles, generators, real-world controls) are never linked into
// proveit. A package of this module is test support when its name ends in
// "test" or it lies under scorer/internal/.
func TestNoTestSupportLinked(t *testing.T) {
	// The go command that runs the tests lists the binary's packages.
	goCmd := filepath.Join(runtime.GOROOT(), "bin", "go")
	if p, err := exec.LookPath("go"); err == nil {
		goCmd = p
	}
	out, err := exec.Command(goCmd, "list", "-deps", "github.com/ark-forge/proveit/cmd/proveit").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const module = "github.com/ark-forge/proveit/"
	linked := 0
	for _, p := range strings.Fields(string(out)) {
		if !strings.HasPrefix(p, module) {
			continue
		}
		linked++
		rel := strings.TrimPrefix(p, module)
		last := rel[strings.LastIndex(rel, "/")+1:]
		if strings.HasSuffix(last, "test") || strings.HasPrefix(rel, "scorer/internal/") {
			t.Errorf("proveit links %s, a test-support package", p)
		}
	}
	if linked < 10 {
		t.Fatalf("go list named %d packages of this module: not the binary's dependencies", linked)
	}
}
