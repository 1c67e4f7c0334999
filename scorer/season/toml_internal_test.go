package season

import "testing"

// TestDecodeTOMLUnknownKey: a key the file may not hold is refused with
// the file, the key and the keys it may hold, in exactly these words; a
// known key in another case is refused as such (the TOML library would
// match it to the field), with its own words.
func TestDecodeTOMLUnknownKey(t *testing.T) {
	type file struct {
		Number int    `toml:"number"`
		Name   string `toml:"name"`
	}
	l := &loader{dir: "seasons/1"}
	for _, c := range []struct {
		name, data, want string
	}{
		{"a key no field has", "number = 1\ncolour = \"blue\"\n", `seasons/1/season.toml: colour: unknown key, want one of "number", "name"`},
		{"a known key in another case", "Number = 1\n", `seasons/1/season.toml: Number: unknown key (keys are case-sensitive), want one of "number", "name"`},
		{"a table no field has", "number = 1\n[extra]\nx = 1\n", `seasons/1/season.toml: extra: unknown key, want one of "number", "name"`},
	} {
		var v file
		_, err := l.decodeTOML("season.toml", []byte(c.data), &v, "number", "name")
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: %v\nwant %s", c.name, err, c.want)
		}
	}
	var v file
	if _, err := l.decodeTOML("season.toml", []byte("number = 1\nname = \"x\"\n"), &v, "number", "name"); err != nil || v.Number != 1 || v.Name != "x" {
		t.Errorf("known keys: %v %+v", err, v)
	}
}
