package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ark-forge/proveit/scorer/anchor/rfc3161/rfc3161test"
	"github.com/ark-forge/proveit/scorer/proof/prooftest"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/submission"
	"github.com/ark-forge/proveit/scorer/verify"
)

// realworld reads the real artefacts of package scorer/internal/realworld
// (README.md there names each file's source), by path: cmd/proveit may not
// import an internal package of scorer.
var realworld = struct {
	View31, View20, RekorEntry20, RekorUnrelated string
	TrustDir                                     func() string
	Path                                         func(string) string
	Read                                         func(string) []byte
}{
	View31:         "trust-layer/proof_proveit_gel.json", // spec 3.1, its Rekor entry not in the pack
	View20:         "trust-layer/proof_rekor.json",       // spec 2.0, anchored on its own
	RekorEntry20:   "trust-layer/rekor_entry.json",       // the Rekor API's answer for View20's uuid
	RekorUnrelated: "trust-layer/rekor_unrelated.json",   // a real entry of another kind (dsse)
	TrustDir:       func() string { return filepath.Join(realworldDir, "trust") },
	Path:           func(name string) string { return filepath.Join(realworldDir, filepath.FromSlash(name)) },
	Read: func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(realworldDir, filepath.FromSlash(name)))
		if err != nil {
			panic(err)
		}
		return b
	},
}

var realworldDir = filepath.Join("..", "..", "scorer", "internal", "realworld")

// verifyWorld is what a test issuer minted: two proofs of a closed batch,
// one of an open batch, and the trust material they verify against.
type verifyWorld struct {
	a, b, c     *prooftest.Proof // a and b anchored in one batch, c pending
	root, keys  []byte           // trusted_root.json, published_keys.json
	trustDir    string           // a directory holding root and keys
	genTime     time.Time        // the closed batch's anchored time
	did         string           // the DID every proof's identity opens to
	otherDir    string           // scratch space for the test's files
	viewA       string           // a's view, as served
	entryA      string           // a's Rekor entry, as the Rekor API serves it
	viewPending string           // c's view
}

func newVerifyWorld(t *testing.T) *verifyWorld {
	t.Helper()
	window := rfc3161test.Validity{NotBefore: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), NotAfter: time.Date(2026, 12, 31, 23, 59, 59, 0, time.UTC)}
	is, err := prooftest.New(prooftest.Config{Seed: []byte("cli verify"), KeyWindow: window})
	if err != nil {
		t.Fatal(err)
	}
	w := &verifyWorld{did: "did:key:z6MkCli", otherDir: t.TempDir()}
	at := time.Date(2026, 9, 25, 12, 0, 0, 0, time.UTC)
	issue := func() *prooftest.Proof {
		p, err := is.Issue(prooftest.Call{Target: "https://corpus.arkforge.tech/agrements/AGR-4417", Method: "GET", Payload: pyjson.ObjectValue(), Body: []byte(`{"statut": "actif"}`), DID: w.did, APIKey: "k", At: at})
		if err != nil {
			t.Fatal(err)
		}
		at = at.Add(time.Second)
		return p
	}
	w.a, w.b = issue(), issue()
	w.genTime = at.Add(time.Minute)
	if _, err := is.CloseBatch(w.genTime); err != nil {
		t.Fatal(err)
	}
	w.c = issue()
	if w.root, w.keys, err = is.TrustMaterial(); err != nil {
		t.Fatal(err)
	}
	w.trustDir = filepath.Join(t.TempDir(), "trust")
	writeFiles(t, w.trustDir, map[string][]byte{"trusted_root.json": w.root, "published_keys.json": w.keys})
	w.viewA = w.write(t, "a.json", w.view(t, w.a))
	w.entryA = w.write(t, "a-rekor.json", w.a.Rekor.Entry)
	w.viewPending = w.write(t, "c.json", w.view(t, w.c))
	return w
}

func (w *verifyWorld) view(t *testing.T, p *prooftest.Proof) []byte {
	t.Helper()
	v, err := p.ServedView(3)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func (w *verifyWorld) write(t *testing.T, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(w.otherDir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func writeFiles(t *testing.T, dir string, files map[string][]byte) {
	t.Helper()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// jsonReport is verify --json's output, decoded strictly.
type jsonReport struct {
	ProofID     *string `json:"proof_id"`
	SpecVersion *string `json:"spec_version"`
	Status      string  `json:"status"`
	Checks      []struct {
		Check   string `json:"check"`
		Outcome string `json:"outcome"`
		Detail  string `json:"detail"`
	} `json:"checks"`
	Incidents []struct {
		Field  string `json:"field"`
		Detail string `json:"detail"`
	} `json:"incidents"`
	Ignored []string `json:"ignored"`
}

// outcomes maps each check to its outcome.
func (r jsonReport) outcomes() map[string]string {
	m := map[string]string{}
	for _, c := range r.Checks {
		m[c.Check] = c.Outcome
	}
	return m
}

func (r jsonReport) detail(check string) string {
	for _, c := range r.Checks {
		if c.Check == check {
			return c.Detail
		}
	}
	return ""
}

// verifyJSON runs verify --json with args and decodes its standard output,
// which must be exactly one JSON object with exactly the documented keys,
// every check named once in verify.CheckNames' order, each outcome one of
// the four and the status one of the five.
func verifyJSON(t *testing.T, args ...string) (int, jsonReport, string) {
	t.Helper()
	code, stdout, stderr := runCLI(t, "", append([]string{"verify", "--json"}, args...)...)
	var keys map[string]json.RawMessage
	if err := json.Unmarshal([]byte(stdout), &keys); err != nil {
		t.Fatalf("verify --json %v: exit %d, stdout is not one JSON object: %v\n%s%s", args, code, err, stdout, stderr)
	}
	var got []string
	for k := range keys {
		got = append(got, k)
	}
	slices.Sort(got)
	if want := []string{"checks", "ignored", "incidents", "proof_id", "spec_version", "status"}; !slices.Equal(got, want) {
		t.Errorf("verify --json %v: keys %v, want %v", args, got, want)
	}
	dec := json.NewDecoder(strings.NewReader(stdout))
	dec.DisallowUnknownFields()
	var r jsonReport
	if err := dec.Decode(&r); err != nil {
		t.Fatalf("verify --json %v: %v\n%s", args, err, stdout)
	}
	if dec.More() {
		t.Errorf("verify --json %v: more than one JSON value on stdout:\n%s", args, stdout)
	}
	if r.ProofID == nil || r.Checks == nil || r.Incidents == nil || r.Ignored == nil {
		t.Errorf("verify --json %v: proof_id, checks, incidents and ignored must be present and not null:\n%s", args, stdout)
	}
	var names []string
	for _, c := range r.Checks {
		names = append(names, c.Check)
		if !slices.Contains([]string{"ok", "failed", "pending", "skipped"}, c.Outcome) {
			t.Errorf("verify --json %v: check %s has outcome %q", args, c.Check, c.Outcome)
		}
		if c.Detail == "" {
			t.Errorf("verify --json %v: check %s has no detail", args, c.Check)
		}
	}
	if len(names) > 1 && !slices.Equal(names, verify.CheckNames()) {
		t.Errorf("verify --json %v: checks %v, want %v", args, names, verify.CheckNames())
	}
	if !slices.Contains([]string{"valid", "invalid", "unbound_identity", "pending", "incomplete"}, r.Status) {
		t.Errorf("verify --json %v: status %q", args, r.Status)
	}
	return code, r, stderr
}

// wantOutcomes fails unless every check named in want has that outcome.
func wantOutcomes(t *testing.T, what string, r jsonReport, want map[string]string) {
	t.Helper()
	got := r.outcomes()
	for check, o := range want {
		if got[check] != o {
			t.Errorf("%s: check %s is %q, want %q (%s)", what, check, got[check], o, r.detail(check))
		}
	}
}

// TestVerifyTrustRealView31: ArkForge's real spec 3.1 view against the real
// trust material, without its Rekor entry (not in the pack): every check
// but rekor holds, rekor is skipped, and the proof is incomplete, exit 1.
func TestVerifyTrustRealView31(t *testing.T) {
	code, r, stderr := verifyJSON(t, "--trust", realworld.TrustDir(), realworld.Path(realworld.View31))
	if code != 1 || r.Status != "incomplete" {
		t.Fatalf("exit %d, status %q, want 1 and incomplete; %s", code, r.Status, stderr)
	}
	if !slices.Equal(namesOf(r), verify.CheckNames()) {
		t.Errorf("checks %v, want every check %v", namesOf(r), verify.CheckNames())
	}
	wantOutcomes(t, "real 3.1 view", r, map[string]string{
		"spec_version": "ok", "chain": "ok", "signature": "ok", "openings": "skipped", "inclusion": "ok",
		"rfc3161": "ok", "rekor": "skipped", "season_window": "skipped", "identity": "ok",
	})
	if *r.ProofID != "prf_20260923_072144_2ad720" || r.SpecVersion == nil || *r.SpecVersion != "3.1" {
		t.Errorf("proof_id %v, spec_version %v", *r.ProofID, r.SpecVersion)
	}
	if !strings.Contains(r.detail("rekor"), "108e9186e8c5677ad7fdd0e1b86b5fc6d178f40d929314428c77f5b35847ef4c10045def8277e795 is not available") {
		t.Errorf("rekor detail does not name the entry: %s", r.detail("rekor"))
	}
	// The text form says the same and how to complete it.
	code, stdout, _ := runCLI(t, "", "verify", "--trust", realworld.TrustDir(), realworld.Path(realworld.View31))
	for _, want := range []string{"proof prf_20260923_072144_2ad720 (spec 3.1, batch batch_20260923_072145_099)\n", "ok       chain ", "skipped  rekor ", "\nstatus: incomplete: the Rekor entry 108e9186", "give it with --rekor-entry FILE"} {
		if code != 1 || !strings.Contains(stdout, want) {
			t.Errorf("text form: exit %d, lacks %q:\n%s", code, want, stdout)
		}
	}
}

func namesOf(r jsonReport) []string {
	var out []string
	for _, c := range r.Checks {
		out = append(out, c.Check)
	}
	return out
}

// TestVerifyTrustRealView20: the real 2.0 view with its real Rekor entry
// verifies its anchors (rekor ok) and is unbound (2.0 commits no
// identity); with a real entry of another kind, rekor fails: invalid.
func TestVerifyTrustRealView20(t *testing.T) {
	view := realworld.Path(realworld.View20)
	code, r, stderr := verifyJSON(t, "--trust", realworld.TrustDir(), "--rekor-entry", realworld.Path(realworld.RekorEntry20), view)
	if code != 1 || r.Status != "unbound_identity" {
		t.Errorf("with its entry: exit %d, status %q, want 1 and unbound_identity; %s", code, r.Status, stderr)
	}
	wantOutcomes(t, "2.0 with its entry", r, map[string]string{"signature": "ok", "rfc3161": "ok", "rekor": "ok", "identity": "failed"})
	code, r, stderr = verifyJSON(t, "--trust", realworld.TrustDir(), "--rekor-entry", realworld.Path(realworld.RekorUnrelated), view)
	if code != 1 || r.Status != "invalid" {
		t.Errorf("with an unrelated entry: exit %d, status %q, want 1 and invalid; %s", code, r.Status, stderr)
	}
	wantOutcomes(t, "2.0 with an unrelated entry", r, map[string]string{"rfc3161": "ok", "rekor": "failed"})
	if !strings.Contains(r.detail("rekor"), "rekor.api.uuid") {
		t.Errorf("unrelated entry: rekor detail %q, want rekor.api.uuid", r.detail("rekor"))
	}
}

// TestVerifyTrustUnversioned: a view without spec_version is "unversioned"
// in the text form and null in JSON.
func TestVerifyTrustUnversioned(t *testing.T) {
	raw := realworld.Read(realworld.View20)
	re := []byte(`"spec_version":"2.0"`)
	if bytes.Count(raw, re) != 1 {
		t.Fatalf("the 2.0 view does not hold %s once", re)
	}
	view := writeFile(t, "unversioned.json", string(bytes.Replace(raw, re, []byte(`"spec_version":null`), 1)))
	code, r, _ := verifyJSON(t, "--trust", realworld.TrustDir(), view)
	if r.SpecVersion != nil {
		t.Errorf("spec_version %q, want null", *r.SpecVersion)
	}
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	wantOutcomes(t, "unversioned", r, map[string]string{"spec_version": "ok", "signature": "ok"})
	_, stdout, _ := runCLI(t, "", "verify", "--trust", realworld.TrustDir(), view)
	if !strings.Contains(stdout, "proof prf_20260303_161853_4d0904 (spec unversioned, batch (none))\n") {
		t.Errorf("text form does not say unversioned:\n%s", stdout)
	}
}

// TestVerifyTrustMinted: a view a test issuer minted, with its trust
// material and its Rekor entry given as files, is valid: exit 0, in the
// text form and in JSON.
func TestVerifyTrustMinted(t *testing.T) {
	w := newVerifyWorld(t)
	code, stdout, stderr := runCLI(t, "", "verify", "--trust", w.trustDir, "--rekor-entry", w.entryA, w.viewA)
	if code != 0 {
		t.Fatalf("text: exit %d\n%s%s", code, stdout, stderr)
	}
	for _, want := range []string{
		"proof " + w.a.ID + " (spec 3.1, batch " + w.a.Batch.ID + ")\n",
		"\nok       spec_version ", "\nok       chain ", "\nok       signature ", "\nskipped  openings ", "\nok       inclusion ",
		"\nok       rfc3161 ", "\nok       rekor ", "\nskipped  season_window ", "\nok       identity ",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("text: lacks %q:\n%s", want, stdout)
		}
	}
	if want := "\nstatus: valid, anchored at " + w.genTime.UTC().Format(time.RFC3339) + "\n"; !strings.HasSuffix(stdout, want) {
		t.Errorf("text: the last line is not %q:\n%s", want, stdout)
	}
	if strings.Contains(stdout, "incident") || strings.Contains(stdout, "ignored") {
		t.Errorf("text: an incident or an ignored key in an honest view:\n%s", stdout)
	}
	code, r, stderr := verifyJSON(t, "--trust", w.trustDir, "--rekor-entry", w.entryA, w.viewA)
	if code != 0 || r.Status != "valid" || *r.ProofID != w.a.ID || r.SpecVersion == nil || *r.SpecVersion != "3.1" {
		t.Fatalf("json: exit %d, %+v; %s", code, r, stderr)
	}
	wantOutcomes(t, "minted, json", r, map[string]string{
		"spec_version": "ok", "chain": "ok", "signature": "ok", "openings": "skipped", "inclusion": "ok",
		"rfc3161": "ok", "rekor": "ok", "season_window": "skipped", "identity": "ok",
	})
	if len(r.Incidents) != 0 || len(r.Ignored) != 0 {
		t.Errorf("json: incidents %v, ignored %v in an honest view", r.Incidents, r.Ignored)
	}
	// Without the entry: incomplete, exit 1, never valid.
	if code, r, _ := verifyJSON(t, "--trust", w.trustDir, w.viewA); code != 1 || r.Status != "incomplete" || r.outcomes()["rekor"] != "skipped" {
		t.Errorf("no --rekor-entry: exit %d, status %q, rekor %q; want 1, incomplete, skipped", code, r.Status, r.outcomes()["rekor"])
	}
	// Another log's entry: not this view's, rekor fails.
	if code, r, _ := verifyJSON(t, "--trust", w.trustDir, "--rekor-entry", realworld.Path(realworld.RekorEntry20), w.viewA); code != 1 || r.Status != "invalid" || r.outcomes()["rekor"] != "failed" {
		t.Errorf("another log's entry: exit %d, status %q, rekor %q; want 1, invalid, failed", code, r.Status, r.outcomes()["rekor"])
	}
	// A pending proof: pending, exit 1; the entry given is not read.
	if code, r, _ := verifyJSON(t, "--trust", w.trustDir, "--rekor-entry", w.entryA, w.viewPending); code != 1 || r.Status != "pending" || r.outcomes()["inclusion"] != "pending" {
		t.Errorf("pending: exit %d, status %q, inclusion %q", code, r.Status, r.outcomes()["inclusion"])
	}
}

// TestVerifyTrustSubmission: --submission with --trust opens request_hash
// and response_hash with the submission's disclosure and compares the
// identity with its agent_did.
func TestVerifyTrustSubmission(t *testing.T) {
	w := newVerifyWorld(t)
	sub := func(name, did string) string {
		d := w.a.Disclosure()
		open := func(o submission.Opening) map[string]string {
			return map[string]string{"nonce": o.Nonce, "value": o.Value}
		}
		b, err := json.Marshal(map[string]any{
			"season": 7, "track": "conformite", "task_id": "conf-01", "agent_did": did, "verdict": "conforme",
			"assertions":  []any{map[string]any{"id": "a1", "claim": map[string]string{"resource": "/agrements/AGR-4417", "field": "/statut", "value": "actif"}, "proof_ids": []string{w.a.ID}}},
			"disclosures": map[string]any{w.a.ID: map[string]any{"request_hash": open(d.RequestHash), "response_hash": open(d.ResponseHash)}},
			"narrative":   "test",
		})
		if err != nil {
			t.Fatal(err)
		}
		return w.write(t, name, b)
	}
	good := sub("own.json", w.did)
	code, r, stderr := verifyJSON(t, "--trust", w.trustDir, "--rekor-entry", w.entryA, "--submission", good, w.viewA)
	if code != 0 || r.outcomes()["openings"] != "ok" || r.outcomes()["identity"] != "ok" || !strings.Contains(r.detail("identity"), w.did) {
		t.Errorf("own submission: exit %d, openings %q, identity %q (%s); %s", code, r.outcomes()["openings"], r.outcomes()["identity"], r.detail("identity"), stderr)
	}
	other := sub("other.json", "did:key:z6MkOther")
	if code, r, _ := verifyJSON(t, "--trust", w.trustDir, "--rekor-entry", w.entryA, "--submission", other, w.viewA); code != 1 || r.Status != "unbound_identity" || r.outcomes()["identity"] != "failed" {
		t.Errorf("another agent_did: exit %d, status %q, identity %q", code, r.Status, r.outcomes()["identity"])
	}
}

// flipOne returns view with one character of the string value at path
// changed (the middle one, 0 for 1 or 1 for 0 and anything else for 0):
// that value must occur once in view.
func flipOne(t *testing.T, view []byte, path ...any) []byte {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(view))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	for _, p := range path {
		switch k := p.(type) {
		case string:
			v = v.(map[string]any)[k]
		case int:
			v = v.([]any)[k]
		}
	}
	s := v.(string)
	old := []byte(`"` + s + `"`)
	if n := bytes.Count(view, old); n != 1 {
		t.Fatalf("%v: %s occurs %d times in the view", path, old, n)
	}
	b := []byte(s)
	i := len(b) / 2
	if b[i] == '0' {
		b[i] = '1'
	} else {
		b[i] = '0'
	}
	return bytes.Replace(view, old, []byte(`"`+string(b)+`"`), 1)
}

// TestVerifyTrustTampered: one character changed in a commitment, the
// signature or an audit path hash fails the check that reads it, in JSON,
// and the proof is invalid; the checks before it still hold.
func TestVerifyTrustTampered(t *testing.T) {
	w := newVerifyWorld(t)
	view := w.view(t, w.a)
	for _, c := range []struct {
		name   string
		path   []any
		failed string
		ok     []string
	}{
		{"commitment", []any{"commitments", "response_hash"}, "chain", []string{"spec_version", "signature", "inclusion", "rfc3161", "rekor"}},
		{"signature", []any{"arkforge_signature"}, "signature", []string{"spec_version", "chain", "inclusion", "rfc3161", "rekor"}},
		{"audit path", []any{"batch_anchor", "audit_path", 0}, "inclusion", []string{"spec_version", "chain"}},
	} {
		f := w.write(t, "tampered-"+strings.ReplaceAll(c.name, " ", "-")+".json", flipOne(t, view, c.path...))
		code, r, stderr := verifyJSON(t, "--trust", w.trustDir, "--rekor-entry", w.entryA, f)
		if code != 1 || r.Status != "invalid" {
			t.Errorf("%s: exit %d, status %q, want 1 and invalid; %s", c.name, code, r.Status, stderr)
		}
		want := map[string]string{c.failed: "failed"}
		for _, ok := range c.ok {
			want[ok] = "ok"
		}
		wantOutcomes(t, c.name, r, want)
		for _, ch := range r.Checks {
			if ch.Outcome == "failed" {
				if ch.Check != c.failed {
					t.Errorf("%s: the first check to fail is %s, want %s: %s", c.name, ch.Check, c.failed, ch.Detail)
				}
				break
			}
		}
	}
}

// TestVerifyIncidentsAndIgnored: a flat identity field that differs from
// its opening is an incident, a key the verifier does not know is listed
// as ignored, in both forms; neither changes the status.
func TestVerifyIncidentsAndIgnored(t *testing.T) {
	w := newVerifyWorld(t)
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(w.view(t, w.a), &doc); err != nil {
		t.Fatal(err)
	}
	doc["agent_identity"] = json.RawMessage(`"did:key:z6MkSomeoneElse"`)
	doc["future_field"] = json.RawMessage(`{"x": 1}`)
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	f := w.write(t, "extra.json", b)
	code, r, _ := verifyJSON(t, "--trust", w.trustDir, "--rekor-entry", w.entryA, f)
	if code != 0 || r.Status != "valid" {
		t.Errorf("exit %d, status %q: an incident or an unknown key changed the status", code, r.Status)
	}
	if len(r.Incidents) != 1 || r.Incidents[0].Field != "agent_identity" || !strings.Contains(r.Incidents[0].Detail, "did:key:z6MkSomeoneElse") {
		t.Errorf("incidents %+v, want one on agent_identity", r.Incidents)
	}
	if !slices.Equal(r.Ignored, []string{"/future_field"}) {
		t.Errorf("ignored %v, want [/future_field]", r.Ignored)
	}
	_, stdout, _ := runCLI(t, "", "verify", "--trust", w.trustDir, "--rekor-entry", w.entryA, f)
	inc, ign, st := strings.Index(stdout, "\nincident flat field agent_identity is \"did:key:z6MkSomeoneElse\""), strings.Index(stdout, "\nignored  /future_field: not read"), strings.Index(stdout, "\nstatus: valid")
	if inc < 0 || ign < inc || st < ign || st < strings.Index(stdout, "\nok       identity") {
		t.Errorf("text: want the checks, the incident, the ignored key, then the status:\n%s", stdout)
	}
}

// TestVerifyUsageAndUnreadable: bad usage and input that cannot be read
// exit 2, print nothing on stdout, and say what is wrong on stderr.
func TestVerifyUsageAndUnreadable(t *testing.T) {
	w := newVerifyWorld(t)
	noKeys := filepath.Join(t.TempDir(), "trust")
	writeFiles(t, noKeys, map[string][]byte{"trusted_root.json": w.root})
	season := filepath.Join(t.TempDir(), "7")
	notJSON := w.write(t, "not.json", []byte("this is not JSON\n"))
	notView := w.write(t, "not-a-view.json", []byte(`{"proof_id": "../../x"}`))
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"no --trust nor --season", []string{w.viewA}, "--trust DIR, or --season DIR"},
		{"both", []string{"--trust", w.trustDir, "--season", season, w.viewA}, "one of --trust and --season, not both"},
		{"a PROOF_ID with --trust", []string{"--trust", w.trustDir, w.a.ID}, "--season DIR"},
		{"--rekor-entry with --season", []string{"--season", season, "--rekor-entry", w.entryA, w.a.ID}, "--rekor-entry is for --trust"},
		{"no argument", []string{"--trust", w.trustDir}, "want one view file or proof id, got 0"},
		{"two arguments", []string{"--trust", w.trustDir, w.viewA, w.viewA}, "got 2 arguments"},
		{"an unknown flag", []string{"--trust", w.trustDir, "--rekor", w.entryA, w.viewA}, "flag provided but not defined: -rekor"},
		{"a missing view file", []string{"--trust", w.trustDir, filepath.Join(w.otherDir, "absent.json")}, "absent.json"},
		{"a view that is not JSON", []string{"--trust", w.trustDir, notJSON}, "not.json"},
		{"a JSON document that is not a view", []string{"--trust", w.trustDir, notView}, "/proof_id"},
		{"a trust dir without published_keys.json", []string{"--trust", noKeys, w.viewA}, "published_keys.json"},
		{"a trust dir that does not exist", []string{"--trust", filepath.Join(w.otherDir, "nowhere"), w.viewA}, "trusted_root.json"},
		{"a missing --rekor-entry", []string{"--trust", w.trustDir, "--rekor-entry", filepath.Join(w.otherDir, "absent-rekor.json"), w.viewA}, "--rekor-entry " + filepath.Join(w.otherDir, "absent-rekor.json")},
		{"a --rekor-entry that is a directory", []string{"--trust", w.trustDir, "--rekor-entry", w.otherDir, w.viewA}, "is a directory"},
		{"a missing --submission", []string{"--trust", w.trustDir, "--submission", filepath.Join(w.otherDir, "absent-sub.json"), w.viewA}, "absent-sub.json"},
		{"a season that does not load", []string{"--season", season, w.a.ID}, season},
	} {
		for _, form := range [][]string{nil, {"--json"}} {
			code, stdout, stderr := runCLI(t, "", append(append([]string{"verify"}, form...), c.args...)...)
			if code != 2 || stdout != "" || !strings.Contains(stderr, c.want) {
				t.Errorf("%s %v: exit %d, stdout %q, stderr %q; want exit 2, nothing on stdout, %q", c.name, form, code, stdout, stderr, c.want)
			}
		}
	}
	code, _, stderr := runCLI(t, "", "verify", "-h")
	for _, want := range []string{
		"usage: proveit verify (--trust DIR [--rekor-entry FILE] | --season DIR)", "published_keys.json", "trusted_root.json",
		"GET {rekor}/api/v1/log/entries/{uuid}", "rekor check is skipped and the status is\n                 incomplete",
		`"spec_version": "3.1" or null`, `"incidents"`, `"ignored"`, `"unversioned"`, "Exit status: 0 for a valid proof",
		`"status": "valid" | "invalid" | "unbound_identity" | "pending" | "incomplete"`, "-rekor-entry", "-json",
	} {
		if code != 0 || !strings.Contains(stderr, want) {
			t.Errorf("verify -h: exit %d, lacks %q", code, want)
		}
	}
	for _, name := range verify.CheckNames() {
		if !strings.Contains(stderr, "\n  "+name+" ") {
			t.Errorf("verify -h does not describe the check %s", name)
		}
	}
}

