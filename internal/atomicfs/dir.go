package atomicfs

import (
	"fmt"
	"os"
	"path/filepath"
)

// TempDir makes a new, empty directory beside dir, for a new version of dir
// to be written into and then put in its place by ReplaceDir: it is on the
// same file system, named .<dir's base>.<tag>-<random>, with mode 0755
// (os.MkdirTemp's 0700 would become the published tree's). dir's parent
// is made when missing. The caller removes it if it does not take dir's
// place.
func TempDir(dir, tag string) (string, error) {
	dir = filepath.Clean(dir)
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+"."+tag+"-")
	if err != nil {
		return "", err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		os.Remove(tmp)
		return "", err
	}
	return tmp, nil
}

// replaceDirTwoSteps moves dir aside (as tmp.old), moves tmp in its place
// and removes the old tree. Between the two renames dir is briefly absent,
// never half written; if the second rename fails, the old tree is put
// back.
func replaceDirTwoSteps(tmp, dir string) error {
	old := tmp + ".old"
	if err := os.Rename(dir, old); err != nil && !os.IsNotExist(err) {
		return fmt.Errorf("replacing %s: %w", dir, err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		os.Rename(old, dir)
		return fmt.Errorf("replacing %s: %w", dir, err)
	}
	return os.RemoveAll(old)
}
