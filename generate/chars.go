package generate

// The code points the samples draw from. The ucschar and iprivate ranges
// are those of RFC 3987 section 2.2; the script ranges are Unicode blocks
// that lie wholly inside ucschar.

type span struct{ lo, hi rune }

// ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD / ...
var ucscharSpans = [...]span{
	{0xA0, 0xD7FF}, {0xF900, 0xFDCF}, {0xFDF0, 0xFFEF},
	{0x10000, 0x1FFFD}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
	{0x40000, 0x4FFFD}, {0x50000, 0x5FFFD}, {0x60000, 0x6FFFD},
	{0x70000, 0x7FFFD}, {0x80000, 0x8FFFD}, {0x90000, 0x9FFFD},
	{0xA0000, 0xAFFFD}, {0xB0000, 0xBFFFD}, {0xC0000, 0xCFFFD},
	{0xD0000, 0xDFFFD}, {0xE1000, 0xEFFFD},
}

// iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
var iprivateSpans = [...]span{{0xE000, 0xF8FF}, {0xF0000, 0xFFFFD}, {0x100000, 0x10FFFD}}

// The bidi formatting characters RFC 3987 section 4.1 forbids: LRM, RLM,
// LRE, RLE, PDF, LRO and RLO.
var bidiFormatting = [...]rune{0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E}

// Code points in neither ucschar nor iprivate, which UTF-8 can encode:
// C1 controls, the noncharacters, the specials and the tags block.
var notUcscharSpans = [...]span{
	{0x80, 0x9F}, {0xFDD0, 0xFDEF}, {0xFFF0, 0xFFFF}, {0x1FFFE, 0x1FFFF},
	{0x2FFFE, 0x2FFFF}, {0xE0000, 0xE0FFF}, {0xEFFFE, 0xEFFFF},
}

var (
	latinSpans = []span{{0xC0, 0xD6}, {0xD8, 0xF6}, {0xF8, 0x17F}}
	cjkSpans   = []span{{0x4E00, 0x9FFF}, {0x3041, 0x3096}, {0x30A1, 0x30FA}, {0xAC00, 0xD7A3}, {0x20000, 0x2A6DF}}
	rtlSpans   = []span{{0x05D0, 0x05EA}, {0x0620, 0x064A}, {0x0660, 0x0669}}
	// Mixed adds Greek, Cyrillic, Devanagari, Thai and emoji.
	mixedSpans = []span{
		{0xC0, 0xD6}, {0xF8, 0x17F}, {0x4E00, 0x9FFF}, {0x3041, 0x3096},
		{0xAC00, 0xD7A3}, {0x05D0, 0x05EA}, {0x0620, 0x064A}, {0x0391, 0x03A9},
		{0x0410, 0x044F}, {0x0905, 0x0939}, {0x0E01, 0x0E30}, {0x1F300, 0x1F64F},
	}
)

// isRTL reports whether r is one of the right-to-left letters or digits
// the scripts draw.
func isRTL(r rune) bool { return 0x05D0 <= r && r <= 0x05EA || 0x0620 <= r && r <= 0x0669 }

func isBidiFormatting(r rune) bool {
	for _, b := range bidiFormatting {
		if r == b {
			return true
		}
	}
	return false
}

func inSpans(r rune, spans []span) bool {
	for _, s := range spans {
		if s.lo <= r && r <= s.hi {
			return true
		}
	}
	return false
}

// pick draws a code point of spans: a span uniformly, then a code point
// of it, its first or last one with probability edge/8 each.
func (g *Generator) pick(spans []span, edge int) (r rune, atEdge bool) {
	s := spans[g.intn(len(spans))]
	switch k := g.intn(8); {
	case k < edge:
		return s.lo, true
	case k < 2*edge:
		return s.hi, true
	}
	return s.lo + rune(g.intn(int(s.hi-s.lo+1))), false
}

// ucschar draws a character of the configured script, never a bidi
// formatting character.
func (g *Generator) ucschar() (r rune, atEdge bool) {
	switch g.opts.Script {
	case ScriptLatin:
		return g.pick(latinSpans, 0)
	case ScriptCJK:
		return g.pick(cjkSpans, 0)
	case ScriptRTL:
		return g.pick(rtlSpans, 0)
	case ScriptMixed:
		if g.chance(7, 8) {
			return g.pick(mixedSpans, 0)
		}
		fallthrough
	case ScriptUcschar:
		r, atEdge = g.pick(ucscharSpans[:], 2)
		if isBidiFormatting(r) {
			r = 0x2010 // HYPHEN, next to them
		}
		return r, atEdge
	}
	return g.pick(mixedSpans, 0)
}
