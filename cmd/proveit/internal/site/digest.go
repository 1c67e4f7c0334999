package site

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"sort"

	"github.com/ark-forge/proveit/internal/pool"
	"github.com/ark-forge/proveit/scorer/inputfile"
)

// MaxInputFileBytes bounds one file read for the inputs digest; it is at
// least every bound the season loader reads with.
const MaxInputFileBytes = 64 << 20

// The inputs digest of a season directory is the digest of its files, the
// inputs a page was built from: SHA-256, in hex, of the lines
//
//	<path> NUL <sha256 hex of the file> LF
//
// for every regular file below dir, path being slash-separated and
// relative to dir's parent (so it starts with the season's number), the
// lines sorted by path (digestLines of inputLines). It reads no clock and
// no git: the same files give the same digest on any machine, and anyone
// recomputes it from a copy of the season (`find 0 -type f | sort | …`).

// inputLines returns the lines of the inputs digest for dir, sorted, the files
// read and hashed over workers goroutines (all cores when workers <= 0),
// counted under the progress step « season <n>: inputs digest ».
func inputLines(dir string, workers int, progress *Progress) ([]string, error) {
	base := filepath.Base(filepath.Clean(dir))
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	lines := make([]string, len(files))
	progress.Start(fmt.Sprintf("season %s: inputs digest", base), len(files))
	defer progress.Done()
	err = pool.Ordered(len(files), workers, func(i int) (string, error) {
		p := files[i]
		sum, err := inputfile.Sum(p, MaxInputFileBytes)
		if err != nil {
			return "", fmt.Errorf("inputs digest: %s: %w", p, err)
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return "", err
		}
		return path.Join(base, filepath.ToSlash(rel)) + "\x00" + hex.EncodeToString(sum[:]) + "\n", nil
	}, func(i int, line string) error {
		lines[i] = line
		progress.Step(1)
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(lines)
	return lines, nil
}

func digestLines(lines []string) string {
	h := sha256.New()
	for _, l := range lines {
		h.Write([]byte(l))
	}
	return hex.EncodeToString(h.Sum(nil))
}
