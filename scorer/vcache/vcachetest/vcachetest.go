// Package vcachetest reads and rewrites the entries of a verification
// cache's store (package vcache) directly, as a tool or a damaged disk
// would, for the tests of the packages that use the cache. It is never
// linked into proveit.
package vcachetest

import (
	"bytes"
	"fmt"
	"path/filepath"
	"time"

	"github.com/ark-forge/proveit/scorer/vcache"
	bolt "go.etcd.io/bbolt"
)

// entriesBucket is the bucket of the entries in the store (the package
// doc of vcache).
var entriesBucket = []byte("entries")

// open opens the store of dir; no Cache may hold it.
func open(dir string, readOnly bool) (*bolt.DB, error) {
	db, err := bolt.Open(filepath.Join(dir, vcache.StoreFile), 0o644, &bolt.Options{ReadOnly: readOnly, Timeout: time.Second})
	if err != nil {
		return nil, fmt.Errorf("vcachetest: %w", err)
	}
	return db, nil
}

// Entries returns every entry stored in the cache of dir, by key, as
// stored. No Cache may hold dir.
func Entries(dir string) (map[vcache.Key][]byte, error) {
	db, err := open(dir, true)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	out := map[vcache.Key][]byte{}
	err = db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(entriesBucket)
		if b == nil {
			return fmt.Errorf("vcachetest: no bucket %q in %s", entriesBucket, dir)
		}
		return b.ForEach(func(k, v []byte) error {
			if len(k) != len(vcache.Key{}) {
				return fmt.Errorf("vcachetest: a key of %d bytes", len(k))
			}
			out[vcache.Key(k)] = bytes.Clone(v)
			return nil
		})
	})
	return out, err
}

// Replace stores each of entries under its key in the cache of dir,
// whatever its bytes, in one transaction. No Cache may hold dir.
func Replace(dir string, entries map[vcache.Key][]byte) error {
	db, err := open(dir, false)
	if err != nil {
		return err
	}
	defer db.Close()
	return db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(entriesBucket)
		if b == nil {
			return fmt.Errorf("vcachetest: no bucket %q in %s", entriesBucket, dir)
		}
		for k, v := range entries {
			if err := b.Put(k[:], v); err != nil {
				return err
			}
		}
		return nil
	})
}
