package iri

import "github.com/irikit/iri/scanner"

// Rule names the ABNF rule a string is checked against.
type Rule uint8

// The rules of RFC 3987 section 2.2 and, ASCII only, RFC 3986 Appendix A.
const (
	RuleIRIReference = Rule(scanner.IRIReference) // IRI-reference: an IRI or a relative reference
	RuleIRI          = Rule(scanner.IRI)          // IRI: scheme required, fragment allowed
	RuleAbsoluteIRI  = Rule(scanner.AbsoluteIRI)  // absolute-IRI: scheme required, no fragment
	RuleIRelativeRef = Rule(scanner.IRelativeRef) // irelative-ref: no scheme
	RuleURIReference = Rule(scanner.URIReference) // URI-reference
	RuleURI          = Rule(scanner.URI)          // URI
	RuleAbsoluteURI  = Rule(scanner.AbsoluteURI)  // absolute-URI
	RuleRelativeRef  = Rule(scanner.RelativeRef)  // relative-ref
)

// String returns the ABNF name of the rule, such as "IRI-reference".
func (r Rule) String() string { return scanner.Rule(r).String() }

// Rules returns every rule, in the order of the constants above.
func Rules() []Rule {
	return []Rule{RuleIRIReference, RuleIRI, RuleAbsoluteIRI, RuleIRelativeRef,
		RuleURIReference, RuleURI, RuleAbsoluteURI, RuleRelativeRef}
}

// ParseRuleName returns the rule with the given ABNF name ("IRI-reference",
// "IRI", "absolute-IRI", "irelative-ref", "URI-reference", "URI",
// "absolute-URI" or "relative-ref").
func ParseRuleName(name string) (Rule, bool) {
	r, ok := scanner.RuleByName(name)
	return Rule(r), ok
}

// HostKind says which alternative of ihost an IRI's host matched.
type HostKind uint8

// Host kinds. HostIPv4 wins over HostRegName when both match, per the
// ABNF's first-match rule ("1.2.3.4" is IPv4, "1.2.3.256" a reg-name).
const (
	HostNone      = HostKind(scanner.HostNone)      // no authority
	HostRegName   = HostKind(scanner.HostRegName)   // ireg-name, possibly empty
	HostIPv4      = HostKind(scanner.HostIPv4)      // IPv4address
	HostIPv6      = HostKind(scanner.HostIPv6)      // IP-literal with an IPv6address
	HostIPvFuture = HostKind(scanner.HostIPvFuture) // IP-literal with an IPvFuture
)

// String returns "none", "reg-name", "ipv4", "ipv6" or "ipvfuture".
func (k HostKind) String() string { return scanner.HostKind(k).String() }
