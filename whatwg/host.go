package whatwg

import (
	"strings"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/net/idna"

	"github.com/irikit/iri/tables"
)

// The host parser (URL Standard 3.5) and serializer (3.6), writing the
// serialized host to p.b.

// The two readings of UTS 46 the domain parser asks for (3.3): the one
// that decides (beStrict false) and the strict one whose failure is only
// the domain-to-ASCII validation error.
var (
	uts46 = idna.New(idna.MapForLookup(), idna.BidiRule(), idna.CheckJoiners(true),
		idna.CheckHyphens(false), idna.StrictDomainName(false), idna.VerifyDNSLength(false), idna.Transitional(false))
	uts46Strict = idna.New(idna.MapForLookup(), idna.BidiRule(), idna.CheckJoiners(true),
		idna.CheckHyphens(true), idna.StrictDomainName(true), idna.VerifyDNSLength(true), idna.Transitional(false))
)

// uts46RefusesRootDot: x/net/idna's UTS 46 is for Unicode 16 or later.
var uts46RefusesRootDot = idna.UnicodeVersion >= "16"

// host parses in, the host of the input at offset off, and appends its
// serialization; isOpaque is true for a URL that is not special. It
// reports false, with the failure recorded, when in is no host.
func (p *parser) host(in string, off int, isOpaque bool) (HostKind, bool) {
	if in != "" && in[0] == '[' {
		if in[len(in)-1] != ']' {
			return 0, p.fail(IPv6Unclosed, off)
		}
		var a [8]uint16
		if !p.ipv6(in[1:len(in)-1], off+1, &a) {
			return 0, false
		}
		p.b = append(p.b, '[')
		p.b = appendIPv6(p.b, &a)
		p.b = append(p.b, ']')
		return HostIPv6, true
	}
	if isOpaque {
		return p.opaqueHost(in, off)
	}
	// The fast path: a lowercase ASCII domain of letters, digits, '-' and
	// '.', not ending in a number, is its own serialization.
	plain := true
	for i := 0; i < len(in); i++ {
		if c := in[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '.') {
			plain = false
			break
		}
	}
	if plain && in != "" && !endsInNumber(in) {
		if !strictASCIIDomain(in) {
			p.warnAt(DomainToASCII, off)
		}
		p.b = append(p.b, in...)
		return HostDomain, true
	}
	return p.domainHost(in, off)
}

// domainHost is the host parser's steps 4 to 9 for a special URL: the
// host percent-decoded, mapped by the domain parser, and read as an
// IPv4 address when it ends in a number.
func (p *parser) domainHost(in string, off int) (HostKind, bool) {
	domain := in
	if strings.IndexByte(in, '%') >= 0 {
		if hasPercentByte(in) {
			p.warnAt(DomainPercentEncoded, off)
		}
		p.tmp = appendPercentDecoded(p.tmp[:0], in)
		domain = view(p.tmp)
	}
	start := len(p.b)
	if isASCII(domain) {
		for i := 0; i < len(domain); i++ {
			c := domain[i]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			p.b = append(p.b, c)
		}
		if !strictASCIIDomain(view(p.b[start:])) {
			p.warnAt(DomainToASCII, off)
		}
	} else {
		if !utf8.ValidString(domain) {
			// UTF-8 decode without BOM gives U+FFFD, which UTS 46
			// disallows.
			return 0, p.fail(DomainToASCII, off)
		}
		if !boundedLabels(domain) {
			return 0, p.fail(DomainToASCII, off)
		}
		r := toASCII(domain)
		if !r.ok {
			return 0, p.fail(DomainToASCII, off)
		}
		if !r.strict {
			p.warnAt(DomainToASCII, off)
		}
		p.b = append(p.b, r.ascii...)
	}
	d := p.b[start:]
	if len(d) == 0 {
		return 0, p.fail(DomainToASCII, off)
	}
	for _, c := range d {
		if tables.WHATWG[c]&tables.WForbiddenDomain != 0 {
			return 0, p.fail(DomainToASCII, off)
		}
	}
	if endsInNumber(view(d)) {
		v, ok := p.ipv4(view(d), off)
		if !ok {
			return 0, false
		}
		p.b = appendIPv4(p.b[:start], v)
		return HostIPv4, true
	}
	return HostDomain, true
}

