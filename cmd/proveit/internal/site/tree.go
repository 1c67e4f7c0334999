package site

// A built site as a set of files: the name of its checksum file, the
// names its files may take, and the comparison of two built sites on disk
// (proveit check).

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/ark-forge/proveit/internal/sitepath"
)

// sumsFile is the name of the checksum file at the root of a built tree.
var sumsFile = sitepath.Sums().String()

func checkName(name string) error {
	if name == "" || path.Clean(name) != name || strings.HasPrefix(name, "/") || name == ".." || strings.HasPrefix(name, "../") || strings.Contains(name, "\\") {
		return fmt.Errorf("build: %q is not a clean relative path", name)
	}
	return nil
}

func short(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:6])
}

// DiffDirs is Diff of the trees under two directories, read one file at a
// time rather than as two Trees in memory: a built site of ten thousand
// participants is gigabytes.
func DiffDirs(want, got string) ([]string, error) {
	wn, err := fileNames(want)
	if err != nil {
		return nil, err
	}
	gn, err := fileNames(got)
	if err != nil {
		return nil, err
	}
	var out []string
	seen := make(map[string]bool, len(wn))
	for _, n := range wn {
		seen[n] = true
		w, err := os.ReadFile(filepath.Join(want, filepath.FromSlash(n)))
		if err != nil {
			return nil, fmt.Errorf("build: %w", err)
		}
		g, err := os.ReadFile(filepath.Join(got, filepath.FromSlash(n)))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			out = append(out, "missing "+n)
		case err != nil:
			return nil, fmt.Errorf("build: %w", err)
		case !bytes.Equal(g, w):
			out = append(out, fmt.Sprintf("differs %s (sha256 %s, got %s)", n, short(w), short(g)))
		}
	}
	for _, n := range gn {
		if !seen[n] {
			out = append(out, "extra "+n)
		}
	}
	return out, nil
}

// fileNames lists the regular files under dir, slash-separated, in byte
// order; like ReadDir, it refuses anything else but directories.
func fileNames(dir string) ([]string, error) {
	var names []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		if !d.Type().IsRegular() {
			return fmt.Errorf("%s is not a regular file", rel)
		}
		names = append(names, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("build: reading %s: %w", dir, err)
	}
	sort.Strings(names)
	return names, nil
}
