package interop

import (
	"errors"
	"net/netip"
	"strings"

	"github.com/irikit/iri"
	"github.com/irikit/iri/internal/ascii"
)

// compare fills Differs and Refused.
func (rep *Report) compare() {
	first := -1
	for r := range numReaders {
		rd := &rep.readings[r]
		if !rd.OK() {
			rep.Refused |= 1 << r
			continue
		}
		if first < 0 {
			first = int(r)
			continue
		}
		for c := range numComponents {
			if !Equal(c, &rep.readings[first], rd) {
				rep.Differs |= 1 << c
			}
		}
	}
	if first < 0 {
		rep.Refused = 0 // no reader accepts: none refuses what another accepts
	}
}

// Equal reports whether readings a and b agree on component c, in the
// form in which Read compares them: an absent component is an empty
// one; schemes and hosts compare ASCII case-insensitively, hosts without
// IP-literal brackets, IP addresses by value, and a host's byte beyond
// ASCII equal to its %HH (but an ASCII %HH apart from its character); a port equal to the
// scheme's default (iri.DefaultPort) is no port, and "080" is 80;
// a userinfo compares as a username and a password (split at its first
// ':'), each with every %HH decoded, an empty password equal to none; path, query and fragment compare with %HH read in either
// case, with a byte the readers percent-encode (a control, a space, a
// byte beyond ASCII, and " # < > [ \ ] ^ ` { | }) equal to its %HH, and with
// %HH of a letter, a digit or one of - _ ~ ! ' ( ) * equal to that
// character (RFC 2396's unreserved set but '.', which makes dot
// segments; the readers encode some of them differently, to the same
// meaning); and a special URL's empty path is "/".
func Equal(c Component, a, b *Reading) bool {
	x, _ := a.Get(c)
	y, _ := b.Get(c)
	// Equal bytes are equal in every form, where the form does not
	// depend on the scheme (a port's default, a special URL's path).
	if x == y && (c != ComponentPort && c != ComponentPath || asciiEqualFold(a.Scheme, b.Scheme)) {
		return true
	}
	switch c {
	case ComponentScheme:
		return asciiEqualFold(x, y)
	case ComponentHost:
		return equalHost(x, y)
	case ComponentPort:
		return portValue(x, a.Scheme) == portValue(y, b.Scheme)
	case ComponentUserinfo:
		xu, xp, _ := strings.Cut(x, ":")
		yu, yp, _ := strings.Cut(y, ":")
		return equalUnits(xu, yu, decodedAt) && equalUnits(xp, yp, decodedAt)
	case ComponentPath:
		return equalUnits(pathOf(x, a), pathOf(y, b), unitAt)
	}
	return equalUnits(x, y, unitAt)
}

// pathOf is the path of rd as Equal compares it.
func pathOf(p string, rd *Reading) string {
	if p == "" && isSpecial(rd.Scheme) {
		return "/"
	}
	return p
}

// isSpecial reports whether scheme is one of the WHATWG URL Standard's
// special schemes.
func isSpecial(scheme string) bool {
	switch len(scheme) {
	case 2:
		return asciiEqualFold(scheme, "ws")
	case 3:
		return asciiEqualFold(scheme, "wss") || asciiEqualFold(scheme, "ftp")
	case 4:
		return asciiEqualFold(scheme, "http") || asciiEqualFold(scheme, "file")
	case 5:
		return asciiEqualFold(scheme, "https")
	}
	return false
}

// asciiEqualFold reports whether a and b are equal under ASCII case
// folding (and nothing more: a host's non-ASCII letters are not folded).
func asciiEqualFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if lower(a[i]) != lower(b[i]) {
			return false
		}
	}
	return true
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// equalHost compares two hosts: IP addresses by value, names ASCII
// case-insensitively.
func equalHost(x, y string) bool {
	x, y = unbracket(x), unbracket(y)
	ax, errx := parseIP(x)
	ay, erry := parseIP(y)
	if errx == nil && erry == nil {
		return ax == ay
	}
	if errx == nil || erry == nil {
		return false
	}
	// A name: ASCII case-insensitively, and a byte beyond ASCII equal
	// to its %HH (WHATWG percent-encodes the opaque host of a URL that is
	// not special, net/url decodes it); an ASCII %HH stays apart from
	// its character, which is the host-percent-decoding difference.
	return equalUnits(x, y, hostUnitAt)
}

