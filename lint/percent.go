package lint

import (
	"strings"
	"unicode/utf8"

	"github.com/irikit/iri/internal/ascii"
	"github.com/irikit/iri/scanner"
)

// percent checks the %HH triplets: the octets they make (overlong or
// not UTF-8), and the delimiters they hide.
func (l *linter) percent() {
	u := &l.u
	s := u.s
	r := &u.r
	var oct [6]byte
	// An opaque path (mailto:, urn:) has no segments for %2F or %2E to
	// break out of.
	opaque := r.Parts&scanner.HasScheme != 0 && r.Parts&scanner.HasAuthority == 0 &&
		(r.PathStart == r.PathEnd || s[r.PathStart] != '/')
	// tagsFrom is where an encoded tag character continues an emoji tag
	// sequence: right after an encoded WAVING BLACK FLAG or a tag of the
	// sequence. Carried forward, so that a run of tags costs one pass.
	tagsFrom := -1
	for i := 0; ; {
		j := strings.IndexByte(s[i:], '%')
		if j < 0 {
			break
		}
		i += j
		if l.settled(i) {
			break // all this loop would find lies at or past i
		}
		c := ascii.UnhexPair(s[i+1], s[i+2])
		comp := l.componentAt(i)
		if c < 0x80 {
			if c < 0x20 || c == 0x7F {
				l.add(CheckEncodedControl, i, 3, comp) // in any component
			}
			if comp != "ipath" || !opaque {
				l.encodedASCII(c, i, comp)
			}
			i += 3
			continue
		}
		n, kind := utf8Run(s, i, &oct)
		switch kind {
		case utf8Overlong:
			l.add(CheckOverlongUTF8, i, 3*n, comp)
		case utf8Invalid:
			l.add(CheckNonUTF8Percent, i, 3*n, comp)
		default:
			// Characters that cannot appear unencoded, but are there
			// once a server decodes the octets.
			r, _ := utf8.DecodeRune(oct[:n])
			if r == tagFlag {
				tagsFrom = i + 3*n
			}
			switch {
			case 0xE0000 <= r && r <= 0xE007F:
				inSeq := i == tagsFrom || strings.HasSuffix(s[:i], string(tagFlag))
				if inSeq && 0xE0020 <= r && r <= 0xE007E {
					tagsFrom = i + 3*n // CANCEL TAG (E007F) ends the sequence
				}
				if !inSeq {
					l.add(CheckTagCharacter, i, 3*n, comp)
				}
			case 0xE0100 <= r && r <= 0xE01EF && !nonASCIIBefore(s, i):
				l.add(CheckVariationSelector, i, 3*n, comp)
			case comp == "ihost" && (r == 0x3002 || r == 0xFF0E || r == 0xFF61):
				// RFC 3490 3.1: a label separator, like %2E, that a
				// resolver or browser splits the host at once decoded.
				l.add(CheckEncodedAuthorityDelimiter, i, 3*n, comp)
			default:
				// Look-alikes (of delimiters, of space, full- and half-width forms) are reported
				// encoded as they are raw: a server that decodes them
				// shows them.
				if c := charCheck(r, false); c == CheckDelimiterLookalike || c == CheckSpaceLike || c == CheckFullwidth || c == CheckHalfwidth {
					l.add(c, i, 3*n, comp)
				}
			}
		}
		i += 3 * n
	}
	// Dot segments hidden by %2E.
	if r.PathStart < r.PathEnd && !opaque {
		p0 := int(r.PathStart)
		forParts(s, p0, int(r.PathEnd), "/", func(a, b int) {
			seg := s[a:b]
			if !l.settled(a) && strings.IndexByte(seg, '%') >= 0 && isDotSegment(seg) {
				l.add(CheckEncodedDotSegment, a, b-a, "ipath")
			}
		})
	}
}

