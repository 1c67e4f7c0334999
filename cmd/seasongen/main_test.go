package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/cmd/seasongen/internal/demo"
	"github.com/ark-forge/proveit/scorer/season"
)

func TestUsage(t *testing.T) {
	var out, errs bytes.Buffer
	if code := run([]string{"-h"}, &out, &errs); code != 0 {
		t.Fatalf("-h exits %d", code)
	}
	for _, want := range []string{"usage: seasongen", "--out", "-participants", "byte", "seasons/0"} {
		if !strings.Contains(errs.String(), want) {
			t.Errorf("usage lacks %q:\n%s", want, errs.String())
		}
	}
}

func TestBadArguments(t *testing.T) {
	for _, args := range [][]string{
		{"--bogus"},
		{"extra"},
		{"--participants", "3"},
		{"--participants", "x"},
	} {
		var out, errs bytes.Buffer
		if code := run(append(args, "--out", t.TempDir()), &out, &errs); code != 2 {
			t.Errorf("%v exits %d, want 2; stderr %s", args, code, errs.String())
		}
	}
}

func TestWrites(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "0")
	var out, errs bytes.Buffer
	if code := run([]string{"--out", dir}, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	s, err := season.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Participants) != demo.CastSize() || !s.Demo {
		t.Errorf("%d participants, demo %t", len(s.Participants), s.Demo)
	}
	if !strings.Contains(out.String(), "wrote "+dir) {
		t.Errorf("stdout %q", out.String())
	}
	// A directory that is not a demo season is left alone.
	other := t.TempDir()
	os.WriteFile(filepath.Join(other, "README"), []byte("x"), 0o644)
	errs.Reset()
	if code := run([]string{"--out", other}, &out, &errs); code != 1 || !strings.Contains(errs.String(), "refusing") {
		t.Errorf("over a foreign directory: exit %d, %s", code, errs.String())
	}
}
