//go:build amd64 && !purego

package scan

import "github.com/irikit/iri/internal/ascii"

// decodeRun is the hot loop of AppendIRIOf in assembly (decode_amd64.s),
// used when the CPU has SSSE3. From s[i] on, for an s that Scan accepted,
// it writes the IRI form into dst and returns where it stopped and how
// many bytes it wrote. It copies bytes up to each '%' sixteen at a time
// and decodes chains of %HH fifteen triplets at a time: it writes the
// octets that form unreserved ASCII, or characters whose lead byte the
// scan loop decodes itself, unless section 6.1 lists them
// (tables.ProneLead, ProneNext); it copies the triplets of other ASCII as
// they are. It stops at the end of s, at a triplet it leaves to the
// caller, and where a read could cross into a page past the end of s.
//
// Each store writes sixteen bytes: dst must have room for the rest of s
// plus sixteen.
//
//go:noescape
func decodeRun(dst *byte, s string, i int) (next, n int)

// decode512 is decodeRun in AVX-512 (decode512_amd64.s), used where
// simd.Decode512 is set, with the same arguments and results. It takes a
// window of up to 64 bytes a step, by a masked load, and writes what the
// window gives with one VPCOMPRESSB and a masked store: the bytes outside
// triplets, the octets that form unreserved ASCII or characters that
// decodeRun writes, and the other ASCII triplets as they are. So reserved
// triplets (%2F, %3A, %20) cost nothing more than others, and the caller
// sees only the triplets decodeRun would leave it. It stops at the end
// of s, and before such a triplet, which is always at a '%'.
//
// It reads nothing past s and writes only what it returns: dst needs room
// for the rest of s alone.
//
//go:noescape
func decode512(dst *byte, s string, i int) (next, n int)

// Constants of decode512 (decode512_amd64.s): dec512Hex holds the value
// of each hex digit c at c&63 (no two digits share the low six bits), for
// a VPERMB; the 64 bytes at dec512Ramp+k are the VPERMB indexes that
// shift a register down by k bytes; dec512Span holds, by a triplet's
// first digit c at c&63, how many bytes follow its '%' in its unit (2, 5
// for a lead byte C0-DF, 8 from E0 on); dec512Splat the bytes that
// decode512 compares with, each in 64: '%', 8, E0, A0, 12, 14, 64.
var (
	dec512Hex   [64]byte
	dec512Ramp  [128]byte
	dec512Span  [64]byte
	dec512Splat [7][64]byte
)

func init() {
	for _, c := range []byte("0123456789abcdefABCDEF") {
		dec512Hex[c&63] = ascii.Unhex(c)
	}
	for k, b := range []byte{'%', 8, 0xE0, 0xA0, 12, 14, 64} {
		for j := range dec512Splat[k] {
			dec512Splat[k][j] = b
		}
	}
	for k := range dec512Ramp {
		dec512Ramp[k] = byte(k)
	}
	for _, c := range []byte("0123456789abcdefABCDEF") {
		switch v := ascii.Unhex(c); {
		case v >= 0xE:
			dec512Span[c&63] = 8
		case v >= 0xC:
			dec512Span[c&63] = 5
		default:
			dec512Span[c&63] = 2
		}
	}
}

// convert512 is block512 followed by decode512 in one call: the block
// path's answer on s, and where it takes s, the IRI form of s written to
// dst as far as decode512 goes (all of s when s has no %HH), with where
// it stopped and how many bytes it wrote. Where the path declines it
// writes nothing. Lines with nothing to decode, the commonest, so cost
// one call in all.
//
// dst must have room for len(s) bytes.
//
//go:noescape
func convert512(dst *byte, s string, mode uint32) (head uint64, query, frag, next, n int)

// decodeBody is the body of decode512 and convert512; it has its own
// calling convention (decode512_amd64.s).
func decodeBody()
