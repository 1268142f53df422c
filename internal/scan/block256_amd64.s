//go:build amd64 && !purego

#include "go_asm.h"
#include "textflag.h"

// The block path in AVX2; see block256_amd64.go, and blockGo, which its
// body (block_amd64.h) follows step for step.
//
// Registers besides the body's: R15 is scratch. Y0 and Y1: the block's
// halves, '!' past s; Y2 and Y3: their lookP bytes, Y12 the two ORed;
// Y4 and Y5: their high nibbles; Y6 and Y7: their lookH bytes (after
// HIGHCLASSES); Y8 and Y9: lookP's tables; Y10 and Y11: the lookQ bytes of
// the first block (after DSTOP), later scratch; Y13 to Y15: scratch. The
// frame holds a block near a page end.

#define V(k) ·nibble256+(32*(k))(SB)

// MSK sets R to the top bits of the bytes of A (bits 0-31) and B.
#define MSK(A, B, R) \
	VPMOVMSKB A, R; \
	VPMOVMSKB B, R15; \
	SHLQ    $32, R15; \
	ORQ     R15, R

// EQB sets R to the mask of the block's bytes equal to row k's.
#define EQB(k, R) \
	VPCMPEQB V(k), Y0, Y13; \
	VPCMPEQB V(k), Y1, Y14; \
	MSK(Y13, Y14, R)

// ANY sets R to the mask of the bytes of A and B with one of row k's bits.
#define ANY(A, B, k, R) \
	VPAND   V(k), A, Y13; \
	VPADDUSB V(const_vAny), Y13, Y13; \
	VPAND   V(k), B, Y14; \
	VPADDUSB V(const_vAny), Y14, Y14; \
	MSK(Y13, Y14, R)

// TOP sets R to the mask of the bytes of A and B with one of the top bits
// whose lowest row k's byte, 0x80 less it, stands for.
#define TOP(A, B, k, R) \
	VPADDUSB V(k), A, Y13; \
	VPADDUSB V(k), B, Y14; \
	MSK(Y13, Y14, R)

// CLASSIFY reads the block at s[DI:DI+CX]. A block of 64 bytes is read as
// it is; a shorter one, the last, too where the 64 bytes lie in one page,
// else from the frame, where the 64 bytes up to the page's end or the
// end of s, whichever is further, are copied; then its bytes past s are
// made '!'.
#define CLASSIFY(PART, CROSS, FILL, READ) \
	LEAQ    (SI)(DI*1), AX; \
	CMPQ    CX, $64; \
	JNE     PART; \
	VMOVDQU (AX), Y0; \
	VMOVDQU 32(AX), Y1; \
	JMP     READ; \
PART: \
	MOVL    AX, DX; \
	ANDL    $(const_asmPageSize-1), DX; \
	CMPL    DX, $(const_asmPageSize-64); \
	JA      CROSS; \
	VMOVDQU (AX), Y0; \
	VMOVDQU 32(AX), Y1; \
	JMP     FILL; \
CROSS: \
	LEAQ    64(AX), DX; \
	ANDQ    $-const_asmPageSize, DX; \
	LEAQ    (AX)(CX*1), R13; \
	CMPQ    R13, DX; \
	CMOVQHI R13, DX; \
	VMOVDQU -64(DX), Y0; \
	VMOVDQU -32(DX), Y1; \
	VMOVDQU Y0, 0(SP); \
	VMOVDQU Y1, 32(SP); \
	SUBQ    DX, AX; \
	VMOVDQU 64(SP)(AX*1), Y0; \
	VMOVDQU 96(SP)(AX*1), Y1; \
FILL: \
	LEAQ    ·block256Tail+64(SB), DX; \
	SUBQ    CX, DX; \
	VMOVDQU (DX), Y13; \
	VMOVDQU 32(DX), Y14; \
	VPBLENDVB Y13, V(const_vFill), Y0, Y0; \
	VPBLENDVB Y14, V(const_vFill), Y1, Y1; \
READ: \
	VPSRLW  $4, Y0, Y4; \
	VPAND   V(const_vNibble), Y4, Y4; \
	VPSRLW  $4, Y1, Y5; \
	VPAND   V(const_vNibble), Y5, Y5; \
	VPSHUFB Y0, Y8, Y2; \
	VPSHUFB Y4, Y9, Y13; \
	VPAND   Y13, Y2, Y2; \
	VPSHUFB Y1, Y8, Y3; \
	VPSHUFB Y5, Y9, Y14; \
	VPAND   Y14, Y3, Y3; \
	VPOR    Y2, Y3, Y12; \
	MSK(Y0, Y1, R9)

#define TESTBAD VPTEST V(const_vBad), Y12

#define JRARE(L) \
	TESTQ   R9, R9; \
	JNZ     L; \
	VPTEST  V(const_vRare), Y12; \
	JNZ     L

// DSTOP looks up the block's lookQ bytes into Y10 and Y11 first.
#define DSTOP(R) \
	VMOVDQU V(const_vQLo), Y13; \
	VMOVDQU V(const_vQHi), Y14; \
	VPSHUFB Y0, Y13, Y10; \
	VPSHUFB Y4, Y14, Y15; \
	VPAND   Y15, Y10, Y10; \
	VPSHUFB Y1, Y13, Y11; \
	VPSHUFB Y5, Y14, Y15; \
	VPAND   Y15, Y11, Y11; \
	ANY(Y10, Y11, const_vStop, R)

