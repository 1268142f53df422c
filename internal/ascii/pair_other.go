//go:build !amd64 || purego

package ascii

func hasPair512(s string, c1, c2 byte) bool { panic("ascii: hasPair512 without assembly") }

func lookNormal512(s string, upper, dlo, dhi, plo, phi int) int {
	panic("ascii: lookNormal512 without assembly")
}
