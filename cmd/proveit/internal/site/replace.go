package site

import (
	"fmt"
	"os"
)

// replaceDirTwoSteps moves dir aside, moves tmp in and removes the old
// tree. Between the two renames dir is briefly absent, never half written;
// if the second rename fails, the old tree is put back.
func replaceDirTwoSteps(tmp, dir string) error {
	old := tmp + ".old"
	if err := os.Rename(dir, old); err != nil && !os.IsNotExist(err) {
		return fmt.Errorf("build: %w", err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		os.Rename(old, dir)
		return fmt.Errorf("build: %w", err)
	}
	return os.RemoveAll(old)
}
