//go:build amd64 && !purego

#include "go_asm.h"
#include "textflag.h"
#include "funcdata.h"

// The block path in AVX-512; see block_amd64.go, and blockGo, which its
// body (block_amd64.h) follows step for step.

#define DELIM github·com∕irikit∕iri∕tables·BlockDelim
#define CLASS github·com∕irikit∕iri∕tables·BlockClass
#define BIT(k) ·blockBits+(64*(k))(SB)

// Registers besides the body's (block_amd64.h): R15: 1 once Z2 holds the
//	block's BlockClass bytes. Z0: the block; Z1: its BlockDelim bytes,
//	zero for bytes >= 0x80 and past the end; Z2 and Z3: the BlockClass
//	bytes of its ASCII bytes and of the others; K2: its bytes >= 0x80;
//	K3: its ASCII bytes.

// D sets R to the mask of the block's bytes with BlockDelim bit b.
#define D(b, R) \
	VPTESTMB BIT(b), Z1, K4; \
	KMOVQ   K4, R

// A and H set R to the mask of the block's ASCII bytes, or of its other
// bytes, with BlockClass bit b; CLASSES, or HIGHCLASSES, must have run.
#define A(b, R) \
	VPTESTMB BIT(b), Z2, K3, K4; \
	KMOVQ   K4, R
#define H(b, R) \
	VPTESTMB BIT(b), Z3, K2, K4; \
	KMOVQ   K4, R

// CLASSIFY reads the block at s[DI:DI+CX]. K1, AX are scratch.
#define CLASSIFY(L1, L2, L3, L4) \
	MOVQ    $-1, AX; \
	BZHIQ   CX, AX, AX; \
	KMOVQ   AX, K1; \
	VMOVDQU8.Z (SI)(DI*1), K1, Z0; \
	VPMOVB2M Z0, K2; \
	KMOVQ   K2, R9; \
	KANDNQ  K1, K2, K3; \
	VMOVDQU64 DELIM(SB), Z1; \
	VPERMT2B.Z DELIM+64(SB), Z0, K3, Z1; \
	XORL    R15, R15

// CLASSES looks up the BlockClass bytes of the block's ASCII bytes into
// Z2 unless they are there. (Those of the other bytes, which H reads, are
// HIGHCLASSES', into Z3: a block of non-ASCII text needs only them.)
#define CLASSES(L) \
	TESTL   R15, R15; \
	JNZ     L; \
	VMOVDQU64 CLASS(SB), Z2; \
	VPERMT2B CLASS+64(SB), Z0, Z2; \
	MOVL    $1, R15; \
L:

#define HIGHCLASSES \
	VMOVDQU64 CLASS+128(SB), Z3; \
	VPERMT2B CLASS+192(SB), Z0, Z3

// The body's macros (block_amd64.h) in AVX-512.
#define TESTBAD \
	D(const_bBad, AX); \
	TESTQ   AX, AX
#define JRARE(L) \
	D(const_bRare, AX); \
	ORQ     R9, AX; \
	JNZ     L
#define DSTOP(R) D(const_bStop, R)
#define DCOLON(R) D(const_bColon, R)
#define DSCHEME(R) D(const_bScheme, R)
#define DATPCT(R) D(const_bAtPct, R)
#define DQUESTION(R) D(const_bQuestion, R)
#define DHASH(R) D(const_bHash, R)
#define AAT(R) A(const_bAt, R)
#define ADIGIT(R) A(const_bDigit, R)
#define APCT(R) A(const_bPct, R)
#define AHEX(R) A(const_bHex, R)
#define JODD(L) \
	H(const_bOdd, AX); \
	TESTQ   AX, AX; \
	JNZ     L
// The leads stay in K6 and K7 for LEADAGAIN and LEAD3AGAIN, and the cut
// in K5.
#define HLEAD(R) \
	VPTESTMB BIT(const_bLead), Z3, K2, K6; \
	KMOVQ   K6, R
#define HLEAD3(R) \
	VPTESTMB BIT(const_bLead3), Z3, K2, K7; \
	KMOVQ   K7, R
#define LEADAGAIN(R) KMOVQ K6, R
#define LEAD3AGAIN(R) KMOVQ K7, R
#define HOTHER(R) H(const_bOther, R)
#define HCONTHI(R) H(const_bContHi, R)
#define HNEEDHI(R) H(const_bNeedHi, R)
#define HNEEDLO(R) H(const_bNeedLo, R)
#define SAVECUT(R) KMOVQ R, K5
#define LOADCUT(R) KMOVQ K5, R

