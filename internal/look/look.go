// Package look is the quick look of package lint at the non-ASCII text
// of a reference: one pass that tells whether the text holds a
// right-to-left character or one lint reports wherever it is, and
// whether it is surely in NFC and in NFKC, settling the "maybe" of
// Unicode's quick check itself where it can. It stands in for x/text on
// nearly all text, from tables generated from x/text's data (norm*.go,
// look*.go, one pair per Unicode version), and runs in SSE2 or AVX-512
// where the CPU has them.
package look

import (
	"slices"
	"unicode/utf8"

	"github.com/irikit/iri/internal/simd"
)

// normEntry returns the NormBlocks entry of the non-ASCII code
// point r.
func normEntry(r rune) uint16 {
	return NormBlocks[NormIndex[r>>NormShift]][r&(1<<NormShift-1)]
}

// composes reports whether canonical composition joins a and b, two code
// points without canonical decompositions (Hangul syllables aside).
func composes(a, b rune) bool {
	switch {
	case HangulL0 <= a && a < HangulL0+HangulLN:
		return HangulV0 <= b && b < HangulV0+HangulVN
	case HangulS0 <= a && a < HangulS0+HangulSN:
		return (a-HangulS0)%HangulTN == 0 && HangulT0 < b && b < HangulT0+HangulTN
	}
	_, ok := slices.BinarySearch(NormPairs[:], uint64(a)<<21|uint64(b))
	return ok
}

// At walks the non-ASCII characters of s, valid UTF-8, once, from
// s[from] on; what comes before is ASCII. It reports whether any is
// right-to-left or one Lint flags wherever it is (PropRTL, PropAttn: the
// component walk has work), and whether s is surely in NFC and in NFKC.
// For the forms it runs the quick check of UAX #15 and settles its
// "maybe" itself where it can: a character that may join the last
// starter does not, if neither has a canonical decomposition and
// composition has no such pair. false means that x/text has to tell.
func At(s string, from int) (walk, nfc, nfkc bool) {
	// lookRunGo, or its AVX-512 form where the CPU has it, passes the
	// characters that need no close look. (An SSE2 form measured no
	// faster on the corpora of Japanese text, and was removed.) The state of the close look is set up
	// at the first character that needs one, which most references never
	// reach.
	var k looker
	looked := false
	prev := uint8(1 << LookKindFirst) // ASCII letters begin compositions
	for i := from; ; {
		if simd.Look512 {
			i = lookRun512(s, i, prev)
		} else {
			i = lookRunGo(s, i, prev)
		}
		if i >= len(s) {
			break
		}
		if !looked {
			k = looker{s: s, starter: from - 1, starterEnd: from, loudEnd: from, nfc: true, nfkc: true}
			looked = true
		}
		if i, prev = k.close(i); i < 0 {
			return true, false, false
		}
	}
	if !looked {
		return false, true, true
	}
	return k.union&(NormRTL|NormAttn) != 0, k.nfc, k.nfkc
}

// lookRunGo returns the offset of the first character from s[i] on that
// needs a close look, len(s) for none; prev has bit k set, where k is the
// kind of the character before s[i] (Table). A character of
// the BMP needs one when its entry says so for the kind before it;
// every character beyond the BMP does. Runs of characters of one length
// stay in their own loop.
func lookRunGo(s string, i int, prev uint8) int {
outer:
	for i < len(s) {
		switch c := s[i]; {
		case c < 0x80:
			for i++; i < len(s) && s[i] < 0x80; i++ {
			}
			prev = 1 << LookKindFirst
			continue
		case c < 0xE0: // Cyrillic, Greek, Armenian, Hebrew...
			for i+1 < len(s) {
				v := Table[uint(s[i]&0x1F)<<6|uint(s[i+1]&0x3F)]
				if v&prev != 0 {
					break
				}
				prev = v >> LookSelfShift
				if i += 2; i >= len(s) || s[i] < 0xC0 || s[i] >= 0xE0 {
					continue outer
				}
			}
		case c < 0xF0: // CJK, Indic scripts...
			for i+2 < len(s) {
				v := Table[uint(s[i]&0x0F)<<12|uint(s[i+1]&0x3F)<<6|uint(s[i+2]&0x3F)]
				if v&prev != 0 {
					break
				}
				prev = v >> LookSelfShift
				if i += 3; i >= len(s) || s[i]&0xF0 != 0xE0 {
					continue outer
				}
			}
		}
		return i
	}
	return len(s)
}

