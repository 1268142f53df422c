package fuzz

import (
	"fmt"
	"math/rand/v2"
	"net/netip"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// The oracle: each ABNF rule of RFC 3987 2.2 and RFC 3986 Appendix A as a
// regexp source string, named after the rule. The helpers mirror the ABNF
// operators (RFC 2234 3.2-3.8); every result is a single regexp atom, so
// rules compose without precedence surprises. Literal strings are
// case-insensitive (RFC 2234 2.3), which only matters for "v" in IPvFuture.

// alt is "a / b / ...".
func alt(xs ...string) string { return "(?:" + strings.Join(xs, "|") + ")" }

// opt is "[ x ]".
func opt(x string) string { return "(?:" + x + ")?" }

// star is "*x".
func star(x string) string { return "(?:" + x + ")*" }

// plus is "1*x".
func plus(x string) string { return "(?:" + x + ")+" }

// rep is "n(x)", or "min*max x" when max is given.
func rep(x string, minMax ...int) string {
	if len(minMax) == 1 {
		return fmt.Sprintf("(?:%s){%d}", x, minMax[0])
	}
	return fmt.Sprintf("(?:%s){%d,%d}", x, minMax[0], minMax[1])
}

// RFC 2234 6.1 core rules. HEXDIG there is uppercase only, but RFC 3986
// 2.1 makes hex digits case-insensitive, so both cases are accepted.
const (
	reALPHA  = `[A-Za-z]`
	reDIGIT  = `[0-9]`
	reHEXDIG = `[0-9A-Fa-f]`
)

// RFC 3986 rules shared by RFC 3987 ("rules that are the same").
var (
	reScheme = reALPHA + star(alt(reALPHA, reDIGIT, `\+`, `-`, `\.`))
	rePort   = star(reDIGIT)

	reIPLiteral = `\[` + alt(reIPv6address, reIPvFuture) + `\]`
	reIPvFuture = `[vV]` + plus(reHEXDIG) + `\.` + plus(alt(reUnreserved, reSubDelims, `:`))

	reIPv6address = alt(
		rep(reH16+`:`, 6)+reLs32,
		`::`+rep(reH16+`:`, 5)+reLs32,
		opt(reH16)+`::`+rep(reH16+`:`, 4)+reLs32,
		opt(rep(reH16+`:`, 0, 1)+reH16)+`::`+rep(reH16+`:`, 3)+reLs32,
		opt(rep(reH16+`:`, 0, 2)+reH16)+`::`+rep(reH16+`:`, 2)+reLs32,
		opt(rep(reH16+`:`, 0, 3)+reH16)+`::`+reH16+`:`+reLs32,
		opt(rep(reH16+`:`, 0, 4)+reH16)+`::`+reLs32,
		opt(rep(reH16+`:`, 0, 5)+reH16)+`::`+reH16,
		opt(rep(reH16+`:`, 0, 6)+reH16)+`::`,
	)
	reH16         = rep(reHEXDIG, 1, 4)
	reLs32        = alt(reH16+`:`+reH16, reIPv4address)
	reIPv4address = reDecOctet + `\.` + reDecOctet + `\.` + reDecOctet + `\.` + reDecOctet
	reDecOctet    = alt(
		reDIGIT,             // 0-9
		`[1-9]`+reDIGIT,     // 10-99
		`1`+rep(reDIGIT, 2), // 100-199
		`2[0-4]`+reDIGIT,    // 200-249
		`25[0-5]`,           // 250-255
	)

	rePctEncoded = `%` + reHEXDIG + reHEXDIG
	reUnreserved = alt(reALPHA, reDIGIT, `-`, `\.`, `_`, `~`)
	reReserved   = alt(reGenDelims, reSubDelims)
	reGenDelims  = alt(`:`, `/`, `\?`, `#`, `\[`, `\]`, `@`)
	reSubDelims  = alt(`!`, `\$`, `&`, `'`, `\(`, `\)`, `\*`, `\+`, `,`, `;`, `=`)
)

// RFC 3987 2.2 rules that differ from RFC 3986.
var (
	reIRI = reScheme + `:` + reIhierPart + opt(`\?`+reIquery) + opt(`#`+reIfragment)

	reIhierPart = alt(
		`//`+reIauthority+reIpathAbempty,
		reIpathAbsolute,
		reIpathRootless,
		reIpathEmpty,
	)

	reIRIReference = alt(reIRI, reIrelativeRef)

	reAbsoluteIRI = reScheme + `:` + reIhierPart + opt(`\?`+reIquery)

	reIrelativeRef = reIrelativePart + opt(`\?`+reIquery) + opt(`#`+reIfragment)

	reIrelativePart = alt(
		`//`+reIauthority+reIpathAbempty,
		reIpathAbsolute,
		reIpathNoscheme,
		reIpathEmpty,
	)

	reIauthority = opt(reIuserinfo+`@`) + reIhost + opt(`:`+rePort)
	reIuserinfo  = star(alt(reIunreserved, rePctEncoded, reSubDelims, `:`))
	reIhost      = alt(reIPLiteral, reIPv4address, reIregName)

	reIregName = star(alt(reIunreserved, rePctEncoded, reSubDelims))

	reIpath = alt(reIpathAbempty, reIpathAbsolute, reIpathNoscheme, reIpathRootless, reIpathEmpty)

	reIpathAbempty  = star(`/` + reIsegment)
	reIpathAbsolute = `/` + opt(reIsegmentNz+star(`/`+reIsegment))
	reIpathNoscheme = reIsegmentNzNc + star(`/`+reIsegment)
	reIpathRootless = reIsegmentNz + star(`/`+reIsegment)
	reIpathEmpty    = `` // 0<ipchar>

	reIsegment     = star(reIpchar)
	reIsegmentNz   = plus(reIpchar)
	reIsegmentNzNc = plus(alt(reIunreserved, rePctEncoded, reSubDelims, `@`))

	reIpchar = alt(reIunreserved, rePctEncoded, reSubDelims, `:`, `@`)

	reIquery = star(alt(reIpchar, reIprivate, `/`, `\?`))

	reIfragment = star(alt(reIpchar, `/`, `\?`))

	reIunreserved = alt(reALPHA, reDIGIT, `-`, `\.`, `_`, `~`, reUcschar)
)

const (
	reUcschar = `[\x{A0}-\x{D7FF}\x{F900}-\x{FDCF}\x{FDF0}-\x{FFEF}` +
		`\x{10000}-\x{1FFFD}\x{20000}-\x{2FFFD}\x{30000}-\x{3FFFD}` +
		`\x{40000}-\x{4FFFD}\x{50000}-\x{5FFFD}\x{60000}-\x{6FFFD}` +
		`\x{70000}-\x{7FFFD}\x{80000}-\x{8FFFD}\x{90000}-\x{9FFFD}` +
		`\x{A0000}-\x{AFFFD}\x{B0000}-\x{BFFFD}\x{C0000}-\x{CFFFD}` +
		`\x{D0000}-\x{DFFFD}\x{E1000}-\x{EFFFD}]`

	reIprivate = `[\x{E000}-\x{F8FF}\x{F0000}-\x{FFFFD}\x{100000}-\x{10FFFD}]`
)

// RFC 3986 Appendix A rules for URIs (ASCII only).
var (
	reURI = reScheme + `:` + reHierPart + opt(`\?`+reQuery) + opt(`#`+reFragment)

	reHierPart = alt(
		`//`+reAuthority+rePathAbempty,
		rePathAbsolute,
		rePathRootless,
		rePathEmpty,
	)

	reURIReference = alt(reURI, reRelativeRef)

	reAbsoluteURI = reScheme + `:` + reHierPart + opt(`\?`+reQuery)

	reRelativeRef = reRelativePart + opt(`\?`+reQuery) + opt(`#`+reFragment)

	reRelativePart = alt(
		`//`+reAuthority+rePathAbempty,
		rePathAbsolute,
		rePathNoscheme,
		rePathEmpty,
	)

	reAuthority = opt(reUserinfo+`@`) + reHost + opt(`:`+rePort)
	reUserinfo  = star(alt(reUnreserved, rePctEncoded, reSubDelims, `:`))
	reHost      = alt(reIPLiteral, reIPv4address, reRegName)

	reRegName = star(alt(reUnreserved, rePctEncoded, reSubDelims))

	rePath = alt(rePathAbempty, rePathAbsolute, rePathNoscheme, rePathRootless, rePathEmpty)

	rePathAbempty  = star(`/` + reSegment)
	rePathAbsolute = `/` + opt(reSegmentNz+star(`/`+reSegment))
	rePathNoscheme = reSegmentNzNc + star(`/`+reSegment)
	rePathRootless = reSegmentNz + star(`/`+reSegment)
	rePathEmpty    = `` // 0<pchar>

	reSegment     = star(rePchar)
	reSegmentNz   = plus(rePchar)
	reSegmentNzNc = plus(alt(reUnreserved, rePctEncoded, reSubDelims, `@`))

	rePchar = alt(reUnreserved, rePctEncoded, reSubDelims, `:`, `@`)

	reQuery    = star(alt(rePchar, `/`, `\?`))
	reFragment = star(alt(rePchar, `/`, `\?`))
)

// anchored compiles a rule to match whole strings only.
func anchored(re string) *regexp.Regexp { return regexp.MustCompile(`^(?:` + re + `)$`) }

// oracleSources maps the ABNF names of the start rules to their regexps.
var oracleSources = map[string]string{
	"IRI-reference": reIRIReference,
	"IRI":           reIRI,
	"absolute-IRI":  reAbsoluteIRI,
	"irelative-ref": reIrelativeRef,
	"URI-reference": reURIReference,
	"URI":           reURI,
	"absolute-URI":  reAbsoluteURI,
	"relative-ref":  reRelativeRef,
}

// oracle maps the ABNF names of the start rules to their recognizers.
var oracle = func() map[string]*regexp.Regexp {
	m := map[string]*regexp.Regexp{}
	for name, src := range oracleSources {
		m[name] = anchored(src)
	}
	return m
}()

// oracleMatch reports whether s matches the ABNF rule named rule. Go's
// regexp reads each invalid UTF-8 byte as U+FFFD, which is in neither
// ucschar nor iprivate, so ill-formed input never matches.
func oracleMatch(rule, s string) bool {
	re, ok := oracle[rule]
	if !ok {
		panic("oracleMatch: unknown rule " + strconv.Quote(rule))
	}
	return re.MatchString(s)
}

// splitParts is a reference split into the five components of RFC 3986
// section 3; the has fields tell an absent component from an empty one.
type splitParts struct {
	scheme, authority, path, query, fragment       string
	hasScheme, hasAuthority, hasQuery, hasFragment bool
}

// appendixB is the RFC 3986 Appendix B regexp verbatim, with (?s) so that
// "." also matches newlines.
var appendixB = regexp.MustCompile(`(?s)^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`)

// appendixBSplit splits s with the Appendix B regexp: scheme = $2,
// authority = $4, path = $5, query = $7, fragment = $9. Appendix B is for
// well-formed references; on others the split is only indicative.
func appendixBSplit(s string) splitParts {
	m := appendixB.FindStringSubmatchIndex(s)
	group := func(n int) (string, bool) {
		if m[2*n] < 0 {
			return "", false
		}
		return s[m[2*n]:m[2*n+1]], true
	}
	var p splitParts
	p.scheme, p.hasScheme = group(2)
	p.authority, p.hasAuthority = group(4)
	p.path, _ = group(5)
	p.query, p.hasQuery = group(7)
	p.fragment, p.hasFragment = group(9)
	return p
}

// Expected rule sets. A string cannot be both absolute and relative, so
// every valid reference is in exactly one of these classes.
var (
	ruleNames = []string{"IRI-reference", "IRI", "absolute-IRI", "irelative-ref", "URI-reference", "URI", "absolute-URI", "relative-ref"}
	// ASCII absolute, no fragment.
	kAbs = []string{"IRI-reference", "IRI", "absolute-IRI", "URI-reference", "URI", "absolute-URI"}
	// ASCII absolute with fragment.
	kAbsFrag = []string{"IRI-reference", "IRI", "URI-reference", "URI"}
	// ASCII relative.
	kRel = []string{"IRI-reference", "irelative-ref", "URI-reference", "relative-ref"}
	// Non-ASCII counterparts: IRI rules only.
	kIAbs     = []string{"IRI-reference", "IRI", "absolute-IRI"}
	kIAbsFrag = []string{"IRI-reference", "IRI"}
	kIRel     = []string{"IRI-reference", "irelative-ref"}
	// Nothing matches.
	kNone []string
)

type oracleCase struct {
	s    string
	want []string
}

// checkCases checks every case against all eight rules.
func checkCases(t *testing.T, cases []oracleCase) {
	t.Helper()
	for _, c := range cases {
		for _, rule := range ruleNames {
			want := false
			for _, r := range c.want {
				want = want || r == rule
			}
			if got := oracleMatch(rule, c.s); got != want {
				t.Errorf("oracleMatch(%q, %+q) = %v, want %v", rule, c.s, got, want)
			}
		}
	}
}

func TestOracleRFC3986Examples(t *testing.T) {
	checkCases(t, []oracleCase{
		// 1.1.2
		{"ftp://ftp.is.co.za/rfc/rfc1808.txt", kAbs},
		{"http://www.ietf.org/rfc/rfc2396.txt", kAbs},
		{"ldap://[2001:db8::7]/c=GB?objectClass?one", kAbs},
		{"mailto:John.Doe@example.com", kAbs},
		{"news:comp.infosystems.www.servers.unix", kAbs},
		{"tel:+1-816-555-1212", kAbs},
		{"telnet://192.0.2.16:80/", kAbs},
		{"urn:oasis:names:specification:docbook:dtd:xml:4.1.2", kAbs},
		// 3
		{"foo://example.com:8042/over/there?name=ferret#nose", kAbsFrag},
		{"urn:example:animal:ferret:nose", kAbs},
		// 3.3
		{"foo://info.example.com?fred", kAbs},
		// 6.2.2-6.2.3
		{"example://a/b/c/%7Bfoo%7D", kAbs},
		{"HTTP://www.EXAMPLE.com/", kAbs},
		{"http://example.com", kAbs},
		{"http://example.com:/", kAbs},
		{"http://example.com:80/", kAbs},
		{"http://example.com/?", kAbs},
		{"http://example.com/%7euser", kAbs},
		// 7.6
		{"ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm", kAbs},
		// 5.4 base and 5.4.1 targets
		{"http://a/b/c/d;p?q", kAbs},
		{"http://a/b/c/d;p?q#s", kAbsFrag},
		{"http://a/b/c/g;x?y#s", kAbsFrag},
	})
	// 5.4.1 and 5.4.2 references, all valid relative references except the
	// two with a scheme.
	refs := []string{
		"g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s",
		";x", "g;x", "g;x?y#s", "", ".", "./", "..", "../", "../g", "../..",
		"../../", "../../g",
		"../../../g", "../../../../g", "/./g", "/../g", "g.", ".g", "g..",
		"..g", "./../g", "./g/.", "g/./h", "g/../h", "g;x=1/./y",
		"g;x=1/../y", "g?y/./x", "g?y/../x", "g#s/./x", "g#s/../x",
	}
	var cases []oracleCase
	for _, r := range refs {
		cases = append(cases, oracleCase{r, kRel})
	}
	cases = append(cases, oracleCase{"g:h", kAbs}, oracleCase{"http:g", kAbs})
	checkCases(t, cases)
}

func TestOracleRFC3987Examples(t *testing.T) {
	checkCases(t, []oracleCase{
		// 3.1
		{"http://r\u00e9sum\u00e9.example.org", kIAbs},
		{"http://xn--rsum-bpad.example.org", kAbs},
		{"http://r%C3%A9sum%C3%A9.example.org", kAbs},
		{"http://validator.w3.org/check?uri=http%3A%2F%2Fr\u00e9sum\u00e9.example.org", kIAbs},
		{"http://www.example.org/red%09ros\u00e9#red", kIAbsFrag},
		{"http://www.example.org/red%09ros%C3%A9#red", kAbsFrag},
		{"http://example.com/\U00010300\U00010301\U00010302", kIAbs},
		{"http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82", kAbs},
		// 3.2.1
		{"http://www.example.org/D%C3%BCrst", kAbs},
		{"http://www.example.org/D\u00fcrst", kIAbs},
		{"http://www.example.org/D%FCrst", kAbs},
		{"http://xn--99zt52a.example.org/%e2%80%ae", kAbs},
		{"http://\u7d0d\u8c46.example.org/%E2%80%AE", kIAbs},
		{"http://\u7d05\u767d.jp", kIAbs},
		// 5.3.2.2 and 6.4
		{"http://www.example.org/r\u00e9sum\u00e9.html", kIAbs},
		{"http://www.example.org/re\u0301sume\u0301.html", kIAbs},
		{"http://www.example.org/r%E9sum%E9.xml#r\u00e9sum\u00e9", kIAbsFrag},
		{"http://example.org/ros\u00e9", kIAbs},
		// relative
		{"r\u00e9sum\u00e9/d\u00fcrst?q=\u5024#\u7bc0", kIRel},
		{"//\u4f8b\u3048.jp/\u30d1\u30b9", kIRel},
	})
}

func TestOracleIPLiterals(t *testing.T) {
	valid := []string{
		// one per IPv6address alternative, in RFC order
		"1:2:3:4:5:6:7:8", "1:2:3:4:5:6:1.2.3.4",
		"::2:3:4:5:6:7:8", "::2:3:4:5:6:1.2.3.4",
		"1::3:4:5:6:7:8", "::3:4:5:6:7:8",
		"1:2::4:5:6:7:8", "::4:5:6:7:8",
		"1:2:3::5:6:7:8", "1::5:6:7:8",
		"1:2:3:4::6:7:8", "1::6:1.2.3.4",
		"1:2:3:4:5::7:8", "::1.2.3.4", "::ffff:1.2.3.4",
		"1:2:3:4:5:6::8", "::1", "1::8",
		"1:2:3:4:5:6:7::", "1::", "::",
		"2001:db8::7", "FFFF:abcd::0", "0000:0:00:000::255.255.255.255",
		// IPvFuture; "v" is case-insensitive
		"v7.x:y", "V7.x:y", "vAf.x", "v1.!$&'()*+,;=-._~:",
	}
	for _, v := range valid {
		if s := "http://[" + v + "]/"; !oracleMatch("URI", s) || !oracleMatch("IRI", s) {
			t.Errorf("[%s] rejected", v)
		}
		if s := "//[" + v + "]:80"; !oracleMatch("relative-ref", s) || !oracleMatch("irelative-ref", s) {
			t.Errorf("[%s]:80 rejected", v)
		}
	}
	invalid := []string{
		"", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7", "1::2::3", "::1::", ":::",
		"1:::2", ":1::", "1::2:", "12345::", "g::", "1:2:3:4:5:1.2.3.4",
		"1:2:3:4:5:6:7:1.2.3.4", "1:2:3:4:5:6:7::8", "::1.2.3", "::1.2.3.256",
		"::1.02.3.4", "::01.2.3.4", "::1.2.3.4:5", "1.2.3.4", "::1%25eth0",
		"::1%eth0", "1:2:3:4:5:6:7:8::", "::1:2:3:4:5:6:7:8", "\uff11::",
		"v7.", "v.x", "vg.x", "w7.x", "v7x", "v7.x/y", "v7.\u00e9", "v7.%41",
	}
	for _, v := range invalid {
		for _, s := range []string{"http://[" + v + "]/", "//[" + v + "]"} {
			for _, rule := range ruleNames {
				if oracleMatch(rule, s) {
					t.Errorf("oracleMatch(%q, %q) = true", rule, s)
				}
			}
		}
	}
}

func TestOracleNegatives(t *testing.T) {
	checkCases(t, []oracleCase{
		{"1a:b", kNone},  // scheme starts with ALPHA; as a path, a colon in the first segment
		{"+a:b", kNone},  // likewise
		{":", kNone},     // empty scheme
		{":a", kNone},    // empty scheme
		{"a_b:c", kNone}, // '_' not allowed in scheme
		{"%", kNone},
		{"%4", kNone},
		{"%41%zz", kNone},
		{"a:%g0", kNone},
		{"a:b%", kNone},
		{"http://h/?%", kNone},
		{"http://h/#%2", kNone},
		{"http://h:8a/", kNone},
		{"http://h:-1/", kNone},
		{"http://u@h@x/", kNone},
		{"http://h:1:2/", kNone},
		{"http://[::1/", kNone},
		{"http://h]/", kNone},
		{"http://h/[x]", kNone},
		{"a:b#c#d", kNone},
		{"#a#", kNone},
		{"http://h/\ue000", kNone},  // iprivate outside the query
		{"http://h/#\ue000", kNone}, // not even in ifragment
		{"http://\ue000/", kNone},   // nor in ireg-name
		{"http://\ue000@h/", kNone}, // nor in iuserinfo
		{"\ue000", kNone},           // nor in a relative path
		{"a:\U000F0000", kNone},     // plane 15 private use
		{"http://h/?\U0010FFFE", kNone},
		// invalid UTF-8: each bad byte is seen as U+FFFD
		{"http://h/\xff", kNone},
		{"http://h/?\xff", kNone},
		{"http://h/#\xc3", kNone},
		{"http://h/\xe0\x80\x80", kNone}, // overlong
		{"http://h/\xed\xa0\x80", kNone}, // UTF-16 surrogate
		{"http://h/\xc0\xaf", kNone},     // overlong '/'
		{"\xf4\x90\x80\x80", kNone},      // beyond U+10FFFF
		{"http://h/\ufffd", kNone},       // the real U+FFFD is not ucschar either
	})
	checkCases(t, []oracleCase{
		{"1a/b:c", kRel},
		{"./1a:b", kRel},
		{"a/b:c", kRel},
		{"%aF%Bc", kRel},
		{"http://h/?\ue000", kIAbs},
		{"?\ue000\U000F0000\U0010FFFD", kIRel},
		{"http://h?\U000FFFFD#x", kIAbsFrag},
		{"http://1.2.3.256/", kAbs}, // not an IPv4address, but a reg-name
		{"http://01.2.3.4/", kAbs},  // likewise
		{"http://h:/", kAbs},
		{"http:", kAbs},
		{"a:", kAbs},
		{"a+b-c.d:", kAbs},
		{"http://", kAbs},
		{"http:///x", kAbs},
		{"http://@h:/", kAbs},
		{"//", kRel},
		{"///", kRel},
		{"//u:p@h:1/p?q#f", kRel},
		{"/a:b", kRel},
		{"?", kRel},
		{"#", kRel},
		{"?/?:@", kRel},
		{"#/?:@", kRel},
	})
	// absolute-IRI and absolute-URI reject any fragment, even an empty one.
	for _, s := range []string{"a:b#", "a:b#c", "http://h/?q#", "a:#\u00e9"} {
		if oracleMatch("absolute-IRI", s) || oracleMatch("absolute-URI", s) {
			t.Errorf("absolute rule accepts %q", s)
		}
	}
	// The bad characters are rejected anywhere; the ASCII ones by URI
	// rules too, and non-ASCII ones are never URI characters.
	bad := []string{" ", "<", ">", "\"", "{", "}", "|", "\\", "^", "`", "\x7f", "\u0085", "\u009f", "\ufdd0", "\ufdef", "\ufff0", "\ufffe", "\uffff", "\U0001fffe", "\U0001ffff", "\U000e0001", "\U000e0fff", "\U000efffe"}
	for c := rune(0); c < 0x20; c++ {
		bad = append(bad, string(c))
	}
	for _, c := range bad {
		for _, s := range []string{"http://h" + c + "/", "http://h/" + c, "http://h/?" + c, "http://h/#" + c, "http://" + c + "@h/", c, "?" + c, "#" + c} {
			for _, rule := range ruleNames {
				if oracleMatch(rule, s) {
					t.Errorf("oracleMatch(%q, %+q) = true", rule, s)
				}
			}
		}
	}
}

// TestOracleInvalidUTF8 checks the premise that Go's regexp sees each
// invalid byte as U+FFFD, and that U+FFFD is in no rule.
func TestOracleInvalidUTF8(t *testing.T) {
	if !regexp.MustCompile(`^\x{FFFD}$`).MatchString("\xff") {
		t.Fatal("regexp does not read an invalid byte as U+FFFD")
	}
	for _, re := range []string{reUcschar, reIprivate, reIunreserved, reIpchar} {
		if anchored(re).MatchString("\ufffd") {
			t.Errorf("%s matches U+FFFD", re)
		}
	}
	for b := 0x80; b <= 0xFF; b++ {
		for _, s := range []string{string(rune('a')) + ":" + string([]byte{byte(b)}), "?" + string([]byte{byte(b)})} {
			for _, rule := range ruleNames {
				if oracleMatch(rule, s) {
					t.Errorf("oracleMatch(%q, %+q) = true", rule, s)
				}
			}
		}
	}
}

func TestOracleURIRejectsNonASCII(t *testing.T) {
	for _, s := range []string{"http://h/\u00e9", "http://\u00e9/", "http://h/?\u00e9", "http://h/#\u00e9", "\u00e9", "?\ue000", "a:\U00010000"} {
		for _, rule := range []string{"URI-reference", "URI", "absolute-URI", "relative-ref"} {
			if oracleMatch(rule, s) {
				t.Errorf("oracleMatch(%q, %+q) = true", rule, s)
			}
		}
		if !oracleMatch("IRI-reference", s) && !strings.Contains(s, "\ue000") {
			t.Errorf("IRI-reference rejects %+q", s)
		}
	}
}

// inUcschar and inIprivate restate RFC 3987 2.2 differently: code points
// from U+A0 to the end of plane 14, less surrogates, private use,
// noncharacters, specials and tags.
func inUcschar(r rune) bool {
	switch {
	case r < 0xA0 || r > 0xEFFFD:
		return false
	case 0xD800 <= r && r <= 0xF8FF: // surrogates and private use
		return false
	case 0xFDD0 <= r && r <= 0xFDEF: // noncharacters
		return false
	case 0xFFF0 <= r && r <= 0xFFFF: // specials and noncharacters
		return false
	case r&0xFFFF >= 0xFFFE: // last two code points of each plane
		return false
	case 0xE0000 <= r && r <= 0xE0FFF: // tags and variation selectors
		return false
	}
	return true
}

func inIprivate(r rune) bool {
	return 0xE000 <= r && r <= 0xF8FF || r >= 0xF0000 && r&0xFFFF <= 0xFFFD
}

func TestOracleCharacterClasses(t *testing.T) {
	ucs, priv := anchored(reUcschar), anchored(reIprivate)
	ipchar, iquery, ifragment := anchored(reIpchar), anchored(reIquery), anchored(reIfragment)
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if 0xD800 <= r && r <= 0xDFFF {
			continue // not encodable in UTF-8
		}
		s := string(r)
		if got := ucs.MatchString(s); got != inUcschar(r) {
			t.Errorf("ucschar(%U) = %v", r, got)
		}
		if got := priv.MatchString(s); got != inIprivate(r) {
			t.Errorf("iprivate(%U) = %v", r, got)
		}
		if r < 0x80 {
			continue
		}
		if ipchar.MatchString(s) != inUcschar(r) || ifragment.MatchString(s) != inUcschar(r) ||
			iquery.MatchString(s) != (inUcschar(r) || inIprivate(r)) {
			t.Errorf("%U misclassified in ipchar, iquery or ifragment", r)
		}
	}
	// ASCII: reserved and unreserved partition the allowed characters,
	// and the gen-delims are exactly what ipchar must not contain but ":"
	// and "@".
	unres, res, gen, pchar := anchored(reUnreserved), anchored(reReserved), anchored(reGenDelims), anchored(rePchar)
	for c := rune(0); c < 0x80; c++ {
		s := string(c)
		if unres.MatchString(s) && res.MatchString(s) {
			t.Errorf("%q both reserved and unreserved", s)
		}
		if gen.MatchString(s) && pchar.MatchString(s) != (c == ':' || c == '@') {
			t.Errorf("gen-delim %q in pchar = %v", s, pchar.MatchString(s))
		}
		if pchar.MatchString(s) != ipchar.MatchString(s) {
			t.Errorf("pchar and ipchar disagree on %q", s)
		}
		allowed := unres.MatchString(s) || res.MatchString(s)
		if want := strings.ContainsRune("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=", c); allowed != want {
			t.Errorf("%q allowed = %v", s, allowed)
		}
	}
	if !anchored(rePath).MatchString("a/b:c") || !anchored(reIpath).MatchString("\u00e9/b:c") || anchored(reIpath).MatchString("//\ue000") {
		t.Error("path rules")
	}
}