#define SIMDBLOCK github·com∕irikit∕iri∕internal∕simd·Block(SB)
#define SIMDBLOCK256 github·com∕irikit∕iri∕internal∕simd·Block256(SB)

// ARGS puts the string S of length LEN and the mode of rule R where
// blockPath takes them, or jumps to slow where the string is empty or too
// long for a Result, or the rule unknown.
#define ARGS(S, LEN, R) \
	MOVQ    LEN, BX; \
	LEAQ    -1(BX), AX; \
	CMPQ    AX, $const_maxLen; \
	JAE     slow; \
	MOVBLZX R, AX; \
	CMPL    AX, $const_numRules; \
	JAE     slow; \
	LEAQ    ·blockMode(SB), DX; \
	MOVL    (DX)(AX*4), R8; \
	MOVQ    S, SI

// ENTRY runs the block path on the string S of length LEN under the rule
// R, in AVX-512 where simd.Block is set, else in AVX2 where
// simd.Block256 is, or jumps to slow where the path is off or ARGS does.
#define ENTRY(S, LEN, R) \
	CMPB    SIMDBLOCK, $0; \
	JEQ     entry256; \
	ARGS(S, LEN, R); \
	CALL    ·blockPathValid(SB); \
	JMP     entered; \
entry256: \
	CMPB    SIMDBLOCK256, $0; \
	JEQ     slow; \
	ARGS(S, LEN, R); \
	CALL    ·blockPath256Valid(SB); \
entered:

// blockPath is the body of block512, blockScan, Valid and ScanZeroed,
// called with s in SI and BX, the mode in R8; it answers in R10, R11 and
// R12, R10 zero when it declines, and then R11 -2 where s cannot match
// (only Valid reads that).
#define LOOKBLOCK
#define LOOKPCT
#define LINEEND(L)
TEXT ·blockPath(SB), NOSPLIT|NOFRAME, $0-0
#include "block_amd64.h"

// blockPathValid is blockPath for Valid, which reads only whether it
// declines (block_amd64.h's VALIDONLY).
#undef BELOW
#define VALIDONLY
#define NODIGIT
TEXT ·blockPathValid(SB), NOSPLIT|NOFRAME, $0-0
#include "block_amd64.h"
#undef VALIDONLY
#undef NODIGIT

// The look's constants, package ascii's (LookNormal's): rows of 'A', 26,
// '-', '/', '.', '%' and 0xf0, the hex digits' values, the unreserved
// characters.
#define LOOKROWS github·com∕irikit∕iri∕internal∕ascii·lookBytes
#define LOOKHEX github·com∕irikit∕iri∕internal∕ascii·lookHex
#define LOOKUNRES github·com∕irikit∕iri∕internal∕ascii·lookUnreserved

#undef LOOKBLOCK
#undef LOOKPCT
#undef LINEEND

// LINEEND ends s and the block at the block's first LF, once, in a
// line's mode: no LF lies before DI, which follows the bytes the blocks
// before took, all looked at. What CLASSIFY made of the bytes from the LF
// on is dropped.
#define LINEEND(L) \
	TESTL   $const_modeLine, R8; \
	JZ      L; \
	VPCMPEQB LOOKROWS+448(SB), Z0, K1, K4; \
	KMOVQ   K4, AX; \
	TZCNTQ  AX, AX; \
	JCS     L; \
	BTRQ    $const_modeLineBit, R8; \
	LEAQ    (DI)(AX*1), BX; \
	MOVQ    AX, CX; \
	MOVQ    $-1, DX; \
	BZHIQ   AX, DX, DX; \
	ANDQ    DX, R9; \
	KMOVQ   DX, K1; \
	VMOVDQU8.Z Z0, K1, Z0; \
	VMOVDQU8.Z Z1, K1, Z1; \
	KANDQ   K1, K2, K2; \
	KANDQ   K1, K3, K3; \
	TESTQ   BX, BX; \
	JZ      decline; \
	CMPQ    DI, BX; \
	JAE     done; \
L:

