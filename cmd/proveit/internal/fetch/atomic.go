package fetch

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
)

// tempPrefix and tempSuffix name the temporary files written in the
// proofs directory before they are renamed into place.
const (
	tempPrefix = ".fetch-"
	tempSuffix = ".tmp"
)

// writeAtomic writes data as dir/name: a temporary file in dir, synced,
// renamed over name, then the directory synced. A reader sees the old file
// or the new one, never a part; an interrupted write leaves at most a
// temporary file, which RemoveTemp clears.
func writeAtomic(dir, name string, data []byte) (err error) {
	tmp, err := os.CreateTemp(dir, tempPrefix+name+"-*"+tempSuffix)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.Remove(tmp.Name())
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), filepath.Join(dir, name)); err != nil {
		return err
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync() // best effort: not every file system syncs a directory
		d.Close()
	}
	return nil
}

// RemoveTemp removes the temporary files an interrupted run may have left
// in the proofs directory dir (the season loader refuses any file there
// that is not <proof_id>.json), and returns their names. A missing
// directory holds none.
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
		if e.Type().IsRegular() && strings.HasPrefix(n, tempPrefix) && strings.HasSuffix(n, tempSuffix) {
			if err := os.Remove(filepath.Join(dir, n)); err != nil {
				return removed, err
			}
			removed = append(removed, n)
		}
	}
	return removed, nil
}
