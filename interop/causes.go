package interop

import (
	"math/bits"
	"strconv"
)

// A Cause is a rule by which readers part: a bit of Causes.
type Cause uint8

// The causes. Where the WHATWG URL Standard names a validation error
// for the rule, the cause has its name.
const (
	// CauseBackslash is the rule that a special URL reads '\' as '/'
	// (WHATWG); RFC 3986 refuses it and net/url keeps it in the path or the
	// host.
	CauseBackslash Cause = iota
	// CauseSlashes is the rule that any number of '/' and '\' may follow a
	// special scheme, and none ("http:evil.com"), where RFC 3986 reads a
	// path for anything but "//" (WHATWG names the error
	// special-scheme-missing-following-solidus).
	CauseSlashes
	// CauseIPv4NonDecimal is a part of an IPv4 host in hex or octal
	// ("0x7f.0.0.1", "0177.0.0.1"), a number to WHATWG and a C library, a
	// name to RFC 3986 and net/url.
	CauseIPv4NonDecimal
	// CauseIPv4Shorthand is an IPv4 host of fewer than four parts ("127.1",
	// "2130706433"), or one that ends in a dot.
	CauseIPv4Shorthand
	// CauseHostPercent is the rule that WHATWG percent-decodes a host
	// ("ex%61mple.com"); RFC 3986 and net/url keep the %HH.
	CauseHostPercent
	// CauseHostIDNA is the rule that WHATWG maps a non-ASCII host by UTS 46
	// (full-width letters, U+3002 as '.', U+00AD dropped) and writes it in
	// Punycode; RFC 3987 keeps the characters, net/url too.
	CauseHostIDNA
	// CauseTabNewline is the rule that WHATWG removes tabs, CR and LF
	// anywhere.
	CauseTabNewline
	// CauseTrim is the rule that WHATWG trims C0 controls and spaces at both
	// ends.
	CauseTrim
	// CauseLastAt is the rule that the last '@' of the authority ends the
	// userinfo (WHATWG, net/url); RFC 3986 has no '@' in a userinfo.
	CauseLastAt
	// CauseIPv6Zone is the rule that net/url takes an IPv6 zone
	// ("[fe80::1%25en0]", RFC 6874); RFC 3986 and WHATWG do not.
	CauseIPv6Zone
	// CauseDefaultPort is a port that one reader drops as the scheme's
	// default and another keeps.
	CauseDefaultPort
	// CauseFileLocalhost is the rule that WHATWG reads "file://localhost/"
	// as the empty host.
	CauseFileLocalhost
	// CauseDriveLetter is the rule that WHATWG reads a Windows drive letter
	// in a file URL ("file://C:/x", "file:///C|/x") as the path's first
	// segment, written "C:".
	CauseDriveLetter
	// CauseDotSegment is the rule that WHATWG removes "." and ".." segments
	// as it parses; RFC 3986 and net/url keep them in a reference read
	// without a base.
	CauseDotSegment
	// CauseEncodedDot is the rule that WHATWG reads "%2e" as '.' in a dot
	// segment; RFC 3986 and net/url do not.
	CauseEncodedDot
	// CauseTargetAuthority is the rule that a request target that starts
	// with "//" is a path to RFC 9112 and net/http, a host to a server that
	// parses it against its base (new URL(req.url, base)).
	CauseTargetAuthority
	// CauseAsterisk is the rule that the request target "*" is the empty
	// path to RFC 9112, "*" to net/http, "/*" to the WHATWG parser.
	CauseAsterisk
	// CauseBaseFragment is the rule that net/url's ResolveReference keeps
	// the base's fragment for the reference "" or "#"; RFC 3986 5.2.2 and
	// WHATWG take the reference's (none, or the empty one).
	CauseBaseFragment
	// CauseInvalidUTF8 is the rule that WHATWG reads a byte that is not
	// UTF-8 as U+FFFD (and writes %EF%BF%BD); net/url keeps the byte, RFC
	// 3987 refuses it. (In a host, such a byte is a domain-to-ASCII cause.)
	CauseInvalidUTF8
	// CauseSameScheme is the rule that against a base of the same special
	// scheme, WHATWG reads "http:x" as the relative reference "x"; RFC 3986
	// 5.2.2 (its strict parser) and net/url read a path of a URL without
	// host.
	CauseSameScheme
	// CauseTripleSlash is the rule that net/url reads a reference without a
	// scheme that starts with "///" as a path; RFC 3986 reads an empty
	// authority and a path after it.
	CauseTripleSlash
	// CauseOpaqueBase is a base whose path does not start with '/'
	// ("mailto:x"), which WHATWG cannot resolve against, RFC 3986 merges
	// with (5.2.3) and net/url drops for a path of its own.
	CauseOpaqueBase
	// CauseTargetFragment is the rule that a request target holds no
	// fragment (RFC 9112); net/http keeps a '#' and what follows in the path
	// or query, WHATWG reads a fragment.
	CauseTargetFragment
	// CauseEmptyAuthority is the rule that net/url cannot tell an empty
	// authority from none, and resolves "//" or "///x" as if the reference
	// had none.
	CauseEmptyAuthority
	// CausePortRange is a port above 65535, which WHATWG refuses and RFC
	// 3986 and net/url take.
	CausePortRange
	// CauseInvalidUnit is an ASCII byte that RFC 3986 does not allow where
	// it stands (a space, one of " < > \ ^ ` { | }, a '%' without two hex
	// digits), which WHATWG and net/url take or write as %HH (WHATWG names
	// the error invalid-URL-unit). It explains refusals only.
	CauseInvalidUnit
	// CauseNetURLReescape is the rule that net/url writes a path (or
	// fragment) that holds a byte it must escape from its decoded form, and
	// %HH of one of $ & + , . / : ; = ? @ comes back as the character
	// ("/a%2Fb c" is "/a/b%20c" to net/url, "/%2e%2e/a b" is "/../a%20b").
	CauseNetURLReescape
	numCauses
)

