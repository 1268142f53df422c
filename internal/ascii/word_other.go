//go:build !amd64 || purego

package ascii

// hasPairVec is hasPairWord: there is no vector form here.
func hasPairVec(s string, a, b int, c1, c2 byte) bool { return hasPairWord(s, a, b, c1, c2) }

// hasUpperOrHighVec is hasUpperOrHighWord.
func hasUpperOrHighVec(s string, a, b int) bool { return hasUpperOrHighWord(s, a, b) }
