package hostile

import (
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// LinearEnv names the environment variable that turns the linear-time
// suites on: they take minutes and gigabytes, too much for a plain go
// test, so they run when it is "1" (.ci/run sets it).
const LinearEnv = "IRI_LINEAR"

// RequireLinear skips t unless LinearEnv is "1", and under -short.
func RequireLinear(t testing.TB) {
	t.Helper()
	if testing.Short() || os.Getenv(LinearEnv) != "1" {
		t.Skipf("a linear-time suite: minutes and gigabytes; run it with %s=1 (CI does)", LinearEnv)
	}
}

// The sizes CheckLinear compares.
const (
	small = 256 << 10
	large = 4 << 20
)

// CheckLinear fails t when run costs, per byte of a reference of fam,
// more than twice as much at 4 MiB as at 256 KiB in CPU time (plus
// slack, below), or three times as much (and two bytes) in bytes
// allocated, for the growth of slices; a quadratic path costs 16 times as
// much per byte at the larger size and allocates thousands of times more.
// Both sizes are measured in the same run, each time is the least of a
// few samples (see cost), and a ratio over 1.5 is measured again, so that
// a busy machine does not make a linear path look quadratic. name names
// run in messages.
func CheckLinear(t testing.TB, name string, run func(string) int, fam Family) {
	t.Helper()
	s, l := fam.Make(small), fam.Make(large)
	// The small input is run on as many copies as make up the large one,
	// so that both read their input from memory, not from a cache.
	copies := make([]string, large/small)
	for i := range copies {
		copies[i] = strings.Clone(s)
	}
	sNS, sAlloc := cost(run, copies, 1)
	lNS, lAlloc := cost(run, []string{l}, 1)
	for try := 0; try < 3 && lNS > 1.5*sNS; try++ {
		// Measure again, more carefully, before judging.
		s2, _ := cost(run, copies, 2)
		l2, _ := cost(run, []string{l}, 2)
		sNS, lNS = min(sNS, s2), min(lNS, l2)
	}
	t.Logf("%-22s %-26s %7.2f ns/B %7.2f ns/B  %6.2f B/B %6.2f B/B", name, fam.Name, sNS, lNS, sAlloc, lAlloc)
	if lNS > 2*sNS+slackNS {
		t.Errorf("%s on %s: %.2f ns a byte at 4 MiB, %.2f at 256 KiB: more than 2x and %v ns", name, fam.Name, lNS, sNS, slackNS)
	}
	// Memory gets more slack than time: append grows a large slice by a
	// quarter, so the buffers a run grows may total 1x to 2.5x the bytes
	// they end with, depending on where the size falls. A quadratic path
	// allocates thousands of times more.
	if lAlloc > 3*sAlloc+2 {
		t.Errorf("%s on %s: allocates %.2f bytes a byte at 4 MiB, %.2f at 256 KiB: more than 3x and 2 bytes", name, fam.Name, lAlloc, sAlloc)
	}
}

// slackNS is what CheckLinear allows, in ns a byte, beyond twice the
// small input's cost. A run's own buffers (a copy, a mapped form, the
// result) fit in a cache at 256 KiB and not at 4 MiB, which can double
// the cost of a cheap, memory-bound path (CI saw 1.74 ns/B become 3.49):
// a bounded cost a byte, unlike a superlinear one, which grows with the
// input and costs 16 times as much a byte at 4 MiB when quadratic.
const slackNS = 2

// cost returns the bytes f allocates on ins[0], per byte, and the least
// CPU time it takes to run once on each of ins, per byte, over reps
// samples. The heap is collected before each run, and only then: the
// first run, which measures the allocation and is not timed, grows the
// heap to what f needs, and with the collector otherwise off the runtime
// keeps that memory, so that each timed run reuses it rather than fault in
// fresh pages. ins of a small input are as many as make one
// large input, so that a sample at each size is as long and meets the
// same share of a busy machine (a sibling hyperthread slows the thread's
// CPU time too, and a short run is more likely to slip between its
// bursts).
func cost(f func(string) int, ins []string, reps int) (ns, alloc float64) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	var m0, m1 runtime.MemStats
	// Twice, so that sync.Pools (encoding/json's buffers) are empty too,
	// at both sizes alike.
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&m0)
	f(ins[0])
	runtime.ReadMemStats(&m1)
	best := time.Duration(1<<63 - 1)
	now, done := threadClock()
	defer done()
	n := 0
	for _, s := range ins {
		n += len(s)
	}
	for i := 0; i < reps; i++ {
		evict()
		var sum time.Duration
		for _, s := range ins {
			runtime.GC()
			t0 := now()
			f(s)
			sum += now() - t0
		}
		best = min(best, sum)
	}
	return float64(best.Nanoseconds()) / float64(n), float64(m1.TotalAlloc-m0.TotalAlloc) / float64(len(ins[0]))
}

// evictBuf is larger than the caches of the machines this runs on.
var evictBuf []byte

// evict writes a byte to every cache line of evictBuf, so that each
// sample starts with its input in memory, not in a cache.
func evict() {
	if evictBuf == nil {
		evictBuf = make([]byte, 128<<20)
	}
	for i := 0; i < len(evictBuf); i += 64 {
		evictBuf[i]++
	}
}
