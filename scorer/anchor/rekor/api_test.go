package rekor_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/go-openapi/runtime"
	"github.com/sigstore/rekor/pkg/generated/models"
	"github.com/sigstore/rekor/pkg/tle"
	_ "github.com/sigstore/rekor/pkg/types/hashedrekord/v0.0.1" // registers the kind pkg/tle reads
	"google.golang.org/protobuf/proto"

	"github.com/ark-forge/proveit/scorer/anchor"
	"github.com/ark-forge/proveit/scorer/anchor/rekor"
	"github.com/ark-forge/proveit/scorer/anchor/rekor/rekortest"
	"github.com/ark-forge/proveit/scorer/internal/fuzztest"
)

// apiEntry returns the entry at index as the Rekor API serves it.
func apiEntry(t testing.TB, w *world, index int64) (string, []byte) {
	t.Helper()
	uuid, data, err := w.log.APIEntry(index)
	if err != nil {
		t.Fatal(err)
	}
	return uuid, data
}

// TestAPIEntryValid: an entry as the Rekor v1 API serves it verifies, at a
// small and a large index, with the same result as its TransparencyLogEntry.
func TestAPIEntryValid(t *testing.T) {
	w := getWorld(t)
	for _, i := range []int64{0, big} {
		uuid, data := apiEntry(t, w, i)
		if len(uuid) != 80 || !rekor.ValidUUID(uuid) {
			t.Fatalf("uuid %q", uuid)
		}
		got, err := rekor.VerifyAPIEntry(data, uuid, batchRoot(int(i)), &w.submitter.PublicKey, w.logs, w.log.Hostname())
		if err != nil {
			t.Fatalf("index %d: %v", i, err)
		}
		want, err := rekor.Verify(w.entries[i], batchRoot(int(i)), &w.submitter.PublicKey, w.logs, w.log.Hostname())
		if err != nil {
			t.Fatal(err)
		}
		want.UUID = uuid
		if got != want {
			t.Errorf("index %d: %+v, the TransparencyLogEntry gives %+v", i, got, want)
		}
		// The 64-digit form of the uuid (the leaf hash alone) names the
		// same entry when the answer is keyed by it.
		short := uuid[16:]
		if _, err := rekor.VerifyAPIEntry(bytes.Replace(data, []byte(uuid), []byte(short), 1), short, batchRoot(int(i)), &w.submitter.PublicKey, w.logs, w.log.Hostname()); err != nil {
			t.Errorf("the 64-digit uuid: %v", err)
		}
	}
}

// TestAPIConversionIsSigstores: ParseAPIEntry converts an API entry into
// exactly the TransparencyLogEntry that sigstore's own conversion (rekor
// pkg/tle, GenerateTransparencyLogEntry, as sigstore-go and cosign use it)
// gives, on entries of the test log and on one whose index in the log and
// in its shard's tree differ, as on a sharded log. Seen failing with the
// leaf index taken from logIndex, and with the path's hashes dropped.
func TestAPIConversionIsSigstores(t *testing.T) {
	w := getWorld(t)
	sharded := func() (string, []byte) {
		uuid, data := apiEntry(t, w, 9)
		return uuid, bytes.Replace(data, []byte(`"logIndex":9,"verification"`), []byte(`"logIndex":2818513499,"verification"`), 1)
	}
	for _, i := range []int64{0, 7, big, -1} {
		var uuid string
		var data []byte
		if i < 0 {
			uuid, data = sharded()
			if !bytes.Contains(data, []byte("2818513499")) {
				t.Fatal("the sharded entry was not made")
			}
		} else {
			uuid, data = apiEntry(t, w, i)
		}
		var le models.LogEntry
		if err := runtime.JSONConsumer().Consume(bytes.NewReader(data), &le); err != nil {
			t.Fatal(err)
		}
		want, err := tle.GenerateTransparencyLogEntry(le[uuid])
		if err != nil {
			t.Fatal(err)
		}
		got, f := rekor.ParseAPIEntry(data, uuid)
		if f != nil {
			t.Fatal(f)
		}
		if !proto.Equal(got.TLE, want) {
			t.Errorf("index %d: converted\n%v\nsigstore converts\n%v", i, got.TLE, want)
		}
	}
}

type apiCase struct {
	name   string
	data   []byte
	uuid   string
	check  string
	detail string
}

