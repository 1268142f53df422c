package ascii

import "github.com/irikit/iri/tables"

// UpperHex holds the hex digits RFC 3986 2.1 prefers, by value.
const UpperHex = "0123456789ABCDEF"

// IsHex reports whether c is a HEXDIG, in either case.
func IsHex(c byte) bool { return tables.Prod[c]&tables.ProdHEXDIG != 0 }

// Unhex is the value of c, which must be a hex digit: '0'-'9' have 0 in
// bit 6, letters of either case 1, and the low nibble of a letter is
// one less than its value minus 9.
func Unhex(c byte) byte { return c&0xF + 9*(c>>6) }

// UnhexPair is the octet the hex digits a and b spell.
func UnhexPair(a, b byte) byte { return Unhex(a)<<4 | Unhex(b) }

// Octet decodes the %HH at the start of s.
func Octet(s string) (byte, bool) {
	if len(s) < 3 || s[0] != '%' || !IsHex(s[1]) || !IsHex(s[2]) {
		return 0, false
	}
	return UnhexPair(s[1], s[2]), true
}

// AppendPct appends the triplet %HH of c, in uppercase hex.
func AppendPct(dst []byte, c byte) []byte {
	return append(dst, '%', UpperHex[c>>4], UpperHex[c&15])
}

// ToUpperHex returns the hex digit c in uppercase.
func ToUpperHex(c byte) byte {
	if 'a' <= c && c <= 'f' {
		return c - ('a' - 'A')
	}
	return c
}

// AppendUnescape appends s with each %HH decoded; s must be valid
// IRI text, whose every '%' starts a triplet.
func AppendUnescape(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '%' && i+2 < len(s) {
			dst = append(dst, UnhexPair(s[i+1], s[i+2]))
			i += 2
		} else {
			dst = append(dst, c)
		}
	}
	return dst
}
