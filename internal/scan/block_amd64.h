// The body of the block path, shared by its AVX-512 form (block_amd64.s)
// and its AVX2 form (block256_amd64.s), which differ in how a block is
// read and its masks made: each defines, before including this inside
// its TEXT, the macros below. It follows blockGo step for step.
//
// Registers through the body:
//	SI: s; BX: len(s); R8: the mode; DI: the offset of the block;
//	CX: its length; R9: its bytes >= 0x80; R10: head; R11: query;
//	R12: frag. AX, DX, R13, R14 hold the step's values; R15 is the
//	form's own, as are the vector registers.
//
// The macros, each setting R to the mask of the block's bytes it names
// (bit k for byte k, none past s) and touching no other general register
// but R15:
//	CLASSIFY(L1, L2, L3, L4): reads the block at s[DI:DI+CX] (CX 1..64)
//	and its bytes >= 0x80 into R9; may use AX, DX, R13, R14 and the
//	labels.
//	TESTBAD: clears ZF where the block has a byte of BlockBad.
//	JRARE(L): jumps to L where it has a byte of BlockRare or >= 0x80.
//	DSTOP, DCOLON, DSCHEME, DATPCT, DQUESTION, DHASH: BlockDelim's bits
//	(DSCHEME after DSTOP, both in the first block only).
//	CLASSES(L) before AAT, ADIGIT, APCT, AHEX: BlockClass's ASCII bits.
//	HIGHCLASSES before JODD(L) (to L where a byte is BlockOdd), HLEAD,
//	HLEAD3, HOTHER, HCONTHI, HNEEDHI, HNEEDLO: its bits of the others;
//	LEADAGAIN and LEAD3AGAIN are HLEAD and HLEAD3 again, later in the
//	same block.
//	SAVECUT(R) keeps the cut, R, which LOADCUT(R) gives back (R13 holds
//	BELOW(cut) in between).
//	LOOKBLOCK and LOOKPCT: the normalizer's look (ScanLook), at the start
//	of each block and where its '%' are checked; empty but in the body
//	blockPathLook includes. They may use AX, DX and R14, and LOOKBLOCK
//	R13 too. LINEEND(L), after CLASSIFY, in blockPathLook too: in a
//	line's mode (modeLine), the first LF of the block ends s (BX) and the
//	block, whose masks it cuts there; where that leaves the first block
//	empty, the path declines, and where it leaves another empty, it is
//	done. It may use AX and DX.
//
// It answers in R10, R11 and R12, R10 zero when it declines, and then R11
// -2 where s cannot match (only Valid reads that). Where VALIDONLY is
// defined it leaves out what only the answer's offsets need (the head's
// bytes and flags, the query's '?'), a tenth of a short reference's
// steps: R10 is then 1 or 0, and R11 and R12 are to be read only as -2.
// Where NODIGIT is (and with VALIDONLY) it leaves out the head's bit
// headDigit, which only blockWrite512 and blockWrite256 read.

// BELOW sets R to the mask of the bits under bit N (0..64).
#define BELOW(N, R) \
	MOVQ    $-1, R; \
	BZHIQ   N, R, R
	XORL    DI, DI
	MOVQ    $64, CX
	CMPQ    BX, CX
	CMOVQLT BX, CX           // CX: the first block's length
	CLASSIFY(part1, cross1, fill1, read1)
	LINEEND(lineknown1)
	TESTBAD
	JNZ     decline
	XORL    R10, R10
#ifndef VALIDONLY
	MOVQ    $-1, R11
#endif
	MOVQ    $-1, R12

	// The scheme: before the first ':' if no '/', '?' or '#' comes first.
	DSTOP(R13) // R13: the delimiters
	TZCNTQ  R13, R14         // R14: the first (64 if none)
	DCOLON(AX)
	TZCNTQ  AX, AX           // AX: the first ':'
	XORL    DX, DX           // DX: where the hierarchical part starts
	CMPQ    AX, R14
	JAE     noscheme
	TESTL   $const_modeNoScheme, R8
	JNZ     decline
	MOVBLZX (SI), DX
	ORL     $0x20, DX
	SUBL    $0x61, DX
	CMPL    DX, $26
	JAE     decline          // not ALPHA (nor a scheme)
	BELOW(AX, DX)
	DSCHEME(R14)
	ANDNQ   DX, R14, R14
	JNZ     decline          // not a scheme character
	LEAQ    1(AX), DX
#ifndef VALIDONLY
	MOVQ    DX, R10
	SHLQ    $const_headScheme, R10