// LOOKBLOCK keeps in the high half of R8 the first "/." of s, after the
// authority's start, at its second byte, plus one: a pair the block cut
// off is found again in the next, which starts no later.
#define LOOKBLOCK \
	VPCMPEQB LOOKROWS+192(SB), Z0, K4; \
	KMOVQ   K4, AX; \
	VPCMPEQB LOOKROWS+256(SB), Z0, K4; \
	KMOVQ   K4, DX; \
	ADDQ    AX, AX; \
	TESTQ   DI, DI; \
	JZ      lookfirst; \
	CMPB    -1(SI)(DI*1), $0x2f; \
	SETEQ   R13; \
	MOVBLZX R13, R13; \
	ORQ     R13, AX; \
	ANDQ    DX, AX; \
	JZ      lookdone; \
	JMP     lookrecord; \
lookfirst: \
	ANDQ    DX, AX; \
	MOVQ    R10, R13; \
	SHRQ    $const_headAuthority, R13; \
	MOVBLZX R13, R13; \
	INCQ    R13; \
	BELOW(R13, R14); \
	ANDNQ   AX, R14, AX; \
	JZ      lookdone; \
lookrecord: \
	MOVQ    R8, DX; \
	SHRQ    $32, DX; \
	JNZ     lookdone; \
	TZCNTQ  AX, AX; \
	LEAQ    1(DI)(AX*1), AX; \
	SHLQ    $32, AX; \
	ORQ     AX, R8; \
lookdone:

// LOOKPCT sets bit headLookPct of R10 where a '%' of the block (before
// its cut, so its digits are in it) has a lowercase hex digit or stands
// for an unreserved character.
#define LOOKPCT \
	APCT(AX); \
	ANDQ    R13, AX; \
	VPERMB  LOOKHEX(SB), Z0, Z4; \
	VMOVDQU64 ·lookNext(SB), Z5; \
	VPERMB  Z4, Z5, Z6; \
	VMOVDQU64 ·lookNext+64(SB), Z5; \
	VPERMB  Z4, Z5, Z7; \
	VPORQ   Z6, Z7, Z8; \
	VPMOVB2M Z8, K4; \
	KMOVQ   K4, DX; \
	VPSLLW  $4, Z6, Z6; \
	VPTERNLOGD $0xe4, LOOKROWS+384(SB), Z7, Z6; \
	VPMOVB2M Z6, K1; \
	VMOVDQU64 LOOKUNRES(SB), Z8; \
	VPERMI2B LOOKUNRES+64(SB), Z8, Z6; \
	VPTESTMB Z6, Z6, K4; \
	KANDNQ  K4, K1, K4; \
	KMOVQ   K4, R14; \
	ORQ     R14, DX; \
	TESTQ   AX, DX; \
	JZ      lookpct; \
	BTSQ    $const_headLookPct, R10; \
lookpct:

// blockPathLook is blockPath with ScanLook's look: LOOKBLOCK's answer in
// the high half of R8, LOOKPCT's in R10.
#undef BELOW
#define NODIGIT
TEXT ·blockPathLook(SB), NOSPLIT|NOFRAME, $0-0
#include "block_amd64.h"
#undef NODIGIT

// func block512(s string, mode uint32) (head uint64, query, frag int)
TEXT ·block512(SB), NOSPLIT, $0-48
	MOVQ    s_base+0(FP), SI
	MOVQ    s_len+8(FP), BX
	MOVL    mode+16(FP), R8
	CALL    ·blockPath(SB)
	VZEROUPPER
	TESTQ   R10, R10
	JZ      declined
	MOVQ    R10, head+24(FP)
	MOVQ    R11, query+32(FP)
	MOVQ    R12, frag+40(FP)
	RET
declined:
	MOVQ    $0, head+24(FP)
	MOVQ    $0, query+32(FP)
	MOVQ    $0, frag+40(FP)
	RET

// func blockValid(s string, mode uint32, avx2 bool) (taken, cannot bool)
TEXT ·blockValid(SB), NOSPLIT, $0-26
	MOVQ    s_base+0(FP), SI
	MOVQ    s_len+8(FP), BX
	MOVL    mode+16(FP), R8
	CMPB    avx2+20(FP), $0
	JNE     path256
	CALL    ·blockPathValid(SB)
	JMP     called
path256:
	CALL    ·blockPath256Valid(SB)
