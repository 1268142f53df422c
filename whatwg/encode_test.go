package whatwg

import (
	"bytes"
	"encoding/binary"
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
	noSet := classesOf(0, "")
	tails := []byte{'a', 0xC0, 0xE0, 0xF0, 0xFF}
	for b := 0x80; b <= 0xBF; b++ {
		tails = append(tails, byte(b))
	}
	for lead := 0x80; lead <= 0xFF; lead++ {
		for _, t1 := range tails {
			for _, t2 := range append([]byte{}, tails...) {
				for _, s := range []string{string([]byte{byte(lead), t1}), string([]byte{byte(lead), t1, t2}), string([]byte{byte(lead), t1, t2, 'a'})} {
					p.warn, p.nwarn = p.warn[:0], 0
					got, _ := encode(nil, s, 0, noSet, &p)
					want, warned := refEncode(s)
					var offs []int
					for w := p.warn; len(w) > 0; {
						off, n := binary.Uvarint(w[1:])
						offs = append(offs, int(off))
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
