package ascii

import "strings"

// What LookNormal finds.
const (
	LookUpper    = 1 << iota // an uppercase letter or a byte above 0x7F
	LookDashes               // "--"
	LookSlashDot             // "/."
	LookPct                  // a %HH that percent-encoding normalization changes
)

// lookNormal is LookNormal a word at a time, the reference for its
// assembly.
func lookNormal(s string, upper, dlo, dhi, plo, phi, pct int) int {
	m := 0
	if upper > 0 && HasUpperOrHigh(s, 0, upper) {
		m |= LookUpper
	}
	if dhi-dlo >= 2 && hasPair(s, dlo, dhi, '-', '-') {
		m |= LookDashes
	}
	if phi-plo >= 2 && hasPair(s, plo, phi, '/', '.') {
		m |= LookSlashDot
	}
	if pct > 0 && pctToNormalize(s, pct) {
		m |= LookPct
	}
	return m
}

// pctToNormalize is the LookPct test of LookNormal.
func pctToNormalize(s string, pct int) bool {
	// From the first '%' on, a byte at a time: triplets come in runs,
	// where a search for each costs more than the bytes between them.
	for i := strings.IndexByte(s[:pct], '%'); i >= 0 && i < pct && i+2 < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		a, b := s[i+1], s[i+2]
		if 'a' <= a && a <= 'f' || 'a' <= b && b <= 'f' || IsUnreserved(UnhexPair(a, b)) {
			return true
		}
		i += 2
	}
	return false
}
