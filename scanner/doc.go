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
// On amd64 CPUs with SSSE3 (nearly all of them) the hot loop is assembly
// (loop_amd64.s): it tests 32 bytes per step against the current state's
// byte set with two PSHUFB nibble lookups (tables.VecSet), and checks the
// UTF-8 structure of two- and three-byte characters whose lead byte makes
// them ucschar without a lookup, in the same step. Anything else (a '%',
// another non-ASCII character, an IP literal, an error) goes to the same
// Go sub-steps as before. Elsewhere, and when the CPU lacks SSSE3, the Go
// loop in scan.go does the work; the tests run both and require identical
// results on the corpora, on every BMP code point at every block offset,
// on ill-formed UTF-8, at the end of a page followed by an unmapped one,
// and under fuzzing.
//
// ValidLines checks text that holds a reference a line, up to the first
// line that does not match, in one pass: its tables have an LF take the
// transition of the end of the input, so no separate search for line ends
// is needed (1.1-1.3x IndexByte and Valid in BenchmarkValidLines).
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
