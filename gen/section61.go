package main

import (
	"bytes"
	"fmt"
	"sort"
)

// RFC 3987 section 6.1 asks IRIs to avoid more than section 2.2 forbids:
// characters with strong visual look-alikes (b), naming full-width Latin,
// half-width Katakana and the look-alikes of "space", "delims" and
// "unwise" that RFC 3491 (nameprep) excludes. URI-to-IRI conversion
// (section 3.2 step 4) leaves such characters percent-encoded. This is
// the list the library uses; section 6.1 leaves the exact choice to
// implementations, so each range says where it comes from.
//
// Every range lies inside ucschar; iprivate, the noncharacters and the
// tags of RFC 3454 C.3, C.4 and C.9 are outside it and handled by the
// section 2.2 classes already, and the bidi formatting characters
// (C.8 in part) by section 4.1.

// section61Reasons name why a range is avoided, in the order of the
// generated constants.
var section61Reasons = []struct{ name, doc string }{
	{"Avoid61None", "not in the list"},
	{"Avoid61Space", "non-ASCII space (RFC 3454 C.1.2)"},
	{"Avoid61Control", "non-ASCII control or format character (RFC 3454 C.2.2)"},
	{"Avoid61Invisible", "invisible, mapped to nothing by nameprep (RFC 3454 B.1)"},
	{"Avoid61Display", "changes display or is deprecated (RFC 3454 C.7, C.8)"},
	{"Avoid61Fullwidth", "full-width form of an ASCII character (RFC 3987 6.1 b)"},
	{"Avoid61Halfwidth", "half-width Katakana or CJK punctuation (RFC 3987 6.1 b)"},
	{"Avoid61Delim", "look-alike of a URI delimiter (RFC 3987 6.1 b)"},
	{"Avoid61Bidi", "bidi formatting character added after RFC 3987 (Unicode 6.3), avoided as section 4.1 avoids the older ones"},
}

type avoidRange struct {
	lo, hi rune
	reason string
}

// section61 lists the ranges; where two overlap, the first listed wins.
var section61 = []avoidRange{
	// RFC 3454 C.1.2 non-ASCII space characters.
	{0x00A0, 0x00A0, "Avoid61Space"}, {0x1680, 0x1680, "Avoid61Space"},
	{0x2000, 0x200B, "Avoid61Space"}, {0x202F, 0x202F, "Avoid61Space"},
	{0x205F, 0x205F, "Avoid61Space"}, {0x3000, 0x3000, "Avoid61Space"},
	// RFC 3454 C.2.2 non-ASCII controls inside ucschar (C.6, U+FFF9 to
	// U+FFFD, is outside it).
	{0x06DD, 0x06DD, "Avoid61Control"}, {0x070F, 0x070F, "Avoid61Control"},
	{0x180E, 0x180E, "Avoid61Control"}, {0x200C, 0x200D, "Avoid61Control"},
	{0x2028, 0x2029, "Avoid61Control"}, {0x2060, 0x2063, "Avoid61Control"},
	{0x206A, 0x206F, "Avoid61Control"}, {0xFEFF, 0xFEFF, "Avoid61Control"},
	{0x1D173, 0x1D17A, "Avoid61Control"},
	// RFC 3454 B.1, commonly mapped to nothing.
	{0x00AD, 0x00AD, "Avoid61Invisible"}, {0x034F, 0x034F, "Avoid61Invisible"},
	{0x1806, 0x1806, "Avoid61Invisible"}, {0x180B, 0x180D, "Avoid61Invisible"},
	{0xFE00, 0xFE0F, "Avoid61Invisible"},
	// RFC 3454 C.7 and C.8 (the bidi formatting characters of C.8 are
	// section 4.1's and not repeated here).
	{0x0340, 0x0341, "Avoid61Display"}, {0x2FF0, 0x2FFB, "Avoid61Display"},
	// RFC 3987 6.1 b: full-width ASCII and half-width Katakana.
	{0xFF01, 0xFF5E, "Avoid61Fullwidth"}, {0xFF5F, 0xFF60, "Avoid61Fullwidth"},
	{0xFFE0, 0xFFE6, "Avoid61Fullwidth"},
	{0xFF61, 0xFF9F, "Avoid61Halfwidth"}, {0xFFE8, 0xFFEE, "Avoid61Halfwidth"},
	// RFC 3987 6.1 b: look-alikes of '.', '/', ':', '?', '#', '@' and
	// friends that are not already full-width forms.
	{0x2024, 0x2024, "Avoid61Delim"}, // ONE DOT LEADER
	{0x2044, 0x2044, "Avoid61Delim"}, // FRACTION SLASH
	{0x2215, 0x2215, "Avoid61Delim"}, // DIVISION SLASH
	{0x2236, 0x2236, "Avoid61Delim"}, // RATIO
	{0x29F8, 0x29F8, "Avoid61Delim"}, // BIG SOLIDUS
	{0x3002, 0x3002, "Avoid61Delim"}, // IDEOGRAPHIC FULL STOP, a label separator in IDNA
	{0xA789, 0xA789, "Avoid61Delim"}, // MODIFIER LETTER COLON
	{0xFE10, 0xFE19, "Avoid61Delim"}, // vertical forms of , . : ; ! ?
	{0xFE30, 0xFE4F, "Avoid61Delim"}, // CJK compatibility forms
	{0xFE50, 0xFE6B, "Avoid61Delim"}, // small form variants

	// Unicode 6.3 added bidi formatting characters that section 4.1,
	// written against Unicode 4, could not name; decoding one would
	// reorder the display just as decoding U+202E would.
	{0x061C, 0x061C, "Avoid61Bidi"}, // ARABIC LETTER MARK
	{0x2066, 0x2069, "Avoid61Bidi"}, // LRI, RLI, FSI, PDI
}

