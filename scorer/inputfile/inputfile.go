// Package inputfile reads proveit's input files: regular files only, never
// more than a stated number of bytes. Every verb reads its inputs through
// it (season files, proof views, trust material, files named on the command
// line), so that no input can make proveit read without bound or wait
// forever: a named pipe, a device, a socket or a directory is refused by
// its kind before it is opened for reading, and a file larger than its
// limit is refused having read at most limit+1 bytes.
package inputfile

import (
	"fmt"
	"io"
	"io/fs"
	"os"
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
	return read(name, fi, limit)
}

// ReadFollow is Read for a path given by a user: a symbolic link is
// followed, and its target must be a regular file.
func ReadFollow(name string, limit int64) ([]byte, error) {
	fi, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	return read(name, fi, limit)
}

func read(name string, before fs.FileInfo, limit int64) ([]byte, error) {
	if !before.Mode().IsRegular() {
		return nil, &KindError{Mode: before.Mode()}
	}
	if before.Size() > limit {
		return nil, &TooLargeError{Limit: limit}
	}
	// O_NONBLOCK: should the path be replaced by a named pipe between the
	// stat and the open, the open returns at once instead of waiting for
	// a writer, and the check below refuses it.
	f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	after, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !after.Mode().IsRegular() {
		return nil, &KindError{Mode: after.Mode()}
	}
	if !os.SameFile(before, after) {
		return nil, fmt.Errorf("changed while being read")
	}
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, &TooLargeError{Limit: limit}
	}
	return b, nil
}
