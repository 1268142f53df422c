package scanner

import (
	"unsafe"

	"github.com/irikit/iri/internal/ascii"
	"github.com/irikit/iri/internal/scan"
)

// The engine (package internal/scan) writes its own Result type, whose
// layout is Result's (TestEngineLayout); inner views one as the other.
// Scan, Valid and AppendURI write the conversion out, which keeps them
// within the inlining budget.
func inner(r *Result) *scan.Result { return (*scan.Result)(unsafe.Pointer(r)) }

// Scan validates s against rule r and returns its component offsets, or
// where it failed. It allocates nothing and runs in time linear in len(s).
func Scan(s string, r Rule, opts Options) (res Result) {
	scan.ScanZeroed((*scan.Result)(unsafe.Pointer(&res)), s, scan.Rule(r), scan.Options(opts)&^scan.ValidOnly)
	return
}

// ScanBytes is Scan for a byte slice, which it does not retain.
func ScanBytes(b []byte, r Rule, opts Options) Result { return Scan(bytesString(b), r, opts) }

// Valid reports whether s matches rule r.
func Valid(s string, r Rule, opts Options) bool {
	return scan.Valid(s, scan.Rule(r), scan.Options(opts))
}

// ValidLines checks the lines of s, each ended by an LF or by the end of
// s, against rule r until one does not match. It returns the offset at
// which that line starts and how many lines came before it; when all
// match, len(s) and the number of lines. A CR before an LF is part of its
// line, and so invalid in every rule.
//
// It is what a loop of strings.IndexByte and Valid would return, in one
// pass over s: for input that holds one reference per line, most of them
// valid, it skips to the lines that need a closer look. It allocates
// nothing and runs in time linear in len(s).
func ValidLines(s string, r Rule, opts Options) (bad, lines int) {
	return scan.ValidLines(s, scan.Rule(r), scan.Options(opts)&^scan.ValidOnly)
}

// AppendURI validates s against rule r and appends to dst its URI form per
// RFC 3987 section 3.1 step 2: each byte of each non-ASCII character
// becomes %HH with uppercase hex; every ASCII byte, existing %HH
// included, is copied as it is. On failure dst is returned unchanged.
// It allocates only when dst must grow.
func AppendURI(dst []byte, s string, r Rule, opts Options) ([]byte, Result) {
	var res Result
	dst = scan.Scan(s, scan.Rule(r), scan.Options(opts)&^scan.ValidOnly, dst, true, (*scan.Result)(unsafe.Pointer(&res)))
	return dst, res
}

// AppendNonASCIIEncoded appends s to dst with each byte of each non-ASCII
// character as %HH with uppercase hex and every ASCII byte as it is: the
// URI form AppendURI gives of an s that matches an IRI rule, without
// checking it again. It is for text already checked, such as the run of
// lines ValidLines passed over, whose URI form is their own lines',
// newlines and all. It allocates only when dst must grow.
func AppendNonASCIIEncoded(dst []byte, s string) []byte { return ascii.EncodeNonASCII(dst, s) }

// AppendURIBytes is AppendURI for a byte slice, which it does not retain.
// b must not overlap the part of dst that grows.
func AppendURIBytes(dst, b []byte, r Rule, opts Options) ([]byte, Result) {
	return AppendURI(dst, bytesString(b), r, opts)
}

// AppendIRI validates s against rule r and appends to dst its IRI form per
// RFC 3987 section 3.2: each %HH is decoded unless it stands for '%', a
// reserved character or an ASCII character that URIs do not allow (step
// 2); octets that are not part of a strictly legal UTF-8 sequence (step
// 3), and characters that are not appropriate where they land (step 4:
// outside ucschar, iprivate outside the query, the bidi formatting
// characters of section 4.1, and the characters section 6.1 advises
// against), stay percent-encoded, with uppercase hex. A %HH that is not
// decoded at all keeps its case.
//
// The Result describes s, not the output. On failure dst is returned
// unchanged. It allocates only when dst must grow.
func AppendIRI(dst []byte, s string, r Rule, opts Options) ([]byte, Result) {
	res := Scan(s, r, opts)
	if !res.OK() {
		return dst, res
	}
	return scan.AppendIRIOf(dst, s, inner(&res)), res
}

// bytesString views b as a string without copying. The scanner only reads
// its input during the call and never keeps it, so the view cannot outlive
// b or see it change.
func bytesString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }
