package score

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestMarshalJSONAsEncoder: MarshalJSON writes the bytes of an Encoder
// with SetEscapeHTML(false) and SetIndent("", "  "), its oracle, on values
// with every kind of JSON, empty containers, raw messages and text an HTML
// escaper would change.
func TestMarshalJSONAsEncoder(t *testing.T) {
	type inner struct {
		A []int          `json:"a"`
		B map[string]any `json:"b,omitempty"`
		R json.RawMessage
	}
	for _, v := range []any{
		nil, true, 0, -1.5, "", "<a href='x'>&amp;</a>", "é\u2028\u2029\x00",
		[]any{}, map[string]any{}, []any{[]any{}, map[string]any{}},
		inner{A: []int{1, 2}, B: map[string]any{"z": nil, "y": []string{"<", ">"}}, R: json.RawMessage(`{ "k" : [ 1 , {} ] }`)},
		inner{R: json.RawMessage(`"s"`)},
		ReportJSON{RuleSet: "r&d", ProveitVersion: "<v>"},
	} {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
		got, err := MarshalJSON(v)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want.Bytes()) {
			t.Errorf("MarshalJSON(%#v):\n%s\nwant\n%s", v, got, want.Bytes())
		}
	}
	if _, err := MarshalJSON(func() {}); err == nil {
		t.Error("MarshalJSON of a func: no error")
	}
}
