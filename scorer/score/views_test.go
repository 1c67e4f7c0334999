package score

import (
	"testing"
	"unsafe"

	"github.com/ark-forge/proveit/scorer/vcache"
)

// TestNoViewHeldAfterTrack: a proof cited under two verifications (two
// DIDs) has its view kept between them; when the second citing
// submission is rejected at entry, its verification never comes, and the
// view is dropped at the end of the track, not held by the Scorer until
// the season is built. Every way of being rejected at entry that still
// parses: duplicate assertion ids, another season, a verdict outside the
// track's set, another DID.
func TestNoViewHeldAfterTrack(t *testing.T) {
	for _, c := range []struct {
		name string
		edit func(map[string]any)
	}{
		{"duplicate id", func(d map[string]any) { as := d["assertions"].([]any); d["assertions"] = append(as, as[0]) }},
		{"season", func(d map[string]any) { d["season"] = 4 }},
		{"verdict", func(d map[string]any) { d["verdict"] = "inconnu" }},
		{"did", func(d map[string]any) { d["agent_did"] = "did:key:z6Mkother" }},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t)
			f.participant("a")
			f.participant("b")
			cs := prove(f, "a", trueClaims(true)[:1])
			f.submit("a", "conf-01", "conforme", cs, nil)
			f.submit("b", "conf-01", "conforme", cs, c.edit)
			s, m := f.write()
			sc := New(s, m)
			sg, err := sc.Begin(s.Tracks[0])
			if err != nil {
				t.Fatal(err)
			}
			if len(sc.views) != 1 {
				t.Fatalf("%d views registered, want the one proof cited under two DIDs", len(sc.views))
			}
			reports := &scored{}
			for i := range sg.Len() {
				p, err := sg.Score(i)
				if err != nil {
					t.Fatal(err)
				}
				reports.Reports = append(reports.Reports, p)
			}
			if len(sc.views) != 1 {
				t.Fatalf("%d views held once every participant is scored, want 1 (the test would prove nothing)", len(sc.views))
			}
			r, err := sg.End()
			if err != nil {
				t.Fatal(err)
			}
			reports.TrackResult = r
			if st := reports.task("b", "conf-01").Status; st != RejectedAtEntry {
				t.Fatalf("b: %s, want rejected at entry", st)
			}
			if len(sc.views) != 0 {
				t.Errorf("%d views held after the track", len(sc.views))
			}
		})
	}
}

// TestRekorDigestKeepsNoView: the Scorer's digests of the Rekor entries,
// kept for its whole life, hold a copy of the uuid they are asked for, not
// the string given (a uuid read from a view is the view's own substring,
// which would keep the view's whole text).
func TestRekorDigestKeepsNoView(t *testing.T) {
	f := newFixture(t)
	f.participant("a")
	f.submit("a", "conf-01", "conforme", prove(f, "a", trueClaims(true)[:1]), nil)
	s, m := f.write()
	if len(s.RekorEntries) == 0 {
		t.Fatal("the fixture holds no Rekor entry (the test would prove nothing)")
	}
	sc := New(s, m)
	text := `{"uuid": "` + s.RekorEntries[0].UUID + `"}`
	uuid := text[len(`{"uuid": "`) : len(text)-2]
	r, ok := sc.rekorDigest(uuid)
	if !ok || r.UUID != uuid {
		t.Fatalf("rekorDigest(%s) = %+v, %v", uuid, r, ok)
	}
	n := 0
	sc.rekor.Range(func(k, v any) bool {
		n++
		for name, kept := range map[string]string{"key": k.(string), "digest's uuid": v.(vcache.Rekor).UUID} {
			if kept != uuid {
				t.Errorf("%s %q, want %q", name, kept, uuid)
			}
			if unsafe.StringData(kept) == unsafe.StringData(uuid) {
				t.Errorf("the kept %s is the string given, not a copy", name)
			}
		}
		return true
	})
	if n != 1 {
		t.Errorf("%d digests kept, want 1", n)
	}
}
