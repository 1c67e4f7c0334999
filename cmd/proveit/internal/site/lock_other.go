//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package site

// outputLock is, on a system without flock(2), no lock at all: two builds
// of the same output at once are not kept apart there, and the last to
// commit wins (each still replaces the output as a whole).
type outputLock struct{}

func lockOutput(dir string) (*outputLock, error) { return &outputLock{}, nil }

func (l *outputLock) release() {}