called:
	VZEROUPPER
	TESTQ   R10, R10
	SETNE   taken+24(FP)
	SETEQ   DX
	CMPQ    R11, $-2
	SETEQ   AX
	ANDB    DX, AX
	MOVB    AX, cannot+25(FP)
	RET

// func Valid(s string, r Rule, opts Options) bool
TEXT ·Valid(SB), NOSPLIT, $32-25
	NO_LOCAL_POINTERS        // the frame holds valid's arguments only
	ENTRY(s_base+0(FP), s_len+8(FP), r+16(FP))
	VZEROUPPER
	TESTQ   R10, R10
	JZ      declined
	MOVB    $1, ret+24(FP)
	RET
declined:
	CMPQ    R11, $-2
	JNE     slow
	MOVB    $0, ret+24(FP)
	RET
slow:
	// valid(s, r, opts), which has Valid's arguments and result.
	MOVQ    s_base+0(FP), AX
	MOVQ    AX, 0(SP)
	MOVQ    s_len+8(FP), AX
	MOVQ    AX, 8(SP)
	MOVB    r+16(FP), AX
	MOVB    AX, 16(SP)
	MOVB    opts+17(FP), AX
	MOVB    AX, 17(SP)
	CALL    ·valid(SB)
	MOVB    24(SP), AX
	MOVB    AX, ret+24(FP)
	RET


// ENDS sets lanes 0-2 of X1 to the query's '?', the '#' and the end of
// s, each plus one (R11, R12 and BX), and lane 3 to zero; AX, CX and DX
// are scratch.
#define ENDS \
	LEAQ    1(R11), AX; \
	LEAQ    1(R12), DX; \
	LEAQ    1(BX), CX; \
	VMOVD   AX, X1; \
	VPINSRD $1, DX, X1, X1; \
	VPINSRD $2, CX, X1, X1

// PARTSWORD sets CX to word 11 of the Result, Parts | HostKind<<8 |
// Flags<<16, from Parts in AX and the head in R10 (HostKind a reg-name
// where there is an authority); DX is scratch.
#define PARTSWORD \
	MOVL    AX, CX; \
	ANDL    $const_HasAuthority, CX; \
	SHLL    $(8-1), CX; \
	ORL     AX, CX; \
	MOVL    R10, DX; \
	ANDL    $(const_asmHeadPct|const_asmHeadNonASCII), DX; \
	SHLL    $(16-const_headFlags), DX; \
	ORL     DX, CX

// blockWrite512 writes the Result at DI from the block path's answer in
// R10, R11 and R12 for s in SI and BX, as blockResult does, in AVX-512 and
// without a branch: the offsets go into one vector (the head's bytes,
// query+1, frag+1 and len(s)+1) and each less one into a second, and a
// permutation chosen by the Parts the reference has (writePerm) picks
// every word of the Result from the two. (Written a word at a time, with
// a branch for each part, it took a quarter of Scan's time on a short
// reference.) It leaves R15 not zero where the host starts with a digit
// (the head's bit headDigit): then the host may be an IPv4address, which
// the caller checks (hostIPv4). The bit is the path's, not found here
// from the Result, as that puts this function's whole length between
// the path and the caller's next branch.
TEXT ·blockWrite512(SB), NOSPLIT|NOFRAME, $0-0
	VMOVQ   R10, X0
	ENDS
	VPMOVZXBD X0, Z0
	VINSERTI32X4 $2, X1, Z0, Z0 // Z0: the head's bytes, q+1, f+1, n+1, zeros
	VPTERNLOGD $0xff, Z1, Z1, Z1
	VPADDD  Z1, Z0, Z1       // Z1: each less one
	// AX: Parts, from the lanes that are not zero: the head's offsets
	// of the scheme, authority, userinfo and port, and q+1 and f+1.
	VPTESTMD Z0, Z0, K1
	KMOVW   K1, AX
	MOVL    $const_writeParts, DX
	PEXTL   DX, AX, AX
	MOVL    AX, CX
	SHLL    $6, CX
	LEAQ    ·writePerm(SB), DX
	VMOVDQU32 (DX)(CX*1), Z2
	VPERMI2D Z1, Z0, Z2
	PARTSWORD
	MOVL    $(1<<11), DX
	KMOVW   DX, K2
	VPBROADCASTD CX, K2, Z2
	// Words 0-11 in two plain stores (words 12 and 13 stay zero): a
	// load from a masked store waits until it reaches the cache, and the
	// caller's copy of the Result loads from these.
	VMOVDQU Y2, 0(DI)
	VEXTRACTI32X4 $2, Z2, 32(DI)
	// R15: the head's bit that says the host starts with a digit.
	MOVL    R10, R15
	ANDL    $(1<<const_headDigit), R15
	RET

