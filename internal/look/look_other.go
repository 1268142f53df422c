//go:build !amd64 || purego

package look

// lookRun512 is lookRunGo: there is no assembly here (simd.Look512 is
// false).
func lookRun512(s string, i int, prev uint8) int { return lookRunGo(s, i, prev) }
