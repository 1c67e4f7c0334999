package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ark-forge/proveit/cmd/proveit/internal/fetch"
	"github.com/ark-forge/proveit/cmd/proveit/internal/fetch/fetchtest"
	"github.com/ark-forge/proveit/scorer/anchor/rfc3161/rfc3161test"
	"github.com/ark-forge/proveit/scorer/hashes"
	"github.com/ark-forge/proveit/scorer/proof"
	"github.com/ark-forge/proveit/scorer/proof/prooftest"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/season"
)

// fetchSeason writes a season whose conforming submission (alice's) cites
// cited proofs (minted by a test issuer, all but the last closed) and one
// made-up id, whose submission rejected at entry (bob's: its verdict is not
// a string) names one more closed proof, cited nowhere else, and the first
// of alice's, and whose preregistration cites a freeze proof; a test Trust
// Layer serves every minted view. It returns the season directory, the
// server, every id the season cites (the freeze, the made-up id, alice's,
// then the one only bob's names) and the minted views by id. A test Rekor
// log serves the issuer's entries: fetchArgs names both servers.
func fetchSeason(t *testing.T, cited int) (string, *fetchtest.Server, []string, map[string][]byte) {
	t.Helper()
	window := rfc3161test.Validity{NotBefore: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), NotAfter: time.Date(2026, 12, 31, 23, 59, 59, 0, time.UTC)}
	is, err := prooftest.New(prooftest.Config{Seed: []byte("cli fetch"), KeyWindow: window})
	if err != nil {
		t.Fatal(err)
	}
	srv := fetchtest.New()
	t.Cleanup(srv.Close)
	rk := fetchtest.NewRekor()
	t.Cleanup(rk.Close)
	rekors[srv] = rk
	at := time.Date(2026, 9, 25, 12, 0, 0, 0, time.UTC)
	body := `{"statut": "actif"}`
	issue := func(target string) *prooftest.Proof {
		p, err := is.Issue(prooftest.Call{Target: target, Method: "GET", Payload: pyjson.ObjectValue(), Body: []byte(body), DID: "did:key:z6MkCliFetch", APIKey: "k", At: at})
		if err != nil {
			t.Fatal(err)
		}
		at = at.Add(time.Second)
		return p
	}
	freeze := issue("https://proveit.arkforge.tech/v1/season/7/freeze")
	var ps []*prooftest.Proof
	for range cited - 1 {
		ps = append(ps, issue("https://corpus.arkforge.tech/agrements/AGR-4417"))
	}
	rejected := issue("https://corpus.arkforge.tech/agrements/AGR-4417")
	if _, err := is.CloseBatch(at.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	rk.PutAll(is.RekorEntries())
	pending := issue("https://corpus.arkforge.tech/agrements/AGR-4417")
	ps = append(ps, pending)
	views := map[string][]byte{}
	for _, p := range append(ps, freeze, rejected) {
		v, err := p.View()
		if err != nil {
			t.Fatal(err)
		}
		views[p.ID] = v
		srv.Put(p.ID, v)
	}
	ghost := "prf_20260925_130000_abcdef"
	var assertions []map[string]any
	disclosures := map[string]any{}
	ids := []string{freeze.ID, ghost}
	for i, p := range ps {
		assertions = append(assertions, map[string]any{"id": fmt.Sprintf("a%d", i+1), "claim": map[string]any{"resource": "/agrements/AGR-4417", "field": "/statut", "value": fmt.Sprintf("v%d", i)}, "proof_ids": []string{p.ID}})
		d := p.Disclosure()
		disclosures[p.ID] = map[string]any{"request_hash": map[string]string{"nonce": d.RequestHash.Nonce, "value": d.RequestHash.Value}, "response_hash": map[string]string{"nonce": d.ResponseHash.Nonce, "value": d.ResponseHash.Value}}
		ids = append(ids, p.ID)
	}
	assertions = append(assertions, map[string]any{"id": "ghost", "claim": map[string]any{"resource": "/agrements/AGR-4417", "field": "/statut", "value": "x"}, "proof_ids": []string{ghost}})
	disclosures[ghost] = disclosures[ps[0].ID]
	sub, err := json.Marshal(map[string]any{"season": 7, "track": "conformite", "task_id": "conf-01", "agent_did": "did:key:z6MkCliFetch", "verdict": "conforme", "assertions": assertions, "disclosures": disclosures})
	if err != nil {
		t.Fatal(err)
	}
	bobs := []map[string]any{{"id": "b1", "claim": map[string]any{"resource": "/agrements/AGR-4417", "field": "/statut", "value": "actif"}, "proof_ids": []string{rejected.ID, ps[0].ID}}}
	bob, err := json.Marshal(map[string]any{"season": 7, "track": "conformite", "task_id": "conf-01", "agent_did": "did:key:z6MkBob", "verdict": 1, "assertions": bobs, "disclosures": map[string]any{rejected.ID: disclosures[ps[0].ID]}})
	if err != nil {
		t.Fatal(err)
	}
	ids = append(ids, rejected.ID)
	root, tl, err := is.TrustMaterial()
	if err != nil {
		t.Fatal(err)
	}
	hex1 := strings.Repeat("1", 64)
	system := map[string]string{"403": `{"erreur": "accès refusé"}`, "503": `{"erreur": "corpus indisponible"}`, "400": `{"erreur": "requête invalide"}`}
	var res []string
	files := map[string][]byte{
		"season.toml": []byte(`number = 7
title = { fr = "Saison 7", en = "Season 7" }
opens_at = 2026-09-21T08:00:00Z
closes_at = 2026-10-05T20:00:00Z
status = "open"
demo = true
corpus_host = "https://corpus.arkforge.tech"
challenge_did = "did:key:z6MkChallenge"
tracks = ["conformite"]
track_titles.conformite = { fr = "conformité", en = "compliance" }
`),
		"trust/trusted_root.json":                   root,
		"trust/published_keys.json":                 tl,
		"participants/alice.toml":                   []byte("agent = \"Alice\"\ndid = \"did:key:z6MkCliFetch\"\ndeclared_stack = \"\"\nenrolled_at = 2026-09-20T09:00:00Z\n"),
		"conformite/bareme.md":                      []byte("# conformite-bareme-v3\n"),
		"conformite/questions.en.toml":              []byte("conf-01 = \"Is entity ENT-0001 compliant?\"\n"),
		"conformite/corpus/agr.json":                []byte(body),
		"conformite/submissions/alice/conf-01.json": sub,
		"participants/bob.toml":                     []byte("agent = \"Bob\"\ndid = \"did:key:z6MkBob\"\ndeclared_stack = \"\"\nenrolled_at = 2026-09-20T09:00:00Z\n"),
		"conformite/submissions/bob/conf-01.json":   bob,
		"conformite/track.toml": []byte(`bareme = "conformite-bareme-v3"
task_prefix = "conf"
trap_families = ["P1", "P2", "P3", "P4", "P5"]
control_family = "controle"
verdicts = ["conforme", "non_conforme", "indeterminable"]

[[tasks]]
id = "conf-01"
question = "L'entité ENT-0001 est-elle conforme ?"
min_assertions = 1
max_assertions = 2

[distribution]
conforme = 1
non_conforme = 0
indeterminable = 0
`),
		"conformite/preregistration.toml": []byte(`[[freezes]]
bareme = "conformite-bareme-v3"
proof_id = "` + freeze.ID + `"
target = "https://proveit.arkforge.tech/v1/season/7/freeze"
method = "POST"
payload = '{}'
request_hash = { nonce = "` + hex1 + `", value = "` + hex1 + `" }
response_hash = { nonce = "` + hex1 + `", value = "` + hex1 + `" }
`),
	}
	res = append(res, fmt.Sprintf(`{"path": "/agrements/AGR-4417", "target": "https://corpus.arkforge.tech/agrements/AGR-4417", "method": "GET", "payload": null, "file": "agr.json", "response_hash": %q}`, hashes.ResponseHash([]byte(body))))
	for code, b := range system {
		files["conformite/corpus/_systeme/"+code+".json"] = []byte(b)
		res = append(res, fmt.Sprintf(`{"path": "/_systeme/%s", "target": "https://corpus.arkforge.tech/_systeme/%s", "method": "GET", "payload": null, "file": "_systeme/%s.json", "response_hash": %q}`, code, code, code, hashes.ResponseHash([]byte(b))))
	}
	files["conformite/corpus/manifest.json"] = []byte(`{"host": "https://corpus.arkforge.tech", "resources": [` + strings.Join(res, ",\n") + `]}`)
	dir := filepath.Join(t.TempDir(), "7")
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	fetchHTTP = srv.Client()
	t.Cleanup(func() { fetchHTTP = nil })
	return dir, srv, ids, views
}

