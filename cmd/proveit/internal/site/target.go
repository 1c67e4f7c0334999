package site

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/ark-forge/proveit/scorer/inputfile"
)

// MaxSumsBytes bounds the SHA256SUMS file read to recognise a previous
// output (a line is 66 bytes and a path; a million files fit).
const MaxSumsBytes = 256 << 20

// guarded are names whose presence anywhere in a directory means it holds
// something a build must never replace: a repository, a Go module, a
// season.
var guarded = []string{".git", "go.mod", "season.toml"}

// TargetError is an output directory a build refuses to replace.
type TargetError struct {
	Out    string // as given
	Reason string
}

func (e *TargetError) Error() string {
	return fmt.Sprintf("refusing to replace %s: %s", e.Out, e.Reason)
}

// CheckTarget refuses an output directory that replacing would destroy
// inputs or anything that is not a previous build:
//
//   - one that is, contains or lies inside the seasons directory;
//   - one that lies inside a season directory (a directory holding
//     season.toml);
//   - one that holds, at any depth, a .git, a go.mod or a season.toml (a
//     repository root, a module, a season);
//   - an existing one that is not a directory, or that is neither empty
//     nor a previous proveit output, recognised by its SHA256SUMS listing
//     exactly its files.
//
// Paths are compared after resolving symbolic links, so a link cannot
// disguise the seasons directory. An absent directory is accepted.
func CheckTarget(out, seasonsDir string) error {
	refuse := func(format string, a ...any) error {
		return &TargetError{Out: out, Reason: fmt.Sprintf(format, a...)}
	}
	absOut, err := resolve(out)
	if err != nil {
		return refuse("%v", err)
	}
	absSeasons, err := resolve(seasonsDir)
	if err != nil {
		return refuse("%v", err)
	}
	// 1. Where it lies: never the seasons, in them, around them, or in a
	// season.
	if reason := placeOf(absOut, absSeasons, seasonsDir); reason != "" {
		return refuse("%s", reason)
	}
	// 2. What it is: absent, or a directory.
	fi, err := os.Lstat(absOut)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return refuse("%v", err)
	case !fi.IsDir():
		return refuse("it is %s, not a directory", inputfile.Kind(fi.Mode()))
	}
	// 3. What it holds: nothing, or exactly what its SHA256SUMS lists.
	listed, hasSums, err := readSums(absOut)
	if err != nil {
		return refuse("its %s: %v", sumsFile, err)
	}
	if reason, err := contentOf(absOut, listed, hasSums); err != nil {
		return refuse("%v", err)
	} else if reason != "" {
		return refuse("%s", reason)
	}
	return nil
}

// placeOf says why an output directory at absOut may not be replaced
// because of where it lies, or "".
func placeOf(absOut, absSeasons, seasonsDir string) string {
	switch {
	case absOut == absSeasons:
		return fmt.Sprintf("it is the seasons directory %s", seasonsDir)
	case within(absOut, absSeasons):
		return fmt.Sprintf("it lies inside the seasons directory %s", seasonsDir)
	case within(absSeasons, absOut):
		return fmt.Sprintf("it contains the seasons directory %s", seasonsDir)
	}
	for a := filepath.Dir(absOut); ; a = filepath.Dir(a) {
		if fi, err := os.Lstat(filepath.Join(a, "season.toml")); err == nil && fi.Mode().IsRegular() {
			return fmt.Sprintf("it lies inside the season directory %s", a)
		}
		if a == filepath.Dir(a) {
			return ""
		}
	}
}

// contentOf walks the existing directory dir and says why its content
// makes it something other than a previous build, or "": a .git, go.mod or
// season.toml anywhere, anything but regular files and directories, a file
// its SHA256SUMS does not list, or a listed file it lacks. It stops at the
// first reason.
func contentOf(dir string, listed map[string]bool, hasSums bool) (string, error) {
	var reason string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		// A previous build publishes a season's season.toml in its
		// dossier, listed in its SHA256SUMS; anything else so named marks a
		// repository, a module or a season.
		if p != dir && slices.Contains(guarded, d.Name()) && (d.IsDir() || !hasSums || !listed[rel]) {
			reason = fmt.Sprintf("it holds %s: a repository, a module or a season is never replaced", rel)
			return fs.SkipAll
		}
		switch {
		case d.IsDir():
			return nil
		case !d.Type().IsRegular():
			reason = fmt.Sprintf("it holds %s, %s, which a build never writes", rel, inputfile.Kind(d.Type()))
			return fs.SkipAll
		case rel == sumsFile:
			return nil
		case !hasSums:
			reason = fmt.Sprintf("it is not empty and has no %s: it is not a previous proveit output (it holds %s)", sumsFile, rel)
			return fs.SkipAll
		case !listed[rel]:
			reason = fmt.Sprintf("it holds %s, which its %s does not list: it is not a previous proveit output", rel, sumsFile)
			return fs.SkipAll
		}
		delete(listed, rel)
		return nil
	})
	if reason != "" || err != nil {
		return reason, err
	}
	if len(listed) > 0 {
		missing := make([]string, 0, len(listed))
		for rel := range listed {
			missing = append(missing, rel)
		}
		sort.Strings(missing)
		return fmt.Sprintf("its %s lists %s, which it does not hold: it is not a previous proveit output", sumsFile, missing[0]), nil
	}
	return "", nil
}

// readSums reads dir/SHA256SUMS as Sums writes it and returns the paths it
// lists; hasSums is false when there is none.
func readSums(dir string) (listed map[string]bool, hasSums bool, err error) {
	data, err := inputfile.Read(filepath.Join(dir, sumsFile), MaxSumsBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	listed = map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		sum, name, ok := strings.Cut(line, "  ")
		if !ok || len(sum) != 64 || strings.Trim(sum, "0123456789abcdef") != "" || checkName(name) != nil {
			return nil, false, fmt.Errorf("line %d is not \"<sha256>  <path>\"", n)
		}
		listed[name] = true
	}
	if err := sc.Err(); err != nil {
		return nil, false, err
	}
	return listed, true, nil
}

// resolve returns the absolute, cleaned path p with every symbolic link of
// its longest existing prefix resolved.
func resolve(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	var rest []string
	for cur := abs; ; cur = filepath.Dir(cur) {
		if r, err := filepath.EvalSymlinks(cur); err == nil {
			return filepath.Join(append([]string{r}, rest...)...), nil
		}
		if cur == filepath.Dir(cur) {
			return abs, nil
		}
		rest = append([]string{filepath.Base(cur)}, rest...)
	}
}

// within reports whether p lies strictly inside dir.
func within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != "." && rel != ".." && !strings.HasPrefix(rel, "../") && !filepath.IsAbs(rel)
}
