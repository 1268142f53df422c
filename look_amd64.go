//go:build amd64

package iri

import "unsafe"

// lookRun is lookRunGo, sixteen bytes at a time where lookRunVec may
// read past the end of s: safe within the page that holds its end.
func lookRun(s string, i int, prev uint8) int {
	if len(s) == 0 || (uintptr(unsafe.Pointer(unsafe.StringData(s)))+uintptr(len(s))-1)&4095 >= 4096-lookOverRead {
		return lookRunGo(s, i, prev)
	}
	return lookRunVec(s, i, prev)
}

// lookOverRead is how far past the end of s lookRunVec may read: its
// last read is of sixteen bytes from two after the start of one.
const lookOverRead = 17

// lookRunVec is lookRunGo in SSE2 (look_amd64.s). Each block of 32
// bytes gets the code point of every lane as if a character began there,
// in one pass of vector operations, and a mask of the lanes where one
// does; only those lanes are then looked up in tables.LookTable, one
// bit at a time. So ASCII between characters and the change from one
// length of character to another cost no branch, which on short
// references is most of the cost.
//
//go:noescape
func lookRunVec(s string, i int, prev uint8) int
