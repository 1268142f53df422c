//go:build amd64 && !purego

package scan

import (
	"github.com/irikit/iri/internal/simd"
	"github.com/irikit/iri/tables"
)

// scanLoop is the hot loop of scan in assembly (loop_amd64.s), used when
// the CPU has SSSE3. From offset i in state st it skips each run of bytes
// that keep the DFA in its state sixteen bytes at a time, takes plain
// moves itself (recording slots as the Go loop does), and returns at the
// first transition with SlowBit that it does not take itself: its offset,
// the state it left and the entry e. It takes '%' HEXDIG HEXDIG, the
// sub-step that comes in long chains, and reports in pct whether it did;
// high reports whether it passed any byte >= 0x80.
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
func scanLoop(s string, i int, st, nonASCII uint32, trans *byteTrans, slot *[16]int32) (next int, from, e uint32, high, pct bool)

// byteTrans is a transition table with tables.Class folded in: entry
// [st<<8|b] is the transition of state st on byte b, and [endRow+st] its
// transition at the end of the input. It spares the loop a dependent load
// and a multiply on every delimiter, the part of a short reference that
// costs most.
//
// The word at pctRow is a mask of the states that '%' keeps, recording
// nothing, and that every hex digit keeps: there a run goes on over each
// good %HH triplet instead of stopping at it.
type byteTrans [pctRow + 1]uint32

const (
	endRow = tables.NumStates << 8
	pctRow = endRow + tables.NumStates
)

// byteTransOf holds each rule's byteTrans, built from the generated tables
// when the package is loaded (20 KiB for each transition-table variant).
// lineTransOf holds the same tables with LF taking the transition of the
// end of the input, for ValidLines.
var byteTransOf, lineTransOf [numRules]*byteTrans

func init() {
	if !simd.Have.ScanLoop {
		return
	}
	built := make(map[*[tables.NumStates * tables.NumClasses]uint32]*byteTrans)
	builtLine := make(map[*[tables.NumStates * tables.NumClasses]uint32]*byteTrans)
	for r := range tables.Rules {
		t := tables.Rules[r].Trans
		bt := built[t]
		if bt == nil {
			bt = new(byteTrans)
			for st := 0; st < tables.NumStates; st++ {
				for b := 0; b < 256; b++ {
					bt[st<<8|b] = t[st*tables.NumClasses+int(tables.Class[b])]
				}
				bt[endRow+st] = t[st*tables.NumClasses+tables.ClassEnd]
				if pctKeeps(bt, uint32(st)) {
					bt[pctRow] |= 1 << st
				}
			}
			built[t] = bt
			lt := new(byteTrans)
			*lt = *bt
			for st := 0; st < tables.NumStates; st++ {
				lt[st<<8|'\n'] = bt[endRow+st]
			}
			builtLine[t] = lt
		}
		byteTransOf[r], lineTransOf[r] = bt, builtLine[t]
	}
}

// pctKeeps reports whether '%' in state st is a sub-step back to st that
// records nothing, and each hex digit a plain move that stays in st.
func pctKeeps(bt *byteTrans, st uint32) bool {
	if bt[st<<8|'%'] != st|tables.SlowBit|tables.SubBit {
		return false
	}
	for _, b := range []byte("0123456789ABCDEFabcdef") {
		if tables.Stay[b]&(1<<st) == 0 {
			return false
		}
	}
	return true
}

// Constants for loop_amd64.s, which reads them from go_asm.h.
const (
	asmVecRowShift = tables.VecSetRowShift
	asmPageSize    = 4096 // the smallest page of amd64: no read within one faults if its first byte does not
	asmStaying     = tables.Staying
	asmEndRow      = endRow
	asmPctOff      = pctRow * 4
	asmSlotShift   = tables.SlotShift
	asmSlotMask    = tables.SlotMask
	asmSlowBit     = tables.SlowBit
	asmSubBit      = tables.SubBit
	asmHexdig      = tables.ProdHEXDIG
	asmStateMask   = tables.StateMask
)