// opaqueHost is the opaque-host parser.
func (p *parser) opaqueHost(in string, off int) (HostKind, bool) {
	for i := 0; i < len(in); i++ {
		if tables.WHATWG[in[i]]&tables.WForbiddenHost != 0 {
			return 0, p.fail(HostInvalidCodePoint, off+i)
		}
	}
	p.b = p.appendUnits(p.b, in, off, clsC0)
	if in == "" {
		return HostEmpty, true
	}
	return HostOpaque, true
}

// maxIDNLabel bounds, in code points, a host label that goes through
// Punycode: a label with non-ASCII characters, or an A-label. x/net's
// Punycode takes time quadratic in a label's length (times its distinct
// code points), and a label longer than a whole DNS name (255 octets,
// RFC 1034 3.1) cannot be resolved. The standard sets no bound; this is
// the package's one departure from it, for input no resolver can use,
// so that a host of megabytes costs time linear in its length.
const maxIDNLabel = 255

// boundedLabels reports whether every label of the non-ASCII domain d
// that goes through Punycode is at most maxIDNLabel code points long.
// Labels end at '.' and at U+3002, U+FF0E and U+FF61, which UTS 46 maps
// to it; its other mappings only split labels further.
func boundedLabels(d string) bool {
	n, ascii, start := 0, true, 0
	for i, r := range d {
		if r == '.' || r == '\u3002' || r == '\uFF0E' || r == '\uFF61' {
			if n > maxIDNLabel && (!ascii || hasACEPrefix(d[start:i])) {
				return false
			}
			n, ascii, start = 0, true, i+utf8.RuneLen(r)
			continue
		}
		n++
		ascii = ascii && r < utf8.RuneSelf
	}
	return n <= maxIDNLabel || ascii && !hasACEPrefix(d[start:])
}

// hasACEPrefix reports whether label starts with "xn--", in any case.
func hasACEPrefix(label string) bool {
	return len(label) >= 4 && label[0]|0x20 == 'x' && label[1]|0x20 == 'n' && label[2] == '-' && label[3] == '-'
}

// strictASCIIDomain reports whether Unicode ToASCII with the strict
// flags (CheckHyphens, UseSTD3ASCIIRules, VerifyDnsLength) accepts the
// lowercase ASCII domain d, as the domain parser's first step asks.
func strictASCIIDomain(d string) bool {
	n := len(d)
	if n > 0 && d[n-1] == '.' {
		// UTS 46 for Unicode 16 and later refuses the root label's dot
		// where it verifies DNS lengths; that for 15 took it. The
		// version is x/net/idna's, as for non-ASCII domains.
		if uts46RefusesRootDot {
			return false
		}
		n--
	}
	if n == 0 || n > 253 {
		return false
	}
	start := 0
	for k := 0; k <= n; k++ {
		if k < n {
			c := d[k]
			if 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' {
				continue
			}
			if c != '.' {
				return false
			}
		}
		// A label ends at d[k].
		l := k - start
		if l == 0 || l > 63 || d[start] == '-' || d[k-1] == '-' {
			return false
		}
		if l >= 4 && d[start+2] == '-' && d[start+3] == '-' {
			// An A-label: UTS 46 decodes it and checks what it holds.
			if d[start] != 'x' || d[start+1] != 'n' || !strictALabel(d[start:k]) {
				return false
			}
		}
		start = k + 1
	}
	return true
}

// endsInNumber is the standard's ends-in-a-number checker.
func endsInNumber(d string) bool {
	if d != "" && d[len(d)-1] == '.' {
		d = d[:len(d)-1]
	}
	last := d[strings.LastIndexByte(d, '.')+1:]
	if last == "" {
		return false
	}
	digits := true
	for i := 0; i < len(last); i++ {
		if c := last[i]; c < '0' || c > '9' {
			digits = false
			break
		}
	}
	if digits {
		return true
	}
	if len(last) >= 2 && last[0] == '0' && (last[1] == 'x' || last[1] == 'X') {
		for i := 2; i < len(last); i++ {
			if !isHex(last[i]) {
				return false
			}
		}
		return true
	}
	return false
}

