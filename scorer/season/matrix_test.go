package season

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// The bad-input matrix: every file type of a season, each broken in every
// way a file can be broken. Load either refuses the season with an *Error
// naming the file (and, for content, the key or pointer), or keeps a bad
// submission with its parse error for the scorer to reject at entry; it
// never panics and never reads past a bound. content/refus.md lists these
// lines, each tied to this test.

// matrixFile is one file type of a season and how its content is written.
type matrixFile struct {
	rel   string
	kind  string // "toml", "json", "bytes"
	limit int64  // the bound Load reads it with
}

var matrixFiles = []matrixFile{
	{"season.toml", "toml", MaxTOMLBytes},
	{"participants/ann.toml", "toml", MaxTOMLBytes},
	{"conformite/track.toml", "toml", MaxTOMLBytes},
	{"conformite/preregistration.toml", "toml", MaxTOMLBytes},
	{"conformite/corpus/manifest.json", "json", MaxManifestBytes},
	{"conformite/corpus/agrements/AGR-4417.json", "corpus", MaxCorpusFileBytes},
	{"conformite/key.json", "json", MaxKeyBytes},
	{"conformite/key.salt", "salt", MaxSaltBytes},
	{"conformite/bareme.md", "bytes", MaxBaremeBytes},
	{"conformite/submissions/alice/conf-01.json", "submission", 0},
}

// matrixBreak is one way to break a file, applied to the written season.
type matrixBreak struct {
	name string
	// applies says whether the break exists for a kind of file (nil: for
	// every kind); a combination that does not exist is not run at all.
	applies func(mf matrixFile) bool
	apply   func(t *testing.T, path string, mf matrixFile)
}

func kinds(ks ...string) func(matrixFile) bool {
	return func(mf matrixFile) bool { return slices.Contains(ks, mf.kind) }
}

func rewrite(t *testing.T, path string, f func([]byte) []byte) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, f(b), 0o644); err != nil {
		t.Fatal(err)
	}
}

func replaceWith(t *testing.T, path string, make func(string) error) {
	t.Helper()
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := make(path); err != nil {
		t.Fatalf("%v (this case needs it)", err)
	}
}

