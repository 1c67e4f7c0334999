package publication

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/ark-forge/proveit/scorer/inputfile"
)

// At publication proveit publish writes, after the snapshots,
// published/SHA256SUMS: the SHA-256 of every file of the season directory
// as it is published, except the files that change after publication by
// design (SumsExcluded). The maintainers then anchor a payload naming the
// SHA-256 of SHA256SUMS and of every snapshot (Payload).
//
// What is anchored is the season's SHA256SUMS, not the site's: recording
// the proof id changes season.toml, hence every page's inputs digest and
// the site's SHA256SUMS, which therefore cannot be known before the
// anchoring. The sums of the inputs are what the pages are regenerated
// from, and what the evidence dossier publishes byte for byte.

// SumsFile is the list of the published files' SHA-256, relative to the
// season directory.
const SumsFile = Dir + "/SHA256SUMS"

// MaxSumsBytes bounds published/SHA256SUMS.
const MaxSumsBytes = 64 << 20

// The directories of the register of decisions, relative to the season
// directory.
const (
	ContestationsDir  = "contestations"
	RectificationsDir = "rectifications"
)

// QuestionsFile is the name of the file of a track that gives the English
// version of its questions (package season), <track>/questions.en.toml.
const QuestionsFile = "questions.en.toml"

// SumsExcluded reports whether rel (slash-separated, relative to the
// season directory) is left out of published/SHA256SUMS because it
// changes after publication by design: season.toml (it receives the
// [publication] record and may later record an invalidation, and words
// the titles), moderation.toml, the register of decisions (contestations/,
// rectifications/), each track's English questions
// (<track>/questions.en.toml, a translation that may be corrected), and
// SHA256SUMS itself.
func SumsExcluded(rel string) bool {
	track, file, nested := strings.Cut(rel, "/")
	switch {
	case rel == "season.toml", rel == "moderation.toml", rel == SumsFile:
		return true
	case nested && track != "" && file == QuestionsFile:
		return true
	case strings.HasPrefix(rel, ContestationsDir+"/"), strings.HasPrefix(rel, RectificationsDir+"/"):
		return true
	}
	return false
}

// SumsUnlistedAllowed reports whether rel may exist in the season
// directory without a line in published/SHA256SUMS: an excluded file, or
// a cache entry added after publication (proofs/, such as the publication
// proof's own view, and anchors/rekor/, such as its Rekor entry).
func SumsUnlistedAllowed(rel string) bool {
	return SumsExcluded(rel) || strings.HasPrefix(rel, "proofs/") || strings.HasPrefix(rel, "anchors/rekor/")
}

// Sum is one line of SHA256SUMS: a file and its SHA-256 in hex.
type Sum struct {
	Path   string // slash-separated, relative to the season directory
	SHA256 string // 64 lowercase hex digits
}