// blockWrite256 is blockWrite512 in AVX2, for blockPath256's answer: the
// offsets in one vector of eight dwords and each less one in a second,
// and for each half of the Result's first sixteen words a VPERMD of both,
// blended by bit 3 of the index (writePerm256).
TEXT ·blockWrite256(SB), NOSPLIT|NOFRAME, $0-0
	MOVQ    R10, AX
	SHRQ    $const_headScheme, AX
	VMOVQ   AX, X0
	VPMOVZXBD X0, Y0         // lanes 0-3: the scheme, authority, userinfo, port
	MOVQ    R10, R9
	SHRQ    $const_headAuthEnd, R9
	MOVBLZX R9, R9
	ENDS
	VPINSRD $3, R9, X1, X1
	VINSERTI128 $1, X1, Y0, Y0 // lanes 4-7: q+1, f+1, n+1, the authority's end
	VPCMPEQD Y1, Y1, Y1
	VPADDD  Y1, Y0, Y1       // Y1: each less one
	// AX: Parts, from the lanes 0-5 that are not zero.
	VPXOR   Y2, Y2, Y2
	VPCMPEQD Y2, Y0, Y2
	VMOVMSKPS Y2, AX
	NOTL    AX
	ANDL    $63, AX
	MOVL    AX, CX
	SHLL    $6, CX
	LEAQ    ·writePerm256(SB), DX
	ADDQ    CX, DX
	VMOVDQU (DX), Y3
	VPERMD  Y0, Y3, Y4
	VPERMD  Y1, Y3, Y5
	VPSLLD  $28, Y3, Y6
	VBLENDVPS Y6, Y5, Y4, Y4 // words 0-7
	VMOVDQU 32(DX), Y3
	VPERMD  Y0, Y3, Y7
	VPERMD  Y1, Y3, Y5
	VPSLLD  $28, Y3, Y6
	VBLENDVPS Y6, Y5, Y7, Y7 // words 8-10
	PARTSWORD
	VPINSRD $3, CX, X7, X7
	VMOVDQU Y4, 0(DI)
	VMOVDQU X7, 32(DI)       // words 12 and 13 stay zero
	// R15: the head's bit that says the host starts with a digit.
	MOVL    R10, R15
	ANDL    $(1<<const_headDigit), R15
	RET

// func blockScan(res *Result, s string, mode uint32) (taken, ipv4 bool)
TEXT ·blockScan(SB), NOSPLIT, $0-34
	MOVQ    s_base+8(FP), SI
	MOVQ    s_len+16(FP), BX
	MOVL    mode+24(FP), R8
	CMPB    SIMDBLOCK, $0
	JEQ     path256
	CALL    ·blockPath(SB)
	TESTQ   R10, R10
	JZ      declined
	MOVQ    res+0(FP), DI
	CALL    ·blockWrite512(SB)
	JMP     written
path256:
	CALL    ·blockPath256(SB)
	TESTQ   R10, R10
	JZ      declined
	MOVQ    res+0(FP), DI
	CALL    ·blockWrite256(SB)
written:
	VZEROUPPER
	MOVB    $1, taken+32(FP)
	TESTL   R15, R15
	SETNE   ipv4+33(FP)
	RET
declined:
	VZEROUPPER
	MOVB    $0, taken+32(FP)
	MOVB    $0, ipv4+33(FP)
	RET

// func ScanZeroed(res *Result, s string, r Rule, opts Options)
//
// ScanZeroed runs the block path and writes a Result from its answer, as
// blockResult does, a word at a time; where the path declines it calls
// scanZeroed, and where the host may be an IPv4address, hostIPv4.
TEXT ·ScanZeroed(SB), NOSPLIT, $32-26
	NO_LOCAL_POINTERS        // the frame holds arguments only
	CMPB    SIMDBLOCK, $0
	JEQ     entry256
	ARGS(s_base+8(FP), s_len+16(FP), r+24(FP))
	CALL    ·blockPath(SB)
	TESTQ   R10, R10
	JZ      declined
	MOVQ    res+0(FP), DI
	CALL    ·blockWrite512(SB)
	VZEROUPPER
	TESTL   R15, R15
	JNZ     ipv4
	RET
