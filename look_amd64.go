//go:build amd64

package iri

import "unsafe"

// lookVec reports whether lookRunVec may run on s: it reads up to
// lookOverRead bytes past the end of s, which is safe within the page
// that holds that end.
func lookVec(s string) bool {
	return len(s) > 0 && (uintptr(unsafe.Pointer(unsafe.StringData(s)))+uintptr(len(s))-1)&4095 < 4096-lookOverRead
}

// lookOverRead is how far past the end of s lookRunVec may read: its
// last read is of sixteen bytes from two after the start of a block.
const lookOverRead = 17

// lookRunVec is lookRunGo in SSE2 (look_amd64.s). Each block of sixteen
// bytes gets the code point of every lane as if a character began there,
// in one pass of vector operations, and a mask of the lanes where one
// does; only those lanes are then looked up in tables.LookTable, one
// bit at a time. So ASCII between characters and the change from one
// length of character to another cost no branch, which on short
// references is most of the cost. (AVX2, 32 bytes a block, measured no
// faster: the loop over the lead bytes is what costs.)
//
//go:noescape
func lookRunVec(s string, i int, prev uint8) int