// apiFailCases are the cases of TestAPIEntryFailures: one or more per
// rekor.api.* check.
func apiFailCases(t testing.TB) []apiCase {
	w := getWorld(t)
	uuid, data := apiEntry(t, w, 3)
	otherUUID, otherData := apiEntry(t, w, 4)
	edit := func(f func(anon map[string]any)) []byte {
		var m map[string]map[string]any
		d := json.NewDecoder(bytes.NewReader(data))
		d.UseNumber()
		if err := d.Decode(&m); err != nil {
			t.Fatal(err)
		}
		f(m[uuid])
		out, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	proofOf := func(a map[string]any) map[string]any {
		return a["verification"].(map[string]any)["inclusionProof"].(map[string]any)
	}
	return []apiCase{
		{"too large", bytes.Repeat([]byte(" "), rekor.MaxEntrySize+1), uuid, "rekor.api.size", "limit 262144"},
		{"truncated", data[:len(data)/2], uuid, "rekor.api.json", "not strict JSON"},
		{"a duplicate key", bytes.Replace(data, []byte(`{"body":`), []byte(`{"logIndex":1,"body":`), 1), uuid, "rekor.api.json", `duplicate key "logIndex"`},
		{"an array", []byte(`[]`), uuid, "rekor.api.json", "want an object {uuid: entry}"},
		{"two entries", []byte(`{"` + uuid + `": {}, "` + otherUUID + `": {}}`), uuid, "rekor.api.json", "2 members"},
		{"asked for a non-uuid", data, "../" + uuid, "rekor.api.uuid", "is not a Rekor entry uuid"},
		{"another uuid's answer", otherData, uuid, "rekor.api.uuid", "it was asked for as " + uuid},
		{"a not-found record", rekor.NotFoundRecord(uuid), uuid, "rekor.api.not_found", "the log answered 404 for entry " + uuid},
		{"another uuid's not-found record", rekor.NotFoundRecord(otherUUID), uuid, "rekor.api.uuid", "a not-found record for"},
		{"a malformed not-found record", []byte(`{"not_found": "yes", "uuid": "` + uuid + `"}`), uuid, "rekor.api.json", "a not-found record is exactly"},
		{"an unknown field", edit(func(a map[string]any) { a["extra"] = 1 }), uuid, "rekor.api.json", `unknown field "extra"`},
		{"no body", edit(func(a map[string]any) { delete(a, "body") }), uuid, "rekor.api.missing", "entry has no body"},
		{"no verification", edit(func(a map[string]any) { delete(a, "verification") }), uuid, "rekor.api.missing", "entry has no verification"},
		{"no checkpoint", edit(func(a map[string]any) { delete(proofOf(a), "checkpoint") }), uuid, "rekor.api.missing", "inclusionProof has no checkpoint"},
		{"logIndex as a string", edit(func(a map[string]any) { a["logIndex"] = "3" }), uuid, "rekor.api.json", "entry.logIndex is a JSON string, want an integer"},
		{"a negative logIndex", edit(func(a map[string]any) { a["logIndex"] = -1 }), uuid, "rekor.api.json", "entry.logIndex is -1"},
		{"body not base64", edit(func(a map[string]any) { a["body"] = "!!" }), uuid, "rekor.api.encoding", "entry.body is not non-empty standard base64"},
		{"logID in upper case", edit(func(a map[string]any) { a["logID"] = strings.ToUpper(a["logID"].(string)) }), uuid, "rekor.api.encoding", "entry.logID"},
		{"a path hash of 31 bytes", edit(func(a map[string]any) {
			hs := proofOf(a)["hashes"].([]any)
			hs[0] = hs[0].(string)[2:]
		}), uuid, "rekor.api.encoding", "inclusionProof.hashes[0]"},
		{"a body of another kind", kindBody(t, "rekord", "0.0.1"), kindUUID("rekord", "0.0.1"), "rekor.entry.kind", `kindVersion is "rekord" "0.0.1"`},
		{"a body of another version", kindBody(t, "hashedrekord", "0.0.2"), kindUUID("hashedrekord", "0.0.2"), "rekor.entry.kind", `kindVersion is "hashedrekord" "0.0.2"`},
		{"another entry's body", edit(func(a map[string]any) {
			var o map[string]map[string]any
			json.Unmarshal(otherData, &o)
			a["body"] = o[otherUUID]["body"]
		}), uuid, "rekor.api.leaf", "it is another entry's body"},
	}
}

// kindDoc is a body declaring kind and apiVersion, and nothing else.
func kindDoc(kind, version string) []byte {
	return []byte(`{"apiVersion":"` + version + `","kind":"` + kind + `","spec":{}}`)
}

func kindUUID(kind, version string) string {
	return "0000000000000001" + rekor.LeafHashHex(kindDoc(kind, version))
}

// kindBody is entry 3 of the world with its body replaced by kindDoc and
// keyed by its uuid: the kindVersion Verify checks is the one the body
// declares, as in sigstore's conversion.
func kindBody(t testing.TB, kind, version string) []byte {
	w := getWorld(t)
	e, err := w.log.TransparencyLogEntry(3)
	if err != nil {
		t.Fatal(err)
	}
	e.CanonicalizedBody = kindDoc(kind, version)
	data, err := rekortest.MarshalAPI(kindUUID(kind, version), e)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestAPIEntryFailures: each rekor.api.* check fails for its reason.
func TestAPIEntryFailures(t *testing.T) {
	w := getWorld(t)
	for _, c := range apiFailCases(t) {
		t.Run(c.name, func(t *testing.T) {
			_, err := rekor.VerifyAPIEntry(c.data, c.uuid, batchRoot(3), &w.submitter.PublicKey, w.logs, w.log.Hostname())
			var f *anchor.Failure
			if !errors.As(err, &f) || f.Check != c.check || !strings.Contains(f.Detail, c.detail) {
				t.Errorf("err = %v, want %s with %q", err, c.check, c.detail)
			}
		})
	}
}

// TestAPIEntryThenLogChecks: once converted, an API entry goes through every
// check a TransparencyLogEntry does: a tampered SET, another batch's entry.
func TestAPIEntryThenLogChecks(t *testing.T) {
	w := getWorld(t)
	uuid, _ := apiEntry(t, w, 5)
	e, err := w.log.TransparencyLogEntry(5)
	if err != nil {
		t.Fatal(err)
	}
	e.InclusionPromise.SignedEntryTimestamp[8] ^= 1
	data, err := rekortest.MarshalAPI(uuid, e)
	if err != nil {
		t.Fatal(err)
	}
	var f *anchor.Failure
	if _, err := rekor.VerifyAPIEntry(data, uuid, batchRoot(5), &w.submitter.PublicKey, w.logs, w.log.Hostname()); !errors.As(err, &f) || f.Check != "rekor.set.signature" {
		t.Errorf("a flipped SET byte: %v", err)
	}
	uuid, data = apiEntry(t, w, 6)
	if _, err := rekor.VerifyAPIEntry(data, uuid, batchRoot(5), &w.submitter.PublicKey, w.logs, w.log.Hostname()); !errors.As(err, &f) || f.Check != "rekor.body.digest" {
		t.Errorf("the entry of another batch: %v", err)
	}
}

// TestValidUUID: 64 or 80 lowercase hex digits, nothing else.
func TestValidUUID(t *testing.T) {
	h := strings.Repeat("a", 64)
	for _, c := range []struct {
		s  string
		ok bool
	}{
		{h, true}, {"0123456789abcdef" + h, true},
		{h[1:], false}, {h + "a", false}, {strings.ToUpper(h), false}, {"../" + h, false}, {h + ".json", false}, {"", false},
		{strings.Repeat("a", 72), false}, {h + "\n", false},
	} {
		if rekor.ValidUUID(c.s) != c.ok {
			t.Errorf("ValidUUID(%q) = %v", c.s, !c.ok)
		}
	}
}

// FuzzVerifyAPIEntry checks that VerifyAPIEntry never panics, reports every
// failure as an *anchor.Failure with a documented check code, and accepts
// only the entry of the uuid it is asked for.
func FuzzVerifyAPIEntry(f *testing.F) {
	fuzztest.BoundMinimization(f)
	w := getWorld(f)
	for _, i := range []int64{0, 5} {
		uuid, data := apiEntry(f, w, i)
		f.Add(data, uuid)
	}
	uuid, _ := apiEntry(f, w, 0)
	f.Add(rekor.NotFoundRecord(uuid), uuid)
	f.Fuzz(func(t *testing.T, data []byte, uuid string) {
		res, err := rekor.VerifyAPIEntry(data, uuid, batchRoot(0), &w.submitter.PublicKey, w.logs, w.log.Hostname())
		if err == nil {
			if res.UUID != uuid || !rekor.ValidUUID(uuid) {
				t.Fatalf("accepted for %q: %+v", uuid, res)
			}
			return
		}
		var f *anchor.Failure
		if !errors.As(err, &f) || !slices.Contains(rekor.Checks(), f.Check) || f.Detail == "" {
			t.Fatalf("error %#v is not a documented *anchor.Failure", err)
		}
	})
}
