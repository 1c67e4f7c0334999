package proof

import (
	"encoding/base64"
	"fmt"
	"strings"
	"testing"
)

// padded is sample followed by spaces, n bytes in all.
func padded(n int) []byte {
	return []byte(sample + strings.Repeat(" ", n-len(sample)))
}

// TestLimitsInclusive: every limit of the view is a maximum that a view may
// reach and not exceed. Each case was seen failing with its comparison
// flipped (> as >=).
func TestLimitsInclusive(t *testing.T) {
	const id = "prf_20260925_115959_a1b2c3"
	rep := func(doc, old, new string) string {
		if !strings.Contains(doc, old) {
			t.Fatalf("sample lacks %q", old)
		}
		return strings.Replace(doc, old, new, 1)
	}
	path := func(n int) string {
		return `"inclusion_path": [` + strings.TrimSuffix(strings.Repeat(`"`+h1+`",`, n), ",") + `]`
	}
	token := func(n int) string {
		return `"tsr_base64": "` + base64.StdEncoding.EncodeToString(make([]byte, n)) + `"`
	}
	oldPath := `"inclusion_path": ["` + h1 + `", "` + h2 + `"]`
	for _, c := range []struct {
		name string
		doc  []byte
		want string // "" to parse
	}{
		{"a view of the limit", padded(MaxViewBytes), ""},
		{"a view one byte over", padded(MaxViewBytes + 1), "1048577 bytes, exceeds the limit of 1048576"},
		{"tree_size at the limit", []byte(rep(sample, `"tree_size": 4`, `"tree_size": 1099511627776`)), ""},
		{"tree_size one over", []byte(rep(sample, `"tree_size": 4`, `"tree_size": 1099511627777`)), "/batch/tree_size: got 1099511627777, want an integer from 0 to 1099511627776"},
		{"leaf_index at the limit", []byte(rep(sample, `"leaf_index": 1`, `"leaf_index": 1099511627776`)), ""},
		{"leaf_index one over", []byte(rep(sample, `"leaf_index": 1`, `"leaf_index": 1099511627777`)), "/batch/leaf_index: got 1099511627777, want an integer from 0 to 1099511627776"},
		{"a path at the limit", []byte(rep(sample, oldPath, path(MaxInclusionPath))), ""},
		{"a path one over", []byte(rep(sample, oldPath, path(MaxInclusionPath+1))), "/batch/inclusion_path: 65 hashes, exceeds the limit of 64"},
		{"a token at the limit", []byte(rep(sample, `"tsr_base64": "MAMCAQA="`, token(MaxTokenBytes))), ""},
		{"a token one over", []byte(rep(sample, `"tsr_base64": "MAMCAQA="`, token(MaxTokenBytes+1))), "/timestamp_authority/tsr_base64: 65537 bytes, exceeds the limit of 65536 bytes"},
		{"a token three over", []byte(rep(sample, `"tsr_base64": "MAMCAQA="`, token(MaxTokenBytes+3))), "/timestamp_authority/tsr_base64: 87388 characters of base64, exceeds the limit of 65536 bytes"},
		{"a log index at the limit", []byte(rep(sample, `"log_index": 2818513499`, `"log_index": 9223372036854775807`)), ""},
		{"a log index one over", []byte(rep(sample, `"log_index": 2818513499`, `"log_index": 9223372036854775808`)), "/transparency_log/log_index: got 9223372036854775808, want an integer from 0 to 9223372036854775807"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := ParseCached(id, c.doc)
			switch {
			case c.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case c.want != "" && (err == nil || !strings.HasSuffix(err.Error(), ": "+c.want)):
				t.Errorf("err = %v, want %s", err, c.want)
			}
		})
	}
}

// TestParseViewLimit: a view given on the command line has the same bound.
func TestParseViewLimit(t *testing.T) {
	if _, err := ParseView(padded(MaxViewBytes)); err != nil {
		t.Errorf("a view of the limit: %v", err)
	}
	want := "proof (unknown): the document: 1048577 bytes, exceeds the limit of 1048576"
	if _, err := ParseView(padded(MaxViewBytes + 1)); err == nil || err.Error() != want {
		t.Errorf("a view one byte over: %v, want %s", err, want)
	}
}