// ListSums lists every regular file below the season directory dir that
// published/SHA256SUMS covers (every file but the SumsExcluded ones), with
// its SHA-256, sorted by path. A symbolic link or any other kind of file
// is an error.
func ListSums(dir string) ([]Sum, error) {
	var out []Sum
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if SumsExcluded(rel) {
			return nil
		}
		data, err := inputfile.Read(p, 1<<30)
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		sum := sha256.Sum256(data)
		out = append(out, Sum{Path: rel, SHA256: hex.EncodeToString(sum[:])})
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// FormatSums writes sums in the format of sha256sum: one line
// "<64 hex>  <path>\n" per file, in the given order.
func FormatSums(sums []Sum) []byte {
	var b bytes.Buffer
	for _, s := range sums {
		b.WriteString(s.SHA256 + "  " + s.Path + "\n")
	}
	return b.Bytes()
}

var sumLineRE = regexp.MustCompile(`^([0-9a-f]{64})  ([^\x00-\x1f\x7f\\]+)$`)

// ParseSums reads published/SHA256SUMS strictly: lines of sha256sum's
// format, each path relative and clean, none excluded, sorted and
// distinct, a final newline.
func ParseSums(data []byte) ([]Sum, error) {
	rel := SumsFile
	if len(data) == 0 || data[len(data)-1] != '\n' {
		return nil, errf(rel, "", "empty or without a final newline, want lines \"<64 hex>  <path>\\n\" as sha256sum writes them")
	}
	var out []Sum
	for i, line := range strings.Split(string(data[:len(data)-1]), "\n") {
		at := fmt.Sprintf("line %d", i+1)
		m := sumLineRE.FindStringSubmatch(line)
		if m == nil {
			return nil, errf(rel, at, "got %s, want \"<64 lowercase hex>  <path>\" (two spaces)", quote(line))
		}
		p := m[2]
		if p != filepath.ToSlash(filepath.Clean(p)) || strings.HasPrefix(p, "/") || p == "." || strings.HasPrefix(p, "../") || p == ".." {
			return nil, errf(rel, at, "path %s is not clean and relative to the season directory", quote(p))
		}
		if SumsExcluded(p) {
			return nil, errf(rel, at, "path %s changes after publication by design and is never listed (season.toml, moderation.toml, contestations/, rectifications/, SHA256SUMS)", quote(p))
		}
		if len(out) > 0 && out[len(out)-1].Path >= p {
			return nil, errf(rel, at, "path %s is out of order or repeats, want the paths sorted and distinct", quote(p))
		}
		out = append(out, Sum{Path: p, SHA256: m[1]})
	}
	return out, nil
}

// CheckPresence holds the rules that tie season.toml's [publication]
// (hasAnchor) to the files it anchors: published/SHA256SUMS only beside a
// snapshot, and an anchored publication only with the snapshots and
// SHA256SUMS.
func CheckPresence(hasAnchor bool, snapshots int, hasSums bool) error {
	if hasSums && snapshots == 0 {
		return errf(SumsFile, "", "present without a publication snapshot, want it only beside published/<track>.json, as proveit publish writes it")
	}
	if !hasAnchor {
		return nil
	}
	if snapshots == 0 {
		return errf("season.toml", "publication", "present while the season has no publication snapshot (published/<track>.json): only a published season is anchored")
	}
	if !hasSums {
		return errf("season.toml", "publication", "present while %s is missing: the publication anchors its SHA-256", SumsFile)
	}
	return nil
}

// Mismatch is a file of a published season directory that differs from
// published/SHA256SUMS: its path, the SHA-256 listed ("no line" if it is
// not listed), the one found ("no file" if it is gone), and which rule it
// breaks.
type Mismatch struct {
	Path, Listed, Found, Detail string
}

// CompareSums checks the season directory dir against sums, its
// published/SHA256SUMS: every file listed still has its SHA-256, and a
// file not listed is one allowed to appear after publication
// (SumsUnlistedAllowed). It returns the first difference, or nil.
func CompareSums(dir string, sums []Sum) (*Mismatch, error) {
	current, err := ListSums(dir)
	if err != nil {
		return nil, err
	}
	now := map[string]string{}
	for _, c := range current {
		now[c.Path] = c.SHA256
	}
	listed := map[string]bool{}
	for _, l := range sums {
		listed[l.Path] = true
		got, ok := now[l.Path]
		if !ok {
			return &Mismatch{Path: l.Path, Listed: l.SHA256, Found: "no file", Detail: "a file listed in " + SumsFile + " is gone"}, nil
		}
		if got != l.SHA256 {
			return &Mismatch{Path: l.Path, Listed: l.SHA256, Found: got, Detail: "SHA-256 of a file listed in " + SumsFile}, nil
		}
	}
	for _, c := range current {
		if !listed[c.Path] && !SumsUnlistedAllowed(c.Path) {
			return &Mismatch{Path: c.Path, Listed: "no line", Found: c.SHA256, Detail: "a file not listed in " + SumsFile + " (only proofs/, anchors/rekor/, contestations/, rectifications/, season.toml and moderation.toml may change after publication)"}, nil
		}
	}
	return nil, nil
}