#endif
	JMP     authority

noscheme:
	CMPQ    R14, $64
	JNE     schemeless
	CMPQ    BX, CX
	JNE     decline          // a scheme may end past the block
schemeless:
	TESTL   $const_modeNeedScheme, R8
	JNZ     decline

authority:
	// An authority after "//" at DX.
	LEAQ    2(DX), AX        // AX: where it would start
	CMPQ    AX, CX
	JLE     slashes
	CMPQ    BX, CX
	JNE     decline          // the "//" may lie past the block
	JMP     block
slashes:
	CMPW    (SI)(DX*1), $0x2f2f
	JNE     block
#ifndef VALIDONLY
	MOVQ    AX, DX
	SHLQ    $const_headAuthority, DX
	ORQ     DX, R10
#endif
	// R14: where it ends, the next delimiter.
	MOVL    $64, R14
	CMPQ    AX, $64
	JEQ     authend
	SHRXQ   AX, R13, R14
	SHLXQ   AX, R14, R14
	TZCNTQ  R14, R14
authend:
	CMPQ    R14, $64
	JNE     authknown
	CMPQ    BX, CX
	JNE     decline          // it may end past the block
	MOVQ    BX, R14
authknown:
#ifndef VALIDONLY
	LEAQ    1(R14), DX
	SHLQ    $const_headAuthEnd, DX
	ORQ     DX, R10
#endif
	BELOW(R14, R13)
	BELOW(AX, DX)
	ANDNQ   R13, DX, R13     // R13: the authority's bytes
	DATPCT(DX)
	TESTQ   R13, DX
	JZ      host
	CLASSES(atclasses)
	AAT(DX)
	ANDQ    R13, DX
	JZ      host
	BLSRQ   DX, R14
	JNZ     decline          // '@' in the host
	TZCNTQ  DX, AX
	INCQ    AX               // AX: where the host starts
#ifndef VALIDONLY
	MOVQ    AX, DX
	SHLQ    $const_headUserinfo, DX
	ORQ     DX, R10
#endif
host:
	BELOW(AX, R14)
	ANDNQ   R13, R14, R14    // R14: the host and port's bytes
#ifndef NODIGIT
	BTQ     AX, R14
	JCC     hostknown        // nothing at AX (BTQ reads 64 as 0, and R14 is then 0)
	MOVBLZX (SI)(AX*1), DX
	SUBL    $0x30, DX
	CMPL    DX, $10
	SBBQ    DX, DX
	ANDL    $(1<<const_headDigit), DX
	ORQ     DX, R10
hostknown:
#endif
	DCOLON(DX)
	ANDQ    R14, DX
	JZ      block
	TZCNTQ  DX, AX
	INCQ    AX               // AX: where the port starts
#ifndef VALIDONLY
	MOVQ    AX, DX
	SHLQ    $const_headPort, DX
	ORQ     DX, R10
#endif
	CLASSES(portclasses)
	BELOW(AX, DX)
	ANDNQ   R13, DX, DX      // DX: the port's bytes
	ADIGIT(R14)
	ANDNQ   DX, R14, DX
	JNZ     decline

block:
	LOOKBLOCK
	// The checks of every block. A block of plain bytes, nothing but
	// ASCII and no '@', '%' or '#', is all this block's and needs none of
	// them but the query's start.
	JRARE(full)
	MOVQ    CX, R14
#ifdef VALIDONLY
	JMP     next
#else
	DQUESTION(DX)
	JMP     question
#endif
full:
	// Bytes >= 0x80 first: their checks need no cut, and leave the
	// leads for the tail's (LEADAGAIN).
	TESTQ   R9, R9
	JZ      tails
	TESTL   $const_modeASCII, R8
	JNZ     invalid
	HIGHCLASSES
	JODD(odd)
leads:
	// Every byte >= 0x80 a continuation byte where, and only where, a
	// lead calls for one.
	HLEAD(AX)
	ANDNQ   R9, AX, DX       // DX: the continuation bytes
	SHLQ    $1, AX
	HLEAD3(R14)
	SHLQ    $2, R14
	ORQ     R14, AX
	CMPQ    AX, DX
	JNE     decline
#ifndef VALIDONLY
	ORQ     $const_asmHeadNonASCII, R10
#endif
	JMP     tails
