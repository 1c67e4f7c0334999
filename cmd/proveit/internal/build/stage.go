package build

// The streaming output: a build writes each file into a new sibling of the
// output directory as soon as it is made, and the sibling takes the place
// of the output as a whole at the end (Commit), or is removed (Abort).

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// Sink receives the files of a build, one at a time, each once: a Tree in
// memory, or a Stage on disk.
type Sink interface {
	// Add stores data at name, refusing a name that is not a clean
	// relative path or that is already taken.
	Add(name string, data []byte) error
	// Sums returns the content of SHA256SUMS for the files added so far.
	Sums() []byte
}

// Stage is a build being written into a new sibling of its output
// directory. It keeps only the SHA-256 of each file, computed as the file
// is written, so that a build holds one page at a time, not the site.
type Stage struct {
	dir, tmp string
	sums     map[string][sha256.Size]byte
	dirs     map[string]bool // directories already made under tmp
}

// NewStage makes the sibling directory that the build of dir is written
// into. The caller ends it with Commit or Abort.
func NewStage(dir string) (*Stage, error) {
	dir = filepath.Clean(dir)
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, fmt.Errorf("build: %w", err)
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".new-")
	if err != nil {
		return nil, fmt.Errorf("build: %w", err)
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("build: %w", err)
	}
	return &Stage{dir: dir, tmp: tmp, sums: map[string][sha256.Size]byte{}, dirs: map[string]bool{".": true}}, nil
}

// Add writes data at name under the sibling directory and keeps its
// SHA-256.
func (s *Stage) Add(name string, data []byte) error {
	if err := checkName(name); err != nil {
		return err
	}
	if _, dup := s.sums[name]; dup {
		return fmt.Errorf("build: %s written twice", name)
	}
	p := filepath.Join(s.tmp, filepath.FromSlash(name))
	if d := filepath.Dir(filepath.FromSlash(name)); !s.dirs[d] {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("build: %s: %w", name, err)
		}
		s.dirs[d] = true
	}
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("build: %s: %w", name, err)
	}
	h := sha256.New()
	h.Write(data)
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("build: %s: %w", name, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("build: %s: %w", name, err)
	}
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	s.sums[name] = sum
	return nil
}

// Len is the number of files written.
func (s *Stage) Len() int { return len(s.sums) }

// Sums returns the content of SHA256SUMS for the files written, as
// Tree.Sums does: sorted by path at the end, SHA256SUMS itself left out.
func (s *Stage) Sums() []byte {
	names := make([]string, 0, len(s.sums))
	for n := range s.sums {
		if n != SumsFile {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	var b bytes.Buffer
	for _, n := range names {
		sum := s.sums[n]
		b.WriteString(hex.EncodeToString(sum[:]))
		b.WriteString("  ")
		b.WriteString(n)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// Commit makes every file written durable, then puts the sibling directory
// in the place of the output directory as a whole (replaceDir). If it
// fails, the output is left as it was and the sibling is removed.
func (s *Stage) Commit() error {
	if err := syncTree(s.tmp); err != nil {
		s.Abort()
		return fmt.Errorf("build: %w", err)
	}
	if err := replaceDir(s.tmp, s.dir); err != nil {
		s.Abort()
		return err
	}
	return nil
}

// Abort removes the sibling directory: the output is left as it was.
func (s *Stage) Abort() { os.RemoveAll(s.tmp) }
