package lint

import (
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/net/idna"
	"golang.org/x/text/secure/bidirule"
	"golang.org/x/text/unicode/bidi"

	"github.com/irikit/iri"
	"github.com/irikit/iri/internal/ascii"
	"github.com/irikit/iri/internal/punycode"
	"github.com/irikit/iri/internal/runeprops"
	"github.com/irikit/iri/scanner"
)

// host checks a reg-name as a reader and a resolver see it: %HH
// decoded, A-labels ("xn--") as their U-labels. Then the Bidi Rule over
// its labels, the scripts of each label, and IDNA. authority calls it
// only for a host that is not plain ASCII as it stands.
func (l *linter) host() {
	u := &l.u
	if u.r.Parts&scanner.HasAuthority == 0 || u.r.HostKind != scanner.HostRegName {
		return
	}
	hs, he := int(u.r.HostStart), int(u.r.HostEnd)
	h := u.s[hs:he]
	var hbuf, lbuf [256]byte
	// name is the host as seen, for IDNA; nil once it cannot be, or
	// is longer than IDNA is asked about (hbuf): a host of megabytes is
	// not copied.
	name := hbuf[:0]
	rtl := false
	forLabels(u.s, hs, he, func(a, b int) {
		v, ok := l.visibleLabel(lbuf[:0], a, b, false)
		sep := min(len(name), 1) // the '.' before v
		switch {
		case !ok || len(name)+sep+len(v) > len(hbuf):
			name = nil
		case name != nil:
			if len(name) > 0 {
				name = append(name, '.')
			}
			name = append(name, v...)
		}
		rtl = rtl || ok && hasRTL(v)
	})
	// RFC 5893: in a domain name with a right-to-left label, every label
	// satisfies the Bidi Rule.
	forLabels(u.s, hs, he, func(a, b int) {
		label, ok := l.visibleLabel(lbuf[:0], a, b, true)
		if !ok {
			return
		}
		if rtl && label != "" && !bidirule.ValidString(label) {
			l.add(CheckBidiLabel, a, b-a, "ihost")
		}
		if !ascii.IsASCII(label) && mixedScripts(label) {
			l.add(CheckMixedScript, a, b-a, "ihost")
		}
	})
	if name == nil || ascii.IsASCII(bytesString(name)) {
		return // IDNA has nothing to say, or cannot be asked
	}
	if rtl || !idnaPlainHost(bytesString(name)) {
		if _, err := idna.Lookup.ToASCII(string(name)); err != nil {
			l.add(CheckHostIDNA, hs, len(h), "ihost")
		}
	}
}

// visibleLabel returns the host label s[a:b] as it is seen: its %HH
// octets decoded, and an A-label decoded to its U-label, in dst where it
// differs from the label (which is not copied). The result is valid
// until dst is used again. ok is false for an A-label that is no
// Punycode, which report reports (CheckHostIDNA), and when the octets
// are not UTF-8 (CheckNonUTF8Percent says so).
func (l *linter) visibleLabel(dst []byte, a, b int, report bool) (string, bool) {
	s := l.u.s
	label := s[a:b]
	if strings.IndexByte(label, '%') >= 0 {
		if cap(dst)-len(dst) < len(label) {
			dst = make([]byte, len(dst), len(dst)+len(label)) // decoding shortens
		}
		dst = ascii.AppendUnescape(dst, label)
		if !utf8.Valid(dst) {
			return "", false
		}
		label = bytesString(dst)
	}
	if hasACEPrefix(label) {
		// The U-label goes after what label may view in dst: written
		// over it, a U-label longer than its A-label overtook the
		// decoder's input.
		ace := label[4:]
		v, ok := punycode.AppendDecoded(dst[len(dst):], ace)
		ok = ok && ascii.IsASCII(ace)
		if !ok && report {
			l.add(CheckHostIDNA, a, b-a, "ihost")
		}
		return bytesString(v), ok
	}
	return label, true
}

// bytesString views b as a string, which the caller keeps unchanged
// while it is in use.
func bytesString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// hasACEPrefix reports whether label starts with "xn--", in any case.
func hasACEPrefix(label string) bool {
	return len(label) >= 4 && label[0]|0x20 == 'x' && label[1]|0x20 == 'n' && label[2] == '-' && label[3] == '-'
}

