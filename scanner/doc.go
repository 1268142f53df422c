// Package scanner is the hot path of the iri module: a table-driven DFA
// that validates a string against one rule of RFC 3987 section 2.2 (or the
// ASCII-only rules of RFC 3986 section 3 and Appendix A) and records where
// each component starts and ends, in one left-to-right pass with no
// allocation and no backtracking. AppendURI does the same walk and, on the
// way, maps the IRI to a URI per RFC 3987 section 3.1 step 2.
//
// The tables come from package tables, which go run ../gen writes from the
// RFC's range lists. The scanner skips runs of bytes that keep the DFA in
// its state, consults the transition table only on the byte that ends a
// run, and handles '%' HEXDIG HEXDIG, each UTF-8 code point and each IP
// literal in small sub-steps.
//
// The core takes a string; ScanBytes and AppendURIBytes view a []byte as
// one without copying. A generic core over ~string | ~[]byte measured
// about 10 % slower on the ascii corpus when this was written.
//
// Results are plain values of offsets; a failure is an offset, a Code and
// the Component it happened in. Turning those into messages is the job of
// package iri.
//
// Deviation from the bare ABNF: by default the bidi formatting characters
// LRM, RLM, LRE, RLE, PDF, LRO and RLO (U+200E, U+200F, U+202A-U+202E) are
// rejected, as RFC 3987 section 4.1 requires of IRIs; the AllowBidi option
// accepts them as the ucschar they are.
package scanner
