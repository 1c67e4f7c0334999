package verify

import (
	"errors"
	"io/fs"
	"strings"
	"testing"

	"github.com/ark-forge/proveit/scorer/internal/realworld"
	"github.com/ark-forge/proveit/scorer/trust"
)

// realMaterial is the real trust directory: ArkForge's published keys,
// FreeTSA and the Rekor public-good log.
func realMaterial(t *testing.T) *trust.Material {
	t.Helper()
	m, err := trust.Load(realworld.TrustDir())
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// oneEntry holds one Rekor entry.
type oneEntry struct {
	uuid string
	data []byte
}

func (e oneEntry) RekorEntry(uuid string) ([]byte, error) {
	if uuid == e.uuid {
		return e.data, nil
	}
	return nil, fs.ErrNotExist
}

// real31Baseline is what each check says of the real 3.1 view, standalone
// and without its Rekor entry (not in the pack).
var real31Baseline = map[string]string{
	CheckSpecVersion: OK, CheckChain: OK, CheckSignature: OK, CheckOpenings: Skipped, CheckInclusion: OK,
	CheckRFC3161: OK, CheckRekor: Skipped, CheckSeasonWindow: Skipped, CheckIdentity: OK,
}

// TestReal31: the real spec 3.1 view, PROVE IT's own freeze proof,
// verifies standalone against ArkForge's published keys and FreeTSA's
// certificates: its chain is the root of its 11 commitments, its four
// openings open, its chain is included in its batch, key-1 signed it and
// FreeTSA stamped the batch root at 2026-09-23T07:31:48Z. Its Rekor entry
// is not in the pack: incomplete, not invalid.
func TestReal31(t *testing.T) {
	out := New(realMaterial(t), nil).Verify(parse(t, realworld.Read(realworld.View31)), Options{DID: "did:key:z6MktKdvc6Pb3e7iabTpEinZuX8CE8MnGMGGQsdEgm9BVqWq"})
	if out.Status != Incomplete || out.Failure != nil || len(out.Incidents) != 0 || out.NotFetched == nil {
		t.Fatalf("%s %v", summary(out), out.Incidents)
	}
	for name, want := range real31Baseline {
		if got := resultOf(out, name); got != want {
			t.Errorf("%s: %s, want %s (%s)", name, got, want, detailOf(out, name))
		}
	}
	if out.KeyID != "key-1" || out.GenTime.Format("2006-01-02T15:04:05Z") != "2026-09-23T07:31:48Z" || !out.IdentityVerified || out.DIDResolutionStatus != "bound" {
		t.Errorf("%+v", out)
	}
	for name, want := range map[string]string{
		CheckChain:     "39384292e666534cd3111304449f40b7ebdf298e86f3c0ce2e9698eb6e6dd8d9 is the Merkle root of the 11 commitments",
		CheckInclusion: "audit path of 4 hashes",
		CheckRFC3161:   "https://freetsa.org/tsr",
		CheckIdentity:  "identity_consistent opens to true",
	} {
		if !strings.Contains(detailOf(out, name), want) {
			t.Errorf("%s: %q lacks %q", name, detailOf(out, name), want)
		}
	}
}

// TestReal31Tampered: a tampered copy of the real 3.1 view fails the check
// it should, and only that one: every other check says what it says of the
// real view (a tampered chain, which three checks read, fails those three;
// when the inclusion fails, the anchors over the root are not verified).
func TestReal31Tampered(t *testing.T) {
	m := realMaterial(t)
	real := realworld.Read(realworld.View31)
	for _, c := range []struct {
		name  string
		edit  func(m map[string]any)
		fails []string
	}{
		{"a commitment", func(m map[string]any) { c := obj(m, "commitments"); c["seller"] = tamper(c["seller"].(string)) }, []string{CheckChain}},
		{"an identity commitment", func(m map[string]any) {
			c := obj(m, "commitments")
			c["did_resolution_status"] = tamper(c["did_resolution_status"].(string))
		}, []string{CheckChain, CheckIdentity}},
		{"hashes.chain", func(m map[string]any) { obj(m, "hashes")["chain"] = tamper(obj(m, "hashes")["chain"].(string)) }, []string{CheckChain, CheckSignature, CheckInclusion}},
		{"the signature", func(m map[string]any) { m["arkforge_signature"] = tamper(m["arkforge_signature"].(string)) }, []string{CheckSignature}},
		{"the key it carries", func(m map[string]any) { m["arkforge_pubkey"] = "ed25519:JDExMYvtm2iej7qeb8bXfPIB92zH0IlSL8cRNZ9KkNw" }, []string{CheckSignature}},
		{"a kid naming key-3", func(m map[string]any) { m["arkforge_kid"] = "key-3" }, []string{CheckSignature}},
		{"an audit path hash", func(m map[string]any) {
			p := obj(m, "batch_anchor")["audit_path"].([]any)
			p[2] = tamper(p[2].(string))
		}, []string{CheckInclusion}},
		{"leaf_index", func(m map[string]any) { obj(m, "batch_anchor")["leaf_index"] = 1 }, []string{CheckInclusion}},
		{"tree_size understated", func(m map[string]any) { obj(m, "batch_anchor")["tree_size"] = 8 }, []string{CheckInclusion}},
		{"tree_size overstated", func(m map[string]any) { obj(m, "batch_anchor")["tree_size"] = 17 }, []string{CheckInclusion}},
		{"the root", func(m map[string]any) {
			obj(m, "batch_anchor")["root"] = tamper(obj(m, "batch_anchor")["root"].(string))
		}, []string{CheckInclusion}},
		{"the token", func(m map[string]any) {
			ta := obj(m, "timestamp_authority")
			tok := ta["tsr_base64"].(string)
			ta["tsr_base64"] = tok[:100] + tamper(tok[100:102]) + tok[102:]
		}, []string{CheckRFC3161}},
		{"the Rekor uuid", func(m map[string]any) { obj(m, "transparency_log")["uuid"] = "not a uuid" }, []string{CheckRekor}},
		{"an opening's nonce", func(m map[string]any) {
			o := obj(obj(m, "disclosed"), "agent_identity_verified")
			o["nonce"] = tamper(o["nonce"].(string))
		}, []string{CheckIdentity}},
		{"an opening's value", func(m map[string]any) { obj(obj(m, "disclosed"), "identity_consistent")["value"] = false }, []string{CheckIdentity}},
		{"spec_version 3.0", func(m map[string]any) { m["spec_version"] = "3.0" }, []string{CheckIdentity}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := New(m, nil).Verify(parse(t, edit(t, real, c.edit)), Options{})
			if out.Failure == nil || !strings.HasPrefix(out.Failure.Check, c.fails[0]) {
				t.Errorf("%s, want %s failing first", summary(out), c.fails[0])
			}
			for name, want := range real31Baseline {
				for _, f := range c.fails {
					if f == name {
						want = Failed
					}
					// Anchors over a root the chain is not shown to be
					// in say nothing of this proof: not verified.
					if f == CheckInclusion && name == CheckRFC3161 {
						want = Skipped
					}
				}
				if got := resultOf(out, name); got != want {
					t.Errorf("%s: %s, want %s (%s)", name, got, want, detailOf(out, name))
				}
			}
		})
	}
}

