package hostile

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// The sizes CheckLinear compares.
const (
	small = 256 << 10
	large = 4 << 20
)

// CheckLinear fails t when run costs, per byte of a reference of fam,
// more than twice as much at 4 MiB as at 256 KiB in CPU time, or three
// times as much (and two bytes) in bytes allocated, for the growth of
// slices; a quadratic path allocates thousands of times more. Both sizes
// are measured in the same run, each time is the least of a few samples
// (see cost), and a ratio over 1.5 is measured again, so that a busy
// machine does not make a linear path look quadratic; a quadratic one
// costs 16 times as much per byte at the larger size. name names run in
// messages.
func CheckLinear(t testing.TB, name string, run func(string) int, fam Family) {
	t.Helper()
	s, l := fam.Make(small), fam.Make(large)
	const batch = large / small
	sNS, sAlloc := cost(run, s, 1, batch)
	lNS, lAlloc := cost(run, l, 1, 1)
	for try := 0; try < 3 && lNS > 1.5*sNS; try++ {
		// Measure again, more carefully, before judging.
		s2, _ := cost(run, s, 2, batch)
		l2, _ := cost(run, l, 2, 1)
		sNS, lNS = min(sNS, s2), min(lNS, l2)
	}
	t.Logf("%-22s %-26s %7.2f ns/B %7.2f ns/B  %6.2f B/B %6.2f B/B", name, fam.Name, sNS, lNS, sAlloc, lAlloc)
	if lNS > 2*sNS {
		t.Errorf("%s on %s: %.2f ns a byte at 4 MiB, %.2f at 256 KiB: more than 2x", name, fam.Name, lNS, sNS)
	}
	// Memory gets more slack than time: append grows a large slice by a
	// quarter, so the buffers a run grows may total 1x to 2.5x the bytes
	// they end with, depending on where the size falls. A quadratic path
	// allocates thousands of times more.
	if lAlloc > 3*sAlloc+2 {
		t.Errorf("%s on %s: allocates %.2f bytes a byte at 4 MiB, %.2f at 256 KiB: more than 3x and 2 bytes", name, fam.Name, lAlloc, sAlloc)
	}
}

// cost returns the bytes f allocates on s, per byte of s, and the least
// CPU time it takes on s, per byte of s, over reps samples of batch runs
// each. The heap is collected before each sample, and only then: the
// first run, which measures the allocation and is not timed, grows the
// heap to what f needs, and with the collector otherwise off the runtime
// keeps that memory, so that the timed runs reuse it rather than fault in
// pages returned to the OS. A sample of a small input is a batch of runs
// as long as one run of the large input, so that both meet the same
// share of a busy machine (a sibling hyperthread slows the thread's CPU
// time too, and a short run is more likely to slip between its bursts).
func cost(f func(string) int, s string, reps, batch int) (ns, alloc float64) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	var m0, m1 runtime.MemStats
	// Twice, so that sync.Pools (encoding/json's buffers) are empty too,
	// at both sizes alike.
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&m0)
	f(s)
	runtime.ReadMemStats(&m1)
	best := time.Duration(1<<63 - 1)
	now, done := threadClock()
	defer done()
	for i := 0; i < reps; i++ {
		runtime.GC()
		evict()
		t0 := now()
		for j := 0; j < batch; j++ {
			f(s)
		}
		best = min(best, now()-t0)
	}
	n := float64(len(s)) * float64(batch)
	return float64(best.Nanoseconds()) / n, float64(m1.TotalAlloc-m0.TotalAlloc) / float64(len(s))
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