#define DSCHEME(R) TOP(Y10, Y11, const_vScheme, R)
#define DCOLON(R) EQB(const_vColon, R)
#define DQUESTION(R) EQB(const_vQuestion, R)
#define DHASH(R) EQB(const_vHash, R)

#define DATPCT(R) \
	VPCMPEQB V(const_vAt), Y0, Y13; \
	VPCMPEQB V(const_vPct), Y0, Y15; \
	VPOR    Y15, Y13, Y13; \
	VPCMPEQB V(const_vAt), Y1, Y14; \
	VPCMPEQB V(const_vPct), Y1, Y15; \
	VPOR    Y15, Y14, Y14; \
	MSK(Y13, Y14, R)

// The ASCII classes need no lookup.
#define CLASSES(L)
#define AAT(R) EQB(const_vAt, R)
#define APCT(R) EQB(const_vPct, R)

// DIGITS sets A and B to 0xFF in the digits of Y0 and Y1.
#define DIGITS(A, B) \
	VMOVDQU V(const_vDigitLim), Y15; \
	VPADDB  V(const_vDigitAdd), Y0, A; \
	VPCMPGTB A, Y15, A; \
	VPADDB  V(const_vDigitAdd), Y1, B; \
	VPCMPGTB B, Y15, B

#define ADIGIT(R) \
	DIGITS(Y13, Y14); \
	MSK(Y13, Y14, R)

#define AHEX(R) \
	DIGITS(Y10, Y11); \
	VMOVDQU V(const_vHexLim), Y15; \
	VPOR    V(const_vHexOr), Y0, Y13; \
	VPADDB  V(const_vHexAdd), Y13, Y13; \
	VPCMPGTB Y13, Y15, Y13; \
	VPOR    Y10, Y13, Y13; \
	VPOR    V(const_vHexOr), Y1, Y14; \
	VPADDB  V(const_vHexAdd), Y14, Y14; \
	VPCMPGTB Y14, Y15, Y14; \
	VPOR    Y11, Y14, Y14; \
	MSK(Y13, Y14, R)

// HIGHCLASSES looks up the block's lookH bytes into Y6 and Y7.
#define HIGHCLASSES \
	VMOVDQU V(const_vHLo), Y13; \
	VMOVDQU V(const_vHHi), Y14; \
	VPAND   V(const_vNibble), Y0, Y15; \
	VPSHUFB Y15, Y13, Y6; \
	VPSHUFB Y4, Y14, Y15; \
	VPAND   Y15, Y6, Y6; \
	VPAND   V(const_vNibble), Y1, Y15; \
	VPSHUFB Y15, Y13, Y7; \
	VPSHUFB Y5, Y14, Y15; \
	VPAND   Y15, Y7, Y7

#define JODD(L) \
	VPOR    Y6, Y7, Y13; \
	VPTEST  V(const_vOdd), Y13; \
	JNZ     L

#define HLEAD(R) TOP(Y6, Y7, const_vLead, R)
#define HLEAD3(R) MSK(Y6, Y7, R)
#define LEADAGAIN(R) HLEAD(R)
#define LEAD3AGAIN(R) HLEAD3(R)
#define HOTHER(R) ANY(Y6, Y7, const_vOther, R)
#define HNEEDLO(R) EQB(const_vNeedLo, R)

#define HCONTHI(R) \
	VPAND   V(const_vContMask), Y0, Y13; \
	VPCMPEQB V(const_vContHi), Y13, Y13; \
	VPAND   V(const_vContMask), Y1, Y14; \
	VPCMPEQB V(const_vContHi), Y14, Y14; \
	MSK(Y13, Y14, R)

#define HNEEDHI(R) \
	VPCMPEQB V(const_vNeedHiC2), Y0, Y13; \
	VPCMPEQB V(const_vNeedHiE0), Y0, Y15; \
	VPOR    Y15, Y13, Y13; \
	VPCMPEQB V(const_vNeedHiC2), Y1, Y14; \
	VPCMPEQB V(const_vNeedHiE0), Y1, Y15; \
	VPOR    Y15, Y14, Y14; \
	MSK(Y13, Y14, R)

// The cut is the bits of R13, BELOW(cut), that are set.
#define SAVECUT(R)
#define LOADCUT(R) \
	MOVQ    R13, R; \
	NOTQ    R; \
	TZCNTQ  R, R

// The AVX2 form takes no look (ScanLook runs only the AVX-512 one).
#define LOOKBLOCK
#define LOOKPCT
#define LINEEND(L)

// blockPath256 is blockPath in AVX2, with its calling convention.
TEXT ·blockPath256(SB), NOSPLIT, $128-0
	VMOVDQU V(const_vPLo), Y8
	VMOVDQU V(const_vPHi), Y9
#include "block_amd64.h"

// blockPath256Valid is blockPath256 for Valid (block_amd64.h's
// VALIDONLY).
#undef BELOW
#define VALIDONLY
#define NODIGIT
TEXT ·blockPath256Valid(SB), NOSPLIT, $128-0
	VMOVDQU V(const_vPLo), Y8
	VMOVDQU V(const_vPHi), Y9
#include "block_amd64.h"
#undef VALIDONLY
#undef NODIGIT

// func block256(s string, mode uint32) (head uint64, query, frag int)
TEXT ·block256(SB), NOSPLIT, $0-48
	MOVQ    s_base+0(FP), SI
	MOVQ    s_len+8(FP), BX
	MOVL    mode+16(FP), R8
	CALL    ·blockPath256(SB)
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
