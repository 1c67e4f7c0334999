package score

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestPreregistrationVerifies(t *testing.T) {
	f := newFixture(t)
	f.participant("uma")
	honest(f, "uma")
	r := f.score()
	if len(r.Freezes) != 1 || !r.Freezes[0].Current || !r.Freezes[0].GenTime.Before(opensAt) {
		t.Errorf("freezes %+v", r.Freezes)
	}
}

// TestPreregistrationRefusesOneByte: any one-byte change of key.json,
// key.salt, bareme.md or manifest.json after the freeze makes the build
// refuse the track, naming the hash and both values.
func TestPreregistrationRefusesOneByte(t *testing.T) {
	for _, c := range []struct {
		file, what string
		edit       func([]byte) []byte
	}{
		{"conformite/key.json", "key_commitment", func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"verdict": "non_conforme"`), []byte(`"verdict": "indeterminable"`), 1)
		}},
		{"conformite/key.json", "key_commitment", func(b []byte) []byte { return append(b, ' ') }},
		{"conformite/key.salt", "key_commitment", func(b []byte) []byte { b = bytes.Clone(b); b[0] ^= 1; return b }},
		{"conformite/bareme.md", "bareme_sha256", func(b []byte) []byte { return bytes.Replace(b, []byte("autonome"), []byte("autonomE"), 1) }},
		{"conformite/corpus/manifest.json", "manifest_sha256", func(b []byte) []byte { return bytes.Replace(b, []byte("\n]}"), []byte(" \n]}"), 1) }},
		// The rules in data: every minimum raised, the ceilings with it, a
		// change that no table of bareme.md would reveal.
		{"conformite/track.toml", "track_sha256", func(b []byte) []byte {
			return bytes.ReplaceAll(bytes.ReplaceAll(b, []byte("min_assertions = 2"), []byte("min_assertions = 3")), []byte("max_assertions = 4"), []byte("max_assertions = 6"))
		}},
	} {
		t.Run(c.file+" "+c.what, func(t *testing.T) {
			f := newFixture(t)
			f.participant("vic")
			honest(f, "vic")
			var before []byte
			f.mutators = append(f.mutators, func(files map[string][]byte) {
				before = files[c.file]
				files[c.file] = c.edit(files[c.file])
			})
			s, m := f.write()
			_, err := New(s, m).Track(s.Track("conformite"))
			var pe *PreregError
			if !errors.As(err, &pe) || pe.What != c.what || pe.Anchored == pe.Computed || pe.Anchored == "" || pe.Computed == "" {
				t.Fatalf("Track = %v, want a PreregError on %s with both values", err, c.what)
			}
			if !strings.Contains(err.Error(), pe.Anchored) || !strings.Contains(err.Error(), pe.Computed) || !strings.Contains(err.Error(), "not scored") {
				t.Errorf("the message does not name both values: %v", err)
			}
			if bytes.Equal(before, c.edit(before)) {
				t.Fatal("the edit changed nothing")
			}
		})
	}
}

func TestPreregistrationRefusesBadFreezes(t *testing.T) {
	for _, c := range []struct {
		name, what string
		edit       func(files map[string][]byte)
	}{
		{"payload edited", "request_hash", func(files map[string][]byte) {
			p := "conformite/preregistration.toml"
			files[p] = bytes.Replace(files[p], []byte(`"season":3`), []byte(`"season":4`), 1)
		}},
		{"freeze not cached", "proof", func(files map[string][]byte) {
			for name := range files {
				if strings.HasPrefix(name, "proofs/") && bytes.Contains(files[name], []byte(challengeDID)) {
					delete(files, name)
				}
			}
		}},
		{"freeze view tampered", "proof", func(files map[string][]byte) {
			for name, b := range files {
				if strings.HasPrefix(name, "proofs/") && bytes.Contains(b, []byte(challengeDID)) {
					files[name] = bytes.Replace(b, []byte(`"leaf_index":0`), []byte(`"leaf_index":1`), 1)
				}
			}
		}},
		{"freeze of another DID", "proof", func(files map[string][]byte) {
			files["season.toml"] = bytes.Replace(files["season.toml"], []byte(challengeDID), []byte("did:key:z6MkSomeoneElse"), 1)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t)
			f.participant("wes")
			honest(f, "wes")
			f.mutators = append(f.mutators, c.edit)
			s, m := f.write()
			_, err := New(s, m).Track(s.Track("conformite"))
			var pe *PreregError
			if !errors.As(err, &pe) || pe.What != c.what {
				t.Errorf("Track = %v, want a PreregError on %s", err, c.what)
			}
		})
	}
}