// hostUnitAt reads the unit of host s at i and its length: an ASCII
// byte lowercased, a byte beyond ASCII and any %HH as 0x100|byte.
func hostUnitAt(s string, i int) (uint16, int) {
	c := s[i]
	if c == '%' && i+2 < len(s) && ascii.IsHex(s[i+1]) && ascii.IsHex(s[i+2]) {
		return 0x100 | uint16(ascii.Unhex(s[i+1])<<4|ascii.Unhex(s[i+2])), 3
	}
	if c >= 0x80 {
		return 0x100 | uint16(c), 1
	}
	return uint16(lower(c)), 1
}

// parseIP is netip.ParseAddr for a string that can be an address (one
// with a ':', or of digits and dots only), whose errors allocate.
func parseIP(h string) (netip.Addr, error) {
	if h == "" {
		return netip.Addr{}, errNotIP
	}
	if strings.IndexByte(h, ':') < 0 {
		for i := 0; i < len(h); i++ {
			if c := h[i]; c != '.' && (c < '0' || c > '9') {
				return netip.Addr{}, errNotIP
			}
		}
	}
	return netip.ParseAddr(h)
}

var errNotIP = errors.New("interop: not an IP address")

func unbracket(h string) string {
	if len(h) >= 2 && h[0] == '[' && h[len(h)-1] == ']' {
		return h[1 : len(h)-1]
	}
	return h
}

// portValue is the port p of a URL of scheme as a number, -1 for none
// (the scheme's default, or an empty port), -2 for one that is no
// number of 0 to 65535.
func portValue(p, scheme string) int {
	if p == "" {
		return -1
	}
	v := 0
	digits := 0
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c < '0' || c > '9' {
			return -2
		}
		if v = v*10 + int(c-'0'); v > 0 {
			if digits++; digits > 5 {
				return -2
			}
		}
	}
	if v > 65535 {
		return -2
	}
	if d, ok := iri.DefaultPort(scheme); ok && portValue(d, "") == v {
		return -1
	}
	return v
}

// equalUnits compares x and y unit by unit, each read by unit.
func equalUnits(x, y string, unit func(s string, i int) (uint16, int)) bool {
	i, j := 0, 0
	for i < len(x) && j < len(y) {
		u, n := unit(x, i)
		v, m := unit(y, j)
		if u != v {
			return false
		}
		i, j = i+n, j+m
	}
	return i == len(x) && j == len(y)
}

// decodedAt reads the byte at s[i] with a %HH decoded, and its length:
// WHATWG percent-encodes most delimiters of a userinfo, which a client
// decodes before it sends the credentials.
func decodedAt(s string, i int) (uint16, int) {
	if s[i] == '%' && i+2 < len(s) && ascii.IsHex(s[i+1]) && ascii.IsHex(s[i+2]) {
		return uint16(ascii.UnhexPair(s[i+1], s[i+2])), 3
	}
	return uint16(s[i]), 1
}

// unitAt reads the unit of s at i and its length: a byte c that stands
// for itself is c, one that a reader percent-encodes and a %HH are
// 0x100|byte, but %HH of an RFC 2396 unreserved character is that
// character.
func unitAt(s string, i int) (uint16, int) {
	c := s[i]
	if c == '%' && i+2 < len(s) && ascii.IsHex(s[i+1]) && ascii.IsHex(s[i+2]) {
		v := ascii.Unhex(s[i+1])<<4 | ascii.Unhex(s[i+2])
		if v < 0x80 && unreserved2396[v] {
			return uint16(v), 3
		}
		return 0x100 | uint16(v), 3
	}
	if c >= 0x80 || encodedAlways[c] {
		return 0x100 | uint16(c), 1
	}
	return uint16(c), 1
}

// encodedAlways are the ASCII bytes no reader leaves as they are where
// another writes them as %HH: controls, space, DEL, and " # < > [ \ ] ^ ` { | }.
var encodedAlways = func() (t [128]bool) {
	for c := range 0x21 {
		t[c] = true
	}
	t[0x7F] = true
	for _, c := range []byte("\"#<>[\\]^`{|}") {
		t[c] = true
	}
	return
}()

// unreserved2396 is RFC 2396's unreserved set: alphanumerics and
// - _ . ! ~ * ' ( ), but the dot: "%2e" and "." differ where one makes
// a dot segment.
var unreserved2396 = func() (t [128]bool) {
	for c := range 128 {
		t[c] = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
	}
	for _, c := range []byte("-_!~*'()") {
		t[c] = true
	}
	return
}()