// looker is the state of At's close look.
type looker struct {
	s          string
	starter    int    // the offset of the last character of class 0, -1 for none
	starterEnd int    // the offset after it
	loudEnd    int    // the offset after the last character looked at closely
	last       uint8  // the combining class of the character before
	union      uint16 // of the NormBlocks entries looked at
	nfc, nfkc  bool
}

// close looks closely at the character at s[i]; it returns the offset
// after it and 1 << its kind, or -1 when s is not UTF-8 there.
func (k *looker) close(i int) (int, uint8) {
	s := k.s
	if k.loudEnd != i {
		// Bring the state up to date from what was passed: the
		// character before is a starter, or a mark after one.
		p := charBefore(s, i)
		k.starter, k.starterEnd, k.last = p, i, 0
		if s[p] >= 0x80 {
			pr, _ := decodeRune(s, p)
			if ccc := uint8(normEntry(pr) & NormCCC); ccc != 0 {
				k.starter, k.starterEnd, k.last = charBefore(s, p), p, ccc
			}
		}
	}
	r, n := decodeRune(s, i)
	if r >= 0x110000 {
		return -1, 0
	}
	e := normEntry(r)
	k.union |= e
	ccc := uint8(e & NormCCC)
	if ccc != 0 && k.last > ccc {
		k.nfc, k.nfkc = false, false // out of canonical order
	}
	qc, qck := e>>NormNFCShift&3, e>>NormNFKCShift&3
	k.nfc = k.nfc && qc != NormQCNo
	k.nfkc = k.nfkc && qck != NormQCNo
	// A "maybe" that nothing blocks from the starter: nothing between
	// them, or classes between below its own (they ascend, so the one
	// before is the highest).
	if (qc == NormQCMaybe || qck == NormQCMaybe) && k.starter >= 0 &&
		(k.starterEnd == i || ccc != 0 && k.last < ccc) && joins(s[k.starter:k.starterEnd], r, e) {
		k.nfc = k.nfc && qc != NormQCMaybe
		k.nfkc = k.nfkc && qck != NormQCMaybe
	}
	if ccc == 0 {
		k.starter, k.starterEnd = i, i+n
	}
	k.last = ccc
	var kind uint8
	if ccc != 0 {
		kind |= LookKindMark
	}
	if e&(NormFirst|NormDecomposes) != 0 || isHangulFirst(r) {
		kind |= LookKindFirst
	}
	k.loudEnd = i + n
	return i + n, 1 << kind
}

// charBefore returns the offset of the character that ends at s[i], -1
// when i is 0: nothing is before.
func charBefore(s string, i int) int {
	if i == 0 {
		return -1
	}
	_, n := utf8.DecodeLastRuneInString(s[:i])
	return i - n
}

// joins reports whether composition may join the character a and r,
// whose NormBlocks entry is e: surely when the pair composes,
// and, to be safe, when either has a canonical decomposition.
func joins(a string, r rune, e uint16) bool {
	if e&NormDecomposes != 0 {
		return true
	}
	var ar rune
	switch len(a) {
	case 1:
		return composes(rune(a[0]), r)
	case 2:
		ar = rune(a[0]&0x1F)<<6 | rune(a[1]&0x3F)
	case 3:
		ar = rune(a[0]&0x0F)<<12 | rune(a[1]&0x3F)<<6 | rune(a[2]&0x3F)
	default:
		if ar, _ = decodeRune(a, 0); ar >= 0x110000 {
			return true
		}
	}
	ea := normEntry(ar)
	if ea&NormDecomposes != 0 {
		return true
	}
	// Most starters before a "maybe" are the first of no pair, such as
	// a Bengali consonant before its vowel sign AA.
	return (ea&NormFirst != 0 || isHangulFirst(ar)) && composes(ar, r)
}

// isHangulFirst reports whether a is a leading jamo or a Hangul
// syllable: what composition joins with a following jamo.
func isHangulFirst(a rune) bool {
	return HangulL0 <= a && a < HangulL0+HangulLN || HangulS0 <= a && a < HangulS0+HangulSN
}

// decodeRune decodes the character at s[i], a non-ASCII lead byte of
// valid UTF-8, without checks.
func decodeRune(s string, i int) (rune, int) {
	c := s[i]
	switch {
	case c < 0xE0 && i+1 < len(s):
		return rune(c&0x1F)<<6 | rune(s[i+1]&0x3F), 2
	case c < 0xF0 && i+2 < len(s):
		return rune(c&0x0F)<<12 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F), 3
	case i+3 < len(s):
		return rune(c&0x07)<<18 | rune(s[i+1]&0x3F)<<12 | rune(s[i+2]&0x3F)<<6 | rune(s[i+3]&0x3F), 4
	}
	return 0xFFFD, 1
}
