//go:build !amd64 || purego

package scan

func block512(s string, mode uint32) (head uint64, query, frag int) {
	panic("scanner: block512 without assembly")
}

// ScanZeroed is ScanTo for a *res that is zero, as scanner.Scan's is.
func ScanZeroed(res *Result, s string, r Rule, opts Options) { scanZeroed(res, s, r, opts) }

func scanLook(res *Result, s string, r Rule, opts Options, line bool) (look, n int) {
	return scanLookGo(res, s, r, opts, line)
}

// Valid is scanner.Valid: it reports whether s matches rule r.
func Valid(s string, r Rule, opts Options) bool { return valid(s, r, opts) }

func blockScan(res *Result, s string, mode uint32) (taken, ipv4 bool) {
	panic("scanner: blockScan without assembly")
}

// block256 declines: without assembly simd.Block256 is false, and nothing
// calls it.
func block256(s string, mode uint32) (head uint64, query, frag int) { return 0, 0, 0 }

func blockValid512(s string, mode uint32) (taken, cannot bool) {
	panic("scanner: blockValid512 without assembly")
}

func blockValid256(s string, mode uint32) (taken, cannot bool) { return false, false }

func normalLines(s string, mode uint32, flags uint32) (next, lines int) {
	panic("scanner: normalLines without assembly")
}
