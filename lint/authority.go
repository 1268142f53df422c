package lint

import (
	"strings"
	"unicode"

	"github.com/irikit/iri"
	"github.com/irikit/iri/internal/ascii"
	"github.com/irikit/iri/scanner"
)

// authority checks the userinfo, the host and the port. nonASCII says
// that the host has non-ASCII characters.
func (l *linter) authority(nonASCII bool) {
	u := &l.u
	r := &u.r
	if r.Parts&scanner.HasAuthority == 0 {
		return
	}
	// A host may also hide its characters in %HH or A-labels.
	if a, b := int(r.HostStart), int(r.HostEnd); nonASCII || r.Flags&scanner.HasPercent != 0 && strings.IndexByte(u.s[a:b], '%') >= 0 || !l.hostNoDash && ascii.HasPair(u.s, a, b, '-', '-') && hasACELabel(u.s[a:b]) {
		l.host()
	}
	if r.Parts&scanner.HasUserinfo != 0 {
		a, b := int(r.AuthorityStart), int(r.UserinfoEnd)
		ui := u.s[a:b]
		l.add(CheckUserinfo, a, max(b-a, 1), "iuserinfo") // an empty one: its '@'
		user := ui
		if c := strings.IndexByte(ui, ':'); c >= 0 {
			user = ui[:c]
			if c < len(ui)-1 { // an empty password is none (RFC 3986 3.2.1)
				l.add(CheckPassword, a+c, b-a-c, "iuserinfo")
			}
		}
		if hostLike(user) {
			l.add(CheckUserinfoHostLike, a, len(user), "iuserinfo")
		}
	}
	if h := u.s[r.HostStart:r.HostEnd]; r.HostKind == scanner.HostRegName && h != "" {
		switch {
		case '0' <= h[0] && h[0] <= '9' && ipv4RareForm(h):
			l.add(CheckIPv4RareForm, int(r.HostStart), len(h), "ihost")
		case (nonASCII || strings.IndexByte(h, '%') >= 0) && l.hiddenIPv4(int(r.HostStart), int(r.HostEnd)):
			l.add(CheckHiddenIPv4, int(r.HostStart), len(h), "ihost")
		}
	}
	if r.Parts&scanner.HasPort != 0 {
		p := u.s[r.PortStart:r.PathStart]
		switch {
		case p == "":
			l.add(CheckEmptyPort, int(r.PortStart)-1, 1, "port")
		case r.Parts&scanner.HasScheme != 0 && iri.IsDefaultPort(u.s[:r.SchemeEnd], p):
			l.add(CheckDefaultPort, int(r.PortStart)-1, len(p)+1, "port")
		}
	}
}

// hostLike reports whether s starts with something a reader takes for
// a host: dot-separated labels of letters, digits and hyphens (a final
// dot allowed) with a letter among them, or four decimal numbers. What
// follows the host-like start does not matter to the eye
// ("cnn.example.com&story=breaking_news", RFC 3986 7.6).
func hostLike(s string) bool {
	end := 0
	for end < len(s) {
		c := s[end]
		if !(c == '.' || c == '-' || c >= 0x80 || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			break
		}
		end++
	}
	h := strings.TrimSuffix(s[:end], ".")
	if strings.IndexByte(h, '.') <= 0 {
		return false
	}
	letters, labels, numeric := false, 0, true
	for _, label := range strings.Split(h, ".") {
		if label == "" {
			return false
		}
		labels++
		for _, r := range label {
			switch {
			case unicode.IsLetter(r):
				letters, numeric = true, false
			case unicode.IsDigit(r):
			default:
				numeric = false
			}
		}
	}
	return letters || numeric && labels == 4
}

// ipv4RareForm reports whether a reg-name host is all numbers that an
// inet_aton-style or WHATWG resolver reads as an IPv4 address: one to
// four parts in decimal, octal (leading 0) or hex (0x), each but the
// last below 256 and the last filling the bytes left, a trailing dot
// allowed. The dotted-decimal form is IPv4address to the grammar and
// never reaches here.
func ipv4RareForm(h string) bool {
	h = strings.TrimSuffix(h, ".")
	if h == "" || h[0] < '0' || h[0] > '9' {
		return false
	}
	parts := strings.Count(h, ".") + 1
	if parts > 4 {
		return false
	}
	ok := true
	forParts(h, 0, len(h), ".", func(a, b int) {
		p := h[a:b]
		base := 10
		switch {
		case len(p) >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'):
			base, p = 16, p[2:]
			if p == "" {
				p = "0" // "0x" alone is 0
			}
		case len(p) >= 2 && p[0] == '0':
			base, p = 8, p[1:]
		}
		v, good := parseUint32(p, base)
		limit := uint64(255)
		if b == len(h) {
			limit = 1<<(8*(5-parts)) - 1
		}
		ok = ok && good && v <= limit
	})
	return ok
}

