// Package interop reads one reference the way each of several parsers
// reads it, and says where the readings part: the gap behind SSRF filter
// bypasses, where the code that checks a URL and the code that uses it
// read two hosts in one string.
//
// Read gives a Report: the reading of RFC 3986 and RFC 3987 (package
// iri), of the WHATWG URL Standard (package whatwg, as browsers and Node
// read), and of net/url (the Go release the program runs on), each the
// components or the reader's refusal; the components on which the
// readers that accept the reference disagree (Differs), the readers that
// refuse what others accept (Refused), the rules that make the
// difference (Causes), and the host and port each kind of client would
// dial (Connect), which is not always the host it reads.
//
// Check is the quick form for a hot path: whether the readings of the
// scheme, host or port can differ at all, and why, without reading
// anything; it never says they cannot where Read finds that they do.
package interop
