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

// blockValid runs Valid's form of the block path on s, not empty, for the
// tests (blockPathValid, or blockPath256Valid where avx2 is set): whether
// it took s, and whether it found that s cannot match.
//
//go:noescape
func blockValid(s string, mode uint32, avx2 bool) (taken, cannot bool)

func blockValid512(s string, mode uint32) (taken, cannot bool) { return blockValid(s, mode, false) }

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

// blockWrite512 is the part of blockScan, ScanZeroed and scanLook that
// writes the Result, in AVX-512, without a branch; it has its own calling
// convention (block_amd64.s).
func blockWrite512()

// blockWrite256 is blockWrite512 in AVX2, for blockPath256's answer.
func blockWrite256()

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
	writeParts = 1<<(headScheme/8) | 1<<(headAuthority/8) | 1<<(headUserinfo/8) | 1<<(headPort/8) | 1<<lane512Query | 1<<lane512Frag

	// Lanes of blockWrite512's first vector past the head's bytes.
	lane512Query = 8
	lane512Frag  = 9
	lane512End   = 10
)

// The offsets blockWrite512 and blockWrite256 gather, each plus one so
// that zero is "none" (len(s) plus one too): the head's, and the query's
// '?' and the '#' (the block path's R11 and R12).
const (
	srcScheme = iota
	srcAuthority
	srcUserinfo
	srcPort
	srcAuthEnd
	srcQuery
	srcFrag
	srcEnd
	numSrc
)

// writeSource is where a word of the Result comes from: an offset, less
// one where less is set. An offset that is zero, the part being absent,
// gives a word that is zero.
type writeSource struct {
	from int
	less bool
}

// writeSources lists where each of the first eleven words of the Result,
// SchemeEnd to FragmentStart, comes from, for a reference with these
// Parts: what blockResult makes of the head.
func writeSources(parts int) [11]writeSource {
	has := func(bit int) bool { return parts&bit != 0 }
	pick := func(c bool, a, b writeSource) writeSource {
		if c {
			return a
		}
		return b
	}
	at := func(from int) writeSource { return writeSource{from, false} }
	less := func(from int) writeSource { return writeSource{from, true} }
	end := pick(has(HasFragment), less(srcFrag), less(srcEnd)) // where the query or path ends
	var w [11]writeSource
	w[0] = pick(has(HasScheme), less(srcScheme), at(srcScheme)) // SchemeEnd
	w[1] = at(srcAuthority)                                     // AuthorityStart
	// UserinfoEnd:
	w[2] = pick(has(HasUserinfo), less(srcUserinfo), at(srcUserinfo))
	w[3] = pick(has(HasUserinfo), at(srcUserinfo), at(srcAuthority)) // HostStart
	// HostEnd:
	w[4] = pick(has(HasPort), less(srcPort), pick(has(HasAuthority), less(srcAuthEnd), at(srcAuthority)))
	w[5] = at(srcPort)                                              // PortStart
	w[6] = pick(has(HasAuthority), less(srcAuthEnd), at(srcScheme)) // PathStart
	w[7] = pick(has(HasQuery), less(srcQuery), end)                 // PathEnd
	w[8] = at(srcQuery)                                             // QueryStart
	w[9] = pick(has(HasQuery), end, at(srcQuery))                   // QueryEnd
	w[10] = at(srcFrag)                                             // FragmentStart
	return w
}

// writePerm is the permutation of blockWrite512 for each value of Parts,
// the indexes of VPERMI2D: lanes 1-5 of its first vector hold the head's
// offsets (its bytes 1-5), lanes 8-10 the query's, the fragment's and the
// end, and lanes 16-31 the same less one.
var writePerm = permOf([numSrc]uint32{
	srcScheme: headScheme / 8, srcAuthority: headAuthority / 8, srcUserinfo: headUserinfo / 8,
	srcPort: headPort / 8, srcAuthEnd: headAuthEnd / 8,
	srcQuery: lane512Query, srcFrag: lane512Frag, srcEnd: lane512End,
}, 16)

// writePerm256 is the permutation of blockWrite256 for each value of
// Parts: the lane of its vectors (the scheme's, authority's, userinfo's
// and port's offsets, the query's, the fragment's, the end and the
// authority's end), plus 8 where the word takes the one less one.
var writePerm256 = permOf([numSrc]uint32{
	srcScheme: 0, srcAuthority: 1, srcUserinfo: 2, srcPort: 3,
	srcQuery: 4, srcFrag: 5, srcEnd: 6, srcAuthEnd: 7,
}, 8)

// permOf makes a writer's permutation for each value of Parts from where
// its vectors hold each offset (lane) and how far past it they hold the
// same less one (less). The words past FragmentStart are the writer's
// own (word 11) or not written, so their lanes are left zero.
func permOf(lane [numSrc]uint32, less uint32) (p [64][16]uint32) {
	for parts := range p {
		for i, w := range writeSources(parts) {
			p[parts][i] = lane[w.from]
			if w.less {
				p[parts][i] += less
			}
		}
	}
	return p
}
