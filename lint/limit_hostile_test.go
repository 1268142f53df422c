package lint_test

import (
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/irikit/iri/internal/hostile"
	"github.com/irikit/iri/lint"
)

// AppendViolationsLimit keeps the first n violations of each check of
// Lint's list and counts them all on the hostile references too, at
// small sizes: many violations of one check, or of several, found by one
// pass or by several.
func TestAppendViolationsLimitHostile(t *testing.T) {
	for _, fam := range hostile.Families {
		for _, size := range []int{64, 300, 2000} {
			s := fam.Make(size)
			for _, o := range []lint.Options{{}, {Profile: lint.ProfileStrict}} {
				for _, n := range []int{1, 3, 10} {
					lint.CheckLimit(t, o, s, n)
				}
			}
		}
	}
}

// allocated returns the bytes f allocates.
func allocated(f func()) int {
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	f()
	runtime.ReadMemStats(&m1)
	return int(m1.TotalAlloc - m0.TotalAlloc)
}

// limitWorkingSet is what AppendViolationsLimit may allocate for each
// byte of input beyond what it keeps: the spans of the violations about
// characters in text not in NFC or NFKC (16 bytes each, the list grown by
// doubling), which the normal-form checks read. A violation kept costs
// 56 bytes: the hostile references have one every few bytes.
const limitWorkingSet = 8

// AppendViolationsLimit allocates memory bounded by what it keeps and by
// lint's working set, not by the number of violations: on every hostile
// family whose reference ten times as long has ten times the violations
// (a million at 640 KiB of right-to-left host labels, where Lint's list
// takes 170 MB), the longer one allocates no more than the working set
// adds for its bytes. AppendViolations is measured beside it.
func TestAppendViolationsLimitAllocs(t *testing.T) {
	const small, large = 64 << 10, 640 << 10
	tested := 0
	for _, fam := range hostile.Families {
		s, l := fam.Make(small), fam.Make(large)
		var o lint.Options
		var ts, tl lint.Tally
		as := allocated(func() { _, ts = o.AppendViolationsLimit(nil, s, 10) })
		al := allocated(func() { _, tl = o.AppendViolationsLimit(nil, l, 10) })
		if tl.Total() < 10*ts.Total() || ts.Total() < 1000 {
			continue
		}
		tested++
		full := allocated(func() { o.AppendViolations(nil, l) })
		t.Logf("%-22s %8d violations: %8d bytes, at 10x %8d violations: %8d bytes (AppendViolations %10d)", fam.Name, ts.Total(), as, tl.Total(), al, full)
		if limit := as + limitWorkingSet*(len(l)-len(s)); al > limit {
			t.Errorf("%s: AppendViolationsLimit allocates %d bytes for %d violations, %d for %d: more than the %d B a byte of lint's working set", fam.Name, as, ts.Total(), al, tl.Total(), limitWorkingSet)
		}
		if al > 64<<10+limitWorkingSet*len(l) {
			t.Errorf("%s: AppendViolationsLimit allocates %d bytes on %d bytes of input", fam.Name, al, len(l))
		}
	}
	if tested < 10 {
		t.Errorf("%d families have ten times the violations at ten times the size", tested)
	}
	// Nothing, with dst's room, for a clean reference, nor for one with
	// violations, whatever their number: the limiter and its heaps come
	// from a pool. (As in AppendViolations, x/net's IDNA and the message
	// of a syntax error allocate.) The race detector empties pools at
	// random.
	if raceEnabled {
		return
	}
	dst := make([]lint.Violation, 0, 64)
	for _, s := range []string{
		"http://example.com/a?b#c",
		"https://ja.wikipedia.org/wiki/東京都#歴史",
		"http://h:80/",
		"http://h:80/" + strings.Repeat("\u05d0a/%2e%2e/%FF/\u200b/", 300),
	} {
		var o lint.Options
		if n := testing.AllocsPerRun(50, func() { dst, _ = o.AppendViolationsLimit(dst[:0], s, 10) }); n != 0 {
			t.Errorf("AppendViolationsLimit(%.40q…) allocates %v times", s, n)
		}
		if len(dst) == 0 && s != "http://example.com/a?b#c" && s != "https://ja.wikipedia.org/wiki/東京都#歴史" {
			t.Errorf("AppendViolationsLimit(%.40q…) finds nothing", s)
		}
	}
}

// AppendViolationsLimit runs in time and memory linear in its input, as
// internal/hostile's TestLinear checks of the other entry points: on
// every family, keeping 10 of each check, and none.
func TestAppendViolationsLimitLinear(t *testing.T) {
	hostile.RequireLinear(t)
	if raceEnabled {
		t.Skip("slow under -race; CI runs it without")
	}
	for _, n := range []int{10, 0} {
		name := "AppendViolationsLimit-" + strconv.Itoa(n)
		run := func(s string) int {
			_, t := lint.Options{Profile: lint.ProfileStrict}.AppendViolationsLimit(nil, s, n)
			return t.Total()
		}
		for _, fam := range hostile.Families {
			t.Run(name+"/"+fam.Name, func(t *testing.T) { hostile.CheckLinear(t, name, run, fam) })
		}
	}
}
