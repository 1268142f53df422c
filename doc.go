// Package iri parses, validates and converts Internationalized Resource
// Identifiers as defined by RFC 3987, and the URIs of RFC 3986 they build on.
//
// Parse, ParseReference and ParseRule check a string against one rule of
// the RFC 3987 section 2.2 ABNF (or an ASCII-only RFC 3986 rule) and return
// an IRI: the string itself plus the offsets of its components, so that
// Scheme, Host, Path and the other accessors return substrings without
// allocating. Valid answers the same question without building anything.
// AppendURI and IRI.URI map an IRI to a URI per RFC 3987 section 3.1 step 2,
// percent-encoding each non-ASCII character as UTF-8 %HH.
//
// The work is done in one left-to-right pass by package scanner, a DFA
// driven by tables generated from the RFC's range lists; valid input costs
// no allocation. Errors are *Error values that say what was expected, at
// which byte offset and in which component, and unwrap to the sentinels
// below for errors.Is.
//
// Deviations from the bare ABNF, both required by the RFC's prose: the bidi
// formatting characters U+200E, U+200F and U+202A-U+202E are rejected
// (section 4.1) unless Parser.AllowBidi is set; and ucschar/iprivate are
// checked on well-formed UTF-8 only, so ill-formed UTF-8 is always an
// error. Everything in this package is safe for concurrent use.
//
// Input may be hostile. Every function runs in time and memory linear in
// its input (internal/hostile's TestLinear checks each on some forty kinds
// of attack at 256 KiB and 4 MiB). IDNA, whose Punycode encoding is not
// linear, is bounded by the DNS limit of 63 octets a label (RFC 1034
// 3.1), which refuses no host a resolver would accept. No conversion
// turns data into syntax: hosts split into labels at U+3002, U+FF0E and
// U+FF61 as at '.', wherever they are mapped or compared, IDNA output
// with a delimiter the label did not have is refused, and a Unicode form
// that would make a dot segment or a '.' in a host leaves that text
// percent-encoded.
package iri
