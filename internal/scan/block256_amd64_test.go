//go:build amd64 && !purego

package scan

import (
	"testing"

	"github.com/irikit/iri/internal/simd"
	"github.com/irikit/iri/tables"
)

// Each class block256 tests, computed for every byte as the assembly
// computes it, must be the class of tables.BlockDelim or tables.BlockClass
// that block512 tests.
func TestNibble256(t *testing.T) {
	if !nibble256OK {
		t.Fatal("a class of lookP, lookQ or lookH has more rows than bits")
	}
	tab := func(k int) *[16]byte { return (*[16]byte)(nibble256[k][:16]) }
	for k := range numVec {
		if [16]byte(nibble256[k][:16]) != [16]byte(nibble256[k][16:]) {
			t.Errorf("row %d: its two lanes differ", k)
		}
	}
	at := func(k int) byte { return nibble256[k][0] }
	// top reports whether a saturating add of row k's byte sets x's top bit.
	top := func(x byte, k int) bool { return min(int(x)+int(at(k)), 0xFF) >= 0x80 }
	for i := range 256 {
		b := byte(i)
		p := nibbleLookup(tab(vPLo), tab(vPHi), true, b)
		q := nibbleLookup(tab(vQLo), tab(vQHi), true, b)
		h := nibbleLookup(tab(vHLo), tab(vHHi), false, b)
		delim := func(bit int) bool { return delimBit(bit)(b) }
		ascii := func(bit int) bool { return classBit(bit, false)(b) }
		high := func(bit int) bool { return classBit(bit, true)(b) }
		digit := int8(b+at(vDigitAdd)) < int8(at(vDigitLim))
		for _, c := range []struct {
			name      string
			got, want bool
		}{
			{"BlockBad", p&at(vBad) != 0, delim(tables.BlockBad)},
			{"BlockRare", p&at(vRare) != 0, delim(tables.BlockRare)},
			{"BlockStop", q&at(vStop) != 0, delim(tables.BlockStop)},
			{"BlockScheme", top(q, vScheme), delim(tables.BlockScheme)},
			{"BlockColon", b == at(vColon), delim(tables.BlockColon)},
			{"BlockQuestion", b == at(vQuestion), delim(tables.BlockQuestion)},
			{"BlockHash", b == at(vHash), delim(tables.BlockHash)},
			{"BlockAtPct", b == at(vAt) || b == at(vPct), delim(tables.BlockAtPct)},
			{"BlockAt", b == at(vAt), ascii(tables.BlockAt)},
			{"BlockPct", b == at(vPct), ascii(tables.BlockPct)},
			{"BlockDigit", digit, ascii(tables.BlockDigit)},
			{"BlockHex", digit || int8((b|at(vHexOr))+at(vHexAdd)) < int8(at(vHexLim)), ascii(tables.BlockHex)},
			{"BlockOdd", h&at(vOdd) != 0, high(tables.BlockOdd)},
			{"BlockOther", h&at(vOther) != 0, high(tables.BlockOther)},
			{"BlockLead", top(h, vLead), high(tables.BlockLead)},
			{"BlockLead3", h&0x80 != 0, high(tables.BlockLead3)},
			{"BlockContHi", b&at(vContMask) == at(vContHi), high(tables.BlockContHi)},
			{"BlockNeedHi", b == at(vNeedHiC2) || b == at(vNeedHiE0), high(tables.BlockNeedHi)},
			{"BlockNeedLo", b == at(vNeedLo), high(tables.BlockNeedLo)},
		} {
			if c.got != c.want {
				t.Errorf("%#02x: %s %v, the tables say %v", b, c.name, c.got, c.want)
			}
		}
	}
	// The byte that stands for those past s is in no class.
	if f := at(vFill); f >= 0x80 || tables.BlockDelim[f] != 0 || tables.BlockClass[f] != 0 {
		t.Errorf("the fill %q is in a class", f)
	}
}

// The nibble tables' builder refuses classes that do not fit.
func TestNibbleTablesRefuse(t *testing.T) {
	if _, _, ok := nibbleTables(true, nibbleClass{0x03, delimBit(tables.BlockBad)}); ok {
		t.Error("BlockBad fit two bits")
	}
	if _, _, ok := nibbleTables(true, nibbleClass{0xFF, func(b byte) bool { return b == 0x80 }}); ok {
		t.Error("a byte >= 0x80 fit a lookup of the byte itself")
	}
}

// need256 skips a test where the CPU has no AVX2 block path.
func need256(t testing.TB) {
	if !simd.Have.Block256 {
		t.Skip("no AVX2 on this CPU (or GODEBUG, or the purego tag)")
	}
}

// compareBlock256 checks the AVX2 form alone on s: against blockGo, and
// the entry points under its switches against the DFA.
func compareBlock256(t testing.TB, s string) {
	t.Helper()
	for _, f := range blockForms {
		if f.name == "block256" {
			compareBlockForms(t, s, []blockForm{f})
		}
	}
}

// FuzzBlock256 compares the AVX2 form of the block path with blockGo and
// the DFA, whatever else the CPU has.
func FuzzBlock256(f *testing.F) {
	need256(f)
	for _, s := range blockInputs {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		compareBlock256(t, s)
	})
}