// rekors is the test Rekor log of each test Trust Layer fetchSeason starts.
var rekors = map[*fetchtest.Server]*fetchtest.Rekor{}

// fetchArgs are the arguments of proveit fetch for a season of fetchSeason.
func fetchArgs(dir string, srv *fetchtest.Server, state string) []string {
	return []string{"fetch", "--season", dir, "--base", srv.URL, "--rekor", rekors[srv].URL, "--state", state}
}

// TestFetchCommand: a dry run makes no call; a run fills the cache (views,
// the pending one, the one only a rejected submission names, the 404
// record: null in the grouped answer, then 404 alone), which the season
// loader accepts and verify reads; a second run reads only the pending
// view again.
func TestFetchCommand(t *testing.T) {
	dir, srv, ids, _ := fetchSeason(t, 4)
	state := filepath.Join(t.TempDir(), "state.json")
	args := fetchArgs(dir, srv, state)

	code, stdout, stderr := runCLI(t, "", append(args, "--dry-run")...)
	if code != 0 || srv.Calls() != 0 {
		t.Fatalf("dry run: exit %d, %d calls\n%s%s", code, srv.Calls(), stdout, stderr)
	}
	for _, want := range []string{"7 proofs cited; cached: 0 closed, 0 not found, 0 pending, 0 unreadable, 7 missing", "Rekor: 0 entries to read from " + rekors[srv].URL, "to read: 7 proofs in 1 call (at most 50 ids each)", "budget: 100 of 100 reads left in the last 1h0m0s (state " + state + ")", "dry run: no call made", "1 call fits in the budget now: no wait"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("dry run lacks %q:\n%s", want, stdout)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "proofs")); !os.IsNotExist(err) {
		t.Error("the dry run created proofs/")
	}
	if _, err := os.Stat(state); !os.IsNotExist(err) {
		t.Error("the dry run wrote the state")
	}

	code, stdout, stderr = runCLI(t, "", args...)
	if code != 0 || srv.Calls() != 2 {
		t.Fatalf("run: exit %d, %d calls\n%s%s", code, srv.Calls(), stdout, stderr)
	}
	for _, want := range []string{
		"[1] POST /v1/proofs, 7 ids: HTTP 200, 6 views, 1 null (read alone next) · 99 of 100 reads left",
		"[2] GET /v1/proof/" + ids[1] + ": HTTP 404, not found · 98 of 100 reads left",
		"done: 2 calls; 6 views written, 1 not found recorded, 0 unchanged, 0 refused, 0 incidents, 0 not read; 98 of 100 reads left",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("run lacks %q:\n%s", want, stdout)
		}
	}
	s, err := season.Load(dir)
	if err != nil {
		t.Fatalf("the season does not load after fetch: %v", err)
	}
	if len(s.Proofs) != 7 {
		t.Errorf("%d proofs cached", len(s.Proofs))
	}
	if p, err := s.Track("conformite").Submission("bob", "conf-01").Read(); err != nil || p.Err == nil {
		t.Fatalf("bob's submission parses: %v %v", p, err)
	}
	for _, id := range ids {
		data, err := os.ReadFile(filepath.Join(dir, "proofs", id+".json"))
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := proof.ParseCached(id, data); err != nil {
			t.Errorf("proof %s: %v", id, err)
		}
	}
	rk := rekors[srv]
	if got := rk.Requests(); len(got) != 1 || !strings.Contains(stdout, "Rekor: 1 call; 1 entries written, 0 not found recorded") {
		t.Errorf("the log got %v\n%s", got, stdout)
	}
	if len(s.RekorEntries) != 1 {
		t.Errorf("%d Rekor entries cached", len(s.RekorEntries))
	}
	if code, stdout, _ := runCLI(t, "", "verify", "--season", dir, ids[2]); code != 0 {
		t.Errorf("verify of a fetched proof: exit %d\n%s", code, stdout)
	}
	if code, _, stderr := runCLI(t, "", "verify", "--season", dir, ids[1]); code != 2 || !strings.Contains(stderr, "does not exist: the Trust Layer answered 404") {
		t.Errorf("verify of the 404: exit %d %s", code, stderr)
	}

	// Only the pending view is read again, alone.
	code, stdout, _ = runCLI(t, "", args...)
	reqs := srv.Requests()
	if code != 0 || len(reqs) != 3 || reqs[2].Method != "GET" || reqs[2].IDs[0] != ids[len(ids)-2] {
		t.Fatalf("second run: exit %d, %v\n%s", code, reqs, stdout)
	}
	if !strings.Contains(stdout, "cached: 5 closed, 1 not found, 1 pending") || !strings.Contains(stdout, "1 unchanged") {
		t.Errorf("second run:\n%s", stdout)
	}
	if len(rk.Requests()) != 1 {
		t.Errorf("the second run read the log again: %v", rk.Requests())
	}
	// Without its entry, a cited proof cannot be completely verified:
	// verify says it is incomplete and to fetch, and exits 1.
	if err := os.Remove(filepath.Join(dir, "anchors", "rekor", s.RekorEntries[0].UUID+".json")); err != nil {
		t.Fatal(err)
	}
	if code, stdout, stderr := runCLI(t, "", "verify", "--season", dir, ids[2]); code != 1 || !strings.Contains(stdout, "is not in the cache") || !strings.Contains(stdout, "run proveit fetch") || !strings.Contains(stdout, "skipped  rekor") || !strings.Contains(stdout, "status: incomplete") {
		t.Errorf("verify without the entry: exit %d\n%s%s", code, stdout, stderr)
	}
	raw, _ := os.ReadFile(state)
	if !strings.Contains(string(raw), `"format": "proveit-fetch-state/1"`) || strings.Count(string(raw), "Z\"") != 3 {
		t.Errorf("state:\n%s", raw)
	}
}