// hasACELabel reports whether a label of the host h starts with "xn--",
// in any case.
func hasACELabel(h string) bool {
	for i := 0; ; {
		j := strings.Index(h[i:], "--")
		if j < 0 {
			return false
		}
		k := i + j // "--" at k: "xn" before it, a label start before that
		if k >= 2 && (k == 2 || h[k-3] == '.') && hasACEPrefix(h[k-2:]) {
			return true
		}
		i = k + 1
	}
}

// idnaPlainHost reports whether IDNA lookup surely accepts the host h
// with no right-to-left label, without running it (which allocates):
// each label is non-empty (a final one aside), no "xn--" label, letters,
// digits and hyphens but for the hyphen rules, and non-ASCII characters
// that runeprops.PropIDNA allows anywhere and that NFC leaves alone.
func idnaPlainHost(h string) bool {
	for i := 0; i < len(h); {
		j := strings.IndexByte(h[i:], '.')
		if j < 0 {
			j = len(h) - i
		}
		label := h[i : i+j]
		i += j + 1
		switch {
		case label == "":
			if i < len(h) {
				return false
			}
			continue
		case label[0] == '-' || label[len(label)-1] == '-' || len(label) >= 4 && label[2] == '-' && label[3] == '-':
			return false
		}
		for k := 0; k < len(label); {
			c := label[k]
			if c < utf8.RuneSelf {
				if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-') {
					return false
				}
				k++
				continue
			}
			r, n := utf8.DecodeRuneInString(label[k:])
			if runeprops.Of(r)&(runeprops.PropIDNA|runeprops.PropNFC) != runeprops.PropIDNA {
				return false
			}
			k += n
		}
	}
	return true
}

// hasRTL reports whether s holds an R, AL or AN character, which makes
// a label right-to-left in RFC 5893's sense.
func hasRTL(s string) bool {
	for _, r := range s {
		if r >= 0x80 {
			switch p, _ := bidi.LookupRune(r); p.Class() {
			case bidi.R, bidi.AL, bidi.AN:
				return true
			}
		}
	}
	return false
}

// Script sets that may share a label, after UTS #39's "highly
// restrictive" level: one script, or Latin with the Han-based sets.
var scriptSets = [][]*unicode.RangeTable{
	{unicode.Latin, unicode.Han, unicode.Hiragana, unicode.Katakana},
	{unicode.Latin, unicode.Han, unicode.Bopomofo},
	{unicode.Latin, unicode.Han, unicode.Hangul},
}

// mixedScripts reports whether label has letters of scripts that no one
// language writes together. Common and Inherited characters (digits,
// hyphens, marks) go with any script.
func mixedScripts(label string) bool {
	var first *unicode.RangeTable
	mixed := false
	for _, r := range label {
		t := scriptOf(r)
		if t == nil {
			continue
		}
		if first == nil {
			first = t
		} else if t != first {
			mixed = true
			break
		}
	}
	if !mixed {
		return false
	}
sets:
	for _, set := range scriptSets {
		for _, r := range label {
			t := scriptOf(r)
			if t == nil {
				continue
			}
			found := false
			for _, s := range set {
				found = found || s == t
			}
			if !found {
				continue sets
			}
		}
		return false
	}
	return true
}

// commonScripts are looked at first; they cover nearly all text.
var commonScripts = []*unicode.RangeTable{
	unicode.Latin, unicode.Cyrillic, unicode.Greek, unicode.Han, unicode.Hiragana,
	unicode.Katakana, unicode.Hangul, unicode.Arabic, unicode.Hebrew, unicode.Armenian,
	unicode.Georgian, unicode.Thai, unicode.Devanagari, unicode.Bopomofo,
}

// scriptOf returns the script of r, or nil for Common, Inherited and
// unassigned code points.
func scriptOf(r rune) *unicode.RangeTable {
	if r < 0x80 {
		if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' {
			return unicode.Latin
		}
		return nil
	}
	for _, t := range commonScripts {
		if unicode.Is(t, r) {
			return t
		}
	}
	if unicode.Is(unicode.Common, r) || unicode.Is(unicode.Inherited, r) {
		return nil
	}
	for _, t := range unicode.Scripts {
		if unicode.Is(t, r) {
			return t
		}
	}
	return nil
}

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