// verifySeason writes a season with the test issuer's trust material (its
// trust/ holding trusted_root.json and published_keys.json) and a cache
// holding a valid proof, a tampered copy of another, a pending one and a
// 404 record. It returns the season directory and the proof ids.
func verifySeason(t *testing.T) (dir, valid, tampered, pending, missing string) {
	t.Helper()
	w := newVerifyWorld(t)
	dir = filepath.Join(t.TempDir(), "7")
	files := map[string][]byte{
		"season.toml": []byte(`number = 7
title = { fr = "Saison 7", en = "Season 7" }
opens_at = 2026-09-21T08:00:00Z
closes_at = 2026-10-05T20:00:00Z
status = "open"
demo = true
corpus_host = "https://corpus.arkforge.tech"
challenge_did = "did:key:z6MkChallenge"
tracks = []
`),
		"trust/trusted_root.json":   w.root,
		"trust/published_keys.json": w.keys,
	}
	for _, p := range []*prooftest.Proof{w.a, w.b, w.c} {
		cached, err := p.CacheFiles()
		if err != nil {
			t.Fatal(err)
		}
		for name, v := range cached {
			if p == w.b && strings.HasPrefix(name, "proofs/") {
				chain := []byte(w.b.Chain.Hex() + `"`)
				if bytes.Count(v, chain) != 1 {
					t.Fatalf("the cached view of b does not hold its chain once")
				}
				v = bytes.Replace(v, chain, []byte(strings.Repeat("0", 64)+`"`), 1)
			}
			files[name] = v
		}
	}
	missing = "prf_20260925_130000_abcdef"
	files["proofs/"+missing+".json"] = []byte(`{"not_found": true, "proof_id": "` + missing + `"}`)
	writeFiles(t, dir, files)
	return dir, w.a.ID, w.b.ID, w.c.ID, missing
}

