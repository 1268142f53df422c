//go:build !amd64 || purego

package ascii

func encode512(dst *byte, s string) int { panic("ascii: encode512 without assembly") }
