package whatwg

import (
	"slices"
	"unicode/utf8"

	"github.com/irikit/iri/tables"
)

const upperHex = "0123456789ABCDEF"

// maxWarnings bounds the validation errors a URL keeps: a hostile input
// can have one a byte.
const maxWarnings = 256

// checkUnits records invalid-URL-unit for each code point of s that is
// no URL code point and no '%', and each '%' not followed by two hex
// digits; s is at offset off of the input.
func (p *parser) checkUnits(s string, off int) {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case tables.WHATWG[c]&tables.WURLUnit != 0:
			case c == '%':
				if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
					p.warnAt(InvalidURLUnit, off+i)
				}
			default:
				p.warnAt(InvalidURLUnit, off+i)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if !isURLCodePoint(r) {
			p.warnAt(InvalidURLUnit, off+i)
		}
		i += n
	}
}

// isURLCodePoint reports whether the non-ASCII r is a URL code point:
// U+00A0 to U+10FFFD but the surrogates and noncharacters. A byte that is
// no UTF-8 reads as U+FFFD, which is one.
func isURLCodePoint(r rune) bool {
	switch {
	case r < 0xA0 || r > 0x10FFFD:
		return false
	case 0xFDD0 <= r && r <= 0xFDEF:
		return false
	case r&0xFFFE == 0xFFFE:
		return false
	}
	return true
}

// appendUnits appends s UTF-8 percent-encoded with the percent-encode
// set whose bit of tables.WHATWG is set (each set holds every non-ASCII
// character, and a byte that is no UTF-8 is U+FFFD, since the standard
// reads scalar values), and records invalid-URL-unit for what is no URL
// unit; s is at offset off of the input. Each character is decoded once.
func (p *parser) appendUnits(dst []byte, s string, off int, set uint16) []byte {
	return encode(dst, s, off, set, p)
}

// appendEncoded is appendUnits without the check, for the userinfo,
// where the standard makes none.
func appendEncoded(dst []byte, s string, set uint16) []byte {
	return encode(dst, s, 0, set, nil)
}

func encode(dst []byte, s string, off int, set uint16, p *parser) []byte {
	for i := 0; i < len(s); {
		// A run of URL units outside the set is copied as it is.
		j := i
		for j < len(s) && tables.WHATWG[s[j]]&(tables.WURLUnit|set) == tables.WURLUnit {
			j++
		}
		if j > i {
			dst = append(dst, s[i:j]...)
			if i = j; i == len(s) {
				break
			}
		}
		c := s[i]
		if c < utf8.RuneSelf {
			t := tables.WHATWG[c]
			if t&tables.WURLUnit == 0 && p != nil {
				if c != '%' || i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
					p.warnAt(InvalidURLUnit, off+i)
				}
			}
			if t&set != 0 {
				dst = append(dst, '%', upperHex[c>>4], upperHex[c&15])
			} else {
				dst = append(dst, c)
			}
			i++
			continue
		}
		// Two- and three-byte characters, most of those beyond ASCII,
		// without the general decoder.
		if 0xC2 <= c && c <= 0xDF && i+1 < len(s) && s[i+1]&0xC0 == 0x80 {
			if p != nil && c == 0xC2 && s[i+1] < 0xA0 {
				p.warnAt(InvalidURLUnit, off+i) // a C1 control
			}
			dst = append(append(dst, pctOf[c][:]...), pctOf[s[i+1]][:]...)
			i += 2
			continue
		}
		if 0xE0 <= c && c <= 0xEF && i+2 < len(s) && s[i+1]&0xC0 == 0x80 && s[i+2]&0xC0 == 0x80 &&
			(c != 0xE0 || s[i+1] >= 0xA0) && (c != 0xED || s[i+1] < 0xA0) {
			if p != nil && !isURLCodePoint(rune(c&0x0F)<<12|rune(s[i+1]&0x3F)<<6|rune(s[i+2]&0x3F)) {
				p.warnAt(InvalidURLUnit, off+i)
			}
			dst = append(append(append(dst, pctOf[c][:]...), pctOf[s[i+1]][:]...), pctOf[s[i+2]][:]...)
			i += 3
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			dst = append(dst, "%EF%BF%BD"...)
			i++
			continue
		}
		if p != nil && !isURLCodePoint(r) {
			p.warnAt(InvalidURLUnit, off+i)
		}
		dst = slices.Grow(dst, 3*n)
		for k := i; k < i+n; k++ {
			dst = append(dst, pctOf[s[k]][:]...)
		}
		i += n
	}
	return dst
}

// pctOf is the %HH triplet of each byte.
var pctOf = func() (t [256][3]byte) {
	for c := range 256 {
		t[c] = [3]byte{'%', upperHex[c>>4], upperHex[c&15]}
	}
	return
}()
