//go:build unix

package atomicfs

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

// readOnlyDirEnv names, for a copy of this test binary run as another
// user, the read-only directory TestReadOnlyDirectory checks.
const readOnlyDirEnv = "ATOMICFS_READ_ONLY_DIR"

// TestReadOnlyDirectory: nothing is written in a directory one may not
// write in, and the previous file is intact. Root writes in any
// directory, so under root the check runs in a copy of this test binary
// as the user nobody (uid and gid 65534).
func TestReadOnlyDirectory(t *testing.T) {
	if dir := os.Getenv(readOnlyDirEnv); dir != "" {
		checkReadOnly(t, dir)
		return
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f"), []byte("previous"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(dir, 0o755) })
	if os.Geteuid() != 0 {
		checkReadOnly(t, dir)
		return
	}
	// t.TempDir's parent is root's alone; nobody must reach dir and run
	// the binary copied beside it.
	if err := os.Chmod(filepath.Dir(dir), 0o755); err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "atomicfs.test")
	if err := os.WriteFile(bin, b, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-test.run=^TestReadOnlyDirectory$", "-test.count=1")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), readOnlyDirEnv+"="+dir)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("as nobody: %v\n%s", err, out)
	}
}

func checkReadOnly(t *testing.T, dir string) {
	err := WriteFile(filepath.Join(dir, "f"), []byte("next"), 0o644)
	if !errors.Is(err, fs.ErrPermission) {
		t.Fatalf("error %v, want fs.ErrPermission", err)
	}
	assertOnly(t, dir, "f", []byte("previous"), 0o644)
}