// TestFetchLimit: with the budget spent by earlier runs, fetch makes no
// call, says when to run again, and exits 3; a dry run says how long the
// limit makes the calls take.
func TestFetchLimit(t *testing.T) {
	dir, srv, _, _ := fetchSeason(t, 2)
	state := filepath.Join(t.TempDir(), "state.json")
	st := &fetch.State{}
	w := st.Window(srv.URL)
	oldest := time.Now().Add(-20 * time.Minute).UTC().Truncate(time.Second)
	for i := range 100 {
		w.Record(oldest.Add(time.Duration(i) * time.Second))
	}
	if err := (fetch.FileStore{Path: state}).Save(st); err != nil {
		t.Fatal(err)
	}
	args := fetchArgs(dir, srv, state)
	code, stdout, _ := runCLI(t, "", append(args, "--dry-run")...)
	resume := oldest.Add(time.Hour).Format(time.RFC3339)
	if code != 0 || !strings.Contains(stdout, "budget: 0 of 100 reads left") || !strings.Contains(stdout, "the last can be made at "+resume) || !strings.Contains(stdout, "with --wait 1m0s a run makes 0 of them") {
		t.Errorf("dry run: exit %d\n%s", code, stdout)
	}
	code, stdout, stderr := runCLI(t, "", args...)
	if code != 3 || srv.Calls() != 0 {
		t.Fatalf("exit %d, %d calls\n%s%s", code, srv.Calls(), stdout, stderr)
	}
	if !strings.Contains(stderr, "stopped: the read limit is spent (100 of 100 reads in the last 1h0m0s): run again at "+resume+"; 5 proofs are still to read") {
		t.Errorf("stderr: %s", stderr)
	}
}

