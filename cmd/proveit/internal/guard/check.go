package guard

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// This file is the check of rules 1 to 3 on one piece of text that the
// build runs: checkOld's findings, in checkOld's order, without a string
// per word. A text's words are read as sub-slices of the text (of its NFC
// form when it is not ASCII), lowered and folded into buffers that are
// reused from one text to the next; a string is made only for what is
// found. FuzzPageAgainstTree holds the two to the same findings on any
// text.

// scratch is the reusable memory of one check.
type scratch struct {
	nfc    []byte   // the text in NFC, when it is not ASCII and not already
	runes  []rune   // the current word's runes
	plain  []byte   // the current word (or part), lowered
	lower2 []byte   // plain lowered again (fold lowers what it is given)
	nfd    []byte   // lower2 decomposed
	folded []byte   // the current word without its accents
	arena  []byte   // the folded words, for the provider runs (rule 3)
	ends   []int    // the end of each folded word in arena
	words  [][]byte // the folded words, sub-slices of arena
	found  []bool   // the provider names found
	field  [16]byte // an ASCII field lowered (the emoticons)
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// check applies the rules to one piece of text: checkOld's findings, in the
// same order. provider is whether rule 3 applies (a negative element
// outside a declared stack); identifier whether the text is an
// identifier's: a did:key's words are read whole, never in camel-case
// parts (wholeWords).
func check(s []byte, provider, identifier bool) []finding {
	whole := identifier && wholeWords(string(s))
	sc := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sc)
	var out []finding
	var shortText string
	add := func(rule, word string) {
		if shortText == "" {
			shortText = short(string(s))
		}
		out = append(out, finding{rule, word, shortText})
	}
	ascii := isASCIIBytes(s)
	if ascii { // every emoji code point is above U+007F
		// The fields of bytes.FieldsSeq, read in place: in ASCII, its
		// white space is asciiSpace's.
		for i := 0; i < len(s); {
			if asciiSpace[s[i]] {
				i++
				continue
			}
			j := i + 1
			for j < len(s) && !asciiSpace[s[j]] {
				j++
			}
			if j-i <= maxEmoticon && emoticonFirst[lowerByte(s[i])] {
				b := appendLower(sc.field[:0], s[i:j])
				for _, e := range emoticons {
					if string(b) == e {
						add("emoji", e)
					}
				}
			}
			i = j
		}
	} else {
		for i := 0; i < len(s); {
			r, n := utf8.DecodeRune(s[i:])
			i += n
			if isEmoji(r) {
				add("emoji", fmt.Sprintf("%c (U+%04X)", r, r))
			}
		}
		for f := range bytes.FieldsSeq(s) {
			if len(f) > maxEmoticon {
				continue
			}
			var lower string
			if isASCIIBytes(f) && len(f) <= len(sc.field) {
				b := sc.field[:len(f)]
				for i, c := range f {
					if 'A' <= c && c <= 'Z' {
						c += 'a' - 'A'
					}
					b[i] = c
				}
				for _, e := range emoticons {
					if string(b) == e {
						add("emoji", e)
					}
				}
				continue
			}
			lower = strings.ToLower(string(f))
			for _, e := range emoticons {
				if lower == e {
					add("emoji", lower)
				}
			}
		}
	}
	text := s
	if !ascii && !norm.NFC.IsNormal(s) {
		sc.nfc = norm.NFC.Append(sc.nfc[:0], s...)
		text = sc.nfc
	}
	sc.arena, sc.ends = sc.arena[:0], sc.ends[:0]
	// match applies rules 2 and 3 to one word, plain in lower case,
	// folded also without its accents.
	match := func(plain, folded []byte) {
		if intentFR.matchesBytes(folded) || intentEN.matchesBytes(plain) {
			add("intent", string(folded))
		}
		if provider {
			sc.arena = append(sc.arena, folded...)
			sc.ends = append(sc.ends, len(sc.arena))
		}
	}
	word := func(w []rune) {
		// plain: strings.ToLower of the word; folded: fold of plain.
		sc.plain = sc.plain[:0]
		wordASCII := true
		for _, r := range w {
			if r >= utf8.RuneSelf {
				wordASCII = false
			}
			sc.plain = utf8.AppendRune(sc.plain, unicode.ToLower(r))
		}
		folded := sc.plain
		if !wordASCII && !isASCIIBytes(sc.plain) && foldLatin(sc) {
			folded = sc.folded
		} else if !wordASCII && !isASCIIBytes(sc.plain) {
			sc.lower2 = sc.lower2[:0]
			for i := 0; i < len(sc.plain); {
				r, n := utf8.DecodeRune(sc.plain[i:])
				i += n
				sc.lower2 = utf8.AppendRune(sc.lower2, unicode.ToLower(r))
			}
			sc.nfd = norm.NFD.Append(sc.nfd[:0], sc.lower2...)
			sc.folded = sc.folded[:0]
			for i := 0; i < len(sc.nfd); {
				r, n := utf8.DecodeRune(sc.nfd[i:])
				if !unicode.Is(unicode.Mn, r) {
					sc.folded = append(sc.folded, sc.nfd[i:i+n]...)
				}
				i += n
			}
			folded = sc.folded
		}
		match(sc.plain, folded)
	}
	flush := func(w []rune) {
		if len(w) == 0 {
			return
		}
		word(w)
		if whole {
			return
		}
		// camel-case parts: split before an upper-case letter that follows
		// a lower-case one.
		start, split := 0, false
		for i := 1; i < len(w); i++ {
			if unicode.IsUpper(w[i]) && unicode.IsLower(w[i-1]) {
				word(w[start:i])
				start, split = i, true
			}
		}
		if split {
			word(w[start:])
		}
	}
	if ascii {
		// The loop below on an ASCII text, byte by byte: a letter or
		// digit is [A-Za-z0-9], upper and lower case are A-Z and a-z, and
		// a word lowered is its fold.
		wordASCII := func(w []byte) {
			sc.plain = appendLower(sc.plain[:0], w)
			match(sc.plain, sc.plain)
		}
		for i := 0; i < len(s); {
			if !alnumASCII[s[i]] {
				i++
				continue
			}
			j := i + 1
			for j < len(s) && alnumASCII[s[j]] {
				j++
			}
			w := s[i:j]
			i = j
			wordASCII(w)
			if whole {
				continue
			}
			start, split := 0, false
			for k := 1; k < len(w); k++ {
				if 'A' <= w[k] && w[k] <= 'Z' && 'a' <= w[k-1] && w[k-1] <= 'z' {
					wordASCII(w[start:k])
					start, split = k, true
				}
			}
			if split {
				wordASCII(w[start:])
			}
		}
	} else {
		sc.runes = sc.runes[:0]
		for i := 0; i < len(text); {
			var r rune
			if c := text[i]; c < utf8.RuneSelf {
				r = rune(c)
				i++
			} else {
				var n int
				r, n = utf8.DecodeRune(text[i:])
				i += n
			}
			if r < utf8.RuneSelf {
				if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' {
					sc.runes = append(sc.runes, r)
					continue
				}
			} else if unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) {
				sc.runes = append(sc.runes, r)
				continue
			}
			flush(sc.runes)
			sc.runes = sc.runes[:0]
		}
		flush(sc.runes)
	}
	if provider && len(sc.ends) > 0 {
		sc.words = sc.words[:0]
		start := 0
		for _, end := range sc.ends {
			sc.words = append(sc.words, sc.arena[start:end])
			start = end
		}
		// Only the runs whose first word starts with a word's first byte
		// can start at that word; found in the list's order.
		found := sc.found[:0]
		for range providerNames {
			found = append(found, false)
		}
		for i, w := range sc.words {
			if len(w) == 0 {
				continue
			}
			for _, k := range providerByByte[w[0]] {
				if !found[k] && runAt(sc.words, i, providerRuns[k]) {
					found[k] = true
				}
			}
		}
		for k, name := range providerNames {
			if found[k] {
				add("provider", name)
			}
		}
		sc.found = found
	}
	return out
}

