//go:build linux

package site

import (
	"errors"
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// replaceDir puts the directory tmp in the place of dir. When dir exists
// the two are exchanged in one renameat2(RENAME_EXCHANGE) call, so that at
// no instant is dir missing or half written; the old tree is then removed.
func replaceDir(tmp, dir string) error {
	err := unix.Renameat2(unix.AT_FDCWD, tmp, unix.AT_FDCWD, dir, unix.RENAME_EXCHANGE)
	switch {
	case err == nil:
		return os.RemoveAll(tmp) // tmp now holds the previous tree
	case errors.Is(err, unix.ENOENT):
		if err := os.Rename(tmp, dir); err != nil {
			return fmt.Errorf("build: %w", err)
		}
		return nil
	case errors.Is(err, unix.ENOSYS), errors.Is(err, unix.EINVAL):
		return replaceDirTwoSteps(tmp, dir)
	default:
		return fmt.Errorf("build: replacing %s: %w", dir, err)
	}
}

// syncTree makes every file and directory written under dir durable with
// one syncfs(2) of the file system that holds it, rather than one fsync
// per file: a build writes tens of thousands of files.
func syncTree(dir string) error {
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