// ipv4 is the IPv4 parser, on the ASCII domain d.
func (p *parser) ipv4(d string, off int) (uint32, bool) {
	if d[len(d)-1] == '.' {
		p.warnAt(IPv4EmptyPart, off)
		if len(d) > 1 {
			d = d[:len(d)-1]
		}
	}
	parts := strings.Count(d, ".") + 1
	if parts < 4 {
		p.warnAt(IPv4TooFewParts, off)
	}
	if parts > 4 {
		return 0, p.fail(IPv4TooManyParts, off)
	}
	var nums [4]uint64
	for i := range parts {
		part := d
		if j := strings.IndexByte(d, '.'); j >= 0 {
			part, d = d[:j], d[j+1:]
		}
		v, nonDecimal, ok := ipv4Number(part)
		if !ok {
			return 0, p.fail(IPv4NonNumericPart, off)
		}
		if nonDecimal {
			p.warnAt(IPv4NonDecimalPart, off)
		}
		nums[i] = v
	}
	for i := range parts {
		if nums[i] > 255 {
			p.warnAt(IPv4OutOfRangePart, off)
			break
		}
	}
	for i := range parts - 1 {
		if nums[i] > 255 {
			return 0, p.fail(IPv4OutOfRangePart, off)
		}
	}
	if nums[parts-1] >= 1<<(8*(5-parts)) {
		return 0, p.fail(IPv4OutOfRangePart, off)
	}
	v := nums[parts-1]
	for i := range parts - 1 {
		v += nums[i] << (8 * (3 - i))
	}
	return uint32(v), true
}

// ipv4Number is the IPv4 number parser: the value (capped past 2^32, so
// that it cannot wrap), whether it was hex or octal, and false for no
// number.
func ipv4Number(s string) (v uint64, nonDecimal, ok bool) {
	if s == "" {
		return 0, false, false
	}
	base := uint64(10)
	switch {
	case len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'):
		s, base, nonDecimal = s[2:], 16, true
	case len(s) >= 2 && s[0] == '0':
		s, base, nonDecimal = s[1:], 8, true
	}
	for i := 0; i < len(s); i++ {
		d := uint64(hexValue(s[i]))
		if !isHex(s[i]) || d >= base {
			return 0, false, false
		}
		if v = v*base + d; v > 1<<33 {
			v = 1 << 33 // beyond any part; more digits cannot bring it back
		}
	}
	return v, nonDecimal, true
}

// appendIPv4 is the IPv4 serializer.
func appendIPv4(b []byte, v uint32) []byte {
	for i := 3; i >= 0; i-- {
		b = appendUint(b, uint64(v>>(8*i)&0xFF))
		if i > 0 {
			b = append(b, '.')
		}
	}
	return b
}

func appendUint(b []byte, v uint64) []byte {
	var d [20]byte
	i := len(d)
	for {
		i--
		d[i] = byte('0' + v%10)
		if v /= 10; v == 0 {
			break
		}
	}
	return append(b, d[i:]...)
}

