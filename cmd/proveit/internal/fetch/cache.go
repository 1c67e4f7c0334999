package fetch

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/pyjson"
)

// Cached is what the cache holds for one proof.
type Cached int

// What the cache may hold for a proof.
const (
	Missing    Cached = iota // no file: never fetched
	Unreadable               // a file that does not parse for its id: read again, replaced if the answer parses
	Pending                  // a view whose batch is open: read again
	Closed                   // a view whose batch is closed: anchored, never read again
	NotFound                 // the 404 record: the Trust Layer said it does not exist
)

func (c Cached) String() string {
	switch c {
	case Missing:
		return "missing"
	case Unreadable:
		return "unreadable"
	case Pending:
		return "pending"
	case Closed:
		return "closed"
	case NotFound:
		return "not_found"
	}
	return fmt.Sprintf("Cached(%d)", int(c))
}

// tempPrefix and tempSuffix name the temporary files written in the
// proofs directory before they are renamed into place.
const (
	tempPrefix = ".fetch-"
	tempSuffix = ".tmp"
)

// cacheFile is the path of id's file in the proofs directory dir.
func cacheFile(dir, id string) string { return filepath.Join(dir, id+".json") }

// inspect reads the cached file of id. It returns what the cache holds,
// the bytes, and why an unreadable file is unreadable.
func inspect(dir, id string) (Cached, []byte, error) {
	f, err := os.Open(cacheFile(dir, id))
	if errors.Is(err, os.ErrNotExist) {
		return Missing, nil, nil
	}
	if err != nil {
		return Unreadable, nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, proof.MaxViewBytes+1))
	if err != nil {
		return Unreadable, nil, err
	}
	view, nf, err := proof.ParseCached(id, data)
	switch {
	case err != nil:
		return Unreadable, data, err
	case nf != nil:
		return NotFound, data, nil
	case view.Batch.Status == proof.BatchClosed:
		return Closed, data, nil
	}
	return Pending, data, nil
}

// NotFoundRecord is the file cached for a proof the Trust Layer answered
// 404 for (the record proof.ParseCached reads).
func NotFoundRecord(id string) []byte {
	return []byte(`{"not_found": true, "proof_id": "` + id + `"}` + "\n")
}

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

// canonical returns the canonical JSON of a view document (the comparison
// ignores layout and key order, never a value).
func canonical(data []byte) ([]byte, error) {
	v, err := pyjson.DecodeStrict(data)
	if err != nil {
		return nil, err
	}
	return pyjson.Canonical(v), nil
}

// boundKeys are the parts of a view that the chain hash and the signature
// bind: they never change, even while the batch is open.
var boundKeys = []string{"proof_id", "spec_version", "hashes", "commitments", "disclosed", "signature"}

// diffKeys lists the top-level keys whose values differ between two view
// documents (only among keys, when keys is not nil), sorted.
func diffKeys(a, b []byte, keys []string) []string {
	va, err1 := pyjson.DecodeStrict(a)
	vb, err2 := pyjson.DecodeStrict(b)
	if err1 != nil || err2 != nil {
		return []string{"(document)"}
	}
	names := map[string]bool{}
	for _, m := range va.Members() {
		names[m.Key] = true
	}
	for _, m := range vb.Members() {
		names[m.Key] = true
	}
	var out []string
	for k := range names {
		if keys != nil && !contains(keys, k) {
			continue
		}
		x, okx := va.Lookup(k)
		y, oky := vb.Lookup(k)
		if okx != oky || (okx && !bytes.Equal(pyjson.Canonical(x), pyjson.Canonical(y))) {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}
