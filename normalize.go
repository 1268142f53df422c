package iri

import (
	"strings"

	"golang.org/x/text/unicode/norm"

	"github.com/irikit/iri/internal/ascii"
	"github.com/irikit/iri/internal/inplace"
	"github.com/irikit/iri/internal/labels"
	"github.com/irikit/iri/scanner"
)

// Level is how far a Normalizer goes along the ladder of RFC 3987 section
// 5.3 (RFC 3986 6.2).
type Level uint8

const (
	// LevelSyntax is syntax-based normalization (5.3.2): scheme and
	// ASCII-only hosts to lowercase, %hh to uppercase hex, %HH of
	// unreserved characters decoded (never a reserved one, never %25),
	// and dot segments removed. It is the zero value.
	LevelSyntax Level = iota
	// LevelScheme adds scheme-based normalization (5.3.3): an empty or
	// default port is dropped (DefaultPort), an empty path with an
	// authority becomes "/", and internationalized host names are
	// validated and mapped through IDNA (see Normalizer).
	LevelScheme
)

// String returns "syntax" or "scheme".
func (l Level) String() string {
	if l == LevelScheme {
		return "scheme"
	}
	return "syntax"
}

// Chars selects a Unicode normalization form. Section 5.3.2.2 forbids it
// in equivalence tests, since it can merge IRIs that name different
// resources; it is for callers that take IRIs from people or transcode
// them, and it is opt-in.
type Chars uint8

const (
	CharsAsIs Chars = iota // characters are left as they are (the zero value)
	CharsNFC               // Unicode normalization form C
	CharsNFKC              // form KC, which also folds compatibility characters
)

// A Normalizer rewrites IRI references into a normal form. The zero value
// does syntax-based normalization and keeps the IRI's characters, as
// section 5.3.2 says it must. All its methods are safe for concurrent use.
//
// What normalization never does: decode a %HH that stands for a reserved
// character (%2F, %3F, %23, %40, %3A, %5B and the rest stay), decode %25
// (so "%252E" stays), remove the delimiter of an empty query or fragment
// ("http://h/?" and "http://h/#" keep them), or remove dot segments from
// a relative-path reference, whose meaning depends on the base ("../a"
// stays). %2E is unreserved and is decoded before dots are removed, as
// RFC 3986 6.2.2 orders it, so the result names the resource a conforming
// server would serve.
type Normalizer struct {
	// Level is how far to go: syntax (the zero value) or scheme.
	Level Level
	// URI gives the URI-level form of RFC 3986 6.2.2: the IRI is first
	// mapped to a URI (RFC 3987 3.1), so that "ros%C3%A9" and "rosé" meet
	// as 5.3.2.3 describes; hosts become A-labels at the scheme level.
	// DecodeNonASCII and Chars are ignored.
	URI bool
	// DecodeNonASCII also decodes the %HH sequences that form non-ASCII
	// characters, exactly as ToIRI does (RFC 3987 3.2), for the display
	// form.
	DecodeNonASCII bool
	// Chars applies a Unicode normalization form first. It works on the
	// runs of text between delimiters, so that no delimiter is composed
	// away ("=" with U+0338) or made up, and any ASCII a compatibility
	// mapping yields that is not unreserved (FULLWIDTH SOLIDUS becomes
	// '/' under NFKC) is percent-encoded.
	Chars Chars
	// NoIDNA leaves internationalized host names as they are at the
	// scheme level (their %HH and ASCII case are normalized as at the
	// syntax level, and with URI they are percent-encoded as UTF-8):
	// the form of RFC 3986 6.2.3, which has no IDNA step. By default
	// LevelScheme maps them through IDNA, as RFC 3987 5.3.3 describes.
	NoIDNA bool
	// Ports, when not nil, is the table of default ports by lowercase
	// scheme, in place of the package's (DefaultPort). The Normalizer
	// only reads it: it may be shared by goroutines that do not change it.
	Ports map[string]string
	// AllowBidi accepts the bidi formatting characters that section 4.1
	// forbids, as Parser.AllowBidi does; they are kept as they are (and
	// percent-encoded by URI, as the URI mapping does).
	AllowBidi bool
}

// opts returns the scanner options of n.
func (n *Normalizer) opts() scanner.Options {
	if n.AllowBidi {
		return scanner.AllowBidi
	}
	return 0
}