func TestVerifySeason(t *testing.T) {
	dir, valid, tampered, pending, missing := verifySeason(t)
	code, stdout, stderr := runCLI(t, "", "verify", "--season", dir, valid)
	if code != 0 {
		t.Fatalf("valid proof: exit %d\n%s%s", code, stdout, stderr)
	}
	for _, want := range []string{"ok       chain", "ok       signature", "ok       inclusion", "ok       rfc3161", "ok       rekor", "ok       season_window", "skipped  openings", "ok       identity", "\nstatus: valid, anchored at 2026-09-25T12:01:0"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("valid proof: output lacks %q:\n%s", want, stdout)
		}
	}
	if code, _, _ = runCLI(t, "", "verify", valid, "--season", dir); code != 0 {
		t.Errorf("flags after the id: exit %d", code)
	}
	if code, r, _ := verifyJSON(t, "--season", dir, valid); code != 0 || r.Status != "valid" || r.outcomes()["season_window"] != "ok" {
		t.Errorf("--season --json: exit %d, status %q, season_window %q", code, r.Status, r.outcomes()["season_window"])
	}
	code, stdout, _ = runCLI(t, "", "verify", "--season", dir, tampered)
	if code != 1 || !strings.Contains(stdout, "failed   chain") || !strings.Contains(stdout, "status: invalid: chain: the Merkle root of the ") {
		t.Errorf("tampered proof: exit %d\n%s", code, stdout)
	}
	code, stdout, _ = runCLI(t, "", "verify", "--season", dir, pending)
	if code != 1 || !strings.Contains(stdout, "pending  inclusion") || !strings.Contains(stdout, "status: pending") {
		t.Errorf("pending proof: exit %d\n%s", code, stdout)
	}
	code, _, stderr = runCLI(t, "", "verify", "--season", dir, missing)
	if code != 2 || !strings.Contains(stderr, "does not exist: the Trust Layer answered 404") {
		t.Errorf("404 proof: exit %d %s", code, stderr)
	}
	code, _, stderr = runCLI(t, "", "verify", "--season", dir, "prf_20260101_000000_000000")
	if code != 2 || !strings.Contains(stderr, "is not in the cache") {
		t.Errorf("uncached proof: exit %d %s", code, stderr)
	}
	view := filepath.Join(dir, "proofs", valid+".json")
	if code, _, _ := runCLI(t, "", "verify", "--season", dir, view); code != 0 {
		t.Errorf("a view file: exit %d", code)
	}
	bad := writeFile(t, "bad.json", `{"proof_id": "../../x"}`)
	if code, _, stderr := runCLI(t, "", "verify", "--season", dir, bad); code != 2 || !strings.Contains(stderr, "/proof_id") {
		t.Errorf("a bad view file: exit %d %s", code, stderr)
	}
	if code, _, _ := runCLI(t, "", "verify", valid); code != 2 {
		t.Errorf("no --season: exit %d", code)
	}
	// The batch's Rekor entry removed from the cache: incomplete, exit 1,
	// and the way to complete it.
	entries, err := filepath.Glob(filepath.Join(dir, "anchors", "rekor", "*.json"))
	if err != nil || len(entries) != 1 {
		t.Fatalf("want one cached Rekor entry, the closed batch's: %v %v", entries, err)
	}
	if err := os.Remove(entries[0]); err != nil {
		t.Fatal(err)
	}
	code, stdout, _ = runCLI(t, "", "verify", "--season", dir, valid)
	if code != 1 || !strings.Contains(stdout, "skipped  rekor") || !strings.Contains(stdout, "status: incomplete: ") || !strings.Contains(stdout, "run proveit fetch") {
		t.Errorf("entry not cached: exit %d\n%s", code, stdout)
	}
}

