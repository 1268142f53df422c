package scan

import (
	"strings"

	"github.com/irikit/iri/internal/simd"
	"github.com/irikit/iri/tables"
)

// ValidLines is scanner.ValidLines: it checks the lines of s, each ended by an LF or by the end of
// s, against rule r until one does not match. It returns the offset at
// which that line starts and how many lines came before it; when all
// match, len(s) and the number of lines. A CR before an LF is part of its
// line, and so invalid in every rule.
//
// It is what a loop of strings.IndexByte and Valid would return, in one
// pass over s: for input that holds one reference per line, most of them
// valid, it skips to the lines that need a closer look. It allocates
// nothing and runs in time linear in len(s).
//
// With the block path it is that loop; without it, validLines, whose
// tables have an LF take the transition of the end of the input, so that
// no separate search for line ends is needed (1.1-1.3x a loop of
// IndexByte and the DFA's Valid, in BenchmarkValidLines; the block path's
// Valid makes the loop 1.5x validLines).
func ValidLines(s string, r Rule, opts Options) (bad, lines int) {
	if r >= numRules {
		r = IRIReference
	}
	if simd.Block || simd.Block256 || !simd.ScanLoop || len(s) > maxLen {
		for i := 0; i < len(s); lines++ {
			n := strings.IndexByte(s[i:], '\n')
			if n < 0 {
				n = len(s) - i
			}
			if !Valid(s[i:i+n], r, opts) {
				return i, lines
			}
			i += n + 1
		}
		return len(s), lines
	}
	return validLines(s, r, opts)
}

// validLines is ValidLines with the assembly loop. Its tables have an LF
// take the transition of the end of the input, so each line ends as an
// input does; the next starts afresh. The walker's slots are not reset
// between lines: a valid-only scan reads none of them but the port's
// mark, and only to place an error, which here is not reported.
func validLines(s string, r Rule, opts Options) (bad, lines int) {
	start, _ := r.tables()
	bt := lineTransOf[r]
	var nonASCII uint32
	if !r.ascii() {
		nonASCII = tables.NonASCIIStay
	}
	var w walker
	var res Result
	w.s, w.opts = s, opts|ValidOnly
	n := len(s)
	for line := 0; line < n; lines++ {
		i, st := line, start
		// scan's shortcut through "http://" and "https://", without
		// the slots, which are of no use here.
		if st != tables.StateRelStart && n-i >= 8 {
			if k := httpLen(s, i); k != 0 {
				st, i = tables.StateAuthStart, i+k
			}
		}
		for {
			var e uint32
			i, st, e, _, _ = scanLoop(s, i, st, nonASCII, bt, &w.slot)
			if e&tables.StateMask == tables.StateDone {
				break
			}
			c := uint8(tables.ClassEnd)
			if i < n {
				c = tables.Class[s[i]]
			}
			if i, st = w.step(&res, i, st, c, e); st == tables.StateError {
				return line, lines
			}
		}
		// i is at the LF or the end.
		line = i + 1
	}
	return n, lines
}

// valid reports whether s matches rule r.
func valid(s string, r Rule, opts Options) bool {
	var res Result
	Scan(s, r, opts|ValidOnly, nil, false, &res)
	return res.OK()
}
