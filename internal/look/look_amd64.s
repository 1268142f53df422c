//go:build amd64 && !purego

#include "textflag.h"

// lookRunVec: see look_amd64.go.

DATA lookC0<>+0(SB)/8, $0xc0c0c0c0c0c0c0c0
DATA lookC0<>+8(SB)/8, $0xc0c0c0c0c0c0c0c0
GLOBL lookC0<>(SB), RODATA|NOPTR, $16
DATA lookE0<>+0(SB)/8, $0xe0e0e0e0e0e0e0e0
DATA lookE0<>+8(SB)/8, $0xe0e0e0e0e0e0e0e0
GLOBL lookE0<>(SB), RODATA|NOPTR, $16
DATA lookF0<>+0(SB)/8, $0xf0f0f0f0f0f0f0f0
DATA lookF0<>+8(SB)/8, $0xf0f0f0f0f0f0f0f0
GLOBL lookF0<>(SB), RODATA|NOPTR, $16
DATA look3F<>+0(SB)/8, $0x3f3f3f3f3f3f3f3f
DATA look3F<>+8(SB)/8, $0x3f3f3f3f3f3f3f3f
GLOBL look3F<>(SB), RODATA|NOPTR, $16
DATA look1F<>+0(SB)/8, $0x1f1f1f1f1f1f1f1f
DATA look1F<>+8(SB)/8, $0x1f1f1f1f1f1f1f1f
GLOBL look1F<>(SB), RODATA|NOPTR, $16
DATA look0F<>+0(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA look0F<>+8(SB)/8, $0x0f0f0f0f0f0f0f0f
GLOBL look0F<>(SB), RODATA|NOPTR, $16

// HALF reads the sixteen lanes at OFF(SI)(DX*1): it ORs their lead bytes
// into R12, the leads of four bytes into R11 and the ASCII bytes into
// R13, at bit OFF on, and writes their code points to the words at
// OFF*2(SP). Each lane is taken as the start of a character of two
// bytes (hi 0, mid b0&1F, lo b1&3F) or of three (hi b0&0F, mid b1&3F,
// lo b2&3F): its low byte is lo | mid<<6, its high byte mid>>2 | hi<<4.
#define HALF(OFF) \
	MOVOU   OFF(SI)(DX*1), X0; \
	MOVOU   OFF+1(SI)(DX*1), X1; \
	MOVOU   OFF+2(SI)(DX*1), X2; \
	MOVOU   X0, X3; \
	PAND    X15, X3; \
	PCMPEQB X15, X3; \
	PMOVMSKB X3, AX; \
	SHLQ    $OFF, AX; \
	ORQ     AX, R12; \
	MOVOU   X0, X3; \
	PAND    X13, X3; \
	PCMPEQB X13, X3; \
	PMOVMSKB X3, AX; \
	SHLQ    $OFF, AX; \
	ORQ     AX, R11; \
	PMOVMSKB X0, AX; \
	XORL    $0xffff, AX; \
	SHLQ    $OFF, AX; \
	ORQ     AX, R13; \
	MOVOU   X0, X4; \
	PAND    X14, X4; \
	PCMPEQB X14, X4; \
	PAND    X12, X1; \
	PAND    X12, X2; \
	PXOR    X1, X2; \
	PAND    X4, X2; \
	PXOR    X1, X2; \
	MOVOU   X0, X5; \
	PAND    X11, X5; \
	PXOR    X5, X1; \
	PAND    X4, X1; \
	PXOR    X5, X1; \
	PAND    X10, X0; \
	PAND    X4, X0; \
	MOVOU   X1, X5; \
	PSLLW   $6, X5; \
	PAND    X15, X5; \
	POR     X5, X2; \
	PSRLW   $2, X1; \
	PAND    X10, X1; \
	PSLLW   $4, X0; \
	PAND    X13, X0; \
	POR     X0, X1; \
	MOVOU   X2, X3; \
	PUNPCKLBW X1, X3; \
	PUNPCKHBW X1, X2; \
	MOVOU   X3, (OFF*2)(SP); \
	MOVOU   X2, (OFF*2+16)(SP)

// func lookRunVec(s string, i int, prev uint8) int
//
// Up to 64 bytes a chunk, read sixteen at a time, whose code points go
// to the words at 0(SP); then one loop over the chunk's lead bytes, so
// that a short reference takes the branch out of that loop, which no
// predictor foresees, once. Registers: SI s, BX len(s), DX the chunk,
// R8 the kind bit of the character before, R9 whether the byte before
// the chunk is ASCII, R10 the table, R11 the leads of four bytes, then
// the first of them, R12 the leads left, R13 the lanes whose byte before
// is ASCII, R14 the kind bit of ASCII.
TEXT ·lookRunVec(SB), NOSPLIT, $128-40
	MOVQ    s_base+0(FP), SI
	MOVQ    s_len+8(FP), BX
	MOVQ    i+16(FP), DX
	MOVBLZX prev+24(FP), R8
	LEAQ    ·LookTable(SB), R10
	MOVL    $2, R14          // 1 << LookKindFirst
	XORL    R9, R9           // the caller's prev covers the byte before
	MOVOU   lookC0<>(SB), X15
	MOVOU   lookE0<>(SB), X14
	MOVOU   lookF0<>(SB), X13
	MOVOU   look3F<>(SB), X12
	MOVOU   look1F<>(SB), X11
	MOVOU   look0F<>(SB), X10

chunk:
	MOVQ    BX, CX
	SUBQ    DX, CX           // bytes left
	JLE     end
	XORL    R11, R11
	XORL    R12, R12
	XORL    R13, R13
	HALF(0)
	CMPQ    CX, $16
	JLE     lanes
	HALF(16)
	CMPQ    CX, $32
	JLE     lanes
	HALF(32)
	CMPQ    CX, $48
	JLE     lanes
	HALF(48)
lanes:
	// Only the lanes inside s count.
	CMPQ    CX, $64
	JAE     inside
	MOVQ    $-1, AX
	SHLQ    CX, AX
	NOTQ    AX
	ANDQ    AX, R12
	ANDQ    AX, R11
inside:
	LEAQ    (R9)(R13*2), AX  // lanes after an ASCII byte
	SHRQ    $63, R13
	MOVQ    R13, R9
	MOVQ    AX, R13
	MOVL    $128, CX         // none
	TESTQ   R11, R11
	JZ      lead
	BSFQ    R11, CX
	MOVQ    $-1, AX
	SHLQ    CX, AX
	NOTQ    AX
	ANDQ    AX, R12          // the leads before it
lead:
	MOVQ    CX, R11
leads:
	TESTQ   R12, R12
	JZ      next
	// TZCNT, which is BSF on a CPU without BMI1 (not zero here), and
	// faster on AMD.
	TZCNTQ  R12, CX
	LEAQ    -1(R12), AX
	ANDQ    AX, R12
	MOVWLZX (SP)(CX*2), AX
	MOVBLZX (R10)(AX*1), AX
	BTQ     CX, R13
	CMOVLCS R14, R8          // after ASCII
	TESTL   AX, R8
	JNZ     found
	SHRL    $4, AX
	MOVL    AX, R8
	JMP     leads
found:
	ADDQ    DX, CX
	MOVQ    CX, ret+32(FP)
	RET

next:
	CMPQ    R11, $128
	JNE     four
	ADDQ    $64, DX
	JMP     chunk
four:
	ADDQ    DX, R11
	MOVQ    R11, ret+32(FP)
	RET
end:
	MOVQ    BX, ret+32(FP)
	RET
