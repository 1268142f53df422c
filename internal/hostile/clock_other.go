//go:build !linux

package hostile

import "time"

// threadClock is wall time where the thread's CPU time is not at hand.
func threadClock() (now func() time.Duration, done func()) {
	t0 := time.Now()
	return func() time.Duration { return time.Since(t0) }, func() {}
}
