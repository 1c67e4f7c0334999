package atomicfs

import (
	"fmt"
	"os"
)

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
