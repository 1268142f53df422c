//go:build !amd64 || purego

package scan

type byteTrans [0]uint32

var byteTransOf, lineTransOf [numRules]*byteTrans

func scanLoop(s string, i int, st, nonASCII uint32, trans *byteTrans, slot *[16]int32) (next int, from, e uint32, high, pct bool) {
	panic("scanner: scanLoop without assembly")
}

func decodeRun(dst *byte, s string, i int) (next, n int) {
	panic("scanner: decodeRun without assembly")
}

func decode512(dst *byte, s string, i int) (next, n int) {
	panic("scanner: decode512 without assembly")
}

func convert512(dst *byte, s string, mode uint32) (head uint64, query, frag, next, n int) {
	panic("scanner: convert512 without assembly")
}
