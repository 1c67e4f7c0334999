package hashes_test

import (
	"fmt"

	"github.com/ark-forge/proveit/scorer/hashes"
	"github.com/ark-forge/proveit/scorer/pyjson"
)

// The request hash of a corpus call: GET on the catalogue's canonical URL
// with the payload {}. amount is the float 0.0 and currency "eur" whatever
// the call (§2.4). The values are what CPython gives:
//
//	req = {"target": "https://corpus.arkforge.tech/agrements/AGR-0001",
//	       "method": "GET", "payload": {}, "amount": 0.0, "currency": "eur"}
//	json.dumps(req, sort_keys=True, separators=(",", ":"))
//	hashlib.sha256(that.encode()).hexdigest()
func ExampleRequestHash() {
	target := "https://corpus.arkforge.tech/agrements/AGR-0001"
	payload, err := pyjson.Decode([]byte(`{}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(pyjson.Canonical(hashes.RequestData(target, "GET", payload))))
	fmt.Println(hashes.RequestHash(target, "GET", payload))
	// Output:
	// {"amount":0.0,"currency":"eur","method":"GET","payload":{},"target":"https://corpus.arkforge.tech/agrements/AGR-0001"}
	// 1011c423f7fe595e4ce123f5659a895f058175a127ccbcb0636827b0a117fa9d
}

// The response hash of a body as the corpus serves it: the hash covers
// what json.loads reads from the bytes, not the bytes (their indentation
// and key order do not count). The values are what CPython gives for the
// same bytes:
//
//	hashlib.sha256(json.dumps(json.loads(body), sort_keys=True,
//	    separators=(",", ":")).encode()).hexdigest()
func ExampleResponseHash() {
	body := []byte(`{
  "ressource": "/agrements/AGR-0001",
  "statut": "suspendu",
  "entite": "/entites/ENT-0001",
  "autorite": "Autorité fictive de contrôle",
  "date_fin": "2027-06-30",
  "avenants": ["/avenants/AV-0001"]
}
`)
	fmt.Println(string(pyjson.Canonical(hashes.ResponseData(body))))
	fmt.Println(hashes.ResponseHash(body))
	// Output:
	// {"autorite":"Autorit\u00e9 fictive de contr\u00f4le","avenants":["/avenants/AV-0001"],"date_fin":"2027-06-30","entite":"/entites/ENT-0001","ressource":"/agrements/AGR-0001","statut":"suspendu"}
	// 199041a7f1ce6f8f1657c602b2a1d5b8ba49f5c5e9b413449e45e299700d7b25
}

// A body that loads to a falsy value is replaced by {"error": null} before
// it is hashed, as the proxy's service_response or {"error": service_error}
// does: {}, [], "", null, false and 0 all give the same hash. The values
// are what CPython gives:
//
//	v = json.loads(body) or {"error": None}
//	hashlib.sha256(json.dumps(v, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
func ExampleResponseData() {
	for _, body := range []string{`{}`, `[]`, `""`, `null`, `false`, `0`} {
		fmt.Printf("%-5s %s %s\n", body, pyjson.Canonical(hashes.ResponseData([]byte(body))), hashes.ResponseHash([]byte(body)))
	}
	// Output:
	// {}    {"error":null} 247fb85306c7b6f642aee12a918f957c0b9a12bb7ec0137ac820deb73746f779
	// []    {"error":null} 247fb85306c7b6f642aee12a918f957c0b9a12bb7ec0137ac820deb73746f779
	// ""    {"error":null} 247fb85306c7b6f642aee12a918f957c0b9a12bb7ec0137ac820deb73746f779
	// null  {"error":null} 247fb85306c7b6f642aee12a918f957c0b9a12bb7ec0137ac820deb73746f779
	// false {"error":null} 247fb85306c7b6f642aee12a918f957c0b9a12bb7ec0137ac820deb73746f779
	// 0     {"error":null} 247fb85306c7b6f642aee12a918f957c0b9a12bb7ec0137ac820deb73746f779
}

// A body that is not JSON, such as a front end's error page, is hashed as
// {"_raw_text": text}, text the body decoded as UTF-8 with the "replace"
// error handler (an invalid byte becomes U+FFFD). The values are what
// CPython gives:
//
//	v = {"_raw_text": body.decode("utf-8", "replace")}
//	hashlib.sha256(json.dumps(v, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
func ExampleResponseData_rawText() {
	for _, body := range [][]byte{
		[]byte("<html><body><h1>502 Bad Gateway</h1></body></html>\n"),
		[]byte("caf\xe9\n"), // Latin-1, not UTF-8
	} {
		fmt.Println(string(pyjson.Canonical(hashes.ResponseData(body))))
		fmt.Println(hashes.ResponseHash(body))
	}
	// Output:
	// {"_raw_text":"<html><body><h1>502 Bad Gateway</h1></body></html>\n"}
	// 34b76df2acb93dd5670d36563802522537d795329df2d1ca5dcdc751e637492b
	// {"_raw_text":"caf\ufffd\n"}
	// 76384c4fa45b95317d8e00e9eb118c16bcc241faf21754a458354f9a1dbce741
}
