package hashes

import (
	"os"
	"testing"

	"github.com/ark-forge/proveit/scorer/pyjson"
)

// TestProofSpecVectors checks the nine published ArkForge proof-spec 2.1
// vectors (testdata/proof-spec-2.1-test-vectors.json, CC BY 4.0): canonical
// forms, request, response, buyer and chain hashes, with the legacy formula
// for vectors 1–7 and the canonical-JSON formula for vectors 8–9.
func TestProofSpecVectors(t *testing.T) {
	raw, err := os.ReadFile("testdata/proof-spec-2.1-test-vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := pyjson.DecodeStrict(raw)
	if err != nil {
		t.Fatal(err)
	}
	vectors, _ := doc.Lookup("vectors")
	if vectors.Len() != 9 {
		t.Fatalf("got %d vectors, want 9", vectors.Len())
	}
	legacy, canonical := 0, 0
	for _, vec := range vectors.Elems() {
		t.Run(vectorStr(t, vec, "name"), func(t *testing.T) {
			if checkVector(t, vec) {
				canonical++
			} else {
				legacy++
			}
		})
	}
	if legacy != 7 || canonical != 2 {
		t.Errorf("ran %d legacy and %d canonical vectors, want 7 and 2", legacy, canonical)
	}
}

// checkVector checks one proof-spec vector and reports whether it is a
// canonical-JSON one.
func checkVector(t *testing.T, vec pyjson.Value) (canonical bool) {
	str := func(v pyjson.Value, key string) string { t.Helper(); return vectorStr(t, v, key) }
	in, _ := vec.Lookup("input")
	want, _ := vec.Lookup("expected")
	req, _ := in.Lookup("request")
	resp, _ := in.Lookup("response")
	if got := string(pyjson.Canonical(req)); got != str(want, "canonical_request") {
		t.Errorf("canonical request %s, want %s", got, str(want, "canonical_request"))
	}
	if got := string(pyjson.Canonical(resp)); got != str(want, "canonical_response") {
		t.Errorf("canonical response %s, want %s", got, str(want, "canonical_response"))
	}
	chain := ChainInput{
		RequestHash:        Of(req),
		ResponseHash:       Of(resp),
		TransactionID:      str(in, "payment_intent_id"),
		Timestamp:          str(in, "timestamp"),
		BuyerFingerprint:   BuyerFingerprint(str(in, "api_key")),
		Seller:             str(in, "seller"),
		UpstreamTimestamp:  vectorOpt(in, "upstream_timestamp"),
		ReceiptContentHash: vectorOpt(in, "receipt_content_hash"),
	}
	for _, c := range []struct{ field, got string }{
		{"request_hash", chain.RequestHash},
		{"response_hash", chain.ResponseHash},
		{"buyer_fingerprint", chain.BuyerFingerprint},
	} {
		if c.got != str(want, c.field) {
			t.Errorf("%s %s, want %s", c.field, c.got, str(want, c.field))
		}
	}
	var got string
	if alg, ok := vec.Lookup("algorithm"); ok && alg.Str() == "canonical_json" {
		canonical = true
		if cd := string(pyjson.Canonical(CanonicalChainData(chain))); cd != str(want, "canonical_chain_data") {
			t.Errorf("canonical chain data %s, want %s", cd, str(want, "canonical_chain_data"))
		}
		got = CanonicalChainHash(chain)
		if LegacyChainHash(chain) == got {
			t.Error("the legacy formula gives the canonical chain hash: the vector cannot tell them apart")
		}
	} else {
		got = LegacyChainHash(chain)
		if CanonicalChainHash(chain) == got {
			t.Error("the canonical formula gives the legacy chain hash: the vector cannot tell them apart")
		}
	}
	if got != str(want, "chain_hash") {
		t.Errorf("chain hash %s, want %s", got, str(want, "chain_hash"))
	}
	return canonical
}

// vectorStr is the string field key of a vector; the test stops when it is
// missing or not a string.
func vectorStr(t *testing.T, v pyjson.Value, key string) string {
	t.Helper()
	f, ok := v.Lookup(key)
	if !ok || f.Kind() != pyjson.String {
		t.Fatalf("vector field %q missing or not a string", key)
	}
	return f.Str()
}

// vectorOpt is the optional field key of a vector, nil when absent.
func vectorOpt(v pyjson.Value, key string) *string {
	if f, ok := v.Lookup(key); ok {
		s := f.Str()
		return &s
	}
	return nil
}
