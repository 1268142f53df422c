package scan

import (
	"strings"

	"github.com/irikit/iri/internal/ascii"
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
