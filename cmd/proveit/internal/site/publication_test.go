package site

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"github.com/ark-forge/proveit/internal/cpython"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ark-forge/proveit/scorer/proof/prooftest"
	"github.com/ark-forge/proveit/scorer/publication"
	"github.com/ark-forge/proveit/scorer/pyjson"
	"github.com/ark-forge/proveit/scorer/score"
	"github.com/ark-forge/proveit/scorer/season"
)

// anchoredAt is when the fixture's publication is anchored: after its
// published_at (pubTime).
var anchoredAt = time.Date(2026, 11, 2, 11, 30, 5, 0, time.UTC)

// anchor mints the publication proof of the season published in dir with
// the fixture's challenge key (the test issuer, as the maintainers would
// through the Trust Layer), caches its view and Rekor entry, and records
// call, or the call PublicationCall gives when call is nil, in
// season.toml's [publication]. It returns the call and the proof.
func anchor(t *testing.T, dir string, at time.Time, call *publication.Call) (publication.Call, *prooftest.Proof) {
	t.Helper()
	return anchorAs(t, dir, at, call, fxChallengeDID)
}

// anchorAs is anchor with the call made by did.
func anchorAs(t *testing.T, dir string, at time.Time, call *publication.Call, did string) (publication.Call, *prooftest.Proof) {
	t.Helper()
	if call == nil {
		c, err := PublicationCall(dir)
		if err != nil {
			t.Fatal(err)
		}
		call = &c
	}
	// The fixture's trust material pins the keys of the test issuer of
	// this seed: the publication is signed and anchored by them.
	is, err := prooftest.New(prooftest.Config{Seed: []byte("templates fixture"), KeyWindow: fxKeyWin})
	if err != nil {
		t.Fatal(err)
	}
	p, err := is.Issue(prooftest.Call{Target: call.Target, Method: call.Method, Payload: call.Payload, Body: []byte(`{"publication": "enregistrée"}`),
		DID: did, APIKey: "challenge", At: at})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := is.CloseBatch(at.Add(5 * time.Minute)); err != nil {
		t.Fatal(err)
	}
	files, err := p.CacheFiles()
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	d := p.Disclosure()
	rec := fmt.Sprintf("\n[publication]\nproof_id = %q\ntarget = %q\nmethod = %q\npayload = '%s'\nrequest_hash = { nonce = %q, value = %q }\nresponse_hash = { nonce = %q, value = %q }\n",
		p.ID, call.Target, call.Method, pyjson.Canonical(call.Payload), d.RequestHash.Nonce, d.RequestHash.Value, d.ResponseHash.Nonce, d.ResponseHash.Value)
	f, err := os.OpenFile(filepath.Join(dir, "season.toml"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(rec); err != nil {
		t.Fatal(err)
	}
	f.Close()
	return *call, p
}

// anchoredSeason is the fixture season, published at pubTime and anchored
// at anchoredAt.
func anchoredSeason(t *testing.T) (root, dir string, call publication.Call, p *prooftest.Proof) {
	t.Helper()
	root, dir = publishedSeason(t, pubTime())
	call, p = anchor(t, dir, anchoredAt, nil)
	return root, dir, call, p
}

// TestPublishWritesSums: proveit publish lists every file of the season
// but those that change after publication by design, in sha256sum's
// format, sorted; the call names its SHA-256 and each snapshot's.
func TestPublishWritesSums(t *testing.T) {
	_, dir := publishedSeason(t, pubTime())
	data, err := os.ReadFile(filepath.Join(dir, "published", "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	var paths []string
	for _, l := range lines {
		sum, p, ok := strings.Cut(l, "  ")
		if !ok || len(sum) != 64 {
			t.Fatalf("line %q is not in sha256sum's format", l)
		}
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
		if err != nil || sha(b) != sum {
			t.Errorf("%s: listed %s, file %v", p, sum, err)
		}
		paths = append(paths, p)
	}
	for i := 1; i < len(paths); i++ {
		if paths[i-1] >= paths[i] {
			t.Errorf("not sorted: %s before %s", paths[i-1], paths[i])
		}
	}
	joined := "\n" + strings.Join(paths, "\n") + "\n"
	for _, want := range []string{"published/conformite.json", "conformite/key.json", "trust/published_keys.json", "participants/honnete.toml"} {
		if !strings.Contains(joined, "\n"+want+"\n") {
			t.Errorf("SHA256SUMS does not list %s", want)
		}
	}
	for _, not := range []string{"season.toml", "published/SHA256SUMS"} {
		if strings.Contains(joined, "\n"+not+"\n") {
			t.Errorf("SHA256SUMS lists %s, which changes after publication by design", not)
		}
	}
	call, err := PublicationCall(dir)
	if err != nil {
		t.Fatal(err)
	}
	snap, _ := os.ReadFile(filepath.Join(dir, "published", "generique.json"))
	text := string(pyjson.Canonical(call.Payload))
	for _, want := range []string{`"sha256sums":"` + sha(data) + `"`, `"generique":"` + sha(snap) + `"`, `"season":3`, `"published_at":"` + publishedAt + `"`,
		`"closes_at":"2026-10-31T23:59:59Z"`, `"tracks":["conformite","generique"]`} {
		if !strings.Contains(text, want) {
			t.Errorf("the payload %s lacks %s", text, want)
		}
	}
	if call.Digest != sha([]byte(text)) || call.Target != "https://proveit.arkforge.tech/v1/season/3/publication" || call.Method != "POST" {
		t.Errorf("call %+v", call)
	}
	if _, err := Publish(dir, pubTime()); err == nil {
		t.Error("published twice")
	}
}

func sha(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// TestAnchoredPublication: a recorded publication is verified by the
// build and shown, with its proof linked, on the season's page and its
// register.
func TestAnchoredPublication(t *testing.T) {
	root, _, call, p := anchoredSeason(t)
	tree, err := Build(root)
	if err != nil {
		t.Fatal(err)
	}
	for name, href := range map[string]string{"saison-3/index.html": "preuves/", "saison-3/corrections/index.html": "../preuves/"} {
		page := string(tree[name])
		for _, w := range []string{`<section id="publication">`, "Publication ancrée", `<a href="` + href + p.ID + `.json"><code>` + p.ID + `</code></a>`,
			`datetime="` + anchoredAt.Add(5*time.Minute).Format(time.RFC3339) + `"`, call.Digest, "2 novembre 2026 à 11:35:05 UTC"} {
			if !strings.Contains(page, w) {
				t.Errorf("%s lacks %q", name, w)
			}
		}
	}
	if _, ok := tree["saison-3/preuves/"+p.ID+".json"]; !ok {
		t.Error("the publication proof's view is not published")
	}
	if !strings.Contains(string(tree["saison-3/dossier/index.html"]), "sha256sum -c --ignore-missing published/SHA256SUMS") {
		t.Error("the dossier page does not say how to check SHA256SUMS")
	}
}

// TestPublicationRefusals breaks the anchored publication one way at a
// time: each check refuses the build with a *score.PublicationError
// naming what differs, or the loader names season.toml's field.
func TestPublicationRefusals(t *testing.T) {
	edit := func(rel, old, new string) func(t *testing.T, dir string) {
		return func(t *testing.T, dir string) {
			p := filepath.Join(dir, filepath.FromSlash(rel))
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(b, []byte(old)) {
				t.Fatalf("%s has no %q", rel, old)
			}
			if err := os.WriteFile(p, bytes.Replace(b, []byte(old), []byte(new), 1), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	write := func(rel, data string) func(t *testing.T, dir string) {
		return func(t *testing.T, dir string) {
			p := filepath.Join(dir, filepath.FromSlash(rel))
			os.MkdirAll(filepath.Dir(p), 0o755)
			if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	// reanchor anchors a payload edited by change, the rest as published.
	reanchor := func(at time.Time, change func(c *publication.Call, dir string)) func(t *testing.T, dir string) {
		return func(t *testing.T, dir string) {
			c, err := PublicationCall(dir)
			if err != nil {
				t.Fatal(err)
			}
			if change != nil {
				change(&c, dir)
			}
			anchor(t, dir, at, &c)
		}
	}
	member := func(key string, v pyjson.Value) func(c *publication.Call, dir string) {
		return func(c *publication.Call, dir string) {
			var ms []pyjson.Member
			for _, m := range c.Payload.Members() {
				if m.Key == key {
					m.Value = v
				}
				ms = append(ms, m)
			}
			c.Payload = pyjson.ObjectValue(ms...)
		}
	}
	str := pyjson.StringValue
	seven, _ := pyjson.IntValue("7")
	for _, c := range []struct {
		name     string
		anchored bool // start from the anchored season (else: published, then break)
		edit     func(t *testing.T, dir string)
		what     string   // the PublicationError's What ("*": any); "" for a loader error
		wants    []string // in the message
	}{
		{"listed file changed", true, edit("conformite/key.json", "{", "{ "), "conformite/key.json", nil},
		{"listed file gone", true, func(t *testing.T, dir string) {
			b, _ := os.ReadFile(filepath.Join(dir, "published", "SHA256SUMS"))
			i := bytes.Index(b, []byte("  proofs/"))
			name := string(b[i+2 : i+2+bytes.IndexByte(b[i:], '\n')-2])
			if err := os.Remove(filepath.Join(dir, filepath.FromSlash(name))); err != nil {
				t.Fatal(err)
			}
		}, "*", []string{"proofs/prf_", "no file"}},
		{"unlisted file", true, write("participants/zz-nouveau.toml", "agent = \"Nouveau\"\ndid = \"did:key:z6MkNouveauVenu\"\ndeclared_stack = \"\"\nenrolled_at = 2026-10-02T00:00:00Z\n"), "participants/zz-nouveau.toml", []string{"no line"}},
		{"snapshot changed", true, edit("published/generique.json", `"participants": [`, `"participants":  [`), "published/generique.json", []string{"SHA-256 of the snapshot"}},
		{"sums changed", true, func(t *testing.T, dir string) {
			p := filepath.Join(dir, "published", "SHA256SUMS")
			b, _ := os.ReadFile(p)
			os.WriteFile(p, append(b, strings.Repeat("0", 64)+"  zz/ajout.txt\n"...), 0o644)
		}, "published/SHA256SUMS", nil},
		{"not cached", true, func(t *testing.T, dir string) {
			b, _ := os.ReadFile(filepath.Join(dir, "season.toml"))
			i := bytes.Index(b, []byte(`proof_id = "`))
			id := string(b[i+12 : i+12+bytes.IndexByte(b[i+12:], '"')])
			os.Remove(filepath.Join(dir, "proofs", id+".json"))
		}, "proof", []string{"not in the cache"}},
		{"anchored before publication", false, reanchor(pubTime().Add(-time.Hour), nil), "anchoring time", []string{"published_at"}},
		{"anchored before the close", false, func(t *testing.T, dir string) {
			// Published (by a wrong flag) before the close, anchored after
			// that date but still before the close.
			os.RemoveAll(filepath.Join(dir, "published"))
			if _, err := Publish(dir, fxCloses.Add(-48*time.Hour)); err != nil {
				t.Fatal(err)
			}
			anchor(t, dir, fxCloses.Add(-24*time.Hour), nil)
		}, "anchoring time", []string{"closes_at"}},
		{"not the challenge's key", false, func(t *testing.T, dir string) {
			anchorAs(t, dir, anchoredAt, nil, "did:key:z6MkPasLeChallenge")
		}, "proof", []string{"unbound"}},
		{"payload season", false, reanchor(anchoredAt, member("season", seven)), "season", []string{"7"}},
		{"payload closes_at", false, reanchor(anchoredAt, member("closes_at", str("2026-10-30T23:59:59Z"))), "closes_at", nil},
		{"payload published_at", false, reanchor(anchoredAt, member("published_at", str("2026-11-02T00:00:00Z"))), "published_at", nil},
		{"payload tracks", false, reanchor(anchoredAt, member("tracks", pyjson.ArrayValue(str("conformite")))), "tracks", nil},
		{"payload sha256sums", false, reanchor(anchoredAt, member("sha256sums", str(strings.Repeat("a", 64)))), "published/SHA256SUMS", nil},
		{"payload snapshot", false, reanchor(anchoredAt, member("snapshots", pyjson.ObjectValue(pyjson.Member{Key: "conformite", Value: str(strings.Repeat("b", 64))}, pyjson.Member{Key: "generique", Value: str(strings.Repeat("c", 64))}))), "published/conformite.json", nil},
		{"payload extra snapshot", false, reanchor(anchoredAt, func(c *publication.Call, _ string) {
			snaps, _ := c.Payload.Lookup("snapshots")
			member("snapshots", pyjson.ObjectValue(append(snaps.Members(), pyjson.Member{Key: "autre", Value: str(strings.Repeat("d", 64))})...))(c, "")
		}), "snapshots", []string{"autre"}},
		{"payload extra key", false, reanchor(anchoredAt, func(c *publication.Call, _ string) {
			c.Payload = pyjson.ObjectValue(append(c.Payload.Members(), pyjson.Member{Key: "zz", Value: str("x")})...)
		}), "payload", []string{"zz"}},
		{"recorded payload differs from the anchored one", true, edit("season.toml", `"season":3`, `"season":4`), "request_hash", nil},
		{"wrong target", false, reanchor(anchoredAt, func(c *publication.Call, _ string) {
			c.Target = "https://proveit.arkforge.tech/v1/season/3/freeze"
		}), "target", nil},
		{"loader: unknown key", true, edit("season.toml", "[publication]\n", "[publication]\nextra = 1\n"), "", []string{"season.toml", "publication.extra"}},
		{"loader: bad proof id", true, edit("season.toml", `proof_id = "prf_`, `proof_id = "x_`), "", []string{"season.toml", "publication.proof_id"}},
		{"loader: bad method", true, edit("season.toml", `method = "POST"`, `method = "PUT"`), "", []string{"season.toml", "publication.method"}},
		{"loader: payload not JSON", true, edit("season.toml", `payload = '{`, `payload = '{{`), "", []string{"season.toml", "publication.payload"}},
		{"loader: bad nonce", true, edit("season.toml", `request_hash = { nonce = "`, `request_hash = { nonce = "Z`), "", []string{"season.toml", "publication.request_hash.nonce"}},
		{"loader: missing response_hash", true, func(t *testing.T, dir string) {
			p := filepath.Join(dir, "season.toml")
			b, _ := os.ReadFile(p)
			i := bytes.Index(b, []byte("response_hash = "))
			os.WriteFile(p, b[:i], 0o644)
		}, "", []string{"season.toml", "publication.response_hash"}},
		{"loader: without snapshots", true, func(t *testing.T, dir string) { os.RemoveAll(filepath.Join(dir, "published")) }, "", []string{"season.toml", "no publication snapshot"}},
		{"loader: publication without SHA256SUMS", true, func(t *testing.T, dir string) { os.Remove(filepath.Join(dir, "published", "SHA256SUMS")) }, "", []string{"season.toml", "publication", "SHA256SUMS is missing"}},
		{"loader: SHA256SUMS without snapshots", false, func(t *testing.T, dir string) {
			for _, tr := range fxTracks {
				os.Remove(filepath.Join(dir, "published", tr.name+".json"))
			}
		}, "", []string{"published/SHA256SUMS", "without a publication snapshot"}},
		{"loader: sums line", true, edit("published/SHA256SUMS", "  ", " "), "", []string{"published/SHA256SUMS", "line 1"}},
		{"loader: sums lists season.toml", true, func(t *testing.T, dir string) {
			p := filepath.Join(dir, "published", "SHA256SUMS")
			b, _ := os.ReadFile(p)
			os.WriteFile(p, append([]byte(strings.Repeat("0", 64)+"  season.toml\n"), b...), 0o644)
		}, "", []string{"published/SHA256SUMS", "season.toml", "never listed"}},
		{"loader: sums unsorted", true, edit("published/SHA256SUMS", "  trust/trusted_root.json\n", "  trust/trusted_root.json\n"+strings.Repeat("0", 64)+"  anchors/x\n"), "", []string{"published/SHA256SUMS", "out of order"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var root, dir string
			if c.anchored {
				root, dir, _, _ = anchoredSeason(t)
			} else {
				root, dir = publishedSeason(t, pubTime())
			}
			c.edit(t, dir)
			_, err := Build(root)
			if err == nil {
				t.Fatal("built")
			}
			var pe *score.PublicationError
			switch {
			case c.what == "" && errors.As(err, &pe):
				t.Fatalf("got %v, want the loader's refusal", err)
			case c.what != "" && (!errors.As(err, &pe) || pe.What != c.what && c.what != "*"):
				t.Fatalf("got %v, want a *score.PublicationError on %s", err, c.what)
			}
			for _, w := range c.wants {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("got %v, want it to name %q", err, w)
				}
			}
		})
	}
	// Each refusal's witness: what is allowed after publication builds.
	root, dir, _, _ := anchoredSeason(t)
	write("contestations/C-2026-009.toml", strings.Replace(contestation("C-2026-009", "rejected", "2026-11-05T10:00:00Z", "2026-11-06T10:00:00Z"), `"value_mismatch"`, `"supported"`, 1))(t, dir)
	if _, err := Build(root); err != nil {
		t.Errorf("a contestation recorded after the anchoring: %v", err)
	}
	if _, err := season.Load(dir); err != nil {
		t.Fatal(err)
	}
}

// TestPublicationFromPublicAlone: from the built site alone, python3's
// hashlib and json check every dossier file against the anchored
// SHA256SUMS (the proof views under preuves/), the payload's sha256sums
// and snapshots, and the request hash of the publication call, opened
// by the nonce of season.toml against the commitment of the proof view.
func TestPublicationFromPublicAlone(t *testing.T) {
	root, _, _, p := anchoredSeason(t)
	tree, err := Build(root)
	if err != nil {
		t.Fatal(err)
	}
	pub := t.TempDir()
	if err := WriteAtomic(filepath.Join(pub, "public"), tree); err != nil {
		t.Fatal(err)
	}
	py := cpython.Need(t)
	out, err := exec.Command(py, "-c", publicationScript, filepath.Join(pub, "public", "saison-3"), p.ID).CombinedOutput()
	if err != nil || !strings.HasPrefix(string(out), "OK ") {
		t.Fatalf("python3 does not verify the publication from public/: %s %v", out, err)
	}
}

// publicationScript checks an anchored publication from a copy of the
// site: argv[1] is saison-<n>/, argv[2] the publication's proof id.
const publicationScript = `import hashlib, json, os, sys, tomllib
site, proof_id = sys.argv[1], sys.argv[2]
dossier = os.path.join(site, "dossier")
sha = lambda b: hashlib.sha256(b).hexdigest()
canon = lambda v: json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()
sums = open(os.path.join(dossier, "published", "SHA256SUMS"), "rb").read()
n = 0
for line in sums.decode().splitlines():
    digest, path = line.split("  ", 1)
    f = os.path.join(site, "preuves", path[len("proofs/"):]) if path.startswith("proofs/") else os.path.join(dossier, path)
    assert sha(open(f, "rb").read()) == digest, path
    n += 1
pub = tomllib.load(open(os.path.join(dossier, "season.toml"), "rb"))["publication"]
assert pub["proof_id"] == proof_id
payload = json.loads(pub["payload"])
assert payload["sha256sums"] == sha(sums)
for track, digest in payload["snapshots"].items():
    assert sha(open(os.path.join(dossier, "published", track + ".json"), "rb").read()) == digest, track
request = {"amount": 0.0, "currency": "eur", "method": pub["method"], "payload": payload, "target": pub["target"]}
assert sha(canon(request)) == pub["request_hash"]["value"]
view = json.load(open(os.path.join(site, "preuves", proof_id + ".json")))
commit = lambda field, nonce, value: hashlib.sha256(field.encode() + b"\x00" + bytes.fromhex(nonce) + canon(value)).hexdigest()
assert "sha256:" + commit("request_hash", pub["request_hash"]["nonce"], pub["request_hash"]["value"]) == view["commitments"]["request_hash"], "commitment"
print("OK", n, sha(canon(payload)))
`

// TestDemoInvalidatedAfterPublication: the committed seasons hold two
// demo seasons; season 1, invalidated after its anchored publication,
// publishes only its notice, listed on the home page as invalidated, and
// season 0 keeps its anchored publication linked to its view.
func TestDemoInvalidatedAfterPublication(t *testing.T) {
	tree := demoTree(t)
	for name := range tree {
		if strings.HasPrefix(name, "saison-1/") && name != "saison-1/index.html" {
			t.Errorf("the invalidated season 1 publishes %s", name)
		}
	}
	page := string(tree["saison-1/index.html"])
	for _, w := range []string{`<section id="invalidation"`, "produits/REF-3102.json", "avaient été publiés le", "L'invalidation les retire", `<section id="publication">`, "Publication ancrée"} {
		if !strings.Contains(page, w) {
			t.Errorf("saison-1/index.html lacks %q", w)
		}
	}
	index := string(tree["index.html"])
	if !strings.Contains(index, `href="saison-1/index.html"`) || !strings.Contains(index, `href="saison-0/index.html"`) || !strings.Contains(index, "Saison invalidée") {
		t.Error("the home page does not list both seasons, season 1 as invalidated")
	}
	if !strings.Contains(string(tree["index.json"]), `"status": "invalidated"`) {
		t.Error("index.json does not say season 1 is invalidated")
	}
	if !strings.Contains(string(tree["saison-0/corrections/index.html"]), `<a href="../preuves/prf_`) {
		t.Error("season 0's register does not link its publication proof")
	}
}
