package scan

import "github.com/irikit/iri/internal/ascii"

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

// scanLookGo is ScanLook without the look in the block path.
func scanLookGo(res *Result, s string, r Rule, opts Options) int {
	ScanZeroed(res, s, r, opts)
	if !res.OK() {
		return 0
	}
	return LookOf(res, s)
}
