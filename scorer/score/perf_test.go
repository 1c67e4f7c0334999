package score

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ark-forge/proveit/scorer/proof/prooftest"
	"github.com/ark-forge/proveit/scorer/season"
	"github.com/ark-forge/proveit/scorer/trust"
	"github.com/ark-forge/proveit/scorer/vcache"
	"github.com/ark-forge/proveit/scorer/vcache/vcachetest"
)

// loadDemo loads the committed demo season and its trust.
func loadDemo(t testing.TB) (*season.Season, *trust.Material) {
	t.Helper()
	s, err := season.Load(filepath.Join("..", "..", "seasons", "0"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := trust.Load(s.Path("trust"))
	if err != nil {
		t.Fatal(err)
	}
	return s, m
}

// published scores every track with sc and returns what the site publishes
// of it: results.json, results.csv and every report.json, concatenated in
// track and participant order.
func published(t testing.TB, s *season.Season, sc *Scorer) []byte {
	t.Helper()
	var out bytes.Buffer
	for _, tr := range s.Tracks {
		r := scoreReports(t, sc, tr)
		j, err := MarshalJSON(r.Results())
		if err != nil {
			t.Fatal(err)
		}
		c, err := r.CSV()
		if err != nil {
			t.Fatal(err)
		}
		out.Write(j)
		out.Write(c)
		for _, p := range r.Reports {
			rep, err := MarshalJSON(r.Report(p))
			if err != nil {
				t.Fatal(err)
			}
			out.Write(rep)
		}
	}
	return out.Bytes()
}

// TestDemoSameBytesWhateverTheProcs: participants are scored in parallel;
// the bytes published are the same with GOMAXPROCS 1, 2 and 8.
func TestDemoSameBytesWhateverTheProcs(t *testing.T) {
	s, m := loadDemo(t)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	var first []byte
	for _, procs := range []int{1, 2, 8} {
		runtime.GOMAXPROCS(procs)
		got := published(t, s, New(s, m))
		if first == nil {
			first = got
		} else if !bytes.Equal(got, first) {
			t.Errorf("GOMAXPROCS=%d publishes other bytes than GOMAXPROCS=1", procs)
		}
	}
}

// TestParsedAndAnchoredOnce: a proof verified for two participants (bob
// cites alice's proofs: another DID, another outcome) is parsed once, and
// its view is not kept after its last verification; each batch's anchors
// are verified once. Seen failing with expectViews not called (6 parses
// for 4 views).
func TestParsedAndAnchoredOnce(t *testing.T) {
	f := newFixture(t)
	f.participant("alice")
	f.participant("bob")
	f.participant("carol")
	a := f.call("alice", "/agrements/AGR-0001", callOpts{})
	v := f.call("alice", "/avenants/AV-0001", callOpts{})
	claims := []claim{
		{"/agrements/AGR-0001", "/statut", "actif", []*prooftest.Proof{a}},
		{"/avenants/AV-0001", "/nouvelle_date_fin", "2027-06-30", []*prooftest.Proof{v}},
	}
	f.submit("alice", "conf-01", "conforme", claims, nil)
	f.submit("bob", "conf-01", "conforme", claims, nil)
	honest(f, "carol")
	s, m := f.write()
	sc := New(s, m)
	ids := map[string]int{}
	var mu sync.Mutex
	sc.kept = func(k outcomeKey, _ proofOutcome) {
		mu.Lock()
		defer mu.Unlock()
		ids[k.proofID]++
	}
	if _, err := sc.Track(s.Track("conformite")); err != nil {
		t.Fatal(err)
	}
	for k := range sc.outcomes { // the freezes
		ids[k.proofID]++
	}
	if ids[a.ID] != 2 || ids[v.ID] != 2 {
		t.Fatalf("verifications by proof: %v, want alice's two proofs twice", ids)
	}
	if got := int(sc.parses.Load()); got != len(ids) {
		t.Errorf("%d views parsed for %d proofs", got, len(ids))
	}
	if len(sc.views) != 0 {
		t.Errorf("%d views still held after the track", len(sc.views))
	}
	if runs, batches := sc.verifier.AnchorRuns(), sc.verifier.BatchesVerified(); runs != batches || batches == 0 {
		t.Errorf("anchors verified %d times for %d batches", runs, batches)
	}

	// From a warm cache: no view parsed, none held. Seen failing with
	// Scorer.release not called on a hit.
	c, err := vcache.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	for _, pass := range []string{"cold", "warm"} {
		sc := New(s, m, WithCache(c))
		if _, err := sc.Track(s.Track("conformite")); err != nil {
			t.Fatal(err)
		}
		if n := sc.parses.Load(); pass == "warm" && n != 0 {
			t.Errorf("%d views parsed from a warm cache", n)
		}
		if len(sc.views) != 0 {
			t.Errorf("%s cache: %d views still held after the track", pass, len(sc.views))
		}
	}
}

// TestDemoCache: a second build with the cache of the first verifies
// nothing and publishes the same bytes, with outcomes identical field for
// field; a cache whose every entry is damaged (a byte flipped, truncated,
// or its payload swapped with another entry's) is recomputed entirely, never trusted,
// and publishes the same bytes again.
func TestDemoCache(t *testing.T) {
	s, m := loadDemo(t)
	want := published(t, s, New(s, m))
	dir := t.TempDir()
	c, err := vcache.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	cold := New(s, m, WithCache(c))
	coldOut := record(cold)
	if got := published(t, s, cold); !bytes.Equal(got, want) {
		t.Fatal("a build with an empty cache publishes other bytes")
	}
	n := int(cold.verifies.Load())
	if st := c.Stats(); n == 0 || st.Written != n || st.Hits != 0 {
		t.Fatalf("cold build: %d verifications, cache %+v", n, st)
	}

	warm := New(s, m, WithCache(c))
	warmOut := record(warm)
	if got := published(t, s, warm); !bytes.Equal(got, want) {
		t.Error("a build from the cache publishes other bytes")
	}
	if v := warm.verifies.Load(); v != 0 {
		t.Errorf("a build from a full cache verified %d proofs", v)
	}
	if len(coldOut) == 0 || len(warmOut) != len(coldOut) {
		t.Errorf("%d outcomes from the cache, %d verified", len(warmOut), len(coldOut))
	}
	for k, e := range coldOut {
		if w, ok := warmOut[k]; !ok || !reflect.DeepEqual(w.out, e.out) {
			t.Errorf("proof %s: the cached outcome differs from the verified one", k.proofID)
		}
	}

	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	stored, err := vcachetest.Entries(dir)
	if err != nil || len(stored) != n {
		t.Fatalf("%d entries (%v) for %d verifications", len(stored), err, n)
	}
	keys := slices.SortedFunc(maps.Keys(stored), func(a, b vcache.Key) int { return bytes.Compare(a[:], b[:]) })
	entries := make([][]byte, len(keys))
	for i, k := range keys {
		entries[i] = stored[k]
	}
	for i, damage := range []func(i int, b []byte) []byte{
		func(i int, b []byte) []byte { b[len(b)/2+i%7] ^= 0x20; return b },
		func(i int, b []byte) []byte { return b[:len(b)-1-i%5] },
		// Each entry's payload swapped with the next one's, its header
		// kept: a sound payload that is not the one its header hashes.
		func(i int, b []byte) []byte {
			next := entries[(i+1)%len(entries)]
			head, _, _ := bytes.Cut(b, []byte("\n\n"))
			_, payload, _ := bytes.Cut(next, []byte("\n\n"))
			return append(append(head, '\n', '\n'), payload...)
		},
	} {
		damaged := map[vcache.Key][]byte{}
		for j, k := range keys {
			damaged[k] = damage(j, bytes.Clone(entries[j]))
		}
		if err := vcachetest.Replace(dir, damaged); err != nil {
			t.Fatal(err)
		}
		recomputed(t, s, m, dir, want, n, i)
	}
}

// record makes sc record the outcome of every cited proof it verifies or
// reads from its cache; the map is complete once sc has scored.
func record(sc *Scorer) map[outcomeKey]proofOutcome {
	out := map[outcomeKey]proofOutcome{}
	var mu sync.Mutex
	sc.kept = func(k outcomeKey, o proofOutcome) {
		mu.Lock()
		defer mu.Unlock()
		out[k] = o
	}
	return out
}

// recomputed builds with the cache in dir, every entry of which is
// damaged: every proof must be verified again and rejected entries
// counted, and the bytes must be want.
func recomputed(t *testing.T, s *season.Season, m *trust.Material, dir string, want []byte, n, damage int) {
	t.Helper()
	c, err := vcache.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	sc := New(s, m, WithCache(c))
	if got := published(t, s, sc); !bytes.Equal(got, want) {
		t.Errorf("damage %d: a build over a damaged cache publishes other bytes", damage)
	}
	if v, st := int(sc.verifies.Load()), c.Stats(); v != n || st.Rejected != n || st.Hits != 0 {
		t.Errorf("damage %d: %d of %d proofs verified again, cache %+v", damage, v, n, st)
	}
	// What it stored again, the next case damages again.
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestCacheRekorEntryChanged: the cache key leaves out the Rekor entry (a
// hit parses no view), so a hit whose Rekor entry is no longer the
// season's must not be used: after one cached entry file changes, the
// proofs of its batch, and only they, are verified again, and the bytes
// are those of a build without cache. Seen failing with the Rekor check
// of Scorer.cached removed.
func TestCacheRekorEntryChanged(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "0") // a season directory is named by its number
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "seasons", "0"))); err != nil {
		t.Fatal(err)
	}
	load := func() (*season.Season, *trust.Material) {
		s, err := season.Load(dir)
		if err != nil {
			t.Fatal(err)
		}
		m, err := trust.Load(s.Path("trust"))
		if err != nil {
			t.Fatal(err)
		}
		return s, m
	}
	c, err := vcache.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	s, m := load()
	cold := New(s, m, WithCache(c))
	published(t, s, cold)
	entry := s.Path("anchors/rekor/" + s.RekorEntries[0].UUID + ".json")
	b, err := os.ReadFile(entry)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(entry, append(b, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	s, m = load()
	want := published(t, s, New(s, m))
	before := c.Stats()
	warm := New(s, m, WithCache(c))
	if got := published(t, s, warm); !bytes.Equal(got, want) {
		t.Error("a build from the cache after a Rekor entry changed publishes other bytes than one without cache")
	}
	stale, v := c.Stats().Stale-before.Stale, int(warm.verifies.Load())
	if stale == 0 || v != stale || v >= int(cold.verifies.Load()) {
		t.Errorf("%d stale hits, %d proofs verified again of %d", stale, v, cold.verifies.Load())
	}
}

// checksKept counts the proofs of every track of s, scored by sc, that
// keep their checks, and those that do not.
func checksKept(t *testing.T, s *season.Season, sc *Scorer) (kept, dropped int) {
	t.Helper()
	for _, tr := range s.Tracks {
		r := scoreReports(t, sc, tr)
		for _, p := range r.Reports {
			for _, task := range p.TaskReports {
				for _, a := range task.Assertions {
					for _, pr := range a.Proofs {
						if pr.Checks != nil {
							kept++
						} else {
							dropped++
						}
					}
				}
			}
		}
	}
	return kept, dropped
}

// TestWithoutChecks: a Scorer WithoutChecks publishes the same bytes and
// keeps no proof's checks; the cache it fills still holds them, so that a
// Scorer that keeps them reads them back from it.
func TestWithoutChecks(t *testing.T) {
	s, m := loadDemo(t)
	if !bytes.Equal(published(t, s, New(s, m, WithoutChecks())), published(t, s, New(s, m))) {
		t.Fatal("WithoutChecks publishes other bytes")
	}
	if kept, dropped := checksKept(t, s, New(s, m)); kept == 0 {
		t.Fatalf("by default %d proofs keep their checks, %d do not: want some kept", kept, dropped)
	}
	c, err := vcache.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if kept, dropped := checksKept(t, s, New(s, m, WithCache(c), WithoutChecks())); kept != 0 || dropped == 0 {
		t.Fatalf("WithoutChecks: %d proofs keep their checks, %d do not: want none kept", kept, dropped)
	}
	hits := c.Stats().Hits
	kept, _ := checksKept(t, s, New(s, m, WithCache(c)))
	if c.Stats().Hits == hits || kept == 0 {
		t.Fatalf("the cache WithoutChecks filled: %d more hits, %d proofs with their checks: want both", c.Stats().Hits-hits, kept)
	}
}

// heapAlloc is the live heap after two collections.
func heapAlloc() int64 {
	var ms runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc)
}

// TestOutcomesKeepNoView: an outcome, what a verification gives the
// participant's scoring and the checks a ProofResult keeps for explain, is
// not the view it was read from (a kept substring of a view keeps its
// whole text): dropping every outcome frees much less than a view per
// outcome.
func TestOutcomesKeepNoView(t *testing.T) {
	s, m := loadDemo(t)
	sc := New(s, m, WithoutChecks())
	kept := record(sc)
	var results []*TrackResult
	for _, tr := range s.Tracks {
		r, err := sc.Track(tr)
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, r)
	}
	var views int64
	for _, p := range s.Proofs {
		data, err := s.ReadProof(p.ID)
		if err != nil {
			t.Fatal(err)
		}
		views += int64(len(data))
	}
	n := int64(len(kept))
	if n == 0 {
		t.Fatal("no outcome recorded")
	}
	before := heapAlloc()
	runtime.KeepAlive(kept)
	sc.kept, kept = nil, nil
	freed := before - heapAlloc()
	runtime.KeepAlive(results)
	runtime.KeepAlive(sc)
	perView, perOutcome := views/int64(len(s.Proofs)), freed/n
	t.Logf("%d outcomes kept %d bytes (%d each); a view is %d bytes on average", n, freed, perOutcome, perView)
	if perOutcome > perView/4 {
		t.Errorf("each outcome keeps %d bytes, a view is %d: the outcomes keep their views", perOutcome, perView)
	}
}

