package interop

import (
	"strings"
	"unicode/utf8"

	"github.com/irikit/iri"
	"github.com/irikit/iri/internal/ascii"
)

// triggers returns the causes whose shapes ref, or ctx.Base, holds;
// with all false, only those that can change a scheme, host or port. It
// reads the bytes only, no reader's output: what it finds is a superset
// of what makes the readings part (the fuzz targets hold it to that),
// and Check answers from it alone.
func triggers(ref string, ctx Context, all bool) Causes {
	var s Causes
	baseScheme := ""
	if ctx.Base != "" {
		s |= shapes(ctx.Base, false, "", all)
		var rest string
		baseScheme, rest = splitScheme(trimC0Space(ctx.Base))
		if !strings.HasPrefix(rest, "/") && !isSpecial(baseScheme) {
			s |= 1 << CauseOpaqueBase
		}
	}
	if ctx.Base != "" && !ctx.RequestTarget {
		if ref == "" || ref == "#" {
			s |= 1 << CauseBaseFragment
		}
		if _, rest := splitScheme(ref); strings.HasPrefix(rest, "//") && authorityEnd(rest[2:], false) == 0 {
			s |= 1 << CauseEmptyAuthority
		}
	}
	return s | shapes(ref, ctx.RequestTarget, baseScheme, all)
}

// The flags of a byte that the first look at a string gathers.
const (
	fTabNewline = 1 << iota // tab, CR, LF
	fBackslash              // '\'
	fHigh                   // beyond ASCII
	fPercent                // '%'
	fAt                     // '@'
	fHash                   // '#'
	fUnit                   // another byte RFC 3986 allows nowhere
)

var byteFlags = func() (t [256]uint8) {
	for c := range 256 {
		switch {
		case c == '\t' || c == '\n' || c == '\r':
			t[c] = fTabNewline
		case c == '\\':
			t[c] = fBackslash | fUnit
		case c >= utf8.RuneSelf:
			t[c] = fHigh
		case c == '%':
			t[c] = fPercent
		case c == '@':
			t[c] = fAt
		case c == '#':
			t[c] = fHash
		case encodedAlways[c]:
			t[c] = fUnit
		}
	}
	return
}()

// flagsOf returns the flags of the bytes of s, in one pass.
func flagsOf(s string) uint8 {
	var f uint8
	for len(s) >= 8 {
		f |= byteFlags[s[0]] | byteFlags[s[1]] | byteFlags[s[2]] | byteFlags[s[3]] |
			byteFlags[s[4]] | byteFlags[s[5]] | byteFlags[s[6]] | byteFlags[s[7]]
		s = s[8:]
	}
	for i := 0; i < len(s); i++ {
		f |= byteFlags[s[i]]
	}
	return f
}

// shapes returns the causes whose shapes s holds, read as a request
// target if target, and against a base of scheme baseScheme ("" for
// none); with all false, only those that can change a scheme, host or
// port.
func shapes(s string, target bool, baseScheme string, all bool) Causes {
	var c Causes
	f := flagsOf(s)
	if f&fTabNewline != 0 {
		c |= 1 << CauseTabNewline
	}
	if all && f&fHigh != 0 && !utf8.ValidString(s) {
		c |= 1 << CauseInvalidUTF8
	}
	if all && f&(fUnit|fPercent|fTabNewline) != 0 && hasInvalidUnit(s) {
		c |= 1 << CauseInvalidUnit
	}
	if all && f&fPercent != 0 && hasReescape(s) {
		c |= 1 << CauseNetURLReescape
	}
	t := s
	if s != "" && (s[0] <= ' ' || s[len(s)-1] <= ' ') {
		t = trimC0Space(s)
		c |= 1 << CauseTrim
	}
	if target {
		if f&fHash != 0 {
			c |= 1 << CauseTargetFragment
		}
		if t == "*" {
			c |= 1 << CauseAsterisk
		}
		if len(t) >= 2 && isSlash(t[0]) && isSlash(t[1]) || strings.HasPrefix(t, `\`) {
			c |= 1 << CauseTargetAuthority
		}
	}
	scheme, rest := splitScheme(t)
	effective := scheme
	if scheme == "" {
		effective = baseScheme
	}
	special := isSpecial(effective)
	file := asciiEqualFold(effective, "file")
	// The run of slashes after the scheme, or at the start.
	n := 0
	for n < len(rest) && (rest[n] == '/' || special && rest[n] == '\\') {
		n++
	}
	if special {
		if f&fBackslash != 0 {
			if k := strings.IndexAny(rest, `\?#`); k >= 0 && rest[k] == '\\' {
				c |= 1 << CauseBackslash
			}
		}
		sameAsBase := scheme != "" && asciiEqualFold(scheme, baseScheme)
		if sameAsBase && n < 2 {
			c |= 1 << CauseSameScheme
		}
		switch {
		case scheme != "" && file && (n == 0 || n > 3):
			c |= 1 << CauseSlashes
		case scheme != "" && !file && n != 2:
			c |= 1 << CauseSlashes
		case scheme == "" && n >= 3:
			c |= 1 << CauseSlashes
		}
	}
	if scheme == "" && strings.HasPrefix(rest, "///") {
		c |= 1 << CauseTripleSlash
	}
	if file && hasDriveLetter(rest) {
		c |= 1 << CauseDriveLetter
	}
	// The authority, as WHATWG finds it: after every slash of a special
	// URL (two of a file URL), after "//" of another.
	path := rest
	switch {
	case special && !file && (scheme != "" || n >= 2):
		a := rest[n:]
		e := authorityEnd(a, special && f&fBackslash != 0)
		c |= authorityShapes(a[:e], effective, special, file, f)
		path = a[e:]
	case n >= 2:
		a := rest[2:]
		e := authorityEnd(a, special && f&fBackslash != 0)
		c |= authorityShapes(a[:e], effective, special, file, f)
		path = a[e:]
	}
	if all {
		c |= pathShapes(path, special)
	}
	return c
}

