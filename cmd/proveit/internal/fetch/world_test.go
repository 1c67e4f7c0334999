package fetch

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ark-forge/proveit/cmd/proveit/internal/fetch/fetchtest"
	"github.com/ark-forge/proveit/scorer/anchor/rfc3161/rfc3161test"
	"github.com/ark-forge/proveit/scorer/proof/prooftest"
	"github.com/ark-forge/proveit/scorer/pyjson"
)

var keyWindow = rfc3161test.Validity{NotBefore: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), NotAfter: time.Date(2026, 12, 31, 23, 59, 59, 0, time.UTC)}

// fakeClock is the clock and the sleeper of a test: sleeping advances it.
type fakeClock struct {
	mu     sync.Mutex
	t      time.Time
	sleeps []time.Duration
}

func (f *fakeClock) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.t
}

func (f *fakeClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.t = f.t.Add(d)
	f.sleeps = append(f.sleeps, d)
	return nil
}

func (f *fakeClock) Advance(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.t = f.t.Add(d)
}

func (f *fakeClock) Sleeps() []time.Duration {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]time.Duration(nil), f.sleeps...)
}

// world is a test issuer, a test Trust Layer serving its views, a fake
// clock, a budget store and a proofs directory.
type world struct {
	t      *testing.T
	seed   string
	is     *prooftest.Issuer
	srv    *fetchtest.Server
	rekor  *fetchtest.Rekor
	clock  *fakeClock
	store  Store
	dir    string
	at     time.Time
	log    bytes.Buffer
	limit  int
	proofs map[string]*prooftest.Proof
	// maxEntries is the client's MaxEntries.
	maxEntries int
}

func newWorld(t *testing.T, seed string) *world {
	t.Helper()
	is, err := prooftest.New(prooftest.Config{Seed: []byte(seed), KeyWindow: keyWindow})
	if err != nil {
		t.Fatal(err)
	}
	srv := fetchtest.New()
	t.Cleanup(srv.Close)
	rk := fetchtest.NewRekor()
	t.Cleanup(rk.Close)
	return &world{
		t: t, seed: seed, is: is, srv: srv, rekor: rk,
		clock: &fakeClock{t: time.Date(2026, 10, 6, 9, 0, 0, 0, time.UTC)},
		store: FileStore{Path: filepath.Join(t.TempDir(), "fetch-state.json")},
		dir:   filepath.Join(t.TempDir(), "proofs"),
		at:    time.Date(2026, 9, 25, 12, 0, 0, 0, time.UTC), proofs: map[string]*prooftest.Proof{},
	}
}

// issue mints n proofs into the issuer's open batch and serves their
// (pending) views; it returns their ids.
func (w *world) issue(n int, body string) []string {
	w.t.Helper()
	var ids []string
	for range n {
		p, err := w.is.Issue(prooftest.Call{Target: "https://corpus.arkforge.tech/agrements/AGR-4417", Method: "GET", Payload: pyjson.ObjectValue(), Body: []byte(body), DID: "did:key:z6MkFetch", APIKey: "k", At: w.at})
		if err != nil {
			w.t.Fatal(err)
		}
		w.at = w.at.Add(time.Second)
		w.proofs[p.ID] = p
		if err := w.srv.PutProof(p); err != nil {
			w.t.Fatal(err)
		}
		ids = append(ids, p.ID)
	}
	return ids
}

// close closes the issuer's open batch and serves the closed views; it
// returns the batch's id.
func (w *world) close() string {
	w.t.Helper()
	ps, err := w.is.CloseBatch(w.at.Add(time.Minute))
	if err != nil {
		w.t.Fatal(err)
	}
	for _, p := range ps {
		if err := w.srv.PutProof(p); err != nil {
			w.t.Fatal(err)
		}
	}
	w.rekor.PutAll(w.is.RekorEntries())
	return ps[0].Batch.ID
}

// closed mints n proofs in a closed batch.
func (w *world) closed(n int) []string {
	ids := w.issue(n, `{"statut": "actif"}`)
	w.close()
	return ids
}

func (w *world) client() *Client {
	return &Client{
		Base: w.srv.URL, HTTP: w.srv.Client(), Store: w.store, MaxWait: time.Minute, Progress: &w.log, Rekor: w.rekor.URL, MaxEntries: w.maxEntries,
		policy: policy{now: w.clock.Now, sleep: w.clock.Sleep, rand: func() float64 { return 0.5 }, limit: w.limit},
	}
}

func (w *world) plan(ids []string, opts Options) *Plan {
	w.t.Helper()
	p, err := w.client().Plan(w.dir, ids, opts)
	if err != nil {
		w.t.Fatal(err)
	}
	return p
}

func (w *world) run(ids []string, opts Options) (*Plan, *Report) {
	w.t.Helper()
	return w.runCtx(context.Background(), ids, opts)
}

func (w *world) runCtx(ctx context.Context, ids []string, opts Options) (*Plan, *Report) {
	w.t.Helper()
	p := w.plan(ids, opts)
	rep, err := w.client().Run(ctx, p)
	if err != nil {
		w.t.Fatal(err)
	}
	return p, rep
}

// cached returns what the cache holds for id.
func (w *world) cached(id string) (Cached, []byte) {
	w.t.Helper()
	held, data, err := inspect(w.dir, id)
	if err != nil {
		w.t.Fatalf("proof %s: %v", id, err)
	}
	return held, data
}

func (w *world) stateCalls() int {
	w.t.Helper()
	st, err := w.store.Load()
	if err != nil {
		w.t.Fatal(err)
	}
	return len(st.Window(w.srv.URL).Calls)
}

// noTemp fails if a temporary file was left in the proofs directory.
func (w *world) noTemp() {
	w.t.Helper()
	entries, _ := os.ReadDir(w.dir)
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".json") || strings.HasPrefix(e.Name(), ".") {
			w.t.Errorf("leftover in the proofs directory: %s", e.Name())
		}
	}
}

func sortedCopy(ids []string) []string {
	out := append([]string(nil), ids...)
	sort.Strings(out)
	return out
}

func equal(a, b []string) bool {
	return strings.Join(sortedCopy(a), ",") == strings.Join(sortedCopy(b), ",")
}
