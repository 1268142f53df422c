package main

import (
	"strconv"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"
)

// lowerHex holds the digits of escapes, which are lowercase as in Go.
const lowerHex = "0123456789abcdef"

// appendDisplay appends the display form of s to dst: printable characters
// as they are, everything else escaped as in a Go string literal. A
// backslash becomes \\; \a \b \f \n \r \t \v stand for themselves; other
// ASCII controls and each byte of ill-formed UTF-8 become \xhh; other
// characters that strconv.IsPrint rejects (format characters such as the
// bidi marks and U+FEFF, private use, unassigned code points, separators
// other than the ASCII space) become \uhhhh or \Uhhhhhhhh.
func appendDisplay(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		if plainASCII(s[i]) {
			j := i + 1
			for j < len(s) && plainASCII(s[j]) {
				j++
			}
			dst = append(dst, s[i:j]...)
			i = j
			continue
		}
		var size int
		dst, size = appendElem(dst, s[i:])
		i += size
	}
	return dst
}

// displayColumn returns the column, in terminal cells counted from 0, at
// which the display form of s (see appendDisplay) shows the byte at
// offset: the total width of the characters and escapes before it. An
// offset at or past the end gives the width of the whole display form.
func displayColumn(s string, offset int) int {
	var scratch [16]byte
	col := 0
	for i := 0; i < len(s) && i < offset; {
		if plainASCII(s[i]) {
			col++
			i++
			continue
		}
		out, size := appendElem(scratch[:0], s[i:])
		if i+size > offset {
			break // offset inside a character: point at its start
		}
		if out[0] < utf8.RuneSelf {
			col += len(out) // an escape: one cell per byte
		} else {
			r, _ := utf8.DecodeRuneInString(s[i:])
			col += cells(r)
		}
		i += size
	}
	return col
}

// plainASCII reports whether c is printable ASCII shown as itself: a
// space or a graphic character other than the backslash.
func plainASCII(c byte) bool { return c >= 0x20 && c < 0x7F && c != '\\' }

// appendElem appends the display form of the first character of s, or of
// its first byte if that does not start well-formed UTF-8, and returns
// the number of bytes of s consumed. An escape is ASCII, spelled as in a
// Go rune literal; a printable non-ASCII character is appended as it is.
func appendElem(dst []byte, s string) ([]byte, int) {
	r, size := utf8.DecodeRuneInString(s)
	switch {
	case r == utf8.RuneError && size == 1:
		return append(dst, '\\', 'x', lowerHex[s[0]>>4], lowerHex[s[0]&0xF]), 1
	case r < utf8.RuneSelf && plainASCII(byte(r)), r >= utf8.RuneSelf && isPrint(r):
		return append(dst, s[:size]...), size
	}
	// strconv quotes the rune; keep what is between the quotes.
	n := len(dst)
	dst = strconv.AppendQuoteRune(dst, r)
	dst = append(dst[:n], dst[n+1:len(dst)-1]...)
	return dst, size
}

// bmpPrint is a bitmap of strconv.IsPrint over the Basic Multilingual
// Plane, built on first use: a bit test instead of a binary search for
// each character of the text output.
var bmpPrint = sync.OnceValue(func() *[0x10000 / 64]uint64 {
	var t [0x10000 / 64]uint64
	for r := rune(0); r < 0x10000; r++ {
		if strconv.IsPrint(r) {
			t[r>>6] |= 1 << (r & 63)
		}
	}
	return &t
})

// isPrint is strconv.IsPrint, faster in the BMP.
func isPrint(r rune) bool {
	if r < 0x10000 {
		return bmpPrint()[r>>6]&(1<<(r&63)) != 0
	}
	return strconv.IsPrint(r)
}

