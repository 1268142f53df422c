package whatwg

import (
	"slices"
	"strings"
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

// The classes of a byte for encode: what it does with each byte of the
// component it encodes. 0 is a URL unit outside the set, copied as it
// is in runs.
const (
	cEncode  = 1 << iota // an ASCII byte in the set: written as %HH
	cWarn                // an ASCII byte that is no URL unit (nor '%'): invalid-URL-unit
	cPercent             // '%': invalid-URL-unit unless two hex digits follow
	cStop                // ends the component
	cHigh                // a byte above 0x7F: part of a character to encode
)

// A byteClasses holds the class bits of each byte, for one
// percent-encode set and the delimiters that end a component.
type byteClasses [256]uint8

// classesOf returns the classes of set, with the bytes of stop ending
// the component.
func classesOf(set uint16, stop string) *byteClasses {
	var t byteClasses
	for c := range 256 {
		w := tables.WHATWG[c]
		switch {
		case c >= utf8.RuneSelf:
			t[c] = cHigh
		case c == '%':
			t[c] = cPercent
		case w&tables.WURLUnit == 0:
			t[c] = cWarn
		}
		if c < utf8.RuneSelf && w&set != 0 {
			t[c] |= cEncode
		}
		if strings.IndexByte(stop, byte(c)) >= 0 {
			t[c] = cStop
		}
	}
	return &t
}

// The classes of each component the parser encodes: a path segment
// ends at '/', '?' or '#', and in a special URL at '\' too; a query at
// '#'.
var (
	clsSegment        = classesOf(encPath, "/?#")
	clsSpecialSegment = classesOf(encPath, `/?#\`)
	clsQuery          = classesOf(encQuery, "#")
	clsSpecialQuery   = classesOf(encSpecialQuery, "#")
	clsFragment       = classesOf(encFragment, "")
	clsUserinfo       = classesOf(encUserinfo, "")
	clsC0             = classesOf(encC0, "")
)

// appendUnits appends s UTF-8 percent-encoded by cls (each set holds
// every non-ASCII character, and a byte that is no UTF-8 is U+FFFD,
// since the standard reads scalar values), and records invalid-URL-unit
// for what is no URL unit; s is at offset off of the input.
func (p *parser) appendUnits(dst []byte, s string, off int, cls *byteClasses) []byte {
	dst, _ = encode(dst, s, off, cls, p)
	return dst
}

// appendEncoded is appendUnits without the check, for the userinfo,
// where the standard makes none.
func appendEncoded(dst []byte, s string, cls *byteClasses) []byte {
	dst, _ = encode(dst, s, 0, cls, nil)
	return dst
}

// encode appends s percent-encoded by cls up to the first byte that
// ends the component, and returns where that is (len(s) if none does).
// With p, it records invalid-URL-unit at off plus the offset into s.
// The component is scanned once: each character is decoded once, and
// a run of bytes to copy is copied whole.
func encode(dst []byte, s string, off int, cls *byteClasses, p *parser) ([]byte, int) {
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && cls[s[j]] == 0 {
			j++
		}
		if j > i {
			dst = append(dst, s[i:j]...)
			if i = j; i == len(s) {
				break
			}
		}
		c := s[i]
		if k := cls[c]; k < cHigh {
			if k == cStop {
				return dst, i
			}
			// '%' and two hex digits is a URL unit; a delimiter that
			// follows the component is no hex digit.
			if p != nil && k&(cWarn|cPercent) != 0 &&
				(k&cWarn != 0 || i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2])) {
				p.warnAt(InvalidURLUnit, off+i)
			}
			if k&cEncode != 0 {
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
	return dst, len(s)
}

// pctOf is the %HH triplet of each byte.
var pctOf = func() (t [256][3]byte) {
	for c := range 256 {
		t[c] = [3]byte{'%', upperHex[c>>4], upperHex[c&15]}
	}
	return
}()
