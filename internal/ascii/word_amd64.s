//go:build amd64 && !purego

#include "textflag.h"

// The quick checks of word.go sixteen bytes at a time, in SSE2 (every
// amd64 has it). Both look at s[a:b]. A range shorter than a block is read
// as the block of s around it, the bytes outside masked off; a longer
// range ends with its last sixteen bytes, overlapping the block before.
// Nothing outside s is read: a string shorter than a block is taken a
// byte at a time.

// RANGE sets R9 to the mask of the window's lanes inside [a, b) and R10
// to that of the lanes from a on, for the window at DI (a short range),
// from SI = s, R12 = a, R13 = b. R12 and R13 become offsets in the window.
#define RANGE \
	MOVQ    DI, R8; \
	SUBQ    SI, R8; \
	SUBQ    R8, R12; \
	SUBQ    R8, R13; \
	MOVL    $1, R9; \
	MOVL    R13, CX; \
	SHLL    CX, R9; \
	DECL    R9; \
	MOVL    $1, R10; \
	MOVL    R12, CX; \
	SHLL    CX, R10; \
	DECL    R10; \
	NOTL    R10; \
	ANDL    R10, R9

// WINDOW sets DI to the block of s that holds the short range at R12:
// min(a, len(s)-16), as an address.
#define WINDOW \
	LEAQ    -16(BX), DI; \
	CMPQ    R12, DI; \
	CMOVQLT R12, DI; \
	ADDQ    SI, DI

// func hasPairVec(s string, a, b int, c1, c2 byte) bool
TEXT ·hasPairVec(SB), NOSPLIT, $0-41
	MOVQ    s_base+0(FP), SI
	MOVQ    s_len+8(FP), BX
	MOVQ    a+16(FP), R12
	MOVQ    b+24(FP), R13
	MOVBLZX c1+32(FP), AX
	CMPQ    BX, $16
	JAE     vec
	MOVBLZX c2+33(FP), DX
	INCQ    R12              // the second byte of the pair
bytes:
	CMPQ    R12, R13
	JAE     no
	MOVBLZX (SI)(R12*1), CX
	INCQ    R12
	CMPL    CX, DX
	JNE     bytes
	MOVBLZX -2(SI)(R12*1), CX
	CMPL    CX, AX
	JNE     bytes
	JMP     yes
no:
	MOVB    $0, ret+40(FP)
	RET
vec:
	MOVL    AX, R11          // c1, for the byte before the last block
	IMULL   $0x01010101, AX
	MOVL    AX, X1
	PSHUFD  $0, X1, X1       // X1: c1 in every byte
	MOVBLZX c2+33(FP), AX
	IMULL   $0x01010101, AX
	MOVL    AX, X2
	PSHUFD  $0, X2, X2       // X2: c2 in every byte
	MOVQ    R13, AX
	SUBQ    R12, AX
	CMPQ    AX, $16
	JAE     long

	// A pair needs both bytes in range: the lanes from a+1 to b.
	WINDOW
	RANGE
	MOVOU   (DI), X0
	MOVOU   X0, X3
	PCMPEQB X1, X3
	PCMPEQB X2, X0
	PMOVMSKB X3, AX
	PMOVMSKB X0, CX
	ADDL    AX, AX
	ANDL    CX, AX
	ADDL    R10, R10         // lanes from a+1
	ANDL    R10, AX
	ANDL    R9, AX
	SETNE   ret+40(FP)
	RET

long:
	LEAQ    (SI)(R12*1), DI  // the first block
	LEAQ    -16(SI)(R13*1), R9 // the last block
	XORL    R8, R8           // bit 0: the byte before the block is c1
loop:
	CMPQ    DI, R9
	JAE     last
	MOVOU   (DI), X0
	MOVOU   X0, X3
	PCMPEQB X1, X3
	PCMPEQB X2, X0
	PMOVMSKB X3, AX
	PMOVMSKB X0, CX
	LEAL    (R8)(AX*2), DX   // c1 at the byte before each
	TESTL   DX, CX
	JNZ     yes
	SHRL    $15, AX
	MOVL    AX, R8
	ADDQ    $16, DI
	JMP     loop

last:
	XORL    R8, R8
	LEAQ    (SI)(R12*1), AX
	CMPQ    R9, AX
	JEQ     lastblock
	MOVBLZX -1(R9), AX
	CMPL    AX, R11
	SETEQ   R8
lastblock:
	MOVOU   (R9), X0
	MOVOU   X0, X3
	PCMPEQB X1, X3
	PCMPEQB X2, X0
	PMOVMSKB X3, AX
	PMOVMSKB X0, CX
	LEAL    (R8)(AX*2), DX
	TESTL   DX, CX
	SETNE   ret+40(FP)
	RET

yes:
	MOVB    $1, ret+40(FP)
	RET

// UPPERHIGH sets AX to the mask of the lanes of X0 in 'A'-'Z' or above
// 0x7F; X1 holds 'A' and X2 'Z'-'A' in every byte.
#define UPPERHIGH \
	MOVOU   X0, X3; \
	PSUBB   X1, X3; \
	MOVOU   X3, X4; \
	PMINUB  X2, X4; \
	PCMPEQB X3, X4; \
	POR     X0, X4; \
	PMOVMSKB X4, AX

// func hasUpperOrHighVec(s string, a, b int) bool
TEXT ·hasUpperOrHighVec(SB), NOSPLIT, $0-33
	MOVQ    s_base+0(FP), SI
	MOVQ    s_len+8(FP), BX
	MOVQ    a+16(FP), R12
	MOVQ    b+24(FP), R13
	CMPQ    BX, $16
	JAE     uvec
ubytes:
	CMPQ    R12, R13
	JAE     uno
	MOVBLZX (SI)(R12*1), CX
	INCQ    R12
	CMPL    CX, $0x80
	JAE     uyes
	SUBL    $0x41, CX
	CMPL    CX, $25
	JA      ubytes
	JMP     uyes
uno:
	MOVB    $0, ret+32(FP)
	RET
uvec:
	MOVL    $0x41414141, AX
	MOVL    AX, X1
	PSHUFD  $0, X1, X1       // X1: 'A' in every byte
	MOVL    $0x19191919, AX
	MOVL    AX, X2
	PSHUFD  $0, X2, X2       // X2: 'Z'-'A' in every byte
	MOVQ    R13, AX
	SUBQ    R12, AX
	CMPQ    AX, $16
	JAE     ulong

	WINDOW
	RANGE
	MOVOU   (DI), X0
	UPPERHIGH
	ANDL    R9, AX
	SETNE   ret+32(FP)
	RET

ulong:
	LEAQ    (SI)(R12*1), DI
	LEAQ    -16(SI)(R13*1), R9
uloop:
	CMPQ    DI, R9
	JAE     ulast
	MOVOU   (DI), X0
	UPPERHIGH
	TESTL   AX, AX
	JNZ     uyes
	ADDQ    $16, DI
	JMP     uloop
ulast:
	MOVOU   (R9), X0
	UPPERHIGH
	TESTL   AX, AX
	SETNE   ret+32(FP)
	RET
uyes:
	MOVB    $1, ret+32(FP)
	RET