// latinFold is fold of each code point below U+0250 whose decomposition
// begins with a starter (canonical combining class 0) and that is not a
// combining mark itself, "" for the others (ok false). On a word of such
// code points, fold is the concatenation of latinFold of each: lowering
// is code point by code point, and a decomposition that begins with a
// starter cannot be reordered with the marks of the one before.
var latinFold = func() (t [0x250]struct {
	s  string
	ok bool
}) {
	for r := rune(0); r < 0x250; r++ {
		if unicode.Is(unicode.Mn, r) || r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		q := string(unicode.ToLower(r))
		if norm.NFD.PropertiesString(norm.NFD.String(q)).CCC() != 0 {
			continue
		}
		t[r].s, t[r].ok = fold(q), true
	}
	return t
}()

// foldLatin folds sc.plain into sc.folded with latinFold, if every code
// point of it has an entry.
func foldLatin(sc *scratch) bool {
	sc.folded = sc.folded[:0]
	for i := 0; i < len(sc.plain); {
		r, n := utf8.DecodeRune(sc.plain[i:])
		if r >= 0x250 || !latinFold[r].ok {
			return false
		}
		sc.folded = append(sc.folded, latinFold[r].s...)
		i += n
	}
	return true
}

// matchesBytes is matches on a word held in bytes.
func (r *wordRule) matchesBytes(w []byte) bool {
	if len(w) == 0 {
		return false
	}
	for _, x := range r.byByte[w[0]] {
		if string(w) == x {
			return true
		}
	}
	for _, stem := range r.stems[w[0]] {
		if len(w) >= len(stem) && string(w[:len(stem)]) == stem {
			return true
		}
	}
	return false
}

