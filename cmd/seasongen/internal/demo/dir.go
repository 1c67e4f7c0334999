package demo

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/ark-forge/proveit/internal/atomicfs"
)

// DefaultDir is where the demo season lives in the repository.
const DefaultDir = "seasons/0"

// Write generates the season into dir, replacing it as a whole: the files
// are written into a new directory beside dir, which then takes dir's
// place, so that no file of an earlier generation survives and a failed
// run leaves dir untouched. An existing dir is replaced only if it is empty
// or holds a demo season (a season.toml saying demo = true).
func Write(dir string, opts Options) (*Meta, error) {
	restore := use(edition{})
	defer restore()
	return write(dir, opts, func(g *generator, tmp string) error {
		if opts.Participants == 0 || opts.Participants == len(cast) {
			if err := writeRegister(tmp); err != nil {
				return err
			}
			return g.anchorPublication(tmp)
		}
		return nil
	})
}

// write generates the edition in use into dir, running then on the
// written directory before it takes dir's place.
func write(dir string, opts Options, then func(g *generator, tmp string) error) (*Meta, error) {
	dir = filepath.Clean(dir)
	if err := checkReplaceable(dir); err != nil {
		return nil, err
	}
	tmp, err := atomicfs.TempDir(dir, "seasongen")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)   // a no-op once it took dir's place
	made := map[string]bool{} // directories made: one MkdirAll each, not one per file
	g, err := generate(opts, func(rel string, data []byte) error {
		p := filepath.Join(tmp, filepath.FromSlash(rel))
		if d := filepath.Dir(p); !made[d] {
			if err := os.MkdirAll(d, 0o755); err != nil {
				return err
			}
			made[d] = true
		}
		return os.WriteFile(p, data, 0o644)
	})
	if err != nil {
		return nil, err
	}
	if err := then(g, tmp); err != nil {
		return nil, err
	}
	if err := atomicfs.ReplaceDir(tmp, dir); err != nil {
		return nil, err
	}
	return g.meta, nil
}

// checkReplaceable refuses to replace a directory that is not a demo
// season.
func checkReplaceable(dir string) error {
	fi, err := os.Lstat(dir)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return fmt.Errorf("%s exists and is not a directory", dir)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	if len(entries) == 0 {
		return nil
	}
	st, err := os.ReadFile(filepath.Join(dir, "season.toml"))
	if err != nil || !bytes.Contains(st, []byte("\ndemo = true\n")) {
		return fmt.Errorf("%s holds something other than a demo season (no season.toml with demo = true): refusing to replace it", dir)
	}
	return nil
}