// TestScorerKeepsNoCitedOutcome: once a track is scored, the Scorer keeps
// nothing of the proofs the participants cited (their outcomes live while
// their participant is scored; what is published of them is in the
// results): it keeps only the challenge's proofs (freezes, publication),
// and dropping the Scorer, the results and its verifier's batches aside,
// frees a few bytes per cited proof at most. Seen failing with every outcome kept in Scorer.outcomes
// for the Scorer's lifetime (about 900 bytes each).
func TestScorerKeepsNoCitedOutcome(t *testing.T) {
	s, m := loadDemo(t)
	sc := New(s, m, WithoutChecks())
	var mu sync.Mutex
	n := 0
	sc.kept = func(outcomeKey, proofOutcome) {
		mu.Lock()
		defer mu.Unlock()
		n++
	}
	var results []*TrackResult
	for _, tr := range s.Tracks {
		r, err := sc.Track(tr)
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, r)
	}
	sc.kept = nil
	if n == 0 {
		t.Fatal("no cited proof verified")
	}
	for k := range sc.outcomes {
		if k.did != sc.season.ChallengeDID {
			t.Errorf("the Scorer keeps the outcome of proof %s for DID %s", k.proofID, k.did)
		}
	}
	// The verifier keeps each batch's anchors, one per batch however
	// many proofs share it: not counted here.
	sc.verifier = nil
	before := heapAlloc()
	runtime.KeepAlive(sc)
	sc = nil
	freed := before - heapAlloc()
	runtime.KeepAlive(results)
	runtime.KeepAlive(s) // the season and its trust are the caller's
	runtime.KeepAlive(m)
	t.Logf("dropping the Scorer frees %d bytes for %d cited outcomes (%d each)", freed, n, freed/int64(n))
	if freed/int64(n) > 64 {
		t.Errorf("dropping the Scorer frees %d bytes for %d cited outcomes (%d each): it keeps what it verified for the participants", freed, n, freed/int64(n))
	}
}

