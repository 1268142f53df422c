package labels

import (
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/irikit/iri/internal/punycode"
)

// AppendToASCII appends ToASCII(label) to dst: the same A-label, or the
// same error with nothing appended. It runs the fast path first, which
// allocates nothing, and idna.Lookup (lookupToASCII) where the fast path
// cannot vouch for the answer.
func AppendToASCII(dst []byte, label string) ([]byte, error) {
	if out, ok := appendFast(dst, label); ok {
		return out, nil
	}
	if out, ok := appendALabel(dst, label); ok {
		return out, nil
	}
	return appendLookup(dst, label)
}

// appendALabel appends ToASCII of label, an A-label, where
// AppendToUnicode vouches for it: ToUnicode takes it, so Lookup gives it
// back in lowercase. The fast path leaves A-labels alone ("--" in the
// third and fourth place is one of the hyphen rules it keeps to x/net).
func appendALabel(dst []byte, label string) ([]byte, bool) {
	var u [4 * MaxLen]byte
	if _, ok := AppendToUnicode(u[:0], label); !ok {
		return dst, false
	}
	for i := 0; i < len(label); i++ {
		c := label[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst, true
}

// AppendBytesToASCII is AppendToASCII of a label in bytes, which it does
// not keep, so that a caller can decode %HH into a buffer on its stack
// and convert it without an allocation on the fast path.
func AppendBytesToASCII(dst, label []byte) ([]byte, error) {
	// The fast path neither keeps nor changes what it reads, so it may
	// read the bytes as a string; the slow path gets a copy.
	if out, ok := appendFast(dst, unsafe.String(unsafe.SliceData(label), len(label))); ok {
		return out, nil
	}
	return appendLookup(dst, string(label))
}

// appendLookup appends lookupToASCII(label).
func appendLookup(dst []byte, label string) ([]byte, error) {
	a, err := lookupToASCII(label)
	if err != nil {
		return dst, err
	}
	return append(dst, a...), nil
}

// appendFast is ToASCII for the labels whose answer needs neither
// x/net's tables nor its checks: at most MaxLen code points, each an
// ASCII letter, digit or hyphen or in the fast set (fast*.go, whose
// generator says why Lookup maps them to themselves whatever their
// neighbours), with no hyphen where Lookup's hyphen rules look, and an
// A-label of at most MaxLen octets. Lookup lowercases ASCII letters,
// leaves the rest as it is and Punycode-encodes a label with non-ASCII
// text; so does appendFast. Every other label, and every label Lookup
// refuses, it leaves to the slow path and reports false, appending
// nothing.
func appendFast(dst []byte, l string) ([]byte, bool) {
	dst, end, _, ok := appendLabel(dst, l, 0, false)
	return dst, ok && end == len(l)
}

// appendLabel converts the label of s that starts at i as appendFast
// does, and returns its end. With inHost set, s is a raw host (no %HH)
// and the label ends at a separator ('.', U+3002, U+FF0E or U+FF61),
// whose length it returns too (0 at the end of s); an ASCII label is
// appended as it is, whatever it holds, as package iri sends ASCII
// labels; and a '%' refuses. Without it, the label is all of s.
func appendLabel(dst []byte, s string, i int, inHost bool) (out []byte, end, sep int, ok bool) {
	var rs [MaxLen]rune
	from, n := i, 0
	ldh, high := true, false // ASCII letters, digits and hyphens only; non-ASCII seen
scan:
	for i < len(s) {
		c := s[i]
		r, size := rune(c), 1
		switch {
		case c >= utf8.RuneSelf:
			// Most text in hosts is of three octets, which need no
			// call; an overlong form is no code point of the set.
			if c&0xF0 == 0xE0 && i+2 < len(s) && s[i+1]&0xC0 == 0x80 && s[i+2]&0xC0 == 0x80 {
				r, size = rune(c&0x0F)<<12|rune(s[i+1]&0x3F)<<6|rune(s[i+2]&0x3F), 3
				if r < 0x800 {
					r = utf8.RuneError
				}
			} else {
				r, size = utf8.DecodeRuneInString(s[i:])
			}
			if !isFast(r) { // U+FFFD, for invalid UTF-8, is not; nor are the separators
				if inHost && (r == 0x3002 || r == 0xFF0E || r == 0xFF61) {
					sep = 3
					break scan
				}
				return dst, i, 0, false
			}
			high = true
		case 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-':
		case 'A' <= c && c <= 'Z':
			r += 'a' - 'A'
		default:
			if !inHost || c == '%' {
				return dst, i, 0, false // STD3 refuses it, or it is a delimiter
			}
			if c == '.' {
				sep = 1
				break scan
			}
			ldh = false
		}
		if n < len(rs) {
			rs[n] = r
		}
		n++
		i += size
	}
	l := s[from:i]
	if !high && inHost {
		return append(dst, l...), i, sep, true
	}
	// The hyphen rules of UTS #46 4.1 (V2, V3), on octets as x/net checks
	// them; Lookup maps nothing here, so they are the octets it sees.
	// "--" in the third and fourth place is also where "xn--" is.
	if !ldh || n == 0 || n > len(rs) || l[0] == '-' || l[len(l)-1] == '-' || len(l) >= 4 && l[2] == '-' && l[3] == '-' {
		return dst, i, 0, false
	}
	if !high {
		for _, c := range rs[:n] {
			dst = append(dst, byte(c))
		}
		return dst, i, sep, true
	}
	start := len(dst)
	dst = append(dst, "xn--"...)
	dst, ok = punycode.AppendEncoded(dst, rs[:n], MaxLen-len("xn--"))
	if !ok {
		return dst[:start], i, 0, false
	}
	return dst, i, sep, true
}

// isFast reports whether c is in the fast set.
func isFast(c rune) bool {
	if uint32(c) >= fastLimit {
		return false
	}
	return fastLeaf[fastIndex[c>>6]]>>(c&63)&1 != 0
}

// AppendHost appends host, a reg-name, as package iri's IDNA conversion
// writes it: each label that holds non-ASCII text as its A-label, each
// ASCII label as it is, joined by '.' (labels end where End says). It
// does so in one pass when host holds no '%' and the fast path takes
// every non-ASCII label, and otherwise reports false, having appended
// nothing: the caller then converts label by label, through x/net where
// it must, with x/net's errors.
func AppendHost(dst []byte, host string) ([]byte, bool) {
	start := len(dst)
	for i := 0; ; {
		var j, sep int
		var ok bool
		if dst, j, sep, ok = appendLabel(dst, host, i, true); !ok {
			return dst[:start], false
		}
		if sep == 0 {
			return dst, true
		}
		dst = append(dst, '.')
		i = j + sep
	}
}

// AppendToUnicode appends the U-label of label, an A-label ("xn--" in
// any case, then Punycode), where the fast path can vouch for the round
// trip that package iri asks of x/net before it shows a U-label:
// idna.Lookup.ToUnicode(label) is that U-label, and idna.Lookup.ToASCII
// of it is label in lowercase. That holds when the Punycode decodes to
// lowercase letters, digits, hyphens and code points of the fast set
// alone, and the fast path encodes the result back to label. Otherwise it
// reports false, having appended nothing, and the caller asks x/net.
func AppendToUnicode(dst []byte, label string) ([]byte, bool) {
	if len(label) <= len("xn--") || len(label) > MaxLen || !strings.EqualFold(label[:4], "xn--") {
		return dst, false
	}
	start := len(dst)
	dst, ok := punycode.AppendDecoded(dst, label[4:])
	if !ok {
		return dst[:start], false
	}
	u := dst[start:]
	for _, c := range u {
		if 'A' <= c && c <= 'Z' {
			return dst[:start], false // Lookup maps it: ToUnicode refuses the label
		}
	}
	var a [MaxLen]byte
	enc, ok := appendFast(a[:0], unsafe.String(unsafe.SliceData(u), len(u)))
	if !ok || len(enc) != len(label) {
		return dst[:start], false
	}
	for i, c := range enc {
		l := label[i]
		if 'A' <= l && l <= 'Z' {
			l += 'a' - 'A'
		}
		if c != l {
			return dst[:start], false
		}
	}
	return dst, true
}
