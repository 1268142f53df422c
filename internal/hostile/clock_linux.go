package hostile

import (
	"runtime"
	"time"

	"golang.org/x/sys/unix"
)

// threadClock returns a clock of the CPU time of the calling thread, and
// a function that releases the thread. It counts only the time the code
// under test runs, not the time other processes of a busy machine take
// from it, which would otherwise stretch a long run more often than a
// short one.
func threadClock() (now func() time.Duration, done func()) {
	runtime.LockOSThread()
	return func() time.Duration {
		var ts unix.Timespec
		if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
			panic(err)
		}
		return time.Duration(ts.Nano())
	}, runtime.UnlockOSThread
}
