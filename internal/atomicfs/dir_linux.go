//go:build linux

package atomicfs

import (
	"errors"
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// ReplaceDir puts the directory tmp, which must be on the same file system
// as dir (its sibling, typically), in the place of dir and removes the
// previous tree. When dir exists the two are exchanged in one
// renameat2(RENAME_EXCHANGE) call, so that at no instant is dir missing or
// half written; on a kernel or file system without it, dir is moved aside
// first and is briefly absent, never half written. If dir does not exist,
// tmp is renamed to it. If ReplaceDir fails before tmp took dir's place,
// dir is left as it was and tmp is left for the caller to remove.
func ReplaceDir(tmp, dir string) error {
	err := unix.Renameat2(unix.AT_FDCWD, tmp, unix.AT_FDCWD, dir, unix.RENAME_EXCHANGE)
	switch {
	case err == nil:
		return os.RemoveAll(tmp) // tmp now holds the previous tree
	case errors.Is(err, unix.ENOENT):
		if err := os.Rename(tmp, dir); err != nil {
			return fmt.Errorf("replacing %s: %w", dir, err)
		}
		return nil
	case errors.Is(err, unix.ENOSYS), errors.Is(err, unix.EINVAL):
		return replaceDirTwoSteps(tmp, dir)
	default:
		return fmt.Errorf("replacing %s: %w", dir, err)
	}
}

// SyncTree makes every file and directory written under dir durable with
// one syncfs(2) of the file system that holds it, rather than one fsync
// per file: a site holds tens of thousands of files.
func SyncTree(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := unix.Syncfs(int(d.Fd())); err != nil {
		return fmt.Errorf("syncfs %s: %w", dir, err)
	}
	return nil
}