// parseUint32 parses the digits of p in base 8, 10 or 16, as
// strconv.ParseUint does, without the error value that allocates.
func parseUint32(p string, base int) (uint64, bool) {
	if p == "" {
		return 0, false // an empty part, as in "1..2"
	}
	var v uint64
	for i := 0; i < len(p); i++ {
		d := uint64(36)
		switch c := p[i] | 0x20; {
		case '0' <= p[i] && p[i] <= '9':
			d = uint64(p[i] - '0')
		case 'a' <= c && c <= 'f':
			d = uint64(c-'a') + 10
		}
		if d >= uint64(base) {
			return 0, false
		}
		if v = v*uint64(base) + d; v > 1<<32-1 {
			return 0, false
		}
	}
	return v, true
}

// Schemes with rules of their own.
const (
	schemeOther = iota
	schemeHTTP  // http, https
	schemeWS    // ws, wss
	schemeFTP
	schemeFile
	schemeMailto
	schemeURN
)

// Schemes as little-endian words of their lower-case bytes.
const (
	wordHTTP   = 'h' | 't'<<8 | 't'<<16 | 'p'<<24
	wordHTTPS  = wordHTTP | 's'<<32
	wordWS     = 'w' | 's'<<8
	wordWSS    = wordWS | 's'<<16
	wordFTP    = 'f' | 't'<<8 | 'p'<<16
	wordFile   = 'f' | 'i'<<8 | 'l'<<16 | 'e'<<24
	wordMailto = 'm' | 'a'<<8 | 'i'<<16 | 'l'<<24 | 't'<<32 | 'o'<<40
	wordURN    = 'u' | 'r'<<8 | 'n'<<16
)

// schemeKind names the scheme s[:n], in any case. A scheme is letters,
// digits, '+', '-' and '.': or-ing 0x20 lowers its letters and keeps the
// rest.
func schemeKind(s string, n int) int {
	if n > 6 {
		return schemeOther
	}
	var w uint64
	if len(s) >= 8 {
		w = (ascii.Load8(s, 0) | 0x2020202020202020) & (1<<(8*n) - 1)
	} else {
		for i := n - 1; i >= 0; i-- {
			w = w<<8 | uint64(s[i]|0x20)
		}
	}
	switch w {
	case wordHTTP, wordHTTPS:
		return schemeHTTP
	case wordWS, wordWSS:
		return schemeWS
	case wordFTP:
		return schemeFTP
	case wordFile:
		return schemeFile
	case wordMailto:
		return schemeMailto
	case wordURN:
		return schemeURN
	}
	return schemeOther
}

// plainHTTP reports whether authority and schemeRules have nothing to
// report: an http or https reference whose authority is a host name
// that is ASCII and holds no '-' (so no A-label), does not start with a
// digit (so no IPv4 in a rare form), with no userinfo, port or '%'.
// Most references on the web are such, and the test spares both walks.
func (l *linter) plainHTTP(nonASCIIHost bool) bool {
	r := &l.u.r
	s := l.u.s
	if r.Parts&(scanner.HasScheme|scanner.HasAuthority|scanner.HasUserinfo|scanner.HasPort) != scanner.HasScheme|scanner.HasAuthority ||
		nonASCIIHost || !l.hostNoDash || r.Flags&scanner.HasPercent != 0 ||
		r.HostStart >= r.HostEnd || s[r.HostStart] <= '9' || len(s) < 8 {
		return false
	}
	w := ascii.Load8(s, 0) | 0x2020202020202020
	switch r.SchemeEnd {
	case 4:
		return w&0xFFFFFFFF == wordHTTP
	case 5:
		return w&0xFF_FFFFFFFF == wordHTTPS
	}
	return false
}

