//go:build !amd64 || purego

package ascii

func hasPair512(s string, c1, c2 byte) bool { panic("ascii: hasPair512 without assembly") }
