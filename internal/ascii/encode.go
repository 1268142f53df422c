package ascii

import (
	"math/bits"
	"slices"

	"github.com/irikit/iri/internal/simd"
)

// EncodeNonASCII appends s to dst with each byte above 0x7F written as %HH
// (uppercase hex), RFC 3987 section 3.1 step 2 for an input already known
// to be valid (scanner.AppendURI checks it in the same pass). Where
// simd.Encode is set it counts the bytes to encode, grows dst once and
// encodes 21 bytes a step in AVX-512 (encode_amd64.s); otherwise it
// copies ASCII runs with one append each.
func EncodeNonASCII(dst []byte, s string) []byte {
	if simd.Encode && len(s) >= 16 {
		// Count the bytes to encode only when dst may lack room.
		if cap(dst)-len(dst) < 3*len(s) {
			n := CountNonASCII(s)
			if n == 0 {
				return append(dst, s...)
			}
			dst = slices.Grow(dst, len(s)+2*n)
		}
		start := len(dst)
		k := encode512(&dst[start:cap(dst)][0], s)
		return dst[:start+k]
	}
	return encodeNonASCII(dst, s)
}

// encodeNonASCII is EncodeNonASCII in Go, the reference for encode512.
func encodeNonASCII(dst []byte, s string) []byte {
	copied := 0
	for i := 0; i < len(s); i++ {
		b := s[i]
		if b < 0x80 {
			continue
		}
		if copied < i {
			dst = append(dst, s[copied:i]...)
		}
		dst = AppendPct(dst, b)
		copied = i + 1
	}
	return append(dst, s[copied:]...)
}

// CountNonASCII returns the number of bytes above 0x7F in s, so callers can
// size the output of EncodeNonASCII exactly: len(s) + 2*CountNonASCII(s).
func CountNonASCII(s string) int {
	n, i := 0, 0
	for ; i+8 <= len(s); i += 8 {
		n += bits.OnesCount64(Load8(s, i) & HighBits)
	}
	for ; i < len(s); i++ {
		n += int(s[i] >> 7)
	}
	return n
}
