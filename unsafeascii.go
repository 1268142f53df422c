package iri

import (
	"strings"

	"github.com/irikit/iri/internal/ascii"
)

// unsafeASCII is the set EncodeUnsafeASCII encodes: the printable ASCII
// characters, space included, that RFC 3986 allows in no component.
const unsafeASCII = " \"<>\\^`{|}"

func hasUnsafeASCII(s string) bool { return strings.ContainsAny(s, unsafeASCII) }

// appendURIUnsafe percent-encodes the unsafe ASCII characters of s and
// maps the result. An error's offset is moved back onto s.
func (p Parser) appendURIUnsafe(dst []byte, s string) ([]byte, error) {
	b := make([]byte, 0, len(s)+16)
	for i := 0; i < len(s); i++ {
		if c := s[i]; strings.IndexByte(unsafeASCII, c) >= 0 {
			b = ascii.AppendPct(b, c)
		} else {
			b = append(b, c)
		}
	}
	q := p
	q.EncodeUnsafeASCII = false
	out, err := q.AppendURI(dst, string(b))
	if e, ok := err.(*Error); ok {
		// Each encoded byte before the offset took three bytes.
		off, i := e.Offset, 0
		for j := 0; j < len(s) && i < e.Offset; j++ {
			if strings.IndexByte(unsafeASCII, s[j]) >= 0 {
				off -= 2
				i += 3
			} else {
				i++
			}
		}
		e.Input, e.Offset = s, off
	}
	return out, err
}