// causeInfo holds each cause's name and the components it can change.
var causeInfo = [numCauses]struct {
	name    string
	affects Components
}{
	CauseBackslash:       {"invalid-reverse-solidus", 1<<ComponentUserinfo | 1<<ComponentHost | 1<<ComponentPort | 1<<ComponentPath},
	CauseSlashes:         {"special-scheme-missing-following-solidus", 1<<ComponentUserinfo | 1<<ComponentHost | 1<<ComponentPort | 1<<ComponentPath},
	CauseIPv4NonDecimal:  {"IPv4-non-decimal-part", 1 << ComponentHost},
	CauseIPv4Shorthand:   {"ipv4-shorthand", 1 << ComponentHost},
	CauseHostPercent:     {"host-percent-decoding", 1 << ComponentHost},
	CauseHostIDNA:        {"domain-to-ASCII", 1 << ComponentHost},
	CauseTabNewline:      {"tab-or-newline", 1<<numComponents - 1},
	CauseTrim:            {"c0-space-trim", 1<<numComponents - 1},
	CauseLastAt:          {"last-at-sign", 1<<ComponentUserinfo | 1<<ComponentHost | 1<<ComponentPort},
	CauseIPv6Zone:        {"ipv6-zone", 1 << ComponentHost},
	CauseDefaultPort:     {"default-port", 1 << ComponentPort},
	CauseFileLocalhost:   {"file-localhost", 1 << ComponentHost},
	CauseDriveLetter:     {"windows-drive-letter", 1<<ComponentHost | 1<<ComponentPort | 1<<ComponentPath},
	CauseDotSegment:      {"dot-segment", 1 << ComponentPath},
	CauseEncodedDot:      {"encoded-dot-segment", 1 << ComponentPath},
	CauseTargetAuthority: {"request-target-authority", 1<<ComponentUserinfo | 1<<ComponentHost | 1<<ComponentPort | 1<<ComponentPath},
	CauseAsterisk:        {"asterisk-form", 1 << ComponentPath},
	CauseBaseFragment:    {"neturl-base-fragment", 1 << ComponentFragment},
	CauseInvalidUTF8:     {"invalid-utf8", 1<<ComponentUserinfo | 1<<ComponentPath | 1<<ComponentQuery | 1<<ComponentFragment},
	CauseSameScheme:      {"same-scheme-relative", 1<<ComponentUserinfo | 1<<ComponentHost | 1<<ComponentPort | 1<<ComponentPath | 1<<ComponentQuery},
	CauseTripleSlash:     {"neturl-schemeless-triple-slash", 1<<ComponentUserinfo | 1<<ComponentHost | 1<<ComponentPort | 1<<ComponentPath},
	CauseOpaqueBase:      {"opaque-base", 1<<ComponentPath | 1<<ComponentQuery | 1<<ComponentFragment},
	CauseTargetFragment:  {"request-target-fragment", 1<<ComponentPath | 1<<ComponentQuery | 1<<ComponentFragment},
	CausePortRange:       {"port-out-of-range", 1 << ComponentPort},
	CauseNetURLReescape:  {"neturl-reescaped-path", 1<<ComponentPath | 1<<ComponentFragment},
	CauseInvalidUnit:     {"invalid-URL-unit", 0},
	CauseEmptyAuthority:  {"neturl-empty-authority", 1<<ComponentUserinfo | 1<<ComponentHost | 1<<ComponentPort | 1<<ComponentPath | 1<<ComponentQuery | 1<<ComponentFragment},
}

// String returns the cause's name, as iri interop writes it.
func (c Cause) String() string {
	if c < numCauses {
		return causeInfo[c].name
	}
	return "Cause(" + strconv.Itoa(int(c)) + ")"
}

// Affects returns the components c can change.
func (c Cause) Affects() Components {
	if c < numCauses {
		return causeInfo[c].affects
	}
	return 0
}

// AllCauses returns every cause, in order.
func AllCauses() []Cause {
	l := make([]Cause, numCauses)
	for i := range l {
		l[i] = Cause(i)
	}
	return l
}

// Causes is a set of causes, a bit each (1<<Cause).
type Causes uint32

// Has reports whether c is in s.
func (s Causes) Has(c Cause) bool { return s&(1<<c) != 0 }

// Len returns the number of causes in s.
func (s Causes) Len() int { return bits.OnesCount32(uint32(s)) }

// List returns the causes of s, in order.
func (s Causes) List() []Cause { return members(uint64(s), numCauses) }

// String returns the names of the causes of s, comma-separated.
func (s Causes) String() string { return names(s.List()) }

// affects returns the components the causes of s can change.
func (s Causes) affects() Components {
	var a Components
	for c := range numCauses {
		if s.Has(c) {
			a |= causeInfo[c].affects
		}
	}
	return a
}

// destination are the causes that can change a scheme, host or port.
var destination = func() (s Causes) {
	for c := range numCauses {
		if causeInfo[c].affects&Destination != 0 {
			s |= 1 << c
		}
	}
	return
}()

// causesOf returns the causes of a report: those of the reference and
// the base that can change a component in differs, and all of them where
// a reader refuses what another accepts.
func causesOf(ref string, ctx Context, differs Components, refused ReaderSet) Causes {
	all := triggers(ref, ctx, true)
	if refused != 0 {
		return all
	}
	var s Causes
	for c := range numCauses {
		if all.Has(c) && causeInfo[c].affects&differs != 0 {
			s |= 1 << c
		}
	}
	return s
}
