//go:build !amd64 || purego

package simd

// No assembly here.
const hasSSSE3, hasLook512, hasBlock512, hasBlock256, hasDecode512 = false, false, false, false, false
