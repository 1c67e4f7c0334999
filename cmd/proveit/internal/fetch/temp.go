package fetch

import (
	"errors"
	"os"
	"path/filepath"

	"github.com/ark-forge/proveit/internal/atomicfs"
)

// RemoveTemp removes the temporary files an interrupted write
// (atomicfs.WriteFile) may have left in the proofs directory dir or the
// Rekor entries' (the season loader refuses any file there that is not
// <id>.json), and returns their names. A missing directory holds none.
func RemoveTemp(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var removed []string
	for _, e := range entries {
		n := e.Name()
		if e.Type().IsRegular() && atomicfs.IsTemp(n) {
			if err := os.Remove(filepath.Join(dir, n)); err != nil {
				return removed, err
			}
			removed = append(removed, n)
		}
	}
	return removed, nil
}
