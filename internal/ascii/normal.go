package ascii

import "github.com/irikit/iri/internal/simd"

// What LookNormal finds.
const (
	LookUpper    = 1 << iota // an uppercase letter or a byte above 0x7F
	LookDashes               // "--"
	LookSlashDot             // "/."
)

// LookNormal makes, in one look at s, the three tests that tell a
// normalizer whether a reference it scanned may already be normal, and
// reports in bits which found something: LookUpper for
// HasUpperOrHigh(s, 0, upper) (the scheme and authority), LookDashes for
// HasPair(s, dlo, dhi, '-', '-') (an "xn--" label in the host) and
// LookSlashDot for HasPair(s, plo, phi, '/', '.') (a dot segment in the
// path). A range with lo >= hi is empty; each must lie within s. One call
// in place of three: on references of a few dozen bytes the calls, not
// the looks, were the cost.
func LookNormal(s string, upper, dlo, dhi, plo, phi int) int {
	if simd.Pair && max(upper, dhi, phi) > 0 {
		return lookNormal512(s, upper, dlo, dhi, plo, phi)
	}
	return lookNormal(s, upper, dlo, dhi, plo, phi)
}

// lookNormal is LookNormal a word at a time, the reference for
// lookNormal512.
func lookNormal(s string, upper, dlo, dhi, plo, phi int) int {
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
	return m
}
