package fetch

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/ark-forge/proveit/scorer/proof"
)

// Cached is what the cache holds for one proof.
type Cached int

// What the cache may hold for a proof.
const (
	Missing    Cached = iota // no file: never fetched
	Unreadable               // a file that does not parse for its id: read again, replaced if the answer parses
	Pending                  // a view whose batch_anchor is pending: read again
	Closed                   // any other view: anchored (by its batch, or on its own before 3.0), never read again
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
	case view.BatchAnchor != nil && view.BatchAnchor.Status == proof.BatchPending:
		return Pending, data, nil
	}
	return Closed, data, nil
}

// notFoundRecord is the file cached for a proof the Trust Layer answered
// 404 for (the record proof.ParseCached reads).
func notFoundRecord(id string) []byte {
	return []byte(`{"not_found": true, "proof_id": "` + id + `"}` + "\n")
}
