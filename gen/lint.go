package main

import (
	"bytes"
	"fmt"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/bidi"
	"golang.org/x/text/unicode/norm"
)

// The properties of a non-ASCII code point that package lint needs, one byte
// each, so that a character costs one lookup unless it needs attention.
var lintProps = []struct{ name, doc string }{
	{"PropRTL", "bidi class R or AL"},
	{"PropL", "bidi class L"},
	{"PropNum", "bidi class EN or AN"},
	{"PropNSM", "bidi class NSM"},
	{"PropNFC", "may leave text not in NFC: not NFC_QC=Yes, or a non-zero combining class"},
	{"PropNFKC", "the same for NFKC"},
	{"PropAttn", "a character Lint reports wherever it is (see LintAttention)"},
	{"PropIDNA", "IDNA lookup keeps it as it is anywhere in a label: UTS #46 valid, not a mark, joiner or right-to-left"},
}

// lintExtra lists what Lint reports beyond the section 6.1 list that
// ToIRI uses: fillers that render as nothing, the format characters
// (Cf) Unicode added after RFC 3454, and more look-alikes of delimiters
// from the confusables of UTS #39.
var lintExtra = []avoidRange{
	{0x01C3, 0x01C3, "Avoid61Delim"},     // LATIN LETTER RETROFLEX CLICK, '!'
	{0x02D0, 0x02D0, "Avoid61Delim"},     // MODIFIER LETTER TRIANGULAR COLON, ':'
	{0x02F8, 0x02F8, "Avoid61Delim"},     // MODIFIER LETTER RAISED COLON, ':'
	{0x0589, 0x0589, "Avoid61Delim"},     // ARMENIAN FULL STOP, ':'
	{0x05C3, 0x05C3, "Avoid61Delim"},     // HEBREW PUNCTUATION SOF PASUQ, ':'
	{0x0600, 0x0605, "Avoid61Control"},   // ARABIC NUMBER SIGN to NUMBER MARK ABOVE (Cf after RFC 3454)
	{0x06D4, 0x06D4, "Avoid61Delim"},     // ARABIC FULL STOP, '.'
	{0x0701, 0x0704, "Avoid61Delim"},     // SYRIAC full stops and colons
	{0x0890, 0x0891, "Avoid61Control"},   // ARABIC POUND and PIASTRE MARK ABOVE (Cf)
	{0x08E2, 0x08E2, "Avoid61Control"},   // ARABIC DISPUTED END OF AYAH (Cf)
	{0x115F, 0x1160, "Avoid61Invisible"}, // HANGUL CHOSEONG and JUNGSEONG FILLER
	{0x1735, 0x1735, "Avoid61Delim"},     // PHILIPPINE SINGLE PUNCTUATION, '/'
	{0x17B4, 0x17B5, "Avoid61Invisible"}, // KHMER VOWEL INHERENT AQ and AA
	{0x2027, 0x2027, "Avoid61Delim"},     // HYPHENATION POINT, '.'
	{0x2039, 0x203A, "Avoid61Delim"},     // angle quotation marks, '<' '>'
	{0x2041, 0x2041, "Avoid61Delim"},     // CARET INSERTION POINT, '/'
	{0x2043, 0x2043, "Avoid61Delim"},     // HYPHEN BULLET, '-'
	{0x205A, 0x205A, "Avoid61Delim"},     // TWO DOT PUNCTUATION, ':'
	{0x2064, 0x2064, "Avoid61Invisible"}, // INVISIBLE PLUS (Cf after RFC 3454)
	{0x2571, 0x2571, "Avoid61Delim"},     // BOX DRAWINGS LIGHT DIAGONAL UPPER RIGHT TO LOWER LEFT, '/'
	{0x2800, 0x2800, "Avoid61Space"},     // BRAILLE PATTERN BLANK
	{0x29F5, 0x29F6, "Avoid61Delim"},     // REVERSE SOLIDUS OPERATOR, SOLIDUS WITH OVERBAR
	{0x2E2E, 0x2E2E, "Avoid61Delim"},     // REVERSED QUESTION MARK
	{0x2E31, 0x2E31, "Avoid61Delim"},     // WORD SEPARATOR MIDDLE DOT, '.'
	{0x3164, 0x3164, "Avoid61Invisible"}, // HANGUL FILLER
	{0xFFA0, 0xFFA0, "Avoid61Invisible"}, // HALFWIDTH HANGUL FILLER
	{0x110BD, 0x110BD, "Avoid61Control"}, // KAITHI NUMBER SIGN (Cf)
	{0x110CD, 0x110CD, "Avoid61Control"}, // KAITHI NUMBER SIGN ABOVE (Cf)
	{0x13430, 0x1343F, "Avoid61Control"}, // EGYPTIAN HIEROGLYPH format controls (Cf)
	{0x1BCA0, 0x1BCA3, "Avoid61Control"}, // SHORTHAND FORMAT controls (Cf)
}

