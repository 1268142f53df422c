package scanner

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/irikit/iri/internal/ascii"
	"github.com/irikit/iri/tables"
)

var allRules = []Rule{IRIReference, IRI, AbsoluteIRI, IRelativeRef, URIReference, URI, AbsoluteURI, RelativeRef}

// slice returns s[lo:hi], or a marker when the offsets are out of range,
// so that a wrong Result fails a test instead of panicking.
func slice(s string, lo, hi int32) string {
	if lo < 0 || hi < lo || int(hi) > len(s) {
		return fmt.Sprintf("<bad %d:%d>", lo, hi)
	}
	return s[lo:hi]
}

// components lists the components of a valid Result as result.go
// documents them: present components only, each as name=%+q, in the order
// scheme, authority, userinfo, host, port, path, query, fragment. Path is
// always present; an absent component is left out, an empty one is "".
func components(s string, r Result) string {
	var b strings.Builder
	add := func(name string, lo, hi int32) {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%s=%+q", name, slice(s, lo, hi))
	}
	if r.Parts&HasScheme != 0 {
		add("scheme", 0, r.SchemeEnd)
	}
	if r.Parts&HasAuthority != 0 {
		add("authority", r.AuthorityStart, r.PathStart)
	}
	if r.Parts&HasUserinfo != 0 {
		add("userinfo", r.AuthorityStart, r.UserinfoEnd)
	}
	if r.Parts&HasAuthority != 0 {
		add("host", r.HostStart, r.HostEnd)
	}
	if r.Parts&HasPort != 0 {
		add("port", r.PortStart, r.PathStart)
	}
	add("path", r.PathStart, r.PathEnd)
	if r.Parts&HasQuery != 0 {
		add("query", r.QueryStart, r.QueryEnd)
	}
	if r.Parts&HasFragment != 0 {
		add("fragment", r.FragmentStart, int32(len(s)))
	}
	return b.String()
}

func isBidi(r rune) bool { return r == 0x200E || r == 0x200F || 0x202A <= r && r <= 0x202E }
func isPrivate(r rune) bool {
	return 0xE000 <= r && r <= 0xF8FF || 0xF0000 <= r && r <= 0xFFFFD || 0x100000 <= r && r <= 0x10FFFD
}

// checkOffsets verifies what result.go promises of a valid Result: the
// delimiters sit where the offsets say, absent components have zero
// offsets, the components tile the input, and the flags tell the truth.
func checkOffsets(t *testing.T, call, s string, r Result) {
	t.Helper()
	n := int32(len(s))
	at := func(i int32, c byte) bool { return i >= 0 && i < n && s[i] == c }
	bad := func(format string, args ...any) {
		t.Helper()
		t.Errorf("%s: %s (result %+v)", call, fmt.Sprintf(format, args...), r)
	}
	if r.Offset != 0 || r.Component != ComponentNone {
		bad("valid result with Offset %d Component %d", r.Offset, r.Component)
	}
	if r.Parts&HasScheme != 0 {
		if !at(r.SchemeEnd, ':') || r.SchemeEnd < 1 {
			bad("SchemeEnd %d is not a ':'", r.SchemeEnd)
		}
	} else if r.SchemeEnd != 0 {
		bad("no scheme but SchemeEnd %d", r.SchemeEnd)
	}
	pathStart := int32(0)
	if r.Parts&HasScheme != 0 {
		pathStart = r.SchemeEnd + 1
	}
	if r.Parts&HasAuthority != 0 {
		if r.AuthorityStart < 2 || slice(s, r.AuthorityStart-2, r.AuthorityStart) != "//" || r.AuthorityStart != pathStart+2 {
			bad("AuthorityStart %d does not follow \"//\"", r.AuthorityStart)
		}
		if !(r.AuthorityStart <= r.HostStart && r.HostStart <= r.HostEnd && r.HostEnd <= r.PathStart) {
			bad("authority offsets out of order")
		}
		if r.HostKind == HostNone {
			bad("authority without a host kind")
		}
		pathStart = r.PathStart
	} else if r.AuthorityStart != 0 || r.HostStart != 0 || r.HostEnd != 0 || r.HostKind != HostNone || r.Parts&(HasUserinfo|HasPort) != 0 {
		bad("no authority but authority offsets, kind or parts")
	}
	if r.Parts&HasUserinfo != 0 {
		if !at(r.UserinfoEnd, '@') || r.HostStart != r.UserinfoEnd+1 {
			bad("UserinfoEnd %d is not the '@' before the host", r.UserinfoEnd)
		}
	} else if r.UserinfoEnd != 0 || (r.Parts&HasAuthority != 0 && r.HostStart != r.AuthorityStart) {
		bad("no userinfo but UserinfoEnd %d, HostStart %d", r.UserinfoEnd, r.HostStart)
	}
	if r.Parts&HasPort != 0 {
		if !at(r.PortStart-1, ':') || r.HostEnd != r.PortStart-1 {
			bad("PortStart %d does not follow the ':' after the host", r.PortStart)
		}
	} else if r.PortStart != 0 || (r.Parts&HasAuthority != 0 && r.HostEnd != r.PathStart) {
		bad("no port but PortStart %d, HostEnd %d", r.PortStart, r.HostEnd)
	}
	if r.PathStart != pathStart || r.PathEnd < r.PathStart {
		bad("path %d:%d, want it to start at %d", r.PathStart, r.PathEnd, pathStart)
	}
	end := r.PathEnd
	if r.Parts&HasQuery != 0 {
		if !at(r.QueryStart-1, '?') || r.QueryStart != r.PathEnd+1 || r.QueryEnd < r.QueryStart {
			bad("query %d:%d does not follow the path's '?'", r.QueryStart, r.QueryEnd)
		}
		end = r.QueryEnd
	} else if r.QueryStart != 0 || r.QueryEnd != 0 {
		bad("no query but offsets %d:%d", r.QueryStart, r.QueryEnd)
	}
	if r.Parts&HasFragment != 0 {
		if !at(r.FragmentStart-1, '#') || r.FragmentStart != end+1 {
			bad("FragmentStart %d does not follow a '#' at %d", r.FragmentStart, end)
		}
	} else if r.FragmentStart != 0 || end != n {
		bad("no fragment but FragmentStart %d, components end at %d of %d", r.FragmentStart, end, n)
	}
	// Flags.
	var nonASCII, private, bidi bool
	for i, c := range s {
		nonASCII = nonASCII || c >= 0x80
		bidi = bidi || isBidi(c)
		private = private || isPrivate(c) && r.Parts&HasQuery != 0 && int32(i) >= r.QueryStart && int32(i) < r.QueryEnd
	}
	for _, f := range []struct {
		flag Flags
		name string
		want bool
	}{
		{HasNonASCII, "HasNonASCII", nonASCII},
		{HasPercent, "HasPercent", strings.Contains(s, "%")},
		{HasIPrivate, "HasIPrivate", private},
		{HasBidi, "HasBidi", bidi},
	} {
		if got := r.Flags&f.flag != 0; got != f.want {
			bad("flag %s = %v, want %v", f.name, got, f.want)
		}
	}
}

type validCase struct {
	rfc  string // the section the case comes from
	in   string
	rule Rule
	opts Options
	want string // components(in, result)
	kind HostKind
}

// checkValid runs every entry point on a case that must be valid, and
// derives from its components what the seven other rules must say.
func checkValid(t *testing.T, tt validCase) {
	t.Helper()
	call := fmt.Sprintf("Scan(%+q, %v, %d) [RFC %s]", tt.in, tt.rule, tt.opts, tt.rfc)
	r := Scan(tt.in, tt.rule, tt.opts)
	if r.Code != CodeOK {
		t.Errorf("%s = code %d at offset %d in component %d, want valid", call, r.Code, r.Offset, r.Component)
		return
	}
	if got := components(tt.in, r); got != tt.want {
		t.Errorf("%s components = %s, want %s", call, got, tt.want)
	}
	if r.HostKind != tt.kind {
		t.Errorf("%s HostKind = %v, want %v", call, r.HostKind, tt.kind)
	}
	checkOffsets(t, call, tt.in, r)
	if rb := ScanBytes([]byte(tt.in), tt.rule, tt.opts); rb != r {
		t.Errorf("ScanBytes(%+q, %v) = %+v, Scan = %+v", tt.in, tt.rule, rb, r)
	}
	if !Valid(tt.in, tt.rule, tt.opts) {
		t.Errorf("Valid(%+q, %v) = false, want true", tt.in, tt.rule)
	}
	dst, ra := AppendURI([]byte("pre"), tt.in, tt.rule, tt.opts)
	if ra != r {
		t.Errorf("AppendURI(%+q, %v) result = %+v, Scan = %+v", tt.in, tt.rule, ra, r)
	}
	if want := "pre" + string(ascii.EncodeNonASCII(nil, tt.in)); string(dst) != want {
		t.Errorf("AppendURI(%+q, %v) = %+q, want %+q", tt.in, tt.rule, dst, want)
	}

	// The other rules, from RFC 3987 2.2 and RFC 3986 4.1-4.3: an
	// IRI-reference is an IRI exactly when it starts with scheme ":"
	// (4.2 keeps relative paths from looking like one); absolute forms
	// have no fragment; the URI rules are the IRI rules over ASCII.
	hasScheme := r.Parts&HasScheme != 0
	hasFrag := r.Parts&HasFragment != 0
	firstNonASCII := -1
	for i := 0; i < len(tt.in); i++ {
		if tt.in[i] >= 0x80 {
			firstNonASCII = i
			break
		}
	}
	for _, rule := range allRules {
		base := rule
		if rule.ASCII() {
			base -= URIReference
		}
		var ok bool
		switch base {
		case IRIReference:
			ok = true
		case IRI:
			ok = hasScheme
		case AbsoluteIRI:
			ok = hasScheme && !hasFrag
		case IRelativeRef:
			ok = !hasScheme
		}
		baseOK := ok
		if rule.ASCII() && firstNonASCII >= 0 {
			ok = false
		}
		got := Scan(tt.in, rule, tt.opts)
		if (got.Code == CodeOK) != ok {
			t.Errorf("Scan(%+q, %v) = code %d offset %d, want valid=%v (valid as %v)", tt.in, rule, got.Code, got.Offset, ok, tt.rule)
			continue
		}
		switch {
		case ok:
			// Same components whatever the rule.
			if c := components(tt.in, got); c != tt.want || got.HostKind != tt.kind {
				t.Errorf("Scan(%+q, %v) components = %s %v, want %s %v", tt.in, rule, c, got.HostKind, tt.want, tt.kind)
			}
		case base == IRelativeRef && hasScheme:
			// RFC 3986 4.2: the scheme's ':' is in the first segment.
			if got.Code != CodeColonInFirstSegment || got.Offset != r.SchemeEnd || got.Component != ComponentPath {
				t.Errorf("Scan(%+q, %v) = code %d offset %d comp %d, want CodeColonInFirstSegment at %d in path", tt.in, rule, got.Code, got.Offset, got.Component, r.SchemeEnd)
			}
		case rule.NoFragment() && hasScheme && (firstNonASCII < 0 || int32(firstNonASCII) > r.FragmentStart-1) && hasFrag:
			if got.Code != CodeFragment || got.Offset != r.FragmentStart-1 || got.Component != ComponentFragment {
				t.Errorf("Scan(%+q, %v) = code %d offset %d comp %d, want CodeFragment at %d", tt.in, rule, got.Code, got.Offset, got.Component, r.FragmentStart-1)
			}
		case rule.ASCII() && baseOK:
			if got.Code != CodeNonASCII || int(got.Offset) != firstNonASCII {
				t.Errorf("Scan(%+q, %v) = code %d offset %d, want CodeNonASCII at %d", tt.in, rule, got.Code, got.Offset, firstNonASCII)
			}
		}
	}
}