// cells returns the number of terminal cells a printable character takes:
// 2 for East Asian Wide and Fullwidth characters (CJK ideographs, kana,
// Hangul syllables, fullwidth forms, most emoji), 0 for combining marks,
// which draw over the character before them, and 1 for everything else,
// East Asian Ambiguous included.
func cells(r rune) int {
	if r < 0x300 {
		return 1 // fast path: ASCII and Latin-1, none wide or combining
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	if unicode.In(r, unicode.Mn, unicode.Me) {
		return 0
	}
	return 1
}

// Lines of at most excerptWhole bytes are shown whole under a message;
// of a longer line, the bytes at fault (at most excerptFault of them) and
// excerptContext bytes on each side, so that the output of a command stays
// linear in its input however many violations a long line has.
const (
	excerptWhole   = 256
	excerptContext = 64
	excerptFault   = 64
)

// appendExcerpt appends the display form of s, or for a long s of the
// part around the n bytes at off (cut between clusters, clusterStart, with
// "..." where cut), a newline, and a line of carets under those bytes
// (one at least). Its work is in the length of the part shown.
func appendExcerpt(dst []byte, s string, off, n int) []byte {
	start, end := 0, len(s)
	if len(s) > excerptWhole {
		start = clusterStart(s, charStart(s, max(0, off-excerptContext)))
		end = clusterStart(s, charStart(s, min(len(s), off+min(n, excerptFault)+excerptContext)))
	}
	prefix := 0
	if start > 0 {
		dst = append(dst, "..."...)
		prefix = 3
	}
	part := s[start:end]
	dst = appendDisplay(dst, part)
	if end < len(s) {
		dst = append(dst, "..."...)
	}
	dst = append(dst, '\n')
	col := displayColumn(part, off-start)
	width := displayColumn(part, min(off+n, end)-start) - col
	return appendCarets(dst, prefix+col, width)
}

// charStart moves i back to the start of the UTF-8 sequence it is in, if
// it is inside one; a byte that is not part of a well-formed sequence is
// its own start.
func charStart(s string, i int) int {
	if i >= len(s) {
		return len(s)
	}
	for k := i; k >= 0 && k > i-utf8.UTFMax; k-- {
		if !utf8.RuneStart(s[k]) {
			continue
		}
		if r, size := utf8.DecodeRuneInString(s[k:]); k+size > i && (r != utf8.RuneError || size > 1) {
			return k
		}
		break
	}
	return i
}

// maxClusterBack bounds how far clusterStart moves a cut: past it a cut
// may split a cluster (a hostile run of combining marks), so that the
// work, and the excerpt, stay bounded.
const maxClusterBack = 32

// clusterStart moves i, the start of a character of s, back to the
// start of the cluster it is in, so that an excerpt cut there neither
// begins nor ends with a piece of one: while the character at i extends
// the one before it (extends) or the one before it is a ZERO WIDTH
// JOINER, by at most maxClusterBack bytes.
func clusterStart(s string, i int) int {
	for lo := max(0, i-maxClusterBack); i > lo && i < len(s); {
		r, _ := utf8.DecodeRuneInString(s[i:])
		p, size := utf8.DecodeLastRuneInString(s[:i])
		if !extends(r) && p != zwj || i-size < lo {
			break
		}
		i -= size
	}
	return i
}

// zwj is U+200D ZERO WIDTH JOINER, which joins the characters on its
// two sides (emoji sequences, Indic conjuncts).
const zwj = '\u200d'

// extends says whether r belongs with the character before it, as the
// Grapheme_Extend characters of UAX #29 do, and the spacing marks: the
// combining marks (Mn, Me, Mc, variation selectors among them), the
// joiners ZWJ and ZWNJ, the emoji modifiers and the tag characters.
func extends(r rune) bool {
	switch {
	case r < 0x300:
		return false // fast path: no mark before U+0300
	case r == zwj, r == '\u200c', 0x1F3FB <= r && r <= 0x1F3FF, 0xE0020 <= r && r <= 0xE007F:
		return true
	}
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Mc)
}

// appendCaret appends a line with a '^' at display column col, preceded
// by col spaces, and a newline.
func appendCaret(dst []byte, col int) []byte { return appendCarets(dst, col, 1) }

// appendCarets appends a line with n carets (at least one) from display
// column col, and a newline.
func appendCarets(dst []byte, col, n int) []byte {
	for range col {
		dst = append(dst, ' ')
	}
	for range max(n, 1) {
		dst = append(dst, '^')
	}
	return append(dst, '\n')
}