var matrixBreaks = []matrixBreak{
	{"missing", nil, func(t *testing.T, p string, mf matrixFile) {
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
	}},
	{"empty", nil, func(t *testing.T, p string, mf matrixFile) {
		rewrite(t, p, func([]byte) []byte { return nil })
	}},
	{"truncated", nil, func(t *testing.T, p string, mf matrixFile) {
		rewrite(t, p, func(b []byte) []byte { return b[:len(b)/2] })
	}},
	{"invalid UTF-8", func(mf matrixFile) bool { return mf.kind != "bytes" && mf.kind != "salt" }, func(t *testing.T, p string, mf matrixFile) {
		rewrite(t, p, func(b []byte) []byte {
			i := bytes.IndexByte(b, '"')
			return append(append(b[:i+1:i+1], 0xff, 0xfe), b[i+1:]...)
		})
	}},
	{"unknown key", kinds("toml", "json", "submission"), func(t *testing.T, p string, mf matrixFile) {
		switch mf.kind {
		case "toml":
			rewrite(t, p, func(b []byte) []byte { return append([]byte("zzz_unknown = 1\n"), b...) })
		default:
			rewrite(t, p, func(b []byte) []byte { return bytes.Replace(b, []byte("{"), []byte(`{"zzz_unknown": 1, `), 1) })
		}
	}},
	{"duplicate key", kinds("toml", "json", "submission"), func(t *testing.T, p string, mf matrixFile) {
		switch mf.kind {
		case "toml":
			rewrite(t, p, func(b []byte) []byte {
				for _, line := range strings.Split(string(b), "\n") {
					if strings.Contains(line, " = ") && !strings.HasPrefix(line, "#") && !strings.HasPrefix(line, "[") {
						return append([]byte(line+"\n"), b...)
					}
				}
				t.Fatalf("%s has no key", p)
				return nil
			})
		default:
			rewrite(t, p, func(b []byte) []byte {
				i := bytes.Index(b, []byte(`"`))
				j := bytes.Index(b[i+1:], []byte(`":`)) + i + 1
				return bytes.Replace(b, []byte("{"), []byte("{"+string(b[i:j+2])+" null, "), 1)
			})
		}
	}},
	{"deep nesting", kinds("json", "submission", "corpus"), func(t *testing.T, p string, mf matrixFile) {
		rewrite(t, p, func(b []byte) []byte {
			return []byte(strings.Repeat("[", 100000) + strings.Repeat("]", 100000))
		})
	}},
	{"oversized", func(mf matrixFile) bool { return mf.limit > 0 }, func(t *testing.T, p string, mf matrixFile) {
		rewrite(t, p, func(b []byte) []byte { return append(b, bytes.Repeat([]byte(" "), int(mf.limit)+1)...) })
	}},
	{"symlink leaving the season", nil, func(t *testing.T, p string, mf matrixFile) {
		outside := filepath.Join(t.TempDir(), "outside")
		if err := os.WriteFile(outside, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		replaceWith(t, p, func(p string) error { return os.Symlink(outside, p) })
	}},
	{"FIFO", nil, func(t *testing.T, p string, mf matrixFile) {
		replaceWith(t, p, func(p string) error { return syscall.Mkfifo(p, 0o644) })
	}},
	{"directory", nil, func(t *testing.T, p string, mf matrixFile) {
		replaceWith(t, p, func(p string) error { return os.Mkdir(p, 0o755) })
	}},
}

// accepted lists the cases Load accepts, and why: the bytes are kept as
// they are and checked elsewhere.
var accepted = map[string]string{
	"conformite/bareme.md empty":                        "bareme.md is kept byte for byte; its SHA-256 is checked against the anchored freeze before scoring (score.CheckPreregistration)",
	"conformite/bareme.md truncated":                    "idem",
	"conformite/bareme.md unknown key":                  "idem",
	"conformite/key.json unknown key":                   "key.json's content is read by the scorer, which refuses a key that is not a task of the track (score.ParseKey, TestParseKeyRejects)",
	"participants/ann.toml missing":                     "", // refused: ann's submissions name a participant who is not enrolled
	"conformite/corpus/agrements/AGR-4417.json missing": "",
}

func TestBadInputMatrix(t *testing.T) {
	for _, mf := range matrixFiles {
		for _, br := range matrixBreaks {
			if br.applies != nil && !br.applies(mf) {
				continue // this break does not exist for this kind of file
			}
			name := mf.rel + " " + br.name
			t.Run(name, func(t *testing.T) {
				f := newFixture()
				dir := f.write(t)
				br.apply(t, filepath.Join(dir, filepath.FromSlash(mf.rel)), mf)
				s, err := func() (s *Season, err error) {
					defer func() {
						if r := recover(); r != nil {
							err = fmt.Errorf("panic: %v", r)
						}
					}()
					return Load(dir)
				}()
				if err != nil && strings.HasPrefix(err.Error(), "panic: ") {
					t.Fatalf("Load panicked: %v", err)
				}
				if mf.kind == "submission" && br.name != "missing" && br.name != "symlink leaving the season" && br.name != "FIFO" && br.name != "directory" {
					// Bad content: kept with its parse error, rejected at entry.
					if err != nil {
						t.Fatalf("Load refused the season for a bad submission: %v", err)
					}
					sf := s.Track(Conformite).Submission("alice", "conf-01")
					if sf == nil {
						t.Fatal("the bad submission is not listed")
					}
					if p, err := sf.Read(); err != nil || p.Err == nil || p.Submission != nil {
						t.Fatalf("the bad submission does not read as its parse error: %+v, %v", p, err)
					}
					return
				}
				if why, ok := accepted[name]; ok && why != "" {
					if err != nil {
						t.Fatalf("refused, want accepted (%s): %v", why, err)
					}
					return
				}
				if mf.kind == "submission" && br.name == "missing" {
					if err != nil {
						t.Fatalf("a missing submission is a missing task, not a season error: %v", err)
					}
					return
				}
				if err == nil {
					t.Fatal("Load accepted it")
				}
				var se *Error
				if !errors.As(err, &se) {
					t.Fatalf("error %T %v is not a *season.Error", err, err)
				}
				if !strings.Contains(err.Error(), filepath.Dir(dir)) {
					t.Errorf("error %q does not name the season directory", err)
				}
				want := map[string]string{
					"oversized":                  "exceeds",
					"symlink leaving the season": "symbolic link",
					"FIFO":                       "named pipe",
					"directory":                  "directory",
				}[br.name]
				if mf.kind == "salt" && br.name == "oversized" {
					want = "longer than 64 hex digits"
				}
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not say %q", err, want)
				}
				if br.name != "missing" && !strings.Contains(se.File, filepath.Base(mf.rel)) && !strings.Contains(se.File, strings.TrimSuffix(mf.rel, filepath.Ext(mf.rel))) && se.File != "conformite/corpus/manifest.json" {
					t.Errorf("error names %s, want %s", se.File, mf.rel)
				}
			})
		}
	}
}

