package submission

import (
	"testing"

	"github.com/ark-forge/proveit/scorer/pyjson"
)

// TestTripletKeyInjective: two claims have one key exactly when their
// resource, field and value are the same; a resource and a field that run
// together into the same text are different claims.
func TestTripletKeyInjective(t *testing.T) {
	str := pyjson.StringValue
	one, _ := pyjson.IntValue("1")
	cases := []struct {
		name string
		a, b Claim
		same bool
	}{
		{"the same claim", Claim{"/a", "/b", str("x")}, Claim{"/a", "/b", str("x")}, true},
		{"resource and field run together (/a/b + /c, /a + /b/c)", Claim{"/a/b", "/c", str("x")}, Claim{"/a", "/b/c", str("x")}, false},
		{"field and value run together", Claim{"/a", "/b1", str("")}, Claim{"/a", "/b", str("1")}, false},
		{"digits that read as a length", Claim{"/a", "2:/b", str("x")}, Claim{"/a2:", "/b", str("x")}, false},
		{"a field that reads as a length and a field", Claim{"/x", "/y2:/z", str("x")}, Claim{"/x6:/y", "/z", str("x")}, false},
		{"a string and a number", Claim{"/a", "/b", str("1")}, Claim{"/a", "/b", one}, false},
		{"empty field", Claim{"/a", "", str("x")}, Claim{"/a", "/", str("x")}, false},
	}
	for _, c := range cases {
		if got := tripletKey(c.a) == tripletKey(c.b); got != c.same {
			t.Errorf("%s: same key %v, want %v (%q, %q)", c.name, got, c.same, tripletKey(c.a), tripletKey(c.b))
		}
	}
}