// ipv6 is the IPv6 parser: in is the address without its brackets, at
// offset off of the input.
func (p *parser) ipv6(in string, off int, a *[8]uint16) bool {
	piece, compress := 0, -1
	i := 0
	c := func() int {
		if i < len(in) {
			return int(in[i])
		}
		return -1
	}
	if c() == ':' {
		if i+1 >= len(in) || in[i+1] != ':' {
			return p.fail(IPv6InvalidCompression, off+i)
		}
		i += 2
		piece++
		compress = piece
	}
	for c() != -1 {
		if piece == 8 {
			return p.fail(IPv6TooManyPieces, off+i)
		}
		if c() == ':' {
			if compress >= 0 {
				return p.fail(IPv6MultipleCompression, off+i)
			}
			i++
			piece++
			compress = piece
			continue
		}
		value, length := 0, 0
		for length < 4 && i < len(in) && isHex(in[i]) {
			value = value*16 + int(hexValue(in[i]))
			i++
			length++
		}
		if c() == '.' {
			if length == 0 {
				return p.fail(IPv4InIPv6InvalidCodePoint, off+i)
			}
			i -= length
			if piece > 6 {
				return p.fail(IPv4InIPv6TooManyPieces, off+i)
			}
			seen := 0
			for c() != -1 {
				v := -1
				if seen > 0 {
					if c() == '.' && seen < 4 {
						i++
					} else {
						return p.fail(IPv4InIPv6InvalidCodePoint, off+i)
					}
				}
				if c() < '0' || c() > '9' {
					return p.fail(IPv4InIPv6InvalidCodePoint, off+i)
				}
				for c() >= '0' && c() <= '9' {
					n := c() - '0'
					switch {
					case v < 0:
						v = n
					case v == 0:
						return p.fail(IPv4InIPv6InvalidCodePoint, off+i)
					default:
						v = v*10 + n
					}
					if v > 255 {
						return p.fail(IPv4InIPv6OutOfRangePart, off+i)
					}
					i++
				}
				a[piece] = a[piece]<<8 | uint16(v)
				seen++
				if seen == 2 || seen == 4 {
					piece++
				}
			}
			if seen != 4 {
				return p.fail(IPv4InIPv6TooFewParts, off+i)
			}
			break
		}
		if c() == ':' {
			i++
			if c() == -1 {
				return p.fail(IPv6InvalidCodePoint, off+i)
			}
		} else if c() != -1 {
			return p.fail(IPv6InvalidCodePoint, off+i)
		}
		if length > 1 && value < 1<<(4*(length-1)) {
			p.warnAt(IPv6PieceLeadingZero, off+i-length)
		}
		a[piece] = uint16(value)
		piece++
	}
	if compress >= 0 {
		swaps := piece - compress
		piece = 7
		for piece != 0 && swaps > 0 {
			a[piece], a[compress+swaps-1] = a[compress+swaps-1], a[piece]
			piece--
			swaps--
		}
	} else if piece != 8 {
		return p.fail(IPv6TooFewPieces, off+i)
	}
	return true
}

// appendIPv6 is the IPv6 serializer, without the brackets.
func appendIPv6(b []byte, a *[8]uint16) []byte {
	// The first longest run of two or more zero pieces is compressed.
	compress, longest := -1, 1
	for i := 0; i < 8; {
		if a[i] != 0 {
			i++
			continue
		}
		j := i
		for j < 8 && a[j] == 0 {
			j++
		}
		if j-i > longest {
			compress, longest = i, j-i
		}
		i = j
	}
	for i := 0; i < 8; i++ {
		if i == compress {
			if i == 0 {
				b = append(b, "::"...)
			} else {
				b = append(b, ':')
			}
			i += longest - 1
			continue
		}
		b = appendHex16(b, a[i])
		if i != 7 {
			b = append(b, ':')
		}
	}
	return b
}

func appendHex16(b []byte, v uint16) []byte {
	const digits = "0123456789abcdef"
	started := false
	for s := 12; s >= 0; s -= 4 {
		d := v >> s & 0xF
		if d != 0 || started || s == 0 {
			b = append(b, digits[d])
			started = true
		}
	}
	return b
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f'
}

func hexValue(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c|0x20 && c|0x20 <= 'f':
		return c | 0x20 - 'a' + 10
	}
	return 16
}

// view is b as a string, without a copy, for a call that reads it while
// b does not change.
func view(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// hasPercentByte reports whether s holds a percent-encoded byte.
func hasPercentByte(s string) bool {
	for i := strings.IndexByte(s, '%'); i >= 0 && i+2 < len(s); {
		if isHex(s[i+1]) && isHex(s[i+2]) {
			return true
		}
		j := strings.IndexByte(s[i+1:], '%')
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// appendPercentDecoded appends the standard's percent-decoding of s.
func appendPercentDecoded(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b = append(b, hexValue(s[i+1])<<4|hexValue(s[i+2]))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return b
}
