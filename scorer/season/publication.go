package season

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
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/submission"
)

// The anchored publication (README, « Publishing and contesting »). At publication proveit publish
// writes, after the snapshots, published/SHA256SUMS: the SHA-256 of every
// file of the season directory as it is published, except the files that
// change after publication by design (SumsExcluded). The maintainers then
// anchor, through the Trust Layer on the challenge's key, a payload naming
// the SHA-256 of SHA256SUMS and of every snapshot, and record the anchored
// call in season.toml as a [publication] table, with exactly the fields of
// a freeze. Package score verifies it as it verifies a freeze
// (CheckPublication); this file loads it and lists the files.
//
// What is anchored is the season's SHA256SUMS, not the site's: recording
// the proof id changes season.toml, hence every page's inputs digest and
// the site's SHA256SUMS, which therefore cannot be known before the
// anchoring. The sums of the inputs are what the pages are regenerated
// from, and what the evidence dossier publishes byte for byte.

// SumsFile is the list of the published files' SHA-256, relative to the
// season directory.
const SumsFile = PublishedDir + "/SHA256SUMS"

// MaxSumsBytes bounds published/SHA256SUMS.
const MaxSumsBytes = 64 << 20

// SumsExcluded reports whether rel (slash-separated, relative to the
// season directory) is left out of published/SHA256SUMS because it
// changes after publication by design: season.toml (it receives the
// [publication] record and may later record an invalidation),
// moderation.toml, the register of decisions (contestations/,
// rectifications/), and SHA256SUMS itself.
func SumsExcluded(rel string) bool {
	switch {
	case rel == "season.toml", rel == ModerationFile, rel == SumsFile:
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

// PublicationSums lists every regular file below the season directory dir
// that published/SHA256SUMS covers (every file but the SumsExcluded ones),
// with its SHA-256, sorted by path. A symbolic link or any other kind of
// file is an error.
func PublicationSums(dir string) ([]Sum, error) {
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

// parseSums reads published/SHA256SUMS strictly: lines of sha256sum's
// format, each path relative and clean, none excluded, sorted and
// distinct, a final newline.
func (l *loader) parseSums(data []byte) ([]Sum, error) {
	rel := SumsFile
	if len(data) == 0 || data[len(data)-1] != '\n' {
		return nil, l.errf(rel, "", "empty or without a final newline, want lines \"<64 hex>  <path>\\n\" as sha256sum writes them")
	}
	var out []Sum
	for i, line := range strings.Split(string(data[:len(data)-1]), "\n") {
		at := fmt.Sprintf("line %d", i+1)
		m := sumLineRE.FindStringSubmatch(line)
		if m == nil {
			return nil, l.errf(rel, at, "got %s, want \"<64 lowercase hex>  <path>\" (two spaces)", quote(line))
		}
		p := m[2]
		if p != filepath.ToSlash(filepath.Clean(p)) || strings.HasPrefix(p, "/") || p == "." || strings.HasPrefix(p, "../") || p == ".." {
			return nil, l.errf(rel, at, "path %s is not clean and relative to the season directory", quote(p))
		}
		if SumsExcluded(p) {
			return nil, l.errf(rel, at, "path %s changes after publication by design and is never listed (season.toml, moderation.toml, contestations/, rectifications/, SHA256SUMS)", quote(p))
		}
		if len(out) > 0 && out[len(out)-1].Path >= p {
			return nil, l.errf(rel, at, "path %s is out of order or repeats, want the paths sorted and distinct", quote(p))
		}
		out = append(out, Sum{Path: p, SHA256: m[1]})
	}
	return out, nil
}

// AnchoredCall is a call anchored through the Trust Layer and recorded in
// a season file: its proof, the call (target, method, payload) and the
// openings of its request and response hashes.
type AnchoredCall struct {
	ProofID      string
	Target       string
	Method       string
	PayloadText  string       // the payload as written, JSON text
	Payload      pyjson.Value // PayloadText parsed strictly
	RequestHash  submission.Opening
	ResponseHash submission.Opening
}

// Publication is season.toml's [publication]: the anchored call that
// published the season's results (its payload names the SHA-256 of
// published/SHA256SUMS and of every snapshot).
type Publication = AnchoredCall

// PublicationTarget is the URL the publication of season n is anchored on.
func PublicationTarget(n int) string {
	return fmt.Sprintf("https://proveit.arkforge.tech/v1/season/%d/publication", n)
}

// publicationKeys are the keys of season.toml's [publication].
var publicationKeys = []string{
	"publication", "publication.proof_id", "publication.target", "publication.method", "publication.payload",
	"publication.request_hash", "publication.request_hash.nonce", "publication.request_hash.value",
	"publication.response_hash", "publication.response_hash.nonce", "publication.response_hash.value",
}

type publicationFile struct {
	ProofID      *string      `toml:"proof_id"`
	Target       *string      `toml:"target"`
	Method       *string      `toml:"method"`
	Payload      *string      `toml:"payload"`
	RequestHash  *openingFile `toml:"request_hash"`
	ResponseHash *openingFile `toml:"response_hash"`
}

// anchoredCall checks the fields of an anchored call at key at of rel:
// every one present and in its form.
func (l *loader) anchoredCall(rel, at string, f publicationFile) (*AnchoredCall, error) {
	switch {
	case f.ProofID == nil:
		return nil, l.missing(rel, at+".proof_id", "the anchored call's proof id")
	case f.Target == nil:
		return nil, l.missing(rel, at+".target", "the URL of the anchored call")
	case f.Method == nil:
		return nil, l.missing(rel, at+".method", "the method of the anchored call")
	case f.Payload == nil:
		return nil, l.missing(rel, at+".payload", "the anchored payload, as a string of JSON text")
	case f.RequestHash == nil:
		return nil, l.missing(rel, at+".request_hash", "{nonce, value}, 64 hex digits each")
	case f.ResponseHash == nil:
		return nil, l.missing(rel, at+".response_hash", "{nonce, value}, 64 hex digits each")
	}
	c := &AnchoredCall{ProofID: *f.ProofID, Target: *f.Target, Method: *f.Method, PayloadText: *f.Payload}
	if !submission.ValidProofID(c.ProofID) {
		return nil, l.errf(rel, at+".proof_id", "got %s, want a proof id matching %s", quote(c.ProofID), submission.ProofIDPattern)
	}
	if !strings.HasPrefix(c.Target, "https://") {
		return nil, l.errf(rel, at+".target", "got %s, want an https URL", quote(c.Target))
	}
	if c.Method != "GET" && c.Method != "POST" {
		return nil, l.errf(rel, at+".method", "got %s, want \"GET\" or \"POST\"", quote(c.Method))
	}
	v, err := pyjson.DecodeStrict([]byte(c.PayloadText))
	if err != nil {
		return nil, l.wrap(rel, at+".payload", fmt.Errorf("not strict JSON text: %w", err))
	}
	c.Payload = v
	for _, o := range []struct {
		key string
		src *openingFile
		dst *submission.Opening
	}{{"request_hash", f.RequestHash, &c.RequestHash}, {"response_hash", f.ResponseHash, &c.ResponseHash}} {
		for _, part := range []struct {
			key string
			src *string
			dst *string
		}{{"nonce", o.src.Nonce, &o.dst.Nonce}, {"value", o.src.Value, &o.dst.Value}} {
			key := at + "." + o.key + "." + part.key
			if part.src == nil {
				return nil, l.missing(rel, key, "64 lowercase hex digits")
			}
			if !submission.ValidHex64(*part.src) {
				return nil, l.errf(rel, key, "got %s, want 64 lowercase hex digits", quote(*part.src))
			}
			*part.dst = *part.src
		}
	}
	return c, nil
}

// loadSums reads published/SHA256SUMS, if present, into s.
func (l *loader) loadSums(s *Season) error {
	data, err := l.readFile(SumsFile, MaxSumsBytes)
	if err != nil {
		return err
	}
	sums, err := l.parseSums(data)
	if err != nil {
		return err
	}
	s.SumsRaw, s.Sums = data, sums
	return nil
}

// checkPublication holds the rules that tie [publication] to the rest of
// the season: only with the snapshots and SHA256SUMS it anchors.
func (l *loader) checkPublication(s *Season) error {
	if s.Sums != nil && len(s.Snapshots) == 0 {
		return l.errf(SumsFile, "", "present without a publication snapshot, want it only beside published/<track>.json, as proveit publish writes it")
	}
	if s.Publication == nil {
		return nil
	}
	if len(s.Snapshots) == 0 {
		return l.errf("season.toml", "publication", "present while the season has no publication snapshot (published/<track>.json): only a published season is anchored")
	}
	if s.Sums == nil {
		return l.errf("season.toml", "publication", "present while %s is missing: the publication anchors its SHA-256", SumsFile)
	}
	return nil
}
