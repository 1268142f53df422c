//go:build !amd64

package scanner

import "github.com/irikit/iri/tables"

// haveVec reports whether scanLoop can run: only on amd64.
var haveVec = false

func scanLoop(s string, i int, st, nonASCII uint32, trans *[tables.NumStates * tables.NumClasses]uint32, slot *[16]int32) (next int, from, e uint32, high bool) {
	panic("scanner: scanLoop without assembly")
}
