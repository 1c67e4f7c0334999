package season

import (
	"errors"
	"fmt"
	"io/fs"
	"sort"

	"github.com/ark-forge/proveit/scorer/anchor/rekor"
	"github.com/ark-forge/proveit/scorer/inputfile"
	"github.com/ark-forge/proveit/scorer/proof"
)

// NotCachedError is a proof with no file in the season's cache: the build
// cannot tell « does not exist » (a 404 record, an invalid proof) from « not
// fetched », so every caller refuses to go on.
type NotCachedError struct {
	ProofID string
	File    string // the path where the view was looked for
}

func (e *NotCachedError) Error() string {
	return fmt.Sprintf("proof %s is not in the cache (%s): run proveit fetch", e.ProofID, e.File)
}

// Cached reports whether the season's cache holds a file for the proof id.
func (s *Season) Cached(id string) bool {
	i := searchProof(s.Proofs, id)
	return i < len(s.Proofs) && s.Proofs[i].ID == id
}

func searchProof(ps []Proof, id string) int {
	lo, hi := 0, len(ps)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if ps[m].ID < id {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// ReadProof returns the bytes of the cached view proofs/<id>.json, within
// proof.MaxViewBytes, regular files only. A proof the load did not list is
// a *NotCachedError.
func (s *Season) ReadProof(id string) ([]byte, error) {
	return s.AppendProof(nil, id)
}

// AppendProof is ReadProof, the view's bytes appended to dst, into dst's
// memory when it has room for them (inputfile.Append): a build copying
// every view reads them one after the other into the same buffers. On an
// error it returns dst as it was given.
func (s *Season) AppendProof(dst []byte, id string) ([]byte, error) {
	rel := Proof{ID: id}.File()
	if !s.Cached(id) {
		return dst, &NotCachedError{ProofID: id, File: s.Path(rel)}
	}
	return s.appendCached(dst, rel, proof.MaxViewBytes)
}

// EntryNotCachedError is a Rekor entry with no file in the season's cache:
// the build cannot tell « the log has no such entry » (a cached 404
// record, a proof without its Rekor anchor) from « not fetched », so every
// caller refuses to go on. It is fs.ErrNotExist (errors.Is).
type EntryNotCachedError struct {
	UUID string
	File string // the path where the entry was looked for
}

func (e *EntryNotCachedError) Error() string {
	return fmt.Sprintf("Rekor entry %s is not in the cache (%s): run proveit fetch", e.UUID, e.File)
}

// Is makes the error fs.ErrNotExist, which package verify reads as « not
// fetched ».
func (e *EntryNotCachedError) Is(target error) bool { return target == fs.ErrNotExist }

// RekorEntry returns the bytes of the cached Rekor entry
// anchors/rekor/<uuid>.json, within rekor.MaxEntrySize, regular files
// only. An entry the load did not list is an *EntryNotCachedError. The
// Season is thus the cache of Rekor entries package verify reads.
func (s *Season) RekorEntry(uuid string) ([]byte, error) {
	rel := "anchors/rekor/" + uuid + ".json"
	i := sort.Search(len(s.RekorEntries), func(i int) bool { return s.RekorEntries[i].UUID >= uuid })
	if i == len(s.RekorEntries) || s.RekorEntries[i].UUID != uuid {
		return nil, &EntryNotCachedError{UUID: uuid, File: s.Path(rel)}
	}
	return s.readCached(rel, rekor.MaxEntrySize)
}

// readCached reads the cached file rel of the season within max bytes,
// regular files only; an error names the file.
func (s *Season) readCached(rel string, max int64) ([]byte, error) {
	return s.appendCached(nil, rel, max) // nil on an error
}

// appendCached is readCached, the file appended to dst; on an error it
// returns dst as it was given.
func (s *Season) appendCached(dst []byte, rel string, max int64) ([]byte, error) {
	b, err := inputfile.Append(dst, s.Path(rel), max)
	if err != nil {
		var kind *inputfile.KindError
		if errors.As(err, &kind) && kind.Mode&fs.ModeSymlink != 0 {
			err = errors.New("is a symbolic link, want a regular file (a season holds no links)")
		}
		return dst, &Error{Dir: s.Dir, File: rel, Err: err}
	}
	return b, nil
}
