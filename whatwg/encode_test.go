package whatwg

import (
	"bytes"
	"testing"
	"unicode/utf8"
)

// refEncode is encode by the general UTF-8 decoder alone: what its
// shortcuts for two- and three-byte characters must give.
func refEncode(s string) (out []byte, warned []int) {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			out = append(out, c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			out = append(out, "%EF%BF%BD"...)
			i++
			continue
		}
		if !isURLCodePoint(r) {
			warned = append(warned, i)
		}
		for k := i; k < i+n; k++ {
			out = append(out, pctOf[s[k]][:]...)
		}
		i += n
	}
	return out, warned
}

// Every sequence of a byte of 0x80 or more and up to two more bytes
// (continuation bytes, lead bytes, or an ASCII letter), alone and before
// an 'a', encodes as the general decoder reads it, with the same
// invalid-URL-unit warnings.
func TestEncodeShortcuts(t *testing.T) {
	var p parser
	tails := []byte{'a', 0xC0, 0xE0, 0xF0, 0xFF}
	for b := 0x80; b <= 0xBF; b++ {
		tails = append(tails, byte(b))
	}
	for lead := 0x80; lead <= 0xFF; lead++ {
		for _, t1 := range tails {
			for _, t2 := range append([]byte{}, tails...) {
				for _, s := range []string{string([]byte{byte(lead), t1}), string([]byte{byte(lead), t1, t2}), string([]byte{byte(lead), t1, t2, 'a'})} {
					p.warn, p.nwarn = p.warn[:0], 0
					got := encode(nil, s, 0, 0, &p)
					want, warned := refEncode(s)
					var offs []int
					for w := p.warn; len(w) > 0; {
						off, n := uvarintTest(w[1:])
						offs = append(offs, off)
						w = w[1+n:]
					}
					if !bytes.Equal(got, want) || len(offs) != len(warned) {
						t.Fatalf("% x: %q warnings %v, want %q %v", s, got, offs, want, warned)
					}
					for k := range offs {
						if offs[k] != warned[k] {
							t.Fatalf("% x: warnings %v, want %v", s, offs, warned)
						}
					}
				}
			}
		}
	}
}

func uvarintTest(b []byte) (int, int) {
	v, s := 0, 0
	for i, c := range b {
		v |= int(c&0x7F) << s
		if c < 0x80 {
			return v, i + 1
		}
		s += 7
	}
	return v, len(b)
}

// Random runs of characters beyond ASCII, valid or not, with and without
// C1 controls and noncharacters, encode as the general decoder reads
// them.
func TestEncodeRuns(t *testing.T) {
	var p parser
	pieces := []string{"é", "日本", "ä", "\u0085", "\uFDD0", "\uFFFE", "\U0001FFFF", "\U0001F600", "\xff", "\xe3\x81", "\xed\xa0\x80", "\u0fff", "\uffef", "א"}
	rnd := uint64(7)
	for range 20000 {
		var b []byte
		for range 1 + int(rnd%6) {
			rnd ^= rnd << 13
			rnd ^= rnd >> 7
			rnd ^= rnd << 17
			b = append(b, pieces[rnd%uint64(len(pieces))]...)
		}
		s := string(b)
		p.warn, p.nwarn = p.warn[:0], 0
		got := encode(nil, s, 0, 0, &p)
		want, warned := refEncode(s)
		n := 0
		for w := p.warn; len(w) > 0; n++ {
			_, k := uvarintTest(w[1:])
			w = w[1+k:]
		}
		if !bytes.Equal(got, want) || n != len(warned) {
			t.Fatalf("% x: %q (%d warnings), want %q %v", s, got, n, want, warned)
		}
	}
}