// TestOracleDecOctet checks dec-octet on every string of one to three digits.
func TestOracleDecOctet(t *testing.T) {
	re := anchored(reDecOctet)
	for n := 1; n <= 3; n++ {
		for i := 0; i < 1000; i++ {
			s := fmt.Sprintf("%0*d", n, i)
			if len(s) != n {
				continue
			}
			v, _ := strconv.Atoi(s)
			want := v <= 255 && (n == 1 || s[0] != '0')
			if got := re.MatchString(s); got != want {
				t.Errorf("dec-octet(%q) = %v, want %v", s, got, want)
			}
		}
	}
}

// TestOracleIPv6VersusNetip compares IPv6address with net/netip on
// generated candidates (netip has no zones here and shares the grammar).
func TestOracleIPv6VersusNetip(t *testing.T) {
	re := anchored(reIPv6address)
	check := func(s string) {
		a, err := netip.ParseAddr(s)
		want := err == nil && a.Is6() && a.Zone() == ""
		if got := re.MatchString(s); got != want {
			t.Errorf("IPv6address(%q) = %v, netip says %v (%v)", s, got, want, err)
		}
	}
	groups := []string{"0", "a", "fF", "123", "ABCD"}
	// Every count of groups, with "::" at every position or not at all,
	// with or without an IPv4 tail.
	for n := 0; n <= 9; n++ {
		for gap := -1; gap <= n; gap++ {
			for _, tail := range []string{"", "1.2.3.4", "1.2.3.04"} {
				var b strings.Builder
				for i := 0; i < n; i++ {
					if i == gap {
						b.WriteString("::")
					} else if i > 0 {
						b.WriteString(":")
					}
					b.WriteString(groups[(n+i)%len(groups)])
				}
				if gap == n {
					b.WriteString("::")
				}
				if tail != "" {
					if n > 0 && gap != n {
						b.WriteString(":")
					}
					b.WriteString(tail)
				}
				check(b.String())
			}
		}
	}
	// Random token strings.
	tokens := []string{"1", "ab", "FFFF", "12345", ":", ":", "::", "1.2.3.4", "255.0.0.01", "1.2.3", "g", "."}
	rng := rand.New(rand.NewPCG(3987, 3986))
	for range 20000 {
		var b strings.Builder
		for range 1 + rng.IntN(12) {
			b.WriteString(tokens[rng.IntN(len(tokens))])
		}
		check(b.String())
	}
}