// RFC 3986 section 1.1.2 examples, section 3's example, and the base URI
// of section 5.4.
func TestRFC3986Section1_1_2Examples(t *testing.T) {
	tests := []validCase{
		{"3986 1.1.2", "ftp://ftp.is.co.za/rfc/rfc1808.txt", URI, 0, `scheme="ftp" authority="ftp.is.co.za" host="ftp.is.co.za" path="/rfc/rfc1808.txt"`, HostRegName},
		{"3986 1.1.2", "http://www.ietf.org/rfc/rfc2396.txt", URI, 0, `scheme="http" authority="www.ietf.org" host="www.ietf.org" path="/rfc/rfc2396.txt"`, HostRegName},
		{"3986 1.1.2", "ldap://[2001:db8::7]/c=GB?objectClass?one", URI, 0, `scheme="ldap" authority="[2001:db8::7]" host="[2001:db8::7]" path="/c=GB" query="objectClass?one"`, HostIPv6},
		{"3986 1.1.2", "mailto:John.Doe@example.com", URI, 0, `scheme="mailto" path="John.Doe@example.com"`, HostNone},
		{"3986 1.1.2", "news:comp.infosystems.www.servers.unix", URI, 0, `scheme="news" path="comp.infosystems.www.servers.unix"`, HostNone},
		{"3986 1.1.2", "tel:+1-816-555-1212", URI, 0, `scheme="tel" path="+1-816-555-1212"`, HostNone},
		{"3986 1.1.2", "telnet://192.0.2.16:80/", URI, 0, `scheme="telnet" authority="192.0.2.16:80" host="192.0.2.16" port="80" path="/"`, HostIPv4},
		{"3986 1.1.2", "urn:oasis:names:specification:docbook:dtd:xml:4.1.2", URI, 0, `scheme="urn" path="oasis:names:specification:docbook:dtd:xml:4.1.2"`, HostNone},
		{"3986 3", "foo://example.com:8042/over/there?name=ferret#nose", URIReference, 0, `scheme="foo" authority="example.com:8042" host="example.com" port="8042" path="/over/there" query="name=ferret" fragment="nose"`, HostRegName},
		{"3986 3", "urn:example:animal:ferret:nose", URI, 0, `scheme="urn" path="example:animal:ferret:nose"`, HostNone},
		{"3986 5.4 base", "http://a/b/c/d;p?q", AbsoluteURI, 0, `scheme="http" authority="a" host="a" path="/b/c/d;p" query="q"`, HostRegName},
	}
	for _, tt := range tests {
		checkValid(t, tt)
	}
}

// RFC 3986 section 5.4.1 and 5.4.2: every reference is a valid
// URI-reference, and so a valid IRI-reference.
func TestRFC3986Section5_4References(t *testing.T) {
	self := func(s string) validCase {
		return validCase{"3986 5.4", s, RelativeRef, 0, fmt.Sprintf("path=%+q", s), HostNone}
	}
	tests := []validCase{
		{"3986 5.4.1", "g:h", URI, 0, `scheme="g" path="h"`, HostNone},
		self("g"), self("./g"), self("g/"), self("/g"),
		{"3986 5.4.1", "//g", RelativeRef, 0, `authority="g" host="g" path=""`, HostRegName},
		{"3986 5.4.1", "?y", RelativeRef, 0, `path="" query="y"`, HostNone},
		{"3986 5.4.1", "g?y", RelativeRef, 0, `path="g" query="y"`, HostNone},
		{"3986 5.4.1", "#s", RelativeRef, 0, `path="" fragment="s"`, HostNone},
		{"3986 5.4.1", "g#s", RelativeRef, 0, `path="g" fragment="s"`, HostNone},
		{"3986 5.4.1", "g?y#s", RelativeRef, 0, `path="g" query="y" fragment="s"`, HostNone},
		self(";x"), self("g;x"),
		{"3986 5.4.1", "g;x?y#s", RelativeRef, 0, `path="g;x" query="y" fragment="s"`, HostNone},
		self(""), self("."), self("./"), self(".."), self("../"), self("../g"), self("../.."),
		self("../../"), self("../../g"),
		// 5.4.2 abnormal examples.
		self("../../../g"), self("../../../../g"), self("/./g"), self("/../g"), self("g."),
		self(".g"), self("g.."), self("..g"), self("./../g"), self("./g/."), self("g/./h"),
		self("g/../h"), self("g;x=1/./y"), self("g;x=1/../y"),
		{"3986 5.4.2", "g?y/./x", RelativeRef, 0, `path="g" query="y/./x"`, HostNone},
		{"3986 5.4.2", "g?y/../x", RelativeRef, 0, `path="g" query="y/../x"`, HostNone},
		{"3986 5.4.2", "g#s/./x", RelativeRef, 0, `path="g" fragment="s/./x"`, HostNone},
		{"3986 5.4.2", "g#s/../x", RelativeRef, 0, `path="g" fragment="s/../x"`, HostNone},
		{"3986 5.4.2", "http:g", URI, 0, `scheme="http" path="g"`, HostNone},
	}
	for _, tt := range tests {
		checkValid(t, tt)
	}
	// The resolved targets are all URIs.
	targets := []string{
		"g:h", "http://a/b/c/g", "http://a/b/c/g/", "http://a/g", "http://g",
		"http://a/b/c/d;p?y", "http://a/b/c/g?y", "http://a/b/c/d;p?q#s", "http://a/b/c/g#s",
		"http://a/b/c/g?y#s", "http://a/b/c/;x", "http://a/b/c/g;x", "http://a/b/c/g;x?y#s",
		"http://a/b/c/d;p?q", "http://a/b/c/", "http://a/b/", "http://a/b/g", "http://a/",
		"http://a/b/c/g.", "http://a/b/c/.g", "http://a/b/c/g..", "http://a/b/c/..g",
		"http://a/b/c/g/h", "http://a/b/c/h", "http://a/b/c/g;x=1/y", "http://a/b/c/y",
		"http://a/b/c/g?y/./x", "http://a/b/c/g?y/../x", "http://a/b/c/g#s/./x",
		"http://a/b/c/g#s/../x", "http:g",
	}
	for _, s := range targets {
		for _, rule := range []Rule{URI, IRI, URIReference, IRIReference} {
			if r := Scan(s, rule, 0); r.Code != CodeOK {
				t.Errorf("Scan(%q, %v) [RFC 3986 5.4 target] = code %d at %d, want valid", s, rule, r.Code, r.Offset)
			}
		}
	}
}

// RFC 3986 section 3 and result.go: a present component may be empty; an
// absent one is not reported.
func TestRFC3986Section3AbsentVersusEmpty(t *testing.T) {
	tests := []validCase{
		{"3986 3.4", "http://h?", IRI, 0, `scheme="http" authority="h" host="h" path="" query=""`, HostRegName},
		{"3986 3.4", "http://h", IRI, 0, `scheme="http" authority="h" host="h" path=""`, HostRegName},
		{"3986 3.3", "a:", IRI, 0, `scheme="a" path=""`, HostNone},
		{"3986 3.2", "//", IRIReference, 0, `authority="" host="" path=""`, HostRegName},
		{"3986 3.2.1", "http://@h", IRI, 0, `scheme="http" authority="@h" userinfo="" host="h" path=""`, HostRegName},
		{"3986 3.2.3", "http://h:", IRI, 0, `scheme="http" authority="h:" host="h" port="" path=""`, HostRegName},
		{"3986 3.5", "#", IRIReference, 0, `path="" fragment=""`, HostNone},
		{"3986 4.1", "", IRIReference, 0, `path=""`, HostNone},
		{"3986 4.2", "", IRelativeRef, 0, `path=""`, HostNone},
		{"3986 3.5", "http://h#", IRI, 0, `scheme="http" authority="h" host="h" path="" fragment=""`, HostRegName},
		{"3986 3.4", "http://h?#", IRI, 0, `scheme="http" authority="h" host="h" path="" query="" fragment=""`, HostRegName},
		{"3986 3.4", "?", IRIReference, 0, `path="" query=""`, HostNone},
		{"3986 3.4", "?#", IRIReference, 0, `path="" query="" fragment=""`, HostNone},
		{"3986 3.2.2", "http://", IRI, 0, `scheme="http" authority="" host="" path=""`, HostRegName},
		{"3986 3.2.2", "https://", IRI, 0, `scheme="https" authority="" host="" path=""`, HostRegName},
		{"3986 3.2.1", "http://@", IRI, 0, `scheme="http" authority="@" userinfo="" host="" path=""`, HostRegName},
		{"3986 3.2.3", "http://:", IRI, 0, `scheme="http" authority=":" host="" port="" path=""`, HostRegName},
		{"3986 3.2.3", "http://:80", IRI, 0, `scheme="http" authority=":80" host="" port="80" path=""`, HostRegName},
		{"3986 3.2.3", "http://@:", IRI, 0, `scheme="http" authority="@:" userinfo="" host="" port="" path=""`, HostRegName},
		{"3986 3.2.3", "http://u@h:", IRI, 0, `scheme="http" authority="u@h:" userinfo="u" host="h" port="" path=""`, HostRegName},
		{"3986 3.2.2", "file:///etc/passwd", IRI, 0, `scheme="file" authority="" host="" path="/etc/passwd"`, HostRegName},
		{"3986 3.3", "a:/", IRI, 0, `scheme="a" path="/"`, HostNone},
		{"3986 3.3", "a://", IRI, 0, `scheme="a" authority="" host="" path=""`, HostRegName},
		{"3986 3.3", "a:///", IRI, 0, `scheme="a" authority="" host="" path="/"`, HostRegName},
		{"3986 3.3", "http://h/?#", IRI, 0, `scheme="http" authority="h" host="h" path="/" query="" fragment=""`, HostRegName},
		{"3986 3", "http://u@h:80/p?q#f", IRI, 0, `scheme="http" authority="u@h:80" userinfo="u" host="h" port="80" path="/p" query="q" fragment="f"`, HostRegName},
		{"3986 3", "https://u@h:80/p?q#f", IRI, 0, `scheme="https" authority="u@h:80" userinfo="u" host="h" port="80" path="/p" query="q" fragment="f"`, HostRegName},
		{"3986 3", "HTTP://u@h:80/p?q#f", IRI, 0, `scheme="HTTP" authority="u@h:80" userinfo="u" host="h" port="80" path="/p" query="q" fragment="f"`, HostRegName},
		{"3986 4.2", "//u@h:80/p?q#f", IRelativeRef, 0, `authority="u@h:80" userinfo="u" host="h" port="80" path="/p" query="q" fragment="f"`, HostRegName},
	}
	for _, tt := range tests {
		checkValid(t, tt)
	}
	// The empty string is no IRI: scheme is required (RFC 3987 2.2).
	for _, rule := range []Rule{IRI, AbsoluteIRI, URI, AbsoluteURI} {
		if r := Scan("", rule, 0); r.Code != CodeSchemeStart || r.Offset != 0 || r.Component != ComponentScheme {
			t.Errorf("Scan(\"\", %v) = code %d offset %d comp %d, want CodeSchemeStart at 0 in scheme", rule, r.Code, r.Offset, r.Component)
		}
	}
}

