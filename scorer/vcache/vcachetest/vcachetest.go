// Package vcachetest reads and rewrites the entries of a verification
// cache (package vcache) directly, as a tool or a damaged disk would, for
// the tests of the packages that use the cache. It is never linked into
// proveit.
package vcachetest

import (
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/ark-forge/proveit/scorer/vcache"
)

// Entries returns every entry stored in the cache of dir, by key, as
// stored: the files named by a key in lowercase hex in the subdirectory
// named by its first two digits (vcache.Path). Nothing is authenticated.
func Entries(dir string) (map[vcache.Key][]byte, error) {
	out := map[vcache.Key][]byte{}
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
			k, ok := keyOf(de.Name())
			if !ok || !de.Type().IsRegular() || vcache.Path(dir, k) != filepath.Join(dir, sub, de.Name()) {
				continue
			}
			b, err := os.ReadFile(filepath.Join(dir, sub, de.Name()))
			if err != nil {
				return nil, fmt.Errorf("vcachetest: %w", err)
			}
			out[k] = b
		}
	}
	return out, nil
}

// keyOf returns the key a file name spells in lowercase hex.
func keyOf(name string) (vcache.Key, bool) {
	var k vcache.Key
	b, err := hex.DecodeString(name)
	if err != nil || len(b) != len(k) || hex.EncodeToString(b) != name {
		return k, false
	}
	copy(k[:], b)
	return k, true
}

// Replace stores each of entries under its key in the cache of dir,
// whatever its bytes.
func Replace(dir string, entries map[vcache.Key][]byte) error {
	for k, v := range entries {
		p := vcache.Path(dir, k)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("vcachetest: %w", err)
		}
		if err := os.WriteFile(p, v, 0o644); err != nil {
			return fmt.Errorf("vcachetest: %w", err)
		}
	}
	return nil
}
