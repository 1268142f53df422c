//go:build amd64 && !purego

package scan

import "github.com/irikit/iri/tables"

// block512 is blockGo in AVX-512 (block_amd64.s), for s not empty; its
// answer is the same (the tests compare the two). A block takes a masked
// load (so nothing past s is read, and no page end can fault) and one
// VPERMT2B lookup of tables.BlockDelim; each mask is then one VPTESTMB
// and a KMOVQ, taken only when the step that reads it comes. The rarer
// classes of tables.BlockClass are looked up the same way only for a
// block with '@', '%' or bytes >= 0x80, or a port. (Turning all the class
// bytes into masks at once, with a VGF2P8AFFINEQB bit transpose, took
// half as long again: most are not read.)
//
//go:noescape
func block512(s string, mode uint32) (head uint64, query, frag int)

// blockValid512 runs Valid's form of the block path (blockPathValid) on
// s, not empty, for the tests: whether it took s, and whether it found
// that s cannot match.
//
//go:noescape
func blockValid512(s string, mode uint32) (taken, cannot bool)

// blockPathValid is blockPath for Valid; it has blockPath's calling
// convention and answers only whether it declines (block_amd64.s).
func blockPathValid()

// ScanZeroed is ScanTo for a *res that is zero, as scanner.Scan's is.
// Where simd.Block or simd.Block256 is set it runs the block path and
// writes the Result itself, in assembly, calling scanZeroed only when
// the path declines: a reference the path takes costs one call, and no Go
// frame.
//
//go:noescape
func ScanZeroed(res *Result, s string, r Rule, opts Options)

// blockScan runs the block path on s, not empty, and writes its Result
// into *res, which is zero; or returns false having written nothing. It
// runs block512's form where simd.Block is set, else block256's.
// Where ipv4 is set the host may be an IPv4address: hostIPv4 decides.
//
//go:noescape
func blockScan(res *Result, s string, mode uint32) (taken, ipv4 bool)

// blockWrite is the part of blockScan and ScanZeroed that writes the
// Result; it has its own calling convention (block_amd64.s).
func blockWrite()

// blockWrite512 is blockWrite in AVX-512 (block_amd64.s).
func blockWrite512()

// Valid is scanner.Valid: it reports whether s matches rule r. Where
// simd.Block or simd.Block256 is set it runs the block path itself, in
// assembly, and calls valid only when the path declines: a reference the
// path takes costs one call (an inlinable Go Valid could not hold both
// calls).
//
//go:noescape
func Valid(s string, r Rule, opts Options) bool

// blockPath is the body of block512, blockScan, Valid and ScanZeroed; it
// has its own calling convention (block_amd64.s).
func blockPath()

// scanLook is ScanLook, or ScanLookLine where line is set. Where
// simd.Block is set the block path makes the look as it scans, in
// assembly (blockPathLook), which on a normal reference costs a fraction
// of a second pass, and finds the line's end in the blocks it reads.
//
//go:noescape
func scanLook(res *Result, s string, r Rule, opts Options, line bool) (look, n int)

// normalLines is NormalLines in AVX-512 (block_amd64.s), for the mode of
// a rule; it stops where NormalLines may.
//
//go:noescape
func normalLines(s string, mode uint32, flags uint32) (next, lines int)

// blockLook512 runs blockPathLook on s, not empty, for the tests: the
// block path's answer (head zero where it declines), R8 (the mode, and in
// its high half the first "/." plus one) and BX (the end of s, or of its
// line).
//
//go:noescape
func blockLook512(s string, mode uint32) (head uint64, query, frag int, mark uint64, n int)

// blockPathLook is blockPath with ScanLook's look; it has its own calling
// convention (block_amd64.s).
func blockPathLook()

// lookNext holds the VPERMB indices that move each byte of a block down
// by one, and by two: a triplet's digits under its '%'.
var lookNext [2][64]byte

