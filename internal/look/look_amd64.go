//go:build amd64 && !purego

package look

import (
	"unsafe"

	"github.com/irikit/iri/internal/simd"
)

// lookVec reports whether lookRunVec may run on s: it reads up to
// lookOverRead bytes past the end of s, which is safe within the page
// that holds that end, and simd.Look allows it.
func lookVec(s string) bool {
	return simd.Look && len(s) > 0 && (uintptr(unsafe.Pointer(unsafe.StringData(s)))+uintptr(len(s))-1)&4095 < 4096-lookOverRead
}

// lookOverRead is how far past the end of s lookRunVec may read: its
// last read is of sixteen bytes from two after the start of a block.
const lookOverRead = 17

// lookRunVec is lookRunGo in SSE2 (look_amd64.s). Each block of sixteen
// bytes gets the code point of every lane as if a character began there,
// in one pass of vector operations, and a mask of the lanes where one
// does; only those lanes are then looked up in LookTable, one
// bit at a time. So ASCII between characters and the change from one
// length of character to another cost no branch, which on short
// references is most of the cost. (AVX2, 32 bytes a block, measured no
// faster: the loop over the lead bytes is what costs.)
//
//go:noescape
func lookRunVec(s string, i int, prev uint8) int

// lookRun512 is lookRunGo in AVX-512 (look512_amd64.s), with no loop
// over the characters: a chunk of 64 bytes gives a mask of its lead
// bytes. A chunk whose leads are all of quiet runs (LookQuiet2,
// LookQuiet3, looked up for every lane at once) is passed. Otherwise
// VPCOMPRESSB packs the leads and the two bytes after each, the code
// points follow in sixteen-bit lanes, and a gather fetches their
// LookTable entries, sixteen at a time; each entry is then tested
// against the kind of the lead before it (or of ASCII) in one
// instruction. Masked loads never fault on the lanes they skip, so the
// loads stop at the end of s and no page check is needed.
//
//go:noescape
func lookRun512(s string, i int, prev uint8) int
