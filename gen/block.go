package main

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// The block path (internal/scan/block.go) classifies 64 bytes at a time
// with table lookups (VPERMT2B) and settles a reference from the bit masks
// of a few classes, leaving to the DFA every reference it cannot settle
// that way. It has two tables: BlockDelim gives eight classes of ASCII
// bytes, BlockClass three more of ASCII bytes and seven of the others,
// sharing bit numbers, since a mask of the bytes >= 0x80 tells them apart.

// blockBit is one class bit of the two tables.
type blockBit struct {
	name, doc string
	in        func(b byte) bool
}

// delimBits are the bits of BlockDelim, in order; its entries cover ASCII.
// A block's masks are taken from the table lookup one at a time, as they
// are needed, so the bits that every reference needs come first, and
// some unite the bytes that are rare, to be told apart only when present.
var delimBits = []blockBit{
	{"BlockBad", "allowed in no component as itself: not unreserved, sub-delims or one of \":/?#@%\" (the brackets of IP literals are left to the DFA)",
		func(b byte) bool { return !inSet(b, alphaChars+digitChars+unreservedPunc+subDelimChars+":/?#@%") }},
	{"BlockColon", "':'", func(b byte) bool { return b == ':' }},
	{"BlockStop", "'/', '?' and '#', which end a scheme's chance and an authority", func(b byte) bool { return inSet(b, "/?#") }},
	{"BlockScheme", "the scheme's characters: ALPHA, DIGIT, \"+\", \"-\", \".\"",
		func(b byte) bool { return inSet(b, alphaChars+digitChars+schemePunc) }},
	{"BlockAtPct", "'@' and '%'", func(b byte) bool { return b == '@' || b == '%' }},
	{"BlockRare", "'@', '%' and '#': a block without them takes the short way", func(b byte) bool { return inSet(b, "@%#") }},
	{"BlockQuestion", "'?'", func(b byte) bool { return b == '?' }},
	{"BlockHash", "'#'", func(b byte) bool { return b == '#' }},
}

// classBits are the bits of BlockClass for ASCII bytes, then those for
// the others, each from bit 0.
var classBits = [2][]blockBit{{
	{"BlockDigit", "DIGIT", func(b byte) bool { return inSet(b, digitChars) }},
	{"BlockHex", "HEXDIG, either case", func(b byte) bool { return inSet(b, hexdigChars) }},
	{"BlockAt", "'@'", func(b byte) bool { return b == '@' }},
	{"BlockPct", "'%'", func(b byte) bool { return b == '%' }},
}, {
	{"BlockOther", "a byte that is neither a continuation byte (80-BF) nor a lead byte the block path decodes", func(b byte) bool { return b >= 0xC0 && !blockLead(b) }},
	{"BlockLead", "a lead byte the block path decodes: C2-DF, E0, E1, E3-ED", blockLead},
	{"BlockLead3", "a lead byte of three: E0, E1, E3-ED", func(b byte) bool { return blockLead(b) && b >= 0xE0 }},
	{"BlockNeed", "C2, E0 and ED, whose next byte has a narrower range", func(b byte) bool { return b == 0xC2 || b == 0xE0 || b == 0xED }},
	{"BlockContHi", "a continuation byte in A0-BF", func(b byte) bool { return b >= 0xA0 && b < 0xC0 }},
	{"BlockNeedHi", "C2 and E0, whose next byte must be A0-BF (U+00A0 on; no overlong form)",
		func(b byte) bool { return b == 0xC2 || b == 0xE0 }},
	{"BlockNeedLo", "ED, whose next byte must be 80-9F (no surrogate)", func(b byte) bool { return b == 0xED }},
	{"BlockOdd", "BlockOther or BlockNeed: a block without them takes the short way", func(b byte) bool {
		return b >= 0xC0 && !blockLead(b) || b == 0xC2 || b == 0xE0 || b == 0xED
	}},
}}

// blockLead is the set of lead bytes the block path decodes. E2 (the bidi
// formatting characters), EE and EF (iprivate, noncharacters) and the
// four-byte leads go to the DFA.
func blockLead(b byte) bool { return b >= 0xC2 && b <= 0xED && b != 0xE2 }

// blockTables are the block path's two tables.
type blockTables struct {
	delim [128]uint8
	class [256]uint8
}

