package hostile

import (
	"runtime"
	"testing"
	"unsafe"

	"github.com/irikit/iri/httpiri"
	"github.com/irikit/iri/lint"
)

// memCases are the entry points TestMemory bounds: each returns the
// bytes of its result, which it may allocate times over, and may
// allocate perByte more for each byte of input.
var memCases = []struct {
	name    string
	run     func(s string) (out int)
	times   int
	perByte float64
}{
	// The list of violations: grown by doubling (twice its final size on
	// the way), and sorted through a copy.
	{"Lint", lintOut(lint.Options{}), 3, 16},
	{"Lint-strict", lintOut(lint.Options{Profile: lint.ProfileStrict}), 3, 16},
	// Nothing but its answer: no list, no buffer of x/text's.
	{"FirstViolation-strict", discard(firstViolation(lint.Options{Profile: lint.ProfileStrict}, lint.SeverityWarning)), 0, 3},
	{"FirstViolation-error", discard(firstViolation(lint.Options{}, lint.SeverityError)), 0, 3},
	// The IRI, its display form and the lists of what to map, twice.
	{"Display", func(s string) int { return len(lint.Display(s)) }, 2, 256},
	{"DisplayIsolated", func(s string) int { return len(lint.DisplayIsolated(s)) }, 2, 256},
	// Reject on against Reject off: the decoded text and its checks.
	{"httpiri-reject", rejectCost, 2, 4},
}

func lintOut(o lint.Options) func(string) int {
	return func(s string) int { return cap(lint.Lint(s, o)) * int(unsafe.Sizeof(lint.Violation{})) }
}

func discard(f func(string) int) func(string) int {
	return func(s string) int { f(s); return 0 }
}

var rejectOff = middleware(httpiri.Options{IRI: true}, false)
var rejectOn = middleware(rejectOptions, false)

// rejectCost runs the middleware with Reject and without, and returns
// what the run without allocates as its result: TestMemory, which
// measures both runs and allows the result twice, then bounds what
// Reject adds.
func rejectCost(s string) int {
	rejectOn(s)
	return allocated(rejectOff, s)
}

// allocated returns the bytes f allocates on s.
func allocated(f func(string) int, s string) int {
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	f(s)
	runtime.ReadMemStats(&m1)
	return int(m1.TotalAlloc - m0.TotalAlloc)
}

// TestMemory bounds the bytes that lint's entry points and the Reject
// path of the middleware allocate on each hostile family at 1 MiB: once
// hundreds a byte, as each segment that normalization checked, and each
// violation below Reject, cost a buffer or a list entry.
func TestMemory(t *testing.T) {
	RequireLinear(t)
	if raceEnabled {
		t.Skip("the race detector allocates on its own")
	}
	for _, c := range memCases {
		for _, fam := range Families {
			t.Run(c.name+"/"+fam.Name, func(t *testing.T) {
				s := fam.Make(1 << 20)
				var out int
				got := allocated(func(s string) int { out = c.run(s); return 0 }, s)
				limit := int(c.perByte*float64(len(s))) + c.times*out
				t.Logf("%-22s %-26s %7.2f B/B, result %7.2f B/B", c.name, fam.Name, float64(got)/float64(len(s)), float64(out)/float64(len(s)))
				if got > limit {
					t.Errorf("%s on %s: %.1f bytes a byte, more than %.0f and %d times its result (%.1f a byte)",
						c.name, fam.Name, float64(got)/float64(len(s)), c.perByte, c.times, float64(out)/float64(len(s)))
				}
			})
		}
	}
}
