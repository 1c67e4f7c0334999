package rekor

import "testing"

// TestIsRekorOrigin: a checkpoint's origin is the pinned name, " - ", and
// the tree id as Rekor v1 writes it: a positive int64 in decimal, without
// sign, leading zero or anything around it. Tree id 0 is no tree.
func TestIsRekorOrigin(t *testing.T) {
	const pinned = "rekor.sigstore.dev"
	for _, c := range []struct {
		origin string
		want   bool
	}{
		{"rekor.sigstore.dev - 1193050959916656506", true},
		{"rekor.sigstore.dev - 1", true},
		{"rekor.sigstore.dev - 9223372036854775807", true},
		{"rekor.sigstore.dev - 0", false},
		{"rekor.sigstore.dev - 00", false},
		{"rekor.sigstore.dev - 01", false},
		{"rekor.sigstore.dev - -1", false},
		{"rekor.sigstore.dev - +1", false},
		{"rekor.sigstore.dev - 9223372036854775808", false},
		{"rekor.sigstore.dev - ", false},
		{"rekor.sigstore.dev - 1 ", false},
		{"rekor.sigstore.dev -  1", false},
		{"rekor.sigstore.dev-1", false},
		{"rekor.sigstore.dev", false},
		{"rekor.example.org - 1", false},
		{"xrekor.sigstore.dev - 1", false},
		{"", false},
	} {
		if got := isRekorOrigin(c.origin, pinned); got != c.want {
			t.Errorf("isRekorOrigin(%q) = %v, want %v", c.origin, got, c.want)
		}
	}
}
