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
		t.Run("Append/"+c.name, func(t *testing.T) {
			// A prefix with room for the file: Append writes into it, and on
			// an error gives it back as it was.
			dst := append(make([]byte, 0, 64), "prefix:"...)
			b, err := Append(dst, c.path, c.limit)
			if c.want == "" {
				if err != nil || string(b) != "prefix:12345" || &b[0] != &dst[0] {
					t.Fatalf("got %q, %v; want the prefix then the file, in dst's memory", b, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error containing %q", err, c.want)
			}
			if string(b) != "prefix:" || &b[0] != &dst[0] {
				t.Fatalf("on an error got %q, want dst as it was given", b)
			}
		})
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
		b, err := readAll(nil, strings.NewReader(data), c.size, c.limit)
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

// TestAppendLimit: the limit bounds the file, not what dst held before it.
func TestAppendLimit(t *testing.T) {
	file := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(file, []byte("12345"), 0o644); err != nil {
		t.Fatal(err)
	}
	prefix := []byte(strings.Repeat("x", 100))
	if b, err := Append(prefix, file, 5); err != nil || string(b[100:]) != "12345" {
		t.Errorf("at the limit after a 100-byte prefix: got %q, %v", b, err)
	}
	var tl *TooLargeError
	if b, err := Append(prefix, file, 4); !errors.As(err, &tl) || len(b) != 100 {
		t.Errorf("one byte over: got %d bytes, %v; want the prefix and a *TooLargeError", len(b), err)
	}
}

// TestAppendReusesBuffer: files read one after the other into the same
// buffer allocate nothing of their size once the buffer has grown to it
// (a build copying every proof view of a season reads them so).
func TestAppendReusesBuffer(t *testing.T) {
	const size = 1 << 20
	dir := t.TempDir()
	var files []string
	var data [][]byte
	for i := range 3 {
		f := filepath.Join(dir, fmt.Sprint(i))
		d := bytes.Repeat([]byte{byte('a' + i)}, size-i)
		if err := os.WriteFile(f, d, 0o644); err != nil {
			t.Fatal(err)
		}
		files, data = append(files, f), append(data, d)
	}
	buf, err := Append(nil, files[0], size)
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	const reads = 10
	for i := range reads {
		f := files[i%len(files)]
		if buf, err = Append(buf[:0], f, size); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(buf, data[i%len(files)]) {
			t.Fatalf("read %d: got %d bytes, not %s's", i, len(buf), f)
		}
	}
	runtime.ReadMemStats(&after)
	if per := (after.TotalAlloc - before.TotalAlloc) / reads; per > size/8 {
		t.Errorf("Append of a %d-byte file into a buffer of its size allocated %d bytes, want at most %d", size, per, size/8)
	}
}
