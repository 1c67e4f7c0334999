//go:build !linux

package output

func replaceDir(tmp, dir string) error { return replaceDirTwoSteps(tmp, dir) }
