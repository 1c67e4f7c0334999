//go:build !linux

package site

import (
	"io/fs"
	"os"
	"path/filepath"
)

func replaceDir(tmp, dir string) error { return replaceDirTwoSteps(tmp, dir) }

// syncTree makes every file and directory written under dir durable, one
// fsync each.
func syncTree(dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		return f.Sync()
	})
}