// providerByByte indexes the provider runs by the first byte of their
// first word.
var providerByByte = func() (idx [256][]int) {
	for k, run := range providerRuns {
		idx[run[0][0]] = append(idx[run[0][0]], k)
	}
	return idx
}()

// runAt reports whether the run of words starts at words[i], each word
// equal to its word of the run or, for the last one, followed by a
// version ("gpt4o", "llama3"): containsRun at one position.
func runAt(words [][]byte, i int, run []string) bool {
	if i+len(run) > len(words) {
		return false
	}
	for j, r := range run {
		w := words[i+j]
		if string(w) != r && !(j == len(run)-1 && len(w) > len(r) && string(w[:len(r)]) == r && w[len(r)] >= '0' && w[len(r)] <= '9') {
			return false
		}
	}
	return true
}

func isASCIIBytes(s []byte) bool {
	for _, c := range s {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// asciiSpace is unicode.IsSpace on the ASCII bytes, the white space of
// bytes.FieldsSeq.
var asciiSpace = [256]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

// alnumASCII is the ASCII letters and digits: unicode.IsLetter or
// unicode.IsDigit below U+0080.
var alnumASCII = func() (t [256]bool) {
	for c := range 128 {
		t[c] = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
	}
	return t
}()

// emoticonFirst is the first bytes of the emoticons: a field that starts
// with another byte is none.
var emoticonFirst = func() (t [256]bool) {
	for _, e := range emoticons {
		t[e[0]] = true
	}
	return t
}()

// onlySpace reports whether s is only HTML white space, a text in which
// no rule can find anything: no emoji (ASCII), no field, no word.
func onlySpace(s []byte) bool {
	for _, c := range s {
		switch c {
		case ' ', '\t', '\n', '\f', '\r':
		default:
			return false
		}
	}
	return true
}

func lowerByte(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func appendLower(dst, s []byte) []byte {
	for _, c := range s {
		dst = append(dst, lowerByte(c))
	}
	return dst
}
