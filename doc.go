// Package iri parses, validates, converts, resolves and compares
// Internationalized Resource Identifiers as defined by RFC 3987, and the
// URIs of RFC 3986 they build on.
//
// # Parsing
//
// Parse, ParseReference and ParseRule check a string against one rule of
// the RFC 3987 section 2.2 ABNF (or an ASCII-only RFC 3986 rule) and
// return an IRI: the string itself plus the offsets of its components,
// so that Scheme, Host, Path and the other accessors return substrings
// without allocating. Valid answers the same question without building
// anything. A Parser holds the rule and the options (AllowBidi, IDNA,
// EncodeUnsafeASCII). Errors are *Error values that say what was
// expected, at which byte offset and in which component, and unwrap to
// the sentinels below for errors.Is.
//
// # Converting
//
// AppendURI and ToURI (and IRI.URI) map an IRI to a URI per section 3.1:
// each non-ASCII character becomes the %HH of its UTF-8, and with
// Parser.IDNA each internationalized host label its A-label.
// Parser.AppendURIFrom takes text in a legacy encoding through the NFC
// step of 3.1 first. AppendIRI and ToIRI go back per section 3.2,
// decoding only what is safe to show. URITransformer is the 3.1 mapping
// as a golang.org/x/text transform.Transformer, for streams. IRI.URL and
// FromURL cross to and from net/url where it can hold the reference
// exactly.
//
// # Resolving and comparing
//
// IRI.Resolve, IRI.ResolveIRI and AppendResolve resolve a reference
// against a base (RFC 3986 section 5.2, remove_dot_segments included);
// IRI.Relativize goes the other way. A Normalizer rewrites references
// into the syntax-based or scheme-based normal form of section 5.3
// (Normalize is its zero value); CompareRung says at which rung of the
// comparison ladder two IRIs are equal, Equal whether they are, Compare
// orders IRIs by their normal form (for slices.SortFunc), and Key gives
// the form under which equal IRIs are one map key.
//
// # The rest of the module
//
// The work is done in one left-to-right pass by package scanner, a DFA
// driven by tables generated from the RFC's range lists (package
// tables); valid input costs no allocation. Package lint checks what the
// grammar does not (the bidi rules of section 4, the characters of
// section 6.1, NFC, IDNA, userinfo) and shows references safely
// (section 3.2 and 4). The iri command runs all of it on lines of text.
//
// Deviations from the bare ABNF, both required by the RFC's prose: the
// bidi formatting characters U+200E, U+200F and U+202A-U+202E are
// rejected (section 4.1) unless Parser.AllowBidi is set; and
// ucschar/iprivate are checked on well-formed UTF-8 only, so ill-formed
// UTF-8 is always an error. Everything in this package is safe for
// concurrent use.
//
// Input may be hostile. Every function runs in time and memory linear in
// its input. IDNA, whose Punycode encoding is
// not linear, is bounded by the DNS limit of 63 octets a label (RFC 1034
// 3.1), which refuses no host a resolver would accept. No conversion
// turns data into syntax: hosts split into labels at U+3002, U+FF0E and
// U+FF61 as at '.', wherever they are mapped or compared, IDNA output
// with a delimiter the label did not have is refused, and a Unicode form
// that would make a dot segment or a '.' in a host leaves that text
// percent-encoded.
package iri