// TestPatternMatchesExactDepth: a probative pattern matches a pointer of
// exactly its depth, never a deeper or a shallower one (a prefix match
// would make /entrees/0/nom/x probative), and <n> only an array index.
func TestPatternMatchesExactDepth(t *testing.T) {
	p, err := parsePattern("/entrees/<n>/nom")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		tokens []string
		want   bool
	}{
		{[]string{"entrees", "0", "nom"}, true},
		{[]string{"entrees", "12", "nom"}, true},
		{[]string{"entrees", "0", "nom", "x"}, false},
		{[]string{"entrees", "0"}, false},
		{[]string{"entrees", "x", "nom"}, false},
		{[]string{"entrees", "-1", "nom"}, false},
		{[]string{"entrees", "01", "nom"}, false},
		{[]string{"entrees", "0", "prenoms"}, false},
		{[]string{"autres", "0", "nom"}, false},
	} {
		if got := p.Match(c.tokens); got != c.want {
			t.Errorf("%s on %v: %v, want %v", p.Text, c.tokens, got, c.want)
		}
	}
}

// TestIdentifiersInNames: a participant slug, a proof id or a task id
// becomes a path of the site; one with a separator, a dot-dot, an upper
// case or a letter that imitates another (Cyrillic а for Latin a) is
// refused, naming the file.
func TestIdentifiersInNames(t *testing.T) {
	for _, c := range []struct {
		name, rel, want string
	}{
		{"slug with dot-dot", "participants/a..b.toml", "does not match"},
		{"slug with a backslash", `participants/a\b.toml`, "does not match"},
		{"slug in upper case", "participants/Alice2.toml", "does not match"},
		{"slug with a look-alike", "participants/\u0430lice.toml", "does not match"},
		{"slug with a space", "participants/al ice.toml", "does not match"},
		{"proof id with a look-alike", "proofs/prf_20260921_101233_\u0430b12cd.json", "proof id matching"},
		{"proof id in upper case", "proofs/prf_20260921_101233_AB12CD.json", "proof id matching"},
		{"proof id with a backslash", `proofs/prf_20260921_101233_ab12c\.json`, "proof id matching"},
		{"task id with a look-alike", "conformite/submissions/alice/c\u043enf-01.json", "is not a task of the track"},
		{"task id with dot-dot", "conformite/submissions/alice/..conf-01.json", "is not a task of the track"},
		{"submitter not enrolled", "conformite/submissions/\u0430lice/conf-01.json", "is not an enrolled participant"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture()
			f.files[c.rel] = f.files["participants/alice.toml"]
			if strings.HasPrefix(c.rel, "proofs/") || strings.Contains(c.rel, "/submissions/") {
				f.files[c.rel] = validSubmission
			}
			_, err := Load(f.write(t))
			named := filepath.FromSlash(c.rel)
			if c.want == "is not an enrolled participant" {
				named = filepath.Dir(named) // the directory of the submissions names the participant
			}
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), named) {
				t.Errorf("got %v, want an error naming %s and saying %q", err, c.rel, c.want)
			}
		})
	}
}