// authorityEnd returns where the authority that starts a ends: at '/',
// '?', '#', or with backslash, '\\'.
func authorityEnd(a string, backslash bool) int {
	end := &authorityEnds
	if backslash {
		end = &specialAuthorityEnds
	}
	for i := 0; i < len(a); i++ {
		if end[a[i]] {
			return i
		}
	}
	return len(a)
}

var authorityEnds, specialAuthorityEnds = func() (a, s [256]bool) {
	a['/'], a['?'], a['#'] = true, true, true
	s = a
	s['\\'] = true
	return
}()

// authorityShapes returns the causes whose shapes the authority a holds,
// with f the flags of the whole string.
func authorityShapes(a, scheme string, special, file bool, f uint8) Causes {
	var c Causes
	if f&fAt != 0 && strings.Count(a, "@") >= 2 {
		c |= 1 << CauseLastAt
	}
	hostport := a[strings.LastIndexByte(a, '@')+1:]
	// The host ends at the first ':' outside brackets (WHATWG).
	host, port, hasPort := hostport, "", false
	if strings.HasPrefix(hostport, "[") {
		if k := strings.IndexByte(hostport, ']'); k >= 0 {
			host = hostport[:k+1]
			if strings.IndexByte(host, '%') >= 0 {
				c |= 1 << CauseIPv6Zone
			}
			if rest := hostport[k+1:]; strings.HasPrefix(rest, ":") {
				port, hasPort = rest[1:], true
			}
		}
	} else if k := strings.IndexByte(hostport, ':'); k >= 0 {
		host, port, hasPort = hostport[:k], hostport[k+1:], true
	}
	if f&fPercent != 0 && strings.IndexByte(hostport, '%') >= 0 && c&(1<<CauseIPv6Zone) == 0 {
		c |= 1 << CauseHostPercent
	}
	if f&fHigh != 0 && !ascii.IsASCII(hostport) {
		c |= 1 << CauseHostIDNA
	}
	if c&(1<<CauseHostPercent|1<<CauseHostIDNA) == 0 {
		// Else the number is known only once decoded and mapped, and
		// those causes already say the host can differ.
		c |= ipv4Shapes(host)
	}
	if hasPort && portValue(port, "") == -2 && isDigits(port) {
		c |= 1 << CausePortRange
	}
	if file && asciiEqualFold(host, "localhost") {
		c |= 1 << CauseFileLocalhost
	}
	if hasPort && port != "" && !special {
		if _, ok := iri.DefaultPort(scheme); ok {
			c |= 1 << CauseDefaultPort
		}
	}
	return c
}

// ipv4Shapes returns the IPv4 causes of host: none when it does not end
// in a number (WHATWG's test) or is an IPv4 address written as RFC 3986
// writes one.
func ipv4Shapes(host string) Causes {
	h := strings.TrimSuffix(host, ".")
	last := h[strings.LastIndexByte(h, '.')+1:]
	if !endsInNumber(last) || ascii.IsDottedQuad(host) {
		return 0
	}
	for i := 0; i < len(h); i++ {
		if h[i] == '0' && (i == 0 || h[i-1] == '.') && i+1 < len(h) && h[i+1] != '.' {
			return 1 << CauseIPv4NonDecimal // hex (0x) or octal
		}
	}
	return 1 << CauseIPv4Shorthand
}

