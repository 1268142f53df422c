package generate

import (
	"testing"
	"unicode/utf8"

	"github.com/irikit/iri/scanner"
)

// The code point lists here are the RFC's, as package tables has them:
// each edge of each list is checked against the scanner.
func TestCharsMatchTables(t *testing.T) {
	code := func(r rune, inQuery bool) scanner.Code {
		s := "a:/" + string(r)
		if inQuery {
			s = "a:?" + string(r)
		}
		return scanner.Scan(s, scanner.IRI, 0).Code
	}
	in := func(r rune) bool {
		return inSpans(r, ucscharSpans[:]) || inSpans(r, iprivateSpans[:])
	}
	for _, s := range ucscharSpans {
		for _, r := range []rune{s.lo, s.hi} {
			if c := code(r, false); c != scanner.CodeOK {
				t.Errorf("ucschar %U: %v", r, c)
			}
		}
		for _, r := range []rune{s.lo - 1, s.hi + 1} {
			if utf8.ValidRune(r) && r >= 0x80 && !in(r) && code(r, true) != scanner.CodeCodePoint {
				t.Errorf("%U, next to ucschar: %v", r, code(r, true))
			}
		}
	}
	for _, s := range iprivateSpans {
		for _, r := range []rune{s.lo, s.hi} {
			if code(r, true) != scanner.CodeOK || code(r, false) != scanner.CodePrivate {
				t.Errorf("iprivate %U: %v in the query, %v in the path", r, code(r, true), code(r, false))
			}
		}
	}
	for _, s := range notUcscharSpans {
		for _, r := range []rune{s.lo, s.hi} {
			if c := code(r, true); c != scanner.CodeCodePoint {
				t.Errorf("%U, outside ucschar: %v", r, c)
			}
		}
	}
	for _, r := range bidiFormatting {
		if c := code(r, false); c != scanner.CodeBidi {
			t.Errorf("bidi %U: %v", r, c)
		}
	}
	for _, spans := range [][]span{latinSpans, cjkSpans, rtlSpans, mixedSpans} {
		for _, s := range spans {
			if code(s.lo, false) != scanner.CodeOK || code(s.hi, false) != scanner.CodeOK {
				t.Errorf("script span %U-%U is not all ucschar", s.lo, s.hi)
			}
		}
	}
}
