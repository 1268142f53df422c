//go:build amd64 && !purego

package look

// lookRun512 is lookRunGo in AVX-512 (look512_amd64.s), with no loop
// over the characters: a chunk of 64 bytes gives a mask of its lead
// bytes. A chunk whose leads are all of quiet runs (Quiet2,
// Quiet3, looked up for every lane at once) is passed. Otherwise
// VPCOMPRESSB packs the leads and the two bytes after each, the code
// points follow in sixteen-bit lanes, and a gather fetches their
// Table entries, sixteen at a time; each entry is then tested
// against the kind of the lead before it (or of ASCII) in one
// instruction. Masked loads never fault on the lanes they skip, so the
// loads stop at the end of s and no page check is needed.
//
//go:noescape
func lookRun512(s string, i int, prev uint8) int