// endsInNumber reports whether the last label l reads as a number to
// WHATWG's IPv4 parser: decimal digits, or "0x" and hex digits.
func endsInNumber(l string) bool {
	if l == "" {
		return false
	}
	if len(l) >= 2 && l[0] == '0' && l[1]|0x20 == 'x' {
		for i := 2; i < len(l); i++ {
			if !ascii.IsHex(l[i]) {
				return false
			}
		}
		return true
	}
	for i := 0; i < len(l); i++ {
		if l[i] < '0' || l[i] > '9' {
			return false
		}
	}
	return true
}

// pathShapes returns the causes whose shapes the path at the start of p
// holds: dot segments, plain or with %2e.
func pathShapes(p string, special bool) Causes {
	if k := strings.IndexAny(p, "?#"); k >= 0 {
		p = p[:k]
	}
	var c Causes
	for seg := 0; seg <= len(p); {
		end := seg
		for end < len(p) && p[end] != '/' && !(special && p[end] == '\\') {
			end++
		}
		if dots, encoded := dotSegment(p[seg:end]); dots > 0 {
			if encoded {
				c |= 1 << CauseEncodedDot
			} else {
				c |= 1 << CauseDotSegment
			}
		}
		seg = end + 1
	}
	return c
}

// dotSegment returns 1 or 2 when s is a dot segment as WHATWG reads
// one ("." or "..", each dot possibly "%2e" in either case), and whether
// a dot was %2e; 0 for any other segment.
func dotSegment(s string) (dots int, encoded bool) {
	for i := 0; i < len(s); {
		switch {
		case s[i] == '.':
			i++
		case s[i] == '%' && i+2 < len(s) && s[i+1] == '2' && s[i+2]|0x20 == 'e':
			i += 3
			encoded = true
		default:
			return 0, false
		}
		if dots++; dots > 2 {
			return 0, false
		}
	}
	return dots, encoded
}

// hasDriveLetter reports whether s, the part of a file URL after its
// scheme, holds a segment that starts with a Windows drive letter: an
// ASCII letter and ':' or '|', then the end or one of / \ ? #.
func hasDriveLetter(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if (i == 0 || s[i-1] == '/' || s[i-1] == '\\') && isLetter(s[i]) && (s[i+1] == ':' || s[i+1] == '|') &&
			(i+2 == len(s) || strings.IndexByte(`/\?#`, s[i+2]) >= 0) {
			return true
		}
	}
	return false
}

// hasInvalidUnit reports whether s holds an ASCII byte that RFC 3986
// allows nowhere: a control, a space, one of " < > \ ^ ` { | }, or a '%'
// without two hex digits after it.
func hasInvalidUnit(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < utf8.RuneSelf && encodedAlways[c] && c != '#' || c == '%' && (i+2 >= len(s) || !ascii.IsHex(s[i+1]) || !ascii.IsHex(s[i+2])) {
			return true
		}
	}
	return false
}

// hasReescape reports whether s holds both a %HH of one of
// $ & + , . / : ; = ? @ and a byte net/url escapes in a path or fragment
// (beyond ASCII, a control, a space, one of " < > \ ^ ` { | }, or a '#'
// in the fragment).
func hasReescape(s string) bool {
	delim, escaped, hashes := false, false, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '#' {
			// A '#' in the fragment.
			hashes++
			escaped = escaped || hashes > 1
			continue
		}
		switch {
		case c >= utf8.RuneSelf || encodedAlways[c] && c != '[' && c != ']':
			escaped = true
		case c == '%' && i+2 < len(s) && ascii.IsHex(s[i+1]) && ascii.IsHex(s[i+2]):
			if strings.IndexByte("$&+,./:;=?@", ascii.UnhexPair(s[i+1], s[i+2])) >= 0 {
				delim = true
			}
		}
	}
	return delim && escaped
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

func isSlash(c byte) bool { return c == '/' || c == '\\' }

// splitScheme splits s at the ':' that ends its scheme, if it has one.
func splitScheme(s string) (scheme, rest string) {
	if s == "" || !isLetter(s[0]) {
		return "", s
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ':':
			return s[:i], s[i+1:]
		case isLetter(c) || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.':
		default:
			return "", s
		}
	}
	return "", s
}

// trimC0Space trims C0 controls and spaces at both ends of s.
func trimC0Space(s string) string {
	i, j := 0, len(s)
	for i < j && s[i] <= ' ' {
		i++
	}
	for j > i && s[j-1] <= ' ' {
		j--
	}
	return s[i:j]
}
