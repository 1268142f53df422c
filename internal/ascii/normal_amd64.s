//go:build amd64 && !purego

#include "textflag.h"

// The rows of lookBytes.
#define ROW_A ·lookBytes+0(SB)
#define ROW_26 ·lookBytes+64(SB)
#define ROW_DASH ·lookBytes+128(SB)
#define ROW_SLASH ·lookBytes+192(SB)
#define ROW_DOT ·lookBytes+256(SB)
#define ROW_PCT ·lookBytes+320(SB)
#define ROW_F0 ·lookBytes+384(SB)

// CLAMP sets R to min(max(R, 0), 64), with T scratch: a bound of a range
// made relative to the block.
#define CLAMP(R, T) \
	MOVQ    R, T; \
	SARQ    $63, T; \
	ANDNQ   R, T, R; \
	MOVL    $64, T; \
	CMPQ    R, T; \
	CMOVQGT T, R

// RANGE sets M to the bits of the block at DI that lie in [LO, HI), with
// A and B scratch. BZHI reads the low byte of its index, which CLAMP
// keeps within 0-64.
#define RANGE(LO, HI, M, A, B) \
	MOVQ    LO, A; \
	SUBQ    DI, A; \
	CLAMP(A, B); \
	MOVQ    HI, M; \
	SUBQ    DI, M; \
	CLAMP(M, B); \
	MOVQ    $-1, B; \
	BZHIQ   M, B, M; \
	MOVQ    $-1, B; \
	BZHIQ   A, B, B; \
	ANDNQ   M, B, M

// UPPER sets R to the mask of the block's bytes in 'A'-'Z' or above
// 0x7F, of those K1 loaded.
#define UPPER(R) \
	VPSUBB  ROW_A, Z0, Z6; \
	VPCMPUB $1, ROW_26, Z6, K1, K2; \
	VPMOVB2M Z0, K3; \
	KORQ    K2, K3, K2; \
	KMOVQ   K2, R

// func LookNormal(s string, upper, dlo, dhi, plo, phi, pct int) int
TEXT ·LookNormal(SB), NOSPLIT, $0-72
	CMPB    github·com∕irikit∕iri∕internal∕simd·Pair(SB), $0
	JEQ     fallback
	MOVQ    s_base+0(FP), SI
	MOVQ    upper+16(FP), R8
	MOVQ    dlo+24(FP), R9
	INCQ    R9               // a pair is found at its second byte
	MOVQ    dhi+32(FP), R10
	MOVQ    plo+40(FP), R11
	INCQ    R11
	MOVQ    phi+48(FP), R12
	MOVQ    R8, BX           // BX: the end of the look
	CMPQ    R10, BX
	CMOVQGT R10, BX
	CMPQ    R12, BX
	CMOVQGT R12, BX
	MOVQ    pct+56(FP), AX
	CMPQ    AX, BX
	CMOVQGT AX, BX
	TESTQ   AX, AX
	JLE     consts
	VMOVDQU64 ROW_PCT, Z9
	VMOVDQU64 ·lookHex(SB), Z10
	VMOVDQU64 ROW_F0, Z11
	VMOVDQU64 ·lookUnreserved(SB), Z12
	VMOVDQU64 ·lookUnreserved+64(SB), Z13

consts:
	XORQ    DI, DI           // DI: the block's offset
	XORQ    AX, AX           // AX: the bits found
	TESTQ   BX, BX
	JLE     done
	CMPQ    BX, $64
	JA      long

	// One block, and every bound at most 64 (a bound past 64 in BZHI's
	// index byte keeps every bit): no branch.
	MOVQ    $-1, DX
	BZHIQ   BX, DX, DX
	KMOVQ   DX, K1
	VMOVDQU8.Z (SI), K1, Z0
	UPPER(DX)
	MOVQ    $-1, CX
	BZHIQ   R8, CX, CX
	ANDQ    CX, DX           // DX: upper case in [0, upper)
	VPCMPEQB ROW_DASH, Z0, K1, K2
	KMOVQ   K2, R13
	LEAQ    (R13)(R13*1), CX
	ANDQ    CX, R13          // R13: second bytes of "--"
	MOVQ    $-1, CX
	BZHIQ   R10, CX, CX
	MOVQ    $-1, R14
	BZHIQ   R9, R14, R14
	ANDNQ   CX, R14, CX      // CX: [dlo+1, dhi)
	ANDQ    CX, R13
	VPCMPEQB ROW_SLASH, Z0, K1, K2
	VPCMPEQB ROW_DOT, Z0, K1, K3
	KMOVQ   K2, R14
	ADDQ    R14, R14
	KMOVQ   K3, R15
	ANDQ    R15, R14         // R14: second bytes of "/."
	MOVQ    $-1, CX
	BZHIQ   R12, CX, CX
	MOVQ    $-1, R15
	BZHIQ   R11, R15, R15
	ANDNQ   CX, R15, CX      // CX: [plo+1, phi)
	ANDQ    CX, R14
	TESTQ   DX, DX
	SETNE   AL
	TESTQ   R13, R13
	SETNE   CX
	MOVBLZX CX, CX
	LEAL    (AX)(CX*2), AX
	TESTQ   R14, R14
	SETNE   CX
	MOVBLZX CX, CX
	LEAL    (AX)(CX*4), AX
	CMPQ    pct+56(FP), $0
	JG      pct              // then next, and done: BX <= 64
	MOVQ    AX, ret+64(FP)
	VZEROUPPER
	RET

