//go:build amd64 && !purego

package ascii

// lookNormal512 is lookNormal in AVX-512 (normal_amd64.s): each block of
// 64 bytes up to the end of the furthest range is loaded once, masked
// (nothing past it is read), and the three tests are masks of it, cut to
// their ranges.
//
//go:noescape
func lookNormal512(s string, upper, dlo, dhi, plo, phi int) int
