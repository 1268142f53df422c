//go:build !amd64 || purego

package scan

func block512(s string, mode uint32) (head uint64, query, frag int) {
	panic("scanner: block512 without assembly")
}
