package rekor

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	rekorv1 "github.com/sigstore/protobuf-specs/gen/pb-go/rekor/v1"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/ark-forge/proveit/scorer/anchor"
)

// entry is a parsed TransparencyLogEntry and its decoded body.
type entry struct {
	tle   *rekorv1.TransparencyLogEntry
	proof *rekorv1.InclusionProof
	logID string // hex of logId.keyId
	body  hashedRekord

	digest    string // spec.data.hash.value, 64 lowercase hex
	signature []byte // spec.signature.content, decoded
	spki      []byte // DER SubjectPublicKeyInfo of spec.signature.publicKey.content
}

func (e *entry) integratedTime() time.Time { return time.Unix(e.tle.GetIntegratedTime(), 0).UTC() }

// hashedRekord is the body of a Rekor v1 hashedrekord v0.0.1 entry
// (rekor pkg/types/hashedrekord/v0.0.1, hashedrekord_v0_0_1_schema.json)
// as the Rekor v1 server canonicalizes it: no data.content, no key URL.
// Its fields are declared in key order, so that encoding/json writes it in
// RFC 8785 canonical form.
type hashedRekord struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Spec       struct {
		Data struct {
			Hash struct {
				Algorithm string `json:"algorithm"`
				Value     string `json:"value"`
			} `json:"hash"`
		} `json:"data"`
		Signature struct {
			Content   string `json:"content"`
			PublicKey struct {
				Content string `json:"content"`
			} `json:"publicKey"`
		} `json:"signature"`
	} `json:"spec"`
}

// checkKind runs rekor.entry.kind and the rekor.body.* parse checks.
func (e *entry) checkKind() *anchor.Failure {
	if kv := e.tle.GetKindVersion(); kv.GetKind() != "hashedrekord" || kv.GetVersion() != "0.0.1" {
		return anchor.Failf("rekor.entry.kind", "kindVersion is %q %q, want hashedrekord 0.0.1", kv.GetKind(), kv.GetVersion())
	}
	return e.decodeBody()
}

// parseEnvelope runs rekor.entry.size and .json on a TransparencyLogEntry
// JSON, then checkEnvelope.
func parseEnvelope(entryJSON []byte) (*entry, *anchor.Failure) {
	if len(entryJSON) > MaxEntrySize {
		return nil, anchor.Failf("rekor.entry.size", "entry is %d bytes, limit %d", len(entryJSON), MaxEntrySize)
	}
	tle := new(rekorv1.TransparencyLogEntry)
	if err := (protojson.UnmarshalOptions{DiscardUnknown: false}).Unmarshal(entryJSON, tle); err != nil {
		return nil, anchor.Failf("rekor.entry.json", "entry is not TransparencyLogEntry JSON: %s", protoErrorText(err))
	}
	return checkEnvelope(tle)
}

// checkEnvelope runs rekor.entry.missing: what the log checks need,
// whatever the entry's kind.
func checkEnvelope(tle *rekorv1.TransparencyLogEntry) (*entry, *anchor.Failure) {
	e := &entry{tle: tle, proof: tle.GetInclusionProof()}
	switch {
	case len(tle.GetCanonicalizedBody()) == 0:
		return nil, anchor.Failf("rekor.entry.missing", "no canonicalizedBody")
	case len(tle.GetLogId().GetKeyId()) == 0:
		return nil, anchor.Failf("rekor.entry.missing", "no logId.keyId")
	case tle.GetKindVersion() == nil:
		return nil, anchor.Failf("rekor.entry.missing", "no kindVersion")
	case tle.GetIntegratedTime() <= 0:
		return nil, anchor.Failf("rekor.entry.missing", "integratedTime is %d, want a positive Unix time", tle.GetIntegratedTime())
	case tle.GetLogIndex() < 0:
		return nil, anchor.Failf("rekor.entry.missing", "logIndex is %d, want >= 0", tle.GetLogIndex())
	case len(tle.GetInclusionPromise().GetSignedEntryTimestamp()) == 0:
		return nil, anchor.Failf("rekor.entry.missing", "no inclusionPromise.signedEntryTimestamp")
	case e.proof == nil:
		return nil, anchor.Failf("rekor.entry.missing", "no inclusionProof")
	case e.proof.GetCheckpoint().GetEnvelope() == "":
		return nil, anchor.Failf("rekor.entry.missing", "no inclusionProof.checkpoint.envelope")
	}
	e.logID = hexString(tle.GetLogId().GetKeyId())
	return e, nil
}

// decodeBody reads canonicalizedBody: its envelope, its kind, its spec,
// then checks that it is in canonical form.
func (e *entry) decodeBody() *anchor.Failure {
	raw := e.tle.GetCanonicalizedBody()
	var envelope struct {
		APIVersion *string          `json:"apiVersion"`
		Kind       *string          `json:"kind"`
		Spec       *json.RawMessage `json:"spec"`
	}
	if err := decodeStrict(raw, &envelope); err != nil {
		return anchor.Failf("rekor.body.decode", "canonicalizedBody: %v", err)
	}
	switch {
	case envelope.APIVersion == nil:
		return anchor.Failf("rekor.body.decode", "canonicalizedBody has no apiVersion")
	case envelope.Kind == nil:
		return anchor.Failf("rekor.body.decode", "canonicalizedBody has no kind")
	case envelope.Spec == nil:
		return anchor.Failf("rekor.body.decode", "canonicalizedBody has no spec")
	}
	if *envelope.Kind != "hashedrekord" || *envelope.APIVersion != "0.0.1" {
		return anchor.Failf("rekor.body.kind", "body is kind %q apiVersion %q, want hashedrekord 0.0.1", *envelope.Kind, *envelope.APIVersion)
	}
	b := &e.body
	b.APIVersion, b.Kind = *envelope.APIVersion, *envelope.Kind
	if err := decodeStrict(*envelope.Spec, &b.Spec); err != nil {
		return anchor.Failf("rekor.body.decode", "canonicalizedBody spec: %v", err)
	}
	if f := e.decodeSpec(); f != nil {
		return f
	}
	canonical, err := marshalCanonical(b)
	if err != nil || !bytes.Equal(canonical, raw) {
		return anchor.Failf("rekor.body.canonical", "canonicalizedBody (%d bytes, sha256 %s) is not the canonical JSON of its content (%d bytes, sha256 %s)",
			len(raw), sha256Hex(raw), len(canonical), sha256Hex(canonical))
	}
	return nil
}

// decodeSpec checks the spec's fields and decodes the digest, signature
// and key.
func (e *entry) decodeSpec() *anchor.Failure {
	s := &e.body.Spec
	if alg := s.Data.Hash.Algorithm; alg != "sha256" {
		return anchor.Failf("rekor.body.decode", "spec.data.hash.algorithm is %q, want sha256", alg)
	}
	if v := s.Data.Hash.Value; !isLowerHex(v, 64) {
		return anchor.Failf("rekor.body.decode", "spec.data.hash.value %q is not 64 lowercase hex digits", truncate(v))
	}
	e.digest = s.Data.Hash.Value
	sig, err := base64.StdEncoding.Strict().DecodeString(s.Signature.Content)
	if err != nil || len(sig) == 0 {
		return anchor.Failf("rekor.body.decode", "spec.signature.content is not non-empty standard base64")
	}
	e.signature = sig
	keyPEM, err := base64.StdEncoding.Strict().DecodeString(s.Signature.PublicKey.Content)
	if err != nil || len(keyPEM) == 0 {
		return anchor.Failf("rekor.body.decode", "spec.signature.publicKey.content is not non-empty standard base64")
	}
	block, rest := pem.Decode(keyPEM)
	switch {
	case block == nil:
		return anchor.Failf("rekor.body.decode", "spec.signature.publicKey.content holds no PEM block")
	case block.Type != "PUBLIC KEY" || len(block.Headers) != 0:
		return anchor.Failf("rekor.body.decode", "spec.signature.publicKey.content is a PEM %q block, want a PUBLIC KEY block without headers", truncate(block.Type))
	case len(rest) != 0:
		return anchor.Failf("rekor.body.decode", "spec.signature.publicKey.content has %d bytes after its PEM block", len(rest))
	}
	e.spki = block.Bytes
	return nil
}

// decodeStrict decodes one JSON value into v, refusing unknown fields and
// anything after the value. Its errors are encoding/json's, which are
// stable text.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errors.New("data after the JSON value")
	}
	return nil
}

// marshalCanonical writes b as encoding/json does without HTML escaping:
// for a body whose strings are hex, base64 and fixed ASCII words (what
// decodeSpec admits), that is RFC 8785 canonical JSON.
func marshalCanonical(b *hashedRekord) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(b); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// protoErrorText is protojson's error text without its "proto:" prefix,
// which protojson writes with either a space or a no-break space depending
// on the build.
func protoErrorText(err error) string {
	s := err.Error()
	s = strings.TrimPrefix(s, "proto:")
	s = strings.TrimLeft(s, " \u00a0")
	return truncate(s)
}

func isLowerHex(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

func hexString(b []byte) string { return hex.EncodeToString(b) }

// truncate bounds what a Detail quotes of the input.
func truncate(s string) string {
	const limit = 120
	if len(s) <= limit {
		return s
	}
	return fmt.Sprintf("%s… (%d bytes)", strings.ToValidUTF8(s[:limit], ""), len(s))
}
