package realworld

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sums reads the SHA-256 lines of README.md.
func sums(t *testing.T) map[string]string {
	t.Helper()
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(readme))
	for sc.Scan() {
		sum, name, ok := strings.Cut(sc.Text(), "  ")
		if ok && len(sum) == 64 && !strings.ContainsAny(name, " |") {
			out[name] = sum
		}
	}
	if len(out) == 0 {
		t.Fatal("README.md lists no SHA-256")
	}
	return out
}

// TestUnchanged: every copied file has the bytes README.md gives, every
// embedded file but the assembled trusted root is listed there, and,
// where ../shared/realworld is beside the checkout, each is byte for byte
// the one there. Seen failing with one byte of a view changed.
func TestUnchanged(t *testing.T) {
	want := sums(t)
	listed := 0
	err := fs.WalkDir(Files, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if name == "trust/trusted_root.json" || name == "verify_many.py" {
			return nil // ours
		}
		sum := sha256.Sum256(Read(name))
		switch w, ok := want[name]; {
		case !ok:
			t.Errorf("%s is not listed in README.md", name)
		case hex.EncodeToString(sum[:]) != w:
			t.Errorf("%s: SHA-256 %x, README.md says %s", name, sum, w)
		default:
			listed++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if listed != len(want) {
		t.Errorf("%d files found of the %d README.md lists", listed, len(want))
	}
	shared := filepath.Join("..", "..", "..", "..", "shared", "realworld")
	if _, err := os.Stat(shared); err != nil {
		t.Logf("no %s beside the checkout: not compared with it", shared)
		return
	}
	origin := map[string]string{
		"trust/published_keys.json":   "trust-layer/trust_layer/published_keys.json",
		"trust-layer/verify_proof.py": "trust-layer/scripts/verify_proof.py",
		"trust-layer/LICENSE":         "trust-layer/LICENSE",
	}
	for name := range want {
		src, ok := origin[name]
		switch {
		case ok:
		case strings.HasPrefix(name, "trust-layer/"):
			src = "trust-layer/tests/fixtures/verify_proof/" + strings.TrimPrefix(name, "trust-layer/")
		default:
			src = name
		}
		theirs, err := os.ReadFile(filepath.Join(shared, filepath.FromSlash(src)))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !bytes.Equal(theirs, Read(name)) {
			t.Errorf("%s differs from %s", name, src)
		}
	}
}

// TestVerifyProofOfflineReal: ArkForge's verifier, run through
// verify_many.py, says of the real 3.1 view what the README of
// ../shared/realworld reports: the chain, the identity, the disclosure,
// Ed25519 and the batch anchor OK; RFC 3161 and Rekor skipped offline.
func TestVerifyProofOfflineReal(t *testing.T) {
	got := VerifyProofOffline(t, []string{Path(View31), Path(View12)})
	want := map[string]string{"chain hash": WitnessOK, "agent identity": WitnessOK, "selective disclosure": WitnessOK, "Ed25519 (ArkForge)": WitnessOK,
		"batch anchor": WitnessOK, "RFC 3161 timestamp": WitnessSkip, "Sigstore Rekor": WitnessSkip}
	ws := got[Path(View31)]
	if len(ws) != len(want) {
		t.Errorf("%d witnesses: %+v", len(ws), ws)
	}
	for name, status := range want {
		if w, ok := Find(ws, name); !ok || w.Status != status {
			t.Errorf("%s: %+v, want %s", name, w, status)
		}
	}
	if w, _ := Find(got[Path(View12)], "chain hash"); w.Status != WitnessSkip || !strings.Contains(w.Detail, "preimage not published") {
		t.Errorf("1.2 chain: %+v", w)
	}
}