// Normalize returns the syntax-based normal form of the IRI reference s;
// see Normalizer. It returns s itself, without allocating, when s is
// already normal.
func Normalize(s string) (string, error) { return Normalizer{}.Normalize(s) }

// Normalize returns the normal form of the IRI reference s. It returns s
// itself, without allocating, when s is already normal and fits in 256
// bytes; IDNA, Chars, DecodeNonASCII and URI on non-ASCII input may
// allocate.
func (n Normalizer) Normalize(s string) (string, error) {
	var buf [256]byte
	b, err := n.AppendNormalize(buf[:0], s)
	if err != nil {
		return "", err
	}
	if string(b) == s {
		return s, nil
	}
	return string(b), nil
}

// AppendNormalize appends the normal form of s to dst. It allocates
// nothing into a dst with room, but for the steps Normalize names.
func (n Normalizer) AppendNormalize(dst []byte, s string) ([]byte, error) {
	rewrites := n.URI || n.DecodeNonASCII || n.Chars != CharsAsIs
	if !rewrites && inplace.Normal(s, scanner.IRIReference, n.Level == LevelScheme, n.Level == LevelScheme && !n.NoIDNA) {
		// Surely normal: one call, and no Result.
		return append(dst, s...), nil
	}
	u := IRI{s: s}
	found := inplace.ScanLook(&u.r, s, scanner.IRIReference, n.opts())
	if u.r.Code != scanner.CodeOK { // not OK(), whose value receiver copies the Result
		return dst, newError(s, RuleIRIReference, &u.r)
	}
	if rewrites {
		return n.appendPrepared(dst, &u)
	}
	// appendNormal by hand: two calls fewer for a reference that is
	// normal, a tenth of the time of a short one, and the look made in
	// the scan.
	if dst, ok := appendShortcut(dst, &u, n.isNormal(&u, found)); ok {
		return dst, nil
	}
	return n.appendRewritten(dst, &u), nil
}

// appendScanned is AppendNormalize of u, which the scan accepted.
func (n *Normalizer) appendScanned(dst []byte, u *IRI) ([]byte, error) {
	if n.URI || n.DecodeNonASCII || n.Chars != CharsAsIs {
		return n.appendPrepared(dst, u)
	}
	return n.appendNormal(dst, u), nil
}

// appendPrepared is appendScanned for a Normalizer that rewrites
// characters first. Apart, so that the IRI it makes is no part of the
// frame of the common case, which it slowed by half.
func (n *Normalizer) appendPrepared(dst []byte, u *IRI) ([]byte, error) {
	v, err := n.prepare(u)
	if err != nil {
		return dst, err
	}
	return n.appendNormal(dst, &v), nil
}

// AppendNormalizeLines appends to dst the normal form of each line of s,
// lines ended by an LF or by the end of s, each followed by the LF it had,
// up to the first line that is no IRI reference or that normalizing
// fails on. It returns the offset in s of that line and how many lines
// came before it; when there is none, len(s) and the number of lines. A
// CR before an LF is part of its line, and so invalid. dst then holds the
// normal forms of s[:bad], line for line.
//
// It is AppendNormalize in a loop, as ValidLines is Valid in one, for text
// with a reference a line (a crawl's links): a caller hands it the whole
// buffer and looks only at the lines where it stops, to report them. It
// allocates only where AppendNormalize would, or when dst must grow, and
// runs in time linear in len(s).
func (n Normalizer) AppendNormalizeLines(dst []byte, s string) (out []byte, bad, lines int) {
	opts := n.opts()
	rewrites := n.URI || n.DecodeNonASCII || n.Chars != CharsAsIs
	var u IRI
	// The lines from run on are normal as they are, and not yet
	// appended: a run of them is copied at once.
	run := 0
	scheme := n.Level == LevelScheme
	for i := 0; i < len(s); lines++ {
		if !rewrites {
			// Past the lines that are surely normal, in one call.
			next, normal := inplace.NormalLines(s[i:], scanner.IRIReference, scheme, scheme && !n.NoIDNA)
			if i, lines = i+next, lines+normal; i >= len(s) {
				break
			}
		}
		// The scan finds the line's end as it reads it.
		found, k := inplace.ScanLookLine(&u.r, s[i:], scanner.IRIReference, opts)
		end := i + k
		u.s = s[i:end]
		if u.r.Code != scanner.CodeOK {
			return append(dst, s[run:i]...), i, lines
		}
		way := rewrite
		if !rewrites {
			if way = n.isNormal(&u, found); way == asIs {
				i = end + 1
				continue
			}
		}
		dst = append(dst, s[run:i]...)
		m := len(dst)
		if way == slashed {
			dst, _ = appendShortcut(dst, &u, way)
		} else {
			var err error
			if dst, err = n.appendScanned(dst, &u); err != nil {
				return dst[:m], i, lines
			}
		}
		if end < len(s) {
			dst = append(dst, '\n')
		}
		i = end + 1
		run = min(i, len(s))
	}
	return append(dst, s[run:]...), len(s), lines
}

