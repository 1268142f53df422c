package scanner

import "github.com/irikit/iri/tables"

// Rule names the grammar rule a string is checked against.
type Rule uint8

// The rules, named as in RFC 3987 section 2.2 and RFC 3986 Appendix A.
const (
	IRIReference Rule = iota // IRI-reference
	IRI                      // IRI
	AbsoluteIRI              // absolute-IRI
	IRelativeRef             // irelative-ref
	URIReference             // URI-reference (RFC 3986, ASCII only)
	URI                      // URI (RFC 3986, ASCII only)
	AbsoluteURI              // absolute-URI (RFC 3986, ASCII only)
	RelativeRef              // relative-ref (RFC 3986, ASCII only)
	numRules
)

// String returns the ABNF name of the rule.
func (r Rule) String() string {
	if r < numRules {
		return tables.Rules[r].Name
	}
	return "Rule(" + itoa(int(r)) + ")"
}

// ParseRule returns the rule with the given ABNF name ("IRI-reference",
// "absolute-URI", ...), matched exactly.
func ParseRule(name string) (Rule, bool) {
	for r := range numRules {
		if tables.Rules[r].Name == name {
			return r, true
		}
	}
	return 0, false
}

// ASCII reports whether r is one of the RFC 3986 rules, which allow no
// byte above 0x7F.
func (r Rule) ASCII() bool { return r >= URIReference && r < numRules }

// NoFragment reports whether r forbids a fragment: absolute-IRI and
// absolute-URI (which, unlike IRI.IsAbsolute's "has a scheme", is what
// "absolute" means in the ABNF's rule names).
func (r Rule) NoFragment() bool { return r == AbsoluteIRI || r == AbsoluteURI }

// The rules are tables.Rules, in the same order.
var _ [numRules - tables.NumRules]struct{}
var _ [tables.NumRules - numRules]struct{}

// Options adjust the scanner. The zero value follows RFC 3987 strictly,
// section 4.1 included.
type Options uint8

const (
	// AllowBidi accepts the bidi formatting characters of RFC 3987
	// section 4.1 as the ucschar the section 2.2 ABNF says they are.
	AllowBidi Options = 1 << iota
)

// HostKind says which alternative of ihost matched.
type HostKind uint8

// Host kinds. IPv4 wins over RegName when both match, per the ABNF's
// first-match rule.
const (
	HostNone      HostKind = iota // no iauthority
	HostRegName                   // ireg-name, possibly empty
	HostIPv4                      // IPv4address
	HostIPv6                      // IP-literal holding an IPv6address
	HostIPvFuture                 // IP-literal holding an IPvFuture
)

var hostKindNames = [...]string{"none", "reg-name", "ipv4", "ipv6", "ipvfuture"}

// String returns "none", "reg-name", "ipv4", "ipv6" or "ipvfuture".
func (k HostKind) String() string {
	if int(k) < len(hostKindNames) {
		return hostKindNames[k]
	}
	return "HostKind(" + itoa(int(k)) + ")"
}

// Code says what the scanner expected where it failed.
type Code uint8

// Codes. Package iri turns them into messages.
const (
	CodeOK                  Code = tables.CodeOK                  // no error
	CodeSchemeStart         Code = tables.CodeSchemeStart         // scheme must start with ALPHA
	CodeScheme              Code = tables.CodeScheme              // expected a scheme character or ':'
	CodeColonInFirstSegment Code = tables.CodeColonInFirstSegment // ':' in the first segment of a relative reference
	CodeChar                Code = tables.CodeChar                // character not allowed in this component
	CodePort                Code = tables.CodePort                // port allows only DIGIT
	CodeAfterIPLiteral      Code = tables.CodeAfterIPLiteral      // expected ':' port or the end of the authority after ']'
	CodePercent             Code = tables.CodePercent             // '%' not followed by two HEXDIG
	CodeUTF8                Code = tables.CodeUTF8                // ill-formed UTF-8
	CodeCodePoint           Code = tables.CodeCodePoint           // code point outside ucschar and iprivate
	CodePrivate             Code = tables.CodePrivate             // iprivate outside the query
	CodeBidi                Code = tables.CodeBidi                // bidi formatting character (RFC 3987 section 4.1)
	CodeNonASCII            Code = tables.CodeNonASCII            // non-ASCII in a URI rule (RFC 3986)
	CodeFragment            Code = tables.CodeFragment            // fragment where absolute-IRI allows none
	CodeIPLiteral           Code = tables.CodeIPLiteral           // malformed IPv6address or IPvFuture
	CodeIPLiteralEnd        Code = tables.CodeIPLiteralEnd        // IP-literal without its closing ']'
	CodeTooLong             Code = tables.CodeTooLong             // input of 2 GiB or more

	// CodeIDNA is a host label that IDNA ToASCII rejects. The scanner
	// never returns it; package iri's IDNA conversions do.
	CodeIDNA Code = tables.NumCodes
)

var codeNames = [...]string{
	CodeOK:                  "ok",
	CodeSchemeStart:         "scheme-start",
	CodeScheme:              "scheme",
	CodeColonInFirstSegment: "colon-in-first-segment",
	CodeChar:                "char",
	CodePort:                "port",
	CodeAfterIPLiteral:      "after-ip-literal",
	CodePercent:             "percent",
	CodeUTF8:                "utf8",
	CodeCodePoint:           "code-point",
	CodePrivate:             "private",
	CodeBidi:                "bidi",
	CodeNonASCII:            "non-ascii",
	CodeFragment:            "fragment",
	CodeIPLiteral:           "ip-literal",
	CodeIPLiteralEnd:        "ip-literal-end",
	CodeTooLong:             "too-long",
	CodeIDNA:                "idna",
}

// String returns the code's stable name, such as "char" or "percent":
// programs that report a failure to other programs (the problem+json
// body of package httpiri) may rely on it.
func (c Code) String() string {
	if int(c) < len(codeNames) {
		return codeNames[c]
	}
	return "Code(" + itoa(int(c)) + ")"
}

// Component names a part of an IRI reference, for error reports.
type Component uint8

// Components.
const (
	ComponentNone      Component = tables.ComponentNone      // no component
	ComponentScheme    Component = tables.ComponentScheme    // scheme
	ComponentAuthority Component = tables.ComponentAuthority // iauthority, before it is known to be iuserinfo or ihost
	ComponentUserinfo  Component = tables.ComponentUserinfo  // iuserinfo
	ComponentHost      Component = tables.ComponentHost      // ihost
	ComponentPort      Component = tables.ComponentPort      // port
	ComponentPath      Component = tables.ComponentPath      // ipath
	ComponentQuery     Component = tables.ComponentQuery     // iquery
	ComponentFragment  Component = tables.ComponentFragment  // ifragment
)

var componentNames = [...]string{
	ComponentNone:      "none",
	ComponentScheme:    "scheme",
	ComponentAuthority: "authority",
	ComponentUserinfo:  "userinfo",
	ComponentHost:      "host",
	ComponentPort:      "port",
	ComponentPath:      "path",
	ComponentQuery:     "query",
	ComponentFragment:  "fragment",
}

// String returns the component's name as RFC 3986 has it, such as "host"
// or "query" (package iri's errors name the RFC 3987 rule, "ihost").
func (c Component) String() string {
	if int(c) < len(componentNames) {
		return componentNames[c]
	}
	return "Component(" + itoa(int(c)) + ")"
}

func itoa(v int) string {
	if v == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for ; v > 0; v /= 10 {
		i--
		b[i] = byte('0' + v%10)
	}
	return string(b[i:])
}