// Exact raw offsets for one reference with every component, per the
// field comments of Result.
func TestResultOffsets(t *testing.T) {
	for _, s := range []string{"http://u@h:80/p?q#f", "ftps://u@h:80/p?q#f"} {
		d := int32(len(s) - len("http://u@h:80/p?q#f"))
		got := Scan(s, IRI, 0)
		want := Result{
			SchemeEnd: 4 + d, AuthorityStart: 7 + d, UserinfoEnd: 8 + d, HostStart: 9 + d, HostEnd: 10 + d,
			PortStart: 11 + d, PathStart: 13 + d, PathEnd: 15 + d, QueryStart: 16 + d, QueryEnd: 17 + d,
			FragmentStart: 18 + d,
			Parts:         HasScheme | HasAuthority | HasUserinfo | HasPort | HasQuery | HasFragment,
			HostKind:      HostRegName,
		}
		if got != want {
			t.Errorf("Scan(%q, IRI) = %+v, want %+v", s, got, want)
		}
	}
	// The zero Result is the empty relative reference.
	if got := Scan("", IRIReference, 0); got != (Result{}) {
		t.Errorf("Scan(\"\", IRI-reference) = %+v, want the zero Result", got)
	}
	r := Scan("g", IRIReference, 0)
	if !r.OK() || r.PathEnd != 1 {
		t.Errorf("Scan(\"g\") = %+v", r)
	}
	if r := Scan(" ", IRIReference, 0); r.OK() {
		t.Errorf("Scan(\" \").OK() = true")
	}
}

// RFC 3986 section 3.2: userinfo, host and port, with every character the
// ABNF allows in each.
func TestRFC3986Section3_2Authority(t *testing.T) {
	tests := []validCase{
		{"3986 3.2.1", "http://u:p@h:8/", IRI, 0, `scheme="http" authority="u:p@h:8" userinfo="u:p" host="h" port="8" path="/"`, HostRegName},
		{"3986 3.2.1", "http://a:b:c@h:1/", IRI, 0, `scheme="http" authority="a:b:c@h:1" userinfo="a:b:c" host="h" port="1" path="/"`, HostRegName},
		{"3986 3.2.1", "http://h:80@x", IRI, 0, `scheme="http" authority="h:80@x" userinfo="h:80" host="x" path=""`, HostRegName},
		{"3986 3.2.1", "http://u:@h", IRI, 0, `scheme="http" authority="u:@h" userinfo="u:" host="h" path=""`, HostRegName},
		{"3986 3.2.1", "http://:@h", IRI, 0, `scheme="http" authority=":@h" userinfo=":" host="h" path=""`, HostRegName},
		{"3986 3.2.1", "http://%41:%42@h", IRI, 0, `scheme="http" authority="%41:%42@h" userinfo="%41:%42" host="h" path=""`, HostRegName},
		{"3986 3.2.1", "http://!$&'()*+,;=:!$&'()*+,;=@!$&'()*+,;=:1/", IRI, 0, `scheme="http" authority="!$&'()*+,;=:!$&'()*+,;=@!$&'()*+,;=:1" userinfo="!$&'()*+,;=:!$&'()*+,;=" host="!$&'()*+,;=" port="1" path="/"`, HostRegName},
		{"3986 3.2.1", "http://-._~:-._~@-._~", IRI, 0, `scheme="http" authority="-._~:-._~@-._~" userinfo="-._~:-._~" host="-._~" path=""`, HostRegName},
		{"3986 3.2.1", "//u:1@h?", IRIReference, 0, `authority="u:1@h" userinfo="u:1" host="h" path="" query=""`, HostRegName},
		{"3986 3.2.2", "http://%68%6F%73%74/", IRI, 0, `scheme="http" authority="%68%6F%73%74" host="%68%6F%73%74" path="/"`, HostRegName},
		{"3986 3.2.3", "http://u@h:0123", IRI, 0, `scheme="http" authority="u@h:0123" userinfo="u" host="h" port="0123" path=""`, HostRegName},
		{"3986 3.2.3", "http://h:65536?x", IRI, 0, `scheme="http" authority="h:65536" host="h" port="65536" path="" query="x"`, HostRegName},
		{"3986 3.2.3", "http://h:8#x", IRI, 0, `scheme="http" authority="h:8" host="h" port="8" path="" fragment="x"`, HostRegName},
		{"3986 3.2.3", "//h:8x@y:9", IRIReference, 0, `authority="h:8x@y:9" userinfo="h:8x" host="y" port="9" path=""`, HostRegName},
	}
	for _, tt := range tests {
		checkValid(t, tt)
	}
}

// RFC 3986 section 3.2.2: IPv4address wins over reg-name (first match),
// IP-literal keeps its brackets in the host.
func TestRFC3986Section3_2_2HostKinds(t *testing.T) {
	tests := []validCase{
		{"3986 3.2.2", "http://1.2.3.4/", IRI, 0, `scheme="http" authority="1.2.3.4" host="1.2.3.4" path="/"`, HostIPv4},
		{"3986 3.2.2", "http://1.2.3.256/", IRI, 0, `scheme="http" authority="1.2.3.256" host="1.2.3.256" path="/"`, HostRegName},
		{"3986 3.2.2", "http://01.2.3.4/", IRI, 0, `scheme="http" authority="01.2.3.4" host="01.2.3.4" path="/"`, HostRegName},
		{"3986 3.2.2", "http://1.2.3.4.5/", IRI, 0, `scheme="http" authority="1.2.3.4.5" host="1.2.3.4.5" path="/"`, HostRegName},
		{"3986 3.2.2", "http://1.2.3/", IRI, 0, `scheme="http" authority="1.2.3" host="1.2.3" path="/"`, HostRegName},
		{"3986 3.2.2", "http://1.2.3.4./", IRI, 0, `scheme="http" authority="1.2.3.4." host="1.2.3.4." path="/"`, HostRegName},
		{"3986 3.2.2", "http://%31.2.3.4/", IRI, 0, `scheme="http" authority="%31.2.3.4" host="%31.2.3.4" path="/"`, HostRegName},
		{"3986 3.2.2", "http://0.0.0.0", IRI, 0, `scheme="http" authority="0.0.0.0" host="0.0.0.0" path=""`, HostIPv4},
		{"3986 3.2.2", "http://255.255.255.255:80", IRI, 0, `scheme="http" authority="255.255.255.255:80" host="255.255.255.255" port="80" path=""`, HostIPv4},
		{"3986 3.2.2", "http://u@1.2.3.4:80/", IRI, 0, `scheme="http" authority="u@1.2.3.4:80" userinfo="u" host="1.2.3.4" port="80" path="/"`, HostIPv4},
		{"3986 3.2.2", "http://1.2.3.4:/", IRI, 0, `scheme="http" authority="1.2.3.4:" host="1.2.3.4" port="" path="/"`, HostIPv4},
		{"3986 3.2.2", "//192.0.2.16?q", IRIReference, 0, `authority="192.0.2.16" host="192.0.2.16" path="" query="q"`, HostIPv4},
		{"3986 3.2.2", "http://[::1]/", IRI, 0, `scheme="http" authority="[::1]" host="[::1]" path="/"`, HostIPv6},
		{"3986 3.2.2", "http://[v1.x]/", IRI, 0, `scheme="http" authority="[v1.x]" host="[v1.x]" path="/"`, HostIPvFuture},
		{"3986 3.2.2", "http://[V1a.x:y]", IRI, 0, `scheme="http" authority="[V1a.x:y]" host="[V1a.x:y]" path=""`, HostIPvFuture},
		{"3986 3.2.2", "http://[v7.!$&'()*+,;=:-._~]", IRI, 0, `scheme="http" authority="[v7.!$&'()*+,;=:-._~]" host="[v7.!$&'()*+,;=:-._~]" path=""`, HostIPvFuture},
		{"3986 3.2.2", "http://u@[::1]:8/", IRI, 0, `scheme="http" authority="u@[::1]:8" userinfo="u" host="[::1]" port="8" path="/"`, HostIPv6},
		{"3986 3.2.2", "http://u:p@[::1]", IRI, 0, `scheme="http" authority="u:p@[::1]" userinfo="u:p" host="[::1]" path=""`, HostIPv6},
		{"3986 3.2.2", "http://[::1]:/", IRI, 0, `scheme="http" authority="[::1]:" host="[::1]" port="" path="/"`, HostIPv6},
		{"3986 3.2.2", "http://[2001:db8::7]?q#f", IRI, 0, `scheme="http" authority="[2001:db8::7]" host="[2001:db8::7]" path="" query="q" fragment="f"`, HostIPv6},
		{"3986 3.2.2", "http://[::ffff:192.0.2.1]#x", IRI, 0, `scheme="http" authority="[::ffff:192.0.2.1]" host="[::ffff:192.0.2.1]" path="" fragment="x"`, HostIPv6},
		{"3986 3.2.2", "//[::1]", IRIReference, 0, `authority="[::1]" host="[::1]" path=""`, HostIPv6},
		{"3987 2.2 ireg-name", "http://r\u00e9sum\u00e9.example.org", IRI, 0, `scheme="http" authority="r\u00e9sum\u00e9.example.org" host="r\u00e9sum\u00e9.example.org" path=""`, HostRegName},
	}
	for _, tt := range tests {
		checkValid(t, tt)
	}
}

