// Package labels splits hosts into labels as IDNA and resolvers see them,
// and maps one label with IDNA in time linear in its length.
//
// Most labels are mapped without x/net (fast.go): a label of ASCII
// letters, digits and hyphens and of the code points that idna.Lookup
// maps to themselves and checks without regard to their neighbours (a
// set the generator derives from x/net and x/text, fast*.go) needs only
// the hyphen rules, ASCII lowercasing and Punycode, which this package
// and internal/punycode do without allocating. Every other label goes to
// x/net's idna.Lookup, which stays the reference: the tests and
// FuzzToASCII hold the fast path to it.
//
// RFC 3490 section 3.1 makes U+3002 IDEOGRAPHIC FULL STOP, U+FF0E
// FULLWIDTH FULL STOP and U+FF61 HALFWIDTH IDEOGRAPHIC FULL STOP label
// separators, like '.', and UTS #46 maps all three to '.'. A host is
// split at them, raw or percent-encoded, wherever it is mapped or
// compared, so that "evil\uFF0Ecom" is the two labels a browser sends, not
// one label holding a dot.
package labels

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/irikit/iri/internal/ascii"
	"golang.org/x/net/idna"
)

// MaxLen is the longest DNS label, in octets (RFC 1034 section 3.1).
const MaxLen = 63

// Errors that x/net/idna does not give. Package iri exports them as
// ErrLabelTooLong and ErrMadeDelimiter.
var (
	// ErrTooLong: a label whose A-label exceeds the 63 octets of a DNS
	// label (RFC 1034 section 3.1). One whose IDNA mapping has more than
	// 63 code points is refused before it is Punycode-encoded, whose
	// cost grows with the label's length times its distinct code points.
	ErrTooLong = errors.New("iri: host label longer than 63 octets as an A-label (RFC 1034 section 3.1)")
	// ErrMadeDelimiter: IDNA mapped a label to text holding a delimiter
	// the label did not have ('.', '/', '?', '#', '@', ':', '%', '[' or
	// ']'), which would send a host other than the one that was checked.
	ErrMadeDelimiter = errors.New("iri: IDNA mapped the host label to a delimiter it did not hold")
)

// End returns the end of the label of host that starts at i, and the
// length of the separator there: 1 for '.', 3 for a raw U+3002, U+FF0E or
// U+FF61, 9 for one percent-encoded (in either case of hex), 0 at the end
// of host.
func End(host string, i int) (end, sep int) {
	for j := i; j < len(host); j++ {
		switch host[j] {
		case '.':
			return j, 1
		case 0xE3, 0xEF:
			if isSeparator(host[j], host[j+1:]) {
				return j, 3
			}
		case '%':
			if n := encodedSeparator(host[j:]); n > 0 {
				return j, n
			}
		}
	}
	return len(host), 0
}

// isSeparator reports whether the lead byte c and the bytes after it
// start U+3002 (E3 80 82), U+FF0E (EF BC 8E) or U+FF61 (EF BD A1).
func isSeparator(c byte, rest string) bool {
	if len(rest) < 2 {
		return false
	}
	a, b := rest[0], rest[1]
	if c == 0xE3 {
		return a == 0x80 && b == 0x82
	}
	return c == 0xEF && (a == 0xBC && b == 0x8E || a == 0xBD && b == 0xA1)
}

// encodedSeparator returns 9 when s starts with a percent-encoded U+3002,
// U+FF0E or U+FF61, and 0 otherwise.
func encodedSeparator(s string) int {
	if len(s) < 9 || s[3] != '%' || s[6] != '%' {
		return 0
	}
	var b [3]byte
	for k := range b {
		c, ok := ascii.Octet(s[3*k:])
		if !ok {
			return 0
		}
		b[k] = c
	}
	if isSeparator(b[0], string(b[1:])) {
		return 9
	}
	return 0
}

// HasEncodedNonASCII reports whether s holds a %HH of an octet above 0x7F.
func HasEncodedNonASCII(s string) bool {
	for {
		j := strings.IndexByte(s, '%')
		if j < 0 {
			return false
		}
		if c, ok := ascii.Octet(s[j:]); ok && c >= 0x80 {
			return true
		}
		s = s[j+1:]
	}
}

// ToASCII is idna.Lookup.ToASCII of one label, in time linear in its
// length (see lookupToASCII), refused with ErrTooLong when its A-label
// would be longer than MaxLen octets and with ErrMadeDelimiter when
// the result holds a delimiter. Most labels take the fast path of
// AppendToASCII, which needs no allocation but for the result, and none
// when the result is label itself.
func ToASCII(l string) (string, error) {
	var buf [MaxLen]byte
	a, ok := appendFast(buf[:0], l)
	if !ok {
		a, ok = appendALabel(buf[:0], l)
	}
	if ok {
		if string(a) == l {
			return l, nil
		}
		return string(a), nil
	}
	return lookupToASCII(l)
}

