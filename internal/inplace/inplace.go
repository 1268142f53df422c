// Package inplace runs the scanner on a scanner.Result that its caller
// keeps inside a larger value, as package iri's IRI and package lint's
// reference do. scanner.Scan returns its Result by value, and copying it
// out costs about 7 % of iri.Normalizer.AppendNormalize and of lint on
// the ascii corpus; a function value that wrote through the pointer
// would make every parsed IRI escape to the heap.
package inplace

import (
	"unsafe"

	"github.com/irikit/iri/internal/scan"
	"github.com/irikit/iri/scanner"
)

// Scan is scanner.Scan writing its result to *res.
func Scan(res *scanner.Result, s string, r scanner.Rule, opts scanner.Options) {
	scan.ScanTo(inner(res), s, scan.Rule(r), scan.Options(opts))
}

// ScanLook is Scan, and then, where the scan accepts s, the look of a
// normalizer at it (LookOf), which the block path makes as it scans; 0
// where the scan fails.
func ScanLook(res *scanner.Result, s string, r scanner.Rule, opts scanner.Options) int {
	*res = scanner.Result{}
	return scan.ScanLook(inner(res), s, scan.Rule(r), scan.Options(opts))
}

// ScanLookLine is ScanLook of the first line of s, up to its first LF or
// its end, whose length it returns, found as the scan reads s.
func ScanLookLine(res *scanner.Result, s string, r scanner.Rule, opts scanner.Options) (look, n int) {
	*res = scanner.Result{}
	return scan.ScanLookLine(inner(res), s, scan.Rule(r), scan.Options(opts))
}

// NormalLines passes over the lines at the start of s that are references
// under rule r a Normalizer at the scheme level (scheme), with IDNA
// (idna), would surely leave as they are, and returns the offset of the
// first it does not vouch for and how many came before it (scan.NormalLines).
func NormalLines(s string, r scanner.Rule, scheme, idna bool) (next, lines int) {
	return scan.NormalLines(s, scan.Rule(r), scheme, idna)
}

// Normal reports whether scan.Normal vouches that s is a reference under
// rule r that such a Normalizer would leave as it is.
func Normal(s string, r scanner.Rule, scheme, idna bool) bool {
	return scan.Normal(s, scan.Rule(r), scheme, idna)
}

// LookOf is the look of a normalizer at s, which a scan accepted with
// result res: ascii.LookNormal of its scheme and authority, its host, its
// path and, if it has a '%', all of it.
func LookOf(res *scanner.Result, s string) int { return scan.LookOf(inner(res), s) }

// AppendIRI appends to dst the IRI form of s, as scanner.AppendIRI does,
// for an s that a scan has already accepted with result res. It allocates
// only when dst lacks room for len(s) more bytes (sixteen more where the
// vector decoder runs).
func AppendIRI(dst []byte, s string, res *scanner.Result) []byte {
	return scan.AppendIRIOf(dst, s, inner(res))
}

// Convert checks s against rule r and appends its IRI form to dst, as
// scanner.AppendIRI does, but reports only whether s matched, with in
// *res (zero on entry) why not: a caller that wants a Result only for the
// error saves a scan's worth of work on references the block path takes.
func Convert(dst []byte, s string, r scanner.Rule, opts scanner.Options, res *scanner.Result) ([]byte, bool) {
	return scan.AppendIRI(dst, s, scan.Rule(r), scan.Options(opts), inner(res))
}

// inner views a scanner.Result as the engine's Result, whose layout it
// shares (package scanner's tests pin it).
func inner(r *scanner.Result) *scan.Result { return (*scan.Result)(unsafe.Pointer(r)) }
