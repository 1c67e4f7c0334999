package fetch

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"
)

// The Trust Layer's read limit (§10 of the specification): an IP address is
// blocked beyond ReadLimit public-view reads per ReadPeriod. A GET
// /v1/proof/{id} counts one; a POST /v1/proofs of up to GroupSize ids
// counts one.
const (
	ReadLimit  = 100
	ReadPeriod = time.Hour
)

// Window is the record of the calls made to one Trust Layer from this
// machine: the times of the calls of the last period (a sliding window),
// and the time before which the Trust Layer asked not to be called again
// (from a 429's Retry-After).
type Window struct {
	Calls     []time.Time // sorted
	NotBefore time.Time   // zero when the Trust Layer set no such time
}

// Used is how many of the calls count against the limit at now: those made
// after now-period (a call dated in the future, after a clock change,
// counts too).
func (w *Window) Used(now time.Time, period time.Duration) int {
	from := now.Add(-period)
	n := 0
	for _, c := range w.Calls {
		if c.After(from) {
			n++
		}
	}
	return n
}

// Left is how many calls the limit still allows at now.
func (w *Window) Left(now time.Time, limit int, period time.Duration) int {
	return max(limit-w.Used(now, period), 0)
}

// Next is the earliest time, at or after now, at which a call is allowed:
// after NotBefore, and when fewer than limit calls fall in the period
// before it. A call made at c stops counting at c+period. A limit below 1
// is taken as 1.
func (w *Window) Next(now time.Time, limit int, period time.Duration) time.Time {
	limit = max(limit, 1)
	t := now
	if w.NotBefore.After(t) {
		t = w.NotBefore
	}
	if k := len(w.Calls); k >= limit {
		calls := sortedTimes(w.Calls)
		if free := calls[k-limit].Add(period); free.After(t) {
			t = free
		}
	}
	return t
}

// Record adds a call made at t, keeping Calls sorted.
func (w *Window) Record(t time.Time) {
	i := sort.Search(len(w.Calls), func(i int) bool { return w.Calls[i].After(t) })
	w.Calls = append(w.Calls, time.Time{})
	copy(w.Calls[i+1:], w.Calls[i:])
	w.Calls[i] = t
}

// Prune forgets the calls that no longer count at now, and a NotBefore
// that has passed.
func (w *Window) Prune(now time.Time, period time.Duration) {
	from := now.Add(-period)
	kept := w.Calls[:0]
	for _, c := range w.Calls {
		if c.After(from) {
			kept = append(kept, c)
		}
	}
	w.Calls = kept
	if !w.NotBefore.After(now) {
		w.NotBefore = time.Time{}
	}
}

// Schedule returns the times at which n calls can be made, one after the
// other as early as the limit allows, starting at now from the window w
// (which it does not change). A limit below 1 is taken as 1.
func Schedule(w Window, now time.Time, n, limit int, period time.Duration) []time.Time {
	limit = max(limit, 1)
	sim := Window{Calls: sortedTimes(w.Calls), NotBefore: w.NotBefore}
	sim.Prune(now, period)
	out := make([]time.Time, 0, n)
	t := now
	for range n {
		t = sim.Next(t, limit, period)
		sim.Record(t)
		if len(sim.Calls) > 4*limit {
			sim.Calls = append([]time.Time(nil), sim.Calls[len(sim.Calls)-limit:]...)
		}
		out = append(out, t)
	}
	return out
}

func sortedTimes(ts []time.Time) []time.Time {
	out := append([]time.Time(nil), ts...)
	sort.Slice(out, func(i, j int) bool { return out[i].Before(out[j]) })
	return out
}

// State is the budget of every Trust Layer this machine reads from, by base
// URL (the limit is per IP address, so every season fetched from this
// machine shares it).
type State struct {
	TrustLayers map[string]*Window
}

// Window returns the window of the Trust Layer at base, creating it.
func (s *State) Window(base string) *Window {
	if s.TrustLayers == nil {
		s.TrustLayers = map[string]*Window{}
	}
	w := s.TrustLayers[base]
	if w == nil {
		w = &Window{}
		s.TrustLayers[base] = w
	}
	return w
}

// Store keeps the State between runs. Load of a store never saved returns
// an empty State.
type Store interface {
	Load() (*State, error)
	Save(*State) error
}

