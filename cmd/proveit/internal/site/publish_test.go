package site

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ark-forge/proveit/scorer/season"
)

// publishedSeason writes the cast season under a fresh root, publishes it
// and returns the root and the season directory.
func publishedSeason(t *testing.T, at time.Time) (root, dir string) {
	t.Helper()
	root = t.TempDir()
	castSeason(t, root)
	dir = filepath.Join(root, fmt.Sprint(fxSeason))
	if _, err := Publish(dir, at); err != nil {
		t.Fatal(err)
	}
	return root, dir
}

func TestPublishWritesDeterministicSnapshots(t *testing.T) {
	at := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
	_, a := publishedSeason(t, at)
	_, b := publishedSeason(t, at)
	for _, tr := range fxTracks {
		x, err := os.ReadFile(filepath.Join(a, "published", tr.name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		y, err := os.ReadFile(filepath.Join(b, "published", tr.name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(x, y) {
			t.Errorf("%s: two publications of the same season differ", tr.name)
		}
		if !bytes.HasSuffix(x, []byte("}\n")) || !bytes.Contains(x, []byte(`"published_at": "2026-11-02T10:00:00Z"`)) {
			t.Errorf("%s: want indented JSON with published_at from the flag and a final newline, got\n%.300s", tr.name, x)
		}
	}
	s, err := season.Load(a)
	if err != nil {
		t.Fatalf("the loader refuses what publish wrote: %v", err)
	}
	snap := s.Published(fxTracks[0].name)
	if snap == nil || len(snap.Participants) == 0 || snap.Participant("honnete") == nil {
		t.Fatalf("the loader does not expose the snapshot: %+v", snap)
	}
	task := snap.Participant("honnete").Task(fxTracks[0].prefix + "-01")
	if task == nil || task.Status != "scored" || len(task.Assertions) != 2 || task.Assertions[0].Cause == nil {
		t.Errorf("honnete's first task: got %+v, want scored with two assertions and their causes", task)
	}
}

func TestPublishDefaultsToClosesAt(t *testing.T) {
	_, dir := publishedSeason(t, time.Time{})
	data, err := os.ReadFile(filepath.Join(dir, "published", fxTracks[0].name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	if want := `"published_at": "` + fxCloses.UTC().Format(time.RFC3339) + `"`; !bytes.Contains(data, []byte(want)) {
		t.Errorf("want %s (the season's closes_at), got\n%.300s", want, data)
	}
}

func TestPublishRefusals(t *testing.T) {
	t.Run("overwrite", func(t *testing.T) {
		_, dir := publishedSeason(t, time.Time{})
		before, _ := os.ReadFile(filepath.Join(dir, "published", fxTracks[0].name+".json"))
		_, err := Publish(dir, time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC))
		var ee *ExistsError
		if !errors.As(err, &ee) || !strings.HasSuffix(ee.File, filepath.Join("published", fxTracks[0].name+".json")) {
			t.Fatalf("got %v, want an *ExistsError naming the snapshot", err)
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("want one line, got %q", err)
		}
		after, _ := os.ReadFile(filepath.Join(dir, "published", fxTracks[0].name+".json"))
		if !bytes.Equal(before, after) {
			t.Error("the snapshot changed")
		}
	})
	t.Run("one track already published", func(t *testing.T) {
		root := t.TempDir()
		castSeason(t, root)
		dir := filepath.Join(root, fmt.Sprint(fxSeason))
		p := filepath.Join(dir, "published", fxTracks[1].name+".json")
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("{}"), 0o644)
		// The loader refuses the empty snapshot first; either way nothing is written.
		if _, err := Publish(dir, time.Time{}); err == nil {
			t.Fatal("published over an existing snapshot")
		}
		if _, err := os.Stat(filepath.Join(dir, "published", fxTracks[0].name+".json")); err == nil {
			t.Error("wrote the other track's snapshot before refusing")
		}
	})
	t.Run("open season", func(t *testing.T) {
		root := t.TempDir()
		castSeason(t, root)
		dir := filepath.Join(root, fmt.Sprint(fxSeason))
		toml, _ := os.ReadFile(filepath.Join(dir, "season.toml"))
		os.WriteFile(filepath.Join(dir, "season.toml"), bytes.Replace(toml, []byte(`status = "closed"`), []byte(`status = "open"`), 1), 0o644)
		for _, tr := range fxTracks {
			os.Remove(filepath.Join(dir, tr.name, "key.json"))
			os.Remove(filepath.Join(dir, tr.name, "key.salt"))
		}
		_, err := Publish(dir, time.Time{})
		if err == nil || !strings.Contains(err.Error(), "only a closed season is published") {
			t.Fatalf("got %v, want the open season refused", err)
		}
		if _, err := os.Stat(filepath.Join(dir, "published")); err == nil {
			t.Error("published/ was created")
		}
		// A snapshot in an open season is refused by the loader.
		os.MkdirAll(filepath.Join(dir, "published"), 0o755)
		if _, err := season.Load(dir); err == nil || !strings.Contains(err.Error(), "only a closed season, or one invalidated after its publication, has a publication snapshot") {
			t.Errorf("got %v, want published/ refused in an open season", err)
		}
	})
}

// TestSnapshotLoaderRefusals breaks published/ one way at a time: the
// loader names the file and what it expected.
func TestSnapshotLoaderRefusals(t *testing.T) {
	_, dir := publishedSeason(t, time.Time{})
	tr := fxTracks[0].name
	good, err := os.ReadFile(filepath.Join(dir, "published", tr+".json"))
	if err != nil {
		t.Fatal(err)
	}
	repl := func(old, new string) func(string) {
		return func(p string) {
			if !bytes.Contains(good, []byte(old)) {
				t.Fatalf("the snapshot has no %q", old)
			}
			os.WriteFile(p, bytes.Replace(good, []byte(old), []byte(new), 1), 0o644)
		}
	}
	for _, c := range []struct {
		name  string
		edit  func(p string) // p: published/<track>.json
		wants []string
	}{
		{"undeclared track", func(p string) { os.WriteFile(filepath.Join(filepath.Dir(p), "autre.json"), good, 0o644) }, []string{"published/autre.json", "declares"}},
		{"not json name", func(p string) { os.WriteFile(filepath.Join(filepath.Dir(p), "notes.txt"), nil, 0o644) }, []string{"published/notes.txt", "<track>.json"}},
		{"directory", func(p string) { os.Mkdir(filepath.Join(filepath.Dir(p), "x.json"), 0o755) }, []string{"published/x.json"}},
		{"symlink", func(p string) { os.Remove(p); os.Symlink(filepath.Join(filepath.Dir(p), fxTracks[1].name+".json"), p) }, []string{"symbolic link"}},
		{"unknown field", repl(`"track":`, `"extra": 1, "track":`), []string{"unknown field"}},
		{"repeated key", repl(`"track":`, `"season": 3, "track":`), []string{"not strict JSON"}},
		{"trailing data", func(p string) { os.WriteFile(p, append(append([]byte{}, good...), "{}"...), 0o644) }, []string{"Extra data"}},
		{"wrong season", repl(`"season": 3`, `"season": 4`), []string{"/season", "want 3"}},
		{"wrong track", repl(`"track": "`+tr+`"`, `"track": "`+fxTracks[1].name+`"`), []string{"/track"}},
		{"bad published_at", repl(`"published_at": "`, `"published_at": "le `), []string{"/published_at", "RFC 3339"}},
		{"no version", repl(`"proveit_version": "`, `"proveit_version": "", "x_": "`), []string{"unknown field"}},
		{"missing status", repl(`"status": "scored",`+"\n      \"unsupported\"", `"status": "",`+"\n      \"unsupported\""), []string{"/participants/0", "status"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(dir, "published", tr+".json")
			os.WriteFile(p, good, 0o644)
			os.RemoveAll(filepath.Join(dir, "published", "autre.json"))
			os.RemoveAll(filepath.Join(dir, "published", "notes.txt"))
			os.RemoveAll(filepath.Join(dir, "published", "x.json"))
			c.edit(p)
			_, err := season.Load(dir)
			if err == nil {
				t.Fatal("loaded")
			}
			for _, w := range c.wants {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("got %v, want it to name %q", err, w)
				}
			}
			os.Remove(p)
			os.WriteFile(p, good, 0o644)
		})
	}
	if _, err := season.Load(dir); err != nil {
		t.Fatalf("the restored season does not load: %v", err)
	}
}