odd:
	// No byte the path does not decode, and the next byte of C2, E0
	// and ED in its range.
	HOTHER(AX)
	TESTQ   AX, AX
	JNZ     decline
	HCONTHI(DX)
	HNEEDHI(AX)
	SHLQ    $1, AX
	ANDNQ   AX, DX, AX
	JNZ     decline
	HNEEDLO(AX)
	SHLQ    $1, AX
	TESTQ   DX, AX
	JNZ     decline
	JMP     leads

tails:
	// R13: the mask of the bytes that are this block's; a '%' in the
	// last two bytes or a character that runs past the block starts the
	// next one (in the last block, one that is cut short fails).
	LEAQ    (DI)(CX*1), DX
	CMPQ    DX, BX
	JB      tail
	MOVQ    CX, R14
	CMPQ    CX, $64
	JB      cut              // the shorter last block: nothing can run past it
tail:
	DATPCT(AX)
	XORL    R14, R14         // R14: the tail
	MOVQ    $0xC000000000000000, DX
	TESTQ   DX, AX
	JZ      tailhigh
	CLASSES(tailpct)
	APCT(R14)
	ANDQ    DX, R14
tailhigh:
	TESTQ   R9, R9
	JZ      tailknown
	LEADAGAIN(R13)
	SHRQ    $63, R13
	SHLQ    $63, R13
	ORQ     R13, R14
	LEAD3AGAIN(R13)
	ANDQ    DX, R13
	ORQ     R13, R14
tailknown:
	LEAQ    (DI)(CX*1), DX
	CMPQ    DX, BX
	JAE     lastblock
	TZCNTQ  R14, R14         // the cut (CX is 64)
	JMP     cut
lastblock:
	TESTQ   R14, R14
	JNZ     decline          // cut short by the end
	MOVQ    CX, R14
cut:
	BELOW(R14, R13)
	SAVECUT(R14)            // R14 is free from here on

	DATPCT(AX)
	ANDQ    R13, AX
	JZ      nopct
	CLASSES(pctclasses)
	APCT(AX)
	ANDQ    R13, AX
	JZ      nopct
	LEAQ    (AX)(AX*1), DX
	SHLQ    $2, AX
	ORQ     AX, DX           // DX: bytes that must be hex digits
	AHEX(AX)
	ANDNQ   DX, AX, DX
	JNZ     decline
#ifndef VALIDONLY
	ORQ     $const_asmHeadPct, R10
#endif
	LOOKPCT
nopct:

	// '#' and '?'. Without a '#' in the block, the first '?' is the
	// query's if no '?' or '#' came before: taken without a branch, as
	// half the references have a query and half not.
	DHASH(AX)
	ANDQ    R13, AX
	JNZ     hash
#ifdef VALIDONLY
	LOADCUT(R14)
	JMP     next
#else
	DQUESTION(DX)
	ANDQ    R13, DX
	LOADCUT(R14)
#endif
question:
	// DX: the block's '?'s; R14: the cut.
	TZCNTQ  DX, AX
	ADDQ    DI, AX
	TESTQ   DX, DX
	CMOVQEQ R11, AX
	MOVQ    R11, DX
	ANDQ    R12, DX
	CMOVQMI AX, R11
	JMP     next
hash:
	TESTQ   R12, R12
	JNS     decline          // a second '#'
	BLSRQ   AX, DX
	JNZ     decline
	TESTL   $const_modeNoFragment, R8
	JNZ     decline
	TZCNTQ  AX, AX
#ifndef VALIDONLY
	TESTQ   R11, R11
	JNS     sethash
	BELOW(AX, DX)
	DQUESTION(R14)
	ANDQ    R14, DX
	JZ      sethash
	TZCNTQ  DX, DX
	ADDQ    DI, DX
	MOVQ    DX, R11
#endif
sethash:
	ADDQ    DI, AX
	MOVQ    AX, R12
	LOADCUT(R14)

next:
	// R14: the bytes the block took.
	ADDQ    R14, DI
	CMPQ    DI, BX
	JAE     done
	MOVQ    BX, CX
	SUBQ    DI, CX
	MOVQ    $64, AX
	CMPQ    CX, AX
	CMOVQGT AX, CX
	CLASSIFY(part2, cross2, fill2, read2)
	LINEEND(lineknown2)
	TESTBAD
	JNZ     decline
	JMP     block

done:
	ORQ     $1, R10
	RET

decline:
	XORL    R10, R10
	XORL    R11, R11
	RET

invalid:
	// A byte >= 0x80 under an RFC 3986 rule: the DFA would fail too.
	XORL    R10, R10
	MOVQ    $-2, R11
	RET
