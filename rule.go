package iri

import "github.com/irikit/iri/scanner"

// Rule names the ABNF rule a string is checked against. It is
// scanner.Rule, so values pass between the two packages unconverted, and
// scanner.ParseRule looks one up by its ABNF name.
type Rule = scanner.Rule

// The rules of RFC 3987 section 2.2 and, ASCII only, RFC 3986 Appendix A.
const (
	RuleIRIReference = scanner.IRIReference // IRI-reference: an IRI or a relative reference
	RuleIRI          = scanner.IRI          // IRI: scheme required, fragment allowed
	RuleAbsoluteIRI  = scanner.AbsoluteIRI  // absolute-IRI: scheme required, no fragment
	RuleIRelativeRef = scanner.IRelativeRef // irelative-ref: no scheme
	RuleURIReference = scanner.URIReference // URI-reference
	RuleURI          = scanner.URI          // URI
	RuleAbsoluteURI  = scanner.AbsoluteURI  // absolute-URI
	RuleRelativeRef  = scanner.RelativeRef  // relative-ref
)

// Rules returns every rule, in the order of the constants above.
func Rules() []Rule {
	return []Rule{RuleIRIReference, RuleIRI, RuleAbsoluteIRI, RuleIRelativeRef,
		RuleURIReference, RuleURI, RuleAbsoluteURI, RuleRelativeRef}
}

// HostKind says which alternative of ihost an IRI's host matched. It is
// scanner.HostKind.
type HostKind = scanner.HostKind

// Host kinds. HostIPv4 wins over HostRegName when both match, per the
// ABNF's first-match rule ("1.2.3.4" is IPv4, "1.2.3.256" a reg-name).
const (
	HostNone      = scanner.HostNone      // no authority
	HostRegName   = scanner.HostRegName   // ireg-name, possibly empty
	HostIPv4      = scanner.HostIPv4      // IPv4address
	HostIPv6      = scanner.HostIPv6      // IP-literal with an IPv6address
	HostIPvFuture = scanner.HostIPvFuture // IP-literal with an IPvFuture
)