// buildSection61 merges the list into sorted, disjoint ranges and checks
// that every range is ucschar.
func buildSection61() []avoidRange {
	reasons := map[string]bool{}
	for _, r := range section61Reasons {
		reasons[r.name] = true
	}
	of := map[rune]string{}
	for _, r := range section61 {
		if !reasons[r.reason] || r.lo > r.hi {
			fail("section 6.1 range %#x-%#x: bad reason or bounds", r.lo, r.hi)
		}
		for c := r.lo; c <= r.hi; c++ {
			if !inRanges(c, ucschar) || inRanges(c, bidiFormatting) {
				fail("section 6.1 range: U+%04X is not an allowed ucschar", c)
			}
			if _, ok := of[c]; !ok {
				of[c] = r.reason
			}
		}
	}
	cps := make([]rune, 0, len(of))
	for c := range of {
		cps = append(cps, c)
	}
	sort.Slice(cps, func(i, j int) bool { return cps[i] < cps[j] })
	var out []avoidRange
	for _, c := range cps {
		if n := len(out); n > 0 && out[n-1].hi == c-1 && out[n-1].reason == of[c] {
			out[n-1].hi = c
			continue
		}
		out = append(out, avoidRange{c, c, of[c]})
	}
	return out
}

func genSection61(rs []avoidRange) []byte {
	var w bytes.Buffer
	w.WriteString(header + "package tables\n\n")
	w.WriteString("// Why RFC 3987 section 6.1 advises against a character; the values of\n// Avoid61.Reason.\nconst (\n")
	for i, r := range section61Reasons {
		fmt.Fprintf(&w, "\t%s = %d // %s\n", r.name, i, r.doc)
	}
	w.WriteString(")\n\n")
	w.WriteString("// Avoid61 is an inclusive range of code points and why it is avoided.\ntype Avoid61 struct {\n\tLo, Hi rune\n\tReason uint8\n}\n\n")
	fmt.Fprintf(&w, "// Section61 lists, sorted and disjoint, the ucschar characters that RFC\n// 3987 section 6.1 advises against and URI-to-IRI conversion (section 3.2\n// step 4) therefore leaves percent-encoded. Section 6.1 leaves the exact\n// list to implementations; gen/section61.go gives each range's source.\n//\n// Size: %d bytes.\nvar Section61 = [%d]Avoid61{\n", 12*len(rs), len(rs))
	writeAvoidRanges(&w, rs, "")
	w.WriteString("\n")
	var blocks [16]uint64
	for _, r := range rs {
		for c := r.lo; c <= r.hi && c < 0x10000; c++ {
			blocks[c>>12] |= 1 << (c >> 6 & 63)
		}
	}
	w.WriteString("// Avoid61Blocks has bit c>>6&63 of word c>>12 set when the 64 code points\n// of the BMP around c hold one of Section61, so that most lookups end\n// without a search.\n//\n// Size: 128 bytes.\nvar Avoid61Blocks = [16]uint64{\n")
	for _, b := range blocks {
		fmt.Fprintf(&w, "\t%#016x,\n", b)
	}
	w.WriteString("}\n\n")
	w.WriteString(`// AvoidIn returns the reason that list, sorted and disjoint, gives the
// code point r, or Avoid61None.
func AvoidIn(list []Avoid61, r rune) uint8 {
	lo, hi := 0, len(list)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		switch a := &list[m]; {
		case r < a.Lo:
			hi = m
		case r > a.Hi:
			lo = m + 1
		default:
			return a.Reason
		}
	}
	return Avoid61None
}
`)
	return w.Bytes()
}

// writeAvoidRanges writes the elements of an Avoid61 array literal and
// its closing brace; qual qualifies the names of the reasons ("tables."
// outside package tables).
func writeAvoidRanges(w *bytes.Buffer, rs []avoidRange, qual string) {
	for _, r := range rs {
		fmt.Fprintf(w, "\t{Lo: %#04x, Hi: %#04x, Reason: %s%s},\n", r.lo, r.hi, qual, r.reason)
	}
	w.WriteString("}\n")
}