// TestNonRegularInputs: a device, a named pipe or a directory given to
// verify, canon or response-hash ends at once in one clear line naming the
// path and its kind; nothing is opened for reading, nothing waits.
func TestNonRegularInputs(t *testing.T) {
	dir, valid, _, _, _ := verifySeason(t)
	trustDir, view := filepath.Join(dir, "trust"), filepath.Join(dir, "proofs", valid+".json")
	fifo := filepath.Join(t.TempDir(), "pipe.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatalf("named pipes are needed for this test: %v", err)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"verify", "--season", dir, "/dev/zero"}, 2, "/dev/zero: is a character device, want a regular file"},
		{[]string{"verify", "--season", dir, fifo}, 2, fifo + ": is a named pipe (FIFO), want a regular file"},
		{[]string{"verify", "--season", dir, dir}, 2, dir + ": is a directory, want a regular file"},
		{[]string{"verify", "--trust", trustDir, fifo}, 2, fifo + ": is a named pipe (FIFO), want a regular file"},
		{[]string{"verify", "--trust", trustDir, "--rekor-entry", fifo, view}, 2, fifo + ": is a named pipe (FIFO), want a regular file"},
		{[]string{"canon", fifo}, 1, fifo + ": is a named pipe (FIFO), want a regular file"},
		{[]string{"canon", "/dev/zero"}, 1, "/dev/zero: is a character device, want a regular file"},
		{[]string{"response-hash", fifo}, 1, fifo + ": is a named pipe (FIFO), want a regular file"},
	} {
		code, _, stderr := runCLI(t, "", c.args...)
		if code != c.code || !strings.Contains(stderr, c.want) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and one line with %q", c.args, code, stderr, c.code, c.want)
		}
	}
}

