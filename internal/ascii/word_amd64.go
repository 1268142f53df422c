//go:build amd64 && !purego

package ascii

// hasPairVec is HasPair in SSE2: it reports whether s[a:b] holds the two bytes c1 c2 in a row.
//
//go:noescape
func hasPairVec(s string, a, b int, c1, c2 byte) bool

// hasUpperOrHighVec is HasUpperOrHigh in SSE2: it reports whether s[a:b] has a byte in 'A'-'Z' or above
// 0x7F.
//
//go:noescape
func hasUpperOrHighVec(s string, a, b int) bool
