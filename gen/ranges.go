package main

// The character repertoire of RFC 3987 section 2.2 and RFC 3986 section 2,
// written as plain range lists. Everything the generator emits is derived
// from these lists, and selfCheck verifies the packed tables against them.

// cpRange is an inclusive range of code points.
type cpRange struct{ lo, hi rune }

// ucschar is RFC 3987 2.2 ucschar.
var ucschar = []cpRange{
	{0xA0, 0xD7FF}, {0xF900, 0xFDCF}, {0xFDF0, 0xFFEF},
	{0x10000, 0x1FFFD}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
	{0x40000, 0x4FFFD}, {0x50000, 0x5FFFD}, {0x60000, 0x6FFFD},
	{0x70000, 0x7FFFD}, {0x80000, 0x8FFFD}, {0x90000, 0x9FFFD},
	{0xA0000, 0xAFFFD}, {0xB0000, 0xBFFFD}, {0xC0000, 0xCFFFD},
	{0xD0000, 0xDFFFD}, {0xE1000, 0xEFFFD},
}

// iprivate is RFC 3987 2.2 iprivate.
var iprivate = []cpRange{
	{0xE000, 0xF8FF}, {0xF0000, 0xFFFFD}, {0x100000, 0x10FFFD},
}

// bidiFormatting lists the characters RFC 3987 4.1 says IRIs MUST NOT
// contain: LRM, RLM, LRE, RLE, PDF, LRO, RLO. They lie inside ucschar, so
// they get a class of their own and the scanner decides whether to accept
// them.
var bidiFormatting = []cpRange{
	{0x200E, 0x200F}, {0x202A, 0x202E},
}

func inRanges(r rune, rs []cpRange) bool {
	for _, x := range rs {
		if x.lo <= r && r <= x.hi {
			return true
		}
	}
	return false
}

// ASCII productions of RFC 3986 section 2 and 3, as character sets.
const (
	alphaChars     = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	digitChars     = "0123456789"
	hexdigChars    = digitChars + "ABCDEFabcdef"
	unreservedPunc = "-._~"
	subDelimChars  = "!$&'()*+,;="
	genDelimChars  = ":/?#[]@"
	schemePunc     = "+-."
	ipcharExtra    = ":@"
	queryExtra     = "/?"
)

func inSet(b byte, set string) bool {
	for i := 0; i < len(set); i++ {
		if set[i] == b {
			return true
		}
	}
	return false
}
