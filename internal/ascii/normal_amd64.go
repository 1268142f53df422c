//go:build amd64 && !purego

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
//
// In AVX-512 (normal_amd64.s), where simd.Pair is set, else lookNormal:
// each block of 64 bytes up to the end of the furthest range is loaded
// once, masked (nothing past it is read), and the tests are masks of it,
// cut to their ranges; a reference of at most 64 bytes takes no branch
// but for LookPct.
//
//go:noescape
func LookNormal(s string, upper, dlo, dhi, plo, phi, pct int) int

// LookNormal's tables: lookBytes has a row of each of its constants
// (normal_amd64.s names them; package scan's look reads them too, and the
// last row, of LFs); lookHex the value of each hex digit by its
// low six bits, with bit 7 set for a lowercase one; lookUnreserved a
// nonzero byte for each unreserved character.
var (
	lookBytes      [8][64]byte
	lookHex        [64]byte
	lookUnreserved [128]byte
)

func init() {
	for k, c := range []byte{'A', 26, '-', '/', '.', '%', 0xf0, '\n'} {
		for j := range lookBytes[k] {
			lookBytes[k][j] = c
		}
	}
	for _, c := range []byte("0123456789ABCDEFabcdef") {
		v := Unhex(c)
		if c >= 'a' {
			v |= 0x80
		}
		lookHex[c&63] = v
	}
	for c := range lookUnreserved {
		if IsUnreserved(byte(c)) {
			lookUnreserved[c] = 1
		}
	}
}
