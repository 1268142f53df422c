package lint

import (
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/irikit/iri/internal/ascii"
)

// A reg-name host can be an IPv4 address to the resolver that connects
// and a name to the check that allowed it: "１２７.0.0.1" and "%31%32%37.0.0.1"
// are reg-names to RFC 3986, and 127.0.0.1 once %HH are decoded and IDNA
// maps full-width digits (RFC 3987 3.1 and 5.3.3 normalization does both,
// and so do browsers). hiddenIPv4 reads the host as such a resolver does.

// hiddenIPv4 reports whether the reg-name host s[a:b], its %HH decoded,
// its A-labels read as their U-labels and each character mapped to its
// NFKC form (U+3002 and U+FF61 to '.', as UTS 46 does), is an IPv4
// address in a form ipv4RareForm accepts. It reads the host once, in
// constant memory: leading zeros, which a resolver ignores, are not kept.
func (l *linter) hiddenIPv4(a, b int) bool {
	var red ipv4Reducer
	var lbuf [256]byte
	first := true
	src := l.u.s
	// add feeds the reducer one character of the host as seen.
	add := func(r rune, enc string) {
		switch {
		case r < utf8.RuneSelf:
			red.add(byte(r))
		case r == '\u3002' || r == '\uFF61':
			red.add('.')
		default:
			// Its compatibility decomposition, from the table, without
			// a buffer: where that is all ASCII, NFKC is the same.
			m := norm.NFKC.PropertiesString(enc).Decomposition()
			if len(m) == 0 {
				red.bad = true // maps to itself, not ASCII
			}
			for _, c := range m {
				red.add(c)
			}
		}
	}
	forLabels(src, a, b, func(a, b int) {
		if red.bad {
			return
		}
		if !first {
			red.add('.')
		}
		first = false
		if hasACEPrefix(src[a:b]) {
			// An A-label decodes to at most 63 code points.
			v, ok := l.visibleLabel(lbuf[:0], a, b, false)
			if !ok {
				red.bad = true
				return
			}
			for _, r := range v {
				add(r, string(r))
				if red.bad {
					return
				}
			}
			return
		}
		// Raw characters and %HH, decoded one character at a time, so
		// that a label of megabytes is not copied: the first character
		// no IPv4 address holds ends it.
		var seq [4]byte
		for i := a; i < b && !red.bad; {
			if src[i] != '%' {
				r, n := utf8.DecodeRuneInString(src[i:b])
				add(r, src[i:i+n])
				i += n
				continue
			}
			n := 0
			for n < len(seq) && i+2 < b && src[i] == '%' && isHexDigit(src[i+1]) && isHexDigit(src[i+2]) {
				seq[n] = ascii.UnhexPair(src[i+1], src[i+2])
				n++
				i += 3
				if utf8.FullRune(seq[:n]) {
					break
				}
			}
			if n == 0 {
				red.bad = true // a '%' that is no %HH: no IPv4 address
				return
			}
			r, size := utf8.DecodeRune(seq[:n])
			if r == utf8.RuneError || size != n {
				red.bad = true
				return
			}
			add(r, string(seq[:n]))
		}
	})
	return !red.bad && red.n > 0 && ipv4RareForm(string(red.out[:red.n]))
}

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f'
}

// ipv4Reducer gathers a host's ASCII form, keeping of each dot-separated
// part its "0x" or "0" prefix and at most two leading zeros, which keeps
// its value and its base for ipv4RareForm, in a fixed buffer: an
// address needs at most four parts of 2+2+11 characters.
type ipv4Reducer struct {
	out     [80]byte
	n       int
	written int  // bytes of the current part in out
	zeros   int  // leading zeros kept of the current part's digits
	nonzero bool // a digit other than a leading zero was seen in the part
	bad     bool // not an IPv4 address: a byte no form has, or too long
}

func (r *ipv4Reducer) add(c byte) {
	switch {
	case r.bad:
		return
	case c == '.':
		r.put(c)
		r.written, r.zeros, r.nonzero = 0, 0, false
		return
	case !('0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'):
		r.bad = true
		return
	case r.written == 1 && r.out[r.n-1] == '0' && (c == 'x' || c == 'X'):
		r.zeros = 0 // "0x": the digits start after it
	case c == '0' && !r.nonzero:
		if r.zeros >= 2 {
			return // a leading zero changes neither value nor base
		}
		r.zeros++
	default:
		r.nonzero = true
	}
	r.put(c)
	r.written++
}

func (r *ipv4Reducer) put(c byte) {
	if r.n == len(r.out) {
		r.bad = true
		return
	}
	r.out[r.n] = c
	r.n++
}