declined:
	VZEROUPPER
	JMP     slow
entry256:
	CMPB    SIMDBLOCK256, $0
	JEQ     slow
	ARGS(s_base+8(FP), s_len+16(FP), r+24(FP))
	CALL    ·blockPath256(SB)
	VZEROUPPER
	TESTQ   R10, R10
	JZ      slow
	MOVQ    res+0(FP), DI
	CALL    ·blockWrite256(SB)
	TESTL   R15, R15
	JNZ     ipv4
	RET
ipv4:
	// hostIPv4(res, s), which has ScanZeroed's first arguments.
	MOVQ    DI, 0(SP)
	MOVQ    SI, 8(SP)
	MOVQ    BX, 16(SP)
	CALL    ·hostIPv4(SB)
	RET
slow:
	// scanZeroed(res, s, r, opts), which has ScanZeroed's arguments.
	MOVQ    res+0(FP), AX
	MOVQ    AX, 0(SP)
	MOVQ    s_base+8(FP), AX
	MOVQ    AX, 8(SP)
	MOVQ    s_len+16(FP), AX
	MOVQ    AX, 16(SP)
	MOVB    r+24(FP), AX
	MOVB    AX, 24(SP)
	MOVB    opts+25(FP), AX
	MOVB    AX, 25(SP)
	CALL    ·scanZeroed(SB)
	RET

// func blockLook512(s string, mode uint32) (head uint64, query, frag int, mark uint64, n int)
TEXT ·blockLook512(SB), NOSPLIT, $0-64
	MOVQ    s_base+0(FP), SI
	MOVQ    s_len+8(FP), BX
	MOVL    mode+16(FP), R8
	CALL    ·blockPathLook(SB)
	VZEROUPPER
	MOVQ    R10, head+24(FP)
	MOVQ    R11, query+32(FP)
	MOVQ    R12, frag+40(FP)
	MOVQ    R8, mark+48(FP)
	MOVQ    BX, n+56(FP)
	RET

// HEAD sets R to the byte of the head (R10) at bit F, $const_head....
#define HEAD(F, R) \
	MOVQ    R10, R; \
	SHRQ    F, R; \
	MOVBLZX R, R

// FIRSTBLOCK loads the first block of s (SI, BX) into Z0, masked, its
// bytes in K1; T and U are scratch.
#define FIRSTBLOCK(T, U) \
	MOVL    $64, T; \
	CMPQ    BX, T; \
	CMOVQLT BX, T; \
	MOVQ    $-1, U; \
	BZHIQ   T, U, U; \
	KMOVQ   U, K1; \
	VMOVDQU8.Z (SI), K1, Z0

// UPPERS sets R to the mask of Z0's bytes in 'A'-'Z' or above 0x7F.
#define UPPERS(R) \
	VPSUBB  LOOKROWS+0(SB), Z0, Z4; \
	VPCMPUB $1, LOOKROWS+64(SB), Z4, K1, K2; \
	VPMOVB2M Z0, K3; \
	KORQ    K2, K3, K2; \
	KMOVQ   K2, R

// DASHES sets R to the mask of Z0's second bytes of "--"; T is scratch.
#define DASHES(R, T) \
	VPCMPEQB LOOKROWS+128(SB), Z0, K1, K2; \
	KMOVQ   K2, T; \
	LEAQ    (T)(T*1), R; \
	ANDQ    T, R

