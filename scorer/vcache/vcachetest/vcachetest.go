// Package vcachetest is test support for package vcache, as
// net/http/httptest is for net/http: it lists the entry files of a cache
// directory, for the tests that inspect or damage a cache. It is never
// linked into proveit.
package vcachetest

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
)

// Files returns the paths of the entries in dir, as vcache lays them out
// (files named by a key, 64 lowercase hex digits, in a subdirectory named
// by its first two), sorted. Nothing is authenticated.
func Files(dir string) ([]string, error) {
	var out []string
	for i := range 256 {
		sub := fmt.Sprintf("%02x", i)
		des, err := os.ReadDir(filepath.Join(dir, sub))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("vcachetest: %w", err)
		}
		for _, de := range des {
			if n := de.Name(); de.Type().IsRegular() && isKeyName(n) && n[:2] == sub {
				out = append(out, filepath.Join(dir, sub, n))
			}
		}
	}
	slices.Sort(out)
	return out, nil
}

// isKeyName reports whether name is a key in lowercase hex.
func isKeyName(name string) bool {
	if len(name) != 64 {
		return false
	}
	for _, r := range name {
		if !('0' <= r && r <= '9' || 'a' <= r && r <= 'f') {
			return false
		}
	}
	return true
}