// lintAttention lists the ranges that Lint reports wherever they are,
// besides section61 and lintExtra: the bidi formatting characters of
// section 4.1, tag characters, variation selectors and private use.
var lintAttention = [][2]rune{
	{0x180B, 0x180D}, {0x180F, 0x180F}, {0x200E, 0x200F}, {0x202A, 0x202E}, {0xE000, 0xF8FF}, {0xFE00, 0xFE0F},
	{0xE0000, 0xE007F}, {0xE0100, 0xE01EF}, {0xF0000, 0x10FFFF},
}

const lintShift = 7 // code points per block: 1<<lintShift

// lintTables is the two-stage table of lintProps bits.
type lintTables struct {
	index  []uint8
	blocks [][1 << lintShift]uint8
}

func propsOf(c rune, section61 []avoidRange) uint8 {
	var p uint8
	bp, _ := bidi.LookupRune(c)
	switch bp.Class() {
	case bidi.R, bidi.AL:
		p |= 1 << 0
	case bidi.L:
		p |= 1 << 1
	case bidi.EN, bidi.AN:
		p |= 1 << 2
	case bidi.NSM:
		p |= 1 << 3
	}
	b := utf8.AppendRune(nil, c)
	if norm.NFC.QuickSpan(b) != len(b) || norm.NFC.Properties(b).CCC() != 0 {
		p |= 1 << 4
	}
	if norm.NFKC.QuickSpan(b) != len(b) || norm.NFKC.Properties(b).CCC() != 0 {
		p |= 1 << 5
	}
	attn := false
	for _, r := range lintAttention {
		attn = attn || r[0] <= c && c <= r[1]
	}
	for _, rs := range [][]avoidRange{section61, lintExtra} {
		for _, r := range rs {
			attn = attn || r.lo <= c && c <= r.hi
		}
	}
	if attn {
		p |= 1 << 6
	}
	if idnaPlain(c, bp.Class()) {
		p |= 1 << 7
	}
	return p
}

// idnaPlain reports whether c may be anywhere in a label that IDNA lookup
// (idna.Lookup) accepts unchanged, whatever its neighbours: the label
// "a" c round-trips, and c is none of what has rules about its place (a
// mark, which cannot start a label; ZWJ and ZWNJ; the right-to-left
// classes of the Bidi Rule).
func idnaPlain(c rune, class bidi.Class) bool {
	if unicode.In(c, unicode.M) || c == 0x200C || c == 0x200D {
		return false
	}
	switch class {
	case bidi.R, bidi.AL, bidi.AN:
		return false
	}
	label := "a" + string(c)
	a, err := idna.Lookup.ToASCII(label)
	if err != nil {
		return false
	}
	u, err := idna.Lookup.ToUnicode(a)
	return err == nil && u == label
}

func buildLint(section61 []avoidRange) lintTables {
	var t lintTables
	for i := 1; i < len(lintExtra); i++ {
		if lintExtra[i].lo <= lintExtra[i-1].hi {
			fail("lintExtra is not sorted and disjoint at %#04x", lintExtra[i].lo)
		}
	}
	for _, e := range lintExtra {
		for _, r := range section61 {
			if e.lo <= r.hi && r.lo <= e.hi {
				fail("lintExtra range %#04x-%#04x is in section61 already", e.lo, e.hi)
			}
		}
	}
	for base := rune(0); base < 0x110000; base += 1 << lintShift {
		var blk [1 << lintShift]uint8
		for i := range blk {
			if c := base + rune(i); c >= 0x80 && (c < 0xD800 || c > 0xDFFF) {
				blk[i] = propsOf(c, section61)
			}
		}
		var k uint8
		t.blocks, k = internBlock(t.blocks, blk, "lint tables")
		t.index = append(t.index, k)
	}
	return t
}

func genLint(t lintTables) []byte {
	var w bytes.Buffer
	w.WriteString(versionHeader() + "package runeprops\n\nimport \"github.com/irikit/iri/tables\"\n\n")
	fmt.Fprintf(&w, "// UnicodeVersion is the version of Unicode of the tables in the files\n// of this build, the one x/text and x/net select for this Go release.\nconst UnicodeVersion = %q\n\n", unicodeVersion())
	w.WriteString("// Properties of a code point for package lint, bits of LintBlocks.\nconst (\n")
	for i, p := range lintProps {
		fmt.Fprintf(&w, "\t%s = 1 << %d // %s\n", p.name, i, p.doc)
	}
	w.WriteString(")\n\n")
	writeBlocks(&w, "Lint", lintShift, t.index, t.blocks, "the Prop bits of each code point", 32, "%#02x, ")
	fmt.Fprintf(&w, "// LintExtra lists, sorted and disjoint, what package lint reports beyond\n// tables.Section61: fillers that render as nothing, later format characters and\n// more look-alikes of delimiters (gen/lint.go names each).\nvar LintExtra = [%d]tables.Avoid61{\n", len(lintExtra))
	writeAvoidRanges(&w, lintExtra, "tables.")
	return w.Bytes()
}
