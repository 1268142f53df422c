package ascii

import "github.com/irikit/iri/internal/simd"

// Word-at-a-time byte tests for the quick checks of normalization: eight
// bytes per step, no branch per byte. (An SSE2 form measured 8-15 %
// faster on the corpora, short of the 15 % that assembly must earn, and
// was removed; the AVX-512 pair search, 64 bytes a step with masked
// loads, made Normalize 15-20 % faster and stays.)

// HighBits has the high bit of each byte of a word set.
const HighBits = 0x8080808080808080

const (
	lo7  = 0x7f7f7f7f7f7f7f7f
	ones = 0x0101010101010101
)

// Load8 reads s[i:i+8] little-endian; the compiler makes it one load.
func Load8(s string, i int) uint64 {
	b := s[i : i+8]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// EqMask has the high bit of each byte of x that equals c set, exactly.
func EqMask(x uint64, c byte) uint64 {
	t := x ^ ones*uint64(c)
	return ^((t&lo7 + lo7) | t) & HighBits
}

// upperOrHighMask has the high bit set for each byte of x in 'A'-'Z' or
// above 0x7F.
func upperOrHighMask(x uint64) uint64 {
	y := x & lo7
	a := y + ones*(0x80-'A')
	b := y + ones*(0x80-'Z'-1)
	return (x | a&^b) & HighBits
}

// HasUpperOrHigh reports whether s[a:b] has a byte in 'A'-'Z' or above
// 0x7F, a word at a time.
func HasUpperOrHigh(s string, a, b int) bool {
	if b-a >= 8 {
		for i := a; i+8 < b; i += 8 {
			if upperOrHighMask(Load8(s, i)) != 0 {
				return true
			}
		}
		return upperOrHighMask(Load8(s, b-8)) != 0 // overlaps what went before
	}
	if len(s) >= 8 {
		// One word around the range, the bytes outside it masked off.
		w := min(a, len(s)-8)
		m := upperOrHighMask(Load8(s, w)) >> (8 * (a - w))
		return m&(1<<(8*(b-a))-1) != 0
	}
	for i := a; i < b; i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' || c >= 0x80 {
			return true
		}
	}
	return false
}

// HasPair reports whether s[a:b] holds the two bytes c1 c2 in a row: 64
// bytes a step in AVX-512 where simd.Pair is set (pair_amd64.s), else a
// word at a time.
func HasPair(s string, a, b int, c1, c2 byte) bool {
	if simd.Pair && b-a >= 2 {
		return hasPair512(s[a:b], c1, c2)
	}
	return hasPair(s, a, b, c1, c2)
}

// hasPair is HasPair a word at a time, the reference for hasPair512.
func hasPair(s string, a, b int, c1, c2 byte) bool {
	if b-a >= 9 {
		for i := a; i+9 < b; i += 8 {
			if EqMask(Load8(s, i), c1)&EqMask(Load8(s, i+1), c2) != 0 {
				return true
			}
		}
		return EqMask(Load8(s, b-9), c1)&EqMask(Load8(s, b-8), c2) != 0
	}
	for i := a; i+1 < b; i++ {
		if s[i] == c1 && s[i+1] == c2 {
			return true
		}
	}
	return false
}
