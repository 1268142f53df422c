// Package runeprops answers, with one table lookup, the questions package
// lint asks of a non-ASCII code point: its bidi class as the bidi rules
// of RFC 3987 section 4 need it, whether it may leave text not in NFC or
// NFKC, whether lint reports it wherever it is, and whether IDNA keeps
// it as it is. The tables are generated from the data of x/text and x/net
// (gen/lint.go), one file per Unicode version under the build constraint
// with which x/text selects the same version; UnicodeVersion says which
// this build has.
package runeprops

import "github.com/irikit/iri/tables"

// Of returns the Prop bits of the code point r; none for ASCII, the
// surrogates and what is not a code point.
func Of(r rune) uint8 {
	if uint32(r) >= 0x110000 {
		return 0
	}
	return LintBlocks[LintIndex[r>>LintShift]][r&(1<<LintShift-1)]
}

// Extra returns why package lint reports r beyond tables.Section61 (a
// tables.Avoid61 reason), or tables.Avoid61None.
func Extra(r rune) uint8 { return tables.AvoidIn(LintExtra[:], r) }

// IsBidiFormatting reports whether r is one of the bidi formatting
// characters RFC 3987 section 4.1 forbids in IRIs: LRM, RLM, LRE, RLE,
// PDF, LRO and RLO.
func IsBidiFormatting(r rune) bool {
	return r == 0x200E || r == 0x200F || 0x202A <= r && r <= 0x202E
}

// IsBidiControl reports whether r is a bidi control of Unicode: one that
// IsBidiFormatting names, ALM, or an isolate of Unicode 6.3 (LRI, RLI,
// FSI, PDI), which came after RFC 3987.
func IsBidiControl(r rune) bool {
	return IsBidiFormatting(r) || r == 0x061C || 0x2066 <= r && r <= 0x2069
}
