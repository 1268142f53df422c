//go:build amd64 && !purego

package scan

import "github.com/irikit/iri/tables"

// block256 is blockGo in AVX2 (block256_amd64.s), for CPUs without
// AVX-512: the same answer for s, not empty (the tests compare the two).
// A block is still 64 bytes, read as two 32-byte halves, so that the
// body of the path and its masks are those of block512
// (block_amd64.h); each mask is two VPMOVMSKB.
//
// The classes come from nibble lookups (the "lookup" technique of
// simdjson): two VPSHUFB on the low and high nibbles of each byte, ANDed,
// give eight bits, each a set of bytes whose low nibble is in one set and
// high nibble in another. tables.BlockDelim's bits are not such sets, so
// the lookups hold, in nibble256, groups of them that unite to the
// classes the path tests: lookP, of every block, BlockBad and BlockRare;
// lookQ, of the first, BlockStop and BlockScheme; lookH, of blocks with
// bytes >= 0x80, the leads and BlockOdd. Classes of one or two bytes are
// a VPCMPEQB each. Near the end of s a block is read where no page end
// can be crossed, and the bytes past s made '!', which is in no class.
//
//go:noescape
func block256(s string, mode uint32) (head uint64, query, frag int)

// blockValid256 is blockValid512 in AVX2.
func blockValid256(s string, mode uint32) (taken, cannot bool) { return blockValid(s, mode, true) }

// blockPath256Valid is blockPath256 for Valid (block256_amd64.s).
func blockPath256Valid()

// blockPath256 is the body of block256, and of blockScan, Valid and
// ScanZeroed where simd.Block is off and simd.Block256 on; it has
// blockPath's calling convention.
func blockPath256()

// The rows of nibble256, each 32 bytes: a table of 16 twice (VPSHUFB
// looks up each 16-byte lane on its own) or a byte in every place.
const (
	vPLo = iota // lookP's table of low nibbles, of the byte itself (zero for bytes >= 0x80)
	vPHi        // and of high nibbles
	vQLo        // lookQ's, as lookP's
	vQHi
	vHLo // lookH's, of the low nibble
	vHHi
	vNibble // 0x0F
	vBad    // lookP's bits of BlockBad, for VPTEST
	vRare   // and of BlockRare
	vStop   // lookQ's bits of BlockStop
	vOdd    // lookH's bits of BlockOdd, for VPTEST
	vOther  // and of BlockOther
	vAny    // 0x7F: added with saturation to bits ANDed, it sets the top bit where one is set
	vScheme // 0x80 - the lowest of lookQ's bits of BlockScheme, which are its top ones
	vLead   // 0x80 - the lowest of lookH's bits of BlockLead, which are its top ones
	vColon  // the bytes of the one-byte classes
	vQuestion
	vHash
	vAt
	vPct
	vNeedLo
	vNeedHiC2 // BlockNeedHi's two bytes
	vNeedHiE0
	vContMask // BlockContHi: b&vContMask == vContHi
	vContHi
	vDigitAdd // DIGIT: b+vDigitAdd signed below vDigitLim
	vDigitLim
	vHexOr // HEXDIG's letters: (b|vHexOr)+vHexAdd signed below vHexLim
	vHexAdd
	vHexLim
	vFill // the byte that stands for those past s
	numVec
)

// The bits of the lookups by class. The groups of lookQ's BlockScheme
// and lookH's BlockLead are the top bits, so that one saturating add sets
// the top bit where any is set; lookH's BlockLead3 is its top bit.
const (
	lookPBad     = 0x3F
	lookPRare    = 0xC0
	lookQStop    = 0x03
	lookQScheme  = 0xF0
	lookHOther   = 0x07
	lookHNeed    = 0x18
	lookHLead2   = 0x60 // BlockLead but not BlockLead3
	lookHLead3   = 0x80
	lookHLead    = lookHLead2 | lookHLead3
	lookHOdd     = lookHOther | lookHNeed
	block256Fill = '!'
)

// nibble256 holds the AVX2 form's constants, rows by the v names above;
// block256Tail is 64 zero bytes and then 64 of 0xFF, from which a block of
// n bytes loads, at 64-n, the mask of its bytes past s.
var (
	nibble256    [numVec][32]byte
	block256Tail [128]byte
	// nibble256OK reports that each class fit its bits (a test checks it).
	nibble256OK bool
)

// nibbleClass is a class of bytes that a lookup gives: bits are those it
// may use, in that lookup's own byte.
type nibbleClass struct {
	bits uint8
	in   func(b byte) bool
}

