package fetch

import (
	"testing"
)

func TestNormalizeBase(t *testing.T) {
	for in, want := range map[string]string{
		"https://trustlayer.arkforge.tech":  "https://trustlayer.arkforge.tech",
		"https://trustlayer.arkforge.tech/": "https://trustlayer.arkforge.tech",
		"http://127.0.0.1:8080/api/":        "http://127.0.0.1:8080/api",
	} {
		if got, err := NormalizeBase(in); err != nil || got != want {
			t.Errorf("%q: %q %v, want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "trustlayer.arkforge.tech", "ftp://x", "https://", "https://x?y=1", "https://u@x", "https://x#f"} {
		if _, err := NormalizeBase(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
