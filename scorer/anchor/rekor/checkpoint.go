package rekor

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/ark-forge/proveit/scorer/anchor"
)

// checkpoint is a parsed signed checkpoint.
type checkpoint struct {
	text   string // the signed note text, every line ending in "\n"
	origin string
	size   uint64
	root   []byte
	sigs   []noteSignature
}

// noteSignature is one signature line of a signed note.
type noteSignature struct {
	name string
	hint uint32 // key hint: the first 4 bytes of the decoded signature
	sig  []byte // the rest
}

// signatureLinePrefix starts every signature line: an em dash (U+2014) and
// a space.
const signatureLinePrefix = "\u2014 "

// parseSignedNote reads a signed note (C2SP signed-note): the text, whose
// lines are not empty and each end in "\n", a blank line, then one or more
// signature lines "— <name> <base64>\n", name without spaces, base64
// decoding to a 4-byte key hint and a signature. As in Go's
// golang.org/x/mod/sumdb/note and Rekor's SignedNote, the text ends at the
// last blank line.
func parseSignedNote(envelope string) (text string, sigs []noteSignature, err error) {
	if !utf8.ValidString(envelope) {
		return "", nil, errors.New("the note is not UTF-8")
	}
	split := strings.LastIndex(envelope, "\n\n")
	if split < 0 {
		return "", nil, errors.New("no blank line before the signatures")
	}
	text, block := envelope[:split+1], envelope[split+2:]
	if block == "" || !strings.HasSuffix(block, "\n") {
		return "", nil, errors.New("the signature lines do not end in a newline")
	}
	for _, line := range strings.Split(strings.TrimSuffix(block, "\n"), "\n") {
		rest, ok := strings.CutPrefix(line, signatureLinePrefix)
		if !ok {
			return "", nil, fmt.Errorf("signature line %q does not start with %q", truncate(line), signatureLinePrefix)
		}
		name, b64, ok := strings.Cut(rest, " ")
		if !ok || name == "" || strings.Contains(b64, " ") {
			return "", nil, fmt.Errorf("signature line %q is not %q", truncate(line), signatureLinePrefix+"<name> <base64>")
		}
		raw, err := base64.StdEncoding.Strict().DecodeString(b64)
		if err != nil || len(raw) < 5 {
			return "", nil, fmt.Errorf("signature of %q is not base64 of a key hint and a signature", truncate(name))
		}
		sigs = append(sigs, noteSignature{name: name, hint: binary.BigEndian.Uint32(raw), sig: raw[4:]})
	}
	return text, sigs, nil
}

// parseCheckpoint reads a checkpoint note's text (C2SP tlog-checkpoint):
// origin, decimal size without leading zeros, base64 root hash, then any
// number of other non-empty lines.
func parseCheckpoint(text string) (origin string, size uint64, root []byte, err error) {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(lines) < 3 {
		return "", 0, nil, fmt.Errorf("the note has %d lines, want at least 3 (origin, size, root hash)", len(lines))
	}
	for i, l := range lines {
		if l == "" {
			return "", 0, nil, fmt.Errorf("line %d of the note is empty", i+1)
		}
	}
	origin = lines[0]
	size, err = strconv.ParseUint(lines[1], 10, 64)
	if err != nil || strconv.FormatUint(size, 10) != lines[1] {
		return "", 0, nil, fmt.Errorf("size %q is not a decimal number without leading zeros", truncate(lines[1]))
	}
	root, err = base64.StdEncoding.Strict().DecodeString(lines[2])
	if err != nil || len(root) != sha256.Size {
		return "", 0, nil, fmt.Errorf("root hash %q is not base64 of %d bytes", truncate(lines[2]), sha256.Size)
	}
	return origin, size, root, nil
}

// verifyCheckpoint runs rekor.checkpoint.parse, .signature, .origin, .size
// and .root.
func verifyCheckpoint(e *entry, log *pinnedLog) (*checkpoint, *anchor.Failure) {
	text, sigs, err := parseSignedNote(e.proof.GetCheckpoint().GetEnvelope())
	if err != nil {
		return nil, anchor.Failf("rekor.checkpoint.parse", "inclusionProof.checkpoint.envelope: %v", err)
	}
	origin, size, root, err := parseCheckpoint(text)
	if err != nil {
		return nil, anchor.Failf("rekor.checkpoint.parse", "inclusionProof.checkpoint.envelope: %v", err)
	}
	cp := &checkpoint{text: text, origin: origin, size: size, root: root, sigs: sigs}

	if f := cp.verifySignature(log.origin, log.key, e.logID); f != nil {
		return nil, f
	}
	if !isRekorOrigin(origin, log.origin) {
		return nil, anchor.Failf("rekor.checkpoint.origin", "checkpoint origin %q, want %q followed by a decimal tree id (pinned origin %q, log %s)",
			truncate(origin), log.origin+" - ", truncate(log.origin), e.logID)
	}
	if want := e.proof.GetTreeSize(); want < 0 || size != uint64(want) {
		return nil, anchor.Failf("rekor.checkpoint.size", "checkpoint size %d, inclusionProof.treeSize %d", size, want)
	}
	if !bytes.Equal(root, e.proof.GetRootHash()) {
		return nil, anchor.Failf("rekor.checkpoint.root", "checkpoint root hash %s, inclusionProof.rootHash %s", hexString(root), hexString(e.proof.GetRootHash()))
	}
	return cp, nil
}

// verifySignature finds the signature lines of the pinned log, named name
// (the pinned origin) with the log key's hint as Rekor v1 computes it, and
// verifies each:
// ECDSA over SHA-256 of the note text. At least one must be there; lines
// of other signers are ignored.
func (cp *checkpoint) verifySignature(name string, key *ecdsa.PublicKey, logID string) *anchor.Failure {
	spki, err := x509.MarshalPKIXPublicKey(key)
	if err != nil {
		return anchor.Failf("rekor.checkpoint.signature", "pinned log %s key cannot be encoded: %v", logID, err)
	}
	h := sha256.Sum256(spki)
	hint := binary.BigEndian.Uint32(h[:])
	digest := sha256.Sum256([]byte(cp.text))
	found := 0
	for _, s := range cp.sigs {
		if s.name != name || s.hint != hint {
			continue
		}
		found++
		if !ecdsa.VerifyASN1(key, digest[:], s.sig) {
			return anchor.Failf("rekor.checkpoint.signature", "the signature of %s with key hint %08x does not verify with pinned log %s over the note (sha256 %s)",
				truncate(name), hint, logID, hexString(digest[:]))
		}
	}
	if found == 0 {
		seen := make([]string, len(cp.sigs))
		for i, s := range cp.sigs {
			seen[i] = fmt.Sprintf("%s %08x", truncate(s.name), s.hint)
		}
		return anchor.Failf("rekor.checkpoint.signature", "no signature by %s with key hint %08x (pinned log %s); the note is signed by: %s (a log that signs as another name than the host of its baseUrl needs that name as the origin)",
			truncate(name), hint, logID, strings.Join(seen, ", "))
	}
	return nil
}

// isRekorOrigin reports whether origin is "<pinned> - <tree id>", the tree
// id a positive int64 in decimal without leading zeros, as the Rekor v1
// server writes it ("<rekor_server.hostname> - <tree id>").
func isRekorOrigin(origin, pinned string) bool {
	id, ok := strings.CutPrefix(origin, pinned+" - ")
	if !ok {
		return false
	}
	n, err := strconv.ParseInt(id, 10, 64)
	return err == nil && n > 0 && strconv.FormatInt(n, 10) == id
}
