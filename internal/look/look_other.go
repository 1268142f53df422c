//go:build !amd64 || purego

package look

// lookVec reports whether lookRunVec may run on s: never, as there is no
// vector form (look_amd64.s) here.
func lookVec(string) bool { return false }

// lookRunVec is lookRunGo.
func lookRunVec(s string, i int, prev uint8) int { return lookRunGo(s, i, prev) }

// lookRun512 is lookRunGo.
func lookRun512(s string, i int, prev uint8) int { return lookRunGo(s, i, prev) }