// prepare takes the steps that rewrite characters (the URI mapping, the
// decoding of non-ASCII and the Unicode form) and parses their result.
// Each returns its input when it has nothing to do.
func (n *Normalizer) prepare(u *IRI) (IRI, error) {
	s := u.s
	t := s
	switch {
	case n.URI:
		if !u.IsASCII() {
			t = u.URI()
		}
	default:
		if n.DecodeNonASCII && u.r.Flags&scanner.HasPercent != 0 {
			t = string(u.AppendIRI(make([]byte, 0, len(t)+16)))
		}
		if n.Chars != CharsAsIs {
			if u.r.Flags&scanner.HasPercent != 0 {
				// A decoded letter may compose with the mark after it, so
				// the form sees the letters the syntax step will decode.
				t = string(appendPctNormal(nil, t, false))
			}
			t = normalizeChars(t, n.Chars)
		}
	}
	if t == s {
		return *u, nil
	}
	return Parser{AllowBidi: n.AllowBidi}.Parse(t)
}

// appendNormal writes the syntax-based normal form of u, and the
// scheme-based one when asked.
func (n *Normalizer) appendNormal(dst []byte, u *IRI) []byte {
	if dst, ok := appendShortcut(dst, u, n.isNormal(u, inplace.LookOf(&u.r, u.s))); ok {
		return dst
	}
	return n.appendRewritten(dst, u)
}

// appendRewritten is appendNormal the long way, every step taken.
func (n *Normalizer) appendRewritten(dst []byte, u *IRI) []byte {
	scheme := -1
	if u.IsAbsolute() {
		scheme = len(dst)
		dst = ascii.AppendLower(dst, u.Scheme())
		dst = append(dst, ':')
	}
	if u.HasAuthority() {
		dst = append(dst, "//"...)
		if u.HasUserinfo() {
			dst = appendPctNormal(dst, u.Userinfo(), false)
			dst = append(dst, '@')
		}
		host := u.Host()
		h0 := len(dst)
		// Section 5.3.2.1: only a US-ASCII host is case-insensitive;
		// IDNs are mapped at the scheme level.
		dst = appendPctNormal(dst, host, ascii.IsASCII(host))
		if n.Level == LevelScheme && !n.NoIDNA && u.HostKind() == HostRegName && needsIDNA(dst[h0:]) {
			h := string(dst[h0:])
			dst = appendIDNHost(dst[:h0], h, n.URI)
			if n.Chars != CharsAsIs && !n.URI {
				dst = n.reformHost(dst, h0)
			}
			if ascii.IsASCII(string(dst[h0:])) {
				// Now a US-ASCII host, and so case-insensitive: the
				// labels IDNA left alone go to lowercase too.
				lowerOutsideTriplets(dst[h0:])
			}
		}
		if u.HasPort() && !(n.Level == LevelScheme && (u.Port() == "" || scheme >= 0 && n.isDefaultPort(dst[scheme:scheme+len(u.Scheme())], u.Port()))) {
			dst = append(dst, ':')
			dst = append(dst, u.Port()...)
		}
	}
	p0 := len(dst)
	dst = appendPctNormal(dst, u.Path(), false)
	if path := dst[p0:]; scheme >= 0 || len(path) > 0 && path[0] == '/' {
		dst = dst[:p0+removeDots(path)]
		if !u.HasAuthority() {
			dst = keepPathOffAuthority(dst, p0)
		}
	}
	if n.Level == LevelScheme && u.HasAuthority() && len(dst) == p0 {
		dst = append(dst, '/')
	}
	if u.HasQuery() {
		dst = append(dst, '?')
		dst = appendPctNormal(dst, u.Query(), false)
	}
	if u.HasFragment() {
		dst = append(dst, '#')
		dst = appendPctNormal(dst, u.Fragment(), false)
	}
	return dst
}

