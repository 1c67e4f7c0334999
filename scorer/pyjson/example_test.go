package pyjson_test

import (
	"fmt"

	"github.com/ark-forge/proveit/scorer/pyjson"
)

// A corpus body as the Trust Layer hashes it: keys sorted, no whitespace,
// every non-ASCII character escaped, "/" left as it is. The output is what
// CPython gives for the same bytes:
//
//	json.dumps(json.loads(body), sort_keys=True, separators=(",", ":"))
func ExampleCanonical() {
	body := []byte(`{
  "ressource": "/agrements/AGR-0001",
  "statut": "suspendu",
  "entite": "/entites/ENT-0001",
  "autorite": "Autorité fictive de contrôle",
  "date_fin": "2027-06-30",
  "avenants": ["/avenants/AV-0001"]
}
`)
	v, err := pyjson.Decode(body)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(pyjson.Canonical(v)))
	// Output:
	// {"autorite":"Autorit\u00e9 fictive de contr\u00f4le","avenants":["/avenants/AV-0001"],"date_fin":"2027-06-30","entite":"/entites/ENT-0001","ressource":"/agrements/AGR-0001","statut":"suspendu"}
}

// The payload §2.4 of the challenge specification measured (a round
// float, 1e3, a 20-digit integer, null, a boolean, escaped Unicode, a
// nested object with keys out of order), and three floats more: 2.0 keeps
// its ".0", 1e3 is the float 1000.0, the integer keeps every digit, and
// 1.5e-7, -0.0 and 1e16 are written as Python's repr writes them. The
// output is what CPython gives for the same bytes:
//
//	json.dumps(json.loads(body), sort_keys=True, separators=(",", ":"))
func ExampleCanonical_numbers() {
	body := []byte(`{"b": 2.0, "a": 1e3, "n": 12345678901234567890, "z": null, "t": true,
	  "u": "caf\u00e9 ☕", "o": {"y": 1, "x": [1.5e-7, -0.0, 1e16]}}`)
	v, err := pyjson.Decode(body)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(pyjson.Canonical(v)))
	// Output:
	// {"a":1000.0,"b":2.0,"n":12345678901234567890,"o":{"x":[1.5e-07,-0.0,1e+16],"y":1},"t":true,"u":"caf\u00e9 \u2615","z":null}
}
