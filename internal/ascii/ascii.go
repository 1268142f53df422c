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
