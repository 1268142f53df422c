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

// Codes. Their meaning is documented in package tables; package iri turns
// them into messages.
const (
	CodeOK                  Code = tables.CodeOK
	CodeSchemeStart         Code = tables.CodeSchemeStart
	CodeScheme              Code = tables.CodeScheme
	CodeColonInFirstSegment Code = tables.CodeColonInFirstSegment
	CodeChar                Code = tables.CodeChar
	CodePort                Code = tables.CodePort
	CodeAfterIPLiteral      Code = tables.CodeAfterIPLiteral
	CodePercent             Code = tables.CodePercent
	CodeUTF8                Code = tables.CodeUTF8
	CodeCodePoint           Code = tables.CodeCodePoint
	CodePrivate             Code = tables.CodePrivate
	CodeBidi                Code = tables.CodeBidi
	CodeNonASCII            Code = tables.CodeNonASCII
	CodeFragment            Code = tables.CodeFragment
	CodeIPLiteral           Code = tables.CodeIPLiteral
	CodeIPLiteralEnd        Code = tables.CodeIPLiteralEnd
	CodeTooLong             Code = tables.CodeTooLong

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
	ComponentNone      Component = tables.ComponentNone
	ComponentScheme    Component = tables.ComponentScheme
	ComponentAuthority Component = tables.ComponentAuthority
	ComponentUserinfo  Component = tables.ComponentUserinfo
	ComponentHost      Component = tables.ComponentHost
	ComponentPort      Component = tables.ComponentPort
	ComponentPath      Component = tables.ComponentPath
	ComponentQuery     Component = tables.ComponentQuery
	ComponentFragment  Component = tables.ComponentFragment
)

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
