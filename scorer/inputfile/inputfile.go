// Package inputfile reads proveit's input files: regular files only, never
// more than a stated number of bytes. Every verb reads its inputs through
// it (season files, proof views, trust material, files named on the command
// line), so that no input can make proveit read without bound or wait
// forever: a named pipe, a device, a socket or a directory is refused by
// its kind before it is opened for reading, and a file larger than its
// limit is refused having read at most limit+1 bytes.
package inputfile

import (
	"crypto/sha256"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"sync"
	"syscall"
)

// TooLargeError is a file larger than the limit it was read with.
type TooLargeError struct {
	Limit int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("file exceeds %d bytes", e.Limit)
}

// KindError is a path that is not a regular file.
type KindError struct {
	Mode fs.FileMode
}

func (e *KindError) Error() string {
	if e.Mode&fs.ModeSymlink != 0 {
		return "is a symbolic link, want a regular file"
	}
	return fmt.Sprintf("is %s, want a regular file", Kind(e.Mode))
}

// Kind names the kind of file a mode describes, for messages.
func Kind(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a regular file"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeIrregular != 0:
		return "an irregular file"
	}
	return "not a regular file"
}

// Read reads the regular file name, refusing a symbolic link (a season
// holds none), any other kind of file, and more than limit bytes (a
// *TooLargeError).
func Read(name string, limit int64) ([]byte, error) {
	fi, err := os.Lstat(name)
	if err != nil {
		return nil, err
	}
	return appendFile(nil, name, fi, limit)
}

// ReadFollow is Read for a path given by a user: a symbolic link is
// followed, and its target must be a regular file.
func ReadFollow(name string, limit int64) ([]byte, error) {
	fi, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	return appendFile(nil, name, fi, limit)
}

// Append is Read, the file's bytes appended to dst: into dst's own memory
// when its capacity holds them, so that a caller reading many files one
// after the other (a build copying every proof view) reuses one buffer.
// On an error it returns dst as it was given.
func Append(dst []byte, name string, limit int64) ([]byte, error) {
	fi, err := os.Lstat(name)
	if err != nil {
		return dst, err
	}
	return appendFile(dst, name, fi, limit)
}

// appendFile reads name, as Lstat or Stat found it (before), appended to
// dst; on an error it returns dst as it was given (nil for Read).
func appendFile(dst []byte, name string, before fs.FileInfo, limit int64) ([]byte, error) {
	f, size, err := open(name, before, limit)
	if err != nil {
		return dst, err
	}
	defer f.Close()
	b, err := readAll(dst, f, size, limit)
	if err != nil {
		return dst, err
	}
	if int64(len(b)-len(dst)) > limit {
		return dst, &TooLargeError{Limit: limit}
	}
	return b, nil
}

// Sum returns the SHA-256 of the regular file name, read as Read reads it
// (no symbolic link, no other kind of file, at most limit bytes) but
// through a buffer of its own rather than into memory: the inputs digest
// hashes every byte of a season, far more than a build keeps, and keeps
// none of them.
func Sum(name string, limit int64) ([sha256.Size]byte, error) {
	var sum [sha256.Size]byte
	fi, err := os.Lstat(name)
	if err != nil {
		return sum, err
	}
	f, _, err := open(name, fi, limit)
	if err != nil {
		return sum, err
	}
	defer f.Close()
	h := sha256.New()
	buf := bufs.Get().(*[]byte)
	defer bufs.Put(buf)
	n, err := io.CopyBuffer(h, io.LimitReader(f, limit+1), *buf)
	if err != nil {
		return sum, err
	}
	if n > limit {
		return sum, &TooLargeError{Limit: limit}
	}
	h.Sum(sum[:0])
	return sum, nil
}

// bufs holds Sum's read buffers.
var bufs = sync.Pool{New: func() any { b := make([]byte, 64<<10); return &b }}

// open opens the file name that before describes, refusing what read
// refuses before reading a byte, and returns it with its size once open.
func open(name string, before fs.FileInfo, limit int64) (*os.File, int64, error) {
	if !before.Mode().IsRegular() {
		return nil, 0, &KindError{Mode: before.Mode()}
	}
	if before.Size() > limit {
		return nil, 0, &TooLargeError{Limit: limit}
	}
	// O_NONBLOCK: should the path be replaced by a named pipe between the
	// stat and the open, the open returns at once instead of waiting for
	// a writer, and the check below refuses it.
	f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, 0, err
	}
	after, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	if !after.Mode().IsRegular() {
		f.Close()
		return nil, 0, &KindError{Mode: after.Mode()}
	}
	if !os.SameFile(before, after) {
		f.Close()
		return nil, 0, fmt.Errorf("changed while being read")
	}
	return f, after.Size(), nil
}

// readAll appends r to dst, read to its end or to limit+1 bytes, into one
// buffer of the size the file had when it was opened, plus the byte that
// shows its end (dst's memory when it has room for them): io.ReadAll,
// growing from 512 bytes, allocated about twice what a build reads and
// copied it as often (a third of all a cold build allocated). A file that
// grew since is still read to its end or to limit+1, the buffer growing
// then.
func readAll(dst []byte, r io.Reader, size, limit int64) ([]byte, error) {
	r = io.LimitReader(r, limit+1)
	b := slices.Grow(dst, int(min(size, limit)+1))
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return nil, err
		}
	}
}