// reformHost applies the Chars form again to the host at dst[h0:], as
// normalizeChars applies it to a host. A label IDNA refuses is folded
// to lowercase, which can leave it out of the form ('Y' and U+030A, which
// nothing composes, fold to 'y' and U+030A, which NFC composes to U+1E99),
// and normalizing the result again would then change it.
func (n *Normalizer) reformHost(dst []byte, h0 int) []byte {
	form := norm.NFC
	if n.Chars == CharsNFKC {
		form = norm.NFKC
	}
	host := string(dst[h0:])
	if isNormal(form, host) {
		return dst
	}
	dst = dst[:h0]
	for i := 0; i < len(host); {
		j := i
		for j < len(host) && (host[j] >= 0x80 || ascii.IsUnreserved(host[j])) {
			j++
		}
		if j > i {
			dst = appendHostRun(dst, form, host[i:j])
			i = j
			continue
		}
		k := 1
		if host[i] == '%' {
			k = 3 // the host is valid: a triplet's digits follow
		}
		dst = append(dst, host[i:i+k]...)
		i += k
	}
	return dst
}

// A shortcut is what isNormal finds appendNormal would make of an IRI.
type shortcut uint8

const (
	rewrite shortcut = iota // something else: take the long way, appendRewritten
	asIs                    // the IRI itself
	slashed                 // the IRI with "/" for its empty path after an authority (RFC 3986 6.2.3)
)

// appendShortcut appends what appendNormal would of u, for which
// isNormal found way, if it is asIs or slashed, and reports whether it
// was.
func appendShortcut(dst []byte, u *IRI, way shortcut) ([]byte, bool) {
	switch way {
	case asIs:
		return append(dst, u.s...), true
	case slashed:
		p := u.r.PathStart
		dst = append(dst, u.s[:p]...)
		dst = append(dst, '/')
		return append(dst, u.s[p:]...), true
	}
	return dst, false
}

// isNormal finds, from found, the look at u that inplace.ScanLook or
// inplace.LookOf made, whether appendNormal would give u back unchanged,
// as it does for most IRIs in the wild, or with only a "/" added, as it
// does for "//host" links.
func (n *Normalizer) isNormal(u *IRI, found int) shortcut {
	// The look (ascii.LookNormal over scan.LookOf's ranges): upper case
	// or non-ASCII up to the end of the host, that is in the scheme, the
	// host, and (needlessly, but it costs nothing) the userinfo; the long
	// way sorts out what of it changes. A host with percent-encoded
	// non-ASCII, which IDNA would map, has hex letters (every lead byte
	// does) and goes too; triplets of digits alone are reserved ASCII or
	// stray continuation bytes, which stay as they are. A %HH to change.
	// "--" in the host, where IDNA may map an "xn--" label (a reg-name, at
	// the scheme level). "/." in the path, where a dot segment may be
	// removed (if it is absolute, or the reference is).
	if found&(ascii.LookUpper|ascii.LookPct) != 0 {
		return rewrite
	}
	way := asIs
	r := &u.r
	if r.Parts&scanner.HasAuthority != 0 && n.Level == LevelScheme {
		// r's fields, not u's methods, whose value receiver has the
		// compiler copy *u 16 bytes at a time from the 8-byte stores the
		// scan has just made: loads that wait for them.
		if r.Parts&scanner.HasPort != 0 {
			if port := u.s[r.PortStart:r.PathStart]; port == "" || n.isDefaultPort([]byte(u.s[:r.SchemeEnd]), port) {
				return rewrite
			}
		}
		if r.PathStart == r.PathEnd {
			way = slashed
		}
		if found&ascii.LookDashes != 0 && !n.NoIDNA && r.HostKind == scanner.HostRegName &&
			strings.Contains(u.s[r.HostStart:r.HostEnd], "xn--") {
			return rewrite
		}
	}
	ps, pe := int(r.PathStart), int(r.PathEnd)
	if ps == pe || r.Parts&scanner.HasScheme == 0 && u.s[ps] != '/' {
		return way // no dot segment is removed
	}
	if u.s[ps] != '.' && found&ascii.LookSlashDot == 0 || !hasDotSegment(u.s[ps:pe]) {
		return way
	}
	return rewrite
}