// tagFlag is WAVING BLACK FLAG, which starts an emoji tag sequence such
// as the flag of England; its tag characters (U+E0020-E007E, then CANCEL
// TAG) can only be written percent-encoded in an IRI, as they are not
// ucschar, and are not reported there.
const tagFlag = '\U0001F3F4'

// nonASCIIBefore reports whether the octet before s[i] is non-ASCII,
// raw or percent-encoded: the end of a character a variation selector
// at s[i] can vary.
func nonASCIIBefore(s string, i int) bool {
	switch {
	case i == 0:
		return false
	case s[i-1] >= 0x80:
		return true
	}
	return i >= 3 && s[i-3] == '%' && ascii.UnhexPair(s[i-2], s[i-1]) >= 0x80
}

// isDotSegment reports whether seg is "." or ".." once %2E is decoded.
func isDotSegment(seg string) bool {
	n := 0
	for i := 0; i < len(seg); i++ {
		switch {
		case seg[i] == '.':
		case seg[i] == '%' && i+2 < len(seg) && seg[i+1] == '2' && (seg[i+2] == 'e' || seg[i+2] == 'E'):
			i += 2
		default:
			return false
		}
		n++
	}
	return n == 1 || n == 2
}

// What utf8Run finds.
const (
	utf8OK       = iota
	utf8Overlong // C0, C1, E0 80-9F, F0 80-8F, F8 80-87 or FC 80-83: a shorter form exists
	utf8Invalid  // anything else that is not UTF-8
)

// utf8Run decodes into oct the UTF-8 sequence whose %HH lead is at s[i]
// and returns how many triplets it takes (at least one) and whether it
// is UTF-8. A bad sequence takes its lead and the continuation octets
// that follow it. The five- and six-octet forms of RFC 2279, which lax
// decoders still read, are never UTF-8, and overlong when they hold a
// value a shorter form has (%F8%80%80%80%AF for '/').
func utf8Run(s string, i int, oct *[6]byte) (n, kind int) {
	lead := ascii.UnhexPair(s[i+1], s[i+2])
	want := 0
	switch {
	case lead >= 0xC0 && lead < 0xE0:
		want = 2
	case lead >= 0xE0 && lead < 0xF0:
		want = 3
	case lead >= 0xF0 && lead < 0xF8:
		want = 4
	case lead >= 0xF8 && lead < 0xFC:
		want = 5
	case lead >= 0xF8 && lead < 0xFE:
		want = 6
	default:
		return 1, utf8Invalid
	}
	oct[0] = lead
	n = 1
	for n < want && i+3*n+2 < len(s) && s[i+3*n] == '%' {
		c := ascii.UnhexPair(s[i+3*n+1], s[i+3*n+2])
		if c&0xC0 != 0x80 {
			break
		}
		oct[n] = c
		n++
	}
	switch {
	case n > 1 && (lead == 0xC0 || lead == 0xC1 || lead == 0xE0 && oct[1] < 0xA0 || lead == 0xF0 && oct[1] < 0x90 ||
		lead == 0xF8 && oct[1] < 0x88 || lead == 0xFC && oct[1] < 0x84):
		return n, utf8Overlong
	case n < want || !utf8.Valid(oct[:n]):
		return n, utf8Invalid
	}
	return n, utf8OK
}

// encodedASCII checks a %HH that encodes the ASCII octet c at s[i].
func (l *linter) encodedASCII(c byte, i int, comp string) {
	switch comp {
	case "ipath":
		if c == '/' || c == '\\' {
			l.add(CheckEncodedSlash, i, 3, comp)
		}
	case "ihost":
		switch c {
		case '@', ':', '/', '?', '#', '.':
			l.add(CheckEncodedAuthorityDelimiter, i, 3, comp)
		}
	case "iuserinfo":
		// %40 and %3A are how a user name holds '@' and ':'.
		switch c {
		case '/', '?', '#':
			l.add(CheckEncodedAuthorityDelimiter, i, 3, comp)
		}
	}
}
