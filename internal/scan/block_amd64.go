//go:build amd64 && !purego

package scan

// block512 is blockGo in AVX-512 (block_amd64.s), for s not empty; its
// answer is the same (the tests compare the two). Each block takes a
// masked load (so nothing past s is read, and no page end can fault),
// one VPERMI2B lookup of tables.BlockDelim and an 8x8 bit transpose of
// each qword (VGF2P8AFFINEQB) with a byte transpose (VPERMB) that turns
// the class bytes into a mask per class. tables.BlockClass is looked up
// the same way only for a block with '%' or bytes >= 0x80, or a port.
// (A VPTESTMB and a KMOVQ per class took twice as long.)
//
//go:noescape
func block512(s string, mode uint32) (head uint64, query, frag int)

// The kernel's constants: blockRev reverses the bytes of each qword
// (VGF2P8AFFINEQB numbers a matrix's rows from the top), blockPow holds
// 1<<(k%8) in byte k, which picks bit k%8 of each row, and blockGather
// takes byte b of each qword to qword b.
var blockRev, blockPow, blockGather [64]byte

func init() {
	for k := range 64 {
		blockRev[k] = byte(k&^7 | (7 - k&7))
		blockPow[k] = 1 << (k % 8)
		blockGather[k] = byte(k%8*8 + k/8)
	}
}

// Constants for block_amd64.s, which reads them from go_asm.h.
const (
	asmModeNoScheme   = modeNoScheme
	asmModeNeedScheme = modeNeedScheme
	asmModeNoFragment = modeNoFragment
	asmModeASCII      = modeASCII
	asmHeadPct        = HasPercent << headFlags
	asmHeadNonASCII   = HasNonASCII << headFlags
)
