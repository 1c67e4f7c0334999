package site

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/cmd/proveit/internal/guard"
	"github.com/ark-forge/proveit/scorer/season"
)

// TestBuildSameBytesOnAnyCores: the site built on one core, on two and on
// eight, in memory and streamed to disk through a Stage, is the same tree,
// byte for byte: scheduling never reaches the output.
func TestBuildSameBytesOnAnyCores(t *testing.T) {
	root := writeSeasons(t, false)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	runtime.GOMAXPROCS(1)
	want, err := Build(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, procs := range []int{1, 2, 8} {
		for _, workers := range []int{0, 3} {
			t.Run(fmt.Sprintf("GOMAXPROCS=%d workers=%d", procs, workers), func(t *testing.T) {
				runtime.GOMAXPROCS(procs)
				out := filepath.Join(t.TempDir(), "public")
				st, err := NewStage(out)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := RunTo(root, st, Options{Workers: workers}); err != nil {
					st.Abort()
					t.Fatal(err)
				}
				if err := st.Commit(); err != nil {
					t.Fatal(err)
				}
				got, err := ReadDir(out)
				if err != nil {
					t.Fatal(err)
				}
				for _, d := range Diff(want, got) {
					t.Error(d)
				}
				assertNoLeftovers(t, filepath.Dir(out))
			})
		}
	}
}

// TestStage: a Stage writes every file as it comes, keeps its SHA-256 for
// SHA256SUMS (the same bytes as Tree.Sums), refuses a name twice or an
// unclean one, and leaves the output as it was until Commit, or for good
// after Abort.
func TestStage(t *testing.T) {
	files := Tree{"index.html": []byte("<p>x</p>"), "a/b/c.json": []byte("{}"), "a/d.txt": nil}
	for i := range 30 {
		files[fmt.Sprintf("p/%02d/index.html", i)] = []byte(fmt.Sprint(i))
	}
	out := filepath.Join(t.TempDir(), "public")
	if err := WriteAtomic(out, Tree{"old.html": []byte("old")}); err != nil {
		t.Fatal(err)
	}
	for _, commit := range []bool{false, true} {
		st, err := NewStage(out)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range files.Names() {
			if err := st.Add(n, files[n]); err != nil {
				t.Fatal(err)
			}
		}
		if err := st.Add("a/d.txt", []byte("again")); err == nil || !strings.Contains(err.Error(), "written twice") {
			t.Errorf("a second a/d.txt: %v", err)
		}
		if err := st.Add("../x", nil); err == nil {
			t.Error("../x accepted")
		}
		// A failed Add (its directory is a file) leaves no trace: the name
		// is free again, and SHA256SUMS does not list it.
		for range 2 {
			if err := st.Add("a/d.txt/under.json", []byte("{}")); err == nil || strings.Contains(err.Error(), "written twice") {
				t.Errorf("a/d.txt/under.json, under a file: %v", err)
			}
		}
		if !bytes.Equal(st.Sums(), files.Sums()) {
			t.Errorf("Stage.Sums =\n%s want\n%s", st.Sums(), files.Sums())
		}
		if st.Len() != len(files) {
			t.Errorf("Len = %d", st.Len())
		}
		if old, err := ReadDir(out); err != nil || len(old) != 1 || string(old["old.html"]) != "old" {
			t.Errorf("before Commit the output is %v, %v", old.Names(), err)
		}
		if !commit {
			st.Abort()
			continue
		}
		if err := st.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	got, err := ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	if d := Diff(files, got); len(d) > 0 {
		t.Errorf("after Commit: %v", d)
	}
	assertNoLeftovers(t, filepath.Dir(out))
}

// TestRunToFailureWritesNothing: a build that fails (here, the guard on a
// participant's name) leaves, after Abort, the output as it was and no
// sibling behind, although its files were being written as they came.
func TestRunToFailureWritesNothing(t *testing.T) {
	root := writeSeasons(t, false)
	out := filepath.Join(t.TempDir(), "public")
	if err := WriteAtomic(out, Tree{"old.html": []byte("old")}); err != nil {
		t.Fatal(err)
	}
	// An intent-imputing agent name.
	p := filepath.Join(root, "3", "participants", "honnete.toml")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, bytes.Replace(data, []byte(`agent = "Agent honnete"`), []byte(`agent = "Tricheur"`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := NewStage(out)
	if err != nil {
		t.Fatal(err)
	}
	_, err = RunTo(root, st, Options{})
	var ge *guard.Error
	if !errors.As(err, &ge) || !strings.Contains(err.Error(), "tricheur") {
		t.Fatalf("RunTo = %v, want the guard's refusal", err)
	}
	st.Abort()
	got, err := ReadDir(out)
	if err != nil || len(got) != 1 || string(got["old.html"]) != "old" {
		t.Errorf("after a failed build the output is %v, %v", got.Names(), err)
	}
	assertNoLeftovers(t, filepath.Dir(out))
}

// TestProgress: plain lines when stderr is not a terminal, one per tenth of
// a step and one at its end; nothing from a nil Progress (--quiet).
func TestProgress(t *testing.T) {
	var b bytes.Buffer
	p := NewProgress(&b)
	p.Start("pages", 100)
	for range 100 {
		p.Step(1)
	}
	p.Done()
	p.Start("season 0: scoring", 0)
	p.Done()
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 12 || lines[0] != "proveit build: pages: 0/100" || lines[1] != "proveit build: pages: 10/100" || lines[10] != "proveit build: pages: 100/100" || lines[11] != "proveit build: season 0: scoring" {
		t.Errorf("progress:\n%s", b.String())
	}
	if strings.Contains(b.String(), "\r") {
		t.Error("a bar drawn on a writer that is not a terminal")
	}
	var none *Progress
	none.Start("pages", 3)
	none.Step(1)
	none.Done()
}

// TestAddEvidence: the dossier is every file of the season but its proof
// views, and the proof views are the season's, byte for byte (the season
// withholds no text, so no file is rewritten), in memory as on disk, each
// under its progress step; when writing fails, the first failure's error
// is returned, the dossier's before the proof views'.
func TestAddEvidence(t *testing.T) {
	s, err := season.Load(filepath.Join(writeSeasons(t, false), "3"))
	if err != nil {
		t.Fatal(err)
	}
	paths, err := dossierPaths(s)
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) < 10 || len(s.Proofs) < 3 {
		t.Fatalf("%d dossier files and %d proof views, want a season with both", len(paths), len(s.Proofs))
	}
	if len(s.Moderation) != 0 {
		t.Fatalf("season 3 withholds %d texts, want none: its dossier is then its files as they are", len(s.Moderation))
	}
	// The season's files, listed and read here, not by the code under test.
	want := Tree{}
	var listed []string
	err = filepath.WalkDir(s.Dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(s.Dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if strings.HasPrefix(rel, "proofs/") {
			return nil
		}
		listed = append(listed, rel)
		data, err := os.ReadFile(p)
		want[fmt.Sprintf("saison-%d/dossier/%s", s.Number, rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(listed)
	if strings.Join(paths, "\n") != strings.Join(listed, "\n") {
		t.Errorf("dossierPaths = %v, want %v", paths, listed)
	}
	for _, p := range s.Proofs {
		data, err := s.ReadProof(p.ID)
		if err != nil {
			t.Fatal(err)
		}
		want[fmt.Sprintf("saison-%d/preuves/%s.json", s.Number, p.ID)] = data
	}
	if len(want) != len(paths)+len(s.Proofs) {
		t.Fatalf("%d files, want %d", len(want), len(paths)+len(s.Proofs))
	}
	for _, workers := range []int{1, 2, 5} {
		got := Tree{}
		var progress bytes.Buffer
		if err := addEvidence(got, s, paths, Options{Workers: workers, Progress: NewProgress(&progress)}); err != nil {
			t.Fatal(err)
		}
		for _, d := range Diff(want, got) {
			t.Errorf("workers=%d, in memory: %s", workers, d)
		}
		wantProgress := fmt.Sprintf("proveit build: season 3: dossier: 0/%d\n", len(paths))
		if lines := progress.String(); !strings.HasPrefix(lines, wantProgress) ||
			!strings.Contains(lines, fmt.Sprintf("proveit build: season 3: dossier: %d/%d\nproveit build: season 3: proofs: 0/%d\n", len(paths), len(paths), len(s.Proofs))) ||
			!strings.HasSuffix(lines, fmt.Sprintf("proveit build: season 3: proofs: %d/%d\n", len(s.Proofs), len(s.Proofs))) {
			t.Errorf("workers=%d, progress:\n%s", workers, lines)
		}
		out := filepath.Join(t.TempDir(), "public")
		st, err := NewStage(out)
		if err != nil {
			t.Fatal(err)
		}
		if err := addEvidence(st, s, paths, Options{Workers: workers}); err != nil {
			t.Fatal(err)
		}
		if err := st.Commit(); err != nil {
			t.Fatal(err)
		}
		if got, err = ReadDir(out); err != nil {
			t.Fatal(err)
		}
		for _, d := range Diff(want, got) {
			t.Errorf("workers=%d, on disk: %s", workers, d)
		}
	}
	dossierName := fmt.Sprintf("saison-%d/dossier/%s", s.Number, paths[len(paths)/2])
	proofName := fmt.Sprintf("saison-%d/preuves/%s.json", s.Number, s.Proofs[0].ID)
	for _, tc := range []struct {
		fail []string
		want string
	}{
		{[]string{dossierName}, dossierName},
		{[]string{proofName}, proofName},
		{[]string{dossierName, proofName}, dossierName},
	} {
		err := addEvidence(failingSink{Tree{}, tc.fail}, s, paths, Options{Workers: 2})
		if err == nil || !strings.Contains(err.Error(), tc.want+": refused") {
			t.Errorf("failing at %v: %v, want %s's error", tc.fail, err, tc.want)
		}
	}
}

// failingSink refuses the names in fail.
type failingSink struct {
	Tree
	fail []string
}

func (f failingSink) Add(name string, data []byte) error {
	for _, n := range f.fail {
		if n == name {
			return fmt.Errorf("%s: refused", name)
		}
	}
	return f.Tree.Add(name, data)
}
