package rekor

import (
	"errors"
	"testing"
)

// TestProtoErrorText: protojson prefixes its errors with "proto:" and a
// space or a no-break space, depending on the build; the Detail must not
// depend on which.
func TestProtoErrorText(t *testing.T) {
	for _, msg := range []string{"proto: (line 1:2): unexpected token", "proto:\u00a0(line 1:2): unexpected token"} {
		if got, want := protoErrorText(errors.New(msg)), "(line 1:2): unexpected token"; got != want {
			t.Errorf("protoErrorText(%q) = %q, want %q", msg, got, want)
		}
	}
}