// lookupToASCII is ToASCII through x/net alone: the reference that the
// fast path must agree with, and the slow path for the labels it leaves.
// x/net maps a label in linear time but Punycode-encodes it in time that
// grows with its length times its distinct code points, so the mapped
// label is measured first (ToUnicode maps and validates without
// encoding) and one that no 63-octet A-label can hold is refused with
// ErrTooLong, as is an A-label that turns out longer: a resolver would
// refuse it too, so no host a resolver accepts gets another answer. An ASCII label is its own mapped form. The
// result is also refused, with ErrMadeDelimiter, when it holds a
// delimiter.
func lookupToASCII(l string) (string, error) {
	if ascii.IsASCII(l) {
		if len(l) > MaxLen {
			return "", ErrTooLong
		}
	} else {
		u, err := idna.Lookup.ToUnicode(l)
		if err != nil {
			return "", err
		}
		// An A-label has at least one octet per code point of its U-label.
		if len(u) > MaxLen && utf8.RuneCountInString(u) > MaxLen {
			return "", ErrTooLong
		}
	}
	a, err := idna.Lookup.ToASCII(l)
	if err != nil {
		return "", err
	}
	if len(a) > MaxLen {
		// 63 code points or fewer can still need more octets.
		return "", ErrTooLong
	}
	if err := checkMadeDelimiter(a); err != nil {
		return "", err
	}
	return a, nil
}

// checkMadeDelimiter refuses the A-label of one label when it holds a
// delimiter. Labels are split at every separator before IDNA sees them,
// and x/net's Lookup maps nothing else to one today; this keeps it so if
// a new Unicode version or mapping did.
func checkMadeDelimiter(a string) error {
	if strings.ContainsAny(a, "./?#@:%[]") {
		return ErrMadeDelimiter
	}
	return nil
}

// Decode decodes the %HH of a label, which must give UTF-8 and no
// ASCII that is not a letter, digit or hyphen.
func Decode(l string) (string, bool) {
	b, ok := AppendDecoded(make([]byte, 0, len(l)), l)
	if !ok {
		return "", false
	}
	return string(b), true
}

// AppendDecoded is Decode appending to dst, so that the label can be
// decoded into a buffer on the caller's stack. It appends nothing when
// it reports false.
func AppendDecoded(dst []byte, l string) ([]byte, bool) {
	for i := strings.IndexByte(l, '%'); i >= 0; {
		if c := ascii.UnhexPair(l[i+1], l[i+2]); c < 0x80 && !ascii.IsUnreserved(c) {
			return dst, false
		}
		j := strings.IndexByte(l[i+3:], '%')
		if j < 0 {
			break
		}
		i += 3 + j
	}
	n := len(dst)
	dst = ascii.AppendUnescape(dst, l)
	if !utf8.Valid(dst[n:]) {
		return dst[:n], false
	}
	return dst, true
}

// AppendFolded appends label, valid ireg-name text, with each letter
// in lowercase (Unicode's simple mapping) and in the form it had: raw
// stays raw, and a character percent-encoded as UTF-8 stays encoded, in
// uppercase hex. It is the case folding of a label IDNA refuses, so that
// such hosts compare without regard to case as those IDNA maps do. %HH
// of ASCII, and %HH that do not form a character, stay as they are.
func AppendFolded(dst []byte, label string) []byte {
	for i := 0; i < len(label); {
		c := label[i]
		switch {
		case c == '%':
			var b [utf8.UTFMax]byte
			n, k := 0, i
			for n < len(b) {
				o, ok := ascii.Octet(label[k:])
				if !ok {
					break
				}
				b[n] = o
				n++
				k += 3
				if utf8.FullRune(b[:n]) {
					break
				}
			}
			r, size := utf8.DecodeRune(b[:n])
			if r < utf8.RuneSelf || r == utf8.RuneError && size <= 1 || size != n {
				// ASCII that syntax normalization left encoded is
				// reserved; the rest forms no character.
				dst = append(dst, label[i:i+3]...)
				i += 3
				continue
			}
			var enc [utf8.UTFMax]byte
			for _, o := range utf8.AppendRune(enc[:0], unicode.ToLower(r)) {
				if o < utf8.RuneSelf {
					dst = append(dst, o) // a letter: never a delimiter
				} else {
					dst = ascii.AppendPct(dst, o)
				}
			}
			i = k
		case c < utf8.RuneSelf:
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
			i++
		default:
			r, size := utf8.DecodeRuneInString(label[i:])
			dst = utf8.AppendRune(dst, unicode.ToLower(r))
			i += size
		}
	}
	return dst
}
