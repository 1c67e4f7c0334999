package season

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/ark-forge/proveit/scorer/inputfile"
)

// Bounds on what Load reads: every file is read within its bound, and a
// file over it is refused with the limit it hit.
const (
	MaxTOMLBytes       = 1 << 20 // season.toml, participants, track.toml, preregistration.toml
	MaxBaremeBytes     = 1 << 20 // bareme.md
	MaxManifestBytes   = 16 << 20
	MaxCorpusFileBytes = 8 << 20 // one frozen corpus body
	MaxKeyBytes        = 4 << 20 // key.json
	MaxSaltBytes       = 65      // 64 hex digits and one "\n"
	MaxDirEntries      = 1 << 20 // entries of one directory (proofs/ is the largest)
	MaxCorpusDepth     = 16      // directories below corpus/
)

// Error is a season directory that cannot be loaded: the file (relative to
// the season directory), the key or JSON pointer inside it ("" when the
// whole file is meant), and what was wrong or expected.
type Error struct {
	Dir   string // the season directory, as given to Load
	File  string // slash-separated, relative to Dir
	Where string // a TOML key, an RFC 6901 pointer, or ""
	Err   error
}

func (e *Error) Error() string {
	name := e.File
	if e.Dir != "" {
		name = filepath.Join(e.Dir, filepath.FromSlash(e.File))
	}
	if e.Where == "" {
		return fmt.Sprintf("%s: %v", name, e.Err)
	}
	return fmt.Sprintf("%s: %s: %v", name, e.Where, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// TooLargeError is a file larger than the bound Load reads.
type TooLargeError = inputfile.TooLargeError

// loader carries the season directory through Load. It only reads.
type loader struct {
	dir string
}

func (l *loader) errf(file, where, format string, args ...any) *Error {
	return &Error{Dir: l.dir, File: file, Where: where, Err: fmt.Errorf(format, args...)}
}

func (l *loader) wrap(file, where string, err error) *Error {
	return &Error{Dir: l.dir, File: file, Where: where, Err: err}
}

func (l *loader) abs(rel string) string {
	if rel == "" {
		return l.dir
	}
	return filepath.Join(l.dir, filepath.FromSlash(rel))
}

// entry is one directory entry: its name, and whether it is a directory
// (otherwise it is a regular file; nothing else is allowed).
type entry struct {
	name  string
	isDir bool
}

// readDir lists the directory rel in name order, at most MaxDirEntries
// entries, refusing symbolic links and anything that is neither a regular
// file nor a directory.
func (l *loader) readDir(rel string) ([]entry, error) {
	f, err := os.Open(l.abs(rel))
	if err != nil {
		return nil, l.wrap(rel, "", fmt.Errorf("reading the directory: %w", err))
	}
	defer f.Close()
	des, err := f.ReadDir(MaxDirEntries + 1)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, l.wrap(rel, "", fmt.Errorf("reading the directory: %w", err))
	}
	if len(des) > MaxDirEntries {
		return nil, l.errf(rel, "", "directory has more than %d entries", MaxDirEntries)
	}
	sort.Slice(des, func(i, j int) bool { return des[i].Name() < des[j].Name() })
	out := make([]entry, 0, len(des))
	for _, de := range des {
		name := join(rel, de.Name())
		switch t := de.Type(); {
		case t&fs.ModeSymlink != 0:
			return nil, l.errf(name, "", "is a symbolic link, want a regular file or a directory (a season holds no links)")
		case t.IsDir():
			out = append(out, entry{name: de.Name(), isDir: true})
		case t.IsRegular():
			out = append(out, entry{name: de.Name()})
		default:
			return nil, l.errf(name, "", "is %s, want a regular file or a directory", inputfile.Kind(t))
		}
	}
	return out, nil
}

// readFile reads the regular file rel, refusing a symbolic link, any
// other kind of file, and more than max bytes (a *TooLargeError).
func (l *loader) readFile(rel string, max int64) ([]byte, error) {
	b, err := inputfile.Read(l.abs(rel), max)
	if err != nil {
		var kind *inputfile.KindError
		if errors.As(err, &kind) && kind.Mode&fs.ModeSymlink != 0 {
			return nil, l.errf(rel, "", "is a symbolic link, want a regular file (a season holds no links)")
		}
		return nil, l.wrap(rel, "", err)
	}
	return b, nil
}

// join joins slash-separated season paths.
func join(dir, name string) string {
	if dir == "" {
		return name
	}
	return path.Join(dir, name)
}

// quote quotes a name or a value for a message, shortened to 80 bytes.
func quote(s string) string {
	const max = 80
	if len(s) > max {
		cut := max
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		return fmt.Sprintf("%q…", s[:cut])
	}
	return fmt.Sprintf("%q", s)
}

// names lists allowed names for a message.
func names(ns ...string) string {
	q := make([]string, len(ns))
	for i, n := range ns {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}
