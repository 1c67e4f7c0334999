package pyjson

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The demo season's bodies: BenchmarkCanonicalCorpus reads the frozen
// corpus bodies of both tracks (every .json under seasons/0/*/corpus/ but
// the manifests: small documents, a few hundred bytes),
// BenchmarkCanonicalView the cached proof views (a few kilobytes each).
const (
	corpusGlob = "../../seasons/0/*/corpus"
	viewGlob   = "../../seasons/0/proofs"
)

// benchFiles reads every .json file under the directories glob matches,
// but manifest.json, in name order.
func benchFiles(b *testing.B, glob string) ([]string, [][]byte, int64) {
	b.Helper()
	dirs, err := filepath.Glob(glob)
	if err != nil || len(dirs) == 0 {
		b.Fatalf("no directory matches %s (%v)", glob, err)
	}
	var names []string
	for _, dir := range dirs {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".json") && d.Name() != "manifest.json" {
				names = append(names, path)
			}
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	sort.Strings(names)
	var bodies [][]byte
	var total int64
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			b.Fatal(err)
		}
		bodies = append(bodies, data)
		total += int64(len(data))
	}
	return names, bodies, total
}

// cpythonRate runs testdata/bench_canon.py on the same files and returns
// CPython's bytes per second, or 0 where python3 is absent.
func cpythonRate(b *testing.B, names []string) float64 {
	b.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		b.Logf("python3 is not on PATH: no x-cpython ratio")
		return 0
	}
	out, err := exec.Command(py, append([]string{"testdata/bench_canon.py", "1"}, names...)...).Output()
	if err != nil {
		b.Fatalf("bench_canon.py: %v", err)
	}
	rate, err := strconv.ParseFloat(strings.TrimSpace(string(out)), 64)
	if err != nil {
		b.Fatalf("bench_canon.py printed %q: %v", out, err)
	}
	return rate
}

// benchCanonical measures Canonicalize over every body of glob, reports
// MB/s of input and, when python3 is there, x-cpython: how many times
// CPython's json.dumps(json.loads(b), sort_keys=True, separators=(",",
// ":")) on the same bodies, timed in the same run.
func benchCanonical(b *testing.B, glob string) {
	names, bodies, total := benchFiles(b, glob)
	var py float64
	if !testing.Short() {
		py = cpythonRate(b, names)
	}
	b.SetBytes(total)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, body := range bodies {
			if _, err := Canonicalize(body); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.StopTimer()
	if py > 0 {
		goRate := float64(total) * float64(b.N) / b.Elapsed().Seconds()
		b.ReportMetric(goRate/py, "x-cpython")
		b.ReportMetric(py/1e6, "cpython-MB/s")
	}
}

// BenchmarkCanonicalCorpus is canonical JSON over the demo corpus bodies.
func BenchmarkCanonicalCorpus(b *testing.B) { benchCanonical(b, corpusGlob) }

// BenchmarkCanonicalView is canonical JSON over the demo proof views.
func BenchmarkCanonicalView(b *testing.B) { benchCanonical(b, viewGlob) }

// BenchmarkDecodeStrictView is DecodeStrict over the demo proof views, the
// decoding proof.ParseCached does.
func BenchmarkDecodeStrictView(b *testing.B) {
	_, bodies, total := benchFiles(b, viewGlob)
	b.SetBytes(total)
	b.ReportAllocs()
	for b.Loop() {
		for _, body := range bodies {
			if _, err := DecodeStrict(body); err != nil {
				b.Fatal(err)
			}
		}
	}
}
