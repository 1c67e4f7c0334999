package site

// The output tree: the files a build produces, held until everything is
// rendered, then written so that a failed build changes nothing: the
// output directory is replaced as a whole or not at all.

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// Tree is a set of files keyed by slash-separated relative path.
type Tree map[string][]byte

// SumsFile is the name of the checksum file at the root of a built tree.
const SumsFile = "SHA256SUMS"

// Add stores a copy of data at name, refusing a name that is not a clean
// relative path or that is already taken.
func (t Tree) Add(name string, data []byte) error {
	if err := checkName(name); err != nil {
		return err
	}
	if _, dup := t[name]; dup {
		return fmt.Errorf("build: %s written twice", name)
	}
	t[name] = bytes.Clone(data)
	return nil
}

func checkName(name string) error {
	if name == "" || path.Clean(name) != name || strings.HasPrefix(name, "/") || name == ".." || strings.HasPrefix(name, "../") || strings.Contains(name, "\\") {
		return fmt.Errorf("build: %q is not a clean relative path", name)
	}
	return nil
}

// Names returns the paths of t in byte order.
func (t Tree) Names() []string {
	names := make([]string, 0, len(t))
	for n := range t {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Sums returns the content of SHA256SUMS for t: one line per file, in byte
// order of path, as sha256sum(1) writes them ("<hex>  <path>"), so that
// `sha256sum -c SHA256SUMS` checks a copy of the site.
func (t Tree) Sums() []byte {
	var b bytes.Buffer
	for _, n := range t.Names() {
		if n == SumsFile {
			continue
		}
		sum := sha256.Sum256(t[n])
		b.WriteString(hex.EncodeToString(sum[:]))
		b.WriteString("  ")
		b.WriteString(n)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// WriteAtomic replaces dir with exactly the files of t. It writes them into
// a new sibling directory (a Stage), makes them durable, and then swaps it
// with dir; if any step fails, dir is left as it was and the sibling is
// removed.
func WriteAtomic(dir string, t Tree) error {
	st, err := NewStage(dir)
	if err != nil {
		return err
	}
	for _, n := range t.Names() {
		if err := st.Add(n, t[n]); err != nil {
			st.Abort()
			return err
		}
	}
	return st.Commit()
}

// ReadDir reads every regular file under dir into a Tree. It refuses
// symbolic links and other special files, which a built site never holds.
func ReadDir(dir string) (Tree, error) {
	t := Tree{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		if !d.Type().IsRegular() {
			return fmt.Errorf("%s is not a regular file", rel)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		t[filepath.ToSlash(rel)] = data
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("build: reading %s: %w", dir, err)
	}
	return t, nil
}

// Diff lists how got differs from want, one line per file, in path order:
// "missing PATH", "extra PATH" or "differs PATH (sha256 WANT, got GOT)".
func Diff(want, got Tree) []string {
	var out []string
	seen := map[string]bool{}
	for _, n := range want.Names() {
		seen[n] = true
		g, ok := got[n]
		switch {
		case !ok:
			out = append(out, "missing "+n)
		case !bytes.Equal(g, want[n]):
			out = append(out, fmt.Sprintf("differs %s (sha256 %s, got %s)", n, short(want[n]), short(g)))
		}
	}
	for _, n := range got.Names() {
		if !seen[n] {
			out = append(out, "extra "+n)
		}
	}
	return out
}

func short(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:6])
}

// DiffDirs is Diff of the trees under two directories, read one file at a
// time rather than as two Trees in memory: a built site of ten thousand
// participants is gigabytes.
func DiffDirs(want, got string) ([]string, error) {
	wn, err := fileNames(want)
	if err != nil {
		return nil, err
	}
	gn, err := fileNames(got)
	if err != nil {
		return nil, err
	}
	var out []string
	seen := make(map[string]bool, len(wn))
	for _, n := range wn {
		seen[n] = true
		w, err := os.ReadFile(filepath.Join(want, filepath.FromSlash(n)))
		if err != nil {
			return nil, fmt.Errorf("build: %w", err)
		}
		g, err := os.ReadFile(filepath.Join(got, filepath.FromSlash(n)))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			out = append(out, "missing "+n)
		case err != nil:
			return nil, fmt.Errorf("build: %w", err)
		case !bytes.Equal(g, w):
			out = append(out, fmt.Sprintf("differs %s (sha256 %s, got %s)", n, short(w), short(g)))
		}
	}
	for _, n := range gn {
		if !seen[n] {
			out = append(out, "extra "+n)
		}
	}
	return out, nil
}

// fileNames lists the regular files under dir, slash-separated, in byte
// order; like ReadDir, it refuses anything else but directories.
func fileNames(dir string) ([]string, error) {
	var names []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		if !d.Type().IsRegular() {
			return fmt.Errorf("%s is not a regular file", rel)
		}
		names = append(names, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("build: reading %s: %w", dir, err)
	}
	sort.Strings(names)
	return names, nil
}
