package publication

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/ark-forge/proveit/scorer/hashes"
	"github.com/ark-forge/proveit/scorer/pyjson"
)

// Target is the URL the publication of season n is anchored on, by POST.
func Target(n int) string {
	return fmt.Sprintf("https://proveit.arkforge.tech/v1/season/%d/publication", n)
}

// Payload is the payload proveit publish asks the maintainers to anchor:
// the season, its close, the date of the snapshots, its tracks, the
// SHA-256 of published/SHA256SUMS and of every published/<track>.json
// (snapshots maps a track to it). Its canonical JSON (pyjson.Canonical,
// keys sorted) is what is hashed.
func Payload(number int, closesAt, publishedAt time.Time, tracks []string, sumsSHA256 string, snapshots map[string]string) pyjson.Value {
	n, _ := pyjson.IntValue(fmt.Sprint(number))
	names := make([]string, 0, len(snapshots))
	for t := range snapshots {
		names = append(names, t)
	}
	sort.Strings(names)
	var snaps []pyjson.Member
	for _, t := range names {
		snaps = append(snaps, pyjson.Member{Key: t, Value: pyjson.StringValue(snapshots[t])})
	}
	var trs []pyjson.Value
	for _, t := range tracks {
		trs = append(trs, pyjson.StringValue(t))
	}
	return pyjson.ObjectValue(
		pyjson.Member{Key: "closes_at", Value: pyjson.StringValue(closesAt.UTC().Format(time.RFC3339))},
		pyjson.Member{Key: "published_at", Value: pyjson.StringValue(publishedAt.UTC().Format(time.RFC3339))},
		pyjson.Member{Key: "season", Value: n},
		pyjson.Member{Key: "sha256sums", Value: pyjson.StringValue(sumsSHA256)},
		pyjson.Member{Key: "snapshots", Value: pyjson.ObjectValue(snaps...)},
		pyjson.Member{Key: "tracks", Value: pyjson.ArrayValue(trs...)},
	)
}

// Digest is the SHA-256, in hex, of v's canonical JSON.
func Digest(v pyjson.Value) string { return hashes.SHA256Hex(pyjson.Canonical(v)) }

// Call is the call proveit publish prints: the target, the method, the
// payload and its digest.
type Call struct {
	Target  string
	Method  string
	Payload pyjson.Value
	Digest  string
}

// String writes the call as proveit publish prints it.
func (c Call) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "target: %s\nmethod: %s\npayload: %s\ndigest (sha256 of the payload): %s\n", c.Target, c.Method, pyjson.Canonical(c.Payload), c.Digest)
	return b.String()
}
