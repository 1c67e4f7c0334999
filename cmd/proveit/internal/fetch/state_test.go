package fetch

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestFileStore(t *testing.T) {
	p := filepath.Join(t.TempDir(), "state", "fetch-state.json")
	fs := FileStore{Path: p}
	st, err := fs.Load()
	if err != nil || len(st.TrustLayers) != 0 {
		t.Fatalf("absent file: %v, %v", st, err)
	}
	w := st.Window(DefaultBase)
	w.Record(t0)
	w.Record(t0.Add(-time.Minute))
	w.NotBefore = t0.Add(time.Hour)
	if err := fs.Save(st); err != nil {
		t.Fatal(err)
	}
	back, err := fs.Load()
	if err != nil {
		t.Fatal(err)
	}
	bw := back.Window(DefaultBase)
	if len(bw.Calls) != 2 || !bw.Calls[0].Equal(t0.Add(-time.Minute)) || !bw.NotBefore.Equal(t0.Add(time.Hour)) {
		t.Fatalf("round trip: %+v", bw)
	}
	raw, _ := os.ReadFile(p)
	for _, want := range []string{`"format": "proveit-fetch-state/1"`, `"https://trustlayer.arkforge.tech"`, `"2026-10-05T20:00:00Z"`, `"not_before": "2026-10-05T21:00:00Z"`} {
		if !strings.Contains(string(raw), want) {
			t.Errorf("state file lacks %s:\n%s", want, raw)
		}
	}
	entries, _ := os.ReadDir(filepath.Dir(p))
	if len(entries) != 1 {
		t.Errorf("leftovers beside the state file: %v", entries)
	}
	for _, bad := range []string{"", "{", `{"format": "other/1", "trust_layers": {}}`, `{"format": "proveit-fetch-state/1", "trust_layers": {}, "extra": 1}`, `{"format": "proveit-fetch-state/1", "trust_layers": {"x": {"calls": ["yesterday"]}}}`} {
		os.WriteFile(p, []byte(bad), 0o644)
		if _, err := fs.Load(); err == nil || !strings.Contains(err.Error(), p) {
			t.Errorf("state %q: err %v, want an error naming the file", bad, err)
		}
	}
}
