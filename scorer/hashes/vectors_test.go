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
	str := func(v pyjson.Value, key string) string {
		t.Helper()
		f, ok := v.Lookup(key)
		if !ok || f.Kind() != pyjson.String {
			t.Fatalf("vector field %q missing or not a string", key)
		}
		return f.Str()
	}
	opt := func(v pyjson.Value, key string) *string {
		if f, ok := v.Lookup(key); ok {
			s := f.Str()
			return &s
		}
		return nil
	}
	legacy, canonical := 0, 0
	for _, vec := range vectors.Elems() {
		name := str(vec, "name")
		t.Run(name, func(t *testing.T) {
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
				UpstreamTimestamp:  opt(in, "upstream_timestamp"),
				ReceiptContentHash: opt(in, "receipt_content_hash"),
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
				canonical++
				if cd := string(pyjson.Canonical(CanonicalChainData(chain))); cd != str(want, "canonical_chain_data") {
					t.Errorf("canonical chain data %s, want %s", cd, str(want, "canonical_chain_data"))
				}
				got = CanonicalChainHash(chain)
				if LegacyChainHash(chain) == got {
					t.Error("the legacy formula gives the canonical chain hash: the vector cannot tell them apart")
				}
			} else {
				legacy++
				got = LegacyChainHash(chain)
				if CanonicalChainHash(chain) == got {
					t.Error("the canonical formula gives the legacy chain hash: the vector cannot tell them apart")
				}
			}
			if got != str(want, "chain_hash") {
				t.Errorf("chain hash %s, want %s", got, str(want, "chain_hash"))
			}
		})
	}
	if legacy != 7 || canonical != 2 {
		t.Errorf("ran %d legacy and %d canonical vectors, want 7 and 2", legacy, canonical)
	}
}