func (n *Normalizer) isDefaultPort(scheme []byte, port string) bool {
	ports := n.Ports
	if ports == nil {
		ports = *defaultPorts.Load()
	}
	def, ok := ports[string(scheme)]
	return ok && samePort(port, def)
}

// samePort reports whether two ports name the same number: leading
// zeros make no other port (":080" is 80).
func samePort(a, b string) bool { return strings.TrimLeft(a, "0") == strings.TrimLeft(b, "0") }

// lowerOutsideTriplets lowers the ASCII letters of b in place, but for
// the hex digits of its %HH, which stay as they are.
func lowerOutsideTriplets(b []byte) {
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c == '%':
			i += 2
		case 'A' <= c && c <= 'Z':
			b[i] = c + 'a' - 'A'
		}
	}
}

// appendPctNormal appends s, valid IRI text, with each %HH in uppercase
// hex and those of unreserved characters decoded (RFC 3986 6.2.2.1,
// 6.2.2.2); with lower, ASCII letters outside triplets, decoded ones
// included, become lowercase.
func appendPctNormal(dst []byte, s string, lower bool) []byte {
	for {
		if !lower {
			// Between triplets there is nothing to change.
			j := strings.IndexByte(s, '%')
			if j < 0 {
				return append(dst, s...)
			}
			dst = append(dst, s[:j]...)
			s = s[j:]
		}
		if s == "" {
			return dst
		}
		c := s[0]
		if c == '%' {
			b := ascii.UnhexPair(s[1], s[2])
			if ascii.IsUnreserved(b) {
				c = b
			} else {
				dst = append(dst, '%', ascii.ToUpperHex(s[1]), ascii.ToUpperHex(s[2]))
				s = s[3:]
				continue
			}
			s = s[3:]
		} else {
			s = s[1:]
		}
		if lower && 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
}

// unhexDigit is the value of a hex digit, which the scan has checked.
func unhexDigit(c byte) byte { return c&0xF + 9*(c>>6) }

// needsIDNA reports whether a syntax-normal reg-name has a label for IDNA:
// one with non-ASCII or percent-encoded octets, or an "xn--" label.
func needsIDNA(host []byte) bool {
	for i, c := range host {
		if c >= 0x80 || c == '%' {
			return true
		}
		if c == 'x' && (i == 0 || host[i-1] == '.') && len(host)-i >= 4 && host[i+1] == 'n' && host[i+2] == '-' && host[i+3] == '-' {
			return true
		}
	}
	return false
}

// appendIDNHost appends the reg-name host with each internationalized
// label validated and mapped by idna.Lookup (UTS #46, the profile
// described in idna.go): as its A-label when ascii is set, else as its
// U-label where uLabel finds that safe to show. RFC 3987 5.3.3 asks for
// IDNA2003 ToASCII with UseSTD3ASCIIRules and AllowUnassigned and for
// nameprep; Lookup is today's form of both (case folding and NFC), with
// the differences idna.go names. Labels end at '.' and at the other
// separators of RFC 3490 3.1, raw or percent-encoded (labels.End), and are
// joined with '.', as IDNA joins them. A label that IDNA rejects, or
// whose percent-encoding is not UTF-8, cannot be resolved, and stays as
// it is but for case (labels.AppendFolded), so that case never tells two
// hosts apart, whether IDNA takes them or not.
func appendIDNHost(dst []byte, host string, toASCII bool) []byte {
	for i := 0; ; {
		j, sep := labels.End(host, i)
		dst = appendIDNLabel(dst, host[i:j], toASCII)
		if sep == 0 {
			return dst
		}
		dst = append(dst, '.')
		i = j + sep
	}
}

func appendIDNLabel(dst []byte, label string, toASCII bool) []byte {
	l := label
	if strings.IndexByte(l, '%') >= 0 {
		d, ok := labels.Decode(l)
		if !ok {
			return labels.AppendFolded(dst, label)
		}
		l = d
	}
	if ascii.IsASCII(l) && !(len(l) >= 4 && strings.EqualFold(l[:4], "xn--")) {
		// An ASCII label of an IDN host is mapped as IDNA maps it.
		return ascii.AppendLower(dst, l)
	}
	if toASCII {
		// The fast path of AppendToASCII appends without allocating.
		if out, err := labels.AppendToASCII(dst, l); err == nil {
			return out
		}
	}
	a, err := labels.ToASCII(l)
	if lower := strings.ToLower(l); err != nil && lower != l {
		// Lowercase, the label may pass: UTS #46 as x/net has it
		// disallows U+04C0 but not U+04CF, its lowercase. The fold below
		// would give that lowercase, which normalizing again would map,
		// so it is mapped now.
		a, err = labels.ToASCII(lower)
	}
	if err != nil {
		return labels.AppendFolded(dst, label)
	}
	if toASCII {
		return append(dst, a...)
	}
	return append(dst, uLabel(a)...)
}

// normalizeChars applies form f to the runs of s that hold no delimiter
// and no %HH, percent-encoding any ASCII the form yields that is not
// unreserved. s is a valid reference, so every '%' has its two digits.
//
// The one unreserved character a form makes that is syntax is '.':
// NFKC turns U+2024, U+FE52 and U+FF0E into '.', U+2025 into "..". A
// path run that it would turn into "." or "..", a dot segment that
// remove_dot_segments or a resolver would then apply, and a piece of a
// host label it would give a '.' (a label separator), keep their text
// as it was, percent-encoded. (U+FF0E in a host is a separator already,
// RFC 3490 3.1, and goes to '.' like the others; labels.End.)
func normalizeChars(s string, f Chars) string {
	form := norm.NFC
	if f == CharsNFKC {
		form = norm.NFKC
	}
	if isNormal(form, s) {
		return s
	}
	r := scanner.Scan(s, scanner.IRIReference, 0)
	hs, he := -1, -1
	if r.OK() && r.HostKind == scanner.HostRegName {
		hs, he = int(r.HostStart), int(r.HostEnd)
	}
	var b []byte
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && (s[j] >= 0x80 || ascii.IsUnreserved(s[j])) {
			j++
		}
		if j > i {
			if hs <= i && j <= he {
				b = appendHostRun(b, form, s[i:j])
			} else {
				b = appendRun(b, form, s[i:j], !r.OK() || int(r.PathStart) <= i && j <= int(r.PathEnd))
			}
			i = j
			continue
		}
		n := 1
		if s[i] == '%' {
			n = 3 // a triplet's digits are not text a mark may compose with
		}
		b = append(b, s[i:i+n]...)
		i += n
	}
	return string(b)
}

