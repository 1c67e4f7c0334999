package hashes

import "github.com/ark-forge/proveit/scorer/pyjson"

// ChainInput is what the chain hash of an ArkForge proof-spec 1.x/2.x proof
// covers. In the published test vectors TransactionID is named
// payment_intent_id.
type ChainInput struct {
	RequestHash      string
	ResponseHash     string
	TransactionID    string
	Timestamp        string
	BuyerFingerprint string // BuyerFingerprint(api key)
	Seller           string
	// Optional fields, appended (legacy) or added as keys (canonical) only
	// when present.
	UpstreamTimestamp  *string
	ReceiptContentHash *string
}

// BuyerFingerprint is SHA-256 of the API key, in hexadecimal (proof-spec 2.1).
func BuyerFingerprint(apiKey string) string { return SHA256Hex([]byte(apiKey)) }

// LegacyChainHash is the string-concatenation chain hash of proof-spec 1.1
// and 2.0: SHA256(request_hash + response_hash + transaction_id + timestamp
// + buyer_fingerprint + seller [+ upstream_timestamp] [+ receipt_content_hash]).
func LegacyChainHash(in ChainInput) string {
	s := in.RequestHash + in.ResponseHash + in.TransactionID + in.Timestamp + in.BuyerFingerprint + in.Seller
	if in.UpstreamTimestamp != nil {
		s += *in.UpstreamTimestamp
	}
	if in.ReceiptContentHash != nil {
		s += *in.ReceiptContentHash
	}
	return SHA256Hex([]byte(s))
}

// CanonicalChainData is the object whose canonical JSON the chain hash of
// proof-spec 1.2 and 2.1 covers: {buyer_fingerprint, request_hash,
// response_hash, seller, timestamp, transaction_id [, upstream_timestamp]
// [, receipt_content_hash]}.
func CanonicalChainData(in ChainInput) pyjson.Value {
	ms := []pyjson.Member{
		{Key: "buyer_fingerprint", Value: pyjson.StringValue(in.BuyerFingerprint)},
		{Key: "request_hash", Value: pyjson.StringValue(in.RequestHash)},
		{Key: "response_hash", Value: pyjson.StringValue(in.ResponseHash)},
		{Key: "seller", Value: pyjson.StringValue(in.Seller)},
		{Key: "timestamp", Value: pyjson.StringValue(in.Timestamp)},
		{Key: "transaction_id", Value: pyjson.StringValue(in.TransactionID)},
	}
	if in.UpstreamTimestamp != nil {
		ms = append(ms, pyjson.Member{Key: "upstream_timestamp", Value: pyjson.StringValue(*in.UpstreamTimestamp)})
	}
	if in.ReceiptContentHash != nil {
		ms = append(ms, pyjson.Member{Key: "receipt_content_hash", Value: pyjson.StringValue(*in.ReceiptContentHash)})
	}
	return pyjson.ObjectValue(ms...)
}

// CanonicalChainHash is the chain hash of proof-spec 1.2 and 2.1:
// SHA-256 of canonical_json(CanonicalChainData(in)).
func CanonicalChainHash(in ChainInput) string { return Of(CanonicalChainData(in)) }