// TestVerifyOpensWithTheOwnersDisclosure: another participant who cites
// someone's valid proof with wrong openings cannot make verify report it
// invalid; the foreign disclosure is named and only used on request.
func TestVerifyOpensWithTheOwnersDisclosure(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "0")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "seasons", "0"))); err != nil {
		t.Fatal(err)
	}
	// boussole's first cited proof of conf-01, which it discloses.
	var own struct {
		Assertions []struct {
			ProofIDs []string `json:"proof_ids"`
		} `json:"assertions"`
		Disclosures map[string]json.RawMessage `json:"disclosures"`
	}
	raw, err := os.ReadFile(filepath.Join(dir, "conformite", "submissions", "boussole", "conf-01.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &own); err != nil || len(own.Assertions) == 0 || len(own.Assertions[0].ProofIDs) == 0 {
		t.Fatalf("boussole's conf-01 cites no proof: %v", err)
	}
	id := own.Assertions[0].ProofIDs[0]
	if _, ok := own.Disclosures[id]; !ok {
		t.Fatalf("boussole's conf-01 does not disclose %s", id)
	}
	other := filepath.Join(dir, "conformite", "submissions", "albatros", "conf-01.json")
	raw, err = os.ReadFile(other)
	if err != nil {
		t.Fatal(err)
	}
	var sub map[string]any
	if err := json.Unmarshal(raw, &sub); err != nil {
		t.Fatal(err)
	}
	a := sub["assertions"].([]any)[0].(map[string]any)
	a["proof_ids"] = append(a["proof_ids"].([]any), id)
	bogus := map[string]any{"nonce": strings.Repeat("ab", 32), "value": strings.Repeat("cd", 32)}
	sub["disclosures"].(map[string]any)[id] = map[string]any{"request_hash": bogus, "response_hash": bogus}
	raw, _ = json.Marshal(sub)
	if err := os.WriteFile(other, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(t, "", "verify", "--season", dir, id)
	if code != 0 || !strings.Contains(stdout, "participant boussole, the proof's own") ||
		!strings.Contains(stdout, "also disclosed by conformite/submissions/albatros/conf-01.json (participant albatros), not the proof's own participant: not used") ||
		!strings.Contains(stdout, "ok       openings") || !strings.Contains(stdout, "status: valid") {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, _ = runCLI(t, "", "verify", "--season", dir, "--submission", other, id)
	if code != 1 || !strings.Contains(stdout, "not the proof's own participant") || !strings.Contains(stdout, "failed   openings") || !strings.Contains(stdout, "status: invalid") {
		t.Errorf("--submission with the foreign disclosure: exit %d\n%s", code, stdout)
	}
	if code, _, stderr := runCLI(t, "", "verify", "--season", dir, "--submission", filepath.Join(dir, "conformite", "submissions", "albatros", "conf-02.json"), id); code != 2 || !strings.Contains(stderr, "does not disclose proof "+id) {
		t.Errorf("--submission that does not disclose the proof: exit %d %s", code, stderr)
	}
}