// schemeRules applies what the specifications of common schemes add.
func (l *linter) schemeRules() {
	r := &l.u.r
	if r.Parts&scanner.HasScheme == 0 {
		return
	}
	s := l.u.s
	noHost := r.Parts&scanner.HasAuthority == 0 || r.HostStart == r.HostEnd
	path := s[r.PathStart:r.PathEnd]
	switch schemeKind(s, int(r.SchemeEnd)) {
	case schemeHTTP:
		if noHost {
			l.add(CheckSchemeNoHost, 0, len(s), "")
		}
		if r.Parts&scanner.HasUserinfo != 0 {
			l.add(CheckSchemeUserinfo, int(r.AuthorityStart), int(r.UserinfoEnd-r.AuthorityStart)+1, "iuserinfo")
		}
	case schemeWS:
		if noHost {
			l.add(CheckSchemeNoHost, 0, len(s), "")
		}
		if r.Parts&scanner.HasFragment != 0 {
			l.add(CheckSchemeFragment, int(r.FragmentStart)-1, len(s)-int(r.FragmentStart)+1, "ifragment")
		}
	case schemeFTP:
		if noHost {
			l.add(CheckSchemeNoHost, 0, len(s), "")
		}
	case schemeFile:
		switch {
		case r.Parts&scanner.HasAuthority != 0:
			if path == "" {
				l.add(CheckFilePath, 0, len(s), "") // "file://host": no path at all
			}
		case path == "":
			l.add(CheckFilePath, 0, len(s), "") // no path to point at
		case path[0] != '/':
			l.add(CheckFilePath, int(r.PathStart), len(path), "ipath")
		}
	case schemeMailto:
		if r.Parts&scanner.HasAuthority != 0 {
			l.add(CheckMailtoAuthority, int(r.SchemeEnd)+1, int(r.PathStart-r.SchemeEnd)-1, "iauthority")
			return
		}
		l.mailtoAddresses(int(r.PathStart), path)
	case schemeURN:
		// RFC 8141 2: what follows '?' is an r-component ("?+") or a
		// q-component ("?=").
		q := s[r.QueryStart:r.QueryEnd]
		if r.Parts&scanner.HasAuthority != 0 || !urnSyntax(path) || r.Parts&scanner.HasQuery != 0 && (q == "" || q[0] != '+' && q[0] != '=') {
			l.add(CheckURNSyntax, 0, len(s), "")
		}
	}
}

// mailtoAddresses checks each address of the mailto path p, at p0.
func (l *linter) mailtoAddresses(p0 int, p string) {
	for a := 0; a <= len(p) && p != ""; {
		b := strings.IndexByte(p[a:], ',')
		if b < 0 {
			b = len(p)
		} else {
			b += a
		}
		switch at := strings.IndexByte(p[a:b], '@'); {
		case a == b && b < len(p):
			l.add(CheckMailtoAddress, p0+b, 1, "ipath") // no address: the ',' after
		case a == b:
			l.add(CheckMailtoAddress, p0+a-1, 1, "ipath") // the ',' before
		case at <= 0 || at == b-a-1:
			l.add(CheckMailtoAddress, p0+a, b-a, "ipath")
		}
		a = b + 1
	}
}

// urnSyntax reports whether p, the path of a urn, is NID ":" NSS.
func urnSyntax(p string) bool {
	c := strings.IndexByte(p, ':')
	if c < 2 || c > 32 || c == len(p)-1 {
		return false
	}
	nid := p[:c]
	if nid[0] == '-' || nid[c-1] == '-' {
		return false
	}
	for i := 0; i < len(nid); i++ {
		b := nid[i]
		if !('a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b == '-') {
			return false
		}
	}
	return p[c+1] != '/'
}

// hostBytes reports whether the host s[a:b] holds a non-ASCII byte and
// whether it holds a '-', a word at a time: Lint reads a host for
// "xn--" labels only when it holds a '-', and for IDNA only when it is
// not ASCII.
func hostBytes(s string, a, b int) (nonASCII, dash bool) {
	var high, d uint64
	if b-a < 8 {
		for i := a; i < b; i++ {
			high |= uint64(s[i])
			if s[i] == '-' {
				d = ascii.HighBits
			}
		}
		return high&0x80 != 0, d != 0
	}
	for i := a; ; i += 8 {
		if i > b-8 {
			i = b - 8 // the last word overlaps the one before
		}
		x := ascii.Load8(s, i)
		high, d = high|x, d|ascii.EqMask(x, '-')
		if i == b-8 {
			break
		}
	}
	return high&ascii.HighBits != 0, d != 0
}
