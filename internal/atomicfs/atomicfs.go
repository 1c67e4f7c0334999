// Package atomicfs replaces a file, or a directory, as a whole: a reader
// finds the old version or the new one, never a mix of the two nor a part
// of either, and a write that fails or is killed leaves the old version in
// place.
//
// A file is written by WriteFile: into a new temporary file of the same
// directory, then renamed over its name, which is atomic within a file
// system. The temporary file is named .<name>-<random>.tmp (IsTemp tells
// such names apart); a write that fails removes it, and only a process
// killed between its creation and the rename leaves one behind, which the
// caller may clear by IsTemp. WriteFile fsyncs the file before the rename
// and the directory after it, so that the new version also survives a
// crash of the system once WriteFile returns; WriteFileNoSync skips both
// fsyncs, for files that check themselves when read.
//
// A directory is replaced by ReplaceDir, once its new version is written
// beside it, in a directory TempDir made (and made durable with SyncTree
// when that matters).
//
// The package neither creates directories nor follows a policy on what
// it replaces: a caller that must refuse to replace something checks
// before.
package atomicfs

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// tempSuffix ends the name of every temporary file WriteFile creates.
const tempSuffix = ".tmp"

// testHookStep, when set by a test, is called before each step of a file
// write with the step's name; an error it returns fails that step.
var testHookStep func(step string) error

func step(name string) error {
	if testHookStep != nil {
		return testHookStep(name)
	}
	return nil
}

// WriteFile writes data as the file name, with permissions perm (set as
// they are, whatever the umask), replacing any file of that name at once:
// data goes into a temporary file of name's directory, which is fsynced,
// closed and renamed over name; the directory is then fsynced, on a best
// effort basis, since not every file system syncs a directory. If any step
// fails, the temporary file is removed, name is left as it was, and the
// error says which step failed. The directory must exist; name must not be
// a directory.
func WriteFile(name string, data []byte, perm fs.FileMode) error {
	return write(name, data, perm, true)
}

// WriteFileNoSync is WriteFile without its two fsyncs: as atomic for a
// reader and against a killed process, but after a crash of the system
// name may hold the old version, the new one, or a part of the new one.
// It is meant for files a reader authenticates, which may be lost.
func WriteFileNoSync(name string, data []byte, perm fs.FileMode) error {
	return write(name, data, perm, false)
}

func write(name string, data []byte, perm fs.FileMode, sync bool) (err error) {
	dir, base := filepath.Split(name)
	if dir == "" {
		dir = "."
	}
	if err := step("create"); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, "."+base+"-*"+tempSuffix)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close() // a second Close returns an error, nothing else
			os.Remove(f.Name())
		}
	}()
	if err := step("write"); err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		return err
	}
	if err := step("chmod"); err != nil {
		return err
	}
	if err := f.Chmod(perm); err != nil {
		return err
	}
	if sync {
		if err := step("sync"); err != nil {
			return err
		}
		if err := f.Sync(); err != nil {
			return err
		}
	}
	if err := step("close"); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := step("rename"); err != nil {
		return err
	}
	if err := os.Rename(f.Name(), name); err != nil {
		return err
	}
	if sync {
		if d, err := os.Open(dir); err == nil {
			d.Sync() // best effort: not every file system syncs a directory
			d.Close()
		}
	}
	return nil
}

// IsTemp reports whether base, the name of a file without its directory,
// is one WriteFile gives its temporary files: a dot, anything, and .tmp.
func IsTemp(base string) bool {
	return strings.HasPrefix(base, ".") && strings.HasSuffix(base, tempSuffix) && len(base) > len("."+tempSuffix)
}