// buildBlock computes the tables and checks the block path's premise.
func buildBlock(lead [256]uint8, blocks [][64]uint8) (t blockTables) {
	if len(delimBits) > 8 || len(classBits[0]) > 8 || len(classBits[1]) > 8 {
		fail("block tables: more than eight bits")
	}
	for b := 0; b < 128; b++ {
		for k, bit := range delimBits {
			if bit.in(byte(b)) {
				t.delim[b] |= 1 << k
			}
		}
	}
	for b := 0; b < 256; b++ {
		for k, bit := range classBits[b>>7] {
			if bit.in(byte(b)) {
				t.class[b] |= 1 << k
			}
		}
	}
	checkBlockUTF8(t.class, lead, blocks)
	return t
}

// blockBitOf is the bit number of the BlockClass bit with the given name.
func blockBitOf(name string) uint8 {
	for _, half := range classBits {
		for k, bit := range half {
			if bit.name == name {
				return 1 << k
			}
		}
	}
	fail("no block bit %s", name)
	return 0
}

// checkBlockUTF8 verifies, over every sequence of two or three bytes with
// a decoded lead, that what the block path's test passes is a well-formed
// character in ucschar and not a bidi formatting character: then a block
// that passes holds no other non-ASCII text. (What it refuses goes to the
// DFA, so refusing too much costs time, never a wrong answer.)
func checkBlockUTF8(class [256]uint8, lead [256]uint8, blocks [][64]uint8) {
	other, contHi, ld, ld3 := blockBitOf("BlockOther"), blockBitOf("BlockContHi"), blockBitOf("BlockLead"), blockBitOf("BlockLead3")
	need, needHi, needLo := blockBitOf("BlockNeed"), blockBitOf("BlockNeedHi"), blockBitOf("BlockNeedLo")
	for b := 0x80; b < 0x100; b++ {
		if c := class[b]; (c&(needHi|needLo) != 0) != (c&need != 0) {
			fail("block path: %#02x: BlockNeed is not BlockNeedHi or BlockNeedLo", b)
		}
	}
	passed := 0
	for l := 0x80; l < 0x100; l++ {
		c := class[l]
		if c&ld == 0 {
			continue
		}
		if c&other != 0 {
			fail("block path: %#02x is both a lead and another byte", l)
		}
		size := 2
		if c&ld3 != 0 {
			size = 3
		}
		for b1 := 0; b1 < 0x100; b1++ {
			c1 := class[b1]
			// A continuation byte: >= 0x80, neither a lead nor another.
			if b1 < 0x80 || c1&(ld|other) != 0 || c&needHi != 0 && c1&contHi == 0 || c&needLo != 0 && c1&contHi != 0 {
				continue
			}
			for b2 := 0x80; b2 < 0xC0; b2++ {
				seq := []byte{byte(l), byte(b1), byte(b2)}[:size]
				r, n := utf8.DecodeRune(seq)
				if r == utf8.RuneError || n != size {
					fail("block path: % X passes but is not well-formed", seq)
				}
				if k, _ := lookupUTF8(lead, blocks, seq); k != cpUcschar {
					fail("block path: % X (U+%04X) passes but is class %d, not ucschar", seq, r, k)
				}
				passed++
				if size == 2 {
					break
				}
			}
		}
	}
	// C2 A0 to ED 9F BF, less the E2 block: a change that loses a range
	// shows here.
	if want := 0xD800 - 0xA0 - 0x1000; passed != want {
		fail("block path passes %d characters, want %d", passed, want)
	}
}

func genBlock(t blockTables) []byte {
	var w bytes.Buffer
	w.WriteString(header + "package tables\n\n")
	w.WriteString("// Bit numbers of BlockDelim, whose entries are ASCII bytes.\nconst (\n")
	for k, bit := range delimBits {
		fmt.Fprintf(&w, "\t%s = %d // %s\n", bit.name, k, bit.doc)
	}
	w.WriteString(")\n\n")
	w.WriteString("// Bit numbers of BlockClass: the first for ASCII bytes, the others for\n// bytes 0x80-0xFF, which share the numbers.\nconst (\n")
	for _, half := range classBits {
		for k, bit := range half {
			fmt.Fprintf(&w, "\t%s = %d // %s\n", bit.name, k, bit.doc)
		}
	}
	w.WriteString(")\n\n")
	w.WriteString("// BlockDelim and BlockClass are the tables of the block path\n// (internal/scan/block.go), which looks up 64 bytes at a time: the\n// bits of each byte, by the numbers above. A byte in BlockOther sends\n// its reference to the DFA.\n//\n// Size: 128 bytes.\nvar BlockDelim = [128]uint8{")
	writeBytes(&w, t.delim[:])
	w.WriteString("}\n\n// Size: 256 bytes.\nvar BlockClass = [256]uint8{")
	writeBytes(&w, t.class[:])
	w.WriteString("}\n")
	return w.Bytes()
}
