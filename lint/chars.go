package lint

import (
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/irikit/iri/internal/runeprops"
	"github.com/irikit/iri/internal/scan"
	"github.com/irikit/iri/tables"
)

// charCheck returns the check that the character r fails wherever it
// is, or 0. afterNothing says that no character it could modify comes
// before it (the component starts, or ASCII or a flagged character
// precedes it); a variation selector is only flagged then.
func charCheck(r rune, afterNothing bool) Check {
	switch {
	case runeprops.IsBidiFormatting(r):
		return CheckBidiControl
	case 0xE0000 <= r && r <= 0xE007F:
		return CheckTagCharacter
	case 0xFE00 <= r && r <= 0xFE0F || 0xE0100 <= r && r <= 0xE01EF || 0x180B <= r && r <= 0x180D || r == 0x180F:
		if afterNothing {
			return CheckVariationSelector
		}
		return 0
	case 0xE000 <= r && r <= 0xF8FF || r >= 0xF0000:
		return CheckPrivateUse
	}
	if c := lookalike(r); c != 0 {
		return c
	}
	switch scan.Avoid61(r) {
	case tables.Avoid61None:
		return 0
	case tables.Avoid61Space:
		if r == 0x200B {
			return CheckInvisible // ZERO WIDTH SPACE
		}
		return CheckSpaceLike
	case tables.Avoid61Control:
		switch r {
		case 0x200C, 0x200D, 0x2060, 0x2061, 0x2062, 0x2063, 0xFEFF, 0x180E:
			return CheckInvisible // zero-width joiners, word joiner, BOM
		}
		return CheckFormatControl
	case tables.Avoid61Invisible:
		return CheckInvisible
	case tables.Avoid61Display:
		return CheckDeprecatedDisplay
	case tables.Avoid61Fullwidth:
		return CheckFullwidth
	case tables.Avoid61Halfwidth:
		return CheckHalfwidth
	case tables.Avoid61Delim:
		return CheckDelimiterLookalike
	case tables.Avoid61Bidi:
		return CheckBidiIsolate
	}
	return CheckFormatControl
}

// lookalike covers what Lint reports beyond the section 6.1 list that
// ToIRI uses: runeprops.Extra.
func lookalike(r rune) Check {
	switch runeprops.Extra(r) {
	case tables.Avoid61None:
		return 0
	case tables.Avoid61Invisible:
		return CheckInvisible
	case tables.Avoid61Space:
		return CheckSpaceLike
	case tables.Avoid61Control:
		return CheckFormatControl
	}
	return CheckDelimiterLookalike
}

// inSequence reports whether r, between before and after, is part of a
// sequence that gives it a visible meaning: a joiner where IDNA's
// CONTEXTJ rules allow it (after a virama; ZWNJ between right-to-left
// joining letters, as Persian writes), ZWJ between pictographs (emoji
// ZWJ sequences), and VS15 or VS16 after a keycap base 0-9, # or *.
func inSequence(before string, r rune, after string) bool {
	prev, pn := utf8.DecodeLastRuneInString(before) // pn is 0 when before is empty
	next, _ := utf8.DecodeRuneInString(after)
	switch r {
	case 0x200C, 0x200D:
		if pn > 0 && norm.NFC.PropertiesString(before[len(before)-pn:]).CCC() == 9 {
			return true // after a virama
		}
		if r == 0x200C {
			return runeprops.Of(prev)&runeprops.PropRTL != 0 && runeprops.Of(next)&runeprops.PropRTL != 0
		}
		// Skip the presentation selector and skin tone of the emoji
		// before.
		for pn > 0 && (prev == 0xFE0F || 0x1F3FB <= prev && prev <= 0x1F3FF) {
			before = before[:len(before)-pn]
			prev, pn = utf8.DecodeLastRuneInString(before)
		}
		return isPictograph(prev) && isPictograph(next)
	case 0xFE0E, 0xFE0F:
		return '0' <= prev && prev <= '9' || prev == '#' || prev == '*'
	}
	return false
}

// isPictograph reports whether r is in the blocks that hold the emoji.
func isPictograph(r rune) bool {
	return 0x1F000 <= r && r <= 0x1FAFF || 0x2300 <= r && r <= 0x23FF || 0x2600 <= r && r <= 0x27BF || 0x2B00 <= r && r <= 0x2BFF
}