// func scanLook(res *Result, s string, r Rule, opts Options, line bool) (look, n int)
//
// ScanZeroed with blockPathLook, then the rest of the look from the
// Result: upper case in [0, upper) and "--" in the host, in the first
// block, where the scheme and authority are; the first "/." against the
// path's end.
TEXT ·scanLook(SB), NOSPLIT, $48-48
	NO_LOCAL_POINTERS        // the frame holds arguments and integers
	CMPB    SIMDBLOCK, $0
	JEQ     slow
	ARGS(s_base+8(FP), s_len+16(FP), r+24(FP))
	MOVBLZX line+26(FP), AX
	SHLL    $const_modeLineBit, AX
	ORL     AX, R8
	CALL    ·blockPathLook(SB)
	TESTQ   R10, R10
	JZ      declined
	MOVQ    R10, 24(SP)
	MOVQ    R8, 32(SP)
	// blockPathLook leaves out the bit headDigit, which normalLines
	// would not read; blockWrite512 does.
	HEAD($const_headAuthority, CX)
	HEAD($const_headUserinfo, AX)
	TESTL   AX, AX
	CMOVLNE AX, CX           // CX: where the host starts
	HEAD($const_headAuthEnd, DX)
	DECL    DX               // where the authority ends, -1 if none
	CMPL    CX, DX
	JGE     digitknown       // no host
	MOVBLZX (SI)(CX*1), AX
	SUBL    $0x30, AX
	CMPL    AX, $10
	JAE     digitknown
	BTSQ    $const_headDigit, R10
digitknown:
	MOVQ    res+0(FP), DI
	CALL    ·blockWrite512(SB)
	TESTL   R15, R15
	JZ      look
	VZEROUPPER
	// hostIPv4(res, s[:BX]), which has scanLook's first arguments.
	MOVQ    DI, 0(SP)
	MOVQ    SI, 8(SP)
	MOVQ    BX, 16(SP)
	MOVQ    BX, 40(SP)
	CALL    ·hostIPv4(SB)
	MOVQ    res+0(FP), DI
	MOVQ    s_base+8(FP), SI
	MOVQ    40(SP), BX
look:
	// R9: upper; R13, R14: the host, from its second byte.
	MOVBLZX Result_Parts(DI), CX
	XORL    R9, R9
	XORL    R13, R13
	XORL    R14, R14
	TESTL   $const_HasScheme, CX
	CMOVLNE Result_SchemeEnd(DI), R9
	TESTL   $const_HasAuthority, CX
	CMOVLNE Result_HostEnd(DI), R9
	CMOVLNE Result_HostStart(DI), R13
	CMOVLNE Result_HostEnd(DI), R14
	INCL    R13
	// The first block, all bounds in it.
	FIRSTBLOCK(DX, AX)
	UPPERS(AX)
	XORL    R15, R15         // R15: the bits found
	MOVQ    $-1, DX
	BZHIQ   R9, DX, DX
	ANDQ    DX, AX
	SETNE   R15
	DASHES(DX, AX)
	MOVQ    $-1, AX
	BZHIQ   R14, AX, AX
	MOVQ    $-1, CX
	BZHIQ   R13, CX, CX
	ANDNQ   AX, CX, AX
	ANDQ    AX, DX
	SETNE   AX
	MOVBLZX AX, AX
	LEAL    (R15)(AX*2), R15
	MOVQ    32(SP), AX
	SHRQ    $32, AX
	DECQ    AX               // the first "/." past the authority's start, or -1
	MOVL    Result_PathEnd(DI), DX
	CMPQ    AX, DX
	SETCS   AX
	MOVBLZX AX, AX
	LEAL    (R15)(AX*4), R15
	MOVQ    24(SP), AX
	SHRQ    $const_headLookPct, AX
	ANDL    $1, AX
	LEAL    (R15)(AX*8), R15
	MOVQ    R15, look+32(FP)
	MOVQ    BX, n+40(FP)
	VZEROUPPER
	RET
declined:
	VZEROUPPER
slow:
	// scanLookGo(res, s, r, opts, line), which has scanLook's arguments
	// and results.
	MOVQ    res+0(FP), AX
	MOVQ    AX, 0(SP)
	MOVQ    s_base+8(FP), AX
	MOVQ    AX, 8(SP)
	MOVQ    s_len+16(FP), AX
	MOVQ    AX, 16(SP)
	MOVB    r+24(FP), AX
	MOVB    AX, 24(SP)
	MOVB    opts+25(FP), AX
	MOVB    AX, 25(SP)
	MOVB    line+26(FP), AX
	MOVB    AX, 26(SP)
	CALL    ·scanLookGo(SB)
	MOVQ    32(SP), AX
	MOVQ    AX, look+32(FP)
	MOVQ    40(SP), AX
	MOVQ    AX, n+40(FP)
	RET


