package guardpage

import (
	"runtime/debug"
	"testing"
	"unsafe"
)

var sinkb byte

// faults reports whether f faults.
func faults(f func()) (ok bool) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() { ok = recover() != nil }()
	f()
	return false
}

// The pages guard what the tests rely on them to: a read one byte past
// New's page, or one before After's, faults; one inside does not.
func TestGuard(t *testing.T) {
	p := New(t)
	p[len(p)-1] = 1
	if !faults(func() { sinkb = *(*byte)(unsafe.Add(unsafe.Pointer(&p[len(p)-1]), 1)) }) {
		t.Error("New: no fault past the end")
	}
	if faults(func() { sinkb = *(*byte)(unsafe.Add(unsafe.Pointer(&p[len(p)-1]), -1)) }) {
		t.Error("New: fault inside")
	}
	q := After(t)
	q[0] = 1
	if !faults(func() { sinkb = *(*byte)(unsafe.Add(unsafe.Pointer(&q[0]), -1)) }) {
		t.Error("After: no fault before the start")
	}
	if faults(func() { sinkb = *(*byte)(unsafe.Add(unsafe.Pointer(&q[0]), 1)) }) {
		t.Error("After: fault inside")
	}
}
