package inputfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestRead(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f.json")
	if err := os.WriteFile(file, []byte("12345"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink(file, link); err != nil {
		t.Fatalf("symlinks are needed for this test: %v", err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatalf("named pipes are needed for this test: %v", err)
	}
	fifoLink := filepath.Join(dir, "fifo-link")
	if err := os.Symlink(fifo, fifoLink); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		path   string
		limit  int64
		follow bool
		want   string // "" for success
	}{
		{"regular", file, 5, false, ""},
		{"exactly the limit", file, 5, false, ""},
		{"one byte over", file, 4, false, "file exceeds 4 bytes"},
		{"symlink refused", link, 5, false, "is a symbolic link, want a regular file"},
		{"symlink followed", link, 5, true, ""},
		{"fifo", fifo, 5, false, "is a named pipe (FIFO), want a regular file"},
		{"fifo followed", fifoLink, 5, true, "is a named pipe (FIFO), want a regular file"},
		{"directory", dir, 5, false, "is a directory, want a regular file"},
		{"character device", "/dev/zero", 5, true, "is a character device, want a regular file"},
		{"missing", filepath.Join(dir, "none"), 5, false, "no such file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			read := Read
			if c.follow {
				read = ReadFollow
			}
			b, err := read(c.path, c.limit)
			if c.want == "" {
				if err != nil || string(b) != "12345" {
					t.Fatalf("got %q, %v; want the file", b, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error containing %q", err, c.want)
			}
		})
	}
}

func TestTooLargeIsTyped(t *testing.T) {
	file := filepath.Join(t.TempDir(), "big")
	if err := os.WriteFile(file, make([]byte, 100), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Read(file, 99)
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Limit != 99 {
		t.Fatalf("got %v, want a *TooLargeError with limit 99", err)
	}
}
