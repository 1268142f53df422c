package ascii

import "github.com/irikit/iri/tables"

// IsASCII reports whether s has no byte above 0x7F.
func IsASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// AppendLower appends s with its ASCII letters in lowercase.
func AppendLower(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

// IsUnreserved reports whether c is an RFC 3986 unreserved character.
func IsUnreserved(c byte) bool { return tables.Prod[c]&tables.ProdUnreserved != 0 }

// IsDottedQuad reports whether s is an IPv4 address as RFC 3986's
// IPv4address and the WHATWG IPv4 serializer write one: four decimal
// numbers of 0 to 255 without leading zeros, joined by dots.
func IsDottedQuad(s string) bool {
	parts := 0
	for i := 0; i <= len(s); {
		j := i
		v := 0
		for j < len(s) && '0' <= s[j] && s[j] <= '9' {
			v = v*10 + int(s[j]-'0')
			j++
		}
		if j == i || j-i > 3 || v > 255 || s[i] == '0' && j-i > 1 {
			return false
		}
		parts++
		if j == len(s) {
			break
		}
		if s[j] != '.' {
			return false
		}
		i = j + 1
	}
	return parts == 4
}
