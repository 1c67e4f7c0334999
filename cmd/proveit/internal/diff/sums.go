package diff

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/ark-forge/proveit/cmd/proveit/internal/site"
	"github.com/ark-forge/proveit/internal/sitepath"
	"github.com/ark-forge/proveit/scorer/inputfile"
)

// FieldSums is the field of a file of one site that does not match that
// site's own SHA256SUMS: Site is the site's directory as given, File the
// file relative to it, New one of the Sums values.
const FieldSums = "sha256sums"

// The values of a FieldSums change.
const (
	SumsChanged    = "changed"     // its SHA-256 is not the one listed
	SumsMissing    = "missing"     // listed, but the site does not hold it
	SumsUnlisted   = "unlisted"    // held, but not listed
	SumsIrregular  = "not_regular" // a symbolic link or another non-regular file
	SumsNoSumsFile = "no_sums"     // the site has no SHA256SUMS: File is SHA256SUMS
)

// readSums reads dir's SHA256SUMS, nil when it has none. A line that is not
// "<64 lowercase hex digits>  <path>" with a clean relative path, or a path
// listed twice, makes the file unusable: an error naming it and the line.
func readSums(dir string) (map[string]string, error) {
	name := filepath.Join(dir, sitepath.Sums().String())
	data, err := inputfile.Read(name, site.MaxSumsBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", name, bare(err))
	}
	sums := map[string]string{}
	lineOf := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		sum, file, ok := strings.Cut(sc.Text(), "  ")
		if !ok || len(sum) != 64 || strings.Trim(sum, "0123456789abcdef") != "" ||
			!filepath.IsLocal(file) || strings.Contains(file, `\`) || path.Clean(file) != file {
			return nil, fmt.Errorf("read %s: line %d is not \"<sha256>  <path>\"", name, n)
		}
		if first, ok := lineOf[file]; ok {
			return nil, fmt.Errorf("read %s: line %d lists %s, already listed on line %d", name, n, file, first)
		}
		lineOf[file] = n
		sums[file] = sum
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	return sums, nil
}

// checkSums returns a FieldSums change for every file of the site dir that
// does not match sums, its SHA256SUMS (nil: one change saying it has none),
// in path order: changed, listed but missing, held but unlisted, or not a
// regular file.
func checkSums(dir string, sums map[string]string) ([]Change, error) {
	sumsName := sitepath.Sums().String()
	if sums == nil {
		return []Change{{Site: dir, File: sumsName, Field: FieldSums, New: SumsNoSumsFile}}, nil
	}
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, fmt.Errorf("read site %s: %w", dir, bare(err))
	}
	var out []Change
	seen := map[string]bool{}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("read %s: %w", p, bare(err))
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if rel == sumsName {
			return nil
		}
		seen[rel] = true
		at := Change{Site: dir, File: rel, Field: FieldSums}
		want, listed := sums[rel]
		switch {
		case !d.Type().IsRegular():
			at.New = SumsIrregular
		case !listed:
			at.New = SumsUnlisted
		default:
			got, err := hashFile(p)
			if err != nil {
				return fmt.Errorf("read %s: %w", filepath.Join(dir, filepath.FromSlash(rel)), bare(err))
			}
			if got == want {
				return nil
			}
			at.New = SumsChanged
		}
		out = append(out, at)
		return nil
	})
	if err != nil {
		return nil, err
	}
	for rel := range sums {
		if !seen[rel] {
			out = append(out, Change{Site: dir, File: rel, Field: FieldSums, New: SumsMissing})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].File < out[j].File })
	return out, nil
}

func hashFile(name string) (string, error) {
	f, err := os.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