// RFC 3986 section 3.3 and 4.2: paths, and the colon rule for the first
// segment of a relative path.
func TestRFC3986Section3_3Paths(t *testing.T) {
	tests := []validCase{
		{"3986 4.2", "a/b:c", IRelativeRef, 0, `path="a/b:c"`, HostNone},
		{"3986 4.2", "./a:b", IRelativeRef, 0, `path="./a:b"`, HostNone},
		{"3986 3.3 segment-nz-nc", "a@b", IRelativeRef, 0, `path="a@b"`, HostNone},
		{"3986 3.3 segment-nz-nc", "!$&'()*+,;=-._~%41@", IRelativeRef, 0, `path="!$&'()*+,;=-._~%41@"`, HostNone},
		{"3986 4.2", "a:b", IRI, 0, `scheme="a" path="b"`, HostNone},
		{"3986 3.3", "a:b:c", IRI, 0, `scheme="a" path="b:c"`, HostNone},
		{"3986 3.3", "a:b//c", IRI, 0, `scheme="a" path="b//c"`, HostNone},
		{"3986 3.3", "a:%41", IRI, 0, `scheme="a" path="%41"`, HostNone},
		{"3986 3.3", "a::", IRI, 0, `scheme="a" path=":"`, HostNone},
		{"3986 3.3", "/:", IRelativeRef, 0, `path="/:"`, HostNone},
		{"3986 3.3", "/a//b", IRelativeRef, 0, `path="/a//b"`, HostNone},
		{"3986 3.3", "//h//p", IRelativeRef, 0, `authority="h" host="h" path="//p"`, HostRegName},
		{"3986 3.3", "http://h/a:b@c", IRI, 0, `scheme="http" authority="h" host="h" path="/a:b@c"`, HostRegName},
		{"3986 3.3", "http://h/~!$&'()*+,;=:@-._", IRI, 0, `scheme="http" authority="h" host="h" path="/~!$&'()*+,;=:@-._"`, HostRegName},
		{"3986 3.3", "http://h/%41%e9%FF", IRI, 0, `scheme="http" authority="h" host="h" path="/%41%e9%FF"`, HostRegName},
		{"3986 3.3", "mailto:a@b", IRI, 0, `scheme="mailto" path="a@b"`, HostNone},
		{"3986 3.1", "g.h-i+j:k", IRI, 0, `scheme="g.h-i+j" path="k"`, HostNone},
		{"3986 3.1", "A:x", IRI, 0, `scheme="A" path="x"`, HostNone},
		{"3986 3.1", "z9+-.:", IRI, 0, `scheme="z9+-." path=""`, HostNone},
		{"3986 3.4", "http://h?a?b/c:@", IRI, 0, `scheme="http" authority="h" host="h" path="" query="a?b/c:@"`, HostRegName},
		{"3986 3.5", "http://h#a?b/c:@", IRI, 0, `scheme="http" authority="h" host="h" path="" fragment="a?b/c:@"`, HostRegName},
		{"3986 3.4", "?/?", IRelativeRef, 0, `path="" query="/?"`, HostNone},
		{"3986 3.5", "#/?", IRelativeRef, 0, `path="" fragment="/?"`, HostNone},
		{"3986 3.5", "http://h?q#f?g/", IRI, 0, `scheme="http" authority="h" host="h" path="" query="q" fragment="f?g/"`, HostRegName},
	}
	for _, tt := range tests {
		checkValid(t, tt)
	}
}

// RFC 3987 section 2.2: ucschar wherever iunreserved is allowed, iprivate
// only in iquery; section 4.1: bidi formatting characters only with
// AllowBidi.
func TestRFC3987Section2_2Characters(t *testing.T) {
	tests := []validCase{
		{"3987 2.2", "http://\u00fc@\u00e9.example/\u00f6?\u00e4#\u00df", IRI, 0, `scheme="http" authority="\u00fc@\u00e9.example" userinfo="\u00fc" host="\u00e9.example" path="/\u00f6" query="\u00e4" fragment="\u00df"`, HostRegName},
		{"3987 2.2", "http://\u00fc:\u00e9@h", IRI, 0, `scheme="http" authority="\u00fc:\u00e9@h" userinfo="\u00fc:\u00e9" host="h" path=""`, HostRegName},
		{"3987 2.2", "http://\u4f8b\u3048.jp:8080/\u30d1\u30b9", IRI, 0, `scheme="http" authority="\u4f8b\u3048.jp:8080" host="\u4f8b\u3048.jp" port="8080" path="/\u30d1\u30b9"`, HostRegName},
		{"3987 2.2", "\u00e9/x", IRelativeRef, 0, `path="\u00e9/x"`, HostNone},
		{"3987 2.2", "\u00e9", IRIReference, 0, `path="\u00e9"`, HostNone},
		{"3987 2.2", "x:\u00e9", IRI, 0, `scheme="x" path="\u00e9"`, HostNone},
		{"3987 2.2", "http://h/\U0001F600", IRI, 0, `scheme="http" authority="h" host="h" path="/\U0001f600"`, HostRegName},
		{"3987 2.2", "//\U0001F600", IRIReference, 0, `authority="\U0001f600" host="\U0001f600" path=""`, HostRegName},
		{"3987 2.2 iprivate", "http://h/?\ue000", IRI, 0, `scheme="http" authority="h" host="h" path="/" query="\ue000"`, HostRegName},
		{"3987 2.2 iprivate", "?\U000F0000\U0010FFFD", IRIReference, 0, `path="" query="\U000f0000\U0010fffd"`, HostNone},
		{"3987 2.2 iprivate", "http://h?\uf8ff#f", IRI, 0, `scheme="http" authority="h" host="h" path="" query="\uf8ff" fragment="f"`, HostRegName},
		{"3987 2.2 iprivate", "a:?\U000FFFFD\U00100000", AbsoluteIRI, 0, `scheme="a" path="" query="\U000ffffd\U00100000"`, HostNone},
		{"3987 2.2 ucschar", "http://h/\U000E1000", IRI, 0, `scheme="http" authority="h" host="h" path="/\U000e1000"`, HostRegName},
		{"3987 2.2 ucschar", "http://h/a\u200db", IRI, 0, `scheme="http" authority="h" host="h" path="/a\u200db"`, HostRegName},
		{"3987 2.2 ucschar", "http://h/\u202f", IRI, 0, `scheme="http" authority="h" host="h" path="/\u202f"`, HostRegName},
		{"3987 2.2 ucschar", "http://h/\u2066\u2069", IRI, 0, `scheme="http" authority="h" host="h" path="/\u2066\u2069"`, HostRegName},
		{"3987 4.1 AllowBidi", "http://h/\u200e", IRI, AllowBidi, `scheme="http" authority="h" host="h" path="/\u200e"`, HostRegName},
		{"3987 4.1 AllowBidi", "http://h?\u202e", IRI, AllowBidi, `scheme="http" authority="h" host="h" path="" query="\u202e"`, HostRegName},
		{"3987 4.1 AllowBidi", "\u200f", IRIReference, AllowBidi, `path="\u200f"`, HostNone},
		{"3987 4.1 AllowBidi", "//\u202a@\u202b:1#\u202c\u202d", IRIReference, AllowBidi, `authority="\u202a@\u202b:1" userinfo="\u202a" host="\u202b" port="1" path="" fragment="\u202c\u202d"`, HostRegName},
	}
	// The edges of every ucschar range, in a path.
	for _, r := range []rune{0xA0, 0xD7FF, 0xF900, 0xFDCF, 0xFDF0, 0xFFEF, 0x10000, 0x1FFFD, 0x20000,
		0x2FFFD, 0x30000, 0x3FFFD, 0x40000, 0x4FFFD, 0x50000, 0x5FFFD, 0x60000, 0x6FFFD, 0x70000, 0x7FFFD,
		0x80000, 0x8FFFD, 0x90000, 0x9FFFD, 0xA0000, 0xAFFFD, 0xB0000, 0xBFFFD, 0xC0000, 0xCFFFD,
		0xD0000, 0xDFFFD, 0xE1000, 0xEFFFD} {
		s := string(r)
		tests = append(tests, validCase{"3987 2.2 ucschar edge", "x:/" + s + "/" + s, IRI, 0,
			fmt.Sprintf(`scheme="x" path=%+q`, "/"+s+"/"+s), HostNone})
	}
	// The edges of every iprivate range, in a query.
	for _, r := range []rune{0xE000, 0xF8FF, 0xF0000, 0xFFFFD, 0x100000, 0x10FFFD} {
		s := string(r)
		tests = append(tests, validCase{"3987 2.2 iprivate edge", "x:?" + s + "a" + s, IRI, 0,
			fmt.Sprintf(`scheme="x" path="" query=%+q`, s+"a"+s), HostNone})
	}
	for _, tt := range tests {
		checkValid(t, tt)
	}
}

type invalidCase struct {
	rfc  string
	in   string
	rule Rule
	opts Options
	code Code
	off  int
	comp Component
}

// checkInvalid runs every entry point on a case that must be rejected
// with the given code, offset and component.
func checkInvalid(t *testing.T, tt invalidCase) {
	t.Helper()
	r := Scan(tt.in, tt.rule, tt.opts)
	if r.Code != tt.code || int(r.Offset) != tt.off || r.Component != tt.comp {
		t.Errorf("Scan(%+q, %v, %d) [RFC %s] = code %d offset %d component %d, want code %d offset %d component %d",
			tt.in, tt.rule, tt.opts, tt.rfc, r.Code, r.Offset, r.Component, tt.code, tt.off, tt.comp)
	}
	if r.OK() {
		return
	}
	if Valid(tt.in, tt.rule, tt.opts) {
		t.Errorf("Valid(%+q, %v) = true, want false", tt.in, tt.rule)
	}
	if rb := ScanBytes([]byte(tt.in), tt.rule, tt.opts); rb != r {
		t.Errorf("ScanBytes(%+q, %v) = %+v, Scan = %+v", tt.in, tt.rule, rb, r)
	}
	// On failure AppendURI hands dst back unchanged, whether or not it
	// had to grow before the error was found.
	for _, capacity := range []int{3, 1 << 12} {
		dst := append(make([]byte, 0, capacity), "pre"...)
		out, ra := AppendURI(dst, tt.in, tt.rule, tt.opts)
		if ra != r || string(out) != "pre" || len(out) != 3 {
			t.Errorf("AppendURI(cap %d, %+q, %v) = %+q, %+v, want \"pre\", %+v", capacity, tt.in, tt.rule, out, ra, r)
		}
		outb, rab := AppendURIBytes(dst, []byte(tt.in), tt.rule, tt.opts)
		if rab != r || string(outb) != "pre" {
			t.Errorf("AppendURIBytes(cap %d, %+q, %v) = %+q, %+v, want \"pre\", %+v", capacity, tt.in, tt.rule, outb, rab, r)
		}
	}
}