long:
	MOVL    $0x2d, AX
	VPBROADCASTB AX, Z3      // '-'
	MOVL    $0x2f, AX
	VPBROADCASTB AX, Z4      // '/'
	MOVL    $0x2e, AX
	VPBROADCASTB AX, Z5      // '.'
	XORQ    R13, R13         // R13: the last byte of the block before is '-' (bit 0), '/' (bit 1)
	XORQ    AX, AX

loop:
	CMPQ    DI, BX
	JAE     done
	MOVQ    BX, CX
	SUBQ    DI, CX
	MOVQ    $-1, DX
	CMPQ    CX, $64
	JAE     load
	BZHIQ   CX, DX, DX       // CX < 64: BZHI reads the low byte only
load:
	KMOVQ   DX, K1
	VMOVDQU8.Z (SI)(DI*1), K1, Z0

	// Uppercase or non-ASCII, in [0, upper).
	UPPER(DX)
	MOVQ    R8, CX
	SUBQ    DI, CX
	CLAMP(CX, R15)
	MOVQ    $-1, R15
	BZHIQ   CX, R15, CX      // [0, upper)
	TESTQ   CX, DX
	JZ      dashes
	ORQ     $1, AX

dashes:
	VPCMPEQB Z3, Z0, K1, K2
	KMOVQ   K2, DX
	MOVQ    DX, CX
	SHLQ    $1, CX
	MOVQ    R13, R15
	ANDQ    $1, R15
	ORQ     R15, CX
	ANDQ    DX, CX           // CX: second bytes of "--"
	SHRQ    $63, DX          // the carry into the next block
	ANDQ    $2, R13
	ORQ     DX, R13
	TESTQ   CX, CX
	JZ      slashdot
	MOVQ    CX, DX
	RANGE(R9, R10, CX, R14, R15)
	TESTQ   CX, DX
	JZ      slashdot
	ORQ     $2, AX

slashdot:
	VPCMPEQB Z4, Z0, K1, K2
	VPCMPEQB Z5, Z0, K1, K3
	KMOVQ   K2, DX
	KMOVQ   K3, CX
	MOVQ    DX, R15
	SHLQ    $1, R15
	MOVQ    R13, DX          // reuse: the '/' carry in
	SHRQ    $1, DX
	ORQ     DX, R15
	ANDQ    R15, CX          // CX: second bytes of "/."
	KMOVQ   K2, DX
	SHRQ    $63, DX
	SHLQ    $1, DX
	ANDQ    $1, R13
	ORQ     DX, R13
	TESTQ   CX, CX
	JZ      pct
	MOVQ    CX, DX
	RANGE(R11, R12, CX, R14, R15)
	TESTQ   CX, DX
	JZ      pct
	ORQ     $4, AX

pct:
	// A '%' in [0, pct) whose hex digits, the bytes 1 and 2 after it,
	// hold a lowercase letter or spell an unreserved character.
	MOVQ    pct+56(FP), CX
	SUBQ    DI, CX
	JLE     next
	VPCMPEQB Z9, Z0, K1, K2
	KMOVQ   K2, DX
	CLAMP(CX, R15)
	MOVQ    $-1, R15
	BZHIQ   CX, R15, CX
	ANDQ    CX, DX           // DX: the '%' in range
	JZ      next
	MOVQ    s_len+8(FP), CX
	SUBQ    DI, CX
	DECQ    CX               // the bytes from DI+1 on, at least 0
	LEAQ    -1(CX), R14
	CLAMP(CX, R15)
	CLAMP(R14, R15)
	MOVQ    $-1, R15
	BZHIQ   CX, R15, CX
	KMOVQ   CX, K3
	MOVQ    $-1, R15
	BZHIQ   R14, R15, R14
	KMOVQ   R14, K4
	VMOVDQU8.Z 1(SI)(DI*1), K3, Z6
	VMOVDQU8.Z 2(SI)(DI*1), K4, Z7
	VPERMB  Z10, Z6, Z6      // the digits' values, bit 7 for a lowercase one
	VPERMB  Z10, Z7, Z7
	VPORQ   Z6, Z7, Z8
	VPMOVB2M Z8, K3
	KMOVQ   K3, CX           // CX: a lowercase digit
	VPSLLW  $4, Z6, Z6
	VPTERNLOGD $0xe4, Z11, Z7, Z6 // the octet: Z6&0xf0 | Z7&0x0f
	VPMOVB2M Z6, K3          // octets above 0x7F are not unreserved
	VPERMI2B Z13, Z12, Z6
	VPTESTMB Z6, Z6, K4
	KANDNQ  K4, K3, K4
	KMOVQ   K4, R14
	ORQ     R14, CX
	TESTQ   CX, DX
	JZ      next
	ORQ     $8, AX

next:
	ADDQ    $64, DI
	JMP     loop

done:
	MOVQ    AX, ret+64(FP)
	VZEROUPPER
	RET

fallback:
	JMP     ·lookNormal(SB)
