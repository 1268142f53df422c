//go:build amd64 && !purego

package ascii

// HasPair reports whether s[a:b] holds the two bytes c1 c2 in a row.
//
//go:noescape
func HasPair(s string, a, b int, c1, c2 byte) bool

// HasUpperOrHigh reports whether s[a:b] has a byte in 'A'-'Z' or above
// 0x7F.
//
//go:noescape
func HasUpperOrHigh(s string, a, b int) bool