// RFC 3986 section 3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ),
// and section 4.2: the first segment of a relative path has no ':'.
func TestRFC3986Section3_1Scheme(t *testing.T) {
	tests := []invalidCase{
		{"3986 3.1", "1http://x", IRI, 0, CodeSchemeStart, 0, ComponentScheme},
		{"3986 3.1", "1http://x", URI, 0, CodeSchemeStart, 0, ComponentScheme},
		{"3986 3.1", "", IRI, 0, CodeSchemeStart, 0, ComponentScheme},
		{"3986 3.1", "", AbsoluteURI, 0, CodeSchemeStart, 0, ComponentScheme},
		{"3986 3.1", "+a:b", IRI, 0, CodeSchemeStart, 0, ComponentScheme},
		{"3986 3.1", "/a", IRI, 0, CodeSchemeStart, 0, ComponentScheme},
		{"3986 3.1", ":a", IRI, 0, CodeSchemeStart, 0, ComponentScheme},
		{"3986 3.1", "%41:b", IRI, 0, CodeSchemeStart, 0, ComponentScheme},
		{"3986 3.1", "\u00e9:x", IRI, 0, CodeSchemeStart, 0, ComponentScheme},
		{"3986 3.1", "\u00e9:x", AbsoluteURI, 0, CodeSchemeStart, 0, ComponentScheme},
		{"3986 3.1", "ht~tp://x", IRI, 0, CodeScheme, 2, ComponentScheme},
		{"3986 3.1", "ht_tp://x", IRI, 0, CodeScheme, 2, ComponentScheme},
		{"3986 3.1", "h\u00e9:x", IRI, 0, CodeScheme, 1, ComponentScheme},
		{"3986 3.1", "h\u00e9:x", URI, 0, CodeScheme, 1, ComponentScheme},
		{"3986 3.1", "h%41:x", IRI, 0, CodeScheme, 1, ComponentScheme},
		{"3986 3.1", "http", IRI, 0, CodeScheme, 4, ComponentScheme},
		{"3986 3.1", "g", URI, 0, CodeScheme, 1, ComponentScheme},
		{"3986 3.1", "a/b:c", IRI, 0, CodeScheme, 1, ComponentScheme},
		{"3986 3.1", "a?b", AbsoluteIRI, 0, CodeScheme, 1, ComponentScheme},
		{"3986 3.1", "h t:x", IRI, 0, CodeScheme, 1, ComponentScheme},
		{"3986 4.2", "1a:b", IRIReference, 0, CodeColonInFirstSegment, 2, ComponentPath},
		{"3986 4.2", "1a:b", URIReference, 0, CodeColonInFirstSegment, 2, ComponentPath},
		{"3986 4.2", ":a", IRIReference, 0, CodeColonInFirstSegment, 0, ComponentPath},
		{"3986 4.2", ":", RelativeRef, 0, CodeColonInFirstSegment, 0, ComponentPath},
		{"3986 4.2", "a:b", IRelativeRef, 0, CodeColonInFirstSegment, 1, ComponentPath},
		{"3986 4.2", "a:b", RelativeRef, 0, CodeColonInFirstSegment, 1, ComponentPath},
		{"3986 4.2", "%41:b", IRIReference, 0, CodeColonInFirstSegment, 3, ComponentPath},
		{"3986 4.2", "a@b:c", IRIReference, 0, CodeColonInFirstSegment, 3, ComponentPath},
		{"3986 4.2", "-a:b", IRIReference, 0, CodeColonInFirstSegment, 2, ComponentPath},
		{"3986 4.2", "a_b:c", IRIReference, 0, CodeColonInFirstSegment, 3, ComponentPath},
		{"3986 4.2", "\u00e9:b", IRIReference, 0, CodeColonInFirstSegment, 2, ComponentPath},
		{"3986 4.2", "h\u00e9:x", IRIReference, 0, CodeColonInFirstSegment, 3, ComponentPath},
		{"3986 4.2", "http://x", IRelativeRef, 0, CodeColonInFirstSegment, 4, ComponentPath},
		{"3986 4.2", "https://x/y", RelativeRef, 0, CodeColonInFirstSegment, 5, ComponentPath},
	}
	for _, tt := range tests {
		checkInvalid(t, tt)
	}
}

