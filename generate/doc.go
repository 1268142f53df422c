// Package generate draws references from the RFC 3987 grammar, each
// labelled with its verdict, for fuzz harnesses, benchmark suites and the
// authors of other parsers.
//
// A Generator walks the section 2.2 ABNF at random, so that every
// production and every state of the scanner's DFA is reached, and leans on
// the edges where parsers disagree: the nine IPv6address forms and
// IPvFuture, empty versus absent components, pct-encoded triplets,
// four-byte ucschar, dot segments, ':' in a path and userinfo holding '@'
// and ':'. A valid Sample carries the components the generator wrote (the
// scanner.Result that scanner.Scan must return), the productions it was
// drawn from and its edge-case features.
//
// An invalid Sample is a valid one changed once, by a named mutation
// (Mutations lists them; the names are stable), and carries the byte
// offset, code and component at which the scanner rejects it. Mutations
// that need something of the rule (a fragment, a scheme, a relative form,
// non-ASCII) are drawn only for the rules that have it; see
// MutationApplies. No sample holds a LF or CR, so that every sample is one
// line of text.
//
// A Generator is deterministic: the same Options, Seed included, give the
// same samples on every platform and Go release (see New for why).
package generate
