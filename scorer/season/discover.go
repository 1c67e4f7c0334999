package season

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Discover lists the season directories under root (one directory per
// season, named by its number), in increasing number. Any
// other directory, a symbolic link, or a file other than Markdown notes is
// an error naming it: a season tree holds nothing unexplained.
func Discover(root string) ([]string, error) {
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil, fmt.Errorf("seasons: %w", err)
	}
	type numbered struct {
		n    int
		path string
	}
	var found []numbered
	for _, e := range entries {
		name := e.Name()
		switch {
		case e.Type()&os.ModeSymlink != 0:
			return nil, fmt.Errorf("seasons: %s is a symbolic link, want a directory or a file", filepath.Join(root, name))
		case e.IsDir():
			n, err := strconv.Atoi(name)
			if err != nil || n < 0 || strconv.Itoa(n) != name {
				return nil, fmt.Errorf("seasons: %s is not a season directory: want a season number such as 0 or 12", filepath.Join(root, name))
			}
			found = append(found, numbered{n, filepath.Join(root, name)})
		case e.Type().IsRegular() && strings.HasSuffix(name, ".md"):
			// notes for maintainers
		default:
			return nil, fmt.Errorf("seasons: unexpected file %s: want season directories and Markdown notes only", filepath.Join(root, name))
		}
	}
	sort.Slice(found, func(i, j int) bool { return found[i].n < found[j].n })
	paths := make([]string, len(found))
	for i, f := range found {
		paths[i] = f.path
	}
	return paths, nil
}