// func normalLines(s string, mode uint32, flags uint32) (next, lines int)
//
// NormalLines in AVX-512: blockPathLook a line at a time, in a line's
// mode, and the checks of normalAsIs from the head, with no Result
// written: a normal line costs the block path and a look at its first
// block. Frame: 0(SP) the offset of the line, 8(SP) the lines before it.
TEXT ·normalLines(SB), NOSPLIT, $16-40
	MOVQ    $0, 0(SP)
	MOVQ    $0, 8(SP)
line:
	MOVQ    s_len+8(FP), BX
	SUBQ    0(SP), BX
	JLE     stop             // no line left
	CMPQ    BX, $const_maxLen
	JAE     stop
	MOVQ    s_base+0(FP), SI
	ADDQ    0(SP), SI
	MOVL    mode+16(FP), R8
	MOVL    flags+20(FP), AX
	ANDL    $const_normalOne, AX
	XORL    $const_normalOne, AX
	SHLL    $(const_modeLineBit-const_normalOneBit), AX
	ORL     AX, R8           // a line's mode, unless s is one reference
	CALL    ·blockPathLook(SB)
	TESTQ   R10, R10
	JZ      stop
	BTQ     $const_headLookPct, R10
	JCS     stop
	// DX: the path's end; CX: its start; R13: the scheme's end plus one;
	// R14: the authority's end plus one (zero where there is none).
	MOVQ    BX, DX
	TESTQ   R12, R12
	CMOVQPL R12, DX
	TESTQ   R11, R11
	CMOVQPL R11, DX
	HEAD($const_headScheme, R13)
	HEAD($const_headAuthEnd, R14)
	MOVQ    R13, CX
	LEAQ    -1(R14), AX
	TESTQ   R14, R14
	CMOVQNE AX, CX
	MOVL    flags+20(FP), R15
	TESTL   $const_normalScheme, R15
	JZ      path
	TESTQ   R14, R14
	JZ      path
	HEAD($const_headPort, AX)
	TESTL   AX, AX
	JNZ     stop             // a port, maybe the default one
	CMPQ    CX, DX
	JEQ     stop             // an empty path after the authority
path:
	// A dot segment may go where the path is absolute, or the
	// reference is.
	CMPQ    CX, DX
	JAE     upper
	TESTQ   R13, R13
	JNZ     dots
	CMPB    (SI)(CX*1), $0x2f
	JNE     upper
dots:
	CMPB    (SI)(CX*1), $0x2e
	JEQ     stop
	SHRQ    $32, R8
	DECQ    R8               // the first "/." past the authority's start, or -1
	CMPQ    R8, DX
	JCS     stop
upper:
	// R9: the host's end plus one, or zero; AX: the end of upper case's
	// range, the host's end or the scheme's.
	HEAD($const_headPort, AX)
	MOVQ    R14, R9
	TESTL   AX, AX
	CMOVLNE AX, R9
	LEAL    -1(R13), AX
	TESTL   R13, R13
	CMOVLEQ R13, AX
	LEAL    -1(R9), DX
	TESTL   R9, R9
	CMOVLNE DX, AX
	TESTL   AX, AX
	JZ      taken            // no scheme, no authority: nothing to look at
	FIRSTBLOCK(CX, DX)
	UPPERS(DX)
	BELOW(AX, CX)
	TESTQ   CX, DX
	JNZ     stop
	TESTL   $const_normalIDNA, R15
	JZ      taken
	TESTQ   R14, R14
	JZ      taken
	// "--" in the host, from its second byte: R13 its start plus one.
	HEAD($const_headAuthority, R13)
	HEAD($const_headUserinfo, AX)
	TESTL   AX, AX
	CMOVLNE AX, R13
	INCL    R13
	DECL    R9
	DASHES(DX, AX)
	BELOW(R9, AX)
	BELOW(R13, CX)
	ANDNQ   AX, CX, AX
	TESTQ   AX, DX
	JNZ     stop
taken:
	INCQ    8(SP)
	MOVQ    0(SP), AX
	LEAQ    1(AX)(BX*1), AX  // past the line's LF (or one past s's end)
	MOVQ    AX, 0(SP)
	TESTL   $const_normalOne, R15
	JZ      line
stop:
	VZEROUPPER
	MOVQ    0(SP), AX
	MOVQ    s_len+8(FP), CX
	CMPQ    AX, CX
	CMOVQGT CX, AX
	MOVQ    AX, next+24(FP)
	MOVQ    8(SP), AX
	MOVQ    AX, lines+32(FP)
	RET