// TestExactMatches: identifiers, hashes and keys match whole, never by a
// prefix or a suffix (each regular expression is anchored at both ends;
// each case was seen failing without one of its anchors).
func TestExactMatches(t *testing.T) {
	const id = "prf_20260925_115959_a1b2c3"
	for _, c := range []struct {
		id string
		ok bool
	}{
		{id, true}, {id + "0", false}, {"x" + id, false}, {id[:len(id)-1], false}, {id + "\n", false},
	} {
		if ValidProofID(c.id) != c.ok {
			t.Errorf("ValidProofID(%q) = %v", c.id, !c.ok)
		}
	}
	rep := func(old, new string) []byte {
		if !strings.Contains(sample, old) {
			t.Fatalf("sample lacks %q", old)
		}
		return []byte(strings.Replace(sample, old, new, 1))
	}
	for _, c := range []struct {
		name string
		doc  []byte
		want string
	}{
		{"a chain of 65 hex digits", rep(`"chain": "sha256:`+h3+`"`, `"chain": "sha256:`+h3+`3"`), "/hashes/chain: got"},
		{"a chain with a leading character", rep(`"chain": "sha256:`+h3+`"`, `"chain": "xsha256:`+h3+`"`), "/hashes/chain: got"},
		{"a chain with a character after its prefix", rep(`"chain": "sha256:`+h3+`"`, `"chain": "sha256:x`+h3+`"`), "/hashes/chain: got"},
		{"a chain of 63 hex digits", rep(`"chain": "sha256:`+h3+`"`, `"chain": "sha256:`+h3[1:]+`"`), "/hashes/chain: got"},
		{"a batch id of 65 characters", rep(`"id": "lot-1"`, `"id": "`+strings.Repeat("a", 65)+`"`), "/batch/id: got"},
		{"a batch id with a trailing slash", rep(`"id": "lot-1"`, `"id": "lot-1/"`), "/batch/id: got"},
		{"a batch id with a leading slash", rep(`"id": "lot-1"`, `"id": "/lot-1"`), "/batch/id: got"},
		{"an empty batch id", rep(`"id": "lot-1"`, `"id": ""`), "/batch/id: got"},
		{"a proof id with a suffix", rep(`"proof_id": "`+id+`"`, `"proof_id": "`+id+`0"`), "/proof_id: got"},
		{"a disclosed key that extends an identity field", rep(`"disclosed": {`, `"disclosed": {"agent_identity_x": {"nonce": "`+h2+`", "value": 1}, `), "/disclosed/agent_identity_x: unknown key"},
		{"a disclosed key that an identity field extends", rep(`"disclosed": {`, `"disclosed": {"agent_identity_": {"nonce": "`+h2+`", "value": 1}, `), "/disclosed/agent_identity_: unknown key"},
		{"a signature prefix with a suffix", rep(`"arkforge_signature": "ed25519:`, `"arkforge_signature": "ed25519ph:`), `/arkforge_signature: "ed25519ph:`},
		{"a signature with a leading character", rep(`"arkforge_signature": "ed25519:`, `"arkforge_signature": " ed25519:`), `/arkforge_signature: " ed25519:`},
		{"a batch status with a suffix", rep(`"status": "closed"`, `"status": "closedx"`), `/batch/status: got "closedx"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := ParseCached(id, c.doc)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want %q", err, c.want)
			}
		})
	}
	// A batch id of 64 characters, the limit, is one.
	if _, _, err := ParseCached(id, rep(`"id": "lot-1"`, `"id": "`+strings.Repeat("a", 64)+`"`)); err != nil {
		t.Errorf("a batch id of 64 characters: %v", err)
	}
}

// TestDisclosedShape: 3.1 requires disclosed, older specs do not, and each
// opening is exactly {"nonce", "value"}.
func TestDisclosedShape(t *testing.T) {
	const id = "prf_20260925_115959_a1b2c3"
	noDisclosed := func(spec string) []byte {
		i := strings.Index(sample, `  "disclosed": {`)
		j := strings.Index(sample, `  "timestamp_authority": {`)
		doc := sample[:i] + sample[j:]
		return []byte(strings.Replace(doc, `"spec_version": "3.1"`, fmt.Sprintf(`"spec_version": %q`, spec), 1))
	}
	if _, _, err := ParseCached(id, noDisclosed("3.1")); err == nil || err.Error() != "proof "+id+": /disclosed: missing" {
		t.Errorf("3.1 without disclosed: %v", err)
	}
	if _, _, err := ParseCached(id, noDisclosed("2.1")); err != nil {
		t.Errorf("2.1 without disclosed: %v", err)
	}
	for _, c := range []struct{ name, old, new string }{
		{"one key", `{"nonce": "` + h2 + `", "value": "bound"}`, `{"nonce": "` + h2 + `"}`},
		{"three keys", `{"nonce": "` + h2 + `", "value": "bound"}`, `{"nonce": "` + h2 + `", "value": "bound", "x": 1}`},
	} {
		doc := strings.Replace(sample, c.old, c.new, 1)
		want := "proof " + id + `: /disclosed/did_resolution_status: want exactly {"nonce", "value"}`
		if _, _, err := ParseCached(id, []byte(doc)); err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %s", c.name, err, want)
		}
	}
}
