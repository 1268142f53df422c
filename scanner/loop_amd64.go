//go:build amd64

package scanner

import "github.com/irikit/iri/tables"

// scanLoop is the hot loop of scan in assembly (loop_amd64.s), used when
// the CPU has SSSE3. From offset i in state st it skips each run of bytes
// that keep the DFA in its state sixteen bytes at a time, takes plain
// moves itself (recording slots as the Go loop does), and returns at the
// first transition with SlowBit: its offset, the state it left and the
// entry e. high reports whether it passed any byte >= 0x80.
//
// In the states of nonASCII (a mask, zero for the RFC 3986 rules and when
// encoding) the runs also take well-formed characters whose lead byte is
// C3-DF, E0, E1 or E3-EC: all of them are ucschar (%xA0-D7FF) and none is
// a bidi formatting character, which the generator checks. Any other
// non-ASCII byte ends the run and goes to the Go sub-step.
//
// A run is tested sixteen bytes at a time: two PSHUFB lookups on the low
// and high nibbles of each byte (tables.VecSet) tell which ASCII bytes
// stay. Near the end of s a block may read past it, but never into the
// next page; where that would happen the last bytes go one at a time.
//
//go:noescape
func scanLoop(s string, i int, st, nonASCII uint32, trans *[tables.NumStates * tables.NumClasses]uint32, slot *[16]int32) (next int, from, e uint32, high bool)

// cpuHasSSSE3 reports whether the CPU has SSSE3 (PSHUFB), from CPUID.
func cpuHasSSSE3() bool

// haveVec reports whether scanLoop can run.
var haveVec = cpuHasSSSE3()

// Constants for loop_amd64.s, which reads them from go_asm.h.
const (
	asmStaying    = tables.Staying
	asmClassEnd   = tables.ClassEnd
	asmNumClasses = tables.NumClasses
	asmSlotShift  = tables.SlotShift
	asmSlotMask   = tables.SlotMask
	asmSlowBit    = tables.SlowBit
	asmStateMask  = tables.StateMask
)