// MemStore is a Store in memory, for tests and for a single process.
type MemStore struct {
	mu    sync.Mutex
	state []byte
}

// Load returns a copy of the saved state.
func (m *MemStore) Load() (*State, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.state == nil {
		return &State{}, nil
	}
	return decodeState(m.state)
}

// Save keeps a copy of s.
func (m *MemStore) Save(s *State) error {
	b, err := encodeState(s)
	if err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.state = b
	return nil
}

// StateFormat is the value of "format" in a state file.
const StateFormat = "proveit-fetch-state/1"

// MaxStateBytes bounds the state file read (a window holds ReadLimit times).
const MaxStateBytes = 1 << 20

// FileStore keeps the State in a JSON file, replaced atomically (a
// temporary file in the same directory, synced, then renamed):
//
//	{
//	  "format": "proveit-fetch-state/1",
//	  "trust_layers": {
//	    "https://trustlayer.arkforge.tech": {
//	      "calls": ["2026-10-05T20:14:03.512Z", ...],
//	      "not_before": "2026-10-05T20:40:00Z"
//	    }
//	  }
//	}
//
// "calls" are the times of the calls of the last hour (older ones are
// dropped on save); "not_before", when present, is the time a 429's
// Retry-After set. A file that does not parse is an error, never an empty
// budget: remove it only knowing that the Trust Layer may still count those
// calls.
type FileStore struct {
	Path string
}

// Load reads the state file; an absent file is an empty State.
func (f FileStore) Load() (*State, error) {
	file, err := os.Open(f.Path)
	if errors.Is(err, os.ErrNotExist) {
		return &State{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("fetch state %s: %w", f.Path, err)
	}
	defer file.Close()
	b, err := io.ReadAll(io.LimitReader(file, MaxStateBytes+1))
	if err != nil {
		return nil, fmt.Errorf("fetch state %s: %w", f.Path, err)
	}
	if len(b) > MaxStateBytes {
		return nil, fmt.Errorf("fetch state %s: exceeds %d bytes", f.Path, MaxStateBytes)
	}
	s, err := decodeState(b)
	if err != nil {
		return nil, fmt.Errorf("fetch state %s: %w (it records the reads spent against the Trust Layer's limit: fix it, or remove it knowing the Trust Layer may still count them)", f.Path, err)
	}
	return s, nil
}

// Save writes the state file atomically, creating its directory.
func (f FileStore) Save(s *State) error {
	b, err := encodeState(s)
	if err != nil {
		return err
	}
	dir := filepath.Dir(f.Path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("fetch state %s: %w", f.Path, err)
	}
	if err := writeAtomic(dir, filepath.Base(f.Path), b); err != nil {
		return fmt.Errorf("fetch state %s: %w", f.Path, err)
	}
	return nil
}

type stateFile struct {
	Format      string                `json:"format"`
	TrustLayers map[string]windowFile `json:"trust_layers"`
}

type windowFile struct {
	Calls     []time.Time `json:"calls"`
	NotBefore *time.Time  `json:"not_before,omitempty"`
}

func encodeState(s *State) ([]byte, error) {
	f := stateFile{Format: StateFormat, TrustLayers: map[string]windowFile{}}
	for base, w := range s.TrustLayers {
		wf := windowFile{Calls: make([]time.Time, 0, len(w.Calls))}
		for _, c := range sortedTimes(w.Calls) {
			wf.Calls = append(wf.Calls, c.UTC())
		}
		if !w.NotBefore.IsZero() {
			nb := w.NotBefore.UTC()
			wf.NotBefore = &nb
		}
		f.TrustLayers[base] = wf
	}
	b, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

func decodeState(b []byte) (*State, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var f stateFile
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("not a state file: %w", err)
	}
	if dec.More() {
		return nil, errors.New("not a state file: data after the object")
	}
	if f.Format != StateFormat {
		return nil, fmt.Errorf("format %q, want %q", f.Format, StateFormat)
	}
	s := &State{TrustLayers: map[string]*Window{}}
	for base, wf := range f.TrustLayers {
		w := &Window{Calls: sortedTimes(wf.Calls)}
		if wf.NotBefore != nil {
			w.NotBefore = *wf.NotBefore
		}
		s.TrustLayers[base] = w
	}
	return s, nil
}
