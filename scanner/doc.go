// Package scanner is the hot path of the iri module: a table-driven DFA
// that validates a string against one rule of RFC 3987 section 2.2 (or the
// ASCII-only rules of RFC 3986 section 3 and Appendix A) and records where
// each component starts and ends, in one left-to-right pass with no
// allocation and no backtracking. AppendURI does the same walk and, on the
// way, maps the IRI to a URI per RFC 3987 section 3.1 step 2; AppendIRI
// goes back per section 3.2. ValidLines checks text that holds a
// reference a line in one pass.
//
// The DFA's tables come from package tables; the engine that runs them is
// internal to the module. Where the CPU allows, runs of bytes that keep
// the DFA in its state are skipped many at a time, with the same results
// as the byte-by-byte walk.
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
