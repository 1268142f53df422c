// Package lint checks IRI references against the rules of RFC 3987 that
// go beyond its grammar, and shows them to people safely.
//
// Lint (and Options.AppendViolations, which appends without allocating
// on clean input; Options.FirstViolation, which finds only the first at
// or above a severity, as a server that refuses needs; and
// Options.AppendViolationsLimit, which keeps the first few of each check
// and counts the rest in a Tally, in memory bounded by what it keeps, as
// a tool that shows a few needs) reports each Violation of a Check:
// bidi rules (section 4), characters section 6.1 advises against and
// look-alikes of delimiters, text not in NFC or NFKC (5.3.2.2), host
// labels IDNA refuses or that mix scripts, percent-encoding that is not
// UTF-8 or hides a delimiter, userinfo and passwords (RFC 3986 7.5), and
// the rules of the common schemes. Each Check has a stable name
// (String, such as "bidi-mixed") and a default Severity; a Profile, and
// per-check overrides in Options, change the severities.
//
// Display, DisplayIsolated and FromDisplay are section 3.2 and 4: the
// text of a reference as it is safe to show, with what could make it
// read as something else left percent-encoded, and the way back from
// such text to the reference.
//
// The package sits above package iri and the scanner, as x/text's
// secure/precis sits above unicode/norm: it parses with them and adds
// policy. Every function is safe for concurrent use and runs in time
// and memory linear in its input.
package lint
