//go:build !linux

package build

func replaceDir(tmp, dir string) error { return replaceDirTwoSteps(tmp, dir) }