// TestFetchRefusesAndReports: a view for another proof is refused with its
// id (exit 1, nothing written for it); bad flags exit 2; a stale temporary
// file is cleared before the season is loaded.
func TestFetchRefusesAndReports(t *testing.T) {
	dir, srv, ids, views := fetchSeason(t, 2)
	srv.Put(ids[3], views[ids[2]])
	os.MkdirAll(filepath.Join(dir, "proofs"), 0o755)
	stale := filepath.Join(dir, "proofs", "."+ids[0]+".json-42.tmp")
	os.WriteFile(stale, []byte("{"), 0o644)
	os.MkdirAll(filepath.Join(dir, "anchors", "rekor"), 0o755)
	staleEntry := filepath.Join(dir, "anchors", "rekor", "."+strings.Repeat("a", 64)+".json-7.tmp")
	os.WriteFile(staleEntry, []byte("{"), 0o644)
	state := filepath.Join(t.TempDir(), "state.json")
	code, stdout, stderr := runCLI(t, "", fetchArgs(dir, srv, state)...)
	if code != 1 || !strings.Contains(stderr, "refused: proof "+ids[3]+": served view refused, not written: /proof_id: view of "+ids[2]) {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "removed "+stale) || !strings.Contains(stdout, "removed "+staleEntry) {
		t.Errorf("stale temp files not reported:\n%s", stdout)
	}
	if _, err := os.Stat(filepath.Join(dir, "proofs", ids[3]+".json")); !os.IsNotExist(err) {
		t.Error("the refused view was written")
	}
	for _, bad := range [][]string{{"fetch"}, {"fetch", "--season", dir, "extra"}, {"fetch", "--season", dir, "--wait", "-1s"}} {
		if code, _, _ := runCLI(t, "", bad...); code != 2 {
			t.Errorf("%v: exit %d", bad, code)
		}
	}
	if code, _, stderr := runCLI(t, "", "fetch", "--season", dir, "--base", "ftp://x", "--state", state); code != 1 || !strings.Contains(stderr, "--base") {
		t.Errorf("bad base: exit %d %s", code, stderr)
	}
	// Without --rekor, the log is the one the trusted root pins.
	if _, stdout, _ := runCLI(t, "", "fetch", "--season", dir, "--base", srv.URL, "--state", state, "--dry-run"); !strings.Contains(stdout, "to read from https://rekor.test.invalid") {
		t.Errorf("default --rekor:\n%s", stdout)
	}
	if code, _, stderr := runCLI(t, "", "fetch", "--season", dir, "--base", srv.URL, "--rekor", "ftp://x", "--state", state); code != 1 || !strings.Contains(stderr, "--rekor") {
		t.Errorf("bad rekor: exit %d %s", code, stderr)
	}
	code, _, stderr = runCLI(t, "", "fetch", "-h")
	for _, want := range []string{"100 public-view", "POST\n/v1/proofs", "fetch-state.json", "Retry-After", "--dry-run", "not_found", "anchors/rekor/<uuid>.json", "views_count", "--rekor"} {
		if code != 0 || !strings.Contains(stderr, want) {
			t.Errorf("usage lacks %q", want)
		}
	}
}
