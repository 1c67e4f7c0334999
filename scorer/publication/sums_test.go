package publication

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const (
	hexA = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	hexB = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
)

// TestParseSums breaks a valid SHA256SUMS one way at a time: the error
// names the file, the line and what was expected.
func TestParseSums(t *testing.T) {
	for _, c := range []struct {
		name, data string
		want       string // "" for valid
	}{
		{"valid", hexA + "  conformite/key.json\n" + hexB + "  published/conformite.json\n", ""},
		{"empty", "", "published/SHA256SUMS: empty or without a final newline"},
		{"no final newline", hexA + "  a.json", "published/SHA256SUMS: empty or without a final newline"},
		{"a path listed twice", hexA + "  a.json\n" + hexB + "  a.json\n", `published/SHA256SUMS: line 2: path "a.json" is out of order or repeats`},
		{"out of order", hexA + "  b.json\n" + hexB + "  a.json\n", `line 2: path "a.json" is out of order or repeats`},
		{"one space", hexA + " a.json\n", "line 1: got"},
		{"upper-case hex", strings.ToUpper(hexA) + "  a.json\n", "line 1: got"},
		{"short hex", hexA[1:] + "  a.json\n", "line 1: got"},
		{"blank line", hexA + "  a.json\n\n", "line 2: got"},
		{"backslash", hexA + "  a\\b.json\n", "line 1: got"},
		{"absolute path", hexA + "  /etc/passwd\n", `path "/etc/passwd" is not clean and relative`},
		{"parent path", hexA + "  ../x.json\n", `path "../x.json" is not clean`},
		{"unclean path", hexA + "  a//b.json\n", `path "a//b.json" is not clean`},
		{"dot", hexA + "  .\n", `path "." is not clean`},
		{"season.toml", hexA + "  season.toml\n", `path "season.toml" changes after publication by design`},
		{"moderation.toml", hexA + "  moderation.toml\n", `path "moderation.toml" changes after publication`},
		{"a contestation", hexA + "  contestations/C-2026-001.toml\n", "changes after publication"},
		{"a rectification", hexA + "  rectifications/R-2026-001.toml\n", "changes after publication"},
		{"itself", hexA + "  published/SHA256SUMS\n", "changes after publication"},
	} {
		t.Run(c.name, func(t *testing.T) {
			sums, err := ParseSums([]byte(c.data))
			if c.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				if got := string(FormatSums(sums)); got != c.data {
					t.Errorf("FormatSums(ParseSums(x)) = %q, want x = %q", got, c.data)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want %q", err, c.want)
			}
		})
	}
}

// TestListSums: every file of the season directory but the excluded ones,
// sorted, with its SHA-256; a symbolic link is an error.
func TestListSums(t *testing.T) {
	dir := t.TempDir()
	for rel, body := range map[string]string{
		"season.toml": "x", "moderation.toml": "x", "published/SHA256SUMS": "x",
		"contestations/C-2026-001.toml": "x", "rectifications/R-2026-001.toml": "x",
		"published/conformite.json": "{}\n", "conformite/key.json": "", "proofs/p.json": "p",
	} {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sums, err := ListSums(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  conformite/key.json\n" +
		"148de9c5a7a44d19e56cd9ae1a554bf67847afb0c58f6e12fa29ac7ddfca9940  proofs/p.json\n" +
		"ca3d163bab055381827226140568f3bef7eaac187cebd76878e0b63e9e442356  published/conformite.json\n"
	if got := string(FormatSums(sums)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if err := os.Symlink("key.json", filepath.Join(dir, "conformite", "link.json")); err != nil {
		t.Fatal(err)
	}
	if _, err := ListSums(dir); err == nil || !strings.Contains(err.Error(), "link.json") {
		t.Errorf("got %v, want the symbolic link refused", err)
	}
}

// TestSumsUnlistedAllowed: after publication only the excluded files and
// the cache (proofs/, anchors/rekor/) may appear unlisted.
func TestSumsUnlistedAllowed(t *testing.T) {
	for rel, want := range map[string]bool{
		"season.toml": true, "moderation.toml": true, "published/SHA256SUMS": true,
		"contestations/C-2026-001.toml": true, "rectifications/R-2026-001.toml": true,
		"proofs/prf_x.json": true, "anchors/rekor/u.json": true,
		"published/conformite.json": false, "conformite/key.json": false, "participants/a/x.json": false,
		"anchors/other.json": false, "contestations": false, "track.toml": false,
	} {
		if got := SumsUnlistedAllowed(rel); got != want {
			t.Errorf("SumsUnlistedAllowed(%q) = %v, want %v", rel, got, want)
		}
	}
}

// TestCheckPresence: SHA256SUMS only beside a snapshot; an anchored
// publication only with the snapshots and SHA256SUMS.
func TestCheckPresence(t *testing.T) {
	for _, c := range []struct {
		name      string
		anchor    bool
		snapshots int
		sums      bool
		want      string
	}{
		{"nothing published", false, 0, false, ""},
		{"published, not anchored", false, 2, true, ""},
		{"published and anchored", true, 2, true, ""},
		{"snapshots without SHA256SUMS, not anchored", false, 1, false, ""},
		{"SHA256SUMS without a snapshot", false, 0, true, "published/SHA256SUMS: present without a publication snapshot"},
		{"anchored without a snapshot", true, 0, false, "season.toml: publication: present while the season has no publication snapshot"},
		{"anchored without SHA256SUMS", true, 1, false, "season.toml: publication: present while published/SHA256SUMS is missing"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := CheckPresence(c.anchor, c.snapshots, c.sums)
			if c.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want %q", err, c.want)
			}
		})
	}
}

// TestCompareSums: after publication a listed file may neither change nor
// go, and only the files SumsUnlistedAllowed names may appear.
func TestCompareSums(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, body string) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("conformite/key.json", "{}")
	write("published/conformite.json", "{}\n")
	sums, err := ListSums(dir)
	if err != nil {
		t.Fatal(err)
	}
	check := func(want string) {
		t.Helper()
		m, err := CompareSums(dir, sums)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if m != nil {
			got = m.Path + " " + m.Listed + " " + m.Found
		}
		if got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
	check("")
	// Allowed after publication.
	write("season.toml", "x")
	write("proofs/prf_x.json", "p")
	write("anchors/rekor/u.json", "r")
	write("contestations/C-2026-001.toml", "c")
	check("")
	write("participants/a/submission.json", "p")
	check("participants/a/submission.json no line 148de9c5a7a44d19e56cd9ae1a554bf67847afb0c58f6e12fa29ac7ddfca9940")
	os.Remove(filepath.Join(dir, "participants/a/submission.json"))
	write("conformite/key.json", "{ }")
	check("conformite/key.json 44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a 257c1be96ae69f4b01c2c69bdb6d78605f59175819fb007d0bf245bf48444c4a")
	os.Remove(filepath.Join(dir, "conformite/key.json"))
	check("conformite/key.json 44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a no file")
}
