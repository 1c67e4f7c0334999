package main

import (
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestParseMemoryLimit(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
	}{
		{"768MiB", 768 << 20},
		{"1GiB", 1 << 30},
		{"2KiB", 2048},
		{"3TiB", 3 << 40},
		{"1024", 1024},
		{"1024B", 1024},
		{"007MiB", 7 << 20},
		{"off", math.MaxInt64},
		{"9223372036854775807", math.MaxInt64},
		{"8388607TiB", 8388607 << 40},
	} {
		got, err := parseMemoryLimit(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("parseMemoryLimit(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
	for _, in := range []string{
		"", "0", "0MiB", "MiB", "B", "-1", "+1", "-1MiB", "1.5GiB", "1e9", "0x10",
		"1 MiB", " 1MiB", "1MiB ", "1MB", "1mib", "1Mib", "1iB", "1GiBB", "1KiBMiB",
		"OFF", "none", "１MiB", "1\x00MiB", "\xff",
		"9223372036854775808", "8388608TiB", "99999999999999999999GiB", "9007199254740992KiB",
	} {
		if got, err := parseMemoryLimit(in); err == nil {
			t.Errorf("parseMemoryLimit(%q) = %d, want an error", in, got)
		}
	}
}

// recordLimits replaces setMemoryLimit for the test with a fake whose
// limit starts at start, and returns the limits asked for, in order.
func recordLimits(t *testing.T, start int64) *[]int64 {
	t.Helper()
	var calls []int64
	current := start
	old := setMemoryLimit
	setMemoryLimit = func(limit int64) int64 {
		prev := current
		if limit >= 0 {
			current = limit
		}
		calls = append(calls, limit)
		return prev
	}
	t.Cleanup(func() { setMemoryLimit = old })
	return &calls
}

// TestBuildMemoryLimit: build and check set the default limit when neither
// the flag nor GOMEMLIMIT gives one, none when GOMEMLIMIT does, the flag's
// when given (over GOMEMLIMIT), and put the one before back when they
// return; a limit that is not a size is a usage error, set nowhere. A
// build's target refused (the seasons themselves) ends it right after; a
// check of an empty seasons directory fails in its build.
func TestBuildMemoryLimit(t *testing.T) {
	for _, verb := range []string{"build", "check"} {
		t.Run(verb, func(t *testing.T) { testMemoryLimit(t, verb) })
	}
}

func testMemoryLimit(t *testing.T, verb string) {
	seasons := t.TempDir()
	const before = 5 << 30
	for _, tc := range []struct {
		name, env string
		flag      []string
		want      []int64
		code      int
	}{
		{"default", "", nil, []int64{defaultMemoryLimit, before}, 1},
		{"GOMEMLIMIT", "900MiB", nil, nil, 1},
		{"flag over GOMEMLIMIT", "900MiB", []string{"--memory-limit", "512MiB"}, []int64{512 << 20, before}, 1},
		{"off", "", []string{"--memory-limit", "off"}, []int64{math.MaxInt64, before}, 1},
		{"not a size", "", []string{"--memory-limit", "512MB"}, nil, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("GOMEMLIMIT", tc.env)
			calls := recordLimits(t, before)
			args := append([]string{verb, "--seasons", seasons, "--out", seasons}, tc.flag...)
			code, _, stderr := runCLI(t, "", args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d: %s", code, tc.code, stderr)
			}
			if tc.code == 2 && !strings.Contains(stderr, "--memory-limit") {
				t.Errorf("the usage error does not name the flag: %s", stderr)
			}
			if !slices.Equal(*calls, tc.want) {
				t.Errorf("limits set %v, want %v", *calls, tc.want)
			}
		})
	}
}

// TestBuildUnderTinyMemoryLimit: under a limit far below what the build
// holds, the collector runs all the time and the build still writes the
// site check finds exact: the limit changes the time, never the bytes.
func TestBuildUnderTinyMemoryLimit(t *testing.T) {
	seasons := filepath.Join("..", "..", "seasons")
	out := filepath.Join(t.TempDir(), "public")
	if code, _, stderr := runCLI(t, "", "build", "--seasons", seasons, "--out", out, "--quiet", "--memory-limit", "1MiB"); code != 0 {
		t.Fatalf("build: exit %d, %s", code, stderr)
	}
	if code, _, stderr := runCLI(t, "", "check", "--seasons", seasons, "--out", out); code != 0 {
		t.Errorf("check of a build under a 1 MiB limit: exit %d, %s", code, stderr)
	}
}