// TestRealOlder: the real 1.2 and 2.0 views are read and classed: their
// chain is not recomputable from a public view (skipped, never failed),
// key-1 signed them, FreeTSA stamped their chain; the 2.0 view's real
// Rekor entry verifies against the public-good log and ArkForge's
// rekor-1. Neither passes condition 2.
func TestRealOlder(t *testing.T) {
	m := realMaterial(t)
	v20 := parse(t, realworld.Read(realworld.View20))
	out := New(m, oneEntry{uuid: v20.TransparencyLog.UUID, data: realworld.Read(realworld.RekorEntry20)}).Verify(v20, Options{})
	if out.Status != Unbound || out.Failure.Check != CheckIdentity || resultOf(out, CheckChain) != Skipped || resultOf(out, CheckRekor) != OK ||
		resultOf(out, CheckSignature) != OK || resultOf(out, CheckRFC3161) != OK || resultOf(out, CheckInclusion) != Skipped {
		t.Errorf("2.0: %s", summary(out))
	}
	if !strings.Contains(detailOf(out, CheckRekor), "signed with published key rekor-1") {
		t.Errorf("2.0 rekor: %s", detailOf(out, CheckRekor))
	}
	v12 := parse(t, realworld.Read(realworld.View12))
	out = New(m, nil).Verify(v12, Options{})
	if out.Status != Incomplete || resultOf(out, CheckIdentity) != Failed || resultOf(out, CheckChain) != Skipped || resultOf(out, CheckSignature) != OK || resultOf(out, CheckRFC3161) != OK {
		t.Errorf("1.2: %s", summary(out))
	}
	// With the entry of another kind in its place, the Rekor anchor fails.
	out = New(m, oneEntry{uuid: v20.TransparencyLog.UUID, data: realworld.Read(realworld.RekorUnrelated)}).Verify(v20, Options{})
	if out.Status != Invalid || !strings.HasPrefix(out.Failure.Check, "rekor") {
		t.Errorf("an unrelated entry: %s", summary(out))
	}
	var nf *NotFetchedError
	if out := New(m, nil).Verify(v20, Options{}); !errors.As(out.NotFetched, &nf) {
		t.Errorf("no entry: %v", out.NotFetched)
	}
}

// TestRealPositionNotAnchored: the real view's leaf 0 of 11 has the same
// audit path as leaf 0 of any tree of 9 to 16 leaves: a tree_size changed
// within that range still verifies, which is why the report says
// « included in the batch », never « leaf i of n ». Out of it, the path
// length catches it.
func TestRealPositionNotAnchored(t *testing.T) {
	m := realMaterial(t)
	real := realworld.Read(realworld.View31)
	for size := 8; size <= 17; size++ {
		out := New(m, nil).Verify(parse(t, edit(t, real, func(m map[string]any) { obj(m, "batch_anchor")["tree_size"] = size })), Options{})
		if got, want := resultOf(out, CheckInclusion), OK; (size >= 9 && size <= 16) != (got == want) {
			t.Errorf("tree_size %d: inclusion %s (%s)", size, got, detailOf(out, CheckInclusion))
		}
		if strings.Contains(detailOf(out, CheckInclusion), "leaf 0") {
			t.Errorf("the position is reported: %s", detailOf(out, CheckInclusion))
		}
	}
}
