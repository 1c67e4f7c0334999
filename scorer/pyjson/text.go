package pyjson

import (
	"fmt"
	"unicode/utf8"
)

// Encodings json.detect_encoding can choose.
const (
	encUTF8    = "utf-8"
	encUTF8Sig = "utf-8-sig"
	encUTF16   = "utf-16"
	encUTF16BE = "utf-16-be"
	encUTF16LE = "utf-16-le"
	encUTF32   = "utf-32"
	encUTF32BE = "utf-32-be"
	encUTF32LE = "utf-32-le"
)

// detectEncoding is json.detect_encoding of CPython 3.11 (Lib/json/__init__.py).
func detectEncoding(b []byte) string {
	switch {
	case hasPrefix(b, 0x00, 0x00, 0xFE, 0xFF), hasPrefix(b, 0xFF, 0xFE, 0x00, 0x00):
		return encUTF32
	case hasPrefix(b, 0xFE, 0xFF), hasPrefix(b, 0xFF, 0xFE):
		return encUTF16
	case hasPrefix(b, 0xEF, 0xBB, 0xBF):
		return encUTF8Sig
	}
	if len(b) >= 4 {
		if b[0] == 0 {
			if b[1] != 0 {
				return encUTF16BE
			}
			return encUTF32BE
		}
		if b[1] == 0 {
			if b[2] != 0 || b[3] != 0 {
				return encUTF16LE
			}
			return encUTF32LE
		}
	} else if len(b) == 2 {
		if b[0] == 0 {
			return encUTF16BE
		}
		if b[1] == 0 {
			return encUTF16LE
		}
	}
	return encUTF8
}

func hasPrefix(b []byte, p ...byte) bool {
	if len(b) < len(p) {
		return false
	}
	for i := range p {
		if b[i] != p[i] {
			return false
		}
	}
	return true
}

// EncodingError is a byte sequence that bytes.decode(encoding, "surrogatepass")
// refuses, so json.loads raises UnicodeDecodeError.
type EncodingError struct {
	Encoding string // the codec json.detect_encoding chose
	Offset   int    // byte offset of the first undecodable byte
	Reason   string
}

func (e *EncodingError) Error() string {
	return fmt.Sprintf("'%s' codec can't decode byte at position %d: %s", e.Encoding, e.Offset, e.Reason)
}

// decodeText turns the bytes json.loads receives into code points held as
// generalised UTF-8, as bytes.decode(detect_encoding(b), "surrogatepass").
func decodeText(b []byte) ([]byte, error) {
	enc := detectEncoding(b)
	switch enc {
	case encUTF8:
		return b, validGeneralisedUTF8(b, enc, 0)
	case encUTF8Sig:
		return b[3:], validGeneralisedUTF8(b[3:], enc, 3)
	case encUTF16:
		if b[0] == 0xFF {
			return decodeUTF16(b[2:], false, enc, 2)
		}
		return decodeUTF16(b[2:], true, enc, 2)
	case encUTF16BE:
		return decodeUTF16(b, true, enc, 0)
	case encUTF16LE:
		return decodeUTF16(b, false, enc, 0)
	case encUTF32:
		if b[0] == 0xFF {
			return decodeUTF32(b[4:], false, enc, 4)
		}
		return decodeUTF32(b[4:], true, enc, 4)
	case encUTF32BE:
		return decodeUTF32(b, true, enc, 0)
	default: // encUTF32LE
		return decodeUTF32(b, false, enc, 0)
	}
}

// validGeneralisedUTF8 accepts what Python's UTF-8 decoder accepts with
// "surrogatepass": strict UTF-8, plus the three-byte encodings of
// U+D800..U+DFFF (ED A0..BF 80..BF).
func validGeneralisedUTF8(b []byte, enc string, base int) error {
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			if isEncodedSurrogate(b[i:]) {
				i += 3
				continue
			}
			return &EncodingError{Encoding: enc, Offset: base + i, Reason: fmt.Sprintf("invalid UTF-8 byte 0x%02x", c)}
		}
		i += size
	}
	return nil
}

func isEncodedSurrogate(b []byte) bool {
	return len(b) >= 3 && b[0] == 0xED && b[1] >= 0xA0 && b[1] <= 0xBF && b[2] >= 0x80 && b[2] <= 0xBF
}

func decodeUTF16(b []byte, bigEndian bool, enc string, base int) ([]byte, error) {
	out := make([]byte, 0, len(b))
	unit := func(i int) rune {
		if bigEndian {
			return rune(b[i])<<8 | rune(b[i+1])
		}
		return rune(b[i+1])<<8 | rune(b[i])
	}
	for i := 0; i < len(b); i += 2 {
		if i+1 >= len(b) {
			return nil, &EncodingError{Encoding: enc, Offset: base + i, Reason: "truncated data"}
		}
		u := unit(i)
		if u >= 0xD800 && u <= 0xDBFF && i+3 < len(b) {
			if u2 := unit(i + 2); u2 >= 0xDC00 && u2 <= 0xDFFF {
				out = appendCodePoint(out, 0x10000+(u-0xD800)<<10+(u2-0xDC00))
				i += 2
				continue
			}
		}
		out = appendCodePoint(out, u) // lone surrogates pass, as with "surrogatepass"
	}
	return out, nil
}

func decodeUTF32(b []byte, bigEndian bool, enc string, base int) ([]byte, error) {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i += 4 {
		if i+3 >= len(b) {
			return nil, &EncodingError{Encoding: enc, Offset: base + i, Reason: "truncated data"}
		}
		var u uint32
		if bigEndian {
			u = uint32(b[i])<<24 | uint32(b[i+1])<<16 | uint32(b[i+2])<<8 | uint32(b[i+3])
		} else {
			u = uint32(b[i+3])<<24 | uint32(b[i+2])<<16 | uint32(b[i+1])<<8 | uint32(b[i])
		}
		if u > 0x10FFFF {
			return nil, &EncodingError{Encoding: enc, Offset: base + i, Reason: "code point not in range(0x110000)"}
		}
		out = appendCodePoint(out, rune(u))
	}
	return out, nil
}

// appendCodePoint appends cp in generalised UTF-8: the UTF-8 algorithm,
// applied to surrogates too.
func appendCodePoint(dst []byte, cp rune) []byte {
	if cp >= 0xD800 && cp <= 0xDFFF {
		return append(dst, 0xE0|byte(cp>>12), 0x80|byte(cp>>6)&0x3F, 0x80|byte(cp)&0x3F)
	}
	return utf8.AppendRune(dst, cp)
}

// nextCodePoint decodes one code point of generalised UTF-8. s must be
// valid generalised UTF-8, as every string this package holds is.
func nextCodePoint(s string) (cp rune, size int) {
	if s[0] < utf8.RuneSelf {
		return rune(s[0]), 1
	}
	if len(s) >= 3 && s[0] == 0xED && s[1] >= 0xA0 && s[1] <= 0xBF {
		return rune(s[0]&0x0F)<<12 | rune(s[1]&0x3F)<<6 | rune(s[2]&0x3F), 3
	}
	return utf8.DecodeRuneInString(s)
}
