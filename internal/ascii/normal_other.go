//go:build !amd64 || purego

package ascii

// LookNormal makes, in one look at s, the four tests that tell a
// normalizer whether a reference it scanned may already be normal, and
// reports in bits which found something: LookUpper for
// HasUpperOrHigh(s, 0, upper) (the scheme and authority), LookDashes for
// HasPair(s, dlo, dhi, '-', '-') (an "xn--" label in the host),
// LookSlashDot for HasPair(s, plo, phi, '/', '.') (a dot segment in the
// path) and LookPct for a %HH starting in s[:pct] with a lowercase hex
// digit or for an unreserved character (RFC 3986 6.2.2.1, 6.2.2.2). A
// range with lo >= hi is empty; each must lie within s. Each '%' of s[:pct]
// must start a triplet of s, as in valid IRI text; where one does not, the
// LookPct bit means nothing, but nothing past s is read. One call in place
// of four: on references of a few dozen bytes the calls, not the looks,
// were the cost.
func LookNormal(s string, upper, dlo, dhi, plo, phi, pct int) int {
	return lookNormal(s, upper, dlo, dhi, plo, phi, pct)
}
