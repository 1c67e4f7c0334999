package publication

import (
	"testing"
	"time"

	"github.com/ark-forge/proveit/scorer/pyjson"
)

// TestPayload: the anchored payload is the canonical JSON of the season,
// its close, the snapshots' date, its tracks and the SHA-256 of
// SHA256SUMS and of every snapshot, keys sorted; Digest is its SHA-256 and
// Call prints both.
func TestPayload(t *testing.T) {
	closes := time.Date(2026, 10, 31, 23, 59, 59, 0, time.FixedZone("", 3600))
	p := Payload(3, closes, publishedAt, []string{"conformite", "rendu"}, hexA, map[string]string{"rendu": hexB, "conformite": hexA})
	want := `{"closes_at":"2026-10-31T22:59:59Z","published_at":"2026-11-01T10:00:00Z","season":3,"sha256sums":"` + hexA +
		`","snapshots":{"conformite":"` + hexA + `","rendu":"` + hexB + `"},"tracks":["conformite","rendu"]}`
	if got := string(pyjson.Canonical(p)); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	// printf '%s' "$want" | sha256sum
	const d = "1cf0e868bbf89bc1cb5aab35cbd9010c1458aaaec97d2c166e20f975801366b3"
	if got := Digest(p); got != d {
		t.Fatalf("Digest = %s, want %s", got, d)
	}
	call := Call{Target: Target(3), Method: "POST", Payload: p, Digest: d}
	wantCall := "target: https://proveit.arkforge.tech/v1/season/3/publication\nmethod: POST\npayload: " + want + "\ndigest (sha256 of the payload): " + d + "\n"
	if call.String() != wantCall {
		t.Errorf("got\n%s\nwant\n%s", call, wantCall)
	}
}
