package season

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestDiscover(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"10", "2", "0"} {
		if err := os.Mkdir(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "README.md"), []byte("notes"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := Discover(root)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(root, "0"), filepath.Join(root, "2"), filepath.Join(root, "10")}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Discover = %v, want %v", got, want)
	}
}

func TestDiscoverRefuses(t *testing.T) {
	for _, c := range []struct {
		name string
		make func(root string) error
		want string
	}{
		{"leading zero", func(r string) error { return os.Mkdir(filepath.Join(r, "01"), 0o755) }, "01 is not a season directory"},
		{"negative", func(r string) error { return os.Mkdir(filepath.Join(r, "-1"), 0o755) }, "-1 is not a season directory"},
		{"word", func(r string) error { return os.Mkdir(filepath.Join(r, "draft"), 0o755) }, "draft is not a season directory"},
		{"stray file", func(r string) error { return os.WriteFile(filepath.Join(r, "key.json"), nil, 0o644) }, "unexpected file"},
		{"symlink", func(r string) error { return os.Symlink("/tmp", filepath.Join(r, "3")) }, "symbolic link"},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			if err := c.make(root); err != nil {
				t.Fatal(err)
			}
			if _, err := Discover(root); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Discover = %v, want an error containing %q", err, c.want)
			}
		})
	}
	if _, err := Discover(filepath.Join(t.TempDir(), "absent")); err == nil {
		t.Error("Discover of a missing directory succeeded")
	}
}