// TestResultsKeepNoDerivedText: what a scored track holds until the pages
// are rendered is not the text that can be rebuilt when it is written: a
// Scorer WithoutChecks keeps no task's trail, and no supported assertion
// stores its sentence (Explanation builds it: results.json and the pages
// are unchanged, TestDemoGolden); a default Scorer keeps the trail for
// proveit explain.
func TestResultsKeepNoDerivedText(t *testing.T) {
	s, m := loadDemo(t)
	for _, c := range []struct {
		name   string
		opts   []Option
		trails bool
	}{
		{"WithoutChecks", []Option{WithoutChecks()}, false},
		{"default", nil, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			sc := New(s, m, c.opts...)
			trails, supported := 0, 0
			for _, track := range s.Tracks {
				r := scoreReports(t, sc, track)
				for _, p := range r.Reports {
					for _, tr := range p.TaskReports {
						if tr.Trail != nil {
							trails++
						}
						for i := range tr.Assertions {
							a := &tr.Assertions[i]
							if a.Cause != Supported {
								continue
							}
							supported++
							if a.Detail != "" {
								t.Errorf("%s %s: a supported assertion stores its sentence %q", tr.File, a.ID, a.Detail)
							}
							if !strings.Contains(a.Explanation(), " is valid") && !strings.Contains(a.Explanation(), " are valid") {
								t.Errorf("%s %s: explanation %q", tr.File, a.ID, a.Explanation())
							}
						}
					}
				}
			}
			if supported == 0 {
				t.Fatal("no supported assertion in the demo")
			}
			if (trails > 0) != c.trails {
				t.Errorf("%d tasks keep a trail, want trails: %v", trails, c.trails)
			}
		})
	}
}
