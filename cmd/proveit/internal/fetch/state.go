package fetch

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/ark-forge/proveit/internal/atomicfs"
)

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

// stateFormat is the value of "format" in a state file.
const stateFormat = "proveit-fetch-state/1"

// maxStateBytes bounds the state file read (a window holds readLimit times).
const maxStateBytes = 1 << 20

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
// dropped as new calls are recorded); "not_before", when present, is the
// time a 429's Retry-After set. A file that does not parse is an error,
// never an empty budget: remove it only knowing that the Trust Layer may
// still count those calls. Path lies outside every season directory (see
// the package doc); proveit fetch keeps it in the user cache directory.
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
	b, err := io.ReadAll(io.LimitReader(file, maxStateBytes+1))
	if err != nil {
		return nil, fmt.Errorf("fetch state %s: %w", f.Path, err)
	}
	if len(b) > maxStateBytes {
		return nil, fmt.Errorf("fetch state %s: exceeds %d bytes", f.Path, maxStateBytes)
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
	if err := atomicfs.WriteFile(f.Path, b, 0o644); err != nil {
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
	f := stateFile{Format: stateFormat, TrustLayers: map[string]windowFile{}}
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
	if f.Format != stateFormat {
		return nil, fmt.Errorf("format %q, want %q", f.Format, stateFormat)
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