func TestOracleAppendixB(t *testing.T) {
	tests := []struct {
		s    string
		want splitParts
	}{
		{"http://www.ics.uci.edu/pub/ietf/uri/#Related", splitParts{
			scheme: "http", authority: "www.ics.uci.edu", path: "/pub/ietf/uri/", fragment: "Related",
			hasScheme: true, hasAuthority: true, hasFragment: true}},
		{"http://h?", splitParts{scheme: "http", authority: "h", hasScheme: true, hasAuthority: true, hasQuery: true}},
		{"http://h", splitParts{scheme: "http", authority: "h", hasScheme: true, hasAuthority: true}},
		{"http://h#", splitParts{scheme: "http", authority: "h", hasScheme: true, hasAuthority: true, hasFragment: true}},
		{"a:", splitParts{scheme: "a", hasScheme: true}},
		{"", splitParts{}},
		{"//", splitParts{hasAuthority: true}},
		{"///", splitParts{path: "/", hasAuthority: true}},
		{"?#", splitParts{hasQuery: true, hasFragment: true}},
		{"a/b:c?d?e#f?g", splitParts{path: "a/b:c", query: "d?e", fragment: "f?g", hasQuery: true, hasFragment: true}},
		{"foo://u@example.com:8042/over/there?name=ferret#nose", splitParts{
			scheme: "foo", authority: "u@example.com:8042", path: "/over/there", query: "name=ferret", fragment: "nose",
			hasScheme: true, hasAuthority: true, hasQuery: true, hasFragment: true}},
		{"urn:example:animal:ferret:nose", splitParts{scheme: "urn", path: "example:animal:ferret:nose", hasScheme: true}},
		{"http://\u7d05\u767d.jp/\u00e9?\ue000#x\ny", splitParts{
			scheme: "http", authority: "\u7d05\u767d.jp", path: "/\u00e9", query: "\ue000", fragment: "x\ny",
			hasScheme: true, hasAuthority: true, hasQuery: true, hasFragment: true}},
	}
	for _, tt := range tests {
		if got := appendixBSplit(tt.s); got != tt.want {
			t.Errorf("appendixBSplit(%q) = %+v, want %+v", tt.s, got, tt.want)
		}
	}
}
