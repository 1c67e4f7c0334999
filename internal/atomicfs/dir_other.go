//go:build !linux

package atomicfs

import (
	"io/fs"
	"os"
	"path/filepath"
)

// ReplaceDir puts the directory tmp, which must be on the same file system
// as dir (its sibling, typically), in the place of dir and removes the
// previous tree: dir is moved aside, tmp moved in, so that dir is briefly
// absent, never half written; if the second move fails, the previous tree
// is put back and tmp is left for the caller to remove.
func ReplaceDir(tmp, dir string) error { return replaceDirTwoSteps(tmp, dir) }

// SyncTree makes every file and directory under dir durable, one fsync
// each.
func SyncTree(dir string) error {
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
