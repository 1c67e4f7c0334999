package inputfile

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
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
		if c.follow {
			continue // Sum is for files a season holds: it follows no link
		}
		t.Run("Sum/"+c.name, func(t *testing.T) {
			sum, err := Sum(c.path, c.limit)
			if c.want == "" {
				if err != nil || sum != sha256.Sum256([]byte("12345")) {
					t.Fatalf("got %x, %v; want the file's SHA-256", sum, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %x, %v, want an error containing %q", sum, err, c.want)
			}
		})
	}
}

// TestSumMatchesRead: Sum hashes every byte Read returns, across the sizes
// around its buffer's.
func TestSumMatchesRead(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []int{0, 1, 64<<10 - 1, 64 << 10, 64<<10 + 1, 3<<16 + 7} {
		file := filepath.Join(dir, fmt.Sprint(n))
		data := make([]byte, n)
		for i := range data {
			data[i] = byte(i*7 + i>>8)
		}
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := Sum(file, int64(n))
		if err != nil || got != sha256.Sum256(data) {
			t.Errorf("%d bytes: got %x, %v", n, got, err)
		}
		b, err := Read(file, int64(n))
		if err != nil || !bytes.Equal(b, data) {
			t.Errorf("%d bytes: Read got %d bytes, %v", n, len(b), err)
		}
		if n > 0 {
			var tl *TooLargeError
			if _, err := Sum(file, int64(n-1)); !errors.As(err, &tl) {
				t.Errorf("%d bytes, limit %d: got %v, want a *TooLargeError", n, n-1, err)
			}
		}
	}
}

// TestReadGrownFile: a file larger than it was when opened is still read
// to its end, or refused past the limit, its buffer growing from the size
// it had.
func TestReadGrownFile(t *testing.T) {
	data := strings.Repeat("0123456789", 1000)
	for _, c := range []struct {
		size, limit int64
		want        int // bytes read; -1 when over the limit
	}{
		{0, 1 << 20, len(data)},
		{3, 1 << 20, len(data)},
		{int64(len(data)) - 1, 1 << 20, len(data)},
		{int64(len(data)), 1 << 20, len(data)},
		{int64(len(data)) + 5, 1 << 20, len(data)}, // shrank
		{3, int64(len(data)) - 1, -1},
	} {
		b, err := readAll(strings.NewReader(data), c.size, c.limit)
		if err != nil {
			t.Fatalf("size %d: %v", c.size, err)
		}
		switch {
		case c.want < 0 && int64(len(b)) != c.limit+1:
			t.Errorf("size %d, limit %d: read %d bytes, want limit+1 (%d), for the caller to refuse", c.size, c.limit, len(b), c.limit+1)
		case c.want >= 0 && string(b) != data:
			t.Errorf("size %d: read %d bytes, want %d", c.size, len(b), c.want)
		}
	}
}

// TestReadAllocatesOnce: Read holds a file in one buffer of its size (plus
// one byte), not in the doubling buffers of io.ReadAll, whose allocations
// were a third of what a cold build allocated.
func TestReadAllocatesOnce(t *testing.T) {
	const size = 1 << 20
	file := filepath.Join(t.TempDir(), "view.json")
	if err := os.WriteFile(file, make([]byte, size), 0o644); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	const reads = 10
	for range reads {
		if _, err := Read(file, size); err != nil {
			t.Fatal(err)
		}
	}
	runtime.ReadMemStats(&after)
	if per := (after.TotalAlloc - before.TotalAlloc) / reads; per > size+size/8 {
		t.Errorf("Read of a %d-byte file allocated %d bytes, want at most %d", size, per, size+size/8)
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