// nibbleTables builds the two tables of a lookup that gives, for byte b,
// lo[b&15] & hi[b>>4], with lo[b&15] read as zero where own is set and b
// >= 0x80 (VPSHUFB on the byte itself): each class is a set of bytes
// whose bits are not all clear. Each high nibble's row, the set of low
// nibbles it takes in a class, takes a bit of that class, one per row
// that differs; ok is false where a class has more such rows than bits,
// or own is set and a class has bytes >= 0x80.
func nibbleTables(own bool, classes ...nibbleClass) (lo, hi [16]byte, ok bool) {
	ok = true
	for _, c := range classes {
		var rows [16]uint16
		var bits [16]uint8 // the bit of each row in rows
		nrows := 0
		for h := range 16 {
			var row uint16
			for l := range 16 {
				if c.in(byte(h<<4 | l)) {
					row |= 1 << l
				}
			}
			if row == 0 {
				continue
			}
			if own && h >= 8 {
				ok = false
				continue
			}
			k := 0
			for k < nrows && rows[k] != row {
				k++
			}
			if k == nrows {
				// The next bit of the class's.
				free := c.bits
				for j := range nrows {
					free &^= bits[j]
				}
				if free == 0 {
					ok = false
					continue
				}
				rows[k], bits[k] = row, free&-free
				nrows++
			}
			hi[h] |= bits[k]
			for l := range 16 {
				if row>>l&1 != 0 {
					lo[l] |= bits[k]
				}
			}
		}
	}
	return lo, hi, ok
}

// nibbleLookup is the lookup for byte b as the assembly does it.
func nibbleLookup(lo, hi *[16]byte, own bool, b byte) byte {
	l := lo[b&15]
	if own && b >= 0x80 {
		l = 0
	}
	return l & hi[b>>4]
}

// delimBit and classBit report whether b has the bit of tables.BlockDelim
// (an ASCII byte), or of tables.BlockClass with the bytes >= 0x80 told
// apart by high.
func delimBit(bit int) func(b byte) bool {
	return func(b byte) bool { return b < 0x80 && tables.BlockDelim[b]>>bit&1 != 0 }
}

func classBit(bit int, high bool) func(b byte) bool {
	return func(b byte) bool { return b >= 0x80 == high && tables.BlockClass[b]>>bit&1 != 0 }
}

// The lookups' classes.
var (
	lookP = []nibbleClass{{lookPBad, delimBit(tables.BlockBad)}, {lookPRare, delimBit(tables.BlockRare)}}
	lookQ = []nibbleClass{{lookQStop, delimBit(tables.BlockStop)}, {lookQScheme, delimBit(tables.BlockScheme)}}
	lookH = []nibbleClass{
		{lookHOther, classBit(tables.BlockOther, true)},
		{lookHNeed, classBit(tables.BlockNeed, true)},
		{lookHLead2, func(b byte) bool { return classBit(tables.BlockLead, true)(b) && !classBit(tables.BlockLead3, true)(b) }},
		{lookHLead3, classBit(tables.BlockLead3, true)},
	}
)

func init() {
	row := func(k int, b byte) {
		for j := range nibble256[k] {
			nibble256[k][j] = b
		}
	}
	table := func(k int, t [16]byte) {
		copy(nibble256[k][:16], t[:])
		copy(nibble256[k][16:], t[:])
	}
	pLo, pHi, okP := nibbleTables(true, lookP...)
	qLo, qHi, okQ := nibbleTables(true, lookQ...)
	hLo, hHi, okH := nibbleTables(false, lookH...)
	nibble256OK = okP && okQ && okH
	table(vPLo, pLo)
	table(vPHi, pHi)
	table(vQLo, qLo)
	table(vQHi, qHi)
	table(vHLo, hLo)
	table(vHHi, hHi)
	row(vNibble, 0x0F)
	row(vBad, lookPBad)
	row(vRare, lookPRare)
	row(vStop, lookQStop)
	row(vOdd, lookHOdd)
	row(vOther, lookHOther)
	row(vAny, 0x7F)
	row(vScheme, 0x80-lookQScheme&-lookQScheme)
	row(vLead, 0x80-lookHLead&-lookHLead)
	row(vColon, ':')
	row(vQuestion, '?')
	row(vHash, '#')
	row(vAt, '@')
	row(vPct, '%')
	row(vNeedLo, 0xED)
	row(vNeedHiC2, 0xC2)
	row(vNeedHiE0, 0xE0)
	row(vContMask, 0xE0)
	row(vContHi, 0xA0)
	// b+0x50 is 0x80-0x89 (signed, the lowest ten) just where b is a
	// digit; (b|0x20)+0x1F is 0x80-0x85 where b is A-F or a-f.
	row(vDigitAdd, 0x50)
	row(vDigitLim, 0x8A)
	row(vHexOr, 0x20)
	row(vHexAdd, 0x1F)
	row(vHexLim, 0x86)
	row(vFill, block256Fill)
	for j := 64; j < 128; j++ {
		block256Tail[j] = 0xFF
	}
}
