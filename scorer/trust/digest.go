package trust

import (
	"crypto/sha256"
	"crypto/x509"
	"encoding/binary"
	"time"
)

// Digest returns the SHA-256 of everything m pins and a verification reads:
// trusted_root.json as read, the challenge DID, and each pinned proof and
// Rekor key with its id and window, in m's order, each field length-prefixed.
// Two Materials with the same Digest verify every proof alike, which makes
// it a key of the verification cache (package vcache).
func (m *Material) Digest() [32]byte {
	h := sha256.New()
	field := func(b []byte) {
		var n [8]byte
		binary.BigEndian.PutUint64(n[:], uint64(len(b)))
		h.Write(n[:])
		h.Write(b)
	}
	field([]byte("proveit trust material v1"))
	field(m.RootJSON)
	field([]byte(m.ChallengeDID))
	field([]byte(m.RekorOrigin))
	for _, k := range m.ProofKeys {
		field([]byte("proof key"))
		field([]byte(k.ID))
		field(k.Key)
		window(field, k.Window)
	}
	for _, k := range m.RekorKeys {
		field([]byte("rekor key"))
		field([]byte(k.ID))
		der, err := x509.MarshalPKIXPublicKey(k.Key)
		if err != nil { // a key Load could not have read: digest its absence
			der = nil
		}
		field(der)
		window(field, k.Window)
	}
	var out [32]byte
	h.Sum(out[:0])
	return out
}

func window(field func([]byte), w Window) {
	for _, t := range []time.Time{w.From, w.Until} {
		b, _ := t.UTC().MarshalBinary()
		field(b)
	}
}
