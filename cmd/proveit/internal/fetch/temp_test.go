package fetch

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRemoveTemp: the temporary files an interrupted write leaves are
// removed, nothing else.
func TestRemoveTemp(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{".prf_20260925_120000_abcdef.json-123.tmp", "prf_20260925_120000_abcdef.json", "notes.md", ".notes.md"} {
		os.WriteFile(filepath.Join(dir, n), nil, 0o644)
	}
	removed, err := RemoveTemp(dir)
	if err != nil || len(removed) != 1 {
		t.Fatalf("%v %v", removed, err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 3 {
		t.Errorf("%v", entries)
	}
	if r, err := RemoveTemp(filepath.Join(dir, "absent")); err != nil || r != nil {
		t.Errorf("absent directory: %v %v", r, err)
	}
}
