// Package whatwg reads URLs as browsers do: the basic URL parser of the
// WHATWG URL Standard, beside package iri's reading by RFC 3986 and RFC
// 3987. The two readings differ where attacks live: "http:\\evil.com\x",
// "http:///evil.com/", "http://0x7f.1/" and "http://ex%61mple.com/" name
// one host to a browser and another host, or a path, to the RFCs and to
// net/url. This package gives the browsers' reading, to compare.
//
// A URL holds its serialization (Href) and the offsets of its components
// in it, as ada's url_aggregator does; every getter is a substring. An
// input that is already its own serialization is kept as the Href, and
// Parse allocates nothing for it; any other input costs one allocation,
// but for a non-ASCII host (or an xn-- label) that is not among the
// recent results kept in 512 slots, which costs x/net/idna's own
// allocations (about eight).
//
// Parse follows the standard as it reads today (see the README for the
// revision its conformance data comes from): the special schemes and
// their default ports, '\' as '/' where special, tabs and newlines
// removed and C0 controls and spaces trimmed, the host parser
// (percent-decoding, UTS 46 through golang.org/x/net/idna with the
// standard's flags, the IPv4 parser with its hex, octal and one-to-four
// part forms, the IPv6 parser, opaque hosts), the percent-encode sets,
// dot segments with their %2e forms, Windows drive letters in file URLs,
// and opaque paths. Validation errors that do not end parsing are kept
// as Warnings, named as the standard names them; the one that does is
// the Kind of the *Error.
//
// UTS 46 is x/net/idna's, whose tables follow the Go release: Go 1.27
// builds them for Unicode 17.0, as the conformance data expects, Go 1.26
// for Unicode 15.0, where a few newer mappings (U+1E9E to "ß", among
// them) are missing.
package whatwg