// RFC 3986 section 2.1: pct-encoded = "%" HEXDIG HEXDIG, reported at the
// '%' in the component it is in.
func TestRFC3986Section2_1PercentEncoding(t *testing.T) {
	var tests []invalidCase
	for _, bad := range []string{"%", "%4", "%4g", "%g4", "%%41", "%\u00e9"} {
		for _, ctx := range []struct {
			prefix string
			rule   Rule
			comp   Component
		}{
			{"", IRIReference, ComponentPath},
			{"a", IRelativeRef, ComponentPath},
			{"a:", IRI, ComponentPath},
			{"http://h/", IRI, ComponentPath},
			{"http://h/a", URI, ComponentPath},
			{"http://h?", IRI, ComponentQuery},
			{"http://h?q", URIReference, ComponentQuery},
			{"http://h#", IRIReference, ComponentFragment},
			{"http://", IRI, ComponentAuthority},
			{"//h", IRIReference, ComponentAuthority},
			{"http://u@", IRI, ComponentHost},
			{"http://u:p", IRI, ComponentUserinfo},
		} {
			if ctx.rule.ASCII() && !isASCII(bad) {
				continue
			}
			tests = append(tests, invalidCase{"3986 2.1", ctx.prefix + bad, ctx.rule, 0, CodePercent, len(ctx.prefix), ctx.comp})
		}
	}
	tests = append(tests,
		invalidCase{"3986 2.1", "http://h/%41%4", IRI, 0, CodePercent, 12, ComponentPath},
		invalidCase{"3986 2.1", "http://h/%41%4/", IRI, 0, CodePercent, 12, ComponentPath},
		invalidCase{"3986 2.1", "http://h/%%", IRI, 0, CodePercent, 9, ComponentPath},
		// A valid pct-encoded after a port's digits makes it no port.
		invalidCase{"3986 3.2.3", "http://h:8%41", IRI, 0, CodePort, 10, ComponentPort},
	)
	for _, tt := range tests {
		checkInvalid(t, tt)
	}
	for _, s := range []string{"%41", "a%2F", "http://h/%aF%Af", "http://%41@%42:1/%43?%44#%45"} {
		if r := Scan(s, IRIReference, 0); !r.OK() || r.Flags&HasPercent == 0 {
			t.Errorf("Scan(%q) = %+v, want valid with HasPercent", s, r)
		}
	}
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// RFC 3987 section 2.2: iprivate only in iquery; ucschar not in scheme or
// port.
func TestRFC3987Section2_2IprivateAndUcschar(t *testing.T) {
	tests := []invalidCase{
		{"3987 2.2 iprivate", "http://h/\ue000", IRI, 0, CodePrivate, 9, ComponentPath},
		{"3987 2.2 iprivate", "http://h/\uf8ff", IRI, 0, CodePrivate, 9, ComponentPath},
		{"3987 2.2 iprivate", "http://h/\U000F0000", IRI, 0, CodePrivate, 9, ComponentPath},
		{"3987 2.2 iprivate", "http://h/\U000FFFFD", IRI, 0, CodePrivate, 9, ComponentPath},
		{"3987 2.2 iprivate", "http://h/\U00100000", IRI, 0, CodePrivate, 9, ComponentPath},
		{"3987 2.2 iprivate", "http://h/\U0010FFFD", IRI, 0, CodePrivate, 9, ComponentPath},
		{"3987 2.2 iprivate", "http://h/\u00e9\ue000", IRI, 0, CodePrivate, 11, ComponentPath},
		{"3987 2.2 iprivate", "http://h#\ue000", IRI, 0, CodePrivate, 9, ComponentFragment},
		{"3987 2.2 iprivate", "http://h?q#\ue000", IRI, 0, CodePrivate, 11, ComponentFragment},
		{"3987 2.2 iprivate", "http://\ue000/", IRI, 0, CodePrivate, 7, ComponentAuthority},
		{"3987 2.2 iprivate", "http://u@\ue000", IRI, 0, CodePrivate, 9, ComponentHost},
		{"3987 2.2 iprivate", "http://u:\ue000@h", IRI, 0, CodePrivate, 9, ComponentUserinfo},
		{"3987 2.2 iprivate", "\ue000", IRIReference, 0, CodePrivate, 0, ComponentPath},
		{"3987 2.2 iprivate", "a:\ue000", IRI, 0, CodePrivate, 2, ComponentPath},
		{"3987 2.2 iprivate", "x/\ue000", IRelativeRef, 0, CodePrivate, 2, ComponentPath},
		{"3986 3.1 ucschar in scheme", "\u00e9:x", IRI, 0, CodeSchemeStart, 0, ComponentScheme},
		{"3986 3.1 ucschar in scheme", "h\u00e9:x", IRI, 0, CodeScheme, 1, ComponentScheme},
		{"3986 3.1 ucschar in scheme", "h\U0001F600:x", AbsoluteIRI, 0, CodeScheme, 1, ComponentScheme},
		{"3986 3.2.3 ucschar in port", "http://h:\u00e9", IRI, 0, CodePort, 9, ComponentPort},
		{"3986 3.2.3 ucschar in port", "http://h:8\u00e9/", IRI, 0, CodePort, 10, ComponentPort},
		{"3986 3.2.3 ucschar in port", "http://u@h:\u00e9", IRI, 0, CodePort, 11, ComponentPort},
		{"3986 3.2.3 ucschar in port", "http://u@h:8\U0001F600", IRI, 0, CodePort, 12, ComponentPort},
		{"3986 3.2.3 ucschar in port", "http://[::1]:\u00e9", IRI, 0, CodePort, 13, ComponentPort},
	}
	for _, tt := range tests {
		checkInvalid(t, tt)
	}
}

// RFC 3986 section 3.2.3 (port = *DIGIT) and 3.2/3.3 (after iauthority
// comes "/", "?", "#" or the end).
func TestRFC3986Section3_2_3Port(t *testing.T) {
	tests := []invalidCase{
		{"3986 3.2.3", "http://h:80x", IRI, 0, CodePort, 11, ComponentPort},
		{"3986 3.2.3", "http://h:8a/", IRI, 0, CodePort, 10, ComponentPort},
		{"3986 3.2.3", "http://a:1:2/", IRI, 0, CodePort, 10, ComponentPort},
		{"3986 3.2.3", "http://a:b:c", IRI, 0, CodePort, 9, ComponentPort},
		{"3986 3.2.3", "http://h:+1", IRI, 0, CodePort, 9, ComponentPort},
		{"3986 3.2.3", "http://h: 8", IRI, 0, CodePort, 9, ComponentPort},
		{"3986 3.2.3", "http://u@h:8a", IRI, 0, CodePort, 12, ComponentPort},
		{"3986 3.2.3", "http://u@h:1:2", IRI, 0, CodePort, 12, ComponentPort},
		{"3986 3.2.3", "http://u@h:-1", IRI, 0, CodePort, 11, ComponentPort},
		{"3986 3.2.3", "http://u@h:1@x", IRI, 0, CodePort, 12, ComponentPort},
		{"3986 3.2.3", "http://a@b:c@d", IRI, 0, CodePort, 11, ComponentPort},
		{"3986 3.2.3", "http://[::1]:a", IRI, 0, CodePort, 13, ComponentPort},
		{"3986 3.2.3", "http://[::1]:80x", IRI, 0, CodePort, 15, ComponentPort},
		{"3986 3.2.3", "//h:8x", IRIReference, 0, CodePort, 5, ComponentPort},
		{"3986 3.2.3", "//h:8x", RelativeRef, 0, CodePort, 5, ComponentPort},
		{"3986 3.2.3", "http://h:8x?q", URI, 0, CodePort, 10, ComponentPort},
		{"3986 3.2.3", "http://h:8x#f", IRI, 0, CodePort, 10, ComponentPort},
		{"3986 3.2", "http://u@h@x/", IRI, 0, CodeChar, 10, ComponentHost},
		{"3986 3.2", "//@@", IRIReference, 0, CodeChar, 3, ComponentHost},
	}
	for _, tt := range tests {
		checkInvalid(t, tt)
	}
}

// RFC 3986 section 3.2.2: IP-literal = "[" ( IPv6address / IPvFuture ) "]",
// and '[' ']' nowhere else.
func TestRFC3986Section3_2_2IPLiteral(t *testing.T) {
	tests := []invalidCase{
		{"3986 3.2.2", "http://[]", IRI, 0, CodeIPLiteral, 8, ComponentHost},
		{"3986 3.2.2", "http://[]/", IRI, 0, CodeIPLiteral, 8, ComponentHost},
		{"3986 3.2.2", "http://[::1", IRI, 0, CodeIPLiteralEnd, 11, ComponentHost},
		{"3986 3.2.2", "http://[::1/", IRI, 0, CodeIPLiteralEnd, 11, ComponentHost},
		{"3986 3.2.2", "http://[::1?", IRI, 0, CodeIPLiteralEnd, 11, ComponentHost},
		{"3986 3.2.2", "http://[::1#", IRI, 0, CodeIPLiteralEnd, 11, ComponentHost},
		{"3986 3.2.2", "http://[", IRI, 0, CodeIPLiteral, 8, ComponentHost},
		{"3986 3.2.2", "http://[::1:", IRI, 0, CodeIPLiteral, 12, ComponentHost},
		{"3986 3.2.2", "http://[v1", IRI, 0, CodeIPLiteral, 10, ComponentHost},
		{"3986 3.2.2", "http://[v1./", IRI, 0, CodeIPLiteral, 11, ComponentHost},
		{"3986 3.2.2 no zone id", "http://[::1%25eth0]/", IRI, 0, CodeIPLiteral, 11, ComponentHost},
		{"3986 3.2.2 no zone id", "http://[fe80::1%eth0]/", IRI, 0, CodeIPLiteral, 15, ComponentHost},
		{"3986 3.2.2 IPvFuture", "http://[v.x]", IRI, 0, CodeIPLiteral, 9, ComponentHost},
		{"3986 3.2.2 IPvFuture", "http://[v1.]", IRI, 0, CodeIPLiteral, 11, ComponentHost},
		{"3986 3.2.2 IPvFuture", "http://[v1x]", IRI, 0, CodeIPLiteral, 10, ComponentHost},
		{"3986 3.2.2 IPvFuture", "http://[v]", IRI, 0, CodeIPLiteral, 9, ComponentHost},
		{"3986 3.2.2 IPvFuture", "http://[v1.x", IRI, 0, CodeIPLiteralEnd, 12, ComponentHost},
		{"3986 3.2.2 IPvFuture", "http://[v1.x%41]", IRI, 0, CodeIPLiteral, 12, ComponentHost},
		{"3986 3.2.2 IPvFuture", "http://[v1.x\u00e9]", IRI, 0, CodeIPLiteral, 12, ComponentHost},
		{"3986 3.2.2", "http://[\u00e9]", IRI, 0, CodeIPLiteral, 8, ComponentHost},
		{"3986 3.2.2", "http://[::1::2]/", IRI, 0, CodeIPLiteral, 12, ComponentHost},
		{"3986 3.2.2", "http://[::1]x", IRI, 0, CodeAfterIPLiteral, 12, ComponentHost},
		{"3986 3.2.2", "http://[::1]@h", IRI, 0, CodeAfterIPLiteral, 12, ComponentHost},
		{"3986 3.2.2", "http://[::1][", IRI, 0, CodeAfterIPLiteral, 12, ComponentHost},
		{"3986 3.2.2", "http://[::1]]", IRI, 0, CodeAfterIPLiteral, 12, ComponentHost},
		{"3986 3.2.2", "http://[[::1]]", IRI, 0, CodeIPLiteral, 8, ComponentHost},
		{"3986 3.2.2", "http://a[::1]", IRI, 0, CodeChar, 8, ComponentAuthority},
		{"3986 3.2.2", "http://u@h[", IRI, 0, CodeChar, 10, ComponentHost},
		{"3986 3.2.2", "http://h]", IRI, 0, CodeChar, 8, ComponentAuthority},
		{"3986 3.2.2", "http://]", IRI, 0, CodeChar, 7, ComponentAuthority},
		// First match: "u" ":" port, and '[' is no DIGIT.
		{"3986 3.2.2", "http://u:[::1]@h", IRI, 0, CodePort, 9, ComponentPort},
		{"3986 3.2.2", "[::1]", IRIReference, 0, CodeChar, 0, ComponentPath},
		{"3986 3.2.2", "a[", IRIReference, 0, CodeChar, 1, ComponentPath},
		{"3986 3.2.2", "a:[", IRI, 0, CodeChar, 2, ComponentPath},
		{"3986 3.2.2", "http://h/[", IRI, 0, CodeChar, 9, ComponentPath},
		{"3986 3.2.2", "http://h/]", IRI, 0, CodeChar, 9, ComponentPath},
		{"3986 3.2.2", "http://h?[", IRI, 0, CodeChar, 9, ComponentQuery},
		{"3986 3.2.2", "http://h#]", IRI, 0, CodeChar, 9, ComponentFragment},
		// The first byte that cannot continue the IP-literal is 'g'; the
		// missing ']' comes after it.
		{"3986 3.2.2", "http://[::g", IRI, 0, CodeIPLiteral, 10, ComponentHost},
	}
	for _, tt := range tests {
		checkInvalid(t, tt)
	}
}

// RFC 3986 section 3.5 and RFC 3987 2.2: no '#' inside ifragment; the
// absolute rules have no fragment at all.
func TestRFC3986Section3_5Fragment(t *testing.T) {
	tests := []invalidCase{
		{"3986 3.5", "a#b#c", IRIReference, 0, CodeChar, 3, ComponentFragment},
		{"3986 3.5", "http://h/#a#", IRI, 0, CodeChar, 11, ComponentFragment},
		{"3986 3.5", "##", URIReference, 0, CodeChar, 1, ComponentFragment},
		{"3987 2.2 absolute-IRI", "http://h/#f", AbsoluteIRI, 0, CodeFragment, 9, ComponentFragment},
		{"3987 2.2 absolute-IRI", "http://h#", AbsoluteIRI, 0, CodeFragment, 8, ComponentFragment},
		{"3987 2.2 absolute-IRI", "a:#\x80", AbsoluteIRI, 0, CodeFragment, 2, ComponentFragment},
		{"3987 2.2 absolute-IRI", "a:#a#", AbsoluteIRI, 0, CodeFragment, 2, ComponentFragment},
		{"3986 4.3 absolute-URI", "http://h/?q#f", AbsoluteURI, 0, CodeFragment, 11, ComponentFragment},
		{"3986 4.3 absolute-URI", "a:#\u00e9", AbsoluteURI, 0, CodeFragment, 2, ComponentFragment},
	}
	for _, tt := range tests {
		checkInvalid(t, tt)
	}
}

// RFC 3986 section 2 and Appendix A: the URI rules are ASCII only, but
// accept the percent-encoded form of the same characters.
func TestRFC3986Section2NonASCII(t *testing.T) {
	tests := []invalidCase{
		{"3986 2", "http://h/\u00e9", URI, 0, CodeNonASCII, 9, ComponentPath},
		{"3986 2", "http://\u00e9/", URI, 0, CodeNonASCII, 7, ComponentAuthority},
		{"3986 2", "http://u@\u00e9", URI, 0, CodeNonASCII, 9, ComponentHost},
		{"3986 2", "http://h?\u00e9", AbsoluteURI, 0, CodeNonASCII, 9, ComponentQuery},
		{"3986 2", "http://h#\u00e9", URIReference, 0, CodeNonASCII, 9, ComponentFragment},
		{"3986 2", "\u00e9", RelativeRef, 0, CodeNonASCII, 0, ComponentPath},
		{"3986 2", "\u00e9", URIReference, 0, CodeNonASCII, 0, ComponentPath},
		{"3986 2", "a/\u00e9", RelativeRef, 0, CodeNonASCII, 2, ComponentPath},
		{"3986 2", "http://h/\x80", URI, 0, CodeNonASCII, 9, ComponentPath},
		{"3986 2", "http://h/\ue000", URI, 0, CodeNonASCII, 9, ComponentPath},
		{"3986 2", "http://h?\ue000", URI, 0, CodeNonASCII, 9, ComponentQuery},
		{"3986 2", "http://h/\u200e", URI, AllowBidi, CodeNonASCII, 9, ComponentPath},
	}
	for _, tt := range tests {
		checkInvalid(t, tt)
	}
	for _, tt := range []validCase{
		{"3987 3.1", "http://r%C3%A9sum%C3%A9.example.org", URI, 0, `scheme="http" authority="r%C3%A9sum%C3%A9.example.org" host="r%C3%A9sum%C3%A9.example.org" path=""`, HostRegName},
		{"3987 3.1", "http://h/%C3%A9?%EE%80%80#%E2%80%8E", URI, 0, `scheme="http" authority="h" host="h" path="/%C3%A9" query="%EE%80%80" fragment="%E2%80%8E"`, HostRegName},
	} {
		checkValid(t, tt)
	}
}

// RFC 3629 and RFC 3987 2.2 ("Terminals in the ABNF are characters"):
// ill-formed UTF-8 is rejected with CodeUTF8 at the start of the bad
// sequence.
func TestRFC3987Section2_2IllFormedUTF8(t *testing.T) {
	bad := []struct{ why, seq string }{
		{"stray continuation", "\x80"},
		{"stray continuation", "\xbf"},
		{"overlong C0 80", "\xc0\x80"},
		{"overlong C1 BF", "\xc1\xbf"},
		{"overlong E0 80 80", "\xe0\x80\x80"},
		{"overlong E0 9F BF", "\xe0\x9f\xbf"},
		{"overlong F0 80 80 80", "\xf0\x80\x80\x80"},
		{"overlong F0 8F BF BF", "\xf0\x8f\xbf\xbf"},
		{"surrogate ED A0 80", "\xed\xa0\x80"},
		{"surrogate ED BF BF", "\xed\xbf\xbf"},
		{"above U+10FFFF", "\xf4\x90\x80\x80"},
		{"lead F5", "\xf5\x80\x80\x80"},
		{"lead F8", "\xf8\x88\x80\x80\x80"},
		{"lead FE", "\xfe"},
		{"lead FF", "\xff"},
		{"truncated two-byte", "\xc3"},
		{"truncated three-byte", "\xe4\xb8"},
		{"truncated three-byte", "\xe4"},
		{"truncated four-byte", "\xf0\x9f\x98"},
	}
	type ctx struct {
		prefix string
		rule   Rule
		comp   Component
	}
	ctxs := []ctx{
		{"http://h/", IRI, ComponentPath},
		{"http://h/\u00e9", IRI, ComponentPath},
		{"http://h/\u65e5", IRI, ComponentPath},
		{"http://h?", IRI, ComponentQuery},
		{"http://h?\ue000", IRI, ComponentQuery},
		{"http://h#", IRI, ComponentFragment},
		{"http://", IRI, ComponentAuthority},
		{"http://u@", IRI, ComponentHost},
		{"http://u:p", IRI, ComponentUserinfo},
		{"", IRIReference, ComponentPath},
		{"a", IRelativeRef, ComponentPath},
	}
	var tests []invalidCase
	for _, b := range bad {
		for _, c := range ctxs {
			// At the end of the input, and followed by ASCII.
			for _, suffix := range []string{"", "x", "/", "\u00e9"} {
				tests = append(tests, invalidCase{"3629 " + b.why, c.prefix + b.seq + suffix, c.rule, 0, CodeUTF8, len(c.prefix), c.comp})
			}
		}
	}
	tests = append(tests,
		invalidCase{"3629 stray continuation after a character", "http://h/\u00e9\xa9", IRI, 0, CodeUTF8, 11, ComponentPath},
		invalidCase{"3629 truncated mid-string", "http://h/\xe4\xb8x/y", IRI, 0, CodeUTF8, 9, ComponentPath},
		invalidCase{"3629 truncated before a lead", "http://h/\xe4\xb8\xe4\xb8\xad", IRI, 0, CodeUTF8, 9, ComponentPath},
		invalidCase{"3629 two-byte lead, three-byte tail", "http://h/\xc3\xa9\xa9\xa9", IRI, 0, CodeUTF8, 11, ComponentPath},
	)
	for _, tt := range tests {
		checkInvalid(t, tt)
	}
}

// RFC 3987 2.2: well-formed code points outside ucschar and iprivate are
// rejected with CodeCodePoint.
func TestRFC3987Section2_2CodePoints(t *testing.T) {
	outside := []rune{0x80, 0x85, 0x9F, 0xFDD0, 0xFDEF, 0xFFF0, 0xFFF9, 0xFFFD, 0xFFFE, 0xFFFF,
		0x1FFFE, 0x1FFFF, 0x2FFFE, 0xDFFFE, 0xDFFFF, 0xE0000, 0xE0001, 0xE007F, 0xE0FFF, 0xEFFFE, 0xEFFFF,
		0xFFFFE, 0xFFFFF, 0x10FFFE, 0x10FFFF}
	var tests []invalidCase
	for _, r := range outside {
		s := string(r)
		tests = append(tests,
			invalidCase{"3987 2.2", "http://h/" + s, IRI, 0, CodeCodePoint, 9, ComponentPath},
			invalidCase{"3987 2.2", "http://h/a" + s + "b", IRI, 0, CodeCodePoint, 10, ComponentPath},
			invalidCase{"3987 2.2", "http://h?" + s, IRI, 0, CodeCodePoint, 9, ComponentQuery},
			invalidCase{"3987 2.2", "http://h#" + s, IRI, 0, CodeCodePoint, 9, ComponentFragment},
			invalidCase{"3987 2.2", "http://" + s, IRI, 0, CodeCodePoint, 7, ComponentAuthority},
			invalidCase{"3987 2.2", s, IRIReference, 0, CodeCodePoint, 0, ComponentPath},
		)
	}
	for _, tt := range tests {
		checkInvalid(t, tt)
	}
	checkValid(t, validCase{"3987 2.2", "http://h/\U000E1000", IRI, 0, `scheme="http" authority="h" host="h" path="/\U000e1000"`, HostRegName})
}

// RFC 3986 Appendix A: controls, space, DEL and "<>\"{}|\\^`" appear in no
// rule; each component reports them.
func TestRFC3986AppendixAExcludedCharacters(t *testing.T) {
	var excluded []byte
	for b := 0; b < 0x20; b++ {
		excluded = append(excluded, byte(b))
	}
	excluded = append(excluded, ' ', 0x7F, '<', '>', '"', '{', '}', '|', '\\', '^', '`')
	ctxs := []struct {
		prefix, suffix string
		rule           Rule
		code           Code
		comp           Component
	}{
		{"", "ttp://h/", IRI, CodeSchemeStart, ComponentScheme},
		{"ht", "tp://h/", IRI, CodeScheme, ComponentScheme},
		{"", "a/b", IRIReference, CodeChar, ComponentPath},
		{"a", "/b", IRIReference, CodeChar, ComponentPath},
		{"a/", "b", IRelativeRef, CodeChar, ComponentPath},
		{"http://a", "b@h/", IRI, CodeChar, ComponentAuthority},
		{"http://", "", IRI, CodeChar, ComponentAuthority},
		{"http://u:p", "@h/", IRI, CodeChar, ComponentUserinfo},
		{"http://u@h", "/", IRI, CodeChar, ComponentHost},
		{"http://u@", "/", IRI, CodeChar, ComponentHost},
		{"http://h:8", "/", IRI, CodePort, ComponentPort},
		{"http://h:", "/", IRI, CodePort, ComponentPort},
		{"http://u@h:8", "/", IRI, CodePort, ComponentPort},
		{"http://[::1]", "/", IRI, CodeAfterIPLiteral, ComponentHost},
		{"http://[::1", "]/", IRI, CodeIPLiteral, ComponentHost},
		{"http://h/p", "/", IRI, CodeChar, ComponentPath},
		{"http://h/", "", URI, CodeChar, ComponentPath},
		{"mailto:a", "@b", IRI, CodeChar, ComponentPath},
		{"a:", "", AbsoluteIRI, CodeChar, ComponentPath},
		{"http://h/?q", "", IRI, CodeChar, ComponentQuery},
		{"?", "", RelativeRef, CodeChar, ComponentQuery},
		{"http://h/#f", "", IRI, CodeChar, ComponentFragment},
		{"#", "x", IRIReference, CodeChar, ComponentFragment},
	}
	for _, b := range excluded {
		for _, c := range ctxs {
			in := c.prefix + string(b) + c.suffix
			checkInvalid(t, invalidCase{"3986 Appendix A", in, c.rule, 0, c.code, len(c.prefix), c.comp})
		}
	}
}

// RFC 3987 section 4.1: "IRIs MUST NOT contain bidirectional formatting
// characters (LRM, RLM, LRE, RLE, LRO, RLO, and PDF)". Rejected by default,
// accepted with AllowBidi as the ucschar they are.
func TestRFC3987Section4_1Bidi(t *testing.T) {
	bidi := []rune{0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E}
	ctxs := []struct {
		prefix, suffix string
		rule           Rule
		comp           Component
		want           string // components with AllowBidi; %s is the character
	}{
		{"http://h/", "", IRI, ComponentPath, `scheme="http" authority="h" host="h" path="/%s"`},
		{"http://h?", "", IRI, ComponentQuery, `scheme="http" authority="h" host="h" path="" query="%s"`},
		{"http://h#", "", IRI, ComponentFragment, `scheme="http" authority="h" host="h" path="" fragment="%s"`},
		{"http://", "/", IRI, ComponentAuthority, `scheme="http" authority="%s" host="%s" path="/"`},
		{"http://u@", "", IRI, ComponentHost, `scheme="http" authority="u@%s" userinfo="u" host="%s" path=""`},
		{"http://u:", "@h", IRI, ComponentUserinfo, `scheme="http" authority="u:%s@h" userinfo="u:%s" host="h" path=""`},
		{"", "/a", IRIReference, ComponentPath, `path="%s/a"`},
		{"a/", "", IRelativeRef, ComponentPath, `path="a/%s"`},
	}
	for _, r := range bidi {
		ch := string(r)
		q := fmt.Sprintf("%+q", ch)
		q = q[1 : len(q)-1]
		for _, c := range ctxs {
			in := c.prefix + ch + c.suffix
			checkInvalid(t, invalidCase{"3987 4.1", in, c.rule, 0, CodeBidi, len(c.prefix), c.comp})
			want := strings.ReplaceAll(c.want, "%s", q)
			kind := HostNone
			if strings.Contains(want, "host=") {
				kind = HostRegName
			}
			checkValid(t, validCase{"3987 4.1 AllowBidi", in, c.rule, AllowBidi, want, kind})
		}
	}
	// Neighbours that are no bidi formatting characters.
	for _, r := range []rune{0x200B, 0x200C, 0x200D, 0x2029, 0x202F, 0x2066, 0x2067, 0x2068, 0x2069, 0x061C} {
		s := "http://h/" + string(r)
		if res := Scan(s, IRI, 0); !res.OK() || res.Flags&HasBidi != 0 {
			t.Errorf("Scan(%+q, IRI, 0) = %+v, want valid without HasBidi", s, res)
		}
	}
}

// RFC 3987 section 3.1 step 2: each byte of each ucschar or iprivate
// character becomes %HH, uppercase; everything else is copied.
func TestRFC3987Section3_1AppendURI(t *testing.T) {
	tests := []struct {
		in   string
		rule Rule
		opts Options
		want string
	}{
		{"http://r\u00e9sum\u00e9.example.org", IRI, 0, "http://r%C3%A9sum%C3%A9.example.org"},
		{"http://example.com/%e9", IRI, 0, "http://example.com/%e9"},
		{"http://example.com/%e9\u00e9", IRI, 0, "http://example.com/%e9%C3%A9"},
		{"http://u:p@h:80/a/b?c=d#e", IRI, 0, "http://u:p@h:80/a/b?c=d#e"},
		{"http://example.com/\U0001D11E", IRI, 0, "http://example.com/%F0%9D%84%9E"},
		{"http://h/\U0001F600x\U0001F600", IRI, 0, "http://h/%F0%9F%98%80x%F0%9F%98%80"},
		{"?\ue000", IRIReference, 0, "?%EE%80%80"},
		{"http://h/?\U0010FFFD", IRI, 0, "http://h/?%F4%8F%BF%BD"},
		{"http://h/?\U000F0000", AbsoluteIRI, 0, "http://h/?%F3%B0%80%80"},
		{"a/\u00e9/b/\u00fc?\u00e4#\u00f6", IRelativeRef, 0, "a/%C3%A9/b/%C3%BC?%C3%A4#%C3%B6"},
		{"http://\u4f8b\u3048.jp/\u30d1\u30b9", IRI, 0, "http://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9"},
		{"http://h/\u200e", IRI, AllowBidi, "http://h/%E2%80%8E"},
		{"http://[::1]/\u00e9", IRI, 0, "http://[::1]/%C3%A9"},
		{"", IRIReference, 0, ""},
		{"\u00e9", IRIReference, 0, "%C3%A9"},
		{"http://h/" + strings.Repeat("\u00e9", 100), IRI, 0, "http://h/" + strings.Repeat("%C3%A9", 100)},
	}
	for _, tt := range tests {
		for _, prefix := range []string{"", "x", "prefix/"} {
			got, r := AppendURI([]byte(prefix), tt.in, tt.rule, tt.opts)
			if !r.OK() || string(got) != prefix+tt.want {
				t.Errorf("AppendURI(%q, %+q, %v) = %+q, code %d, want %+q", prefix, tt.in, tt.rule, got, r.Code, prefix+tt.want)
			}
			gotb, rb := AppendURIBytes([]byte(prefix), []byte(tt.in), tt.rule, tt.opts)
			if rb != r || string(gotb) != string(got) {
				t.Errorf("AppendURIBytes(%q, %+q, %v) = %+q, %+v; AppendURI = %+q, %+v", prefix, tt.in, tt.rule, gotb, rb, got, r)
			}
		}
		// The result is a URI, and mapping it again changes nothing.
		out, _ := AppendURI(nil, tt.in, tt.rule, tt.opts)
		uriRule := tt.rule
		if !uriRule.ASCII() {
			uriRule += URIReference
		}
		again, r := AppendURI(nil, string(out), uriRule, 0)
		if !r.OK() || string(again) != string(out) {
			t.Errorf("AppendURI(AppendURI(%+q)) as %v = %+q, code %d, want %+q", tt.in, uriRule, again, r.Code, out)
		}
		if !bytes.Equal(ascii.EncodeNonASCII(nil, tt.in), []byte(tt.want)) {
			t.Errorf("ascii.EncodeNonASCII(%+q) = %+q, want %+q", tt.in, ascii.EncodeNonASCII(nil, tt.in), tt.want)
		}
		if got, want := len(tt.in)+2*ascii.CountNonASCII(tt.in), len(tt.want); got != want {
			t.Errorf("len + 2*ascii.CountNonASCII(%+q) = %d, want %d", tt.in, got, want)
		}
	}
	// ASCII input comes back byte for byte, for every rule it is valid in.
	for _, s := range []string{"http://a/b/c/d;p?q", "g;x?y#s", "//[::1]:8/", "mailto:a@b", "%41"} {
		for _, rule := range allRules {
			r := Scan(s, rule, 0)
			if !r.OK() {
				continue
			}
			got, ra := AppendURI([]byte("z"), s, rule, 0)
			if ra != r || string(got) != "z"+s {
				t.Errorf("AppendURI(%q, %v) = %q, want %q", s, rule, got, "z"+s)
			}
		}
	}
}

// On failure AppendURI returns dst unchanged: same length, same content,
// whether it failed before or after encoding began.
func TestAppendURIInvalidLeavesDst(t *testing.T) {
	inputs := []struct {
		in   string
		rule Rule
	}{
		{"http://h/\u00e9/\x80", IRI},
		{"http://h/\u00e9\u00e9\u00e9 ", IRI},
		{"http://\u00e9/\ue000", IRI},
		{"http://h/\u00e9#\u00e9#", IRI},
		{"http://h/\u00e9#f", AbsoluteIRI},
		{"\u00e9:x", IRIReference},
		{"http://h/\u00e9", URI},
		{"1http://x", IRI},
		{"http://h:80x", IRI},
		{"http://h/" + strings.Repeat("\u00e9", 1000) + "\u200e", IRI},
	}
	for _, tt := range inputs {
		for _, capacity := range []int{0, 5, 8, 64, 1 << 14} {
			base := make([]byte, 5, max(capacity, 5))
			copy(base, "hello")
			got, r := AppendURI(base, tt.in, tt.rule, 0)
			if r.OK() {
				t.Errorf("AppendURI(%+q, %v) is valid; test input wrong", tt.in, tt.rule)
				continue
			}
			if len(got) != 5 || string(got) != "hello" {
				t.Errorf("AppendURI(cap %d, %+q, %v) = %+q (len %d), want \"hello\" unchanged", capacity, tt.in, tt.rule, got, len(got))
			}
			if string(base) != "hello" {
				t.Errorf("AppendURI(cap %d, %+q, %v) changed dst to %+q", capacity, tt.in, tt.rule, base)
			}
		}
		if got, _ := AppendURI(nil, tt.in, tt.rule, 0); len(got) != 0 {
			t.Errorf("AppendURI(nil, %+q, %v) = %+q, want empty", tt.in, tt.rule, got)
		}
	}
}

// The fixed-size Flags of valid inputs.
func TestFlags(t *testing.T) {
	tests := []struct {
		in   string
		rule Rule
		opts Options
		want Flags
	}{
		{"http://h/", IRI, 0, 0},
		{"http://h/%41", IRI, 0, HasPercent},
		{"http://h/\u00e9", IRI, 0, HasNonASCII},
		{"http://h/?\ue000", IRI, 0, HasNonASCII | HasIPrivate},
		{"http://h/\u200e", IRI, AllowBidi, HasNonASCII | HasBidi},
		{"http://h/%41\u00e9?\ue000\u202e", IRI, AllowBidi, HasNonASCII | HasPercent | HasIPrivate | HasBidi},
	}
	for _, tt := range tests {
		if r := Scan(tt.in, tt.rule, tt.opts); !r.OK() || r.Flags != tt.want {
			t.Errorf("Scan(%+q, %v, %d) = code %d flags %b, want flags %b", tt.in, tt.rule, tt.opts, r.Code, r.Flags, tt.want)
		}
	}
}

// RFC 3987 2.2 and RFC 3986 Appendix A rule names.
func TestRuleNames(t *testing.T) {
	names := []string{"IRI-reference", "IRI", "absolute-IRI", "irelative-ref", "URI-reference", "URI", "absolute-URI", "relative-ref"}
	for i, rule := range allRules {
		if rule.String() != names[i] {
			t.Errorf("Rule(%d).String() = %q, want %q", rule, rule.String(), names[i])
		}
		if r, ok := ParseRule(names[i]); !ok || r != rule {
			t.Errorf("ParseRule(%q) = %v, %v, want %v", names[i], r, ok, rule)
		}
		if rule.ASCII() != (i >= 4) {
			t.Errorf("%v.ASCII() = %v", rule, rule.ASCII())
		}
		if rule.NoFragment() != (rule == AbsoluteIRI || rule == AbsoluteURI) {
			t.Errorf("%v.NoFragment() = %v", rule, rule.NoFragment())
		}
	}
	if _, ok := ParseRule("iri"); ok {
		t.Errorf("ParseRule(%q) matched; names are exact", "iri")
	}
	if s := Rule(200).String(); s != "Rule(200)" {
		t.Errorf("Rule(200).String() = %q", s)
	}
	kinds := map[HostKind]string{HostNone: "none", HostRegName: "reg-name", HostIPv4: "ipv4", HostIPv6: "ipv6", HostIPvFuture: "ipvfuture", 9: "HostKind(9)"}
	for k, want := range kinds {
		if k.String() != want {
			t.Errorf("HostKind(%d).String() = %q, want %q", k, k.String(), want)
		}
	}
}

// The UTF-8 handling agrees with the standard library on every two-byte
// prefix: a well-formed character is classified, anything else is
// CodeUTF8 at its first byte.
func TestScanAgainstUTF8Decoder(t *testing.T) {
	for b0 := 0x80; b0 < 0x100; b0++ {
		for b1 := 0; b1 < 0x100; b1++ {
			for _, tail := range []string{"\x80\x80", "\xbf\xbf", "", "/"} {
				seq := string([]byte{byte(b0), byte(b1)}) + tail
				in := "x:?" + seq
				r := Scan(in, IRI, AllowBidi)
				c, n := utf8.DecodeRuneInString(seq)
				if c == utf8.RuneError && n <= 1 {
					if r.Code != CodeUTF8 || r.Offset != 3 {
						t.Errorf("Scan(%+q) = code %d offset %d, want CodeUTF8 at 3", in, r.Code, r.Offset)
					}
					continue
				}
				allowed := 0xA0 <= c && c <= 0xD7FF || 0xE000 <= c && c <= 0xFDCF || 0xFDF0 <= c && c <= 0xFFEF ||
					c >= 0x10000 && c&0xFFFF <= 0xFFFD && !(0xE0000 <= c && c <= 0xE0FFF)
				if !allowed {
					if r.Code != CodeCodePoint || r.Offset != 3 {
						t.Errorf("Scan(%+q) [U+%04X] = code %d offset %d, want CodeCodePoint at 3", in, c, r.Code, r.Offset)
					}
					continue
				}
				// The character is fine; a continuation byte after it is not.
				wantCode, wantOff := CodeOK, int32(0)
				if rest := seq[n:]; rest != "" && rest[0]&0xC0 == 0x80 {
					wantCode, wantOff = CodeUTF8, int32(3+n)
				}
				if r.Code != wantCode || r.Offset != wantOff {
					t.Errorf("Scan(%+q) [U+%04X] = code %d offset %d, want code %d offset %d", in, c, r.Code, r.Offset, wantCode, wantOff)
				}
			}
		}
	}
}

func TestCodeString(t *testing.T) {
	seen := map[string]Code{}
	for c := Code(0); c <= CodeIDNA; c++ {
		name := c.String()
		if name == "" || strings.HasPrefix(name, "Code(") {
			t.Errorf("code %d has no name", c)
		}
		if d, ok := seen[name]; ok {
			t.Errorf("codes %d and %d are both %q", d, c, name)
		}
		seen[name] = c
	}
	if got := CodePercent.String(); got != "percent" {
		t.Errorf("CodePercent.String() = %q", got)
	}
	if got := (CodeIDNA + 1).String(); got != "Code(18)" {
		t.Errorf("(CodeIDNA+1).String() = %q", got)
	}
}

// Components print as RFC 3986 names them, each its own.
func TestComponentString(t *testing.T) {
	want := []string{"none", "scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment", "Component(9)"}
	for c := ComponentNone; c <= ComponentFragment+1; c++ {
		if got := c.String(); got != want[c] {
			t.Errorf("Component(%d).String() = %q, want %q", c, got, want[c])
		}
	}
}

// Each rule runs its own start state and table variant: tables.Rules is
// in the order of the constants.
func TestRuleTables(t *testing.T) {
	for r := IRIReference; r < numRules; r++ {
		start, trans := tables.Rules[r].Start, tables.Rules[r].Trans
		wantStart := uint32(tables.StateIRIStart)
		switch r {
		case IRIReference, URIReference:
			wantStart = tables.StateRefStart
		case IRelativeRef, RelativeRef:
			wantStart = tables.StateRelStart
		}
		wantTrans := map[[2]bool]*[tables.NumStates * tables.NumClasses]uint32{
			{false, false}: &tables.Trans,
			{false, true}:  &tables.TransNoFragment,
			{true, false}:  &tables.TransASCII,
			{true, true}:   &tables.TransASCIINoFragment,
		}[[2]bool{r.ASCII(), r.NoFragment()}]
		if start != wantStart || trans != wantTrans {
			t.Errorf("%v: start %d, want %d, or not the table of its ASCII and NoFragment", r, start, wantStart)
		}
	}
}