// appendRun appends run in form, or, when inPath and the form would make
// it a dot segment, as it is with its non-ASCII percent-encoded.
func appendRun(b []byte, form norm.Form, run string, inPath bool) []byte {
	out := form.String(run)
	if inPath && (out == "." || out == "..") && run != out {
		return ascii.EncodeNonASCII(b, run)
	}
	return appendFormed(b, out)
}

// appendFormed appends out, a run in its normal form, percent-encoding
// the ASCII that is not unreserved.
func appendFormed(b []byte, out string) []byte {
	for k := 0; k < len(out); k++ {
		if c := out[k]; c < 0x80 && !ascii.IsUnreserved(c) {
			b = ascii.AppendPct(b, c)
		} else {
			b = append(b, c)
		}
	}
	return b
}

// appendHostRun appends a run of a reg-name in form, piece by piece
// between the label separators, which the form never joins to what is
// around them; a piece the form would give a '.' stays as it is,
// percent-encoded.
func appendHostRun(b []byte, form norm.Form, run string) []byte {
	for i := 0; ; {
		j, sep := labels.End(run, i)
		piece := run[i:j]
		if out := form.String(piece); strings.IndexByte(out, '.') >= 0 {
			b = ascii.EncodeNonASCII(b, piece)
		} else {
			b = appendFormed(b, out)
		}
		if sep == 0 {
			return b
		}
		b = appendRun(b, form, run[j:j+sep], false)
		i = j + sep
	}
}

// IsNFC reports whether s is in Unicode normalization form C, the form
// RFC 3987 section 3.1 step 1a and 5.3.2.2 refer to. It allocates
// nothing unless s holds a combining mark that Unicode's quick check
// cannot settle.
func IsNFC(s string) bool { return isNormal(norm.NFC, s) }

// IsNFKC reports whether s is in normalization form KC, as IsNFC does.
func IsNFKC(s string) bool { return isNormal(norm.NFKC, s) }

// isNormal is f.IsNormalString without its allocation in the common case:
// the quick check settles nearly all text, and only the rest, which
// needs the full test, is handed on.
func isNormal(f norm.Form, s string) bool {
	if f.QuickSpanString(s) == len(s) {
		return true
	}
	return f.IsNormalString(s)
}
