package scan

import (
	"strings"

	"github.com/irikit/iri/internal/ascii"
	"github.com/irikit/iri/internal/simd"
)

// LookOf makes the look of a normalizer at s, which a scan accepted with
// result res: ascii.LookNormal of the scheme and authority (LookUpper),
// the authority's host (LookDashes), the path (LookSlashDot), and, if
// the scan saw a '%', all of s (LookPct). A normalizer may not ask for
// all of it: it ignores the bits it does not.
func LookOf(res *Result, s string) int {
	upper, dlo, dhi := 0, 0, 0
	if res.Parts&HasScheme != 0 {
		upper = int(res.SchemeEnd)
	}
	if res.Parts&HasAuthority != 0 {
		upper, dlo, dhi = int(res.HostEnd), int(res.HostStart), int(res.HostEnd)
	}
	pct := 0
	if res.Flags&HasPercent != 0 {
		pct = len(s)
	}
	return ascii.LookNormal(s, upper, dlo, dhi, int(res.PathStart), int(res.PathEnd), pct)
}

// ScanLook is ScanZeroed, and then, where the scan accepts s, the look of
// a normalizer: LookOf(res, s), 0 where it fails.
func ScanLook(res *Result, s string, r Rule, opts Options) int {
	look, _ := scanLook(res, s, r, opts, false)
	return look
}

// ScanLookLine is ScanLook of the first line of s, up to its first LF or
// its end, whose length it returns: a loop over lines that needs no
// search of its own for their ends.
func ScanLookLine(res *Result, s string, r Rule, opts Options) (look, n int) {
	return scanLook(res, s, r, opts, true)
}

// scanLookGo is scanLook without the look in the block path.
func scanLookGo(res *Result, s string, r Rule, opts Options, line bool) (look, n int) {
	n = len(s)
	if line {
		if j := strings.IndexByte(s, '\n'); j >= 0 {
			n = j
		}
	}
	ScanZeroed(res, s[:n], r, opts)
	if !res.OK() {
		return 0, n
	}
	return LookOf(res, s[:n]), n
}

// What a Normalizer asks of NormalLines.
const (
	normalScheme = 1 << iota // the scheme level: ports and empty paths change
	normalIDNA               // and IDNA applies: an "xn--" host label may change
	normalOne                // s is one reference, not lines (Normal)
)

// normalOneBit is normalOne's bit.
const normalOneBit = 2

// Normal reports whether it can vouch that s is a reference under rule r
// that a Normalizer would leave as it is, as NormalLines does for a line
// (an LF in s is no line's end, and makes s no reference): where it
// does, the Normalizer need not scan s again, nor write its Result.
func Normal(s string, r Rule, scheme, idna bool) bool {
	if !simd.Block || r >= numRules || s == "" {
		return false
	}
	next, lines := normalLines(s, blockMode[r], normalOne|normalFlags(scheme, idna))
	return lines == 1 && next == len(s)
}

// NormalLines passes over the lines at the start of s (lines ended by an
// LF or by the end of s) that it can vouch are references under rule r
// that a Normalizer would leave as they are, and returns the offset of
// the first line it does not vouch for and how many lines come before
// it; len(s) when it vouches for them all. It vouches for a line that
// scans with nothing ScanLook's look finds, no port and a path (at the
// scheme level, which scheme sets), "--" in no host (where idna is set
// too), and no dot segment where one may be removed, and only where the
// block path in AVX-512 takes it (without it, for none): the lines it
// stops at, a Normalizer looks at itself, so vouching in Go would only
// scan them twice. It is AppendNormalizeLines' way past the lines that
// are normal, with no Result written and no call a line. It needs no
// Options: the block path declines the text they would decide on.
func NormalLines(s string, r Rule, scheme, idna bool) (next, lines int) {
	if !simd.Block || r >= numRules {
		return 0, 0
	}
	return normalLines(s, blockMode[r], normalFlags(scheme, idna))
}

// normalFlags are normalLines' flags for a Normalizer at the scheme level
// (scheme), with IDNA (idna).
func normalFlags(scheme, idna bool) uint32 {
	var flags uint32
	if scheme {
		flags |= normalScheme
		if idna {
			flags |= normalIDNA
		}
	}
	return flags
}

// normalAsIs reports whether NormalLines vouches for the reference s,
// which a scan accepted with result res and look look.
func normalAsIs(res *Result, s string, look int, flags uint32) bool {
	if look&(ascii.LookUpper|ascii.LookPct) != 0 {
		return false
	}
	auth := res.Parts&HasAuthority != 0
	if flags&normalScheme != 0 && auth && (res.Parts&HasPort != 0 || res.PathStart == res.PathEnd) {
		return false
	}
	if flags&normalIDNA != 0 && auth && look&ascii.LookDashes != 0 {
		return false
	}
	ps, pe := int(res.PathStart), int(res.PathEnd)
	if ps < pe && (res.Parts&HasScheme != 0 || s[ps] == '/') && (s[ps] == '.' || look&ascii.LookSlashDot != 0) {
		return false
	}
	return true
}
