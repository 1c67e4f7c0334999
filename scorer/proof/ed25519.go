package proof

import (
	"encoding/base64"
	"strconv"
	"strings"
)

// Ed25519Prefix prefixes an Ed25519 key or signature in the spec's
// encoding (SPEC §6).
const Ed25519Prefix = "ed25519:"

// DecodeEd25519 reads a key or signature in the spec's encoding, "ed25519:"
// followed by the unpadded base64url of n bytes (SPEC §6: a key is 32
// bytes, 43 characters; a signature 64 bytes, 86 characters). It is
// stricter than the Trust Layer's _b64url_decode, which re-adds missing
// padding and, through Python's lenient decoder, also reads padded and
// standard-alphabet text: the Trust Layer writes only the unpadded
// base64url form, and a value has one spelling here (no padding, no "+" or
// "/", no non-zero trailing bits). The reason says what is wrong.
func DecodeEd25519(s string, n int) ([]byte, string) {
	text, ok := strings.CutPrefix(s, Ed25519Prefix)
	if !ok {
		return nil, "want \"ed25519:\" followed by base64url without padding"
	}
	b, err := base64.RawURLEncoding.Strict().DecodeString(text)
	if err != nil {
		return nil, "not base64url without padding: " + err.Error()
	}
	if len(b) != n {
		return nil, strconv.Itoa(len(b)) + " bytes, want " + strconv.Itoa(n)
	}
	return b, ""
}

// EncodeEd25519 writes b in the spec's encoding: "ed25519:" + base64url
// without padding.
func EncodeEd25519(b []byte) string {
	return Ed25519Prefix + base64.RawURLEncoding.EncodeToString(b)
}