// blockBits holds the kernel's constants: row k has 1<<k in every byte.
var blockBits [8][64]byte

func init() {
	for i := range 64 {
		lookNext[0][i], lookNext[1][i] = byte(i+1)&63, byte(i+2)&63
	}
	for k := range blockBits {
		for j := range blockBits[k] {
			blockBits[k][j] = 1 << k
		}
	}
}

// Constants for block_amd64.s, which reads them from go_asm.h: the bit
// numbers of the tables, and a few of this package's.
const (
	bAt       = tables.BlockAt
	bAtPct    = tables.BlockAtPct
	bBad      = tables.BlockBad
	bColon    = tables.BlockColon
	bContHi   = tables.BlockContHi
	bDigit    = tables.BlockDigit
	bHash     = tables.BlockHash
	bHex      = tables.BlockHex
	bLead     = tables.BlockLead
	bLead3    = tables.BlockLead3
	bNeed     = tables.BlockNeed
	bNeedHi   = tables.BlockNeedHi
	bNeedLo   = tables.BlockNeedLo
	bOdd      = tables.BlockOdd
	bOther    = tables.BlockOther
	bPct      = tables.BlockPct
	bRare     = tables.BlockRare
	bQuestion = tables.BlockQuestion
	bScheme   = tables.BlockScheme
	bStop     = tables.BlockStop

	asmHeadPct      = HasPercent << headFlags
	asmHeadNonASCII = HasNonASCII << headFlags

	// writeParts selects, from the mask of blockWrite512's lanes that are
	// not zero, those that make Parts, in Parts' order.
	writeParts = 1<<writeScheme | 1<<writeAuthority | 1<<writeUserinfo | 1<<writePort | 1<<writeQuery | 1<<writeFrag
)

// The lanes of blockWrite512's first vector, whose lanes 16-31 are these
// less one.
const (
	writeScheme    = headScheme / 8
	writeAuthority = headAuthority / 8
	writeUserinfo  = headUserinfo / 8
	writePort      = headPort / 8
	writeAuthEnd   = headAuthEnd / 8
	writeQuery     = 8  // the query's '?' plus one, or zero
	writeFrag      = 9  // the '#' plus one, or zero
	writeEnd       = 10 // len(s) plus one
	writeZero      = 12
	writeLess      = 16
)

// writePerm is the permutation of blockWrite512 for each value of Parts:
// where each word of a Result comes from, as blockResult makes it.
var writePerm = func() (p [64][16]uint32) {
	pick := func(c bool, a, b uint32) uint32 {
		if c {
			return a
		}
		return b
	}
	for parts := range p {
		has := func(bit int) bool { return parts&bit != 0 }
		w := &p[parts]
		for i := range w {
			w[i] = writeZero
		}
		w[0] = pick(has(HasScheme), writeLess+writeScheme, writeZero)     // SchemeEnd
		w[1] = writeAuthority                                             // AuthorityStart
		w[2] = pick(has(HasUserinfo), writeLess+writeUserinfo, writeZero) // UserinfoEnd
		w[3] = pick(has(HasUserinfo), writeUserinfo, writeAuthority)      // HostStart
		w[4] = pick(has(HasPort), writeLess+writePort,                    // HostEnd
			pick(has(HasAuthority), writeLess+writeAuthEnd, writeZero))
		w[5] = writePort                                                       // PortStart
		w[6] = pick(has(HasAuthority), writeLess+writeAuthEnd, writeScheme)    // PathStart
		end := pick(has(HasFragment), writeLess+writeFrag, writeLess+writeEnd) // the query's end
		w[7] = pick(has(HasQuery), writeLess+writeQuery, end)                  // PathEnd
		w[8] = writeQuery                                                      // QueryStart
		w[9] = pick(has(HasQuery), end, writeZero)                             // QueryEnd
		w[10] = writeFrag                                                      // FragmentStart
	}
	return p
}()
