//go:build linux

// Package guardpage gives tests of vector code a page of memory followed
// by one that is not mapped, so that a read past the end of an input
// placed at the page's end faults instead of passing unseen.
package guardpage

import (
	"syscall"
	"testing"
)

// New returns a writable page whose next page is unmapped; it skips the
// test where the system refuses, and unmaps both when the test ends.
func New(t testing.TB) []byte {
	t.Helper()
	return guarded(t, 1)
}

// AtEnd copies s to the end of page and returns that copy, whose last
// byte is the page's last.
func AtEnd(page []byte, s string) []byte {
	p := page[len(page)-len(s):]
	copy(p, s)
	return p
}

// After returns a writable page whose previous page is unmapped; it skips
// the test where the system refuses, and unmaps both when the test ends.
func After(t testing.TB) []byte {
	t.Helper()
	return guarded(t, 0)
}

// guarded maps two pages, takes away page guard (0 or 1) and returns the
// other.
func guarded(t testing.TB, guard int) []byte {
	t.Helper()
	page := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 2*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skip("mmap:", err)
	}
	t.Cleanup(func() { syscall.Munmap(mem) })
	if err := syscall.Mprotect(mem[guard*page:(guard+1)*page], syscall.PROT_NONE); err != nil {
		t.Skip("mprotect:", err)
	}
	keep := (1 - guard) * page
	return mem[keep : keep+page : keep+page]
}

// AtStart copies s to the start of page and returns that copy, whose first
// byte is the page's first.
func AtStart(page []byte, s string) []byte {
	p := page[:len(s)]
	copy(p, s)
	return p
}
