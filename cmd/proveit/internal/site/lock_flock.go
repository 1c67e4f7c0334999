//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package site

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// outputLock is the lock a build holds on its output directory, from
// NewStage to Commit or Abort: an flock(2) on the file lockName(dir). The
// kernel releases it when the process ends, however it ends, so a lock
// file a killed build left behind blocks nothing: only a build running
// holds the lock.
type outputLock struct {
	f    *os.File
	name string
}

// lockOutput takes the lock on dir's output without waiting: while
// another build holds it, it returns an error that names dir and the lock
// file. A build that releases the lock removes the file first; a build
// that locked the file just removed locks a name no other build sees, so
// it finds that the file at the name is another one, and starts again.
func lockOutput(dir string) (*outputLock, error) {
	name := lockName(dir)
	for range 100 {
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, fmt.Errorf("build: locking %s: %w", dir, err)
		}
		if testHookOpened != nil {
			testHookOpened()
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				return nil, fmt.Errorf("build: %s is being written by another build, which holds the lock %s: nothing is written; run again once it ends", dir, name)
			}
			return nil, fmt.Errorf("build: locking %s: %s: %w", dir, name, err)
		}
		held, err := f.Stat()
		if err == nil {
			if now, err := os.Stat(name); err == nil && os.SameFile(held, now) {
				return &outputLock{f: f, name: name}, nil
			}
		}
		f.Close() // removed by the build that released it: take the new one
	}
	return nil, fmt.Errorf("build: locking %s: %s keeps being replaced", dir, name)
}

// testHookOpened, when set by a test, is called by lockOutput between
// opening the lock file and locking it.
var testHookOpened func()

// release removes the lock file, then releases the lock. It may be called
// more than once.
func (l *outputLock) release() {
	if l == nil || l.f == nil {
		return
	}
	os.Remove(l.name)
	l.f.Close()
	l.f = nil
}
