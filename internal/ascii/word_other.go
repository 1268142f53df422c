//go:build !amd64 || purego

package ascii

// HasPair reports whether s[a:b] holds the two bytes c1 c2 in a row.
func HasPair(s string, a, b int, c1, c2 byte) bool { return hasPairWord(s, a, b, c1, c2) }

// HasUpperOrHigh reports whether s[a:b] has a byte in 'A'-'Z' or above
// 0x7F.
func HasUpperOrHigh(s string, a, b int) bool { return hasUpperOrHighWord(s, a, b) }
