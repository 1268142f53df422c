//go:build amd64 && !purego

#include "textflag.h"

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

// func lookNormal512(s string, upper, dlo, dhi, plo, phi int) int
TEXT ·lookNormal512(SB), NOSPLIT, $0-64
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
	MOVL    $0x41, AX
	VPBROADCASTB AX, Z1      // 'A'
	MOVL    $26, AX
	VPBROADCASTB AX, Z2
	MOVL    $0x2d, AX
	VPBROADCASTB AX, Z3      // '-'
	MOVL    $0x2f, AX
	VPBROADCASTB AX, Z4      // '/'
	MOVL    $0x2e, AX
	VPBROADCASTB AX, Z5      // '.'
	XORQ    DI, DI           // DI: the block's offset
	XORQ    R13, R13         // R13: the last byte of the block before is '-' (bit 0), '/' (bit 1)
	XORQ    AX, AX           // AX: the bits found

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
	VPSUBB  Z1, Z0, Z6
	VPCMPUB $1, Z2, Z6, K1, K2 // b-'A' < 26, unsigned
	VPMOVB2M Z0, K3
	KORQ    K2, K3, K2
	KMOVQ   K2, DX
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
	JZ      next
	MOVQ    CX, DX
	RANGE(R11, R12, CX, R14, R15)
	TESTQ   CX, DX
	JZ      next
	ORQ     $4, AX

next:
	ADDQ    $64, DI
	JMP     loop

done:
	MOVQ    AX, ret+56(FP)
	VZEROUPPER
	RET
