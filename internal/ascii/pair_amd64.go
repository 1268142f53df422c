//go:build amd64 && !purego

package ascii

// hasPair512 is hasPair over all of s, not empty, in AVX-512
// (pair_amd64.s): a masked load of 64 bytes (nothing past s is read), a
// VPCMPEQB for each byte, and the masks compared shifted by one, the
// last byte of a block carried into the next.
//
//go:noescape
func hasPair512(s string, c1, c2 byte) bool
