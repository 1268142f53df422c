//go:build !amd64

package iri

// lookRun is lookRunGo where there is no vector form (look_amd64.s).
func lookRun(s string, i int, prev uint8) int {
	return lookRunGo(s, i, prev)
}
